"""Live cameras against faithful fakes at the lowest layer (no camera exists here).

``FakeV4L2`` behaves as OpenCV's V4L2 ``VideoCapture`` does with a typical USB
webcam: it starts in YUYV at 640x480, offers 1920x1080 only in MJPG (USB 2
bandwidth), snaps a requested size to the nearest mode of the current format,
and while its automatic controls are on, exposure, focus and white balance
drift with every frame. ``set`` returns False for a control the camera lacks.
Unplugged, it opens as not opened and reads fail. ``FakePicamera2`` stands in
for the picamera2 module with the calls the source makes.
"""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest

from vision.sources import (
    MJPG,
    REOPEN_MAX,
    Picamera2Source,
    ReopeningSource,
    SourceError,
    VideoCaptureSource,
    first_usb_camera,
    open_source,
    usb_cameras,
)

YUYV = int.from_bytes(b"YUYV", "little")
MODES = {YUYV: [(640, 480), (1280, 720)], MJPG: [(640, 480), (1280, 720), (1920, 1080)]}
AUTO = {
    cv2.CAP_PROP_AUTO_EXPOSURE: (cv2.CAP_PROP_EXPOSURE, 3),
    cv2.CAP_PROP_AUTOFOCUS: (cv2.CAP_PROP_FOCUS, 1),
    cv2.CAP_PROP_AUTO_WB: (cv2.CAP_PROP_WB_TEMPERATURE, 1),
}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Webcam:
    """The physical webcam behind the fake: plugged in or not, with or without autofocus."""

    def __init__(self, clock: Clock, autofocus: bool = True, fps: float = 30.0) -> None:
        self.clock = clock
        self.autofocus = autofocus
        self.fps = fps
        self.plugged = True
        self.opened = 0
        self.attempts = 0


class FakeV4L2:
    """A ``cv2.VideoCapture(index, cv2.CAP_V4L2)`` on ``webcam``."""

    def __init__(self, webcam: Webcam, spec: int | str, api: int | None = None) -> None:
        self.cam = webcam
        self.api = api
        self.open = webcam.plugged and api == cv2.CAP_V4L2
        webcam.opened += self.open
        webcam.attempts += 1
        self.fourcc = YUYV
        self.size = (640, 480)
        self.props: dict[int, float] = {
            cv2.CAP_PROP_BUFFERSIZE: 4,
            cv2.CAP_PROP_AUTO_EXPOSURE: 3,
            cv2.CAP_PROP_EXPOSURE: 156,
            cv2.CAP_PROP_AUTO_WB: 1,
            cv2.CAP_PROP_WB_TEMPERATURE: 4600,
        }
        if webcam.autofocus:
            self.props |= {cv2.CAP_PROP_AUTOFOCUS: 1, cv2.CAP_PROP_FOCUS: 30}

    def isOpened(self) -> bool:
        return self.open

    def _snap(self, want: tuple[int, int]) -> None:
        self.size = min(MODES[self.fourcc], key=lambda m: abs(m[0] - want[0]) + abs(m[1] - want[1]))

    def set(self, prop: int, value: float) -> bool:
        if prop == cv2.CAP_PROP_FOURCC:
            if int(value) not in MODES:
                return False
            self.fourcc = int(value)
            self._snap(self.size)
            return True
        if prop == cv2.CAP_PROP_FRAME_WIDTH:
            self._snap((int(value), self.size[1]))
            return True
        if prop == cv2.CAP_PROP_FRAME_HEIGHT:
            self._snap((self.size[0], int(value)))
            return True
        if prop not in self.props:
            return False
        self.props[prop] = value
        return True

    def get(self, prop: int) -> float:
        if prop == cv2.CAP_PROP_FOURCC:
            return float(self.fourcc)
        if prop == cv2.CAP_PROP_FRAME_WIDTH:
            return float(self.size[0])
        if prop == cv2.CAP_PROP_FRAME_HEIGHT:
            return float(self.size[1])
        return self.props.get(prop, -1.0)

    def grab(self) -> bool:
        if not (self.open and self.cam.plugged):
            return False
        self.cam.clock.now += 1 / self.cam.fps
        for auto, (value, on) in AUTO.items():  # automatic controls keep hunting
            if self.props.get(auto) == on:
                self.props[value] += 1
        return True

    def read(self) -> tuple[bool, Any]:
        if not self.grab():
            return False, None
        level = int(self.props[cv2.CAP_PROP_EXPOSURE]) % 256
        return True, np.full((self.size[1], self.size[0], 3), level, np.uint8)

    def release(self) -> None:
        self.open = False


