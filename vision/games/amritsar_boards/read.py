"""Reading Amritsar's personal boards from camera frames.

Per frame: detect the boards' markers (:mod:`vision.games.amritsar_boards.plan`),
undistort them with the calibration if there is one, register the table from
the main board's four corner stickers (:class:`vision.register.Registrar`),
move each piece's sticker back from its top to where it stands (parallax),
then find each seat's board from its own two corner stickers and read its
places in the board's own millimetres. The same honesty as every zone:

- a track space or storage space is *empty* only when its printed spot is
  seen; a counter is read where its own sticker lies, within ``NEAR_MM`` of a
  space's centre (between two spaces it is read on neither);
- a track's value needs exactly one counter of the seat's colour seen on it
  and that space's spot not seen; two, or none, give ``None``;
- an upgrade space is *filled* when a mahout tile's or an objective's sticker
  is seen on it and *not yet* when the seat's donation counter is; both, or
  neither, give ``None``; a storage space holds the storehouse whose sticker
  is seen there, ``-1`` when its spot is seen;
- a counter of another colour on a board, or a piece where the board has no
  place for its kind, is refused (:meth:`BoardsReader.problems`) and the
  place it lies on is unknown;
- a sticker whose size on the table is not its printed size is not read, nor
  one smaller than ``TRUST_PX`` pixels;
- a board is read only when both its corner stickers fit one rigid board near
  a seat's place; otherwise every field of that seat is ``None``.

The reading is returned once ``SETTLE`` frames in a row agree (any
disagreement starts again), and it is the last frame's: a place an earlier
frame alone read is not carried over (it may have changed unread since).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from engine.amritsar import PLAYER_COLOURS, default_catalog

from ...detect import Detection, MarkerDetector
from ...lens import Lens, PointLens
from ...register import Registrar, Registration
from ...sources import Frame
from .. import beside
from . import goods as G
from . import layout as L
from .plan import BoardsPlan, boards_plan
from .view import FLIPPED, BoardView

#: Frames that must agree before a reading is given.
SETTLE = 3
#: Magnification of the look at the boards' places.
CLOSER_ZOOM = 2.0
#: A sticker smaller than this (px, mean side) is not trusted.
TRUST_PX = 12.0
#: A sticker's side on the table must be within this ratio of its printed side.
SIZE_RATIO = (0.8, 1.25)
#: How far (board mm) a piece may stand from its place and still be read there.
NEAR_MM = {
    "track": 6.0,
    "tax": 6.0,
    "storage": 12.0,
    "mahout": 10.0,
    "objective": 10.0,
    "spot": 4.0,
}
#: Largest misfit (mm) of a board's two corner stickers to one rigid board.
FIT_MM = 2.5
#: How far (mm, degrees) a board may lie from its seat's place and still be that seat's.
OFF_PLACE_MM, OFF_TURN_DEG = 45.0, 20.0


@dataclass(frozen=True)
class Seen:
    """One detection on the table: kind, component, where it stands (table mm), its turn."""

    kind: str
    component: str
    at: tuple[float, float]
    angle: float


class BoardsReader:
    """Frames in, settled per-seat :class:`BoardView` out (``None`` where unsure)."""

    def __init__(
        self, players: int, calibration: Lens | None = None, plan: BoardsPlan | None = None
    ) -> None:
        if not 1 <= players <= len(L.SEAT_BOARDS):
            raise ValueError(f"players: {players} is not 1 to {len(L.SEAT_BOARDS)}")
        self.players = players
        self.plan = plan or boards_plan()
        self.cat = default_catalog()
        self.calibration = calibration
        self.detector = MarkerDetector(self.plan)
        corner_ids = {
            self.plan.find("board-corner", name).marker_id: (
                name,
                centre,
                self.plan.find("board-corner", name).side_mm,
            )
            for name, centre in L.MAIN_CORNERS.items()
        }
        self.registrar = Registrar.for_board(
            corner_ids, L.extent_for(players), (L.MAIN_BOARD_MM, L.MAIN_BOARD_MM)
        )
        self._lens: PointLens | None = None
        #: this frame (colour) and its registration, for the storehouses' contents
        self._image: np.ndarray | None = None
        self._reg: Registration | None = None
        self._window: list[tuple[BoardView, ...]] = []
        self._problems: list[str] = []
        #: where the last frame found each seat's board (None: not found)
        self.poses: dict[int, L.Pose | None] = {}

    def problems(self) -> list[str]:
        return list(self._problems)

    def read(self, frame: Frame) -> tuple[BoardView, ...] | None:
        """This frame's boards once ``SETTLE`` frames in a row agree wherever
        they read the same place. Only this frame's readings are given: a place
        only an earlier frame read may have changed since (a counter moved where
        the new frames do not read it), so it stays unknown."""
        got = self.snapshot(frame.image)
        if got is None:
            self._window = []
            return None
        if any(merge_all(old, got) is None for old in self._window):
            self._window = []
        self._window = [*self._window, got][-SETTLE:]
        return got if len(self._window) == SETTLE else None

    # -- one frame -------------------------------------------------------------------
    def snapshot(self, image: np.ndarray) -> tuple[BoardView, ...] | None:
        """What this one frame shows (``None`` when the table is not registered)."""
        self._problems = []
        h, w = image.shape[:2]
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        found = self.detector.detect(grey)
        if self.calibration is not None:
            if self._lens is None or self._lens.size != (w, h):
                self._lens = PointLens(self.calibration, (w, h))
                self.registrar.lens = self._lens
            found = self._lens.detections(found)
        reg = self.registrar.update(found, (w, h), grey)
        self._image, self._reg = (image if image.ndim == 3 else None), reg
        if not reg.ok:
            self._problems.append("fewer than two of the main board's corner stickers are in view")
            return None
        more = self.detector.detect_regions(grey, self._board_boxes(reg, (w, h)), zoom=CLOSER_ZOOM)
        if self._lens is not None:
            more = self._lens.detections(more)
        for d in more:
            if not any(
                o.marker_id == d.marker_id
                and math.dist(o.centre, d.centre) < max(o.side_px, d.side_px) / 2
                for o in found
            ):
                found.append(d)
        seen = [s for d in found if (s := self._place(d, reg)) is not None]
        marks = [s for s in seen if s.kind == "board-mark"]
        self.poses = self._find_boards(marks)
        pieces = [s for s in seen if s.kind not in ("board-mark", "board-corner")]
        return tuple(self._board(seat, pieces) for seat in range(self.players))

    def _board_boxes(
        self, reg: Registration, size: tuple[int, int]
    ) -> list[tuple[int, int, int, int]]:
        """Frame boxes round each seat's board place, for a magnified look (the
        boards lie at the edges of the view, their stickers small)."""
        boxes = []
        m = OFF_PLACE_MM
        for seat in range(self.players):
            pose = L.seat_pose(seat)
            local = [
                (-m, -m),
                (L.BOARD_W + m, -m),
                (L.BOARD_W + m, L.BOARD_H + m),
                (-m, L.BOARD_H + m),
            ]
            table = np.array([pose.to_table(p) for p in local], dtype=np.float64)
            box = beside.frame_box(reg, self._lens, table, size)
            if box is not None:
                boxes.append(box)
        return boxes

    def _place(self, d: Detection, reg: Registration) -> Seen | None:
        entry = self.plan.by_id(d.marker_id)
        if entry is None or entry.kind == "board-corner" or d.side_px < TRUST_PX:
            return None
        if float(reg.camera[2]) <= 0:
            return None
        heights = (entry.height_mm,)
        laid = beside.lay(reg, d.corners, entry.side_mm, lambda _at: heights, SIZE_RATIO)
        if laid is None:
            self._problems.append(f"a {entry.label} sticker is not its printed size: not read")
            return None
        return Seen(entry.kind, entry.component, laid.at, laid.angle)

    def _find_boards(self, marks: Sequence[Seen]) -> dict[int, L.Pose | None]:
        """Each seat's board from a pair of corner stickers one rigid board apart,
        near the seat's place; a seat with none, or with two candidates, is not found."""
        found: dict[int, list[L.Pose]] = defaultdict(list)
        for i, a in enumerate(marks):
            for j, b in enumerate(marks):
                if i == j or abs(math.dist(a.at, b.at) - L.MARK_SPAN) > FIT_MM:
                    continue
                pose = L.pose_from_marks(a.at, b.at)
                for seat in range(self.players):
                    nominal = L.seat_pose(seat)
                    turn = abs((pose.angle_deg - nominal.angle_deg + 180) % 360 - 180)
                    # the stickers' own turn must agree with the board's
                    if (
                        turn <= OFF_TURN_DEG
                        and math.dist(pose.origin, nominal.origin) <= OFF_PLACE_MM
                        and all(
                            abs((m.angle - pose.angle_deg + 180) % 360 - 180) <= OFF_TURN_DEG
                            for m in (a, b)
                        )
                    ):
                        found[seat].append(pose)
        out: dict[int, L.Pose | None] = {}
        for seat in range(self.players):
            poses = found.get(seat, [])
            out[seat] = poses[0] if len(poses) == 1 else None
            if not poses:
                self._problems.append(
                    f"seat {seat}'s personal board: its two corner stickers are not both seen"
                )
        return out

    def _board(self, seat: int, pieces: Sequence[Seen]) -> BoardView:
        pose = self.poses.get(seat)
        if pose is None:
            return BoardView.unknown()
        colour = PLAYER_COLOURS[seat]
        inside = [
            (s, pose.to_local(s.at))
            for s in pieces
            if -5 <= pose.to_local(s.at)[0] <= L.BOARD_W + 5
            and -5 <= pose.to_local(s.at)[1] <= L.BOARD_H + 5
        ]
        # per place: what was seen there ("spot", "counter", "tile", "S07"...)
        places: dict[str, set[str]] = defaultdict(set)
        tiles: dict[str, list[Seen]] = defaultdict(list)  # storage space -> storehouses seen
        spots = [s.at for s, _p in inside if s.kind == "spot"]
        spoiled: set[str] = set()
        anchors = _anchors()
        for s, p in inside:
            name, dist = _nearest_place(p, anchors)
            if name is None:
                self._refuse(seat, s, "off every place of the board")
                continue
            group = name.split(":")[0]
            limit = NEAR_MM["spot"] if s.kind == "spot" else NEAR_MM[group]
            if dist > limit:
                if s.kind != "spot":
                    self._refuse(seat, s, "between places")
                continue
            if s.kind == "counter":
                if s.component != colour:
                    self._refuse(seat, s, f"a {s.component} counter on {colour}'s board")
                    spoiled.add(name)
                    continue
                if group == "storage":
                    self._refuse(seat, s, "a counter on a storage space")
                    spoiled.add(name)
                    continue
                places[name].add("counter")
            elif s.kind == "spot":
                if group in ("mahout", "objective"):
                    self._refuse(seat, s, "a spot on an upgrade space")
                    spoiled.add(name)
                    continue
                places[name].add("spot")
            elif s.kind == "storehouse":
                if group != "storage":
                    self._refuse(seat, s, "a storehouse off the storage spaces")
                    spoiled.add(name)
                    continue
                places[name].add(s.component)
                tiles[name].append(s)
            elif s.kind in ("mahout-tile", "objective"):
                if group != s.kind.split("-")[0]:
                    self._refuse(seat, s, f"a {s.kind} off its spaces")
                    spoiled.add(name)
                    continue
                places[name].add("tile")
        for name in spoiled:
            places[name].add("?")

        def track(names: Sequence[str]) -> int | None:
            held = [i for i, n in enumerate(names) if places.get(n, set()) == {"counter"}]
            mixed = any(len(places.get(n, set())) > 1 for n in names)
            return held[0] if len(held) == 1 and not mixed else None

        def upgrade(name: str) -> bool | None:
            got = places.get(name, set())
            return (got == {"tile"}) if got in ({"tile"}, {"counter"}) else None

        def storage(name: str) -> int | None:
            got = places.get(name, set())
            if got == {"spot"}:
                return -1
            if len(got) == 1 and (one := next(iter(got))).startswith("S"):
                return [h.id for h in self.cat.storehouses].index(one)
            return None

        stored = tuple(storage(f"storage:{s}") for s in range(L.STORAGE))
        return BoardView(
            tracks=tuple(
                track([f"track:{t}:{v}" for v in range(L.TRACK_LAST + 1)]) for t in range(L.TRACKS)
            ),
            tax=track([f"tax:{v}" for v in range(L.TAX_SPACES)]),
            storage=stored,
            mahouts=tuple(upgrade(f"mahout:{s}") for s in range(L.UPGRADE_SPACES)),
            objectives=tuple(upgrade(f"objective:{s}") for s in range(L.UPGRADE_SPACES)),
            goods=self._goods(seat, pose, stored, tiles, spots),
        )

    def _goods(
        self,
        seat: int,
        pose: L.Pose,
        stored: Sequence[int | None],
        tiles: dict[str, list[Seen]],
        spots: Sequence[tuple[float, float]],
    ) -> tuple[int | None, ...]:
        """Coins and resources per kind in the seat's storehouses (:mod:`.goods`):
        every space read (its spot seen: empty; else its colour), or all unknown."""
        unknown = (None,) * len(G.GOODS)
        if self._image is None or any(v is None or v == FLIPPED for v in stored):
            return unknown
        board_refs = G.reference([pose.to_table(c) for c in G.START_REFS])
        spaces = [(pose.to_table(c), 0.0, G.BOARD_BGR[seat], board_refs) for c in G.START_CELLS]
        for s, held in enumerate(stored):
            if held is None or held < 0:
                continue
            seen = tiles.get(f"storage:{s}", [])
            if len(seen) != 1:
                return unknown
            t = seen[0]
            refs = G.reference([G.tile_cell(t.at, t.angle, c) for c in G.TILE_REFS])
            spaces += [
                (G.tile_cell(t.at, t.angle, G.TILE_CELLS[k]), G.TILE_HEIGHT, G.TILE_BGR, refs)
                for k in range(G.capacity(held))
            ]
        kinds: list[int | None] = []
        assert self._reg is not None
        cx, cy, ch = (float(v) for v in self._reg.camera)
        for at, base, printed, refs in spaces:
            # a spot printed on a tile stands ``base`` mm up: its sticker was placed
            # as if on the table, beyond its foot as seen from the camera
            f = (ch - base) / ch
            feet = [(cx + (q[0] - cx) * f, cy + (q[1] - cy) * f) for q in spots]
            near = sum(1 for q in feet if math.dist(q, at) <= NEAR_MM["spot"])
            if near > 1:
                return unknown
            kinds.append(-1 if near == 1 else G.classify(self._sample, at, base, printed, refs))
            if kinds[-1] is None:
                return unknown
        return G.counts(kinds)

    def _sample(self, pts: np.ndarray, height: float) -> np.ndarray:
        """The frame's BGR at table points ``pts`` seen ``height`` mm above the
        table (rows of NaN outside the frame)."""
        assert self._image is not None and self._reg is not None
        cx, cy, ch = (float(v) for v in self._reg.camera)
        out = np.full((len(pts), 3), np.nan)
        if ch <= height:
            return out
        centre = np.array([cx, cy])
        table = centre + (pts - centre) * (ch / (ch - height))
        img = self._reg.to_image(table.astype(np.float64))
        if self._lens is not None:
            img = self._lens.to_raw(img)
        if not np.isfinite(img).all():
            return out
        xy = np.round(img).astype(np.int64)
        h, w = self._image.shape[:2]
        ok = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
        out[ok] = self._image[xy[ok, 1], xy[ok, 0]]
        return out

    def _refuse(self, seat: int, s: Seen, why: str) -> None:
        self._problems.append(f"seat {seat}'s board: {why}: {s.kind} {s.component} is not read")


