"""``bench/bots.py``: two automated players against each other, any game.

What it measures: how often player A beats player B over ``--games`` games
(ties counted half) at ``--players`` seats, A and B alternating seats game by
game (A in seat 0 in even games), and A's CPU seconds per decision (median,
90th percentile). The last line reads ``<A> wins X% of N``, what issue 38's
"done" asks of ``strong`` against ``greedy``, ``random`` and ``strong10``.
With more than two seats, seat i plays A when ``(i + game) % 2 == 0``; A's
"win" is a win of any of its seats. ``--players 1`` (Amritsar) plays A alone
against the solo Maharajah (``--hard``: his harder level), and also prints
both score distributions, next to ``bench/solo_strength.py``'s.

``--first-game K`` plays games K to K + N - 1 of the same seeded series, so
a long run can be split into pieces that add up to it (the machine is shared);
the line before the last gives the 95 % Wilson lower bound of A's share.

``--think N`` times A alone instead: N decisions with two answers or more,
every fourth one of seeded random games, CPU seconds each (median, p90, max).

Example:
    nice .venv/bin/python bench/bots.py --game imhotep --players 2 --a strong --b greedy --games 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.registry import GAMES, get_rules
from engine.core.search.players import BOT_NAMES, make_bot, play_game


def wilson_lower(points: float, games: int, z: float = 1.96) -> float:
    """The 95 % Wilson score lower bound of a share of ``points`` in ``games`` (0..1)."""
    share = points / games
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return max(0.0, (centre - spread) / (1 + z * z / games))


def think(rules: Any, name: str, players: int, count: int, seed: int) -> int:
    """Time ``name`` on ``count`` decisions of seeded random games; print the figures."""
    bot = make_bot(name)
    times: list[float] = []
    game = 0
    while len(times) < count and game < 1000:
        rng = random.Random(seed * 1009 + game)
        state = rules.new_game(players, seed=seed * 1009 + game)
        seen = 0
        while len(times) < count and not rules.decision(state).is_over:
            decision = rules.decision(state)
            if decision.is_chance:
                action = rules.random_chance(state, rng)
            elif decision.player < 0:  # the rules' own automated opponent
                action = rules.legal_actions(state)[0]
            else:
                actions = rules.legal_actions(state)
                seen += 1
                if len(actions) > 1 and seen % 4 == 0:
                    start = time.process_time()
                    bot.choose(rules, state, random.Random(seen))
                    times.append(time.process_time() - start)
                action = rng.choice(actions)
            state, _ = rules.apply(state, action, check=False)
        game += 1
    times.sort()
    print(
        f"{rules.name}: {name} over {len(times)} decisions with 2+ answers: median "
        f"{statistics.median(times):.3f} s CPU, p90 {times[int(0.9 * (len(times) - 1))]:.3f}, "
        f"max {times[-1]:.3f}"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", choices=BOT_NAMES, default="strong")
    parser.add_argument("--b", choices=BOT_NAMES, default="greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0, help="start the series here")
    parser.add_argument("--quiet", action="store_true", help="only the last line")
    parser.add_argument("--hard", action="store_true", help="solo: the Maharajah's hard level")
    parser.add_argument("--think", type=int, default=0, help="time A on this many decisions")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        parser.error("--games: from 1 to 100000")
    if not 0 <= args.first_game <= 100_000:
        parser.error("--first-game: from 0 to 100000")
    rules = get_rules(args.game)
    if not rules.min_players <= args.players <= rules.max_players:
        parser.error(f"--players: {rules.title_en} is for {rules.min_players}-{rules.max_players}")
    if args.think:
        return think(rules, args.a, args.players, min(args.think, 1000), args.seed)
    if args.players == 1 and not rules.solo:
        parser.error(f"--players 1: {rules.title_en} has no solo opponent")
    options = ("hard",) if args.hard else ()
    points = 0.0
    solo_scores: list[tuple[int, int]] = []
    times: list[float] = []
    margins: list[int] = []
    started = time.process_time()
    for game in range(args.first_game, args.first_game + args.games):
        seats_a = [(seat + game) % 2 == 0 for seat in range(args.players)]
        if args.players == 1:
            seats_a = [True, False]  # seat 1: the Maharajah
        bots = [make_bot(args.a if is_a else args.b) for is_a in seats_a[: args.players]]

        def timed(
            state: Any, seat: int, action: Any, seconds: float, a: list[bool] = seats_a
        ) -> None:
            if a[seat]:
                times.append(seconds)

        final = play_game(
            rules, bots, args.seed * 100_003 + game, options=options, on_decision=timed
        )
        sheets = sorted(rules.score(final), key=lambda sheet: sheet.seat)
        winners = [sheet.seat for sheet in sheets if sheet.winner]
        won_a = [seat for seat in winners if seats_a[seat]]
        share = len(won_a) / len(winners) if winners else 0.5
        points += share
        best_a = max(s.total for s in sheets if seats_a[s.seat])
        best_b = max(s.total for s in sheets if not seats_a[s.seat])
        margins.append(best_a - best_b)
        solo_scores.append((best_a, best_b))
        if not args.quiet:
            print(
                f"game {game + 1}: {args.a} {'won' if share == 1 else 'tied' if share else 'lost'}"
                f" ({' - '.join(str(s.total) for s in sheets)}; {args.a} in seat(s) "
                f"{[s for s in range(args.players) if seats_a[s]]})",
                flush=True,
            )
    if times:
        times.sort()
        print(
            f"{args.a} think time per decision: median {statistics.median(times):.3f} s, "
            f"p90 {times[int(0.9 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s "
            f"over {len(times)} decisions; mean margin {statistics.mean(margins):+.1f} points; "
            f"{time.process_time() - started:.0f} s CPU"
        )
    if args.players == 1:
        for label, values in (
            (args.a, [a for a, _ in solo_scores]),
            ("Maharajah" + (" hard" if args.hard else ""), [b for _, b in solo_scores]),
        ):
            print(
                f"{label}: mean {statistics.mean(values):.1f} PP, median "
                f"{statistics.median(values):.0f}, min {min(values)}, max {max(values)}"
            )
    print(
        f"95 % lower bound (Wilson) of {args.a}'s share: "
        f"{100 * wilson_lower(points, args.games):.1f}%"
        + (
            f" (games {args.first_game + 1} to {args.first_game + args.games})"
            if args.first_game
            else ""
        )
    )
    print(f"{args.a} wins {100 * points / args.games:.1f}% of {args.games}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
