"""Random personal boards, for tests and the exactness bench.

A random :class:`BoardView` per seat: each knowledge counter anywhere on its
track, the tax counter anywhere on its track, storage spaces free, holding a
storehouse (each storehouse at most once on the table) or one flipped, and
every upgrade space filled or still holding its donation counter, and coins
and resources on any number of the storehouses' spaces. Wider than
what games reach early (counters rarely leave the bottom in random play), so
every space is scored.
"""

from __future__ import annotations

import numpy as np

from engine.amritsar import default_catalog

from . import goods as G
from . import layout as L
from .view import FLIPPED, BoardView


def random_boards(rng: np.random.Generator, players: int) -> tuple[BoardView, ...]:
    stock = [int(i) for i in rng.permutation(len(default_catalog().storehouses))]
    out = []
    for _ in range(players):
        storage: list[int | None] = []
        for _s in range(L.STORAGE):
            roll = float(rng.random())
            storage.append(-1 if roll < 0.4 else FLIPPED if roll < 0.5 else stock.pop())
        spaces = len(G.START_CELLS) + sum(G.capacity(int(h or 0)) for h in storage)
        held = rng.integers(0, len(G.GOODS), int(rng.integers(0, spaces + 1)))
        goods = tuple(int((held == k).sum()) for k in range(len(G.GOODS)))
        out.append(
            BoardView(
                tracks=tuple(int(rng.integers(0, L.TRACK_LAST + 1)) for _ in range(L.TRACKS)),
                tax=int(rng.integers(0, L.TAX_SPACES)),
                storage=tuple(storage),
                mahouts=tuple(bool(rng.random() < 0.5) for _ in range(L.UPGRADE_SPACES)),
                objectives=tuple(bool(rng.random() < 0.5) for _ in range(L.UPGRADE_SPACES)),
                goods=goods,
            )
        )
    return tuple(out)
