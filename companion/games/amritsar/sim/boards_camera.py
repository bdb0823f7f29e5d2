"""The simulated camera over Amritsar's personal boards (the opt-in layout).

For the demo and the benches: a second view of the table, through the harsh
renderer's camera (``ideal`` condition, the design camera's 12 MP), showing
the main board's corners and the players' boards beside it
(:mod:`vision.games.amritsar_boards`). ``look(boards)`` lays the boards out
as the game has them and reads frames until the reader settles (at most
``MAX_FRAMES``); a look at boards unchanged since the last one gives the
last reading without new frames (a real camera loop keeps reading; this is
the simulation's shortcut, as ``CameraTable.look`` stops once settled).
"""

from __future__ import annotations

from vision.games.amritsar_boards.read import BoardsReader
from vision.games.amritsar_boards.render import BoardsRenderer
from vision.games.amritsar_boards.view import BoardView
from vision.sources import Frame

MAX_FRAMES = 8


class BoardsCamera:
    """Renders and reads the personal boards of one simulated table."""

    def __init__(self, seed: int, players: int, condition: str = "ideal") -> None:
        self.renderer = BoardsRenderer(seed, condition, players)
        self.reader = BoardsReader(players)
        self._shown: tuple[BoardView, ...] | None = None
        self._read: tuple[BoardView, ...] | None = None
        self._frame = 0
        #: frames the last look took
        self.frames_last = 0

    def look(self, boards: tuple[BoardView, ...]) -> tuple[BoardView, ...] | None:
        """The boards as read once the reader settles on ``boards`` (``None``
        where it never did: every place unknown)."""
        self.frames_last = 0
        if boards == self._shown:
            return self._read
        got = None
        for _ in range(MAX_FRAMES):
            image = self.renderer.frame(boards, False, self._frame)
            got = self.reader.read(Frame(image=image, number=self._frame, time=self._frame / 10))
            self._frame += 1
            self.frames_last += 1
            if got is not None:
                break
        self._shown, self._read = boards, got
        return got
