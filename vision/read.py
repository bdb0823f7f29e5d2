"""One frame's reading: detected markers -> what lies in each zone.

Each marker's centre goes to the board plane through the homography, then back
down to the foot of its piece (parallax: a worker's sticker is 16 mm up), and
the zone there takes the piece. The printed coin spots and market cells work
the other way round: seen means clear, not seen (while the spot is visible)
means something covers it.

The reading is a flat map from zone key to value; a zone that cannot be seen
now (under a hand, outside the frame) has no entry. Impossible things seen
(one worker in two places, five workers in one section, more counters of a
colour than exist) become :class:`~vision.snapshot.Problem` entries naming the
zones concerned, in English and Spanish.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_CAPACITY,
    SECTION_NAMES,
    District,
    Resource,
)

from .conserve import over_bounds
from .detect import Detection
from .geometry import foot_to_ground, ground_to_foot
from .layout import (
    DECADES,
    DISTRICT_SLOT_NAMES,
    Layout,
    Zone,
    ZoneIndex,
    ZoneKind,
    donation_level_sizes,
    donation_space_names,
    market_cell_name,
)
from .messages import DISTRICT_ES, KIND_EN_ES, problem
from .plan import COUNTERS_PER_PLAYER, Kind, MarkerPlan
from .register import Registration
from .snapshot import ELEPHANT_OFF, Problem

Value = Hashable
#: A marker must look at least this big (px) for "not seen" to mean "not
#: there" (a printed spot covered, a space empty); smaller, the detector may
#: simply miss it (bench/vision.py). A zone whose marker would look smaller
#: reads unknown.
RELIABLE_SIDE_PX = 22.0
#: A piece marker read smaller than this (px) is not trusted at all: below
#: the 18 px the hard benchmark set covers, with no wrong id, ids go wrong
#: (at 1080p, about 10-16 px, one worker was read as another). Below
#: ``RELIABLE_SIDE_PX``, a zone reads unknown: the gap keeps a marker that
#: looks a little smaller than planned (tilt, a sticker cut small) trusted
#: where its zone counts as readable.
TRUSTED_SIDE_PX = 18.0
#: How far (mm) a tile's or storehouse's marker may lie from a place the
#: layout gives for it; anywhere else it is a pattern read off something else
#: (a printed word on a tile was once read as a district tile).
TILE_TOLERANCE_MM = 12.0
#: A detection's size on the board over the plan's size must lie in this range:
#: patterns read off a marker's inside or its sticker's edge do not.
SIZE_RATIO = (0.75, 1.33)
#: Edge of a resource cube (mm), for working out what it hides.
CUBE_MM = 10.0
#: How close (mm) a printed marker must be to its anchor to count as that spot.
PRINTED_TOLERANCE_MM = 6.0


#: Which piece stands on which kind of zone (the marker looked for there).
PIECE_ON: dict[ZoneKind, Kind] = {
    ZoneKind.SECTION: Kind.WORKER,
    ZoneKind.PATH: Kind.ELEPHANT,
    ZoneKind.MAHARAJAH_WORKER: Kind.WORKER,
    ZoneKind.MAHARAJAH: Kind.MAHARAJAH,
    ZoneKind.DONATION: Kind.COUNTER,
    ZoneKind.MARKET_SPACE: Kind.COUNTER,
    ZoneKind.DISTRICT_SLOT: Kind.DISTRICT_TILE,
    ZoneKind.TEMPLE: Kind.TEMPLE_TILE,
    ZoneKind.BRIDGE: Kind.BRIDGE_TILE,
    ZoneKind.STOREHOUSES: Kind.STOREHOUSE,
    ZoneKind.COIN_SPOT: Kind.COIN_SPOT,
    ZoneKind.MARKET_CELL: Kind.MARKET_CELL,
}
#: Pieces that only ever lie at the layout's anchors (tiles), and counters,
#: which only ever lie on donation or market spaces: seen anywhere else, the
#: marker is refused.
ANCHORED: frozenset[Kind] = frozenset(
    {Kind.DISTRICT_TILE, Kind.TEMPLE_TILE, Kind.BRIDGE_TILE, Kind.STOREHOUSE}
)
COUNTER_ZONES: frozenset[ZoneKind] = frozenset({ZoneKind.DONATION, ZoneKind.MARKET_SPACE})
#: Zones whose pieces the kit bounds (:mod:`vision.conserve`): a section its
#: workers, a Maharajah worker space, donation space or tile slot one piece,
#: a market space by the counters the kit has.
BOUNDED = (
    "section:",
    "maharajah-worker:",
    "donation:",
    "market-space:",
    "district-slot:",
    "temple:",
    "bridge:",
)
#: Keys of the tiles' and storehouses' zones.
TILE_KEYS = ("district-slot:", "temple:", "bridge:", "storehouses")
#: Pieces whose marker, read off every space they may stand on, still makes
#: the spaces around it unknown (within this many mm of one of their anchors).
STRAY_KINDS: frozenset[Kind] = frozenset({Kind.COUNTER, Kind.WORKER})
STRAY_REACH_MM = 12.0
#: Workers stand only in sections and beside the Maharajah spaces: a worker's id
#: read anywhere else on the board (off the printed words over the market, on a
#: donation space, in the lake's artwork) is no worker.
WORKER_ZONES: frozenset[ZoneKind] = frozenset({ZoneKind.SECTION, ZoneKind.MAHARAJAH_WORKER})


def marker_sides(
    reg: Registration, points: NDArray[np.float64], sizes: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """How large (px) markers of ``sizes`` (side, lift above the board, mm)
    standing at board ``points`` (n, 2) look in the image. Returns the sides,
    the image centres (n, 2) and the image px per board mm there."""
    cam = reg.camera
    height = max(float(cam[2]), 1.0)
    side_mm, lift_mm = sizes[:, 0], sizes[:, 1]
    # A sticker lift_mm up is seen where its ray meets the board: k times as
    # far from the camera's foot, and k times as large.
    k = height / np.maximum(height - lift_mm, 1.0)
    ground = cam[:2] + (points - cam[:2]) * k[:, None]
    half = side_mm * k / 2
    ends = np.concatenate(
        [
            ground,
            ground + np.stack([half, np.zeros_like(half)], axis=1),
            ground + np.stack([np.zeros_like(half), half], axis=1),
        ]
    )
    img = reg.to_image(ends).reshape(3, -1, 2)
    px_per_mm = (
        np.linalg.norm(img[1] - img[0], axis=1) + np.linalg.norm(img[2] - img[0], axis=1)
    ) / np.maximum(2 * half, 1e-9)
    return side_mm * k * px_per_mm, img[0], px_per_mm


@dataclass(frozen=True)
class Seen:
    """A token marker placed on the board: what, where its piece stands, which zone."""

    kind: Kind
    component: str
    face: str
    foot: tuple[float, float]
    zone: Zone | None
    angle_deg: float
    height_mm: float = 0.0
    side_mm: float = 0.0


@dataclass
class Reading:
    """Zone key -> value for the zones visible in this frame, plus problems and the
    board positions of the pieces seen (for the occlusion check)."""

    values: dict[str, Value] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)


def zone_keys(layout: Layout, players: int) -> dict[str, Zone]:
    """Every zone key a snapshot reports, with the zone that decides its visibility."""
    keys: dict[str, Zone] = {}
    for s in SECTION_NAMES:
        keys[f"section:{s}"] = layout.zone(ZoneKind.SECTION, s)
        keys[f"coins:{s}"] = layout.zone(ZoneKind.COIN_SPOT, s)
    for sp in MAHARAJAH_SPACE_NAMES:
        keys[f"maharajah-worker:{sp}"] = layout.zone(ZoneKind.MAHARAJAH_WORKER, sp)
    for c in PLAYER_COLOURS:
        keys[f"elephant:{c}"] = layout.zone(ZoneKind.PATH, "N")  # placeholder: whole board
        keys[f"market-space:{c}"] = layout.zone(ZoneKind.MARKET_SPACE, c)
    keys["maharajah"] = layout.zone(ZoneKind.MAHARAJAH, MAHARAJAH_SPACE_NAMES[0])
    for name in donation_space_names(players):
        keys[f"donation:{name}"] = layout.zone(ZoneKind.DONATION, name, players)
    for r in Resource:
        for row in range(1, 6):
            name = market_cell_name(r, row)
            keys[f"market:{name}"] = layout.zone(ZoneKind.MARKET_CELL, name)
    for d in District:
        for slot in DISTRICT_SLOT_NAMES:
            name = f"{d.letter}:{slot}"
            keys[f"district-slot:{name}"] = layout.zone(ZoneKind.DISTRICT_SLOT, name)
    for t in ("active", "lower", "middle"):
        keys[f"temple:{t}"] = layout.zone(ZoneKind.TEMPLE, t)
    for dec in DECADES:
        keys[f"bridge:{dec}"] = layout.zone(ZoneKind.BRIDGE, dec)
    keys["storehouses"] = layout.zone(ZoneKind.STOREHOUSES, "display")
    return keys


#: Keys whose value depends on the whole board (an elephant or the Maharajah
#: token may be anywhere), visible only when no zone of their kind is hidden.
#: ``maharajah`` is a whole key: ``maharajah-worker:...`` spaces are ordinary
#: zones (:func:`is_global`).
GLOBAL_KEYS = ("elephant:", "maharajah")


def is_global(key: str) -> bool:
    """Is ``key`` an elephant's or the Maharajah token's (a piece that may be
    anywhere on the board), rather than one zone's? A Maharajah worker's space
    (``maharajah-worker:...``) is one zone's, like a section."""
    return key.startswith(GLOBAL_KEYS[0]) or key == GLOBAL_KEYS[1]


