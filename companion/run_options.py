"""Checked values for ``companion run``'s options, from the command line or its TOML file.

Each function is an ``argparse`` ``type=``: it turns the text given into the
option's value or raises ``ArgumentTypeError`` with one line saying what is
wrong in words. ``companion.config`` calls the same functions on the config
file's values, so ``port = 99999`` in ``/etc/amritsar/companion.toml`` is
refused at start with the key named, not when the server fails to bind.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
from pathlib import Path

#: A host name (RFC 1123 labels) or a .local name.
_HOST = re.compile(r"(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?)+")
#: The longest path accepted (Linux's PATH_MAX).
MAX_PATH = 4096
#: The camera loop's frame-rate cap: at least a frame every ten seconds, at most 30 a second.
FPS_RANGE = (0.1, 30.0)


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    try:
        port = int(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: ports are 1 to 65535")
    return port


def whole_number(text: str) -> int:
    """A whole number, 0 or more (``--seed``)."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"{value} is not a whole number from 0 to 2**63 - 1")
    return value


def host_name(text: str) -> str:
    """An IP address or a host name."""
    text = str(text).strip()
    try:
        return str(ipaddress.ip_address(text.strip("[]")))
    except ValueError:
        pass
    if not _HOST.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not an IP address or a host name")
    return text


def listen_address(text: str) -> str:
    """``--host``: the address the server listens on (0.0.0.0: every one)."""
    return host_name(text)


def mqtt_address(text: str) -> str:
    """``--mqtt``: HOST or HOST:PORT (a name or an IPv4 address)."""
    text = str(text).strip()
    host, colon, port = text.partition(":")
    try:
        if ":" in port or not host:
            raise argparse.ArgumentTypeError("one host, then at most one :PORT")
        host_name(host)
        if colon:
            port_number(port)
    except argparse.ArgumentTypeError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST or HOST:PORT ({error})") from None
    return text


def path_text(text: str) -> Path:
    """A file or folder path: not empty, no NUL byte, at most ``MAX_PATH`` characters."""
    text = str(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("'' is not a path: give a file or folder")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is not a path: it holds a NUL byte")
    if len(text) > MAX_PATH:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}... is not a path: longer than {MAX_PATH} characters"
        )
    return Path(text).expanduser()


def readable_file(text: str) -> Path:
    """A path to a file that exists and can be read (a calibration, a CA certificate)."""
    path = path_text(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{str(path)!r} does not exist or is not a file")
    try:
        with path.open("rb"):
            pass
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"{str(path)!r} cannot be read ({error.strerror})"
        ) from None
    return path


def readable_file_name(text: str) -> str:
    """:func:`readable_file`, kept as text (``--tls-ca``: paho takes a file name)."""
    return str(readable_file(text))


def frame_rate(text: str) -> float:
    """``--fps``: the camera loop's cap, frames a second."""
    try:
        fps = float(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of frames a second") from None
    low, high = FPS_RANGE
    if not low <= fps <= high:
        raise argparse.ArgumentTypeError(
            f"{fps:g} frames a second is out of range: {low:g} to {high:g}"
        )
    return fps
