"""Fuzz the sensor-board frame decoders with a million random and mutated frames.

Goal (issue 7): no crash, no corrupt frame accepted, every refusal counted by
its reason. The companion's decoder (``companion.games.amritsar.sensors.protocol``) gets
``--frames`` frames (10^6 by default) through its real streaming path
(``FrameDecoder.feed`` on a byte stream, then ``parse_message``); the board's
own decoder (``firmware/amritsar_fw/framing.py``, which reads commands) gets
a tenth of that under CPython.

A frame counts as *corrupt accepted* when the decoder hands out a payload that
is not one of the genuine payloads the corpus was built from. The run also
counts the mutated frames that got as far as the CRC check: with a 16-bit CRC
about one in 65,536 of those would slip through, which is why the protocol
uses CRC-32.

Baseline, same run: decoding the same number of clean frames; the fuzz rate is
reported as a ratio to it, since these machines are shared and noisy.

Run: ``.venv/bin/python bench/sensor_fuzz.py [--frames N] [--seed S]``
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "firmware"))

from amritsar_fw import framing as board_framing

from companion.games.amritsar.sensors.protocol import (
    FrameDecoder,
    ProtocolError,
    encode_frame,
    encode_json,
    parse_message,
)
from engine.amritsar import MAHARAJAH_SPACE_NAMES

BATCH = 5000


def corpus(rng: random.Random, size: int) -> list[bytes]:
    """Genuine message payloads of every type, with varied fields."""
    uids = [
        bytes(rng.randrange(256) for _ in range(rng.choice([4, 7, 10]))).hex().upper()
        for _ in range(40)
    ]
    out = []
    for seq in range(1, size + 1):
        head = {
            "v": 1,
            "board": f"table-{rng.randrange(9)}",
            "boot": f"{rng.randrange(2**32):08x}",
            "seq": seq,
        }
        kind = rng.randrange(7)
        if kind == 0:
            body = {"t": "arrive", "district": rng.choice("NESW"), "uid": rng.choice(uids)}
        elif kind == 1:
            body = {"t": "leave", "district": rng.choice("NESW"), "uid": rng.choice(uids)}
        elif kind == 2:
            body = {
                "t": "token",
                "space": rng.choice(MAHARAJAH_SPACE_NAMES),
                "on": rng.random() < 0.5,
            }
        elif kind == 3:
            body = {
                "t": "button",
                "button": rng.choice(["done", "undo"]),
                "presses": rng.randrange(1, 500),
            }
        elif kind == 4:
            body = {"t": "hb", "up": rng.randrange(10**6)}
        elif kind == 5:
            body = {
                "t": "state",
                "tags": {d: sorted(rng.sample(uids, rng.randrange(4))) for d in "NESW"},
                "token": [rng.choice(MAHARAJAH_SPACE_NAMES)],
                "presses": {"done": rng.randrange(99), "undo": rng.randrange(99)},
                "faults": [],
            }
        else:
            body = {"t": "hello", "fw": "1.0.0", "link": "serial", "readers": ["N", "E", "S", "W"]}
        out.append(encode_json({**head, **body}))
    return out


def mutators(rng: random.Random, frames: list[bytes]) -> dict[str, Callable[[bytes], bytes]]:
    def flip(f: bytes) -> bytes:
        b = bytearray(f)
        for _ in range(rng.randrange(1, 9)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b)

    def set_bytes(f: bytes) -> bytes:
        b = bytearray(f)
        for _ in range(rng.randrange(1, 5)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)

    def insert(f: bytes) -> bytes:
        i = rng.randrange(len(f) + 1)
        return f[:i] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4))) + f[i:]

    def delete(f: bytes) -> bytes:
        i = rng.randrange(len(f))
        return f[:i] + f[i + rng.randrange(1, 4) :]

    def truncate(f: bytes) -> bytes:
        return f[: rng.randrange(len(f))]

    def splice(f: bytes) -> bytes:
        g = rng.choice(frames)[:-1]
        return f[: rng.randrange(len(f) + 1)] + g[rng.randrange(len(g)) :]

    def burst(f: bytes) -> bytes:  # line noise: a run of garbage over the frame
        i = rng.randrange(len(f))
        n = rng.randrange(2, 24)
        return f[:i] + bytes(rng.randrange(1, 256) for _ in range(n)) + f[i + n :]

    def random_frame(f: bytes) -> bytes:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))

    return {
        "bit flips": flip,
        "byte changes": set_bytes,
        "insertions": insert,
        "deletions": delete,
        "truncations": truncate,
        "splices": splice,
        "noise bursts": burst,
        "random bytes": random_frame,
    }


def fuzz_companion(n: int, rng: random.Random) -> dict[str, object]:
    payloads = corpus(rng, 4000)
    genuine = set(payloads)
    frames = [encode_frame(p) for p in payloads]
    kinds = mutators(rng, frames)
    names = list(kinds)
    decoder = FrameDecoder()
    made: Counter[str] = Counter()
    corrupt = crashes = unchanged = accepted = 0
    parse_errors: Counter[str] = Counter()
    start = time.perf_counter()
    done = 0
    while done < n:
        chunk = []
        for _ in range(min(BATCH, n - done)):
            name = rng.choice(names)
            frame = frames[rng.randrange(len(frames))]
            mutated = kinds[name](frame[:-1])
            made[name] += 1
            if mutated == frame[:-1]:
                unchanged += 1
            chunk.append(mutated)
        done += len(chunk)
        stream = b"\x00".join(chunk) + b"\x00"
        try:
            got = decoder.feed(stream)
        except Exception:  # a crash is exactly what we count
            crashes += 1
            decoder = FrameDecoder()
            continue
        for payload in got:
            accepted += 1
            if payload not in genuine:
                corrupt += 1
            try:
                parse_message(payload)
            except ProtocolError as error:
                parse_errors[error.kind] += 1
            except Exception:
                crashes += 1
    fuzz_seconds = time.perf_counter() - start

    clean = FrameDecoder()
    start = time.perf_counter()
    decoded = 0
    for i in range(0, n, BATCH):
        stream = b"".join(frames[(i + k) % len(frames)] for k in range(min(BATCH, n - i)))
        for payload in clean.feed(stream):
            parse_message(payload)
            decoded += 1
    clean_seconds = time.perf_counter() - start
    reached_crc = decoder.errors["crc"] + accepted
    return {
        "frames": done,
        "by mutation": dict(made),
        "unchanged by mutation": unchanged,
        "refused": dict(decoder.errors),
        "accepted": accepted,
        "corrupt accepted": corrupt,
        "crashes": crashes,
        "parse errors on accepted": dict(parse_errors),
        "reached the CRC check": reached_crc,
        "expected slips with CRC-16": round(reached_crc / 65536, 1),
        "expected slips with CRC-32": f"{reached_crc / 2**32:.1e}",
        "fuzz frames/s": round(done / fuzz_seconds),
        "clean frames/s": round(decoded / clean_seconds),
        "fuzz/clean time ratio": round(fuzz_seconds / clean_seconds, 2),
        "clean decoded": decoded,
    }


def fuzz_board(n: int, rng: random.Random) -> dict[str, object]:
    commands = [encode_json({"v": 1, "t": t}) for t in ("hello", "state")] + [
        encode_json({"v": 1, "t": "resend", "from": k}) for k in range(1, 500)
    ]
    genuine = set(commands)
    frames = [board_framing.encode_frame(p) for p in commands]
    kinds = mutators(rng, frames)
    names = list(kinds)
    reader = board_framing.FrameReader()
    corrupt = crashes = accepted = 0
    start = time.perf_counter()
    for _ in range(n // 100):
        chunk = [kinds[rng.choice(names)](rng.choice(frames)[:-1]) for _ in range(100)]
        try:
            got = reader.feed(b"\x00".join(chunk) + b"\x00")
        except Exception:
            crashes += 1
            reader = board_framing.FrameReader()
            continue
        accepted += len(got)
        corrupt += sum(p not in genuine for p in got)
    seconds = time.perf_counter() - start
    return {
        "frames": n,
        "accepted": accepted,
        "refused": reader.bad_frames,
        "corrupt accepted": corrupt,
        "crashes": crashes,
        "frames/s": round(n / seconds),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} "
        f"Python {platform.python_version()}, seed {args.seed}"
    )
    companion = fuzz_companion(args.frames, rng)
    print("companion decoder:")
    for key, value in companion.items():
        print(f"  {key}: {value}")
    board = fuzz_board(args.frames // 10, rng)
    print("board decoder (firmware framing under CPython):")
    for key, value in board.items():
        print(f"  {key}: {value}")
    ok = companion["corrupt accepted"] == 0 and companion["crashes"] == 0
    ok = ok and board["corrupt accepted"] == 0 and board["crashes"] == 0
    print("RESULT:", "no crash, no corrupt frame accepted" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
