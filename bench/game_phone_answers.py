"""Phone answers per simulated game, classified: forced by what the table cannot show, or avoidable.

For any game served through its ``Rules`` and read through ``vision.games``
(Imhotep, Ceylon, Rajas; Amritsar's own figure is ``bench/phone_answers.py``).
Plays seeded games with ``companion demo --camera``'s driver
(``companion.sim.camera_demo``): simulated players change the table, a camera
reports it to the session, and the phones answer what the session could not
take from the table. Every answer a phone (or the table screen) gives is
classified against a *perfect camera* looking at the same table at the same
moment: the observation-level fake with no misses (``FakeCamera(miss=0)``:
every field a camera reads, never the ``DERIVED`` or ``BLIND`` ones), its
verdict worked out by the same reconciler the session uses
(``companion.reconcile.traceless.reconcile_settled``: a move no camera sees
inferred from the next move, or asked when several fit):

- forced, secret draw: a card into a hand, said by the drawer's phone;
- forced, the table cannot show it: even the perfect camera sees nothing that
  explains the move (it changes only what no camera reads: a personal board,
  a track, the inside of a harvest), or a public draw whose face it cannot read;
- forced, the table fits several moves: the perfect camera's verdict is
  ambiguous too, so a question (or an answer) was due whatever the camera;
- avoidable, the camera said unknown: the perfect camera reads the very move
  (or draw) answered, so the answer was needed only because this camera left
  a zone unknown (the fake's misses, or the rendered frames' reader).

``--camera fake`` (default: fast, no pixels; ``--miss`` of the fields missed
per look) or ``--camera frames`` (the game's camera table: rendered frames
under ``--condition``, read back by its reader; slow, keep it to one game).

Run: ``nice -n 10 .venv/bin/python bench/game_phone_answers.py --game ceylon [--games 3]
[--camera fake|frames] [--workers 1]``
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import io
import os
import platform
import subprocess
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from companion.reconcile.generic import Verdict
from companion.reconcile.traceless import reconcile_settled
from companion.rules_session import Outcome, RulesSession
from companion.sim.camera_demo import run_camera_demo
from companion.sim.fake_camera import Eye, FakeCamera, TableEye
from companion.sim.sim_players import DEMO_SIMULATED, SIMULATED
from engine.core.observation import Observation

GAMES = ("imhotep", "ceylon", "rajas")
SECRET = "forced: secret draw (the drawer's phone)"
CANNOT = "forced: the table cannot show it"
SEVERAL = "forced: the table fits several moves"
UNKNOWN = "avoidable: only because the camera said unknown"
CLASSES = (SECRET, CANNOT, SEVERAL, UNKNOWN)


class PerfectWitness:
    """An eye that passes each look to the camera under test and keeps the table it
    was shown, so that a perfect camera's verdict on it can be worked out later."""

    def __init__(self, game: str, camera: Eye) -> None:
        self.camera = camera
        self.perfect = FakeCamera(game, miss=0.0)
        self.shown: Observation | None = None

    def look(self, shown: Observation, record: Observation | None = None) -> Observation | None:
        self.shown = shown
        return self.camera.look(shown, record)

    def verdict(self, session: RulesSession) -> Verdict | None:
        """The perfect camera's verdict on the last table shown, for the game as it
        stands now (the camera under test may have taken part of the move already)."""
        if self.shown is None:
            return None
        return reconcile_settled(session.rules, session.state, self.perfect.look(self.shown))


def classify(session: RulesSession, action_text: str, witness: PerfectWitness) -> str:
    """Why the phone answered ``action_text`` now, against the perfect camera's verdict."""
    d = session.rules.decision(session.state)
    if d.is_chance and d.secret_for is not None and session._open_question() is None:
        return SECRET
    verdict = witness.verdict(session)
    if verdict is None:
        return CANNOT
    rules, state = session.rules, session.state
    try:
        answered = rules.to_dict(rules.apply(state, rules.parse_action(action_text))[0])
    except ValueError:
        return CANNOT  # refused: it counts nowhere (the session refuses it too)

    def same(action: Any) -> bool:  # two names for one move (a Rajas good paying alike)
        return rules.to_dict(rules.apply(state, action, check=False)[0]) == answered

    if verdict.kind in ("moves", "ambiguous") and verdict.actions:
        # the perfect camera reads this action (an ambiguity, if any, comes after it)
        return UNKNOWN if same(verdict.actions[0]) else CANNOT
    if verdict.kind == "ambiguous":
        return SEVERAL if any(same(a) for a in verdict.candidates) else CANNOT
    return CANNOT


