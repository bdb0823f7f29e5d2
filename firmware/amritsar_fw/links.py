"""The USB serial link of the board: frames out, commands in.

``port`` is the hardware shim's byte stream: ``read()`` returns whatever bytes
are waiting (``b""`` when none, never blocks) and ``write(data)`` sends. On
the Pico it is the USB CDC console (``hw_pico.UsbSerial``); in the simulator
it is one end of a pseudo-terminal. Incoming bytes go through a
``FrameReader``, so noise on the line costs the damaged frame and nothing else.
"""

from amritsar_fw.framing import FrameReader, encode_frame


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
