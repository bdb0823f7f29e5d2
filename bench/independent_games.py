"""Imhotep, Ceylon and Rajas camera tables on the independent second renderer (issue 34).

Run:  nice -n 10 .venv/bin/python bench/independent_games.py --game imhotep \\
          [--scenes 5] [--first-seed 2000] [--conditions ideal,glare] [--workers 1]

Why: ``bench/table_reading.py`` measures each game's reader on the frames of
its own renderer (``GameTable.render``), tuned together with it.
``bench.second_renderer`` was written by a team member who never read
``vision/``; this harness uses it only through its contract
(``render_scene``, ``Scene``, ``CONDITIONS``), never its images for tuning.
Seeds 900000-999999 are held out: nothing is tuned on them.

Each scene is read as ``companion run`` reads a table at setup or after a
restart (``vision.games.table_for(game).reader(calibration, players,
options)``): the calibration only where the scene's camera says a harness may
use it, the scene's player count (the companion started the game), no
options and no record (``expect``: nothing told), the same still frame given
until the reader settles (10 frames at most). A reader that refuses (a hand
over the edge, the board not found) or never settles counts every zone
unknown.

The renderer's scenes are plausible tables, not legal game states (Imhotep's
boats need not be the round card's, two discs of one seat may share a
track). A reader's observation is turned into the renderer's zone ids
(:func:`imhotep_zones`, :func:`ceylon_zones`, :func:`rajas_zones`) and only
the zones the observation claims are scored; where the observation cannot
say which of the renderer's zones a piece is in (Imhotep's harbour berths,
a seat's cards as a sorted hand, Ceylon's advisor tracks as a per-seat mask)
the renderer's zones are merged into one (``harbour``, ``seats:0:cards``,
``advisor_discs:kandy``). Pieces are tokens: a sticker's marker id (``"47"``),
an Imhotep stone by colour (``"stone:black"``; a sled reads a count:
``"stone"``). Zone by zone (:func:`score`): *exact*, *unknown* (not read),
*missed* (a piece there read absent), *false* (something read that is not
there), *wrong id* (both). A piece the reader could not place (its field
``None``) makes unknown the zone that holds it in the truth (not missed).
A scene with any missed, false or wrong-id zone fails.

Not scored (the reader claims nothing there, or cannot): Imhotep's stacked
sites (pyramid, temple, obelisks: read only against the game's record, none
is told here); Imhotep boats that are not the round card's (the reader looks
only for those); Ceylon's tech track (the renderer places no discs there);
Rajas's province cells: the renderer puts them on a 6 x 5 grid of 40 mm cells
from the board's edge, the kit's reader on a 5 x 4 grid inside a 20 mm border
(``hardware/rajas/layout.json`` gives the board and cell size but not the
border, so both readings of it are fair): no cell of one is a cell of the
other; the cover tiles of closed action spaces (the reader counts them as
"no worker").
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.independent_vision import MAX_FRAMES, lens_of
from vision.sources import Frame

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("imhotep", "ceylon", "rajas")
#: the issue's hardest conditions first, so a run cut short still says most
FIRST = ("ideal", "glare", "everything_calibrated", "sloppy", "blur_noise_jpeg")

Reading = dict[str, list[str] | None]
Truth = dict[str, list[str]]


# -- scoring ------------------------------------------------------------------


@dataclass
class Tally:
    """Zone verdicts of one or more scenes."""

    counts: Counter[str] = field(default_factory=Counter)
    #: zone kind -> [unknown, zones]
    kinds: dict[str, list[int]] = field(default_factory=dict)
    wrong: list[str] = field(default_factory=list)

    def add(self, zone: str, verdict: str) -> None:
        self.counts[verdict] += 1
        per = self.kinds.setdefault(kind_of(zone), [0, 0])
        per[1] += 1
        per[0] += verdict == "unknown"

    @property
    def failed(self) -> bool:
        return any(self.counts[v] for v in ("missed", "false", "wrong id"))


def kind_of(zone: str) -> str:
    """A zone's kind for the unknown-per-kind figures: the first part of its
    id and the parts that name a kind of place (``seats:2:card_slots:3`` ->
    ``seats:card_slots``, ``hexes:D5`` -> ``hexes``)."""
    parts = zone.split(":")
    return ":".join([parts[0]] + [p for p in parts[1:] if p in _SUBKINDS])


#: parts of zone ids that name a kind of place (kept in a zone's kind)
_SUBKINDS = frozenset(("card_slots", "sled_slots", "cards", "sled", "dock", "cargo", "elephant"))


def score(read: Reading, truth: Truth, unsure: set[str] | None = None) -> Tally:
    """Each zone the reading claims (a key of ``read``), against the truth.

    ``read[zone]``: the pieces read there (tokens), or ``None`` (unknown).
    ``unsure``: pieces the reader could not place: a zone holding one in the
    truth is unknown whatever was read there. A zone the reading claims that
    is not in the truth (no such zone in play) is false if something is read
    there, else not scored."""
    tally = Tally()
    for zone, got in read.items():
        want = sorted(truth.get(zone, []))
        if zone not in truth and not got:
            continue
        if got is not None and unsure and set(want) & unsure:
            got = None
        if got is None:
            tally.add(zone, "unknown")
            continue
        got = sorted(got)
        if got == want:
            tally.add(zone, "exact")
            continue
        extra = Counter(got) - Counter(want)
        short = Counter(want) - Counter(got)
        verdict = "wrong id" if extra and short else "false" if extra else "missed"
        tally.add(zone, verdict)
        tally.wrong.append(f"{zone}: read {got}, truth {want}")
    return tally


# -- Imhotep ------------------------------------------------------------------


def imhotep_truth(
    scene_truth: Mapping[str, Sequence[int]], stones: Mapping[str, Sequence[str]]
) -> Truth:
    """The renderer's Imhotep truth as tokens, with the merged zones added:
    ``harbour`` (every berth), ``seats:<s>:cards`` (a seat's card spaces),
    ``seats:<s>:sled`` (stones on a seat's sled, as a count), every stone
    zone's stones by colour and each boat's cargo (``boat:<id>:cargo``)."""
    from vision.games.imhotep.plan import PLAN

    out: Truth = {k: [str(m) for m in v] for k, v in scene_truth.items()}
    out["harbour"] = [
        str(m) for k, v in scene_truth.items() if k.startswith("harbour_berths:") for m in v
    ]
    seats = {k.split(":")[1] for k in scene_truth if k.startswith("seats:")}
    for s in seats:
        out[f"seats:{s}:cards"] = [
            str(m)
            for k, v in scene_truth.items()
            if k.startswith(f"seats:{s}:card_slots:")
            for m in v
        ]
        sled = [k for k in scene_truth if k.startswith(f"seats:{s}:sled_slots:")]
        out[f"seats:{s}:sled"] = ["stone"] * sum(1 for k in sled if stones.get(k))
    for k in scene_truth:
        if k.startswith(("burial_cells:",)):
            out[k] = [str(c) for c in stones.get(k, [])]
    for k, v in scene_truth.items():
        if k.startswith(("harbour_berths:", "sites:")) and v:
            entry = PLAN.by_id(int(v[0]))
            if entry is not None and entry.kind == "boat":
                out[f"boat:{entry.name.split('-')[0]}:cargo"] = [str(c) for c in stones.get(k, [])]
    return out


def imhotep_zones(obs: Any) -> tuple[Reading, set[str]]:
    """An :class:`ImhotepObservation` as zones (see :func:`imhotep_truth`), and
    the pieces it could not place (the round's boats read as unknown)."""
    from engine.imhotep.catalog import default_catalog
    from vision.games.imhotep.plan import PLAN

    read: Reading = {}
    unsure: set[str] = set()
    if obs.round_card is not None:
        read["round_card"] = [str(PLAN.id_of("round-card", str(obs.round_card)))]
    if obs.market is not None:
        for i, name in enumerate(obs.market):
            read[f"market:{i}"] = (
                None if name is None else ([str(PLAN.id_of("card", name))] if name else [])
            )
    for s, hand in enumerate(obs.cards or ()):
        read[f"seats:{s}:cards"] = (
            None if hand is None else [str(PLAN.id_of("card", n)) for n in hand]
        )
    for s, count in enumerate(obs.sleds or ()):
        read[f"seats:{s}:sled"] = None if count is None else ["stone"] * count
    if obs.burial is not None:
        for i in range(30):
            read[f"burial_cells:{i}"] = [f"stone:{obs.burial[i]}"] if i < len(obs.burial) else []
            if i < len(obs.burial) and obs.burial[i] is None:
                read[f"burial_cells:{i}"] = None
    if obs.boats is not None and obs.round_card is not None:
        docks = ["harbour"] + [
            f"sites:{s}:dock" for s in ("market", "pyramid", "temple", "burial", "obelisk")
        ]
        places: dict[str, list[str] | None] = {d: [] for d in docks}
        for boat_id, boat in zip(
            default_catalog().round_card(obs.round_card).boats, obs.boats, strict=True
        ):
            ids = [str(PLAN.id_of("boat", f"{boat_id}-{end}")) for end in ("bow", "stern")]
            if boat is None:
                unsure.update(ids)
                continue
            where = "harbour" if boat[1] == "harbour" else f"sites:{boat[1]}:dock"
            got = places.setdefault(where, [])
            assert got is not None
            got.extend(ids)
            slots = boat[2]
            cargo = f"boat:{boat_id}:cargo"
            read[cargo] = (
                None if any(c is None for c in slots) else [f"stone:{c}" for c in slots if c]
            )
        read.update(places)
    return read, unsure


def imhotep_claimed(truth: Truth) -> Truth:
    """The truth kept to the round card's boats (the reader looks for those
    only; a scene may hold others): the docks' boats and the boats' cargo."""
    from engine.imhotep.catalog import default_catalog
    from vision.games.imhotep.plan import PLAN

    card = truth.get("round_card", [])
    entry = PLAN.by_id(int(card[0])) if len(card) == 1 else None
    if entry is None:
        return truth
    boats = default_catalog().round_card(int(entry.name)).boats
    ids = {str(PLAN.id_of("boat", f"{b}-{end}")) for b in boats for end in ("bow", "stern")}
    out = dict(truth)
    for k, v in truth.items():
        if k == "harbour" or k.startswith(("harbour_berths:", "sites:")):
            out[k] = [m for m in v if m in ids]
        elif k.startswith("boat:") and int(k.split(":")[1]) not in boats:
            del out[k]
    return out


# -- Ceylon -------------------------------------------------------------------


def _ceylon_layout() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "hardware/ceylon/layout.json").read_text())
    return data


def ceylon_truth(scene_truth: Mapping[str, Sequence[int]], players: int = 4) -> Truth:
    """The renderer's Ceylon truth as tokens, with each advisor's track merged
    (``advisor_discs:<district>``: the discs on any of its spaces, one per seat),
    less the pawn homes of colours no seat plays (the renderer lists all four)."""
    absent = {f"pawn_homes:{c}" for c in list(_ceylon_layout()["pawn_homes"])[players:]}
    out: Truth = {k: [str(m) for m in v] for k, v in scene_truth.items() if k not in absent}
    for district in _ceylon_layout()["advisor_disc_spaces"]:
        seen = {
            str(m)
            for k, v in scene_truth.items()
            if k.startswith(f"advisor_disc_spaces:{district}:")
            for m in v
        }
        out[f"advisor_discs:{district}"] = sorted(seen)
    return out


def ceylon_zones(obs: Any, players: int) -> tuple[Reading, set[str]]:
    """A :class:`CeylonObservation` as the renderer's zones: each hex (its
    pawns, its leaf markers, a small elevation tile's two stickers), each
    pawn's home, wagon, advisor space, advisor track (merged) and the discard
    space; and the pawns it could not place."""
    from vision.games.ceylon import plan as P

    lay = _ceylon_layout()
    hexes = list(lay["hexes"])
    read: Reading = {}
    unsure: set[str] = set()
    pawns = obs.pawns
    for seat in range(players):
        home = f"pawn_homes:{list(lay['pawn_homes'])[seat]}"
        where = None if pawns is None else pawns[seat]
        read[home] = None if where is None else ([str(P.PAWN_IDS[seat])] if where == -1 else [])
        if where is None:
            unsure.add(str(P.PAWN_IDS[seat]))
    for h, name in enumerate(hexes):
        level = None if obs.levels is None else obs.levels[h]
        plant = None if obs.plantations is None else obs.plantations[h]
        if level is None or plant is None:
            read[f"hexes:{name}"] = None
            continue
        # a large elevation tile read (the renderer places none: no ids to
        # compare, a token that is wrong wherever it is read)
        got = [str(P.SMALL_ID), str(P.FREE_IDS[-1])] if level == 2 else ["large-tile"] * level
        seat, count = plant
        if seat >= 0:
            got += [str(P.LEAF_IDS[seat])] * count
        got += [str(P.PAWN_IDS[s]) for s in range(players) if pawns is not None and pawns[s] == h]
        read[f"hexes:{name}"] = got
    for i, c in enumerate(obs.train or (None,) * len(lay["wagons"])):
        read[f"wagons:{i}"] = None if c is None else ([str(P.CONTRACT_IDS[c])] if c >= 0 else [])
    districts = list(lay["advisor_spaces"])
    for i, a in enumerate(obs.advisors or (None,) * len(districts)):
        read[f"advisor_spaces:{districts[i]}"] = (
            None if a is None else ([str(P.ADVISOR_IDS[a])] if a >= 0 else [])
        )
    for d, district in enumerate(districts):
        masks = obs.hired
        if masks is None or any(masks[s] is None for s in range(players)):
            read[f"advisor_discs:{district}"] = None
            continue
        read[f"advisor_discs:{district}"] = [
            str(P.DISC_IDS[s]) for s in range(players) if masks[s] >> d & 1
        ]
    card = obs.card
    read["discard"] = None if card is None else ([str(P.FACE_IDS[card])] if card >= 0 else [])
    return read, unsure


# -- Rajas --------------------------------------------------------------------


def _rajas_layout() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "hardware/rajas/layout.json").read_text())
    return data


