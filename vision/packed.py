"""An image kept losslessly compressed in tiles, read back a box at a time.

The synthetic camera (``vision.synthetic.TableRenderer``) keeps the empty
board's texture only to restore the few boxes a move changed; at the texture
scale of a 2560x1920 or 12 MP frame that texture is 25-60 MB that sits unused
between moves. Kept as PNG tiles (flat board colours compress about fiftyfold)
it costs under a MB, and restoring a box decodes only the tiles the box
crosses. PNG is lossless, so the pixels read back are exactly those stored.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

#: Tile side in pixels: small enough that a box decodes little beyond itself.
TILE = 128


class PackedImage:
    """A read-only ``uint8`` image of shape (h, w, channels), stored in PNG tiles."""

    def __init__(self, image: NDArray[np.uint8], tile: int = TILE) -> None:
        if image.dtype != np.uint8 or image.ndim != 3:
            raise ValueError(f"a packed image is uint8 (h, w, c), not {image.dtype} {image.shape}")
        self.shape: tuple[int, int, int] = (image.shape[0], image.shape[1], image.shape[2])
        self.tile = tile
        self._tiles: dict[tuple[int, int], bytes] = {}
        for y in range(0, self.shape[0], tile):
            for x in range(0, self.shape[1], tile):
                part = image[y : y + tile, x : x + tile]
                ok, buf = cv2.imencode(".png", part, [cv2.IMWRITE_PNG_COMPRESSION, 1])
                if not ok:
                    raise RuntimeError("OpenCV could not encode a PNG tile")
                self._tiles[y // tile, x // tile] = buf.tobytes()

    @property
    def nbytes(self) -> int:
        """Bytes held by the compressed tiles."""
        return sum(len(t) for t in self._tiles.values())

    def _tile(self, row: int, col: int) -> NDArray[np.uint8]:
        buf = np.frombuffer(self._tiles[row, col], dtype=np.uint8)
        image = np.asarray(cv2.imdecode(buf, cv2.IMREAD_UNCHANGED), dtype=np.uint8)
        return image.reshape(image.shape[0], image.shape[1], self.shape[2])

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
