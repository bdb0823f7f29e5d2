"""Imhotep's, Ceylon's and Rajas' readers, once settled, read nothing from a
frame that shows none of the board, and say so in English and Spanish (issue 34).

One rendered ideal frame per game (the tables' own renderer) settles the
reader; then the lights go off (a black frame) or the camera slides off the
board (every row the frame's top strip of bare table). Before, the board's
last registration was held (as under a hand): the readers' own rules kept
every place unknown (Ceylon and Rajas returned readings with nothing known),
but nothing told the players, for ever. Now the board is lost: no reading,
and "the board is not found" (the camera loop raises it after a few frames). A hand over one corner (its marker painted over) still keeps the board
registered, with no such notice.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from tests.support.game_frames import frame_of, start_seen
from vision.games import table_for
from vision.games.base import GivesNotices, notices_of

GAMES = ["imhotep", "ceylon", "rajas"]


@cache
def _image(game: str) -> np.ndarray:
    table = table_for(game)
    assert table is not None
    image = table.render(start_seen(game, 2), seed=11, condition="ideal")  # type: ignore[arg-type]
    table.forget()
    return image


def _settled(game: str) -> tuple[object, np.ndarray, int]:
    image = _image(game)
    table = table_for(game)
    assert table is not None
    reader = table.reader(None, 2)
    assert isinstance(reader, GivesNotices)
    got = None
    for n in range(3):
        got = reader.read(frame_of(image, n))
    assert got is not None, reader.problems()
    assert notices_of(reader) == ()
    return reader, image, 3


@pytest.mark.parametrize("game", GAMES)
def test_no_board_in_view_is_no_reading_and_a_notice(game: str) -> None:
    reader, image, n = _settled(game)
    h = image.shape[0]
    dark = np.zeros_like(image)
    away = np.tile(image[:8], (h // 8 + 1, 1, 1))[:h]
    for gone in (dark, away, dark):
        for _ in range(3):
            assert reader.read(frame_of(gone, n)) is None  # type: ignore[attr-defined]
            n += 1
            [notice] = notices_of(reader)
            assert notice.code == "board-not-found"
        assert reader.registrar.last.status == "lost"  # type: ignore[attr-defined]
        assert "does not find the" in notice.en and "turn on the light" in notice.en
        assert "no encuentra el" in notice.es and "enciende la luz" in notice.es
    for _ in range(3):  # the board back: read again, the notice gone
        got = reader.read(frame_of(image, n))  # type: ignore[attr-defined]
        n += 1
    assert notices_of(reader) == ()
    assert got is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_over_one_corner_is_not_the_board_lost(game: str) -> None:
    reader, image, n = _settled(game)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners = [
        d
        for d in reader.detector.detect(grey)  # type: ignore[attr-defined]
        if d.marker_id in reader.registrar.corner_ids  # type: ignore[attr-defined]
    ]
    assert len(corners) == 4
    covered = image.copy()
    cx, cy = corners[0].centre
    cv2.circle(covered, (int(cx), int(cy)), int(corners[0].side_px), (90, 110, 150), -1)
    for _ in range(3):
        got = reader.read(frame_of(covered, n))  # type: ignore[attr-defined]
        n += 1
        assert reader.registrar.last.ok  # type: ignore[attr-defined]
        assert "board-not-found" not in [p.code for p in notices_of(reader)]
    if game != "imhotep":  # Imhotep waits while a corner or edge guard is hidden
        assert got is not None, reader.problems()  # type: ignore[attr-defined]
