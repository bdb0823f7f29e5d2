"""Reading a Rajas of the Ganges table from camera frames.

Per frame: detect the plan's markers (:class:`vision.detect.MarkerDetector`),
undistort them with the calibration if there is one, register the main board
from its corner stickers (:class:`vision.register.Registrar`, refitted from
the printed spots and checked per quarter), then move each piece's sticker
back from its top to where it stands (parallax, from the camera centre) and
give it to the one zone the plan allows for its kind. Every claim needs a
marker seen with positive evidence:

- a space, stack place or province cell is *empty* only when its printed spot
  is seen; a worker or tile there is read from its own sticker; a spot and a
  piece both seen on one place contradict each other and give ``None``;
- a sticker whose size on the board is not its printed size (a missing, wrong
  or too small sticker, a marker read off a pattern) is not read, nor one
  smaller than ``TRUST_PX`` pixels;
- a marker where the plan never puts its kind (a tile on an action space, a
  worker on a province cell) is refused and named in :meth:`problems`;
- the number of players comes from the closed spaces (the two-player side's
  print, the three-player cover tiles) and needs one of them seen; without it
  every per-seat field is ``None``;
- a province board is read only when both its corner stickers fit one rigid
  board; a tile's rotation comes from its sticker's turn on that board.

- a seat's dice (on its Kali statue's arms beside the province board) are
  read only when every arm is: its spot seen, or a die's colour and pips
  read with margins (:mod:`vision.games.rajas.dice`).

Karma and upgrade cubes (8 mm cubes, several players' on one place) and the
active workers are left to the phone and the record: always ``None`` here
(see ``docs/rajas-table.md``).

The observation is returned once two frames in a row read the same.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from engine.rajas.catalog import default_catalog
from engine.rajas.scoring import COLOURS
from engine.rajas.state import EMPTY, RESIDENCE
from engine.rajas.view import RajasObservation

from ...detect import Detection, MarkerDetector
from ...lens import Lens, PointLens
from ...register import Registrar, Registration
from ...snapshot import Problem
from ...sources import Frame
from .. import beside
from ..notices import board_not_found
from . import dice as D
from . import layout as L
from .plan import BOAT_HEIGHT_MM, STACK_HEIGHT_MM, RajasPlan, rajas_plan

#: Frames merged at most (see :meth:`RajasReader.read`).
WINDOW = 4
#: Magnification of the second look at places the first pass left unknown.
CLOSER_ZOOM = 2.0
#: At most this many undecoded squares are looked at again per frame.
MAX_CANDIDATES = 200
#: Undecoded squares of these sides (px) may be stickers; larger ones are board print.
MIN_CANDIDATE_PX, MAX_CANDIDATE_PX = 8.0, 60.0
#: A sticker smaller than this (px, mean side, in the frame) is not trusted: read
#: magnified 2x it is 24 px, 4 px a cell of its code.
TRUST_PX = 12.0
#: A sticker's side on the board must be within this ratio of its printed side.
SIZE_RATIO = (0.8, 1.25)
#: How far (mm) a piece may stand from its place and still be read there.
NEAR_MM = {"space": 14.0, "spot": 8.0, "stack": 14.0, "slot": 10.0, "cell": 12.0, "elephant": 40.0}
#: A token must lie this far (mm) inside its track space to be read there.
EDGE_MM = 1.5
#: Largest turn (degrees) between a tile's sticker and a quarter turn of its board.
TURN_TOLERANCE = 20.0
#: Largest misfit (mm) of a province board's two corner stickers to one rigid board.
PROVINCE_FIT_MM = 2.5


@dataclass(frozen=True)
class Seen:
    """One detection on the table: kind, component, where it stands (table mm), its turn."""

    kind: str
    component: str
    at: tuple[float, float]
    angle: float
    corners: np.ndarray


class RajasReader:
    """Frames in, settled :class:`RajasObservation` out (``None`` where unsure)."""

    def __init__(self, calibration: Lens | None = None, plan: RajasPlan | None = None) -> None:
        self.plan = plan or rajas_plan()
        self.cat = default_catalog()
        self.calibration = calibration
        self.detector = MarkerDetector(self.plan)
        corner_ids = {
            self.plan.find("board-corner", name).marker_id: (
                name,
                centre,
                self.plan.find("board-corner", name).side_mm,
            )
            for name, centre in L.corners().items()
        }
        printed = [L.space_centre(i) for i in range(len(self.cat.spaces))]
        printed += [L.stack_centre(i) for i in range(12)]
        self.registrar = Registrar.for_board(
            corner_ids,
            L.EXTENT,
            (L.BOARD_MM, L.BOARD_MM),
            {self.plan.find("spot", "spot").marker_id: printed},
        )
        self._lens: PointLens | None = None
        self._window: list[RajasObservation] = []
        self._problems: list[str] = []
        self._notices: tuple[Problem, ...] = ()
        self._poses: dict[int, L.Pose | None] = {}
        self._image: np.ndarray | None = None
        #: per seat, what the last frame showed on each Kali arm: a die, ``EMPTY`` or ``None``
        self.arms: dict[int, tuple[D.Die | int | None, ...]] = {}

    # -- the GameReader protocol -------------------------------------------------
    def problems(self) -> list[str]:
        return list(self._problems)

    def notices(self) -> tuple[Problem, ...]:
        """The last frame's camera-wide problem in both languages
        (:class:`vision.games.base.GivesNotices`): the main board not found."""
        return self._notices

    def read(self, frame: Frame) -> RajasObservation | None:
        """The last frames that agree on every place each of them read, merged
        place by place (a sticker at the edge of readability, blurred by motion
        or noise, is read in some frames only); any disagreement is movement and
        starts again. Settled once three frames agree and the third adds nothing
        the first two had not read, or ``WINDOW`` frames agree (measured: merging
        four frames halves the places left unknown under motion blur); a place
        is kept at most ``WINDOW`` frames after it was last seen."""
        obs = self.snapshot(frame.image)
        if obs is None:
            self._window = []
            return None
        before = _merged(self._window)
        if before is not None and merge(before, obs) is None:
            self._window = []
            before = None
        self._window = [*self._window, obs][-WINDOW:]
        now = _merged(self._window)
        if before is None or now is None:
            return None
        if len(self._window) == WINDOW or (
            len(self._window) >= 3 and _known(now) == _known(before)
        ):
            return now
        return None

    # -- one frame ---------------------------------------------------------------
    def snapshot(self, image: np.ndarray) -> RajasObservation | None:
        """What this one frame shows (``None`` when the board is not registered)."""
        self._problems = []
        self._notices = ()
        self._image = image if image.ndim == 3 else None
        self.arms = {}
        h, w = image.shape[:2]
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        found = raw = self.detector.detect(grey)
        if self.calibration is not None:
            if self._lens is None or self._lens.size != (w, h):
                self._lens = PointLens(self.calibration, (w, h))
                self.registrar.lens = self._lens
            found = self._lens.detections(found)
        reg = self.registrar.update(found, (w, h), grey)
        if not reg.ok:
            self._problems.append("fewer than two of the main board's corner stickers are in view")
            corners = L.corners()
            missing = set(corners) - set(reg.corners_seen)
            self._notices = (
                board_not_found(("main board", "tablero principal"), corners, missing),
            )
            return None
        seen = [s for d in found if (s := self._place(d, reg)) is not None]
        first = self._observe(seen, reg, dice=False)
        boxes = self._closer_boxes(first, reg, (w, h), raw)
        if not boxes:
            return self._observe(seen, reg)
        more = self.detector.detect_regions(grey, boxes, zoom=CLOSER_ZOOM)
        if self._lens is not None:
            more = self._lens.detections(more)
        problems = list(self._problems)
        for d in more:
            s = self._place(d, reg)
            if s is not None and not any(
                o.kind == s.kind and o.component == s.component and math.dist(o.at, s.at) < 4
                for o in seen
            ):
                seen.append(s)
        self._problems = problems + [p for p in self._problems if p not in problems]
        return self._observe(seen, reg)

    def _closer_boxes(
        self,
        obs: RajasObservation,
        reg: Registration,
        size: tuple[int, int],
        found: Sequence[Detection],
    ) -> list[tuple[int, int, int, int]]:
        """Frame boxes round the places this frame left unknown (action spaces,
        stack places, province cells), for a second, magnified look."""
        places: list[tuple[tuple[float, float], float]] = []
        spaces: tuple[Any, ...] = obs.spaces or ()
        tops: tuple[Any, ...] = obs.tops or ()
        provinces: tuple[Any, ...] = obs.provinces or ()
        tracks: tuple[Any, ...] = (obs.fame, obs.money, obs.boats)
        for i, v in enumerate(spaces):
            if v is None:
                places.append((L.space_centre(i), 26.0))
        for j, v in enumerate(tops):
            if v is None:
                places.append((L.stack_centre(j), 26.0))
        for seat, cells in enumerate(provinces):
            pose = self._poses.get(seat)
            if pose is None:
                continue
            for c, v in enumerate(cells or ()):
                if v is None:
                    places.append((pose.to_table(L.cell_local(c)), 24.0))
        tokens_missing = any(v is None for f in tracks for v in (f or (None,)))
        if tokens_missing:
            # The two tracks and the river, in pieces small enough to box tightly.
            b, step = L.BOARD_MM, 100.0
            lo, hi = L.FAME_INSET - 30, L.MONEY_INSET + 30
            for k in range(6):
                a = k * step
                places += [
                    ((a + step / 2, (lo + hi) / 2), step / 2 + 8),
                    ((a + step / 2, b - (lo + hi) / 2), step / 2 + 8),
                    (((lo + hi) / 2, a + step / 2), step / 2 + 8),
                    ((b - (lo + hi) / 2, a + step / 2), step / 2 + 8),
                ]
            places += [(L.river_centre(i), 26.0) for i in range(L.RIVER_SPACES)]
        boxes = []
        # Squares the first pass saw but could not decode (a small token's
        # sticker, mostly): looked at again, magnified.
        if not places and not tokens_missing:
            return []
        centres, sides = self.detector.candidates
        small = (sides >= MIN_CANDIDATE_PX) & (sides <= MAX_CANDIDATE_PX)
        centres, sides = centres[small], sides[small]
        if len(centres):
            # not those lying on a marker already read (its inner pattern)
            read = np.array([d.centre for d in found], dtype=np.float64).reshape(-1, 2)
            half = np.array([d.side_px for d in found], dtype=np.float64)
            if len(read):
                gap = np.abs(centres[:, None, :] - read[None, :, :]).max(axis=2)
                fresh = ~(gap < half[None, :]).any(axis=1)
                centres, sides = centres[fresh], sides[fresh]
        for (u, v), side in zip(centres[:MAX_CANDIDATES], sides[:MAX_CANDIDATES], strict=True):
            m = float(side)
            boxes.append((int(u - m), int(v - m), int(u + m) + 1, int(v + m) + 1))
        for (x, y), r in places:
            corners = np.array([(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)])
            box = beside.frame_box(reg, self._lens, corners, size)
            if box is not None:
                boxes.append(box)
        return boxes

    def _place(self, d: Detection, reg: Registration) -> Seen | None:
        entry = self.plan.by_id(d.marker_id)
        if entry is None or entry.kind == "board-corner" or d.side_px < TRUST_PX:
            return None
        if float(reg.camera[2]) <= 0:
            return None
        kind, flat = entry.kind, entry.height_mm
        laid = beside.lay(
            reg, d.corners, entry.side_mm, lambda at: _heights_for(kind, at, flat), SIZE_RATIO
        )
        if laid is None:
            self._problems.append(f"a {entry.label} sticker is not its printed size: not read")
            return None
        return Seen(entry.kind, entry.component, laid.at, laid.angle, laid.corners)

    # -- zones -------------------------------------------------------------------
    def _observe(self, seen: list[Seen], reg: Registration, dice: bool = True) -> RajasObservation:
        """The observation of this frame's detections; ``dice``: read the Kali
        statues too (the first look, which only chooses where to look closer,
        does without)."""
        cat = self.cat
        self._poses = {}
        fit = reg.fit

        def ok(p: tuple[float, float]) -> bool:
            """The board's fit is good where ``p`` lies (see :class:`FitCheck`)."""
            return fit is None or fit.ok_at(p[0], p[1])

        by_kind: dict[str, list[Seen]] = defaultdict(list)
        for s in seen:
            by_kind[s.kind].append(s)
        n_spaces = len(cat.spaces)
        # Action spaces: (spot seen, closed seen, worker colours seen)
        spot_at: dict[int, int] = defaultdict(int)
        closed_at: dict[int, int] = defaultdict(int)
        workers_at: dict[int, list[int]] = defaultdict(list)
        stack_spot: dict[int, int] = defaultdict(int)
        stack_tiles: dict[int, list[int]] = defaultdict(list)
        on_board_spots: list[Seen] = []
        for s in by_kind["spot"]:
            i, dist = _nearest(s.at, [L.space_centre(k) for k in range(n_spaces)])
            if dist <= NEAR_MM["spot"]:
                spot_at[i] += 1
                continue
            j, dist = _nearest(s.at, [L.stack_centre(k) for k in range(12)])
            if dist <= NEAR_MM["spot"]:
                stack_spot[j] += 1
                continue
            on_board_spots.append(s)  # province cells are read below
        for s in by_kind["out-of-play"]:
            i, dist = _nearest(s.at, [L.space_centre(k) for k in range(n_spaces)])
            if dist <= NEAR_MM["spot"] and cat.spaces[i].id in L.CLOSED_2P:
                closed_at[i] += 1
            else:
                self._refuse(s, "an out-of-play marker off the spaces a cover may close")
        for s in by_kind["worker"]:
            i, dist = _nearest(s.at, [L.space_centre(k) for k in range(n_spaces)])
            if dist <= NEAR_MM["space"]:
                workers_at[i].append(COLOURS.index(s.component))
            elif not _on_tracks(s.at):
                # Inactive workers wait on the fame and money tracks; elsewhere a
                # worker is where the plan never puts one.
                self._refuse(s, "a worker off the action spaces")
        spaces: list[int | None] = []
        for i in range(n_spaces):
            c = L.space_centre(i)
            got: set[int] = set(workers_at.get(i, []))
            if spot_at.get(i) or closed_at.get(i):
                got.add(-1)
            spaces.append(got.pop() if len(got) == 1 and ok(c) else None)
        players = self._players(spaces, closed_at)
        if players is not None:
            spaces = [None if v is not None and v >= players else v for v in spaces]
        # Quarry display.
        for s in by_kind["tile"]:
            j, dist = _nearest(s.at, [L.stack_centre(k) for k in range(12)])
            if 0 <= s.at[0] <= L.BOARD_MM and 0 <= s.at[1] <= L.BOARD_MM:
                self._refuse(s, "a province tile on the main board")
            elif dist <= NEAR_MM["stack"]:
                t = cat.tile_index(s.component)
                tile = cat.tiles[t]
                if tile.colour * 3 + tile.stack == j:
                    stack_tiles[j].append(t)
                else:
                    self._refuse(s, "a province tile on another stack's place")
        tops: list[int | None] = []
        for j in range(12):
            got = set(stack_tiles.get(j, []))
            if stack_spot.get(j):
                got.add(-1)
            tops.append(got.pop() if len(got) == 1 and ok(L.stack_centre(j)) else None)
        if players is None:
            known: dict[str, Any] = {"spaces": tuple(spaces), "tops": tuple(tops)}
            return RajasObservation(**known)
        provinces = tuple(self._province(seat, by_kind, on_board_spots) for seat in range(players))
        fame = self._track(by_kind["token"], "fame", players)
        money = self._track(by_kind["token"], "money", players)
        boats = self._river(by_kind["token"], players)
        elephant = self._elephant(by_kind["elephant"], players)
        read: dict[str, Any] = {
            "dice": tuple(self._dice(seat, on_board_spots, reg) for seat in range(players))
            if dice
            else None,
            "spaces": tuple(spaces),
            "provinces": provinces,
            "tops": tuple(tops),
            "boats": boats,
            "fame": fame,
            "money": money,
            "elephant": elephant,
        }
        return RajasObservation(**read)

    def _refuse(self, s: Seen, why: str) -> None:
        self._problems.append(
            f"{why}: {s.kind} {s.component} at ({s.at[0]:.0f}, {s.at[1]:.0f}) mm is not read"
        )

    def _players(self, spaces: Sequence[int | None], closed_at: dict[int, int]) -> int | None:
        """2 when a space closed only on the two-player side shows its print; 3 when
        a cover tile is seen and a 2-player-only space is open; 4 when a space a
        cover would close is seen open. Contradictions give ``None``."""
        cat = self.cat
        only2 = [cat.space_index(n) for n in L.CLOSED_2P if n not in L.CLOSED_3P]
        both = [cat.space_index(n) for n in L.CLOSED_3P]
        votes: set[int] = set()
        if any(closed_at.get(i) for i in only2):
            votes.add(2)
        if any(closed_at.get(i) for i in both) and any(
            spaces[i] is not None and not closed_at.get(i) for i in only2
        ):
            votes.add(3)
        if any(spaces[i] is not None and not closed_at.get(i) for i in both):
            votes.add(4)
        return votes.pop() if len(votes) == 1 else None

    def _track(self, tokens: list[Seen], track: str, players: int) -> tuple[int | None, ...]:
        """Each seat's space on ``track``: the space whose rectangle holds its token,
        at least ``EDGE_MM`` inside it (a token on a space's edge is not read)."""
        found: dict[int, set[int]] = defaultdict(set)
        for s in tokens:
            x, y = s.at
            for value in range(L.TRACK_SPACES):
                x0, y0, x1, y1 = L.track_space(track, value)
                if min(x - x0, x1 - x, y - y0, y1 - y) >= EDGE_MM:
                    found[COLOURS.index(s.component)].add(value)
                    break
        return tuple(
            found[seat].pop() if len(found[seat]) == 1 else None for seat in range(players)
        )

    def _river(self, tokens: list[Seen], players: int) -> tuple[int | None, ...]:
        places = [(v, L.river_place(v, q)) for v in range(L.RIVER_SPACES) for q in range(4)]
        found: dict[int, set[int]] = defaultdict(set)
        for s in tokens:
            k, dist = _nearest(s.at, [p for _, p in places])
            if dist <= NEAR_MM["slot"]:
                found[COLOURS.index(s.component)].add(places[k][0])
        return tuple(
            found[seat].pop() if len(found[seat]) == 1 else None for seat in range(players)
        )

    def _elephant(self, seen: list[Seen], players: int) -> int | None:
        if len(seen) != 1:
            return None
        poses = [self._poses.get(seat) for seat in range(players)]
        spots = [
            (p or L.seat_pose(seat)).to_table(L.ELEPHANT_LOCAL) for seat, p in enumerate(poses)
        ]
        k, dist = _nearest(seen[0].at, spots)
        return k if dist <= NEAR_MM["elephant"] else None

    def _province(
        self, seat: int, by_kind: dict[str, list[Seen]], spots: list[Seen]
    ) -> tuple[int | None, ...] | None:
        pose = self._pose(seat, by_kind["province-corner"])
        self._poses[seat] = pose
        if pose is None:
            return None
        cat = self.cat
        cells: list[set[int]] = [set() for _ in range(L.PROVINCE_COLS * L.PROVINCE_ROWS)]
        centres = [L.cell_local(c) for c in range(len(cells))]
        for s in spots:
            k, dist = _nearest(pose.to_local(s.at), centres)
            if dist <= NEAR_MM["spot"]:
                cells[k].add(EMPTY)
        for s in by_kind["tile"]:
            local = pose.to_local(s.at)
            if not (0 <= local[0] <= L.PROVINCE_W and 0 <= local[1] <= L.PROVINCE_H):
                continue
            k, dist = _nearest(local, centres)
            turn = ((s.angle - pose.angle_deg) % 360.0) / 90.0
            quarter = round(turn)
            if dist > NEAR_MM["cell"] or abs(turn - quarter) * 90 > TURN_TOLERANCE:
                self._refuse(s, "a province tile off its cell or not turned square")
                continue
            cells[k].add(cat.tile_index(s.component) * 4 + quarter % 4)
        out: list[int | None] = []
        for k, got in enumerate(cells):
            if k == cat.residence:
                out.append(RESIDENCE if not got else None)
            else:
                out.append(got.pop() if len(got) == 1 else None)
        return tuple(out)

    def _dice(self, seat: int, spots: list[Seen], reg: Registration) -> tuple[int, ...] | None:
        """Seat ``seat``'s dice, counted per colour and face (the observation's
        form), or ``None`` unless every arm of its Kali statue is known: its spot
        seen (empty), or a die read from its pips (:mod:`vision.games.rajas.dice`);
        both on one arm contradict each other."""
        pose = self._poses.get(seat)
        image = self._image
        cx, cy, ch = (float(v) for v in reg.camera)
        if pose is None or image is None or ch <= 2 * D.DIE_MM:
            return None
        arms = [L.arm_local(a) for a in range(L.KALI_ARMS)]
        empty: set[int] = set()
        for s in spots:
            k, dist = _nearest(pose.to_local(s.at), arms)
            if dist <= NEAR_MM["spot"]:
                empty.add(k)
        scale = ch / (ch - D.DIE_MM)
        read: list[D.Die | int | None] = []
        for arm, local in enumerate(arms):
            foot = pose.to_table(local)
            if reg.fit is not None and not reg.fit.ok_at(*foot):
                read.append(None)
                continue
            top = (cx + (foot[0] - cx) * scale, cy + (foot[1] - cy) * scale)
            corners = reg.to_image(D.patch_corners(top, scale))
            if self._lens is not None:
                corners = self._lens.to_raw(corners)
            patch = D.cut_out(image, corners)
            die = D.die_from_patch(patch) if patch is not None else None
            if arm in empty:
                read.append(EMPTY if die is None else None)
            else:
                read.append(die)
        self.arms[seat] = tuple(read)
        if any(v is None for v in read):
            return None
        return D.counts([v for v in read if isinstance(v, D.Die)])

    def _pose(self, seat: int, marks: list[Seen]) -> L.Pose | None:
        """The province board's place from its two corner stickers (top-left and
        bottom-right), each within 40 mm of where the layout expects it."""
        nominal = L.seat_pose(seat)
        want = [nominal.to_table(p) for p in L.PROVINCE_MARKS]
        chosen: list[Seen] = []
        for w in want:
            near = [m for m in marks if math.dist(m.at, w) <= 40.0]
            if len(near) != 1:
                return None
            chosen.append(near[0])
        half = 7.0  # the corner sticker's half side (plan: 14 mm)
        local: list[tuple[float, float]] = []
        table: list[np.ndarray] = []
        for (lx, ly), m in zip(L.PROVINCE_MARKS, chosen, strict=True):
            # The sticker is printed square with the board: its corners in local mm.
            local += [
                (lx - half, ly - half),
                (lx + half, ly - half),
                (lx + half, ly + half),
                (lx - half, ly + half),
            ]
            table.append(m.corners)
        src = np.array(local, dtype=np.float64)
        dst = np.concatenate(table).astype(np.float64)
        M, _ = cv2.estimateAffinePartial2D(src, dst, method=cv2.LMEDS)
        if M is None:
            return None
        scale = math.hypot(M[0, 0], M[1, 0])
        pred = src @ M[:, :2].T + M[:, 2]
        if abs(scale - 1) > 0.03 or float(np.abs(pred - dst).max()) > PROVINCE_FIT_MM:
            self._problems.append(
                f"the province board of seat {seat + 1} does not fit its corner stickers"
            )
            return None
        angle = math.degrees(math.atan2(M[1, 0], M[0, 0]))
        return L.Pose((float(M[0, 2]), float(M[1, 2])), angle)


