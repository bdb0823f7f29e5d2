"""``companion demo``: a whole simulated game without hardware.

A game with a stack of its own runs its own demo (its adapter's ``demo``:
Amritsar's is a solo game through the camera and sensor simulation). A game
served through its ``Rules``: a game in manual mode, simulated phones
answering every decision (``companion.sim.generic_demo``);
with ``--camera`` the table's changes reach the session as camera
observations and the phones answer only what the table cannot show
(``companion.sim.camera_demo``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games import DEFAULT_GAME
from companion.sim.sim_players import DEMO_SIMULATED, SIMULATED

if TYPE_CHECKING:
    from companion.sim.demo_watch import Pacer


def run(args: argparse.Namespace) -> int:
    from companion.games import GameChoiceError, table_game

    try:
        game = table_game(args.game)
    except GameChoiceError as error:
        print(f"companion demo: --game: {error}", file=sys.stderr)
        return 2
    from companion.adapters import adapter_for
    from companion.boards_in_view import layout_refusal

    if getattr(args, "boards_in_view", False) and layout_refusal(game):
        print(f"companion demo: {layout_refusal(game)}", file=sys.stderr)
        return 2
    adapter = adapter_for(game)
    if not (adapter.own_stack or args.camera):
        return adapter.demo(args)  # no frames read: OpenCV is not even imported
    from companion.heap import opencv_threads

    with opencv_threads(1):  # half ArUco's buffers (companion/heap.py; issue 35: memory)
        return adapter.demo(args)


def rules_demo(game: str, args: argparse.Namespace) -> int:
    """The demo of a game served through its ``Rules``: simulated phones in manual
    mode, or with ``--camera`` a simulated camera table (``RulesAdapter.demo``)."""
    if args.camera:
        return _camera_demo(game, args)
    return _manual_demo(game, args)


def pacer(args: argparse.Namespace) -> Pacer | None:
    """``--pace`` / ``--step``: what waits between the demo's steps, or ``None``."""
    from companion.sim.demo_watch import Pacer

    pacer = Pacer(args.pace, step=args.step) if args.pace or args.step else None
    if pacer is not None and args.step:
        pacer.listen()
    return pacer


def player_counts() -> str:
    """How many simulated players each other game's demo seats, in words."""
    from companion.adapters import adapter_for
    from companion.games import SERVED
    from engine.core.registry import get_rules

    counts = []
    for name in SERVED:
        if not adapter_for(name).own_stack:
            rules = get_rules(name)
            counts.append(f"{rules.title_en} {rules.min_players}-{rules.max_players}")
    return "the other demos seat " + ", ".join(counts)


def _players(game: str, args: argparse.Namespace) -> int | None:
    """``--players`` (default 3, or the game's most if fewer), or ``None`` after
    saying why the game cannot be played with that many."""
    from engine.core.registry import get_rules

    rules = get_rules(game)
    players: int = args.players or min(3, rules.max_players)
    if not rules.min_players <= players <= rules.max_players:
        print(
            f"companion demo: --players: {rules.title_en} is for {rules.min_players} to "
            f"{rules.max_players} players",
            file=sys.stderr,
        )
        return None
    return players


def _companions(args: argparse.Namespace, players: int) -> dict[int, str] | None:
    """``--companion 2,3``: the seats (numbered from 1) the companion plays, at
    ``--level``; ``None`` after saying what is wrong."""
    if not args.companion:
        return {}
    try:
        seats = [int(part) - 1 for part in args.companion.split(",") if part.strip()]
    except ValueError:
        seats = [-1]
    if not seats or any(not 0 <= s < players for s in seats) or len(set(seats)) >= players:
        print(
            f"companion demo: --companion {args.companion}: give seat numbers 1 to {players}, "
            "comma separated, leaving at least one seat to a simulated person",
            file=sys.stderr,
        )
        return None
    return {seat: args.level for seat in seats}


def _manual_demo(game: str, args: argparse.Namespace) -> int:
    """A game served through its ``Rules``: simulated phones answer every decision."""
    from companion.sim.generic_demo import run_generic_demo

    players = _players(game, args)
    if players is None:
        return 2
    companions = _companions(args, players)
    if companions is None:
        return 2
    session = run_generic_demo(
        game,
        players=players,
        companions=companions,
        seed=args.seed,
        log_path=args.log,
        serve=not args.no_server,
        linger=args.linger,
        host=args.host,
        port=args.port,
        pacer=pacer(args),
        simulated=args.simulated,
    )
    return 0 if session.seat_view(None)["finished"] else 1