def _webcam_source(webcam: Webcam, **kw: Any) -> VideoCaptureSource:
    return VideoCaptureSource(
        0, capture=lambda spec, api=None: FakeV4L2(webcam, spec, api), clock=webcam.clock, **kw
    )


def test_a_webcam_opens_large_in_mjpg_with_one_buffer_and_locks_after_settling() -> None:
    webcam = Webcam(Clock())
    source = _webcam_source(webcam, settle=2.0)
    assert source.size == (1920, 1080)  # MJPG chosen before the size: YUYV tops at 1280x720
    cap = source._cap
    assert cap.fourcc == MJPG and cap.props[cv2.CAP_PROP_BUFFERSIZE] == 1
    assert webcam.clock.now >= 2.0  # streamed through the settle period first
    assert cap.props[cv2.CAP_PROP_AUTO_EXPOSURE] == 1  # V4L2 manual exposure
    assert cap.props[cv2.CAP_PROP_AUTOFOCUS] == 0 and cap.props[cv2.CAP_PROP_AUTO_WB] == 0
    assert set(source.locked) == {"focus", "exposure", "white balance"}
    frames = [source.read() for _ in range(30)]
    assert all(f.image.shape == (1080, 1920, 3) for f in frames)
    assert len({int(f.image[0, 0, 0]) for f in frames}) == 1  # no exposure drift any more
    assert cap.props[cv2.CAP_PROP_EXPOSURE] == source.locked["exposure"]
    assert [f.number for f in frames[:3]] == [0, 1, 2] and frames[1].time > frames[0].time


def test_a_webcam_without_autofocus_says_what_it_could_not_lock(
    caplog: pytest.LogCaptureFixture,
) -> None:
    webcam = Webcam(Clock(), autofocus=False)
    with caplog.at_level(logging.WARNING, "vision.sources"):
        source = _webcam_source(webcam, settle=0.5)
    assert set(source.locked) == {"exposure", "white balance"}
    assert "cannot lock its focus" in caplog.text


def test_a_webcam_that_gives_a_smaller_size_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    webcam = Webcam(Clock())
    with caplog.at_level(logging.WARNING, "vision.sources"):
        source = _webcam_source(webcam, size=(4000, 3000), settle=0.1)
    assert source.size == (1920, 1080)
    assert "gives 1920x1080, not the 4000x3000 asked for" in caplog.text


