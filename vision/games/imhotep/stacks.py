"""Stacked sites read where the game's record says their tops are (side A boards).

The pyramid, temple and obelisk stones stack: where a top shows in the frame
moves with its height (parallax), and the height is what a camera above the
table cannot see. The companion knows it: its record (the engine's full
observation, derived fields included) is handed to the reader as a hint
(:meth:`vision.games.imhotep.read.ImhotepReader.expect`). With it, each top
is looked for where the record puts it, and one level higher (a stone that
arrived since the record: the new height is the recorded one plus one); its
colour is read with the same safety as every other stone
(:mod:`vision.games.imhotep.colour`: glare, shadow, not one colour -> ``None``)
against the light print printed on the site board, and the sample is taken
only where no other stone (recorded, or one that may have just arrived)
stands between that spot and the camera.

- ``pyramid_top``: every recorded stone is read at its slot's level; stones
  past the record are counted on the printed spaces of level 1 and beside the
  pyramid, where an empty space is *seen* (its teal print); a new stone that
  would stand on level 2 or 3 cannot be told from an empty slot there (the
  stones below show through), so the field is then unknown.
- ``temple_top``: each column's top at its recorded height or one more; a
  column with no stone on record is seen empty or holding one.
- ``obelisk_tops``: each seat's tower on its colour's printed space: the
  space seen empty, or the seat's own colour read at the recorded height up to
  a boat's load higher (one boat may bring four stones of one colour). Another
  colour there never makes a tower (a side of a white tower looks grey).

Without a record (no hint yet) the three fields stay ``None``, as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from engine.imhotep.observe import ImhotepObservation
from engine.imhotep.state import COLOURS

from .colour import CANDIDATES, classify
from .layout import LAYOUT, STONE_MM

if TYPE_CHECKING:
    from .read import _Seen

#: stones past the record looked for on the pyramid (a boat's load, and one)
NEW_STONES = 5
#: a boat brings at most this many stones of one colour to the obelisks
OBELISK_NEW = 4
#: how far (mm) a stone may lie off its printed space (and turned): its box
#: is widened by this much when it may hide another stone's top
LOOSE_MM = 3.0
#: the half side (mm) of the window sampled on a top
HALF_MM = 2.5
#: where on a top the window may lie (mm from its centre), centre first
OFFSETS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (-3.5, -3.5),
    (3.5, -3.5),
    (-3.5, 3.5),
    (3.5, 3.5),
    (0.0, -3.5),
    (0.0, 3.5),
    (-3.5, 0.0),
    (3.5, 0.0),
)

Box = tuple[float, float, float]  # a stone's centre x, y and its bottom's height (mm)


def hidden(
    points: NDArray[np.float64],
    cam: NDArray[np.float64],
    boxes: Sequence[Box],
    loose: float = LOOSE_MM,
) -> bool:
    """Whether any of ``points`` (n, 3: x, y, height) is hidden from the camera
    centre ``cam`` by one of ``boxes`` (stones widened by ``loose`` mm)."""
    if not boxes:
        return False
    b = np.array(boxes, dtype=np.float64)
    half = STONE_MM / 2 + loose
    lo = np.column_stack([b[:, 0] - half, b[:, 1] - half, b[:, 2]])
    hi = np.column_stack([b[:, 0] + half, b[:, 1] + half, b[:, 2] + STONE_MM])
    for p in points:
        d = cam - p
        with np.errstate(divide="ignore", invalid="ignore"):
            t1 = (lo - p) / d
            t2 = (hi - p) / d
        tmin = np.where(
            d == 0, np.where((lo <= p) & (p <= hi), -np.inf, np.inf), np.minimum(t1, t2)
        )
        tmax = np.where(
            d == 0, np.where((lo <= p) & (p <= hi), np.inf, -np.inf), np.maximum(t1, t2)
        )
        enter = tmin.max(axis=1)
        leave = tmax.min(axis=1)
        # the segment from the point (t=0) to the camera (t=1) passes through a box
        if bool(((enter < leave) & (leave > 1e-6) & (enter < 1.0)).any()):
            return True
    return False


def _window(at: tuple[float, float], z: float) -> NDArray[np.float64]:
    """The centre and corners of a sampling window on a plane ``z`` mm high."""
    x, y = at
    h = HALF_MM
    pts = [(x, y), (x - h, y - h), (x + h, y - h), (x - h, y + h), (x + h, y + h)]
    return np.array([(px, py, z) for px, py in pts], dtype=np.float64)


class Stacks:
    """One frame's reads of the stacked sites (wraps the frame's ``_Seen``)."""

    def __init__(self, seen: _Seen) -> None:
        self.seen = seen
        self.cam = np.asarray(seen.cam, dtype=np.float64)

    # -- one stone -----------------------------------------------------------------
    def _lift(self, points: NDArray[np.float64], z: float) -> NDArray[np.float64]:
        """Each point moved along its ray to the camera up to the height ``z``."""
        t = (z - points[:, 2]) / np.maximum(self.cam[2] - points[:, 2], 1.0)
        out: NDArray[np.float64] = points + (self.cam - points) * t[:, None]
        return out

    def _print(
        self, site: str, at: tuple[float, float], z: float, boxes: Sequence[Box]
    ) -> NDArray[np.float64] | None:
        """The light print's colour where a top ``z`` mm high at ``at`` shows in
        the frame: the site's nearest clear print points, checked against what
        the markers' paper predicts there (as for every other stone)."""
        from .read import _print_of

        k = self.cam[2] / max(self.cam[2] - z, 1.0)
        g = self.cam[:2] + (np.array(at) - self.cam[:2]) * k
        points = sorted(LAYOUT.stack_print[site], key=lambda p: math.dist(p, tuple(g)))
        clear = [p for p in points if not hidden(_window(p, 0.0)[:1], self.cam, boxes)][:4]
        if not clear:
            return None
        pp = np.array(clear, dtype=np.float64)
        samples = self.seen._samples(pp, np.zeros(len(pp)), 1.5)
        ref = _print_of(samples)
        want = self.seen.expected_print(g)
        if ref is None or want is None:
            return None
        if bool((ref < 0.75 * want).any() or (ref > 1.3 * want).any()):
            return None
        return ref

    def empty(self, site: str, at: tuple[float, float], boxes: Sequence[Box]) -> bool | None:
        """``True`` when the printed space at ``at`` is seen empty (its teal
        print at its centre), ``False`` when something else shows, ``None``
        when it cannot be seen."""
        if hidden(_window(at, 0.0), self.cam, boxes):
            return None
        ref = self._print(site, at, 0.0, boxes)
        if ref is None:
            return None
        mid = self.seen._samples(np.array([at], dtype=np.float64), np.zeros(1), HALF_MM)[0]
        got = classify(mid, ref, float(mid.max()))
        return got == ""

    def stone(
        self, site: str, at: tuple[float, float], level: int, boxes: Sequence[Box]
    ) -> str | None:
        """The colour of a stone's top, the stone standing at ``at`` on ``level``
        (0: on the board), read where no stone of ``boxes`` hides it; ``None``
        when no clear, safe reading is made."""
        z0 = STONE_MM * level
        z1 = z0 + STONE_MM
        for ox, oy in OFFSETS:
            p = (at[0] + ox, at[1] + oy)
            # the bottom's sample shows where its ray leaves the stone: from
            # there up (its top's height) nothing may stand in the way either
            if hidden(_window(p, z1), self.cam, boxes) or hidden(
                self._lift(_window(p, z0 + 0.5), z1), self.cam, boxes
            ):
                continue
            ref = self._print(site, p, z1, boxes)
            if ref is None:
                return None
            pts = np.array([p], dtype=np.float64)
            top = self.seen._samples(pts, np.array([z1]), HALF_MM)[0]
            got = classify(top, ref, float(top.max()))
            if not got:
                return None
            # the stone's bottom, seen through it, must show this stone (its
            # top or a shaded side): a multiple 0.45-1.25 of its colour (a
            # stone's wood varies: a black one may look a little lighter)
            mid = self.seen._samples(pts, np.array([z0 + 0.5]), HALF_MM)[0]
            want = np.array(CANDIDATES[got])
            seen_mid = (mid / ref).mean(axis=0)
            alpha = float(seen_mid @ want / (want @ want))
            if not 0.45 <= alpha <= 1.25 or math.dist(seen_mid, alpha * want) > 0.12:
                return None
            from .read import _each_a_shade

            if not _each_a_shade(mid / ref, want):
                return None
            return got
        return None

    # -- sites -----------------------------------------------------------------------
    def pyramid(self, record: Sequence[str]) -> tuple[str | None, ...] | None:
        """``pyramid_top`` (side A) from the recorded stones in placement order."""
        slots = LAYOUT.pyramid_slots
        n = len(record)
        if n > len(slots):
            return None
        reach = min(len(slots), n + NEW_STONES)
        box = [(x, y, STONE_MM * lv) for x, y, lv in slots[:reach]]
        # first the stones past the record, in placement order, each read with
        # every slot that may hold a stone as a possible screen
        new: list[str | None] = []
        k = n
        while True:
            if k >= len(slots):
                return None  # past the printed spaces: not counted
            x, y, lv = slots[k]
            if lv > 0:
                return None  # an empty upper slot shows the stones below: not countable
            # stones go on in order: were this slot empty, no later one is taken
            if self.empty("pyramid", (x, y), box[:k]):
                break
            if k >= reach:
                return None
            got = self.stone("pyramid", (x, y), lv, box[:k] + box[k + 1 :])
            if got is None:
                return None
            new.append(got)
            k += 1
        # then the recorded ones, screened only by the stones now known to be there
        read: list[str | None] = []
        for j in range(n):
            x, y, lv = slots[j]
            read.append(self.stone("pyramid", (x, y), lv, box[:j] + box[j + 1 : k]))
        read += new
        # once level 2 is complete the centre stone of level 1 is hidden
        return tuple(c for i, c in enumerate(read) if not (i == 4 and len(read) >= 13))

    def temple(
        self, covered: int, tops: Sequence[str], width: int
    ) -> tuple[str | None, ...] | None:
        """``temple_top`` from the record: ``covered`` stones under the tops of
        ``width`` columns."""
        n = covered + len(tops)
        cols = LAYOUT.temple_columns[:width]
        if len(cols) < width:
            return None
        heights = [len(range(j, n, width)) for j in range(width)]
        read: list[str | None] = []
        seen_empty = False
        for j, (x, y) in enumerate(cols):
            others = [
                (cx, cy, STONE_MM * lv)
                for i, (cx, cy) in enumerate(cols)
                if i != j
                for lv in range(heights[i] + 1)
            ]
            h = heights[j]
            if h == 0:
                # columns fill in order: were this one empty, no later empty one is taken
                before = [
                    (cx, cy, STONE_MM * lv)
                    for i, (cx, cy) in enumerate(cols)
                    if i != j and (i < j or heights[i] > 0)
                    for lv in range(heights[i] + 1)
                ]
                empty = self.empty("temple", (x, y), before)
                if empty:
                    seen_empty = True
                    continue
                if seen_empty:
                    return None  # a stone after an empty column: not as placed
                got = self.stone("temple", (x, y), 0, others)
                if got is None:
                    return None  # the number of columns is not known
                read.append(got)
                continue
            at_record = self.stone("temple", (x, y), h - 1, others)
            one_more = self.stone("temple", (x, y), h, others)
            if at_record and one_more and at_record != one_more:
                read.append(None)
            else:
                read.append(one_more or at_record)
        return tuple(read)

    def obelisks(
        self, heights: Sequence[int], colours: Sequence[str]
    ) -> tuple[str | None, ...] | None:
        """``obelisk_tops``: the colours of the seats with a tower, in seat order,
        from the recorded tower ``heights`` and the seats' ``colours``."""
        spots = {c: LAYOUT.obelisk_spots[COLOURS.index(c)] for c in colours}
        towers: list[str] = []
        for s, colour in enumerate(colours):
            at = spots[colour]
            others = [
                (*spots[c], STONE_MM * lv)
                for i, c in enumerate(colours)
                if c != colour
                for lv in range(heights[i] + 1)
            ]
            empty = self.empty("obelisk", at, others)
            if empty:
                continue
            h = heights[s] if s < len(heights) else 0
            found = False
            for level in range(max(h - 1, 0), h + OBELISK_NEW):
                if self.stone("obelisk", at, level, others) == colour:
                    found = True
                    break
            if not found:
                return None
            towers.append(colour)
        return tuple(towers)


