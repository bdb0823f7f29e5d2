"""Camera sources behind one interface: ``read()`` returns the next :class:`Frame`.

- :class:`VideoCaptureSource`: an OpenCV ``VideoCapture`` (USB webcam by index,
  or a video file).
- :class:`Picamera2Source`: the Raspberry Pi camera through picamera2 when it is
  installed, taking stills at full sensor resolution (small markers need every
  pixel; video modes bin the sensor down).
- :class:`FolderSource`: the images of a folder in name order (a recorded game).
- ``vision.synthetic.SyntheticCamera``: rendered frames of a known table.

:func:`open_source` picks one from a text spec (``0``, ``/dev/video2``,
``game.mp4``, ``frames/``, ``picamera``). A source that cannot deliver says so
with :class:`SourceError` instead of returning an empty frame.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np
from numpy.typing import NDArray

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")


class SourceError(RuntimeError):
    """A camera or file source cannot give frames (with the reason)."""


@dataclass(frozen=True)
class Frame:
    """One camera image (BGR), its running number and its time in seconds."""

    image: NDArray[np.uint8]
    number: int
    time: float


class FrameSource(Protocol):
    def read(self) -> Frame: ...

    def close(self) -> None: ...


class VideoCaptureSource:
    """OpenCV ``VideoCapture``: a webcam index (``0``), a device path or a video file."""

    def __init__(self, spec: int | str, size: tuple[int, int] | None = None) -> None:
        self._cap = cv2.VideoCapture(spec)
        if not self._cap.isOpened():
            raise SourceError(f"cannot open camera or video {spec!r}")
        if size is not None:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._spec = spec
        self._number = 0
        self._start = time.monotonic()

    def read(self) -> Frame:
        ok, image = self._cap.read()
        if not ok or image is None:
            raise SourceError(f"no more frames from {self._spec!r}")
        frame = Frame(image=image, number=self._number, time=time.monotonic() - self._start)
        self._number += 1
        return frame

    def close(self) -> None:
        self._cap.release()


class FolderSource:
    """The images in a folder, in name order; each read gives the next one."""

    def __init__(self, folder: str | Path, fps: float = 2.0) -> None:
        self._paths = sorted(
            p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES
        )
        if not self._paths:
            raise SourceError(f"no images ({', '.join(IMAGE_SUFFIXES)}) in {folder}")
        self._fps = fps
        self._number = 0

    def read(self) -> Frame:
        if self._number >= len(self._paths):
            raise SourceError("the folder has no more images")
        path = self._paths[self._number]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise SourceError(f"{path} is not a readable image")
        frame = Frame(image=image, number=self._number, time=self._number / self._fps)
        self._number += 1
        return frame

    def close(self) -> None:
        self._number = len(self._paths)


class Picamera2Source:
    """The Raspberry Pi camera (picamera2), full-resolution stills."""

    def __init__(self) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise SourceError("picamera2 is not installed (it ships with Raspberry Pi OS)") from exc
        self._cam: Any = Picamera2()
        config = self._cam.create_still_configuration(
            main={"format": "RGB888", "size": self._cam.sensor_resolution}
        )
        self._cam.configure(config)
        self._cam.start()
        self._number = 0
        self._start = time.monotonic()

    def read(self) -> Frame:
        # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's order.
        image = np.ascontiguousarray(self._cam.capture_array("main"))
        frame = Frame(image=image, number=self._number, time=time.monotonic() - self._start)
        self._number += 1
        return frame

    def close(self) -> None:
        self._cam.stop()
        self._cam.close()


def open_source(spec: str) -> FrameSource:
    """``picamera``, a webcam index (``0``), a folder of images, or a video/device path."""
    if spec == "picamera":
        return Picamera2Source()
    if spec.isdigit():
        return VideoCaptureSource(int(spec))
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if not path.exists():
        raise SourceError(f"{spec!r} is neither a camera index, a folder nor a file")
    return VideoCaptureSource(str(path))
