"""A player's board lying beside the main board, as the camera table sees it.

Rajas of the Ganges' province boards (:mod:`vision.games.rajas`) and
Amritsar's personal boards (:mod:`vision.games.amritsar_boards`) are the same
thing to the camera: a printed board per seat, lying beyond one edge of the
main board, a little off the place the layout gives it, read in its own
millimetres once its corner stickers say where it lies. What both games do
alike lives here, once, so a fix to one is a fix to both:

- :class:`Pose`: where a board lies on the table (its local mm -> table mm);
- :func:`seat_pose`: a seat's nominal place, from a game's table of places;
- :func:`board_poses`: each seat's board nudged off its place per scene (the
  renderers' truth); the random stream is named by a game's own ``tag`` so
  every seeded frame stays what it was;
- :func:`nudge`: a piece's own small offset from its place (the condition's
  ``offset_mm``), and :func:`words`: printed words drawn as black as ink;
- :func:`solid`: a piece drawn as a solid with shaded sides seen with
  parallax, from its footprint (:func:`disc_ring`, :func:`square_ring`);
- :func:`lay`: a sticker seen in the frame laid back on the table: the
  foot of the piece it tops (parallax from the camera, for the height it
  stands at) and its turn, once its size there is its printed size;
- :func:`frame_box`: the frame pixels round a patch of the table, for a
  second, magnified look at small stickers.

What differs stays in each game: the boards' sizes and places, their marks,
and how a board is found from them (Amritsar: two stickers one rigid board
apart; Rajas: an affine fit of both stickers' corners).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from ..lens import PointLens
from ..register import Registration
from ..rig import INK, CameraRig, rng

Point = tuple[float, float]
#: a seat's nominal place: the board's local origin on the table, and its turn (degrees)
Place = tuple[Point, float]
#: a frame box (x0, y0, x1, y1), pixels, x1 and y1 excluded
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Pose:
    """A board's place on the table: local mm -> table mm."""

    origin: Point
    angle_deg: float

    def to_table(self, p: Point) -> Point:
        a = math.radians(self.angle_deg)
        c, s = math.cos(a), math.sin(a)
        return (self.origin[0] + c * p[0] - s * p[1], self.origin[1] + s * p[0] + c * p[1])

    def to_local(self, p: Point) -> Point:
        a = math.radians(self.angle_deg)
        c, s = math.cos(a), math.sin(a)
        dx, dy = p[0] - self.origin[0], p[1] - self.origin[1]
        return (c * dx + s * dy, -s * dx + c * dy)


def seat_pose(places: Sequence[Place], seat: int) -> Pose:
    """Seat ``seat``'s board at its nominal place (where the layout puts it)."""
    origin, angle = places[seat]
    return Pose(origin, angle)


def board_poses(
    tag: str, seed: int, places: Sequence[Place], players: int, offset: tuple[float, float]
) -> list[Pose]:
    """Each seat's board a little off its place and turn: ``offset`` mm (the
    condition's, more under ``placement``) plus up to 4 mm, any way, and up to
    3 degrees; drawn from the random stream ``(tag, seed, seat)``."""
    out = []
    for seat in range(players):
        r = rng(tag, seed, seat)
        nominal = seat_pose(places, seat)
        d = float(r.uniform(*offset)) + float(r.uniform(0, 4))
        a = float(r.uniform(0, 2 * math.pi))
        turn = nominal.angle_deg + float(r.uniform(-3, 3))
        out.append(
            Pose((nominal.origin[0] + d * math.cos(a), nominal.origin[1] + d * math.sin(a)), turn)
        )
    return out


def nudge(seed: int, offset: tuple[float, float], *key: object) -> Point:
    """A piece's offset from its place (``offset`` mm, any way), fixed per key."""
    r = rng("offset", seed, *key)
    d = float(r.uniform(*offset))
    a = float(r.uniform(0, 2 * math.pi))
    return (d * math.cos(a), d * math.sin(a))


