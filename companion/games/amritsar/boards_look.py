"""Amritsar's personal boards read from the table camera's frames (``companion run --boards-in-view``).

When the players' boards lie beside the main board in the camera's view
(``hardware/amritsar-boards``), each frame the camera loop reads goes to the
main board's pipeline as before and to the boards' reader
(:mod:`vision.games.amritsar_boards`), whose settled reading is handed to the
reconciler (``Reconciler.boards_seen``) as the demo's simulated table hands it:
a hidden choice the deciding player's board shows is then settled by the board
(``reconcile/boards.py``). A frame the boards' reader has not settled on leaves
``boards_seen`` empty of readings, so the phone is asked as without the layout.
"""

from __future__ import annotations

from typing import Any

from companion.games.amritsar.reconcile.reconciler import Reconciler
from vision.sources import Frame


class BoardsLook:
    """The main board's pipeline, with the personal boards read from the same frames.

    Everything but ``process`` is the pipeline's own (the runner asks it for
    ``expect``, ``notices``, ``short``...)."""

    def __init__(self, pipeline: Any, reconciler: Reconciler, players: int, lens: Any) -> None:
        from vision.games.amritsar_boards.read import BoardsReader

        self.pipeline = pipeline
        self.reconciler = reconciler
        self.reader = BoardsReader(players, calibration=lens)

    def process(self, frame: Frame) -> Any:
        snapshot = self.pipeline.process(frame)
        image = frame.image
        if frame.chroma is not None:  # the Pi camera's YUV 4:2:0: the boards read colour
            from vision.yuv import to_bgr

            image = to_bgr(frame.image, frame.chroma)
        read = self.reader.read(Frame(image=image, number=frame.number, time=frame.time))
        # None: the boards are not settled in this frame; no place of them is trusted.
        self.reconciler.boards_seen = read
        return snapshot

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pipeline, name)
