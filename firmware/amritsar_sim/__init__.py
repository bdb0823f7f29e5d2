"""Faithful fakes of the sensor board's hardware, for tests and the simulator.

They replace the lowest layer only: an MFRC522 register file behind a fake SPI
bus with ISO 14443-A tags in its field, GPIO pins for the hall sensors and
buttons, a clock. The real firmware (``amritsar_fw``) runs on top unchanged.
Like the firmware, these modules run under CPython and the MicroPython unix
port. They are never copied to a real board.
"""
