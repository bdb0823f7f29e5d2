"""What the camera can see of one Amritsar personal board, as a value.

:class:`BoardView` holds, per seat, what lies on the board's places
(:mod:`vision.games.amritsar_boards.layout`): ``None`` in a field means the
camera could not read it with confidence, and matches anything
(:meth:`BoardView.matches`). :func:`boards_of` projects a game state onto
the boards, as a person looking down on them sees them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.amritsar import NONE, GameState, storehouse_capacity

#: a storage space holding a flipped storehouse (its back carries no sticker)
FLIPPED = -2


@dataclass(frozen=True)
class BoardView:
    """One seat's personal board: each knowledge track's space (0..6), the tax
    track's (0..15); per storage space the storehouse there (catalog index), -1
    free or ``FLIPPED``; per mahout and objective space whether an upgrade
    filled it (a tile there: True; its donation counter still there: False);
    how many coins and resources of each kind the storehouses hold."""

    tracks: tuple[int | None, ...]
    tax: int | None
    storage: tuple[int | None, ...]
    mahouts: tuple[bool | None, ...]
    objectives: tuple[bool | None, ...]
    #: coins, marble, copper, gold in the storehouses (``goods.GOODS``; counts,
    #: not where they stand: the rules do not care)
    goods: tuple[int | None, ...] = (None, None, None, None)

    def places(self) -> dict[str, Any]:
        """Place name -> value, one entry per place (``track:1``, ``storage:0``...)."""
        out: dict[str, Any] = {"tax": self.tax}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                out.update({f"{f.name}:{i}": v for i, v in enumerate(value)})
        return out

    def matches(self, other: BoardView) -> bool:
        """Every place both read holds the same value."""
        a, b = self.places(), other.places()
        return all(a[k] is None or b[k] is None or a[k] == b[k] for k in a)

    def shows(self, engine: BoardView) -> bool:
        """Whether this reading shows the board the engine has (``board_of``):
        every place read holds the engine's value, and a place the engine
        cannot place (the storehouses while more than fits) is not read."""
        a, b = self.places(), engine.places()
        return all(a[k] is None or a[k] == b[k] for k in a)

    @staticmethod
    def unknown() -> BoardView:
        return BoardView((None,) * 3, None, (None,) * 3, (None,) * 4, (None,) * 4, (None,) * 4)


def board_of(state: GameState, seat: int) -> BoardView:
    p = state.players[seat]
    storage = tuple(
        FLIPPED if flipped and h != NONE else h
        for h, flipped in zip(p.storehouses, p.storehouse_flipped, strict=True)
    )
    held: tuple[int | None, ...] = (p.coins, *p.resources)
    if p.coins + sum(p.resources) > storehouse_capacity(state, p):
        # more than fits, a discard to come: the pieces are not all on their
        # spaces (``BoardView.shows``: no reading of the spaces shows this moment)
        held = (None,) * len(held)
    return BoardView(
        tracks=tuple(p.tracks),
        tax=min(p.tax, 15),
        storage=storage,
        mahouts=tuple(m != NONE for m in p.mahouts),
        objectives=tuple(o != NONE for o in p.objectives),
        goods=held,
    )


def boards_of(state: GameState) -> tuple[BoardView, ...]:
    """Every seat's board (the Maharajah's is not among them)."""
    return tuple(board_of(state, seat) for seat in range(len(state.players)))
