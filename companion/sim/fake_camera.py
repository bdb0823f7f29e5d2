"""A faithful fake camera at the observation level, for games read through ``vision.games``.

What it is for: the demo, tests and benches of a game whose camera table is
not built (or not wanted: no pixels, fast) still need table changes to reach
the session the way a camera delivers them. A real ``GameReader`` returns the
game's observation with ``None`` wherever it could not read with confidence;
this fake does the same from the observation of the table it is shown:

- the ``DERIVED`` fields are always ``None`` (no camera sees them: ``as_seen``);
- the fields in ``BLIND`` for the game are always ``None``: pieces a camera
  above the table cannot count reliably (named with the reason below);
- any other field is missed (``None``) with probability ``miss`` per look, as
  a hand, glare or a pile would hide it.

It never reports a wrong value: what it reports is exactly what is on the
table, or nothing. ``TableEye`` is the same role played by a real
``GameTable``: render the table, read the frame back with the table's reader.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any, Protocol

from engine.core.observation import Observation

#: Per game: fields a camera above the table is not trusted to read, and why.
BLIND: dict[str, dict[str, str]] = {
    "imhotep": {
        "track": "thin scoring markers around the board's edge overlap; a lap past 40 looks the same",
    },
    "ceylon": {
        "rupees": "coins lie in a pile on the personal board; a pile's count is not seen from above",
        "cubes": "tea cubes in a storehouse pile up and hide each other",
    },
    "rajas": {  # as the camera table reads it (docs/rajas-table.md; the dice's pips are read)
        "karma": "8 mm karma cubes carry no sticker of a trustworthy size",
        "levels": "8 mm upgrade cubes carry no sticker; the players' cubes share places",
        "workers": "waiting workers share track spaces with the markers: the record counts them",
    },
}


class Eye(Protocol):
    """Anything that turns the observation of a table into what a camera reports."""

    def look(self, shown: Observation, record: Observation | None = None) -> Observation | None:
        """What the camera reports of the table ``shown``; ``record``, the
        game as the companion holds it, is a hint a reader may take."""
        ...


class FakeCamera:
    """The observation a camera would report of ``shown``: blanks, never a wrong value."""

    def __init__(self, game: str, *, miss: float = 0.1, seed: int = 0):
        if not 0.0 <= miss < 1.0:
            raise ValueError("miss is a probability from 0 up to (not including) 1")
        self.blind = frozenset(BLIND.get(game, {}))
        self.miss = miss
        self.rng = random.Random(seed)
        self.looks = 0

    def look(self, shown: Observation, record: Observation | None = None) -> Observation:
        self.looks += 1
        seen = shown.as_seen()
        blank: dict[str, Any] = {}
        for item in fields(seen):
            if getattr(seen, item.name) is None:
                continue
            if item.name in self.blind or self.rng.random() < self.miss:
                blank[item.name] = None
        return replace(seen, **blank) if blank else seen


class TableEye:
    """A real camera table (``vision.games.GameTable``): render, then read back.

    One camera for the whole game (``seed`` and ``condition`` fix its pose,
    lens and light; a reader is told the lens the table gives for them, when
    it has ``calibration``); each look renders the next frame numbers of that
    camera (noise and blur change from frame to frame) until the reader has
    settled on two frames of the table shown, at most ``frames`` of them.
    """

    def __init__(
        self,
        table: Any,
        *,
        seed: int = 0,
        condition: str = "ideal",
        frames: int = 6,
        players: int | None = None,
        options: tuple[str, ...] = (),
    ):
        self.table = table
        self.seed = seed
        self.condition = condition
        self.frames = frames
        calibrate = getattr(table, "calibration", None)
        lens = calibrate(seed, condition) if calibrate is not None else None
        self.reader = table.reader(lens, players, options)
        self.blind = frozenset(BLIND.get(getattr(table, "game", ""), {}))
        self.looks = 0
        self._frame = 0

    def look(self, shown: Observation, record: Observation | None = None) -> Observation | None:
        """Frames of the table ``shown`` until the reader settles (or ``frames``).
        ``record``: the game's observation as the companion holds it, told to a
        reader that takes it (Imhotep's stacked sites are read at the heights
        it gives, and drawn at their true heights from ``shown``)."""
        from vision.games.base import tell_record
        from vision.sources import Frame

        self.looks += 1
        told = record is not None and tell_record(self.reader, record)
        drawn = shown if told else shown.as_seen()
        seen = None
        # A settled read needs steady frames of this table: the first frame
        # after a change is compared with the last one of the table before, so
        # what changed reads unknown in it. A live camera loop passes the next
        # frame's reading on too; a look does the same, reading at least two.
        for n in range(self.frames):
            self._frame += 1
            image = self.table.render(
                drawn, seed=self.seed, condition=self.condition, frame=self._frame
            )
            seen = self.reader.read(Frame(image, self._frame, self._frame / 10))
            if seen is not None and n >= 1:
                break
        return seen
