"""A question and the choice it leads to, on one phone screen.

Many of a turn's phone questions come in pairs: a tile action, then what it
gives ("a knowledge step on any track": which track; "a resource of your
choice": which one; an upgrade: which kind; a full storehouse: what to
discard), or then the turn's next tile action (the secondary action, the
elephant's: a player knows the turn's actions together once the active worker
lands; issue 33), and at the start the first objective, then the first mahout
tile. The second question always follows the first at once, so the phone
shows both on one screen: tapping "Main action of the left tile" opens its
follow-up choices under it, and the two answers are sent together (one after
the other, each checked by the server as any answer is).

``follow_ups(state, action)`` is the follow-up question ``action`` leads to,
or None when there is none worth grouping: the next decision is not the same
player's, leaves a trace on the table (the market, the elephant), is an order
the trades show (``companion.games.amritsar.reconcile.order``), has a single answer (the
companion takes it itself) or too many to list. The phone-answers bench uses
the same function, so what it counts as one screen is what the phone shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.amritsar import (
    Action,
    GameState,
    Pending,
    apply,
    decision,
    describe_action,
    legal_actions,
    order_prompt,
    parse_action,
)

#: Decisions that follow another of the same player's at once (the choices a
#: tile or mahout action, a knowledge step or a gain opens; the turn's next
#: tile action; the first mahout tile after the first objective).
FOLLOWING = frozenset(
    {
        Pending.CHOOSE_RESOURCE,
        Pending.CHOOSE_TRACK,
        Pending.CHOOSE_ALTERNATIVE,
        Pending.CHOOSE_MAHOUT,
        Pending.UPGRADE,
        Pending.TWO_STEPS,
        Pending.DISCARD,
        Pending.ACTIONS,
        Pending.SETUP_MAHOUT,
    }
)
#: More follow-up answers than this stay a question of their own.
MOST = 12


@dataclass(frozen=True)
class FollowUp:
    """The question an answer leads to and its answers."""

    state: GameState
    actions: tuple[Action, ...]

    def prompt(self) -> tuple[str, str]:
        d = decision(self.state)
        return (d.prompt_en, d.prompt_es)


def follow_ups(state: GameState, action: Action) -> FollowUp | None:
    """The follow-up question of ``action`` at ``state`` (same player, hidden), if any."""
    if not state.pending:
        return None
    seat = state.pending[-1].player
    after, _ = apply(state, action, check=False)
    if after.finished or not after.pending:
        return None
    top = after.pending[-1]
    if top.player != seat or Pending(top.kind) not in FOLLOWING:
        return None
    if order_prompt(after) is not None:
        return None  # the trades show the order: nobody is asked
    answers = tuple(legal_actions(after))
    if not 2 <= len(answers) <= MOST:
        return None
    return FollowUp(after, answers)


def grouped_options(state: GameState, offered: list[dict[str, Any]]) -> None:
    """Add to each offered option (``{"action": ...}``) the follow-up it opens:
    ``then`` (its answers, in both languages) and ``then_en``/``then_es`` (the
    question)."""
    for option in offered:
        try:
            action = parse_action(str(option["action"]))
        except ValueError:
            continue
        follow = follow_ups(state, action)
        if follow is None:
            continue
        en, es = follow.prompt()
        option["then_en"] = en
        option["then_es"] = es
        option["then"] = [
            {
                "action": str(a),
                "en": describe_action(follow.state, a, "en"),
                "es": describe_action(follow.state, a, "es"),
            }
            for a in follow.actions
        ]
