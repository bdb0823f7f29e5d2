"""Ceylon's and Rajas' readers say when the camera cannot find the board, in
English and Spanish (``notices``, the table screen's alert), and stop saying
it once the board is in view.

One rendered ideal frame per game (the tables' own renderer): the whole
frame registers the board (no notice); the same frame cut to its middle (a
camera turned or zoomed in: no corner marker in view) and to one corner's
quarter (one corner marker at most) gives the notice, with a stable code.
"""

from __future__ import annotations

import pytest

from tests.support.game_frames import frame_of, start_seen
from vision.games import table_for
from vision.games.base import GivesNotices, notices_of
from vision.games.notices import CORNER_WORDS


@pytest.mark.parametrize("game", ["ceylon", "rajas"])
def test_the_board_out_of_view_is_a_notice_in_both_languages(game: str) -> None:
    table = table_for(game)
    assert table is not None
    image = table.render(start_seen(game, 2), seed=11, condition="ideal")  # type: ignore[arg-type]
    table.forget()
    h, w = image.shape[:2]
    reader = table.reader(None, 2)
    assert isinstance(reader, GivesNotices)
    reader.read(frame_of(image, 0))
    assert notices_of(reader) == (), reader.problems()
    # A camera that starts turned away: a reader that never saw the board (a
    # board registered before and then lost: tests/vision/games/test_board_gone.py).
    reader = table.reader(None, 2)
    assert isinstance(reader, GivesNotices)
    middle = image[3 * h // 8 : 5 * h // 8, 3 * w // 8 : 5 * w // 8]
    reader.read(frame_of(middle, 1))
    [notice] = notices_of(reader)
    assert notice.code == "board-not-found"
    assert reader.problems(), "the English problems still say it too"
    assert "does not find the" in notice.en and "Turn the camera" in notice.en
    assert "no encuentra el" in notice.es and "Gira la cámara" in notice.es
    # every corner named, in each language's words
    for en, es in CORNER_WORDS.values():
        assert en in notice.en and es in notice.es, (notice.en, notice.es)
    quarter = image[: h // 2, : w // 2]
    reader.read(frame_of(quarter, 2))
    [again] = notices_of(reader)
    assert again.code == notice.code  # one alert while it lasts, whatever is in view
    named = [en for en, _ in CORNER_WORDS.values() if en in again.en]
    assert 3 <= len(named) <= 4, again.en
    reader.read(frame_of(image, 3))
    assert notices_of(reader) == ()
