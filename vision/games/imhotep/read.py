"""Frames of an Imhotep table in, an :class:`ImhotepObservation` out (``None``: unknown).

Per frame: find the plan's markers (undistorted with the calibration), register
the mat from its corner markers, then

- refuse the frame through an uncalibrated lens that bends the mat (its
  edge guards off the corners' fit: :func:`vision.startup.lens_refusal`,
  named in both languages by :meth:`ImhotepReader.notices`);
- refuse the frame while any corner or edge guard is hidden (a hand or an arm
  is over the table: it always crosses the edge), naming where;
- refuse every marker where the plan never puts it (an id of another game, a
  card off every card space, a boat sticker away from every berth);
- read the round card, market cards and each seat's cards from the card
  spaces: a card's sticker, or the space's own printed "free" marker; neither
  or both: unknown;
- read each boat from its two stickers (bow and stern): its place (the one
  harbour berth or site dock on its hull, whichever way it lies; a boat of
  another size than the game's keeps its place, its slots unknown) and each
  slot, bow first, by colour
  (:mod:`vision.games.imhotep.colour`): the slot's printed empty square seen
  at its centre is an empty slot; a stone's top must read as one stone colour,
  and the slot's centre must show that stone's top or its shaded side (where
  a neighbour that may be of the stone's colour hides that centre, the part
  of the slot's square no neighbour can hide decides, if there is one); a
  slot not read so is unknown on its own (the boat's id, place and other
  slots stand);
- read the burial chamber (either side: side B is filled as side A) cell by
  cell in placement order and each seat's sled the same way (a space with no
  clean print beside it against the print its markers' paper predicts, only
  under one even light: :meth:`_Seen.even_light`); a sequence with a stone after a seen-empty cell is
  a contradiction and reads as unknown;
- infer what side A implies: no face-down market cards, no obelisk towers.

The pyramid, temple and obelisk stones stack: from above the camera cannot
tell how high a top is (its place in the frame moves with its height). Once
the companion hands the reader its record (``expect``: the engine's full
observation, heights included), ``pyramid_top``, ``temple_top`` and
``obelisk_tops`` are read where the record puts each top, or one level higher
(:mod:`vision.games.imhotep.stacks`); without it they stay unknown. The score
``track`` is left to the record (markers of every seat share spaces and stack).

A reading is returned once two consecutive clear frames agree; items that
differ between them are unknown (a boat's slots one by one, when both frames
put it at the same place).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import fields, replace
from functools import cache
from typing import Any, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.imhotep.catalog import default_catalog
from engine.imhotep.observe import ImhotepObservation

from ...detect import Detection, MarkerDetector
from ...geometry import ground_to_foot
from ...lens import Lens, PointLens
from ...register import Registrar, Registration
from ...rig import PAPER
from ...snapshot import Problem
from ...sources import Frame
from ...startup import lens_refusal
from ..notices import board_not_found
from .colour import CANDIDATES, PRINT_BGR, SATURATED, classify
from .layout import (
    BOAT_END_MM,
    BOAT_WIDTH_MM,
    HULL_MM,
    LAYOUT,
    SLOT_PITCH_MM,
    STONE_MM,
    Point,
    boat_length,
    boat_marker_offsets,
    boat_slot_offsets,
)
from .plan import PLAN
from .stacks import read_stacks

Image = NDArray[np.uint8]

#: a printed marker farther than this (mm) from its place is not it
PRINTED_MM = 8.0
#: a card's sticker farther than this (mm) from a card space is refused
CARD_MM = 14.0
#: a boat farther than this (mm) from every berth and dock is refused
BOAT_PLACE_MM = 16.0
#: a boat's bow and stern stickers this far (mm) at most from a whole number
#: of slots apart (the sticker's place on its end, a boat's sag)
BOAT_FIT_MM = 4.0
#: smallest marker side (px) read at all: below it a sticker is not trusted
MIN_SIDE_PX = 16.0
#: the half side (mm) of the window sampled on a stone's top
TOP_HALF_MM = 2.5
#: where the print beside a stone space is sampled (mm from the space's centre)
PRINT_MM = 12.0
#: every sample of a space's centre within this (ratio units) of a shade of its stone
SHADE_OFF = 0.2
#: a space whose centre a neighbour hides is looked at in a window of this
#: half side (mm) ...
FAR_HALF_MM = 1.0
#: ... centred this far (mm, each way) from its centre at most: inside its
#: printed square (half side 8), 1 mm kept for the print's own placement
_FAR_GRID = np.arange(-6.0, 6.01, 1.0)
#: ... where a stone on the space, taken this much smaller on each side (mm),
#: and no stone beside it, taken as much larger, stands between it and the
#: camera: a stone off its space's centre or turned (the placement condition
#: moves one up to 3 mm and turns it up to 8 degrees, its corners 1 mm out)
FAR_MARGIN_MM = 3.5
#: one even light over the mat: every marker's paper at least this share as
#: bright as the brightest (a shadow band takes 35-60 % of the light away) ...
EVEN_LIGHT = 0.8
#: ... measured on at least this many markers (the corners and guards alone are 54)
EVEN_MARKERS = 20
#: a washed-out guard's pattern: a white cell brighter than the black one
#: beside it by this many grey levels (about three times the noise) ...
GUARD_STEP = 8.0
#: ... across at least this share of its black-white edges
GUARD_EDGES = 0.65  # a hand over part of a guard measured 0.4 at most
#: ... of at least this many edges not saturated on both sides
GUARD_MEASURED = 8
#: an undecoded square excuses a missing guard only at its place and of about
#: its size (this share of its side in the frame, low to high)
GUARD_SQUARE = (0.6, 1.6)


class ImhotepReader:
    """:class:`vision.games.base.GameReader` for Imhotep."""

    def __init__(
        self,
        calibration: Lens | None = None,
        options: Sequence[str] | None = None,
        players: int | None = None,
    ) -> None:
        #: seats of the game the companion started (``None``: the round card's)
        self.players = players
        self.calibration = (
            calibration if calibration is not None and not calibration.is_ideal else None
        )
        self.catalog = default_catalog()
        self.detector = MarkerDetector(PLAN)
        corners = {
            PLAN.id_of("corner", name): (name, centre, PLAN.entry("corner", name).side_mm)
            for name, centre in LAYOUT.corners.items()
        }
        self.registrar = Registrar.for_board(
            corners,
            LAYOUT.extent_mm,
            LAYOUT.board_mm,
            {PLAN.id_of("guard", "edge"): LAYOUT.guards},
            focal_px=self.calibration.fx if self.calibration is not None else None,
        )
        self._lens: PointLens | None = None
        self._problems: list[str] = []
        self._notices: tuple[Problem, ...] = ()
        self._last: ImhotepObservation | None = None
        self.options = tuple(options or ())
        #: the game's record as the companion last told it (``expect``)
        self.record: ImhotepObservation | None = None

    def expect(self, observation: object) -> None:
        """The game's record (the engine's full observation, derived fields such
        as the stacks' heights included), told whenever the game moves on: the
        stacked sites are read where it puts their tops. Anything else is ignored."""
        self.record = observation if isinstance(observation, ImhotepObservation) else None

    def problems(self) -> list[str]:
        return list(self._problems)

    def notices(self) -> tuple[Problem, ...]:
        """The camera-wide problems of the last frame in both languages (EN+ES,
        :mod:`vision.messages`): the refusal to read through an uncalibrated lens,
        and the mat not found (no corner markers, or none of the mat in view)."""
        return self._notices

    # -- frame -----------------------------------------------------------------
    def read(self, frame: Frame) -> ImhotepObservation | None:
        image = frame.image
        size = (image.shape[1], image.shape[0])
        found = self.detector.detect(image)
        if self.calibration is not None:
            if self._lens is None or self._lens.size != size:
                self._lens = PointLens(self.calibration, size)
                self.registrar.lens = self._lens
            found = self._lens.detections(found)
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        reg = self.registrar.update(found, size, grey)
        self._problems = []
        self._notices = ()
        if not reg.ok:
            self._problems.append("fewer than two of the mat's corner markers are in view")
            corners = sorted(LAYOUT.corners)
            missing = set(corners) - set(reg.corners_seen)
            self._notices = (board_not_found(("mat", "tapete"), corners, missing),)
            self._last = None
            return None
        # Through a bent, uncalibrated lens the edge guards lie mm away from
        # where the mat's fit puts them: read as hidden, they would blame a
        # hand. The advice that helps is to calibrate (vision/startup.py).
        refusal = lens_refusal(reg, self.calibration is not None)
        if refusal is not None:
            self._notices = (refusal,)
            self._problems.append(refusal.en)
            self._last = None
            return None
        seen = _Seen(self, reg, image, found)
        if seen.hidden:
            self._problems.append("something covers the table (" + ", ".join(seen.hidden[:3]) + ")")
            self._last = None
            return None
        now = seen.observation()
        self._problems += seen.refused
        last, self._last = self._last, now
        if last is None:
            return None
        return _agree(last, now)

    def to_raw(self, ideal: NDArray[np.float64]) -> NDArray[np.float64]:
        return self._lens.to_raw(ideal) if self._lens is not None else ideal


def _agree(a: ImhotepObservation, b: ImhotepObservation) -> ImhotepObservation:
    """Field by field (item by item inside tuples): kept where both frames agree.

    A boat is merged slot by slot when both frames put the same boat at the
    same place (a slot that differs is unknown, the others kept); else the
    boat is unknown. Other items are whole: a seat's cards are a sorted hand,
    where position k of one frame need not be the same card as in the other."""
    out = {}
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x == y:
            out[f.name] = x
        elif isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
            merge = _agree_boat if f.name == "boats" else _same
            out[f.name] = tuple(merge(p, q) for p, q in zip(x, y, strict=True))
        else:
            out[f.name] = None
    return replace(a, **out)


def _same(p: Any, q: Any) -> Any:
    return p if p == q else None


def _agree_boat(p: Any, q: Any) -> Any:
    """Two frames' readings of one boat: slot by slot when both have it (same
    id, same place, as many slots), else unknown."""
    if p == q:
        return p
    if p is None or q is None or p[:2] != q[:2] or len(p[2]) != len(q[2]):
        return None
    return (*p[:2], tuple(_same(s, t) for s, t in zip(p[2], q[2], strict=True)))


class _Seen:
    """One frame's markers on the mat, and the reads made from them."""

    def __init__(
        self, reader: ImhotepReader, reg: Registration, image: Image, found: list[Detection]
    ) -> None:
        self.reader = reader
        self.reg = reg
        self.image = image
        self.cam = reg.camera
        self.refused: list[str] = []
        centres = np.array([d.centre for d in found], dtype=np.float64).reshape(-1, 2)
        ground = reg.to_board(centres)
        every = [
            (d.marker_id, (float(g[0]), float(g[1])), d) for d, g in zip(found, ground, strict=True)
        ]
        #: markers large enough to read a value from (corners and guards only
        #: need to be there: any size the detector accepts)
        self.marks: list[tuple[int, Point, Detection]] = [
            m for m in every if m[2].side_px >= MIN_SIDE_PX
        ]
        self.small = [m for m in every if m[2].side_px < MIN_SIDE_PX]
        self._papers: tuple[NDArray[np.float64], NDArray[np.float64]] | None = None
        self._even: bool | None = None
        self.hidden: list[str] = []
        for name, centre in LAYOUT.corners.items():
            if not self._near(PLAN.id_of("corner", name), centre, PRINTED_MM, small=True):
                self.hidden.append(f"the {name} corner marker")
        gid = PLAN.id_of("guard", "edge")
        squares, sides = reader.detector.candidates
        missing = []
        for g in LAYOUT.guards:
            if self._near(gid, g, PRINTED_MM, small=True):
                continue
            # A square of the guard's own size seen there but not decoded
            # (glare, blur) is no hand. A larger one is no evidence of the
            # guard: an arm's or a sleeve's outline across the edge, or a
            # card's, is a square the detector keeps too (a white sleeve over
            # a guard went unseen, excused by a 1,400 px outline).
            at, side = self._guard_in_frame(g)
            if len(squares):
                fits = (
                    (np.hypot(*(squares - at).T) < side / 2)
                    & (sides >= GUARD_SQUARE[0] * side)
                    & (sides <= GUARD_SQUARE[1] * side)
                )
                if bool(fits.any()):
                    continue
            missing.append(g)
        for g in self._washed_out(missing):
            self.hidden.append(f"the edge marker at {g[0]:.0f}, {g[1]:.0f} mm")

    def _washed_out(self, missing: list[Point]) -> list[Point]:
        """Of the guards not found, those still missing after a closer look for
        glare. A guard washed out by a lamp's reflection keeps its printed
        pattern at low contrast (paper saturated, ink a pale grey, a gradient
        across it) where the detector cannot decode it. It is excused only on
        its own pattern at its own place, under glare: its paper saturated
        somewhere, and across nearly every edge between a black cell and a
        white one (the guard id's cells, its black border, the paper margin
        around it) the white side the brighter, never the reverse. Light
        varies slowly, so these side-by-side comparisons survive a gradient; a
        hand, an arm or a sleeve over the guard shows no such pattern, whatever
        the light, so it still stops the reading."""
        return [g for g in missing if not self._pattern_seen(g)]

    def _guard_in_frame(self, g: Point) -> tuple[NDArray[np.float64], float]:
        """An edge guard's centre in the frame (raw pixels) and its side there (px)."""
        half = PLAN.entry("guard", "edge").side_mm / 2
        pts = np.array(
            [g, (g[0] - half, g[1] - half), (g[0] + half, g[1] - half), (g[0] + half, g[1] + half)],
            dtype=np.float64,
        )
        raw = self.reader.to_raw(self.reg.to_image(pts))
        side = (float(np.linalg.norm(raw[2] - raw[1])) + float(np.linalg.norm(raw[3] - raw[2]))) / 2
        return raw[0], max(side, 8.0)

    def _pattern_seen(self, g: Point) -> bool:
        cells, pairs = _guard_pattern()
        pts = cells + np.array(g, dtype=np.float64)
        samples = self._samples(pts, np.zeros(len(pts)), 0.5)
        values = samples.mean(axis=(1, 2))
        whites = np.unique(pairs[:, 0])
        if float(samples[whites].max()) < SATURATED:
            return False  # no glare here: an undecoded guard is not excused
        # an edge whose two cells are both saturated says nothing (the glare's
        # core: ink and paper alike white); the rest must show the pattern
        bright = samples.min(axis=(1, 2)) >= SATURATED
        measured = ~(bright[pairs[:, 0]] & bright[pairs[:, 1]])
        if int(measured.sum()) < GUARD_MEASURED:
            return False  # too little of it seen: a white sleeve looks the same
        diff = (values[pairs[:, 0]] - values[pairs[:, 1]])[measured]
        return bool((diff <= -GUARD_STEP).sum() == 0 and (diff >= GUARD_STEP).mean() >= GUARD_EDGES)

    def _near(
        self, marker_id: int, at: Point, within: float, height: float = 0.0, small: bool = False
    ) -> list[tuple[Point, Detection]]:
        out = []
        for mid, g, d in self.marks + (self.small if small else []):
            if mid != marker_id:
                continue
            p = ground_to_foot(g[0], g[1], self.cam, height)
            if math.dist(p, at) <= within:
                out.append((p, d))
        return out

    # -- cards -------------------------------------------------------------------
    def _card_space(self, at: Point, kinds: Sequence[str]) -> str | None:
        """The card on a space ("" when its free marker shows), or ``None``."""
        free = self._near(PLAN.id_of("free-card", "free"), at, PRINTED_MM)
        names = []
        for mid, g, _ in self.marks:
            e = PLAN.by_id(mid)
            if e is not None and e.kind in kinds and math.dist(g, at) <= CARD_MM:
                names.append(e.name)
        if len(names) + len(free) != 1:
            return None
        return names[0] if names else ""

    # -- sampling ----------------------------------------------------------------
    def papers(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Every marker's place (board mm, (n, 2)) and its paper's colour there
        ((n, 3) BGR): the margin just outside its black square, as lit now."""
        if self._papers is None:
            places, colours = [], []
            h, w = self.image.shape[:2]
            for _, g, d in self.marks + self.small:
                c = d.corners.astype(np.float64)
                centre = c.mean(axis=0)
                mids = (c + np.roll(c, -1, axis=0)) / 2
                ring = centre + (np.concatenate([mids, c]) - centre) * (1 + 1 / 6)
                raw = np.round(self.reader.to_raw(ring)).astype(int)
                ok = (raw[:, 0] >= 0) & (raw[:, 0] < w) & (raw[:, 1] >= 0) & (raw[:, 1] < h)
                if ok.sum() < 6:
                    continue
                px = self.image[raw[ok, 1], raw[ok, 0]].astype(np.float64)
                places.append(g)
                colours.append(np.median(px, axis=0))
            self._papers = (
                np.array(places, dtype=np.float64).reshape(-1, 2),
                np.array(colours).reshape(-1, 3),
            )
        return self._papers

    def even_light(self) -> bool:
        """Whether one even light falls on the whole mat: every marker's paper
        unsaturated and at least ``EVEN_LIGHT`` as bright as the brightest. A
        shadow band (it crosses the mat's edge and its guards: a strip 60 mm
        wide or more), glare or a lamp's falloff fails it. Only then may a
        stone space without a clean print beside it be read against the print
        its nearest markers' paper predicts (:meth:`expected_print`): a
        shadow over the space alone would make a white stone grey."""
        if self._even is None:
            _, colours = self.papers()
            level = colours.mean(axis=1) if len(colours) else np.zeros(0)
            self._even = bool(
                len(colours) >= EVEN_MARKERS
                and float(colours.max()) < SATURATED
                and float(level.min()) >= EVEN_LIGHT * float(level.max())
            )
        return self._even

    def expected_print(self, at: NDArray[np.float64]) -> NDArray[np.float64] | None:
        """The light print's colour at ``at`` as the two nearest markers' paper
        predicts it (``None`` when they disagree: a shadow's edge or glare)."""
        places, colours = self.papers()
        if len(places) < 2:
            return None
        d = np.hypot(*(places - at).T)
        near = np.argsort(d)[:2]
        a, b = colours[near[0]], colours[near[1]]
        if float(np.abs(a - b).max()) > 0.2 * float(max(a.max(), b.max())) or d[near[1]] > 150:
            return None
        paper = (a + b) / 2
        ratio: NDArray[np.float64] = np.array(PRINT_BGR, dtype=np.float64) / np.array(
            PAPER, dtype=np.float64
        )
        out: NDArray[np.float64] = paper * ratio
        return out

    def _samples(
        self, points: NDArray[np.float64], heights: NDArray[np.float64], half: float
    ) -> NDArray[np.float64]:
        """BGR samples (n, 25, 3) of a 5 x 5 grid over +-``half`` mm around each
        point, on a plane ``heights`` mm above the mat (as the camera sees it)."""
        t = np.linspace(-half, half, 5)
        gx, gy = np.meshgrid(t, t)
        grid = np.column_stack([gx.ravel(), gy.ravel()])
        pts = (points[:, None, :] + grid[None, :, :]).reshape(-1, 2)
        hs = np.repeat(heights, len(grid))
        cam = self.cam
        k = cam[2] / np.maximum(cam[2] - hs, 1.0)
        ground = cam[:2] + (pts - cam[:2]) * k[:, None]
        raw = self.reader.to_raw(self.reg.to_image(ground)).astype(np.float32)
        mx = raw[:, 0].reshape(len(points), -1)
        my = raw[:, 1].reshape(len(points), -1)
        out = cv2.remap(
            self.image,
            mx,
            my,
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(255, 255, 255),
        )
        return np.asarray(out, dtype=np.float64)

    def _spaces(
        self, centres: Sequence[Point], base: float, across: Sequence[Point] | None = None
    ) -> list[str | None]:
        """Each stone space's content: a colour, "" (seen empty) or ``None``.

        ``across``: per space, the unit direction across which the light print
        lies (boats and sleds: across the strip); else every side is tried."""
        n = len(centres)
        if n == 0:
            return []
        c = np.array(centres, dtype=np.float64)
        top = self._samples(c, np.full(n, base + STONE_MM), TOP_HALF_MM)
        mid = self._samples(c, np.full(n, base), TOP_HALF_MM)
        dirs: list[NDArray[np.float64]] = []
        for k in range(n):
            if across is not None:
                a = np.array(across[k])
                dirs.append(np.array([a, -a]))
            else:
                dirs.append(np.array([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]))
        m = dirs[0].shape[0]
        pp = np.concatenate([c[k] + dirs[k] * PRINT_MM for k in range(n)])
        prints = self._samples(pp, np.full(len(pp), base), 1.5).reshape(n, m, -1, 3)
        out: list[str | None] = []
        refs: list[NDArray[np.float64] | None] = []
        for k in range(n):
            ref = _print_of(prints[k])
            want_print = self.expected_print(c[k])
            if ref is not None and (
                want_print is None
                or bool((ref < 0.75 * want_print).any() or (ref > 1.3 * want_print).any())
            ):
                ref = None  # not the print as the markers' paper says it looks here
            if ref is None and want_print is not None and self.even_light():
                # no clean print beside the space (another maker's board, a
                # neighbour's stone in the way): under one even light the
                # markers' paper says what the print would look like here
                ref = want_print
            refs.append(ref)
            if ref is None:
                out.append(None)
                continue
            at_mid = classify(mid[k], ref, float(mid[k].max()))
            if at_mid == "":
                out.append("")
                continue
            got = classify(top[k], ref, float(top[k].max()))
            if not got:
                out.append(None)
                continue
            # the space's centre must show this stone (its top, or a shaded side)
            # (a mix of both at an edge): a multiple of its colour, 0.45 to 1.1
            want = np.array(CANDIDATES[got])
            seen_mid = (mid[k] / ref).mean(axis=0)
            alpha = float(seen_mid @ want / (want @ want))
            if not 0.45 <= alpha <= 1.1 or math.dist(seen_mid, alpha * want) > 0.12:
                out.append(None)
                continue
            if not _each_a_shade(mid[k] / ref, want):
                out.append(None)  # a mix of this colour and another (a neighbour, the space)
                continue
            out.append(got)
        return self._unhidden(c, base, out, refs)

    def _unhidden(
        self,
        c: NDArray[np.float64],
        base: float,
        out: list[str | None],
        refs: Sequence[NDArray[np.float64] | None] | None = None,
    ) -> list[str | None]:
        """``out`` where a neighbour's stone of a space's colour stands between
        the camera and the space's centre: that centre then shows the
        neighbour's side, and the space reads the neighbour's colour whether it
        holds a stone or not (a tilted camera saw an empty boat slot beside a
        black stone as black). A neighbour not read counts as one of that
        colour (an empty slot beside an unread grey stone read grey). Such a
        space is decided through the part of its printed square no neighbour
        can hide (``_far_side``, with the print's colour ``refs``), else it is
        unknown."""
        cam = np.asarray(self.cam, dtype=np.float64)
        rise = float(cam[2]) - base
        if rise <= STONE_MM:
            return out
        kept = list(out)
        for k, colour in enumerate(out):
            if not colour:
                continue
            # a neighbour not read may hold a stone of this colour too
            same = [c[j] for j, other in enumerate(out) if j != k and other in (colour, None)]
            if not _hidden_by(c[k][None, :], cam, rise, same, STONE_MM / 2):
                continue
            kept[k] = None
            ref = refs[k] if refs is not None else None
            if ref is not None:
                # anything that may stand beside it: a stone, or a space not read
                near = [c[j] for j, other in enumerate(out) if j != k and other != ""]
                kept[k] = self._far_side(c[k], base, colour, ref, near)
        return kept

    def _far_side(
        self,
        centre: NDArray[np.float64],
        base: float,
        colour: str,
        ref: NDArray[np.float64],
        near: list[NDArray[np.float64]],
    ) -> str | None:
        """A space whose centre a neighbour hides, looked at through the part
        of its printed square no neighbour hides: a window (``FAR_HALF_MM``)
        inside the square whose every ray to the camera passes through the
        space's own stone, were one there (taken ``FAR_MARGIN_MM`` smaller on
        each side: a stone off its centre or turned), and through no stone
        beside it (``near``, each taken as much larger). That window shows the
        space's own stone if it holds one, else its printed empty square.
        ``colour`` (the top's reading) if the window is all shades of it,
        ``""`` if it is the empty square, else ``None`` (also when no such
        window exists: a tilted camera may see none)."""
        cam = np.asarray(self.cam, dtype=np.float64)
        rise = float(cam[2]) - base
        offsets = np.array([(x, y) for y in _FAR_GRID for x in _FAR_GRID])
        offsets = offsets[np.argsort(np.hypot(*offsets.T), kind="stable")]  # central first
        t = np.linspace(-FAR_HALF_MM, FAR_HALF_MM, 5)
        window = np.array([(x, y) for y in t for x in t])
        points = centre + offsets[:, None, :] + window[None, :, :]  # (candidates, 25, 2)
        own = _through(points, cam, rise, centre, STONE_MM / 2 - FAR_MARGIN_MM).all(axis=1)
        clear = own.copy()
        for stone in near:
            clear &= ~_through(points, cam, rise, stone, STONE_MM / 2 + FAR_MARGIN_MM).any(axis=1)
        if not bool(clear.any()):
            return None
        at = centre + offsets[int(np.argmax(clear))]
        samples = self._samples(at[None, :], np.array([base]), FAR_HALF_MM)[0]
        seen = classify(samples, ref, float(samples.max()))
        if seen == "":
            return ""
        want = np.array(CANDIDATES[colour])
        ratios = samples / ref
        alpha = float(ratios.mean(axis=0) @ want / (want @ want))
        if 0.45 <= alpha <= 1.1 and _each_a_shade(ratios, want):
            return colour
        return None

    # -- fields ------------------------------------------------------------------
    def _side(self, site: str) -> str | None:
        a = any(
            self._near(PLAN.id_of("side", f"{site}-A"), m, PRINTED_MM)
            for m in LAYOUT.sites[site].side_markers
        )
        b = any(
            self._near(PLAN.id_of("side", f"{site}-B"), m, PRINTED_MM)
            for m in LAYOUT.sites[site].side_markers
        )
        return "A" if a and not b else "B" if b and not a else None

    def _boat(self, boat_id: int, size: int) -> tuple[int, str, tuple[str | None, ...]] | None:
        """A boat from its bow and stern stickers: its id, its place and each
        slot bow first (``None`` for a slot not read: the boat's place and its
        other slots are still evidence). ``None`` when no sticker places it.

        Both stickers seen: the boat is read by its own markers, whichever way
        it lies. The line from bow to stern is its axis; their distance, its
        length (``hardware/imhotep/layout.json`` fixes each end's length and
        the slots' pitch, not which way a boat lies nor which point of it
        touches a dock): a boat of the wrong size for the game's boat
        ``boat_id`` keeps its place, every slot unknown. Its place is the one
        berth or dock whose point lies on its hull (:meth:`_place`). One
        sticker alone: the kit's boat (bow east, the sticker square to it,
        ``size`` slots) centred within ``BOAT_PLACE_MM`` of a place."""
        ends: dict[str, tuple[NDArray[np.float64], NDArray[np.float64]]] = {}
        for end in ("bow", "stern"):
            mid = PLAN.id_of("boat", f"{boat_id}-{end}")
            found = [(g, d) for m, g, d in self.marks if m == mid]
            if len(found) > 1:
                self.refused.append(f"boat {boat_id}: its {end} sticker is seen twice")
                return None
            for g, d in found:
                p = np.array(ground_to_foot(g[0], g[1], self.cam, HULL_MM))
                tl, tr, br, bl = self.reg.to_board(d.corners.astype(np.float64))
                axis = (tr - tl) + (br - bl)
                ends[end] = (p, axis / max(float(np.linalg.norm(axis)), 1e-9))
        if not ends:
            return None
        n = size
        if len(ends) == 2:
            bow, stern = ends["bow"][0], ends["stern"][0]
            span = float(np.linalg.norm(bow - stern))
            axis = (bow - stern) / max(span, 1e-9)  # towards the bow
            slots_f = (span - BOAT_END_MM) / SLOT_PITCH_MM
            n = round(slots_f)
            if abs(slots_f - n) * SLOT_PITCH_MM > BOAT_FIT_MM or not 1 <= n <= 4:
                self.refused.append(
                    f"boat {boat_id}: its bow and stern stickers are not one boat apart"
                )
                return None
            centre = (bow + stern) / 2
            where = self._place(boat_id, centre, axis, span + BOAT_END_MM)
        else:
            ((end, (p, axis)),) = ends.items()
            bow_at, stern_at = boat_marker_offsets(size)
            centre = p - axis * (bow_at if end == "bow" else stern_at)
            name, dist = min(
                ((k, math.dist(tuple(centre), at)) for k, at in LAYOUT.places().items()),
                key=lambda t: t[1],
            )
            where = name if dist <= BOAT_PLACE_MM else None
            if where is None:
                self.refused.append(f"boat {boat_id} lies away from every berth and dock")
        if where is None:
            return None
        where = "harbour" if where.startswith("harbour") else where
        if n != size:
            self.refused.append(
                f"boat {boat_id} has {n} slots, the game's boat {boat_id} has {size}:"
                " its stones are not read"
            )
            return boat_id, where, (None,) * size
        slots = [
            (float(centre[0] + axis[0] * off), float(centre[1] + axis[1] * off))
            for off in boat_slot_offsets(size)
        ]
        across = [(-float(axis[1]), float(axis[0]))] * size
        return boat_id, where, tuple(self._spaces(slots, HULL_MM, across))

    def _place(
        self, boat_id: int, centre: NDArray[np.float64], axis: NDArray[np.float64], length: float
    ) -> str | None:
        """The berth or dock whose point lies on a boat's hull (``length`` mm
        along ``axis`` about ``centre``, the kit's width across), or ``None``
        (named in the problems) when none does, or more than one: a long boat
        docked at the market or the pyramid reaches the harbour berth south of
        it, where a boat lying in the harbour could as well be."""
        on = []
        for name, at in LAYOUT.places().items():
            rel = np.array(at) - centre
            along = abs(float(rel @ axis))
            across = abs(float(rel[0] * -axis[1] + rel[1] * axis[0]))
            if along <= length / 2 and across <= BOAT_WIDTH_MM / 2:
                on.append(name)
        if len(on) != 1:
            self.refused.append(
                f"boat {boat_id} lies "
                + ("on no berth or dock" if not on else "across " + " and ".join(on))
            )
            return None
        return on[0]

    def _burial(self) -> tuple[str | None, ...] | None:
        cells = self._spaces(LAYOUT.burial_cells, 0.0)
        return _sequence(cells)

    def _sled(self, seat: int) -> int | None:
        spaces = self._spaces(
            LAYOUT.seats[seat].sled_slots, 0.0, [(0.0, 1.0)] * len(LAYOUT.seats[seat].sled_slots)
        )
        if any(s is None for s in spaces):
            return None
        return sum(1 for s in spaces if s)

    def _seat_cards(self, seat: int) -> tuple[str, ...] | None:
        got = [self._card_space(at, ("card",)) for at in LAYOUT.seats[seat].card_slots]
        if any(g is None for g in got) or all(got):
            return None  # unknown, or every space taken (more may lie beyond)
        return tuple(sorted(g for g in got if g))

    def _check_places(self) -> None:
        """Refuse (and name) every marker where the plan never puts it."""
        spaces = [LAYOUT.round_card, *LAYOUT.market] + [
            c for s in LAYOUT.seats for c in s.card_slots
        ]
        for mid, g, _ in self.marks:
            e = PLAN.by_id(mid)
            if e is None:
                continue
            ok = True
            if e.kind == "card" or e.kind == "round-card" or e.kind == "free-card":
                ok = any(math.dist(g, s) <= CARD_MM for s in spaces)
            elif e.kind == "side":
                site = e.name.rsplit("-", 1)[0]
                ok = any(math.dist(g, m) <= PRINTED_MM for m in LAYOUT.sites[site].side_markers)
            elif e.kind == "sled":
                ok = any(
                    math.dist(g, m) <= PRINTED_MM for s in LAYOUT.seats for m in s.sled_markers
                )
            elif e.kind == "boat":
                p = ground_to_foot(g[0], g[1], self.cam, HULL_MM)
                ok = any(
                    math.dist(p, at) <= boat_length(4) / 2 + BOAT_PLACE_MM
                    for at in LAYOUT.places().values()
                )
            if not ok:
                self.refused.append(
                    f"marker {mid} ({e.kind} {e.name}) lies where the plan never puts it"
                )

    def observation(self) -> ImhotepObservation:
        self._check_places()
        round_card = self._card_space(LAYOUT.round_card, ("round-card",))
        card = None
        if round_card:
            card = self.reader.catalog.round_card(int(round_card))
        boats = None
        players = None
        if card is not None:
            # the seats of the game the companion started: a round card of
            # another count (a player's slip, or a card read from a scene of
            # another game) does not make seats that are not in the game
            players = self.reader.players or card.players
            boats = tuple(self._boat(b, self.reader.catalog.boat(b).size) for b in card.boats)
        market_side = self._side("market")
        market = None
        # before the first round the market is not dealt (no slots at all): the
        # market is read only while a round card lies on its space
        if market_side == "A" and card is not None:
            market = tuple(self._card_space(at, ("card",)) for at in LAYOUT.market)
        # side B is used as side A, only scored otherwise (rulebook, "B) Cámara
        # funeraria"): the same cells, filled in the same order
        burial = self._burial() if self._side("burial") in ("A", "B") else None
        obelisk_side = self._side("obelisk")
        stacks: dict[str, Any] = dict.fromkeys(("pyramid_top", "temple_top", "obelisk_tops"))
        record = self.reader.record
        if record is not None:
            sides = {site: self._side(site) for site in ("pyramid", "temple")}
            sides["obelisk"] = obelisk_side
            stacks = read_stacks(self, record, sides, self.reader.options)
        return ImhotepObservation(
            round_card=int(round_card) if round_card else None,
            boats=boats,  # type: ignore[arg-type]
            pyramid_top=stacks["pyramid_top"],
            pyramid_covered=None,
            temple_top=stacks["temple_top"],
            temple_covered=None,
            burial=burial,  # type: ignore[arg-type]
            obelisk_tops=stacks["obelisk_tops"],
            obelisk_heights=None,
            towers=() if obelisk_side == "A" else None,
            market=market,  # type: ignore[arg-type]
            market_face_down=0 if market_side == "A" else None,
            cards=cast(Any, tuple(self._seat_cards(s) for s in range(players)))
            if players
            else None,
            sleds=cast(Any, tuple(self._sled(s) for s in range(players))) if players else None,
            track=None,
        )


@cache
def _guard_pattern() -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """The edge guard's printed cells as the mat holds them: each cell's centre
    (mm from the guard's centre: 6 x 6 cells, the dictionary's bits inside a
    black border, in a ring of paper margin), and every pair of side-by-side
    cells of different colour as (index of the white one, of the black one)."""
    entry = PLAN.entry("guard", "edge")
    cell = entry.side_mm / 6
    bits = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100), entry.marker_id, 6
    )
    white = np.ones((8, 8), dtype=bool)
    white[1:7, 1:7] = bits > 127
    centres = [((c - 3.5) * cell, (r - 3.5) * cell) for r in range(8) for c in range(8)]
    pairs = []
    for r in range(8):
        for c in range(8):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < 8 and c2 < 8 and white[r, c] != white[r2, c2]:
                    a, b = r * 8 + c, r2 * 8 + c2
                    pairs.append((a, b) if white[r, c] else (b, a))
    return np.array(centres, dtype=np.float64), np.array(pairs, dtype=np.intp)