def rajas_truth(scene_truth: Mapping[str, Sequence[int]]) -> Truth:
    """The renderer's Rajas truth as tokens, less the closed spaces' cover
    tiles (the reader counts a closed space as one without a worker)."""
    from vision.games.rajas.plan import rajas_plan

    cover = str(rajas_plan().find("out-of-play", "closed").marker_id)
    return {
        k: [str(m) for m in v if not (k.startswith("action_spaces:") and str(m) == cover)]
        for k, v in scene_truth.items()
    }


def rajas_zones(obs: Any) -> tuple[Reading, set[str]]:
    """A :class:`RajasObservation` as the renderer's zones: action spaces,
    quarry stacks, the fame and money tracks, the river, the elephant; and the
    tokens it could not place. Province cells are not scored (module doc)."""
    from engine.rajas.catalog import default_catalog
    from engine.rajas.scoring import COLOURS
    from vision.games.rajas.plan import rajas_plan

    plan = rajas_plan()
    cat = default_catalog()
    lay = _rajas_layout()
    read: Reading = {}
    unsure: set[str] = set()
    names = list(lay["action_spaces"])
    assert [s.id for s in cat.spaces] == names, "the reader's action spaces are the layout's"
    worker = [str(plan.find("worker", c).marker_id) for c in COLOURS]
    token = [str(plan.find("token", c).marker_id) for c in COLOURS]
    for i, seat in enumerate(obs.spaces or ()):
        read[f"action_spaces:{names[i]}"] = (
            None if seat is None else ([worker[seat]] if seat >= 0 else [])
        )
    for j, top in enumerate(obs.tops or ()):
        tile = None if top is None or top < 0 else cat.tiles[top]
        read[f"stacks:{j}"] = (
            None
            if top is None
            else [str(plan.find("tile", tile.id).marker_id)]
            if tile is not None
            else []
        )
    for track, values, size in (
        ("fame_track", obs.fame, len(lay["fame_track"])),
        ("money_track", obs.money, len(lay["money_track"])),
        ("river", obs.boats, len(lay["river"])),
    ):
        if values is None:
            continue
        for seat, v in enumerate(values):
            if v is None:
                unsure.add(token[seat])
        for place in range(size):
            read[f"{track}:{place}"] = [token[s] for s, v in enumerate(values) if v == place]
    if obs.provinces is not None:
        elephant = str(plan.find("elephant", "elephant").marker_id)
        for seat in range(len(obs.provinces)):
            read[f"province:{seat}:elephant"] = (
                None if obs.elephant is None else [elephant] if obs.elephant == seat else []
            )
    return read, unsure


