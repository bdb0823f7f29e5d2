"""``companion run``: the companion at a real table (see ``companion.runner``).

Made to run unattended (``deploy/amritsar.service``): options may come from a
TOML file (``--config``, see ``companion.config``), the MQTT password from the
environment, output reaches the journal line by line, and systemd is told when
the table is served and, through the watchdog, that the loops are alive
(``companion.service``).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path
from typing import Any

#: Where each game's log is kept, one file per game (``companion.game_logs``).
DEFAULT_GAMES = (
    Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "amritsar" / "games"
)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, apply
    from companion.dealing import Dealer
    from companion.service import (
        Watchdog,
        exit_cleanly_on_sigterm,
        notify,
        setup_output,
        watchdog_period,
        when_serving,
    )

    if args.config is not None:
        try:
            apply(args, args.run_parser, args.config)
        except ConfigError as error:
            print(f"companion run: {error}", file=sys.stderr)
            return 2
    from companion.games import GameChoiceError, table_game

    try:
        game = table_game(args.game)
    except GameChoiceError as error:
        print(f"companion run: --game: {error}", file=sys.stderr)
        return 2
    if game != "amritsar":
        return run_manual(game, args)
    from engine.amritsar import OPTIONS

    other = [o for o in args.house_rule if o not in OPTIONS]
    if other:
        print(
            f"companion run: --house-rule {other[0]}: Amritsar's house rules are "
            f"{', '.join(sorted(OPTIONS))}",
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
    from companion.find_table import finding_text
    from companion.reconcile.reconciler import Reconciler
    from companion.reconcile.setup_table import SetupWatch, setup_pending
    from companion.resume import ResumeError, open_session
    from companion.runner import TableRunner
    from companion.sensors import SensorLink
    from companion.server import announce, serve

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if args.solo and len(names) != 1:
        print("companion run: a solo game has one player (--players NAME --solo)")
        return 2
    if not args.solo and not 2 <= len(names) <= 4:
        print("companion run: Amritsar is for 2 to 4 players (--players A,B[,C[,D]]) or --solo")
        return 2
    from_table = args.setup == "table"
    if from_table and args.camera == "none":
        print(
            "companion run: --setup table reads the setup with the camera; give --camera, "
            "or use --setup dealt to have the companion deal it"
        )
        return 2
    source = pipeline = None
    if args.camera != "none":
        from vision.lens import CalibrationError, Lens
        from vision.pipeline import Pipeline
        from vision.sources import SourceError, open_source

        try:
            lens = Lens.load(args.calibration) if args.calibration else None
        except CalibrationError as error:
            print(f"companion run: {error} (companion calibrate capture makes one)")
            return 2
        try:
            source = open_source(args.camera)
        except SourceError as error:
            if from_table:
                print(f"companion run: --setup table needs the camera, which is off ({error})")
                return 2
            print(f"companion run: no camera ({error}); the phones and the sensor board carry on")
        else:
            pipeline = Pipeline(1 if args.solo else len(names), calibration=lens)
    if args.log is None:  # a new game, unless an unfinished one is chosen
        from companion.game_logs import ChooseError, choose_log

        try:
            args.log = choose_log(
                args.games, resume=args.resume, ask=input if sys.stdin.isatty() else None
            )
        except ChooseError as error:
            print(f"companion run: --resume: {error}", file=sys.stderr)
            return 2
    args.log.parent.mkdir(parents=True, exist_ok=True)
    # A new game is dealt by the companion (the players lay the table out as it
    # shows), or with --setup table read from the table, the companion dealing
    # only the secret draws. Secret draws always come from the OS; --seed
    # repeats only the public layout (companion.dealing).
    try:
        session = open_session(
            args.log,
            names,
            solo=args.solo,
            hard=args.hard,
            dealer=None if from_table else Dealer(args.seed),
            options=args.house_rule,
            game=game,
        )
    except ResumeError as error:
        print(f"companion run: {error}")
        if source is not None:
            source.close()
        return 2
    reconciler = Reconciler(session)
    watch = None
    if from_table and setup_pending(session):
        watch = SetupWatch(session, reconciler, secrets.SystemRandom(), say=print)
        print("Lay out the setup on the table; the companion reads it from the camera.")
        watch.begin()
    elif setup_pending(session):
        print("This game waits for setup draws: run it with --setup table, or enter them.")
    elif session.resumed:
        print(f"Resumed the game logged in {args.log}; the table is checked on the first look.")
        reconciler.expect_layout(
            "The companion restarted: check the table",
            "El asistente se ha reiniciado: revisa la mesa",
        )
    else:
        reconciler.expect_layout(
            "Lay out the table as dealt", "Prepara la mesa como se ha repartido"
        )
    link: SensorLink | None = None
    if args.mqtt:
        from companion.sensors import MqttLink, MqttSettings
        from companion.sensors.mqtt_link import TlsOptions

        host, _, port = args.mqtt.partition(":")
        tls = TlsOptions(ca_certs=args.tls_ca) if args.tls_ca else None
        link = MqttLink(
            MqttSettings(
                host=host,
                port=int(port) if port else (8883 if tls else 1883),
                username=args.mqtt_user,
                password=args.mqtt_password or os.environ.get("AMRITSAR_MQTT_PASSWORD"),
                tls=tls,
            ),
            args.elephants,
        ).start()
    elif args.serial != "none":
        from companion.sensors import SerialLink

        link = SerialLink(None if args.serial == "auto" else args.serial, args.elephants).start()
    period = watchdog_period()
    watchdog = Watchdog(period) if period is not None else None
    runner = TableRunner(
        session,
        reconciler,
        source=source,
        pipeline=pipeline,
        link=link,
        setup=watch,
        watchdog=watchdog,
    ).start()
    print(announce(session, args.host, args.port))
    print(finding_text(args.host, args.port))
    when_serving(args.host, args.port, watchdog)
    exit_cleanly_on_sigterm()
    try:
        serve(session, host=args.host, port=args.port)
    finally:
        notify("STOPPING=1")
        if watchdog is not None:
            watchdog.stop()
        runner.stop()
        if link is not None:
            link.close()
    return 0


def run_manual(game: str, args: argparse.Namespace) -> int:
    """A game served through its ``Rules`` in manual mode: the phones answer every
    decision; no camera or sensor board is used (``--camera``/``--serial`` ignored)."""
    from companion.game_logs import ChooseError, choose_log
    from companion.resume import ResumeError, open_any_session
    from companion.server import announce, serve
    from companion.service import exit_cleanly_on_sigterm, setup_output
    from engine.core.registry import get_rules

    rules = get_rules(game)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if args.solo or args.hard:
        print(f"companion run: {rules.title_en} has no solo game", file=sys.stderr)
        return 2
    if not rules.min_players <= len(names) <= rules.max_players:
        print(
            f"companion run: {rules.title_en} is for {rules.min_players} to "
            f"{rules.max_players} players (--players A,B[,C[,D]])",
            file=sys.stderr,
        )
        return 2
    unknown = [o for o in args.house_rule if o not in rules.option_names()]
    if unknown:
        print(
            f"companion run: --house-rule {unknown[0]}: {rules.title_en}'s house rules are "
            f"{', '.join(rules.option_names()) or 'none'}",
            file=sys.stderr,
        )
        return 2
    setup_output()
    if args.log is None:
        try:
            args.log = choose_log(
                args.games, resume=args.resume, ask=input if sys.stdin.isatty() else None
            )
        except ChooseError as error:
            print(f"companion run: --resume: {error}", file=sys.stderr)
            return 2
    args.log.parent.mkdir(parents=True, exist_ok=True)
    try:
        session = open_any_session(
            args.log, game, names, options=list(args.house_rule), public_seed=args.seed
        )
    except (ResumeError, ValueError) as error:
        print(f"companion run: {error}", file=sys.stderr)
        return 2
    print(
        f"{rules.title_en}, manual mode: every decision is answered on the players' phones "
        "(no camera or sensor board for this game yet)."
    )
    if session.resumed:
        print(f"Resumed the game logged in {args.log}.")
    print(announce(session, args.host, args.port))
    exit_cleanly_on_sigterm()
    serve(session, host=args.host, port=args.port)
    return 0


def _house_rules() -> list[str]:
    """Every house rule of every game served (each game checks its own)."""
    from companion.games import SERVED
    from engine.core.registry import get_rules

    names: set[str] = set()
    for game in SERVED:
        names.update(get_rules(game).option_names())
    return sorted(names)


def register(subparsers: Any) -> None:

    parser = subparsers.add_parser("run", help="run the companion at a real table")
    parser.add_argument(
        "--game",
        default="amritsar",
        help="which game is on the table (default amritsar; a resumed log keeps its own)",
    )
    parser.add_argument(
        "--players", default="Ana,Ben", help="player names in seat order, comma separated"
    )
    parser.add_argument("--solo", action="store_true", help="one player against the Maharajah")
    parser.add_argument("--hard", action="store_true", help="the Maharajah's harder variant")
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
        "or /dev/videoN, a video or image folder, or none",
    )
    parser.add_argument(
        "--calibration",
        type=Path,
        help="the camera's lens calibration (companion calibrate capture writes it)",
    )
    parser.add_argument(
        "--serial", default="auto", help="sensor board port, auto to find it, or none"
    )
    parser.add_argument(
        "--mqtt", metavar="HOST[:PORT]", help="use the sensor board over MQTT instead of serial"
    )
    parser.add_argument("--mqtt-user", help="MQTT user name")
    parser.add_argument(
        "--mqtt-password", help="MQTT password (better: the AMRITSAR_MQTT_PASSWORD variable)"
    )
    parser.add_argument("--tls-ca", metavar="FILE", help="CA certificate: MQTT over TLS")
    parser.add_argument(
        "--elephants", type=Path, help="the elephant pairing file (companion sensors pair)"
    )
    parser.add_argument(
        "--log",
        type=Path,
        help="this log file, resumed if it holds a game (default: a new game in --games)",
    )
    parser.add_argument(
        "--games",
        type=Path,
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
        type=int,
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
    parser.add_argument("--host", default="0.0.0.0", help="address the phone server listens on")
    parser.add_argument("--port", type=int, default=8000)
    parser.set_defaults(func=run, run_parser=parser)
