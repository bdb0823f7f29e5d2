"""The end of a game served through its ``Rules``: who won and why, the score over the game,
and the itemised sheets side by side.

What it is for: the generic game-over screen (``static/js/game_over.js``, drawn by
``generic_board.js`` once ``view.finished or view.ended``) shows any game's end
without knowing the game. Everything here is data built from the session's
record, every word a player reads in English and Spanish:

- ``outcome``: the winners (the rules' ``ScoreSheet.winner``), the order to list
  the players in (winners first), and when the best total was shared, the
  rulebook's tie-break that decided it (or that the tied players share the
  win), with each tied player's value (read from ``ScoreSheet.extra``). A game
  the table ended early has no winner: the players ahead are named instead.
- ``history``: each player's score at the start of every round and at the end
  (the last point is the sheet's total, so the plot and the sheet agree). The
  round of a state comes from the optional ``Rules.round_number(state)``
  (``engine.core.game.CountsRounds``), else the state's own ``round``; a game
  with neither gets its start and end. A game whose rounds restart in longer
  periods (Amritsar: rounds count from 1 in each of three decades) has a
  ``Period`` here: each point then carries its ``period`` number and words
  (``period_label``: "Decade II" / "Década II"), so the plot marks where a
  period starts.
- ``rows``: one row per score item (a sheet line's category) with one cell per
  player: the amount and, where a player's lines say more than the row's name
  (an obelisk's height), those lines. Provisional lines (what an end-of-game
  item would be worth now) are left out, so each column adds up to its total.

What differs by game comes from its rules (``engine.core.game.EndWords``,
read with ``getattr``): the rulebook's tie-break (``tie_break``), the names of
score categories worded per item (``category_words``) and the periods
(``period``); this module names no game. One module serves the end of all
four games: Amritsar's ``Payloads`` and the generic ``GenericPayloads`` both
send ``game_over(...)`` as ``view.game_over``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from engine.core.game import Rules
from engine.core.registry import get_rules
from engine.core.scoring import Period, ScoreLine, ScoreSheet, TieBreak

Pair = tuple[str, str]


def _tie_break(game: str) -> TieBreak | None:
    """The rulebook's tie-break of ``game`` (its rules' optional ``tie_break``)."""
    found = getattr(get_rules(game), "tie_break", None)
    return found if isinstance(found, TieBreak) else None


def _period(game: str) -> Period | None:
    """A game's longer spans whose rounds restart (its rules' optional ``period``)."""
    found = getattr(get_rules(game), "period", None)
    return found if isinstance(found, Period) else None


def _period_word(game: str) -> dict[str, str] | None:
    """The name of a game's period, as the plot's hint says it ("each decade")."""
    period = _period(game)
    return _pair(period.en.lower(), period.es.lower()) if period is not None else None


def round_of(rules: Rules, state: Any) -> int | None:
    """The round ``state`` is in: ``rules.round_number(state)`` when the game has it,
    else the state's ``round``; ``None`` when neither says (or before the first)."""
    counter = getattr(rules, "round_number", None)
    value = counter(state) if callable(counter) else getattr(state, "round", None)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return None


def _totals(sheets: Sequence[ScoreSheet], players: int) -> list[int]:
    by_seat = {sheet.seat: sheet.total for sheet in sheets}
    return [by_seat.get(seat, 0) for seat in range(players)]


def score_history(rules: Rules, states: Sequence[Any], players: int) -> list[dict[str, Any]]:
    """Each seat's score at the start of every round, then the totals at the end.

    With a ``Period`` for the game, a round is known by its period and number,
    and every point says its period (the plot marks where one starts)."""
    period = _period(rules.name)
    points: list[dict[str, Any]] = []
    seen: set[tuple[int, int]] = set()
    last: tuple[int, int] = (0, 0)
    for state in states:
        number = round_of(rules, state)
        span = period.read(state) if period is not None else 0
        if number is None or (span, number) in seen:
            continue
        seen.add((span, number))
        last = (span, number)
        totals = _totals(rules.score(state), players)
        points.append(_point(period, span, number, totals, final=False))
    if not points and states:  # no rounds known: the start and the end
        start = _totals(rules.score(states[0]), players)
        span = period.read(states[0]) if period is not None else 0
        points.append(_point(period, span, 0, start, final=False))
        last = (span, 0)
    final = _totals(rules.score(states[-1]), players) if states else [0] * players
    points.append(_point(period, last[0], last[1], final, final=True))
    return points


