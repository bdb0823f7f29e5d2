"""Debounced digital inputs: the two buttons and the four hall-effect sensors.

Why: a push button bounces for a few milliseconds and a magnet sliding over a
hall sensor flickers at the edge of its range. A level counts only once it has
held for ``stable_ms``; both parts are wired active low (pull-up, switch or
open-drain sensor to ground), so a 0 on the pin means "pressed" or "magnet
here".
"""


class Debounced:
    def __init__(self, pin, stable_ms, now):
        self.pin = pin
        self.stable_ms = stable_ms
        self.active = pin.value() == 0
        self._raw = self.active
        self._since = now

    def update(self, now, diff):
        """Sample the pin; return the new state when it changed, else None."""
        raw = self.pin.value() == 0
        if raw != self._raw:
            self._raw = raw
            self._since = now
            return None
        if raw != self.active and diff(now, self._since) >= self.stable_ms:
            self.active = raw
            return raw
        return None
