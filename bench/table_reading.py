"""How exactly a game's camera table reads its state, under the harsh conditions.

For the games behind :mod:`vision.games` (every game but Amritsar, whose
figures come from ``bench/vision.py``). A scene is a state reached by a
random game of 2-4 players stopped at a random point (``--steps`` bounds it),
drawn by the game's ``GameTable.render`` under a condition of
:data:`vision.harsh.CONDITIONS` (camera pose, lens, light, blur, noise: the
shared :class:`vision.rig.CameraRig`), read by a fresh ``GameReader`` told the
scene's calibration, frame after frame until it returns a settled
observation (at most ``--frames``; the first ``hand_frames`` of a condition
show a hand over the board). A reader that takes the game's record
(``expect``, see :func:`vision.games.base.tell_record`) is told the record
as the companion holds it when the camera first sees the table after a move:
the state before the scene's last action, so a stone that just arrived is
read against a record one move behind; the table is then drawn from the full
observation (derived fields such as stack heights included).

Scored against ``rules.observe(state).as_seen()`` field by field and, inside
a tuple field, item by item ("zones"): *exact* (read and right), *unknown*
(``None``), *wrong* (read and not right: a false claim the reconciler would
act on). A scene has **no wrong zone** when nothing read is wrong; a scene
that never settled counts as failing (its zones unknown). Goal (issues 13,
17, 18): 0 wrong zones, unknown small.

    .venv/bin/python bench/table_reading.py --game imhotep --scenes 50 \\
        --conditions ideal,light,motion,placement,1080p,hand-start,wide-lens-calibrated
"""

from __future__ import annotations

import argparse
import inspect
import multiprocessing
import os
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.fake_camera import BLIND
from engine.core.game import Rules
from engine.core.observation import Observation
from engine.core.registry import get_rules
from vision.games import table_for
from vision.harsh import CONDITIONS
from vision.sources import Frame


def random_state(rules: Rules, seed: int, max_steps: int) -> Any:
    """A state of a random game (2-4 players) after a random number of actions."""
    return random_states(rules, seed, max_steps)[0]


def random_states(rules: Rules, seed: int, max_steps: int) -> tuple[Any, Any]:
    """As :func:`random_state`, with the state before its last action: the
    companion's record when the camera first sees the table after that move."""
    rng = random.Random(seed)
    players = rng.randint(max(2, rules.min_players), min(4, rules.max_players))
    state = before = rules.new_game(players, seed=seed)
    for _ in range(rng.randint(0, max_steps)):
        decision = rules.decision(state)
        if decision.is_over:
            break
        if decision.is_chance:
            action = rules.random_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        before = state
        state, _ = rules.apply(state, action, check=False)
    return state, before


def _items(value: Any) -> list[Any]:
    """A field's zones: the leaves of a tuple (nested tuples, e.g. a seat's
    province cells, flattened to their leaves: a reader may leave one cell
    unknown, ``None``, and read the rest), else the value itself as one zone."""
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _items(item)]
    return [value]


def _pairs(want: Any, got: Any) -> list[tuple[Any, Any]]:
    """(truth, read) per zone; a ``None`` read covers every zone under it.
    ValueError when the shapes differ (a tuple of the wrong length)."""
    if got is None:
        return [(leaf, None) for leaf in _items(want)]
    if isinstance(want, tuple):
        if not isinstance(got, tuple) or len(got) != len(want):
            raise ValueError("shapes differ")
        return [p for a, b in zip(want, got, strict=True) for p in _pairs(a, b)]
    return [(want, got)]


