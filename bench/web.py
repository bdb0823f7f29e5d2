"""How long a state change takes to reach 20 connected phones (goal: p95 <= 150 ms).

A real uvicorn server in a thread serves a 4-player game; 20 WebSocket clients
(the 4 players and 16 spectators) connect from an asyncio loop in the main
thread. Each round applies one seeded random legal move through the session
(as the reconciler does) and waits until every client has the new view; the
latency of each client is the time from the change to its view arriving.

Baseline in the same run: the round trip of a ping/pong over the same 20
sockets at once (the transport without rendering), so the ratio says what
rendering and fanning out the views add. Client and server share one process
(and the GIL), which makes the figures pessimistic.

Run: .venv/bin/python bench/web.py [--clients 20] [--changes 200]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import asyncio
import json
import platform
import random
import statistics
import time

from websockets.asyncio.client import ClientConnection, connect

from companion.server import start_server
from companion.session import TableSession
from engine.amritsar import legal_actions


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def until_view(ws: ClientConnection, state_id: int) -> float:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "view" and message["view"]["state_id"] >= state_id:
            return time.perf_counter()


async def until_pong(ws: ClientConnection) -> float:
    while True:
        if json.loads(await ws.recv())["type"] == "pong":
            return time.perf_counter()


async def run(clients: int, changes: int) -> dict[str, float]:
    session = TableSession.new(["Ana", "Ben", "Cy", "Dee"], seed=5)
    server = start_server(session)
    url = server.url.replace("http://", "ws://") + "/ws"
    sockets: list[ClientConnection] = []
    try:
        for i in range(clients):
            ws = await connect(url, max_size=2**22)
            token = session.seats[i].token if i < 4 else None
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sockets.append(ws)
        await asyncio.gather(*(until_view(ws, session.state_id) for ws in sockets))
        rng = random.Random(1)
        updates: list[float] = []
        pings: list[float] = []
        for _ in range(changes):
            if session.state.finished:
                break
            action = rng.choice(legal_actions(session.state))
            started = time.perf_counter()
            outcome = session.apply_actions([action], "bench")
            arrived = await asyncio.gather(*(until_view(ws, outcome.state_id) for ws in sockets))
            updates += [(t - started) * 1000 for t in arrived]
            started = time.perf_counter()
            for ws in sockets:
                await ws.send('{"type":"ping"}')
            arrived = await asyncio.gather(*(until_pong(ws) for ws in sockets))
            pings += [(t - started) * 1000 for t in arrived]
        view_bytes = len(json.dumps(session.seat_view(None)))
    finally:
        for ws in sockets:
            await ws.close()
        server.stop()
    return {
        "changes": len(updates) / clients,
        "update_p50_ms": statistics.median(updates),
        "update_p95_ms": percentile(updates, 95),
        "update_max_ms": max(updates),
        "ping_p50_ms": statistics.median(pings),
        "ping_p95_ms": percentile(pings, 95),
        "view_bytes": view_bytes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--changes", type=int, default=200)
    args = parser.parse_args()
    figures = asyncio.run(run(args.clients, args.changes))
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}"
    )
    print(f"clients: {args.clients} (4 players, {args.clients - 4} spectators)")
    print(f"changes: {figures['changes']:.0f} moves of a 4-player game")
    print(f"view size at the end: {figures['view_bytes'] / 1024:.1f} KiB")
    print(
        "state change -> view at every client: "
        f"p50 {figures['update_p50_ms']:.1f} ms, p95 {figures['update_p95_ms']:.1f} ms, "
        f"max {figures['update_max_ms']:.1f} ms (goal p95 <= 150 ms)"
    )
    print(
        "baseline ping -> pong on the same sockets: "
        f"p50 {figures['ping_p50_ms']:.1f} ms, p95 {figures['ping_p95_ms']:.1f} ms"
    )
    print(f"ratio update p95 / ping p95: {figures['update_p95_ms'] / figures['ping_p95_ms']:.1f}")
    verdict = "met" if figures["update_p95_ms"] <= 150 else "NOT met"
    print(f"goal {verdict}")


if __name__ == "__main__":
    main()
