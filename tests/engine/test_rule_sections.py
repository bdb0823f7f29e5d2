"""Every refusal names its rulebook section in the player's language.

A Spanish player who reads "(End of Game: Objectives)" under a Spanish alert
cannot find the page: each game's refusals name their section in English and
Spanish, and the Spanish title is the Spanish rulebook's own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.amritsar.reasons import TABLE as AMRITSAR
from engine.amritsar.rules.scoring import CATEGORIES
from engine.amritsar.sections import section_words, unknown_names
from engine.ceylon.reasons import TABLE as CEYLON
from engine.core.reasons import ReasonTable
from engine.imhotep.reasons import TABLE as IMHOTEP
from engine.rajas.reasons import TABLE as RAJAS

RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
#: The companion's own sections (no rulebook prints them).
OWN = {"Camera", "Sensor board"}


@pytest.mark.parametrize("table", [AMRITSAR, CEYLON, IMHOTEP, RAJAS], ids=lambda t: t.game)
def test_every_refusal_names_its_section_in_both_languages(table: ReasonTable) -> None:
    for code in table.entries:
        reason = table.reason(code)
        if not reason.rule:
            continue
        assert reason.rule in table.sections, f"{table.game} {code}: {reason.rule!r} has no words"
        english, spanish = reason.rule_en, reason.rule_es
        assert english and spanish and english != spanish, f"{table.game} {code}: {spanish!r}"


def test_every_amritsar_section_a_refusal_or_score_line_names_is_known_in_spanish() -> None:
    rules = {entry[0] for entry in AMRITSAR.entries.values()} | {c[0] for c in CATEGORIES.values()}
    for rule in rules:
        assert not unknown_names(rule), f"{rule!r}: no Spanish for {unknown_names(rule)}"
    assert section_words("Solo Mode: his board") == (
        "Solo Mode: his board",
        "Modo solitario: su tablero",
    )
    assert section_words("Game Setup, step 20")[1] == "Preparación de la partida, paso 20"
    assert section_words("Phase I. Move your elephant; Phase 3")[1] == (
        "Fase 1. Mover tu elefante; Fase 3. Mover tu elefante"
    )


def test_amritsar_spanish_sections_are_the_spanish_rulebook_titles() -> None:
    book = RULES / "amritsar-reglamento-es.txt"
    if not book.exists():
        pytest.skip(f"the rulebook is not beside the repository ({book})")
    titles = {
        line.lstrip("#").strip().lower()
        for line in book.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    rules = {entry[0] for entry in AMRITSAR.entries.values()} | {c[0] for c in CATEGORIES.values()}
    for rule in rules - OWN:
        spanish = section_words(rule)[1]
        # "Fin de partida: Objetivos", "Fase 1. Mover tu elefante; Fase 3": each part a title.
        parts = re.split(r": |; |, paso | \(", spanish)
        head = parts[0].strip().lower()
        assert head in titles, (
            f"{rule!r} -> {spanish!r}: {head!r} is no title of the Spanish rulebook"
        )
