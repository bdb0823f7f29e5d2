"""Amritsar's pipeline on frames of two renderers, on seeds nobody tuned on (issue 34).

Run:  nice .venv/bin/python bench/independent_vision.py [--scenes 8] [--workers 2]
      [--conditions ideal,glare] [--renderer second|harsh|both] [--first-seed 900000]

Why: the pipeline and ``vision/synthetic.py`` (and, later, ``vision/harsh.py``)
were tuned together, so their figures flatter it. ``bench.second_renderer``
was written by a team member who never read ``vision/``; this harness uses it
only through its contract (``render_scene``, ``Scene``, ``CONDITIONS``,
``HELD_OUT_SEEDS``), never its code or its images. Seeds 900000-999999 are
held out: no threshold of the pipeline is tuned on them, for either renderer.

Each scene is read as the companion reads a table at setup or after a
restart: the pipeline built as ``companion run`` builds it
(``Pipeline(players, calibration=lens)``: the calibration only where the
condition says one was made), no expectation fed, the same frame given again
until the reading settles (a still camera over a still table; 10 frames at
most). The settled snapshot is then compared, zone by zone, with the truth:

- a piece zone (section, donation space, market space, path, Maharajah space,
  worker space, tile slot, storehouse display) is *exact* when the marker ids
  read there are the truth's, *unknown* when the snapshot leaves it unknown
  (``unseen`` or None), *missed* when what was read is the truth's less some
  pieces, and *false* otherwise;
- a printed spot (coin spot, market cell) likewise: covered or clear.

A scene refused (an uncalibrated lens, a hand over the edge at start: no
values at all, and the reason said) or never settled has no wrong zone and
counts every zone unknown; such scenes are counted apart.

For ``vision/harsh.py`` (``--renderer harsh``) the conditions map onto its
groups (``glare`` -> ``light``, ``blur_noise_jpeg`` -> ``motion``, ``sloppy``
-> ``placement``, the wide lenses and 1080p alike; it has no ``12mp`` and no
``everything_calibrated``), and scenes are scored by ``bench/vision.py``'s
``zone_errors`` (the same missed / false / unknown split on its snapshot
leaves), through ``bench/vision.py``'s own scene runner.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.lens import Lens
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.snapshot import TableSnapshot
from vision.sources import Frame

#: Frames given (the same still frame) before a reading that has not settled
#: counts as never settled.
MAX_FRAMES = 10
#: Conditions whose calibration a player would have made (``companion calibrate``).
CALIBRATED = ("everything_calibrated", "wide_calibrated")
#: The harsh renderer's group for each of the second renderer's conditions.
HARSH_GROUP = {
    "ideal": "ideal",
    "glare": "light",
    "blur_noise_jpeg": "motion",
    "sloppy": "placement",
    "wide_calibrated": "wide-lens-calibrated",
    "wide_uncalibrated": "wide-lens",
    "1080p": "1080p",
    "hand_at_start": "hand-start",
}
#: Problem codes of a refusal to read at all, with its reason said.
REFUSALS = ("lens-uncalibrated", "clear-the-board-start")


@dataclass(frozen=True)
class Row:
    """One scene's score."""

    renderer: str
    condition: str
    seed: int
    exact: int
    missed: int
    false: int
    unknown: int
    zones: int
    refused: bool
    settled: bool
    per_kind: dict[str, tuple[int, int]]  # zone kind -> (unknown, zones)
    wrong: tuple[str, ...]  # a few wrong zones, for reading
    #: Unknown donation spaces, empty in the truth, under a counter the
    #: truth puts on a higher level (the rulebook allows a counter there only
    #: over two taken spaces; the reader leaves the bare one below unknown).
    unsupported: int = 0


def _id(kind: Kind, component: str, face: str = "") -> int:
    return DEFAULT_PLAN.find(kind, component, face).marker_id


