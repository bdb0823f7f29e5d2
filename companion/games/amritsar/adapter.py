"""Amritsar's adapter: its own session, payloads, pages and start-page offer.

What it is for: the one place the shared table modules reach what is
Amritsar's alone (``companion.adapters.adapter_for("amritsar")``), so they
name no game: its session with the Maharajah (``session.TableSession``, a
``RulesSession`` dealt by a ``Dealer``), its payloads (``payload.Payloads``, a
``GenericPayloads``), its pages and its start-page offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from companion.adapters import TableDevices
    from companion.replay_report import ReplayReport
    from companion.server.payloads import AnyPayloads
    from companion.store import EventStore, LogEntry
    from companion.table_session import TableBase


#: Why a seat cannot be the companion's in Amritsar (the start page and ``companion run``).
NO_COMPANION_SEAT = "in Amritsar the companion plays the Maharajah: choose a solo game against him"


class AmritsarAdapter:
    """``GameAdapter`` for Amritsar (``companion.games.amritsar.session.TableSession``)."""

    name = "amritsar"
    own_stack = True  # its reconcile/, sensors/ and runner.py, in this package

    def new_session(
        self,
        names: Sequence[str],
        options: Sequence[str],
        *,
        store: EventStore | None,
        pin: str | None,
        seed: int | None,
        solo: bool,
        hard: bool,
        draws: str,
        companions: dict[int, str] | None = None,
    ) -> TableBase:
        from companion.games.amritsar.dealing import Dealer
        from companion.games.amritsar.session import TableSession

        if companions:
            raise ValueError(NO_COMPANION_SEAT)

        if solo and len(names) != 1:
            raise ValueError("a solo game of Amritsar has one player")
        if not solo and not 2 <= len(names) <= 4:
            raise ValueError(f"Amritsar is for 2 to 4 players (or 1 solo), not {len(names)}")
        return TableSession.new(
            list(names),
            solo=solo,
            hard=hard,
            store=store,
            pin=pin,
            dealer=Dealer(seed),
            options=tuple(options),
        )

    def session_before_steps(self, config: dict[str, Any]) -> TableBase:
        from companion.games.amritsar.resume import session_from_config

        return session_from_config(config)

    def replay_row(self, session: TableBase, entry: LogEntry) -> None:
        from companion.games.amritsar.session import TableSession
        from companion.resume import ResumeError
        from engine.amritsar import parse_action

        assert isinstance(session, TableSession)
        if entry.kind == "step":
            actions = [parse_action(text) for text in entry.payload["actions"]]
            source = str(entry.payload.get("source", "log"))
            outcome = session.apply_actions(actions, source, log=False)
            if not outcome.ok:
                raise ResumeError(f"log row {entry.seq} does not replay: {outcome.en}")
        elif entry.kind == "undo":
            session.undo(log=False)
        elif entry.kind == "seat":  # a seat renamed or given a new phone link
            index = int(entry.payload["index"])
            seats = list(session.seats)
            seats[index] = replace(
                seats[index], name=str(entry.payload["name"]), token=str(entry.payload["token"])
            )
            session.seats = tuple(seats)
        elif entry.kind == "joined":  # a phone joined with the seat's link in force then
            index = int(entry.payload["index"])
            session.joined[index] = session.seats[index].token
        elif entry.kind == "hints":  # the table allowed hints (companion.hints)
            session.allow_hints(bool(entry.payload.get("on")), log=False)
        elif entry.kind == "end":
            session.ended = True

    def payloads(self, session: TableBase) -> AnyPayloads:
        from companion.games.amritsar.payload import Payloads
        from companion.games.amritsar.session import TableSession

        if not isinstance(session, TableSession):
            raise TypeError(f"no payloads for a {type(session).__name__}")
        return Payloads(session)

    def catalog(self, payloads: AnyPayloads) -> dict[str, Any]:
        from companion.games.amritsar.payload import Payloads, catalog_payload

        assert isinstance(payloads, Payloads)
        return catalog_payload(payloads.session.state)

    def colours(self) -> tuple[str, ...]:
        from engine.amritsar import default_catalog

        return tuple(default_catalog().rules.player_colours)

    def house_rules(self) -> tuple[dict[str, Any], ...]:
        from engine.amritsar import OPTIONS

        return tuple(
            {
                "name": o.name,
                "en": o.en,
                "es": o.es,
                "default_en": o.default_en,
                "default_es": o.default_es,
                "text": o.text,
                "text_es": o.text_es,
            }
            for o in OPTIONS.values()
        )

    def begin_table(
        self,
        args: argparse.Namespace,
        log_path: Path,
        names: list[str],
        *,
        solo: bool,
        hard: bool,
        options: list[str],
        pin: str | None,
        companions: dict[int, str] | None,
        devices: TableDevices,
    ) -> tuple[TableBase, Any]:
        from companion.games.amritsar.table import begin_table
        from companion.resume import ResumeError

        if companions:
            raise ResumeError(NO_COMPANION_SEAT)
        return begin_table(
            args, log_path, names, solo=solo, hard=hard, options=options, pin=pin,
            devices=devices,
        )  # fmt: skip

    def demo(self, args: argparse.Namespace) -> int:
        from companion.games.amritsar.sim.demo_command import amritsar_demo

        return amritsar_demo(args)

    def replay_log(self, store: EventStore) -> ReplayReport:
        from companion.games.amritsar.replay import replay

        return replay(store)

    def export_case(self, report: ReplayReport, seq: int, path: Path) -> None:
        from companion.games.amritsar.replay import export_case

        export_case(report, seq, path)

    def camera(self) -> bool:
        return True  # its own camera stack (``companion.reconcile``)


ADAPTER = AmritsarAdapter()
