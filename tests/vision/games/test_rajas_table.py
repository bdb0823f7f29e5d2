"""Rajas of the Ganges' camera table: rendered frames read back, unknown never wrong.

Frames are rendered at the harsh renderer's full size (3200 x 2400): the
stickers are sized for it. Each scene is rendered once per module.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from companion.cli import main
from engine.core.registry import get_rules
from engine.rajas.catalog import default_catalog
from engine.rajas.state import EMPTY, RESIDENCE
from engine.rajas.view import RajasObservation
from vision.games import table_for
from vision.games.rajas import kit
from vision.games.rajas import layout as L
from vision.games.rajas.plan import RajasPlan, rajas_plan
from vision.games.rajas.read import RajasReader
from vision.games.rajas.render import Piece, RajasRenderer
from vision.plan import USABLE_IDS
from vision.sources import Frame

ROOT = Path(__file__).resolve().parents[3]
TABLE = table_for("rajas")  # one table for the module: its renders are cached
assert TABLE is not None
READ = ("spaces", "provinces", "tops", "boats", "fame", "money", "elephant", "dice")
PHONE = ("karma", "levels", "workers")


def _game(players: int, seed: int, steps: int) -> RajasObservation:
    """A real position: a random game of the rules, then tiles laid by hand in
    every turn (the random games of a few steps lay few)."""
    rules = get_rules("rajas")
    rng = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    for _ in range(steps):
        if rules.decision(state).is_over:
            break
        if rules.decision(state).is_chance:
            action = rules.random_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state, _ = rules.apply(state, action, check=False)
    obs = rules.observe(state).as_seen()
    assert isinstance(obs, RajasObservation) and obs.provinces is not None
    used = {t for t in obs.tops or () if t is not None and t >= 0}
    free = [t for t in range(64) if t not in used]
    provinces = []
    for seat, cells in enumerate(obs.provinces):
        row = list(cells)
        for k, cell in enumerate((7, 11, 13)):
            tile = free[seat * 3 + k]
            row[cell] = tile * 4 + (seat + k) % 4
        provinces.append(tuple(row))
    return replace(obs, provinces=tuple(provinces))


def _read(
    obs: RajasObservation,
    seed: int,
    condition: str = "ideal",
    hand: bool = False,
    renderer: RajasRenderer | None = None,
    frames: int = 4,
) -> tuple[RajasObservation | None, RajasReader]:
    table = TABLE
    reader = table.reader(table.calibration(seed, condition))
    assert isinstance(reader, RajasReader)
    seen = None
    for n in range(frames):
        image = (
            renderer.frame(obs, hand, n)
            if renderer is not None
            else table.render(obs, seed=seed, condition=condition, hand=hand, frame=n)
        )
        seen = reader.read(Frame(image=image, number=n, time=n / 10))
    return seen, reader


def _leaves(value: object) -> list[object]:
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _unknown_where_read(name: str, want: object, got: object) -> int:
    """Asserts ``got`` is ``want`` wherever read (a ``None`` item, such as a
    seat's dice, stands for all its leaves); returns the leaves left unknown."""
    if got is None:
        return len(_leaves(want))
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(want) == len(got), name
        return sum(
            _unknown_where_read(f"{name}[{k}]", a, b)
            for k, (a, b) in enumerate(zip(want, got, strict=True))
        )
    assert want == got, f"{name}: truth {want}, read {got}"
    return 0


def _no_wrong(truth: RajasObservation, seen: RajasObservation) -> int:
    """Asserts that every value read is the truth; returns how many places were unknown."""
    unknown = 0
    for name in READ:
        want, got = getattr(truth, name), getattr(seen, name)
        if got is None:
            unknown += len(_leaves(want))
            continue
        unknown += _unknown_where_read(name, want, got)
    for name in PHONE:
        assert getattr(seen, name) is None, f"{name} is left to the phone"
    return unknown


@cache
def four_players() -> RajasObservation:
    return _game(4, 7, 60)


@cache
def ideal_read() -> tuple[RajasObservation | None, RajasReader]:
    return _read(four_players(), 11)


@cache
def first_frame_read() -> RajasObservation | None:
    return _read(four_players(), 11, frames=1)[0]


def test_the_files_of_the_kit_are_in_step() -> None:
    assert (ROOT / "hardware/rajas/markers.csv").read_text() == kit.plan_csv()
    assert (ROOT / "hardware/rajas/layout.json").read_text() == kit.layout_json()
    readme = (ROOT / "hardware/rajas/README.md").read_text()
    for kind in {e.kind for e in rajas_plan().entries}:
        assert kind in readme, kind
    pdfs = kit.sheets("letter")
    assert all(data.startswith(b"%PDF") for data in pdfs.values())


def test_the_plan_uses_each_usable_id_once_and_every_tile() -> None:
    plan = rajas_plan()
    assert sorted(plan.ids) == sorted(set(plan.ids))
    assert set(plan.ids) <= set(USABLE_IDS)
    tiles = {e.component for e in plan.entries if e.kind == "tile"}
    assert tiles == {t.id for t in default_catalog().tiles}


def test_the_cli_writes_the_rajas_plan(tmp_path: Path) -> None:
    out = tmp_path / "plan.csv"
    assert main(["markers", "plan", "--game", "rajas", "--out", str(out)]) == 0
    assert out.read_text() == kit.plan_csv()


def test_an_ideal_frame_reads_exactly() -> None:
    truth = four_players()
    seen, reader = ideal_read()
    assert seen is not None, reader.problems()
    assert _no_wrong(truth, seen) == 0
    # the tiles laid by hand, turned every way, are read with their rotation
    assert seen.provinces is not None
    assert {v & 3 for cells in seen.provinces for v in cells if v is not None and v >= 0} == {
        0,
        1,
        2,
        3,
    }
    assert seen.provinces[0][2] == RESIDENCE


def test_the_reader_waits_for_frames_that_agree() -> None:
    assert first_frame_read() is None


def test_a_hand_over_the_table_makes_places_unknown_never_empty() -> None:
    truth = four_players()
    seen, reader = _read(truth, 12, hand=True)
    assert seen is not None, reader.problems()
    assert _no_wrong(truth, seen) > 0


def test_two_and_three_players_are_told_by_the_closed_spaces() -> None:
    for players, seed in ((2, 21), (3, 22)):
        truth = _game(players, seed, 30)
        seen, reader = _read(truth, seed)
        assert seen is not None, reader.problems()
        assert seen.fame is not None and len(seen.fame) == players
        assert seen.provinces is not None and len(seen.provinces) == players
        _no_wrong(truth, seen)
        cat = default_catalog()
        closed = L.CLOSED_2P if players == 2 else L.CLOSED_3P
        assert seen.spaces is not None
        assert all(seen.spaces[cat.space_index(n)] == EMPTY for n in closed)


class _Spoilt(RajasRenderer):
    """A table with three faults: worker 0 on Q1 carries a 6 mm sticker (too small),
    a province tile's sticker is missing, and a tile lies on action space Q3."""

    def _pieces(self, obs, players):  # type: ignore[no-untyped-def]
        pieces, poses = super()._pieces(obs, players)
        out = []
        for p in pieces:
            if p.at == p.at and p.shape == "disc" and p.height == 22.0 and _near(p.at, 0):
                p = replace(p, side_mm=6.0)
            out.append(p)
        tile = self.plan.find("tile", "P16")
        out.append(
            Piece(
                L.space_centre(2),
                19.0,
                2.0,
                (110, 40, 90),
                tile.marker_id,
                tile.side_mm,
                0.0,
                "square",
            )
        )
        return out, poses

    def _province(self, tex, pose, cells, seat, r):  # type: ignore[no-untyped-def]
        pieces = super()._province(tex, pose, cells, seat, r)
        if seat == 0:
            pieces = [replace(p, marker_id=-1) if _cell_of(pose, p) == 7 else p for p in pieces]
        return pieces


def _near(at: tuple[float, float], space: int) -> bool:
    x, y = L.space_centre(space)
    return abs(at[0] - x) < 8 and abs(at[1] - y) < 8


def _cell_of(pose: L.Pose, p: Piece) -> int:
    x, y = pose.to_local(p.at)
    return int((y - L.PROVINCE_BORDER) // L.CELL_MM) * 5 + int((x - L.PROVINCE_BORDER) // L.CELL_MM)


def test_a_small_or_missing_sticker_or_a_tile_on_a_space_is_unknown() -> None:
    truth = four_players()
    assert truth.spaces is not None
    spaces = list(truth.spaces)
    spaces[0] = 0  # a red worker on Q1
    truth = replace(truth, spaces=tuple(spaces))
    renderer = _Spoilt(13, "ideal", None, rajas_plan())
    seen, reader = _read(truth, 13, renderer=renderer)
    assert seen is not None and seen.spaces is not None and seen.provinces is not None
    _no_wrong(replace(truth, spaces=(*spaces[:2], -1, *spaces[3:])), seen)
    assert seen.spaces[0] is None  # the 6 mm sticker is not read: not "empty" either
    assert seen.provinces[0][7] is None  # no sticker on the tile, and its spot hidden
    assert seen.spaces[2] is None  # a tile where the plan puts none, over the spot
    assert any("province tile" in p or "tile P16" in p for p in reader.problems())


def test_the_calibration_undistorts_a_wide_lens() -> None:
    truth = four_players()
    seen, reader = _read(truth, 14, condition="wide-lens-calibrated")
    assert reader.calibration is not None
    assert seen is not None, reader.problems()
    assert _no_wrong(truth, seen) < 10


def test_a_plan_with_a_repeated_id_is_refused() -> None:
    entries = rajas_plan().entries
    with pytest.raises(ValueError, match="twice"):
        RajasPlan((*entries, entries[0]))
