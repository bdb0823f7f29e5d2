"""Imhotep's table through an uncalibrated wide lens: refused for the lens, in both languages.

Through a bent lens the mat's edge guards lie mm away from where the corner
markers' fit puts them. The reader used to take them for hidden and blame a
hand ("something covers the table"), or, where every guard happened to be
found, read the table through the bend (a sled and a seat's cards read wrong
on our own renderer's wide-lens seed 3). The refusal now names the lens and
what to do (calibrate), as Amritsar's does; the same frames with the
calibration are read.
"""

from __future__ import annotations

from engine.imhotep.observe import ImhotepObservation
from vision.games import table_for
from vision.games.imhotep.read import ImhotepReader
from vision.sources import Frame

SIZE = (2400, 1800)
TABLE = table_for("imhotep")

OBS = ImhotepObservation(
    round_card=41,
    boats=(
        (1, "harbour", ("black", "", "", "")),
        (2, "pyramid", ("white", "grey", "brown", "black")),
        (3, "harbour", ("", "", "")),
        (6, "burial", ("grey", "white")),
    ),
    pyramid_top=None,
    pyramid_covered=None,
    temple_top=None,
    temple_covered=None,
    burial=("white", "brown", "black"),
    obelisk_tops=None,
    obelisk_heights=None,
    towers=(),
    market=("hammer", "", "statue", "sail"),
    market_face_down=0,
    cards=(("statue",), (), ("chisel", "pyramid_decoration"), ()),
    sleds=(2, 5, 0, 3),
    track=None,
)


def _read(seed: int, condition: str) -> tuple[ImhotepObservation | None, ImhotepReader]:
    assert TABLE is not None
    reader = TABLE.reader(TABLE.calibration(seed, condition))
    assert isinstance(reader, ImhotepReader)
    got = None
    for n in range(2):
        image = TABLE.render(OBS, seed=seed, condition=condition, size=SIZE, frame=n)
        got = reader.read(Frame(image=image, number=n, time=n / 10))
    return got, reader


def test_an_uncalibrated_wide_lens_is_refused_for_its_lens_not_for_a_hand() -> None:
    # seed 3: every guard found, the table was read through the bend;
    # seed 5: guards off their places, refused as "something covers the table"
    for seed in (3, 5):
        got, reader = _read(seed, "wide-lens")
        assert got is None, seed
        assert not any("covers the table" in p for p in reader.problems()), reader.problems()
        (notice,) = reader.notices()
        assert notice.code == "lens-uncalibrated"
        assert "calibrat" in notice.en and notice.en in reader.problems()
        assert "calibración" in notice.es


def test_the_same_lens_calibrated_is_read() -> None:
    got, reader = _read(5, "wide-lens-calibrated")
    assert got is not None, reader.problems()
    assert reader.notices() == ()
    assert got.round_card == 41 and got.market == OBS.market
