"""Hands and motion: a coarse top-down view of the board, compared over time.

Each frame is warped to a small board-aligned image (one cell per
``CELL_MM`` square millimetres of board). Two comparisons:

- with the previous view: *motion* (cells that changed since the last frame);
- with a background view kept from calm frames: *blobs*. A large blob that
  hides markers the table had is an occluder (a hand, an arm, a sleeve); its
  cells, widened a little, make the zones under it unseen.

A large blob that hides no marker and has stopped moving is absorbed into
the background (a lighting change, a tile newly laid, a hand that was there at
start-up and has gone). One that hides markers is absorbed only where it is a
change of light: the print seen through it, every colour dimmed or brightened
alike and smoothly (a person's shadow or the daylight, which may hide a
sticker in the dark for good: waiting for it kept the whole table unseen).
A hand held perfectly still over pieces puts another colour over the print:
never absorbed, its markers stay missing, so the zones stay unseen, never
"emptied". Pieces taken while the light changed (the mover leans in, their
shadow stays) leave, where they stood, more than a change of light explains;
that is taken as the move made under it only when nothing lies across the
board's edge (a hand held still has an arm: :mod:`vision.startup`'s check).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .layout import Layout
from .lens import PointLens
from .yuv import chroma_map, view_bgr

CELL_MM = 4.0
#: Per-channel difference (0-255) of a cell's mean colour that counts as a change.
CHANGE_LEVEL = 20
#: Cells that must change between frames for the table to count as moving.
MOTION_CELLS = 3
#: A blob at least this large (mm^2) may be a hand; a moved piece is far smaller.
BLOB_MM2 = 3500.0
#: How far (mm) around an occluder zones are also treated as unseen.
OCCLUDER_MARGIN_MM = 12.0
#: Jitter: change between frames only where the board view has edges (a new
#: blur each frame, camera shake, exposure) softens or shifts them; a hand, an
#: arm or a piece changes flat places too. A cell is flat when the 5x5 cells
#: around it span fewer than this many grey levels in every channel (the
#: change test spreads a change by a cell, so flatness looks a cell further).
FLAT_RANGE = 30
#: A change of light: frames a blob must stand still before its cells are
#: tested, the largest step (natural log of the ratio to the background) of a
#: cell's brightness against the smooth change around it (``LIGHT_SPAN``
#: cells, odd), and the largest spread of that ratio between colour channels.
#: Daylight and people's shadows dim every colour alike and change little over
#: a few centimetres; a hand or a sleeve puts another colour over the print.
LIGHT_STILL = 3
LIGHT_STEP = 0.15
LIGHT_SPAN = 7
LIGHT_TINT = 0.2
#: How far (mm) from a piece's foot its body shows in the board view (a
#: worker leaning away from the camera).
PIECE_REACH_MM = 28.0


@dataclass(frozen=True)
class ViewState:
    """What the board view says about one frame."""

    motion_cells: int
    occluded: NDArray[np.bool_]  # cell grid, True where something hides the board
    blobs: int

    @property
    def moving(self) -> bool:
        return self.motion_cells >= MOTION_CELLS

    @property
    def occluder(self) -> bool:
        return self.blobs > 0


class BoardView:
    """Keeps the previous and background views of the board."""

    def __init__(self, layout: Layout) -> None:
        x0, y0, x1, y1 = layout.extent_mm
        self.origin = (x0, y0)
        self.shape = (int(np.ceil((y1 - y0) / CELL_MM)), int(np.ceil((x1 - x0) / CELL_MM)))
        self.prev: NDArray[np.uint8] | None = None
        self.background: NDArray[np.uint8] | None = None
        self._still = 0
        self._maps: (
            tuple[tuple[bytes, PointLens | None], NDArray[np.int16], NDArray[np.uint16]] | None
        ) = None
        #: The cells' centres in the image, and in a YUV frame's chroma planes (made when first needed).
        self._at: NDArray[np.float32] = np.zeros((0, 0, 2), np.float32)
        self._chroma_maps: tuple[NDArray[np.int16], NDArray[np.uint16]] | None = None
        #: The cells the last :meth:`motion` call found changed.
        self.moved: NDArray[np.bool_] = np.zeros(self.shape, bool)
        #: Of those, the changed regions that reach flat print: what a hand or
        #: a moved piece changed, not the edges a new blur alone shifted
        #: elsewhere on the board (empty when the change was jitter).
        self.handled: NDArray[np.bool_] = np.zeros(self.shape, bool)
        #: The last :meth:`motion` call's change was jitter: only at edges of the
        #: previous view, no flat place changed (``FLAT_RANGE``).
        self.jitter = False
        self._square = np.ones((5, 5), np.uint8)
        margin = int(np.ceil(OCCLUDER_MARGIN_MM / CELL_MM))
        self._kernel = cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * margin + 1, 2 * margin + 1)
        )
        self._min_blob = int(BLOB_MM2 / CELL_MM**2)
        reach = int(np.ceil(PIECE_REACH_MM / CELL_MM))
        self._piece = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))

    def warp(
        self,
        image: NDArray[np.uint8],
        board_to_image: NDArray[np.float64],
        lens: PointLens | None = None,
        chroma: NDArray[np.uint8] | None = None,
    ) -> NDArray[np.uint8]:
        """The board view of ``image``: the colour at each cell's centre.
        ``board_to_image`` maps to the ideal pinhole image; ``lens`` (with a
        calibration) then puts each point where the camera's lens shows it.
        A grey ``image`` is sampled as it is, then made BGR (no full-size
        colour copy); with ``chroma`` it is the Y plane of a YUV 4:2:0 frame
        and its chroma planes are sampled too (:mod:`vision.yuv`)."""
        key = (board_to_image.tobytes(), lens)
        if self._maps is None or self._maps[0][0] != key[0] or self._maps[0][1] is not lens:
            # Where each cell's centre lies in the image, in OpenCV's fast
            # fixed-point form: computed once per registration.
            h, w = self.shape
            x0, y0 = self.origin
            rows, cols = np.mgrid[0:h, 0:w].astype(np.float64)
            board = np.stack([x0 + (cols + 0.5) * CELL_MM, y0 + (rows + 0.5) * CELL_MM], axis=-1)
            at = cv2.perspectiveTransform(board.reshape(-1, 1, 2), board_to_image).reshape(h, w, 2)
            if lens is not None:
                at = lens.to_raw(at.reshape(-1, 2)).reshape(h, w, 2)
            fixed, fraction = cv2.convertMaps(at.astype(np.float32), None, cv2.CV_16SC2)
            self._maps = (key, fixed, fraction)
            self._at = at.astype(np.float32)
            self._chroma_maps = None
        view = self._sample(image)
        if chroma is not None:
            if self._chroma_maps is None:
                self._chroma_maps = cv2.convertMaps(chroma_map(self._at), None, cv2.CV_16SC2)
            cb = self._sample(chroma[0], self._chroma_maps)
            cr = self._sample(chroma[1], self._chroma_maps)
            return view_bgr(view, cb, cr)
        if view.ndim == 2:
            grey: NDArray[np.uint8] = cv2.cvtColor(view, cv2.COLOR_GRAY2BGR)
            return grey
        return view

    def _sample(
        self,
        image: NDArray[np.uint8],
        maps: tuple[NDArray[np.int16], NDArray[np.uint16]] | None = None,
    ) -> NDArray[np.uint8]:
        assert self._maps is not None
        fixed, fraction = maps if maps is not None else self._maps[1:]
        view: NDArray[np.uint8] = cv2.remap(
            image,
            fixed,
            fraction,
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(0, 0, 0),
        )
        return view

    def motion(self, view: NDArray[np.uint8]) -> int:
        """Cells changed since the previous view (the first view counts as still)."""
        if self.prev is None or self.background is None:
            self.prev = view
            self.background = view.copy()
            return 0
        moved = change(view, self.prev) > CHANGE_LEVEL
        count = int(moved.sum())
        flat_changed = moved & self._flat(self.prev) if count >= MOTION_CELLS else None
        self.jitter = bool(
            flat_changed is not None and np.count_nonzero(flat_changed) < MOTION_CELLS
        )
        self.moved = moved
        self.handled = (
            _reaching(moved, flat_changed)
            if flat_changed is not None and not self.jitter
            else np.zeros(self.shape, bool)
        )
        self.prev = view
        self._still = 0 if count >= MOTION_CELLS and not self.jitter else self._still + 1
        return count

    def _flat(self, view: NDArray[np.uint8]) -> NDArray[np.bool_]:
        """Cells of ``view`` whose 5x5 cells span fewer than ``FLAT_RANGE`` levels."""
        spread = cv2.subtract(cv2.dilate(view, self._square), cv2.erode(view, self._square))
        flat: NDArray[np.bool_] = spread.max(axis=2) < FLAT_RANGE
        return flat

    def _edges_only(self, blob: NDArray[np.bool_], view: NDArray[np.uint8]) -> bool:
        """Does ``blob`` (changed against the background) lie only where both the
        background and ``view`` have edges? A blur that differs from the
        background's (a shaky camera) changes nothing else; a hand or an arm is
        a flat place in ``view`` (skin, a sleeve) and hides flat board print."""
        assert self.background is not None
        flat = self._flat(self.background) | self._flat(view)
        return int(np.count_nonzero(blob & flat)) < MOTION_CELLS

    def occluders(
        self,
        view: NDArray[np.uint8],
        missing_cells: NDArray[np.bool_],
        motion: int,
        armless: Callable[[], bool] | None = None,
    ) -> ViewState:
        """Large blobs against the background that hide markers the table had.

        ``missing_cells``: cells where a marker of the last calm table is not
        seen now. ``motion``: this frame's :meth:`motion` count. ``armless``:
        asked (rarely) whether nothing lies across the board's edge now;
        without it a still hand is assumed possible.
        """
        assert self.background is not None, "call motion() first"
        diff = (change(view, self.background) > CHANGE_LEVEL).astype(np.uint8)
        occluded = np.zeros(self.shape, bool)
        if cv2.countNonZero(diff) < self._min_blob:
            return ViewState(motion, occluded, 0)  # too little changed for any blob
        count, labels, stats, _ = cv2.connectedComponentsWithStats(diff, connectivity=8)
        blobs = 0
        for label in range(1, count):
            if stats[label, cv2.CC_STAT_AREA] < self._min_blob:
                continue
            blob = labels == label
            if self._edges_only(blob, view):
                continue  # a new blur against the background's, not a hand
            near = cv2.dilate(blob.astype(np.uint8), self._kernel).astype(bool)
            if not bool((missing_cells & near).any()) and self._still >= 2:
                self.background[blob] = view[blob]
                continue
            if self._still >= LIGHT_STILL:
                # Still, and hiding markers: a change of light if all it does
                # not explain is piece-sized, or lies where pieces of the calm
                # table went missing with no arm across the board's edge (a
                # move made under it). Then that is the board; the pieces are
                # the reading's to judge.
                odd = self._unlit(view, blob)
                if _largest(odd) < self._min_blob // 2 or self._moved_under(
                    odd, missing_cells, armless
                ):
                    lit = blob & ~odd
                    self.background[lit] = view[lit]
                    continue
            occluded |= blob
            blobs += 1
        if blobs:
            occluded = cv2.dilate(occluded.astype(np.uint8), self._kernel).astype(bool)
        return ViewState(motion, occluded, blobs)

    def _moved_under(
        self,
        odd: NDArray[np.bool_],
        missing_cells: NDArray[np.bool_],
        armless: Callable[[], bool] | None,
    ) -> bool:
        """Is what a change of light does not explain a move made under it?

        Shadows seed 13 at the whole-game bench: the mover leaned in and took
        a section's 4 workers, and the light stayed changed; where they stood
        was more than a piece's worth of change, so the board stayed an
        occluder and the camera followed nothing for 280 frames. Yes when the
        odd cells away from the pieces gone missing (``PIECE_REACH_MM`` from
        their feet) are piece-sized and nothing lies across the board's edge.
        The odd cells alone cannot tell: a uniform hand over uniform print
        changes the light's ratio mostly at its edges and over the stickers
        under it, that is where the pieces it hides stand; its arm tells.
        """
        if armless is None:
            return False
        near = cv2.dilate(missing_cells.astype(np.uint8), self._piece).astype(bool)
        return _largest(odd & ~near) < self._min_blob // 2 and armless()

    def _unlit(self, view: NDArray[np.uint8], blob: NDArray[np.bool_]) -> NDArray[np.bool_]:
        """Cells of ``blob`` that a change of light does not explain: on flat
        print (as :meth:`_edges_only` judges it), brighter or darker than the
        smooth change around them, or tinted (channels changed unlike), and a
        cell around them. Edges are left out: a new blur shifts them."""
        assert self.background is not None
        ratio = cv2.blur(
            np.log(view.astype(np.float32) + 8) - np.log(self.background.astype(np.float32) + 8),
            (3, 3),
        )
        level = ratio.mean(axis=2)
        smooth = cv2.blur(level, (LIGHT_SPAN, LIGHT_SPAN))
        tint = ratio.max(axis=2) - ratio.min(axis=2)
        flat = self._flat(self.background) | self._flat(view)
        odd = flat & blob & ((np.abs(level - smooth) > LIGHT_STEP) | (tint > LIGHT_TINT))
        out: NDArray[np.bool_] = cv2.dilate(odd.astype(np.uint8), self._square).astype(bool)
        return out & blob

    def settle(
        self, view: NDArray[np.uint8], occluded: NDArray[np.bool_], fresh: bool = False
    ) -> None:
        """The table is calm: take this view as the background (where not hidden);
        ``fresh``: all of it, and it counts as still (the start-up view verified)."""
        if fresh:
            self.background = view.copy()
            self._still = max(self._still, 2)
            return
        if self.background is None:
            self.background = view.copy()
        else:
            np.copyto(self.background, view, where=~occluded[..., None])

    def cell_of(self, x: float, y: float) -> tuple[int, int] | None:
        r = int((y - self.origin[1]) // CELL_MM)
        c = int((x - self.origin[0]) // CELL_MM)
        if 0 <= r < self.shape[0] and 0 <= c < self.shape[1]:
            return (r, c)
        return None


def _reaching(moved: NDArray[np.bool_], seeds: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The 8-connected groups of ``moved`` that hold a cell of ``seeds``.

    Motion seed 13 at the whole-game bench: under a blur new each frame, a
    hand's frame also changed the stickers' edges all over the board, and all
    of it counted as touched by the hand; a worker's sticker then missed in
    N1, far from any hand, read empty and the session took a sowing the table
    never made."""
    _count, labels = cv2.connectedComponents(moved.astype(np.uint8), connectivity=8)
    hit = np.unique(labels[seeds])
    out: NDArray[np.bool_] = np.isin(labels, hit[hit > 0])
    return out


def _largest(cells: NDArray[np.bool_]) -> int:
    """The size of the largest 8-connected group of ``cells`` (0: none)."""
    count, _labels, stats, _ = cv2.connectedComponentsWithStats(
        cells.astype(np.uint8), connectivity=8
    )
    return int(stats[1:, cv2.CC_STAT_AREA].max()) if count > 1 else 0


def change(a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Per cell, the largest colour-channel difference, averaged over the 3x3
    cells around it (12 mm): sensor noise averages out, a piece or a hand does not.
    (numpy's max over a 3-long axis is slow, hence the pairwise maximum.)"""
    d = cv2.absdiff(a, b)
    m = np.maximum(np.maximum(d[..., 0], d[..., 1]), d[..., 2])
    out: NDArray[np.uint8] = cv2.blur(m, (3, 3))
    return out
