"""The synthetic camera's packed board texture gives back exactly what was stored."""

from __future__ import annotations

import numpy as np
import pytest

from vision.packed import PackedImage


def _image() -> np.ndarray:
    rng = np.random.default_rng(7)
    image = np.full((300, 410, 3), (40, 60, 85), np.uint8)
    image[50:120, 30:390] = rng.integers(0, 256, (70, 360, 3), dtype=np.uint8)
    return image


def test_whole_image_and_boxes_come_back_exact() -> None:
    image = _image()
    packed = PackedImage(image, tile=64)
    assert np.array_equal(packed.unpack(), image)
    for box in [(0, 0, 1, 1), (63, 63, 65, 65), (17, 40, 409, 299), (400, 290, 410, 300)]:
        out = np.zeros_like(image)
        packed.copy_into(out, box)
        x0, y0, x1, y1 = box
        assert np.array_equal(out[y0:y1, x0:x1], image[y0:y1, x0:x1])
        out[y0:y1, x0:x1] = 0
        assert not out.any()  # nothing written outside the box


def test_a_flat_board_packs_small_and_a_box_past_the_edge_is_clipped() -> None:
    image = np.full((640, 640, 3), (150, 195, 215), np.uint8)
    packed = PackedImage(image)
    assert packed.nbytes < image.nbytes // 50
    out = np.zeros_like(image)
    packed.copy_into(out, (600, 600, 900, 900))
    assert (out[600:, 600:] == (150, 195, 215)).all()
    assert not out[:600].any()


def test_refuses_what_it_cannot_store() -> None:
    with pytest.raises(ValueError, match="uint8"):
        PackedImage(np.zeros((4, 4), np.uint8))
