"""Ceylon's actions: small hashable values and their text notation.

An ``Action`` is a kind and up to three numbers (``a`` is the "first argument"
that ``Filter.first`` prunes on), plus two flags: ``token`` (the active player
spends a tech token on it, an extra action) and ``start`` (the variant's start
tile strengthens it). Notation, one line per action:

    leave-out L3 | advisor banker | contract C2-1 | start-tile 4
    deal plant/harvest | draw hire/tech            (chance; secret to the drawer)
    elevate L2 D1,D2,D5,D6 | top D2 | start D3     (setup)
    play plant/harvest as plant                     (card and rotation)
    [token] plant D3 [start] | [token] harvest [start] | pick D4 | done
    [token] trade 2 points [start green] | [token] hire kandy [start]
    tech [start] | [token] move K4 [start] | [token] rupees [start]
    discard green | pass

Example:
    >>> from engine.ceylon.catalog import default_catalog
    >>> cat = default_catalog()
    >>> act = parse_action(cat, "token trade 2 points start green")
    >>> act.kind, act.a, act.b, act.c, act.token, act.start
    ('trade', 1, 1, 1, True, True)
    >>> format_action(cat, act)
    'token trade 2 points start green'
"""

from __future__ import annotations

from typing import NamedTuple

from engine.ceylon.catalog import CUBES, MAIN, Catalog

CHANCE_KINDS = ("leave_out", "advisor", "contract", "start_tile", "deal", "draw")
SETUP_KINDS = ("elevate", "top", "start")
MAIN_KINDS = MAIN  # plant, harvest, trade, hire, tech
ALTERNATIVES = ("move", "rupees")
OTHER_KINDS = ("play", "pick", "done", "discard", "pass")
KINDS = CHANCE_KINDS + SETUP_KINDS + MAIN_KINDS + ALTERNATIVES + OTHER_KINDS
REWARDS = ("rupees", "points")


class Action(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1
    c: int = -1
    token: bool = False
    start: bool = False


def _hexes(cat: Catalog, mask: int) -> str:
    return ",".join(cat.hexes[i].id for i in range(len(cat.hexes)) if mask >> i & 1)


def format_action(cat: Catalog, action: Action) -> str:
    kind, a, b, c = action.kind, action.a, action.b, action.c
    words: list[str] = ["token"] if action.token else []
    if kind == "leave_out":
        words += ["leave-out", cat.large_tiles[a].id]
    elif kind == "advisor":
        words += ["advisor", cat.advisors[a][0]]
    elif kind == "contract":
        words += ["contract", cat.contracts[a].id]
    elif kind == "start_tile":
        words += ["start-tile", str(a)]
    elif kind in ("deal", "draw"):
        words += [kind, cat.faces[a].id]
    elif kind == "elevate":
        words += ["elevate", cat.large_tiles[a].id, _hexes(cat, b)]
    elif kind in ("top", "start", "pick", "plant", "move"):
        words += [kind, cat.hexes[a].id]
    elif kind == "play":
        words += ["play", cat.faces[a].id, "as", MAIN[b]]
    elif kind == "discard":
        words += ["discard", CUBES[a]]
    elif kind == "trade":
        words += ["trade", str(a + 1), REWARDS[b]]
    elif kind == "hire":
        words += ["hire", cat.districts[a].id]
    else:
        words.append(kind)
    if action.start:
        words.append("start")
        if kind == "trade":
            words.append(CUBES[c])
    return " ".join(words)


def _lookup(what: str, word: str, names: list[str]) -> int:
    try:
        return names.index(word)
    except ValueError:
        raise ValueError(f"unknown {what} {word!r} (one of: {', '.join(names)})") from None


def parse_action(cat: Catalog, text: str) -> Action:
    """Inverse of ``format_action``; ``ValueError`` saying which word is wrong."""
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError("an action is a line of text under 200 characters")
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    token = words[0] == "token"
    if token:
        words = words[1:]
    if not words:
        raise ValueError("'token' must be followed by an action")
    start = False
    colour = -1
    if len(words) >= 3 and words[0] == "trade" and words[-2] == "start":
        colour = _lookup("tea colour", words[-1], list(CUBES))
        words, start = words[:-2], True
    elif len(words) >= 2 and words[-1] == "start":
        words, start = words[:-1], True
    word, rest = words[0].replace("-", "_"), words[1:]
    hex_names = [h.id.lower() for h in cat.hexes]
    faces = [f.id for f in cat.faces]
    need = {
        "leave_out": 1, "advisor": 1, "contract": 1, "start_tile": 1, "deal": 1, "draw": 1,
        "elevate": 2, "top": 1, "start": 1, "pick": 1, "plant": 1, "move": 1, "play": 3,
        "discard": 1, "trade": 2, "hire": 1,
    }  # fmt: skip
    if word not in KINDS:
        raise ValueError(f"unknown action {words[0]!r} (one of: {', '.join(KINDS)})")
    if len(rest) != need.get(word, 0):
        raise ValueError(f"{word} takes {need.get(word, 0)} word(s) after it, got {len(rest)}")
    if word == "leave_out":
        return Action(word, _lookup("large tile", rest[0], [t.id.lower() for t in cat.large_tiles]))
    if word == "advisor":
        return Action(word, _lookup("advisor", rest[0], [a for a, _ in cat.advisors]))
    if word == "contract":
        return Action(word, _lookup("contract", rest[0], [c.id.lower() for c in cat.contracts]))
    if word == "start_tile":
        return Action(
            word, _lookup("start tile", rest[0], [str(n) for n, _ in cat.start_tiles]) + 1
        )
    if word in ("deal", "draw"):
        return Action(word, _lookup("card", rest[0], faces))
    if word == "elevate":
        tile = _lookup("large tile", rest[0], [t.id.lower() for t in cat.large_tiles])
        mask = 0
        for name in rest[1].split(","):
            mask |= 1 << _lookup("hex", name, hex_names)
        return Action(word, tile, mask)
    if word in ("top", "start", "pick", "plant", "move"):
        return Action(word, _lookup("hex", rest[0], hex_names), token=token, start=start)
    if word == "play":
        if rest[1] != "as":
            raise ValueError("write: play <card> as <main action>")
        return Action(
            word, _lookup("card", rest[0], faces), _lookup("main action", rest[2], list(MAIN))
        )
    if word == "discard":
        return Action(word, _lookup("tea colour", rest[0], list(CUBES)))
    if word == "trade":
        wagon = _lookup("wagon", rest[0], ["1", "2", "3"])
        reward = _lookup("reward", rest[1], list(REWARDS))
        if start and colour < 0:
            raise ValueError("trade ... start needs the tea colour you leave out")
        return Action(word, wagon, reward, colour, token, start)
    if word == "hire":
        return Action(
            word,
            _lookup("district", rest[0], [d.id for d in cat.districts]),
            token=token,
            start=start,
        )
    return Action(word, token=token, start=start)
