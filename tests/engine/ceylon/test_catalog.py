"""The catalog: component counts, provenance on every value, owner overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ceylon.catalog import CatalogError, load_catalog, main
from tests.engine.ceylon.build import CAT


def test_the_shipped_catalog_matches_the_component_list() -> None:
    assert len(CAT.districts) == 4 and len(CAT.hexes) == 32
    assert sum(f.count for f in CAT.faces) == 46 and len(CAT.faces) == 10
    assert len(CAT.contracts) == 20 and len(CAT.large_tiles) == 5 and CAT.small_tiles == 4
    assert len(CAT.advisors) == 8 and len(CAT.start_tiles) == 7
    assert all(sum(c.cubes) == 3 for c in CAT.contracts)
    # the rulebook's own example contract
    example = CAT.contract("C2-1")
    assert (example.cubes, example.rupees, example.points) == ((1, 2, 0), 11, 4)


def test_every_value_names_its_source_and_icon_only_ones_are_assumed() -> None:
    assert all(src.startswith(("rulebook", "assumed", "override")) for src in CAT.sources.values())
    assumed = dict(CAT.assumed())
    assert "cards:plant/harvest" in assumed and "contracts:C1-1" in assumed
    assert "rules:company_slots_freed_after" in assumed and "map:K3" in assumed
    assert "contracts:C2-1" not in assumed  # printed in the rulebook's example
    assert CAT.sources["rules:plant_cost"].startswith("rulebook")


def test_the_map_is_connected_and_every_tile_fits_every_district() -> None:
    seen, todo = {0}, [0]
    while todo:
        h = todo.pop()
        for other in range(32):
            if CAT.neighbours[h] >> other & 1 and other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == 32
    assert all(CAT.placements(t, d) for t in range(5) for d in range(4))


def test_an_override_changes_a_value_and_marks_its_source(tmp_path: Path) -> None:
    path = tmp_path / "my_copy.toml"
    path.write_text(
        '[contracts."C1-1"]\nrupees = 9\n[rules.tech_track_last]\nvalue = 12\n', encoding="utf-8"
    )
    catalog = load_catalog(path)
    assert catalog.contract("C1-1").rupees == 9 and catalog.value("tech_track_last") == 12
    assert catalog.sources["contracts:C1-1"] == "override: my_copy.toml"


def test_a_broken_override_is_refused_with_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[cards."plant/harvest"]\ncount = 9\n[contracts."C9-9"]\nrupees = 1\n[dice]\nx = 1\n'
        '[contracts."C1-1"]\ncolour = "red"\n',
        encoding="utf-8",
    )
    with pytest.raises(CatalogError) as error:
        load_catalog(path)
    text = " ".join(error.value.problems)
    assert (
        "[contracts.C9-9] does not name anything" in text
        and "unknown section [dice]" in text
        and "'colour'" in text
    )
    path.write_text('[cards."plant/harvest"]\ncount = 9\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="49 cards, 46 expected"):
        load_catalog(path)


def test_the_catalog_lists_its_assumptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "assumed" in capsys.readouterr().out


def test_an_owner_can_redraw_the_map_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    moved = load_catalog({"map": {"D1": {"col": 8, "row": 0}}})  # D1 moved east of K4
    refused = tmp_path / "map.toml"
    refused.write_text(
        "[map.K1]\ncol = 0\nrow = 0\n[elevation.L1]\ncells = [[0, 0], [5, 5], [0, 1], [1, 1]]\n",
        encoding="utf-8",
    )
    assert moved.sources["map:D1"] == "override: override"
    d1, k4, k8 = moved.hex_index("D1"), moved.hex_index("K4"), moved.hex_index("K8")
    assert moved.neighbours[d1] == (1 << k4) | (1 << k8) and not CAT.neighbours[d1] >> k4 & 1
    with pytest.raises(CatalogError) as error:
        load_catalog(refused)
    problems = " ".join(error.value.problems)
    assert "two hexes share a position" in problems and "4 touching hexes" in problems
