"""Ceylon's camera table reads its own frames, and never claims what it did not see.

Frames come from the table's renderer (the shared harsh camera rig); each
test renders one or two 3200 x 2400 frames, so the file stays lean.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from engine.ceylon.catalog import load_catalog
from engine.ceylon.view import CeylonObservation
from engine.core.registry import get_rules
from vision.games import table_for
from vision.games.ceylon import layout as L
from vision.games.ceylon import plan as P
from vision.games.ceylon.read import CeylonReader, agreement, flickering
from vision.games.ceylon.render import CeylonRenderer
from vision.rig import rng
from vision.sources import Frame

CAMERA_FIELDS = (
    "pawns",
    "plantations",
    "levels",
    "large_tiles",
    "train",
    "advisors",
    "hired",
    "card",
    "rotation",
)
CAT = load_catalog()
TABLE = table_for("ceylon")
assert TABLE is not None


def _state_obs(seed: int, steps: int) -> CeylonObservation:
    """A random game's observation (as the bench makes them)."""
    rules = get_rules("ceylon")
    r = random.Random(seed)
    state = rules.new_game(4, seed=seed)
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
    obs = rules.observe(state).as_seen()
    assert isinstance(obs, CeylonObservation)
    return obs


@pytest.fixture(scope="module")
def mid_game() -> CeylonObservation:
    obs = _state_obs(7, 110)
    assert obs.card is not None and obs.card >= 0
    assert sum(1 for owner, _ in obs.plantations or () if owner >= 0) >= 4
    assert obs.rotation == CAT.faces[obs.card].first  # the other way round: see below
    return obs


def _settle(obs: CeylonObservation, seed: int, condition: str) -> CeylonObservation | None:
    table = TABLE
    reader = table.reader(table.calibration(seed, condition), players=4)  # type: ignore[call-arg]
    seen = None
    for n in range(3):
        image = table.render(obs, seed=seed, condition=condition, frame=n)
        seen = reader.read(Frame(image=image, number=n, time=n / 10))
        if seen is not None:
            break
    return seen


def _camera(obs: CeylonObservation) -> dict[str, object]:
    return {name: getattr(obs, name) for name in CAMERA_FIELDS}


def test_ideal_frames_of_a_game_read_exactly(mid_game: CeylonObservation) -> None:
    seen = _settle(mid_game, 11, "ideal")
    assert seen is not None
    assert _camera(seen) == _camera(mid_game)
    # the personal boards and the tech order are derived from the record: never a camera value
    # the tech track's discs as seen from above (``tech_tops``): test_ceylon_tech_track.py
    assert set(CeylonObservation.seen_fields()) == {*CAMERA_FIELDS, "tech_tops"}
    assert seen.tech_tops == mid_game.tech_tops
    assert {"rupees", "cubes", "tokens", "companies", "tech"} == CeylonObservation.DERIVED
    assert all(getattr(seen, name) is None for name in CeylonObservation.DERIVED)


def test_setup_and_the_other_rotation_read_exactly() -> None:
    setup = _state_obs(3, 0)  # nothing placed yet: pawns home, no card, flat map
    assert setup.card == -1 and set(setup.pawns or ()) == {-1}
    seen = _settle(setup, 5, "ideal")
    assert seen is not None and _camera(seen) == _camera(setup)
    # a card turned with its second action to the active side (the game
    # above shows its first): the rotation follows the card, not the face
    face = CAT.faces[4]
    seen = _settle(replace(setup, card=4, rotation=face.second), 5, "ideal")
    assert seen is not None and (seen.card, seen.rotation) == (4, face.second)


def test_wide_lens_with_its_calibration_reads_exactly(mid_game: CeylonObservation) -> None:
    seen = _settle(mid_game, 23, "wide-lens-calibrated")
    assert seen is not None
    got, want = _camera(seen), _camera(mid_game)
    for name in CAMERA_FIELDS:  # exact wherever read, and the bent edges read
        assert got[name] is not None, name
        if isinstance(want[name], tuple):
            for a, b in zip(want[name], got[name], strict=True):  # type: ignore[call-overload]
                assert b is None or a == b, name
        else:
            assert got[name] == want[name], name
    assert got["train"] == want["train"] and got["card"] == want["card"]


def _frame(renderer: CeylonRenderer, tex: np.ndarray) -> Frame:
    rig = renderer.rig
    return Frame(image=rig.finish(rig.lit(rig.view(tex)), 0), number=0, time=0.0)


def test_a_hand_over_a_zone_makes_it_unknown(mid_game: CeylonObservation) -> None:
    renderer = CeylonRenderer(11, "ideal")
    tex = renderer.texture(mid_game)
    renderer.rig.hand(tex, L.DISCARD, rng("test-hand"))
    reader = CeylonReader(None, players=4)
    seen = reader.look(_frame(renderer, tex))
    assert seen is not None
    assert seen.card is None and seen.rotation is None
    assert seen.train == mid_game.train  # the rest is still read


