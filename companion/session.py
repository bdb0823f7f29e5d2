"""Amritsar's table session: one game at one table, and everything that may change it.

The game-independent part (seats, links, PIN, listeners, log, alerts, undo,
end) is ``companion.table_session.TableBase``; this subclass adds Amritsar's
own: the Maharajah, objectives, the reconciler's entry points. Other games are
served by ``companion.rules_session.RulesSession``.

The session owns the game record (``engine.amritsar.Game``), the seats, the
event log, the alerts and the prompts. Every change comes through one of its
methods, under one lock, from whichever part noticed it: a phone answering a
prompt (``answer``), a button on the sensor board or a phone (``press``), the
reconciler applying what the camera saw (``apply_actions``), an undo. Each
change is logged before it is acted on, raises ``state_id`` by one, and is
announced to the listeners (the web server) after the lock is released.

Decisions the table cannot show (which resource, which tile action, follow or
not) are prompts on the deciding player's phone. Any pending decision may be
answered from the deciding player's phone, so a table without a camera still
plays ("manual mode"). The solo Maharajah never waits for anyone: his turn is
applied as soon as it is pending, and his card (trace and instructions) shown.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from companion.dealing import Dealer
from companion.games import DEFAULT_GAME
from companion.store import EventStore
from companion.table_session import (
    Alert,
    Listener,
    LogLine,
    Outcome,
    Seat,
    TableBase,
    Update,
)
from engine.amritsar import (
    CHANCE,
    CHANCE_KINDS,
    HIDDEN_DECISIONS,
    MAHARAJAH,
    MAHARAJAH_SEAT,
    OPTIONS,
    PLAYER_COLOURS,
    Act,
    Action,
    Event,
    Game,
    GameState,
    MaharajahTurn,
    Pending,
    apply,
    decision,
    default_catalog,
    describe_action,
    describe_done,
    describe_objective,
    legal_actions,
    maharajah_report,
    objective_value,
    observe,
    order_prompt,
    parse_action,
    score,
    view,
    why_illegal,
)

__all__ = [
    "Alert",
    "Listener",
    "LogLine",
    "Outcome",
    "Seat",
    "TableSession",
    "Update",
    "default_names",
]


class TableSession(TableBase):
    """One game of Amritsar at one table. All methods are thread-safe."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        store: EventStore | None = None,
        pin: str | None = None,
    ):
        super().__init__(game, seats, store=store, pin=pin)
        self.game: Game = game
        #: Entries the companion took for a player without asking (a forced
        #: answer); the simulated table follows them.
        self.auto_entries: set[int] = set()
        self.maharajah_card: dict[str, Any] | None = None
        self.maharajah_turn: MaharajahTurn | None = None
        #: The reconciler's list of moves the table owes (shown on every view).
        self.checklist_provider: Callable[[], dict[str, Any] | None] | None = None
        #: What the camera last saw (the reconciler's), for the table screen's alert marks.
        self.seen_provider: Callable[[], Any] | None = None
        self.on_apply: list[Callable[[GameState, Action, list[Event]], None]] = []
        #: When set, a pending decision's options are narrowed to these (the camera
        #: saw something that only some answers explain); cleared on every change.
        self.narrowed: tuple[Action, ...] | None = None
        self.narrowed_note: tuple[str, str] | None = None
        #: Every step applied, as (source, actions): what ``companion replay`` compares.
        self.step_log: list[tuple[str, tuple[Action, ...]]] = []

    # -- construction --------------------------------------------------------

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        *,
        solo: bool = False,
        hard: bool = False,
        seed: int | None = None,
        colours: Sequence[str] | None = None,
        store: EventStore | None = None,
        pin: str | None = None,
        dealer: Dealer | None = None,
        options: Sequence[str] = (),
    ) -> TableSession:
        """A new game; ``names`` are the human players in seat order, ``options``
        the house rules chosen (``engine.amritsar.options``).

        ``dealer`` makes the setup draws (secret ones from the OS); a bare
        ``seed`` deals everything from one seeded stream (tests, the demo)."""
        players = len(names)
        colours = list(colours or default_catalog().rules.player_colours)
        game = Game.new(
            players, solo=solo, hard=hard, seed=None if dealer else seed, options=tuple(options)
        )
        if dealer is not None:
            dealer.deal(game)
        seats = [
            Seat(i, name, colours[i], secrets.token_urlsafe(16)) for i, name in enumerate(names)
        ]
        if solo:
            seats.append(
                Seat(MAHARAJAH_SEAT, "Maharajah", colours[MAHARAJAH_SEAT], "", is_maharajah=True)
            )
        session = cls(game, seats, store=store, pin=pin)
        if store is not None:
            store.append(
                "game",
                {
                    "game": DEFAULT_GAME,  # which game's rules replay this log
                    "names": list(names),
                    "solo": solo,
                    "hard": hard,
                    "options": list(game.options),
                    "colours": colours,
                    "tokens": [s.token for s in seats],
                    "pin": session.pin,
                    "setup": [str(e.action) for e in game.entries],
                },
            )
        session._run_automatic()
        return session

    # -- reading ---------------------------------------------------------------

    @property
    def state(self) -> GameState:
        state: GameState = self.game.state
        return state

    # -- changing ----------------------------------------------------------------

    def _play(self, action: Action, source: str) -> list[Event]:
        """Apply one action (already checked); the caller logged the step."""
        state = self.state
        seat = state.pending[-1].player if state.pending else None
        private = action.kind in (Act.SETUP_OBJECTIVE, Act.UPGRADE_OBJECTIVE) or (
            action.kind is Act.CHANCE and state.pending[-1].kind == Pending.CHANCE_OBJECTIVE
        )
        owner = seat
        if action.kind is Act.CHANCE and state.pending[-1].kind == Pending.CHANCE_OBJECTIVE:
            owner = state.pending[-1].a  # the objective is dealt to this seat
        line = LogLine(
            describe_done(state, action, "en"),
            describe_done(state, action, "es"),
            seat if seat is not None and seat >= 0 else None,
            owner if private else None,
        )
        events = self.game.play(action, check=False)
        self.log.append(line)
        if self.state.maharajah is not None:
            self._show_maharajah_turn(events)
        for hook in self.on_apply:
            hook(state, action, events)
        return events

    def _show_maharajah_turn(self, events: list[Event]) -> None:
        """His card for the table: the trace and the moves, each to be ticked.

        Also after a human action that moved his pieces (an end of decade or
        of the game carried on by the human's decision)."""
        turn = maharajah_report(events, self.state)
        if turn is None:
            return
        self.maharajah_turn = turn
        self.maharajah_card = {
            "decade": turn.decade,
            "round": turn.round,
            "pp_gained": turn.pp_gained,
            "trace": [{"en": t.en, "es": t.es} for t in turn.trace],
            "instructions": [
                {"en": i.en, "es": i.es, "done": False, "checked": bool(i.observed)}
                for i in turn.all_instructions
            ],
        }

    def _run_automatic(self) -> bool:
        """Carry out decisions nobody at the table takes (the solo Maharajah).

        Returns whether he played."""
        played = False
        while not self.state.finished and self.state.pending:
            top = self.state.pending[-1]
            actions = legal_actions(self.state)
            if len(actions) != 1:
                break
            if top.player != MAHARAJAH:
                if not self._forced_and_unseen(actions[0]):
                    break
                self._play(actions[0], "forced")  # nobody is asked a forced answer
                self.auto_entries.add(len(self.game.entries) - 1)
                continue
            self._play(actions[0], "maharajah")
            played = True
        return played

    def _forced_and_unseen(self, action: Action) -> bool:
        """A player's only legal answer that changes nothing the table shows.

        Taken without asking (issue 16: never ask a forced answer). One that
        moves something on the table is left for the camera to see, so the
        companion never runs ahead of the pieces."""
        top = self.state.pending[-1]
        if not 0 <= top.player < len(self.state.players):
            return False
        after, _ = apply(self.state, action, check=False)
        return observe(after) == observe(self.state)

    def apply_actions(self, actions: Sequence[Action], source: str, *, log: bool = True) -> Outcome:
        """Apply a sequence as one undoable step (the reconciler's entry point).

        The step is written to the event log before anything is applied; the
        Maharajah's turns that follow are not logged: they are derived again
        on replay. ``log=False`` is for that replay.
        """
        with self._lock:
            outcome = self._apply(actions, source, log=log)
        if outcome.ok:
            self._announce(source)
        return outcome

    def _apply(self, actions: Sequence[Action], source: str, *, log: bool = True) -> Outcome:
        """``apply_actions`` without the announcement; the caller holds the lock."""
        if self.ended:
            return self._ended_outcome()
        probe = self.state
        for action in actions:
            reason = why_illegal(probe, action)
            if reason is not None:
                return Outcome.refused(self.state_id, reason)
            probe, _ = apply(probe, action, check=False)
        if log:
            self._log("step", {"actions": [str(a) for a in actions], "source": source})
        before = self.state
        self.step_log.append((source, tuple(actions)))
        self.steps.append(len(self.game.entries))
        for action in actions:
            self._play(action, source)
        if self._run_automatic():
            source = "maharajah"  # the table now owes his moves too
        self.narrowed = None
        self.narrowed_note = None
        self.state_id += 1
        for hook in self.on_step:
            hook(before, self.state, source)
        return Outcome(True, self.state_id)

    def _answer(self, seat: int | None, action_text: str, state_id: int) -> Outcome:
        if self.ended:
            return self._ended_outcome()
        if state_id != self.state_id:
            return self._stale_outcome()
        try:
            action = parse_action(action_text)
        except ValueError as error:
            return Outcome(
                False,
                self.state_id,
                "bad_action",
                f"That is not an action: {error}",
                f"Eso no es una acción: {error}",
            )
        top = self.state.pending[-1] if self.state.pending else None
        decider = top.player if top is not None else None
        if decider != seat and not (decider == CHANCE and seat is None):
            who = self._who(decider)
            return Outcome(
                False,
                self.state_id,
                "not_your_decision",
                f"This decision belongs to {who[0]}.",
                f"Esta decisión le corresponde a {who[1]}.",
            )
        self._log("answer", {"seat": seat, "action": action_text, "state_id": state_id})
        return self._apply([action], "phone")

    def _who(self, decider: int | None) -> tuple[str, str]:
        if decider is None:
            return ("nobody", "nadie")
        if decider == CHANCE:
            return ("the table (setup)", "la mesa (preparación)")
        if decider == MAHARAJAH:
            return ("the Maharajah", "el marajá")
        if not 0 <= decider < len(self.seats):
            return ("nobody", "nadie")
        seat = self.seats[decider]
        return (seat.name, seat.name)

    def narrow(self, options: Sequence[Action], note_en: str, note_es: str) -> None:
        """Offer only these answers to the pending decision (the camera ruled out the rest)."""
        with self._lock:
            self.narrowed = tuple(options)
            self.narrowed_note = (note_en, note_es)
            self.state_id += 1
        self._announce("narrowed")

    def note(self, en: str, es: str) -> None:
        """A line in the game's log for everyone: something the companion read or did."""
        with self._lock:
            self.log.append(LogLine(en, es, None))
            self.state_id += 1
        self._announce("note")

    def _after_undo(self) -> None:
        self.auto_entries = {i for i in self.auto_entries if i < len(self.game.entries)}
        self.narrowed = None
        self.narrowed_note = None

    # -- views -------------------------------------------------------------------

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        """Everything a phone (or, with ``None``, the table screen) may show."""
        with self._lock:
            state = self.state
            d = decision(state)
            mine = d.player == seat and seat is not None
            prompt = order_prompt(state) or (d.prompt_en, d.prompt_es)
            options = []
            if mine or (seat is None and d.player == CHANCE):
                offered = self.narrowed if self.narrowed is not None else legal_actions(state)
                options = [
                    {
                        "action": str(a),
                        "en": describe_action(state, a, "en"),
                        "es": describe_action(state, a, "es"),
                    }
                    for a in offered
                ]
            sheets = []
            for sheet in score(state):
                lines: list[dict[str, Any]] = [
                    {
                        "category": line.category,
                        "amount": line.amount,
                        "component": line.component,
                        "rule": line.rule,
                        "en": line.label_en,
                        "es": line.label_es,
                        "provisional": line.provisional,
                    }
                    for line in sheet.lines
                    if state.finished or not line.provisional or sheet.seat == seat
                ]
                visible_provisional = sum(
                    int(item["amount"]) for item in lines if item["provisional"]
                )
                sheets.append(
                    {
                        "seat": sheet.seat,
                        "total": sheet.total,
                        "provisional_total": sheet.total + visible_provisional,
                        "winner": sheet.winner,
                        "donations": sheet.extra.get("donations", 0),
                        "lines": lines,
                    }
                )
            return {
                "state_id": self.state_id,
                "seat": seat,
                "seats": [s.public() for s in self.seats],
                "game": view(state, seat),
                "decision": {
                    "kind": d.kind.name,
                    "seat": d.player if d.player >= 0 else None,
                    "who_en": self._who(d.player)[0],
                    "who_es": self._who(d.player)[1],
                    "en": prompt[0],
                    "es": prompt[1],
                    "hidden": d.kind in HIDDEN_DECISIONS,
                    "note_en": self.narrowed_note[0] if self.narrowed_note else "",
                    "note_es": self.narrowed_note[1] if self.narrowed_note else "",
                    "chance": d.kind in CHANCE_KINDS,
                    "mine": mine,
                },
                "options": options,
                "house_rules": [{"en": OPTIONS[n].en, "es": OPTIONS[n].es} for n in state.options],
                "scores": sheets,
                "objectives": self._objectives(seat),
                "alerts": [
                    a.to_dict() for a in self.alerts if a.seat in (None, seat) or seat is None
                ],
                "maharajah": self.maharajah_card,
                "checklist": self.checklist_provider() if self.checklist_provider else None,
                "log": [
                    {"en": line.en, "es": line.es, "seat": line.seat}
                    for line in self.log[-40:]
                    if line.private_to is None or line.private_to == seat
                ],
                "finished": state.finished,
                "ended": self.ended,
            }

    def _objectives(self, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or seat >= len(self.state.players):
            return []
        state = self.state
        p = state.players[seat]
        result = []
        for placed, objectives in ((True, p.objectives), (False, p.objective_hand)):
            for index in objectives:
                if index < 0:
                    continue
                objective = state.catalog.objectives[index]
                result.append(
                    {
                        "id": objective.id,
                        "en": describe_objective(objective, "en"),
                        "es": describe_objective(objective, "es"),
                        "placed": placed,
                        "worth": objective_value(state, seat, objective),
                    }
                )
        return result


def default_names(players: int) -> list[str]:
    return [colour.title() for colour in PLAYER_COLOURS[:players]]
