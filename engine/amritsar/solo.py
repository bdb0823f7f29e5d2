"""The solo Maharajah's turns for the table screen, the phones and reconciliation.

His turn is one action, ``Action(Act.MAHARAJAH)``; applying it carries out
the whole turn (``engine.amritsar.rules.maharajah``). These functions give the turn as
a ``MaharajahTurn`` (``engine.amritsar.maharajah_report``): the decision trace, the
physical instructions in English and Spanish, and the same moves as data.

- ``maharajah_turn(state)``: his coming turn, computed without changing
  ``state`` (what to show before the person moves the pieces).
- ``play_maharajah_turn(state)``: apply it; the next state, the events and
  the report.
- ``turn_from_events(events, after)``: the report carried by the events of an
  applied turn (a stored event log is enough), with ``after`` holding what
  followed automatically (an end of decade, the end of the game).
- ``maharajah_updates(events, after)``: his pieces moved by someone else's
  action. When the human has a decision right after the Maharajah's turn (a
  follow, an income choice, a discard), the end of the decade or of the game
  carries on with the human's action: his majority PP, his objective and his
  white-track end PP come with those events, and must reach the table too.
- ``maharajah_report(events, after)``: whichever of the two the events hold.

Example:
    >>> from engine.amritsar import Pending, apply, decision, legal_actions, new_game
    >>> state = new_game(1, solo=True, seed=5)
    >>> while decision(state).kind is not Pending.MAHARAJAH_TURN:
    ...     state, _ = apply(state, legal_actions(state)[0])
    >>> turn = maharajah_turn(state)
    >>> turn.instructions[-1].kind, turn.instructions[-1].observed
    ('token', ('maharajah_space',))
    >>> next_state, events, played = play_maharajah_turn(state)
    >>> played == turn == turn_from_events(events, next_state)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.amritsar.actions import Act, Action
from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply
from engine.amritsar.maharajah_report import (
    Instruction,
    MaharajahTurn,
    TraceLine,
    describe_events,
)
from engine.amritsar.maharajah_texts import TRACE, render
from engine.amritsar.rules.core import Event
from engine.amritsar.state import MAHARAJAH_SEAT, GameState

#: The one legal action when the Maharajah is to play.
MAHARAJAH_ACTION = Action(Act.MAHARAJAH)


def is_maharajah_turn(state: GameState) -> bool:
    """Is the pending decision the Maharajah's turn?"""
    return bool(state.pending) and state.pending[-1].kind == Pending.MAHARAJAH_TURN


def play_maharajah_turn(state: GameState) -> tuple[GameState, list[Event], MaharajahTurn]:
    """Apply his turn: the next state, its events and the turn's report.

    Raises ``IllegalActionError`` (with the rule) when it is not his turn.
    """
    after, events = apply(state, MAHARAJAH_ACTION)
    report = turn_from_events(events, after)
    assert report is not None, "applying his turn always reports it"
    return after, events, report


def maharajah_turn(state: GameState) -> MaharajahTurn:
    """His coming turn, without changing ``state`` (the rules run on a copy)."""
    return play_maharajah_turn(state)[2]


def turn_from_events(
    events: Sequence[Event], after: GameState | None = None
) -> MaharajahTurn | None:
    """The report of the Maharajah turn among ``events`` (``None`` if there is none).

    ``after`` is the state the events led to; with it the moves that followed
    his turn (``MaharajahTurn.after``) carry PP totals.
    """
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.kind == "maharajah_turn":
            turn = MaharajahTurn.from_json(event.what)
            return replace(turn, after=describe_events(events[index + 1 :], after))
    return None


def maharajah_updates(events: Sequence[Event], after: GameState | None) -> MaharajahTurn | None:
    """His pieces moved by an action that was not his turn, as a report.

    ``None`` when the events hold his turn (its report says it all: use
    ``turn_from_events``) or move nothing of his. Otherwise the report has no
    trace of choices (he made none) and every move of his pieces, PP first
    among them, in ``after`` with running totals.
    """
    if after is None or after.maharajah is None:
        return None
    if any(e.kind == "maharajah_turn" for e in events):
        return None
    moves = tuple(i for i in describe_events(events, after) if i.seat == MAHARAJAH_SEAT)
    if not moves:
        return None
    gained = sum(e.amount for e in events if e.kind == "pp" and e.player == MAHARAJAH_SEAT)
    en, es = render(TRACE["after_your_action"], {})
    return MaharajahTurn(
        decade=after.decade,
        round=after.round,
        last_colour=-1,
        token_colour=-1,
        order=(),
        trace=(TraceLine("after", "after_your_action", en, es),),
        instructions=(),
        pp_before=after.maharajah.pp - gained,
        pp_after=after.maharajah.pp,
        after=moves,
    )


def maharajah_report(events: Sequence[Event], after: GameState | None) -> MaharajahTurn | None:
    """What the table must do for the Maharajah after any action's events."""
    return turn_from_events(events, after) or maharajah_updates(events, after)


__all__ = [
    "MAHARAJAH_ACTION",
    "Instruction",
    "MaharajahTurn",
    "TraceLine",
    "is_maharajah_turn",
    "maharajah_report",
    "maharajah_turn",
    "maharajah_updates",
    "play_maharajah_turn",
    "turn_from_events",
]
