"""Every sentence of the Maharajah's turn, rendered in both languages with 0, 1
and 2 of a thing: numbers agree, Spanish districts carry their article and
contract ("del Este al Sur"), no "coin(s)"-style plurals, pieces named as the
box names them (engine.amritsar.maharajah_texts)."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

import engine.amritsar.game  # noqa: F401  (registers the rules before the texts import them)
from engine.amritsar.effects import Op, Step
from engine.amritsar.maharajah_texts import (
    INSTRUCTIONS,
    TRACE,
    Word,
    coins_word,
    colour_word,
    district_word,
    pp_why,
    render,
    resource_word,
    resources_word,
    space_word,
    steps_word,
    storehouse_word,
    temple_word,
)
from engine.amritsar.rules.maharajah import benefit_word

#: For each placeholder: its value when the sentence speaks of ``n`` things
#: (``code`` for the placeholders whose counting depends on the sentence).
SAMPLES: dict[str, Callable[[int, str], Any]] = {
    "amount": lambda n, code: steps_word(n) if code.startswith("pp_") else n,
    "benefit": lambda n, code: benefit_word(
        (Step(Op.PP, n), Step(Op.RESOURCE, n, 0), Step(Op.COUNTER, n), Step(Op.ANY, n))
    ),
    "coins": lambda n, code: coins_word(n),
    "col": lambda n, code: n + 1,
    "colour": lambda n, code: colour_word(n),
    "decade": lambda n, code: "II",
    "direction": lambda n, code: Word("forward", "adelante"),
    "district": lambda n, code: district_word(n),
    "first": lambda n, code: colour_word(n),
    "have": lambda n, code: storehouse_word((n, n, 0)),
    "level": lambda n, code: n + 1,
    "n": lambda n, code: n + 1,
    "needs": lambda n, code: Word(
        f"level 2 needs {resources_word((n, 1, 0)).en}",
        f"el nivel 2 necesita {resources_word((n, 1, 0)).es}",
    ),
    "objective": lambda n, code: Word(
        "1 PP per counter in the Northern District", "1 PP por contador en el Norte"
    ),
    "order": lambda n, code: Word(
        ", ".join(district_word(d).en for d in range(4)),
        ", ".join(district_word(d).es for d in range(4)),
    ),
    "points": lambda n, code: n,
    "pp": lambda n, code: n,
    "resource": lambda n, code: resource_word(n % 3, n if "amount" in _fields(code) else 1),
    "resources": lambda n, code: resources_word((n, n, 0)),
    "row": lambda n, code: n + 1,
    "second": lambda n, code: colour_word(3 - n),
    "source": lambda n, code: district_word(n) if code == "elephant" else n,
    "space": lambda n, code: n + 1,
    "target": lambda n, code: (
        space_word(n)
        if code == "token"
        else Word("elephant", "elefante")
        if code == "counter_from_board"
        else n + 1
    ),
    "tie": lambda n, code: "",
    "tile": lambda n, code: temple_word((4, 3, 2, 1)),
    "to": lambda n, code: n + 2,
    "total": lambda n, code: 10 + n,
    "wanted": lambda n, code: resource_word(n % 3),
    "why": lambda n, code: pp_why("majority", f"decade I, {district_word(n).en} (T1)"),
}

TEMPLATES = {**TRACE, **INSTRUCTIONS}


def _fields(code: str) -> set[str]:
    return {
        name for text in TEMPLATES[code] for _, name, _, _ in string.Formatter().parse(text) if name
    }


def rendered() -> list[tuple[str, int, str, str]]:
    result = []
    for code in TEMPLATES:
        for n in (0, 1, 2):
            values = {name: SAMPLES[name](n, code) for name in _fields(code)}
            en, es = render(TEMPLATES[code], values)
            result.append((code, n, en, es))
    return result


ENGLISH_SINGULAR = re.compile(r"(?<![\d.])1 (coins|marbles|steps|spaces|counters|resources)\b")
ENGLISH_PLURAL = re.compile(r"\b(0|[2-9]) (coin|marble|step|counter|resource)\b(?! (track|row))")
SPANISH_SINGULAR = re.compile(
    r"(?<![\d.])1 (monedas|mármoles|cobres|oros|casillas|contadores|recursos)\b"
)
SPANISH_PLURAL = re.compile(r"\b(0|[2-9]) (moneda|mármol|cobre|oro|casilla|contador|recurso)\b")


def test_every_template_has_a_sample_for_each_of_its_placeholders() -> None:
    missing = {name for code in TEMPLATES for name in _fields(code)} - set(SAMPLES)
    assert not missing, f"add samples for {sorted(missing)}"


def test_every_sentence_agrees_in_number_in_both_languages() -> None:
    problems = []
    for code, n, en, es in rendered():
        for pattern, text in (
            (ENGLISH_SINGULAR, en),
            (ENGLISH_PLURAL, en),
            (SPANISH_SINGULAR, es),
            (SPANISH_PLURAL, es),
        ):
            if pattern.search(text):
                problems.append(f"{code} with {n}: {text}")
        if "(s)" in en + es or "(es)" in es or "{" in en + es:
            problems.append(f"{code} with {n}: {en} / {es}")
        if re.search(r"\bNo quedan (mármol|cobre|oro)\b", es):
            problems.append(f"{code} with {n}: {es}")
    assert not problems, "\n".join(problems)


def test_spanish_districts_carry_their_article_and_contract() -> None:
    problems = []
    for code, _n, _, es in rendered():
        if re.search(r"\b(de|a) el\b", es):
            problems.append(f"{code}: {es}")
        if re.search(r"\b(en|de|a|indica) (Norte|Este|Sur|Oeste)\b", es):
            problems.append(f"{code}: {es}")
        if es[:1].islower():
            problems.append(f"{code}: {es}")
    assert not problems, "\n".join(problems)
    elephant = render(
        INSTRUCTIONS["elephant"], {"source": district_word(1), "district": district_word(2)}
    )
    assert elephant[1] == "Mueve el elefante del marajá del Este al Sur (gratis, sin penalización)."


def test_pieces_are_named_as_the_box_names_them() -> None:
    texts = " ".join(en + " " + es for _, _, en, es in rendered())
    assert "action marker" not in texts and "marcadores de acción" not in texts
    mark = render(INSTRUCTIONS["mark_two"], {"first": colour_word(0), "second": colour_word(2)})
    assert mark == (
        "Put his 2 Knowledge Counters on the yellow and white worker actions of his board.",
        "Coloca sus 2 contadores de conocimiento en las acciones del trabajador amarillo y "
        "del trabajador blanco de su tablero.",
    )
    assert not re.search(r"\bT[1-4]\b", texts), "temple tiles by what is printed, not ids"
    majority = pp_why("majority", "decade II, South (T3)")
    assert (majority.en, majority.es) == ("Majority, South", "Mayoría, Sur")
