"""The synthetic camera's piece layer kept packed (issue 35: memory).

The renderer keeps the texture with the pieces drawn in compressed tiles and, after
a move, decodes only the tiles under the changed boxes (``PackedImage.sparse``)
and stores them again (``PackedImage.put``); a re-warp reads the texture only
where the changed part of the frame looks. These tests check that what is
decoded is exactly what was stored, and that a re-warp from the partly decoded
texture gives the same pixels as one from the whole texture.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tests.support.vision_table import busy_table
from vision.packed import PackedImage
from vision.synthetic import TableRenderer
from vision.track import STEP


def _image() -> np.ndarray:
    rng = np.random.default_rng(11)
    return rng.integers(0, 256, (300, 410, 3), dtype=np.uint8)


def test_sparse_holds_exactly_the_tiles_under_the_boxes() -> None:
    image = _image()
    packed = PackedImage(image, tile=64)
    out = packed.sparse([(70, 10, 80, 20), (400, 290, 500, 400)])
    under = np.zeros(image.shape[:2], bool)
    under[0:64, 64:128] = True  # the tile of the first box
    under[256:300, 384:410] = True  # the corner tile of the second (clipped)
    assert np.array_equal(out[under], image[under])
    assert not out[~under].any()
    assert not packed.sparse([]).any()


def test_put_stores_the_tiles_under_the_boxes_and_no_other() -> None:
    image = _image()
    packed = PackedImage(image, tile=64)
    changed = packed.sparse([(100, 100, 140, 120)])
    changed[100:120, 100:140] = 7
    changed[0:5, 0:5] = 9  # not under the box: not stored
    packed.put(changed, [(100, 100, 140, 120)])
    want = image.copy()
    want[64:128, 64:192] = changed[64:128, 64:192]
    assert np.array_equal(packed.unpack(), want)


def test_a_rewarp_from_the_decoded_tiles_equals_one_from_the_whole_texture() -> None:
    renderer = TableRenderer(size=(1280, 960))
    truth = busy_table()
    renderer.render(truth)
    assert renderer._layer is not None and renderer._view is not None
    renderer._view = renderer._view.copy()  # writable again (a rendered frame is read-only)
    whole = renderer._layer.unpack()
    spans = [renderer._view_span(renderer._sprite_box(sp)) for sp in renderer.sprites(truth)]
    spans = [s for s in spans if s]
    assert len(spans) > 20
    for span in spans:
        part = renderer._layer.sparse([renderer._source_box(span)])
        assert part.any() and not np.array_equal(part, whole)  # only some tiles decoded
        renderer._rewarp(part, span)
        got = renderer._view[span[1] : span[3], span[0] : span[2]].copy()  # type: ignore[index]
        renderer._rewarp(whole, span)
        want = renderer._view[span[1] : span[3], span[0] : span[2]]  # type: ignore[index]
        assert np.array_equal(got, want)


def test_a_move_changes_the_frame_where_the_piece_was_and_nowhere_far() -> None:
    renderer = TableRenderer(size=(1280, 960))
    truth = busy_table()
    before = np.array(renderer.render(truth))
    section = next(s for s, v in truth.sections.items() if v)
    moved = replace(truth, sections={**truth.sections, section: ()})
    after = np.array(renderer.render(moved))
    changed = np.argwhere((before != after).any(axis=2))
    assert len(changed) > 50  # the worker's pixels went
    span = changed.max(axis=0) - changed.min(axis=0)
    assert span.max() < 40 * STEP  # one piece's surroundings, not the board
