"""The PIN is rate limited per client; seat tokens are long, random and checked exactly."""

from __future__ import annotations

import math
from collections import Counter

from fastapi.testclient import TestClient

from companion.games.amritsar.session import TableSession
from companion.server import PinGuard, create_app
from tests.server.games import PIN, new_table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guard(clock: Clock) -> PinGuard:
    return PinGuard(lambda pin: pin == PIN, max_failures=3, window=60, lockout=30, clock=clock)


def test_wrong_pins_lock_the_client_out_even_for_the_right_pin() -> None:
    clock = Clock()
    g = guard(clock)
    assert not g.attempt("a", "0000").ok
    assert not g.attempt("a", "0001").locked
    third = g.attempt("a", "0002")
    assert not third.ok and third.retry_after == 30
    assert g.attempt("a", PIN).locked  # the right PIN does not get through a lock-out
    clock.now += 29
    assert g.attempt("a", PIN).locked
    clock.now += 2
    assert g.attempt("a", PIN).ok


def test_lockouts_double_and_other_clients_are_unaffected() -> None:
    clock = Clock()
    g = guard(clock)
    for _ in range(3):
        g.attempt("a", "1111")
    assert g.attempt("b", PIN).ok
    clock.now += 31
    for _ in range(3):
        verdict = g.attempt("a", "1111")
    assert verdict.retry_after == 60
    clock.now += 61
    assert g.attempt("a", PIN).ok
    # A right PIN forgives: the next lock-out is short again.
    for _ in range(3):
        verdict = g.attempt("a", "1111")
    assert verdict.retry_after == 30


def test_failures_outside_the_window_are_forgotten() -> None:
    clock = Clock()
    g = guard(clock)
    g.attempt("a", "1")
    g.attempt("a", "2")
    clock.now += 61
    assert not g.attempt("a", "3").locked
    missing = g.attempt("a", None)  # a missing PIN is not a guess: never counted
    assert missing.missing and not missing.locked and not g.attempt("a", "").locked
    assert not g.attempt("a", "4").locked
    assert g.attempt("a", "5").locked


def test_the_api_answers_429_with_retry_after_when_locked_out() -> None:
    session = new_table()
    clock = Clock()
    with TestClient(
        create_app(session, pin_guard=guard(clock)), base_url="http://127.0.0.1"
    ) as client:
        for _ in range(2):
            wrong = client.post("/api/table/check-pin", headers={"X-Table-Pin": "9999"})
            assert wrong.status_code == 403
        locked = client.post("/api/table/check-pin", headers={"X-Table-Pin": "9999"})
        assert locked.status_code == 429
        assert locked.headers["retry-after"] == "30"
        assert locked.json()["code"] == "pin_locked" and "30" in locked.json()["es"]
        right = client.get("/api/table/seats", headers={"X-Table-Pin": PIN})
        assert right.status_code == 429  # every PIN-guarded endpoint shares the limit
        clock.now += 31
        assert client.get("/api/table/seats", headers={"X-Table-Pin": PIN}).status_code == 200


def test_default_limit_stops_a_brute_force_of_four_digits() -> None:
    session = new_table()
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        statuses = [
            client.post("/api/table/check-pin", headers={"X-Table-Pin": f"{n:04d}"}).status_code
            for n in range(20)
            if f"{n:04d}" != PIN
        ]
    assert statuses[:4] == [403] * 4
    assert set(statuses[5:]) == {429}


def test_tokens_are_long_random_and_distinct() -> None:
    tokens = [s.token for _ in range(50) for s in TableSession.new(["A", "B", "C", "D"]).seats]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 22 for t in tokens)  # 16 random bytes, URL-safe base64
    # Characters are spread over the URL-safe alphabet (about 6 bits each).
    counts = Counter("".join(tokens))
    total = sum(counts.values())
    entropy = -sum(c / total * math.log2(c / total) for c in counts.values())
    assert entropy > 5.8
    assert len(counts) == 64


def test_a_token_must_match_exactly() -> None:
    session = new_table()
    token = session.seats[0].token
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        for guess in (token[:-1], token + "x", token.upper(), " " + token, ""):
            response = client.get("/api/view", headers={"X-Seat-Token": guess})
            assert response.status_code == 401 or response.json()["seat"] is None
        assert client.get("/api/view", headers={"X-Seat-Token": token}).json()["seat"] == 0
