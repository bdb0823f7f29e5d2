"""The board's hardware watchdog: armed once, fed by every step of the board loop.

``hw_pico`` is the one firmware file that touches ``machine``; here it runs
under CPython on a stand-in ``machine`` module that records what the chip
would be told.
"""

from __future__ import annotations

import importlib
import sys
import time
import types

import pytest


class FakeWDT:
    armed: list[FakeWDT] = []  # noqa: RUF012 - a record across instances

    def __init__(self, timeout: int) -> None:
        assert 1 <= timeout <= 8388, "the RP2040 watchdog takes at most 8388 ms"
        self.timeout = timeout
        self.fed = 0
        FakeWDT.armed.append(self)

    def feed(self) -> None:
        self.fed += 1


class FakePin:
    OUT, IN, PULL_UP = 1, 0, 2

    def __init__(self, number: int, mode: int = 0, pull: int | None = None, value: int = 1) -> None:
        self._value = value

    def value(self, v: int | None = None) -> int:
        if v is not None:
            self._value = v
        return self._value


@pytest.fixture
def hw_pico(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    machine = types.ModuleType("machine")
    machine.Pin = FakePin  # type: ignore[attr-defined]
    machine.SPI = lambda *a, **k: object()  # type: ignore[attr-defined]
    machine.WDT = FakeWDT  # type: ignore[attr-defined]
    machine.unique_id = lambda: b"\x01\x02\x03\x04"  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda n: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
    monkeypatch.setattr(FakeWDT, "armed", [])
    monkeypatch.delitem(sys.modules, "amritsar_fw.hw_pico", raising=False)
    yield importlib.import_module("amritsar_fw.hw_pico")
    sys.modules.pop("amritsar_fw.hw_pico", None)


def test_the_watchdog_is_armed_on_request_and_fed_by_each_loop_sleep(hw_pico) -> None:  # type: ignore[no-untyped-def]
    hw = hw_pico.PicoHardware("pico_w")
    hw.sleep_ms(5)  # not armed yet: the REPL-free start must not reset the board
    assert FakeWDT.armed == []
    hw.start_watchdog(8000)
    (wdt,) = FakeWDT.armed
    assert wdt.timeout == 8000
    for _ in range(3):
        hw.sleep_ms(5)
    assert wdt.fed == 3


def test_main_arms_the_watchdog_after_the_repl_check_before_the_loop() -> None:
    from tests.firmware.runners import FIRMWARE

    source = (FIRMWARE / "main.py").read_text()
    body = source[source.index("def main():") :]
    assert body.index("undo held") < body.index("hw.start_watchdog(") < body.index(".run()")
