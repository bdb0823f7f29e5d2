"""Rajas of the Ganges' actions: small hashable values and their text notation.

An ``Action`` is a kind and up to three numbers (``a`` is the first argument
that ``Filter.first`` prunes on). A die is written by its colour's initial
and its value (``b3`` is a blue 3; index ``colour * 6 + value - 1``).
Notation, one line per action:

    reveal O13 | roll b4 | first 2                      (chance, public)
    place Q1 | place H2 o2 | place M1 | place S3 b4 tea
    place take-blue | place swap-blue b2,b5 | place mogul g4
    karma b2                                            (turn a die over)
    buy blue-cow b3,b5 | tile C2 90 | upgrade temple
    colour green | return p6 | decline

Example:
    >>> from engine.rajas.catalog import default_catalog
    >>> cat = default_catalog()
    >>> act = parse_action(cat, "place S1 o4 tea")
    >>> act.kind, act.b, act.c
    ('place', 15, 1)
    >>> format_action(cat, act)
    'place S1 o4 tea'
    >>> format_action(cat, parse_action(cat, "buy blue-cow b5,b3"))
    'buy blue-cow b3,b5'
"""

from __future__ import annotations

from typing import NamedTuple

from engine.rajas.catalog import BUILDINGS, COLOURS, GOODS, STACKS, Catalog

KINDS = (
    "reveal", "roll", "first", "place", "karma", "buy", "tile",
    "upgrade", "colour", "return", "decline",
)  # fmt: skip
ROTATIONS = ("0", "90", "180", "270")


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1
    c: int = -1


def die_name(code: int) -> str:
    return f"{COLOURS[code // 6][0]}{code % 6 + 1}"


def die_code(word: str) -> int:
    word = word.strip().lower()
    letters = [c[0] for c in COLOURS]
    if len(word) != 2 or word[0] not in letters or word[1] not in "123456":
        raise ValueError(f"{word!r} is not a die like b3 (colour b/g/o/p and a value 1-6)")
    return letters.index(word[0]) * 6 + int(word[1]) - 1


def encode_values(values: list[int]) -> int:
    """A multiset of die values (1-6) as one number: a count per value, base 11."""
    code = 0
    for value in values:
        code += 11 ** (value - 1)
    return code


def decode_values(code: int) -> list[int]:
    out = []
    for value in range(1, 7):
        out += [value] * (code % 11)
        code //= 11
    return out


def stack_name(stack: int) -> str:
    return f"{COLOURS[stack // 3]}-{STACKS[stack % 3]}"


def format_action(cat: Catalog, action: Action) -> str:
    kind, a, b, c = action
    if kind == "reveal":
        return f"reveal {cat.tiles[a].id}"
    if kind in ("roll", "karma", "return"):
        return f"{kind} {die_name(a)}"
    if kind == "first":
        return f"first {a}"
    if kind == "place":
        space = cat.spaces[a]
        words = ["place", space.id]
        if space.dice_colour >= 0:
            words.append(f"{die_name(b)},{die_name(c)}")
        elif b >= 0:
            words.append(die_name(b))
        if space.area == "single":
            words.append(GOODS[c])
        return " ".join(words)
    if kind == "buy":
        colour = COLOURS[a // 3][0]
        dice = ",".join(f"{colour}{v}" for v in decode_values(b))
        return f"buy {stack_name(a)} {dice}"
    if kind == "tile":
        return f"tile {cat.cell_name(a)} {ROTATIONS[b]}"
    if kind == "upgrade":
        return f"upgrade {BUILDINGS[a]}"
    if kind == "colour":
        return f"colour {COLOURS[a]}"
    return kind


def _lookup(what: str, word: str, names: tuple[str, ...] | list[str]) -> int:
    try:
        return list(names).index(word)
    except ValueError:
        raise ValueError(f"unknown {what} {word!r} (one of: {', '.join(names)})") from None


def parse_action(cat: Catalog, text: str) -> Action:
    """Inverse of ``format_action``; ``ValueError`` saying which word is wrong."""
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError("an action is a line of text under 200 characters")
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    kind, rest = words[0], words[1:]
    if kind not in KINDS:
        raise ValueError(f"unknown action {kind!r} (one of: {', '.join(KINDS)})")
    need = {"reveal": 1, "roll": 1, "first": 1, "karma": 1, "return": 1, "buy": 2, "tile": 2,
            "upgrade": 1, "colour": 1, "decline": 0}  # fmt: skip
    if kind != "place" and len(rest) != need[kind]:
        raise ValueError(f"{kind} takes {need[kind]} word(s) after it, got {len(rest)}")
    if kind == "reveal":
        return Action(kind, cat.tile_index(rest[0]))
    if kind in ("roll", "karma", "return"):
        return Action(kind, die_code(rest[0]))
    if kind == "first":
        if not rest[0].isdigit() or int(rest[0]) > 3:
            raise ValueError(f"first takes a seat number 0-3, not {rest[0]!r}")
        return Action(kind, int(rest[0]))
    if kind == "place":
        if not rest:
            raise ValueError("place takes an action space, like: place Q1")
        space_index = cat.space_index(rest[0].upper() if len(rest[0]) <= 3 else rest[0])
        space = cat.spaces[space_index]
        more = rest[1:]
        if space.dice_colour >= 0:
            if len(more) != 1 or more[0].count(",") != 1:
                raise ValueError(f"place {space.id} takes the two dice you give, like b2,b5")
            one, two = sorted(die_code(w) for w in more[0].split(","))
            return Action(kind, space_index, one, two)
        if space.area == "single":
            if len(more) != 2:
                raise ValueError(f"place {space.id} takes a die and a goods kind, like b4 tea")
            return Action(kind, space_index, die_code(more[0]), _lookup("goods", more[1], GOODS))
        if space.dice_value or space.area == "harbour":
            if len(more) != 1:
                raise ValueError(f"place {space.id} takes the die you give, like g4")
            return Action(kind, space_index, die_code(more[0]))
        if more:
            raise ValueError(f"place {space.id} takes nothing after the space")
        return Action(kind, space_index)
    if kind == "buy":
        names = [f"{c}-{s}" for c in COLOURS for s in STACKS]
        stack = _lookup("stack", rest[0], names)
        values = []
        for word in rest[1].split(","):
            code = die_code(word)
            if code // 6 != stack // 3:
                raise ValueError(f"{word} is not a {COLOURS[stack // 3]} die")
            values.append(code % 6 + 1)
        return Action(kind, stack, encode_values(values))
    if kind == "tile":
        return Action(kind, cat.cell_index(rest[0]), _lookup("rotation", rest[1], ROTATIONS))
    if kind == "upgrade":
        return Action(kind, _lookup("building", rest[0], BUILDINGS))
    if kind == "colour":
        return Action(kind, _lookup("colour", rest[0], COLOURS))
    return Action(kind)
