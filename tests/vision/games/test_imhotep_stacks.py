"""Imhotep's stacked sites read with the game's record, and edge guards under glare.

The pyramid, temple and obelisk tops are read where the record (``expect``)
puts them, or one level higher (a stone that just arrived); a top the frame
does not show safely stays ``None``, never the record's colour. A guard
washed out by glare no longer stops the reading; a hand over the edge still
does. A few frames at 2400 x 1800 keep the suite fast.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.imhotep.observe import ImhotepObservation
from vision.games import table_for
from vision.games.base import tell_record
from vision.games.imhotep.layout import LAYOUT, STONE_MM
from vision.games.imhotep.read import ImhotepReader
from vision.geometry import foot_to_ground
from vision.sources import Frame

SIZE = (2400, 1800)
TABLE = table_for("imhotep")
STACKS = ("pyramid_top", "temple_top", "obelisk_tops")


def _obs(**kw: object) -> ImhotepObservation:
    """A 4-player table (round card 41) with every stacked site in use."""
    base: dict[str, object] = {
        "round_card": 41,
        "boats": (
            (1, "harbour", ("black", "", "", "")),
            (2, "harbour", ("", "", "", "")),
            (3, "harbour", ("", "", "")),
            (6, "burial", ("", "")),
        ),
        "pyramid_top": ("black", "grey", "white"),
        "pyramid_covered": ("black", "grey", "white"),
        "temple_top": ("brown", "white", "grey", "black", "white"),
        "temple_covered": 2,
        "burial": ("white", "brown"),
        "obelisk_tops": ("black", "white", "brown"),
        "obelisk_heights": (2, 1, 3, 0),
        "towers": (),
        "market": ("hammer", "", "statue", "sail"),
        "market_face_down": 0,
        "cards": ((), (), (), ()),
        "sleds": (2, 5, 0, 3),
        "track": (3, 1, 0, 7),
    }
    base.update(kw)
    return ImhotepObservation(**base)  # type: ignore[arg-type]


def _read(shown, record, seed=3, edit=None, hand=False, frames=2):  # type: ignore[no-untyped-def]
    assert TABLE is not None
    reader = TABLE.reader(TABLE.calibration(seed, "ideal"))
    if record is not None:
        assert tell_record(reader, record)
    got = None
    for n in range(frames):
        image = TABLE.render(shown, seed=seed, size=SIZE, frame=n, hand=hand)
        if edit is not None and reader.registrar.last is not None:
            image = edit(image, reader)
        got = reader.read(Frame(image=image, number=n, time=n / 10))
    return got, reader


def _raw(reader: ImhotepReader, at: tuple[float, float], height: float) -> tuple[int, int]:
    """Where a point ``height`` mm above the mat at ``at`` shows in the frame."""
    reg = reader.registrar.last
    assert reg is not None
    g = foot_to_ground(at[0], at[1], reg.camera, height)
    x, y = reader.to_raw(reg.to_image(np.array([g], dtype=np.float64)))[0]
    return int(x), int(y)


def _glare(
    image: np.ndarray, at: tuple[int, int], radius: float, peak: float = 320.0
) -> np.ndarray:
    """A lamp's reflection added around ``at`` (pixels), saturating at its core."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    add = peak * np.exp(-((xx - at[0]) ** 2 + (yy - at[1]) ** 2) / (2 * radius**2))
    return np.clip(image + add[..., None], 0, 255).astype(np.uint8)


def test_stacked_tops_are_read_where_the_record_puts_them() -> None:
    obs = _obs()
    got, _ = _read(obs, obs)
    assert got is not None
    for name in STACKS:
        assert getattr(got, name) == getattr(obs, name), name
    # without the record the heights are not known: nothing is claimed
    got, _ = _read(obs, None)
    assert got is not None and all(getattr(got, name) is None for name in STACKS)
    # derived fields are never a reading
    assert got.pyramid_covered is None and got.temple_covered is None


def test_a_stone_that_just_arrived_is_found_one_level_up() -> None:
    table = _obs()
    # the record one move behind: the pyramid's third stone, the temple's
    # seventh (column 1, level 2: black under the white that now tops it) and
    # a stone on each of two obelisk towers (white's first) not recorded yet
    record = _obs(
        pyramid_top=("black", "grey"),
        pyramid_covered=("black", "grey"),
        temple_top=("brown", "black", "grey", "black", "white"),
        temple_covered=1,
        obelisk_tops=("black", "brown"),
        obelisk_heights=(2, 0, 2, 0),
    )
    got, _ = _read(table, record)
    assert got is not None
    for name in STACKS:
        assert getattr(got, name) == getattr(table, name), name


