"""Answer-button texts (``describe_option``) and Ceylon's history in Spanish.

The buttons read as something to do ("Take stones from the quarry" / "Obtén
piedras de la cantera"), not as something done; the history keeps the past
tense. Ceylon's catalog ids are English words ("banker", "plant") or codes
("C2-1"): no Spanish text, history or button, shows one. Random whole games
(every chance draw included) check the history; ``tests/companion/
test_button_words.py`` checks every button through the session.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.ceylon.actions import REWARDS
from engine.ceylon.actions import Action as CeylonAction
from engine.ceylon.catalog import CUBES, MAIN, default_catalog
from engine.core.game import DescribesOptions, option_text
from engine.core.registry import get_rules
from engine.imhotep.actions import Action as ImhotepAction

CAT = default_catalog()
#: Ceylon's ids and the English words they are made of (from its own catalog).
CEYLON_IDS = (
    {advisor for advisor, _ in CAT.advisors}
    | {ability.split("_")[0] for _, ability in CAT.advisors}
    | {tile.shape for tile in CAT.large_tiles}
    | set(MAIN)
    | set(CUBES)
    | set(REWARDS)
    | {"move", "advisor", "contract", "tile", "card", "start", "token", "the", "and", "a"}
) - {"a"}  # "a" is also Spanish


def ids_in(text: str) -> set[str]:
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)} & CEYLON_IDS
    return words | {c.id for c in CAT.contracts if c.id in text}


def test_the_id_check_can_fail() -> None:
    assert ids_in("Salió el consejero banker") == {"banker"}
    assert ids_in("El contrato C2-1 llegó al tren") == {"C2-1"}
    assert not ids_in("Llegó al tren el contrato de la compañía 2")


def test_imhotep_buttons_say_what_to_do() -> None:
    rules = get_rules("imhotep")
    state = rules.new_game(2, seed=1)
    while rules.decision(state).is_chance:
        state, _ = rules.apply(state, rules.random_chance(state, random.Random(0)))
    take, place = ImhotepAction("take"), ImhotepAction("place", (1, 2))
    assert rules.describe_option(state, take, "en") == "Take stones from the quarry"
    assert rules.describe_option(state, take, "es") == "Obtén piedras de la cantera"
    assert rules.describe_option(state, place, "en") == "Place a stone on boat 1, slot 2"
    assert (
        rules.describe_option(state, place, "es") == "Embarca una piedra en el barco 1, casilla 2"
    )
    # The history keeps the past tense and the colour.
    assert rules.describe_action(state, take, "es").endswith("obtuvo piedras de la cantera")


def test_option_text_falls_back_to_the_history_for_a_game_without_buttons() -> None:
    amritsar = get_rules("amritsar")
    assert not isinstance(amritsar, DescribesOptions)
    state = amritsar.new_game(2, seed=3)
    action = amritsar.legal_actions(state)[0]
    assert option_text(amritsar, state, action, "es") == amritsar.describe_action(
        state, action, "es"
    )
    assert isinstance(get_rules("imhotep"), DescribesOptions)
    assert isinstance(get_rules("ceylon"), DescribesOptions)


def test_ceylon_names_advisors_and_contracts_in_words() -> None:
    rules = get_rules("ceylon")
    state = rules.new_game(2, seed=2)
    banker = next(i for i, (name, _) in enumerate(CAT.advisors) if name == "banker")
    es = rules.describe_action(state, CeylonAction("advisor", banker), "es")
    assert es == "Salió el consejero banquero: 1 rupia más al obtener 2 rupias."
    contract = next(i for i, c in enumerate(CAT.contracts) if c.id == "C2-1")
    es = rules.describe_action(state, CeylonAction("contract", contract), "es")
    assert "compañía 2" in es and "11 rupias o 4 puntos" in es and not ids_in(es)


@pytest.mark.parametrize(("seed", "options"), [(5, ()), (6, ("start_tiles",))])
def test_ceylon_history_in_spanish_has_no_english_ids(seed: int, options: tuple[str, ...]) -> None:
    rules = get_rules("ceylon")
    rng = random.Random(seed)
    state = rules.new_game(2 + seed % 3, options=options)  # every draw made below
    kinds: set[str] = set()
    while not rules.decision(state).is_over:
        if rules.decision(state).is_chance:
            action = rules.random_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        assert isinstance(action, CeylonAction)
        es = rules.describe_action(state, action, "es")
        assert not ids_in(es), f"{action}: {es!r}"
        kinds.add(action.kind)
        state, _ = rules.apply(state, action)
    assert {"advisor", "contract", "play", "deal"} <= kinds
