"""Is a hidden choice backed by anything but pieces the camera may have missed?

A choice the table cannot show (a tile action, an alternative, a resource:
anything a phone is asked for, ``HIDDEN_DECISIONS``) leaves its trace on the
board only through its effects. When the only difference left between the
engine and the table is pieces *fewer* than the engine's (a lower count on a
market space, a worker or a counter gone), that is exactly what a missed
marker looks like: a dark counter the camera reads 4 of 5 is explained just
as well by a tile action that spends a counter. Such a choice is never
inferred: the moves before it (backed by pieces appearing somewhere new, an
elephant on another path) are taken, and the choice is left to the deciding
player's phone, with every legal answer offered (the table's doubtful count
narrows nothing). Positive evidence still counts: a choice is inferred when
something seen at that point is more or new, not only less.
"""

from __future__ import annotations

from typing import Any

from companion.games.amritsar.reconcile.search import Inference
from companion.games.amritsar.reconcile.seen import Seen, mismatches, missing_as_unknown
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Action,
    GameState,
    Pending,
    apply,
    legal_actions,
    observe,
)

Item = tuple[str, tuple[int, ...]]


def _item(value: Any, index: tuple[int, ...]) -> Any:
    """One item of a field of ``Seen`` (None: unseen)."""
    for i in index:
        if value is None:
            return None
        value = value[i]
    return value


def witnessed(state: GameState, before: Seen | None, seen: Seen) -> frozenset[Item]:
    """Items the camera saw change: known in the previous picture, as the
    engine has them, and different now. A count that was full and then
    lower after a hand is a move seen; one that was unknown or short
    before and reads short after is still a miss."""
    if before is None:
        return frozenset()
    should = observe(state)
    off_before = {(m.field, m.index) for m in mismatches(should, before)}
    return frozenset(
        (m.field, m.index)
        for m in mismatches(should, seen)
        if (m.field, m.index) not in off_before
        and _item(getattr(before, m.field), m.index) is not None
    )


def only_fewer(state: GameState, seen: Seen, seen_change: frozenset[Item] = frozenset()) -> bool:
    """Is every difference between ``state`` and the table pieces fewer than
    the engine's (items ``missing_as_unknown`` doubts) that the camera did not
    see change (``seen_change``)? False when they agree."""
    should = observe(state)
    differ = {(m.field, m.index) for m in mismatches(should, seen)}
    if not differ:
        return False
    positive = {(m.field, m.index) for m in mismatches(should, missing_as_unknown(should, seen))}
    return not positive and not (differ & seen_change)


def doubtful_choice(
    state: GameState,
    seen: Seen,
    actions: tuple[Action, ...],
    seen_change: frozenset[Item] = frozenset(),
) -> int | None:
    """Index of the first action in ``actions`` that answers a hidden choice
    when all the table still shows at that point is pieces fewer than the
    engine's; None when every hidden choice has other evidence."""
    at = state
    for index, action in enumerate(actions):
        if (
            at.pending
            and Pending(at.pending[-1].kind) in HIDDEN_DECISIONS
            and only_fewer(at, seen, seen_change)
        ):
            return index
        at, _ = apply(at, action, check=False)
    return None


def without_doubtful_choices(
    state: GameState, seen: Seen, inference: Inference, before: Seen | None = None
) -> Inference:
    """``inference`` cut before a hidden choice inferred from fewer pieces only.

    ``before`` is the previous settled picture: pieces seen there as the
    engine has them and fewer now are a change the camera saw (evidence).
    What comes before the choice is kept and the choice goes to the phone
    (``ask`` offering every legal answer); with nothing before it, ``wait``:
    no alert and nothing inferred until the table or the phone says more.
    """
    if inference.kind not in ("apply", "ask"):
        return inference
    change = witnessed(state, before, seen)
    cut = doubtful_choice(state, seen, inference.actions, change)
    if cut == 0:
        return Inference("wait", nodes=inference.nodes)
    kept = inference.actions if cut is None else inference.actions[:cut]
    at = state
    for action in kept:
        at, _ = apply(at, action, check=False)
    if cut is None and (
        inference.kind == "apply" or not at.pending or not only_fewer(at, seen, change)
    ):
        return inference
    # The phone decides, offered every answer: fewer pieces narrow nothing.
    return Inference(
        "ask",
        kept,
        tuple(legal_actions(at)),
        at.pending[-1].player,
        inference.explanations,
        inference.nodes,
        inference.remaining,
        inference.candidates,
    )
