"""WebSocket compression done once per distinct message, not once per phone.

Why: a state change reaches every phone with a whole view (16-35 KB of JSON for
Amritsar), and uvicorn's permessage-deflate compressed it again for every
socket (0.41 ms of CPU a 20 KB view here): with 20 phones the sends of one
change took 31 ms at load 4.6 (``bench/web_apart.py``), while the 16
spectators all get the same public view. Each socket kept its own compressor with "context takeover" (a
message may point back into the ones before it on that socket), so the same
text gave different bytes on every socket and nothing could be shared.

What: the server asks for ``server_no_context_takeover`` (RFC 7692, 7.1.1.1):
every message it sends is compressed on its own, so the same text with the same
settings gives the same bytes whichever socket it goes to. ``SharedDeflate``
keeps the last few compressed messages by their exact uncompressed bytes and
gives a socket that sends the same text the bytes already made. A socket only
ever gets the compression of the text it was itself given: the cache is looked
up by the whole text, so it cannot hand a player's view to anyone else. A
connection no longer holds a compressor between messages either, so the one made
for a message may be a faster and larger one than uvicorn's (kept by every
socket, it used a 4 KB window and little memory): level 3 with a 32 KB window
compresses an Amritsar view in half the time of uvicorn's settings (0.21 against
0.41 ms here) to 3.5 % more bytes (``bench/RESULTS.md``).

``SharedDeflateProtocol`` is uvicorn's WebSocket protocol (``ws="auto"`` picks
the same class) with this extension in place of uvicorn's own: it replaces the
protocol's ``conn`` (uvicorn 0.54, pinned in pyproject.toml and tested in
``tests/server/test_shared_deflate.py``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

#: The server's compressor, made for each message (so not kept per socket).
SERVER_WINDOW_BITS = 15
COMPRESS_SETTINGS: dict[str, Any] = {"level": 3, "memLevel": 8}
#: The phones' compressor, as uvicorn asks (a phone sends only pings).
CLIENT_WINDOW_BITS = 12
#: Messages kept: a change gives one view per seat and one for all spectators.
KEPT = 16
#: Smaller messages (a pong, an error) are compressed each time: not worth keeping.
SMALLEST_KEPT = 1024
#: Nor larger ones: what is kept stays under ``KEPT`` x 256 KiB (views are 16-35 KB).
LARGEST_KEPT = 256 * 1024


class CompressedMessages:
    """The last ``KEPT`` compressed texts by their exact uncompressed bytes (any thread)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._made: OrderedDict[tuple[int, bytes], bytes] = OrderedDict()
        #: Messages compressed (each distinct text once while it is kept).
        self.compressed = 0
        #: Sends that reused a message already compressed.
        self.reused = 0

    def get(self, key: tuple[int, bytes]) -> bytes | None:
        with self._lock:
            made = self._made.get(key)
            if made is not None:
                self._made.move_to_end(key)
                self.reused += 1
            return made

    def put(self, key: tuple[int, bytes], made: bytes) -> None:
        with self._lock:
            self.compressed += 1
            self._made[key] = made
            while len(self._made) > self.kept:
                self._made.popitem(last=False)


#: Shared by every connection of the process (each server's loop runs in one thread).
MESSAGES = CompressedMessages()


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate that reuses a message's compressed bytes across sockets.

    Only for whole text messages sent without context takeover (each one
    compressed alone, so the bytes depend on the text and the settings only)."""

    def encode(self, frame: Frame) -> Frame:
        data = frame.data
        if (
            not self.local_no_context_takeover
            or frame.opcode is not Opcode.TEXT
            or not frame.fin
            or not isinstance(data, bytes)
            or not SMALLEST_KEPT <= len(data) <= LARGEST_KEPT
            or self.compress_settings != COMPRESS_SETTINGS
        ):
            return super().encode(frame)
        key = (self.local_max_window_bits, data)
        made = MESSAGES.get(key)
        if made is None:
            made = bytes(super().encode(frame).data)
            MESSAGES.put(key, made)
        return Frame(Opcode.TEXT, made, True, True, frame.rsv2, frame.rsv3)


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as uvicorn does, plus ``server_no_context_takeover``,
    and gives each connection a ``SharedDeflate``."""

    def __init__(self) -> None:
        super().__init__(
            server_no_context_takeover=True,
            server_max_window_bits=SERVER_WINDOW_BITS,
            client_max_window_bits=CLIENT_WINDOW_BITS,
            compress_settings=dict(COMPRESS_SETTINGS),
        )

    def process_request_params(
        self,
        params: Sequence[ExtensionParameter],
        accepted_extensions: Sequence[Extension],
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, plain = super().process_request_params(params, accepted_extensions)
        shared = SharedDeflate(
            plain.remote_no_context_takeover,
            plain.local_no_context_takeover,
            plain.remote_max_window_bits,
            plain.local_max_window_bits,
            plain.compress_settings,
        )
        return response, shared


class SharedDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, compressing with ``SharedDeflateFactory``."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[SharedDeflateFactory()],
                max_size=config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
