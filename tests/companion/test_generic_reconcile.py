"""What a settled camera observation means, for every game read through ``vision.games``.

``companion.reconcile.generic.reconcile`` on Imhotep, Ceylon and Rajas: the
move the table shows is found (public draws the table shows included; a
secret draw never), a blanked field is never evidence, a table that fits
several moves becomes a question with only the fitting answers, the refused
physical moves of each game are named with their rule and fix in English and
Spanish, and a table nothing explains is worded piece by piece.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

import pytest

from companion.reconcile.generic import reconcile
from engine.core.physical import ChecksTable, PhysicalMove, distance
from engine.core.registry import get_rules

GAMES = ("imhotep", "ceylon", "rajas")


def positions(game: str, seed: int, count: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs of a seeded random game: each state and the move made there."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.new_game(3, seed=seed)
    found = []
    while len(found) < count and not rules.decision(state).is_over:
        d = rules.decision(state)
        action = (
            rules.random_chance(state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        found.append((state, action))
        state, _ = rules.apply(state, action, check=False)
    return found


def blank(observation: Any, *names: str) -> Any:
    return replace(observation, **dict.fromkeys(names))


@pytest.mark.parametrize("game", GAMES)
def test_the_move_the_table_shows_is_found_or_asked_never_invented(game: str) -> None:
    rules = get_rules(game)
    kinds = set()
    for state, action in positions(game, 11, 70):
        d = rules.decision(state)
        after, _ = rules.apply(state, action, check=False)
        verdict = reconcile(rules, state, rules.observe(after).as_seen())
        kinds.add(verdict.kind)
        if d.is_chance and d.secret_for is not None:
            # a secret draw changes nothing the table shows, and is never searched
            assert verdict.kind == "unchanged"
            continue
        if verdict.kind == "unchanged":
            assert distance(rules.observe(after).as_seen(), rules.observe(state)) == 0
            continue
        assert verdict.kind in ("moves", "ambiguous"), (rules.format_action(action), verdict)
        if verdict.kind == "moves":
            end = state
            for step in verdict.actions:
                end, _ = rules.apply(end, step, check=False)
            # the same game as the move made (an equivalent wording may be chosen)
            assert rules.to_dict(end) == rules.to_dict(after)
        else:
            assert action in verdict.candidates or verdict.actions[:1] == (action,)
    assert "moves" in kinds


@pytest.mark.parametrize("game", GAMES)
def test_unknown_fields_are_never_evidence(game: str) -> None:
    rules = get_rules(game)
    state, action = next(
        (s, a) for s, a in positions(game, 5, 60)[10:]
        if not rules.decision(s).is_chance
        and reconcile(rules, s, rules.observe(rules.apply(s, a, check=False)[0]).as_seen()).kind == "moves"
    )  # fmt: skip
    after, _ = rules.apply(state, action, check=False)
    seen = rules.observe(after)
    nothing = blank(seen, *(f.name for f in fields(seen)))
    assert reconcile(rules, state, nothing).kind == "unchanged"
    changed = [
        name for name in seen.field_values() if name in seen.differences(rules.observe(state))
    ]
    assert changed
    # every field the move changed is unread: the table agrees with the game as far as seen
    assert reconcile(rules, state, blank(seen, *changed)).kind == "unchanged"


def test_imhotep_a_table_that_fits_several_placings_asks_the_player_with_only_those() -> None:
    rules = get_rules("imhotep")
    state = next(
        s for s, a in positions("imhotep", 3, 80)
        if rules.decision(s).kind == "TURN"
        and sum(1 for x in rules.legal_actions(s) if rules.format_action(x).startswith("place ")) >= 2
        and s.sled[s.current] >= 1
    )  # fmt: skip
    place = next(
        a for a in rules.legal_actions(state) if rules.format_action(a).startswith("place ")
    )
    after, _ = rules.apply(state, place, check=False)
    seen = blank(rules.observe(after).as_seen(), "boats")  # the sled is seen, the boats are not
    verdict = reconcile(rules, state, seen)
    assert verdict.kind == "ambiguous"
    assert verdict.asker == state.current
    texts = {rules.format_action(a) for a in verdict.candidates}
    assert rules.format_action(place) in texts
    assert texts and all(t.startswith(("place", "play-")) for t in texts)  # never "take" or "sail"


def test_imhotep_public_draws_come_from_the_table_when_it_shows_them() -> None:
    rules = get_rules("imhotep")
    pairs = positions("imhotep", 9, 200)
    index = next(i for i, (s, _) in enumerate(pairs) if rules.decision(s).kind == "MARKET_CARD")
    state = pairs[index][0]
    end = state
    drawn = []
    while rules.decision(end).kind == "MARKET_CARD":
        drawn.append(pairs[index + len(drawn)][1])
        end, _ = rules.apply(end, drawn[-1], check=False)
    verdict = reconcile(rules, state, rules.observe(end).as_seen())
    assert verdict.kind == "moves"
    assert verdict.actions == tuple(drawn)
    # the market unread: the draws are left for the table screen, not guessed
    assert (
        reconcile(rules, state, blank(rules.observe(end).as_seen(), "market")).kind == "unchanged"
    )


def refused(game: str, code: str, seed: int = 1, count: int = 400) -> tuple[Any, PhysicalMove]:
    rules = get_rules(game)
    assert isinstance(rules, ChecksTable)
    for state, _ in positions(game, seed, count):
        for move in rules.physical_moves(state):
            if move.reason.code == code:
                return state, move
    raise AssertionError(f"no {code} move in the game")


@pytest.mark.parametrize(
    ("game", "code", "rule_words", "fix_words"),
    [
        ("imhotep", "under_minimum", "needs at least", "back to the harbour"),
        ("imhotep", "site_taken", "already docked", "back to the harbour"),
        ("imhotep", "sled_over", "5 at most", "back in the quarry"),
        ("ceylon", "move_rupees", "rupees", "pawn back to"),
        ("rajas", "row_order", "row by row", "first free quarry space"),
        ("rajas", "tile_unconnected", "no road end of it meets a road", "tile"),
        ("ceylon", "plant_away", "plants on the pawn's hex", "plantation and leaf marker off"),
        ("ceylon", "hire_away", "only the advisor of the pawn's district", "disc back"),
    ],
)
def test_a_refused_move_on_the_table_is_named_with_its_rule_and_fix(
    game: str, code: str, rule_words: str, fix_words: str
) -> None:
    rules = get_rules(game)
    state, move = refused(game, code)
    verdict = reconcile(rules, state, move.seen.as_seen())
    assert verdict.kind == "illegal" and verdict.move is not None
    assert verdict.move.reason.code == code
    assert rule_words in verdict.move.reason.en and fix_words in verdict.move.fix.en
    assert verdict.move.reason.rule  # the rulebook section
    for text in (verdict.move.reason.es, verdict.move.fix.es):
        assert text and "{" not in text and text != verdict.move.reason.en
    if move.action is not None:  # the refused action is refused by the rules too
        assert rules.why_illegal(state, move.action) is not None


def _boat_slots_unread(seen: Any, boat_id: int, keep: int | None = None) -> Any:
    """``seen`` with boat ``boat_id``'s slots unread (``None``), but slot ``keep``."""
    boats = tuple(
        (b, where, tuple(s if k == keep else None for k, s in enumerate(slots)))
        if b == boat_id
        else (b, where, slots)
        for b, where, slots in seen.boats
    )
    return replace(seen, boats=boats)


