"""How the people at the table find the table screen: a ``.local`` address and a QR code.

Raspberry Pi OS answers to ``<hostname>.local`` on the local network (Avahi,
mDNS), so ``http://amritsar.local:8000/table`` keeps working when the router
hands the Pi a new address. :func:`table_urls` gives that address first and the
numeric ones after it (for phones that do not resolve ``.local``);
:func:`qr_text` draws a QR code of the first one with text blocks, so it can be
scanned from the console or ``journalctl`` on a dark terminal.
"""

from __future__ import annotations

import socket

import segno

from companion.server.address import lan_addresses

#: Block characters by (upper module light, lower module light).
_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def table_urls(host: str, port: int, hostname: str | None = None) -> list[str]:
    """The table screen's addresses, the ``.local`` name first when serving the network."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/table"]
    name = (hostname if hostname is not None else socket.gethostname()).split(".")[0]
    urls = [f"http://{name}.local:{port}/table"] if name and name != "localhost" else []
    urls += [f"http://{address}:{port}/table" for address in lan_addresses()]
    return urls or [f"http://localhost:{port}/table"]


def qr_text(url: str, border: int = 2) -> str:
    """``url`` as a QR code of text blocks: a block is a light module (two rows per line)."""
    rows = [[not dark for dark in row] for row in segno.make(url).matrix_iter(border=border)]
    if len(rows) % 2:
        rows.append([True] * len(rows[0]))
    return "\n".join(
        "".join(_BLOCKS[(up, down)] for up, down in zip(rows[i], rows[i + 1], strict=True))
        for i in range(0, len(rows), 2)
    )


def finding_text(host: str, port: int, hostname: str | None = None) -> str:
    """The lines printed at start: every address of the table screen and its QR code."""
    urls = table_urls(host, port, hostname)
    lines = [f"Open the table screen at {urls[0]}  (Abre la pantalla de la mesa en {urls[0]})"]
    lines += [f"  or {url}" for url in urls[1:]]
    lines += ["Scan to open it / Escanea para abrirla:", qr_text(urls[0])]
    return "\n".join(lines)
