"""The demo's camera through rendered frames tells the reader the game's record,
as the product's camera loop does: Imhotep's stacked sites are read with it,
and stay unknown without it (the reader cannot know their heights)."""

from __future__ import annotations

from companion.sim.fake_camera import TableEye
from tests.vision.games.test_imhotep_stacks import STACKS, TABLE, _obs


def test_the_demo_camera_reads_stacked_sites_with_the_record() -> None:
    shown = _obs()
    told = TableEye(TABLE, seed=3, frames=3).look(shown, shown)
    blind = TableEye(TABLE, seed=3, frames=3).look(shown)
    assert told is not None and blind is not None
    assert told.temple_top == shown.temple_top
    assert all(getattr(blind, field) is None for field in STACKS)
