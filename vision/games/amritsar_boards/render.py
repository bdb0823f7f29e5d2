"""Amritsar's table with its personal boards in view, drawn as a camera sees it.

Built on :class:`vision.rig.CameraRig` (the harsh camera every game shares)
and drawn the way :mod:`vision.games.rajas.render` draws Rajas's province
boards: each seat's board a little off its place (more under ``placement``),
its two corner stickers, a spot sticker printed on every track and storage
space, and the pieces as solids with shaded sides seen with parallax:
knowledge and tax counters (discs of the seat's colour with its
donation-counter sticker), storehouse tiles (their own sticker; a flipped one
shows a plain back), mahout tiles and face-down objectives (one shared
sticker each) and the donation counters still on the upgrade spaces. The
main board is drawn plain with its four corner stickers (what registers the
table); the board's own pieces are :mod:`vision.harsh`'s to draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.amritsar import PLAYER_COLOURS, default_catalog

from ...harsh import CONDITIONS
from ...rig import CameraRig, camera_for, rng
from .. import beside
from . import goods as G
from . import layout as L
from .plan import BoardsPlan, boards_plan
from .view import FLIPPED, BoardView

Image = NDArray[np.uint8]
Point = tuple[float, float]

MAIN_BGR = (120, 150, 190)
BOARD_BGR = G.BOARD_BGR
#: wooden pieces in the seats' colours (purple, grey, pink, orange), dark as real wood looks
SEAT_BGR = ((110, 45, 95), (105, 105, 100), (140, 90, 200), (40, 110, 210))
TILE_BGR = G.TILE_BGR
WORDS = ("AMRITSAR", "TAX", "KNOWLEDGE", "STOREHOUSE", "MAHOUT", "OBJECTIVE")


@dataclass(frozen=True)
class Piece:
    at: Point
    radius: float
    height: float
    bgr: tuple[int, int, int]
    marker_id: int = -1
    side_mm: float = 0.0
    angle: float = 0.0
    square: bool = False
    half: tuple[float, float] = (0.0, 0.0)


def board_poses(seed: int, players: int, offset: tuple[float, float]) -> list[L.Pose]:
    """Each seat's board a little off its place and turn (more under ``placement``)."""
    return beside.board_poses("amritsar-board-pose", seed, L.SEAT_BOARDS, players, offset)


