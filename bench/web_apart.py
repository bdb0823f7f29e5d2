"""A state change to 20 phones with the phones in another process (goal: p95 <= 20 ms).

``bench/web.py`` runs its WebSocket clients in the server's own process, so
the clients' JSON parsing competes with the server for one GIL and the figure
is pessimistic. Here the companion's process is as at the table: the uvicorn
server in a thread, the change applied from the main thread (as the camera
loop applies a reading through the session), and the 20 phones (4 players,
16 spectators) live in a separate process with their own event loop.

Each round: the main process applies one seeded random legal move of a
4-player game through ``TableSession.apply_actions`` and tells the clients'
process which ``state_id`` to wait for; that process waits until every socket
has received that view and sends back the arrival times. Both processes read
``time.perf_counter`` (CLOCK_MONOTONIC on Linux, one clock for the machine),
so a latency is the arrival time in the clients' process minus the time the
change started in the server's. A message's arrival is when the client library
hands it over (framed and, with compression, inflated). The 20 clients share
one event loop, so a later socket's arrival also waits for the work done on the
sockets read before it (at the table each phone has its own CPU): to keep the
bench's own share of that small, a view's ``state_id`` is read from the head of
its text (the hub sends ``{"type":"view","view":{"state_id":n,...``), not by
parsing its 16-35 KB of JSON; any other message is parsed whole.

Compression: the clients offer permessage-deflate as browsers do (the
``websockets`` client's default); ``--no-compression`` offers nothing, so the
server sends plain text. The server's line "compressed" counts the messages it
compressed against those it sent compressed (``companion.server.shared_deflate``:
one compression per distinct view, shared by the sockets that get it).

Baseline in the same run: a ping -> pong round trip on the same 20 sockets,
timed inside the clients' process (the transport and the hub's reply, no
rendering). Where a change's time goes without sockets (the move, then the
views): ``bench/web.py --render``; ``--clients 1`` here gives the floor of
one phone.

Run: nice .venv/bin/python bench/web_apart.py [--clients 20] [--changes 200] [--no-compression]
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
import multiprocessing
import os
import platform
import random
import re
import statistics
import time
from multiprocessing.connection import Connection

MESSAGE_GAP = 0.25  # seconds between rounds: under the hub's 5 messages a second a client
VIEW_HEAD = re.compile(r'\{"type":"view","view":\{"state_id":(\d+),')


def view_state_id(text: str | bytes) -> int | None:
    """The ``state_id`` of a view message, or None for any other message."""
    if isinstance(text, bytes):
        text = text.decode()
    head = VIEW_HEAD.match(text)
    if head is not None:
        return int(head.group(1))
    message = json.loads(text)
    return int(message["view"]["state_id"]) if message["type"] == "view" else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


# -- the phones' process ------------------------------------------------------


def phones(url: str, tokens: list[str | None], pipe: Connection, compress: bool) -> None:
    """The clients' process: connect, then answer the main process's rounds."""
    asyncio.run(_phones(url, tokens, pipe, compress))


async def _phones(url: str, tokens: list[str | None], pipe: Connection, compress: bool) -> None:
    from websockets.asyncio.client import ClientConnection, connect

    async def until_view(ws: ClientConnection, state_id: int) -> float:
        while True:
            text = await ws.recv()
            arrived = time.perf_counter()
            got = view_state_id(text)
            if got is not None and got >= state_id:
                return arrived

    async def until_pong(ws: ClientConnection) -> float:
        while True:
            if json.loads(await ws.recv())["type"] == "pong":
                return time.perf_counter()

    loop = asyncio.get_running_loop()
    sockets: list[ClientConnection] = []
    try:
        first = pipe.recv()
        for i, token in enumerate(tokens):
            # Each phone from its own address, as at a table (the server caps per address).
            address = f"127.0.{1 + i // 250}.{1 + i % 250}"
            ws = await connect(
                url,
                max_size=2**22,
                local_addr=(address, 0),
                compression="deflate" if compress else None,
            )
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sockets.append(ws)
        await asyncio.gather(*(until_view(ws, first) for ws in sockets))
        pipe.send("ready")
        while True:
            order = await loop.run_in_executor(None, pipe.recv)
            if order is None:
                break
            arrived = await asyncio.gather(*(until_view(ws, order) for ws in sockets))
            started = time.perf_counter()
            for ws in sockets:
                await ws.send('{"type":"ping"}')
            pongs = await asyncio.gather(*(until_pong(ws) for ws in sockets))
            pipe.send((list(arrived), [(t - started) * 1000 for t in pongs]))
    finally:
        for ws in sockets:
            await ws.close()


# -- the companion's process ----------------------------------------------------


def spectators(updates: list[float], clients: int) -> list[float]:
    """The spectators' latencies (each round lists the 4 players' phones first); the
    players' when there are no spectators."""
    rounds = [updates[i : i + clients] for i in range(0, len(updates), clients)]
    return [t for r in rounds for t in r[4:]] or updates


