"""Ceylon's hardware files, sticker sheets and registration stay in step with the code."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from engine.ceylon.catalog import load_catalog
from vision.games import TABLES, table_for
from vision.games.ceylon import layout as L
from vision.games.ceylon import plan as P
from vision.games.ceylon.sheets import sheets, stickers
from vision.plan import USABLE_IDS

ROOT = Path(__file__).resolve().parents[3]
HARDWARE = ROOT / "hardware" / "ceylon"


def test_markers_csv_is_the_plan() -> None:
    text = (HARDWARE / "markers.csv").read_text(encoding="utf-8")
    assert text == P.rows(), (
        "rewrite hardware/ceylon/markers.csv from vision.games.ceylon.plan.rows()"
    )


def test_layout_json_is_the_layout() -> None:
    on_disk = json.loads((HARDWARE / "layout.json").read_text(encoding="utf-8"))
    assert on_disk == json.loads(L.LAYOUT.to_json())
    assert len(on_disk["hexes"]) == len(load_catalog().hexes) == 32


def test_plan_ids_are_usable_and_distinct() -> None:
    ids = [e.marker_id for e in P.ENTRIES]
    assert len(ids) == len(set(ids))
    assert set(ids) <= set(USABLE_IDS)
    assert set(P.CeylonPlan.ids) == set(ids)


def test_hexes_do_not_overlap_and_spots_stay_inside() -> None:
    centres = L.LAYOUT.hexes
    for i, a in enumerate(centres):
        for b in centres[i + 1 :]:
            assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= L.HEX_W - 0.01
        assert L.LAYOUT.hex_at(a) == i
        for slot in L.PAWN_SLOTS:  # a pawn on its place is in its hex
            assert L.LAYOUT.hex_at((a[0] + slot[0], a[1] + slot[1])) == i


def test_the_table_is_registered() -> None:
    assert "ceylon" in TABLES
    table = table_for("ceylon")
    assert table is not None and table.game == "ceylon"


def test_companion_markers_sheets_writes_ceylons_pdfs(tmp_path: Path) -> None:
    assert main(["markers", "sheets", "--game", "ceylon", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ceylon-board.pdf", "ceylon-pieces.pdf"]


def test_sticker_sheets_hold_every_copy() -> None:
    pieces, board = stickers(False), stickers(True)
    assert len(pieces) + len(board) == sum(e.copies for e in P.ENTRIES)
    assert sum(1 for s in board if s.marker_id == P.FREE_IDS[0]) == 32
    assert sum(1 for s in pieces if s.marker_id in P.FACE_IDS) == 46  # one per action card
    pdfs = sheets("letter")
    assert set(pdfs) == {"ceylon-pieces.pdf", "ceylon-board.pdf"}
    assert all(pdf.startswith(b"%PDF") for pdf in pdfs.values())