def test_a_lost_webcam_is_reopened_with_growing_pauses(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    webcam = Webcam(clock)
    source = ReopeningSource(lambda: _webcam_source(webcam, settle=0.1), "the webcam", clock=clock)
    first = [source.read() for _ in range(3)]
    assert all(f is not None for f in first)
    webcam.plugged = False
    with caplog.at_level(logging.WARNING, "vision.sources"):
        assert source.read() is None  # lost: logged, no exception for the camera loop
    assert "the webcam: lost" in caplog.text and "trying again in 1 s" in caplog.text
    tried = webcam.attempts
    pauses = []
    for _ in range(8):  # still unplugged: each try waits twice as long, up to the cap
        lost_at = clock.now
        while webcam.attempts == tried:
            assert source.read() is None
            clock.now += 0.25
        tried = webcam.attempts
        pauses.append(round(clock.now - lost_at))
    assert pauses[:5] == [1, 2, 4, 8, 16] and max(pauses) == REOPEN_MAX
    assert "still cannot open it" in caplog.text
    webcam.plugged = True
    frame = None
    while frame is None:
        clock.now += 1
        frame = source.read()
    assert frame.number == 3 and source.reopened == 1  # numbered on across the loss
    assert frame.image.shape == (1080, 1920, 3)


def _video_node(sysfs: Path, devices: Path, name: str, bus: str, index: int) -> None:
    node = devices / bus / "video4linux" / name
    node.mkdir(parents=True)
    (node / "index").write_text(f"{index}\n")
    (sysfs / name).symlink_to(node)


def test_usb_webcams_are_found_in_sysfs_and_the_first_giving_a_picture_is_opened(
    tmp_path: Path,
) -> None:
    sysfs, devices = tmp_path / "class", tmp_path / "devices"
    sysfs.mkdir()
    usb = "platform/axi/1000120000.pcie/usb1/1-1/1-1:1.0"
    _video_node(sysfs, devices, "video19", "platform/1000880000.pisp_be", 0)  # the Pi's ISP
    _video_node(sysfs, devices, "video0", "platform/axi/usb3/3-1/3-1:1.0", 0)  # broken webcam
    _video_node(sysfs, devices, "video1", "platform/axi/usb3/3-1/3-1:1.0", 1)  # its metadata
    _video_node(sysfs, devices, "video2", usb, 0)
    _video_node(sysfs, devices, "video3", usb, 1)
    assert usb_cameras(sysfs) == [0, 2]
    clock = Clock()
    working, broken = Webcam(clock), Webcam(clock)
    broken.plugged = False
    opened: list[int] = []

    def capture(spec: int, api: int | None = None) -> FakeV4L2:
        opened.append(spec)
        return FakeV4L2(working if spec == 2 else broken, spec, api)

    source = first_usb_camera(sysfs, capture=capture, clock=clock)
    assert opened == [0, 2] and source.size == (1920, 1080)
    source.close()
    with pytest.raises(SourceError, match="no camera found"):
        first_usb_camera(tmp_path / "empty", capture=capture)


class FakePicamera2:
    """The calls ``Picamera2Source`` makes, as picamera2 answers them."""

    instances: ClassVar[list[FakePicamera2]] = []
    module_3 = True
    cameras: ClassVar[list[dict[str, Any]]] = [{"Model": "imx708"}]
    fail_capture = False

    def __init__(self) -> None:
        if not self.cameras:
            raise IndexError("list index out of range")  # picamera2 with no camera attached
        self.sensor_resolution = (64, 48)
        self.camera_controls: dict[str, Any] = {"ExposureTime": (1, 66666, None)}
        if self.module_3:
            self.camera_controls |= {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0)}
        self.controls: dict[str, Any] = {"AeEnable": True, "AwbEnable": True}
        self.calls: list[str] = []
        self.started = False
        FakePicamera2.instances.append(self)

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return FakePicamera2.cameras

    def create_still_configuration(self, main: dict[str, Any]) -> dict[str, Any]:
        return {"main": main}

    def configure(self, config: dict[str, Any]) -> None:
        self.size = config["main"]["size"]
        self.format = config["main"]["format"]
        self.calls.append("configure")

    def start(self) -> None:
        self.started = True
        self.calls.append("start")

    def set_controls(self, controls: dict[str, Any]) -> None:
        unknown = set(controls) - set(self.camera_controls) - {"AeEnable", "AwbEnable"}
        unknown -= {"AnalogueGain", "ColourGains"}
        assert not unknown, f"picamera2 has no control {unknown}"
        self.controls |= controls
        self.calls.append(f"set {sorted(controls)}")

    def autofocus_cycle(self) -> bool:
        assert self.started and self.controls.get("AfMode") == 1
        self.calls.append("autofocus")
        return True

    def capture_metadata(self) -> dict[str, Any]:
        return {"ExposureTime": 12000, "AnalogueGain": 2.5, "ColourGains": (1.9, 1.6), "Lux": 300}

    def capture_array(self, name: str) -> np.ndarray:
        if self.fail_capture:
            raise RuntimeError("Camera frontend has timed out!")
        w, h = self.size
        if self.format == "YUV420":
            # Rows padded to a stride, as the Pi's ISP does: Y rows (grey 100),
            # then U's (110) and V's (120), half a stride each.
            stride = w + 32
            out = np.zeros((h * 3 // 2, stride), np.uint8)
            out[:h] = 100
            chroma = out[h:].reshape(-1)
            chroma[: (h // 2) * (stride // 2)] = 110
            chroma[(h // 2) * (stride // 2) : h * stride] = 120
            return out
        assert self.format == "RGB888"
        return np.zeros((h, w, 3), np.uint8)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.calls.append("close")


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> type[FakePicamera2]:
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(FakePicamera2, "instances", [])
    monkeypatch.setattr(FakePicamera2, "module_3", True)
    monkeypatch.setattr(FakePicamera2, "cameras", [{"Model": "imx708"}])
    monkeypatch.setattr(FakePicamera2, "fail_capture", False)
    return FakePicamera2


def test_camera_module_3_focuses_once_then_exposure_and_colour_are_locked(
    picamera2: type[FakePicamera2],
) -> None:
    waited: list[float] = []
    source = Picamera2Source(settle=2.0, sleep=waited.append)
    cam = picamera2.instances[0]
    assert cam.calls == [
        "configure",
        "start",
        "set ['AfMode']",
        "autofocus",
        "set ['AeEnable', 'AnalogueGain', 'AwbEnable', 'ColourGains', 'ExposureTime']",
    ]
    assert waited == [2.0]  # the settle period comes after focusing, before locking
    assert cam.controls["AeEnable"] is False and cam.controls["AwbEnable"] is False
    assert cam.controls["ExposureTime"] == 12000 and cam.controls["ColourGains"] == (1.9, 1.6)
    frame = source.read()
    assert frame is not None and frame.image.shape == (48, 64, 3)


def test_the_pi_camera_in_yuv_gives_the_grey_plane_and_the_chroma_planes(
    picamera2: type[FakePicamera2],
) -> None:
    source = Picamera2Source(settle=0, sleep=lambda _: None, yuv=True)
    frame = source.read()
    assert picamera2.instances[0].format == "YUV420"
    assert frame.image.shape == (48, 64) and (frame.image == 100).all()
    assert frame.chroma is not None and frame.chroma.shape == (2, 24, 32)
    assert (frame.chroma[0] == 110).all() and (frame.chroma[1] == 120).all()
    bgr = Picamera2Source(settle=0, sleep=lambda _: None).read()
    assert bgr.chroma is None and bgr.image.shape == (48, 64, 3)


def test_a_camera_without_autofocus_is_only_locked(picamera2: type[FakePicamera2]) -> None:
    picamera2.module_3 = False
    Picamera2Source(settle=0, sleep=lambda _: None)
    assert "autofocus" not in picamera2.instances[0].calls


def test_auto_takes_the_pi_camera_and_a_failing_one_is_reopened(
    picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("vision.sources.SETTLE_SECONDS", 0.0)
    monkeypatch.setattr("vision.sources.time.sleep", lambda _: None)
    source = open_source("auto")
    assert isinstance(source, ReopeningSource) and source.name == "the Pi camera"
    assert source.read() is not None
    picamera2.fail_capture = True
    assert source.read() is None and "close" in picamera2.instances[0].calls
    picamera2.fail_capture = False
    source._next_try = 0.0
    assert source.read() is not None and len(picamera2.instances) == 2


def test_auto_without_any_camera_says_so(
    picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    picamera2.cameras = []
    monkeypatch.setattr("vision.sources.SYSFS_VIDEO", tmp_path)
    with pytest.raises(SourceError, match="no camera found"):
        open_source("auto")
    with pytest.raises(SourceError, match="Pi camera cannot be opened"):
        open_source("picamera")
