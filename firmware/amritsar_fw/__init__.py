"""Firmware of the Amritsar sensor board (MicroPython; also runs under CPython).

The board under the main board reads one MFRC522 NFC reader per district's
elephant path, a hall-effect sensor under each Maharajah space and two buttons,
and reports changes to the companion over USB serial or MQTT. Every module here
talks to the hardware only through the small shim object built by
``hw_pico`` (real board) or ``amritsar_sim.fake_hw`` (tests, simulator), so the
same files run on the board, under CPython and under the MicroPython unix port.
"""

VERSION = "1.1.0"
