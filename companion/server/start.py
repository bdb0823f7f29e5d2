"""The table screen's start page: a game chosen at the table instead of in a config file.

``companion run`` without players (the systemd service's case) serves this
page until a game begins. The table screen shows a form: the game (one entry
per game the table serves), how many players, their names and colours, solo
against the Maharajah or not, and the house rules with their text; and the
unfinished games it can resume. Starting or resuming needs the table PIN
announced when the companion started (a guest on the Wi-Fi cannot start or
restart a game), is rate limited like every PIN, and is logged.

``StartApp`` is the start page's small web app; ``TableSwitch`` is the ASGI
app the server runs: the start app until the starter (``companion run``'s)
has built the game's session (or from the start, the game a restart resumed),
then that game's full app
(``companion.server.app.create_app``), whose lifespan it runs; once that game
is over, the table menu's "New game" (PIN) brings the start page back. The game is a
parameter throughout: the starter receives a ``StartChoice`` naming it.
"""

import asyncio
import logging
import socket
import unicodedata
from collections.abc import Callable, Iterable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import Receive, Scope, Send

from companion.companion_seat import LEVELS as COMPANION_LEVELS
from companion.companion_seat import can_play
from companion.games import DEFAULT_GAME
from companion.server.address import lan_addresses
from companion.server.app import SECURITY_HEADERS, STATIC, table_pin_header
from companion.server.gate import Gate
from companion.server.guard import PinFailure, PinGuard, share_guard
from companion.server.pages import page_shell
from companion.server.past_games import PastGames
from engine.core.registry import get_rules

log = logging.getLogger("companion.start")

#: Longest player name, in characters (a seat label on the board and the phones).
MAX_NAME = 24
#: Most entries any list in the form may have, before the game's own limits.
MAX_LIST = 8

#: Colour names in Spanish (the pieces' colours as the Spanish rulebook says them).
COLOURS_ES = {
    "purple": "morado",
    "grey": "gris",
    "pink": "rosa",
    "orange": "naranja",
    "black": "negro",
    "white": "blanco",
    "brown": "marrón",
    "red": "rojo",
    "blue": "azul",
    "green": "verde",
    "yellow": "amarillo",
}


class StartProblem(ValueError):
    """The form cannot start a game: which field, and why, in both languages."""

    def __init__(self, field: str, en: str, es: str, code: str = "bad_start") -> None:
        super().__init__(f"{field}: {en}")
        self.field = field
        self.en = en
        self.es = es
        self.code = code


class StartBody(BaseModel):
    """What the start form sends (every part bounded; the game's limits checked after)."""

    game: str = Field(DEFAULT_GAME, max_length=40)
    names: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=MAX_LIST
    )
    colours: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=MAX_LIST
    )
    solo: bool = False
    hard: bool = False
    options: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list, max_length=32)
    resume: str | None = Field(None, max_length=200, description="an unfinished game's file name")
    #: per row of ``names``: whether the companion plays that seat (no phone joins it)
    companion: list[bool] = Field(default_factory=list, max_length=MAX_LIST)
    level: str = Field("normal", max_length=20, description="how well the companion plays")
    hints: bool = Field(False, description="the deciding phone may ask for the best answers")


@dataclass(frozen=True)
class StartChoice:
    """A checked choice: a new game of ``game`` (names in seat order) or ``resume``."""

    game: str
    names: tuple[str, ...] = ()
    solo: bool = False
    hard: bool = False
    options: tuple[str, ...] = ()
    resume: Path | None = None
    #: the seats (after seating) the companion plays, and how well
    companions: tuple[int, ...] = ()
    level: str = "normal"
    hints: bool = False  # the deciding phone may ask for the companion's best answers

    def companion_seats(self) -> dict[int, str]:
        """Seat -> level, for ``companion.games.new_table_session``."""
        return {seat: self.level for seat in self.companions}

    def describe(self) -> str:
        """One line for the log."""
        if self.resume is not None:
            return f"resumed {self.resume.name}"
        who = ", ".join(self.names) + (" (solo against the Maharajah)" if self.solo else "")
        rules = f"; house rules: {', '.join(self.options)}" if self.options else ""
        bots = (
            f"; the companion ({self.level}) plays "
            + ", ".join(self.names[s] for s in self.companions)
            if self.companions
            else ""
        )
        return f"a new game of {self.game} for {who}{rules}{bots}"


