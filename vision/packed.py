"""An image kept losslessly compressed in tiles, read back a box at a time.

The synthetic camera (``vision.synthetic.TableRenderer``) keeps the empty
board's texture only to restore the few boxes a move changed; at the texture
scale of a 2560x1920 or 12 MP frame that texture is 25-60 MB that sits unused
between moves. Kept in zlib-compressed tiles (flat board colours compress
about fiftyfold) it costs under a MB, and restoring a box decodes only the
tiles the box crosses. zlib is lossless: the pixels read back are exactly
those stored.
The renderer keeps its piece layer (the texture with the pieces drawn) the
same way: a move decodes the tiles it changes (:meth:`PackedImage.sparse`),
draws, and stores them again (:meth:`PackedImage.put`).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

#: Tile side in pixels: small enough that a box decodes little beyond itself.
TILE = 128

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive), in pixels


def _encoded(part: NDArray[np.uint8]) -> bytes:
    # zlib at its fastest level: lossless, 5x faster to store and 3x faster to
    # read back than PNG at level 1, and smaller on these flat colours.
    return zlib.compress(np.ascontiguousarray(part).tobytes(), 1)


class PackedImage:
    """A read-only ``uint8`` image of shape (h, w, channels), stored in compressed tiles."""

    def __init__(self, image: NDArray[np.uint8], tile: int = TILE) -> None:
        if image.dtype != np.uint8 or image.ndim != 3:
            raise ValueError(f"a packed image is uint8 (h, w, c), not {image.dtype} {image.shape}")
        self.shape: tuple[int, int, int] = (image.shape[0], image.shape[1], image.shape[2])
        self.tile = tile
        self._tiles: dict[tuple[int, int], bytes] = {}
        for y in range(0, self.shape[0], tile):
            for x in range(0, self.shape[1], tile):
                self._tiles[y // tile, x // tile] = _encoded(image[y : y + tile, x : x + tile])

    @property
    def nbytes(self) -> int:
        """Bytes held by the compressed tiles."""
        return sum(len(t) for t in self._tiles.values())

    def _tile(self, row: int, col: int) -> NDArray[np.uint8]:
        h, w, c = self.shape
        t = self.tile
        raw = np.frombuffer(zlib.decompress(self._tiles[row, col]), dtype=np.uint8)
        return raw.reshape(min(t, h - row * t), min(t, w - col * t), c)

    def copy_into(
        self, out: NDArray[np.uint8], box: tuple[int, int, int, int] | None = None
    ) -> None:
        """Write the pixels of ``box`` (x0, y0, x1, y1; default: all) into the
        same pixels of ``out``, an array of this image's shape."""
        h, w = self.shape[:2]
        x0, y0, x1, y1 = box or (0, 0, w, h)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            return
        t = self.tile
        for row in range(y0 // t, (y1 - 1) // t + 1):
            for col in range(x0 // t, (x1 - 1) // t + 1):
                top, left = row * t, col * t
                part = self._tile(row, col)
                a, b = max(y0, top), min(y1, top + part.shape[0])
                c, d = max(x0, left), min(x1, left + part.shape[1])
                out[a:b, c:d] = part[a - top : b - top, c - left : d - left]

    def unpack(self) -> NDArray[np.uint8]:
        """The whole image, as a new array."""
        out = np.empty(self.shape, dtype=np.uint8)
        self.copy_into(out)
        return out

    def _tiles_under(self, boxes: Sequence[Box]) -> set[tuple[int, int]]:
        """(row, col) of every tile a box (x0, y0, x1, y1) crosses."""
        h, w = self.shape[:2]
        t = self.tile
        out: set[tuple[int, int]] = set()
        for x0, y0, x1, y1 in boxes:
            x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
            if x1 > x0 and y1 > y0:
                out.update(
                    (row, col)
                    for row in range(y0 // t, (y1 - 1) // t + 1)
                    for col in range(x0 // t, (x1 - 1) // t + 1)
                )
        return out

    def sparse(self, boxes: Sequence[Box]) -> NDArray[np.uint8]:
        """A new array of this image's shape holding only the whole tiles under
        ``boxes``; the rest is zero. The zeros are the system's untouched pages
        (a large ``np.zeros`` is mapped, not written): they take no resident
        memory, so a box of a 25 MB texture costs about its tiles' rows."""
        out = np.zeros(self.shape, dtype=np.uint8)
        t = self.tile
        for row, col in self._tiles_under(boxes):
            part = self._tile(row, col)
            out[row * t : row * t + part.shape[0], col * t : col * t + part.shape[1]] = part
        return out

    def put(self, image: NDArray[np.uint8], boxes: Sequence[Box]) -> None:
        """Store again every tile under ``boxes`` from ``image`` (this image's
        shape, those whole tiles valid in it: what :meth:`sparse` gave, changed)."""
        if image.shape != self.shape:
            raise ValueError(f"a packed image's update is {self.shape}, not {image.shape}")
        t = self.tile
        for row, col in self._tiles_under(boxes):
            self._tiles[row, col] = _encoded(image[row * t : row * t + t, col * t : col * t + t])