# -- one scene ----------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One scene's score."""

    game: str
    condition: str
    seed: int
    counts: dict[str, int]
    kinds: dict[str, tuple[int, int]]
    settled: bool
    refused: str  # the reader's problems when it never settled
    frames: int
    wrong: tuple[str, ...]
    seconds: float


#: the zone kinds each game's reading is scored on (:func:`kind_of`); the
#: rest of the truth is not (the module's doc says why)
SCORED = {
    "imhotep": frozenset(
        [
            "round_card",
            "market",
            "seats:cards",
            "seats:sled",
            "burial_cells",
            "harbour",
            "sites:dock",
            "boat:cargo",
        ]
    ),
    "ceylon": frozenset(
        ["hexes", "pawn_homes", "wagons", "advisor_spaces", "advisor_discs", "discard"]
    ),
    "rajas": frozenset(
        ["action_spaces", "stacks", "fame_track", "money_track", "river", "province:elephant"]
    ),
}


def scored_zones(game: str, truth: Truth) -> Reading:
    """Every zone of the truth the bench scores for ``game``, unknown: a
    reading fills in what it claims; what it leaves out stays unknown."""
    return {k: None for k in truth if kind_of(k) in SCORED[game]}


def zones_of(game: str, obs: Any, players: int) -> tuple[Reading, set[str]]:
    if game == "imhotep":
        return imhotep_zones(obs)
    if game == "ceylon":
        return ceylon_zones(obs, players)
    return rajas_zones(obs)