def compressions() -> tuple[int, int]:
    """Messages the server compressed and compressed ones it reused (0, 0 before
    ``companion.server.shared_deflate``)."""
    try:
        from companion.server.shared_deflate import MESSAGES
    except ImportError:
        return 0, 0
    return MESSAGES.compressed, MESSAGES.reused


def run(clients: int, changes: int, compress: bool) -> dict[str, float]:
    from companion.games.amritsar.session import TableSession
    from companion.server import start_server
    from engine.amritsar import legal_actions

    session = TableSession.new(["Ana", "Ben", "Cy", "Dee"], seed=5)
    server = start_server(session)
    url = server.url.replace("http://", "ws://") + "/ws"
    tokens: list[str | None] = [session.seats[i].token if i < 4 else None for i in range(clients)]
    ours, theirs = multiprocessing.Pipe()
    child = multiprocessing.get_context("spawn").Process(
        target=phones, args=(url, tokens, theirs, compress), daemon=True
    )
    child.start()
    updates: list[float] = []
    seated: list[float] = []  # the players' phones' share of ``updates``
    pings: list[float] = []
    try:
        ours.send(session.state_id)
        if not ours.poll(120) or ours.recv() != "ready":
            raise RuntimeError("the phones' process did not connect")
        rng = random.Random(1)
        compressed, reused = compressions()
        for _ in range(changes):
            if session.state.finished:
                break
            time.sleep(MESSAGE_GAP)
            action = rng.choice(legal_actions(session.state))
            started = time.perf_counter()
            outcome = session.apply_actions([action], "bench")
            ours.send(outcome.state_id)
            if not ours.poll(60):
                raise RuntimeError("the phones' process stopped answering")
            arrived, pongs = ours.recv()
            updates += [(t - started) * 1000 for t in arrived]
            seated += [(t - started) * 1000 for t in arrived[:4]]
            pings += pongs
        now_compressed, now_reused = compressions()
        compressed, reused = now_compressed - compressed, now_reused - reused
    finally:
        ours.send(None)
        child.join(10)
        server.stop()
    return {
        "changes": len(updates) / clients,
        "update_p50_ms": statistics.median(updates),
        "update_p95_ms": percentile(updates, 95),
        "update_max_ms": max(updates),
        "players_p50_ms": statistics.median(seated),
        "players_p95_ms": percentile(seated, 95),
        "spectators_p50_ms": statistics.median(spectators(updates, clients)),
        "spectators_p95_ms": percentile(spectators(updates, clients), 95),
        "ping_p50_ms": statistics.median(pings),
        "ping_p95_ms": percentile(pings, 95),
        "compressed": compressed,
        "sent_compressed": compressed + reused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument(
        "--no-compression", action="store_true", help="clients offer no permessage-deflate"
    )
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} "
        f"{os.cpu_count()} cores, python {platform.python_version()}; {load()} at the start"
    )
    f = run(args.clients, args.changes, not args.no_compression)
    players = min(4, args.clients)
    print(
        f"clients: {args.clients} ({players} players, {args.clients - players} spectators) "
        "in another process; compression "
        + ("off" if args.no_compression else "offered (permessage-deflate)")
    )
    print(f"changes: {f['changes']:.0f} moves of a 4-player game; {load()} at the end")
    print(
        "state change -> view at every client: "
        f"p50 {f['update_p50_ms']:.1f} ms, p95 {f['update_p95_ms']:.1f} ms, "
        f"max {f['update_max_ms']:.1f} ms (goal p95 <= 20 ms: "
        f"{'met' if f['update_p95_ms'] <= 20 else 'NOT met'})"
    )
    print(
        f"players' phones: p50 {f['players_p50_ms']:.1f} ms, p95 {f['players_p95_ms']:.1f} ms; "
        f"spectators': p50 {f['spectators_p50_ms']:.1f} ms, p95 {f['spectators_p95_ms']:.1f} ms"
    )
    print(
        "baseline ping -> pong on the same sockets: "
        f"p50 {f['ping_p50_ms']:.1f} ms, p95 {f['ping_p95_ms']:.1f} ms; "
        f"ratio update p95 / ping p95: {f['update_p95_ms'] / f['ping_p95_ms']:.2f}"
    )
    if f["sent_compressed"]:
        print(
            f"server: compressed {f['compressed']:.0f} messages for "
            f"{f['sent_compressed']:.0f} compressed sends of views"
        )


if __name__ == "__main__":
    main()
