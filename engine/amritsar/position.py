"""A position as a few lines of text a person reads, writes and pastes into a bug report.

The FEN of Amritsar: one line per area of the table, each area and each item
named by the rulebook's words, anything that can be worked out left out. The
grammar is documented in ``docs/position-notation.md``; a 3-player position
mid-game reads::

    game: 3 players, decade 1, round 3, turn 3, starting player 3, current player 2
    sections: N1 BW, N2 WYYG, E1 GY, E2 W, W1 B, W2 BG
    section coins: N1 1, E2 1
    maharajah token: ES
    district tiles: N DB2 DG2 DW1, E DG1 DW3 DY2, S DY1 DB3 DG3, W DW2 DY3 DB1
    temple tiles: T1 T2 T3
    bridge tiles: BR2 BR6 BR3
    donations: W1.3=3
    market: marble 3, copper 3, gold 3
    storehouses: S06 S14 S12 S03 S15 S10 S05 S13
    this turn: last active worker G
    player 1: pp 6, coins 0, elephant E, on elephant 2, mahouts B=donate, objectives C2, face down A6 B6 D1
    player 1 score: bridge BR2 +1
    ...
    decision: player 2 sow

(``decision:`` names a turn's stage; a stack no turn builds, such as an effect
half carried out, is written as ``pending:`` lines, one frame each.)

- ``format_position(state)`` writes it; ``parse_position(text)`` reads it back
  exactly (``format -> parse`` gives the same state, pending decision included).
- ``position_problems(text, language)`` names every problem at once, in a
  player's words (English or Spanish): each unreadable line or item, then
  every rule the position breaks (``engine.amritsar.serialize.status``).
  ``parse_position`` raises ``PositionError`` with the English list.
- ``at_turn(state, seat, stage, colour=, district=)`` builds a mid-turn position.
- The long one-fact-a-line form of earlier versions (``format: amritsar-state/1``)
  is still read (``engine.amritsar.position_long``).
"""

from __future__ import annotations

from engine.amritsar.catalog import Catalog
from engine.amritsar.position_build import STAGES, at_turn
from engine.amritsar.position_read import read_position
from engine.amritsar.position_write import derived_tax, format_position
from engine.amritsar.state import GameState


class PositionError(ValueError):
    """The text is not a sound position; ``problems`` lists every one (English)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        body = "\n".join(f"- {p}" for p in problems)
        super().__init__(
            f"the position has {len(problems)} problem{'s' * (len(problems) != 1)}:\n{body}"
        )


def position_problems(text: str, language: str = "en", catalog: Catalog | None = None) -> list[str]:
    """Every problem of a position text in a player's words (empty: a sound position)."""
    _, problems = read_position(text, catalog)
    return [p.es if language == "es" else p.en for p in problems]


def parse_position(text: str, catalog: Catalog | None = None) -> GameState:
    """Read a position; raises ``PositionError`` naming every problem."""
    state, problems = read_position(text, catalog)
    if problems or state is None:
        raise PositionError([p.en for p in problems])
    return state


__all__ = [
    "STAGES",
    "PositionError",
    "at_turn",
    "derived_tax",
    "format_position",
    "parse_position",
    "position_problems",
]
