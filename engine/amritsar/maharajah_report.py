"""The solo Maharajah's turn told three ways: why, what to move, and as data.

A person carries out the Maharajah's moves on the real table, so each of his
turns (``engine.amritsar.rules.maharajah``) comes out as a ``MaharajahTurn``:

- ``trace``: what he tried, in order, and why each option was taken or
  skipped ("North (4 PP): he cannot pay any free space ...; East (3 PP): he
  donates on level 2, space 1 for 4 PP").
- ``instructions``: the physical moves in the order a person performs them,
  each naming the component and where it goes, in English and Spanish.
- the same instructions as structured data: every ``Instruction`` also says
  what moves (``kind``, ``component``, whose ``seat``), from where to where,
  the district, level and space, the resource and market row, whether it
  touches the main board, and which ``engine.amritsar.observe.Observation`` fields
  show it (``observed``). Changes on his own board, quarry and storehouse
  have ``main_board`` false and nothing ``observed``: the camera cannot check
  them, so a reconciler trusts the person (or asks) for those.

``after`` holds what followed his turn automatically before the next decision
(an end of decade, the end of the game), built from the events by
``describe_events``, so a reconciler comparing the camera with
``observe(next_state)`` can word every difference.

The words, in English and Spanish, are in ``engine.amritsar.maharajah_texts``. The
report travels inside the ``"maharajah_turn"`` event that applying his
turn returns (its ``what`` is ``MaharajahTurn.to_json()``); ``engine.amritsar.solo``
reads it back and computes it for a state without applying it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from engine.amritsar.board import DECADE_NUMERALS, Resource
from engine.amritsar.catalog import default_catalog
from engine.amritsar.maharajah_texts import (
    INSTRUCTIONS,
    TRACE,
    Word,
    coins_word,
    pp_why,
    render,
    resource_word,
    steps_word,
    temple_word,
)
from engine.amritsar.rules.core import Event
from engine.amritsar.state import MAHARAJAH_SEAT, GameState

#: The Observation fields (``engine.amritsar.observe``) each kind of main-board change shows in.
OBSERVED: dict[str, tuple[str, ...]] = {
    "elephant": ("elephants",),
    "donation": ("donations",),
    "market_return": ("market",),
    "token": ("maharajah_space",),
    "counter_from_market": ("market_spaces",),
    "counter_from_board": ("market_spaces",),  # only when it goes to the market space
    "bridge_flip": ("bridge_face_up",),
    "temple": ("temple_active",),
}


# --------------------------------------------------------------------------
# The records


@dataclass(frozen=True)
class TraceLine:
    """One thing he tried or did, and why.

    ``phase`` is ``"donation"`` (step 1), ``"actions"`` (step 2 as a whole),
    ``"action"`` (one of his two actions, ``colour`` says which) or
    ``"end_of_round"``; ``code`` is a key of ``TRACE`` (stable, for tests and
    phones that render their own words); ``taken`` says whether the option
    was carried out (a skipped district, an impossible step: false).
    """

    phase: str
    code: str
    en: str
    es: str
    colour: int = -1
    taken: bool = True


@dataclass(frozen=True)
class Instruction:
    """One physical move a person makes, as words and as data.

    ``kind`` says what happens (``elephant``, ``donation``, ``pay``, ``take``,
    ``counter``, ``market_return``, ``white_track``, ``mark_actions``, ``pp``,
    ``token``; after the turn also ``coins``, ``resource``, ``bridge_flip``,
    ``temple``). ``component`` names the piece (``elephant``,
    ``donation_counter``, ``marble``/``copper``/``gold``,
    ``knowledge_counter`` (his white track and the 2 marking his actions), ``pp_counter``, ``maharajah_token``, ``coin``,
    ``bridge_tile``, ``temple_tile``); ``seat`` whose it is
    (``MAHARAJAH_SEAT`` for his, -1 for shared pieces).

    ``source`` and ``target`` are places: ``district:E``,
    ``donation:E:2.1`` (district, level, space from the left),
    ``market:marble:3`` (column, row from the top), ``reserve``,
    ``his_board:1.2`` (his counter rows), ``his_elephant``, ``his_quarry``,
    ``his_storehouse``, ``his_white_track:3``, ``his_actions``,
    ``pp_track:12``, ``maharajah_space:NE``, ``your_storehouses``,
    ``your_market_space``, ``your_elephant``, ``bridge:1`` (the decade's
    bridge tile), ``temple:T2`` (the new active temple tile).

    ``main_board``: the move touches the main board (its tiles, elephants,
    market, PP track, reserve corners). ``observed``: the
    ``engine.amritsar.observe.Observation`` fields in which the camera sees it; empty
    when the camera cannot check it (his own board, quarry and storehouse, the
    PP track, counters riding on an elephant).
    """

    kind: str
    component: str
    seat: int
    source: str
    target: str
    main_board: bool
    observed: tuple[str, ...]
    en: str
    es: str
    district: int = -1
    level: int = 0
    space: int = 0  # from the left, 1-based (donation spaces, board spaces)
    resource: int = -1
    row: int = 0  # market row from the top, or his board's counter row (1-based)
    amount: int = 1

    def text(self, language: str = "en") -> str:
        return self.es if language == "es" else self.en


@dataclass(frozen=True)
class MaharajahTurn:
    """One turn of the Maharajah: ``trace``, ``instructions`` and what followed."""

    decade: int
    round: int
    last_colour: int  # the active worker of the human's last turn (-1: none yet)
    token_colour: int  # the worker beside the Maharajah token
    order: tuple[int, ...]  # the colours of the actions he performed, in order
    trace: tuple[TraceLine, ...]
    instructions: tuple[Instruction, ...]
    pp_before: int
    pp_after: int
    after: tuple[Instruction, ...] = field(default=())

    @property
    def pp_gained(self) -> int:
        return self.pp_after - self.pp_before

    @property
    def all_instructions(self) -> tuple[Instruction, ...]:
        """His turn, then what followed it before the next decision."""
        return self.instructions + self.after

    def main_board(self) -> tuple[Instruction, ...]:
        """Moves on the main board (what the table screen highlights)."""
        return tuple(i for i in self.all_instructions if i.main_board)

    def off_main_board(self) -> tuple[Instruction, ...]:
        """Moves on his board, quarry and storehouse (and your own board)."""
        return tuple(i for i in self.all_instructions if not i.main_board)

    def observed(self) -> dict[str, tuple[Instruction, ...]]:
        """Observation field -> the instructions that change it."""
        result: dict[str, list[Instruction]] = {}
        for instruction in self.all_instructions:
            for name in instruction.observed:
                result.setdefault(name, []).append(instruction)
        return {name: tuple(items) for name, items in result.items()}

    def lines(self, language: str = "en") -> list[str]:
        """The instructions as numbered sentences, for a phone or the table screen."""
        return [f"{n}. {i.text(language)}" for n, i in enumerate(self.all_instructions, 1)]

    def explanation(self, language: str = "en") -> list[str]:
        return [line.es if language == "es" else line.en for line in self.trace]

    def to_dict(self) -> dict[str, Any]:
        return {
            "decade": self.decade,
            "round": self.round,
            "last_colour": self.last_colour,
            "token_colour": self.token_colour,
            "order": list(self.order),
            "pp_before": self.pp_before,
            "pp_after": self.pp_after,
            "trace": [_record_dict(t) for t in self.trace],
            "instructions": [_record_dict(i) for i in self.instructions],
            "after": [_record_dict(i) for i in self.after],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_dict(data: dict[str, Any]) -> MaharajahTurn:
        try:
            return MaharajahTurn(
                decade=int(data["decade"]),
                round=int(data["round"]),
                last_colour=int(data["last_colour"]),
                token_colour=int(data["token_colour"]),
                order=tuple(int(c) for c in data["order"]),
                trace=tuple(TraceLine(**t) for t in data["trace"]),
                instructions=tuple(_instruction(i) for i in data["instructions"]),
                pp_before=int(data["pp_before"]),
                pp_after=int(data["pp_after"]),
                after=tuple(_instruction(i) for i in data.get("after", [])),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a Maharajah turn report: {error}") from error

    @staticmethod
    def from_json(text: str) -> MaharajahTurn:
        return MaharajahTurn.from_dict(json.loads(text))


def _record_dict(record: TraceLine | Instruction) -> dict[str, Any]:
    data = {f.name: getattr(record, f.name) for f in fields(record)}
    if isinstance(record, Instruction):
        data["observed"] = list(record.observed)
    return data


def _instruction(data: dict[str, Any]) -> Instruction:
    return Instruction(**{**data, "observed": tuple(data.get("observed", ()))})


# --------------------------------------------------------------------------
# Building a turn


class TurnBuilder:
    """Collects the trace and the instructions while his rules run.

    The rules call ``trace`` and ``instruct`` as they go, and ``flush_pp``
    after anything that may change PP: it turns the ``"pp"`` events added
    since the last flush into PP-track instructions with running totals.
    """

    def __init__(self, s: GameState, events: list[Event]):
        assert s.maharajah is not None
        self.state = s
        self.events = events
        self._seen = len(events)
        self.pp_before = s.maharajah.pp
        self.trace_lines: list[TraceLine] = []
        self.instructions: list[Instruction] = []
        self.phase = "donation"
        self.colour = -1

    def trace(self, code: str, *, taken: bool = True, **values: Any) -> None:
        en, es = render(TRACE[code], values)
        self.trace_lines.append(TraceLine(self.phase, code, en, es, self.colour, taken))

    def instruct(self, kind: str, code: str, words: dict[str, Any], **data: Any) -> None:
        """Add one move: ``words`` fill its text, ``data`` are ``Instruction`` fields.

        ``seat`` defaults to his; ``observed`` to what ``OBSERVED`` says of the kind.
        """
        data.setdefault("seat", MAHARAJAH_SEAT)
        self.instructions.append(_make(kind, code, words, **data))

    def flush_pp(self) -> None:
        new = self.events[self._seen :]
        self._seen = len(self.events)
        self.instructions.extend(pp_instructions(new, self.state))

    def finish(self, last_colour: int, token_colour: int, order: tuple[int, ...]) -> MaharajahTurn:
        self.flush_pp()
        assert self.state.maharajah is not None
        return MaharajahTurn(
            decade=self.state.decade,
            round=self.state.round,
            last_colour=last_colour,
            token_colour=token_colour,
            order=order,
            trace=tuple(self.trace_lines),
            instructions=tuple(self.instructions),
            pp_before=self.pp_before,
            pp_after=self.state.maharajah.pp,
        )


def _pp_of(s: GameState, seat: int) -> int:
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        return s.maharajah.pp
    return s.players[seat].pp


def pp_instructions(events: Iterable[Event], after: GameState | None) -> list[Instruction]:
    """PP-track moves for the ``"pp"`` events; totals read back from ``after``.

    ``after`` is the state once these events have happened (totals are
    counted back from it); without it the moves are given without totals.
    """
    gains = [e for e in events if e.kind == "pp" and e.amount]
    running: dict[int, int] = {}
    if after is not None:
        for e in gains:
            running.setdefault(e.player, _pp_of(after, e.player))
        for e in gains:
            running[e.player] -= e.amount
    result = []
    for e in gains:
        maharajah = after is not None and after.maharajah is not None
        his = maharajah and e.player == MAHARAJAH_SEAT
        values: dict[str, Any] = {
            "amount": steps_word(abs(e.amount)),
            "direction": Word("forward", "adelante") if e.amount > 0 else Word("back", "atrás"),
            "why": pp_why(e.what, e.where),
        }
        code = "pp_maharajah" if his else "pp_player"
        source = target = "pp_track"
        if e.player in running:
            start = running[e.player]
            running[e.player] = start + e.amount
            values["total"] = running[e.player]
            source, target = f"pp_track:{start}", f"pp_track:{running[e.player]}"
        else:
            code += "_no_total"
        en, es = render(INSTRUCTIONS[code], values)
        result.append(
            Instruction(
                kind="pp",
                component="pp_counter",
                seat=e.player,
                source=source,
                target=target,
                main_board=True,
                observed=(),
                en=en,
                es=es,
                amount=e.amount,
            )
        )
    return result


# --------------------------------------------------------------------------
# What follows his turn (end of decade, end of game), from the events


def describe_events(events: Sequence[Event], after: GameState | None) -> tuple[Instruction, ...]:
    """Physical moves for the bookkeeping events that follow a turn.

    Covers PP, a player's coins and resources, donation counters moved to an
    elephant, the bridge tile flipped and the new active temple tile: what an
    end of decade and the end of the game change. ``after`` is the state once
    the events have happened (for PP totals and tile names).
    """
    result: list[Instruction] = []
    pp_batch: list[Event] = []
    pp_all = pp_instructions(events, after)
    pp_index = 0

    def emit_pp() -> None:
        nonlocal pp_index
        result.extend(pp_all[pp_index : pp_index + len(pp_batch)])
        pp_index += len(pp_batch)
        pp_batch.clear()

    for e in events:
        if e.kind == "pp" and e.amount:
            pp_batch.append(e)
            continue
        emit_pp()
        result.extend(_event_instruction(e, after))
    emit_pp()
    return tuple(result)


def _make(kind: str, code: str, values: dict[str, Any], **data: Any) -> Instruction:
    en, es = render(INSTRUCTIONS[code], values)
    data.setdefault("observed", OBSERVED.get(kind, ()))
    return Instruction(kind=kind, en=en, es=es, **data)


def _event_instruction(e: Event, after: GameState | None) -> list[Instruction]:
    if e.kind in ("coins", "resource") and e.amount:
        return [_reserve_instruction(e)]
    if e.kind == "counter" and e.what == "market space":
        return [
            _make(
                "counter_from_market",
                "counter_from_market",
                {},
                component="donation_counter",
                seat=e.player,
                source="your_market_space",
                target="your_elephant",
                main_board=True,
            )
        ]
    if e.kind == "counter" and e.what == "board":
        to_market = e.where == "market space"
        return [
            _make(
                "counter_from_board",
                "counter_from_board",
                {
                    "target": Word("market space", "espacio del mercado")
                    if to_market
                    else Word("elephant", "elefante")
                },
                component="donation_counter",
                seat=e.player,
                source="your_board",
                target="your_market_space" if to_market else "your_elephant",
                main_board=True,
                observed=("market_spaces",) if to_market else (),
            )
        ]
    if e.kind == "bridge_flipped":
        return [
            _make(
                "bridge_flip",
                "bridge_flip",
                {"decade": DECADE_NUMERALS[e.amount - 1]},
                component="bridge_tile",
                seat=-1,
                source=f"bridge:{e.amount}",
                target=f"bridge:{e.amount}",
                main_board=True,
            )
        ]
    if e.kind == "temple":
        catalog = after.catalog if after is not None else default_catalog()
        tile = next((t for t in catalog.temple_tiles if t.id == e.what), None)
        return [
            _make(
                "temple",
                "temple",
                {"tile": temple_word(tile.pp) if tile is not None else e.what},
                component="temple_tile",
                seat=-1,
                source="temple",
                target=f"temple:{e.what}",
                main_board=True,
            )
        ]
    return []


def _reserve_instruction(e: Event) -> Instruction:
    """A player's coins or resources taken from, or paid to, the reserve."""
    taking = e.amount > 0
    source, target = ("reserve", "your_storehouses") if taking else ("your_storehouses", "reserve")
    values: dict[str, Any] = {"amount": abs(e.amount), "coins": coins_word(abs(e.amount))}
    resource = -1
    if e.kind == "resource":
        resource = int(Resource[e.what.upper()])
        values["resource"] = resource_word(resource, abs(e.amount))
    code = f"{e.kind}_{'take' if taking else 'pay'}"
    return _make(
        e.kind,
        code,
        values,
        component="coin" if e.kind == "coins" else e.what,
        seat=e.player,
        source=source,
        target=target,
        main_board=False,
        resource=resource,
        amount=e.amount,
    )