def read_zones(snap: TableSnapshot) -> dict[str, list[int] | None]:
    """The snapshot as the second renderer's truth is written: layout zone id
    -> sorted marker ids of the pieces read there, or None where unknown."""
    unseen = set(snap.unseen)
    out: dict[str, list[int] | None] = {}
    for name, workers in snap.sections.items():
        out[f"section:{name}"] = (
            None if f"section:{name}" in unseen else sorted(_id(Kind.WORKER, w) for w in workers)
        )
    for space, worker in snap.maharajah_workers.items():
        key = f"maharajah-worker:{space}"
        out[key] = None if key in unseen else ([_id(Kind.WORKER, worker)] if worker else [])
    for name, colour in snap.donations.items():
        key = f"donation:{name}"
        out[key] = None if key in unseen else ([_id(Kind.COUNTER, colour)] if colour else [])
    for colour, count in snap.market_counters.items():
        key = f"market-space:{colour}"
        out[key] = None if key in unseen or count is None else [_id(Kind.COUNTER, colour)] * count
    for district in "NESW":
        out[f"path:{district}"] = sorted(
            _id(Kind.ELEPHANT, c) for c, v in snap.elephants.items() if v == district
        )
    token = None if "maharajah" in unseen or snap.maharajah is None else snap.maharajah
    for space in ("NE", "ES", "SW", "WN"):
        out[f"maharajah:{space}"] = (
            None
            if token is None
            else ([_id(Kind.MAHARAJAH, "maharajah-board")] if token == space else [])
        )
    setup = snap.setup
    for district, tiles in setup.district_tiles.items():
        for slot, tile in zip(("left", "centre", "right"), tiles, strict=False):
            key = f"district-slot:{district}:{slot}"
            out[key] = None if key in unseen else ([_id(Kind.DISTRICT_TILE, tile)] if tile else [])
    stack = {"active": setup.temple_active, **setup.temple_stack}
    for place, temple in stack.items():
        key = f"temple:{place}"
        out[key] = None if key in unseen else ([_id(Kind.TEMPLE_TILE, temple)] if temple else [])
    for decade, bridge in setup.bridges.items():
        key = f"bridge:{decade}"
        face = "front" if bridge and bridge[1] else "back"
        out[key] = (
            None if key in unseen else ([_id(Kind.BRIDGE_TILE, bridge[0], face)] if bridge else [])
        )
    out["storehouses:display"] = (
        None
        if "storehouses" in unseen
        else sorted(_id(Kind.STOREHOUSE, s) for s in setup.storehouses)
    )
    return out


def unsure_elephants(snap: TableSnapshot) -> set[int]:
    """Marker ids of the elephants the snapshot does not place (not seen, or
    unknown): a path holding one of them in the truth is unknown, not missed
    (as ``bench/vision.py`` scores an elephant: one leaf per colour)."""
    unseen = set(snap.unseen)
    return {
        _id(Kind.ELEPHANT, c)
        for c, v in snap.elephants.items()
        if v is None or f"elephant:{c}" in unseen
    }


def read_printed(snap: TableSnapshot) -> dict[str, bool | None]:
    """Printed spots as the truth's ``printed_covered``: zone id -> covered,
    or None where unknown."""
    unseen = set(snap.unseen)
    out: dict[str, bool | None] = {}
    for section, present in snap.coins_present.items():
        key = f"coin-spot:{section}"
        out[key] = None if f"coins:{section}" in unseen else present
    for resource, rows in snap.market.items():
        for row, covered in enumerate(rows, start=1):
            key = f"market-cell:{resource}:{row}"
            out[key] = None if f"market:{resource}:{row}" in unseen else covered
    return out


