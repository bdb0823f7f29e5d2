"""The checks every request passes before the app sees it: Host, Origin, body size.

An ASGI middleware in front of the whole app (pages, REST and the WebSocket):

- **Host.** Only an address literal (``192.168.1.20:8000``, ``[::1]:8000``),
  ``localhost``, this machine's own names or the configured public address.
  A page on another site whose name was made to point at the table's address
  (DNS rebinding) sends its own name and is refused, so it cannot read the
  table's answers.
- **Origin.** A browser says which page a request comes from. A WebSocket or
  a command (any method but GET/HEAD/OPTIONS) from a page of another origin is
  refused; requests without an Origin (scripts, the bench) are not browsers'
  cross-site requests and pass.
- **Body size.** A declared ``Content-Length`` over ``max_body`` is refused
  with 413 before one byte of the body is read; a body without a length is
  read only up to ``max_body``. The app then gets the body from memory. The
  largest real command is well under a kilobyte.

A refusal has the same JSON shape as every other (``Result``), in English and
Spanish, and closes the connection when a body was left unread.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Bytes of request body accepted (every command is a small JSON object).
MAX_BODY = 16 * 1024
#: WebSocket close code for a connection refused by the gate (before it is accepted
#: the client sees HTTP 403).
FORBIDDEN_CLOSE = 4403
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def split_host(value: str) -> tuple[str, str]:
    """``host[:port]`` -> (host lowercased without brackets, port or "")."""
    value = value.strip().lower()
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        return host, rest.removeprefix(":")
    if value.count(":") == 1:
        host, _, port = value.partition(":")
        return host, port
    return value, ""


def is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class Gate:
    """ASGI middleware: Host and Origin checked, request bodies bounded."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: Iterable[str] = (),
        max_body: int = MAX_BODY,
        state_id: Callable[[], int] = lambda: 0,
    ):
        self.app = app
        self.hosts = {"localhost"} | {h.lower().strip("[]") for h in hosts if h}
        self.max_body = max_body
        self.state_id = state_id

    def host_allowed(self, value: str) -> bool:
        host, _ = split_host(value)
        return is_address(host) or host in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        problem = self._problem(kind, scope.get("method", "GET"), host, headers.get("origin"))
        if problem is not None:
            if kind == "websocket":
                await send({"type": "websocket.close", "code": FORBIDDEN_CLOSE})
            else:
                await self._refuse(send, 403 if problem[0] != "bad_host" else 400, *problem)
            return
        if kind == "http" and scope.get("method") not in SAFE_METHODS:
            await self._bounded(scope, receive, send, headers.get("content-length"))
            return
        await self.app(scope, receive, send)

    def _problem(
        self, kind: str, method: str, host: str, origin: str | None
    ) -> tuple[str, str, str] | None:
        if not self.host_allowed(host):
            return (
                "bad_host",
                "This table answers only at its own address; open the link from the table screen.",
                "Esta mesa solo responde en su propia dirección; abre el enlace de la pantalla de la mesa.",
            )
        if origin is None or (kind == "http" and method in SAFE_METHODS):
            return None
        parts = urlsplit(origin)
        if parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower():
            return None
        return (
            "cross_site",
            "A page of another site cannot send commands to this table.",
            "Una página de otro sitio no puede enviar órdenes a esta mesa.",
        )

    async def _bounded(
        self, scope: Scope, receive: Receive, send: Send, length: str | None
    ) -> None:
        if length is not None:
            if not length.isdigit():
                await self._refuse(send, 400, *_BAD_LENGTH)
                return
            if int(length) > self.max_body:
                await self._refuse(send, 413, *self._too_large())
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._refuse(send, 413, *self._too_large())
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _too_large(self) -> tuple[str, str, str]:
        return (
            "too_large",
            f"The request is larger than {self.max_body // 1024} KiB; no command is that large.",
            f"La petición ocupa más de {self.max_body // 1024} KiB; ninguna orden es tan grande.",
        )

    async def _refuse(self, send: Send, status: int, code: str, en: str, es: str) -> None:
        body = json.dumps(
            {
                "ok": False,
                "state_id": self.state_id(),
                "code": code,
                "en": en,
                "es": es,
                "rule": "",
                "fields": [],
            },
            ensure_ascii=False,
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


_BAD_LENGTH = (
    "bad_request",
    "The request's Content-Length is not a number.",
    "El Content-Length de la petición no es un número.",
)