def _imhotep_turns(prefix: str) -> list[tuple[Any, Any]]:
    """(state, action) at the turns of a seeded game, for every legal action
    written with ``prefix``."""
    rules = get_rules("imhotep")
    return [
        (state, action)
        for state, _ in positions("imhotep", 2, 300)
        if rules.decision(state).kind == "TURN"
        for action in rules.legal_actions(state)
        if rules.format_action(action).startswith(prefix)
    ]


def test_imhotep_a_placement_is_read_with_another_slot_of_its_boat_unread() -> None:
    """A stone placed on a boat whose other slots the camera did not read: the
    slot it did read, with the boat's id and place, is the move."""
    rules = get_rules("imhotep")
    tried = 0
    for state, action in _imhotep_turns("place ")[::7]:
        boat_id, slot = action.args[0], action.args[1] - 1
        if len(next(b for b in state.boats if b.id == boat_id).slots) < 2:
            continue
        after, _ = rules.apply(state, action, check=False)
        seen = _boat_slots_unread(rules.observe(after).as_seen(), boat_id, keep=slot)
        verdict = reconcile(rules, state, seen)
        assert verdict.kind == "moves", (rules.format_action(action), verdict)
        assert verdict.actions == (action,)
        tried += 1
    assert tried >= 5


def test_imhotep_a_sailing_is_read_with_every_slot_of_its_boat_unread() -> None:
    """A boat seen at a site, not one of its slots read: where it lies and
    what the site shows are the move."""
    rules = get_rules("imhotep")
    tried = 0
    for state, action in _imhotep_turns("sail ")[::3]:
        after, _ = rules.apply(state, action, check=False)
        seen = _boat_slots_unread(rules.observe(after).as_seen(), action.args[0])
        verdict = reconcile(rules, state, seen)
        if verdict.kind == "ambiguous":  # another boat fits as well: never a wrong move
            assert action in verdict.candidates or verdict.actions[:1] == (action,)
            continue
        assert verdict.kind == "moves", (rules.format_action(action), verdict)
        end = state
        for step in verdict.actions:
            end, _ = rules.apply(end, step, check=False)
        assert rules.to_dict(end) == rules.to_dict(after)
        tried += 1
    assert tried >= 5


