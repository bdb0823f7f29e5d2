"""Frame sources: folders and video files for real, the camera ones by their errors."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.snapshot import TableSnapshot
from vision.sources import FolderSource, SourceError, VideoCaptureSource, open_source
from vision.synthetic import SyntheticCamera


def _frames(n: int) -> list[np.ndarray]:
    cam = SyntheticCamera(TableSnapshot.empty(2), size=(320, 240))
    return [cam.read().image for _ in range(n)]


def test_folder_source_reads_images_in_name_order(tmp_path: Path) -> None:
    images = _frames(3)
    for i, img in enumerate(images):
        cv2.imwrite(str(tmp_path / f"frame{i:02d}.png"), img)
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(str(tmp_path))
    got = [source.read() for _ in range(3)]
    assert [f.number for f in got] == [0, 1, 2]
    assert all(np.array_equal(f.image, img) for f, img in zip(got, images, strict=True))
    with pytest.raises(SourceError, match="no more images"):
        source.read()


def test_video_file_source(tmp_path: Path) -> None:
    path = tmp_path / "game.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (320, 240))
    for img in _frames(4):
        writer.write(img)
    writer.release()
    source = open_source(str(path))
    frames = [source.read() for _ in range(4)]
    assert frames[-1].image.shape == (240, 320, 3)
    with pytest.raises(SourceError, match="no more frames"):
        source.read()
    source.close()


def test_sources_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="neither"):
        open_source(str(tmp_path / "missing.mp4"))
    with pytest.raises(SourceError, match="no images"):
        FolderSource(tmp_path)
    with pytest.raises(SourceError, match="cannot open"):
        VideoCaptureSource(str(tmp_path))
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(SourceError, match="picamera2 is not installed"):
            open_source("picamera")
