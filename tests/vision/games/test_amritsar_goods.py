"""Coins and resources in Amritsar's storehouses read by colour (issue 33): counted
per kind where every space is read, unknown (never guessed) where one is not."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from engine.amritsar import new_game
from vision.games.amritsar_boards import goods as G
from vision.games.amritsar_boards.read import BoardsReader
from vision.games.amritsar_boards.render import BoardsRenderer
from vision.games.amritsar_boards.view import FLIPPED, BoardView, board_of
from vision.sources import Frame

BOARD = BoardView(
    tracks=(1, 0, 2),
    tax=4,
    storage=(4, -1, 13),  # a 3-space and a 2-space storehouse: 9 spaces with the start's 4
    mahouts=(False, False, True, False),
    objectives=(True, False, False, False),
    goods=(2, 1, 2, 2),
)


def test_spaces_are_filled_in_order_and_only_what_fits() -> None:
    assert G.capacity(-1) == 0 and G.capacity(FLIPPED) == 4 and G.capacity(4) == 3
    kinds = G.fill((1, 0, 2, 0), (4, -1, -1))
    assert kinds == [0, 2, 2, -1, -1, -1, -1]
    assert G.fill((5, 0, 0, 0), (-1, -1, -1)) is None  # 5 pieces, 4 spaces
    assert G.counts([0, 2, -1, 2]) == (1, 0, 2, 0)
    assert G.counts([0, None, -1]) == (None,) * 4


def _sampler(
    top: tuple[float, float, float], ring: tuple[float, float, float], printed: tuple[int, ...]
) -> G.Sampler:
    """What a camera shows round a space: ``top`` at a cube's height, ``ring``
    at a coin's, the printed colour (under a light halving red) further out."""

    def sample(pts: NDArray[np.float64], height: float) -> NDArray[np.float64]:
        r = np.linalg.norm(pts - np.array([100.0, 100.0]), axis=1)
        out = np.empty((len(pts), 3))
        light = np.array([1.0, 1.0, 0.5])
        out[:] = np.array(printed) * light
        if height >= G.CUBE_HEIGHT:
            out[r < 4] = np.array(top) * light
        else:
            out[r < 9] = np.array(ring) * light
        return out

    return sample


def test_a_colour_is_read_only_when_clearly_one_kind() -> None:
    tile = G.TILE_BGR
    copper = G.GOODS_BGR["copper"]
    yellow = G.GOODS_BGR["gold"]
    at = (100.0, 100.0)
    refs = G.reference([(120.0, 100.0), (80.0, 100.0)])
    assert G.classify(_sampler(copper, tile, tile), at, 2.0, tile, refs) == G.GOODS.index("copper")
    assert G.classify(_sampler(yellow, yellow, tile), at, 2.0, tile, refs) == G.GOODS.index("coin")
    assert G.classify(_sampler(yellow, tile, tile), at, 2.0, tile, refs) == G.GOODS.index("gold")
    marble = G.GOODS_BGR["marble"]
    assert G.classify(_sampler(marble, tile, tile), at, 2.0, tile, refs) == G.GOODS.index("marble")
    # the tile's own colour (a space with neither spot nor piece), a colour
    # half-way between copper and marble, glare: unknown
    assert G.classify(_sampler(tile, tile, tile), at, 2.0, tile, refs) is None
    between = tuple((a + b) / 2 for a, b in zip(copper, marble, strict=True))
    assert G.classify(_sampler(between, tile, tile), at, 2.0, tile, refs) is None
    glare = G.classify(_sampler((255, 255, 255), tile, (255, 255, 255)), at, 2.0, (255,) * 3, refs)
    assert glare is None


def test_a_board_counts_what_the_engine_holds_and_nothing_while_more_than_fits() -> None:
    state = new_game(1, solo=True, seed=2)
    p = state.players[0]
    assert board_of(state, 0).goods == (p.coins, *p.resources)
    p.coins = 9  # more than the starting storehouse's 4 spaces: a discard to come
    engine = board_of(state, 0)
    assert engine.goods == (None,) * 4
    read = BoardView(**{**engine.__dict__, "goods": (4, 0, 0, 0)})
    assert read.matches(engine) and not read.shows(engine)  # no reading shows that moment
    assert BoardView(**{**engine.__dict__}).shows(engine)


@pytest.fixture(scope="module")
def reader_on() -> tuple[BoardsRenderer, BoardsReader]:
    return BoardsRenderer(7, "ideal", 1, size=(3200, 2400)), BoardsReader(1)


def _read(renderer: BoardsRenderer, board: BoardView) -> BoardView:
    reader = BoardsReader(1)
    for n in range(6):
        got = reader.read(Frame(image=renderer.frame((board,), False, n), number=n, time=n / 10))
        if got is not None:
            return got[0]
    raise AssertionError("never settled")


def test_rendered_storehouses_are_counted_per_kind(
    reader_on: tuple[BoardsRenderer, BoardsReader],
) -> None:
    renderer, _ = reader_on
    assert _read(renderer, BOARD).goods == BOARD.goods
    flipped = _read(renderer, BoardView(**{**BOARD.__dict__, "storage": (4, -1, FLIPPED)}))
    assert flipped.goods == (None,) * 4  # a flipped storehouse's spaces cannot be placed
    overflowing = _read(renderer, BoardView(**{**BOARD.__dict__, "goods": (9, 1, 0, 0)}))
    assert overflowing.goods == (None,) * 4  # pieces lifted before a discard
