"""The FastAPI app: REST for commands and queries, a WebSocket for live views.

``create_app(session)`` serves one table session (any served game: ``TableBase``):

- pages: ``/`` (what to open), ``/play`` (a player's phone; the seat token
  travels in the link's fragment, ``/play#token=...``, so it never reaches a
  server log), ``/table`` (the table screen), ``/watch`` (a spectator), and
  their files under ``/static``. No build step, nothing fetched from elsewhere.
- REST under ``/api`` (schema at ``/api/openapi.json``): views, the record,
  the public catalog, a phone's answers and undo; PIN-guarded table commands
  under ``/api/table``. Every command carries the state id its screen showed.
- ``/ws``: one WebSocket per client (protocol in ``companion.server.hub``).

Every answer is checked by the session against the rules and the seat, so a
phone cannot do what its seat or the rules do not allow; a refusal comes back
with a reason in English and Spanish and a status: 400 malformed action, 401
unknown seat token, 403 wrong PIN or another seat's decision, 409 the game
refuses it now (stale state, illegal move, game ended), 422 malformed request,
429 PIN locked out or a phone writing too fast. Before any of that the gate
(``companion.server.gate``) checks the Host and Origin headers and bounds the
request body, and the doorman (``companion.server.doorman``) bounds the
connections.
"""

import socket
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import APIKeyHeader
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from companion.server.address import reachable_base
from companion.server.board_pairing import add_board_routes
from companion.server.gate import Gate
from companion.server.guard import PinFailure, PinGuard, WriteLimit, table_guard
from companion.server.hub import Hub
from companion.server.models import (
    AlertBody,
    AnswerBody,
    Health,
    HintAnswer,
    HintResult,
    PastGame,
    Record,
    Result,
    SeatChange,
    SeatLink,
    StateBody,
    TickBody,
)
from companion.server.pages import game_page
from companion.server.past_games import PastGames
from companion.server.payloads import catalog_for, payloads_for
from companion.server.qr import qr_data_uri
from companion.table_session import Outcome, TableBase
from engine.core.reasons import Reason

STATIC = Path(__file__).resolve().parent / "static"
#: Route -> the page's script (static/js/<name>.js) in the shell static/page.html, which links
#: every sheet the page draws with (pages.py); "" is index.html. One app serves every game.
PAGES = {"/": "", "/play": "generic_play", "/table": "generic_table", "/watch": "generic_watch"}

#: Refusal code -> HTTP status (anything else a rule refused is 409).
STATUS = {
    "applied": 200,
    "undo_requested": 202,
    "bad_action": 400,
    "bad_token": 401,
    "not_your_decision": 403,
    "not_your_step": 403,
    "bad_pin": 403,
    "pin_missing": 403,
    "too_fast": 429,
    "no_such_seat": 404,
    "bad_request": 422,
    "pin_locked": 429,
}

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

seat_token_header = APIKeyHeader(
    name="X-Seat-Token",
    auto_error=False,
    scheme_name="SeatToken",
    description="A player's secret from their QR link; without it, a spectator.",
)
table_pin_header = APIKeyHeader(
    name="X-Table-Pin",
    auto_error=False,
    scheme_name="TablePin",
    description="The table PIN (rate limited per client).",
)


class Refused(Exception):
    """A request refused before it reached the game; becomes a ``Result`` response."""

    def __init__(
        self, code: str, en: str, es: str, *, state_id: int, headers: dict[str, str] | None = None
    ):
        self.result = Result(ok=False, state_id=state_id, code=code, en=en, es=es)
        self.headers = headers or {}


def _responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": Result} for status in statuses}


def _reply(outcome: Outcome, ok_code: int = 200) -> JSONResponse:
    result = Result(**outcome.to_dict())
    status = ok_code if outcome.ok else STATUS.get(outcome.code, 409)
    return JSONResponse(result.model_dump(), status_code=status)


