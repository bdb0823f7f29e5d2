"""The adapter of any game served through its ``Rules`` alone (``RulesSession``).

What it is for: Imhotep, Ceylon, Rajas of the Ganges, and any game added
later, get the shared table (phones, table screen, spectators, start page,
logs) with no code here: the session is a ``RulesSession``, the payloads
``GenericPayloads``, the pages the generic renderer's, and what the start
page offers comes from the optional ``engine.core.game.TableWords``
attributes of the game's ``Rules`` (``player_colours``, ``option_words``).
Nothing in this module names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core.registry import get_rules

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from companion.adapters import TableDevices
    from companion.replay_report import ReplayReport
    from companion.server.payloads import AnyPayloads
    from companion.store import EventStore, LogEntry
    from companion.table_session import TableBase

#: Seat colours for a game whose ``Rules`` name none.
FALLBACK_COLOURS = ("purple", "grey", "pink", "orange")


class RulesAdapter:
    """``GameAdapter`` for the game ``name``, through its registered ``Rules``."""

    own_stack = False

    def __init__(self, name: str):
        self.name = name

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
        from companion.rules_session import RulesSession

        if solo or hard:
            raise ValueError(f"{get_rules(self.name).title_en} has no solo mode")
        return RulesSession.new(
            self.name, names, options=options, public_seed=seed, draws=draws, store=store,
            pin=pin, companions=companions,
        )  # fmt: skip

    def session_before_steps(self, config: dict[str, Any]) -> TableBase:
        from companion.rules_session import rules_session_from_config

        return rules_session_from_config(config)

    def replay_row(self, session: TableBase, entry: LogEntry) -> None:
        from companion.rules_session import RulesSession, replay_row

        assert isinstance(session, RulesSession)
        replay_row(session, entry)

    def payloads(self, session: TableBase) -> AnyPayloads:
        from companion.rules_session import RulesSession
        from companion.server.payload_generic import GenericPayloads

        if not isinstance(session, RulesSession):
            raise TypeError(f"no payloads for a {type(session).__name__}")
        return GenericPayloads(session)

    def catalog(self, payloads: AnyPayloads) -> dict[str, Any]:
        from companion.server.payload_generic import GenericPayloads

        assert isinstance(payloads, GenericPayloads)
        return payloads.catalog()

    def colours(self) -> tuple[str, ...]:
        found = getattr(get_rules(self.name), "player_colours", None)
        return tuple(str(c) for c in found) if found else FALLBACK_COLOURS

    def house_rules(self) -> tuple[dict[str, Any], ...]:
        rules = get_rules(self.name)
        words: dict[str, tuple[str, str]] = getattr(rules, "option_words", {})
        texts: dict[str, tuple[str, str, str, str]] = getattr(rules, "option_texts", {})
        table: tuple[str, ...] = getattr(rules, "table_options", ())
        return tuple(
            {
                "name": n,
                "en": words.get(n, (n, n))[0],
                "es": words.get(n, (n, n))[1],
                "default_en": texts.get(n, ("", "", "", ""))[0],
                "default_es": texts.get(n, ("", "", "", ""))[1],
                "text": texts.get(n, ("", "", "", ""))[2],
                "text_es": texts.get(n, ("", "", "", ""))[3],
                "on": n in table,
            }
            for n in rules.option_names()
        )

    def camera(self) -> bool:
        from vision.games import TABLES

        return self.name in TABLES

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
        from companion.game_camera import attach_camera
        from companion.resume import ResumeError, open_any_session

        try:
            session = open_any_session(
                log_path, self.name, names, options=options, public_seed=args.seed,
                companions=companions,
            )  # fmt: skip
        except ValueError as error:
            raise ResumeError(str(error)) from error
        loop, line = attach_camera(
            session, devices.source, devices.watchdog, devices.lens, fps=args.fps
        )
        print(line)
        if session.resumed:
            print(f"Resumed the game logged in {log_path}.")
        return session, loop

    def demo(self, args: argparse.Namespace) -> int:
        from companion.commands.demo import rules_demo

        return rules_demo(self.name, args)

    def replay_log(self, store: EventStore) -> ReplayReport:
        from companion.replay_steps import check_log

        return check_log(store)

    def export_case(self, report: ReplayReport, seq: int, path: Path) -> None:
        raise KeyError(f"row {seq}: a game served through its rules logs no camera cases")
