"""The board layout: complete, self-consistent, editable as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.layout import (
    OCCUPANT_KINDS,
    Layout,
    ZoneIndex,
    ZoneKind,
    default_layout,
    donation_space_names,
    load_layout,
    validate_layout,
)

ROOT = Path(__file__).resolve().parents[2]


def test_default_layout_is_complete() -> None:
    assert validate_layout(default_layout()) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_zone_anchor_lies_in_its_own_zone_only(players: int) -> None:
    layout = default_layout()
    index = ZoneIndex(layout, players)
    for kind in OCCUPANT_KINDS:
        for zone in layout.of_kind(kind, players):
            for point in zone.anchors or (zone.centre,):
                assert index.lookup(*point) is zone, (zone.key, point)


def test_donation_pyramid_sizes_follow_player_count() -> None:
    assert len(donation_space_names(2)) == 4 * (4 + 3 + 2 + 1)
    assert len(donation_space_names(1)) == len(donation_space_names(2))
    assert len(donation_space_names(4)) == 4 * (6 + 5 + 4 + 3)
    layout = default_layout()
    assert {z.name for z in layout.of_kind(ZoneKind.DONATION, 3)} == set(donation_space_names(3))


def test_hardware_layout_file_is_the_default_and_loads() -> None:
    path = ROOT / "hardware" / "layout.json"
    assert path.read_text(encoding="utf-8") == default_layout().to_json(), (
        "run `companion markers layout --out hardware/layout.json`"
    )
    assert load_layout(path).zones == default_layout().zones


def test_an_edited_layout_moves_the_zone(tmp_path: Path) -> None:
    data = json.loads(default_layout().to_json())
    for z in data["zones"]:
        if z["kind"] == "section" and z["name"] == "N1":
            z["polygon"] = [[p[0] + 5, p[1]] for p in z["polygon"]]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    moved = load_layout(path).zone(ZoneKind.SECTION, "N1")
    assert moved.polygon[0][0] == default_layout().zone(ZoneKind.SECTION, "N1").polygon[0][0] + 5


def test_incomplete_or_broken_layouts_name_the_problem(tmp_path: Path) -> None:
    data = json.loads(default_layout().to_json())
    data["zones"] = [z for z in data["zones"] if not (z["kind"] == "path" and z["name"] == "E")]
    with pytest.raises(ValueError, match="path zones missing: E"):
        Layout.from_dict(data)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_layout(bad)
    with pytest.raises(ValueError, match="cannot read layout"):
        load_layout(tmp_path / "missing.json")
    data = json.loads(default_layout().to_json())
    data["zones"][0]["polygon"] = [[0, 0], [1, 1]]
    with pytest.raises(ValueError, match="at least 3 points"):
        Layout.from_dict(data)