#: Zones that hold one piece at most (a Maharajah worker's space): a piece
#: read there is the zone's whole value, whatever the marker size.
ONE_PIECE = ("maharajah-worker:",)


def known_when_seen(key: str) -> bool:
    """Is a piece read in ``key`` its whole value even below the resolution
    floor? True for a piece that may be anywhere (:func:`is_global`) and for a
    zone that holds one piece at most: no second piece can have been missed.
    An empty reading there still needs markers of a trustworthy size."""
    return is_global(key) or key.startswith(ONE_PIECE)


class Reader:
    """Turns detections into a :class:`Reading` for a fixed layout, plan and player count."""

    def printed_anchor(self, key: str) -> tuple[float, float]:
        """Board position of a printed spot's marker (``coins:N1``, ``market:gold:2``)."""
        return self._anchors[key]

    def __init__(self, layout: Layout, plan: MarkerPlan, players: int) -> None:
        self.layout = layout
        self.plan = plan
        self.players = players
        self.index = ZoneIndex(layout, players)
        self.keys = zone_keys(layout, players)
        self._entries = {e.marker_id: e for e in plan.entries}
        #: Pieces the kit has of each marker, and the zones whose pieces are
        #: bounded (vision/conserve.py), with the most each holds.
        self._copies = {(e.kind.value, e.component, e.face): e.copies for e in plan.entries}
        self._bounded = tuple(k for k in self.keys if k.startswith(BOUNDED))
        #: The last :meth:`place`'s pieces and the feet of the counters and
        #: workers it refused for standing off every space of theirs.
        self._strays: tuple[list[Seen], list[tuple[float, float]]] = ([], [])
        stray_keys = [
            (k, a)
            for k in self._bounded
            if k.startswith(("donation:", "market-space:", "section:", "maharajah-worker:"))
            for a in self.keys[k].anchors or (self.keys[k].centre,)
        ]
        self._stray_keys = [k for k, _ in stray_keys]
        #: The same for tiles: a tile's marker read on another kind's slot (a
        #: scuffed district tile's sticker decoded as a bridge tile's id) is
        #: refused there, and the slot under it is unknown, never empty.
        tile_keys = [
            (k, a)
            for k in self.keys
            if k.startswith(TILE_KEYS)
            for a in self.keys[k].anchors or (self.keys[k].centre,)
        ]
        self._tile_keys = [k for k, _ in tile_keys]
        self._tile_anchors = np.array([a for _, a in tile_keys], dtype=np.float64).reshape(-1, 2)
        self._misplaced: tuple[list[Seen], list[tuple[float, float]]] = ([], [])
        self._stray_anchors = np.array([a for _, a in stray_keys], dtype=np.float64).reshape(-1, 2)
        self._capacity = {
            k: SECTION_CAPACITY if k.startswith("section:") else 1
            for k in self._bounded
            if not k.startswith("market-space:")
        }
        self._printed: dict[int, list[tuple[str, tuple[float, float]]]] = {}
        spot = plan.find(Kind.COIN_SPOT, "coin-spot")
        cell = plan.find(Kind.MARKET_CELL, "market-cell")
        self._printed[spot.marker_id] = [
            (f"coins:{z.name}", z.anchors[0]) for z in layout.of_kind(ZoneKind.COIN_SPOT)
        ]
        self._printed[cell.marker_id] = [
            (f"market:{z.name}", z.anchors[0]) for z in layout.of_kind(ZoneKind.MARKET_CELL)
        ]
        self._anchors = {k: a for spots in self._printed.values() for k, a in spots}
        # The cells around each cell (same and next columns, rows above and below).
        self._market_neighbours = {
            f"market:{market_cell_name(r, row)}": tuple(
                f"market:{market_cell_name(Resource(c), n)}"
                for c in range(max(0, r.value - 1), min(len(Resource), r.value + 2))
                for n in range(max(1, row - 1), min(5, row + 1) + 1)
                if (c, n) != (r.value, row)
            )
            for r in Resource
            for row in range(1, 6)
        }
        self._market_side = cell.side_mm
        self._storehouse_anchors = layout.zone(ZoneKind.STOREHOUSES, "display").anchors
        # Every key's spots (board mm) with the marker expected there, for the
        # resolution floor: where that marker would look too small, unknown.
        spot_keys: list[str] = []
        points: list[tuple[float, float]] = []
        sizes: list[tuple[float, float]] = []
        for key, zone in self.keys.items():
            if key.startswith("elephant:"):
                zones = layout.of_kind(ZoneKind.PATH)
            elif key == "maharajah":
                zones = layout.of_kind(ZoneKind.MAHARAJAH)
            else:
                zones = (zone,)
            for z in zones:
                entry = plan.of_kind(PIECE_ON[z.kind])[0]
                for a in z.anchors or (z.centre,):
                    spot_keys.append(key)
                    points.append(a)
                    sizes.append((entry.side_mm, entry.height_mm))
        self._spot_keys = spot_keys
        self._spot_points = np.array(points, dtype=np.float64)
        self._spot_sizes = np.array(sizes, dtype=np.float64)
        self._floor: tuple[bytes, frozenset[str]] | None = None
        # Where tiles may lie, per kind (board mm).
        self._tile_places = {
            kind: np.array(
                [
                    a
                    for z in layout.zones
                    if PIECE_ON.get(z.kind) is kind
                    for a in z.anchors or (z.centre,)
                ],
                dtype=np.float64,
            ).reshape(-1, 2)
            for kind in ANCHORED
        }

    def too_small(self, reg: Registration) -> frozenset[str]:
        """Zone keys where the marker looked for would look smaller than
        ``RELIABLE_SIDE_PX`` somewhere on the zone: not seeing it there means
        nothing, so the zone cannot read empty (computed once per registration)."""
        key = reg.board_to_image.tobytes()
        if self._floor is not None and self._floor[0] == key:
            return self._floor[1]
        sides, _, _ = marker_sides(reg, self._spot_points, self._spot_sizes)
        small = frozenset(
            k
            for k, side in zip(self._spot_keys, sides.tolist(), strict=True)
            if side < RELIABLE_SIDE_PX
        )
        self._floor = (key, small)
        return small

    def place(
        self, detections: Sequence[Detection], reg: Registration
    ) -> tuple[list[Seen], set[str]]:
        """Token markers with their zones, and the printed spots seen clear."""
        if not detections:
            return [], set()
        corners = np.stack([d.corners for d in detections]).astype(np.float64)
        n = len(detections)
        on_board = reg.to_board(corners.reshape(-1, 2)).reshape(n, 4, 2)
        ground = on_board.mean(axis=1)
        sides = np.linalg.norm(np.roll(on_board, -1, axis=1) - on_board, axis=2).mean(axis=1)
        height = max(float(reg.camera[2]), 1.0)
        seen: list[Seen] = []
        clear: set[str] = set()
        strays: list[tuple[float, float]] = []
        misplaced: list[tuple[float, float]] = []
        self._strays = (seen, strays)
        self._misplaced = (seen, misplaced)
        for d, g, quad, side in zip(detections, ground, on_board, sides, strict=True):
            entry = self._entries.get(d.marker_id)
            if entry is None or entry.kind is Kind.CORNER:
                continue
            if d.side_px < TRUSTED_SIDE_PX and d.marker_id not in self._printed:
                continue  # too small to trust its id
            # A sticker h mm up looks larger on the board plane by H / (H - h).
            expected = entry.side_mm * height / max(height - entry.height_mm, 1.0)
            if not SIZE_RATIO[0] <= side / expected <= SIZE_RATIO[1]:
                continue  # a pattern of the wrong size: not this marker
            right, left = quad[1], quad[0]
            if d.marker_id in self._printed:
                for key, (ax, ay) in self._printed[d.marker_id]:
                    if math.hypot(g[0] - ax, g[1] - ay) <= PRINTED_TOLERANCE_MM:
                        clear.add(key)
                continue
            foot = ground_to_foot(float(g[0]), float(g[1]), reg.camera, entry.height_mm)
            angle = math.degrees(math.atan2(right[1] - left[1], right[0] - left[0])) % 360
            zone = self.index.lookup(*foot)
            if not self._possible(entry.kind, foot, zone):
                if entry.kind in STRAY_KINDS:
                    strays.append(foot)
                elif entry.kind in ANCHORED:
                    misplaced.append(foot)
                continue  # a place the plan never puts this marker
            seen.append(
                Seen(
                    entry.kind,
                    entry.component,
                    entry.face,
                    foot,
                    zone,
                    angle,
                    entry.height_mm,
                    entry.side_mm,
                )
            )
        return seen, clear

    def _resolution(self, reg: Registration, small: frozenset[str]) -> Problem:
        """Say how small the smallest markers look and which cameras are supported."""
        sides, _, _ = marker_sides(reg, self._spot_points, self._spot_sizes)
        return problem(
            "resolution",
            sorted(small),
            (),
            side=float(sides.min()),
            need=RELIABLE_SIDE_PX,
            share=100 * len(small) / len(self.keys),
        )

    def _possible(self, kind: Kind, foot: tuple[float, float], zone: Zone | None) -> bool:
        """Can a piece of ``kind`` stand at ``foot`` (in ``zone``) at all?"""
        if kind is Kind.COUNTER:
            return zone is not None and zone.kind in COUNTER_ZONES
        if kind is Kind.WORKER:
            return zone is not None and zone.kind in WORKER_ZONES
        places = self._tile_places.get(kind)
        if places is None or not len(places):
            return True
        gap = np.abs(places - np.array(foot)).max(axis=1).min()
        return bool(gap <= TILE_TOLERANCE_MM)

    def read(
        self,
        detections: Sequence[Detection],
        reg: Registration,
        placed: tuple[list[Seen], set[str]] | None = None,
        doubtful: frozenset[str] = frozenset(),
        clean: frozenset[str] = frozenset(),
    ) -> Reading:
        """Every zone's value as if all were visible; the caller drops hidden zones.
        An elephant or Maharajah token not seen anywhere reads ``None``.
        ``doubtful``: zones where a sticker-like square was seen but not decoded
        (:attr:`vision.closer.CloserLook.doubtful`): unknown, not empty.
        ``clean``: printed spots whose sticker, not decoded, shows its print
        whole and clean (:attr:`vision.closer.CloserLook.clean`): clear."""
        seen, clear = placed if placed is not None else self.place(detections, reg)
        clear = clear | {k for k in clean if k in self._anchors}
        seen_as_placed = seen
        out = Reading()
        vals = out.values
        problems = out.problems
        seen = _dedupe(seen)
        by_zone: dict[str, list[Seen]] = defaultdict(list)
        for s in seen:
            out.positions.setdefault(f"{s.kind.value}:{s.component}:{s.face}", s.foot)
            if s.zone is not None:
                by_zone[s.zone.key].append(s)
        vis = dict.fromkeys(self.keys, True)

        # Workers in sections and beside the Maharajah spaces.
        for section in SECTION_NAMES:
            key = f"section:{section}"
            zone = self.keys[key]
            workers = [s for s in by_zone.get(zone.key, []) if s.kind is Kind.WORKER]
            a0, a3 = np.array(zone.anchors[0]), np.array(zone.anchors[-1])
            axis = a3 - a0
            workers.sort(key=lambda s: float((np.array(s.foot) - a0) @ axis))
            if vis[key]:
                vals[key] = tuple(s.component for s in workers)
            if len(workers) > SECTION_CAPACITY:
                problems.append(
                    problem(
                        "section-overfull",
                        (key,),
                        (s.component for s in workers),
                        n=len(workers),
                        section=section,
                        capacity=SECTION_CAPACITY,
                    )
                )
        for space in MAHARAJAH_SPACE_NAMES:
            key = f"maharajah-worker:{space}"
            zone = self.keys[key]
            here = [s.component for s in by_zone.get(zone.key, []) if s.kind is Kind.WORKER]
            if vis[key]:
                vals[key] = here[0] if here else None

        # Elephants and the Maharajah token: anywhere on the board.
        for colour in PLAYER_COLOURS:
            key = f"elephant:{colour}"
            mine = [s for s in seen if s.kind is Kind.ELEPHANT and s.component == colour]
            if mine:
                z = mine[0].zone
                vals[key] = z.name if z is not None and z.kind is ZoneKind.PATH else ELEPHANT_OFF
            else:
                vals[key] = None
        tokens = [
            s
            for s in seen
            if s.kind is Kind.MAHARAJAH and s.zone is not None and s.zone.kind is ZoneKind.MAHARAJAH
        ]
        if tokens:
            vals["maharajah"] = tokens[0].zone.name if tokens[0].zone else None
            if len(tokens) > 1:
                problems.append(
                    problem(
                        "maharajah-twice",
                        (f"maharajah:{t.zone.name}" for t in tokens if t.zone),
                        (t.component for t in tokens),
                    )
                )
        else:
            vals["maharajah"] = None

        # Donation counters: on donation spaces and on the market spaces.
        counts: dict[str, int] = defaultdict(int)
        for s in seen:
            if s.kind is Kind.COUNTER:
                counts[s.component] += 1
        for name in donation_space_names(self.players):
            key = f"donation:{name}"
            here = [
                s.component for s in by_zone.get(self.keys[key].key, []) if s.kind is Kind.COUNTER
            ]
            if vis[key]:
                vals[key] = here[0] if here else None
        self._check_donations(vals, problems, clean)
        small = self.too_small(reg)
        for colour in PLAYER_COLOURS:
            key = f"market-space:{colour}"
            pile = [s for s in by_zone.get(self.keys[key].key, []) if s.kind is Kind.COUNTER]
            if vis[key]:
                count = sum(1 for s in pile if s.component == colour)
                vals[key] = None if key in small else count
            strangers = sorted({s.component for s in pile if s.component != colour})
            if strangers:
                problems.append(
                    problem(
                        "wrong-market-space",
                        (key,),
                        strangers,
                        strangers=", ".join(strangers),
                        colour=colour,
                    )
                )
        for colour, n in counts.items():
            if n > COUNTERS_PER_PLAYER:
                problems.append(
                    problem(
                        "too-many", (), (colour,), n=n, colour=colour, limit=COUNTERS_PER_PLAYER
                    )
                )

        # Printed spots: seen = clear, hidden while visible = covered; a market
        # cell that a neighbour's cube may hide from this camera is unknown.
        for key in [k for k in self.keys if k.startswith(("coins:", "market:"))]:
            if vis[key]:
                vals[key] = None if (key not in clear and key in small) else key not in clear
        for key, neighbours in self._market_neighbours.items():
            if vals.get(key) and any(
                vals.get(n) and self._shadows(n, key, reg.camera) for n in neighbours
            ):
                vals[key] = None
        tall = [s for s in seen if s.height_mm > 0]
        for key in [k for k in self.keys if k.startswith(("coins:", "market:"))]:
            if vals.get(key) and self._behind_piece(key, tall, reg.camera):
                vals[key] = None

        # Setup tiles.
        for d in District:
            for slot in DISTRICT_SLOT_NAMES:
                key = f"district-slot:{d.letter}:{slot}"
                here = [
                    s.component
                    for s in by_zone.get(self.keys[key].key, [])
                    if s.kind is Kind.DISTRICT_TILE
                ]
                if vis[key]:
                    vals[key] = here[0] if here else None
        for slot in ("active", "lower", "middle"):
            key = f"temple:{slot}"
            temple = [s for s in by_zone.get(self.keys[key].key, []) if s.kind is Kind.TEMPLE_TILE]
            if vis[key]:
                if not temple:
                    vals[key] = None
                elif slot == "active":
                    vals[key] = (temple[0].component, round(temple[0].angle_deg / 90.0) % 4 * 90)
                else:
                    vals[key] = temple[0].component
        for decade in DECADES:
            key = f"bridge:{decade}"
            bridge = [s for s in by_zone.get(self.keys[key].key, []) if s.kind is Kind.BRIDGE_TILE]
            if vis[key]:
                vals[key] = (bridge[0].component, bridge[0].face == "front") if bridge else None
        if vis["storehouses"]:
            stores = [
                s
                for s in by_zone.get(self.keys["storehouses"].key, [])
                if s.kind is Kind.STOREHOUSE
            ]
            stores.sort(key=lambda s: _nearest(self._storehouse_anchors, s.foot))
            vals["storehouses"] = tuple(s.component for s in stores)

        self._check_unique(seen, problems)
        # A unique piece read in two places: one of them is a misread (a blurred
        # or half-hidden sticker decoded as another id), and the reading cannot
        # say which, so every zone holding it reads unknown.
        for p in problems:
            if p.code == "seen-twice":
                for key in p.zones:
                    vals.pop(key, None)
            if p.code == "maharajah-twice":
                vals.pop("maharajah", None)
        # More pieces than a zone holds, or than the kit has of a piece: some
        # of those readings are misreads, which ones is not known (setup read
        # included: vision/conserve.py).
        held = {
            key: [
                (s.kind.value, s.component, s.face)
                for s in by_zone.get(self.keys[key].key, [])
                if s.kind is PIECE_ON.get(self.keys[key].kind)
            ]
            for key in self._bounded
        }
        # A counter or worker read just off every space it may stand on (a
        # piece pushed to its space's edge, its foot misjudged) is still a
        # piece there: the spaces around it are unknown, never empty (sloppy
        # development seeds: two donation spaces read empty, their counters
        # read 7-8 mm off and dropped).
        strays = self._strays[1] if self._strays[0] is seen_as_placed else []
        for fx, fy in strays:
            near = np.hypot(self._stray_anchors[:, 0] - fx, self._stray_anchors[:, 1] - fy)
            for k in {self._stray_keys[i] for i in np.nonzero(near <= STRAY_REACH_MM)[0].tolist()}:
                if k.startswith("market-space:"):
                    if k in vals:
                        vals[k] = None
                else:
                    vals.pop(k, None)
        misplaced = self._misplaced[1] if self._misplaced[0] is seen_as_placed else []
        for fx, fy in misplaced:
            near = np.hypot(self._tile_anchors[:, 0] - fx, self._tile_anchors[:, 1] - fy)
            for i in np.nonzero(near <= TILE_TOLERANCE_MM)[0].tolist():
                vals.pop(self._tile_keys[i], None)
        for key in over_bounds(
            held,
            self._capacity,
            self._copies,
            ((s.kind.value, s.component, s.face) for s in seen),
        ):
            if key.startswith("market-space:"):
                if key in vals:
                    vals[key] = None  # a count the kit cannot make: not measured
            else:
                vals.pop(key, None)
        if small:
            problems.append(self._resolution(reg, small))
        # The resolution floor: a zone where a marker could be missed for its
        # size reads unknown (no entry), not empty. A unique piece seen
        # elsewhere is known wherever it is, and so is a piece read in a zone
        # that holds one at most (:func:`known_when_seen`).
        for key in small | doubtful:
            if key.startswith("market-space:") and key in vals:
                vals[key] = None  # a count not measured
                continue
            if key in doubtful and key.startswith(("coins:", "market:")) and vals.get(key):
                vals[key] = None  # "not seen" in glare is not "covered"
                continue
            if key.startswith(("coins:", "market:")) or key not in vals:
                continue
            if known_when_seen(key) and vals[key] is not None:
                continue
            del vals[key]
        return out

    def _behind_piece(self, key: str, pieces: Sequence[Seen], camera: NDArray[np.float64]) -> bool:
        """Could a piece seen nearby (a worker's body, leaning in the view) be what
        hides the printed spot ``key``, rather than a coin or a cube on it?"""
        ax, ay = self._anchors[key]
        reach = self._market_side * 8 / 6 / 2 * math.sqrt(2)  # the sticker's half-diagonal
        for p in pieces:
            fx, fy = p.foot
            if abs(fx - ax) > 60 or abs(fy - ay) > 60:
                continue
            tx, ty = foot_to_ground(fx, fy, camera, p.height_mm)
            radius = p.side_mm * 8 / 6 / 2 * math.sqrt(2)
            if _segment_distance((ax, ay), (fx, fy), (tx, ty)) < radius + reach:
                return True
        return False

    def _shadows(self, cube_key: str, marker_key: str, camera: NDArray[np.float64]) -> bool:
        """Would a resource cube on ``cube_key`` hide part of the sticker on
        ``marker_key`` from a camera at ``camera`` (x, y, height)?"""
        (cx, cy), (mx, my) = self._anchors[cube_key], self._anchors[marker_key]
        half = CUBE_MM / 2
        top = foot_to_ground(cx, cy, np.array([camera[0], camera[1], camera[2]]), CUBE_MM)
        pts = [
            (x + dx, y + dy)
            for x, y in ((cx, cy), top)
            for dx in (-half, half)
            for dy in (-half, half)
        ]
        hull = cv2.convexHull(np.array(pts, dtype=np.float32))
        s = self._market_side * 8 / 6 / 2  # the sticker, quiet zone included
        sticker = np.array(
            [(mx - s, my - s), (mx + s, my - s), (mx + s, my + s), (mx - s, my + s)], np.float32
        )
        area, _ = cv2.intersectConvexConvex(hull, sticker)
        return bool(area > 0.02 * (2 * s) ** 2)

    def _check_donations(
        self, vals: dict[str, Value], problems: list[Problem], clean: frozenset[str] = frozenset()
    ) -> None:
        """A counter read on a higher level with a space below it read empty.

        The rulebook lets a counter onto a higher level only when both spaces
        below are taken, and a counter resting over them hides part of their
        stickers: a space under a counter that is read "empty" is far more
        likely a sticker missed than a space left bare (placement seed 40 at
        the whole-game bench: a grey counter put down 3-6 mm off its level-2
        space hid the grey counter below it, read empty, and the session took
        a decision the table never made). Such a space reads unknown (no
        entry), never empty; the problem still names the counter above.
        Unless the space shows its own printed background clean (``clean``,
        :attr:`vision.closer.CloserLook.print_clean`): a counter hidden there
        would hide that print too, so the space is seen bare and reads empty
        (issue 34: the second renderer's tables put counters over bare spaces,
        12.5 % of the zones of its ideal frames were such spaces left unknown).
        """
        sizes = donation_level_sizes(self.players)
        for d in District:
            for level in range(2, 5):
                for i in range(sizes[level - 1]):
                    key = f"donation:{d.letter}:{level}:{i}"
                    if vals.get(key) is None:
                        continue
                    below = [f"donation:{d.letter}:{level - 1}:{j}" for j in (i, i + 1)]
                    bare = [b for b in below if b in vals and vals[b] is None]
                    if bare:
                        for b in bare:
                            if b not in clean:
                                del vals[b]
                        problems.append(
                            problem(
                                "unsupported-donation",
                                (key, *below),
                                (str(vals[key]),),
                                level=level,
                                district_en=d.title,
                                district_es=DISTRICT_ES[d.letter],
                            )
                        )

    def _check_unique(self, seen: Sequence[Seen], problems: list[Problem]) -> None:
        places: dict[tuple[Kind, str, str], list[Seen]] = defaultdict(list)
        for s in seen:
            if s.kind is not Kind.COUNTER:
                places[(s.kind, s.component, s.face)].append(s)
        for (kind, comp, _), where in places.items():
            if len(where) > 1:
                zones = tuple(w.zone.key if w.zone else "off-board" for w in where)
                problems.append(
                    problem(
                        "seen-twice",
                        (z for z in zones if z != "off-board"),
                        (comp,),
                        what_en=KIND_EN_ES.get(kind.value, (kind.value, kind.value))[0],
                        what_es=KIND_EN_ES.get(kind.value, (kind.value, kind.value))[1],
                        component=comp,
                        places=", ".join(zones),
                    )
                )
        for s in seen:
            if (
                s.kind is Kind.WORKER
                and s.zone is not None
                and s.zone.kind not in (ZoneKind.SECTION, ZoneKind.MAHARAJAH_WORKER)
            ):
                problems.append(
                    problem(
                        "off-zone",
                        (s.zone.key,),
                        (s.component,),
                        component=s.component,
                        zone=s.zone.key,
                    )
                )


def _segment_distance(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _nearest(anchors: Sequence[tuple[float, float]], p: tuple[float, float]) -> int:
    return min(
        range(len(anchors)), key=lambda i: math.hypot(anchors[i][0] - p[0], anchors[i][1] - p[1])
    )


def _dedupe(seen: list[Seen]) -> list[Seen]:
    """Drop repeated detections of one sticker (same component within 4 mm)."""
    out: list[Seen] = []
    for s in seen:
        if not any(
            o.kind is s.kind
            and o.component == s.component
            and o.face == s.face
            and math.hypot(o.foot[0] - s.foot[0], o.foot[1] - s.foot[1]) < 4.0
            for o in out
        ):
            out.append(s)
    return out
