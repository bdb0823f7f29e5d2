"""A closer look: a second, magnified decode pass at the spots where pieces stand.

The whole-frame scan misses a few markers that a person would call readable:
small ones (about 20 px: the far side of the board under a steep camera) and,
rarely, one whose outline merges with its surroundings in the full frame. In
``bench/vision.py``'s 1,000 scenes every such miss decoded in a crop of the
frame magnified 2x.

Once the board is registered, the pipeline knows every spot where a piece can
stand (section slots, the elephants' places on the paths, Maharajah spaces,
donation and market spaces, tile slots, the printed coin spots and market
cells) and how large its marker looks there.
:class:`CloserLook` looks again at every spot where no marker was read and

- the marker would look small (``SMALL_PX``; magnified 2x), or
- the first pass saw there an undecoded, marker-like square of about the
  marker's size (a sticker on a dark piece, in glare or blur), or
- the spot is bright (glare): magnified, its contrast stretched (a counter's
  space or a worker's slot in glare holding a faded marker's black and white
  is such a square too: ``FADED_CONTRAST``), or
- the game says a piece stands there (:meth:`CloserLook.expect`): also with a
  higher threshold constant and stretched, or
- the spot holds a piece that is always somewhere on its spaces (the
  Maharajah token) and that piece was not read at all.

Not looked at, since they could only find what is known already: a printed
spot with no trace of its sticker (:mod:`vision.printed`: covered, nothing to
decode), a printed spot showing its whole print clean (clear, decoded or
not), the Maharajah's spaces once his token is read on one of them, and the
elephants' places once every elephant in play is read. A spot wanted for its
size alone that shows nothing marker-like (``FLAT_CONTRAST``) is looked at
only if the token or an elephant is still missing after the other looks.

Threshold windows are chosen from the size the marker should look there
(:func:`~vision.detect.windows_for`). Spots where a marker-like square stays
undecoded, or that glare blows to white (shadow crushes to black), are
:attr:`CloserLook.doubtful`: the reader makes those zones unknown, not empty.

Crops of one size class go into one mosaic and one detector call. On a still table the
same spots come up every frame, so a spot's result is kept until the board
view (:mod:`vision.occlusion`) sees something change near it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .art import PrintedArt
from .detect import (
    HARD_CONSTANT,
    SAME_SPOT_PX,
    Detection,
    MarkerDetector,
    Markers,
    Windows,
    apart,
    marker_arrays,
    same_markers,
    windows_for,
)
from .layout import Layout, ZoneKind
from .lens import PointLens
from .occlusion import CELL_MM, BoardView
from .plan import Kind, MarkerPlan
from .printed import (
    CLEAR_CORRELATION,
    GONE_CORRELATION,
    PART_CORRELATION,
    SEEN_CORRELATION,
    pattern,
    whole_and_half,
)
from .read import (
    PIECE_ON,
    RELIABLE_SIDE_PX,
    SIZE_RATIO,
    is_global,
    known_when_seen,
    marker_sides,
    zone_keys,
)
from .register import Registration

#: Markers expected smaller than this (px) get a closer look where none was read.
SMALL_PX = 28.0
#: Smaller than this, even a magnified look cannot read a marker.
TINY_PX = 9.0
#: Magnification of the closer look.
ZOOM = 2.0
#: A look finds markers from this share of the size the plan's smallest
#: sticker would have at its spots: the reader takes none under 0.75 of its
#: expected size, with some slack (perspective, heights): 0.45 of a 14 mm
#: sticker's spot (a 10 mm sticker there is 0.71 of it), 0.63 of a 10 mm
#: counter's. Larger markers at 12 MP (about 50 px) crop lots of clutter the
#: detector need not try: the 12 MP calibrated first frame's look at 42
#: donation spaces (counters of 43 px) cost 32 ms for contours of 14 px and
#: up, 22 ms from 19 px (0.45 of every spot, bench/RESULTS.md, issue 35, H2),
#: 17 ms from 27 px (issue 35, H1), the same ten markers found.
LEAST_SHARE = 0.63
#: How far (mm) a piece may stand from its spot and still be looked for there.
SLOP_MM = 8.0
#: The same for a marker printed on the board: only the registration's error
#: (a quarter fitting worse than 3 mm is not read at all), so its crop is
#: half the area.
PRINTED_SLOP_MM = 3.0

#: An undecoded square this size relative to the marker expected at a spot
#: (from inside its black border to its sticker's edge) is a sticker's outline.
SQUARE_RATIO = (0.75, 1.6)
#: Grey levels at or below / at or above which a pixel shows nothing (crushed
#: shadow, glare blown to white), and the share of a spot's samples that makes
#: it unseeable.
WASHED_LEVELS = (6, 250)
WASHED_SHARE = 0.8
#: A saturated patch (glare clipped at white) over this share of a spot's
#: samples, where no marker was read, hides whatever lies there: the spot is
#: unknown, never empty (issue 34: a third of a sticker under a lamp's
#: reflection does not decode, and the rest of it is no bare space).
SATURATED_SHARE = 0.2
#: A spot where half the samples are this bright is in glare: looked at again
#: with its contrast stretched.
BRIGHT_LEVEL = 215
#: Printed spots' keys start so.
PRINTED = ("coins:", "market:")
#: Grey levels between a square's dark and light tenth (its middle) for it to
#: hold a marker's cells.
MARKER_CONTRAST = 60.0
#: The same in glare (a spot whose samples are mostly ``BRIGHT_LEVEL`` or
#: brighter), where a sticker's black fades to a light grey: a counter spot
#: this uneven is no bare space.
FADED_CONTRAST = 10.0
#: A spot looked at for its size alone (or as a place of a piece not read)
#: whose sticker's place, quiet zone included, spans fewer grey levels than
#: this between its dark and light tenth shows nothing a sticker would: no
#: black border, no white ring. It is looked at only when a piece that must be
#: somewhere (the Maharajah's token, an elephant in play) is still not read
#: after the other looks. (Synthetic 1080p first frame: 3-5 levels on the empty
#: elephant places and Maharajah spaces, 255 on the elephant the first pass
#: missed; bench/RESULTS.md, issue 35, H1.)
FLAT_CONTRAST = 20.0
#: The share of a sticker's side around its spot's centre that
#: ``FLAT_CONTRAST`` is measured over: its black border and part of its white
#: quiet zone, which every sticker shows whatever its code.
STICKER_REACH = 0.6
#: Zones of counters, packed in rows and piles.
COUNTER_KEYS = ("donation:", "market-space:")
#: Zones of workers: in glare only, a slot holding faded black and white is
#: no bare slot (elsewhere printed section names lie by the slots).
WORKER_KEYS = ("section:", "maharajah-worker:")
#: Zones of tiles and storehouses: a spot there holding black and white
#: (``TILE_CONTRAST``) where no marker was read is a sticker not decoded (a
#: scuffed or trimmed one, or one faded by glare), never a bare slot.
TILE_KEYS = ("district-slot:", "temple:", "bridge:", "storehouses")
#: Grey levels between the dark and light tenth of a tile spot's middle for
#: it to hold a sticker: second renderer's development seeds, 86-169 on the
#: unread stickers of seven tiles and two storehouses (sloppy), 47 on a tile's
#: sticker under glare (glare seed 103); 0-7 on the display's bare storehouse
#: spaces, glare included.
TILE_CONTRAST = 20.0
#: Spots sharing one print (:mod:`vision.art`): every donation space, every
#: section slot. (Not the market spaces, whose slots lie differently on the
#: print of each colour, nor the four Maharajah worker spaces, too few to
#: agree on theirs.)
ART_GROUPS = ("donation:", "section:")
#: Pieces always on the board: not reading one at all is itself a reason to look.
ALWAYS_ON_BOARD: frozenset[Kind] = frozenset({Kind.MAHARAJAH})
#: Pieces standing on section slots and beside them, whose bodies hide part
#: of the next slot from the camera (:meth:`CloserLook._bodies`), and their
#: body's radius over their sticker's side (a worker: a 10 mm sticker on a
#: 15 mm top; as :data:`vision.after_move.BODY_PER_SIDE`).
STANDING: frozenset[Kind] = frozenset({Kind.WORKER})
BODY_PER_SIDE = 0.75
#: Pieces of which a known few are in play (one per colour in play): their
#: spots are looked at only while one of them is not read. Once all are read a
#: look there can only find one of them a second time (a wrong id).
FEW: frozenset[Kind] = frozenset({Kind.ELEPHANT})


#: A piece spot: its zone's key and its board-view cell (row, column).
Spot = tuple[str, int, int]


@dataclass(frozen=True)
class Spots:
    """Every spot for one registration: image centre, look radius and marker
    side (px), and the kind of piece looked for."""

    centres: NDArray[np.float64]  # (n, 2)
    radii: NDArray[np.float64]  # (n,)
    sides: NDArray[np.float64]  # (n,)
    always: NDArray[np.bool_]  # (n,) a spot of a piece always on the board
    boxes: NDArray[np.int64]  # (n, 4) x0, y0, x1, y1 of the look
    cells: tuple[NDArray[np.intp], NDArray[np.intp]]  # board-view cell of each spot


@dataclass
class CloserStats:
    """``looks``: frames with spots to look at; ``crops``: spots looked at afresh;
    ``kept``: spots whose last look stood; ``found``: markers found (per look);
    ``reused``: frames answered as the last, the first pass being unchanged."""

    looks: int = 0
    crops: int = 0
    kept: int = 0
    found: int = 0
    reused: int = 0


class CloserLook:
    """Second, magnified detection pass at the empty spots where markers may hide."""

    def __init__(
        self,
        layout: Layout,
        plan: MarkerPlan,
        players: int,
        detector: MarkerDetector,
        view: BoardView,
    ) -> None:
        """``view``: the pipeline's board view, whose motion cells tell which
        spots' last look is out of date."""
        self.detector = detector
        self.view = view
        #: With a calibration: the lens at the frame's size. Registrations map to
        #: the ideal pinhole image; the looks are made on the frame as the camera
        #: gives it, so every spot is put where the lens shows it.
        self.lens: PointLens | None = None
        self.stats = CloserStats()
        self._always_ids = frozenset(e.marker_id for e in plan.entries if e.kind in ALWAYS_ON_BOARD)
        # Board points (mm) of every spot, with the marker expected there.
        points: list[tuple[float, float]] = []
        sizes: list[tuple[float, float]] = []
        kinds: list[Kind] = []
        donations = [z for k, z in zone_keys(layout, players).items() if k.startswith("donation:")]
        others = [z for z in layout.zones if z.kind in PIECE_ON and z.kind is not ZoneKind.DONATION]
        reading_key = {z.key: k for k, z in zone_keys(layout, players).items() if not is_global(k)}
        keys: list[str | None] = []
        for zone in others + donations:
            kind = PIECE_ON[zone.kind]
            entry = plan.of_kind(kind)[0]
            anchors = zone.anchors or (zone.centre,)
            for a in anchors:
                points.append(a)
                sizes.append((entry.side_mm, entry.height_mm))
                kinds.append(kind)
                keys.append(reading_key.get(zone.key))
        #: The reading's zone key of each spot (None: an elephant's or the token's).
        self.spot_keys = tuple(keys)
        # Spots whose marker, found, changes nothing in a zone the reader leaves
        # unknown for its size: a piece's (printed spots read "clear" at any
        # size; an elephant, the token or a Maharajah worker is known wherever it
        # is read).
        self._floored = np.array(
            [k is not None and not k.startswith(PRINTED) and not known_when_seen(k) for k in keys]
        )
        self._skip: tuple[frozenset[str], NDArray[np.bool_]] | None = None
        #: Spots of counters (donation and market spaces): packed tight, their
        #: stickers may overlap (:meth:`_look`).
        self._counter_spots = np.array(
            [k is not None and k.startswith(COUNTER_KEYS) for k in keys], dtype=bool
        )
        #: Spots of workers (section slots, the Maharajah's spaces).
        self._worker_spots = np.array(
            [k is not None and k.startswith(WORKER_KEYS) for k in keys], dtype=bool
        )
        #: Spots of tiles and storehouses.
        self._tile_spots = np.array(
            [k is not None and k.startswith(TILE_KEYS) for k in keys], dtype=bool
        )
        #: Zones whose empty reading is in doubt: the detector saw a square of a
        #: sticker's size on one of their spots and no look could decode it
        #: (not the printed spots: there, not seen already means covered), or
        #: the spot is blown to white by glare or crushed to black by shadow.
        self.doubtful: frozenset[str] = frozenset()
        self._expected = np.zeros(len(keys), bool)
        self._points = np.array(points, dtype=np.float64)
        #: The board's print at donation spaces and section slots, learned from
        #: the frame's empty ones: no evidence of a piece (:mod:`vision.art`).
        groups = np.array(
            [
                next((g for g, p in enumerate(ART_GROUPS) if k and k.startswith(p)), -1)
                for k in keys
            ],
            dtype=np.intp,
        )
        self.art = PrintedArt(self._points, groups)
        self._art_spots = groups >= 0
        self._sizes = np.array(sizes, dtype=np.float64)
        #: Per spot, the share of its marker's size a look there finds markers
        #: from (``LEAST_SHARE`` of the plan's smallest sticker's size there).
        smallest = min(e.side_mm for e in plan.entries if e.kind is not Kind.CORNER)
        self._least = LEAST_SHARE * smallest / self._sizes[:, 0]
        self._always = np.array([k in ALWAYS_ON_BOARD for k in kinds])
        self._few = np.array([k in FEW for k in kinds])
        #: The ids of those pieces, and how many of them are in play (an
        #: elephant per colour: two colours at least, the solo game's too).
        self._few_ids = frozenset(e.marker_id for e in plan.entries if e.kind in FEW)
        #: Per id of a standing piece: its sticker's side and height (mm).
        self._standing = {
            e.marker_id: (e.side_mm, e.height_mm)
            for e in plan.entries
            if e.height_mm > 0 and e.kind in STANDING
        }
        self._few_in_play = max(players, 2)
        printed = np.array([k in (Kind.COIN_SPOT, Kind.MARKET_CELL) for k in kinds])
        self._slop = np.where(printed, PRINTED_SLOP_MM, SLOP_MM)
        self._printed = printed
        #: Per printed spot, the sticker printed there (8 x 8 cells), by marker id.
        self._patterns = {
            e.marker_id: pattern(e.marker_id)
            for e in plan.entries
            if e.kind in (Kind.COIN_SPOT, Kind.MARKET_CELL)
        }
        #: The printed stickers (coin spots, market cells) as bodies of no
        #: height: the board's own print, which a slot beside one shows part
        #: of (:meth:`_bodies`): their sticker with its quiet zone, and the
        #: registration's error.
        printed_reach = self._sizes[:, 0] * (8 / 6) / 2 * math.sqrt(2) + PRINTED_SLOP_MM
        at = self._points[printed]
        self._printed_bodies = np.concatenate([at, at, printed_reach[printed, None]], axis=1)
        self._spot_ids = np.array(
            [plan.of_kind(k)[0].marker_id if p else -1 for k, p in zip(kinds, printed, strict=True)]
        )
        #: Printed spots whose sticker is in plain view though not decoded.
        self.in_view: frozenset[str] = frozenset()
        #: Those of them showing their whole print clean
        #: (:data:`vision.printed.CLEAR_CORRELATION`): clear, not unknown.
        self._clean: frozenset[str] = frozenset()
        #: Donation spaces whose own printed background the last fresh look saw
        #: clean (:mod:`vision.art`): positive evidence that nothing stands there.
        self.print_clean: frozenset[str] = frozenset()
        #: Piece spots where no marker was read: those glare blows to white or
        #: shadow crushes to black (``blind``), and the others (``open``), each
        #: as (zone key, board-view row, column) (:mod:`vision.after_move`:
        #: a spot blind before a move and open after it changed unread).
        self.blind: frozenset[Spot] = frozenset()
        self.open: frozenset[Spot] = frozenset()
        #: Printed spots not decoded where no trace of the sticker is left:
        #: something covers them (evidence that holds in blur, where a sticker
        #: not decoded is no evidence of anything).
        self.covered: frozenset[str] = frozenset()
        self._spots: tuple[tuple[bytes, PointLens | None], Spots] | None = None
        #: Per spot (boxes are fixed for one registration): what its last look found.
        self._memo: dict[int, list[Detection]] = {}
        #: Spots where the last look decoded a marker of about the size expected
        #: there and refused it (no quiet zone: a sticker washed to grey).
        self._refused: set[int] = set()
        self._last: tuple[NDArray[np.float64], Markers, list[Detection]] | None = None
        #: Board-view cells that changed since the last look.
        self._dirty = np.zeros(view.shape, bool)
        # A change this near a spot makes its last look out of date: twice the
        # largest sticker's half-diagonal (parallax of tall pieces), plus the slop.
        reach = float((self._sizes[:, 0] * 2 * (8 / 6) / math.sqrt(2)).max()) + SLOP_MM
        n = 2 * math.ceil(reach / CELL_MM) + 1
        self._near = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (n, n))

    def disturb(self, moved: NDArray[np.bool_]) -> None:
        """Board-view cells that changed this frame (call on every frame)."""
        self._dirty |= moved

    def expect(self, keys: Iterable[str]) -> None:
        """Zones where pieces are known to stand (the reconciler's state): every
        one of their spots where no marker was read gets a closer look, at every
        size and with a second threshold constant."""
        wanted = set(keys)
        expected = np.array([k in wanted for k in self.spot_keys], dtype=bool)
        if not np.array_equal(expected, self._expected):
            self._expected = expected
            self.forget()

    def forget(self) -> None:
        """Nothing is known of what happened meanwhile: look afresh next time."""
        self._memo.clear()
        self._refused.clear()
        self._last = None

    def spots(self, reg: Registration) -> Spots:
        """Where each spot's marker appears in the frame, and how large."""
        key = (reg.board_to_image.tobytes(), self.lens)
        if self._spots is not None and self._spots[0] == key:
            return self._spots[1]
        cam = reg.camera
        height = max(float(cam[2]), 1.0)
        side_mm, lift_mm = self._sizes[:, 0], self._sizes[:, 1]
        k = height / np.maximum(height - lift_mm, 1.0)
        ground = cam[:2] + (self._points - cam[:2]) * k[:, None]
        sides, c, px_per_mm = marker_sides(reg, self._points, self._sizes)
        # Half the diagonal of the sticker with its quiet zone, plus the slop.
        radii = (side_mm * k * (8 / 6) / math.sqrt(2) + self._slop) * px_per_mm
        if self.lens is not None:
            # Through the lens: a marker there looks as large as the lens's local
            # scale makes it (barrel distortion shrinks the frame's edges).
            half = np.maximum(sides / 2, 1.0)[:, None]
            # One call for the five point sets (each point on its own: the
            # same numbers as five calls).
            e, w, s, n, c = np.split(
                self.lens.to_raw(
                    np.concatenate(
                        [
                            c + half * (1, 0),
                            c - half * (1, 0),
                            c + half * (0, 1),
                            c - half * (0, 1),
                            c,
                        ]
                    )
                ),
                5,
            )
            ex, ey = e - w, s - n
            sx = np.linalg.norm(ex, axis=1) / (2 * half[:, 0])
            sy = np.linalg.norm(ey, axis=1) / (2 * half[:, 0])
            sides = sides * (sx + sy) / 2
            radii = radii * np.maximum(sx, sy)
        boxes = np.stack(
            [c[:, 0] - radii, c[:, 1] - radii, np.ceil(c[:, 0] + radii), np.ceil(c[:, 1] + radii)],
            axis=1,
        ).astype(np.int64)
        ox, oy = self.view.origin
        rows = np.clip(((ground[:, 1] - oy) // CELL_MM).astype(np.intp), 0, self.view.shape[0] - 1)
        cols = np.clip(((ground[:, 0] - ox) // CELL_MM).astype(np.intp), 0, self.view.shape[1] - 1)
        spots = Spots(c, radii, sides, self._always, boxes, (rows, cols))
        self._spots = (key, spots)
        self._memo.clear()
        self._refused.clear()
        return spots

    def look(
        self,
        grey: NDArray[np.uint8],
        found: Sequence[Detection],
        reg: Registration,
        first: Markers | None = None,
        unreadable: frozenset[str] = frozenset(),
    ) -> list[Detection]:
        """Markers the first pass (``found``; ``first``: their
        :func:`~vision.detect.marker_arrays`, if made already) missed. On a still
        table this is the very list returned last time. ``unreadable``: zone keys
        the reader leaves unknown whatever is seen (the resolution floor,
        :meth:`~vision.read.Reader.too_small`): their piece spots are not looked at."""
        if first is None:
            first = marker_arrays(found)
        last = self._last
        if (
            last is not None
            and last[0] is reg.board_to_image
            and not self._dirty.any()
            and same_markers(first, last[1], SAME_SPOT_PX)
        ):
            self.stats.reused += 1
            return last[2]  # a still table: the same answer as last frame
        new = self._look(grey, found, reg, self._skipped(unreadable))
        self._last = (reg.board_to_image, first, new)
        return new

    def _skipped(self, unreadable: frozenset[str]) -> NDArray[np.bool_]:
        """Spots not worth a look: piece spots of ``unreadable`` zones."""
        if self._skip is None or self._skip[0] is not unreadable:
            inside = np.array([k in unreadable for k in self.spot_keys], dtype=bool)
            self._skip = (unreadable, inside & self._floored)
        return self._skip[1]

    def _look(
        self,
        grey: NDArray[np.uint8],
        found: Sequence[Detection],
        reg: Registration,
        skip: NDArray[np.bool_],
    ) -> list[Detection]:
        spots = self.spots(reg)
        h, w = grey.shape
        c = spots.centres
        empty = ~skip & (spots.sides >= TINY_PX) & (c[:, 0] >= 0) & (c[:, 0] < w)
        empty &= (c[:, 1] >= 0) & (c[:, 1] < h)
        if found and empty.any():
            read = np.array([d.centre for d in found], dtype=np.float64)
            idx = np.nonzero(empty)[0]
            gap = apart(c[idx], read).min(axis=1)
            empty[idx[gap < spots.sides[idx]]] = False  # a marker read on the spot
        squares = self._squares(grey, spots, empty, found)
        # A marker the first pass decoded and refused (no white quiet zone: a
        # sticker washed to grey by glare) is evidence of a piece, never of an
        # empty space: looked at closer, and unknown if still not read.
        refused = self._refused_near(spots, empty, found)
        # A counter's sticker whose outline is broken (a neighbour's sticker
        # overlapping it in a tight row of donation spaces or a market pile)
        # leaves no square at all for the first pass, but its black and white
        # are still there: a counter spot holding a marker's contrast where no
        # marker was read is looked at, and reads unknown if nothing decodes,
        # never empty. Section slots only in glare, where a worker's sticker
        # fades the same way (light seed 35: 13 and 33 grey levels on two
        # workers' slots, 2-3 on the bare slots beside them); elsewhere the
        # printed section names by the slots hold a marker's contrast. Tile
        # and storehouse spots likewise (``TILE_KEYS``).
        samples = _samples(grey, spots, empty)
        bright = _levels(samples, empty, BRIGHT_LEVEL, 0.5)
        # Part of the spot clipped at white by glare: looked at stretched, and
        # blind if nothing decodes (below).
        hot = _levels(samples, empty, WASHED_LEVELS[1], SATURATED_SHARE)
        broken = empty & ~squares & (self._counter_spots | (self._worker_spots & bright))
        broken |= empty & ~squares & self._tile_spots
        if broken.any():
            idx = np.nonzero(broken)[0]
            squares = squares.copy()
            contrast = _contrasts(grey, spots.centres[idx], spots.sides[idx])
            # In glare a counter's sticker fades to a few grey levels (light
            # seed 8: 16 between its dark and light tenth, 1-2 on the bare
            # spaces beside it): a bright counter spot is clear only when flat.
            least = np.where(bright[idx], FADED_CONTRAST, MARKER_CONTRAST)
            squares[idx] = contrast >= np.where(self._tile_spots[idx], TILE_CONTRAST, least)
        # The board's own print (a donation space's icon, a slot's ring) is
        # marker-like too. Where the print of a group of spots is known
        # (learned from the frame's empty spots, vision/art.py), a spot reads
        # clear only showing it clean, and a spot showing it clean holds no
        # piece: positive evidence both ways. (Sloppy development seeds: a
        # worker whose sticker no look decodes showed no marker-like square;
        # its section was unknown only for the print on the bare slots beside
        # it.) Not where a marker was decoded and refused, nor where glare
        # clips the spot: those stay evidence of a piece.
        sized = empty & ~refused & ~hot & (spots.sides >= RELIABLE_SIDE_PX)
        if (sized & self._art_spots).any():
            bare, known = self.art.bare(
                grey, reg, self.lens, sized, sized, self._bodies(found, reg)
            )
            squares = (squares & ~bare) | (known & ~bare)
            self.print_clean = self._keys(np.nonzero(bare & self._counter_spots)[0].tolist())
        else:
            self.print_clean = frozenset()
        # A printed spot not read reads "covered", a value: is its sticker
        # still in view (vision/printed.py)? Then look closer there too.
        # Half the sticker in plain view is in view too (vision/printed.py: a
        # piece pushed beside the spot hides the other half).
        corr, part = self._correlations(grey, reg, empty & self._printed)
        seen = (corr >= SEEN_CORRELATION) | (part >= PART_CORRELATION)
        # No trace of a printed sticker is proof it is covered, unless glare
        # clipped part of it: then its trace is gone with the light.
        gone = empty & self._printed & (corr <= GONE_CORRELATION) & ~hot & ~seen
        # The whole print in plain view: no piece over the spot (glare can wash
        # a print out, never draw one).
        clean = empty & self._printed & (corr >= CLEAR_CORRELATION)
        # Small markers everywhere; larger ones where an undecoded square of a
        # sticker's size lies, a piece is known to stand, or a printed sticker
        # is in view.
        want = empty & (
            (spots.sides < SMALL_PX) | squares | refused | self._expected | bright | seen | hot
        )
        # A printed spot with no trace of its sticker left is covered: there is
        # nothing to decode there. One showing its whole print clean reads
        # clear whether it decodes or not (``CLEAR_CORRELATION``): a look there
        # could only decode that print (unless the game says a piece stands
        # there: then it is looked at, as any expected spot).
        want &= ~gone & ~(clean & ~self._expected)
        ids = {d.marker_id for d in found}
        if not self._always_ids & ids:
            want |= empty & spots.always
        elif self._token_placed(spots, found):
            want &= ~spots.always  # it stands on one: only a second token there
        if len(self._few_ids & ids) >= self._few_in_play:
            want &= ~self._few
        # Spots wanted for their size alone, or as the places of a piece not
        # read, where nothing marker-like shows: no look there unless that
        # piece is still missing after the others (below).
        plain = want & ~(squares | refused | self._expected | bright | seen | hot | self._printed)
        flat = np.zeros(len(want), bool)
        if plain.any():
            idx = np.nonzero(plain)[0]
            flat[idx] = _contrasts(grey, c[idx], spots.sides[idx], STICKER_REACH) < FLAT_CONTRAST
            want &= ~flat
        now = np.nonzero(want)[0].tolist()
        # A spot's last look stands while nothing changed near it, and it has been
        # wanted ever since (else its neighbourhood was not watched).
        if self._dirty.any():
            stale = cv2.dilate(self._dirty.astype(np.uint8), self._near)[spots.cells].tolist()
            self._dirty[:] = False
        else:
            stale = [False] * len(spots.sides)
        watched = set(now) | set(np.nonzero(flat)[0].tolist())
        self._memo = {i: v for i, v in self._memo.items() if i in watched and not stale[i]}
        fresh = [i for i in now if i not in self._memo]
        self._refused = {i for i in self._refused if i in self._memo}
        # Empty spots the camera cannot see into: glare blown to white or a
        # shadow crushed to black over most of the sticker's place. Not seeing a
        # marker there is no evidence of anything.
        washed = _levels(samples, empty, WASHED_LEVELS[1], WASHED_SHARE, WASHED_LEVELS[0])
        blind = frozenset(k for i in np.nonzero(washed)[0].tolist() if (k := self.spot_keys[i]))
        self.blind = self._at(spots, washed)
        self.open = self._at(spots, empty & ~washed)
        if not now and not flat.any():
            self.in_view = frozenset()
            self.clean = self._keys(np.nonzero(clean)[0].tolist())
            self.covered = self._keys(np.nonzero(gone)[0].tolist())
            self.doubtful = blind
            return []
        self.stats.looks += 1
        self.stats.kept += len(now) - len(fresh)
        self._fresh_looks(grey, spots, fresh, seen, bright, hot)
        if flat.any():
            later = self._still_missing(spots, found, now, flat)
            if later:
                self.stats.kept += sum(1 for i in later if i in self._memo)
                self._fresh_looks(
                    grey, spots, [i for i in later if i not in self._memo], seen, bright, hot
                )
                now = now + later
        if not now:
            self.in_view = frozenset()
            self.clean = self._keys(np.nonzero(clean)[0].tolist())
            self.covered = self._keys(np.nonzero(gone)[0].tolist())
            self.doubtful = blind
            return []
        # Part-clipped spots where nothing decoded even stretched: blind too
        # (not a printed sticker showing its whole print clean: seen, and clear).
        hot_blind = [
            i for i in np.nonzero(hot & ~washed & ~clean)[0].tolist() if not self._read_on(spots, i)
        ]
        if hot_blind:
            washed = washed.copy()
            washed[hot_blind] = True
            blind = blind | self._keys(hot_blind)
            self.blind = self._at(spots, washed)
            self.open = self._at(spots, empty & ~washed)
        new = _not_in([d for i in now for d in self._memo[i]], found)
        self.in_view = self._keys([i for i in now if seen[i] and not self._read_on(spots, i)])
        self.clean = self._keys(
            [i for i in np.nonzero(clean)[0].tolist() if not self._read_on(spots, i)]
        )
        self.covered = self._keys(
            [i for i in np.nonzero(gone)[0].tolist() if not self._read_on(spots, i)]
        )
        self.doubtful = (
            blind
            | self.in_view
            | self._keys(
                [
                    i
                    for i in now
                    if (refused[i] or i in self._refused) and not self._read_on(spots, i)
                ]
            )
            | frozenset(
                k
                for i in now
                if squares[i]
                and not self._read_on(spots, i)
                and (k := self.spot_keys[i])
                and not k.startswith(PRINTED)
            )
        )
        self.stats.found += len(new)
        return new

    @property
    def clean(self) -> frozenset[str]:
        """Printed spots showing their whole print clean
        (:data:`vision.printed.CLEAR_CORRELATION`): clear, not unknown; and the
        donation spaces showing their own print clean (:attr:`print_clean`: the
        reader then keeps such a space below a counter empty, not unknown)."""
        return self._clean | self.print_clean

    @clean.setter
    def clean(self, keys: frozenset[str]) -> None:
        self._clean = keys

    def _fresh_looks(
        self,
        grey: NDArray[np.uint8],
        spots: Spots,
        fresh: list[int],
        seen: NDArray[np.bool_],
        bright: NDArray[np.bool_],
        hot: NDArray[np.bool_],
    ) -> None:
        """Look at the spots ``fresh`` (none looked at since they last
        changed): magnified where small, with the harder threshold where a
        piece is expected or a printed sticker in view was not decoded, and
        stretched in glare; each spot remembers what was found there."""
        if not fresh:
            return
        self.stats.crops += len(fresh)
        for group in _groups(spots.sides, fresh):
            self._look_at(grey, spots, group)
        hard = [i for i in fresh if (self._expected[i] or seen[i]) and not self._read_on(spots, i)]
        for group in _groups(spots.sides, hard):
            self._look_at(grey, spots, group, HARD_CONSTANT)
        # Washed out by glare: the pattern may still be there at low contrast.
        faint = [
            i
            for i in fresh
            if not self._read_on(spots, i) and (bright[i] or hot[i] or self._expected[i])
        ]
        for group in _groups(spots.sides, faint, magnify=True):
            self._look_at(grey, spots, group, stretch=True)
        for i in fresh:
            self._memo[i] = self._not_printed(spots, self._memo[i])

    def _still_missing(
        self, spots: Spots, found: Sequence[Detection], now: list[int], flat: NDArray[np.bool_]
    ) -> list[int]:
        """Of the ``flat`` spots (nothing marker-like seen there), the places of
        pieces that must be somewhere and are still not read after the looks at
        ``now``: the Maharajah's token's spaces while no token is read, the
        elephants' places while fewer are read than are in play."""
        ids = {d.marker_id for d in found} | {d.marker_id for i in now for d in self._memo[i]}
        more = np.zeros(len(flat), bool)
        if not self._always_ids & ids:
            more |= flat & spots.always
        if len(self._few_ids & ids) < self._few_in_play:
            more |= flat & self._few
        return np.nonzero(more)[0].tolist()

    def _bodies(self, found: Sequence[Detection], reg: Registration) -> NDArray[np.float64]:
        """The standing pieces read (``found``, the frame's raw detections):
        where each one's foot and top meet the board, and its body's radius
        at the top (mm, (m, 5)), for :meth:`vision.art.PrintedArt.bare`; and
        the board's printed stickers, whatever covers them (light seed 44 of
        the whole-game bench: E2's bare slots beside its printed coin spot)."""
        mine = [(d, self._standing[d.marker_id]) for d in found if d.marker_id in self._standing]
        if not mine:
            return self._printed_bodies
        centres = np.array([d.centre for d, _ in mine], dtype=np.float64)
        if self.lens is not None:
            centres = self.lens.to_ideal(centres)
        top = reg.to_board(centres)
        cam = reg.camera
        height = max(float(cam[2]), 1.0)
        size = np.array([s for _, s in mine], dtype=np.float64)
        k = (height - size[:, 1]) / height
        foot = cam[:2] + (top - cam[:2]) * k[:, None]
        # The top, or its sticker with its quiet zone where that reaches
        # further (its corners); no more (harsh placement seed 50009: 3 mm
        # more hid G1's cut sticker beside B2, and W2 read one short).
        radius = max(BODY_PER_SIDE, 8 / 6 / 2 * math.sqrt(2)) * size[:, 0] / k
        pieces = np.concatenate([foot, top, radius[:, None]], axis=1)
        return np.concatenate([pieces, self._printed_bodies])

    def _read_on(self, spots: Spots, i: int) -> bool:
        """Did a look decode a marker on spot ``i`` (within a marker's side of
        where its marker appears)? A crop takes in its neighbours too: a
        counter read on the next donation space is no answer for this one
        (sloppy development seeds: three spaces whose counters no look
        decoded read empty, their crops holding a neighbour's counter)."""
        got = self._memo.get(i)
        if not got:
            return False
        at = np.array([d.centre for d in got])
        return bool((np.hypot(*(at - spots.centres[i]).T) < spots.sides[i]).any())

    def _not_printed(self, spots: Spots, got: list[Detection]) -> list[Detection]:
        """``got`` without a piece's id read on a printed sticker: where a coin
        spot or market cell is printed, at its size, the sticker is that printed
        one misread (the hard threshold in glare read a coin spot as worker W1 at
        light seed 44; there the first pass had read the spot, see
        :func:`_not_in`; here it had not). Dropped, the printed spot is not read,
        and reads unknown while its sticker is in view, never a worker."""
        if not got:
            return got
        mine = np.nonzero(self._printed)[0]
        centres = np.array([d.centre for d in got])
        sides = np.array([d.side_px for d in got])
        on = (
            apart(centres, spots.centres[mine])
            < PRINTED_SLOP_MM / self._sizes[mine, 0] * (spots.sides[mine])
        )
        ratio = sides[:, None] / spots.sides[mine]
        on &= (ratio > SIZE_RATIO[0]) & (ratio < SIZE_RATIO[1])
        piece = np.array([d.marker_id not in self._patterns for d in got])
        return [d for d, drop in zip(got, piece & on.any(axis=1), strict=True) if not drop]

    def _token_placed(self, spots: Spots, found: Sequence[Detection]) -> bool:
        """Was a token of a piece always on the board read on one of its spots?"""
        at = np.array([d.centre for d in found if d.marker_id in self._always_ids])
        mine = np.nonzero(spots.always)[0]
        if not len(at) or not len(mine):
            return False
        return bool((apart(spots.centres[mine], at) < spots.sides[mine, None]).any())

    def _at(self, spots: Spots, which: NDArray[np.bool_]) -> frozenset[Spot]:
        """Piece spots among ``which``: (zone key, board-view row, column)."""
        rows, cols = spots.cells
        return frozenset(
            (k, int(rows[i]), int(cols[i]))
            for i in np.nonzero(which & ~self._printed)[0].tolist()
            if (k := self.spot_keys[i])
        )

    def _keys(self, idx: Sequence[int]) -> frozenset[str]:
        return frozenset(k for i in idx if (k := self.spot_keys[i]))

    def _correlations(
        self,
        grey: NDArray[np.uint8],
        reg: Registration,
        where: NDArray[np.bool_],
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Per spot, how well the image at a printed spot in ``where`` matches its
        printed sticker, whole and its best half (:func:`vision.printed.whole_and_half`,
        one sampling of the image for all the spots of a sticker size); NaN
        elsewhere."""
        whole, half = np.full(len(where), np.nan), np.full(len(where), np.nan)
        at = np.nonzero(where & (self._spot_ids >= 0))[0]
        for side in np.unique(self._sizes[at, 0]).tolist():
            mine = at[self._sizes[at, 0] == side]
            printed = np.stack([self._patterns[int(k)] for k in self._spot_ids[mine].tolist()])
            whole[mine], half[mine] = whole_and_half(
                grey, reg, self.lens, self._points[mine], side, printed
            )
        return whole, half

    def _squares(
        self,
        grey: NDArray[np.uint8],
        spots: Spots,
        empty: NDArray[np.bool_],
        found: Sequence[Detection],
    ) -> NDArray[np.bool_]:
        """Empty spots where the first pass saw an undecoded square of about the
        marker's size (or its sticker's), not inside a marker it did read."""
        out = np.zeros(len(empty), bool)
        centres, sides = self.detector.candidates
        idx = np.nonzero(empty)[0]
        if not len(centres) or not len(idx):
            return out
        if found:
            read = np.array([d.centre for d in found], dtype=np.float64)
            half = np.array([d.side_px for d in found]) * 0.75
            inside = (apart(centres, read) < half).any(axis=1)
            centres, sides = centres[~inside], sides[~inside]
        ratio = sides[None, :] / spots.sides[idx, None]
        near = apart(spots.centres[idx], centres) < spots.radii[idx, None]
        near &= (ratio > SQUARE_RATIO[0]) & (ratio < SQUARE_RATIO[1])
        if not near.any():
            return out
        used = np.nonzero(near.any(axis=0))[0]
        like = np.zeros(len(centres), bool)
        like[used] = _marker_like(grey, centres[used], sides[used])
        out[idx] = (near & like[None, :]).any(axis=1)
        return out

    def _refused_near(
        self, spots: Spots, empty: NDArray[np.bool_], found: Sequence[Detection]
    ) -> NDArray[np.bool_]:
        """Empty spots where the first pass decoded a marker of about the size
        expected there and refused it (:attr:`MarkerDetector.refused`), not
        inside a marker it did read."""
        out = np.zeros(len(empty), bool)
        centres, sides = self.detector.refused
        idx = np.nonzero(empty)[0]
        if not len(centres) or not len(idx):
            return out
        if found:
            read = np.array([d.centre for d in found], dtype=np.float64)
            half = np.array([d.side_px for d in found]) * 0.75
            inside = (apart(centres, read) < half).any(axis=1)
            centres, sides = centres[~inside], sides[~inside]
        ratio = sides[None, :] / spots.sides[idx, None]
        near = apart(spots.centres[idx], centres) < spots.radii[idx, None]
        near &= (ratio > SQUARE_RATIO[0]) & (ratio < SQUARE_RATIO[1])
        out[idx] = near.any(axis=1)
        return out

    def _look_at(
        self,
        grey: NDArray[np.uint8],
        spots: Spots,
        group: tuple[float, Windows, list[int]],
        constant: float | None = None,
        stretch: bool = False,
    ) -> None:
        """One detector call over the crops of ``group`` (zoom, threshold windows,
        spot indices); each spot remembers what was found in its crop (added to
        what an earlier call found there)."""
        zoom, windows, idx = group
        mine = spots.boxes[idx]
        got = self.detector.detect_regions(
            grey,
            [tuple(b) for b in mine.tolist()],
            zoom=zoom,
            windows=windows,
            constant=constant,
            stretch=stretch,
            min_side_px=float((spots.sides[idx] * self._least[idx]).min()) * zoom,
        )
        centres = np.array([d.centre for d in got]).reshape(-1, 2)
        # (spot, detection): the detection's centre lies in the spot's crop.
        inside = (
            (centres[None, :, 0] >= mine[:, 0, None])
            & (centres[None, :, 0] < mine[:, 2, None])
            & (centres[None, :, 1] >= mine[:, 1, None])
            & (centres[None, :, 1] < mine[:, 3, None])
        )
        for i, row in zip(idx, inside.tolist(), strict=True):
            self._memo[i] = self._memo.get(i, []) + [
                d for d, ok in zip(got, row, strict=True) if ok
            ]
        # Decoded and refused at about the size a marker has there: something
        # marker-like lies on the spot (a sticker washed out), not nothing.
        no = self.detector.last_refused
        if no:
            at = np.array([d.centre for d in no])
            ratio = np.array([d.side_px for d in no])[None, :] / spots.sides[idx, None]
            hit: NDArray[np.bool_] = (
                (at[None, :, 0] >= mine[:, 0, None])
                & (at[None, :, 0] < mine[:, 2, None])
                & (at[None, :, 1] >= mine[:, 1, None])
                & (at[None, :, 1] < mine[:, 3, None])
                & (ratio > SQUARE_RATIO[0])
                & (ratio < SQUARE_RATIO[1])
            )
            flags: list[bool] = np.asarray(hit.any(axis=1), dtype=bool).tolist()
            self._refused.update(i for i, h in zip(idx, flags, strict=True) if h)


#: 5 x 5 sample offsets over a sticker's place, in sides (x and y, flattened).
_GX, _GY = (g.ravel() for g in np.meshgrid(np.linspace(-0.5, 0.5, 5), np.linspace(-0.5, 0.5, 5)))


def _samples(grey: NDArray[np.uint8], spots: Spots, empty: NDArray[np.bool_]) -> NDArray[np.uint8]:
    """Grey at 25 points over the sticker's place of each ``empty`` spot (k, 25)."""
    idx = np.nonzero(empty)[0]
    h, w = grey.shape
    r = spots.sides[idx, None]
    xs = np.clip(spots.centres[idx, 0, None] + _GX * r, 0, w - 1).astype(np.intp)
    ys = np.clip(spots.centres[idx, 1, None] + _GY * r, 0, h - 1).astype(np.intp)
    v: NDArray[np.uint8] = grey[ys, xs]
    return v


def _levels(
    samples: NDArray[np.uint8],
    empty: NDArray[np.bool_],
    at_least: int,
    share: float,
    at_most: int = -1,
) -> NDArray[np.bool_]:
    """Empty spots where ``share`` or more of their :func:`_samples` are at
    least ``at_least`` or at most ``at_most`` grey."""
    out = np.zeros(len(empty), bool)
    if len(samples):
        v = samples
        out[empty] = ((v >= at_least).mean(axis=1) >= share) | (
            (v <= at_most).mean(axis=1) >= share
        )
    return out


def _marker_like(
    grey: NDArray[np.uint8], centres: NDArray[np.float64], sides: NDArray[np.float64]
) -> NDArray[np.bool_]:
    """Does the middle of each square hold black and white like a marker's
    cells (not the even colour of a cube, a coin or a printed space)?"""
    out: NDArray[np.bool_] = _contrasts(grey, centres, sides) >= MARKER_CONTRAST
    return out


def _contrasts(
    grey: NDArray[np.uint8],
    centres: NDArray[np.float64],
    sides: NDArray[np.float64],
    reach: float = 0.3,
) -> NDArray[np.float64]:
    """Per square, the grey levels between the dark and the light tenth of its
    middle, ``reach`` sides either way of its centre (0 where it lies off the frame)."""
    h, w = grey.shape
    out = np.zeros(len(centres))
    # Squares of one patch size, none cut by the frame's edge, share one call.
    same: dict[int, list[tuple[int, int, int]]] = {}
    for k, ((cx, cy), side) in enumerate(zip(centres.tolist(), sides.tolist(), strict=True)):
        r = max(2, int(side * reach))
        x0, y0 = int(cx) - r, int(cy) - r
        if x0 >= 0 and y0 >= 0 and int(cx) + r + 1 <= w and int(cy) + r + 1 <= h:
            same.setdefault(r, []).append((k, x0, y0))
            continue
        x0, y0 = max(0, x0), max(0, y0)
        patch = grey[y0 : min(h, int(cy) + r + 1), x0 : min(w, int(cx) + r + 1)]
        if patch.size:
            out[k] = _tenths(patch.reshape(1, -1))[0]
    for r, at in same.items():
        n = 2 * r + 1
        patches = np.stack([grey[y0 : y0 + n, x0 : x0 + n] for _, x0, y0 in at])
        out[[k for k, _, _ in at]] = _tenths(patches.reshape(len(at), -1))
    return out


def _tenths(rows: NDArray[np.uint8]) -> NDArray[np.float64]:
    """Per row, its 90th percentile less its 10th, as ``np.percentile``
    (linear) makes them, to the last bit, for a fraction of its overhead: one
    sort of small rows instead of its general machinery (the first frame's
    closer look calls this a few times, bench/RESULTS.md, issue 35, H1)."""
    v = np.sort(rows, axis=1).astype(np.float64)
    last = v.shape[1] - 1
    ends = []
    for q in (0.1, 0.9):
        at = q * last
        below = math.floor(at)
        t = at - below
        a = v[:, below]
        b = v[:, min(below + 1, last)]
        diff = b - a
        # numpy's lerp: from the nearer end, so t = 1 gives b exactly.
        ends.append(b - diff * (1 - t) if t >= 0.5 else a + diff * t)
    out: NDArray[np.float64] = ends[1] - ends[0]
    return out


def _groups(
    sides: NDArray[np.float64], idx: Sequence[int], magnify: bool = False
) -> list[tuple[float, Windows, list[int]]]:
    """Spots to look at, grouped into detector calls: small markers (or all,
    ``magnify``) magnified ``ZOOM`` times, larger ones as they are; threshold
    windows chosen from the size they look (in steps of a third of an octave,
    so a table makes few groups)."""
    out: dict[tuple[float, int], list[int]] = {}
    for i in idx:
        zoom = ZOOM if magnify or sides[i] < SMALL_PX else 1.0
        step = round(3 * math.log2(sides[i] * zoom))
        out.setdefault((zoom, step), []).append(i)
    return [(z, windows_for(2 ** (k / 3)), v) for (z, k), v in sorted(out.items())]


def _on(a: Sequence[Detection], b: Sequence[Detection]) -> NDArray[np.bool_]:
    """(len(a), len(b)): one place (centres within half a side), whatever the ids."""
    pa = np.array([d.centre for d in a]).reshape(-1, 2)
    pb = np.array([d.centre for d in b]).reshape(-1, 2)
    reach = 0.5 * np.maximum.outer(
        np.array([d.side_px for d in a]), np.array([d.side_px for d in b])
    )
    out: NDArray[np.bool_] = apart(pa, pb) < reach
    return out


def _same(a: Sequence[Detection], b: Sequence[Detection]) -> NDArray[np.bool_]:
    """(len(a), len(b)): the same marker (same id, one place)."""
    a_ids = np.array([d.marker_id for d in a])
    b_ids = np.array([d.marker_id for d in b])
    out: NDArray[np.bool_] = _on(a, b) & np.equal.outer(a_ids, b_ids)
    return out


def _not_in(new: Sequence[Detection], old: Sequence[Detection]) -> list[Detection]:
    """``new`` detections, each once, not where a marker of ``old`` lies: two
    markers cannot lie in one place, so one read there already under another
    id is the same sticker misread (light seed 44 at the whole-game bench: the
    hard threshold read E2's printed coin spot, which the first pass had read,
    as worker W1, and W1 in E2 was taken as a sowing's next worker)."""
    if not new:
        return []
    twice = np.tril(_same(new, new), k=-1).any(axis=1)  # the same as an earlier one
    if old:
        # As large, too: a pattern read inside a sticker (the detector keeps
        # nested squares) is no reason to drop the sticker found closer.
        ratio = np.divide.outer(
            np.array([d.side_px for d in new]), np.array([d.side_px for d in old])
        )
        alike = (ratio > SIZE_RATIO[0]) & (ratio < SIZE_RATIO[1])
        ids = np.equal.outer([d.marker_id for d in new], [d.marker_id for d in old])
        twice = twice | (_on(new, old) & (ids | alike)).any(axis=1)
    return [new[int(k)] for k in np.flatnonzero(~twice)]
