"""Rajas of the Ganges' board drawing (``board.drawing``): what the state shows, nothing more.

The drawing is data built from the rules' public view; these tests read the
state itself (workers on the action spaces, boats, every province tile with its
turned roads, the stacks, the building scrolls, the Kali statues, the fame and
money markers) and check the drawing says the same, in every state of seeded
random games for 2, 3 and 4 players. Every answer a decision offers on a place
(``place Q1``, ``tile B1 90``, ``buy blue-cow ...``, ``upgrade temple``) has its
``data-place`` in the drawing, the squares only in the deciding player's
province. A seat's drawing is the watcher's, and no score sheet shows a
negative total.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import new_table_session
from companion.games.rajas.drawing import PUBLIC
from companion.rules_session import RulesSession
from companion.server.drawings import drawing, marks
from companion.server.payload_generic import GenericPayloads
from companion.table_session import Seat
from engine.core.registry import get_rules
from engine.rajas.catalog import BUILDINGS, COLOURS, SIDES
from engine.rajas.province import rotate
from engine.rajas.rules_object import RajasRules
from engine.rajas.scoring import total_words, winners
from engine.rajas.state import RESIDENCE, State

RULES = get_rules("rajas")
assert isinstance(RULES, RajasRules)
CAT = RULES.catalog
SEATS = [Seat(i, name, "", f"t{i}") for i, name in enumerate(("Ana", "Ben", "Cy", "Dee"))]
LENGTH = int(CAT.value("track_length"))


def states(players: int, seed: int, steps: int) -> Iterator[State]:
    """The states of a seeded random game (random legal actions through the rules)."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed=seed)
    for _ in range(steps):
        yield state
        d = RULES.decision(state)
        if d.is_over:
            return
        action = (
            RULES.random_chance(state, rng)
            if d.is_chance
            else rng.choice(RULES.legal_actions(state))
        )
        state = RULES.apply(state, action)[0]


