"""Every answer stays reachable through the phone's short screens.

For many seeded random positions of Imhotep, Ceylon and Rajas of the Ganges,
the menu folded from the legal answers (``companion.server.answer_menu``)
reaches exactly the legal actions (nothing lost, nothing added), shows at
most eight buttons on any screen (its "Back" counted), and names every place
with a key of the contract (``<kind>:<id>``, the id as in the notation).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server.answer_menu import MOST, build, leaves, pictured_kinds, taps
from companion.server.payload_generic import GenericPayloads
from engine.core.answers import AnswerParts
from engine.core.game import option_text
from engine.core.registry import get_rules

GAMES = ("imhotep", "ceylon", "rajas")
KINDS = {
    "imhotep": {"boat", "site"},
    "ceylon": {"hex", "district", "wagon"},
    "rajas": {"space", "square", "stack", "building"},
}


def positions(game: str, seeds: range, every: int = 7) -> Any:
    """(rules, state) at every ``every``-th decision of seeded random games."""
    rules = get_rules(game)
    for seed in seeds:
        options = ["all-b"] if game == "imhotep" and seed % 2 else []
        state = rules.new_game(2 + seed % 3, seed=seed, options=options)
        rng = random.Random(seed)
        for step in range(2000):
            d = rules.decision(state)
            if d.is_over:
                break
            actions = rules.legal_actions(state)
            if step % every == 0 or len(actions) > 20:
                yield rules, state
            action = rules.random_chance(state, rng) if d.is_chance else rng.choice(actions)
            state, _ = rules.apply(state, action)


def menu_of(rules: Any, state: Any, pictured: frozenset[str]) -> tuple[dict[str, Any], list[str]]:
    actions = rules.legal_actions(state)
    options = [
        {
            "action": rules.format_action(a),
            "en": option_text(rules, state, a, "en"),
            "es": option_text(rules, state, a, "es"),
        }
        for a in actions
    ]
    parts: list[AnswerParts | None] = [rules.answer_parts(state, a) for a in actions]
    return build(options, parts, pictured), [o["action"] for o in options]


def screens(node: dict[str, Any], depth: int = 0) -> Any:
    yield node, depth
    for item in node["items"]:
        if "items" in item:
            yield from screens(item, depth + 1)


@pytest.mark.parametrize("pictured", [True, False], ids=["drawing", "no-drawing"])
@pytest.mark.parametrize("game", GAMES)
def test_the_menu_reaches_exactly_the_legal_answers_in_short_screens(
    game: str, pictured: bool
) -> None:
    kinds = pictured_kinds(game) if pictured else frozenset()
    seen = 0
    deep = 0
    for rules, state in positions(game, range(6)):
        menu, actions = menu_of(rules, state, kinds)
        assert Counter(leaves(menu)) == Counter(actions), rules.decision(state).kind
        for node, depth in screens(menu):
            buttons = sum(1 for item in node["items"] if item["button"]) + (1 if depth else 0)
            assert buttons <= MOST, (rules.decision(state).kind, depth, buttons)
            assert node["items"], "an empty screen"
            keys = [item["place"] for item in node["items"] if item["place"]]
            assert len(keys) == len(set(keys)), f"one place tapped for two choices: {keys}"
            for item in node["items"]:
                assert item["en"] and item["es"], item
                if not item["button"]:
                    # only a place the drawing shows may go without its button
                    assert item["place"].split(":")[0] in kinds, item
                if item["place"]:
                    kind, ident = item["place"].split(":", 1)
                    assert kind in KINDS[game] and ident, item["place"]
        seen += 1
        deep = max(deep, max(taps(menu)))
    assert seen > 50
    assert deep >= 2  # some decision really is folded


@pytest.mark.parametrize("game", GAMES)
def test_every_place_key_names_the_place_as_the_notation_does(game: str) -> None:
    checked = 0
    for rules, state in positions(game, range(3), every=3):
        for action in rules.legal_actions(state):
            parts = rules.answer_parts(state, action)
            if parts is None:
                continue
            words = set(rules.format_action(action).replace(",", " ").split())
            for step in parts.steps:
                if step.place:
                    ident = step.place.split(":", 1)[1]
                    # a hex, space, square, boat, site or district written as in the notation
                    assert ident in words or str(int(ident) - 1) in words, (step, words)
                    checked += 1
    assert checked > 100


def test_a_phone_payload_carries_the_menu_of_its_own_decision_only() -> None:
    session = new_table_session("ceylon", ["Ana", "Ben", "Cy"], seed=4)
    assert isinstance(session, RulesSession)
    payloads = GenericPayloads(session)
    seat = session.seat_view(None)["decision"]["seat"]
    view = payloads.view(seat)
    assert view["menu"] is not None
    assert sorted(leaves(view["menu"])) == sorted(o["action"] for o in view["options"])
    assert payloads.view((seat + 1) % 3)["menu"] is None
    assert payloads.view(None)["menu"] is None  # the table screen enters no map decision


def _leaf_items(node: dict[str, Any]) -> Any:
    for item in node["items"]:
        if "items" in item:
            yield from _leaf_items(item)
        else:
            yield item


def test_a_ceylon_move_that_costs_rupees_asks_before_it_is_sent() -> None:
    """A move's hex tapped on the drawing shows its cost first when it costs rupees
    (``ask``); a free move, or an answer that is not a place, is sent at once."""
    asked, free = 0, 0
    for rules, state in positions("ceylon", range(3), every=3):
        menu, _ = menu_of(rules, state, pictured_kinds("ceylon"))
        for item in _leaf_items(menu):
            if "move" not in item["action"].split() or not item["place"]:
                assert "ask" not in item, item
                continue
            costs = " 0 rupees)" not in item["full"]["en"]
            assert item.get("ask", False) == costs, item
            asked += costs
            free += not costs
    assert asked and free, (asked, free)