def truth_of(game: str, scene: Any) -> Truth:
    if game == "imhotep":
        return imhotep_truth(scene.truth, scene.stones)
    if game == "ceylon":
        return ceylon_truth(scene.truth, scene.players)
    return rajas_truth(scene.truth)


def run_scene(job: tuple[str, str, int]) -> Row:
    from bench.second_renderer import render_scene
    from vision.games import table_for

    game, condition, seed = job
    t0 = time.perf_counter()
    scene = render_scene(game=game, seed=seed, condition=condition)
    table = table_for(game)
    assert table is not None
    calibration = lens_of(scene.camera) if scene.camera.calibrated else None
    reader = table.reader(calibration, scene.players, ())
    obs = None
    frames = 0
    for n in range(MAX_FRAMES):
        frames = n + 1
        obs = reader.read(Frame(image=scene.image, number=n, time=n / 10))
        if obs is not None:
            break
    truth = truth_of(game, scene)
    if game == "imhotep":
        truth = imhotep_claimed(truth)
    read = scored_zones(game, truth)
    unsure: set[str] = set()
    refused = ""
    if obs is None:
        refused = "; ".join(reader.problems()[:2]) or "never settled"
    else:
        claimed, unsure = zones_of(game, obs, scene.players)
        read.update(claimed)
    tally = score(read, truth, unsure)
    return Row(
        game,
        condition,
        seed,
        dict(tally.counts),
        {k: (v[0], v[1]) for k, v in tally.kinds.items()},
        obs is not None,
        refused,
        frames,
        tuple(tally.wrong[:6]),
        time.perf_counter() - t0,
    )