def one_game(
    game: str,
    seed: int,
    players: int,
    camera: str,
    miss: float,
    condition: str = "ideal",
    simulated: str = DEMO_SIMULATED,
) -> dict[str, Any]:
    """Play one seeded game; count its phone answers by class and its camera steps."""
    from vision.games import table_for

    if camera == "frames":
        table = table_for(game)
        if table is None:
            raise SystemExit(f"{game} has no camera table to render frames with")
        inner: Eye = TableEye(table, seed=seed, condition=condition, players=players)
    else:
        inner = FakeCamera(game, miss=miss, seed=seed)
    witness = PerfectWitness(game, inner)
    answers: Counter[str] = Counter()
    kinds: Counter[str] = Counter()  # "class|first word of the action"

    def prepare(session: RulesSession) -> None:
        plain = session.answer

        def answer(seat: int | None, action: str, state_id: int) -> Outcome:
            why = classify(session, action, witness)
            outcome = plain(seat, action, state_id)
            if outcome.ok:
                answers[why] += 1
                kinds[f"{why}|{action.split()[0] if action.split() else '?'}"] += 1
            return outcome

        session.answer = answer  # type: ignore[method-assign]

    began = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        report = run_camera_demo(
            game,
            players=players,
            seed=seed,
            log_path=Path(folder) / "game.sqlite",
            out=io.StringIO(),
            miss=miss,
            eye=witness,
            prepare=prepare,
            simulated=simulated,
        )
    return {
        "game": game,
        "seed": seed,
        "players": players,
        "answers": dict(answers),
        "kinds": dict(kinds),
        "steps": dict(report.steps),
        "cpu_s": time.process_time() - began,
    }


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="the games (default all)")
    parser.add_argument("--games", type=int, default=3, help="seeded games per rulebook")
    parser.add_argument("--camera", choices=("fake", "frames"), default="fake")
    parser.add_argument(
        "--miss", type=float, default=0.1, help="fake camera: chance a field is missed per look"
    )
    parser.add_argument(
        "--condition", default="ideal", help="frames: the harsh condition (vision.harsh)"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument(
        "--simulated",
        choices=SIMULATED,
        default=DEMO_SIMULATED,
        help="how the simulated players play (companion.sim.sim_players; casual: before issue 38)",
    )
    args = parser.parse_args()
    if args.camera == "frames":
        from vision.harsh import CONDITIONS

        if args.condition not in CONDITIONS:
            parser.error(f"--condition: one of {', '.join(CONDITIONS)}")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, commit {_commit()}"
    )
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    camera = (
        f"rendered frames ({args.condition})"
        if args.camera == "frames"
        else f"fake, {args.miss:.0%} missed"
    )
    print(
        f"camera: {camera}; {args.games} games per rulebook, 2-4 players in turn, "
        f"playing as {args.simulated}"
    )
    jobs = [
        (game, args.seed + i, 2 + i % 3, args.camera, args.miss, args.condition, args.simulated)
        for game in args.game or GAMES
        for i in range(args.games)
    ]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(one_game, *zip(*jobs, strict=True)))
    else:
        results = [one_game(*job) for job in jobs]
    for game in args.game or GAMES:
        mine = [r for r in results if r["game"] == game]
        print(f"\n{game}: {len(mine)} games")
        print("  per game (seed, players): " + ", ".join(
            f"{r['seed']}/{r['players']}p {sum(r['answers'].values())} answers "
            f"({r['cpu_s']:.1f} CPU s)" for r in mine
        ))  # fmt: skip
        total: Counter[str] = Counter()
        steps: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        for r in mine:
            total.update(r["answers"])
            steps.update(r["steps"])
            kinds.update(r["kinds"])
        n = len(mine)
        read = steps["move read by the camera"] + steps["draw read by the camera"]
        print(f"  {read / n:7.1f}  moves and draws read by the camera (mean per game)")
        for why in CLASSES:
            words = sorted(
                ((count, key.split("|")[1]) for key, count in kinds.items() if key.startswith(why)),
                reverse=True,
            )
            said = ", ".join(f"{word} {count / n:.1f}" for count, word in words[:6])
            print(f"  {total[why] / n:7.1f}  {why}" + (f"  ({said})" if said else ""))
        forced = sum(total[w] for w in CLASSES if w.startswith("forced"))
        print(
            f"  phone answers per game: {sum(total.values()) / n:.1f} "
            f"(forced {forced / n:.1f}, avoidable {total[UNKNOWN] / n:.1f})"
        )


if __name__ == "__main__":
    main()