class BoardsRenderer:
    """Draws personal boards for one scene (seed, condition); caches the still views."""

    def __init__(
        self,
        seed: int,
        condition: str,
        players: int,
        size: tuple[int, int] | None = None,
        plan: BoardsPlan | None = None,
    ) -> None:
        cond = CONDITIONS[condition]
        if size is not None and size != cond.size:
            cond = replace(cond, size=size)
        self.seed = seed
        self.cond = cond
        self.plan = plan or boards_plan()
        self.cat = default_catalog()
        self.players = players
        extent = L.extent_for(players)
        pose, lens, _ = camera_for(seed, CONDITIONS[condition], extent)
        if size is not None:
            lens = lens.scaled(size)
        self.rig = CameraRig(seed, cond, pose, lens, extent)
        self._cache: dict[tuple[tuple[BoardView, ...], bool], Image] = {}

    def _off(self, *key: object) -> Point:
        return beside.nudge(self.seed, self.cond.offset_mm, *key)

    def _id(self, kind: str, comp: str) -> tuple[int, float]:
        e = self.plan.find(kind, comp)
        return e.marker_id, e.side_mm

    def _quad(self, pose: L.Pose, centre: Point, hw: float, hh: float) -> NDArray[np.int32]:
        pts = [
            (centre[0] + x, centre[1] + y) for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
        ]
        return self.rig.tex([pose.to_table(p) for p in pts])

    def _words(self, tex: Image, text: str, at: Point, mm: float = 7.0) -> None:
        beside.words(self.rig, tex, text, at, mm)

    # -- the main board ----------------------------------------------------------
    def _main(self, tex: Image, r: np.random.Generator) -> None:
        rig = self.rig
        b = L.MAIN_BOARD_MM
        cv2.fillPoly(tex, [rig.tex([(0, 0), (b, 0), (b, b), (0, b)])], MAIN_BGR, cv2.LINE_8, 4)
        for _ in range(30):  # soft board art, never square black blocks
            blob = r.uniform(80, b - 80, 2)
            shade = tuple(int(v) for v in r.integers(70, 190, 3))
            rad = int(float(r.uniform(8, 40)) * rig.k * 16)
            cv2.circle(tex, tuple(int(v) for v in rig.tex(blob)[0]), rad, shade, -1, cv2.LINE_AA, 4)
        for name, centre in L.MAIN_CORNERS.items():
            mid, side = self._id("board-corner", name)
            rig.sticker(tex, mid, centre, side, 0.0, r)

    # -- a personal board --------------------------------------------------------
    def _board(
        self, tex: Image, pose: L.Pose, seat: int, view: BoardView, r: np.random.Generator
    ) -> list[Piece]:
        rig = self.rig
        w, h = L.BOARD_W, L.BOARD_H
        outline = [pose.to_table(p) for p in ((0, 0), (w, 0), (w, h), (0, h))]
        cv2.fillPoly(tex, [rig.tex(outline)], BOARD_BGR[seat], cv2.LINE_AA, 4)
        mark, mark_side = self._id("board-mark", "board-mark")
        for p in L.MARKS:
            rig.sticker(tex, mark, pose.to_table(p), mark_side, pose.angle_deg, r)
        for n, word in enumerate(WORDS[1:]):
            self._words(tex, word, pose.to_table((22 + 36 * n, 100 + 44 * (n % 2))), 5.0)
        spot, spot_side = self._id("spot", "spot")
        counter, counter_side = self._id("counter", PLAYER_COLOURS[seat])
        colour = SEAT_BGR[seat]
        pieces: list[Piece] = []

        def frame(centre: Point, hw: float, hh: float) -> None:
            cv2.polylines(
                tex, [self._quad(pose, centre, hw, hh)], True, (60, 70, 80), 2, cv2.LINE_AA, 4
            )

        def counter_at(centre: Point, *key: object) -> None:
            dx, dy = self._off("board-counter", seat, *key)
            c = pose.to_table((centre[0] + dx, centre[1] + dy))
            pieces.append(Piece(c, 7.0, 5.0, colour, counter, counter_side, pose.angle_deg))

        def track(spaces: Sequence[Point], value: int | None, name: str) -> None:
            for v, c in enumerate(spaces):
                frame(c, 7.5, 7.5)
                if v == value:
                    counter_at(c, name)
                else:
                    rig.sticker(tex, spot, pose.to_table(c), spot_side, pose.angle_deg, r)

        track([L.tax_local(v) for v in range(L.TAX_SPACES)], view.tax, "tax")
        for t in range(L.TRACKS):
            spaces = [L.track_local(t, v) for v in range(L.TRACK_LAST + 1)]
            track(spaces, view.tracks[t], f"track{t}")
        tiles: dict[int, tuple[Point, float]] = {}  # storage space -> tile centre (table), turn
        for s, held in enumerate(view.storage):
            c = L.storage_local(s)
            frame(c, *L.STORAGE_HALF)
            if held is None or held == -1:
                rig.sticker(tex, spot, pose.to_table(c), spot_side, pose.angle_deg, r)
                continue
            dx, dy = self._off("storage", seat, s)
            at = pose.to_table((c[0] + 0.4 * dx, c[1] + 0.4 * dy))
            turn = pose.angle_deg + float(rng("storage-turn", self.seed, seat, s).uniform(-4, 4))
            half = (L.STORAGE_HALF[0] - 2, L.STORAGE_HALF[1] - 2)
            tiles[s] = (at, turn)
            if held == FLIPPED:
                pieces.append(Piece(at, 0, 2.0, TILE_BGR, -1, 0, turn, True, half))
            else:
                mid, side = self._id("storehouse", self.cat.storehouses[held].id)
                pieces.append(Piece(at, 0, 2.0, TILE_BGR, mid, side, turn, True, half))
        pieces += self._goods(tex, pose, seat, view, tiles, r)
        upgrades = (
            (view.mahouts, L.mahout_local, "mahout-tile"),
            (view.objectives, L.objective_local, "objective"),
        )
        for values, where, kind in upgrades:
            mid, side = self._id(kind, kind)
            for s, done in enumerate(values):
                c = where(s)
                frame(c, L.UPGRADE_HALF, L.UPGRADE_HALF)
                if done is None:
                    continue
                if not done:
                    counter_at(c, kind, s)
                    continue
                dx, dy = self._off(kind, seat, s)
                at = pose.to_table((c[0] + 0.4 * dx, c[1] + 0.4 * dy))
                turn = pose.angle_deg + float(
                    rng("upgrade-turn", self.seed, seat, kind, s).uniform(-5, 5)
                )
                bgr = (60, 120, 170) if kind == "objective" else (90, 150, 120)
                pieces.append(Piece(at, 0, 2.0, bgr, mid, side, turn, True, (13.0, 13.0)))
        return pieces

    def _goods(
        self,
        tex: Image,
        pose: L.Pose,
        seat: int,
        view: BoardView,
        tiles: dict[int, tuple[Point, float]],
        r: np.random.Generator,
    ) -> list[Piece]:
        """The storehouses' spaces (:mod:`.goods`): a printed spot where a space is
        empty, else the coin or cube on it; unknown counts (more than fits: a
        discard to come) draw them bare: pieces lifted."""
        spot, spot_side = self._id("spot", "spot")
        # (table point, surface height, turn, spot printed?) per space, starting storehouse first
        spaces: list[tuple[Point, float, float, bool]] = []
        for c in G.START_CELLS:
            spaces.append((pose.to_table(c), 0.0, pose.angle_deg, True))
        for s, held in enumerate(view.storage):
            if held is None or s not in tiles:
                continue
            at, turn = tiles[s]
            for k in range(G.capacity(held)):
                spaces.append(
                    (G.tile_cell(at, turn, G.TILE_CELLS[k]), G.TILE_HEIGHT, turn, held != FLIPPED)
                )
        known = None not in view.goods and None not in view.storage
        kinds = (
            G.fill([int(g or 0) for g in view.goods], [int(h or 0) for h in view.storage])
            if known
            else None
        )
        if kinds is None:
            # unknown counts, or more than fits (``board_of``: a discard to come):
            # the player has lifted the pieces to choose what to keep; the spaces
            # show neither spot nor piece (read: unknown)
            return []
        order = rng("amritsar-goods", self.seed, seat).permutation(len(spaces))
        kinds = [kinds[int(i)] for i in order]
        out: list[Piece] = []
        for n, ((at, base, turn, printed), kind) in enumerate(zip(spaces, kinds, strict=True)):
            if kind < 0:
                if not printed:
                    continue
                if base == 0.0:
                    self.rig.sticker(tex, spot, at, spot_side, turn, r)
                else:  # printed on the tile: drawn with it, above it
                    out.append(
                        Piece(
                            at, 0, base + 0.01, G.TILE_BGR, spot, spot_side, turn, True, (5.5, 5.5)
                        )
                    )
                continue
            dx, dy = self._off("good", seat, n)
            foot = (at[0] + 0.3 * dx, at[1] + 0.3 * dy)
            bgr = G.GOODS_BGR[G.GOODS[kind]]
            if G.GOODS[kind] == "coin":
                out.append(Piece(foot, G.COIN_RADIUS, base + G.COIN_HEIGHT, bgr))
            else:
                spin = turn + float(rng("good-turn", self.seed, seat, n).uniform(-20, 20))
                half = (G.CUBE_HALF, G.CUBE_HALF)
                out.append(Piece(foot, 0, base + G.CUBE_HEIGHT, bgr, -1, 0, spin, True, half))
        return out

    # -- pieces --------------------------------------------------------------------
    def _solid(self, tex: Image, p: Piece) -> tuple[NDArray[np.int32], Point, float]:
        ring = beside.square_ring(p.angle, *p.half) if p.square else beside.disc_ring(p.radius)
        return beside.solid(self.rig, tex, ring, p.at, p.height, p.bgr)

    def _draw_pieces(self, tex: Image, pieces: list[Piece], r: np.random.Generator) -> None:
        tops = [(p, *self._solid(tex, p)) for p in sorted(pieces, key=lambda q: q.height)]
        for p, poly, top, k in tops:
            cv2.fillConvexPoly(tex, poly, p.bgr, cv2.LINE_AA, 4)
            if p.marker_id >= 0:
                self.rig.sticker(tex, p.marker_id, top, p.side_mm * k, p.angle, r)

    # -- frames --------------------------------------------------------------------
    def poses(self, players: int) -> list[L.Pose]:
        """Where this scene's boards lie (the truth a bench may compare with)."""
        return board_poses(self.seed, players, self.cond.offset_mm)

    def still(self, boards: tuple[BoardView, ...], hand: bool) -> Image:
        key = (boards, hand)
        got = self._cache.get(key)
        if got is None:
            r = rng("amritsar-boards", self.seed)
            tex = self.rig.blank()
            self._main(tex, r)
            pieces: list[Piece] = []
            if len(boards) != self.players:
                raise ValueError(f"boards: {len(boards)} boards for {self.players} players")
            poses = self.poses(len(boards))
            for seat, (pose, view) in enumerate(zip(poses, boards, strict=True)):
                pieces += self._board(tex, pose, seat, view, r)
            self._draw_pieces(tex, pieces, rng("amritsar-board-stickers", self.seed))
            if hand:
                hr = rng("hand", self.seed)
                places = [p.to_table((L.BOARD_W / 2, L.BOARD_H / 2)) for p in poses]
                places += [(320.0, 320.0)]
                self.rig.hand(tex, places[int(hr.integers(len(places)))], hr)
            got = self.rig.lit(self.rig.view(tex))
            if len(self._cache) > 4:
                self._cache.clear()
            self._cache[key] = got
        return got

    def frame(self, boards: tuple[BoardView, ...], hand: bool, n: int) -> Image:
        return self.rig.finish(self.still(boards, hand), n)
