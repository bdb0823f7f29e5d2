"""Phone answers per simulated solo game: how often the player must tap.

Plays seeded solo games against the Maharajah with the demo's player
(``GreedyPlayer``) on a perfectly read table (``companion.sim.simulate``): moves
happen on the table, the reconciler infers them, and whatever the companion
cannot infer is answered on the player's phone. Counts the answers per game,
the forced ones (the companion asked although only one answer was legal), and
the answers by kind of decision, so each remaining kind can be explained.

Two players are measured: one who answers on the phone as they decide 70% of
the time (the demo's habit, ``phone_first=0.7``) and one who answers only
when the companion is stuck (``phone_first=0``).

Goal (issue 16): median <= 32 answers, 0 forced answers.

Run: ``.venv/bin/python bench/phone_answers.py [--games 20]``
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import platform
import statistics
import time
from collections import Counter

from companion.reconcile.reconciler import Reconciler, closing_actions
from companion.session import TableSession
from companion.sim.demo import only_closing_left
from companion.sim.players import GreedyPlayer
from companion.sim.simulate import PerfectTable, ScriptedTable
from engine.amritsar import Act, Action, Pending, apply, legal_actions, observe


class CountingTable(ScriptedTable):
    """The demo's player on a perfectly read table, noting every phone answer.

    Like the demo (``companion.sim.demo.DemoTable``), the player ends a turn with
    the sensor board's "turn done" button when the rest of their planned turn
    is only closing moves. With ``lazy`` the player does not stop to say they
    leave their elephant where it is (nothing to see): they carry on, and
    answer only if the companion still asks after their next move.
    """

    def __init__(self, *args: object, lazy: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.kinds: Counter[str] = Counter()
        self.forced: Counter[str] = Counter()
        self.lazy = lazy
        self.presses = 0

    def step(self, action: Action | None = None) -> None:
        truth = self.truth
        top = truth.pending[-1]
        if action is None:
            action = self.choose()
        kind = Pending(top.kind)
        closing_kinds = (Pending.ACTIONS, Pending.MARKET, Pending.ELEPHANT)
        if top.player == 0 and kind in closing_kinds and self._only_closing_left(action):
            self._press_done()
            return
        after, _ = apply(truth, action, check=False)
        quiet = observe(after) == observe(truth)
        if self.lazy and action.kind is Act.STAY and quiet:
            self.position += 1
            self.trail.append((truth, action))
            self.truth = after
            self.report.actions += 1
            self.table.show(after)
            return
        super().step(action)
        if self.session.state != self.truth:
            self._catch_up()
            self.trail = []

    def _only_closing_left(self, chosen: Action) -> bool:
        """The demo's rule: is the rest of the planned turn what "turn done" does?"""
        return only_closing_left(self.truth, self.policy, chosen)

    def _press_done(self) -> None:
        self._catch_up()
        closing = closing_actions(self.truth)
        closed = self.truth
        for action in closing:
            closed, _ = apply(closed, action, check=False)
        outcome = self.reconciler.on_button("done")
        if not outcome.ok:
            raise RuntimeError(f"turn done refused: {outcome.en}")
        self.presses += 1
        self.position += len(closing)
        self.report.actions += len(closing)
        self.truth = closed
        self.trail = []
        self.table.show(closed)
        self._catch_up()

    def _phone(self, action: Action) -> None:
        state = self.session.state
        kind = f"{Pending(state.pending[-1].kind).name} {action.kind.name}"
        self.kinds[kind] += 1
        if len(legal_actions(state)) == 1:
            self.forced[kind] += 1
        super()._phone(action)


def play(seed: int, phone_first: float, lazy: bool) -> CountingTable:
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    driver = CountingTable(
        session,
        Reconciler(session),
        PerfectTable(),
        seed=seed,
        policy=GreedyPlayer(0),
        phone_first=phone_first,
        lazy=lazy,
    )
    driver.play()
    return driver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} Python {platform.python_version()}"
    )
    for phone_first, lazy in ((0.7, False), (0.0, False), (0.0, True)):
        began = time.monotonic()
        answers: list[int] = []
        forced: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        actions: list[int] = []
        presses = 0
        for seed in range(args.games):
            driver = play(seed, phone_first, lazy)
            answers.append(driver.report.phone_answers)
            actions.append(driver.report.actions)
            kinds.update(driver.kinds)
            forced.update(driver.forced)
            presses += driver.presses
        games = args.games
        print(
            f"\nphone_first={phone_first} lazy={lazy}: {games} games in "
            f"{time.monotonic() - began:.0f} s; 'turn done' presses per game {presses / games:.1f}"
        )
        print(
            f"  answers per game: median {statistics.median(answers)}, "
            f"min {min(answers)}, max {max(answers)}; actions per game median "
            f"{statistics.median(actions)}"
        )
        print(f"  forced answers (one legal option): {sum(forced.values())} {dict(forced)}")
        print("  answers by kind, per game:")
        for kind, count in kinds.most_common():
            print(f"    {kind:22s} {count / games:5.1f}")


if __name__ == "__main__":
    main()
