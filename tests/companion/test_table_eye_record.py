"""The demo's camera through rendered frames, as the product's camera loop.

It tells the reader the game's record: Imhotep's stacked sites are read with
it, and stay unknown without it (the reader cannot know their heights). And a
look after the table changed reports what the live loop ends up passing on:
a reading of steady frames of the new table, not the first frame after the
change (compared with the table before, it leaves every change unknown)."""

from __future__ import annotations

from dataclasses import replace

from companion.sim.fake_camera import TableEye
from tests.vision.games.test_imhotep_stacks import STACKS, TABLE, _obs


def test_the_demo_camera_reads_stacked_sites_with_the_record() -> None:
    shown = _obs()
    told = TableEye(TABLE, seed=3, frames=3).look(shown, shown)
    blind = TableEye(TABLE, seed=3, frames=3).look(shown)
    assert told is not None and blind is not None
    assert told.temple_top == shown.temple_top
    assert all(getattr(blind, field) is None for field in STACKS)


def test_a_look_after_a_change_reads_the_change() -> None:
    before = _obs()
    assert before.boats is not None
    boats = list(before.boats)
    boats[0] = (1, "harbour", ("black", "white", "", ""))  # a stone placed on boat 1
    after = replace(before, boats=tuple(boats), sleds=(2, 4, 0, 3))
    eye = TableEye(TABLE, seed=3, frames=4)
    first = eye.look(before, before)
    assert first is not None and first.boats == before.boats
    seen = eye.look(after, before)
    assert seen is not None and seen.boats is not None
    assert seen.boats[0] == (1, "harbour", ("black", "white", "", ""))
    assert seen.sleds == (2, 4, 0, 3)
