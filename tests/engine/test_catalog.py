"""The component catalog: loading, validation, owners' overrides, the printed report.

Overrides are real TOML files written to a temporary directory, read by the
same loader the companion uses; the command line runs for real (in process
through ``companion.cli.main``, and once as ``python -m engine.amritsar.catalog``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main as companion
from engine.amritsar.catalog import CatalogError, default_catalog, load_catalog
from engine.amritsar.catalog_report import partly_assumed, render
from engine.amritsar.game import new_game
from tests.engine.build import at_turn, change, legal, play, seat, table

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str, name: str = "my-box.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(CatalogError) as caught:
        load_catalog(write(tmp_path, text))
    return caught.value.problems


def test_the_shipped_catalog_matches_the_component_list() -> None:
    c = default_catalog()
    counts = (
        len(c.district_tiles),
        len(c.temple_tiles),
        len(c.bridge_tiles),
        len(c.donation_tiles),
        len(c.storehouses),
        len(c.objectives),
        len(c.mahout_tiles) * 4,
    )
    assert counts == (12, 4, 6, 12, 15, 24, 28)
    for value in c.values:
        assert value.source.split(":")[0] in ("rulebook", "assumed"), value.path


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("[nonsense]\nx = 1\n", "override: unknown section [nonsense]"),
        ("[storehouses.S99]\ncapacity = 3\n", "[storehouses.S99] does not name anything"),
        ("[storehouses.S01]\nspaces = 3\n", "[storehouses.S01] has no field 'spaces'"),
        ('[rules.starting_pp]\nvalue = "five"\n', "rules.starting_pp: expected a whole number"),
        ('[district_tiles.DY1]\nmain = "marble:x"\n', "district_tiles.DY1.main: 'marble:x'"),
        ('[district_tiles.DY1]\ncolour = "blue"\n', "blue district tiles: found 4, the game has 3"),
        ('[objectives.A1]\ndistrict = "Q"\n', "objectives.A1: unknown value 'Q'"),
        ('[storehouses.S04]\ncolour = "white"\n', "S04: a white-worker storehouse names yellow"),
        ('[mahout_tiles.donate]\naction = "market"\n', "exactly one, the donation tile, starts"),
        ("[rules.maharajah_penalty]\nvalue = [1, 2]\n", "one value per decade (3), got 2"),
        ('[rules.maharajah_start_space]\nvalue = "NS"\n', "'NS' is not one of"),
        (
            "[donation_tiles.2N]\nlevels = ["
            '{cost = "marble", pp = [1, 1, 1, 1]}, {cost = "copper", pp = [3, 3, 3, 3]}, '
            '{cost = "gold", pp = [5, 5]}, {cost = "marble+copper+gold", pp = [8]}]\n',
            "level 2 has 4 spaces on 4 below; each space needs the 2 below it, so it must have 3",
        ),
        ("[personal_board.storehouse_spaces]\nvalue = 4\n", "12 counter spaces plus 5"),
        ("[market.gold]\nfilled_at_setup = 9\n", "market.gold: 9 filled at setup but only 5 rows"),
        ("[storehouses]\nS01 = 3\n", "[storehouses.S01] must be a table of values"),
    ],
)
def test_a_broken_override_file_is_refused_with_a_clear_message(
    tmp_path: Path, override: str, message: str
) -> None:
    found = problems(tmp_path, override)
    assert any(message in problem for problem in found), found


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        "[rules.starting_pp]\nvalue = -1\n[storehouses.S01]\ncapacity = 0\n[objectives.ZZ]\npp = [1]\n",
    )
    assert len(found) == 3
    with pytest.raises(CatalogError) as caught:
        load_catalog(write(tmp_path, "[rules.starting_pp]\nvalue = -1\n"))
    assert "1 problem:" in str(caught.value) and "rules.starting_pp" in str(caught.value)


def test_files_that_cannot_be_read_say_why(tmp_path: Path) -> None:
    assert "not valid TOML" in problems(tmp_path, "[rules.starting_pp\n")[0]
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path / "missing.toml")
    assert "cannot read" in caught.value.problems[0]


def test_an_override_changes_values_and_marks_them(tmp_path: Path) -> None:
    path = write(tmp_path, "[market.marble]\nprice = [3, 2, 2, 1, 1]\n", "box.toml")
    catalog = load_catalog(path)
    assert catalog.market[0].price == (3, 2, 2, 1, 1)
    assert catalog.market[0].source == "override: box.toml"
    assert catalog.market[1].source.startswith("assumed")  # untouched
    report = render(catalog)
    changed = report.split("Values changed by the override file (1)")[1]
    assert "market.marble" in changed and "override: box.toml" in changed
    # A game on that catalog uses it: one marble left now costs 3.
    s = new_game(2, seed=1, catalog=catalog)
    assert s.catalog.market[0].price[0] == 3


def test_an_override_may_give_its_own_source(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "[temple_tiles.T1]\npp = { N = 4, E = 2, S = 3, W = 1 }\n"
        'source = "override: checked on my copy, 2024"\n',
    )
    catalog = load_catalog(path)
    assert catalog.temple_tiles[0].pp == (4, 2, 3, 1)
    assert catalog.temple_tiles[0].source == "override: checked on my copy, 2024"


def test_an_overridden_catalog_plays() -> None:
    catalog = load_catalog({"market": {"copper": {"price": [4, 4, 4, 4, 4]}}})
    s = table(2)
    s = change(s, catalog=catalog)
    s = seat(s, 0, coins=3)
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L")  # DB2: a market action
    assert "buy C" not in legal(s) and "buy M" in legal(s)


def test_the_report_shows_every_component_and_every_assumed_value() -> None:
    catalog = default_catalog()
    report = render(catalog)
    for items in (
        catalog.district_tiles,
        catalog.temple_tiles,
        catalog.bridge_tiles,
        catalog.donation_tiles,
        catalog.storehouses,
        catalog.objectives,
        catalog.mahout_tiles,
    ):
        for item in items:
            assert f"\n{item.id} " in report, item.id
    assumed_part = report.split("Assumed values (")[1].split("Values changed")[0]
    listed = [v for v in catalog.values if v.assumed or partly_assumed(v.source)]
    assert assumed_part.startswith(f"{len(listed)})")
    for value in listed:
        assert f"\n{value.path} " in assumed_part, value.path
    # Objectives read as their formulas.
    assert "most counters in the Northern District (at least 1): 5, second 2" in report
    assert "counters on level 3, 1/2/3/4+: 3/4/5/7" in report
    assert "Values changed by the override file (0)" in report


def test_the_report_in_spanish() -> None:
    report = render(default_catalog(), "es")
    assert "Losetas de distrito" in report and "Valores supuestos" in report
    assert "más contadores en el Norte (al menos 1): 5, segundo 2" in report


def test_companion_catalog_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["catalog"]) == 0
    out = capsys.readouterr().out
    assert out == render(default_catalog())


def test_companion_catalog_lists_problems_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "[storehouses.S99]\ncapacity = 3\n[rules.starting_pp]\nvalue = -2\n")
    assert companion(["catalog", "--override", str(path), "--lang", "es"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "El catálogo tiene problemas:",
        "  - override: [storehouses.S99] does not name anything in the catalog",
        "  - rules.starting_pp: expected a whole number >= 0, got -2",
    ]


def test_python_dash_m_engine_catalog(tmp_path: Path) -> None:
    path = write(tmp_path, '[bridge_tiles.BR6]\nbenefit = "pp:2"\n')
    done = subprocess.run(
        [sys.executable, "-m", "engine.amritsar.catalog", "--override", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "BR6  market         pp:2     O" in done.stdout
    assert "Values changed by the override file (1)" in done.stdout