@dataclass
class Score:
    scenes: int = 0
    clean: int = 0  # no wrong zone
    exact: int = 0  # every zone of the fields the camera reads read and right
    never_settled: int = 0
    zones: Counter[str] = field(default_factory=Counter)  # exact / unknown / wrong
    wrong_fields: Counter[str] = field(default_factory=Counter)
    unknown_fields: Counter[str] = field(default_factory=Counter)  # unknown zones per field
    frames: list[int] = field(default_factory=list)
    #: Fields the game's camera table never reads (``companion.sim.fake_camera.BLIND``:
    #: Rajas's karma, upgrade cubes, waiting workers): always unknown, the
    #: phone answers them. ``read_zones`` counts the other fields' zones apart.
    blind: frozenset[str] = frozenset()
    read_zones: Counter[str] = field(default_factory=Counter)

    def _count(self, name: str, outcome: str, n: int = 1) -> None:
        self.zones[outcome] += n
        if name not in self.blind:
            self.read_zones[outcome] += n

    def add(self, truth: Observation, seen: Observation | None, frames: int) -> list[str]:
        """Score one scene; returns the names of the fields read wrong."""
        self.scenes += 1
        wrong: list[str] = []
        if seen is None:
            self.never_settled += 1
            for name in truth.seen_fields():
                self._count(name, "unknown", len(_items(getattr(truth, name))))
            return wrong
        self.frames.append(frames)
        for name in truth.seen_fields():
            want, got = getattr(truth, name), getattr(seen, name)
            if got is None:
                self._count(name, "unknown", len(_items(want)))
                self.unknown_fields[name] += len(_items(want))
                continue
            try:
                pairs = _pairs(want, got)
            except ValueError:
                self._count(name, "wrong", len(_items(want)))
                wrong.append(name)
                continue
            for a, b in pairs:
                if b is None:
                    self._count(name, "unknown")
                    self.unknown_fields[name] += 1
                elif a == b:
                    self._count(name, "exact")
                else:
                    self._count(name, "wrong")
                    if name not in wrong:
                        wrong.append(name)
        for name in wrong:
            self.wrong_fields[name] += 1
        if not wrong:
            self.clean += 1
            if self.zones_unknown_in(truth, seen, self.blind) == 0:
                self.exact += 1
        return wrong

    @staticmethod
    def zones_unknown_in(
        truth: Observation, seen: Observation, blind: frozenset[str] = frozenset()
    ) -> int:
        """Unknown zones of ``seen`` outside the ``blind`` fields."""
        n = 0
        for name in truth.seen_fields():
            if name in blind:
                continue
            got = getattr(seen, name)
            if got is None:
                n += 1
            elif isinstance(got, tuple):
                try:
                    n += sum(1 for _, b in _pairs(getattr(truth, name), got) if b is None)
                except ValueError:
                    n += 1
        return n

    def row(self, name: str) -> str:
        total = sum(self.zones.values()) or 1
        read = sum(self.read_zones.values()) or 1
        median = sorted(self.frames)[len(self.frames) // 2] if self.frames else "-"
        return (
            f"| {name} | {self.clean}/{self.scenes} | {self.exact} | {self.zones['wrong']} | "
            f"{100 * self.zones['unknown'] / total:.1f} % | "
            f"{100 * self.read_zones['unknown'] / read:.1f} % | {self.never_settled} | {median} |"
        )


def _reader(table: Any, calibration: Any, rules: Rules, state: Any) -> Any:
    """A fresh reader, told what the companion knows of the game it started
    (the number of players, the options) when the table's reader takes it."""
    accepts = inspect.signature(table.reader).parameters
    told: dict[str, Any] = {}
    if "players" in accepts:
        told["players"] = len(rules.score(state))
    if "options" in accepts:
        told["options"] = tuple(getattr(state, "options", ()))
    return table.reader(calibration, **told)


def run_scene(
    game: str, seed: int, condition: str, max_steps: int, max_frames: int
) -> tuple[Observation, Observation | None, int]:
    rules = get_rules(game)
    table = table_for(game)
    assert table is not None, f"{game} has no camera table"
    state, before = random_states(rules, seed, max_steps)
    full = rules.observe(state)
    truth = full.as_seen()
    reader = _reader(table, table.calibration(seed, condition), rules, state)
    shown = truth
    if callable(getattr(reader, "expect", None)):
        # a reader that takes the game's record (vision.games.base.tell_record)
        # is told it as the companion knows it when the camera first sees the
        # table after a move: the state before the last action; the table
        # drawn is the true one, stacks at their true heights (derived fields)
        reader.expect(rules.observe(before))
        shown = full
    hand_frames = CONDITIONS[condition].hand_frames
    for n in range(max_frames):
        image = table.render(shown, seed=seed, condition=condition, hand=n < hand_frames, frame=n)
        seen = reader.read(Frame(image=image, number=n, time=n / 10))
        if seen is not None:
            return truth, seen, n + 1
    return truth, None, max_frames


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--scenes", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=60000)
    ap.add_argument("--conditions", default="ideal,light,motion,placement,hand-start")
    ap.add_argument("--steps", type=int, default=120, help="at most this many actions into a game")
    ap.add_argument("--frames", type=int, default=10, help="frames a scene may take to settle")
    ap.add_argument("--verbose", action="store_true", help="print every scene with a wrong zone")
    ap.add_argument("--workers", type=int, default=1, help="processes rendering and reading scenes")
    args = ap.parse_args()
    print(
        f"# {args.game}: {platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}"
    )
    print(
        "| condition | no wrong zone | exact | wrong zones | unknown zones"
        " | unknown of the fields the camera reads | never settled | frames to settle (median) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    blind = frozenset(BLIND.get(args.game, {}))
    if blind:
        print(f"# never read by this table (the phone answers them): {', '.join(sorted(blind))}")
    start = time.perf_counter()
    for condition in args.conditions.split(","):
        score = Score(blind=blind)
        wrong_seeds = []
        seeds = range(args.first_seed, args.first_seed + args.scenes)
        jobs = [(args.game, seed, condition, args.steps, args.frames) for seed in seeds]
        if args.workers > 1:
            with multiprocessing.Pool(args.workers) as pool:
                results = pool.starmap(run_scene, jobs, chunksize=1)
        else:
            results = [run_scene(*job) for job in jobs]
        for seed, (truth, seen, frames) in zip(seeds, results, strict=True):
            wrong = score.add(truth, seen, frames)
            if wrong:
                wrong_seeds.append((seed, wrong))
                if args.verbose:
                    for name in wrong:
                        print(
                            f"  {condition} {seed} {name}: truth {getattr(truth, name)} read {getattr(seen, name)}"
                        )
        print(score.row(condition), flush=True)
        if score.wrong_fields:
            print(
                f"  wrong fields: {dict(score.wrong_fields)}; seeds {[s for s, _ in wrong_seeds]}"
            )
        if score.unknown_fields:
            print(f"  unknown zones by field: {dict(score.unknown_fields)}")
    print(f"# {time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
