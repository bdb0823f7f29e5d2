"""Ceylon's tech track read by the camera: the disc topping each space, or unknown.

Frames come from the table's renderer (3200 x 2400, ideal light): a few
renders only, so the file stays quick. The rules of honesty are checked on
placed markers directly (no pixels): a space is read only from a marker on
it, and anything that could be another space's disc leaves it unknown.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from engine.ceylon.catalog import load_catalog
from engine.ceylon.view import CeylonObservation, tech_tops
from engine.core.registry import get_rules
from vision.games.ceylon import layout as L
from vision.games.ceylon import plan as P
from vision.games.ceylon.fields import read_fields
from vision.games.ceylon.read import CeylonReader
from vision.games.ceylon.render import SEAT_BGR, CeylonRenderer
from vision.games.ceylon.zones import Placed, _tech_disc
from vision.rig import rng
from vision.sources import Frame

CAT = load_catalog()
SPACES = int(CAT.value("tech_track_last")) + 1


def _game(seed: int, steps: int, players: int) -> CeylonObservation:
    rules = get_rules("ceylon")
    r = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    for _ in range(steps):
        decision = rules.decision(state)
        if decision.is_over:
            break
        if decision.is_chance:
            action = rules.random_chance(state, r)
        else:
            legal = rules.legal_actions(state)
            action = legal[r.randrange(len(legal))]
        state, _ = rules.apply(state, action, check=False)
    obs = rules.observe(state)
    assert isinstance(obs, CeylonObservation)
    return obs


def _with_tech(obs: CeylonObservation, tech: tuple[tuple[int, int], ...]) -> CeylonObservation:
    """``obs`` with the discs at (space, stacking order) per seat."""
    players = SimpleNamespace(players=[SimpleNamespace(tech=s, tech_order=o) for s, o in tech])
    return replace(obs, tech=tech, tech_tops=tech_tops(CAT, players))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def spread() -> CeylonObservation:
    """Four seats: a stack of three on space 6 (blue on top), red alone on 10."""
    obs = _with_tech(_game(7, 60, 4), ((10, 3), (6, 5), (6, 4), (6, 0)))
    assert obs.tech_tops == (-1,) * 6 + (1, -1, -1, -1, 0)
    return obs


def _tops(obs: CeylonObservation) -> tuple[int | None, ...]:
    """The read tech track (a reader's tuple holds ``None`` where unknown)."""
    assert obs.tech_tops is not None
    return obs.tech_tops


def _look(renderer: CeylonRenderer, tex: object, players: int = 4) -> CeylonObservation:
    rig = renderer.rig
    frame = Frame(image=rig.finish(rig.lit(rig.view(tex)), 0), number=0, time=0.0)  # type: ignore[arg-type]
    seen = CeylonReader(None, players=players).look(frame)
    assert seen is not None
    return seen


def test_stacks_read_their_top_disc_and_free_spaces_their_spot(spread: CeylonObservation) -> None:
    renderer = CeylonRenderer(11, "ideal")
    # drawn from the stacking order (a stack of three: 12 mm) and from the tops alone
    assert _look(renderer, renderer.texture(spread)).tech_tops == spread.tech_tops
    seen = _look(renderer, renderer.texture(spread.as_seen()))
    assert seen.tech_tops == spread.tech_tops
    # the rest of the table is read as before, the track's discs not taken for advisors'
    assert seen.hired == spread.hired


def test_the_start_stack_reads_the_first_player_on_top() -> None:
    setup = _game(3, 0, 3)
    assert setup.tech_tops is not None and setup.tech_tops[0] >= 0
    renderer = CeylonRenderer(5, "ideal")
    assert _look(renderer, renderer.texture(setup), 3).tech_tops == setup.tech_tops


def test_a_hidden_or_unstickered_top_is_unknown_never_empty(spread: CeylonObservation) -> None:
    renderer = CeylonRenderer(11, "ideal")
    tex = renderer.texture(spread.as_seen())
    # a hand over space 2; the top disc on space 6 has lost its sticker
    renderer.rig.hand(tex, L.TECH_SPACES[2], rng("test-tech-hand"))
    top = L.TECH_SPACES[6]
    turns = [t / 14 * math.pi for t in range(28)]
    ring = [(top[0] + 9.5 * math.cos(t), top[1] + 9.5 * math.sin(t)) for t in turns]
    renderer._flat(tex, ring, top, P.DISC_MM * 4, SEAT_BGR[1])
    seen = _tops(_look(renderer, tex))
    assert seen[6] is None and seen[2] is None
    for space, (want, got) in enumerate(zip(_tops(spread), seen, strict=True)):
        assert got is None or got == want, space  # unknown, or right: never a guess


def _placed(tech: dict[int, list[int]], unsure: frozenset[tuple[int, int]] = frozenset()) -> Placed:
    placed = Placed()
    for space, seats in tech.items():
        placed.tech[space].extend(seats)
    placed.tech_unsure |= unsure
    return placed


def test_a_space_is_read_only_from_one_colour_or_its_spot_alone() -> None:
    spots = {k: [-1] for k in range(SPACES)}
    obs = read_fields(_placed({**spots, 0: [2]}), 3, False)
    assert obs.tech_tops == (2,) + (-1,) * (SPACES - 1)
    # nothing seen on a space: unknown; a disc and the spot, or two colours: unknown
    both = _tops(read_fields(_placed({**spots, 0: [2, -1], 4: [0, 1], 5: []}), 3, False))
    assert both[0] is None and both[4] is None and both[5] is None
    # a colour not in a 3-player game, or one colour topping two spaces: unknown
    odd = _tops(read_fields(_placed({**spots, 1: [3], 7: [0], 9: [0]}), 3, False))
    assert odd[1] is None and odd[7] is None and odd[9] is None
    # a disc that may top space 3 or 4: both unknown, and its colour read nowhere else
    maybe = _placed({**spots, 8: [1]}, frozenset({(3, 1), (4, 1)}))
    unsure = _tops(read_fields(maybe, 3, False))
    assert unsure[3] is None and unsure[4] is None and unsure[8] is None
    assert read_fields(Placed(), 3, False).tech_tops is None


def test_a_disc_is_placed_on_a_space_only_when_every_stack_height_puts_it_there() -> None:
    x, y = L.TECH_SPACES[5]
    placed = Placed()
    assert _tech_disc(placed, 2, [(x + 2.0, y), (x + 5.0, y), (x + 9.0, y), (x + 11.0, y)])
    assert placed.tech[5] == [2] and not placed.tech_unsure
    half = x + L.TECH_PITCH / 2
    placed = Placed()
    assert _tech_disc(placed, 2, [(half - 8.0, y), (half + 8.0, y)])
    assert not placed.tech and placed.tech_unsure == {(5, 2), (6, 2)}
    assert not _tech_disc(Placed(), 2, [(x, y + 40.0)] * 4)  # nowhere near the track