def _camera_demo(game: str, args: argparse.Namespace) -> int:
    """A game whose table is read by a camera (rendered frames, else the fake camera)."""
    from companion.sim.camera_demo import run_camera_demo

    players = _players(game, args)
    if players is None:
        return 2
    eye = None
    if args.camera == "fake":
        from companion.sim.fake_camera import FakeCamera

        eye = FakeCamera(game, seed=args.seed)
    report = run_camera_demo(
        game,
        eye=eye,
        players=players,
        seed=args.seed,
        log_path=args.log,
        serve=not args.no_server,
        linger=args.linger,
        host=args.host,
        port=args.port,
        pacer=pacer(args),
        simulated=args.simulated,
    )
    finished = bool(report.session.seat_view(None)["finished"])
    return 0 if finished and report.illegal_put_right and not report.alerts_on_legal_play else 1


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError("give a number of seconds from 0 to 3600")
    return value


#: ``companion demo --help``: the four games, and how each demo is played.
DEMO_DESCRIPTION = (
    "Play a whole simulated game, no hardware needed, served to the phones and the "
    "table screen while it runs. Amritsar: The Golden Temple (the default): one player "
    "against the Maharajah through the simulated camera and sensor board, with one "
    "illegal move on purpose (with --step or --pace its alert stays on the table screen "
    "and her phone until she puts it right at the next step). Imhotep: Builder of Egypt, Ceylon, Rajas of the Ganges (--game "
    "imhotep|ceylon|rajas, --players 2-4): manual mode, as played without a camera: "
    "simulated phones answer every decision, one refused answer and one undo; with "
    "--camera the simulated table is read as a camera would."
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="play a simulated game without hardware (Amritsar solo, or --game NAME)",
        description=DEMO_DESCRIPTION,
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        help="which game to simulate: amritsar (default), imhotep, ceylon or rajas "
        "(Rajas of the Ganges)",
    )
    parser.add_argument("--seed", type=int, default=7, help="which simulated game to play")
    parser.add_argument(
        "--players",
        type=int,
        help="how many simulated players: Imhotep, Ceylon, Rajas of the Ganges 2-4 (default "
        "3); Amritsar's demo is solo, one player against the Maharajah",
    )
    parser.add_argument(
        "--camera",
        nargs="?",
        const="frames",
        choices=("frames", "fake"),
        help="(Imhotep, Ceylon, Rajas) the table's changes reach the companion as camera "
        "observations: 'frames' (the default) renders 12 MP frames of the game's camera "
        "table and reads them back (slow: seconds per move); 'fake' reports the table "
        "with some things unseen, never wrong (fast)",
    )
    parser.add_argument(
        "--companion",
        metavar="SEATS",
        help="(Imhotep, Ceylon, Rajas) seats the companion plays, numbered from 1 and "
        "comma separated (e.g. 2): its moves are shown for the table to carry out",
    )
    parser.add_argument(
        "--level",
        choices=("easy", "normal", "strong"),
        default="normal",
        help="how well the companion plays its seats (default normal)",
    )
    parser.add_argument(
        "--simulated",
        choices=SIMULATED,
        default=DEMO_SIMULATED,
        help=f"how the simulated players play (default {DEMO_SIMULATED}: the companion's own "
        "search, as a good player; casual: the older quick players that sometimes answer at "
        "random; random, greedy, easy, normal: weaker players)",
    )
    parser.add_argument(
        "--boards-in-view",
        action="store_true",
        help="(Amritsar) the players' personal boards lie beside the main board in the "
        "camera's view (hardware/amritsar-boards): a tile action and its follow-ups are "
        "read off the player's board instead of asked on the phone",
    )
    parser.add_argument(
        "--log", type=Path, help="where to write the game's log (default: a temporary folder)"
    )
    parser.add_argument(
        "--no-server", action="store_true", help="do not serve the phone view while playing"
    )
    parser.add_argument(
        "--linger",
        type=float,
        default=0.0,
        help="keep serving the phone view this many seconds after the game",
    )
    parser.add_argument(
        "--pace",
        type=_seconds,
        default=0.0,
        metavar="SECONDS",
        help="wait this long after each step, so a person can follow on a phone",
    )
    parser.add_argument(
        "--step",
        action="store_true",
        help="wait for Enter (or the table screen's 'Next step') before each step",
    )
    parser.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to serve on (default every interface: phones on the network can watch)",
    )
    parser.add_argument(
        "--port", type=int, default=0, help="port to serve on (default any free one)"
    )
    parser.set_defaults(func=run)