def _merged(window: Sequence[RajasObservation]) -> RajasObservation | None:
    out: RajasObservation | None = None
    for obs in window:
        out = obs if out is None else merge(out, obs)
        if out is None:
            return None
    return out


def _known(obs: RajasObservation) -> int:
    """How many places ``obs`` read."""

    def count(v: object) -> int:
        if v is None:
            return 0
        if isinstance(v, tuple):
            return sum(count(x) for x in v)
        return 1

    return sum(count(getattr(obs, name)) for name in obs.seen_fields())


def merge(a: RajasObservation, b: RajasObservation) -> RajasObservation | None:
    """Two snapshots as one: ``None`` if they disagree anywhere both read."""
    out: dict[str, object] = {}
    for name in a.seen_fields():
        ok, value = _merge(getattr(a, name), getattr(b, name))
        if not ok:
            return None
        out[name] = value
    return RajasObservation(**out)  # type: ignore[arg-type]


def _merge(x: object, y: object) -> tuple[bool, object]:
    if x is None:
        return True, y
    if y is None:
        return True, x
    if isinstance(x, tuple) and isinstance(y, tuple):
        if len(x) != len(y):
            return False, None
        items = []
        for p, q in zip(x, y, strict=True):
            ok, v = _merge(p, q)
            if not ok:
                return False, None
            items.append(v)
        return True, tuple(items)
    return x == y, x


def _heights_for(kind: str, at: tuple[float, float], flat: float) -> list[float]:
    """The heights (mm) a sticker of ``kind`` seen at ``at`` may stand at: which
    surface a token or tile stands on depends on where it is (the river: a boat;
    the quarry display: a stack); anything else lies flat."""
    if kind == "tile":
        return [STACK_HEIGHT_MM] if at[0] > L.BOARD_MM + 10 else [flat]
    if kind != "token":
        return [flat]
    near_river = any(math.dist(at, L.river_centre(i)) < 40 for i in range(L.RIVER_SPACES))
    return [BOAT_HEIGHT_MM] if near_river else [flat]


def _nearest(p: tuple[float, float], places: Sequence[tuple[float, float]]) -> tuple[int, float]:
    best, dist = -1, float("inf")
    for k, q in enumerate(places):
        d = math.dist(p, q)
        if d < dist:
            best, dist = k, d
    return best, dist


def _on_tracks(p: tuple[float, float]) -> bool:
    inset = min(p[0], p[1], L.BOARD_MM - p[0], L.BOARD_MM - p[1])
    return 30.0 <= inset <= L.MONEY_INSET + L.RING_DEPTH / 2 + 5
