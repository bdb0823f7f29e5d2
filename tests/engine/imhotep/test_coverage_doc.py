"""docs/imhotep-rules-coverage.md walks every section of the rulebook.

(That every test it names exists is checked for all games in
``tests/engine/test_coverage_doc.py``.)
"""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "imhotep-rules-coverage.md"
SECTIONS = ["Componentes", "Preparación de la partida", "Turno", "Final de la ronda", "Final de la partida",
            "Cara A", "caras B", "ira del faraón", "cartas de mercado"]  # fmt: skip


def test_every_section_of_the_rulebook_is_walked() -> None:
    text = DOC.read_text(encoding="utf-8")
    for section in SECTIONS:
        assert section in text, section
