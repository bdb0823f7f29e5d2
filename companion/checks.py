"""A loud check, at start, that this Python can run the camera.

Two installs fail quietly otherwise: an OpenCV without ``cv2.aruco.ArucoDetector``
(Debian Bookworm's python3-opencv 4.6) reads no marker at all, and a venv that
cannot import picamera2 (made without ``--system-site-packages``, or with
numpy 2, which breaks Raspberry Pi OS's picamera2 and simplejpeg) has no Pi
camera. ``companion run`` refuses to start with the camera in either case, and
``make pi`` runs ``python -m companion.checks --picamera`` once it has built
the venv.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

PI_HINT = (
    "run `make pi` on the Raspberry Pi: it builds a venv that sees Raspberry Pi OS's "
    "python3-picamera2, with numpy 1.x and an OpenCV that has ArucoDetector "
    "(constraints/pi.txt)"
)


def opencv_problem() -> str | None:
    """Why OpenCV cannot read the markers here, or None."""
    try:
        cv2 = importlib.import_module("cv2")
    except Exception as error:  # an ABI mismatch raises more than ImportError
        return f"OpenCV cannot be imported ({error}); {PI_HINT}"
    if not hasattr(getattr(cv2, "aruco", None), "ArucoDetector"):
        return (
            f"OpenCV {getattr(cv2, '__version__', '?')} has no cv2.aruco.ArucoDetector "
            f"(needs 4.7 or later; Debian's python3-opencv 4.6 is too old); {PI_HINT}"
        )
    return None


def picamera2_problem() -> str | None:
    """Why picamera2 cannot be used from this Python, or None."""
    try:
        importlib.import_module("picamera2")
    except ImportError as error:
        return f"picamera2 cannot be imported ({error}); {PI_HINT}"
    except Exception as error:  # numpy 2 against apt's numpy-1 builds: ValueError
        return f"picamera2 is installed but fails to load ({error!r}); {PI_HINT}"
    return None


def camera_problems(camera: str) -> list[str]:
    """What stops ``--camera camera`` from working, in words; empty when all is well."""
    if camera == "none":
        return []
    problems = [p for p in [opencv_problem()] if p]
    if camera == "picamera":
        problems += [p for p in [picamera2_problem()] if p]
    return problems


def versions() -> str:
    """One line of the versions that matter (numpy, OpenCV, picamera2)."""
    parts = []
    for name in ("numpy", "cv2", "picamera2"):
        try:
            module = importlib.import_module(name)
        except Exception:
            parts.append(f"{name} -")
        else:
            parts.append(f"{name} {getattr(module, '__version__', 'present')}")
    return ", ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="check that this Python can run the camera")
    parser.add_argument("--picamera", action="store_true", help="the Pi camera is required")
    args = parser.parse_args(argv)
    problems = camera_problems("picamera" if args.picamera else "auto")
    print(versions())
    for problem in problems:
        print(f"PROBLEM: {problem}")
    if not problems:
        print("The camera stack is ready.")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