def score(
    read: dict[str, list[int] | None],
    printed: dict[str, bool | None],
    truth: dict[str, list[int]],
    covered: dict[str, bool],
    unsure: set[int] | None = None,
) -> tuple[Counter[str], dict[str, tuple[int, int]], list[str]]:
    """Counts of exact / missed / false / unknown zones, unknowns per zone kind,
    and the wrong zones written out. Zones of the truth the pipeline does not
    report (kinds it does not read) are not scored."""
    counts: Counter[str] = Counter()
    kinds: dict[str, list[int]] = {}
    wrong: list[str] = []

    def add(key: str, verdict: str) -> None:
        counts[verdict] += 1
        per = kinds.setdefault(key.split(":")[0], [0, 0])
        per[1] += 1
        per[0] += verdict == "unknown"

    for key, pieces in truth.items():
        if key not in read:
            continue
        got = read[key]
        want = sorted(pieces)
        if got is not None and key.startswith("path:") and unsure and set(want) & unsure:
            got = None  # an elephant the snapshot does not place stands here
        if got is None:
            add(key, "unknown")
        elif got == want:
            add(key, "exact")
        else:
            short = not (Counter(got) - Counter(want))
            add(key, "missed" if short else "false")
            wrong.append(f"{key}: read {got}, truth {want}")
    for key, is_covered in covered.items():
        if key not in printed:
            continue
        seen = printed[key]
        if seen is None:
            add(key, "unknown")
        elif seen == is_covered:
            add(key, "exact")
        else:
            add(key, "missed" if is_covered else "false")
            wrong.append(f"{key}: read {'covered' if seen else 'clear'}, truth {is_covered}")
    return counts, {k: (v[0], v[1]) for k, v in kinds.items()}, wrong


def lens_of(camera: Any) -> Lens:
    """The contract's camera model as the lens ``companion calibrate`` saves."""
    K, d = camera.K, camera.dist
    return Lens(
        fx=float(K[0, 0]),
        fy=float(K[1, 1]),
        cx=float(K[0, 2]),
        cy=float(K[1, 2]),
        k1=float(d[0]),
        k2=float(d[1]),
        p1=float(d[2]),
        p2=float(d[3]),
        k3=float(d[4]),
        size=(int(camera.width), int(camera.height)),
    )


def settle(pipe: Pipeline, image: Any) -> tuple[TableSnapshot, bool]:
    """The same still frame given until the reading settles: (last snapshot, settled)."""
    snap = pipe.snapshot
    for n in range(MAX_FRAMES):
        snap = pipe.process(Frame(image=image, number=n, time=n / 10))
        if not snap.settling:
            return snap, True
    return snap, False


def second_scene(job: tuple[str, int]) -> Row:
    """One scene of the second renderer (through its contract only)."""
    from bench.second_renderer import render_scene

    condition, seed = job
    scene = render_scene(game="amritsar", seed=seed, condition=condition)
    calibration = (
        lens_of(scene.camera) if condition in CALIBRATED and scene.camera.calibrated else None
    )
    pipe = Pipeline(scene.players, calibration=calibration)
    snap, settled = settle(pipe, scene.image)
    refused = any(p.code in REFUSALS for p in snap.problems) or any(
        p.code in REFUSALS for p in pipe.notices
    )
    truth = {k: list(v) for k, v in scene.truth.items()}
    covered = dict(scene.printed_covered)
    if settled:
        counts, kinds, wrong = score(
            read_zones(snap), read_printed(snap), truth, covered, unsure_elephants(snap)
        )
    else:
        # No values were given: every scored zone is unknown.
        empty = read_zones(replace(TableSnapshot.empty(scene.players)))
        nothing = {k: None for k in empty}
        counts, kinds, wrong = score(nothing, {k: None for k in read_printed(snap)}, truth, covered)
    zones = sum(counts.values())
    unsupported = 0
    if settled:
        read = read_zones(snap)
        below = {k for p in snap.problems if p.code == "unsupported-donation" for k in p.zones[1:]}
        unsupported = sum(
            1 for k in below if k in truth and not truth[k] and read.get(k, []) is None
        )
    return Row(
        "second",
        condition,
        seed,
        counts["exact"],
        counts["missed"],
        counts["false"],
        counts["unknown"],
        zones,
        refused and not settled,
        settled,
        kinds,
        tuple(wrong[:4]),
        unsupported,
    )


def harsh_scene_row(job: tuple[str, int]) -> Row:
    """One scene of ``vision/harsh.py``, scored by ``bench/vision.py``."""
    from bench.vision import _harsh

    condition, seed = job
    _, _, missed, false, unknown, zones, needed, _, _, _, refused, _ = _harsh(
        (HARSH_GROUP[condition], seed, False, False)
    )
    exact = zones - missed - false - unknown
    return Row(
        "harsh",
        condition,
        seed,
        exact,
        missed,
        false,
        unknown,
        zones,
        bool(refused),
        needed > 0,
        {},
        (),
    )