def _legal_sail_that_looks_refused() -> tuple[Any, Any, Any]:
    """A legal ``play-sail`` to the market (the card adds the boat's last
    stone; the market empties the boat) whose table, with the sleds and the
    hands of cards unread, is also the table of a boat sailed under its
    minimum: (state, action, seen)."""
    rules = get_rules("imhotep")
    assert isinstance(rules, ChecksTable)
    # a few seeded games: one of them reaches such a sail (the random game a seed
    # plays changes whenever the move space does)
    games = [p for seed in (1, 2, 7) for p in positions("imhotep", seed, 600)]
    for state, _ in games:
        if rules.decision(state).kind != "TURN":
            continue
        for action in rules.legal_actions(state):
            text = rules.format_action(action)
            if not (text.startswith("play-sail ") and text.endswith(" market")):
                continue
            after, _ = rules.apply(state, action, check=False)
            seen = blank(rules.observe(after).as_seen(), "sleds", "cards")
            if any(
                m.reason.code == "under_minimum" and distance(seen, m.seen) == 0
                for m in rules.physical_moves(state)
            ):
                return state, action, seen
    raise AssertionError("no legal sail that looks refused in the game")


def test_a_legal_sail_is_never_called_illegal_on_pieces_the_camera_did_not_read() -> None:
    """The refused move fitted only because the sled and the played card were
    unread: the legal sequence the search finds explains the table and wins."""
    rules = get_rules("imhotep")
    state, action, seen = _legal_sail_that_looks_refused()
    verdict = reconcile(rules, state, seen)
    assert verdict.kind == "moves", (rules.format_action(action), verdict)
    end = state
    for step in verdict.actions:
        end, _ = rules.apply(end, step, check=False)
    assert rules.to_dict(end) == rules.to_dict(rules.apply(state, action, check=False)[0])


def test_a_boat_sailed_under_its_minimum_is_still_named_with_pieces_unread() -> None:
    """With the sleds and the hands unread, a boat sailed to a site under its
    minimum (its stones still aboard, none on the site) fits no legal
    sequence: it is named with the rule and how to put it right."""
    rules = get_rules("imhotep")
    assert isinstance(rules, ChecksTable)
    for state, _ in positions("imhotep", 1, 600):
        moves = [
            m for m in rules.physical_moves(state)
            if m.reason.code == "under_minimum" and m.action is not None
            and rules.format_action(m.action).split()[-1] != "market"
        ]  # fmt: skip
        if moves:
            break
    else:
        raise AssertionError("no boat sailed under its minimum in the game")
    move = moves[0]
    verdict = reconcile(rules, state, blank(move.seen.as_seen(), "sleds", "cards"))
    assert verdict.kind == "illegal" and verdict.move is not None
    assert verdict.move.reason.code == "under_minimum"
    assert "needs at least" in verdict.move.reason.en and verdict.move.reason.rule
    assert "back to the harbour" in verdict.move.fix.en and "puerto" in verdict.move.fix.es


