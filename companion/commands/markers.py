"""``companion markers``: the physical kit's files, and a check of a photo.

- ``companion markers sheets --out DIR [--paper letter]``: the sticker sheets
  as true-size A4 (or Letter) PDFs (``pieces.pdf`` for pieces and tiles, ``board.pdf`` for the board's
  corners, coin spots and market cells);
- ``companion markers plan``: the marker plan as CSV (which id is which piece);
- ``companion markers layout``: the default board layout as JSON, to copy and
  adjust to a real board (then pass it with ``--layout``);
- ``companion markers read PHOTO``: read a photo of the table and print the
  snapshot as JSON, to check stickers and layout before a game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.games import DEFAULT_GAME, SERVED


def _write(text: str, out: str | None) -> None:
    if out:
        Path(out).write_text(text, encoding="utf-8")
        print(f"wrote {out}")
    else:
        sys.stdout.write(text)


def _plan(path: str | None) -> Any:
    from vision.plan import DEFAULT_PLAN, MarkerPlan

    if path is None:
        return DEFAULT_PLAN
    return MarkerPlan.from_csv(Path(path).read_text(encoding="utf-8"))


def _kit(args: argparse.Namespace) -> Any:
    """The game's ``vision.games.<game>.kit`` module, or None for a game with its own
    camera stack (Amritsar's: ``vision``'s own plan and layout)."""
    import importlib

    from companion.adapters import adapter_for

    game = getattr(args, "game", DEFAULT_GAME)
    if adapter_for(game).own_stack:
        return None
    return importlib.import_module(f"vision.games.{game}.kit")


def run_sheets(args: argparse.Namespace) -> int:
    from vision.layout import load_layout
    from vision.sheets import board_sheet, component_sheets

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    kit = _kit(args)
    if kit is not None:
        for name, data in kit.sheets(args.paper).items():
            (out / name).write_bytes(data)
            print(f"wrote {out / name}: print at 100 % (actual size)")
        return 0
    plan = _plan(args.plan)
    layout = load_layout(args.layout)
    (out / "pieces.pdf").write_bytes(component_sheets(plan, paper=args.paper))
    (out / "board.pdf").write_bytes(board_sheet(plan, layout, paper=args.paper))
    print(f"wrote {out / 'pieces.pdf'} and {out / 'board.pdf'}: print at 100 % (actual size)")
    return 0


def run_plan(args: argparse.Namespace) -> int:
    kit = _kit(args)
    _write(kit.plan_csv() if kit is not None else _plan(args.plan).to_csv(), args.out)
    return 0


def run_layout(args: argparse.Namespace) -> int:
    from vision.layout import default_layout

    kit = _kit(args)
    _write(kit.layout_json() if kit is not None else default_layout().to_json(), args.out)
    return 0


def run_read(args: argparse.Namespace) -> int:
    import cv2

    from vision.layout import load_layout
    from vision.pipeline import Pipeline
    from vision.sources import Frame

    image = cv2.imread(args.photo, cv2.IMREAD_COLOR)
    if image is None:
        print(f"error: {args.photo} is not a readable image", file=sys.stderr)
        return 2
    pipeline = Pipeline(args.players, layout=load_layout(args.layout), plan=_plan(args.plan))
    snapshot = None
    for n in range(pipeline.stabiliser.confirm + 1):
        snapshot = pipeline.process(Frame(image=image, number=n, time=float(n)))
    assert snapshot is not None
    if pipeline.registration is None or not pipeline.registration.ok:
        print("error: fewer than two board corner markers are visible", file=sys.stderr)
        return 1
    print(json.dumps(snapshot.to_dict(), indent=1))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "markers", help="print marker sheets, plan, layout; read a photo"
    )
    sub = parser.add_subparsers(dest="markers_command", required=True, metavar="ACTION")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--plan", help="marker plan CSV (default: the built-in plan)")
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument("--game", choices=sorted(SERVED), default=DEFAULT_GAME)

    sheets = sub.add_parser("sheets", parents=[common, game], help="true-size sticker sheets (PDF)")
    sheets.add_argument("--out", default=".", help="folder for pieces.pdf and board.pdf")
    sheets.add_argument("--layout", help="board layout JSON (default: built-in)")
    sheets.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size")
    sheets.set_defaults(func=run_sheets)

    plan = sub.add_parser("plan", parents=[common, game], help="the marker plan as CSV")
    plan.add_argument("--out", help="file to write (default: print)")
    plan.set_defaults(func=run_plan)

    layout = sub.add_parser("layout", parents=[game], help="the default board layout as JSON")
    layout.add_argument("--out", help="file to write (default: print)")
    layout.set_defaults(func=run_layout)

    read = sub.add_parser("read", parents=[common], help="read a photo of the table")
    read.add_argument("photo")
    read.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    read.add_argument("--layout", help="board layout JSON (default: built-in)")
    read.set_defaults(func=run_read)
