"""Amritsar at a real table: its session opened from a log and its runner started.

What it is for: ``companion run`` opens the devices and the log, then asks the
game's adapter to begin (``AmritsarAdapter.begin_table``). Amritsar's own stack
starts here: the session dealt by the companion (or, with ``--setup table``,
read off the table, the companion dealing only the secret draws), the
reconciler that checks every change against camera and sensor board, and the
``TableRunner`` that feeds them. Secret draws always come from the OS;
``--seed`` repeats only the public layout (``dealing``).
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any

from companion.games.amritsar.dealing import Dealer
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.setup_table import SetupWatch, setup_pending
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession


def begin_table(
    args: argparse.Namespace,
    log_path: Path,
    names: list[str],
    *,
    solo: bool,
    hard: bool,
    options: list[str],
    pin: str | None,
    devices: Any,
) -> tuple[TableSession, TableRunner]:
    """Open (or resume) the Amritsar game logged in ``log_path`` and start its runner
    on ``devices`` (``source``, ``lens``, ``link``, ``watchdog`` of ``companion run``)."""
    from_table = args.setup == "table"
    session = open_session(
        log_path,
        names,
        solo=solo,
        hard=hard,
        dealer=None if from_table else Dealer(args.seed),
        options=options,
        game="amritsar",
        pin=pin,
    )
    reconciler = Reconciler(session)
    watch = None
    if from_table and setup_pending(session):
        watch = SetupWatch(session, reconciler, secrets.SystemRandom(), say=print)
        print("Lay out the setup on the table; the companion reads it from the camera.")
        watch.begin()
    elif setup_pending(session):
        print("This game waits for setup draws: run it with --setup table, or enter them.")
    elif session.resumed:
        print(f"Resumed the game logged in {log_path}; the table is checked on the first look.")
        reconciler.expect_layout(
            "The companion restarted: check the table",
            "El asistente se ha reiniciado: revisa la mesa",
        )
    else:
        reconciler.expect_layout(
            "Lay out the table as dealt", "Prepara la mesa como se ha repartido"
        )
    pipeline: Any = None
    if devices.source is not None:
        from vision.pipeline import Pipeline

        humans = sum(1 for seat in session.seats if not seat.is_maharajah)
        pipeline = Pipeline(humans, calibration=devices.lens)
        if getattr(args, "boards_in_view", False):
            from companion.games.amritsar.boards_look import BoardsLook

            players = len(session.state.players)
            pipeline = BoardsLook(pipeline, reconciler, players, devices.lens)
            print("Personal boards: read in the camera's view (hardware/amritsar-boards).")
    runner = TableRunner(
        session,
        reconciler,
        source=devices.source,
        pipeline=pipeline,
        link=devices.link,
        setup=watch,
        watchdog=devices.watchdog,
        fps=args.fps,
    ).start()
    return session, runner
