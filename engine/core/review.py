"""The review after a game: for each seat, the three answers that cost it the most points.

What it is for: players want to know where a game was won and lost. From a
game's record (``engine.core.record.Record``, or its saved form replayed),
every decision a seat made among two answers or more is looked at the way
the search player would (``engine.core.search``): from what that seat could
see then (the others' secrets redrawn, ``determinize``), never from the
secrets.

For each decision:

1. the search picks its best answer (``screen`` settings); where that is the
   answer played, the decision cost nothing;
2. otherwise both answers are played on over the same sampled futures
   (``futures`` of them: one determinization and one seed for everything that
   follows, shared by both answers, so the luck cancels out), to the end or
   ``depth`` decisions on, and the seat's points compared (the score sheet's
   provisional total, which counts the end-of-game items as they stand). The
   gain is the mean difference, its error the half-width of a 95 %
   confidence interval (1.96 standard errors of the paired differences);
3. per seat, the three largest gains are measured again with ``confirm``
   futures (fresh ones), and stated with those figures.

A future is named by its seed (``Finding.seeds``): ``replay_gain`` plays the
same futures again and gives the same gain, so a stated gain can be checked.

Every claim is in words, in English and Spanish, with the game's own button
texts (``option_text``): 'Round 3: “Sail boat 2 to the temple” rather than
“Sail boat 2 to the pyramid”: about 4 points (± 1.2)'. The futures are played
on by uniformly random answers (what a whole game's review can afford in its
budget), so a gain is what the answer is worth against such play. Bounded: ``budget`` CPU
seconds in all (60 by default, as the issue asks for a whole game); decisions
not looked at when it runs out are counted in ``Review.skipped``. Pure: no
I/O; ``progress(done, total)`` is called after each decision, for a bar.

Entry points: ``review_record`` (a ``Record``) and ``review_saved`` (its
``to_dict``); ``Review.to_dict`` for the export and the game-over screen;
``hints(rules, state, seat)`` for hints on request: the search's three best
answers now, each with the points it is expected to bring, in words.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Rules, option_text
from engine.core.record import Record
from engine.core.search.determinize import determinize
from engine.core.search.ismcts import Settings, advance_chance, search

#: the search that names the best answer at each decision
SCREEN = Settings(iterations=60, depth=12)
#: sampled futures per decision where the best answer differs, then per confirmed finding
FUTURES = 24
CONFIRM = 120
#: decisions a future is played on before its points are read
DEPTH = 40
#: findings kept per seat
PER_SEAT = 3
#: 95 % two-sided normal quantile
Z95 = 1.96


@dataclass(frozen=True)
class Finding:
    """One decision where a better answer was worth ``gain`` points (± ``error``)."""

    index: int  # position of the decision in the record (0: its first entry)
    seat: int
    round: int | None
    chosen: Hashable
    better: Hashable
    gain: float
    error: float
    seeds: tuple[int, ...]  # the futures the figures come from
    text_en: str
    text_es: str

    def to_dict(self, rules: Rules) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "round": self.round,
            "chosen": rules.format_action(self.chosen),
            "better": rules.format_action(self.better),
            "gain": round(self.gain, 2),
            "error": round(self.error, 2),
            "en": self.text_en,
            "es": self.text_es,
        }


@dataclass
class Review:
    """The findings per seat, largest gain first, and what was left unexamined."""

    by_seat: dict[int, list[Finding]] = field(default_factory=dict)
    examined: int = 0
    skipped: int = 0
    seconds: float = 0.0

    def to_dict(self, rules: Rules) -> dict[str, Any]:
        return {
            "seats": {
                str(seat): [f.to_dict(rules) for f in found] for seat, found in self.by_seat.items()
            },
            "examined": self.examined,
            "skipped": self.skipped,
            "seconds": round(self.seconds, 1),
        }


def round_of(rules: Rules, state: Any) -> int | None:
    """The round ``state`` is in (``CountsRounds``, or an int ``round``), if the game counts them."""
    counter = getattr(rules, "round_number", None)
    if callable(counter):
        value = counter(state)
        return int(value) if isinstance(value, int) else None
    value = getattr(state, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _points(rules: Rules, state: Any, seat: int) -> float:
    for sheet in rules.score(state):
        if sheet.seat == seat:
            over = rules.decision(state).is_over
            return float(sheet.total if over else sheet.provisional_total)
    raise ValueError(f"no score sheet for seat {seat}")


def play_future(
    rules: Rules, state: Any, seat: int, action: Hashable, seed: int, depth: int = DEPTH
) -> float:
    """``seat``'s points after ``action`` in the future named by ``seed``: the
    others' secrets drawn from it, then every answer and draw for ``depth``
    decisions (uniformly random answers, the table's odds for draws)."""
    rng = random.Random(seed)
    sample = determinize(rules, state, seat, random.Random(rng.randrange(2**62)))
    play = random.Random(rng.randrange(2**62))
    current, _ = rules.apply(sample, action, check=False)
    for _ in range(depth):
        current = advance_chance(rules, current, play)
        if rules.decision(current).is_over:
            break
        actions = rules.legal_actions(current)
        current, _ = rules.apply(current, play.choice(actions), check=False)
    return _points(rules, advance_chance(rules, current, play), seat)


def replay_gain(
    rules: Rules,
    state: Any,
    seat: int,
    chosen: Hashable,
    better: Hashable,
    seeds: tuple[int, ...],
    depth: int = DEPTH,
) -> tuple[float, float]:
    """(mean gain of ``better`` over ``chosen``, its 95 % error) over the futures ``seeds``."""
    differences = [
        play_future(rules, state, seat, better, seed, depth)
        - play_future(rules, state, seat, chosen, seed, depth)
        for seed in seeds
    ]
    mean = statistics.fmean(differences)
    spread = statistics.stdev(differences) if len(differences) > 1 else math.inf
    return mean, Z95 * spread / math.sqrt(len(differences))


def _seeds(base: int, index: int, count: int, salt: int) -> tuple[int, ...]:
    rng = random.Random(base * 1_000_003 + index * 7 + salt)
    return tuple(rng.randrange(2**62) for _ in range(count))


def _words(
    rules: Rules, state: Any, round_: int | None, index: int, better: Hashable, chosen: Hashable
) -> tuple[str, str, str, str]:
    when_en = f"Round {round_}" if round_ else f"Decision {index + 1}"
    when_es = f"Ronda {round_}" if round_ else f"Decisión {index + 1}"
    return (
        when_en,
        when_es,
        f"“{option_text(rules, state, better, 'en')}” rather than "
        f"“{option_text(rules, state, chosen, 'en')}”",
        f"«{option_text(rules, state, better, 'es')}» en lugar de "
        f"«{option_text(rules, state, chosen, 'es')}»",
    )


def _finding(
    rules: Rules,
    state: Any,
    index: int,
    seat: int,
    chosen: Hashable,
    better: Hashable,
    seeds: tuple[int, ...],
    depth: int,
) -> Finding:
    gain, error = replay_gain(rules, state, seat, chosen, better, seeds, depth)
    round_ = round_of(rules, state)
    when_en, when_es, what_en, what_es = _words(rules, state, round_, index, better, chosen)
    about = max(0, round(gain))
    points_en = "about 1 point" if about == 1 else f"about {about} points"
    points_es = "1 punto" if about == 1 else f"unos {about} puntos"
    return Finding(
        index,
        seat,
        round_,
        chosen,
        better,
        gain,
        error,
        seeds,
        f"{when_en}: {what_en}: {points_en} (± {error:.1f})",
        f"{when_es}: {what_es}: {points_es} (± {error:.1f})",
    )


def reviewed_decisions(rules: Rules, record: Record) -> list[tuple[int, int]]:
    """The decisions a review examines, as (entry index, seat): a player's, with a
    choice, and public. A decision the record keeps private to its seat (an
    objective kept) is never reviewed: its better answer could name what was never
    shown, and the review is shown to the whole table."""
    found = []
    for index, entry in enumerate(record.entries):
        if entry.private_to is not None:
            continue
        state = record.states[index]
        decision = rules.decision(state)
        if decision.is_chance or decision.player < 0:
            continue
        if len(rules.legal_actions(state)) > 1:
            found.append((index, decision.player))
    return found


def review_record(
    rules: Rules,
    record: Record,
    *,
    seed: int = 0,
    budget: float = 60.0,
    screen: Settings = SCREEN,
    futures: int = FUTURES,
    confirm: int = CONFIRM,
    depth: int = DEPTH,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of a played game (see the module's docstring). Deterministic
    for ``seed`` unless ``budget`` runs out (then it depends on the machine)."""
    if not 0 < budget <= 3600:
        raise ValueError("budget: from 0 to 3600 CPU seconds")
    start = time.process_time()
    decisions = [
        (index, seat, record.states[index], record.entries[index].action)
        for index, seat in reviewed_decisions(rules, record)
    ]
    review = Review()
    candidates: dict[int, list[Finding]] = {}
    confirm_share = 0.25 * budget  # kept for step 3
    for done, (index, seat, state, chosen) in enumerate(decisions):
        if time.process_time() - start > budget - confirm_share:
            review.skipped = len(decisions) - done
            break
        rng = random.Random(seed * 1_000_003 + index)
        best = search(rules, state, seat, screen, rng)[0].action
        review.examined += 1
        if best != chosen:
            found = _finding(
                rules, state, index, seat, chosen, best, _seeds(seed, index, futures, 1), depth
            )
            if found.gain > 0:
                candidates.setdefault(seat, []).append(found)
        if progress is not None:
            progress(done + 1, len(decisions))
    for seat, listed in sorted(candidates.items()):
        top = sorted(listed, key=lambda f: -f.gain)[: PER_SEAT + 2]
        confirmed = []
        for finding in top:
            if time.process_time() - start > budget:
                confirmed.append(finding)  # kept with its first, wider figures
                continue
            state = record.states[finding.index]
            seeds = _seeds(seed, finding.index, confirm, 2)
            again = _finding(
                rules, state, finding.index, seat, finding.chosen, finding.better, seeds, depth
            )
            if again.gain >= 0.5:  # worth a point once rounded
                confirmed.append(again)
        review.by_seat[seat] = sorted(confirmed, key=lambda f: -f.gain)[:PER_SEAT]
    review.seconds = time.process_time() - start
    return review


def review_saved(rules: Rules, data: dict[str, Any], **options: Any) -> Review:
    """``review_record`` of a saved record (``Record.to_dict``), replayed and checked first."""
    return review_record(rules, Record.replay(rules, data), **options)


@dataclass(frozen=True)
class Hint:
    """An answer the search suggests, with the points it is expected to bring from here."""

    action: Hashable
    points: float  # mean points gained from now, over the sampled futures
    error: float  # 95 % half-width
    text_en: str
    text_es: str


def hints(
    rules: Rules,
    state: Any,
    seat: int,
    *,
    seed: int = 0,
    count: int = 3,
    screen: Settings = SCREEN,
    futures: int = FUTURES,
    depth: int = DEPTH,
) -> list[Hint]:
    """The search's ``count`` best answers for ``seat`` at ``state`` (its decision),
    best first, each with the points it is expected to bring over the same
    sampled futures. Reads only what ``seat`` may see; deterministic for ``seed``."""
    if not 1 <= count <= 10:
        raise ValueError("count: from 1 to 10 answers")
    estimates = search(rules, state, seat, screen, random.Random(seed))[:count]
    now = _points(rules, state, seat)
    seeds = _seeds(seed, 0, futures, 3)
    found = []
    for estimate in estimates:
        gains = [play_future(rules, state, seat, estimate.action, s, depth) - now for s in seeds]
        mean = statistics.fmean(gains)
        error = Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        about = round(mean)
        en, es = (
            option_text(rules, state, estimate.action, "en"),
            option_text(rules, state, estimate.action, "es"),
        )
        found.append(
            Hint(
                estimate.action,
                mean,
                error,
                f"“{en}”: about {about:+d} point{'s' if abs(about) != 1 else ''} (± {error:.1f})",
                f"«{es}»: {'unos ' if abs(about) != 1 else ''}{about:+d} punto{'s' if abs(about) != 1 else ''} (± {error:.1f})",
            )
        )
    return found
