"""Imhotep's table as a Pi camera sees it: a synthetic renderer for tests and benches.

Draws an :class:`ImhotepObservation`'s seen fields on the assumed play mat
(:mod:`vision.games.imhotep.layout`) through the shared imperfect camera
(:class:`vision.rig.CameraRig`: pose, distorted lens, light, blur, noise,
JPEG). Kept harsh like Amritsar's: dark stones (black and grey cubes with
shaded sides, seen in parallax), printed words on the mat as black as a
marker's ink, boats, cards and stones off their places by the condition's
``offset_mm`` (stones half as much: they sit in printed spaces), stickers
scaled and bled by the condition.

The observation does not say which face of each site board is up; this
renderer draws side A (every bench game plays side A), and stones of the
pyramid, temple and obelisks as a camera would see them, though the reader
leaves those fields to the game's record.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.imhotep.catalog import default_catalog
from engine.imhotep.observe import ImhotepObservation
from engine.imhotep.state import COLOURS

from ...harsh import CONDITIONS
from ...lens import Lens
from ...rig import INK, CameraRig, camera_for, rng
from .colour import EMPTY_BGR, PRINT_BGR, STONE_BGR
from .layout import (
    BOAT_WIDTH_MM,
    CARD_MM,
    HULL_MM,
    LAYOUT,
    STONE_MM,
    Point,
    boat_length,
    boat_marker_offsets,
    boat_slot_offsets,
)
from .plan import PLAN
from .read import ImhotepReader

Image = NDArray[np.uint8]

MAT = (92, 118, 140)
SITE_BGR = (105, 148, 178)
WATER = (120, 95, 60)
HULL_SIDE = (50, 75, 100)
CARD_BGR = {
    "red": (60, 60, 170),
    "green": (70, 140, 70),
    "purple": (120, 50, 110),
    "blue": (160, 100, 50),
}
WORDS = (
    ("IMHOTEP", (330.0, 235.0)),
    ("MARKET", (48.0, 160.0)),
    ("TEMPLE", (312.0, 160.0)),
    ("HARBOUR", (60.0, 335.0)),
    ("BUILDER OF EGYPT", (560.0, 335.0)),
)


def _rot(angle_deg: float) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    a = math.radians(angle_deg)
    u = np.array([math.cos(a), math.sin(a)])
    return u, np.array([-u[1], u[0]])


def _rect(at: Point, w: float, h: float, angle_deg: float) -> NDArray[np.float64]:
    u, v = _rot(angle_deg)
    c = np.array(at)
    return np.array(
        [
            c + u * x + v * y
            for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
        ]
    )


class _Scene:
    """One (observation, seed, condition) drawn once; frames add noise."""

    def __init__(
        self, obs: ImhotepObservation, seed: int, condition: str, size: tuple[int, int] | None
    ) -> None:
        cond = CONDITIONS[condition]
        if size is not None:
            cond = replace(cond, size=size)
        self.obs = obs
        self.seed = seed
        self.cond = cond
        pose, lens, _ = camera_for(seed, cond, LAYOUT.extent_mm)
        self.rig = CameraRig(seed, cond, pose, lens, LAYOUT.extent_mm)
        self.catalog = default_catalog()
        self.cubes: list[tuple[Point, float, float, tuple[int, int, int]]] = []
        self._views: dict[bool, Image] = {}

    # -- placement -------------------------------------------------------------
    def _off(self, key: object, scale: float = 1.0) -> tuple[Point, float]:
        r = rng("imhotep-offset", self.seed, key)
        d = float(r.uniform(*self.cond.offset_mm)) * scale
        a = float(r.uniform(0, 2 * math.pi))
        spin = float(r.uniform(-1, 1)) * (2.0 + self.cond.offset_mm[1])
        return (d * math.cos(a), d * math.sin(a)), spin

    def _stone(self, key: object, at: Point, base: float, colour: str) -> None:
        if colour not in STONE_BGR:
            return
        (dx, dy), spin = self._off(("stone", key), 0.5)
        r = rng("wood", self.seed, key)
        bgr = tuple(int(np.clip(c + r.integers(-6, 7), 0, 255)) for c in STONE_BGR[colour])
        self.cubes.append(((at[0] + dx, at[1] + dy), base, spin, bgr))  # type: ignore[arg-type]

    # -- texture -----------------------------------------------------------------
    def _poly(self, tex: Image, pts: NDArray[np.float64], bgr: tuple[int, int, int]) -> None:
        cv2.fillConvexPoly(tex, self.rig.tex(pts), bgr, cv2.LINE_AA, 4)

    def _sticker(
        self,
        tex: Image,
        kind: str,
        name: str,
        at: Point,
        angle: float,
        r: np.random.Generator,
        k: float = 1.0,
    ) -> None:
        e = PLAN.entry(kind, name)
        self.rig.sticker(tex, e.marker_id, at, e.side_mm * k, angle, r)

    def _mat(self) -> Image:
        rig = self.rig
        tex = rig.blank()
        bw, bh = LAYOUT.board_mm
        r = rng("imhotep-mat", self.seed)
        self._poly(tex, np.array([(0, 0), (bw, 0), (bw, bh), (0, bh)], float), MAT)
        for _ in range(30):
            c = r.uniform((0, 0), (bw, bh))
            rad = float(r.uniform(8, 40))
            shade = tuple(int(v) for v in r.integers(60, 170, 3))
            cv2.circle(
                tex,
                tuple(int(v) for v in rig.tex(c)[0]),
                int(rad * rig.k * 16),
                shade,
                -1,
                cv2.LINE_AA,
                4,
            )
        for site in LAYOUT.sites.values():
            x0, y0, x1, y1 = site.box
            self._poly(tex, np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]), SITE_BGR)
            for m in site.side_markers:
                self._sticker(tex, "side", f"{site.name}-A", m, 0.0, r)
            dx, dy = site.dock
            self._poly(tex, _rect((dx, dy), 128, 38, 0.0), WATER)
        for berth in LAYOUT.berths:
            self._poly(tex, _rect(berth, 122, 38, 0.0), WATER)
        # the burial chamber's light print and empty spaces
        xs = [c[0] for c in LAYOUT.burial_cells]
        ys = [c[1] for c in LAYOUT.burial_cells]
        self._poly(
            tex,
            np.array(
                [
                    (min(xs) - 16, min(ys) - 16),
                    (max(xs) + 16, min(ys) - 16),
                    (max(xs) + 16, max(ys) + 16),
                    (min(xs) - 16, max(ys) + 16),
                ]
            ),
            PRINT_BGR,
        )
        for cell in LAYOUT.burial_cells:
            self._poly(tex, _rect(cell, 16, 16, 0.0), EMPTY_BGR)
        # the stacked sites' light print and their printed spaces
        for x0, y0, x1, y1 in LAYOUT.stack_box.values():
            self._poly(tex, np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]), PRINT_BGR)
        spaces = [(x, y) for x, y, level in LAYOUT.pyramid_slots if level == 0]
        for space in (*spaces, *LAYOUT.temple_columns, *LAYOUT.obelisk_spots):
            self._poly(tex, _rect(space, 16, 16, 0.0), EMPTY_BGR)
        for seat in LAYOUT.seats:
            (ax, ay), (bx, _) = seat.sled_markers
            self._poly(
                tex,
                np.array(
                    [(ax - 12, ay - 15), (bx + 12, ay - 15), (bx + 12, ay + 15), (ax - 12, ay + 15)]
                ),
                PRINT_BGR,
            )
            for m in seat.sled_markers:
                self._sticker(tex, "sled", "sled", m, 0.0, r)
            for slot in seat.sled_slots:
                self._poly(tex, _rect(slot, 16, 16, 0.0), EMPTY_BGR)
            for slot in seat.card_slots:
                self._sticker(tex, "free-card", "free", slot, 0.0, r)
        for slot in (LAYOUT.round_card, *LAYOUT.market):
            self._sticker(tex, "free-card", "free", slot, 0.0, r)
        for name, centre in LAYOUT.corners.items():
            self._sticker(tex, "corner", name, centre, 0.0, r)
        for g in LAYOUT.guards:
            self._sticker(tex, "guard", "edge", g, 0.0, r)
        for text, (x, y) in WORDS:
            scale = 7.0 * rig.k / 22
            org = tuple(int(v) for v in rig.tex([(x, y)])[0] // 16)
            cv2.putText(
                tex,
                text,
                org,
                cv2.FONT_HERSHEY_DUPLEX,
                scale,
                INK,
                max(1, int(2.5 * scale)),
                cv2.LINE_AA,
            )
        return tex

    def _card(
        self,
        tex: Image,
        kind: str,
        name: str,
        colour: str,
        at: Point,
        key: object,
        r: np.random.Generator,
    ) -> None:
        (dx, dy), spin = self._off(("card", key))
        c = (at[0] + dx, at[1] + dy)
        self._poly(tex, _rect(c, CARD_MM[0] + 1.5, CARD_MM[1] + 1.5, spin), (40, 40, 45))
        self._poly(tex, _rect(c, *CARD_MM, spin), CARD_BGR.get(colour, (190, 215, 225)))
        self._sticker(tex, kind, name, c, spin, r)

    def _cards(self, tex: Image) -> None:
        obs = self.obs
        r = rng("imhotep-card-stickers", self.seed)
        colour = {c.id: c.colour for c in self.catalog.cards}
        if obs.round_card is not None:
            self._card(tex, "round-card", str(obs.round_card), "", LAYOUT.round_card, "round", r)
        for k, card in enumerate(obs.market or ()):
            if card:
                self._card(tex, "card", card, colour[card], LAYOUT.market[k], ("market", k), r)
        for s, cards in enumerate(obs.cards or ()):
            for k, card in enumerate(cards[: len(LAYOUT.seats[s].card_slots)]):
                self._card(
                    tex,
                    "card",
                    card,
                    colour[card],
                    LAYOUT.seats[s].card_slots[k],
                    ("seat", s, k),
                    r,
                )

    def _boats(self, tex: Image) -> None:
        r = rng("imhotep-boat-stickers", self.seed)
        berths = iter(LAYOUT.berths)
        for boat_id, where, slots in self.obs.boats or ():
            spot = next(berths) if where == "harbour" else LAYOUT.sites[where].dock
            (dx, dy), spin = self._off(("boat", boat_id))
            centre = np.array((spot[0] + dx, spot[1] + dy))
            u, _ = _rot(spin)
            size = len(slots)
            length = boat_length(size)
            foot = _rect(tuple(centre), length, BOAT_WIDTH_MM, spin)
            top_c, kk = self.rig.top_of(tuple(centre), HULL_MM)
            top = (foot - centre) * kk + np.array(top_c)
            self._poly(
                tex,
                cv2.convexHull(np.concatenate([foot, top]).astype(np.float32))
                .reshape(-1, 2)
                .astype(np.float64),
                HULL_SIDE,
            )
            self._poly(tex, top, PRINT_BGR)
            for off, colour in zip(boat_slot_offsets(size), slots, strict=True):
                at = (float(centre[0] + u[0] * off), float(centre[1] + u[1] * off))
                tc, k2 = self.rig.top_of(at, HULL_MM)
                self._poly(tex, _rect(tc, 16 * k2, 16 * k2, spin), EMPTY_BGR)
                # a slot left unknown (a reading drawn, never a truth) shows empty
                self._stone(("boat", boat_id, off), at, HULL_MM, colour or "")
            for off, end in zip(boat_marker_offsets(size), ("bow", "stern"), strict=True):
                end_at = (float(centre[0] + u[0] * off), float(centre[1] + u[1] * off))
                tc, k2 = self.rig.top_of(end_at, HULL_MM)
                self._sticker(tex, "boat", f"{boat_id}-{end}", tc, spin, r, k2)

    def _sites(self) -> None:
        obs = self.obs
        for k, colour in enumerate(obs.burial or ()):
            if k < len(LAYOUT.burial_cells):
                self._stone(("burial", k), LAYOUT.burial_cells[k], 0.0, colour)
        self._stacks()
        for s, count in enumerate(obs.sleds or ()):
            for j in range(min(count, len(LAYOUT.seats[s].sled_slots))):
                self._stone(
                    ("sled", s, j), LAYOUT.seats[s].sled_slots[j], 0.0, COLOURS[s % len(COLOURS)]
                )

    def _stacks(self) -> None:
        """The pyramid, temple and obelisk stones at their true heights when the
        observation carries them (its derived fields: the record), else one
        level (three for an obelisk) as the tops alone suggest."""
        obs = self.obs
        r = rng("imhotep-covered", self.seed)
        pyramid = obs.pyramid_covered if obs.pyramid_covered is not None else obs.pyramid_top
        for k, colour in enumerate((pyramid or ())[: len(LAYOUT.pyramid_slots)]):
            x, y, level = LAYOUT.pyramid_slots[k]
            self._stone(("pyramid", k), (x, y), STONE_MM * level, colour)
        tops = obs.temple_top or ()
        covered = obs.temple_covered or 0
        width = len(tops) if covered else max(len(tops), 1)
        for i in range(covered + len(tops)):
            column, level = i % width, i // width
            if column >= len(LAYOUT.temple_columns):
                continue
            # the stones under the tops: their colours are not in the
            # observation (only their count): any player's, drawn at random
            colour = tops[column] if i >= covered else COLOURS[int(r.integers(len(COLOURS)))]
            self._stone(("temple", i), LAYOUT.temple_columns[column], STONE_MM * level, colour)
        owners = obs.obelisk_tops or ()
        if obs.obelisk_heights is not None:
            heights = [h for h in obs.obelisk_heights if h > 0]
        else:
            heights = [3] * len(owners)
        for colour, height in zip(owners, heights, strict=False):
            if colour not in COLOURS:
                continue
            at = LAYOUT.obelisk_spots[COLOURS.index(colour)]
            for level in range(height):
                self._stone(("obelisk", colour, level), at, STONE_MM * level, colour)

    def _draw_cubes(self, tex: Image) -> None:
        cam = self.rig.cam

        def order(c: tuple[Point, float, float, tuple[int, int, int]]) -> tuple[float, float]:
            (x, y), base, _, _ = c
            return (base, -math.hypot(x - cam[0], y - cam[1]))

        for at, base, spin, bgr in sorted(self.cubes, key=order):
            foot_c, kf = self.rig.top_of(at, base)
            top_c, kt = self.rig.top_of(at, base + STONE_MM)
            sq = _rect((0.0, 0.0), STONE_MM, STONE_MM, spin)
            foot = sq * kf + np.array(foot_c)
            top = sq * kt + np.array(top_c)
            hull = cv2.convexHull(np.concatenate([foot, top]).astype(np.float32)).reshape(-1, 2)
            self._poly(tex, hull.astype(np.float64), tuple(int(c * 0.55) for c in bgr))  # type: ignore[arg-type]
            self._poly(tex, top, bgr)

    def _hand(self, tex: Image) -> None:
        r = rng("imhotep-hand", self.seed)
        spots: list[Point] = [s.dock for s in LAYOUT.sites.values()]
        spots += [*LAYOUT.berths, LAYOUT.round_card, *LAYOUT.market]
        spots += [((s.box[0] + s.box[2]) / 2, (s.box[1] + s.box[3]) / 2) for s in LAYOUT.seats]
        spots += [
            ((s.box[0] + s.box[2]) / 2, (s.box[1] + s.box[3]) / 2) for s in LAYOUT.sites.values()
        ]
        self.rig.hand(tex, spots[int(r.integers(len(spots)))], r)

    def view(self, hand: bool) -> Image:
        if hand not in self._views:
            self.cubes = []
            tex = self._mat()
            self._cards(tex)
            self._boats(tex)
            self._sites()
            self._draw_cubes(tex)
            if hand:
                self._hand(tex)
            self._views[hand] = self.rig.lit(self.rig.view(tex))
        return self._views[hand]


class ImhotepTable:
    """:class:`vision.games.base.GameTable` for Imhotep."""

    game = "imhotep"

    def __init__(self) -> None:
        self._scenes: OrderedDict[tuple[object, ...], _Scene] = OrderedDict()

    def render(
        self,
        observation: object,
        *,
        seed: int = 0,
        condition: str = "ideal",
        size: tuple[int, int] | None = None,
        hand: bool = False,
        frame: int = 0,
    ) -> Image:
        if not isinstance(observation, ImhotepObservation):
            raise TypeError("an Imhotep table renders an ImhotepObservation")
        key = (observation, seed, condition, size)
        scene = self._scenes.get(key)
        if scene is None:
            scene = _Scene(observation, seed, condition, size)
            self._scenes[key] = scene
            while len(self._scenes) > 2:
                self._scenes.popitem(last=False)
        return scene.rig.finish(scene.view(hand), frame)

    def forget(self) -> None:
        self._scenes.clear()

    def calibration(self, seed: int, condition: str) -> Lens | None:
        return camera_for(seed, CONDITIONS[condition], LAYOUT.extent_mm)[2]

    def reader(
        self,
        calibration: Lens | None = None,
        players: int | None = None,
        options: Iterable[str] | None = None,
    ) -> ImhotepReader:
        """A fresh reader; it reads the sides off the table itself; ``players``
        (the seats of the game the companion started; without it the round
        card's count) says which seats' cards and sleds are read; ``options``
        give the seats' colours (``colours=...``), which say whose tower
        stands on which obelisk space."""
        return ImhotepReader(calibration, tuple(options or ()), players)
