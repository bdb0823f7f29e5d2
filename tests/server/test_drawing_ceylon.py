"""Ceylon's board drawing (``board.drawing``): the public view, all of it, and nothing private.

The drawing is data built from the rules' view; these tests play seeded random
games through the Rules object (chance draws included) and check, in every
state, that each piece the view lists is in the drawing where the view says:
every hex's elevation, every plantation with its owner and leaf markers, every
pawn, every district's advisor and who hired it, each wagon's contract, the
tech track's discs, the district bonuses and the card in play. A seat's
drawing is the watcher's (its hand, in its own view, never reaches it), the
map is laid out as the catalog's board (hexes that touch on the board touch
in the drawing), and every label is an English/Spanish pair.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import new_table_session
from companion.games.ceylon.drawing import PUBLIC, SEAT_PUBLIC, ceylon
from companion.rules_session import RulesSession
from companion.server.drawings import drawers, drawing, marks
from companion.server.payload_generic import GenericPayloads
from companion.table_session import Seat
from engine.ceylon.rules_object import CeylonRules
from engine.ceylon.state import State
from engine.core.registry import get_rules

RULES = get_rules("ceylon")
assert isinstance(RULES, CeylonRules)
CATALOG = RULES.catalog
SEATS = [Seat(i, name, "", f"t{i}") for i, name in enumerate(("Ana", "Ben", "Cy", "Dee"))]


#: The actions that put pieces on the board; a random player picks one most of the
#: time it may (uniform random play mostly takes rupees and moves, and never hires).
BUILDS = frozenset({"start", "plant", "hire", "trade", "tech", "harvest", "pick"})


def chosen(rng: random.Random, actions: list[Any]) -> Any:
    builds = [a for a in actions if getattr(a, "kind", "") in BUILDS]
    moves = [a for a in actions if getattr(a, "kind", "") == "move"]
    roll = rng.random()
    if builds and roll < 0.6:
        return rng.choice(builds)
    return rng.choice(moves if moves and roll < 0.85 else actions)


def states(players: int, options: tuple[str, ...], seed: int) -> Iterator[State]:
    """Every state of a seeded random game of legal actions, its chance draws included."""
    rng = random.Random(seed)
    state = RULES.new_game(players, options=options)
    while True:
        yield state
        d = RULES.decision(state)
        if d.is_over:
            return
        action = (
            RULES.random_chance(state, rng)
            if d.is_chance
            else chosen(rng, RULES.legal_actions(state))
        )
        state = RULES.apply(state, action)[0]


def check_against_view(d: dict[str, Any], view: dict[str, Any]) -> None:
    hexes = {h["id"]: h for h in d["map"]["hexes"]}
    assert set(hexes) == {h.id for h in CATALOG.hexes}
    # elevation: every hex in play with the view's level, the others drawn out of play
    assert {k: h["level"] for k, h in hexes.items() if h["in_play"]} == view["levels"]
    # plantations: owner and leaf markers, and no plantation the view does not list
    drawn = {k: h["plantation"] for k, h in hexes.items() if h["plantation"]}
    assert drawn == view["plantations"]
    # pawns: each seat's pawn on the hex the view names, and no other
    seats = view["seats"]
    for seat, entry in enumerate(seats):
        on = [k for k, h in hexes.items() if seat in h["pawns"]]
        assert on == ([entry["pawn"]] if entry["pawn"] else [])
    # districts: in play, advisor, who hired it
    districts = {x["id"]: x for x in d["districts"]}
    assert list(districts) == [x.id for x in CATALOG.districts]
    assert {k for k, x in districts.items() if x["in_play"]} == set(view["districts"])
    assert {k: x["advisor"] for k, x in districts.items() if x["advisor"]} == view["advisors"]
    for key, district in districts.items():
        assert district["hired"] == [i for i, e in enumerate(seats) if key in e["hired"]]
    # the train: each wagon's contract, with its company, tea and rewards from the catalog
    wagons = d["train"]["wagons"]
    assert [w["contract"]["id"] if w["contract"] else None for w in wagons] == view["train"]
    assert [w["wagon"] for w in wagons] == [1, 2, 3]
    for wagon in wagons:
        if wagon["contract"]:
            printed = CATALOG.contract(wagon["contract"]["id"])
            got = wagon["contract"]
            assert (got["company"], tuple(got["cubes"]), got["rupees"], got["points"]) == (
                printed.company,
                printed.cubes,
                printed.rupees,
                printed.points,
            )
    assert d["train"]["left"] == view["contracts_left"]
    # the tech track, the bonuses, the card, the players
    assert [(x["space"], x["order"]) for x in d["tech"]["discs"]] == [
        (e["tech"], e["tech_order"]) for e in seats
    ]
    tiles = d["bonuses"]["tiles"]
    assert [t["points"] for t in tiles if t["left"]] == view["bonus_stack"]
    taken = {t["points"]: t["seat"] for t in tiles if t["seat"] is not None}
    assert taken == {e["district_bonus"]: i for i, e in enumerate(seats) if e["district_bonus"]}
    card = view["card"]
    if card is None:
        assert d["card"] is None
    else:
        assert (d["card"]["face"], d["card"]["active_action"]) == (
            card["face"],
            card["active_action"],
        )
    players = d["players"]
    assert [p["colour"] for p in players] == [e["colour"] for e in seats]
    assert [p["mark"] for p in players] == marks([s.name for s in SEATS[: len(seats)]])
    assert [p["cubes"] for p in players] == [
        [e["cubes"]["black"], e["cubes"]["green"], e["cubes"]["white"]] for e in seats
    ]
    assert [p["first"] for p in players] == [i == view["first"] for i in range(len(seats))]


def pairs(value: Any) -> Iterator[dict[str, str]]:
    if isinstance(value, dict):
        if set(value) == {"en", "es"}:
            yield value
            return
        for item in value.values():
            yield from pairs(item)
    elif isinstance(value, list):
        for item in value:
            yield from pairs(item)


#: English words a Spanish label must not hold.
ENGLISH = {"the", "level", "plantation", "pawn", "company", "wagon", "rupees", "points"}
ENGLISH |= {"or", "tech", "track", "cards", "played", "deck", "hired", "by", "tea", "player"}


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, (), 1), (2, ("leave_out_dimbula",), 7), (3, (), 2), (4, ("start_tiles",), 3)],
)
def test_the_drawing_is_the_view_and_the_same_for_every_seat(
    players: int, options: tuple[str, ...], seed: int
) -> None:
    seen = dict.fromkeys(("plantation", "advisor", "hired", "contract", "shared", "hand"), 0)
    seen["over"] = 0
    for index, state in enumerate(states(players, options, seed)):
        view = RULES.view(state, None)
        public = drawing("ceylon", view, SEATS)
        assert public is not None
        check_against_view(public, view)
        for seat in range(players):
            own = RULES.view(state, seat)
            seen["hand"] += bool(own["seats"][seat].get("hand"))
            assert drawing("ceylon", own, SEATS) == public  # its hand is in its view only
        if index % 25 == 0:  # every label both languages, the Spanish with no English word
            for label in pairs(public):
                assert label["en"] and label["es"], label
                words = set(label["es"].lower().replace(",", " ").replace(":", " ").split())
                assert not words & ENGLISH, label
        seen["plantation"] += bool(view["plantations"])
        seen["advisor"] += bool(view["advisors"])
        seen["hired"] += any(e["hired"] for e in view["seats"])
        seen["contract"] += any(view["train"])
        pawns = [e["pawn"] for e in view["seats"] if e["pawn"]]
        seen["shared"] += len(pawns) != len(set(pawns))
        seen["over"] += RULES.decision(state).is_over
    assert all(seen.values()), seen  # the games went through every kind of piece, to the end
    out = {h["district"] for h in public["map"]["hexes"] if not h["in_play"]}
    if players == 2:  # one district is left out (Uva, or Dimbula): its hexes drawn, not in play
        assert out == ({"dimbula"} if options else {"uva"})
    else:
        assert not out
    if "start_tiles" in options:
        assert all(p["start_label"] for p in public["players"])


def test_bonuses_second_leaves_and_a_crowded_hex() -> None:
    """What random play seldom reaches, set on a real position: district bonuses taken,
    a plantation with two leaf markers (the variant's start tile), every pawn on one hex."""
    state = next(s for s in states(4, (), 8) if s.turn == 12).clone()
    planted = next(h for h, owner in enumerate(state.owner) if owner >= 0)
    state.double |= 1 << planted
    for seat, points in ((2, 10), (0, 6)):
        state.mut(seat).bonus = points
    state.bonus_stack = [3, 1]
    for seat in range(4):
        state.mut(seat).pawn = planted
    view = RULES.view(state, None)
    d = ceylon(view, SEATS)
    check_against_view(d, view)
    hexes = {h["id"]: h for h in d["map"]["hexes"]}
    crowded = hexes[CATALOG.hexes[planted].id]
    assert crowded["plantation"]["markers"] == 2 and crowded["pawns"] == [0, 1, 2, 3]
    assert "two leaf markers" in crowded["title"]["en"] and "dos hojas" in crowded["title"]["es"]
    tiles = [(t["points"], t["seat"], t["left"]) for t in d["bonuses"]["tiles"]]
    assert tiles == [(10, 2, False), (6, 0, False), (3, None, True), (1, None, True)]
    assert d["bonuses"]["tiles"][0]["label"]["es"] == "10 puntos, para Cy"


def test_the_card_in_play_names_who_played_it() -> None:
    """The card stays on the pile while the next player chooses theirs: it is still
    the one who played it that the drawing names, with the action they took."""
    rng = random.Random(9)
    state = RULES.new_game(3, seed=9)
    played_by, checked = -1, 0
    while not RULES.decision(state).is_over:
        d = ceylon(RULES.view(state, None), SEATS)
        if d["card"] is not None:
            assert d["card"]["active"] == played_by
            assert d["card"]["active_label"]["en"].startswith(SEATS[played_by].name + ": ")
            checked += 1
        decision = RULES.decision(state)
        action = (
            RULES.random_chance(state, rng)
            if decision.is_chance
            else chosen(rng, RULES.legal_actions(state))
        )
        if action.kind == "play":
            played_by = state.actor
        state = RULES.apply(state, action)[0]
    assert checked > 50


def test_a_seats_secret_never_reaches_the_drawing() -> None:
    state = next(s for s in states(3, (), 7) if RULES.decision(s).kind == "PLAY")
    view = RULES.view(state, 0)
    assert view["seats"][0]["hand"]
    poisoned = json.loads(json.dumps(view))
    poisoned["seats"][0]["hand"] = ["SECRET-HAND"]
    poisoned["viewer"] = 0
    poisoned["secret"] = "SECRET-KEY"
    text = json.dumps(ceylon(poisoned, SEATS))
    assert "SECRET" not in text
    assert ceylon(poisoned, SEATS) == ceylon(RULES.view(state, None), SEATS)
    assert "hand" not in SEAT_PUBLIC and "viewer" not in PUBLIC and "decision" not in PUBLIC


def test_the_map_is_laid_out_as_the_board() -> None:
    """Hexes that touch on the board (the catalog's neighbours) touch in the drawing's
    "odd-r" rows (odd rows shifted right), and no two share a place."""
    d = ceylon(RULES.view(RULES.new_game(4, seed=1), None), SEATS)
    hexes = d["map"]["hexes"]
    at = {(h["col"], h["row"]): h["id"] for h in hexes}
    assert len(at) == len(hexes) == 32
    assert min(h["col"] for h in hexes) == 0 and min(h["row"] for h in hexes) == 0
    for index, h in enumerate(hexes):
        odd = h["row"] & 1
        steps = [(odd, -1), (1, 0), (odd, 1), (odd - 1, 1), (-1, 0), (odd - 1, -1)]
        touching = {at.get((h["col"] + dc, h["row"] + dr)) for dc, dr in steps} - {None}
        printed = {CATALOG.hexes[j].id for j in range(32) if CATALOG.neighbours[index] >> j & 1}
        assert touching == printed, h["id"]


def test_the_payload_carries_the_watchers_drawing_and_the_panels_stay() -> None:
    session = new_table_session("ceylon", ["Ana", "Ben", "Cy"], seed=4)
    assert isinstance(session, RulesSession)
    payloads = GenericPayloads(session)
    rng = random.Random(4)
    for _ in range(120):
        state = session.state
        d = session.rules.decision(state)
        if d.is_over:
            break
        board = payloads.view(None)["board"]
        assert board["panels"] and board["drawing"]["game"] == "ceylon"
        for seat in range(3):
            assert payloads.view(seat)["board"]["drawing"] == board["drawing"]
        action = (
            RULES.random_chance(state, rng)
            if d.is_chance
            else rng.choice(session.rules.legal_actions(state))
        )
        assert session.apply_actions([action], "camera").ok
    assert drawers()["ceylon"] is ceylon
