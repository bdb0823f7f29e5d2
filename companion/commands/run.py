"""``companion run``: the companion at a real table (each game begins through its adapter).

Made to run unattended (``deploy/amritsar.service``): options may come from a
TOML file (``--config``, see ``companion.config``), the MQTT password from the
environment, output reaches the journal line by line, and systemd is told when
the table is served and, through the watchdog, that the loops are alive
(``companion.service``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion.frame_pace import DEFAULT_FPS
from companion.games import DEFAULT_GAME
from companion.run_options import (
    frame_rate,
    listen_address,
    mqtt_address,
    path_text,
    port_number,
    readable_file,
    readable_file_name,
    whole_number,
)

#: Where each game's log is kept, one file per game (``companion.game_logs``).
DEFAULT_GAMES = (
    Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "amritsar" / "games"
)


#: In the games folder: the file name of the game the table screen started last.
#: A restart (a crash, a power cut, the watchdog) resumes it while it is unfinished.
CURRENT = "current-game"


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, apply
    from companion.service import setup_output

    if args.config is not None:
        try:
            apply(args, args.run_parser, args.config)
        except ConfigError as error:
            for line in str(error).splitlines():  # one line for each bad value
                print(f"companion run: {line}", file=sys.stderr)
            return 2
    from companion.games import GameChoiceError, table_game

    try:
        game = table_game(args.game)
    except GameChoiceError as error:
        print(f"companion run: --game: {error}", file=sys.stderr)
        return 2
    from companion.adapters import adapter_for
    from engine.core.registry import get_rules

    rules = get_rules(game)
    offered = sorted(rule["name"] for rule in adapter_for(game).house_rules())
    other = [o for o in args.house_rule if o not in offered]
    if other:
        print(
            f"companion run: --house-rule {other[0]}: the house rules of "
            f"{rules.title_en} are {', '.join(offered) or 'none'}",
            file=sys.stderr,
        )
        return 2
    from companion.boards_in_view import layout_refusal

    if args.boards_in_view and (refusal := layout_refusal(game)):
        print(f"companion run: {refusal}", file=sys.stderr)
        return 2
    if args.boards_in_view and args.camera == "none":
        print(
            "companion run: --boards-in-view reads the players' boards with the camera; "
            "give --camera, or leave the option out",
            file=sys.stderr,
        )
        return 2
    from companion.checks import camera_problems

    problems = camera_problems(args.camera)
    if problems:
        for problem in problems:
            print(f"companion run: {problem}", file=sys.stderr)
        return 2
    setup_output()  # from here on the service's lines reach the journal as they are written
    names = None if args.players is None else [n.strip() for n in args.players.split(",")]
    names = [n for n in names if n] if names is not None else None
    problem = _players_problem(rules, names, solo=args.solo, hard=args.hard)
    if problem:
        print(f"companion run: {problem}", file=sys.stderr)
        return 2
    if args.setup == "table" and args.camera == "none":
        print(
            "companion run: --setup table reads the setup with the camera; give --camera, "
            "or use --setup dealt to have the companion deal it"
        )
        return 2
    try:
        from companion.server.start import table_pin

        fixed_pin = table_pin(dict(os.environ)) if os.environ.get("AMRITSAR_TABLE_PIN") else None
    except ValueError as error:
        print(f"companion run: {error}", file=sys.stderr)
        return 2
    table = _Table(args)
    try:
        if not table.open_devices():
            return 2
        if names is None and args.resume is None:
            if args.log is None:
                current = _current_unfinished(args.games)
                if current is None:
                    return table.serve_start_page(game)
                print(f"Resuming the table's current game ({current.name}) after a restart.")
                # Served as the start page serves a game, so that once it is over
                # the table's "New game" brings the start page back.
                return table.serve_start_page(game, resume=current)
            elif not _holds_game(args.log):
                return table.serve_start_page(game, log=args.log)
        if args.log is None:  # a new game, unless an unfinished one is chosen
            from companion.game_logs import ChooseError, choose_log

            try:
                args.log = choose_log(
                    args.games, resume=args.resume, ask=input if sys.stdin.isatty() else None
                )
            except ChooseError as error:
                print(f"companion run: --resume: {error}", file=sys.stderr)
                return 2
        from companion.resume import ResumeError

        try:
            session = table.begin(
                args.log,
                names or [],
                solo=args.solo,
                hard=args.hard,
                options=list(args.house_rule),
                game=game,
                pin=fixed_pin[0] if fixed_pin else None,
            )
        except ResumeError as error:
            print(f"companion run: {error}")
            return 2
        return table.serve_game(session)
    finally:
        table.close()


def _holds_game(log: Path) -> bool:
    """Whether ``log`` exists and has a game in it (without creating it)."""
    if not log.exists():
        return False
    from companion.store import EventStore, StoreError

    try:
        store = EventStore(log)
    except StoreError:
        return True  # not ours to overwrite: opening it says why
    try:
        return store.count() > 0
    finally:
        store.close()


def _current_unfinished(folder: Path) -> Path | None:
    """The game the table screen started last, if it is still unfinished."""
    try:
        name = (folder / CURRENT).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    from companion.game_logs import unfinished_games

    if not folder.is_dir():
        return None
    found = [g.path for g in unfinished_games(folder) if g.path.name == name]
    return found[0] if found else None


class _Table:
    """What ``companion run`` holds for one table: the camera, the sensor link, the
    watchdog, and once a game is chosen its session and runner."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.source: Any = None
        self.lens: Any = None
        self.link: Any = None
        self.runner: Any = None
        self.watchdog: Any = None

    def open_devices(self) -> bool:
        """Open the camera and the sensor link; False (said why) when the run cannot go on."""
        args = self.args
        from_table = args.setup == "table"
        if args.camera != "none":
            from vision.lens import CalibrationError, Lens
            from vision.sources import SourceError, open_source

            try:
                self.lens = Lens.load(args.calibration) if args.calibration else None
            except CalibrationError as error:
                print(f"companion run: {error} (companion calibrate capture makes one)")
                return False
            try:
                # The Pi camera in YUV 4:2:0: the Amritsar pipeline reads it as it
                # comes, other games' loops make BGR of it (vision/yuv.py).
                self.source = open_source(args.camera, yuv=True)
                from companion.heap import one_opencv_thread

                one_opencv_thread()  # one set of detection buffers at a time (companion/heap.py)
            except SourceError as error:
                if from_table:
                    print(f"companion run: --setup table needs the camera, which is off ({error})")
                    return False
                print(
                    f"companion run: no camera ({error}); the phones and the sensor board carry on"
                )
        from companion.adapters import open_sensor_link

        self.link = open_sensor_link(args)
        from companion.service import Watchdog, watchdog_period

        period = watchdog_period()
        self.watchdog = Watchdog(period) if period is not None else None
        return True

    def begin(
        self,
        log_path: Path,
        names: list[str],
        *,
        solo: bool,
        hard: bool,
        options: list[str],
        game: str,
        pin: str | None = None,
        companions: dict[int, str] | None = None,
    ) -> Any:
        """Open (or resume) the game logged in ``log_path`` and start its runner, as the
        game's adapter does (``companion.adapters``: its own stack, or the rules'
        session with the game's camera table). A resumed log keeps its own game."""
        from companion.adapters import adapter_for
        from companion.resume import ResumeError, logged_game

        log_path.parent.mkdir(parents=True, exist_ok=True)
        game = logged_game(log_path) or game  # a resumed log keeps its own game
        if self.args.boards_in_view:
            from companion.boards_in_view import layout_refusal

            if refusal := layout_refusal(game):
                raise ResumeError(refusal)
        session, self.runner = adapter_for(game).begin_table(
            self.args, log_path, names, solo=solo, hard=hard, options=options, pin=pin,
            companions=companions, devices=self,
        )  # fmt: skip
        if pin is not None:
            # The table screen's PIN stays the one announced at start, for a resumed
            # game too (whose log keeps the PIN it was begun with).
            session.pin = pin
        return session

    def serve_game(self, session: Any) -> int:
        """Serve ``session`` until stopped (the table screen shows it at once)."""
        from companion.find_table import finding_text
        from companion.server import announce, serve
        from companion.service import exit_cleanly_on_sigterm, when_serving

        args = self.args
        print(announce(session, args.host, args.port))
        print(finding_text(args.host, args.port))
        _say_public_url(args)
        when_serving(args.host, args.port, self.watchdog)
        exit_cleanly_on_sigterm()
        serve(
            session,
            host=args.host,
            port=args.port,
            public_url=args.public_url,
            watchdog=self.watchdog,
        )
        return 0

    def serve_start_page(
        self, game: str, log: Path | None = None, resume: Path | None = None
    ) -> int:
        """Serve the start page until the table screen starts a game, then that game
        (a new one logged in ``log`` when given, else in a new file of --games); with
        ``resume`` (the table's current game after a restart) that game at once, its
        PIN the one it was begun with unless AMRITSAR_TABLE_PIN sets it."""
        import logging

        from companion.find_table import finding_text
        from companion.game_logs import new_log_path
        from companion.resume import ResumeError
        from companion.server.app import create_app
        from companion.server.run import announce, serve_asgi
        from companion.server.start import (
            StartApp,
            StartChoice,
            StartProblem,
            TableSwitch,
            announce_start,
            served_offers,
            table_pin,
        )
        from companion.service import exit_cleanly_on_sigterm, when_serving

        args = self.args
        try:
            pin, from_env = table_pin(dict(os.environ))
        except ValueError as error:
            print(f"companion run: {error}", file=sys.stderr)
            return 2
        folder: Path = args.games
        folder.mkdir(parents=True, exist_ok=True)

        def starter(choice: StartChoice) -> Any:
            path = choice.resume or (log if log is not None else new_log_path(folder))
            if args.boards_in_view and choice.resume is None:
                from companion.boards_in_view import layout_refusal, layout_refusal_es

                if refusal := layout_refusal(choice.game):
                    raise StartProblem("game", refusal, layout_refusal_es(choice.game))
            try:
                session = self.begin(
                    path,
                    list(choice.names),
                    solo=choice.solo,
                    hard=choice.hard,
                    options=list(choice.options),
                    game=choice.game,
                    pin=pin,
                    companions=choice.companion_seats(),
                )
                if choice.hints and choice.resume is None:
                    session.allow_hints(True)
            except ResumeError as error:
                raise StartProblem("resume", str(error), str(error)) from error
            (folder / CURRENT).write_text(path.name + "\n", encoding="utf-8")
            logging.getLogger("companion.start").info("the game is logged in %s", path)
            return session

        first = None
        if resume is not None:
            try:
                first = self.begin(
                    resume, [], solo=False, hard=False, options=[], game=game,
                    pin=pin if from_env else None,
                )  # fmt: skip
            except ResumeError as error:
                print(f"companion run: {error}")
                return 2
            pin = first.pin  # the starter's games and the start page keep it too
        everywhere = args.host in ("0.0.0.0", "::", "")
        offers = sorted(served_offers(), key=lambda offer: offer.name != game)  # --game first
        public_host = urlsplit(args.public_url).hostname if args.public_url else None
        start = StartApp(
            pin=pin,
            games=folder,
            starter=starter,
            offers=offers,
            hosts=[public_host] if public_host else [],
        )

        def leave(session: Any) -> None:
            if self.runner is not None:
                self.runner.stop()
                self.runner = None
            if session.store is not None:
                session.store.close()

        switch = TableSwitch(
            start,
            lambda session: create_app(session, lan_links=everywhere, public_url=args.public_url),
            on_leave=leave,
            first=first,
        )
        if first is not None:
            print(announce(first, args.host, args.port))
        else:
            print(announce_start(from_env, pin, args.host, args.port))
        print(finding_text(args.host, args.port))
        _say_public_url(args)
        when_serving(args.host, args.port, self.watchdog)
        exit_cleanly_on_sigterm()
        serve_asgi(switch, host=args.host, port=args.port, watchdog=self.watchdog)
        return 0

    def close(self) -> None:
        from companion.service import notify

        notify("STOPPING=1")
        if self.watchdog is not None:
            self.watchdog.stop()
        if self.runner is not None:
            self.runner.stop()
        if self.link is not None:
            self.link.close()
        elif self.source is not None and self.runner is None:
            self.source.close()


