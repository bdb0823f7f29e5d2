"""Which address phones can reach the companion at.

A QR code must link to an address a phone on the table's Wi-Fi can open. When
the table screen is opened on the Pi itself (``http://localhost:8000/table``),
the address it used is useless to a phone, so the join links use the Pi's own
network address instead. The addresses are read from the network interfaces
(Linux ``SIOCGIFADDR``); nothing is sent anywhere.
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import socket
import struct
from urllib.parse import urlsplit, urlunsplit

_SIOCGIFADDR = 0x8915


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback, in interface order."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                request = struct.pack("256s", name.encode()[:15])
                reply = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, request)
                address = socket.inet_ntoa(reply[20:24])
                if not ipaddress.ip_address(address).is_loopback and address not in found:
                    found.append(address)
    return found


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def reachable_base(base_url: str) -> str:
    """``base_url`` (scheme://host:port), with a loopback host replaced by a LAN address."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    if not is_loopback(host):
        return base_url.rstrip("/")
    addresses = lan_addresses()
    if not addresses:
        return base_url.rstrip("/")
    netloc = addresses[0] + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, "", "", "")).rstrip("/")