def _anchors() -> dict[str, tuple[float, float]]:
    out = {f"tax:{v}": L.tax_local(v) for v in range(L.TAX_SPACES)}
    for t in range(L.TRACKS):
        out.update({f"track:{t}:{v}": L.track_local(t, v) for v in range(L.TRACK_LAST + 1)})
    out.update({f"storage:{s}": L.storage_local(s) for s in range(L.STORAGE)})
    out.update({f"mahout:{s}": L.mahout_local(s) for s in range(L.UPGRADE_SPACES)})
    out.update({f"objective:{s}": L.objective_local(s) for s in range(L.UPGRADE_SPACES)})
    return out


def _nearest_place(
    p: tuple[float, float], anchors: dict[str, tuple[float, float]]
) -> tuple[str | None, float]:
    best, dist = None, float("inf")
    for name, q in anchors.items():
        d = math.dist(p, q)
        if d < dist:
            best, dist = name, d
    return best, dist


def merge(a: BoardView, b: BoardView) -> BoardView | None:
    """Two readings of one board as one: ``None`` if they disagree where both read."""
    if not a.matches(b):
        return None

    def pick(x: tuple[object, ...], y: tuple[object, ...]) -> tuple[object, ...]:
        return tuple(p if p is not None else q for p, q in zip(x, y, strict=True))

    return BoardView(
        tracks=pick(a.tracks, b.tracks),  # type: ignore[arg-type]
        tax=a.tax if a.tax is not None else b.tax,
        storage=pick(a.storage, b.storage),  # type: ignore[arg-type]
        mahouts=pick(a.mahouts, b.mahouts),  # type: ignore[arg-type]
        objectives=pick(a.objectives, b.objectives),  # type: ignore[arg-type]
        goods=pick(a.goods, b.goods),  # type: ignore[arg-type]
    )


def merge_all(a: tuple[BoardView, ...], b: tuple[BoardView, ...]) -> tuple[BoardView, ...] | None:
    out = []
    for x, y in zip(a, b, strict=True):
        m = merge(x, y)
        if m is None:
            return None
        out.append(m)
    return tuple(out)
