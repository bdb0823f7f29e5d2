"""Imhotep's reader reads the seats of the game the companion started.

The second renderer (issue 34, ``bench/independent_games.py``) put a round
card for four players on a two-player table: the reader, taking the seat
count from the card, read the empty places of two seats not in the game as
full sleds (plain mat, where no empty space is printed, looks like white
stones). Told the game's players, it reads only those seats.
"""

from __future__ import annotations

from engine.imhotep.observe import ImhotepObservation
from vision.games import table_for
from vision.sources import Frame

SIZE = (2400, 1800)
TABLE = table_for("imhotep")


def _read(players: int | None) -> ImhotepObservation | None:
    assert TABLE is not None
    obs = ImhotepObservation(
        round_card=41,  # a card for four players
        boats=None,
        pyramid_top=None,
        pyramid_covered=None,
        temple_top=None,
        temple_covered=None,
        burial=(),
        obelisk_tops=None,
        obelisk_heights=None,
        towers=(),
        market=("hammer", "", "statue", "sail"),
        market_face_down=0,
        cards=(("statue",), (), ("chisel",), ()),
        sleds=(2, 5, 0, 3),
        track=None,
    )
    reader = TABLE.reader(TABLE.calibration(3, "ideal"), players)
    got = None
    for n in range(3):
        image = TABLE.render(obs, seed=3, condition="ideal", size=SIZE, frame=n)
        got = reader.read(Frame(image=image, number=n, time=n / 10))
        if got is not None:
            break
    return got


def test_the_companions_players_choose_the_seats_read() -> None:
    told = _read(2)
    assert told is not None
    assert told.round_card == 41
    assert told.cards == (("statue",), ())
    assert told.sleds == (2, 5)
    alone = _read(None)  # not told: the round card's four seats
    assert alone is not None
    assert alone.cards is not None and len(alone.cards) == 4
    assert alone.sleds == (2, 5, 0, 3)
