"""One compression per distinct view: phones that get the same view share its bytes.

Served as ``companion run`` serves (``_uvicorn_config``: uvicorn with
``SharedDeflateProtocol``). The server compresses each message alone
(``server_no_context_takeover``), so the spectators of one change, who all get
the public view, are sent the bytes compressed once; each player still gets
only its own seat's view.
"""

from __future__ import annotations

import json
import zlib
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from companion.server import create_app, shared_deflate
from companion.server.shared_deflate import COMPRESS_SETTINGS, CompressedMessages, SharedDeflate
from tests.server.games import new_table
from tests.server.test_live import join, move, next_view, ws_url
from tests.server.test_slow_readers import served


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> CompressedMessages:
    """The process's compressed messages, empty for this test (another test's server
    may have compressed the same view: the same seed gives the same texts)."""
    fresh = CompressedMessages()
    monkeypatch.setattr(shared_deflate, "MESSAGES", fresh)
    return fresh


def _deflate() -> SharedDeflate:
    """A connection's extension as the server negotiates it (no context takeover)."""
    return SharedDeflate(False, True, 12, 15, dict(COMPRESS_SETTINGS))


def test_the_same_text_is_compressed_once_and_inflates_to_itself(kept: CompressedMessages) -> None:
    text = json.dumps({"type": "view", "cells": list(range(2000))}).encode()
    before = (kept.compressed, kept.reused)
    first = _deflate().encode(Frame(Opcode.TEXT, text))
    second = _deflate().encode(Frame(Opcode.TEXT, text))
    assert (kept.compressed - before[0], kept.reused - before[1]) == (1, 1)
    assert first.data == second.data and first.rsv1 and second.rsv1
    assert len(first.data) < len(text) / 2
    # What a phone does with it: inflate with the sync-flush tail put back.
    inflated = zlib.decompressobj(wbits=-15).decompress(bytes(first.data) + b"\x00\x00\xff\xff")
    assert inflated == text
    other = text.replace(b"view", b"wiev")
    assert _deflate().encode(Frame(Opcode.TEXT, other)).data != first.data
    assert kept.compressed - before[0] == 2


def test_a_socket_with_context_takeover_is_not_shared(kept: CompressedMessages) -> None:
    text = b'{"type":"view","x":"' + b"a" * 4000 + b'"}'
    before = kept.compressed
    plain = SharedDeflate(False, False, 12, 15, dict(COMPRESS_SETTINGS))
    plain.encode(Frame(Opcode.TEXT, text))
    assert kept.compressed == before
    assert isinstance(plain, PerMessageDeflate)


def test_a_message_too_small_or_too_large_to_keep_is_compressed_each_time(
    kept: CompressedMessages,
) -> None:
    small = b'{"type":"pong","state_id":1}'
    large = b'{"type":"view","x":"' + b"b" * shared_deflate.LARGEST_KEPT + b'"}'
    for text in (small, small, large, large):
        frame = _deflate().encode(Frame(Opcode.TEXT, text))
        inflated = zlib.decompressobj(wbits=-15).decompress(bytes(frame.data) + b"\x00\x00\xff\xff")
        assert inflated == text
    assert (kept.compressed, kept.reused) == (0, 0)


def test_only_the_last_few_messages_are_kept() -> None:
    two = CompressedMessages(kept=2)
    for n in range(3):
        two.put((12, bytes([n]) * 2000), b"made")
    assert two.get((12, bytes([0]) * 2000)) is None
    assert two.get((12, bytes([2]) * 2000)) == b"made"
    assert (two.compressed, two.reused) == (3, 1)


def test_spectators_of_a_change_share_one_compression_players_get_their_own(
    kept: CompressedMessages,
) -> None:
    session = new_table()  # three seats
    with served(create_app(session)) as (base, _doorman), ExitStack() as stack:
        players = [join(stack, base, session.seats[i].token) for i in range(3)]
        spectators = [join(stack, base, None) for _ in range(5)]
        for ws in players + spectators:
            next_view(ws, session.state_id)
            deflate = ws.protocol.extensions[0]
            assert isinstance(deflate, PerMessageDeflate)
            assert deflate.remote_no_context_takeover  # the server compresses each alone
        before = (kept.compressed, kept.reused)
        state_id = move(session)
        seen = [next_view(ws, state_id) for ws in players + spectators]
        compressed = kept.compressed - before[0]
        reused = kept.reused - before[1]
    assert [v["seat"] for v in seen] == [0, 1, 2] + [None] * 5
    # One compression per distinct view: three seats and the public one.
    assert compressed == 4
    assert reused >= 4  # the other four spectators
    assert len({json.dumps(v, sort_keys=True) for v in seen}) == 4


def test_a_phone_that_offers_no_compression_gets_plain_views() -> None:
    session = new_table()
    with (
        served(create_app(session)) as (base, _doorman),
        connect(ws_url(base), compression=None, open_timeout=5) as ws,
    ):
        ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        assert ws.protocol.extensions == []
        assert next_view(ws, session.state_id)["seat"] is None


OPEN_TWO = """() => {
    window.sockets = [0, 1].map(() => {
        const socket = {views: [], extensions: null};
        const ws = new WebSocket(location.origin.replace("http", "ws") + "/ws");
        ws.onopen = () => {
            socket.extensions = ws.extensions;
            ws.send(JSON.stringify({type: "hello", token: null}));
        };
        ws.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === "view") socket.views.push(message.view.state_id);
        };
        return socket;
    });
}"""

EVERY_SOCKET_HAS = "(id) => window.sockets.every(s => s.views.includes(id))"


def test_chromium_takes_the_shared_compression(page: Any, kept: CompressedMessages) -> None:
    """A real browser accepts the server's terms (no server context takeover, a 32 KB
    window) and inflates every view it is sent."""
    session = new_table()
    with served(create_app(session)) as (base, _doorman):
        page.goto(base + "/api/health")
        page.evaluate(OPEN_TWO)
        first = session.state_id
        page.wait_for_function(EVERY_SOCKET_HAS, arg=first, timeout=10_000)
        before = kept.compressed
        state_id = move(session)
        page.wait_for_function(EVERY_SOCKET_HAS, arg=state_id, timeout=10_000)
        sockets = page.evaluate("window.sockets")
    assert kept.compressed - before == 1  # one public view for both
    for socket in sockets:
        assert "permessage-deflate" in socket["extensions"]
        assert "server_no_context_takeover" in socket["extensions"]
