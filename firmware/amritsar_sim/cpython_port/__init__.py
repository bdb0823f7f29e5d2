"""MicroPython's ``usocket``, ``ustruct`` and ``ubinascii`` for CPython.

Only the simulator puts this folder on ``sys.path`` (``amritsar_sim.paths``),
so the vendored, unchanged ``umqtt.simple`` runs under CPython with real
sockets. MicroPython has these modules built in.
"""
