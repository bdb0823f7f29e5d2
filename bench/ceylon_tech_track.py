"""How exactly Ceylon's camera table reads the tech track (``tech_tops``), per harsh condition.

Why a bench of its own: in random games the discs hardly leave the start
space (a random player rarely pays for a tech step), so
``bench/table_reading.py`` would score the track on one stack and ten free
spaces. Here a scene is a state of a random game (2-4 players, as
``table_reading`` makes them) with the discs spread over the track at
random: each seat on a random space (half the seats kept together, so
stacks of two to four are common), a random stacking order; ``tech_tops`` is
what the engine's view gives for that (``engine.ceylon.view.tech_tops``).
The table is drawn as the companion's camera demo draws it (``as_seen``: the
renderer stacks the discs no top shows under the tops at random), read by a
fresh reader frame after frame until it settles.

Scored per zone (a tech track space): *exact*, *unknown* (``None``), *wrong*
(read and not right: a false claim the reconciler would act on), apart for
spaces a disc tops and free spaces; and the scene's other fields' wrong
zones (the track must not spoil the rest). Goal: 0 wrong.

    nice -n 10 .venv/bin/python bench/ceylon_tech_track.py --scenes 20 \\
        --conditions ideal,wide-lens-calibrated,light,motion,placement,1080p,hand-start
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import os
import platform
import random
import time
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

from engine.ceylon.catalog import load_catalog
from engine.ceylon.view import CeylonObservation, tech_tops
from engine.core.registry import get_rules
from vision.games import table_for
from vision.harsh import CONDITIONS
from vision.sources import Frame

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_reading import random_states

CAT = load_catalog()
LAST = int(CAT.value("tech_track_last"))


def spread(players: int, r: random.Random) -> tuple[tuple[int, int], ...]:
    """Per seat: (space, stacking order), the discs spread over the track."""
    together = r.randint(0, LAST)
    spaces = [together if r.random() < 0.5 else r.randint(0, LAST) for _ in range(players)]
    orders = list(range(players))
    r.shuffle(orders)
    return tuple(zip(spaces, orders, strict=True))


def scene(seed: int) -> tuple[CeylonObservation, tuple[str, ...]]:
    """The table of one scene, and the game's options (the reader is told them)."""
    rules = get_rules("ceylon")
    state, _ = random_states(rules, seed, 120)
    obs = rules.observe(state).as_seen()
    assert isinstance(obs, CeylonObservation)
    r = random.Random(seed * 7919)
    tech = spread(len(state.players), r)
    fake = SimpleNamespace(
        players=[SimpleNamespace(tech=space, tech_order=order) for space, order in tech]
    )
    shown = replace(obs, tech_tops=tech_tops(CAT, fake))  # type: ignore[arg-type]
    return shown, tuple(getattr(state, "options", ()))


def run(
    seed: int, condition: str, frames: int
) -> tuple[CeylonObservation, CeylonObservation | None]:
    table = table_for("ceylon")
    assert table is not None
    truth, options = scene(seed)
    reader = table.reader(table.calibration(seed, condition), len(truth.pawns or ()), options)
    hand_frames = CONDITIONS[condition].hand_frames
    for n in range(frames):
        image = table.render(truth, seed=seed, condition=condition, hand=n < hand_frames, frame=n)
        seen = reader.read(Frame(image=image, number=n, time=n / 10))
        if seen is not None:
            return truth, seen  # type: ignore[return-value]
    return truth, None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenes", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=70000)
    ap.add_argument(
        "--conditions", default="ideal,wide-lens-calibrated,light,motion,placement,1080p,hand-start"
    )
    ap.add_argument("--frames", type=int, default=10)
    args = ap.parse_args()
    print(
        f"# ceylon tech track: {platform.machine()}, Python {platform.python_version()}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(
        "| condition | scenes | spaces topped by a disc: exact / unknown / wrong"
        " | free spaces: exact / unknown / wrong | unknown | wrong zones elsewhere | never settled |"
    )
    print("|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    for condition in args.conditions.split(","):
        tops: Counter[str] = Counter()
        free: Counter[str] = Counter()
        elsewhere = unsettled = 0
        for seed in range(args.first_seed, args.first_seed + args.scenes):
            truth, seen = run(seed, condition, args.frames)
            want = truth.tech_tops or ()
            if seen is None:
                unsettled += 1
            got = (seen.tech_tops if seen is not None else None) or (None,) * len(want)
            for a, b in zip(want, got, strict=True):
                outcome = "unknown" if b is None else "exact" if a == b else "wrong"
                (tops if a >= 0 else free)[outcome] += 1
                if outcome == "wrong":
                    print(f"  {condition} {seed}: truth {want} read {got}")
            if seen is not None:
                for name in truth.seen_fields():
                    x, y = getattr(truth, name), getattr(seen, name)
                    if name == "tech_tops" or y is None:
                        continue
                    xs = x if isinstance(x, tuple) else (x,)
                    ys = y if isinstance(y, tuple) else (y,)
                    elsewhere += sum(
                        1 for p, q in zip(xs, ys, strict=True) if q is not None and p != q
                    )
        total = sum(tops.values()) + sum(free.values())
        unknown = tops["unknown"] + free["unknown"]
        print(
            f"| {condition} | {args.scenes} | {tops['exact']} / {tops['unknown']} / {tops['wrong']} | "
            f"{free['exact']} / {free['unknown']} / {free['wrong']} | "
            f"{100 * unknown / max(total, 1):.1f} % | {elsewhere} | {unsettled} |",
            flush=True,
        )
    print(f"# {time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
