"""MicroPython's stream-style socket (``read``/``write``) over a CPython socket.

MicroPython semantics kept: a blocking ``read(n)`` returns ``n`` bytes or
fewer only at end of stream; a non-blocking one returns ``None`` when nothing
is waiting. Unlike the board, a blocking read gives up after ``TIMEOUT``
seconds (``OSError``), so a simulator thread never hangs on a dead broker.
"""

import socket as _socket

getaddrinfo = _socket.getaddrinfo
AF_INET = _socket.AF_INET
SOCK_STREAM = _socket.SOCK_STREAM
SOCK_DGRAM = _socket.SOCK_DGRAM
TIMEOUT = 10.0


class socket:
    def __init__(self, af=_socket.AF_INET, kind=_socket.SOCK_STREAM, proto=0):
        self._sock = _socket.socket(af, kind, proto)
        self._sock.settimeout(TIMEOUT)
        self._blocking = True

    def connect(self, addr):
        self._sock.connect(addr)

    def setblocking(self, flag):
        self._blocking = bool(flag)
        self._sock.settimeout(TIMEOUT if flag else 0.0)

    def settimeout(self, seconds):
        self._blocking = seconds != 0
        self._sock.settimeout(seconds)

    def write(self, buf, n=None):
        if isinstance(buf, str):  # MicroPython streams take str as its UTF-8 bytes
            buf = buf.encode()
        data = bytes(buf) if n is None else bytes(buf)[:n]
        self._sock.sendall(data)
        return len(data)

    def read(self, n):
        if not self._blocking:
            try:
                return self._sock.recv(n)
            except BlockingIOError:
                return None
        chunks = []
        left = n
        while left > 0:
            chunk = self._sock.recv(left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def sendto(self, buf, addr):
        return self._sock.sendto(bytes(buf), addr)

    def recv(self, n):  # a datagram (a DNS answer); OSError on the timeout
        return self._sock.recv(n)

    def close(self):
        self._sock.close()
