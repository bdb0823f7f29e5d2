"""Resident memory of ``companion run`` reading a 12 MP camera for minutes (goal: <= 150 MB, no growth).

The companion runs as on the Pi, in a process of its own: ``companion run``
with two players, no sensor board, the web server on a loopback port, and as
its camera a 12 MP (4056 x 3040, the Pi Camera Module 3's full frame) source
looping over frames of the synthetic table rendered beforehand: a still
table, and a hand passing over it every ``--hand-every`` frames (so the
camera loop sees motion and settles again). The frames are kept raw in a
folder (``.npy``) and each read loads one into a new array, as a camera hands
over one new buffer a frame; the renderer itself is not in the measured
process. The frames are YUV 4:2:0 buffers laid out as picamera2's
``"YUV420"`` (what the Pi camera gives since issue 35, :mod:`vision.yuv`);
``--bgr`` keeps BGR frames (18 MiB a frame against 35, and a 12 MiB grey copy). ``--png`` keeps them PNG-encoded instead and each read decodes one:
the decoder's own work buffers (about 33 MiB at 12 MP, besides the frame)
then count too, which no camera has.

This process samples the companion's VmRSS once a second for ``--seconds``
and prints the peak (and the kernel's own high-water mark, VmHWM, which
sampling cannot miss, though its per-thread counters lag by a few pages), the median of the first and of the last minute (after
a warm-up minute) and their difference: the growth. The baseline in the same
run is the companion's RSS just after it started serving (imports, session,
server), so the camera loop's share is the difference.

Run (one 10-minute run, nice'd):
    nice .venv/bin/python bench/run_memory.py [--seconds 600] [--fps 2]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import os
import platform
import signal
import socket
import statistics
import subprocess
import tempfile
import time

SIZE_12MP = (4056, 3040)


def render_frames(folder: Path, hand_frames: int, png: bool = False, yuv: bool = False) -> int:
    """The still table and a hand passing over it, as files; returns the count."""
    import cv2
    import numpy as np

    from companion.games.amritsar.reconcile.camera import truth_from_state
    from engine.amritsar import new_game
    from vision.synthetic import Hand, SyntheticCamera
    from vision.yuv import from_bgr

    def save(name: str, image: np.ndarray) -> None:  # type: ignore[type-arg]
        if png:
            cv2.imwrite(str(folder / f"{name}.png"), image)
        elif yuv:
            # As picamera2's "YUV420" buffer: the Y rows, then U's, then V's.
            y, chroma = from_bgr(image)
            h, w = y.shape
            buffer = np.concatenate([y.reshape(-1), chroma.reshape(-1)]).reshape(h * 3 // 2, w)
            np.save(folder / f"{name}.yuv.npy", buffer)
        else:
            np.save(folder / f"{name}.npy", np.ascontiguousarray(image))

    truth = truth_from_state(new_game(2, seed=3), ("purple", "grey"))
    camera = SyntheticCamera(truth, size=SIZE_12MP, seed=3)
    save("still", camera.read().image)
    camera.hold_hand(Hand(centre=(320.0, 320.0), from_deg=90.0), hand_frames)
    for k in range(hand_frames):
        save(f"hand{k}", camera.read().image)
    return 1 + hand_frames


def child(folder: str, hand_every: int, argv: list[str]) -> int:
    """The companion, with ``--camera`` opening the looping 12 MP source."""
    import cv2
    import numpy as np

    import vision.sources as sources
    from companion.cli import main
    from vision.yuv import planes

    png = (Path(folder) / "still.png").exists()
    yuv = (Path(folder) / "still.yuv.npy").exists()
    suffix = ".png" if png else ".yuv.npy" if yuv else ".npy"
    still = Path(folder) / f"still{suffix}"
    hands = sorted(Path(folder).glob(f"hand*{suffix}"))

    class Looping:
        """Frames forever: the still table, a hand passing every ``hand_every``."""

        def __init__(self) -> None:
            self.number = 0

        def read(self) -> sources.Frame:
            n = self.number
            self.number += 1
            k = n % hand_every - (hand_every - len(hands))  # the still table first
            path = hands[k] if k >= 0 else still
            if yuv:  # the Y plane and the chroma planes, views into one buffer
                y, chroma = planes(np.load(path), SIZE_12MP)
                return sources.Frame(image=y, number=n, time=time.monotonic(), chroma=chroma)
            image = cv2.imread(str(path), cv2.IMREAD_COLOR) if png else np.load(path)
            return sources.Frame(image=image, number=n, time=time.monotonic())

        def close(self) -> None:
            pass

    sources.open_source = lambda spec, **_: Looping()  # type: ignore[assignment]
    return main(argv)


def rss_mib(pid: int, field: str = "VmRSS:") -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    return float("nan")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--fps", type=float, default=2.0, help="companion run --fps")
    parser.add_argument("--hand-every", type=int, default=20, help="frames between hands")
    parser.add_argument("--png", action="store_true", help="frames decoded from PNG at each read")
    parser.add_argument(
        "--bgr",
        action="store_true",
        help="BGR frames (before issue 35's YUV frames: the Pi camera gives YUV 4:2:0)",
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 unless peak <= 150 MB and growth <= 5 MiB"
    )
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.child:
        return child(args.child[0], int(args.child[1]), rest)
    print(
        f"machine: {platform.machine()} {os.cpu_count()} cores, python {platform.python_version()}"
    )
    print(f"load average at the start: {load()}")
    with tempfile.TemporaryDirectory(prefix="run-memory-") as tmp:
        folder = Path(tmp) / "frames"
        folder.mkdir()
        yuv = not (args.png or args.bgr)
        count = render_frames(folder, hand_frames=4, png=args.png, yuv=yuv)
        kind = (
            "PNG, decoded at each read"
            if args.png
            else f"raw {'YUV 4:2:0' if yuv else 'BGR'}, loaded at each read"
        )
        print(f"frames: {count} of {SIZE_12MP[0]}x{SIZE_12MP[1]} (a still table, a hand; {kind})")
        argv = [
            "run",
            "--players",
            "Ana,Ben",
            "--camera",
            "synthetic-12mp",
            "--serial",
            "none",
            "--host",
            "127.0.0.1",
            "--port",
            str(free_port()),
            "--fps",
            str(args.fps),
            "--games",
            str(Path(tmp) / "games"),
        ]
        command = [sys.executable, __file__, "--child", str(folder), str(args.hand_every), *argv]
        log = Path(tmp) / "companion.out"
        with log.open("w") as out:
            proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
        samples: list[tuple[float, float]] = []
        started = time.monotonic()
        baseline = high = float("nan")
        try:
            while time.monotonic() - started < args.seconds:
                if proc.poll() is not None:
                    break
                if baseline != baseline and "http://" in log.read_text(errors="replace"):
                    baseline = rss_mib(proc.pid)  # serving: imports, session, server
                samples.append((time.monotonic() - started, rss_mib(proc.pid)))
                time.sleep(1.0)
            high = rss_mib(proc.pid, "VmHWM:")
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        text = log.read_text(errors="replace")
    if len(samples) < 3 or proc.returncode not in (0, -signal.SIGTERM):
        print(text[-3000:])
        print(f"companion run ended early (exit {proc.returncode}) after {len(samples)} s")
        return 1
    rss = [r for _, r in samples]
    met = max([*rss, high] if high == high else rss) * 2**20 <= 150e6
    first = [r for t, r in samples if 60 <= t < 120] or rss[: len(rss) // 2]
    last = [r for t, r in samples if t >= samples[-1][0] - 60] or rss[len(rss) // 2 :]
    print(f"sampled {len(samples)} s; load average at the end: {load()}")
    print(f"baseline (serving, before the camera's first minute): {baseline:.1f} MiB")
    print(
        f"peak {max(rss):.1f} MiB; first minute after warm-up median {statistics.median(first):.1f}, "
        f"last minute median {statistics.median(last):.1f}; growth "
        f"{statistics.median(last) - statistics.median(first):+.1f} MiB "
        f"(goal: peak <= 150 MB = {150e6 / 2**20:.1f} MiB: "
        f"{'met' if met else 'NOT met'})"
    )
    print(f"high-water mark (VmHWM, the kernel's peak between samples too): {high:.1f} MiB")
    print("companion output, last lines:")
    print("\n".join(text.strip().splitlines()[-5:]))
    growth = statistics.median(last) - statistics.median(first)
    return 1 if args.check and (not met or growth > 5.0) else 0


if __name__ == "__main__":
    raise SystemExit(main())