def report(rows: Sequence[Row], verbose: bool = True) -> str:
    """One line for a game's condition, the unknowns per zone kind, and the wrong zones."""
    n = len(rows)
    counts: Counter[str] = Counter()
    kinds: dict[str, list[int]] = {}
    for r in rows:
        counts.update(r.counts)
        for k, (u, z) in r.kinds.items():
            per = kinds.setdefault(k, [0, 0])
            per[0] += u
            per[1] += z
    clean = sum(
        1 for r in rows if not any(r.counts.get(v) for v in ("missed", "false", "wrong id"))
    )
    zones = sum(counts.values())
    unsettled = [r for r in rows if not r.settled]
    lines = [
        f"| {rows[0].condition} | {clean}/{n} | {counts['missed']} / {counts['false']} |"
        f" {counts['wrong id']} | {100 * counts['unknown'] / max(zones, 1):.1f} % |"
        f" {len(unsettled)} | {zones // max(n, 1)} |"
    ]
    lines.append(
        "      unknown per zone kind: "
        + ", ".join(f"{k} {100 * u / z:.0f} % of {z}" for k, (u, z) in sorted(kinds.items()) if z)
    )
    if verbose:
        for r in unsettled:
            lines.append(f"      seed {r.seed}: not read ({r.refused})")
        for r in rows:
            for w in r.wrong:
                lines.append(f"      seed {r.seed}: {w}")
    return "\n".join(lines)


