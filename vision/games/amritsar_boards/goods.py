"""Coins and resources in an Amritsar player's storehouses, as the camera sees them.

Rulebook, The Storehouses: each storehouse space holds one coin or one
resource (marble, copper, gold); the starting storehouse printed on the board
has 4 spaces, a storehouse tile 2 or 3 (4 once flipped). Coins and cubes carry
no sticker, so a space is read from its colour:

- every space has a printed spot sticker (on the board, or on the tile beside
  the tile's own sticker): seen, the space is *empty*;
- otherwise the colour at the space, white-balanced by the printed colour
  round it (the board's or the tile's, which the layout knows), must lie
  clearly nearer one kind than any other (a marble cube, a copper cube, or a
  yellow piece: a gold cube or a coin, told apart by size: a coin covers a
  ring round the space a cube does not reach); anything else (glare, a
  blurred or half-covered spot, a piece off its space, a colour between two
  kinds) is *unknown*, never a guess.

Where on the board a piece stands does not matter to the rules, so a board's
reading is the count of each kind (:data:`GOODS`), given only when every
space of the player's storehouses was read (a storehouse unread, or flipped:
its back carries no sticker to place its spaces by, leaves the counts unknown).

The geometry is assumed like the rest of the layout (:mod:`.layout`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from engine.amritsar import default_catalog

#: the kinds counted, in this order (the engine's coins, then its resources)
GOODS = ("coin", "marble", "copper", "gold")
#: printed / painted colours (BGR), as ``vision.synthetic`` draws them on the main board
GOODS_BGR: dict[str, tuple[int, int, int]] = {
    "coin": (40, 170, 210),
    "marble": (225, 225, 230),
    "copper": (50, 110, 190),
    "gold": (30, 190, 230),
}
#: a coin's radius and thickness, a cube's half side and height (mm)
COIN_RADIUS, COIN_HEIGHT = 9.5, 2.0
CUBE_HALF, CUBE_HEIGHT = 4.0, 8.0
#: a storehouse tile's thickness (its spaces and pieces stand on it)
TILE_HEIGHT = 2.0
#: the starting storehouse's 4 spaces, board mm
START_CELLS: tuple[tuple[float, float], ...] = (
    (178.0, 126.0),
    (200.0, 126.0),
    (178.0, 158.0),
    (200.0, 158.0),
)
#: a storehouse tile's spaces, mm from the tile's centre in the tile's own turn
#: (2 or 3 spaces: the first ones; a flipped tile: all 4)
TILE_CELLS: tuple[tuple[float, float], ...] = (
    (-12.5, -14.0),
    (12.5, -14.0),
    (-12.5, 14.0),
    (12.5, 14.0),
)
#: where the printed colour is read, clear of every space's piece and of the
#: tile's sticker: round the starting storehouse (board mm) and on a tile (from its centre)
START_REFS: tuple[tuple[float, float], ...] = (
    (189.0, 142.0),
    (166.0, 142.0),
    (189.0, 110.0),
    (189.0, 174.0),
)
TILE_REFS: tuple[tuple[float, float], ...] = ((0.0, -20.0), (0.0, 20.0), (-19.0, 0.0), (19.0, 0.0))
#: a tile's colour and the boards' (the printed colour round a space)
TILE_BGR = (170, 190, 200)
BOARD_BGR = ((120, 90, 130), (130, 130, 130), (150, 120, 190), (90, 140, 200))

#: the colours matched: a coin and a gold cube look alike (one group, ``yellow``),
#: told apart by size
_GROUP = {"coin": "yellow", "gold": "yellow", "marble": "marble", "copper": "copper"}
_COLOURS = {name: np.array(bgr, np.float64) for name, bgr in GOODS_BGR.items()}
#: a colour is a kind's when it lies within this distance (BGR levels) of it...
NEAR = 45.0
#: ... and the next kind is at least this many times further
APART = 2.0
#: a space's samples may be this uneven (mean standard deviation, levels), no more
EVEN = 22.0
#: more than this share of clipped samples (glare) and the space is unknown
CLIPPED = 0.05
#: the share of the ring round a space a yellow piece covers: a coin at least
#: ``RING_COIN``, a gold cube at most ``RING_CUBE``; between them, unknown
RING_COIN, RING_CUBE = 0.85, 0.4


def capacity(stored: int) -> int:
    """Spaces on a storage space holding ``stored`` (-1 free, -2 flipped, a storehouse)."""
    if stored == -1:
        return 0
    if stored == -2:
        return len(TILE_CELLS)
    return default_catalog().storehouses[stored].capacity


def fill(goods: Sequence[int], storage: Sequence[int]) -> list[int] | None:
    """The kind on each space (starting storehouse first, then each storage
    space's tile in order; -1 empty), or None when they do not fit."""
    spaces = len(START_CELLS) + sum(capacity(s) for s in storage)
    pieces = [k for k, n in enumerate(goods) for _ in range(n)]
    if len(pieces) > spaces:
        return None
    return pieces + [-1] * (spaces - len(pieces))


def tile_cell(
    centre: tuple[float, float], angle_deg: float, offset: tuple[float, float]
) -> tuple[float, float]:
    """The point ``offset`` from a tile's centre (:data:`TILE_CELLS`, :data:`TILE_REFS`)
    of a tile whose centre and turn are given (table or board mm)."""
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    x, y = offset
    return (centre[0] + c * x - s * y, centre[1] + s * x + c * y)


def _ring(r0: float, r1: float, n: int = 48) -> NDArray[np.float64]:
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.concatenate(
        [np.column_stack([r * np.cos(t), r * np.sin(t)]) for r in np.linspace(r0, r1, 3)]
    )


_CENTRE = np.concatenate([np.zeros((1, 2)), _ring(0.7, 2.0, 16)])
_PATCH = np.concatenate([np.zeros((1, 2)), _ring(0.7, 1.5, 8)])
_COIN_RING = _ring(7.8, 8.6)

#: (table mm points, height mm) -> BGR samples (rows of nan where out of the frame)
Sampler = Callable[[NDArray[np.float64], float], NDArray[np.float64]]


def reference(points: Sequence[tuple[float, float]]) -> NDArray[np.float64]:
    """Small patches round ``points`` (table mm) where the printed colour is read."""
    return np.concatenate([np.array(p, np.float64) + _PATCH for p in points])


def classify(
    sample: Sampler,
    at: tuple[float, float],
    base: float,
    printed: tuple[int, int, int],
    refs: NDArray[np.float64],
) -> int | None:
    """The kind (index in :data:`GOODS`) on the space at ``at`` (table mm, its
    surface ``base`` mm high, printed ``printed`` at ``refs``: :func:`reference`),
    or None if unsure. The caller has already found no printed spot seen there."""
    centre = np.array(at, np.float64)
    ref = sample(refs, base)
    top = sample(centre + _CENTRE, base + CUBE_HEIGHT)
    if np.isnan(ref).any() or np.isnan(top).any():
        return None
    if (top.max(axis=1) >= 250).mean() > CLIPPED or (ref.max(axis=1) >= 250).mean() > CLIPPED:
        return None  # glare: the colour is not there to read
    seen_ref = np.median(ref, axis=0)
    if (seen_ref < 8).any():
        return None
    gain = np.array(printed, np.float64) / seen_ref
    colour = top * gain
    if float(colour.std(axis=0).mean()) > EVEN:
        return None  # a half-covered spot, an edge, a blurred piece
    mean = colour.mean(axis=0)
    near: dict[str, float] = {}
    for name, bgr in _COLOURS.items():
        d = float(np.linalg.norm(mean - bgr))
        near[_GROUP[name]] = min(d, near.get(_GROUP[name], d))
    (d0, group), (d1, _) = sorted((d, g) for g, d in near.items())[:2]
    if d0 > NEAR or d1 < APART * d0:
        return None
    if group != "yellow":
        return GOODS.index(group)
    ring = sample(centre + _COIN_RING, base + COIN_HEIGHT) * gain
    if np.isnan(ring).any():
        return None
    yellow = (
        np.minimum(
            np.linalg.norm(ring - _COLOURS["coin"], axis=1),
            np.linalg.norm(ring - _COLOURS["gold"], axis=1),
        )
        < NEAR
    )
    share = float(yellow.mean())
    if share >= RING_COIN:
        return GOODS.index("coin")
    if share <= RING_CUBE:
        return GOODS.index("gold")
    return None


def counts(kinds: Sequence[int | None]) -> tuple[int | None, ...]:
    """Per kind of :data:`GOODS` how many spaces hold it; all None if any space is unknown."""
    if any(k is None for k in kinds):
        return (None,) * len(GOODS)
    return tuple(sum(1 for k in kinds if k == g) for g in range(len(GOODS)))