def _point(
    period: Period | None, span: int, number: int, totals: list[int], *, final: bool
) -> dict[str, Any]:
    point: dict[str, Any] = {"round": number, "points": totals, "final": final}
    if period is not None:
        point["period"] = span
        point["period_label"] = period.label(span)
    return point


def _pair(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


def _counted(sheet: ScoreSheet) -> list[ScoreLine]:
    """The lines that make up the total (provisional ones are only what-ifs)."""
    return [line for line in sheet.lines if not line.provisional]


def _short(text: str, row: str) -> str:
    """A line's words under its row: without the row's name repeated ("Burial
    chamber: group of 2" under "Burial chamber" reads "group of 2")."""
    head = row + ": "
    return text[len(head) :] if text.startswith(head) and len(text) > len(head) else text


def sheet_rows(game: str, sheets: Sequence[ScoreSheet]) -> list[dict[str, Any]]:
    """The sheets side by side: a row per category (in the order first met), a cell per sheet."""
    order: list[str] = []
    lines: dict[str, dict[int, list[ScoreLine]]] = {}
    for sheet in sheets:
        for line in _counted(sheet):
            if line.category not in lines:
                order.append(line.category)
                lines[line.category] = {}
            lines[line.category].setdefault(sheet.seat, []).append(line)
    words: dict[str, Pair] = getattr(get_rules(game), "category_words", {})
    rows: list[dict[str, Any]] = []
    for category in order:
        found = [line for per_seat in lines[category].values() for line in per_seat]
        labels = {(line.label_en, line.label_es) for line in found}
        if category in words:
            label = _pair(*words[category])
        elif len(labels) == 1:
            label = _pair(*labels.pop())
        else:
            text = category.replace("_", " ")
            label = _pair(text[:1].upper() + text[1:], text)
        cells = []
        for sheet in sheets:
            mine = lines[category].get(sheet.seat, [])
            details = [
                _pair(
                    _short(line.label_en, label["en"])
                    + (f" ({line.amount})" if len(mine) > 1 else ""),
                    _short(line.label_es, label["es"])
                    + (f" ({line.amount})" if len(mine) > 1 else ""),
                )
                for line in mine
                if (line.label_en, line.label_es) != (label["en"], label["es"])
            ]
            cells.append(
                {
                    "seat": sheet.seat,
                    "amount": sum(line.amount for line in mine),
                    "scored": bool(mine),
                    "details": details,
                }
            )
        rule = found[0].rule if found else ""
        rows.append({"category": category, "label": label, "rule": rule, "cells": cells})
    return rows


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    shown = [names[s] if 0 <= s < len(names) else str(s + 1) for s in seats]
    return ", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) > 1 else "".join(shown)


def _nombres(seats: Sequence[int], names: Sequence[str]) -> str:
    shown = [names[s] if 0 <= s < len(names) else str(s + 1) for s in seats]
    return ", ".join(shown[:-1]) + f" y {shown[-1]}" if len(shown) > 1 else "".join(shown)


def outcome(
    game: str,
    sheets: Sequence[ScoreSheet],
    names: Sequence[str],
    *,
    ended_early: bool,
    names_es: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Who won, the order to list the players in, and the tie-break when it decided.

    ``names_es``: the seats' names on a Spanish screen where one differs (Amritsar's
    solo Maharajah is "Marajá" in the Spanish rulebook); ``names`` when not given."""
    nombres = names_es if names_es is not None else names
    if not sheets:
        return {"winners": [], "leaders": [], "order": [], "best": 0, "tie_break": None,
                "ended_early": ended_early}  # fmt: skip
    tie = _tie_break(game)
    best = max(sheet.total for sheet in sheets)
    tied = [sheet.seat for sheet in sheets if sheet.total == best]
    winners = [sheet.seat for sheet in sheets if sheet.winner]

    def tie_value(sheet: ScoreSheet) -> int:
        return sheet.extra.get(tie.key, 0) if tie is not None else 0

    order = [
        sheet.seat
        for sheet in sorted(
            sheets, key=lambda sh: (not sh.winner, -sh.total, -tie_value(sh), sh.seat)
        )
    ]
    tie_break = None
    if tie is not None and len(tied) > 1 and winners and set(winners) <= set(tied):
        values = [
            {"seat": sheet.seat, "value": tie_value(sheet)}
            for sheet in sorted(sheets, key=lambda sh: order.index(sh.seat))
            if sheet.seat in tied
        ]
        shown = ", ".join(f"{_names([v['seat']], names)} {v['value']}" for v in values)
        mostrados = ", ".join(f"{_nombres([v['seat']], nombres)} {v['value']}" for v in values)
        decided = len(winners) < len(tied)
        if decided:
            en = (
                f"{_names(tied, names)} tied on {best}. The rulebook's tie-break, {tie.en}, "
                f"decides: {shown}."
            )
            es = (
                f"{_nombres(tied, nombres)} empataron a {best}. Decide el desempate del "
                f"reglamento, {tie.es}: {mostrados}."
            )
        else:
            en = (
                f"{_names(tied, names)} tied on {best} and on the rulebook's tie-break, "
                f"{tie.en} ({shown}): they share the victory."
            )
            es = (
                f"{_nombres(tied, nombres)} empataron a {best} y también en el desempate del "
                f"reglamento, {tie.es} ({mostrados}): comparten la victoria."
            )
        tie_break = {"decided": decided, "rule": tie.rule, "en": en, "es": es, "values": values}
    return {
        "winners": winners,
        "leaders": tied,
        "order": order,
        "best": best,
        "tie_break": tie_break,
        "ended_early": ended_early,
    }


def game_over(
    rules: Rules,
    states: Sequence[Any],
    names: Sequence[str],
    *,
    ended_early: bool,
    names_es: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Everything the game-over screen shows beyond the view's own score sheets."""
    sheets = rules.score(states[-1]) if states else []
    return {
        "game": rules.name,  # the page draws each player in the game's own colours (colours.js)
        "outcome": outcome(rules.name, sheets, names, ended_early=ended_early, names_es=names_es),
        "history": score_history(rules, states, len(names)),
        "period": _period_word(rules.name),
        "rows": sheet_rows(rules.name, sheets),
        # what a point is called in the rulebooks (Amritsar: prestige points), if not "points"
        "unit": _unit(rules),
    }


def _unit(rules: Rules) -> dict[str, list[str]] | None:
    """The rules' optional ``point_words`` ((one, many) in English, then Spanish)."""
    words = getattr(rules, "point_words", None)
    if not words:
        return None
    (one_en, many_en), (one_es, many_es) = words
    return {"en": [one_en, many_en], "es": [one_es, many_es]}


class GameOverCache:
    """The game-over screen's data, built once per final state, way of ending and
    names, whichever seat asks (it is public): every later view reuses it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple[Any, ...] | None = None
        self._over: dict[str, Any] | None = None

    def get(
        self,
        rules: Rules,
        states: Sequence[Any],
        names: Sequence[str],
        *,
        ended_early: bool,
        names_es: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        key = (len(states), id(states[-1]), ended_early, tuple(names), tuple(names_es or ()))
        with self._lock:
            if self._key == key and self._over is not None:
                return self._over
        found = game_over(rules, states, names, ended_early=ended_early, names_es=names_es)
        with self._lock:
            self._key, self._over = key, found
        return found