def test_rajas_a_worker_the_player_cannot_pay_for() -> None:
    rules = get_rules("rajas")
    state = next(s for s, _ in positions("rajas", 3, 60) if rules.decision(s).kind == "PLACE")
    poor = state.clone()
    seat = rules.decision(state).player
    poor.players = [p.clone() for p in poor.players]
    poor.players[seat].money = 0
    moves = [m for m in rules.physical_moves(poor) if m.reason.code == "no_money"]
    assert moves
    verdict = reconcile(rules, poor, moves[0].seen.as_seen())
    assert verdict.kind == "illegal"
    assert "costs" in verdict.move.reason.en and "Take" in verdict.move.fix.en  # type: ignore[union-attr]


def test_rajas_a_tile_laid_where_no_road_joins_it_is_turned_or_moved() -> None:
    rules = get_rules("rajas")
    states = [s for s, _ in positions("rajas", 4, 600) if rules.decision(s).kind == "TILE"]
    fixes = set()
    for state in states:
        seat = rules.decision(state).player
        joined = rules.legal_actions(state)
        for move in rules.physical_moves(state):
            assert move.reason.code == "tile_unconnected" and move.seat == seat
            verdict = reconcile(rules, state, move.seen.as_seen())
            assert verdict.kind == "illegal" and verdict.move == move
            assert move.action not in joined and rules.why_illegal(state, move.action)
            cell = move.action.a  # type: ignore[attr-defined]
            here = [a for a in joined if a.a == cell]
            if here:  # a turn on the same space joins it: the fix names that turn
                assert move.fix.code == "fix_tile_turn"
                assert f"to {here[0].b * 90}°" in move.fix.en and "Gira" in move.fix.es
            else:  # no turn does: the fix names a space where the tile joins a road
                assert move.fix.code == "fix_tile_move"
                other = rules.format_action(joined[0]).split()[1]
                assert f"such as {other}" in move.fix.en and "muévela" in move.fix.es
            fixes.add(move.fix.code)
        # every refused (space, turn) is listed, and none of the legal ones
        refused_here = {m.action for m in rules.physical_moves(state)}
        free = [c for c, v in enumerate(state.players[seat].province) if v == -1]
        assert len(refused_here) + len(joined) == 4 * len(free)
    assert fixes == {"fix_tile_turn", "fix_tile_move"}
    # put right: the tile turned as the fix says is the legal move, found as such
    state = states[0]
    after, _ = rules.apply(state, rules.legal_actions(state)[0], check=False)
    assert reconcile(rules, state, rules.observe(after).as_seen()).kind in ("moves", "ambiguous")


def test_ceylon_a_plantation_or_advisor_away_from_the_pawn_is_named() -> None:
    rules = get_rules("ceylon")
    found: dict[str, Any] = {}
    for state, _ in positions("ceylon", 5, 600):
        for move in rules.physical_moves(state):
            found.setdefault(move.reason.code, (state, move))
    for code, field_name in (("plant_away", "plantations"), ("hire_away", "hired")):
        state, move = found[code]
        seat = move.seat
        assert set(rules.observe(state).differences(move.seen)) == {field_name}
        verdict = reconcile(rules, state, move.seen.as_seen())
        assert verdict.kind == "illegal" and verdict.move is not None
        assert verdict.move.reason.code == code and verdict.move.seat == seat
        # every way of taking it (main action, tech token, start tile) is refused
        for token in (False, True):
            for start in (False, True):
                assert rules.why_illegal(state, move.action._replace(token=token, start=start))