@dataclass(frozen=True)
class GameOffer:
    """One game the form offers, with what its rows, colours and house rules may be."""

    name: str
    title_en: str
    title_es: str
    min_players: int
    max_players: int
    solo: bool
    colours: tuple[str, ...]
    house_rules: tuple[dict[str, Any], ...] = ()
    #: the companion can play a seat of it (``companion.companion_seat``)
    companion: bool = False

    @property
    def fewest(self) -> int:
        """The fewest players of a game that is not solo (the registry counts solo as 1)."""
        return max(2, self.min_players) if self.solo else self.min_players

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title_en": self.title_en,
            "title_es": self.title_es,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "solo": self.solo,
            "colours": [{"name": c, "en": c, "es": COLOURS_ES.get(c, c)} for c in self.colours],
            "house_rules": list(self.house_rules),
            "companion": self.companion,
            "companion_excludes": list(
                getattr(get_rules(self.name), "companion_excludes", {}) if self.companion else []
            ),
            "levels": [
                {"name": name, "en": en, "es": es} for name, (en, es) in COMPANION_LEVELS.items()
            ]
            if self.companion
            else [],
        }


def served_offers() -> list[GameOffer]:
    """Every game the table serves (``companion.games.game_list``), as the form offers it."""
    from companion.adapters import adapter_for
    from companion.games import game_list

    offers = []
    for info in game_list():
        if not info.served:
            continue
        adapter = adapter_for(info.name)
        offers.append(
            GameOffer(
                info.name,
                info.title_en,
                info.title_es,
                info.min_players,
                info.max_players,
                info.solo,
                adapter.colours(),
                adapter.house_rules(),
                companion=not adapter.own_stack and can_play(get_rules(info.name)),
            )
        )
    return offers


def clean_name(raw: str) -> str:
    """A name as the seat shows it: spaces collapsed, no control characters."""
    return " ".join(raw.split())


