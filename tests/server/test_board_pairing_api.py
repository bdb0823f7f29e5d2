"""The table screen binds the table's sensor board with the PIN (issue 36).

``companion run --mqtt`` without ``--board``: boards heard wait; the table
binds one (``POST /api/table/board``) or listens for a press of its button
(``POST /api/table/board/listen``), always behind the table PIN.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from companion.board_binding import BoardBinding
from companion.server import create_app
from tests.server.games import PIN, new_table


def test_a_waiting_board_is_bound_only_with_the_pin() -> None:
    binding = BoardBinding()
    greeted: list[str] = []
    binding.on_bound = greeted.append
    binding.heard("table-1")
    binding.heard("table-2")
    app = create_app(new_table(), hosts=["testserver"])
    pin, wrong = {"X-Table-Pin": PIN}, {"X-Table-Pin": "0000"}
    with TestClient(app) as client:
        assert client.get("/api/table/board").status_code == 403  # no PIN
        assert client.post("/api/table/board", json={"board": "table-1"}).status_code == 403
        assert (
            client.post("/api/table/board", json={"board": "table-1"}, headers=wrong).status_code
            == 403
        )
        assert binding.bound is None
        shown = client.get("/api/table/board", headers=pin).json()
        assert shown == {
            "bound": None,
            "fixed": False,
            "waiting": ["table-1", "table-2"],
            "listening": 0,
        }
        # A board that never reported, or a name no firmware gives, is refused naming the field.
        unknown = client.post("/api/table/board", json={"board": "table-9"}, headers=pin)
        assert unknown.status_code == 409 and "table-1, table-2" in unknown.json()["en"]
        bad = client.post("/api/table/board", json={"board": "../x"}, headers=pin)
        assert bad.status_code == 422 and "board" in bad.json()["fields"]
        bound = client.post("/api/table/board", json={"board": "table-1"}, headers=pin)
        assert bound.status_code == 200 and bound.json()["es"]
        assert binding.bound == "table-1" and greeted == ["table-1"]
        again = client.post("/api/table/board", json={"board": "table-2"}, headers=pin)
        assert again.status_code == 409 and binding.bound == "table-1"
        assert client.get("/api/table/board", headers=pin).json()["bound"] == "table-1"


def test_the_table_screen_opens_a_minute_for_a_press() -> None:
    binding = BoardBinding()
    app = create_app(new_table(), hosts=["testserver"])
    with TestClient(app) as client:
        assert client.post("/api/table/board/listen").status_code == 403
        assert not binding.listening()
        answer = client.post("/api/table/board/listen", headers={"X-Table-Pin": PIN})
        assert answer.status_code == 200 and answer.json()["listening"] == 60
        assert binding.listening()
        assert (
            0
            < client.get("/api/table/board", headers={"X-Table-Pin": PIN}).json()["listening"]
            <= 60
        )