def test_ceylon_hiring_away_from_the_pawn_with_the_start_tile_is_no_refusal() -> None:
    rules = get_rules("ceylon")
    state, move = refused("ceylon", "hire_away", seed=5, count=600)
    assert move.action is not None
    # the start tile "hire the advisor of another district", once, still unused
    number = next(n for n, ability in rules.catalog.start_tiles if ability == "hire_anywhere")
    lifted = state.clone()
    player = lifted.mut(move.seat)
    player.start_tile, player.start_used = number, False
    assert rules.why_illegal(lifted, move.action._replace(start=True)) is None
    assert move.action not in {m.action for m in rules.physical_moves(lifted)}


def test_rajas_a_roll_the_table_moved_past_is_asked_of_the_roller() -> None:
    """The last worker took a die, the round ended and the workers went home:
    the table shows the round over but never the pips, so every face fits and
    the roller's phone is asked, with every face."""
    rules = get_rules("rajas")
    state = rules.new_game(2, seed=3)
    rng = random.Random(3)
    while True:
        d = rules.decision(state)
        if d.is_chance and rules.format_action(rules.legal_actions(state)[0]).startswith("roll"):
            after, _ = rules.apply(state, rules.random_chance(state, rng), check=False)
            if after.round > state.round:
                break
        action = (
            rules.random_chance(state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action, check=False)
    seen = blank(rules.observe(after).as_seen(), "dice", "karma", "levels", "workers")
    verdict = reconcile(rules, state, seen)
    assert verdict.kind == "ambiguous"
    assert verdict.asker == rules.entered_at_table(state) == state.actor
    assert len(verdict.candidates) == 6
    assert {rules.format_action(c).split()[0] for c in verdict.candidates} == {"roll"}


def test_a_table_nothing_explains_is_worded_piece_by_piece() -> None:
    rules = get_rules("imhotep")
    state = next(s for s, _ in positions("imhotep", 4, 40) if rules.decision(s).kind == "TURN")
    seen = rules.observe(state).as_seen()
    other = (state.current + 1) % state.players
    sleds = list(seen.sleds)
    sleds[other] = (sleds[other] + 2) % 6  # stones appeared on someone else's sled
    verdict = reconcile(rules, state, replace(seen, sleds=tuple(sleds)))
    assert verdict.kind == "unexplained"
    assert verdict.differences == ((
        f"the stones on {state.name(other)}'s sled",
        f"las piedras de la plataforma de {state.name(other, 'es')}",
    ),)  # fmt: skip


@pytest.mark.parametrize("game", ("ceylon", "rajas"))
def test_differences_are_named_in_each_games_words(game: str) -> None:
    rules = get_rules(game)
    state = positions(game, 2, 30)[-1][0]
    seen = rules.observe(state).as_seen()
    first = next(f.name for f in fields(seen) if isinstance(getattr(seen, f.name), tuple))
    value = getattr(seen, first)
    changed = replace(
        seen, **{first: value[1:] + value[:1] if len(set(value)) > 1 else value + value}
    )
    assert isinstance(rules, ChecksTable)
    words = rules.table_differences(state, changed)
    assert words and all(en and es and en != first and "_" not in en for en, es in words)


@pytest.mark.parametrize("game", GAMES)
def test_every_refused_move_is_a_table_no_legal_move_makes(game: str) -> None:
    rules = get_rules(game)
    assert isinstance(rules, ChecksTable)
    seen_codes = set()
    for state, _ in positions(game, 21, 400)[::4]:
        moves = rules.physical_moves(state)
        if not moves:
            continue
        now = rules.observe(state)
        legal_tables = [
            rules.observe(rules.apply(state, a, check=False)[0]) for a in rules.legal_actions(state)
        ]
        for move in moves:
            seen_codes.add(move.reason.code)
            assert distance(move.seen, now) > 0  # it shows on the table
            assert all(distance(move.seen, table) > 0 for table in legal_tables)
            if move.action is not None:
                assert rules.why_illegal(state, move.action) is not None
            for text in (move.reason.en, move.reason.es, move.fix.en, move.fix.es):
                assert text and "{" not in text
            assert move.reason.rule and move.fix.rule
    assert seen_codes