def check(body: StartBody, offers: list[GameOffer], unfinished: list[Path]) -> StartChoice:
    """The choice ``body`` makes, or ``StartProblem`` naming the first wrong field."""
    by_name = {offer.name: offer for offer in offers}
    offer = by_name.get(body.game.strip().lower())
    if offer is None:
        served = ", ".join(by_name) or "none"
        raise StartProblem(
            "game",
            f"the table does not serve {body.game!r}; it serves: {served}",
            f"la mesa no sirve {body.game!r}; sirve: {served}",
        )
    if body.resume is not None:
        found = [path for path in unfinished if path.name == body.resume]
        if not found:
            raise StartProblem(
                "resume",
                "that game is not among the unfinished games (finished, or not here); "
                "look at the list again",
                "esa partida no está entre las partidas sin terminar (ya terminó o no está "
                "aquí); vuelve a mirar la lista",
            )
        return StartChoice(offer.name, resume=found[0])
    names = [clean_name(n) for n in body.names]
    for index, name in enumerate(names, start=1):
        where = f"names.{index}"
        if not name:
            raise StartProblem(
                where, f"player {index} needs a name", f"el jugador {index} necesita un nombre"
            )
        if len(name) > MAX_NAME:
            raise StartProblem(
                where,
                f"player {index}'s name is {len(name)} characters; at most {MAX_NAME}",
                f"el nombre del jugador {index} tiene {len(name)} caracteres; como mucho "
                f"{MAX_NAME}",
            )
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise StartProblem(
                where,
                f"player {index}'s name has a character that cannot be shown",
                f"el nombre del jugador {index} tiene un carácter que no se puede mostrar",
            )
    folded = [n.casefold() for n in names]
    for index, name in enumerate(folded, start=1):
        if name in folded[: index - 1]:
            raise StartProblem(
                f"names.{index}",
                f"two players are called {names[index - 1]}: give each a different name",
                f"dos jugadores se llaman {names[index - 1]}: dale a cada uno un nombre distinto",
            )
    if body.solo:
        if not offer.solo:
            raise StartProblem(
                "solo",
                f"{offer.title_en} has no solo game",
                f"{offer.title_es} no tiene modo solitario",
            )
        if len(names) != 1:
            raise StartProblem(
                "names",
                f"a solo game has one player, not {len(names)}",
                f"una partida en solitario tiene un jugador, no {len(names)}",
            )
    elif not offer.fewest <= len(names) <= offer.max_players:
        raise StartProblem(
            "names",
            f"{offer.title_en} is for {offer.fewest} to {offer.max_players} players, "
            f"not {len(names)}" + (" (or one, solo)" if offer.solo else ""),
            f"{offer.title_es} es para {offer.fewest} a {offer.max_players} jugadores, "
            f"no {len(names)}" + (" (o uno, en solitario)" if offer.solo else ""),
        )
    if body.hard and not body.solo:
        raise StartProblem(
            "hard",
            "the harder Maharajah is for a solo game",
            "el marajá difícil es para una partida en solitario",
        )
    in_play = offer.colours[: len(names)]
    colours = list(body.colours) or list(in_play)
    if len(colours) != len(names):
        raise StartProblem(
            "colours",
            f"give one colour per player ({len(names)}), not {len(colours)}",
            f"da un color por jugador ({len(names)}), no {len(colours)}",
        )
    for index, colour in enumerate(colours, start=1):
        if colour not in in_play:
            shown = ", ".join(in_play)
            shown_es = ", ".join(COLOURS_ES.get(c, c) for c in in_play)
            raise StartProblem(
                f"colours.{index}",
                f"with {len(names)} player(s) the pieces played are {shown}; {colour!r} is "
                "not one of them",
                f"con {len(names)} jugador(es) se juega con las piezas {shown_es}; "
                f"{COLOURS_ES.get(colour, colour)!r} no es una de ellas",
            )
        if colour in colours[: index - 1]:
            raise StartProblem(
                f"colours.{index}",
                f"{colour} is taken by {names[colours.index(colour)]}: one colour per player",
                f"{COLOURS_ES.get(colour, colour)} ya es de {names[colours.index(colour)]}: "
                "un color por jugador",
            )
    known = {rule["name"] for rule in offer.house_rules}
    for index, option in enumerate(body.options, start=1):
        if option not in known:
            raise StartProblem(
                f"options.{index}",
                f"{offer.title_en} has no house rule {option!r}",
                f"{offer.title_es} no tiene la regla de la casa {option!r}",
            )
    played = check_companions(body, offer, names)
    # Seats follow the colours' order: seat i plays the game's i-th colour.
    seated = sorted(zip(colours, names, played, strict=True), key=lambda row: in_play.index(row[0]))
    return StartChoice(
        offer.name,
        names=tuple(name for _, name, _ in seated),
        solo=body.solo,
        hard=body.hard,
        options=tuple(dict.fromkeys(body.options)),
        companions=tuple(seat for seat, (_, _, bot) in enumerate(seated) if bot),
        level=body.level,
        hints=body.hints,
    )


