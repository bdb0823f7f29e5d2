"""Camera sources behind one interface: ``read()`` returns the next :class:`Frame`.

- :class:`VideoCaptureSource`: an OpenCV ``VideoCapture``: a USB webcam (by
  index or ``/dev/videoN``) or a video file. A webcam is opened through V4L2 at
  a requested size (1920x1080 by default; OpenCV's default 640x480 makes a
  10 mm marker ~7 px) in MJPG (USB 2 carries high resolutions only compressed)
  with a one-frame buffer (a frame is never seconds old), and after a settle
  period its focus, exposure and white balance are locked: a drifting exposure
  looks like motion to the hand detector.
- :class:`Picamera2Source`: the Raspberry Pi camera through picamera2, taking
  stills at full sensor resolution (small markers need every pixel; video
  modes bin the sensor down). A Camera Module 3 runs its autofocus once; after
  the settle period exposure, gain and colour gains are locked. For the
  Amritsar pipeline it gives YUV 4:2:0 (``yuv``, :mod:`vision.yuv`): the grey
  image with no copy, half a BGR frame's memory.
- :class:`ReopeningSource`: a live camera that is reopened, with growing
  pauses, when it is lost (a loose USB cable, a camera timeout); meanwhile
  ``read()`` returns None.
- :class:`FolderSource`: the images of a folder in name order (a recorded game).
- ``vision.synthetic.SyntheticCamera``: rendered frames of a known table.

:func:`open_source` picks one from a text spec (``auto``, ``picamera``, ``0``,
``/dev/video2``, ``game.mp4``, ``frames/``); ``auto`` takes the Pi camera if
there is one, else the first USB webcam (found through sysfs). A source that
cannot deliver says so with :class:`SourceError` instead of returning an empty
frame; a recording that has run out raises :class:`SourceEnded`.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np
from numpy.typing import NDArray

from .yuv import planes

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")
#: What a USB webcam is asked for; it gives the nearest size it has.
USB_SIZE = (1920, 1080)
#: Seconds a camera adjusts focus, exposure and white balance before they are locked.
SETTLE_SECONDS = 3.0
#: Pauses between attempts to reopen a lost camera: doubling up to the last.
REOPEN_FIRST, REOPEN_MAX = 1.0, 30.0
#: Where Linux lists video devices; a USB webcam's entry resolves under a USB bus.
SYSFS_VIDEO = Path("/sys/class/video4linux")

log = logging.getLogger("vision.sources")


class SourceError(RuntimeError):
    """A camera or file source cannot give frames (with the reason)."""


class SourceEnded(SourceError):
    """A recording (video file, folder) has no more frames: not an error to retry."""


@dataclass(frozen=True)
class Frame:
    """One camera image (BGR), its running number and its time in seconds.

    ``chroma``: with a camera giving YUV 4:2:0 (:mod:`vision.yuv`), ``image`` is
    the Y plane (the grey image, H x W) and ``chroma`` the Cb and Cr planes
    (2 x H/2 x W/2); None for a BGR (or grey) ``image``."""

    image: NDArray[np.uint8]
    number: int
    time: float
    chroma: NDArray[np.uint8] | None = None


class FrameSource(Protocol):
    """``read()`` gives the next frame, or None while a live camera is away."""

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


#: V4L2 through OpenCV: CAP_PROP_AUTO_EXPOSURE takes V4L2's own values.
V4L2_EXPOSURE_MANUAL, V4L2_EXPOSURE_AUTO = 1, 3
#: The four-character code of Motion JPEG, as OpenCV's FOURCC property holds it.
MJPG = int.from_bytes(b"MJPG", "little")


class VideoCaptureSource:
    """OpenCV ``VideoCapture``: a webcam index (``0``), a device path or a video file.

    ``capture`` makes the ``cv2.VideoCapture``-like object (a fake in tests);
    ``clock`` times the settle period. A webcam is set up and settled here, so
    the first frame read is already taken with locked controls.
    """

    def __init__(
        self,
        spec: int | str,
        size: tuple[int, int] | None = None,
        *,
        capture: Callable[..., Any] | None = None,
        settle: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.live = isinstance(spec, int) or str(spec).startswith("/dev/video")
        capture = capture or cv2.VideoCapture
        if self.live and sys.platform.startswith("linux"):
            self._cap = capture(spec, cv2.CAP_V4L2)
        else:
            self._cap = capture(spec)
        if not self._cap.isOpened():
            raise SourceError(f"cannot open camera or video {spec!r}")
        self._spec = spec
        self._number = 0
        self._clock = clock
        self.locked: dict[str, float] = {}
        if self.live:
            self._set_up(size or USB_SIZE)
            self._settle_and_lock(SETTLE_SECONDS if settle is None else settle)
        elif size is not None:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._start = clock()

    def _set_up(self, size: tuple[int, int]) -> None:
        """MJPG first (V4L2 offers the large sizes per format), then the size, one buffer."""
        cap = self._cap
        cap.set(cv2.CAP_PROP_FOURCC, MJPG)
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        if not cap.set(cv2.CAP_PROP_BUFFERSIZE, 1):
            log.warning("camera %s keeps more than one frame buffered", self._spec)
        cap.set(cv2.CAP_PROP_AUTOFOCUS, 1)  # find the focus while settling
        cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, V4L2_EXPOSURE_AUTO)
        cap.set(cv2.CAP_PROP_AUTO_WB, 1)
        got = (int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        fourcc = int(cap.get(cv2.CAP_PROP_FOURCC)).to_bytes(4, "little").decode("ascii", "replace")
        self.size = got
        if got != size:
            log.warning(
                "camera %s gives %dx%d, not the %dx%d asked for: small markers may not be read",
                self._spec,
                *got,
                *size,
            )
        log.info("camera %s: %dx%d %s", self._spec, got[0], got[1], fourcc)

    def _settle_and_lock(self, settle: float) -> None:
        """Stream for ``settle`` seconds, then fix focus, exposure and white balance."""
        end = self._clock() + settle
        while self._clock() < end:
            if not self._cap.grab():
                raise SourceError(f"camera {self._spec!r} gives no picture")
        cap = self._cap
        controls = (
            ("focus", cv2.CAP_PROP_AUTOFOCUS, 0, cv2.CAP_PROP_FOCUS),
            ("exposure", cv2.CAP_PROP_AUTO_EXPOSURE, V4L2_EXPOSURE_MANUAL, cv2.CAP_PROP_EXPOSURE),
            ("white balance", cv2.CAP_PROP_AUTO_WB, 0, cv2.CAP_PROP_WB_TEMPERATURE),
        )
        unlocked = []
        for name, auto, manual, value_prop in controls:
            value = cap.get(value_prop)  # where the automatic control settled
            if cap.set(auto, manual) and cap.set(value_prop, value):
                self.locked[name] = value
            else:
                unlocked.append(name)
        if unlocked:
            log.warning(
                "camera %s cannot lock its %s: a drift may look like a hand over the board",
                self._spec,
                " and ".join(unlocked),
            )
        log.info("camera %s locked %s", self._spec, self.locked)

    def read(self) -> Frame:
        ok, image = self._cap.read()
        if not ok or image is None:
            if self.live:
                raise SourceError(f"camera {self._spec!r} gave no frame")
            raise SourceEnded(f"no more frames from {self._spec!r}")
        frame = Frame(image=image, number=self._number, time=self._clock() - self._start)
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
            raise SourceEnded("the folder has no more images")
        path = self._paths[self._number]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise SourceError(f"{path} is not a readable image")
        frame = Frame(image=image, number=self._number, time=self._number / self._fps)
        self._number += 1
        return frame

    def close(self) -> None:
        self._number = len(self._paths)


#: libcamera's AfMode values (``libcamera.controls.AfModeEnum``).
AF_MODE_AUTO = 1


class Picamera2Source:
    """The Raspberry Pi camera (picamera2), full-resolution stills, settled then locked.

    ``module`` is the picamera2 module (a fake in tests); ``sleep`` waits out
    the settle period while the camera's own control loops converge.
    ``yuv``: frames as YUV 4:2:0 (picamera2's ``"YUV420"``): the Y plane as
    ``image`` (grey) and the chroma planes as ``chroma`` (:mod:`vision.yuv`),
    18 MiB a 12 MP frame instead of 35 MiB of BGR and a 12 MiB grey copy;
    for the Amritsar pipeline, which reads them. Otherwise BGR.
    """

    def __init__(
        self,
        *,
        module: Any | None = None,
        settle: float | None = None,
        sleep: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        yuv: bool = False,
    ) -> None:
        if module is None:
            try:
                module = importlib.import_module("picamera2")
            except ImportError as exc:
                raise SourceError(
                    "picamera2 is not installed (it ships with Raspberry Pi OS; `make pi` "
                    "makes a venv that sees it)"
                ) from exc
        try:
            self._cam: Any = module.Picamera2()
        except (IndexError, RuntimeError) as exc:  # no camera connected, or it is busy
            raise SourceError(f"the Pi camera cannot be opened ({exc})") from exc
        self._clock = clock
        self.locked: dict[str, Any] = {}
        try:
            config = self._cam.create_still_configuration(
                main={"format": "YUV420" if yuv else "RGB888", "size": self._cam.sensor_resolution}
            )
            self._cam.configure(config)
            w, h = config["main"]["size"]
            self._size = (int(w), int(h))
            self._yuv = yuv
            self._cam.start()
            if "AfMode" in self._cam.camera_controls:  # Camera Module 3: focus once, then hold
                self._cam.set_controls({"AfMode": AF_MODE_AUTO})
                focused = self._cam.autofocus_cycle()
                log.info("Pi camera autofocus %s", "found the board" if focused else "FAILED")
                if not focused:
                    log.warning("the Pi camera could not focus: markers may be blurred")
            (sleep or time.sleep)(SETTLE_SECONDS if settle is None else settle)
            self._lock()
        except SourceError:
            raise
        except Exception as exc:
            self.close()
            raise SourceError(f"the Pi camera failed to start ({exc})") from exc
        self._number = 0
        self._start = clock()

    def _lock(self) -> None:
        """Fix exposure time, gain and colour gains where automatic control left them."""
        metadata = self._cam.capture_metadata()
        wanted = {"ExposureTime": "exposure", "AnalogueGain": "gain", "ColourGains": "colour"}
        fixed = {key: metadata[key] for key in wanted if key in metadata}
        self._cam.set_controls({"AeEnable": False, "AwbEnable": False, **fixed})
        self.locked = fixed
        missing = [wanted[key] for key in wanted if key not in fixed]
        if missing:
            log.warning("the Pi camera did not report its %s: left automatic", ", ".join(missing))
        log.info("Pi camera locked %s", fixed)

    def read(self) -> Frame:
        when = self._clock() - self._start
        if self._yuv:  # (3H/2, stride): Y, then U, then V (vision/yuv.py)
            y, chroma = planes(self._cam.capture_array("main"), self._size)
            frame = Frame(image=y, number=self._number, time=when, chroma=chroma)
            self._number += 1
            return frame
        # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's order.
        image = np.ascontiguousarray(self._cam.capture_array("main"))
        frame = Frame(image=image, number=self._number, time=when)
        self._number += 1
        return frame

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._cam.stop()
        with contextlib.suppress(Exception):
            self._cam.close()


class ReopeningSource:
    """A live camera reopened after it is lost, with pauses doubling up to ``REOPEN_MAX``.

    ``opener`` opens the camera (raising :class:`SourceError` when it cannot).
    The first opening happens here and its error is the caller's; later losses
    are logged, and ``read()`` returns None until the camera is back. Frames are
    numbered and timed on across reopenings.
    """

    def __init__(
        self,
        opener: Callable[[], FrameSource],
        name: str,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._opener = opener
        self.name = name
        self._clock = clock
        self._source: FrameSource | None = opener()
        self._delay = REOPEN_FIRST
        self._next_try = 0.0
        self._number = 0
        self._start = clock()
        self.reopened = 0

    def _lost(self, why: str) -> None:
        log.warning("%s: %s; trying again in %.0f s", self.name, why, self._delay)
        self._next_try = self._clock() + self._delay
        self._delay = min(self._delay * 2, REOPEN_MAX)

    def read(self) -> Frame | None:
        if self._source is None:
            if self._clock() < self._next_try:
                return None
            try:
                self._source = self._opener()
            except Exception as error:
                self._lost(f"still cannot open it ({error})")
                return None
            self.reopened += 1
            self._delay = REOPEN_FIRST
            log.info("%s is back", self.name)
        try:
            frame = self._source.read()
        except Exception as error:
            with contextlib.suppress(Exception):
                self._source.close()
            self._source = None
            self._lost(f"lost ({error})")
            return None
        if frame is None:
            return None
        frame = replace(frame, number=self._number, time=self._clock() - self._start)
        self._number += 1
        return frame

    def close(self) -> None:
        if self._source is not None:
            self._source.close()
            self._source = None


def usb_cameras(sysfs: Path) -> list[int]:
    """Indices N of the ``/dev/videoN`` that are USB webcams' picture nodes, in order.

    A USB webcam's sysfs entry resolves under a USB bus; of its nodes, the
    picture one has ``index`` 0 (the others carry metadata). The Pi's own
    video nodes (codecs, the camera pipeline) are not on USB.
    """
    found = []
    for entry in sysfs.glob("video*"):
        match = re.fullmatch(r"video(\d+)", entry.name)
        if match is None or "/usb" not in str(entry.resolve()):
            continue
        index_file = entry / "index"
        if index_file.exists() and index_file.read_text().strip() not in ("", "0"):
            continue
        found.append(int(match.group(1)))
    return sorted(found)


def pi_camera_present(module: Any | None = None) -> bool:
    """Whether picamera2 is importable and sees a camera."""
    try:
        module = module or importlib.import_module("picamera2")
        return bool(module.Picamera2.global_camera_info())
    except Exception as error:  # not installed, or broken against this numpy
        log.info("no Pi camera through picamera2 (%s)", error)
        return False


def first_usb_camera(sysfs: Path | None = None, **options: Any) -> VideoCaptureSource:
    """Open the first USB webcam that gives a picture (``options`` go to the source)."""
    tried = []
    for index in usb_cameras(sysfs or SYSFS_VIDEO):
        try:
            return VideoCaptureSource(index, **options)
        except SourceError as error:
            tried.append(str(error))
    if tried:
        raise SourceError("no USB webcam gives a picture: " + "; ".join(tried))
    raise SourceError("no camera found: no Raspberry Pi camera and no USB webcam")


def open_source(spec: str, yuv: bool = False) -> FrameSource:
    """``auto``, ``picamera``, a webcam index (``0``), a folder of images, or a video/device path.

    Live cameras come wrapped in a :class:`ReopeningSource`. ``yuv``: the Pi
    camera gives YUV 4:2:0 frames (:class:`Picamera2Source`); other sources
    give BGR whatever it says.
    """
    pi = functools.partial(Picamera2Source, yuv=yuv)
    if spec == "auto":
        if pi_camera_present():
            return ReopeningSource(pi, "the Pi camera")
        return ReopeningSource(first_usb_camera, "the USB webcam")
    if spec == "picamera":
        return ReopeningSource(pi, "the Pi camera")
    if spec.isdigit():
        index = int(spec)
        return ReopeningSource(lambda: VideoCaptureSource(index), f"camera {index}")
    if spec.startswith("/dev/video"):
        return ReopeningSource(lambda: VideoCaptureSource(spec), f"camera {spec}")
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if not path.exists():
        raise SourceError(f"{spec!r} is neither a camera index, a folder nor a file")
    return VideoCaptureSource(str(path))
