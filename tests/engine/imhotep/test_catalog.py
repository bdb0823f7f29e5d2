"""The catalog: component counts, provenance of every value, the owner's override file."""

from __future__ import annotations

import pytest

from engine.imhotep.catalog import CatalogError, default_catalog, load_catalog, main


def test_components_match_the_rulebook():
    c = default_catalog()
    assert sorted(b.size for b in c.boats) == [1, 2, 2, 3, 3, 3, 4, 4]
    assert all(len(c.round_cards_for(n)) == 7 for n in (2, 3, 4))
    assert sum(card.count for card in c.cards) == 34
    counts = {card.id: card.count for card in c.cards}
    assert (
        counts["statue"] == 10
        and counts["sail"] == 3
        and counts["chisel"] == 3
        and counts["lever"] == 2
    )
    assert len(c.pyramid_a) == 14


def test_every_value_has_a_source_and_icons_are_assumed():
    c = default_catalog()
    sources = {item.where: item for item in c.provenance}
    assert sources["boats[1]"].source == "assumed" and "icon" in sources["boats[1]"].detail
    assert sources["sites.pyramid_a"].source == "assumed"
    assert sources["rules.sled_capacity"].source == "rulebook"
    assert sources["rules.sled_capacity"].detail == "Obtener nuevas piedras"
    assert all(item.detail for item in c.provenance)
    assert len(c.assumed()) >= 30


def test_an_override_changes_a_value_and_marks_it(tmp_path):
    path = tmp_path / "my-copy.toml"
    path.write_text(
        "[boats.3]\nminimum = 3\n\n[sites.pyramid_a]\nvalue = [1,1,1,1,1,1,1,1,1,1,1,1,1,9]\n"
    )
    c = load_catalog(path)
    assert c.boat(3).minimum == 3 and c.pyramid_a[-1] == 9
    sources = {item.where: item.source for item in c.provenance}
    assert sources["boats[3]"] == "override" and sources["sites.pyramid_a"] == "override"
    assert default_catalog().boat(3).minimum == 2  # the default is untouched


def test_a_bad_override_lists_every_problem(tmp_path):
    with pytest.raises(CatalogError) as error:
        load_catalog(
            {"boats": {"9": {"size": 2}, "3": {"colour": "red", "minimum": 7}}, "dice": {}}
        )
    text = "\n".join(error.value.problems)
    assert "unknown section [dice]" in text
    assert "[boats.9] does not name anything" in text
    assert "no field 'colour'" in text
    with pytest.raises(CatalogError, match="minimum: 4 is more than the boat holds"):
        load_catalog({"boats": {"3": {"minimum": 4}}})
    path = tmp_path / "broken.toml"
    path.write_text("[boats\n")
    with pytest.raises(CatalogError, match="not valid TOML"):
        load_catalog(path)


def test_the_command_lists_assumed_values(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "assumed values" in out and "boats[8]" in out