def check_companions(body: StartBody, offer: GameOffer, names: list[str]) -> list[bool]:
    """Per row: whether the companion plays it; ``StartProblem`` for a wrong choice."""
    played = list(body.companion) + [False] * (len(names) - len(body.companion))
    if len(played) != len(names):
        raise StartProblem(
            "companion",
            f"say for each of the {len(names)} players whether the companion plays it",
            f"di para cada uno de los {len(names)} jugadores si lo juega el compañero",
        )
    if body.hints and not offer.companion:
        raise StartProblem(
            "hints",
            f"the companion gives no hints in {offer.title_en}",
            f"el compañero no da pistas en {offer.title_es}",
        )
    if not any(played):
        return played
    if not offer.companion:
        raise StartProblem(
            "companion",
            f"the companion does not play a seat of {offer.title_en}"
            + (": play solo against its own opponent" if offer.solo else ""),
            f"el compañero no juega un puesto de {offer.title_es}"
            + (": juega en solitario contra su propio rival" if offer.solo else ""),
        )
    if all(played):
        raise StartProblem(
            "companion",
            "at least one seat must be a person's",
            "al menos un puesto tiene que ser de una persona",
        )
    excluded: dict[str, tuple[str, str]] = getattr(get_rules(offer.name), "companion_excludes", {})
    for option in body.options:
        if option in excluded:
            raise StartProblem("companion", *excluded[option])
    if body.level not in COMPANION_LEVELS:
        raise StartProblem(
            "level",
            f"the companion plays {', '.join(COMPANION_LEVELS)}, not {body.level!r}",
            f"el compañero juega {', '.join(es for _, es in COMPANION_LEVELS.values())}, "
            f"no {body.level!r}",
        )
    return played


@dataclass
class UnfinishedGame:
    """An unfinished game the start page offers to resume."""

    file: str
    started: float
    names: list[str]
    totals: list[int]
    solo: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "started": self.started,
            "names": self.names,
            "totals": self.totals,
            "solo": self.solo,
        }


def unfinished_in(folder: Path, past: PastGames | None = None) -> list[UnfinishedGame]:
    """The unfinished games logged in ``folder``, newest first (read through ``past``,
    which keeps each log's summary until its file changes)."""
    if not folder.is_dir():
        return []
    past = past or PastGames(folder)
    return [
        UnfinishedGame(g.path.name, g.started, list(g.names), list(g.totals), g.solo)
        for g in past.list()
        if g.unfinished
    ]


Starter = Callable[[StartChoice], Any]
"""Builds and starts the chosen game; returns its ``TableSession`` or raises ``StartProblem``."""


@dataclass
class StartApp:
    """The start page's web app and what it needs: the PIN, the games and the logs."""

    pin: str
    games: Path
    starter: Starter
    switch: "TableSwitch | None" = None
    hosts: Iterable[str] = ()
    offers: list[GameOffer] = field(default_factory=served_offers)
    #: The logs' summaries, each read once per change of its file; the public count of
    #: unfinished games is answered from it alone (never a replay: ``PastGames.cached``).
    past: PastGames | None = None

    #: The PIN's limits for the table's whole run: the start page's and every game's.
    guard: PinGuard | None = None

    def __post_init__(self) -> None:
        if self.past is None:
            self.past = PastGames(self.games)
        if self.guard is None:
            self.guard = PinGuard(self.check_pin)

    def check_pin(self, candidate: str) -> bool:
        import secrets

        return secrets.compare_digest(self.pin.encode(), candidate.encode("utf-8", "surrogatepass"))

    def build(self) -> FastAPI:
        return _build(self)


def _refusal(code: str, en: str, es: str, status: int, fields: list[str] | None = None) -> Response:
    body = {"ok": False, "state_id": 0, "code": code, "en": en, "es": es, "rule": ""}
    body["fields"] = fields or []
    return JSONResponse(body, status_code=status)


def _wrong_pin_logged(failure: PinFailure) -> None:
    log.warning(
        "%d wrong table PINs typed on the start page in the last minutes%s",
        failure.recent,
        f"; locked for {failure.locked_for:.0f} s" if failure.locked_for else "",
    )