def _run(job: tuple[str, str, int]) -> Row:
    renderer, condition, seed = job
    if renderer == "second":
        return second_scene((condition, seed))
    return harsh_scene_row((condition, seed))


def report(rows: Sequence[Row]) -> None:
    """One line per renderer and condition."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        groups.setdefault((r.renderer, r.condition), []).append(r)
    for (renderer, condition), rs in groups.items():
        n = len(rs)
        clean = sum(1 for r in rs if r.missed == 0 and r.false == 0)
        missed = sum(r.missed for r in rs)
        false = sum(r.false for r in rs)
        valued = [r for r in rs if r.settled]
        unknown = sum(r.unknown for r in valued)
        zones = sum(r.zones for r in valued)
        refused = sum(1 for r in rs if r.refused)
        unsettled = sum(1 for r in rs if not r.settled and not r.refused)
        share = f"{100 * unknown / zones:.1f} %" if zones else "-"
        print(
            f"  {renderer:6} {condition:22} no wrong zone {clean}/{n};"
            f" missed {missed} / false {false}; unknown {share}"
            f" (over {len(valued)} settled); refused {refused}; never settled {unsettled}"
        )
        kinds: dict[str, list[int]] = {}
        for r in valued:
            for k, (u, z) in r.per_kind.items():
                per = kinds.setdefault(k, [0, 0])
                per[0] += u
                per[1] += z
        if kinds:
            print(
                "      unknown per zone kind: "
                + ", ".join(f"{k} {100 * u / z:.0f} %" for k, (u, z) in sorted(kinds.items()) if z)
            )
        unsupported = sum(r.unsupported for r in valued)
        if unsupported:
            print(
                f"      of which {unsupported} bare donation spaces under a counter the table"
                f" puts on a higher level ({100 * unsupported / zones:.1f} % of zones)"
            )
        for r in rs:
            for w in r.wrong:
                print(f"      seed {r.seed}: {w}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=8, help="scenes per condition")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=900_000)
    parser.add_argument("--renderer", choices=("second", "harsh", "both"), default="both")
    parser.add_argument("--conditions", default="", help="comma-separated; default: all")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if not 1 <= args.scenes <= 1000:
        parser.error(f"--scenes takes 1 to 1000 scenes per condition, not {args.scenes}")
    from bench.second_renderer import CONDITIONS

    # The hardest groups first, so a run cut short still says most.
    first = ("ideal", "glare", "everything_calibrated", "sloppy", "blur_noise_jpeg")
    everything = [c for c in first if c in CONDITIONS] + [c for c in CONDITIONS if c not in first]
    chosen = [c for c in args.conditions.split(",") if c] or everything
    unknown = [c for c in chosen if c not in CONDITIONS]
    if unknown:
        parser.error(f"--conditions: no condition named {', '.join(unknown)}")
    renderers = ("second", "harsh") if args.renderer == "both" else (args.renderer,)
    seeds = range(args.first_seed, args.first_seed + args.scenes)
    jobs = [
        (r, c, s)
        for c in chosen
        for r in renderers
        if r == "second" or c in HARSH_GROUP
        for s in seeds
    ]
    print(
        f"== Amritsar's pipeline on two renderers (issue 34): {args.scenes} scenes per"
        f" condition, seeds {seeds[0]}-{seeds[-1]} (held out), no expectation fed,"
        f" pipeline as `companion run` builds it; {args.workers} processes"
    )
    t0 = time.perf_counter()
    rows: list[Row] = []
    with multiprocessing.Pool(args.workers, maxtasksperchild=8) as pool:
        # Each group printed as soon as its last scene is in (jobs come in order).
        for row in pool.imap(_run, jobs, chunksize=1):
            rows.append(row)
            if len(rows) % args.scenes == 0:
                report(rows[-args.scenes :])
                print(f"      ({time.perf_counter() - t0:.0f} s so far)", flush=True)
    print(f"  {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
