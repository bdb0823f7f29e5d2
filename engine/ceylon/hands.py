"""Unknown hands (option ``unknown_hands``): cards the game counts but never names until played.

Why: a card drawn into a hand is a secret the rules need only when it is
played, and then it lies face up on the discard pile. So with this option
nobody tells the companion what was drawn: a draw is no decision at all (the
drawer's ``Player.unknown`` grows by one, no phone is asked), and a card is
named when it is played (read on the discard pile by the camera, or said by
the player's phone as the play itself). The game then knows strictly less
than before: no view, record or log line can give a hand away, not even to
its own player's phone.

What the hand may hold: ``State.deck`` counts, per face, the copies not yet
seen (still in the pile or in some hand); a play is legal for any face with a
copy not seen, and a face whose every copy lies on the discard pile is refused
with a reason (``card_all_seen``). The draw pile holds ``sum(deck)`` less the
cards in hands (``pile``).
"""

from __future__ import annotations

from engine.ceylon.state import Player, State

UNKNOWN_HANDS = "unknown_hands"


def unknown(state: State) -> bool:
    """Whether this game keeps its hands unknown."""
    return UNKNOWN_HANDS in state.options


def held(player: Player) -> int:
    """Cards in a player's hand, faces known or not."""
    return len(player.hand) + player.unknown


def pile(state: State) -> int:
    """Cards left in the draw pile."""
    if unknown(state):
        return sum(state.deck) - sum(p.unknown for p in state.players)
    return sum(state.deck)


def may_hold(state: State, seat: int) -> list[int]:
    """The faces ``seat``'s next play may be: its known cards, or with unknown
    cards every face that has a copy not seen yet (sorted, each once)."""
    player = state.players[seat]
    faces = set(player.hand)
    if player.unknown:
        faces.update(f for f, count in enumerate(state.deck) if count > 0)
    return sorted(faces)


def draw_unknown(state: State, seat: int) -> None:
    """One card from the pile into ``seat``'s hand, its face unknown."""
    state.mut(seat).unknown += 1


def play_unknown(state: State, seat: int, face: int) -> None:
    """``seat`` plays ``face`` from its unknown cards: one unknown card fewer, one copy seen."""
    state.mut(seat).unknown -= 1
    state.deck[face] -= 1