def test_a_top_not_seen_safely_is_unknown_never_the_records_colour() -> None:
    obs = _obs()
    x, y = LAYOUT.temple_columns[1]
    # glare over the temple's second column top (two stones high)
    got, _ = _read(
        obs, obs, edit=lambda im, r: _glare(im, _raw(r, (x, y), 2 * STONE_MM), 14.0, 400.0)
    )
    assert got is not None and got.temple_top is not None
    assert got.temple_top[1] is None
    assert got.temple_top[3] == obs.temple_top[3]  # the rest still read
    # the record says white, the table shows black on top: black is read
    record = replace(obs, temple_top=("brown", "white", "grey", "white", "white"))
    got, _ = _read(obs, record)
    assert got is not None and got.temple_top == obs.temple_top


def test_a_pyramid_whose_next_stone_would_stand_on_level_two_is_unknown() -> None:
    stones = ("black", "grey", "white", "brown", "grey", "black", "white", "white", "brown")
    obs = _obs(pyramid_top=stones, pyramid_covered=stones)
    got, _ = _read(obs, obs)
    assert got is not None
    assert got.pyramid_top is None  # an empty level-2 slot cannot be seen empty
    assert got.temple_top == obs.temple_top


def test_a_guard_washed_out_by_glare_does_not_stop_the_reading() -> None:
    obs = _obs()
    guard = LAYOUT.guards[3]

    def glare(image: np.ndarray, reader: ImhotepReader) -> np.ndarray:
        return _glare(image, _raw(reader, guard, 0.0), 22.0, 330.0)

    got, reader = _read(obs, obs, edit=glare)
    assert got is not None, reader.problems()
    assert got.market == obs.market
    # the glare defeats the detector there: neither the guard nor a square is found
    image = glare(TABLE.render(obs, seed=3, size=SIZE, frame=1), reader)
    at = np.array(_raw(reader, guard, 0.0), dtype=np.float64)
    found = reader.detector.detect(image)
    assert all(np.hypot(*(np.array(d.centre) - at)) > 30 for d in found)
    squares, _ = reader.detector.candidates
    assert all(np.hypot(*(s - at)) > 30 for s in squares)


def test_a_hand_over_the_edge_still_stops_the_reading_under_glare() -> None:
    obs = _obs()
    got, reader = _read(obs, obs, hand=True)
    assert got is None
    hidden = [p for p in reader.problems() if "covers the table" in p]
    assert hidden
    # glare over every guard the arm hides: still a hand, still no reading
    covered = [
        g for g in LAYOUT.guards if f"the edge marker at {g[0]:.0f}, {g[1]:.0f} mm" in hidden[0]
    ]
    assert covered

    def glare(image: np.ndarray, r: ImhotepReader) -> np.ndarray:
        for g in covered:
            image = _glare(image, _raw(r, g, 0.0), 22.0, 330.0)
        return image

    got, reader = _read(obs, obs, hand=True, edit=glare)
    assert got is None
    assert any("covers the table" in p for p in reader.problems())


def test_a_stone_read_behind_a_neighbour_of_its_colour_is_unknown() -> None:
    """A tilted camera sees an empty boat slot's centre through the side of the
    stone in the slot before it: both read that stone's colour. A space whose
    centre a same-coloured neighbour hides reads unknown; one the neighbour
    does not hide (the camera straight above) keeps its colour."""
    from types import SimpleNamespace

    from vision.games.imhotep.read import _Seen

    slots = np.array([(100.0, 100.0), (100.0, 120.0), (100.0, 140.0)])
    read = ["", "black", "black"]
    # the camera south of the boat: the last slot's centre is seen past the middle one
    south = SimpleNamespace(cam=(100.0, -400.0, 600.0))
    assert _Seen._unhidden(south, slots, 4.0, read) == ["", "black", None]  # type: ignore[arg-type]
    north = SimpleNamespace(cam=(100.0, 700.0, 600.0))
    assert _Seen._unhidden(north, slots, 4.0, read) == ["", None, "black"]  # type: ignore[arg-type]
    above = SimpleNamespace(cam=(100.0, 120.0, 900.0))
    assert _Seen._unhidden(above, slots, 4.0, read) == read  # type: ignore[arg-type]
    # a neighbour of another colour is left to the colour checks
    assert _Seen._unhidden(north, slots, 4.0, ["", "white", "black"]) == ["", "white", "black"]  # type: ignore[arg-type]
    # a neighbour not read may be of the colour: an empty slot beside an
    # unread grey stone read grey once boats were read slot by slot
    assert _Seen._unhidden(south, slots, 4.0, ["", None, "grey"]) == ["", None, None]  # type: ignore[arg-type]
    assert _Seen._unhidden(above, slots, 4.0, ["", None, "grey"]) == ["", None, "grey"]  # type: ignore[arg-type]
