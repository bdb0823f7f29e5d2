"""The interface between a game's camera table and the rest of the product.

Two roles, kept apart so that a bench can give the reader frames made by a
renderer the reader was not tuned on:

- :class:`GameTable` knows a game's physical table: its marker plan and board
  layout (``hardware/<game>/``), how to render an observation as a camera frame
  under a named condition (``ideal``, ``light``, ``motion``, ... as in
  :mod:`vision.harsh`), and how to make a reader.
- :class:`GameReader` turns a stream of frames into observations. It may keep
  state between frames (registration, tracking, settling); ``read`` returns
  ``None`` until it has a settled view of the board, then the game's
  observation with ``None`` in every field it could not read with positive
  evidence. A field that is not ``None`` is a claim the reconciler acts on:
  a piece the camera missed must make its field ``None``, never a value
  without that piece.

Derived fields (the observation class's ``DERIVED``) are always ``None`` in
what a reader returns; the renderer draws only what ``as_seen`` keeps (a
renderer may also draw from a full observation's derived fields, e.g. true
stack heights, when it is given one).

A reader may also take the game's record (:class:`ExpectsRecord`, optional):
the engine's full observation, derived fields included, told whenever the game
moves on (:func:`tell_record`), for what the camera can only check, never see
whole (Imhotep's stacked stones: where a top shows depends on its height).
Readers without it are never told; nothing else changes for them.

A reader may also say what the camera cannot do, and why, in both languages
(:class:`GivesNotices`, optional): its camera-wide problems (an uncalibrated
wide lens refused, the board not in view) as :class:`vision.snapshot.Problem`,
each with a stable ``code``, which the camera loop shows on the table screen
while they last (``companion/camera_notices.py``). :meth:`GameReader.problems`
stays the English list of everything the reader refused, for logs and benches.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from engine.core.observation import Observation

from ..lens import Lens
from ..snapshot import Problem
from ..sources import Frame


class GameReader(Protocol):
    """Frames in, settled observations out (``None`` fields: unknown)."""

    def read(self, frame: Frame) -> Observation | None:
        """The settled observation after ``frame``, or ``None`` while the board
        is not registered, moving, or covered by a hand."""
        ...

    def problems(self) -> list[str]:
        """What keeps the reader from reading now, in a player's words (English),
        e.g. "the board's north-east corner marker is not in view"; empty when fine."""
        ...


@runtime_checkable
class ExpectsRecord(Protocol):
    """The optional part of a :class:`GameReader` that takes the game's record."""

    def expect(self, observation: Observation) -> None:
        """The game as the companion's record now has it (``rules.observe(state)``,
        derived fields included); a hint for where to look, never a reading:
        what the frame does not show stays ``None``."""
        ...


@runtime_checkable
class GivesNotices(Protocol):
    """The optional part of a :class:`GameReader` that says its camera-wide problems."""

    def notices(self) -> tuple[Problem, ...]:
        """The last frame's problems that keep the camera from reading the whole
        table, in a player's words (English and Spanish: what is wrong, what to
        do); empty when it reads. One ``code`` per problem, the same every frame
        it lasts."""
        ...


def notices_of(reader: object) -> tuple[Problem, ...]:
    """``reader``'s camera-wide problems now (none from a reader that gives none)."""
    return reader.notices() if isinstance(reader, GivesNotices) else ()


def tell_record(reader: object, observation: Observation) -> bool:
    """Tell ``reader`` the game's record if it takes one; whether it did."""
    if isinstance(reader, ExpectsRecord):
        reader.expect(observation)
        return True
    return False


@runtime_checkable
class GameTable(Protocol):
    """One game's physical table as the camera sees it."""

    #: the game's registered name (``engine.core.registry``)
    game: str

    def render(
        self,
        observation: Observation,
        *,
        seed: int = 0,
        condition: str = "ideal",
        size: tuple[int, int] | None = None,
        hand: bool = False,
        frame: int = 0,
    ) -> NDArray[np.uint8]:
        """Frame number ``frame`` of a camera (pose, lens, light drawn from
        ``seed`` and ``condition``, a name in :data:`vision.harsh.CONDITIONS`)
        over a table showing ``observation`` (its seen fields), with a hand
        over the board if asked. ``size`` overrides the condition's. Noise and
        blur change with ``frame``; everything is deterministic from the
        arguments. Build it on :class:`vision.rig.CameraRig`."""
        ...

    def forget(self) -> None:
        """Drop the drawn scenes kept for the next frame (each holds frame-sized
        maps and views, hundreds of MB at 12 MP); the next render draws anew."""
        ...

    def calibration(self, seed: int, condition: str) -> Lens | None:
        """The lens a reader is told for the scene ``(seed, condition)`` (as
        :func:`vision.rig.camera_for` gives it; ``None``: uncalibrated)."""
        ...

    def reader(
        self,
        calibration: Lens | None = None,
        players: int | None = None,
        options: Iterable[str] | None = None,
    ) -> GameReader:
        """A fresh reader (no registration yet), undistorting with ``calibration``,
        told what the companion knows of the game it started: ``players`` (per-seat
        fields stay ``None`` without it) and the ``options`` (variants) in play."""
        ...
