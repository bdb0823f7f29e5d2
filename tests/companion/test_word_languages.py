"""English text carries no Spanish tell-tale words, and Spanish text no English ones.

Scanned: the pages' word tables (``i18n.js``, ``parts.js``,
``generic_board.js``), every game's refusal table with its rulebook sections,
and the refusals ``why_illegal`` gives for a sample of illegal actions in each
game, as the phones and the demos show them (the text and the section in the
same language). A short list of words that give a language away is enough:
a phase name left in the other language ("(Turno)", "(Preparar)") or the
Maharajah named two ways.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core.reasons import Reason, ReasonTable
from engine.core.registry import get_rules

#: Words that give Spanish away in English text, and English in Spanish text.
SPANISH = ("Turno", "Preparar", "Preparación", "Marajá", "partida", "jugador")
ENGLISH = ("Maharajah", "Turn", "Setup", "Setting", "player", "the", "missing")

STATIC = Path(__file__).resolve().parents[2] / "companion" / "server" / "static" / "js"
GAMES = ("amritsar", "imhotep", "ceylon", "rajas")


def _found(words: tuple[str, ...], text: str) -> list[str]:
    return [w for w in words if re.search(rf"\b{re.escape(w)}\b", text)]


def _js_words(name: str) -> dict[str, list[str]]:
    """The strings of a page's word table, by language (``en: {...}``, ``es: {...}``)."""
    words: dict[str, list[str]] = {"en": [], "es": []}
    language = None
    for line in (STATIC / name).read_text(encoding="utf-8").splitlines():
        opened = re.match(r"^\s*(en|es): \{\s*$", line)
        if opened:
            language = opened.group(1)
            continue
        if language and re.match(r"^\s*\},?\s*$", line):
            language = None
            continue
        if language:
            words[language] += re.findall(r'"((?:[^"\\]|\\.)*)"', line)
    return words


@pytest.mark.parametrize("name", ["i18n.js", "parts.js", "generic_board.js"])
def test_page_word_tables_keep_to_their_language(name: str) -> None:
    words = _js_words(name)
    assert len(words["en"]) > 10 and len(words["es"]) > 10  # the tables were read
    for text in words["en"]:
        assert not _found(SPANISH, text), (name, text)
    for text in words["es"]:
        assert not _found(ENGLISH, text), (name, text)


def test_the_check_catches_the_mixing_it_is_for() -> None:
    assert _found(SPANISH, "That is not the decision now (Turno)") == ["Turno"]
    assert _found(ENGLISH, "Esa no es la decisión (Setup)") == ["Setup"]
    assert _found(ENGLISH, "Turno del marajá") == []  # a whole word, not a part


def _tables() -> Iterator[ReasonTable]:
    import companion.rules_session as rules_session
    import engine.amritsar.reasons as amritsar
    import engine.ceylon.physical as ceylon_physical
    import engine.ceylon.reasons as ceylon
    import engine.imhotep.physical as imhotep_physical
    import engine.imhotep.reasons as imhotep
    import engine.rajas.physical as rajas_physical
    import engine.rajas.reasons as rajas

    modules: list[Any] = [
        amritsar,
        imhotep,
        imhotep_physical,
        ceylon,
        ceylon_physical,
        rajas,
        rajas_physical,
        rules_session,
    ]
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, ReasonTable):
                yield value


def _check(reason: Reason, where: str) -> None:
    english = f"{reason.en} ({reason.rule_en})"
    spanish = f"{reason.es} ({reason.rule_es})"
    assert not _found(SPANISH, english), (where, english)
    assert not _found(ENGLISH, spanish), (where, spanish)


def test_every_refusal_table_and_its_sections_keep_to_their_language() -> None:
    tables = list(_tables())
    assert {t.game for t in tables} >= set(GAMES)
    for table in tables:
        for code, (section, _en, _es) in table.entries.items():
            reason = table.reason(code)
            _check(reason, f"{table.game}:{code}")
            if table.game != "amritsar" and section:
                assert section in table.sections, (table.game, section)


@pytest.mark.parametrize("game", GAMES)
def test_refusals_of_illegal_actions_keep_to_their_language(game: str) -> None:
    """Actions legal somewhere in a game, tried where they are not: each refusal in one
    language, and (the three generic games) in words, never the action notation."""
    rules = get_rules(game)
    rng = random.Random(4)
    state = rules.new_game(3, seed=1)
    pool: list[Any] = []
    states = []
    for _ in range(250):
        decision = rules.decision(state)
        if decision.is_over:
            break
        actions = rules.legal_actions(state)
        pool += actions[:6]
        states.append(state)
        chosen = rules.random_chance(state, rng) if decision.is_chance else rng.choice(actions)
        state, _ = rules.apply(state, chosen)
    codes: set[str] = set()
    notation = _notation(rules, pool)
    for at in states[::5]:
        for action in rng.sample(pool, min(30, len(pool))):
            reason = rules.why_illegal(at, action)
            if reason is not None:
                codes.add(reason.code)
                _check(reason, f"{game}: {action}")
                if game != "amritsar":
                    _no_notation(reason, notation, f"{game}: {action}")
    assert len(codes) >= 3, codes  # a sample of several different rules


#: A piece of the action notation no player reads: an id with "_", "-" or "/" in it
#: (``paved_path``, ``take-blue``, ``harvest/tech``) or a die code (``b5``).
_CODE = re.compile(r"[^\s,]*[_/-][^\s,]*|[a-z][1-6]")


def _notation(rules: Any, actions: list[Any]) -> set[str]:
    """The code-like words of the actions' notation (``Rules.format_action``)."""
    words = {w for a in actions for w in re.split(r"[\s,]+", rules.format_action(a))}
    return {w for w in words if _CODE.fullmatch(w)}


def _no_notation(reason: Reason, notation: set[str], where: str) -> None:
    for text in (reason.en, reason.es):
        found = [w for w in notation if re.search(rf"(?<![\w/-]){re.escape(w)}(?![\w/-])", text)]
        assert not found, (where, found, text)


def test_the_notation_check_catches_action_codes() -> None:
    """Refusals as they read before they were worded are caught; a worded one passes."""
    seen = {}
    for game in ("imhotep", "ceylon", "rajas"):
        rules = get_rules(game)
        state = rules.new_game(3, seed=1)
        pool: list[Any] = []
        rng = random.Random(2)
        for _ in range(120):
            if rules.decision(state).is_over:
                break
            pool += rules.legal_actions(state)
            chance = rules.decision(state).is_chance
            legal = rules.legal_actions(state)
            chosen = rules.random_chance(state, rng) if chance else rng.choice(legal)
            state, _ = rules.apply(state, chosen)
        seen[game] = _notation(rules, pool)
    before = {
        "imhotep": "Esa no es una de las opciones ahora: card paved_path, card statue.",
        "ceylon": "No tienes una carta harvest/tech; juega una de tu mano.",
        "rajas": "take-blue ya tiene un trabajador: solo uno por casilla de acción.",
    }
    for game, text in before.items():
        with pytest.raises(AssertionError):
            _no_notation(Reason(text), seen[game], game)
    _no_notation(
        Reason("El palacio (coge un dado azul) ya tiene un trabajador."), seen["rajas"], ""
    )
