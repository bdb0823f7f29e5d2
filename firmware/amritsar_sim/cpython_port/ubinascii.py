"""MicroPython's ``ubinascii`` is CPython's ``binascii``."""

from binascii import a2b_base64, b2a_base64, crc32, hexlify, unhexlify  # noqa: F401
