"""The USB serial link of the board: frames out, commands in.

``port`` is the hardware shim's byte stream: ``read()`` returns whatever bytes
are waiting (``b""`` when none, never blocks) and ``write(data)`` sends. On
the Pico it is the USB CDC console (``hw_pico.UsbSerial``); in the simulator
it is one end of a pseudo-terminal. Incoming bytes go through a
``FrameReader``, so noise on the line costs the damaged frame and nothing else.
"""

import sys

from amritsar_fw.framing import FrameReader, encode_frame


class StdioPort:
    """stdin/stdout as a raw byte stream that never blocks on read.

    On the Pico this is the USB CDC console; in the fake board process it is
    whatever the process's stdin and stdout are connected to (a pty).
    """

    def __init__(self):
        import select

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while len(data) < 512 and self._poll.poll(0):
            chunk = self._in.read(1)
            if not chunk:
                break
            data.extend(chunk)
        return bytes(data)

    def write(self, data):
        self._out.write(data)
        if hasattr(self._out, "flush"):
            self._out.flush()


class SerialLink:
    name = "serial"

    def __init__(self, port):
        self.port = port
        self.reader = FrameReader()
        self.dropped = 0

    def connected(self):
        return True

    def send(self, payload, message):
        try:
            self.port.write(encode_frame(payload))
        except OSError:
            # Nobody is reading and the line is full: the companion sees the
            # gap in sequence numbers and asks for the rest.
            self.dropped += 1

    def poll(self):
        data = self.port.read()
        if not data:
            return []
        return self.reader.feed(data)

    def service(self, board):
        pass
