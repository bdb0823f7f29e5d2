"""House rule ``objectives_at_end``: objectives named when revealed, never before.

Why: each player's objectives stay "hidden from the rest of the players until
the end of the game" (Game Setup, step 22), and nothing during play depends on
which they are. The first objective (step 24a) and an Objective Upgrade move the
tax counter, uncover the space's donation counter and give the space's benefit
whatever the objective is; only the Objectives phase of the End of Game reads
them ("Reveal the Objectives you have played on your Board and score them").
So a table may keep them off the phones until then.

With the option the engine never learns an objective before the table sees it:
no deal is entered (each player holds four ``UNNAMED`` objectives, one of each
type as dealt, ``start``), the first objective goes face down with no question
(``_place_first_face_down``), an objective upgrade places "a face-down
objective" on a free space (``rules.upgrades``), and after the third decade
each player names the objective on each space they played (``reveal_frames``,
one ``REVEAL_OBJECTIVE`` decision per space, in seat order) before the game is
scored. A name is checked against what the deal allows: an objective named
twice anywhere, or a second objective of one type for a player, is refused.
The objectives never played are never entered. ``docs/security.md`` says why
nothing secret becomes derivable: the companion holds strictly less.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import Act, Action
from engine.amritsar.decisions import Pending
from engine.amritsar.options import has_option
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    counter_from_board,
    decision,
    pop,
    prepares,
)
from engine.amritsar.state import NONE, UNNAMED, Frame, GameState

OPTION = "objectives_at_end"
#: One objective of each type is dealt to each player (Game Setup, step 22).
DEALT = 4


def start(s: GameState) -> None:
    """Take the players' objective deals out of a new game's setup (the option's start).

    Each player holds ``DEALT`` unnamed objectives instead; the Maharajah's
    objective, face up and used during play, is still drawn.
    """
    if not has_option(s, OPTION):
        return
    s.pending = tuple(f for f in s.pending if f.kind != Pending.CHANCE_OBJECTIVE)
    for p in s.players:
        s.own(p.seat).objective_hand = (UNNAMED,) * DEALT


def without_one(hand: tuple[int, ...], objective: int) -> tuple[int, ...]:
    """``hand`` less one copy of ``objective`` (unnamed objectives are alike)."""
    at = hand.index(objective)
    return hand[:at] + hand[at + 1 :]


@prepares(Pending.SETUP_OBJECTIVE)
def _place_first_face_down(s: GameState, top: Frame, events: Events) -> bool:
    """The first objective goes face down unasked when nobody has named the hand."""
    p = s.players[top.player]
    if UNNAMED not in p.objective_hand:
        return False
    pop(s)
    p = s.own(top.player)
    p.objective_hand = without_one(p.objective_hand, UNNAMED)
    p.objectives = (UNNAMED, p.objectives[1], p.objectives[2], p.objectives[3])
    icons = s.catalog.rules.objective_tax_icons
    p.tax += icons
    events.append(Event("upgrade", top.player, icons, "objective", "objective"))
    counter_from_board(s, top.player, events)
    return True


def reveal_frames(s: GameState) -> list[Frame]:
    """The reveal decisions still owed, in the order they are asked (first on top last).

    Empty without the option or once every objective played is named.
    """
    return [
        Frame(Pending.REVEAL_OBJECTIVE, p.seat, a=space)
        for p in s.players
        for space, objective in enumerate(p.objectives)
        if objective == UNNAMED
    ]


def _named(s: GameState) -> set[int]:
    """Every objective the table has named: on a board, in a hand, the Maharajah's."""
    held = {o for p in s.players for o in (*p.objectives, *p.objective_hand) if o >= 0}
    if s.maharajah is not None and s.maharajah.objective != NONE:
        held.add(s.maharajah.objective)
    return held


@decision(Pending.REVEAL_OBJECTIVE, [Act.REVEAL_OBJECTIVE])
def _reveal_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.REVEAL_OBJECTIVE, o, top.a) for o in range(len(s.catalog.objectives)))


@check(Act.REVEAL_OBJECTIVE)
def _check_reveal(s: GameState, top: Frame, action: Action) -> Reason | None:
    catalog = s.catalog
    if action.b != top.a or not 0 <= action.a < len(catalog.objectives):
        return Reason("choice_out_of_range")
    objective = catalog.objectives[action.a]
    if action.a in _named(s):

        def named() -> dict[str, Any]:
            return {"objective": objective.id, "objective_es": objective.id}

        return Reason("objective_named", named)
    p = s.players[top.player]
    if any(catalog.objectives[o].type == objective.type for o in p.objectives if o >= 0):
        return Reason("objective_type_twice", {"type": objective.type})
    return None


@applies(Act.REVEAL_OBJECTIVE)
def _apply_reveal(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    p = s.own(top.player)
    spaces = list(p.objectives)
    spaces[top.a] = action.a
    p.objectives = (spaces[0], spaces[1], spaces[2], spaces[3])
    events.append(
        Event(
            "objective_revealed", top.player, top.a, "objective", s.catalog.objectives[action.a].id
        )
    )
