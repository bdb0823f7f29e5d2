"""``companion games``: the games the companion knows and how far the table serves each.

What it is for: before ``companion run --game NAME`` an owner asks which names
exist, for how many players, and whether the table (phones, camera, sensors)
serves the game yet or only its rules exist. Titles in English and Spanish;
``--lang es`` gives the headings and status in Spanish, ``--json`` the same
facts for scripts.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games import GameInfo

HEADINGS = {
    "en": ("game", "title", "título", "players", "table"),
    "es": ("juego", "title", "título", "jugadores", "mesa"),
}


def _players(info: GameInfo, language: str) -> str:
    """ "2-4"; "1-4, solo" when one player plays against the game's own opponent."""
    if not info.built:
        return "-"
    if not info.solo:
        return info.players
    return f"{info.players}, {'en solitario' if language == 'es' else 'solo'}"


def run(args: argparse.Namespace) -> int:
    from companion.games import game_list

    games = game_list()
    if args.json:
        rows = [
            {
                "name": g.name,
                "title_en": g.title_en,
                "title_es": g.title_es,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "solo": g.solo,
                "rules": g.built,
                "served": g.served,
                "manual": g.manual,
                "camera": g.camera,
            }
            for g in games
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    rows_text = [HEADINGS[args.lang]] + [
        (g.name, g.title_en or "-", g.title_es or "-", _players(g, args.lang), g.status(args.lang))
        for g in games
    ]
    widths = [max(len(row[i]) for row in rows_text) for i in range(len(rows_text[0]))]
    for row in rows_text:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the games: titles, players, whether the table serves them",
        description="List every game the companion knows: its --game name, title in "
        "English and Spanish, player counts, and whether the table serves it yet.",
    )
    parser.add_argument("--lang", choices=("en", "es"), default="en", help="language of the list")
    parser.add_argument("--json", action="store_true", help="the same facts as JSON")
    parser.set_defaults(func=run)
