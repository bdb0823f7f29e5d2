"""Whole simulated games through the harsh renderer: false alerts per game.

Issue 13's end-to-end figure. Each game is played the way ``companion demo``
plays one (``companion.games.amritsar.sim.simulate.ScriptedTable``: the scripted table carries
out each move, the Maharajah's turns included, and answers on the phone what
the table cannot show), but the frames are drawn by the independent harsh
renderer (``vision/harsh.py``) under one condition group, with a hand over the
board while each move is made, and read by the runner's camera loop
(``TableRunner._look``: the pipeline told the game's expectation, the settled
picture turned into a ``Seen``, fused, handed to the reconciler), frame by
frame, synchronously.

The table is always right here (no deliberate mistake), so per game:

- **false alerts**: every illegal-move or misplaced-piece alert (any alert
  but the notices listed in ``NOT_ILLEGAL``), with what the camera read
  against the truth at that moment;
- **wrong decisions**: camera steps the session applied that the table never
  made (the session left the true game's path);
- **phone, unknown**: answers a player had to give on the phone for a move
  the table showed (the camera left it open: a zone unknown, never settled);
  **phone, hidden**: answers the table can never show (a tile's action, a
  resource, the phone-first player);
- frames, camera looks, seconds.

The ``shadows`` group is the ``light`` group's table with light that changes
during the game: with half the moves people's shadows and the daylight change
(the mover leans in) and stay so, and now and then on a calm table with
nobody touching a piece (someone stands up, a cloud passes): a change the
hand test never saw, which must never read as a move.

Run:  nice -n 10 .venv/bin/python bench/vision_games.py --games 50
          [--group ideal] [--players 1,2,3,4] [--seed0 0] [--max-actions N]
          [--verbose]

Games rotate through the player counts (1 = solo against the Maharajah).
``--max-actions`` cuts games short (development only: the figure is whole
games).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
if __name__ == "__main__":
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import math
import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.games.amritsar.reconcile.camera import truth_from_state
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen, mismatches
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import Alert, TableSession
from companion.games.amritsar.sim.simulate import DivergedError, ScriptedTable, unmade
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Action,
    GameState,
    Pending,
    apply,
    describe_action,
    observe,
)
from vision.geometry import foot_to_ground
from vision.harsh import SKIN, TABLE, Condition, HarshRenderer, HarshScene, harsh_scene
from vision.pipeline import Pipeline
from vision.rig import hand_mask, unglared
from vision.snapshot import TableSnapshot
from vision.sources import Frame
from vision.synthetic import changed_points

#: Alerts that are notices, not "illegal move" (none is expected either; they
#: are counted apart).
NOT_ILLEGAL = frozenset({"turn_not_closed", "sensors_disagree", "camera_notice"})
GROUPS = (
    "ideal",
    "light",
    "placement",
    "motion",
    "1080p",
    "wide-lens-calibrated",
    "hand-start",
    "shadows",
)
HAND_MM = 90.0  # how high a hand moving a piece is above the board
#: ``hand_at`` for the hand of a "hand-start" scene (``HarshRenderer._draw_hand``).
START_HAND = (-1.0, -1.0, -1.0)


#: Side (px) of the tiles the game renderer redraws: in the texture, where the
#: drawing changed; in the frame, where the source of any pixel changed.
TILE = 64


class GameRenderer(HarshRenderer):
    """The harsh renderer for a table whose truth changes: the board art drawn
    once, a hand drawn where the move is made (``hand_at``).

    A view is made incrementally from the last one, pixel for pixel the same
    as :class:`HarshRenderer` draws it from scratch (``test_vision_games``
    checks it): the texture is drawn whole (cheap), but only its tiles that
    changed are blurred again, and only the frame's tiles whose source pixels
    lie there are remapped and lit again. A move touches a few tiles of a
    12 MP frame, so a new view costs a fraction of a whole one."""

    def __init__(self, scene: HarshScene, *, incremental: bool = True) -> None:
        super().__init__(scene)
        self._board_tex: Any = None
        #: False: every new view drawn whole (the bench's baseline, ``--whole-views``).
        self.incremental = incremental
        self.hand_at: tuple[float, float, float] | None = None  # x, y, direction
        #: (key, texture, blurred texture, lit view) of the last view made.
        self._last: tuple[Any, Any, Any, Any] | None = None
        self._sources = _tile_sources(self.map_x, self.map_y)
        self.redrawn_tiles = 0
        #: The hand's mask in the texture of the view being made (None: no hand).
        self._above: Any = None

    def _board(self) -> Any:
        if self._board_tex is None:
            self._board_tex = super()._board()
        return self._board_tex.copy()

    def relight(self) -> None:
        """People's shadows and the daylight change: every later view is lit anew."""
        self.rig.relight()
        self._last = None

    def _draw_hand(self, tex: Any) -> None:
        assert self.hand_at is not None
        if self.hand_at == START_HAND:
            super()._draw_hand(tex)  # the condition's hand over the board at start-up
            return
        cx, cy, toward = self.hand_at
        ax, ay = math.sin(toward), -math.cos(toward)  # towards the arm
        px, py = -ay, ax

        def ground(points: Any) -> Any:
            g = np.array([foot_to_ground(x, y, self.cam, HAND_MM) for x, y in points])
            return self._tex(g)

        t = np.linspace(0, 2 * math.pi, 40)
        palm = np.column_stack(
            [
                cx + 48 * np.cos(t) * ax + 40 * np.sin(t) * px,
                cy + 48 * np.cos(t) * ay + 40 * np.sin(t) * py,
            ]
        )
        arm = np.array(
            [
                (cx + 30 * ax + 34 * px, cy + 30 * ay + 34 * py),
                (cx + 30 * ax - 34 * px, cy + 30 * ay - 34 * py),
                (cx + 900 * ax - 44 * px, cy + 900 * ay - 44 * py),
                (cx + 900 * ax + 44 * px, cy + 900 * ay + 44 * py),
            ]
        )
        cv2.fillPoly(tex, [ground(arm)], (70, 95, 140), cv2.LINE_AA, 4)
        cv2.fillPoly(tex, [ground(palm)], SKIN, cv2.LINE_AA, 4)

    def _texture(self, hand: bool) -> Any:
        tex = self._board()
        self._pieces(tex)
        # Under "light", the hand's mask: the glare is kept off it.
        plain = tex.copy() if hand and self.rig.condition.light else None
        if hand:
            self._draw_hand(tex)
        self._above = None if plain is None else hand_mask(tex, plain)
        return tex

    def _blur(self, tex: Any) -> Any:
        """The texture's pre-blur, as :meth:`HarshRenderer._view` does it."""
        return cv2.GaussianBlur(tex, (0, 0), max(0.4, 0.35 * self.k / 4))

    def _clean_view(self, hand: bool) -> Any:
        key = (self.scene.truth.pieces(), self.hand_at if hand else None)
        last = self._last
        if last is not None and last[0] == key:
            return last[3]
        tex = self._texture(hand)
        if last is None or not self.incremental:
            blurred = self._blur(tex)
            view = cv2.remap(
                blurred,
                self.map_x,
                self.map_y,
                cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_CONSTANT,
                borderValue=TABLE,
            )
            above = None if self._above is None else self.rig.above(self._above)
            self._last = (key, tex, blurred, self._lit(view, above))
            return self._last[3]
        _, old, blurred, lit = last
        rects = self._reblur(tex, old, blurred)
        self._relight(rects, blurred, lit)
        self._last = (key, tex, blurred, lit)
        return lit

    def _reblur(self, tex: Any, old: Any, blurred: Any) -> list[tuple[int, int, int, int]]:
        """Blur again, in ``blurred``, the tiles of ``tex`` that differ from ``old``
        (and their neighbours, which the blur reaches); the rectangles redone."""
        h, w = tex.shape[:2]
        ny, nx = -(-h // TILE), -(-w // TILE)
        diff = np.zeros((ny * TILE, nx * TILE * 3), np.uint8)
        diff[:h, : w * 3] = cv2.absdiff(tex, old).reshape(h, w * 3)
        dirty = diff.reshape(ny, TILE, nx, TILE * 3).max(axis=(1, 3)) > 0
        dirty = cv2.dilate(dirty.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        margin = 8  # wider than the blur's kernel reaches
        rects = []
        for ty in range(ny):
            tx = 0
            while tx < nx:
                if not dirty[ty, tx]:
                    tx += 1
                    continue
                end = tx
                while end + 1 < nx and dirty[ty, end + 1]:
                    end += 1
                y0, y1 = ty * TILE, min(h, (ty + 1) * TILE)
                x0, x1 = tx * TILE, min(w, (end + 1) * TILE)
                cy0, cy1 = max(0, y0 - margin), min(h, y1 + margin)
                cx0, cx1 = max(0, x0 - margin), min(w, x1 + margin)
                part = self._blur(tex[cy0:cy1, cx0:cx1])
                blurred[y0:y1, x0:x1] = part[y0 - cy0 : y1 - cy0, x0 - cx0 : x1 - cx0]
                rects.append((x0, y0, x1, y1))
                tx = end + 1
        return rects

    def _relight(self, rects: list[tuple[int, int, int, int]], blurred: Any, lit: Any) -> None:
        """Remap and light again the frame's tiles whose source pixels lie in ``rects``."""
        if not rects:
            return
        lo_x, lo_y, hi_x, hi_y = self._sources
        hit = np.zeros(lo_x.shape, bool)
        for x0, y0, x1, y1 in rects:
            hit |= (hi_x >= x0) & (lo_x < x1) & (hi_y >= y0) & (lo_y < y1)
        gain, add = self._light_gain()
        fh, fw = lit.shape[:2]
        for ty, tx in zip(*np.nonzero(hit), strict=True):
            ys = slice(ty * TILE, min(fh, (ty + 1) * TILE))
            xs = slice(tx * TILE, min(fw, (tx + 1) * TILE))
            map_x = np.ascontiguousarray(self.map_x[ys, xs])
            map_y = np.ascontiguousarray(self.map_y[ys, xs])
            view = cv2.remap(
                blurred,
                map_x,
                map_y,
                cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_CONSTANT,
                borderValue=TABLE,
            )
            glare = add[ys, xs]
            if self._above is not None:  # no glare on the hand (CameraRig.lit)
                glare = unglared(glare, self.rig.above(self._above, map_x, map_y))
            f = cv2.add(cv2.multiply(view, gain[ys, xs], dtype=cv2.CV_32F), glare)
            lit[ys, xs] = cv2.convertScaleAbs(f)
        self.redrawn_tiles += int(hit.sum())


def _tile_sources(map_x: Any, map_y: Any) -> tuple[Any, Any, Any, Any]:
    """Per frame tile, the texture pixels its bilinear remap reads: (lowest x,
    lowest y, highest x, highest y), a pixel wider than the maps' range.
    Pixels whose source lies off the texture read the border colour, which
    never changes; a map that is not finite reads from nowhere."""
    h, w = map_x.shape
    ny, nx = -(-h // TILE), -(-w // TILE)
    out = []
    for m in (map_x, map_y):
        pad = np.full((ny * TILE, nx * TILE), np.nan, np.float32)
        pad[:h, :w] = m
        pad[~np.isfinite(pad)] = np.nan
        tiles = pad.reshape(ny, TILE, nx, TILE)
        out.append(np.floor(np.nan_to_num(np.nanmin(tiles, axis=(1, 3)), nan=1e9)) - 1)
        out.append(np.floor(np.nan_to_num(np.nanmax(tiles, axis=(1, 3)), nan=-1e9)) + 2)
    lo_x, hi_x, lo_y, hi_y = out
    return lo_x, lo_y, hi_x, hi_y


class HarshCamera:
    """A frame source over a changing table, drawn by :class:`GameRenderer`.

    ``move(truth)`` queues ``hand_frames`` frames with a hand over the zones
    that change (the first half still showing the old table), then the new
    table, like ``vision.synthetic.SyntheticCamera.move``."""

    def __init__(
        self, scene: HarshScene, *, hand_frames: int = 2, incremental: bool = True
    ) -> None:
        self.scene = scene
        self.renderer = GameRenderer(scene, incremental=incremental)
        self.hand_frames = hand_frames
        self.frame_number = 0
        #: Frames to come: the table, the hand over it, whether the light changes.
        self._queue: list[tuple[TableSnapshot, tuple[float, float, float] | None, bool]] = []
        self._rng = np.random.default_rng(scene.seed)
        # "hand-start": the companion starts with a hand already over the board.
        self._queue += [(scene.truth, START_HAND, False)] * scene.condition.hand_frames
        #: Times people's shadows and the daylight changed ("shadows").
        self.relights = 0

    @property
    def idle(self) -> bool:
        return not self._queue

    @property
    def truth(self) -> TableSnapshot:
        return self.scene.truth

    def move(self, truth: TableSnapshot) -> None:
        old = self._queue[-1][0] if self._queue else self.scene.truth
        points = changed_points(self.scene.layout, old, truth) or [(320.0, 320.0)]
        toward = float(self._rng.choice([0.0, 0.5, 1.0, 1.5])) * math.pi
        n = self.hand_frames
        # "shadows": the mover leans in, and the light stays changed after.
        relight = self._chance(0)
        for k in range(n):
            x, y = points[min(len(points) - 1, k * len(points) // max(1, n))]
            jitter = self._rng.normal(0, 4, 2)
            at = (x + float(jitter[0]), y + float(jitter[1]), toward)
            self._queue.append((old if k < n // 2 else truth, at, relight and k == 0))
        self._queue.append((truth, None, False))

    def _chance(self, which: int) -> bool:
        """Whether the light changes now (``Condition.relight``: with a move, or
        on a calm frame); no draw at all for conditions without it."""
        p = self.scene.condition.relight[which]
        return p > 0 and float(self._rng.uniform()) < p

    def read(self) -> Frame:
        if self._queue:
            truth, hand, relight = self._queue.pop(0)
            self.scene.truth = truth
        else:
            hand, relight = None, self._chance(1)
        r = self.renderer
        if relight:
            r.relight()
            self.relights += 1
        r.hand_at = hand
        n = self.frame_number
        self.frame_number += 1
        image = r.frame(n, hand is not None)
        return Frame(image=image, number=n, time=n / self.scene.fps)


@dataclass
class FalseAlert:
    """One alert raised while the table was right, and what was read then."""

    seed: int
    frame: int
    code: str
    text: str
    #: (field, index, engine, camera) where the camera's Seen disagrees with the
    #: table's truth: the camera read a wrong value (not unknown).
    camera_wrong: list[tuple[str, tuple[int, ...], Any, Any]]
    unseen: list[str]


@dataclass
class GameFigures:
    seed: int
    players: int
    solo: bool
    actions: int = 0
    frames: int = 0
    looks: int = 0
    seconds: float = 0.0
    #: CPU seconds of this process (the machine is shared: wall time is noise).
    cpu: float = 0.0
    camera_steps: int = 0
    false_alerts: list[FalseAlert] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    wrong_decisions: list[str] = field(default_factory=list)
    phone_unknown: int = 0
    phone_hidden: int = 0
    unknown_zones: dict[str, int] = field(default_factory=dict)  # why a phone answer was needed
    #: Times people's shadows and the daylight changed ("shadows" group).
    relights: int = 0
    #: Per phone answer for a move the table showed: frame, the move, the
    #: reconciler's last word, the pipeline still settling, the unseen zones.
    unknown_cases: list[str] = field(default_factory=list)
    diverged: str = ""
    failed_frames: int = 0
    finished: bool = False


class HarshTable:
    """The ``Table`` protocol over harsh frames read by the runner's camera loop."""

    def __init__(
        self,
        session: TableSession,
        runner: TableRunner,
        camera: HarshCamera,
        figures: GameFigures,
        *,
        max_frames: int = 16,
    ) -> None:
        self.session = session
        self.runner = runner
        self.camera = camera
        self.figures = figures
        self.colours = runner.colours
        self.max_frames = max_frames
        self.truth: TableSnapshot = camera.scene.truth
        self.state: GameState = session.state
        #: What the last look ended on, two settled readings agreeing.
        self._agreed: Any = None

    def show(self, truth: GameState) -> None:
        layout = truth_from_state(truth, self.colours, previous=self.truth)
        if layout.pieces() != self.truth.pieces():
            self.camera.move(layout)
        self.truth = layout
        self.state = truth

    def look(self) -> tuple[Seen, bool]:
        """Frames through the runner until the queued move has passed and two
        readings in a row, settled, agree (or ``max_frames``). When nothing
        moved since the last look ended so, one more frame that agrees with
        it is enough (a phone answer changes nothing on the table)."""
        runner, pipeline = self.runner, self.runner.pipeline
        assert pipeline is not None
        last: Any = self._agreed if self.camera.idle else None
        self._agreed = None
        for _ in range(self.max_frames):
            frame = self.camera.read()
            self.figures.frames += 1
            try:
                runner._look(frame)
            except Exception as error:  # counted, as the camera loop does
                self.figures.failed_frames += 1
                runner.stats.error(f"frame {frame.number}: {error!r}")
                continue
            snap = pipeline.snapshot
            if not self.camera.idle or snap.settling:
                last = None
                continue
            key = (snap.pieces(), tuple(sorted(snap.unseen)))
            if key == last:
                self._agreed = key
                break
            last = key
        self.figures.looks += 1
        seen = self.runner._camera_seen or Seen()
        return seen, pipeline.snapshot.settling


class CountingTable(ScriptedTable):
    """``ScriptedTable`` that records the true game's path and sorts phone answers."""

    def __init__(self, *args: Any, figures: GameFigures, **kwargs: Any) -> None:
        self.figures = figures
        self.path: list[GameState] = []
        super().__init__(*args, **kwargs)

    @property  # type: ignore[override]
    def truth(self) -> GameState:
        return self._truth

    @truth.setter
    def truth(self, state: GameState) -> None:
        self._truth = state
        self.path.append(state)
        del self.path[:-400]

    def _phone(self, action: Action) -> None:
        before = self.session.state
        kind = Pending(before.pending[-1].kind)
        after, _ = apply(before, action, check=False)
        if kind in HIDDEN_DECISIONS or observe(before) == observe(after):
            self.figures.phone_hidden += 1
        else:
            self.figures.phone_unknown += 1
            table = self.table
            assert isinstance(table, HarshTable)
            snapshot = table.runner.pipeline.snapshot  # type: ignore[union-attr]
            for key in snapshot.unseen:
                zone = key.split(":")[0]
                self.figures.unknown_zones[zone] = self.figures.unknown_zones.get(zone, 0) + 1
            last = self.reconciler.last
            self.figures.unknown_cases.append(
                f"frame {table.camera.frame_number - 1}: {describe_action(before, action)}; "
                f"reconciler {last.kind if last else None}, settling {snapshot.settling}, "
                f"unseen {sorted(snapshot.unseen)[:8]}"
                f"{'...' if len(snapshot.unseen) > 8 else ''}, "
                f"problems {[p.code for p in snapshot.problems]}"
            )
        super()._phone(action)


def _watch(
    session: TableSession, driver: CountingTable, table: HarshTable, figures: GameFigures
) -> None:
    """Hook the session: alerts raised and camera steps applied are checked
    against the true table."""
    raise_alert = session.raise_alert
    apply_actions = session.apply_actions

    def raising(reason: Any, *args: Any, **kwargs: Any) -> Alert:
        alert = raise_alert(reason, *args, **kwargs)
        if alert.code in NOT_ILLEGAL:
            figures.notices.append(alert.code)
            return alert
        seen = table.runner._camera_seen or Seen()
        wrong = [
            (m.field, m.index, m.expected, m.seen) for m in mismatches(observe(driver.truth), seen)
        ]
        snap = table.runner.pipeline.snapshot  # type: ignore[union-attr]
        figures.false_alerts.append(
            FalseAlert(
                figures.seed,
                table.camera.frame_number - 1,
                alert.code,
                alert.en,
                wrong,
                sorted(snap.unseen),
            )
        )
        return alert

    def applying(actions: Any, source: str, **kwargs: Any) -> Any:
        if source == "camera":
            probe = session.state
            steps = []
            for action in actions:
                steps.append((probe, action))
                probe, _ = apply(probe, action, check=False)
            figures.camera_steps += 1
            # Right: a state the table passed through, or trades of one market
            # action taken in another order than the player's (``unmade``).
            if not any(probe == s for s in driver.path[-60:]) and (
                unmade(driver.trail, [*driver.recent(), *steps], probe, driver.truth) is None
            ):
                seen = table.runner._camera_seen or Seen()
                wrong = [
                    (m.field, m.index, m.expected, m.seen)
                    for m in mismatches(observe(driver.truth), seen)
                ]
                figures.wrong_decisions.append(
                    f"frame {table.camera.frame_number - 1}: {[str(a) for a in actions]}; "
                    f"camera wrong (field, index, truth, read): {wrong}"
                )
        return apply_actions(actions, source, **kwargs)

    session.raise_alert = raising  # type: ignore[method-assign]
    session.apply_actions = applying  # type: ignore[method-assign]


def play_game(
    seed: int,
    group: str | Condition,
    players: int,
    *,
    max_actions: int = 5000,
    hand_frames: int = 2,
    incremental: bool = True,
    on_alert: Callable[[FalseAlert], None] | None = None,
) -> GameFigures:
    """One seeded game through ``group``'s harsh frames; its figures."""
    solo = players == 1
    names = ["Ana", "Ben", "Chandra", "Dev"][: max(1, players)]
    began = time.perf_counter()
    cpu = time.process_time()
    figures = GameFigures(seed, players, solo)
    session = TableSession.new(names, solo=solo, seed=seed)
    reconciler = Reconciler(session)
    colours = tuple(s.colour for s in session.seats)
    scene = harsh_scene(seed, group)
    scene.truth = truth_from_state(session.state, colours)
    camera = HarshCamera(scene, hand_frames=hand_frames, incremental=incremental)
    pipeline = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    runner = TableRunner(session, reconciler, source=camera, pipeline=pipeline)
    table = HarshTable(session, runner, camera, figures)
    driver = CountingTable(session, reconciler, table, seed=seed, figures=figures)
    _watch(session, driver, table, figures)
    seen_alerts = 0
    try:
        while not driver.truth.finished and driver.report.actions < max_actions:
            driver.step()
            if on_alert is not None:
                for alert in figures.false_alerts[seen_alerts:]:
                    on_alert(alert)
                seen_alerts = len(figures.false_alerts)
        driver._catch_up()
        figures.finished = driver.truth.finished
        if session.state != driver.truth:
            figures.diverged = "the game ended differently at the table and in the companion"
    except DivergedError as error:
        figures.diverged = str(error)[:300]
    figures.actions = driver.report.actions
    figures.relights = camera.relights
    figures.failed_frames += runner.stats.failed_frames
    figures.seconds = time.perf_counter() - began
    figures.cpu = time.process_time() - cpu
    return figures


def _load() -> str:
    try:
        return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    except OSError:
        return "load ?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--group", action="append", choices=GROUPS)
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=5000)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--whole-views",
        action="store_true",
        help="draw every new view whole (the baseline of the incremental renderer)",
    )
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    groups = args.group or ["ideal"]
    print(f"# {platform.node()} {platform.machine()} {os.cpu_count()} cpus, {_load()}")
    print(f"# {' '.join(sys.argv)}")
    for group in groups:
        games: list[GameFigures] = []
        for n in range(args.games):
            seed = args.seed0 + n
            players = counts[n % len(counts)]

            def show(alert: FalseAlert) -> None:
                print(
                    f"    ALERT seed {alert.seed} frame {alert.frame}: {alert.code}: {alert.text}"
                )
                print(f"      camera wrong: {alert.camera_wrong}")
                print(f"      unseen: {alert.unseen[:12]}{'...' if len(alert.unseen) > 12 else ''}")

            g = play_game(
                seed,
                group,
                players,
                max_actions=args.max_actions,
                incremental=not args.whole_views,
                on_alert=show if args.verbose else None,
            )
            games.append(g)
            print(
                f"  {group} seed {seed} {'solo' if g.solo else f'{players}p'}: "
                f"{g.actions} actions, {g.camera_steps} camera steps, "
                f"false alerts {len(g.false_alerts)}, wrong {len(g.wrong_decisions)}, "
                f"phone unknown {g.phone_unknown} / hidden {g.phone_hidden}, "
                f"{g.frames} frames, {g.looks} looks, {g.seconds:.0f} s, cpu {g.cpu:.0f} s"
                + (f", failed frames {g.failed_frames}" if g.failed_frames else "")
                + (f", light changed {g.relights} times" if g.relights else "")
                + (f", notices {g.notices}" if g.notices else "")
                + (f"  DIVERGED: {g.diverged}" if g.diverged else "")
                + ("" if g.finished else "  (cut short)"),
                flush=True,
            )
            for w in g.wrong_decisions:
                print(f"    WRONG {w}")
            if g.unknown_zones and args.verbose:
                print(f"    unknown at phone answers: {g.unknown_zones}")
                for case in g.unknown_cases:
                    print(f"      {case}")
        n = len(games)
        alerts = sum(len(g.false_alerts) for g in games)
        print(
            f"{group}: {n} games, false alerts {alerts} "
            f"({sum(1 for g in games if not g.false_alerts)} games with none), "
            f"wrong decisions {sum(len(g.wrong_decisions) for g in games)}, "
            f"diverged {sum(1 for g in games if g.diverged)}, "
            f"phone answers only because unknown {sum(g.phone_unknown for g in games)} "
            f"({sum(g.phone_unknown for g in games) / max(1, n):.1f}/game) vs hidden "
            f"{sum(g.phone_hidden for g in games)} ({sum(g.phone_hidden for g in games) / max(1, n):.1f}/game), "
            f"actions {sum(g.actions for g in games)}, frames {sum(g.frames for g in games)}, "
            f"{sum(g.seconds for g in games):.0f} s, cpu {sum(g.cpu for g in games):.0f} s "
            f"({sum(g.cpu for g in games) / max(1, n):.0f} s/game) ({_load()})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
