"""The faces a picker's phone offers when they name a face-down market card (side B).

Why: naming a face-down card is the one secret draw of Imhotep (only its picker
looks at it). Offering only the kinds still counted in ``deck`` (the legal
outcomes) tells the picker where the others are: once a card went face down to
the discard pile unseen by them (the other card of another player's pair), or
lies in another player's pair they are looking at, its kind drops out of the
list when it was the last one. So the phone offers every kind the picker cannot
rule out from what they know: every market card less the ones face up (the
market, the cards in front of players) and less the pair they hold themselves.
A kind offered that the cards entered so far leave no copy of is refused, in
words that blame the entries, not the deck (``reasons.py``: ``pair_unaccounted``).
Other chance decisions offer their legal outcomes (they are public).
"""

from __future__ import annotations

from engine.imhotep.actions import Action
from engine.imhotep.catalog import Catalog
from engine.imhotep.play import legal
from engine.imhotep.state import State


def unseen_by_picker(state: State) -> list[int] | None:
    """Per kind, the copies the picker naming a face-down card cannot rule out; ``None``
    when no face-down card is being named."""
    task = state.queue[0] if state.queue else None
    if task is None or task.kind != "pair":
        return None
    counts = [deck + discard for deck, discard in zip(state.deck, state.discard, strict=True)]
    # The pair held now is the picker's own (named one by one to them): ruled out.
    return counts


def draw_choices(state: State, catalog: Catalog) -> list[Action]:
    """The answers the drawer's phone offers for the pending chance decision."""
    unseen = unseen_by_picker(state)
    if unseen is None:
        return legal(state, catalog)
    return [Action("card", (kind,)) for kind, count in enumerate(unseen) if count > 0]


def offered_but_unaccounted(state: State, kind: int) -> bool:
    """Whether ``kind`` is offered to the picker yet no copy of it is left unseen
    by the entries (a card entered wrong somewhere: the answer is refused)."""
    unseen = unseen_by_picker(state)
    return (
        unseen is not None
        and 0 <= kind < len(unseen)
        and unseen[kind] > 0
        and state.deck[kind] == 0
    )
