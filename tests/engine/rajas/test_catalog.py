"""The catalog: every value's provenance, the override file, the assumed list."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from engine.rajas.catalog import CatalogError, Sourced, default_catalog, load_catalog, main


def test_every_value_says_where_it_comes_from() -> None:
    cat = default_catalog()
    sources = {item.source for item in cat.provenance}
    assert sources == {"rulebook", "published", "assumed"}
    assert all(item.detail for item in cat.provenance)
    assumed = {item.where for item in cat.assumed()}
    assert "rules.track_length" in assumed and "rules.tie_break" in assumed
    assert "rules.kali_capacity" not in assumed  # the text states 10
    published = [i for i in cat.provenance if i.source == "published"]
    assert all("missing from the source text" in i.detail for i in published)


def test_the_component_counts_of_the_rulebook_hold() -> None:
    cat = default_catalog()
    assert len(cat.tiles) == 64 and cat.value("dice_per_colour") == 12
    assert sum(1 for s in cat.spaces if s.area == "mixed") == 2
    assert cat.space_index("mogul") >= 0 and cat.spaces[cat.space_index("mogul")].dice_value == 4


def test_an_override_changes_a_value_and_marks_it(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("[rules.track_length]\nvalue = 60\n[tiles.O9]\ncost = 8\n", encoding="utf-8")
    cat = load_catalog(path)
    assert cat.value("track_length") == 60
    assert cat.tiles[cat.tile_index("O9")].cost == 8
    marked = {i.where: i.source for i in cat.provenance}
    assert marked["rules.track_length"] == "override" and marked["tiles[O9]"] == "override"


def test_a_bad_override_names_every_problem() -> None:
    with pytest.raises(CatalogError) as error:
        load_catalog({"nope": {}, "tiles": {"Z9": {"cost": 3}, "B1": {"colour": "pink"}}})
    text = "\n".join(error.value.problems)
    assert "unknown section [nope]" in text and "[tiles.Z9]" in text
    with pytest.raises(CatalogError, match="pink"):
        load_catalog({"tiles": {"B1": {"colour": "pink"}}})


def test_the_assumed_values_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert f"{len(default_catalog().assumed())} assumed values" in out
    assert "rules.track_length" in out


def test_a_reading_the_engine_does_not_implement_is_refused_not_ignored() -> None:
    with pytest.raises(CatalogError, match=r"karma_before_placing\.value: the engine implements"):
        load_catalog({"rules": {"karma_before_placing": {"value": False}}})
    assumed = {item.where for item in default_catalog().assumed()}
    assert {"rules.karma_before_placing", "rules.river_skips_occupied"} <= assumed


#: how a note marks a value shown only on the components (icons, board and tile faces)
PRINTED_ONLY = ("printed only", "printed on the board only")


def unlabelled(provenance: Iterable[Sourced]) -> list[str]:
    """Published or assumed entries that are neither printed-only nor say the text lacks them."""
    return [
        item.where
        for item in provenance
        if item.source in ("published", "assumed")
        and not any(mark in item.detail for mark in PRINTED_ONLY)
        and "missing from the source text" not in item.detail
    ]


def test_every_rule_absent_from_the_text_says_so() -> None:
    # the issue: "mark every missing rule in the catalog ... as `missing from the source text`"
    cat = default_catalog()
    assert unlabelled(cat.provenance) == []
    notes = {item.where: item.detail for item in cat.provenance}
    for key in ("start_player_by_dancer_only", "new_worker_at_once", "river_skips_occupied"):
        assert "missing from the source text" in notes[f"rules.{key}"]
    # the check can fail: an assumed rule with a bare note is caught, a printed-only one is not
    bare = Sourced("rules.x", "assumed", "whether x holds is UNCONFIRMED; x assumed")
    printed = Sourced("rules.y", "assumed", "printed only; 5 assumed")
    text = Sourced("rules.z", "rulebook", "Preparar")
    assert unlabelled([bare, printed, text]) == ["rules.x"]
