"""The answer buttons of every game served in manual mode, in words a player taps.

A phone's buttons come from ``describe_option`` (imperative, second person);
the history keeps ``describe_action`` (past tense, the player by colour). Over
random games through the session the server uses (secret draws entered on the
drawer's phone, so those buttons are checked too), every button of every
decision, in English and Spanish: is not empty, does not start with a colour
or a player's name, differs from every other answer to the same decision, and
the Spanish one holds no English word (the browser tests' list, plus the words
of Ceylon's and Rajas's components and Ceylon's catalog ids).
"""

from __future__ import annotations

import random
import re

import pytest

from companion.games import MANUAL, SERVED, new_table_session
from companion.rules_session import RulesSession
from engine.ceylon.catalog import CUBES, MAIN, default_catalog
from engine.ceylon.state import COLOURS as CEYLON_EN
from engine.ceylon.state import COLOURS_ES as CEYLON_ES
from engine.core.game import DescribesOptions
from engine.imhotep.state import COLOURS_EN as IMHOTEP_EN
from engine.imhotep.state import COLOURS_ES as IMHOTEP_ES
from tests.server.test_browser_generic import ENGLISH as PAGE_ENGLISH

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
#: Per game, the options of the second seed: every B side, the start-tile variant.
VARIANTS = {"imhotep": ("all-b",), "ceylon": ("start_tiles",), "rajas": ()}

_CEYLON = default_catalog()
#: English that must not reach a Spanish button: the page list, Ceylon's words and ids.
ENGLISH = (
    PAGE_ENGLISH
    | {"plant", "harvest", "trade", "hire", "tech", "advisor", "contract", "rupee", "rupees"}
    | {"tile", "pawn", "move", "token", "wagon", "company", "box", "step", "steps", "level"}
    | {"on", "to", "of", "for", "in", "play", "use", "put", "finish", "discard", "advance"}
    | {"track", "start", "others", "leaving", "keep", "unload", "next", "pass", "two", "a"}
    | {"red", "blue", "green", "yellow", "tea", "point", "drawn", "goes", "back", "box"}
    | {"worker", "palace", "pay", "money", "giving", "die", "dice", "came", "up", "supply"}
    | {"upgrade", "province", "turned", "stack", "paying", "choose", "leave", "give", "over"}
    | {"orange", "purple", "silk", "spice", "snake", "cow", "tiger", "mill", "fort", "one"}
    | {"mixed", "goods", "kind", "great", "dancer", "builder", "ate", "food", "starts", "is"}
    | set(MAIN)
    | set(CUBES)
    | {advisor for advisor, _ in _CEYLON.advisors}
    | {tile.shape for tile in _CEYLON.large_tiles}
) - {"a"}  # "a" is Spanish too
COLOUR_WORDS = {c.lower() for c in (*IMHOTEP_EN, *IMHOTEP_ES, *CEYLON_EN, *CEYLON_ES)}


def english_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)} & ENGLISH


def check_buttons(options: list[dict[str, str]], names: list[str], where: str) -> None:
    for lang in ("en", "es"):
        texts = [o[lang] for o in options]
        assert len(set(texts)) == len(texts), f"{where} {lang}: two answers read alike: {texts}"
        for text in texts:
            assert text.strip(), f"{where} {lang}: an empty button"
            first = text.split()[0].strip(":,.").lower()
            assert first not in COLOUR_WORDS, f"{where} {lang}: {text!r} starts with a colour"
            assert not any(text.startswith(n) for n in names), f"{where}: {text!r} names a player"
            if lang == "es":
                assert not english_words(text), f"{where}: English in {text!r}"


def test_the_checks_can_fail() -> None:
    # What the buttons read before describe_option: each check below catches it.
    past = {"en": "Black took stones from the quarry", "es": "Negro obtuvo piedras de la cantera"}
    with pytest.raises(AssertionError, match="colour"):
        check_buttons([past], PLAYERS, "past tense")
    with pytest.raises(AssertionError, match="English"):
        check_buttons([{"en": "x", "es": "Salió el consejero banker"}], PLAYERS, "ids")
    with pytest.raises(AssertionError, match="alike"):
        same = {"en": "Red drew a card", "es": "Rojo robó una carta"}
        check_buttons([same, same], PLAYERS, "draws")


def test_every_manual_game_describes_its_options() -> None:
    assert set(MANUAL) == set(SERVED) - {"amritsar"}
    for game in MANUAL:
        session = new_table_session(game, PLAYERS[:2], seed=1)
        assert isinstance(session, RulesSession)
        assert isinstance(session.rules, DescribesOptions), game


@pytest.mark.parametrize("game", MANUAL)
@pytest.mark.parametrize("seed", [3, 4])
def test_every_button_in_a_random_game(game: str, seed: int) -> None:
    rng = random.Random(seed)
    players = PLAYERS[: 2 + seed % 3]
    options = VARIANTS.get(game, ()) if seed % 2 == 0 else ()
    session = new_table_session(game, players, options, seed=seed, draws="phones")
    assert isinstance(session, RulesSession)
    names = [s.name for s in session.seats]
    decisions = 0
    while not session.seat_view(None)["finished"] and decisions < 400:
        seat = session.seat_view(None)["decision"]["seat"]
        view = session.seat_view(seat)
        options = view["options"]
        assert options, view["decision"]
        where = f"{game} seed {seed}, {view['decision']['kind']}"
        check_buttons(options, names, where)
        # The button is the option's own text, not the history's past-tense line.
        history = [session.rules.describe_action(session.state, a, "en") for a in
                   session.answers_for(seat)]  # fmt: skip
        assert [o["en"] for o in options] != history, where
        if view["decision"]["secret_draw"]:  # the phone offers faces the real pile may lack
            pile = {
                session.rules.format_action(a) for a in session.rules.legal_actions(session.state)
            }
            options = [o for o in options if o["action"] in pile]
        choice = rng.choice(options)["action"]
        outcome = session.answer(seat, choice, view["state_id"])
        assert outcome.ok, outcome
        decisions += 1
    assert decisions > 50
