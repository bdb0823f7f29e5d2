"""Every refusal names its rulebook section and reads in English and Spanish;
``Filter`` prunes the legal actions for reconciliation."""

from __future__ import annotations

import re
from pathlib import Path

from engine.ceylon.reasons import TABLE
from engine.core.game import Filter
from tests.engine.ceylon.build import H, R, play, table

FIELD = re.compile(r"\{(\w+?)(?:_es)?\}")


def test_every_reason_has_a_section_and_both_languages_with_the_same_fields() -> None:
    for code, (rule, en, es) in TABLE.entries.items():
        assert en and es and en != es, code
        assert rule or code == "bad_value", code
        assert set(FIELD.findall(en)) == set(FIELD.findall(es)), code


def test_every_reason_the_engine_raises_is_in_the_table() -> None:
    package = Path(__file__).resolve().parents[3] / "engine" / "ceylon"
    source = "".join(p.read_text(encoding="utf-8") for p in package.glob("*.py"))
    raised = set(re.findall(r'_reason\(\s*"(\w+)"', source)) | set(
        re.findall(r'return \(\s*"(\w+)"', source)
    )
    assert raised and raised <= set(TABLE.entries)


def test_a_refusal_says_the_rule_and_the_fix() -> None:
    state = play(table(2), "play plant/harvest as plant")
    reason = R.why_illegal(state, R.parse_action("plant D2"))
    assert reason is not None
    assert reason.rule == "Acciones principales: Plantar"
    assert "move your pawn" in reason.en and "mueve antes tu peón" in reason.es
    assert reason.to_dict()["rule"] == reason.rule


def test_filter_keeps_only_the_kinds_and_first_arguments_asked_for() -> None:
    state = play(table(2), "play plant/harvest as plant")
    moves = R.legal_actions(state, Filter(kinds={"move"}))
    assert moves and all(a.kind == "move" for a in moves)  # type: ignore[attr-defined]
    one = R.legal_actions(state, Filter(kinds={"move"}, first={H("D2")}))
    assert one == [R.parse_action("move D2")]
    assert R.legal_actions(state, Filter(kinds={"trade"})) == []