def test_missing_or_tiny_sticker_is_unknown_never_a_value(mid_game: CeylonObservation) -> None:
    owner_hex = next(h for h, (owner, _) in enumerate(mid_game.plantations or ()) if owner >= 0)
    pawns = list(mid_game.pawns or ())
    pawns[0] = None  # type: ignore[call-overload]
    plantations = list(mid_game.plantations or ())
    plantations[owner_hex] = (-1, 0)
    renderer = CeylonRenderer(11, "ideal")
    tex = renderer.texture(replace(mid_game, pawns=tuple(pawns), plantations=tuple(plantations)))  # type: ignore[arg-type]
    r = rng("test-stickers")
    # a plantation token whose leaf marker lost its sticker: the free spot is covered
    token = (L.LAYOUT.hexes[owner_hex][0] + L.PLANT[0], L.LAYOUT.hexes[owner_hex][1] + L.PLANT[1])
    renderer._flat(tex, L.hex_corners(token, L.TOKEN_R), token, 2.0, (40, 90, 70))
    # seat 0's pawn home spot with a sticker printed far too small
    renderer.rig.sticker(tex, P.PAWN_IDS[0], L.HOMES[0], 6.0, 0.0, r)
    reader = CeylonReader(None, players=4)
    seen = reader.look(_frame(renderer, tex))
    assert seen is not None and seen.plantations is not None and seen.pawns is not None
    assert seen.plantations[owner_hex] is None
    assert seen.pawns[0] is None
    assert any("printed size" in p for p in reader.problems())


def test_a_marker_where_the_plan_never_puts_it_is_refused(mid_game: CeylonObservation) -> None:
    renderer = CeylonRenderer(11, "ideal")
    tex = renderer.texture(mid_game)
    r = rng("test-stray")
    # a contract lying on the map, and an advisor tile in the middle of the train
    renderer.rig.sticker(tex, P.CONTRACT_IDS[0], (300.0, 370.0), P.PIECE_MM, 0.0, r)
    renderer.rig.sticker(tex, P.ADVISOR_IDS[7], (150.0, 100.0), P.PIECE_MM, 0.0, r)
    reader = CeylonReader(None, players=4)
    seen = reader.look(_frame(renderer, tex))
    assert seen is not None
    assert seen.train == mid_game.train and seen.advisors == mid_game.advisors
    refused = [p for p in reader.problems() if "never puts it there" in p]
    assert len(refused) == 2, reader.problems()


def test_the_board_not_in_view_reads_nothing() -> None:
    reader = CeylonReader(None, players=2)
    dark = np.zeros((1200, 1600, 3), np.uint8)
    assert reader.read(Frame(image=dark, number=0, time=0.0)) is None
    assert reader.read(Frame(image=dark, number=1, time=0.1)) is None
    assert "corner markers" in reader.problems()[0]


def test_flickering_small_markers_settle_as_unknown_but_a_change_never_does() -> None:
    a = CeylonObservation(train=(3, 5, -1), card=2, rotation=0)
    flick = CeylonObservation(train=(3, None, -1), card=2, rotation=0)
    moved = CeylonObservation(train=(3, 7, -1), card=2, rotation=0)
    assert flickering(a, flick) == 1 and flickering(a, moved) is None
    assert agreement(a, flick) == CeylonObservation(train=(3, None, -1), card=2, rotation=0)

    class _Reader(CeylonReader):
        def __init__(self, looks: list[CeylonObservation]) -> None:
            super().__init__(None, players=2)
            self.queue = looks

        def look(self, frame: Frame) -> CeylonObservation | None:
            return self.queue.pop(0)

    frame = Frame(image=np.zeros((8, 8, 3), np.uint8), number=0, time=0.0)
    steady = _Reader([a, flick, a, flick])
    assert [steady.read(frame) for _ in range(4)] == [
        None,
        None,
        agreement(flick, a),
        agreement(a, flick),
    ]
    changing = _Reader([a, moved, a, moved])
    assert [changing.read(frame) for _ in range(4)] == [None, None, None, None]


def test_level_spots_coming_and_going_do_not_hold_the_settling_but_a_new_level_does() -> None:
    levels = tuple([0] * 24 + [1] * 6 + [2] * 2)
    half = tuple(None if h % 4 == 0 else v for h, v in enumerate(levels))  # 8 spots hidden
    raised = tuple(1 if h == 0 else v for h, v in enumerate(levels))
    a = CeylonObservation(levels=levels, card=2, rotation=0)
    b = CeylonObservation(levels=half, card=2, rotation=0)  # type: ignore[arg-type]
    assert flickering(a, b) == 0  # 8 > FLICKER, but levels never change after set-up
    assert flickering(a, CeylonObservation(levels=raised, card=2, rotation=0)) is None
    # the settled read holds only what both frames saw: a hidden level stays unknown
    got = agreement(a, b)
    assert got.levels == half and got.levels is not None and got.levels[0] is None
