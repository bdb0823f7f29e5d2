"""Phone answers per simulated solo game: how often the player must answer.

Plays seeded solo games against the Maharajah with the demo's player
(``companion.games.amritsar.sim.demo.DemoPlayer``, playing as ``--simulated``: the
companion's ``strong`` search by default, ``casual`` for ``GreedyPlayer``) on a perfectly
read table (``companion.games.amritsar.sim.simulate``): moves happen on the table, the
reconciler infers them, and whatever the companion cannot infer is answered on
the player's phone. Counts per game:

* answers: phone screens answered. A question and the follow-up it leads to
  (a tile action, then which track) are one screen on the phone
  (``companion.games.amritsar.grouped``), answered with one send;
* taps: every choice entered (a grouped screen is two; a long decision folded
  into short screens, ``companion.games.amritsar.menu``, one per screen walked);
* forced answers: the companion asked although only one answer was legal;
* answers by kind of decision, so each remaining kind can be explained.

The demo's player presses "turn done" to close a turn, does not stop for what
the phone says she may skip (leaving her elephant where it is; the order of a
coin and a market action, which her trades show), and answers on her phone as
she decides 70% of the time (``phone_first=0.7``), else when asked. Measured
beside her in the same run: the same player answering only when asked
(``phone_first=0``), without the grouped screens, and the old habit (no
skipping, every choice its own screen) as the baseline.

Goal (issue 16): median <= 32 answers, 0 forced answers.

Run: ``.venv/bin/python bench/phone_answers.py [--games 20] [--simulated casual]``
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
from typing import Any

from companion.games.amritsar.grouped import follow_ups
from companion.games.amritsar.menu import taps_to
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import DemoPlayer, ana_policy
from companion.games.amritsar.sim.simulate import PerfectTable
from companion.sim.sim_players import DEMO_SIMULATED, SIMULATED
from engine.amritsar import Action, GameState, Pending, legal_actions


class CountingTable(DemoPlayer):
    """The demo's player on a perfectly read table, noting every phone answer.

    ``skips`` False: she answers what the phone says she may skip, and every
    choice is its own screen (the habit before this work, as a baseline)."""

    def __init__(
        self, *args: object, skips: bool = True, groups: bool = True, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.skips = skips
        self.groups = groups
        self.kinds: Counter[str] = Counter()
        self.forced: Counter[str] = Counter()
        self.alerts: Counter[str] = Counter()  # on legal play, every one is false
        self.taps = 0
        self.screens = 0
        #: The last answer sent and where it left the game: a follow-up answered
        #: right after it is on the same screen.
        self._sent: tuple[GameState, Action, GameState] | None = None

    def _phone(self, action: Action) -> None:
        state = self.session.state
        kind = f"{Pending(state.pending[-1].kind).name} {action.kind.name}"
        self.taps += taps_to(state, action) if self.groups else 1
        if len(legal_actions(state)) == 1:
            self.forced[kind] += 1
        same_screen = False
        if self.groups and self._sent is not None:
            before, sent, after = self._sent
            follow = follow_ups(before, sent)
            same_screen = after == state and follow is not None and action in follow.actions
        super()._phone(action)
        if same_screen:
            self.report.phone_answers -= 1  # sent with the question before it
            self._sent = None
        else:
            self.kinds[kind] += 1
            self._sent = (state, action, self.session.state)


def play(
    seed: int,
    phone_first: float,
    skips: bool,
    groups: bool = True,
    simulated: str = DEMO_SIMULATED,
) -> CountingTable:
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    driver = CountingTable(
        session,
        Reconciler(session),
        PerfectTable(),
        seed=seed,
        policy=ana_policy(simulated),
        phone_first=phone_first,
        skips=skips,
        groups=groups,
    )
    raise_alert = session.raise_alert

    def counted(*args: Any, **kwargs: Any) -> Any:
        alert = raise_alert(*args, **kwargs)
        driver.alerts[alert.code] += 1
        return alert

    session.raise_alert = counted  # type: ignore[method-assign]
    driver.play()
    return driver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--simulated",
        choices=SIMULATED,
        default=DEMO_SIMULATED,
        help="how the player plays (companion.sim.sim_players; casual: GreedyPlayer, before "
        "issue 38)",
    )
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} Python {platform.python_version()}"
    )
    players = (
        ("the demo's player", 0.7, True, True),
        ("the demo's player, answering only when asked", 0.0, True, True),
        ("the demo's player, every choice its own screen", 0.7, True, False),
        ("baseline: the old habit (no skipping, one screen a choice)", 0.7, False, False),
    )
    for name, phone_first, skips, groups in players:
        began = time.monotonic()
        answers: list[int] = []
        taps: list[int] = []
        forced: Counter[str] = Counter()
        alerts: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        actions: list[int] = []
        presses = 0
        for seed in range(args.games):
            driver = play(seed, phone_first, skips, groups, args.simulated)
            answers.append(driver.report.phone_answers)
            taps.append(driver.taps)
            actions.append(driver.report.actions)
            kinds.update(driver.kinds)
            forced.update(driver.forced)
            alerts.update(driver.alerts)
            presses += driver.presses
        games = args.games
        print(
            f"\n{name} (phone_first={phone_first}): {games} games in "
            f"{time.monotonic() - began:.0f} s; 'turn done' presses per game {presses / games:.1f}"
        )
        print(
            f"  answers (screens) per game: median {statistics.median(answers)}, "
            f"min {min(answers)}, max {max(answers)}; taps per game median "
            f"{statistics.median(taps)}; actions per game median {statistics.median(actions)}"
        )
        print(f"  forced answers (one legal option): {sum(forced.values())} {dict(forced)}")
        print(
            f"  alerts raised (all false: the play is legal): {sum(alerts.values())} {dict(alerts)}"
        )
        print("  answers by kind of the screen's first question, per game:")
        for kind, count in kinds.most_common():
            print(f"    {kind:34s} {count / games:5.1f}")


if __name__ == "__main__":
    main()
