"""Amritsar's long phone decisions folded into short screens (companion.games.amritsar.menu).

Over many seeded positions: every legal answer is reached exactly once, no
screen holds more than eight buttons (its "Back" counted), and no two buttons
of a screen say the same words; a phone's payload carries the menu of its own
long decision only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.games.amritsar.menu import amritsar_menu, taps_to
from companion.games.amritsar.payload import Payloads
from companion.games.amritsar.resume import open_session
from companion.server.answer_menu import MOST, leaves, taps
from engine.amritsar import (
    GameState,
    Pending,
    apply,
    decision,
    describe_action,
    legal_actions,
    new_game,
)
from tests.server.games import PIN


def long_decisions(seeds: range, players: int = 3) -> Iterator[GameState]:
    """Positions along seeded random games whose decision has more answers than a screen."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(players)
        for _ in range(600):
            if state.finished:
                break
            actions = legal_actions(state)
            if len(actions) > MOST:
                yield state
            state, _ = apply(state, rng.choice(actions))


def options_of(state: GameState) -> list[dict[str, Any]]:
    return [
        {
            "action": str(a),
            "en": describe_action(state, a, "en"),
            "es": describe_action(state, a, "es"),
        }
        for a in legal_actions(state)
    ]


def screens(node: dict[str, Any], depth: int = 0) -> Iterator[tuple[dict[str, Any], int]]:
    yield node, depth
    for item in node["items"]:
        if "items" in item:
            yield from screens(item, depth + 1)


def test_every_answer_is_reached_once_in_screens_of_at_most_eight_buttons() -> None:
    kinds: Counter[str] = Counter()
    deepest: dict[str, int] = {}
    for state in long_decisions(range(24)):
        options = options_of(state)
        menu = amritsar_menu(state, options)
        kind = str(Pending(decision(state).kind).name)
        assert menu is not None, kind
        assert Counter(leaves(menu)) == Counter(o["action"] for o in options), kind
        for node, depth in screens(menu):
            buttons = len(node["items"]) + (1 if depth else 0)
            assert 2 <= buttons <= MOST, (kind, depth, buttons)
            words = [(item["en"], item["es"]) for item in node["items"]]
            assert len(set(words)) == len(words), (kind, words)
            for en, es in words:
                assert en and es and en != es, (kind, en, es)
        kinds[kind] += 1
        deepest[kind] = max(deepest.get(kind, 0), max(taps(menu)))
    assert kinds["UPGRADE"] > 20 and kinds["ACTIONS"] > 5, kinds
    # an upgrade: its kind, which tile, where (and what it is paid with, joined)
    assert deepest["UPGRADE"] <= 4 and deepest["ACTIONS"] == 2, deepest


def test_an_action_turn_puts_the_tiles_and_the_elephant_behind_one_button_each() -> None:
    state = next(s for s in long_decisions(range(24)) if decision(s).kind == Pending.ACTIONS)
    menu = amritsar_menu(state, options_of(state))
    assert menu is not None
    words = [item["en"] for item in menu["items"]]
    assert "Activate your elephant" in words or "An action of a district tile" in words, words


def test_a_short_decision_stays_one_list() -> None:
    state = new_game(3)
    options = options_of(state)[:MOST]
    assert amritsar_menu(state, options) is None


def test_a_phone_payload_carries_the_menu_of_its_own_long_decision_only(tmp_path: Path) -> None:
    session = open_session(tmp_path / "game.sqlite", ["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    rng = random.Random(3)
    while (
        decision(session.state).kind != Pending.UPGRADE or len(legal_actions(session.state)) <= MOST
    ):
        assert not session.state.finished, "no long upgrade in the game"
        assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
    payloads = Payloads(session)
    seat = decision(session.state).player
    mine = payloads.view(seat)
    assert mine["menu"] is not None
    # every answer is reached, and an answer with a follow-up opens a screen of the
    # follow-ups, each sent after it ("first"): nothing else is on the menu
    sent = sent_first(mine["menu"])
    assert sorted(set(sent)) == sorted(o["action"] for o in mine["options"])
    then = {o["action"]: {t["action"] for t in o.get("then", [])} for o in mine["options"]}
    for first, action in follow_ups_on(mine["menu"]):
        assert action in then[first]
    assert payloads.view((seat + 1) % 3).get("menu") is None
    assert "menu" not in payloads.view(None)


def sent_first(menu: dict[str, Any]) -> list[str]:
    """The answer each of the menu's buttons sends first."""
    found: list[str] = []
    for item in menu.get("items", []):
        found.extend([item.get("first", item["action"])] if "action" in item else sent_first(item))
    return found


def follow_ups_on(menu: dict[str, Any]) -> list[tuple[str, str]]:
    """(answer, its follow-up) for every follow-up button of the menu."""
    found: list[tuple[str, str]] = []
    for item in menu.get("items", []):
        if "action" not in item:
            found.extend(follow_ups_on(item))
        elif "first" in item:
            found.append((item["first"], item["action"]))
    return found


def test_the_taps_to_an_answer_are_its_depth_in_the_menu() -> None:
    for state in list(long_decisions(range(4)))[:40]:
        options = options_of(state)
        menu = amritsar_menu(state, options)
        assert menu is not None
        counted = sorted(taps_to(state, a) for a in legal_actions(state))
        assert counted == sorted(taps(menu)) and max(counted) >= 2
    assert taps_to(new_game(3), legal_actions(new_game(3))[0]) == 1
