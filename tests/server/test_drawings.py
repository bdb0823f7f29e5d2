"""The Imhotep board drawing (``board.drawing``): what the state shows, and nothing private.

The drawing is data built from the rules' view; these tests read the state
itself (boats, sites, sleds, quarries, round) and check the drawing says the
same, in every state of seeded random games on both sides of the sites, and
that a seat's drawing is the watcher's (the side-B market pair a picker looks
at never reaches it). A game without a drawing keeps only its panels.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server.drawings import drawers, drawing, marks
from companion.server.payload_generic import GenericPayloads
from companion.table_session import Seat
from engine.core.registry import get_rules
from engine.imhotep.rules_object import ImhotepRules
from engine.imhotep.state import HARBOUR, SITE_NAMES, State

RULES = get_rules("imhotep")
assert isinstance(RULES, ImhotepRules)
CATALOG = RULES.catalog
SEATS = [Seat(i, name, "", f"t{i}") for i, name in enumerate(("Ana", "Ben", "Cy", "Dee"))]


def states(players: int, options: tuple[str, ...], seed: int) -> Iterator[State]:
    """Every state of a seeded random game, its chance draws included."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed=seed, options=options)
    while True:
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


def stones(site: dict[str, Any]) -> list[str]:
    return [colour for group in site["groups"] for colour in group["stones"]]


def check_against_state(d: dict[str, Any], state: State) -> None:
    colour = state.colour
    assert d["round"]["number"] == state.round
    assert d["round"]["card"] == (state.round_cards[-1] if state.boats else None)
    assert [(b["id"], b["where"], b["slots"]) for b in d["boats"]] == [
        (
            b.id,
            "harbour" if b.site == HARBOUR else SITE_NAMES[b.site],
            [colour(o) for o in b.slots],
        )
        for b in state.boats
    ]
    assert all(b["minimum"] == CATALOG.boat(b["id"]).minimum for b in d["boats"])
    sites = {site["key"]: site for site in d["sites"]}
    assert list(sites) == list(SITE_NAMES)
    assert [site["side"] for site in d["sites"]] == list(state.sides)
    market = [card["id"] if card else "" for card in sites["market"]["cards"]]
    assert market == ["" if k < 0 else CATALOG.cards[k].id for k in state.market]
    assert stones(sites["pyramid"]) == [colour(o) for p in state.pyramid for o in p]
    # the temple is drawn top level first: level by level from the bottom is the state's order
    temple = [c for group in reversed(sites["temple"]["groups"]) for c in group["stones"]]
    assert temple == [colour(o) for o in state.temple]
    assert stones(sites["burial"]) == [colour(o) for o in state.burial]
    heights = [len(group["stones"]) for group in sites["obelisk"]["groups"][: state.players]]
    assert heights == list(state.obelisk)
    if state.sides[4] == "B":
        assert sites["obelisk"]["groups"][-1]["stones"] == [colour(s) for s in state.towers]
    for site in d["sites"]:  # every slot a stone or visibly empty, never fewer slots
        assert all(group["size"] >= len(group["stones"]) for group in site["groups"])
        docked = [b["id"] for b in d["boats"] if b["where"] == site["key"]]
        assert (site["docked"] is not None) == bool(docked)
    players = d["players"]
    assert [p["sled"] for p in players] == list(state.sled)
    assert [p["quarry_count"] for p in players] == list(state.quarry)
    assert [p["colour"] for p in players] == [colour(s) for s in range(state.players)]
    assert [p["mark"] for p in players] == marks([s.name for s in SEATS[: state.players]])


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, (), 1), (3, ("all-b",), 2), (4, ("pyramid-b", "obelisk-b", "market-b"), 3)],
)
def test_the_drawing_is_the_state_and_the_same_for_every_seat(
    players: int, options: tuple[str, ...], seed: int
) -> None:
    seen_pair = False
    for state in states(players, options, seed):
        public = drawing("imhotep", RULES.view(state, None), SEATS)
        assert public is not None
        check_against_state(public, state)
        for seat in range(players):
            view = RULES.view(state, seat)
            seen_pair = seen_pair or "pair" in view
            # a seat's own secret (the side-B market pair) is in its view, not its drawing
            assert drawing("imhotep", view, SEATS) == public
    assert seen_pair == ("market-b" in options or "all-b" in options)


def test_the_payload_carries_the_watchers_drawing_and_no_secret() -> None:
    session = new_table_session("imhotep", ["Ana", "Ben"], ["market-b"], seed=4)
    assert isinstance(session, RulesSession)
    payloads = GenericPayloads(session)
    rng = random.Random(4)
    checked = 0
    for _ in range(400):
        state = session.state
        d = session.rules.decision(state)
        if d.is_over:
            break
        secret = RULES.view(state, d.player).get("pair") if d.player >= 0 else None
        watcher = payloads.view(None)["board"]["drawing"]
        for seat in (0, 1):
            mine = payloads.view(seat)["board"]["drawing"]
            assert mine == watcher
        if secret:  # the pair's cards are named nowhere in the drawing unless face up
            text = json.dumps(watcher)
            face_up = set(RULES.view(state, None)["market"])
            assert all(card in face_up or f'"{card}"' not in text for card in secret)
            checked += 1
        action = (
            RULES.random_chance(state, rng)
            if d.is_chance
            else rng.choice(session.rules.legal_actions(state))
        )
        assert session.apply_actions([action], "camera").ok
    assert checked > 0


def test_a_game_without_a_drawing_keeps_its_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(drawers(), "ceylon")  # Ceylon as it was before its drawing
    session = new_table_session("ceylon", ["Ana", "Ben"], seed=2)
    assert isinstance(session, RulesSession)
    board = GenericPayloads(session).view(None)["board"]
    assert board["panels"] and "drawing" not in board


def test_marks_tell_the_players_apart() -> None:
    assert marks(["Ana", "Ben"]) == ["A", "B"]
    assert marks(["Ana", "Alba", "Ben"]) == ["An", "Al", "B"]
    assert marks(["Ana", "Anna", "Ben"]) == ["A1", "A2", "B"]
    assert len(set(marks(["Ana", "Ana", "Ana", "Ana"]))) == 4