def places(d: dict[str, Any]) -> dict[str, list[Any]]:
    """Every ``place`` in the drawing, with the part of it that carries it."""
    found: dict[str, list[Any]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "place" in node:
                found.setdefault(str(node["place"]), []).append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(d)
    return found


def pairs(node: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Every word pair ``{en, es}`` in the drawing, with the key it sits under."""
    if isinstance(node, dict):
        if set(node) == {"en", "es"}:
            yield key, node
            return
        for k, value in node.items():
            yield from pairs(value, k)
    elif isinstance(node, list):
        for value in node:
            yield from pairs(value, key)


def check_against_state(d: dict[str, Any], state: State) -> None:
    n = state.n
    players = d["players"]
    assert [p["mark"] for p in players] == marks([s.name for s in SEATS[:n]])
    assert [(p["fame"], p["money"], p["karma"], p["boat"]) for p in players] == [
        (p.fame, p.money, p.karma, p.boat) for p in state.players
    ]
    assert [(p["workers"], p["workers_placed"]) for p in players] == [
        (p.workers, p.placed) for p in state.players
    ]
    for p, player in zip(players, state.players, strict=True):
        held = {d["colour"]: sorted(d["values"]) for d in p["dice"]}
        want = {
            COLOURS[c]: sorted(v + 1 for v in range(6) for _ in range(player.dice[c * 6 + v]))
            for c in range(4)
            if sum(player.dice[c * 6 : c * 6 + 6])
        }
        assert held == want
    # the race: both markers and how far apart, worded as the score sheet words it
    for row, player in zip(d["race"]["rows"], state.players, strict=True):
        passed = player.fame + player.money - LENGTH
        assert (row["fame"], row["money"], row["to_meet"]) == (player.fame, player.money, -passed)
        assert row["money_at"] == LENGTH - player.money
        assert (row["label"]["en"], row["label"]["es"]) == total_words(passed)
        assert d["race"]["low"] <= row["money_at"] and row["fame"] <= d["race"]["high"]
    # every action space once, in its area, with the worker of the state on it
    spaces = [space for area in d["areas"] for space in area["spaces"]]
    assert sorted(s["id"] for s in spaces) == sorted(s.id for s in CAT.spaces)
    covered = CAT.covered(n)
    for space in spaces:
        index = CAT.space_index(space["id"])
        seat = state.spaces[index]
        assert space["worker"] == (seat if seat >= 0 else None), space["id"]
        assert space["covered"] == (index in covered)
        assert space["place"] == f"space:{space['id']}"
    for area in d["areas"]:  # no two spaces of an area drawn on one spot
        spots = [(s["row"], s["col"]) for s in area["spaces"]]
        assert len(spots) == len(set(spots)), area["key"]
    # the river: each boat on its space
    for space in d["river"]["spaces"]:
        assert space["boats"] == [
            s for s, p in enumerate(state.players) if p.boat == space["index"]
        ]
    assert len(d["river"]["spaces"]) == len(CAT.river)
    assert [s["bridge"] for s in d["river"]["spaces"]].index(True) == CAT.bridge
    # the stacks on show
    for i, stack in enumerate(d["stacks"]["stacks"]):
        top = state.top[i]
        assert (stack["top"]["id"] if stack["top"] else None) == (
            CAT.tiles[top].id if top >= 0 else None
        )
        assert stack["below"] == len(state.stacks[i])
    assert (d["tile_in_hand"]["tile"]["id"] if d["tile_in_hand"] else None) == (
        CAT.tiles[state.tile].id if state.tile >= 0 else None
    )
    # the building scrolls: each player's cube in its column
    for b, row in enumerate(d["scrolls"]["rows"]):
        assert row["key"] == BUILDINGS[b]
        for column, seats in enumerate(row["cubes"]):
            assert seats == [s for s, p in enumerate(state.players) if p.levels[b] == column]
    # each province: every tile where it lies, turned as it lies, with its roads
    for prov, player in zip(d["provinces"], state.players, strict=True):
        for c, cell in enumerate(prov["cells"]):
            value = player.province[c]
            assert cell["id"] == CAT.cell_name(c)
            assert cell["residence"] == (value == RESIDENCE)
            if value >= 0:
                tile = CAT.tiles[value >> 2]
                roads = rotate(tile.roads, value & 3)
                assert cell["tile"]["id"] == tile.id
                assert cell["tile"]["rotation"] == (value & 3) * 90
                assert cell["tile"]["roads"] == "".join(
                    side for k, side in enumerate(SIDES) if roads >> k & 1
                )
            else:
                assert cell["tile"] is None
    # the places: squares only in the province of the player deciding now
    decision = RULES.decision(state)
    for prov in d["provinces"]:
        marked = [c for c in prov["cells"] if "place" in c]
        decides = decision.player == prov["seat"]
        assert len(marked) == (len(prov["cells"]) if decides else 0)
    found = places(d)
    for action in RULES.legal_actions(state):
        words = RULES.format_action(action).split()
        kind = {"place": "space", "tile": "square", "buy": "stack", "upgrade": "building"}
        if words[0] in kind:
            assert len(found[f"{kind[words[0]]}:{words[1]}"]) == 1, words
    # every word in both languages
    for key, words in pairs(d):
        assert isinstance(words["en"], str) and isinstance(words["es"], str), key
        if key in ("title", "label", "round_label", "note"):
            assert words["en"] and words["es"], key


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_drawing_is_the_state_and_the_same_for_every_seat(players: int, seed: int) -> None:
    seen: set[str] = set()
    for state in states(players, seed, 700):
        public = drawing("rajas", RULES.view(state, None), SEATS)
        assert public is not None
        check_against_state(public, state)
        seen.add(RULES.decision(state).kind)
        for seat in range(players):
            assert drawing("rajas", RULES.view(state, seat), SEATS) == public
    assert {"PLACE", "BUY", "TILE"} <= seen  # the places of every kind were checked


def test_the_drawer_reads_only_public_keys() -> None:
    state = next(s for i, s in enumerate(states(3, 5, 60)) if i == 59)
    view = RULES.view(state, 1)
    trimmed = {k: v for k, v in view.items() if k in PUBLIC}
    assert drawing("rajas", trimmed, SEATS) == drawing("rajas", view, SEATS)
    view["secret_test_key"] = "Ana's hidden thing"
    assert "hidden" not in str(drawing("rajas", view, SEATS))


def test_the_payload_carries_the_watchers_drawing_and_scores_never_negative() -> None:
    session = new_table_session("rajas", ["Ana", "Ben", "Cy"], seed=4)
    assert isinstance(session, RulesSession)
    payloads = GenericPayloads(session)
    rng = random.Random(4)
    for _ in range(250):
        watcher = payloads.view(None)
        for seat in range(3):
            mine = payloads.view(seat)
            assert mine["board"]["drawing"] == watcher["board"]["drawing"]
        for sheet in watcher["scores"]:
            assert sheet["total"] >= 0 and sheet["provisional_total"] >= 0
            assert sheet["total_en"] and sheet["total_es"]
            assert not sheet["total_en"].startswith("-")
            assert all(line["amount"] >= 0 for line in sheet["lines"])
        state = session.state
        d = session.rules.decision(state)
        if d.is_over:
            break
        action = (
            RULES.random_chance(state, rng)
            if d.is_chance
            else rng.choice(session.rules.legal_actions(state))
        )
        assert session.apply_actions([action], "camera").ok


def test_a_whole_game_ends_with_the_winner_furthest_past_and_no_negative_total() -> None:
    *_, state = states(3, 9, 100_000)
    assert RULES.decision(state).is_over
    sheets = RULES.score(state)
    assert all(s.final and s.total >= 0 for s in sheets)
    best = max((s.extra["distance"], s.extra["fame"]) for s in sheets)
    assert [s.seat for s in sheets if s.winner] == winners(CAT, state)
    assert all(s.winner == ((s.extra["distance"], s.extra["fame"]) == best) for s in sheets)
    assert max(s.extra["distance"] for s in sheets) >= 0  # a player's markers met
