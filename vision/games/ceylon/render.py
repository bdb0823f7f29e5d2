"""Ceylon's table drawn as a camera sees it, from a :class:`CeylonObservation`.

Built on :class:`vision.rig.CameraRig` (pose, distorted lens, light, blur,
noise, JPEG, printed stickers with ink bleed). What it draws follows the
layout (:mod:`.layout`) and the plan (:mod:`.plan`), with the harsh things
of :mod:`vision.harsh` kept: dark piece colours (navy, dark green, dark red),
words printed on the board, every piece off its spot by the condition's
``offset_mm`` and turned a little, sticker scale errors, pawns as cylinders
whose tops are seen displaced by parallax and whose bodies hide what is
behind them, and a hand over the board that moves from frame to frame.

Only the fields a camera can see are drawn: the personal boards (rupees,
tea cubes, tech tokens, contracts won) are not on the camera's board (see
``docs/ceylon-table.md``). The tech track's discs are drawn as stacks: from
the stacking order when the observation carries it (``tech``, a derived
field), else from ``tech_tops`` alone, with each disc no top shows put under
a top at random (so stacks of every height, hiding each other, are read).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.ceylon.catalog import load_catalog
from engine.ceylon.view import CeylonObservation
from vision.harsh import CONDITIONS, Condition
from vision.rig import CameraRig, camera_for, rng

from . import layout as L
from . import plan as P

Image = NDArray[np.uint8]
Point = tuple[float, float]

BOARD = (118, 160, 176)
DISTRICT_BGR = ((92, 150, 120), (80, 138, 142), (98, 160, 104), (84, 130, 150))
LARGE_BGR = (150, 190, 200)
SMALL_BGR = (175, 210, 222)
TOKEN_BGR = (40, 90, 70)
#: seat colours as real components under a lamp: dark (BGR)
SEAT_BGR = ((32, 30, 140), (80, 38, 18), (35, 85, 30), (35, 175, 215))
COMPANY_BGR = ((180, 200, 215), (160, 185, 200), (195, 205, 190), (170, 170, 205), (200, 190, 175))
ADVISOR_BGR = (70, 110, 150)
CARD_BGR = (200, 215, 225)
TRACK_BGR = (100, 128, 140)
START_BGR = (70, 140, 80)  # the tech track's green start space

_CAT = load_catalog()


def _offset(r: np.random.Generator, cond: Condition) -> Point:
    d = float(r.uniform(*cond.offset_mm))
    a = float(r.uniform(0, 2 * math.pi))
    return (d * math.cos(a), d * math.sin(a))


def _add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


def _rect(centre: Point, w: float, h: float, angle_deg: float) -> NDArray[np.float64]:
    a = math.radians(angle_deg)
    u = np.array([math.cos(a), math.sin(a)])
    v = np.array([-u[1], u[0]])
    c = np.array(centre)
    return np.array([c + u * x + v * y for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]) / 1.0


class CeylonRenderer:
    """Frames of one scene: ``(seed, condition)`` fix camera, light and placement."""

    def __init__(self, seed: int, condition: str, size: tuple[int, int] | None = None) -> None:
        cond = CONDITIONS[condition]
        if size is not None:
            from dataclasses import replace

            cond = replace(cond, size=size)
        self.seed = seed
        self.cond = cond
        pose, lens, self.calibration = camera_for(seed, cond, L.EXTENT_MM)
        self.rig = CameraRig(seed, cond, pose, lens, L.EXTENT_MM)
        self._board: Image | None = None
        #: the last observation's lit view without a hand (frames differ only in noise)
        self._still: tuple[CeylonObservation, Image] | None = None

    # -- drawing helpers --------------------------------------------------------
    def _poly(self, tex: Image, pts: Sequence[Point] | NDArray[np.float64], bgr: object) -> None:
        cv2.fillPoly(tex, [self.rig.tex(pts)], bgr, cv2.LINE_AA, 4)

    def _raised(self, at: Point, height: float) -> tuple[Point, float]:
        return self.rig.top_of(at, height)

    def _flat(
        self,
        tex: Image,
        outline: Sequence[Point] | NDArray[np.float64],
        at: Point,
        height: float,
        bgr: tuple[int, int, int],
    ) -> None:
        """A thin piece: its outline moved and scaled as the camera sees its top."""
        top, k = self._raised(at, height)
        pts = (np.asarray(outline, dtype=np.float64) - np.array(at)) * k + np.array(top)
        if height > 0:
            side = tuple(int(c * 0.6) for c in bgr)
            hull = cv2.convexHull(self.rig.tex(np.concatenate([np.asarray(outline), pts])))
            cv2.fillConvexPoly(tex, hull, side, cv2.LINE_AA, 4)
        self._poly(tex, pts, bgr)

    def _sticker(
        self,
        tex: Image,
        marker_id: int,
        at: Point,
        height: float,
        side: float,
        angle: float,
        r: np.random.Generator,
    ) -> None:
        top, k = self._raised(at, height)
        self.rig.sticker(tex, marker_id, top, side * k, angle, r)

    def _text(self, tex: Image, text: str, at: Point, size_mm: float) -> None:
        x, y = (int(v) >> 4 for v in self.rig.tex([at])[0])
        scale = size_mm * self.rig.k / 22
        cv2.putText(
            tex,
            text,
            (x, y),
            cv2.FONT_HERSHEY_SIMPLEX,
            scale,
            (40, 50, 60),
            max(1, int(scale * 2.2)),
            cv2.LINE_AA,
        )

    # -- the board ------------------------------------------------------------
    def board(self) -> Image:
        """The empty board with its printed spots (drawn once per scene)."""
        if self._board is not None:
            return self._board.copy()
        rig = self.rig
        r = rng("ceylon-board", self.seed)
        tex = rig.blank()
        w, h = L.BOARD_MM
        self._poly(tex, [(0, 0), (w, 0), (w, h), (0, h)], BOARD)
        for centre, district in zip(L.LAYOUT.hexes, L.LAYOUT.districts, strict=True):
            self._poly(tex, L.hex_corners(centre, L.HEX_R), (60, 80, 70))
            self._poly(tex, L.hex_corners(centre, L.HEX_R - 1.2), DISTRICT_BGR[district])
            rig.sticker(tex, P.LEVEL0_ID, _add(centre, L.LEVEL), P.MAP_MM, 0.0, r)
            rig.sticker(tex, P.FREE_IDS[0], _add(centre, L.PLANT), P.MAP_MM, 0.0, r)
        self._track(tex)
        for text, at in L.WORDS:
            self._text(tex, text, at, 9.0)
        for (cx, cy), mid in zip(L.CORNERS.values(), P.CORNER_IDS, strict=True):
            rig.sticker(tex, mid, (cx, cy), P.CORNER_MM, 0.0, r)
        for at in L.WAGONS:
            self._poly(tex, _rect(at, 32, 42, 0), (90, 110, 120))
            rig.sticker(tex, P.WAGON_FREE_ID, at, P.PIECE_MM, 0.0, r)
        for at, spaces in zip(L.ADVISORS, L.HIRE_SPACES, strict=True):
            self._poly(tex, _rect(at, 24, 24, 0), (90, 110, 120))
            rig.sticker(tex, P.ADVISOR_FREE_ID, at, P.PIECE_MM, 0.0, r)
            for space in spaces:
                rig.sticker(tex, P.HIRE_FREE_ID, space, P.MAP_MM, 0.0, r)
        self._poly(tex, _rect(L.DISCARD, 34, 46, 0), (90, 110, 120))
        # the active player's side of the discard space: a printed arrow
        dx, dy = L.DISCARD
        self._poly(tex, [(dx - 10, dy + 48), (dx + 10, dy + 48), (dx, dy + 58)], (40, 50, 60))
        rig.sticker(tex, P.DISCARD_FREE_ID, L.DISCARD, P.CARD_MM, 0.0, r)
        for at, bgr in zip(L.HOMES, SEAT_BGR, strict=True):
            cv2.circle(
                tex,
                tuple(int(v) for v in rig.tex([at])[0]),
                int(11 * rig.k * 16),
                bgr,
                -1,
                cv2.LINE_AA,
                4,
            )
        for space in L.TECH_SPACES:  # last: the words stay under the spots
            rig.sticker(tex, P.HIRE_FREE_ID, space, P.MAP_MM, 0.0, r)
        self._board = tex
        return tex.copy()

    def _track(self, tex: Image) -> None:
        """The tech track's printed band: a circle per space, the start space
        green, "+5" beside the spaces that give points."""
        (x0, y), (x1, _) = L.TECH_SPACES[0], L.TECH_SPACES[-1]
        half = L.TECH_PITCH / 2
        self._poly(tex, _rect(((x0 + x1) / 2, y), (x1 - x0) / 2 + half, 11, 0), TRACK_BGR)
        points = set(_CAT.value("tech_points_spaces"))
        for k, at in enumerate(L.TECH_SPACES):
            ring = [
                (at[0] + (L.DISC_R + 1) * math.cos(t), at[1] + (L.DISC_R + 1) * math.sin(t))
                for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)
            ]
            self._poly(tex, ring, START_BGR if k == 0 else BOARD)
            if k in points:
                self._text(tex, "+5", (at[0] + L.DISC_R + 1.5, at[1] + 3.0), 5.0)

    # -- pieces ---------------------------------------------------------------
    def texture(self, obs: CeylonObservation) -> Image:
        """The table showing ``obs`` (top-down texture, before the lens)."""
        tex = self.board()
        cond = self.cond
        r = rng("ceylon-pieces", self.seed, cond.frames_of or cond.name)
        hexes = L.LAYOUT.hexes
        level = list(obs.levels or [0] * len(hexes))
        height = [0.0] * len(hexes)
        for tile, mask in enumerate(obs.large_tiles or ()):
            for hx in range(len(hexes)):
                if mask >> hx & 1:
                    cell = (P.LARGE_IDS[tile], P.FREE_IDS[1 + tile])
                    self._cell(tex, hx, cell, P.LARGE_MM, LARGE_BGR, r)
                    height[hx] = P.LARGE_MM
        for hx, lv in enumerate(level):
            if lv == 2:
                self._cell(tex, hx, (P.SMALL_ID, P.FREE_IDS[-1]), P.SMALL_MM, SMALL_BGR, r)
                height[hx] = P.SMALL_MM
        for hx, (seat, leaves) in enumerate(obs.plantations or ()):
            if seat < 0:
                continue
            at = _add(_add(hexes[hx], L.PLANT), _offset(r, cond))
            base = height[hx] + P.TOKEN_MM
            self._flat(tex, L.hex_corners(at, L.TOKEN_R), at, base, TOKEN_BGR)
            spots = [(0.0, 0.0)] if leaves < 2 else [(-L.LEAF_PAIR_DX, 0), (L.LEAF_PAIR_DX, 0)]
            for sx, sy in spots:
                leaf = _add(at, (sx, sy))
                ring = [
                    (leaf[0] + 7.2 * math.cos(t), leaf[1] + 7.2 * math.sin(t))
                    for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)
                ]
                self._flat(tex, ring, leaf, base + 1.0, SEAT_BGR[seat])
                angle = float(r.uniform(-25, 25))
                self._sticker(tex, P.LEAF_IDS[seat], leaf, base + 1.0, P.MAP_MM, angle, r)
        for wagon, contract in enumerate(obs.train or ()):
            if contract < 0:
                continue
            at = _add(L.WAGONS[wagon], _offset(r, cond))
            angle = float(r.uniform(-6, 6))
            company = _CAT.contracts[contract].company
            self._flat(tex, _rect(at, 30, 40, angle), at, 0.5, COMPANY_BGR[company - 1])
            self._sticker(tex, P.CONTRACT_IDS[contract], at, 0.5, P.PIECE_MM, angle, r)
        for district, advisor in enumerate(obs.advisors or ()):
            if advisor < 0:
                continue
            at = _add(L.ADVISORS[district], _offset(r, cond))
            angle = float(r.uniform(-8, 8))
            self._flat(tex, _rect(at, 22, 22, angle), at, 2.0, ADVISOR_BGR)
            self._sticker(tex, P.ADVISOR_IDS[advisor], at, 2.0, P.PIECE_MM, angle, r)
        self._discs(tex, obs.hired or (), r)
        if obs.card is not None and obs.card >= 0:
            self._card(tex, obs.card, obs.rotation, r)
        self._tech(tex, obs)
        self._pawns(tex, obs, height, r)
        return tex

    def _cell(
        self,
        tex: Image,
        hx: int,
        ids: tuple[int, int],
        height: float,
        bgr: tuple[int, int, int],
        r: np.random.Generator,
    ) -> None:
        centre = L.LAYOUT.hexes[hx]
        self._flat(tex, L.hex_corners(centre, L.HEX_R - 1.5), centre, height, bgr)
        self._sticker(tex, ids[0], _add(centre, L.LEVEL), height, P.MAP_MM, 0.0, r)
        self._sticker(tex, ids[1], _add(centre, L.PLANT), height, P.MAP_MM, 0.0, r)

    def _discs(self, tex: Image, hired: Sequence[int], r: np.random.Generator) -> None:
        """Each hiring seat's disc on a free space of the advisor's track."""
        ring = [
            (L.DISC_R * math.cos(t), L.DISC_R * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)
        ]
        for district, spaces in enumerate(L.HIRE_SPACES):
            seats = [s for s, mask in enumerate(hired) if mask >> district & 1]
            order = r.permutation(len(spaces))
            for seat, space in zip(seats, order, strict=False):
                at = _add(spaces[int(space)], _offset(r, self.cond))
                outline = [(at[0] + x, at[1] + y) for x, y in ring]
                self._flat(tex, outline, at, P.DISC_MM, SEAT_BGR[seat])
                angle = float(r.uniform(0, 360))
                self._sticker(tex, P.DISC_IDS[seat], at, P.DISC_MM, P.MAP_MM, angle, r)

    def _stacks(self, obs: CeylonObservation, r: np.random.Generator) -> dict[int, list[int]]:
        """Tech track space -> seats whose discs lie there, bottom to top."""
        if obs.tech is not None:
            order = sorted(range(len(obs.tech)), key=lambda seat: obs.tech[seat][1])  # type: ignore[index]
            stacks: dict[int, list[int]] = {}
            for seat in order:
                stacks.setdefault(obs.tech[seat][0], []).append(seat)
            return stacks
        tops = obs.tech_tops or ()
        stacks = {space: [seat] for space, seat in enumerate(tops) if seat >= 0}
        seats = len(obs.pawns or obs.hired or ())
        hidden = [s for s in range(seats) if s not in tops]
        spaces = sorted(stacks)
        for seat in hidden:  # under a top the record does not give: any will do
            if spaces:
                stacks[spaces[int(r.integers(len(spaces)))]].insert(0, seat)
        return stacks

    def _tech(self, tex: Image, obs: CeylonObservation) -> None:
        """The discs on the tech track, stacked, each a little off the one below."""
        r = rng("ceylon-tech", self.seed, self.cond.frames_of or self.cond.name)
        ring = [
            (L.DISC_R * math.cos(t), L.DISC_R * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)
        ]
        for space, seats in sorted(self._stacks(obs, r).items()):
            base = _add(L.TECH_SPACES[space], _offset(r, self.cond))
            for n, seat in enumerate(seats, start=1):
                at = _add(base, (float(r.uniform(-1.2, 1.2)), float(r.uniform(-1.2, 1.2))))
                outline = [(at[0] + x, at[1] + y) for x, y in ring]
                height = P.DISC_MM * n
                self._flat(tex, outline, at, height, SEAT_BGR[seat])
                angle = float(r.uniform(0, 360))
                self._sticker(tex, P.DISC_IDS[seat], at, height, P.MAP_MM, angle, r)

    def _card(self, tex: Image, card: int, rotation: int | None, r: np.random.Generator) -> None:
        face = _CAT.faces[card]
        cw, ch = L.CARD_MM
        # the card below it, askew (the discard pile)
        under = _add(L.DISCARD, _offset(r, self.cond))
        self._flat(tex, _rect(under, cw / 2, ch / 2, float(r.uniform(-5, 5))), under, 0.5, CARD_BGR)
        at = _add(L.DISCARD, _offset(r, self.cond))
        # sticker's top towards the card's first action; that end faces the
        # active side (south) when the active player took the first action
        turn = 180.0 if rotation == face.first else 0.0
        angle = turn + float(r.uniform(-8, 8))
        self._flat(tex, _rect(at, cw / 2, ch / 2, angle), at, 0.8, CARD_BGR)
        for end in (-1, 1):  # the two actions' pictures at the card's ends
            a = math.radians(angle)
            p = (at[0] - math.sin(a) * end * 30, at[1] + math.cos(a) * end * 30)
            self._poly(tex, _rect(p, 14, 8, angle), (60, 90, 110))
        self._sticker(tex, P.FACE_IDS[card], at, 0.8, P.CARD_MM, angle, r)

    def _pawns(
        self, tex: Image, obs: CeylonObservation, height: list[float], r: np.random.Generator
    ) -> None:
        rig = self.rig
        tops = []
        pawns: Sequence[int | None] = obs.pawns or ()  # None: a pawn left off (tests)
        for seat, hx in enumerate(pawns):
            if hx is None:
                continue
            if hx < 0:
                foot, base = L.HOMES[seat], 0.0
            else:
                foot, base = _add(L.LAYOUT.hexes[hx], L.PAWN_SLOTS[seat]), height[hx]
            foot = _add(foot, _offset(r, self.cond))
            ring = np.linspace(0, 2 * math.pi, 36, endpoint=False)
            circ = np.column_stack([L.PAWN_R * np.cos(ring), L.PAWN_R * np.sin(ring)])
            bottom, kb = rig.top_of(foot, base)
            top, kt = rig.top_of(foot, base + P.PAWN_MM)
            hull = cv2.convexHull(
                rig.tex(np.concatenate([circ * kb + np.array(bottom), circ * kt + np.array(top)]))
            )
            bgr = SEAT_BGR[seat]
            cv2.fillConvexPoly(tex, hull, tuple(int(c * 0.55) for c in bgr), cv2.LINE_AA, 4)
            tops.append((seat, circ * kt + np.array(top), top, kt, bgr))
        for seat, poly, top, k, bgr in tops:
            self._poly(tex, poly, bgr)
            rig.sticker(tex, P.PAWN_IDS[seat], top, P.MAP_MM * k, float(r.uniform(0, 360)), r)

    def hand(self, tex: Image, frame: int) -> None:
        """A hand over the map, the train or the tech track, somewhere else every frame."""
        r = rng("ceylon-hand", self.seed, frame)
        spots = [*L.LAYOUT.hexes, *L.WAGONS, L.DISCARD, *L.ADVISORS, *L.TECH_SPACES[::5]]
        centre = spots[int(r.integers(len(spots)))]
        self.rig.hand(tex, centre, r)

    def frame(self, obs: CeylonObservation, *, hand: bool = False, frame: int = 0) -> Image:
        rig = self.rig
        if hand:
            tex = self.texture(obs)
            self.hand(tex, frame)
            return rig.finish(rig.lit(rig.view(tex)), frame)
        if self._still is None or self._still[0] != obs:
            self._still = (obs, rig.lit(rig.view(self.texture(obs))))
        return rig.finish(self._still[1], frame)