def _through(
    points: NDArray[np.float64], cam: NDArray[np.float64], rise: float, stone: Any, half: float
) -> NDArray[np.bool_]:
    """Per point (any leading shape, mm, on the plane the stones stand on,
    ``rise`` below the camera ``cam``): whether its ray to the camera passes
    through a stone at ``stone`` (a box ``half`` mm each side, a stone high)."""
    t = np.linspace(0.0, STONE_MM / rise, 12)
    rays = points[..., None, :] + t[:, None] * (cam[:2] - points)[..., None, :]
    inside: NDArray[np.bool_] = (np.abs(rays - stone).max(axis=-1) <= half).any(axis=-1)
    return inside


def _hidden_by(
    points: NDArray[np.float64],
    cam: NDArray[np.float64],
    rise: float,
    stones: Sequence[NDArray[np.float64]],
    half: float,
) -> bool:
    """Whether the ray from any of ``points`` to the camera passes through one
    of ``stones`` (as :func:`_through`)."""
    return any(bool(_through(points, cam, rise, stone, half).any()) for stone in stones)


def _each_a_shade(ratios: NDArray[np.float64], want: NDArray[np.float64]) -> bool:
    """Whether every sample (n, 3: ratios to the print) is some shade of the
    colour ``want`` (its top, or a side in shadow): each lies near the line
    through ``want``, so a mean that passes cannot hide a mix of two colours."""
    alphas = ratios @ want / float(want @ want)
    off = np.linalg.norm(ratios - alphas[:, None] * want[None, :], axis=1)
    return bool(float(off.max()) <= SHADE_OFF)


def _print_of(samples: NDArray[np.float64]) -> NDArray[np.float64] | None:
    """The local print's colour from the samples (m, 25, 3) of its candidate
    places: the brightest flat, unsaturated one (a stone's shaded side or a
    neighbour's top is darker or not flat), or ``None``."""
    best = None
    for s in samples:
        if s.max() >= SATURATED:
            continue
        mean = s.mean(axis=0)
        if float((s.std(axis=0) / np.maximum(mean, 1.0)).max()) > 0.1:
            continue
        # the print is a light neutral: no channel far from the others
        if mean.min() < 0.6 * mean.max():
            continue
        if best is None or mean.sum() > best.sum():
            best = mean
    return best


def _sequence(cells: Sequence[str | None]) -> tuple[str | None, ...] | None:
    """Stones placed in order: the filled prefix up to the first cell seen empty.
    ``None`` when no cell is seen empty or a stone lies after one."""
    first = next((k for k, c in enumerate(cells) if c == ""), None)
    if first is None or any(c for c in cells[first:]):
        return None
    if first > 0 and cells[first - 1] is None:
        return None  # the last stone unread: the count is not known
    return tuple(cells[:first])