def _build(spec: StartApp) -> FastAPI:
    app = FastAPI(
        title="Table companion: start a game",
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
    )
    guard = spec.guard
    assert guard is not None
    if spec.past is not None and spec.games.is_dir():
        spec.past.refresh()  # the logs read once, in the background, before anyone asks
    starting = asyncio.Lock()

    class PinRefused(Exception):
        def __init__(self, response: Response):
            self.response = response

    @app.exception_handler(PinRefused)
    async def pin_refused(request: Request, error: PinRefused) -> Response:
        return error.response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        fields = [".".join(str(p) for p in e["loc"] if p != "body") for e in error.errors()]
        problems = "; ".join(
            f"{f or 'body'}: {e['msg']}" for f, e in zip(fields, error.errors(), strict=True)
        )
        return _refusal(
            "bad_request",
            f"The request is not well formed: {problems}",
            f"La petición está mal formada: {problems}",
            422,
            [f for f in fields if f],
        )

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        response.headers["Cache-Control"] = "no-store"
        return response

    def table(request: Request, pin: Annotated[str | None, Depends(table_pin_header)]) -> str:
        client = request.client.host if request.client else "unknown"
        verdict = guard.attempt(client, pin, spec.check_pin)
        if verdict.ok:
            return client
        if verdict.failure is not None:
            _wrong_pin_logged(verdict.failure)
        if verdict.missing:
            response = _refusal(
                "pin_missing",
                "Type the table PIN shown when the companion started.",
                "Escribe el PIN de la mesa que se mostró al arrancar el compañero.",
                403,
                ["pin"],
            )
        elif verdict.locked:
            seconds = max(1, round(verdict.retry_after))
            response = _refusal(
                "pin_locked",
                f"Too many wrong PINs; try again in {seconds} s.",
                f"Demasiados PIN incorrectos; vuelve a intentarlo en {seconds} s.",
                429,
                ["pin"],
            )
            response.headers["Retry-After"] = str(seconds)
        else:
            response = _refusal(
                "bad_pin",
                "That is not the table PIN.",
                "Ese no es el PIN de la mesa.",
                403,
                ["pin"],
            )
        raise PinRefused(response)

    Client = Annotated[str, Depends(table)]

    shell = page_shell("start")  # none of the game pages' sheets (pages.py)
    for route in ("/", "/table", "/play", "/watch"):

        def page() -> HTMLResponse:
            return HTMLResponse(shell)

        app.add_api_route(route, page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/start/choices")
    def choices() -> dict[str, Any]:
        """What the form offers: the games served, their colours and house rules, the
        limits, and how many unfinished games there are (the list itself needs the PIN)."""
        assert spec.past is not None
        known = spec.past.cached() if spec.games.is_dir() else []
        return {
            "games": [offer.to_dict() for offer in spec.offers],
            "max_name": MAX_NAME,
            "unfinished": sum(1 for game in known if game.unfinished),
        }

    @app.get("/api/start/unfinished")
    def unfinished(client: Client) -> list[dict[str, Any]]:
        """The unfinished games that can be resumed, newest first (table PIN)."""
        return [game.to_dict() for game in unfinished_in(spec.games, spec.past)]

    @app.post("/api/start")
    async def start(body: StartBody, client: Client) -> Response:
        """Start the chosen game, or resume an unfinished one (table PIN); then the
        table screen is this game's and shows the seats' QR codes."""
        async with starting:
            if spec.switch is not None and spec.switch.session is not None:
                return _refusal(
                    "already_started",
                    "A game has already been started on this table: reload the page.",
                    "Ya se ha empezado una partida en esta mesa: recarga la página.",
                    409,
                )
            try:
                paths = [spec.games / g.file for g in unfinished_in(spec.games, spec.past)]
                choice = check(body, spec.offers, paths)
                session = await run_in_threadpool(spec.starter, choice)
            except StartProblem as problem:
                log.info("the start page refused to start a game: %s", problem)
                return _refusal(problem.code, problem.en, problem.es, 409, [problem.field])
            log.info("started from the table screen (%s): %s", client, choice.describe())
            if spec.switch is not None:
                await spec.switch.switch_to(session)
        return JSONResponse(
            {
                "ok": True,
                "state_id": 0,
                "code": "started",
                "en": "The game has started.",
                "es": "La partida ha empezado.",
            }
        )

    names = [*spec.hosts, socket.gethostname(), socket.gethostname() + ".local"]
    app.add_middleware(Gate, hosts=names)
    return app


class TableSwitch:
    """The ASGI app served: the start page until a game starts, then the game's app.

    ``make_app`` builds the game's app from its session (``create_app``); its
    lifespan (the live hub) is entered when the game starts and left when the
    server stops."""

    def __init__(
        self,
        start: StartApp,
        make_app: Callable[[Any], Any],
        on_leave: Callable[[Any], None] | None = None,
        first: Any = None,
    ):
        start.switch = self
        self.spec = start
        #: A game already begun (resumed after a restart): served from the start, and
        #: once over its "New game" still brings the start page back.
        self.first = first
        self.start_app = start.build()
        self.current: Any = self.start_app
        self.make_app = make_app
        #: Called (in a worker thread) with a game's session when the table leaves it.
        self.on_leave = on_leave
        self.session: Any = None
        self._stack = AsyncExitStack()

    async def switch_to(self, session: Any) -> None:
        if self.spec.guard is not None:
            share_guard(session, self.spec.guard)  # a new game resets no PIN limit
        app = self.make_app(session)
        app.state.new_game = self.back_to_start  # the game's table menu, once it is over
        await self._stack.enter_async_context(app.router.lifespan_context(app))
        self.session = session
        self.current = app

    async def back_to_start(self) -> None:
        """Leave the game (over) for the start page: its live hub and runner stop."""
        session, self.session = self.session, None
        hub = getattr(getattr(self.current, "state", None), "hub", None)
        if hub is not None:
            hub.leaving = True  # its players' links die with the game (hub: game_left)
        self.current = self.start_app
        stack, self._stack = self._stack, AsyncExitStack()
        await stack.aclose()
        if self.on_leave is not None and session is not None:
            await run_in_threadpool(self.on_leave, session)
        if self.spec.past is not None and self.spec.games.is_dir():
            self.spec.past.refresh()  # the game's log changed: read once, in the background
        log.info("the table screen left the game for the start page")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await self.current(scope, receive, send)
            return
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if self.first is not None:
                    first, self.first = self.first, None
                    await self.switch_to(first)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self._stack.aclose()
                await send({"type": "lifespan.shutdown.complete"})
                return


def announce_start(pin_from_env: bool, pin: str, host: str, port: int) -> str:
    """Lines for the journal: where the table screen is, and its PIN."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = next(iter(lan_addresses()), "localhost")
    where = "the PIN set in AMRITSAR_TABLE_PIN" if pin_from_env else f"PIN {pin}"
    return (
        f"Table screen: http://{shown}:{port}/table   ({where})\n"
        "No game yet: choose the game and the players on the table screen, "
        "or resume an unfinished one there."
    )


def table_pin(environ: dict[str, str]) -> tuple[str, bool]:
    """The table PIN: ``AMRITSAR_TABLE_PIN`` when set (6 to 12 digits), else six random
    digits; and whether it came from the environment. ``ValueError`` names a bad one."""
    import secrets

    given = environ.get("AMRITSAR_TABLE_PIN", "").strip()
    if not given:
        return f"{secrets.randbelow(10**6):06d}", False
    if not (given.isascii() and given.isdigit() and 6 <= len(given) <= 12):
        raise ValueError("AMRITSAR_TABLE_PIN must be 6 to 12 digits")
    return given, True
