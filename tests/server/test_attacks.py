"""A hostile guest on the Wi-Fi, against the real server over loopback (issue 14).

Each test is one attack from the review, made with raw sockets or http.client
against a real uvicorn server on 127.0.0.1 (other 127.x.y.z source addresses
stand for other machines), bounded in count and time: every socket has a
timeout of a few seconds, so a server that never answers fails the test rather
than hanging it.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from companion.games.amritsar.session import TableSession
from companion.server import start_server
from companion.server.doorman import LINGER_BYTES, LINGER_SECONDS, Doorman
from companion.server.guard import WriteLimit
from companion.server.run import RunningServer
from companion.store import EventStore
from tests.server.games import PIN, new_table

WAIT = 3.0  # seconds any single answer may take before the test fails


@pytest.fixture
def table() -> TableSession:
    return new_table()


def serve(session: TableSession, doorman: Doorman | None = None) -> Iterator[RunningServer]:
    server = start_server(session, doorman=doorman)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(table: TableSession) -> Iterator[RunningServer]:
    yield from serve(table)


def port_of(server: RunningServer) -> int:
    return int(server.url.rsplit(":", 1)[1])


def request(
    server: RunningServer,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: Any = None,
    source: str = "127.0.0.1",
) -> tuple[int, dict[str, Any], dict[str, str]]:
    """One request from ``source``; (status, JSON body, headers)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", port_of(server), timeout=WAIT, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body)
        sent = {"Content-Type": "application/json", **(headers or {})}
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        text = response.read()
        return response.status, json.loads(text or b"{}"), dict(response.getheaders())
    finally:
        conn.close()


def raw(server: RunningServer, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port_of(server)), WAIT, (source, 0))
    sock.settimeout(WAIT)
    return sock


