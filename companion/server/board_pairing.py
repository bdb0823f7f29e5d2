"""The table screen binds this table's sensor board (PIN): the web side of
``companion.board_binding`` (issue 36).

``companion run --mqtt`` without ``--board`` follows no board until one is
bound at the table. These table commands (all behind the table PIN and its
limits) say which boards wait and bind one:

- ``GET /api/table/board``: the board bound (and whether ``--board`` fixed
  it), the boards waiting, and how long the screen still listens for a press;
- ``POST /api/table/board`` ``{"board": "table-1"}``: bind a waiting board;
- ``POST /api/table/board/listen``: for 60 s, the first board whose own button
  is pressed is bound.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from companion.board_binding import current_binding
from companion.server.models import Result


class BoardChoice(BaseModel):
    """The board to bind, as its firmware's config.json names it."""

    board: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")


class BoardStatus(BaseModel):
    """The board this table follows and the boards waiting to be bound."""

    bound: str | None = None
    fixed: bool = Field(
        default=False, description="named with --board: the table screen cannot change it"
    )
    waiting: list[str] = Field(default_factory=list)
    listening: float = Field(default=0, description="seconds the screen still listens for a press")


class Listening(Result):
    """The table screen listens for a press of the board's button."""

    listening: int = 0


#: What a board command may answer besides 200 (the PIN's refusals, 409: nothing to bind).
REFUSALS: dict[int | str, dict[str, Any]] = {s: {"model": Result} for s in (403, 409, 422, 429)}


def _result(state_id: int, code: str, en: str, es: str, status: int = 200, **more: Any) -> Any:
    body = {"ok": status < 400, "state_id": state_id, "code": code, "en": en, "es": es, **more}
    return JSONResponse(body, status_code=status)


def add_board_routes(app: FastAPI, table: Any, state_id: Callable[[], int]) -> None:
    """Add the board commands to ``app``; ``table`` is its PIN dependency."""

    def no_link() -> Any:
        return _result(
            state_id(),
            "no_board_pairing",
            "This table does not bind a sensor board here: it has none over MQTT, or "
            "follows the one named with --board.",
            "Esta mesa no vincula aquí una placa de sensores: no tiene ninguna por MQTT, o "
            "sigue a la indicada con --board.",
            409,
        )

    @app.get(
        "/api/table/board",
        response_model=BoardStatus,
        tags=["table"],
        dependencies=[table],
        responses=REFUSALS,
    )
    def board() -> BoardStatus:
        """The sensor board this table follows, and the boards waiting to be bound."""
        binding = current_binding()
        if binding is None:
            return BoardStatus()
        return BoardStatus(
            bound=binding.bound,
            fixed=binding.fixed,
            waiting=sorted(binding.waiting),
            listening=round(binding.seconds_listening(), 1),
        )

    @app.post(
        "/api/table/board",
        response_model=Result,
        tags=["table"],
        dependencies=[table],
        responses=REFUSALS,
    )
    def bind(body: BoardChoice) -> Any:
        """Bind a waiting board: this table follows it, and refuses every other."""
        binding = current_binding()
        if binding is None:
            return no_link()
        if binding.bound is not None:
            return _result(
                state_id(),
                "board_bound",
                f"This table already follows the sensor board {binding.bound}; restart the "
                "companion to bind another.",
                f"Esta mesa ya sigue a la placa de sensores {binding.bound}; reinicia el "
                "compañero para vincular otra.",
                409,
            )
        if not binding.bind(body.board):
            return _result(
                state_id(),
                "board_not_waiting",
                f"No sensor board named {body.board} has reported here; the boards waiting "
                f"are: {', '.join(sorted(binding.waiting)) or 'none'}.",
                f"Ninguna placa de sensores llamada {body.board} ha enviado avisos aquí; las "
                f"placas que esperan son: {', '.join(sorted(binding.waiting)) or 'ninguna'}.",
                409,
            )
        return _result(
            state_id(),
            "board_bound",
            f"This table now follows the sensor board {body.board}.",
            f"Esta mesa sigue ahora a la placa de sensores {body.board}.",
        )

    @app.post(
        "/api/table/board/listen",
        response_model=Listening,
        tags=["table"],
        dependencies=[table],
        responses=REFUSALS,
    )
    def listen() -> Any:
        """For a minute, the first board whose own button is pressed is bound."""
        binding = current_binding()
        if binding is None or binding.bound is not None:
            return no_link()
        seconds = round(binding.listen())
        return _result(
            state_id(),
            "board_listening",
            f"Press a button on this table's sensor board within {seconds} s.",
            f"Pulsa un botón de la placa de sensores de esta mesa antes de {seconds} s.",
            listening=seconds,
        )
