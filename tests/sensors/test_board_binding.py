"""A table's game listens to one board, bound at the table (issue 36), over the real Mosquitto.

The issue's attack: with ``--mqtt`` and no ``--board``, a second board allowed
only ``amritsar/board/table-b/#`` by the broker's ACL spoke on its own topic,
answered its own challenge and undid 18 of 18 steps. Now ``companion run``
without ``--board`` follows no board until the table binds one (the table
screen with the PIN, or a press of the board's own button while the screen
listens); every other board is refused with an alert.
"""

from __future__ import annotations

from companion.board_binding import BoardBinding, current_binding
from companion.games.amritsar.sensors import ButtonPressed, MqttLink, ReportRefused
from companion.games.amritsar.sensors.events import BoardState
from tests.sensors.helpers import collect, count, settle
from tests.sensors.test_hardening import (  # noqa: F401  (fixtures: the broker with its ACL)
    RawBoard,
    _baseline,
    _presses,
    board_a,
    broker,
    link,
)
from tests.support.broker import MosquittoBroker


def _refusals(events: list[object]) -> list[ReportRefused]:
    return [e for e in events if isinstance(e, ReportRefused)]


def test_no_board_is_followed_until_the_table_binds_one_and_then_only_that_one(
    broker: MosquittoBroker,  # noqa: F811
    link: MqttLink,  # noqa: F811
    board_a: RawBoard,  # noqa: F811
) -> None:
    binding = link.pair_at_table()
    assert current_binding() is binding
    other = RawBoard(broker, "board-b", "table-b")  # another table's board, its own account
    try:
        # The attack: the other board says hello and presses undo, on its own topic.
        other.hello("0000b001")
        for seq in range(2, 6):
            other.press("0000b001", seq, seq - 1)
        events = collect(link, count(ReportRefused), timeout=10) + settle(link, 0.5)
        assert _presses(events) == [] and not link.sessions
        (refused,) = _refusals(events)  # once a minute per board, not once per report
        assert refused.board == "table-b" and "follows no board yet" in refused.what
        assert "table-b" in refused.what_es and "PIN" in refused.what_es
        # This table's board is heard, waits too, and is bound from the table screen.
        board_a.hello("0000a001")
        collect(link, count(ReportRefused), timeout=10)
        assert sorted(binding.waiting) == ["table-a", "table-b"]
        assert binding.bind("table-a")
        assert board_a.commands.get(timeout=5)["t"] == "hello"  # greeted once bound
        assert _baseline(link, board_a, "0000a001")
        board_a.press("0000a001", 3, 1)
        assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]
        # Every other board is refused with an alert naming the one followed.
        other.press("0000b001", 6, 5)
        events = collect(link, count(ReportRefused), timeout=10) + settle(link, 0.5)
        assert _presses(events) == []
        (refused,) = _refusals(events)
        assert "follows only table-a" in refused.what and "table-a" in refused.what_es
        assert set(link.sessions) == {"table-a"}
        assert not binding.bind("table-b")  # bound once: the screen cannot rebind
    finally:
        other.close()


def test_a_press_of_the_board_s_own_button_binds_it_while_the_table_screen_listens(
    broker: MosquittoBroker,  # noqa: F811
    link: MqttLink,  # noqa: F811
    board_a: RawBoard,  # noqa: F811
) -> None:
    binding = link.pair_at_table()
    board_a.hello("0000a001")
    board_a.press("0000a001", 2, 1)  # not listening yet: refused, not bound
    collect(link, count(ReportRefused), timeout=10)
    settle(link, 0.3)
    assert binding.bound is None
    binding.listen()
    board_a.press("0000a001", 3, 2)
    deadline = settle(link, 1.0)
    assert binding.bound == "table-a" and _presses(deadline) == []  # the press is no move
    assert any(isinstance(e, BoardState) for e in _baseline(link, board_a, "0000a001"))
    board_a.press("0000a001", 3, 3)
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]


def test_with_board_named_the_binding_is_fixed() -> None:
    binding = BoardBinding("table-1")
    assert binding.bound == "table-1" and binding.fixed
    binding.heard("table-2")
    assert not binding.bind("table-2") and binding.bound == "table-1"
