"""Atomic actions: small immutable values with a text notation that round-trips.

An ``Action`` is a kind (``Act``) and up to three small integers whose meaning
depends on the kind: a district, a section, a colour, a catalog index. The
text form names things the way players do (``sow E1``, ``place Y``,
``buy M``, ``donate 2.1``, ``upgrade storehouse S07 slot 2 pay M``) and
``parse_action`` reads it back; ``to_dict``/``from_dict`` give a JSON form.

Example:
    >>> a = Action(Act.SOW, 2)
    >>> str(a)
    'sow E1'
    >>> parse_action("sow E1") == a
    True
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from engine.amritsar.board import (
    MAHARAJAH_SPACE_NAMES,
    SECTION_NAMES,
    District,
    Resource,
    WorkerColour,
    parse_section,
)
from engine.amritsar.catalog import default_catalog
from engine.amritsar.effects import Track
from engine.amritsar.state import UNNAMED


class Act(IntEnum):
    CHANCE = 0  # a = outcome, b = chance kind (Pending value)
    SETUP_OBJECTIVE = 1  # a = objective
    SETUP_MAHOUT = 2  # a = mahout space colour
    ELEPHANT = 3  # a = district, b = mode (see ElephantMode)
    STAY = 4
    SOW = 5  # a = section
    PLACE = 6  # a = worker colour
    SKIP = 7
    MAIN = 8  # a = tile slot (0 left, 1 centre, 2 right)
    SECONDARY = 9  # a = tile slot
    ELEPHANT_MAIN = 10  # a = tile slot
    ELEPHANT_MAHOUT = 11  # a = mahout space colour
    END_ACTIONS = 12
    GAIN = 13  # a = resource
    ALTERNATIVE = 14  # a = index
    BUY = 15  # a = resource
    SELL = 16  # a = resource
    MARKET_DONE = 17
    MAHOUT = 18  # a = mahout space colour
    UPGRADE_STOREHOUSE = 19  # a = storehouse, b = board slot, c = resource paid (-1 free)
    UPGRADE_OBJECTIVE = 20  # a = objective, b = objective space, c = resource paid
    UPGRADE_MAHOUT = 21  # a = mahout tile, b = mahout space colour, c = resource paid
    DONATE = 22  # a = level (1-4), b = space index from the left
    TRACK = 23  # a = track
    TWO_STEPS = 24  # a, b = tracks (equal: one track up 2)
    DISCARD = 25  # a = resource, or 3 for a coin
    EXCHANGE = 26  # a = resource given, b = resource taken
    FOLLOW = 27
    PASS = 28
    MAHARAJAH = 29  # the solo Maharajah's turn
    REVEAL_OBJECTIVE = 30  # a = objective, b = objective space (house rule objectives_at_end)


class ElephantMode(IntEnum):
    NORMAL = 0  # a clockwise move (or the first placement)
    TOKEN = 1  # the movement token's one free placement
    TELEPORT = 2  # the teleport storehouse


DISCARD_COIN = 3
SLOT_NAMES = ("L", "C", "R")
_MODE_WORDS = {ElephantMode.TOKEN: "token", ElephantMode.TELEPORT: "teleport"}
_UPGRADE_WORDS = {
    Act.UPGRADE_STOREHOUSE: "storehouse",
    Act.UPGRADE_OBJECTIVE: "objective",
    Act.UPGRADE_MAHOUT: "mahout",
}
#: Chance kinds (``engine.amritsar.decisions.Pending`` values) and their notation word.
CHANCE_WORDS = {
    0: "temple",
    1: "bridge",
    2: "tile",
    3: "worker",
    4: "storehouse",
    5: "objective",
    6: "first",
    7: "maharajah-objective",
}


class Action(NamedTuple):
    kind: Act
    a: int = -1
    b: int = -1
    c: int = -1

    def __str__(self) -> str:
        return format_action(self)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.name.lower(), "a": self.a, "b": self.b, "c": self.c}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        try:
            kind = Act[str(data["kind"]).upper()]
            return Action(
                kind, int(data.get("a", -1)), int(data.get("b", -1)), int(data.get("c", -1))
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not an action: {data!r}") from error


#: How the notation writes an objective face down that nobody has named.
_UNNAMED_WORD = "face-down"


def _objective_name(index: int) -> str:
    return _UNNAMED_WORD if index == UNNAMED else default_catalog().objectives[index].id


def _objective_index(name: str) -> int:
    if name.lower() == _UNNAMED_WORD:
        return UNNAMED
    return _index_of(default_catalog().objectives, name, "objective")


def _resource_letter(value: int) -> str:
    return Resource(value).letter


def _chance_outcome_name(kind: int, outcome: int) -> str:
    catalog = default_catalog()
    if kind == 0:
        return catalog.temple_tiles[outcome].id
    if kind == 1:
        return catalog.bridge_tiles[outcome].id
    if kind == 2:
        return catalog.district_tiles[outcome].id
    if kind == 3:
        return WorkerColour(outcome).letter
    if kind == 4:
        return catalog.storehouses[outcome].id
    if kind in (5, 7):
        return catalog.objectives[outcome].id
    return str(outcome)


def format_action(action: Action) -> str:
    """The text notation (see the module docstring)."""
    kind, a, b, c = action
    catalog = default_catalog()
    if kind is Act.CHANCE:
        return f"chance {CHANCE_WORDS.get(b, str(b))} {_chance_outcome_name(b, a)}"
    if kind is Act.SETUP_OBJECTIVE:
        return f"first-objective {_objective_name(a)}"
    if kind is Act.SETUP_MAHOUT:
        return f"first-mahout {WorkerColour(a).letter}"
    if kind is Act.ELEPHANT:
        mode = _MODE_WORDS.get(ElephantMode(b)) if b > 0 else None
        return f"elephant {District(a).letter}" + (f" {mode}" if mode else "")
    if kind is Act.SOW:
        return f"sow {SECTION_NAMES[a]}"
    if kind is Act.PLACE:
        return f"place {WorkerColour(a).letter}"
    if kind in (Act.MAIN, Act.SECONDARY, Act.ELEPHANT_MAIN):
        word = {Act.MAIN: "main", Act.SECONDARY: "secondary", Act.ELEPHANT_MAIN: "elephant-main"}
        return f"{word[kind]} {SLOT_NAMES[a]}"
    if kind is Act.ELEPHANT_MAHOUT:
        return f"elephant-mahout {WorkerColour(a).letter}"
    if kind is Act.MAHOUT:
        return f"mahout {WorkerColour(a).letter}"
    if kind in (Act.GAIN, Act.BUY, Act.SELL):
        return f"{kind.name.lower()} {_resource_letter(a)}"
    if kind is Act.ALTERNATIVE:
        return f"alternative {a + 1}"
    if kind in _UPGRADE_WORDS:
        if kind is Act.UPGRADE_STOREHOUSE:
            what, where = catalog.storehouses[a].id, f"slot {b + 1}"
        elif kind is Act.UPGRADE_OBJECTIVE:
            what, where = _objective_name(a), f"space {b + 1}"
        else:
            what, where = catalog.mahout_tiles[a].id, f"space {WorkerColour(b).letter}"
        pay = "free" if c < 0 else f"pay {_resource_letter(c)}"
        return f"upgrade {_UPGRADE_WORDS[kind]} {what} {where} {pay}"
    if kind is Act.REVEAL_OBJECTIVE:
        return f"reveal-objective {_objective_name(a)} space {b + 1}"
    if kind is Act.DONATE:
        return f"donate {a}.{b + 1}"
    if kind is Act.TRACK:
        return f"track {Track(a).name.lower()[:3]}"
    if kind is Act.TWO_STEPS:
        return f"steps {Track(a).name.lower()[:3]} {Track(b).name.lower()[:3]}"
    if kind is Act.DISCARD:
        return "discard coin" if a == DISCARD_COIN else f"discard {_resource_letter(a)}"
    if kind is Act.EXCHANGE:
        return f"exchange {_resource_letter(a)} {_resource_letter(b)}"
    return {
        Act.STAY: "stay",
        Act.SKIP: "skip",
        Act.END_ACTIONS: "end",
        Act.MARKET_DONE: "done",
        Act.FOLLOW: "follow",
        Act.PASS: "pass",
        Act.MAHARAJAH: "maharajah",
    }[kind]


_SIMPLE = {
    "stay": Act.STAY,
    "skip": Act.SKIP,
    "end": Act.END_ACTIONS,
    "done": Act.MARKET_DONE,
    "follow": Act.FOLLOW,
    "pass": Act.PASS,
    "maharajah": Act.MAHARAJAH,
}


def _index_of(items: tuple[Any, ...], item_id: str, what: str) -> int:
    for index, item in enumerate(items):
        if item.id.upper() == item_id.upper():
            return index
    raise ValueError(f"unknown {what} {item_id!r}")


def _slot(text: str) -> int:
    key = text.upper()
    if key in SLOT_NAMES:
        return SLOT_NAMES.index(key)
    raise ValueError(f"unknown tile slot {text!r} (L, C or R)")


def parse_action(text: str) -> Action:
    """Read the notation back; raises ``ValueError`` saying what is wrong.

    The notation carries everything it needs, so no state is required; use
    ``engine.amritsar.rules.parse_legal`` to also check it is legal in a state.
    """
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    head, args = words[0].lower(), words[1:]
    catalog = default_catalog()
    try:
        if head in _SIMPLE and not args:
            return Action(_SIMPLE[head])
        if head == "chance" and len(args) == 2:
            kind = next(k for k, w in CHANCE_WORDS.items() if w == args[0].lower())
            name = args[1]
            if kind == 0:
                outcome = _index_of(catalog.temple_tiles, name, "temple tile")
            elif kind == 1:
                outcome = _index_of(catalog.bridge_tiles, name, "bridge tile")
            elif kind == 2:
                outcome = _index_of(catalog.district_tiles, name, "district tile")
            elif kind == 3:
                outcome = WorkerColour.parse(name)
            elif kind == 4:
                outcome = _index_of(catalog.storehouses, name, "storehouse")
            elif kind in (5, 7):
                outcome = _index_of(catalog.objectives, name, "objective")
            else:
                outcome = int(name)
            return Action(Act.CHANCE, outcome, kind)
        if head == "first-objective" and len(args) == 1:
            return Action(Act.SETUP_OBJECTIVE, _objective_index(args[0]))
        if head == "first-mahout" and len(args) == 1:
            return Action(Act.SETUP_MAHOUT, WorkerColour.parse(args[0]))
        if head == "elephant" and 1 <= len(args) <= 2:
            mode = ElephantMode.NORMAL
            if len(args) == 2:
                mode = {"token": ElephantMode.TOKEN, "teleport": ElephantMode.TELEPORT}[
                    args[1].lower()
                ]
            return Action(Act.ELEPHANT, District.parse(args[0]), mode)
        if head == "sow" and len(args) == 1:
            return Action(Act.SOW, parse_section(args[0]))
        if head == "place" and len(args) == 1:
            return Action(Act.PLACE, WorkerColour.parse(args[0]))
        if head in ("main", "secondary", "elephant-main") and len(args) == 1:
            kind = {
                "main": Act.MAIN,
                "secondary": Act.SECONDARY,
                "elephant-main": Act.ELEPHANT_MAIN,
            }[head]
            return Action(kind, _slot(args[0]))
        if head in ("elephant-mahout", "mahout") and len(args) == 1:
            kind = Act.ELEPHANT_MAHOUT if head == "elephant-mahout" else Act.MAHOUT
            return Action(kind, WorkerColour.parse(args[0]))
        if head in ("gain", "buy", "sell") and len(args) == 1:
            return Action(Act[head.upper()], Resource.parse(args[0]))
        if head == "alternative" and len(args) == 1:
            return Action(Act.ALTERNATIVE, int(args[0]) - 1)
        if head == "upgrade" and len(args) in (5, 6):
            what_kind = args[0].lower()
            pay = -1 if args[-1].lower() == "free" else Resource.parse(args[-1])
            if what_kind == "storehouse":
                return Action(
                    Act.UPGRADE_STOREHOUSE,
                    _index_of(catalog.storehouses, args[1], "storehouse"),
                    int(args[3]) - 1,
                    pay,
                )
            if what_kind == "objective":
                return Action(
                    Act.UPGRADE_OBJECTIVE,
                    _objective_index(args[1]),
                    int(args[3]) - 1,
                    pay,
                )
            if what_kind == "mahout":
                return Action(
                    Act.UPGRADE_MAHOUT,
                    _index_of(catalog.mahout_tiles, args[1], "mahout tile"),
                    WorkerColour.parse(args[3]),
                    pay,
                )
        if head == "reveal-objective" and len(args) == 3 and args[1].lower() == "space":
            named = _index_of(catalog.objectives, args[0], "objective")
            return Action(Act.REVEAL_OBJECTIVE, named, int(args[2]) - 1)
        if head == "donate" and len(args) == 1:
            level, _, space = args[0].partition(".")
            return Action(Act.DONATE, int(level), int(space) - 1)
        if head == "track" and len(args) == 1:
            return Action(Act.TRACK, Track.parse(args[0]))
        if head == "steps" and len(args) == 2:
            return Action(Act.TWO_STEPS, Track.parse(args[0]), Track.parse(args[1]))
        if head == "discard" and len(args) == 1:
            if args[0].lower() == "coin":
                return Action(Act.DISCARD, DISCARD_COIN)
            return Action(Act.DISCARD, Resource.parse(args[0]))
        if head == "exchange" and len(args) == 2:
            return Action(Act.EXCHANGE, Resource.parse(args[0]), Resource.parse(args[1]))
    except (ValueError, KeyError, StopIteration) as error:
        raise ValueError(f"cannot read action {text!r}: {error}") from error
    raise ValueError(f"cannot read action {text!r}: unknown form")


__all__ = [
    "MAHARAJAH_SPACE_NAMES",
    "Act",
    "Action",
    "ElephantMode",
    "format_action",
    "parse_action",
]