def seat_colours(options: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The seats' colours in turn order: a ``colours=white,grey`` option (as the
    rules take it), else the rulebook's order."""
    for option in options or ():
        if isinstance(option, str) and option.startswith("colours="):
            names = tuple(option.removeprefix("colours=").split(","))
            if len(names) == players and len(set(names)) == players and set(names) <= set(COLOURS):
                return names
    return COLOURS[:players]


def read_stacks(
    seen: _Seen,
    record: ImhotepObservation,
    sides: dict[str, str | None],
    options: Sequence[str] | None,
) -> dict[str, tuple[str | None, ...] | None]:
    """The three stacked fields read with ``record``'s heights (side A boards only)."""
    from engine.imhotep.catalog import default_catalog
    from engine.imhotep.sites import temple_width

    stacks = Stacks(seen)
    out: dict[str, tuple[str | None, ...] | None] = {
        "pyramid_top": None,
        "temple_top": None,
        "obelisk_tops": None,
    }
    players = len(record.obelisk_heights) if record.obelisk_heights is not None else 0
    if sides.get("pyramid") == "A" and record.pyramid_covered is not None:
        out["pyramid_top"] = stacks.pyramid(record.pyramid_covered)
    if (
        sides.get("temple") == "A"
        and record.temple_covered is not None
        and record.temple_top is not None
        and 2 <= players <= 4
    ):
        width = temple_width(players, default_catalog())
        out["temple_top"] = stacks.temple(record.temple_covered, record.temple_top, width)
    if sides.get("obelisk") == "A" and record.obelisk_heights is not None and 2 <= players <= 4:
        out["obelisk_tops"] = stacks.obelisks(
            record.obelisk_heights, seat_colours(options, players)
        )
    return out
