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

Every server socket must have TCP_NODELAY (checked and printed): without it
each update waits for the client's delayed ACK, ~40 ms, and the figure measures
that stall instead of the work. ``--stall`` runs the same rounds a second time
on a server with TCP_NODELAY turned off, as the comparison. Rounds are paced
to the hub's limit of 5 messages a second per client (``MESSAGE_RATE``): with
0.25 s between rounds the delayed-ACK timer has run out before each change, so
the one-client stall no longer shows in ``--stall``; it showed when rounds ran
back to back.

``--attacks`` measures instead what a hostile guest costs the server: its
resident memory (client and server share the process; the attackers' sockets
only stream bytes) before and after four 200 MB bodies posted to /api/answer
without a token, and while 1,100 connections are held open idle or
half-sent; and whether a phone is still served during the second attack.

Run: .venv/bin/python bench/web.py [--clients 20] [--changes 200] [--stall]
     .venv/bin/python bench/web.py --clients 304 --changes 60   (300 spectators)
     .venv/bin/python bench/web.py --attacks
     .venv/bin/python bench/web.py --render   (the move and the views alone, no sockets)
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
import socket
import statistics
import time

from websockets.asyncio.client import ClientConnection, connect

from companion.games.amritsar.session import TableSession
from companion.server import Doorman, start_server
from companion.server.hub import MESSAGE_RATE
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


def rss_mib() -> float:
    """This process's resident memory now."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def run(clients: int, changes: int, *, nodelay: bool = True) -> dict[str, float]:
    session = TableSession.new(["Ana", "Ben", "Cy", "Dee"], seed=5)
    server = start_server(session, doorman=Doorman(nodelay=nodelay))
    url = server.url.replace("http://", "ws://") + "/ws"
    sockets: list[ClientConnection] = []
    try:
        for i in range(clients):
            # Each phone from its own address, as at a table (the server caps per address).
            address = f"127.0.{1 + i // 250}.{1 + i % 250}"
            ws = await connect(url, max_size=2**22, local_addr=(address, 0))
            token = session.seats[i].token if i < 4 else None
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sockets.append(ws)
        await asyncio.gather(*(until_view(ws, session.state_id) for ws in sockets))
        delays = {
            s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for s in server.doorman.sockets()
        }
        rng = random.Random(1)
        updates: list[float] = []
        pings: list[float] = []
        next_round = 0.0
        for _ in range(changes):
            if session.state.finished:
                break
            # A client may ping MESSAGE_RATE times a second (the hub closes a
            # faster one with 4429): rounds are paced to stay under it.
            await asyncio.sleep(max(0.0, next_round - time.perf_counter()))
            next_round = time.perf_counter() + 1.25 / MESSAGE_RATE
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
        "nodelay": float(delays == {1}),
    }


def render_only(changes: int) -> None:
    """Where the time of a change goes, without sockets: the session's move,
    then the 5 views the hub renders (4 seats and one for every spectator)."""
    from companion.games.amritsar.payload import Payloads

    session = TableSession.new(["Ana", "Ben", "Cy", "Dee"], seed=5)
    payloads = Payloads(session)
    rng = random.Random(1)
    moves: list[float] = []
    renders: list[float] = []
    cpu: list[float] = []  # the views' CPU time: what a loaded machine does not inflate
    for _ in range(changes):
        if session.state.finished:
            break
        started = time.perf_counter()
        session.apply_actions([rng.choice(legal_actions(session.state))], "bench")
        moves.append((time.perf_counter() - started) * 1000)
        started, started_cpu = time.perf_counter(), time.process_time()
        for seat in (0, 1, 2, 3, None):
            payloads.view_json(seat)
        renders.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    for name, values in (
        ("apply one move", moves),
        ("render the 5 views", renders),
        ("render the 5 views, CPU time", cpu),
    ):
        print(
            f"{name}: p50 {statistics.median(values):.2f} ms, "
            f"p95 {percentile(values, 95):.2f} ms ({len(values)} changes)"
        )


def post_body(port: int, megabytes: int) -> str:
    """Stream a body of ``megabytes`` to /api/answer without a token; what the server said."""
    sock = socket.create_connection(("127.0.0.1", port), 10)
    head = (
        f"POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {megabytes * 2**20}\r\n\r\n"
    )
    chunk = b"x" * 2**20
    try:
        sock.sendall(head.encode())
        for _ in range(megabytes):
            sock.sendall(chunk)
    except OSError:
        pass  # the server refused and closed: the rest is never read
    try:
        answer = sock.recv(200).split(b"\r\n")[0].decode()
    except OSError:
        answer = "closed"
    sock.close()
    return answer or "closed"


def attacks(connections: int = 1100) -> None:
    session = TableSession.new(["Ana", "Ben", "Cy", "Dee"], seed=5)
    server = start_server(session)
    port = int(server.url.rsplit(":", 1)[1])
    try:
        start = rss_mib()
        answers = [post_body(port, 200) for _ in range(4)]
        after_bodies = rss_mib()
        print(
            f"4 x 200 MB posts, no token: answers {sorted(set(answers))}; "
            f"memory {start:.0f} -> {after_bodies:.0f} MiB"
        )
        held = []
        for n in range(connections):
            sock = socket.socket()
            sock.bind((f"127.0.{2 + n // 200}.{1 + n % 200}", 0))  # many machines
            sock.settimeout(5)
            try:
                sock.connect(("127.0.0.1", port))
                if n % 2:
                    sock.sendall(b"POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            except OSError:
                pass
            held.append(sock)
        time.sleep(0.5)
        started = time.perf_counter()
        phone = socket.create_connection(("127.0.0.1", port), 5)
        phone.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        reply = phone.recv(200).split(b"\r\n")[0].decode()
        took = (time.perf_counter() - started) * 1000
        phone.close()
        during = rss_mib()
        d = server.doorman
        print(
            f"{connections} idle/half-sent connections: server holds {len(d.entries)} "
            f"(cap {d.total}), refused {d.refused}, evicted {d.evicted}; "
            f"a phone's /api/health: {reply!r} in {took:.1f} ms; memory {during:.0f} MiB"
        )
        time.sleep(d.request_timeout + 1)
        d.sockets()
        print(
            f"after the {d.request_timeout:.0f} s request deadline: server holds {len(d.entries)}, "
            f"timed out {d.timed_out}"
        )
        for sock in held:
            sock.close()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--stall", action="store_true", help="also run without TCP_NODELAY")
    parser.add_argument("--attacks", action="store_true", help="memory under body/socket attacks")
    parser.add_argument(
        "--render", action="store_true", help="only the move and the views' rendering, no sockets"
    )
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}"
    )
    if args.attacks:
        attacks()
        return
    if args.render:
        render_only(args.changes)
        return
    figures = asyncio.run(run(args.clients, args.changes))
    print(f"TCP_NODELAY on every server socket: {'yes' if figures['nodelay'] else 'NO'}")
    players = min(4, args.clients)
    print(f"clients: {args.clients} ({players} players, {args.clients - players} spectators)")
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
    if args.stall:
        old = asyncio.run(run(args.clients, args.changes, nodelay=False))
        print(
            "same rounds without TCP_NODELAY (the old stall): "
            f"p50 {old['update_p50_ms']:.1f} ms, p95 {old['update_p95_ms']:.1f} ms; "
            f"ratio stall p95 / now p95: {old['update_p95_ms'] / figures['update_p95_ms']:.1f}"
        )


if __name__ == "__main__":
    main()
