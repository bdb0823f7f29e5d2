"""Schemathesis against the published OpenAPI schema: no server errors, answers as documented.

Each operation gets a bounded number of generated requests, sent twice: as
generated (no credentials, or made-up ones) and again with a real seat token
and the table PIN, so the requests reach the game itself. (Schemathesis's own
pytest plugin does not run under this pytest, so the operations are
parametrized here and Hypothesis drives each one directly.)
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from companion.server import PinGuard, create_app
from companion.server.guard import WriteLimit
from tests.server.games import PIN, new_table

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def load() -> Any:
    session = new_table()
    # A generous limit: made-up PINs must not lock out the requests with the real one.
    guard = PinGuard(
        session.check_pin,
        max_failures=10**6,
        table_max_failures=10**6,
        budgets=(),
        table_budgets=(),
    )
    app = create_app(
        session,
        pin_guard=guard,
        write_limit=WriteLimit(burst=10**6),
        hosts=["testserver"],  # the name schemathesis's client sends
    )
    real = {"X-Seat-Token": session.seats[0].token, "X-Table-Pin": PIN}
    return schemathesis.openapi.from_asgi("/api/openapi.json", app), real


OPERATIONS = [result.ok().label for result in load()[0].get_all_operations()]


def test_every_endpoint_is_in_the_schema() -> None:
    assert len(OPERATIONS) == 24
    for added in (
        "POST /api/hint",
        "POST /api/review",
        "POST /api/table/review",
        "GET /api/table/board",
        "POST /api/table/board",
        "POST /api/table/board/listen",
        "POST /api/table/maharajah/tick",
        "GET /api/table/games",
        "POST /api/table/demo/next",
        "POST /api/table/new-game",
        "POST /api/table/dismiss-alert",
    ):
        assert added in OPERATIONS


@pytest.mark.parametrize("label", OPERATIONS)
def test_api_conforms_to_its_schema(label: str) -> None:
    schema, real = load()
    operation = next(r.ok() for r in schema.get_all_operations() if r.ok().label == label)

    @given(case=operation.as_strategy())
    @settings(
        max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None
    )
    def run(case: Any) -> None:
        case.call_and_validate(checks=CHECKS)
        case.call_and_validate(headers={**(case.headers or {}), **real}, checks=CHECKS)

    run()