def _players_problem(rules: Any, names: list[str] | None, *, solo: bool, hard: bool) -> str:
    """What is wrong with ``--players`` / ``--solo`` / ``--hard`` for the game, or ""."""
    if (solo or hard) and not rules.solo:
        return f"{rules.title_en} has no solo game"
    if names is None:
        return ""
    if solo:
        return "" if len(names) == 1 else "a solo game has one player (--players NAME --solo)"
    least, most = max(2, rules.min_players), rules.max_players
    if least <= len(names) <= most:
        return ""
    alone = " or --solo" if rules.solo else ""
    return f"{rules.title_en} is for {least} to {most} players (--players A,B[,C[,D]]){alone}"


def _say_public_url(args: argparse.Namespace) -> None:
    if args.public_url:
        print(f"Phones join at {args.public_url}  (Los móviles se unen en {args.public_url})")


def board_id(text: str) -> str:
    """``--board``: a board id as the firmware's config.json spells it."""
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a board id: 1 to 32 letters, digits, '-' or '_'"
        )
    return text


def public_url(text: str) -> str:
    """``--public-url``: http(s)://name[:port], nothing after it."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/"):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a table address: write it as http://name:port (e.g. "
            "http://mesa.lan:8000)"
        )
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}" + (f":{parts.port}" if parts.port else "")


def _house_rules() -> list[str]:
    """Every house rule of every game served (each game checks its own)."""
    from companion.games import SERVED
    from engine.core.registry import get_rules

    names: set[str] = set()
    for game in SERVED:
        names.update(get_rules(game).option_names())
    return sorted(names)


#: ``companion run --help``: the four games and playing with or without a camera.
RUN_DESCRIPTION = (
    "Serve a game at a real table: Amritsar: The Golden Temple (the default), Imhotep: "
    "Builder of Egypt, Ceylon or Rajas of the Ganges (--game). The players' phones and the "
    "table screen show it on the table's Wi-Fi. With a camera above the table (found "
    "automatically, or --camera) the companion reads the moves and the phones answer only "
    "what it cannot see. Without one (none found, or --camera none) it runs in manual "
    "mode: every decision is answered on the players' phones, no camera or sensor board "
    "needed. Without --players the table screen opens a start page to choose the game "
    "and the players."
)


def register(subparsers: Any) -> None:

    parser = subparsers.add_parser(
        "run",
        help="run the companion at a real table (any of the four games, camera or manual)",
        description=RUN_DESCRIPTION,
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        help="which game is on the table: amritsar (default), imhotep, ceylon or rajas "
        "(Rajas of the Ganges); a resumed log keeps its own",
    )
    parser.add_argument(
        "--players",
        help="player names in seat order, comma separated; without it (and without --log or "
        "--resume) the table screen shows a start page where the players are chosen",
    )
    parser.add_argument(
        "--solo", action="store_true", help="(Amritsar) one player against the Maharajah"
    )
    parser.add_argument(
        "--hard", action="store_true", help="(Amritsar) the Maharajah's harder variant"
    )
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        choices=_house_rules(),
        help="a house rule for what the rulebook leaves open, or a variant (repeatable; "
        "docs/rules-coverage.md; Imhotep: pharaohs-wrath, the B sides)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        help="a TOML file of these options (keys without dashes); the command line wins",
    )
    parser.add_argument(
        "--camera",
        default="auto",
        help="auto (the Pi camera, else the first USB webcam), picamera, a webcam index (0) "
        "or /dev/videoN, a video or image folder, or none: manual mode, every decision "
        "answered on the phones (also when auto finds no camera)",
    )
    parser.add_argument(
        "--calibration",
        type=readable_file,
        help="the camera's lens calibration (companion calibrate capture writes it)",
    )
    parser.add_argument(
        "--serial", default="auto", help="sensor board port, auto to find it, or none"
    )
    parser.add_argument(
        "--mqtt",
        metavar="HOST[:PORT]",
        type=mqtt_address,
        help="use the sensor board over MQTT instead of serial",
    )
    parser.add_argument(
        "--board",
        metavar="ID",
        type=board_id,
        help="the one sensor board this table follows (its board_id); reports of any other "
        "board on the broker are refused with an alert. Without it (over MQTT) no board is "
        "followed until the table screen binds one with the PIN",
    )
    parser.add_argument("--mqtt-user", help="MQTT user name")
    parser.add_argument(
        "--mqtt-password", help="MQTT password (better: the AMRITSAR_MQTT_PASSWORD variable)"
    )
    parser.add_argument(
        "--tls-ca", metavar="FILE", type=readable_file_name, help="CA certificate: MQTT over TLS"
    )
    parser.add_argument(
        "--elephants", type=path_text, help="the elephant pairing file (companion sensors pair)"
    )
    parser.add_argument(
        "--log",
        type=path_text,
        help="this log file, resumed if it holds a game (default: a new game in --games)",
    )
    parser.add_argument(
        "--games",
        type=path_text,
        default=DEFAULT_GAMES,
        help=f"the folder of game logs, one per game (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--resume",
        metavar="NAME",
        help="resume an unfinished game in --games: last, its file name, date or a player's name",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        help="repeat the public layout of this seed (objectives are always dealt from the "
        "operating system's randomness)",
    )
    parser.add_argument(
        "--setup",
        choices=("dealt", "table"),
        default="dealt",
        help="dealt: the companion deals the setup and the players lay it out; table: the "
        "players lay out their own setup and the camera reads it",
    )
    parser.add_argument(
        "--host",
        default="0.0.0.0",
        type=listen_address,
        help="address the phone server listens on",
    )
    parser.add_argument("--port", type=port_number, default=8000, help="1 to 65535")
    parser.add_argument(
        "--fps",
        type=frame_rate,
        default=DEFAULT_FPS,
        help=f"the camera loop reads at most this many frames a second (default {DEFAULT_FPS:g}; "
        "0.1 to 30): the table changes once every few seconds",
    )
    parser.add_argument(
        "--boards-in-view",
        action="store_true",
        help="(Amritsar) the players' personal boards lie beside the main board in the "
        "camera's view (hardware/amritsar-boards): what lands on them is read, not asked; "
        "a game without such a layout refuses it",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        type=public_url,
        help="the address phones open, e.g. http://mesa.lan:8000 when the router gives the "
        "Pi a name: the QR codes link there and requests for that name are accepted",
    )
    parser.set_defaults(func=run, run_parser=parser)
