"""The long position notation of earlier versions, still read (one fact a line).

``engine.amritsar.position`` is the notation now; this module reads (and, for
the tests, writes) the long form older bug reports and replay exports hold,
recognised by its ``format: amritsar-state/1`` line.

The notation holds the whole state, the pending decision included, one fact
per line: ``path: value``. The path names the fact as the JSON state does
(``engine.amritsar.serialize.to_dict``), with dots between levels and list positions
as numbers::

    format: amritsar-state-1
    players: 2
    decade: 1
    board.sections: [YB W GY B WG Y BW G]
    board.market.marble: 3
    seats.0.pp: 5
    seats.0.elephant: N
    seats.0.mahouts.Y: donate
    seats.0.ledger: [[start "" 5]]
    turn.active_colour: W
    pending.0.kind: END_TURN
    pending.2.kind: ACTIONS
    pending.2.player: 0

Values: a number, ``true``/``false``, ``-`` for "none", a word (an id, a
colour or district letter, a decision name), a ``"quoted string"`` (JSON
string rules) for anything with spaces or that would read as another kind of
value, and ``[a b c]`` for a list (lists nest). Lines starting with ``#`` and
blank lines are ignored. The last ``pending`` entry is the decision the game
waits for (``engine.amritsar.decisions.Pending``): ``pending.2.kind: ACTIONS``,
``pending.2.player: 0`` reads "seat 0 at the action menu".

- ``format_position(state)`` writes it; ``parse_position(text)`` reads it back
  (``format -> parse`` gives the same state) and raises ``PositionError``
  naming every problem: the line of each unreadable value, then every field
  missing or wrong and every rule the position breaks (``status``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.amritsar.serialize import StateError, from_dict, to_dict
from engine.amritsar.state import GameState

_BARE = re.compile(r"^[A-Za-z0-9_.:+|/'-]+$")
_INT = re.compile(r"^-?\d+$")
_TOKEN = re.compile(r'\s*(\[|\]|"(?:[^"\\]|\\.)*"|[^\s\[\]"]+)')


class PositionError(ValueError):
    """The text is not a position; ``problems`` lists every one found."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        body = "\n".join(f"- {p}" for p in problems)
        super().__init__(
            f"the position has {len(problems)} problem{'s' * (len(problems) != 1)}:\n{body}"
        )


# -- writing -----------------------------------------------------------------


def _bare(text: str) -> Any:
    if text == "-":
        return None
    if text in ("true", "false"):
        return text == "true"
    if _INT.match(text):
        return int(text)
    return text


def _value(value: Any) -> str:
    if isinstance(value, list):
        return "[" + " ".join(_value(v) for v in value) + "]"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _BARE.match(text) and _bare(text) == text:
        return text
    return json.dumps(text, ensure_ascii=False)


def _lines(prefix: str, value: Any, out: list[str]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _lines(f"{prefix}.{key}" if prefix else str(key), item, out)
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for index, item in enumerate(value):
            _lines(f"{prefix}.{index}", item, out)
    else:
        out.append(f"{prefix}: {_value(value)}")


def format_position(state: GameState) -> str:
    """The whole state as notation lines (secrets included: a view's data can be used too)."""
    out: list[str] = []
    _lines("", to_dict(state), out)
    return "\n".join(out) + "\n"


# -- reading -----------------------------------------------------------------


def _parse_value(text: str) -> Any:
    tokens = []
    position = 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise ValueError(f"cannot read {text[position:]!r}")
        tokens.append(match.group(1))
        position = match.end()
        while position < len(text) and text[position].isspace():
            position += 1
    if not tokens:
        raise ValueError("no value")
    value, used = _read(tokens, 0)
    if used != len(tokens):
        raise ValueError(f"unexpected {' '.join(tokens[used:])!r} after the value")
    return value


def _read(tokens: list[str], index: int) -> tuple[Any, int]:
    token = tokens[index]
    if token == "[":
        items = []
        index += 1
        while index < len(tokens) and tokens[index] != "]":
            item, index = _read(tokens, index)
            items.append(item)
        if index >= len(tokens):
            raise ValueError("a list is not closed with ']'")
        return items, index + 1
    if token == "]":
        raise ValueError("']' without '['")
    if token.startswith('"'):
        return json.loads(token), index + 1
    return _bare(token), index + 1


def _place(root: dict[str, Any], path: list[str], value: Any) -> str | None:
    node = root
    for part in path[:-1]:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            return f"'{'.'.join(path)}' is inside a value already given"
        node = child
    if path[-1] in node:
        return f"'{'.'.join(path)}' is given twice"
    node[path[-1]] = value
    return None


def _lists(node: Any, where: str, problems: list[str]) -> Any:
    """Dicts keyed 0..n-1 become lists."""
    if not isinstance(node, dict):
        return node
    items = {
        key: _lists(value, f"{where}.{key}" if where else key, problems)
        for key, value in node.items()
    }
    if items and all(key.isdigit() for key in items):
        indices = sorted(int(key) for key in items)
        if indices != list(range(len(indices))):
            problems.append(f"'{where}': numbered from 0 without gaps, got {indices}")
        return [items[str(i)] for i in indices]
    return items


def _data(text: str, problems: list[str]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        path, colon, value_text = line.partition(":")
        if not colon or not path.strip():
            problems.append(f"line {number}: expected 'name: value', got {raw!r}")
            continue
        try:
            value = _parse_value(value_text)
        except (ValueError, json.JSONDecodeError) as error:
            problems.append(f"line {number} ({path.strip()}): {error}")
            continue
        clash = _place(root, path.strip().split("."), value)
        if clash:
            problems.append(f"line {number}: {clash}")
    data = _lists(root, "", problems)
    return data if isinstance(data, dict) else {}


def parse_position(text: str) -> GameState:
    """Read a position; raises ``PositionError`` naming every problem."""
    problems: list[str] = []
    data = _data(text, problems)
    try:
        state = from_dict(data, validate=False)
    except StateError as error:
        raise PositionError(problems + error.problems) from error
    from engine.amritsar.serialize import status

    problems += status(state)
    if problems:
        raise PositionError(problems)
    return state


def position_problems(text: str) -> list[str]:
    """Every problem of a position text (empty: it is a sound position)."""
    try:
        parse_position(text)
    except PositionError as error:
        return error.problems
    return []
