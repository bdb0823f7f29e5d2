"""The game-independent diff between an engine observation and what the table showed."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.amritsar.reconcile import seen as amritsar_seen
from companion.games.amritsar.reconcile.seen import Seen
from companion.reconcile.diff import FieldKind, Mismatch, distance, from_plain, mismatches, plain
from engine.amritsar import new_game, observe
from engine.core.observation import Observation


@dataclass(frozen=True)
class Harbour(Observation):
    """A toy game's observation: boats' loads, docked sites, stones in hand."""

    boats: tuple[tuple[int, ...], ...] | None
    docked: tuple[int, ...] | None
    stones: tuple[int, ...] | None
    round: int | None
    cards: frozenset[int] | None


@dataclass(frozen=True)
class SeenHarbour:
    boats: tuple[tuple[int | None, ...] | None, ...] | None = None
    docked: tuple[int | None, ...] | None = None
    stones: tuple[int | None, ...] | None = None
    round: int | None = None
    cards: frozenset[int] | None = None


TRUTH = Harbour(
    boats=((1, 2), (3,)), docked=(0, -1), stones=(2, 5), round=3, cards=frozenset({4, 7})
)


def test_kinds_are_inferred_from_the_values_when_a_game_gives_none() -> None:
    seen = SeenHarbour(
        boats=((1, 9), None), docked=(0, None), stones=(2, 2), round=4, cards=frozenset({4})
    )
    assert mismatches(TRUTH, seen) == [
        Mismatch("boats", (0, 1), 2, 9),
        Mismatch("stones", (1,), 5, 2),
        Mismatch("round", (), 3, 4),
        Mismatch("cards", (), frozenset({4, 7}), frozenset({4})),
    ]
    assert distance(TRUTH, seen) == 1 + 1 + 1 + 1


def test_hints_make_counts_count_and_order_not_matter() -> None:
    hints = {"stones": FieldKind.COUNTED, "boats": FieldKind.MULTISET}
    seen = SeenHarbour(boats=((2, 1), (3, 3)), stones=(2, 2))
    assert [m.field for m in mismatches(TRUTH, seen, hints)] == ["boats", "stones"]
    assert distance(TRUTH, seen, hints) == 1 + 3  # one stone too many, 3 fewer in hand


def test_nothing_seen_matches_anything() -> None:
    assert mismatches(TRUTH, SeenHarbour()) == []
    assert distance(TRUTH, SeenHarbour()) == 0


def test_plain_round_trips_tuples_and_sets() -> None:
    assert plain(TRUTH.boats) == [[1, 2], [3]]
    assert from_plain(plain(TRUTH.boats), None) == TRUTH.boats
    assert from_plain(plain(TRUTH.cards), FieldKind.SET) == TRUTH.cards


def test_amritsar_seen_over_the_generic_diff() -> None:
    state = new_game(3, seed=4)
    seen = Seen.of(observe(state))
    assert amritsar_seen.mismatches(observe(state), seen) == []
    assert Seen.from_dict(seen.to_dict()) == seen
    moved = Seen(sections=tuple(tuple(reversed(s)) for s in observe(state).sections or ()))
    assert amritsar_seen.distance(observe(state), moved) == 0  # a section's slot order: no rule
    assert distance(observe(state), moved) > 0  # without Amritsar's hints it would count
