"""Rajas of the Ganges' table drawn as a camera sees it, from an observation.

Built on :class:`vision.rig.CameraRig` (the same imperfect camera, light and
noise as Amritsar's harsh renderer) and kept harsh the same way: pieces are
solids with shaded sides seen with parallax, dark piece colours, printed
words on the board as black as the stickers, pieces off their places by the
condition's ``offset_mm`` and stickers with scale errors and ink bleed. What
is drawn is only what ``observation.as_seen()`` holds and the layout places
(:mod:`vision.games.rajas.layout`): workers on action spaces, fame and money
markers, boats, the quarry display's top tiles, every seat's province board
with its tiles turned as the observation says, the elephant, cover tiles in a
three-player game, and each seat's Kali statue: a strip of arms with a spot
sticker on each free one and the dice as cubes of their colour with white
pips (:mod:`vision.games.rajas.dice`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.rajas.catalog import Catalog, default_catalog
from engine.rajas.province import rotate
from engine.rajas.state import EMPTY, RESIDENCE
from engine.rajas.view import RajasObservation

from ...harsh import CONDITIONS
from ...rig import CameraRig, camera_for, rng
from .. import beside
from . import dice as D
from . import layout as L
from .plan import BOAT_HEIGHT_MM, STACK_HEIGHT_MM, RajasPlan, rajas_plan

Image = NDArray[np.uint8]
Point = tuple[float, float]

BOARD_BGR = (110, 160, 200)
PROVINCE_BGR = (95, 150, 120)
#: dark seat colours (red, blue, green, yellow), as real wooden pieces look
SEAT_BGR = ((40, 40, 150), (85, 40, 20), (35, 85, 30), (35, 170, 210))
TILE_BGR = ((150, 90, 40), (60, 120, 50), (40, 120, 220), (110, 40, 90))
ELEPHANT_BGR = (88, 88, 92)
WORDS = ("RAJAS", "GANGES", "PALACE", "QUARRY", "MARKET", "HARBOUR", "KARMA", "FAMA")


@dataclass(frozen=True)
class Piece:
    """A solid to draw: its footprint centre, radius, height, shape and sticker."""

    at: Point
    radius: float
    height: float
    bgr: tuple[int, int, int]
    marker_id: int = -1
    side_mm: float = 0.0
    angle: float = 0.0
    shape: str = "disc"  # disc, square, boat


def seat_count(obs: RajasObservation) -> int:
    for value in (obs.provinces, obs.fame, obs.money, obs.boats):
        if value is not None:
            return len(value)
    raise ValueError("a Rajas observation needs per-seat fields to be drawn")


def closed_spaces(cat: Catalog, players: int) -> tuple[int, ...]:
    names = {2: L.CLOSED_2P, 3: L.CLOSED_3P}.get(players, ())
    return tuple(cat.space_index(n) for n in names)


def board_poses(seed: int, players: int, offset: tuple[float, float]) -> list[L.Pose]:
    """Each seat's province board a little off its place (more under ``placement``)."""
    return beside.board_poses("province-pose", seed, L.SEAT_BOARDS, players, offset)


