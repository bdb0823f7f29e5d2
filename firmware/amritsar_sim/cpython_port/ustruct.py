"""MicroPython's ``ustruct`` is CPython's ``struct``."""

from struct import calcsize, pack, pack_into, unpack, unpack_from  # noqa: F401
