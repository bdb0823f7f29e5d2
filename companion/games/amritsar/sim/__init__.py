"""Amritsar's simulated table: simulated players, the sensor board's firmware on a pty,
the rendered camera table and the demo that plays them together (``companion demo``)."""