HEADER = (
    "| condition | scenes with no wrong zone | missed / false | wrong id | unknown zones"
    " | refused or never settled | zones per scene |\n|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="imhotep,ceylon,rajas", help="comma-separated")
    parser.add_argument("--scenes", type=int, default=5, help="scenes per condition")
    parser.add_argument("--first-seed", type=int, default=900_000)
    parser.add_argument("--conditions", default="", help="comma-separated; default: all")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no wrong zones written out")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    from bench.second_renderer import CONDITIONS

    if not 1 <= args.scenes <= 1000:
        parser.error(f"--scenes takes 1 to 1000 scenes per condition, not {args.scenes}")
    if not 1 <= args.workers <= 8:
        parser.error(f"--workers takes 1 to 8 processes, not {args.workers}")
    games = [g for g in args.game.split(",") if g]
    bad = [g for g in games if g not in GAMES]
    if bad:
        parser.error(
            f"--game: no camera table to measure for {', '.join(bad)} (one of {', '.join(GAMES)})"
        )
    everything = [c for c in FIRST if c in CONDITIONS] + [c for c in CONDITIONS if c not in FIRST]
    chosen = [c for c in args.conditions.split(",") if c] or everything
    bad = [c for c in chosen if c not in CONDITIONS]
    if bad:
        parser.error(f"--conditions: no condition named {', '.join(bad)}")
    seeds = range(args.first_seed, args.first_seed + args.scenes)
    held = "held out" if seeds[0] >= 900_000 else "development"
    print(
        f"# {platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f};"
        f" {args.scenes} scenes per condition, seeds {seeds[0]}-{seeds[-1]} ({held});"
        f" readers as `companion run` builds them, no record told; {args.workers} processes"
    )
    t0 = time.perf_counter()
    for game in games:
        print(f"\n## {game}\n{HEADER}")
        jobs = [(game, c, s) for c in chosen for s in seeds]
        rows: list[Row] = []
        if args.workers > 1:
            with multiprocessing.Pool(args.workers, maxtasksperchild=4) as pool:
                results = pool.imap(run_scene, jobs, chunksize=1)
                for row in results:
                    rows.append(row)
                    if len(rows) % args.scenes == 0:
                        print(report(rows[-args.scenes :], not args.quiet))
        else:
            for job in jobs:
                rows.append(run_scene(job))
                if len(rows) % args.scenes == 0:
                    print(report(rows[-args.scenes :], not args.quiet))
        print(f"# {game}: {time.perf_counter() - t0:.0f} s so far")


if __name__ == "__main__":
    main()