def words(rig: CameraRig, tex: NDArray[np.uint8], text: str, at: Point, mm: float) -> None:
    """Printed ``text`` ``mm`` high at table point ``at``, drawn on the texture."""
    scale = mm * rig.k / 22
    org = tuple(int(v) for v in rig.tex([at])[0] // 16)
    thick = max(1, int(2.5 * scale))
    cv2.putText(tex, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, INK, thick, cv2.LINE_AA)


def disc_ring(radius: float, squash: float = 1.0) -> NDArray[np.float64]:
    """A round footprint (32 points, mm round its centre), ``squash`` across."""
    t = np.linspace(0, 2 * math.pi, 32, endpoint=False)
    return np.column_stack([radius * np.cos(t), radius * squash * np.sin(t)])


def square_ring(angle_deg: float, hw: float, hh: float) -> NDArray[np.float64]:
    """A rectangular footprint ``2 hw`` x ``2 hh`` mm turned ``angle_deg``."""
    a = math.radians(angle_deg)
    u, v = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    return np.array([u * x + v * y for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))])


def solid(
    rig: CameraRig,
    tex: NDArray[np.uint8],
    ring: NDArray[np.float64],
    at: Point,
    height: float,
    bgr: tuple[int, int, int],
) -> tuple[NDArray[np.int32], Point, float]:
    """A piece of footprint ``ring`` standing ``height`` mm tall at ``at``: its
    sides drawn shaded (hull of foot and top); returns its top polygon (texture
    px, for the caller to fill), its top's centre on the table plane and how
    much larger the top looks (parallax)."""
    top, k = rig.top_of(at, height)
    foot = ring + np.array(at)
    head = ring * k + np.array(top)
    side_bgr = tuple(int(c * 0.55) for c in bgr)
    hull = cv2.convexHull(rig.tex(np.concatenate([foot, head])))
    cv2.fillConvexPoly(tex, hull, side_bgr, cv2.LINE_AA, 4)
    return rig.tex(head), top, k


@dataclass(frozen=True)
class Laid:
    """A sticker laid back on the table: where its piece stands (table mm), the
    sticker's turn (degrees) and its corners as seen (table mm, at its top)."""

    at: Point
    angle: float
    corners: NDArray[np.float64]


def lay(
    reg: Registration,
    corners_px: NDArray[np.float32] | NDArray[np.float64],
    side_mm: float,
    heights: Callable[[Point], Sequence[float]],
    size_ratio: tuple[float, float],
) -> Laid | None:
    """The sticker with frame corners ``corners_px`` laid on the table: for each
    height ``heights(seen centre)`` offers (mm above the table: the piece's top),
    the first at which its side is within ``size_ratio`` of ``side_mm``, moved
    from its top to its foot along the camera's line of sight. ``None`` when no
    height fits (the caller says why) or the camera is not above the table."""
    pts = reg.to_board(corners_px.astype(np.float64))
    centre = pts.mean(axis=0)
    side = float(np.mean([math.dist(pts[k], pts[(k + 1) % 4]) for k in range(4)]))
    cx, cy, ch = (float(v) for v in reg.camera)
    if ch <= 0:
        return None
    at = (float(centre[0]), float(centre[1]))
    for hgt in heights(at):
        f = (ch - hgt) / ch
        foot = (cx + (at[0] - cx) * f, cy + (at[1] - cy) * f)
        ratio = side / (side_mm * (ch / (ch - hgt)))
        if size_ratio[0] <= ratio <= size_ratio[1]:
            top = pts[1] - pts[0]
            return Laid(foot, math.degrees(math.atan2(float(top[1]), float(top[0]))), pts)
    return None


def frame_box(
    reg: Registration, lens: PointLens | None, table: NDArray[np.float64], size: tuple[int, int]
) -> Box | None:
    """The frame box round table points ``table`` (raw pixels when ``lens``
    undistorts), or ``None`` when they do not map or lie wholly off the frame."""
    img = reg.to_image(table)
    if lens is not None:
        img = lens.to_raw(img)
    if not np.isfinite(img).all():
        return None
    w, h = size
    x0, y0 = img.min(axis=0)
    x1, y1 = img.max(axis=0)
    if x1 < 0 or y1 < 0 or x0 >= w or y0 >= h:
        return None
    return (int(x0), int(y0), int(x1) + 1, int(y1) + 1)
