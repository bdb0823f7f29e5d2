"""``companion calibrate``: measure the camera's lens once (see ``vision.calibration``).

- ``companion calibrate sheet --out calibration.pdf``: the ChArUco sheet to
  print, A4, true size (``--png FILE`` also writes it as an image);
- ``companion calibrate capture --camera SPEC``: show the printed sheet to the
  camera at 15 or so places and angles; the lens is measured and saved as
  JSON (default: one file per camera under the config directory), for
  ``companion run --calibration FILE``. ``--camera`` takes what ``run`` takes;
  a folder of photos of the sheet works too.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Any

CONFIG_DIR = (
    Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "amritsar" / "calibration"
)


def default_file(camera: str) -> Path:
    """Where a camera's calibration is kept: one JSON file per camera spec."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", camera).strip("-.")[:60] or "camera"
    return CONFIG_DIR / f"{name}.json"


def run_sheet(args: argparse.Namespace) -> int:
    from vision.calibration import charuco_sheet, sheet_image

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(charuco_sheet())
    print(f"wrote {out}: print at 100 % (actual size) / imprimir al 100 % (tamaño real)")
    if args.png:
        import cv2

        png = Path(args.png)
        png.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(png), sheet_image(px_per_mm=600 / 25.4))
        print(f"wrote {png} (600 dpi)")
    return 0


def run_capture(args: argparse.Namespace) -> int:
    from vision.calibration import CalibrationCapture, verdict
    from vision.lens import CalibrationError
    from vision.sources import SourceError, open_source

    try:
        source = open_source(args.camera)
    except SourceError as error:
        print(f"companion calibrate: no camera ({error})")
        return 2
    capture = CalibrationCapture(args.views)
    said = ""
    frames = 0
    try:
        while not capture.done and frames < args.max_frames:
            try:
                frame = source.read()
            except SourceError as error:
                print(f"companion calibrate: the camera stopped ({error})")
                break
            frames += 1
            if frame is None:  # a live camera between two frames (or reopening)
                continue
            news = capture.offer(frame.image)
            if news != said:
                print(news)
                said = news
    except CalibrationError as error:
        print(f"companion calibrate: {error}")
        return 2
    finally:
        source.close()
    try:
        lens = capture.calibrate(camera=args.camera)
    except CalibrationError as error:
        print(f"companion calibrate: {error}")
        return 2
    out = Path(args.out) if args.out else default_file(args.camera)
    lens.save(out)
    english, spanish = verdict(lens)
    print(english)
    print(spanish)
    print(
        f"k1 {lens.k1:+.3f}, k2 {lens.k2:+.3f}; focal {lens.fx:.0f} px;"
        f" image {lens.size[0]}x{lens.size[1]}; edges move {lens.edge_shift_px():.0f} px"
    )
    print(f"wrote {out}: use it with companion run --calibration {out}")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("calibrate", help="measure the camera's lens")
    sub = parser.add_subparsers(dest="calibrate_command", required=True, metavar="STEP")
    sheet = sub.add_parser("sheet", help="write the calibration sheet to print")
    sheet.add_argument("--out", default="calibration-sheet.pdf", help="the PDF to write")
    sheet.add_argument("--png", help="also write the sheet as a 600 dpi PNG")
    sheet.set_defaults(func=run_sheet)
    capture = sub.add_parser("capture", help="show the sheet to the camera and measure the lens")
    capture.add_argument(
        "--camera",
        default="picamera",
        help="picamera, a webcam index (0), a video, or a folder of photos of the sheet",
    )
    capture.add_argument("--views", type=int, default=15, help="views of the sheet to take")
    capture.add_argument(
        "--max-frames", type=int, default=3000, help="give up after this many frames"
    )
    capture.add_argument(
        "--out", help=f"the calibration file (default: one per camera in {CONFIG_DIR})"
    )
    capture.set_defaults(func=run_capture)