class RajasRenderer:
    """Draws observations for one scene (seed, condition); caches the still views."""

    def __init__(
        self, seed: int, condition: str, size: tuple[int, int] | None, plan: RajasPlan
    ) -> None:
        cond = CONDITIONS[condition]
        if size is not None and size != cond.size:
            from dataclasses import replace

            cond = replace(cond, size=size)
        self.seed = seed
        self.cond = cond
        self.plan = plan
        self.cat = default_catalog()
        pose, lens, _ = camera_for(seed, CONDITIONS[condition], L.EXTENT)
        if size is not None:
            lens = lens.scaled(size)
        self.rig = CameraRig(seed, cond, pose, lens, L.EXTENT)
        self._cache: dict[tuple[RajasObservation, bool], Image] = {}

    # -- helpers ----------------------------------------------------------------
    def _off(self, *key: object) -> Point:
        return beside.nudge(self.seed, self.cond.offset_mm, *key)

    def _id(self, kind: str, comp: str) -> tuple[int, float]:
        e = self.plan.find(kind, comp)
        return e.marker_id, e.side_mm

    def _quad(self, centre: Point, w: float, h: float, angle: float) -> NDArray[np.int32]:
        a = math.radians(angle)
        u = np.array([math.cos(a), math.sin(a)])
        v = np.array([-u[1], u[0]])
        c = np.array(centre)
        pts = [c + u * x + v * y for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]
        return self.rig.tex(np.array(pts))

    def _words(self, tex: Image, text: str, at: Point, mm: float = 8.0) -> None:
        beside.words(self.rig, tex, text, at, mm)

    # -- the board ---------------------------------------------------------------
    def _board(self, tex: Image, players: int, r: np.random.Generator) -> None:
        rig = self.rig
        b = L.BOARD_MM
        cv2.fillPoly(tex, [rig.tex([(0, 0), (b, 0), (b, b), (0, b)])], BOARD_BGR, cv2.LINE_8, 4)
        for _ in range(30):  # soft board art, never square black blocks
            blob = r.uniform(130, b - 130, 2)
            shade = tuple(int(v) for v in r.integers(70, 190, 3))
            rad = int(float(r.uniform(8, 40)) * rig.k * 16)
            cv2.circle(tex, tuple(int(v) for v in rig.tex(blob)[0]), rad, shade, -1, cv2.LINE_AA, 4)
        for track, bgr in (("fame", (95, 140, 180)), ("money", (120, 170, 160))):
            for v in range(L.TRACK_SPACES):
                x0, y0, x1, y1 = L.track_space(track, v)
                box = [(x0 + 1, y0 + 1), (x1 - 1, y0 + 1), (x1 - 1, y1 - 1), (x0 + 1, y1 - 1)]
                cv2.polylines(tex, [rig.tex(box)], True, bgr, 2, cv2.LINE_AA, 4)
                if v % 10 == 0:
                    self._words(tex, str(v), ((x0 + x1) / 2 - 5, (y0 + y1) / 2 + 3), 6.0)
        spot, spot_side = self._id("spot", "spot")
        closed, closed_side = self._id("out-of-play", "closed")
        shut = set(closed_spaces(self.cat, players)) if players == 2 else set()
        for i in range(len(self.cat.spaces)):
            c = L.space_centre(i)
            cv2.fillPoly(tex, [self._quad(c, 19, 19, 0)], (150, 185, 205), cv2.LINE_AA, 4)
            if i in shut:
                rig.sticker(tex, closed, c, closed_side, 0.0, r)
            else:
                rig.sticker(tex, spot, c, spot_side, 0.0, r)
        for i in range(L.RIVER_SPACES):
            c = L.river_centre(i)
            rad = int(21 * rig.k * 16)
            cv2.circle(
                tex, tuple(int(v) for v in rig.tex([c])[0]), rad, (170, 140, 90), -1, cv2.LINE_AA, 4
            )
        for i in range(12):
            c = L.stack_centre(i)
            cv2.fillPoly(tex, [self._quad(c, 24, 24, 0)], (140, 175, 195), cv2.LINE_AA, 4)
            rig.sticker(tex, spot, c, spot_side, 0.0, r)
        for n, word in enumerate(WORDS):
            self._words(tex, word, (170 + 60 * (n % 4), 470 + 24 * (n // 4)), 9.0)
        for name, centre in L.corners().items():
            mid, side = self._id("board-corner", name)
            rig.sticker(tex, mid, centre, side, 0.0, r)

    def _province(
        self, tex: Image, pose: L.Pose, cells: Sequence[int], seat: int, r: np.random.Generator
    ) -> list[Piece]:
        rig = self.rig
        w, h = L.PROVINCE_W, L.PROVINCE_H
        outline = [pose.to_table(p) for p in ((0, 0), (w, 0), (w, h), (0, h))]
        cv2.fillPoly(tex, [rig.tex(outline)], PROVINCE_BGR, cv2.LINE_AA, 4)
        mark, mark_side = self._id("province-corner", "province")
        for p in L.PROVINCE_MARKS:
            rig.sticker(tex, mark, pose.to_table(p), mark_side, pose.angle_deg, r)
        spot, spot_side = self._id("spot", "spot")
        pieces: list[Piece] = []
        for cell, value in enumerate(cells):
            local = L.cell_local(cell)
            c = pose.to_table(local)
            half = L.CELL_MM / 2 - 1
            cv2.polylines(
                tex,
                [self._quad(c, half, half, pose.angle_deg)],
                True,
                (60, 100, 80),
                2,
                cv2.LINE_AA,
                4,
            )
            if value == RESIDENCE:
                cv2.fillPoly(
                    tex, [self._quad(c, 14, 14, pose.angle_deg)], (200, 210, 225), cv2.LINE_AA, 4
                )
                self._words(tex, "RAJA", (c[0] - 10, c[1] + 3), 6.0)
            elif value == EMPTY:
                rig.sticker(tex, spot, c, spot_side, pose.angle_deg, r)
            else:
                tile = self.cat.tiles[value >> 2]
                turn = value & 3
                dx, dy = self._off("tile", seat, cell)
                jitter = float(rng("tile-turn", self.seed, seat, cell).uniform(-3, 3))
                mid, side = self._id("tile", tile.id)
                pieces.append(
                    Piece(
                        (c[0] + 0.3 * dx, c[1] + 0.3 * dy),
                        19.0,
                        2.0,
                        TILE_BGR[tile.colour],
                        mid,
                        side,
                        pose.angle_deg + 90 * turn + jitter,
                        "tile:" + str(rotate(tile.roads, 0)),
                    )
                )
        return pieces

    # -- pieces ------------------------------------------------------------------
    def _pieces(self, obs: RajasObservation, players: int) -> tuple[list[Piece], list[L.Pose]]:
        cat = self.cat
        out: list[Piece] = []
        if obs.spaces is not None:
            for i, seat in enumerate(obs.spaces):
                if seat is not None and seat >= 0:
                    mid, side = self._id("worker", _colour(seat))
                    dx, dy = self._off("worker", i)
                    c = L.space_centre(i)
                    out.append(Piece((c[0] + dx, c[1] + dy), 10.0, 22.0, SEAT_BGR[seat], mid, side))
        if players == 3:
            closed, side = self._id("out-of-play", "closed")
            for i in closed_spaces(cat, 3):
                c = L.space_centre(i)
                dx, dy = self._off("cover", i)
                out.append(
                    Piece(
                        (c[0] + 0.3 * dx, c[1] + 0.3 * dy),
                        19.0,
                        2.0,
                        (200, 200, 190),
                        closed,
                        side,
                        0.0,
                        "square",
                    )
                )
        if obs.tops is not None:
            for i, t in enumerate(obs.tops):
                if t is not None and t >= 0:
                    tile = cat.tiles[t]
                    mid, side = self._id("tile", tile.id)
                    dx, dy = self._off("top", i)
                    c = L.stack_centre(i)
                    angle = float(rng("top-turn", self.seed, i).uniform(0, 360))
                    out.append(
                        Piece(
                            (c[0] + 0.5 * dx, c[1] + 0.5 * dy),
                            19.0,
                            STACK_HEIGHT_MM,
                            TILE_BGR[tile.colour],
                            mid,
                            side,
                            angle,
                            "square",
                        )
                    )
        for track in ("fame", "money"):
            values = getattr(obs, track)
            seats: tuple[Any, ...] = values or ()
            for seat, v in enumerate(seats):
                if v is None:
                    continue
                mid, side = self._id("token", _colour(seat))
                c = L.track_place(track, min(int(v), L.TRACK_SPACES - 1), seat)
                dx, dy = self._off(track, seat)
                out.append(Piece((c[0] + dx, c[1] + dy), 7.5, 8.0, SEAT_BGR[seat], mid, side))
        boats: tuple[Any, ...] = obs.boats or ()
        for seat, v in enumerate(boats):
            if v is None:
                continue
            mid, side = self._id("token", _colour(seat))
            c = L.river_place(int(v), seat)
            dx, dy = self._off("boat", seat)
            out.append(
                Piece(
                    (c[0] + dx, c[1] + dy),
                    8.0,
                    BOAT_HEIGHT_MM,
                    SEAT_BGR[seat],
                    mid,
                    side,
                    0.0,
                    "boat",
                )
            )
        poses = board_poses(self.seed, players, self.cond.offset_mm)
        if obs.elephant is not None and 0 <= obs.elephant < players:
            mid, side = self._id("elephant", "elephant")
            c = poses[obs.elephant].to_table(L.ELEPHANT_LOCAL)
            dx, dy = self._off("elephant")
            out.append(Piece((c[0] + dx, c[1] + dy), 11.0, 30.0, ELEPHANT_BGR, mid, side, 90.0))
        return out, poses

    def _solid(self, tex: Image, p: Piece) -> tuple[NDArray[np.int32], Point, float]:
        """Sides of the solid, returns its top polygon, top centre (board plane) and scale."""
        if p.shape == "disc" or p.shape == "boat":
            ring = beside.disc_ring(p.radius, 0.75 if p.shape == "boat" else 1.0)
        else:
            ring = beside.square_ring(p.angle, p.radius, p.radius)
        return beside.solid(self.rig, tex, ring, p.at, p.height, p.bgr)

    def _draw_pieces(self, tex: Image, pieces: list[Piece], r: np.random.Generator) -> None:
        tops = [(p, *self._solid(tex, p)) for p in sorted(pieces, key=lambda q: q.height)]
        for p, poly, top, k in tops:
            cv2.fillConvexPoly(tex, poly, p.bgr, cv2.LINE_AA, 4)
            if p.shape.startswith("tile:"):
                self._roads(tex, p, int(p.shape[5:]), top, k)
            if p.shape.startswith("die:"):
                for pip in D.pip_points(int(p.shape[4:]), top, p.angle, k):
                    c = tuple(int(v) for v in self.rig.tex([pip])[0])
                    rad = int(D.PIP_MM / 2 * k * self.rig.k * 16)
                    cv2.circle(tex, c, rad, D.PIP_BGR, -1, cv2.LINE_AA, 4)
            if p.marker_id >= 0:
                self.rig.sticker(tex, p.marker_id, top, p.side_mm * k, p.angle, r)

    def _roads(self, tex: Image, p: Piece, roads: int, top: Point, k: float) -> None:
        """A tile's printed roads: from the middle to each side it opens on."""
        for side in range(4):
            if roads >> side & 1:
                a = math.radians(p.angle + 90 * side - 90)
                end = (top[0] + math.cos(a) * 19 * k, top[1] + math.sin(a) * 19 * k)
                pts = self.rig.tex([top, end])
                cv2.line(
                    tex,
                    tuple(int(v) for v in pts[0]),
                    tuple(int(v) for v in pts[1]),
                    (200, 215, 225),
                    max(2, int(3 * self.rig.k)),
                    cv2.LINE_AA,
                    4,
                )

    def _dice(
        self, tex: Image, poses: list[L.Pose], obs: RajasObservation, r: np.random.Generator
    ) -> list[Piece]:
        """Each seat's Kali statue (a strip of arms, a spot on each) and its dice:
        cubes of their colour with white pips (:mod:`vision.games.rajas.dice`)."""
        spot, spot_side = self._id("spot", "spot")
        out: list[Piece] = []
        for seat, pose in enumerate(poses):
            x1 = L.arm_local(L.KALI_ARMS - 1)[0] + 12
            strip = [
                (8.0, L.ARM_Y - 12),
                (x1, L.ARM_Y - 12),
                (x1, L.ARM_Y + 12),
                (8.0, L.ARM_Y + 12),
            ]
            cv2.fillPoly(
                tex, [self.rig.tex([pose.to_table(p) for p in strip])], D.STRIP_BGR, cv2.LINE_AA, 4
            )
            counts = obs.dice[seat] if obs.dice is not None and seat < len(obs.dice) else None
            taken = kali_arms(self.seed, seat, counts or ())
            for arm in range(L.KALI_ARMS):
                at = pose.to_table(L.arm_local(arm))
                if arm not in taken:
                    self.rig.sticker(tex, spot, at, spot_side, pose.angle_deg, r)
                    continue
                index = taken[arm]
                dx, dy = self._off("die", seat, arm)
                turn = float(rng("die-turn", self.seed, seat, arm, index).uniform(0, 90))
                out.append(
                    Piece(
                        (at[0] + 0.4 * dx, at[1] + 0.4 * dy),
                        D.DIE_MM / 2,
                        D.DIE_MM,
                        D.DIE_BGR[index // 6],
                        angle=turn,
                        shape=f"die:{index % 6 + 1}",
                    )
                )
        return out

    # -- frames ------------------------------------------------------------------
    def still(self, obs: RajasObservation, hand: bool) -> Image:
        key = (obs, hand)
        got = self._cache.get(key)
        if got is None:
            players = seat_count(obs)
            r = rng("rajas-board", self.seed)
            tex = self.rig.blank()
            self._board(tex, players, r)
            pieces, poses = self._pieces(obs, players)
            for seat, pose in enumerate(poses):
                cells = obs.provinces[seat] if obs.provinces is not None else None
                if cells is not None:
                    pieces += self._province(tex, pose, cells, seat, r)
            pieces += self._dice(tex, poses, obs, r)
            self._draw_pieces(tex, pieces, rng("rajas-stickers", self.seed))
            if hand:
                hr = rng("hand", self.seed)
                places = [L.space_centre(i) for i in range(0, 32, 5)] + [
                    p.to_table(L.cell_local(7)) for p in poses
                ]
                self.rig.hand(tex, places[int(hr.integers(len(places)))], hr)
            got = self.rig.lit(self.rig.view(tex))
            if len(self._cache) > 4:
                self._cache.clear()
            self._cache[key] = got
        return got

    def frame(self, obs: RajasObservation, hand: bool, n: int) -> Image:
        return self.rig.finish(self.still(obs, hand), n)


def _colour(seat: int) -> str:
    from engine.rajas.scoring import COLOURS

    return COLOURS[seat]


def kali_arms(seed: int, seat: int, counts: Sequence[int | None]) -> dict[int, int]:
    """Which arm of seat ``seat``'s Kali statue holds which die (arm -> the die's
    index in the observation's counts: colour * 6 + face - 1), as drawn."""
    dice = [i for i, n in enumerate(counts) for _ in range(int(n or 0))]
    arms = [int(a) for a in rng("kali", seed, seat).permutation(L.KALI_ARMS)]
    return dict(zip(arms, dice, strict=False))


def renderer_for(seed: int, condition: str, size: tuple[int, int] | None) -> RajasRenderer:
    return RajasRenderer(seed, condition, size, rajas_plan())
