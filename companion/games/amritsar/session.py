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
from collections.abc import Sequence
from typing import Any

from companion.games import DEFAULT_GAME
from companion.games.amritsar.dealing import Dealer
from companion.rules_session import RulesSession
from companion.store import EventStore
from companion.table_session import (
    Alert,
    Listener,
    LogLine,
    Outcome,
    Seat,
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
    Action,
    Event,
    Game,
    GameState,
    MaharajahTurn,
    decision,
    default_catalog,
    describe_action,
    describe_objective,
    legal_actions,
    maharajah_report,
    objective_value,
    order_prompt,
    parse_action,
    score,
    section_words,
    view,
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


class TableSession(RulesSession):
    """One game of Amritsar at one table. All methods are thread-safe.

    A ``RulesSession`` over Amritsar's rules (the same answers, steps, undo,
    narrowing, forced answers and the rules' own opponent taken unasked), with
    what only Amritsar has: the setup dealt by a ``Dealer``, the Maharajah's
    card, the objectives on the owner's phone, its own view for its pages.
    """

    bot_source = "maharajah"  # the reconciler asks the table to carry out his turn

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
        self.table_draws = True  # in play, a draw is read off the table, never dealt
        self.logs_automatic = False  # his turns and forced answers are derived on replay
        self.maharajah_card: dict[str, Any] | None = None
        self.maharajah_turn: MaharajahTurn | None = None

    # -- construction --------------------------------------------------------

    @classmethod
    def new(  # type: ignore[override]  # Amritsar's own: solo, hard, a Dealer
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

    def _dealt_draws(self, state: Any) -> list[Any]:
        """None: the ``Dealer`` made the setup draws; in play every draw is taken
        from the table (the camera, else the table screen), never dealt."""
        return []

    def _after_play(self, before: Any, action: Any, events: list[Any]) -> None:
        if self.state.maharajah is not None:
            self._show_maharajah_turn(events)

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

    def _answer(self, seat: int | None, action_text: str, state_id: int) -> Outcome:
        if self.ended:
            return self._ended_outcome()
        if state_id != self.state_id:
            return self._stale_outcome()
        try:
            action = parse_action(action_text)
        except ValueError as error:
            return self._not_an_action(error)
        top = self.state.pending[-1] if self.state.pending else None
        decider = top.player if top is not None else None
        if decider != seat and not (decider == CHANCE and seat is None):
            return self._not_yours(decider)
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
                offered = [
                    a
                    for a in (self.narrowed if self.narrowed is not None else legal_actions(state))
                    if isinstance(a, Action)
                ]
                options = [
                    {
                        "action": str(a),
                        "en": describe_action(state, a, "en"),
                        "es": describe_action(state, a, "es"),
                    }
                    for a in offered
                ]
            sheets = []
            for sheet in self.memo.get(state, "score", lambda: score(state)):
                lines: list[dict[str, Any]] = [
                    {
                        "category": line.category,
                        "amount": line.amount,
                        "component": line.component,
                        "rule": line.rule,
                        "rule_en": line.rule,
                        "rule_es": section_words(line.rule)[1],
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