def _is_over(session: TableBase) -> bool:
    """Whether the game is over, whatever the game: its rules' end reached, or the
    table ended it (a generic game's state has no ``finished``)."""
    return session.ended or session.game.rules.decision(session.state).is_over


def create_app(
    session: TableBase,
    *,
    public_url: str | None = None,
    pin_guard: PinGuard | None = None,
    queue_size: int = 8,
    send_timeout: float = 10.0,
    lan_links: bool = False,
    hosts: Iterable[str] = (),
    write_limit: WriteLimit | None = None,
    past_games: PastGames | None = None,
) -> FastAPI:
    """The web app for ``session``.

    ``public_url`` is the address phones reach the server at (for the join
    links); by default the address the table screen itself used, or with
    ``lan_links`` (the server listens on every interface) a network address of
    this machine when the table screen used a loopback one. ``pin_guard``
    replaces the default PIN rate limit (5 wrong PINs a minute per address, 20
    in ten minutes for the table). ``hosts`` are names besides address
    literals, ``localhost``, this machine's names and the public address that
    the Host header may carry. ``write_limit`` bounds how fast one seat's
    phone may send commands. ``past_games`` lists the games logged beside this
    one (by default the other logs in this game's log folder).
    """
    payloads = payloads_for(session)
    if past_games is None and session.store is not None:
        past_games = PastGames(session.store.path.parent, current=session.store.path)
    hub = Hub(session, payloads, queue_size=queue_size, send_timeout=send_timeout)
    # The table's guard when a start page serves this game (its counts outlive the game).
    guard = pin_guard or table_guard(session) or PinGuard(session.check_pin)
    writes = write_limit or WriteLimit()
    names = [*hosts, socket.gethostname(), socket.gethostname() + ".local"]
    if public_url:
        names.append(urlsplit(public_url).hostname or "")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="Amritsar table companion",
        version="1",
        description=__doc__,
        openapi_url="/api/openapi.json",
        docs_url=None,  # Swagger UI would load scripts from the Internet
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.session = session
    app.state.payloads = payloads
    app.state.hub = hub
    app.state.pin_guard = guard

    # -- errors and headers ---------------------------------------------------------

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        return JSONResponse(
            error.result.model_dump(),
            status_code=STATUS.get(error.result.code, 409),
            headers=error.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        fields = [".".join(str(p) for p in e["loc"] if p != "body") for e in error.errors()]
        problems = "; ".join(
            f"{field or 'body'}: {e['msg']}"
            for field, e in zip(fields, error.errors(), strict=True)
        )
        result = Result(
            ok=False,
            state_id=session.state_id,
            code="bad_request",
            en=f"The request is not well formed: {problems}",
            es=f"La petición está mal formada: {problems}",
            fields=[f for f in fields if f],
        )
        return JSONResponse(result.model_dump(), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        result = Result(
            ok=False,
            state_id=session.state_id,
            code="not_found" if error.status_code == 404 else "http_error",
            en=str(error.detail),
            es="No encontrado" if error.status_code == 404 else str(error.detail),
        )
        return JSONResponse(result.model_dump(), status_code=error.status_code)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response

    # -- who is asking --------------------------------------------------------------

    def seat_of(token: Annotated[str | None, Depends(seat_token_header)]) -> int | None:
        """The seat a token names; no token: a spectator; a wrong one: refused."""
        if token is None or token == "":
            return None
        seat = session.seat_for_token(token)
        if seat is not None:
            hub.joined_with(seat, token)
        else:
            raise Refused(
                "bad_token",
                "This link is not valid for this table (any more); scan your QR code again.",
                "Este enlace no vale para esta mesa (ya); vuelve a escanear tu código QR.",
                state_id=session.state_id,
            )
        return seat

    def player(seat: Annotated[int | None, Depends(seat_of)]) -> int:
        if seat is None:
            raise Refused(
                "bad_token",
                "Only a player can do this: open the link from your QR code.",
                "Solo un jugador puede hacer esto: abre el enlace de tu código QR.",
                state_id=session.state_id,
            )
        return seat

    def writer(seat: Annotated[int, Depends(player)]) -> int:
        """A player whose phone has not sent too many commands too fast."""
        wait = writes.take(seat)
        if wait > 0:
            seconds = max(1, round(wait))
            raise Refused(
                "too_fast",
                f"Too many commands from this phone; wait {seconds} s.",
                f"Demasiadas órdenes desde este teléfono; espera {seconds} s.",
                state_id=session.state_id,
                headers={"Retry-After": str(seconds)},
            )
        return seat

    def table(request: Request, pin: Annotated[str | None, Depends(table_pin_header)]) -> None:
        client = request.client.host if request.client else "unknown"
        verdict = guard.attempt(client, pin, session.check_pin)
        if verdict.ok:
            return
        if verdict.failure is not None:
            _pin_alert(session, verdict.failure)
        if verdict.missing:
            raise Refused(
                "pin_missing",
                "Type the table PIN shown when the companion started.",
                "Escribe el PIN de la mesa que se mostró al arrancar el compañero.",
                state_id=session.state_id,
            )
        if verdict.locked:
            seconds = max(1, round(verdict.retry_after))
            raise Refused(
                "pin_locked",
                f"Too many wrong PINs; try again in {seconds} s.",
                f"Demasiados PIN incorrectos; vuelve a intentarlo en {seconds} s.",
                state_id=session.state_id,
                headers={"Retry-After": str(seconds)},
            )
        raise Refused(
            "bad_pin",
            "That is not the table PIN.",
            "Ese no es el PIN de la mesa.",
            state_id=session.state_id,
        )

    def settled(outcome: Outcome) -> JSONResponse:
        """The reply to a command; a move made or undone answers the open undo requests."""
        if outcome.ok:
            payloads.clear_undo_requests()
        return _reply(outcome)

    Seat = Annotated[int | None, Depends(seat_of)]
    Writer = Annotated[int, Depends(writer)]
    Table = Depends(table)

    # -- pages ------------------------------------------------------------------------

    for route, name in PAGES.items():
        index = (STATIC / "index.html").read_text(encoding="utf-8")
        html = game_page(name, session.game_name) if name else index

        def page(html: str = html) -> HTMLResponse:
            return HTMLResponse(html)

        app.add_api_route(route, page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.websocket("/ws")
    async def live(ws: WebSocket) -> None:
        await hub.serve(ws, session.seat_for_token)

    # -- queries --------------------------------------------------------------------------

    @app.get("/api/health", response_model=Health, tags=["queries"])
    def health() -> Health:
        """Is the server up, at which state, with how many live clients."""
        return Health(ok=True, state_id=session.state_id, clients=len(hub.clients))

    @app.get("/api/view", tags=["queries"], responses=_responses(401))
    def get_view(seat: Seat) -> dict[str, Any]:
        """What this phone may see now (a spectator's view without a token)."""
        return payloads.view(seat)

    @app.get("/api/record", response_model=Record, tags=["queries"], responses=_responses(401))
    def get_record(seat: Seat) -> Record:
        """Every action so far, for a replay; other players' secrets say ``hidden``."""
        with_lock = session.game.record_for(seat)
        return Record(seat=seat, entries=with_lock)

    @app.get("/api/catalog", tags=["queries"])
    def get_catalog() -> dict[str, Any]:
        """Public components of this game by id, in English and Spanish."""
        return catalog_for(payloads)

    # -- a player's commands --------------------------------------------------------------

    @app.post(
        "/api/answer",
        response_model=Result,
        tags=["player"],
        responses=_responses(400, 401, 403, 409, 422, 429),
    )
    def answer(body: AnswerBody, seat: Writer) -> JSONResponse:
        """Answer the pending decision from this seat's phone."""
        return settled(session.answer(seat, body.action, body.state_id))

    @app.post(
        "/api/undo",
        response_model=Result,
        tags=["player"],
        responses=_responses(202, 401, 409, 422, 429),
    )
    def undo(body: StateBody, seat: Writer) -> JSONResponse:
        """Undo this seat's own last move, or ask the table to undo when it was not theirs."""
        outcome = session.undo(state_id=body.state_id, by_seat=seat)
        if outcome.code != "not_your_step":
            return settled(outcome)
        payloads.request_undo(seat, body.state_id)
        hub.poke()
        result = Result(
            ok=True,
            state_id=session.state_id,
            code="undo_requested",
            en="The last move was not yours: the table has been asked to undo it.",
            es="El último movimiento no fue tuyo: se ha pedido a la mesa que lo deshaga.",
        )
        return JSONResponse(result.model_dump(), status_code=202)

    @app.post(
        "/api/hint",
        response_model=HintResult,
        tags=["player"],
        responses=_responses(401, 403, 409, 422, 429),
    )
    def hint(body: StateBody, seat: Writer) -> JSONResponse:
        """The companion's three best answers for this seat's decision (a table that
        allows hints): each with the points it gives up against the first."""
        from companion.rules_session import RulesSession

        if not isinstance(session, RulesSession):
            return _reply(
                Outcome(
                    False, session.state_id, "hints_off", "No hints here.", "Aquí no hay pistas."
                )
            )
        outcome, answers = session.hint(seat, body.state_id)
        if not outcome.ok:
            return _reply(outcome)
        result = HintResult(
            ok=True, state_id=outcome.state_id, answers=[HintAnswer(**a) for a in answers]
        )
        return JSONResponse(result.model_dump())

    def review() -> JSONResponse:
        """Start the review after the game (once; its progress and findings come with
        the views); refused while the game goes on."""
        if not payloads.start_review():
            return _reply(
                Outcome(
                    False,
                    session.state_id,
                    "game_not_over",
                    "The game is not over yet: the review comes after it.",
                    "La partida aún no ha terminado: el repaso llega después.",
                )
            )
        return _reply(Outcome(True, session.state_id))

    @app.post(
        "/api/review",
        response_model=Result,
        tags=["player"],
        responses=_responses(401, 409, 429),
    )
    def review_by_phone(seat: Writer) -> JSONResponse:
        """A player's phone asks for the review after the game: where it was won and lost."""
        return review()

    # -- the table's commands (PIN) ---------------------------------------------------------

    table_refusals = _responses(403, 422, 429)

    @app.post(
        "/api/table/review",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def review_by_table() -> JSONResponse:
        """The table screen asks for the review after the game."""
        return review()

    @app.post(
        "/api/table/check-pin",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=table_refusals,
    )
    def check_pin() -> Result:
        """Whether the PIN is right (the table screen asks before showing its controls)."""
        return Result(ok=True, state_id=session.state_id, code="pin_ok")

    def link(request: Request, index: int) -> SeatLink:
        """A seat's join link, or only that it has joined (its code stays hidden)."""
        seat = session.seats[index]
        if hub.has_joined(seat.index, seat.token):
            return SeatLink(index=seat.index, name=seat.name, colour=seat.colour, joined=True)
        url = f"{base_url(request)}/play#token={seat.token}"
        return SeatLink(
            index=seat.index, name=seat.name, colour=seat.colour, url=url, qr=qr_data_uri(url)
        )

    def base_url(request: Request) -> str:
        """Where phones reach this server: the configured address, else the address
        this connection reached (the socket's, never the Host header a client wrote)."""
        if public_url:
            return public_url.rstrip("/")
        server = request.scope.get("server") or ("127.0.0.1", 80)
        host, port = str(server[0]), server[1]
        shown = f"[{host}]" if ":" in host else host
        scheme = request.url.scheme
        default = {"http": 80, "https": 443}.get(scheme)
        base = f"{scheme}://{shown}" + (f":{port}" if port and port != default else "")
        return reachable_base(base) if lan_links else base

    @app.get(
        "/api/table/seats",
        response_model=list[SeatLink],
        tags=["table"],
        dependencies=[Table],
        responses=table_refusals,
    )
    def seats(request: Request) -> list[SeatLink]:
        """Each player's join link and QR code; a seat whose phone has joined says only that."""
        return [link(request, s.index) for s in session.seats if not s.automated]

    @app.post(
        "/api/table/seats/{index}",
        response_model=SeatLink,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 404, 422, 429),
    )
    def change_seat(request: Request, index: int, body: SeatChange) -> SeatLink:
        """Rename a seat, or give it a fresh link (the old one stops working).

        A seat that has joined shows its code again only with a fresh link: the
        code on the screen never lets a second phone into a seat in use."""
        if not 0 <= index < len(session.seats) or session.seats[index].automated:
            raise Refused(
                "no_such_seat",
                f"There is no player's seat {index} at this table.",
                f"No hay asiento de jugador {index} en esta mesa.",
                state_id=session.state_id,
            )
        if body.name is not None:
            try:
                session.rename_seat(index, body.name)
            except ValueError as error:
                raise Refused(
                    "bad_request",
                    f"name: {error}",
                    "name: un asiento necesita un nombre",
                    state_id=session.state_id,
                ) from error
        if body.new_link:
            session.new_token(index)
        return link(request, index)

    @app.post(
        "/api/table/answer",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(400, 403, 409, 422, 429),
    )
    def table_answer(body: AnswerBody) -> JSONResponse:
        """Answer a setup draw from the table (what the camera would otherwise read)."""
        return _reply(session.answer(None, body.action, body.state_id))

    @app.post(
        "/api/table/undo",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def table_undo(body: StateBody) -> JSONResponse:
        """Undo the last step, whoever made it (an override)."""
        return settled(session.undo(state_id=body.state_id))

    @app.post(
        "/api/table/end",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def end(body: StateBody) -> JSONResponse:
        """End the game now; the scores stand as they are."""
        return _reply(session.end(state_id=body.state_id))

    @app.post(
        "/api/table/clear-alerts",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=table_refusals,
    )
    def clear_alerts() -> Result:
        """Dismiss the alerts shown; one whose cause still stands is not raised again
        until the table is put right."""
        session.clear_alerts()
        return Result(ok=True, state_id=session.state_id, code="applied")

    @app.post(
        "/api/table/dismiss-alert",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def dismiss_alert(body: AlertBody) -> JSONResponse:
        """Dismiss one alert ("I fixed it"); one whose cause still stands is not
        raised again until the table is put right."""
        if not session.dismiss_alert(body.alert_id):
            result = Result(
                ok=False,
                state_id=session.state_id,
                code="no_such_alert",
                en="That alert is no longer shown; look again.",
                es="Ese aviso ya no se muestra; vuelve a mirar.",
            )
            return JSONResponse(result.model_dump(), status_code=409)
        return JSONResponse(Result(ok=True, state_id=session.state_id, code="applied").model_dump())

    @app.post(
        "/api/table/maharajah/tick",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def tick(body: TickBody) -> JSONResponse:
        """Tick (or untick) one step of the Maharajah's card: what the camera cannot see
        (his board, quarry, storehouse, PP track) is ticked by a person."""
        if not payloads.tick(body.decade, body.round, body.step, body.done):
            result = Result(
                ok=False,
                state_id=session.state_id,
                code="stale_state",
                en="That Maharajah's turn is no longer shown; look again.",
                es="Ese turno del marajá ya no se muestra; vuelve a mirar.",
            )
            return JSONResponse(result.model_dump(), status_code=409)
        return JSONResponse(Result(ok=True, state_id=session.state_id, code="applied").model_dump())

    @app.post(
        "/api/table/demo/next",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    def demo_next() -> JSONResponse:
        """``companion demo --step``: let the demo take its next step."""
        step = payloads.demo_next
        if step is None:
            result = Result(
                ok=False,
                state_id=session.state_id,
                code="not_a_demo",
                en="This table is not a demo waiting for its next step.",
                es="Esta mesa no es una demostración que espere su siguiente paso.",
            )
            return JSONResponse(result.model_dump(), status_code=409)
        step()
        return JSONResponse(Result(ok=True, state_id=session.state_id, code="applied").model_dump())

    @app.post(
        "/api/table/new-game",
        response_model=Result,
        tags=["table"],
        dependencies=[Table],
        responses=_responses(403, 409, 422, 429),
    )
    async def new_game() -> JSONResponse:
        """Once this game is over, back to the start page for the next one (a table
        whose game was chosen there: ``companion.server.start``)."""
        leave = getattr(app.state, "new_game", None)
        if leave is None or not _is_over(session):
            result = Result(
                ok=False,
                state_id=session.state_id,
                code="game_not_over" if leave is not None else "no_start_page",
                en="The game is not over: end it first (Menu, End game)."
                if leave is not None
                else "This table was started with its players named: restart the companion.",
                es="La partida no ha terminado: termínala primero (Menú, Terminar la partida)."
                if leave is not None
                else "Esta mesa se arrancó con los jugadores nombrados: reinicia el compañero.",
            )
            return JSONResponse(result.model_dump(), status_code=409)
        await leave()
        return JSONResponse(
            Result(ok=True, state_id=session.state_id, code="new_game").model_dump()
        )

    @app.get(
        "/api/table/games",
        response_model=list[PastGame],
        tags=["table"],
        dependencies=[Table],
        responses=table_refusals,
    )
    def games() -> list[PastGame]:
        """The games logged beside this one, newest first: names, dates and totals."""
        if past_games is None:
            return []
        return [PastGame(**summary.to_dict()) for summary in past_games.list()]

    add_board_routes(app, Table, lambda: session.state_id)  # the sensor board, bound here

    # Outermost: Host, Origin and the body size are checked before anything else runs.
    app.add_middleware(Gate, hosts=names, state_id=lambda: session.state_id)
    return app


#: The table screen's alerts about the PIN: code -> (label, English, Spanish); the label
#: reads the same in both languages.
PIN_ALERTS = {
    "pin_guessing": (
        "PIN",
        "{count} wrong table PINs were typed in the last minutes. If nobody at the table "
        "did, someone on the Wi-Fi is guessing it.",
        "Se han escrito {count} PIN de mesa incorrectos en los últimos minutos. Si no fue "
        "nadie de la mesa, alguien en la wifi está intentando adivinarlo.",
    ),
    "pin_locked_table": (
        "PIN",
        "{count} wrong table PINs: the table's controls are locked for {minutes} min. "
        "Someone on the Wi-Fi may be guessing the PIN.",
        "{count} PIN de mesa incorrectos: los controles de la mesa se bloquean {minutes} min. "
        "Puede que alguien en la wifi esté intentando adivinar el PIN.",
    ),
}


@dataclass(frozen=True)
class PinAlert(Reason):
    """An alert of the server's own (not a rule of the game), in both languages."""

    @property
    def rule(self) -> str:
        return PIN_ALERTS[self.code][0]

    @property
    def en(self) -> str:
        return PIN_ALERTS[self.code][1].format_map(self.fields)

    @property
    def es(self) -> str:
        return PIN_ALERTS[self.code][2].format_map(self.fields)


def _pin_alert(session: TableBase, failure: PinFailure) -> None:
    """Tell the table screen that wrong PINs are being typed (after the third, then
    when the table locks)."""
    if failure.locked_for:
        minutes = max(1, round(failure.locked_for / 60))
        session.raise_alert(
            PinAlert("pin_locked_table", {"count": failure.recent, "minutes": minutes})
        )
    elif failure.recent == 3:
        session.raise_alert(PinAlert("pin_guessing", {"count": failure.recent}))
