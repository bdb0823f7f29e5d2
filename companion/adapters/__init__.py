"""The per-game seam of the table: ``adapter_for(game)`` answers what differs by game.

What it is for (issue 32, "one table path"): the shared modules (the start
page, the web app, the session factory, resuming a log) ask an adapter
instead of branching on a game's name. A game that needs something of its
own registers an adapter module here (``ADAPTERS``: Amritsar's session,
payloads and pages); every other game is served by ``RulesAdapter``
(``companion.adapters.rules``) through its ``engine.core.game.Rules`` alone,
with no code of its own: its colours and house-rule words are optional
attributes of its ``Rules`` (``engine.core.game.TableWords``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from companion.replay_report import ReplayReport
    from companion.server.payloads import AnyPayloads
    from companion.store import EventStore, LogEntry
    from companion.table_session import TableBase

#: Games with an adapter of their own: name -> module (``module.ADAPTER``). A game
#: not named here is served through its ``Rules`` by ``RulesAdapter``.
ADAPTERS: dict[str, str] = {"amritsar": "companion.games.amritsar.adapter"}


class GameAdapter(Protocol):
    """What the shared table modules need of one game."""

    name: str  # the registry's name (``engine.core.registry``)
    #: Served at a real table by a stack of its own in its game package (its session's
    #: reconciler, sensor board and camera reading, begun by ``begin_table``); False: by
    #: ``RulesSession``, with a camera through ``companion.game_camera`` and the game's
    #: ``vision.games`` table.
    own_stack: bool

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
        """A new session for ``names`` (cleaned, in seat order) with the house rules
        ``options`` (known to the rules), the seats in ``companions`` played by the
        companion at that level: ``ValueError`` in a player's words."""
        ...

    def session_before_steps(self, config: dict[str, Any]) -> TableBase:
        """The session a log's ``game`` row describes, before any step (no store)."""
        ...

    def replay_row(self, session: TableBase, entry: LogEntry) -> None:
        """Apply one logged row again (``ValueError`` and kin if it does not replay)."""
        ...

    def payloads(self, session: TableBase) -> AnyPayloads:
        """The builder of what the phones, the table screen and spectators are sent."""
        ...

    def catalog(self, payloads: AnyPayloads) -> dict[str, Any]:
        """``/api/catalog``: the game's public component names."""
        ...

    def colours(self) -> tuple[str, ...]:
        """The seat colours the start page offers, in the rulebook's order."""
        ...

    def house_rules(self) -> tuple[dict[str, Any], ...]:
        """The house rules the start page offers: name, words and help, both languages."""
        ...

    def camera(self) -> bool:
        """Whether a camera can read this game's table."""
        ...

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
        """``companion run`` at a real table: open (or resume) the game logged in
        ``log_path`` and start what watches the table on ``devices`` (the loop,
        or ``None`` in manual mode); ``ResumeError`` / ``ValueError`` in a player's words."""
        ...

    def demo(self, args: argparse.Namespace) -> int:
        """``companion demo``: a whole simulated game of this game (exit status)."""
        ...

    def replay_log(self, store: EventStore) -> ReplayReport:
        """``companion replay``: the log's inputs fed again to today's companion."""
        ...

    def export_case(self, report: ReplayReport, seq: int, path: Path) -> None:
        """Save the input of row ``seq`` (one of ``report.cases``) as a test case."""
        ...


class TableDevices(Protocol):
    """What ``companion run`` opened before a game was chosen."""

    source: Any  # the camera (``vision.sources``), or None
    lens: Any  # its calibration (``vision.lens.Lens``), or None
    link: Any  # the sensor board's link, or None
    watchdog: Any  # systemd's watchdog (``companion.service.Watchdog``), or None


#: The sensor board under the table (its firmware: ``firmware/amritsar_fw``): the module
#: whose ``open_link(args)`` opens its link for ``companion run --mqtt/--serial``.
SENSOR_BOARD = "companion.games.amritsar.sensors.opening"


def open_sensor_link(args: argparse.Namespace) -> Any:
    """The sensor board's started link ``companion run``'s options ask for, or None."""
    if not args.mqtt and args.serial == "none":
        return None  # the board's packages are not even imported
    return importlib.import_module(SENSOR_BOARD).open_link(args)


def adapter_for(game: str) -> GameAdapter:
    """The adapter of ``game`` (a registry name): its own module, else ``RulesAdapter``."""
    module = ADAPTERS.get(game)
    if module is not None:
        adapter: GameAdapter = importlib.import_module(module).ADAPTER
        return adapter
    from companion.adapters.rules import RulesAdapter

    return RulesAdapter(game)


def adapter_of(session: TableBase) -> GameAdapter:
    """The adapter of the game ``session`` plays."""
    return adapter_for(session.game_name)