def answer_of(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes (b"" when it closes without a word)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def ws_url(server: RunningServer) -> str:
    return server.url.replace("http://", "ws://") + "/ws"


# -- item 4: bodies are bounded before they are read -----------------------------------


def test_a_huge_declared_body_is_refused_before_it_is_read(server: RunningServer) -> None:
    sock = raw(server)
    head = (
        "POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 200000000\r\n\r\n"
    )
    sock.sendall(head.encode() + b"x" * 4096)  # a little of the 200 MB, then nothing
    answer = answer_of(sock)  # the server answers and closes without waiting for the rest
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
    assert b'"too_large"' in answer and b"KiB" in answer


def test_a_body_without_a_length_is_read_only_up_to_the_limit(server: RunningServer) -> None:
    sock = raw(server)
    sock.sendall(
        b"POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"a" * 8192
    for _ in range(2):  # 16 KiB: the limit
        sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    # 16 bytes more, and the body never ends. Nothing is sent after the byte that
    # crosses the limit: bytes the server never reads would make its close a
    # reset, which can discard the 413 before this side reads it.
    sock.sendall(b"10\r\n" + b"a" * 16)
    answer = answer_of(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]


def _whole_answer(sock: socket.socket) -> bytes:
    """One HTTP answer, read up to the end of its body (the socket stays open)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: (\d+)", head.lower()).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def test_a_phone_still_sending_its_oversized_body_reads_the_413_and_a_clean_end(
    server: RunningServer,
) -> None:
    """A phone's browser sends the whole body before it reads the answer. A
    server that closes with the body unread makes the kernel answer the rest
    with a TCP reset, and a phone's stack may then throw the 413 away unread.
    The server must linger instead: stop writing, read and discard what still
    comes (bounded), and end with an orderly close."""
    sock = raw(server)
    head = (
        "POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 4000000\r\n\r\n"
    )
    sock.sendall(head.encode() + b"x" * 65536)
    answer = _whole_answer(sock)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
    time.sleep(0.3)  # the server has closed by now, or is lingering
    chunk = b"x" * 16384
    for _ in range(16):  # 256 KiB more of the body, as the phone goes on sending
        sock.sendall(chunk)  # a reset from the server fails this with EPIPE/ECONNRESET
    assert sock.recv(65536) == b""  # then an orderly end, not a reset
    sock.close()
    deadline = time.monotonic() + LINGER_SECONDS + WAIT
    while server.doorman.entries and time.monotonic() < deadline:
        time.sleep(0.05)
        server.doorman.sockets()
    assert not server.doorman.entries  # the lingering is bounded


def test_a_lingering_close_reads_only_a_bounded_amount(server: RunningServer) -> None:
    """A client that never stops sending is cut off after LINGER_BYTES."""
    sock = raw(server)
    head = (
        "POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 400000000\r\n\r\n"
    )
    sock.sendall(head.encode())
    assert _whole_answer(sock).startswith(b"HTTP/1.1 413")
    sent = 0
    with pytest.raises(OSError):
        while sent < 40 * LINGER_BYTES:
            sock.sendall(b"x" * 65536)
            sent += 65536
    sock.close()
    assert sent < 10 * LINGER_BYTES  # cut off soon after the bound (plus socket buffers)


# -- item 5: connections are bounded and timed out ------------------------------------------


def test_idle_and_half_sent_connections_are_closed(table: TableSession) -> None:
    for server in serve(table, Doorman(request_timeout=0.5)):
        idle = raw(server)
        half_head = raw(server)
        half_head.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        half_body = raw(server)
        half_body.sendall(
            b"POST /api/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"
        )
        started = time.monotonic()
        for sock in (idle, half_head, half_body):
            assert answer_of(sock) == b""  # closed by the server, before the socket's timeout
            sock.close()
        assert time.monotonic() - started < 2.0
        assert server.doorman.timed_out == 3
        # A connection that asks properly is answered, and its next request gets its own time.
        sock = raw(server)
        for _ in range(2):
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while not answer.endswith(b"}"):
                answer += sock.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200")
            time.sleep(0.3)
        sock.close()


def test_phones_are_served_while_an_attacker_holds_sockets(table: TableSession) -> None:
    for server in serve(table, Doorman(total=40, per_address=10, request_timeout=30)):
        # A player's phone is live before the attack.
        with connect(ws_url(server), open_timeout=WAIT) as phone:
            phone.send(json.dumps({"type": "hello", "token": table.seats[0].token}))
            assert json.loads(phone.recv(WAIT))["type"] == "welcome"
            phone.recv(WAIT)  # its first view
            # 6 machines open 12 sockets each and never send a byte; some send half a request.
            held = []
            for machine in range(2, 8):
                for n in range(12):
                    sock = socket.socket()
                    sock.bind((f"127.0.0.{machine}", 0))
                    sock.settimeout(WAIT)
                    try:
                        sock.connect(("127.0.0.1", port_of(server)))
                        if n % 2:
                            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    except OSError:
                        pass
                    held.append(sock)
            # Over 10 from one address: closed at once (as soon as the server's
            # thread accepts them: polled, not a fixed sleep, for a loaded machine).
            deadline = time.monotonic() + WAIT
            while server.doorman.refused < 12 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert server.doorman.refused >= 12
            assert len(server.doorman.entries) <= 40
            # Another phone still gets the page and a live view; the first one still pings.
            status, health, _ = request(server, "GET", "/api/health", source="127.0.0.9")
            assert status == 200 and health["ok"]
            with connect(ws_url(server), open_timeout=WAIT) as spectator:
                spectator.send(json.dumps({"type": "hello"}))
                assert json.loads(spectator.recv(WAIT))["type"] == "welcome"
            phone.send('{"type": "ping"}')
            assert json.loads(phone.recv(WAIT))["type"] in ("pong", "view")
            assert server.doorman.evicted >= 2  # the oldest idle sockets made room
            for sock in held:
                sock.close()


def test_every_socket_sends_without_delay(server: RunningServer) -> None:
    """TCP_NODELAY: without it each update waits ~40 ms for the phone's delayed ACK."""
    with connect(ws_url(server), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello"}))
        ws.recv(WAIT)
        sockets = server.doorman.sockets()
        assert sockets
        for sock in sockets:
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1


def test_a_restart_keeps_a_joined_seat_s_code_hidden(tmp_path: Path) -> None:
    """The joined mark is in the log: after the companion restarts (a power
    cut), the table screen does not show a joined seat's QR code again, until
    the table issues a new link, which a second restart also remembers."""
    from companion.games.amritsar.resume import open_session

    log = tmp_path / "game.sqlite"
    session = open_session(log, ["Ana", "Ben", "Cy"], seed=5)
    pin = {"X-Table-Pin": session.pin}
    for server in serve(session):
        with connect(ws_url(server), open_timeout=WAIT) as phone:
            phone.send(json.dumps({"type": "hello", "token": session.seats[0].token}))
            assert json.loads(phone.recv(WAIT))["seat"] == 0
        request(server, "GET", "/api/view", headers={"X-Seat-Token": session.seats[0].token})
    session.store.close()  # type: ignore[union-attr]
    resumed = open_session(log, ["Ana", "Ben", "Cy"])
    assert resumed.resumed
    for server in serve(resumed):
        _, seats, _ = request(server, "GET", "/api/table/seats", headers=pin)
        assert seats[0]["joined"] and seats[0]["qr"] is None and seats[0]["url"] is None  # type: ignore[index]
        assert not seats[1]["joined"] and seats[1]["qr"]  # type: ignore[index]
        status, fresh, _ = request(
            server, "POST", "/api/table/seats/0", headers=pin, body={"new_link": True}
        )
        assert status == 200 and fresh["qr"] and not fresh["joined"]
    resumed.store.close()  # type: ignore[union-attr]
    again = open_session(log, ["Ana", "Ben", "Cy"])
    for server in serve(again):
        _, seats, _ = request(server, "GET", "/api/table/seats", headers=pin)
        assert not seats[0]["joined"] and seats[0]["qr"]  # type: ignore[index]
    again.store.close()  # type: ignore[union-attr]
    rows = [e.kind for e in EventStore(log).entries()]
    assert rows.count("joined") == 1  # one row per seat and link, however often the phone asks


# -- item 2: the table PIN cannot be guessed ---------------------------------------------------


def test_the_pin_has_six_digits() -> None:
    pins = {TableSession.new(["A", "B"]).pin for _ in range(20)}
    assert all(re.fullmatch(r"[0-9]{6}", pin) for pin in pins)
    assert len(pins) > 15


def test_guesses_spread_over_many_addresses_are_stopped(
    server: RunningServer, table: TableSession
) -> None:
    statuses = []
    for n in range(25):  # one guess from each of 25 machines: never 5 from one
        status, _, _ = request(
            server,
            "POST",
            "/api/table/check-pin",
            headers={"X-Table-Pin": f"{n:06d}"},
            source=f"127.0.1.{n + 1}",
        )
        statuses.append(status)
    assert statuses[:19] == [403] * 19
    assert set(statuses[20:]) == {429}  # the table locked after 20 wrong PINs in all
    # The table screen shows why.
    codes = [a.code for a in table.alerts]
    assert "pin_guessing" in codes and "pin_locked_table" in codes
    alert = next(a for a in table.alerts if a.code == "pin_guessing")
    assert "Wi-Fi" in alert.en and "wifi" in alert.es
    _, view, _ = request(server, "GET", "/api/view")
    assert "pin_guessing" in {a["code"] for a in view["alerts"]}


def test_requests_without_a_pin_never_lock_the_table_out(server: RunningServer) -> None:
    """A page on another site can make a browser POST here, but not add the PIN header."""
    for _ in range(12):
        status, body, _ = request(server, "POST", "/api/table/end", body={"state_id": 0})
        assert status == 403 and body["code"] == "pin_missing"
    status, body, _ = request(server, "POST", "/api/table/check-pin", headers={"X-Table-Pin": PIN})
    assert status == 200 and body["ok"]


# -- item 3: a seat's code is hidden once it has joined -----------------------------------


def test_a_joined_seat_shows_no_code_until_the_table_issues_a_new_link(
    server: RunningServer, table: TableSession
) -> None:
    pin = {"X-Table-Pin": PIN}
    old = table.seats[0].token
    _, seats, _ = request(server, "GET", "/api/table/seats", headers=pin)
    assert all(s["url"] and s["qr"] and not s["joined"] for s in seats)  # type: ignore[index]
    with connect(ws_url(server), open_timeout=WAIT) as phone:
        phone.send(json.dumps({"type": "hello", "token": old}))
        assert json.loads(phone.recv(WAIT))["seat"] == 0
    conn = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=WAIT)
    conn.request("GET", "/api/table/seats", headers=pin)
    text = conn.getresponse().read().decode()
    conn.close()
    seats = json.loads(text)
    assert seats[0]["joined"] and seats[0]["url"] is None and seats[0]["qr"] is None
    assert old not in text  # nothing on the screen lets a second phone into seat 0
    assert seats[1]["url"] and not seats[1]["joined"]
    # A rename answers without the link too.
    status, renamed, _ = request(
        server, "POST", "/api/table/seats/0", headers=pin, body={"name": "Ana María"}
    )
    assert status == 200 and renamed["url"] is None and old not in json.dumps(renamed)
    # A lost phone: only the PIN shows a code again, and it is a new one.
    status, _, _ = request(server, "POST", "/api/table/seats/0", body={"new_link": True})
    assert status == 403
    status, fresh, _ = request(
        server, "POST", "/api/table/seats/0", headers=pin, body={"new_link": True}
    )
    assert status == 200 and fresh["qr"] and not fresh["joined"]
    assert fresh["url"].endswith(f"#token={table.seats[0].token}") and old not in fresh["url"]
    assert request(server, "GET", "/api/view", headers={"X-Seat-Token": old})[0] == 401


# -- item 10: odd bytes in credentials -------------------------------------------------------------


def test_non_ascii_credentials_are_refused_not_a_server_error(server: RunningServer) -> None:
    for token in ("é" * 22, "ñandú"):
        status, body, _ = request(server, "GET", "/api/view", headers={"X-Seat-Token": token})
        assert status == 401 and body["code"] == "bad_token"
    sock = raw(server)  # http.client refuses non-latin-1 headers: send UTF-8 bytes by hand
    sock.sendall(
        b"POST /api/table/check-pin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
        + "X-Table-Pin: ४८२१\r\nConnection: close\r\n\r\n".encode()
    )
    answer = answer_of(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 403") and b'"bad_pin"' in answer
    for token in ("ñandú", "\ud800"):  # a lone surrogate arrives from JSON "\\ud800"
        with connect(ws_url(server), open_timeout=WAIT) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            error = json.loads(ws.recv(WAIT))
            assert error["code"] == "bad_token"
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(WAIT)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_a_message_nested_too_deep_is_an_error_not_a_crash(server: RunningServer) -> None:
    """JSON nested 20,000 deep makes Python's parser give up (RecursionError)."""
    deep = "[" * 20000
    with connect(ws_url(server), open_timeout=WAIT) as ws:
        ws.send(deep)  # as the hello: refused with its close code
        assert json.loads(ws.recv(WAIT))["code"] == "bad_hello"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    with connect(ws_url(server), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello"}))
        ws.recv(WAIT)
        ws.send(deep)  # later: answered, and the connection carries on
        replies = [json.loads(ws.recv(WAIT)) for _ in range(2)]
        assert "unknown_message" in {r.get("code") for r in replies}
        ws.send('{"type": "ping"}')
        assert any(json.loads(ws.recv(WAIT))["type"] == "pong" for _ in range(2))


def test_a_websocket_flood_is_closed_with_its_code(server: RunningServer) -> None:
    """200 pings sent at once, without waiting for answers (however slow the
    machine, that is far over 5 a second): answered ``too_fast``, then closed
    with 4429, long before all 200 are answered."""
    with connect(ws_url(server), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello"}))
        ws.recv(WAIT)  # welcome
        codes = []
        with contextlib.suppress(ConnectionClosed):  # closed while still sending
            for _ in range(200):
                ws.send('{"type": "ping"}')
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(400):  # what came before the close, then the close
                codes.append(json.loads(ws.recv(30)).get("code"))
        assert "too_fast" in codes and len(codes) < 60
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429


# -- item 11: Host, Origin, join links, how fast a phone may write ------------------------------------


def test_a_foreign_host_name_is_refused(server: RunningServer) -> None:
    """DNS rebinding: a page of evil.example whose name points at the table."""
    status, body, _ = request(server, "GET", "/api/view", headers={"Host": "evil.example"})
    assert status == 400 and body["code"] == "bad_host"
    assert request(server, "GET", "/api/view", headers={"Host": "localhost"})[0] == 200


def test_a_page_of_another_site_cannot_use_the_websocket_or_send_commands(
    server: RunningServer,
) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(server), open_timeout=WAIT, origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    own = server.url
    with connect(ws_url(server), open_timeout=WAIT, origin=own) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(WAIT))["type"] == "welcome"
    status, body, _ = request(
        server,
        "POST",
        "/api/table/check-pin",
        headers={"X-Table-Pin": PIN, "Origin": "http://evil.example"},
    )
    assert status == 403 and body["code"] == "cross_site"


def test_join_links_never_come_from_the_host_header(server: RunningServer) -> None:
    status, seats, _ = request(
        server, "GET", "/api/table/seats", headers={"X-Table-Pin": PIN, "Host": "10.9.9.9:1"}
    )
    assert status == 200
    assert all(s["url"].startswith(server.url + "/play#token=") for s in seats)  # type: ignore[union-attr]


def test_a_name_the_router_gives_is_accepted_with_public_url(tmp_path: Path) -> None:
    """``companion run --public-url http://mesa.lan:PORT``: the Host check
    accepts that name, the join links use it, and any other name is still
    refused (the real command, in its own process)."""
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "game.sqlite"
    command = [sys.executable, "-m", "companion", "run", "--players", "Ana,Ben",
               "--camera", "none", "--serial", "none", "--log", str(log), "--host",
               "127.0.0.1", "--port", str(port), "--public-url", f"http://Mesa.lan:{port}/"]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
                conn.request("GET", "/api/health", headers={"Host": f"mesa.lan:{port}"})
                status = conn.getresponse().status
                conn.close()
                break
            except OSError:
                assert time.monotonic() < deadline, "companion run did not serve"
                time.sleep(0.2)
        assert status == 200
        pin = next(EventStore(log).entries()).payload["pin"]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        conn.request("GET", "/api/table/seats", headers={"Host": f"mesa.lan:{port}",
                                                         "X-Table-Pin": pin})  # fmt: skip
        seats = json.loads(conn.getresponse().read())
        conn.request("GET", "/api/health", headers={"Host": "evil.example"})
        refused = conn.getresponse()
        refused.read()
        conn.close()
        assert all(s["url"].startswith(f"http://mesa.lan:{port}/play#token=") for s in seats)
        assert refused.status == 400
    finally:
        process.terminate()
        output = process.communicate(timeout=20)[0]
    assert f"Phones join at http://mesa.lan:{port}" in output


def test_a_phone_cannot_flood_the_log_with_refused_answers(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "game.sqlite")
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5, pin=PIN, store=store)
    before = store.count()
    # Ana decides now; "pass" is refused by the rules, after it is written to the log.
    token = {"X-Seat-Token": session.seats[0].token, "Content-Type": "application/json"}
    limit = WriteLimit()  # the server's bucket: 10 at once, then 2 a second
    for server in serve(session):
        conn = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=WAIT)
        statuses = []
        began = time.monotonic()
        for _ in range(60):
            body = json.dumps({"action": "pass", "state_id": session.state_id})
            conn.request("POST", "/api/answer", body=body, headers=token)
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
        elapsed = time.monotonic() - began
        conn.close()
        # What the bucket allows in the time the burst took (on a loaded
        # machine 60 requests take seconds, and the bucket refills meanwhile).
        allowed = limit.burst + int(limit.rate * elapsed) + 1
        assert statuses[:10] == [409] * 10
        assert 60 - statuses.count(429) <= allowed
        assert statuses.count(429) >= 60 - allowed
    written = store.count() - before
    store.close()
    assert written <= allowed + 2, (
        f"{written} rows written by one phone in a burst of {elapsed:.1f} s"
    )
