"""A table session for any registered game, driven only by the ``Rules`` protocol.

What it is for: Imhotep and Ceylon (and any game registered in
``engine.core.registry``) are served at the table in manual mode: every
decision is a prompt on the deciding seat's phone, answered with one of the
legal actions the rules list (a button reads ``option_text``: the game's
imperative ``describe_option`` where it has one; the history reads
``Rules.describe_action``), in English and Spanish.

With a camera (``use_camera``; ``companion run`` when the game has a table in
``vision.games``): each settled observation goes to ``on_observation``, which
asks ``companion.reconcile.generic`` what it shows. A move the table shows is
applied and logged like a phone's step (source ``camera``), so a restart
replays it; an ambiguous one becomes a question on the deciding phone with
only the answers that fit the table; a refused physical move or a table that
nothing explains raises an alert on the table screen with the rule and the
fix, withdrawn once the table is put right. Public draws are then taken from
the table (a card turned face up) or entered on the table screen, never
dealt; the phones answer only what the table cannot show.

Chance done in the open: a die rolled at the table (Rajas of the Ganges) is
never invented. A game whose rules name the seat that performs a public chance
decision (``entered_at_table(state)``: the roller) waits for that phone to enter
what came up (the table, with its PIN, may enter it too), whatever ``draws`` says.

Chance: any other public draw (a market card, a round card) is dealt by the companion,
from ``random.Random(public_seed)`` when a seed is given (to lay out the same
table twice; the demo) else from the operating system. A secret draw (a card
into a hand: ``Decision.secret_for``) never comes from a seed: with
``draws="deal"`` the companion deals it from ``secrets.SystemRandom``; with
``draws="phones"`` the drawer's phone says what was drawn from the real deck
(the only phone offered the outcomes). Either way the outcome is redacted from
everyone else: other seats' views come from ``Rules.view(state, seat)``, the
log lines and the record from ``Rules.privacy`` (``engine.core.record``).

Every step (a phone's answer and the public draws it caused) is written to the
event log before it is applied, so ``resume_rules_session`` rebuilds the same
game from the log. Undo takes back one step; a phone may not undo a step that
revealed a draw (that would allow a redraw): the table (PIN) can.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from companion.hints import Hints
from companion.reconcile.generic import (
    Verdict,
    describe_differences,
    differences_text,
)
from companion.reconcile.traceless import reconcile_settled
from companion.store import EventStore, LogEntry
from companion.table_session import LogLine, Outcome, Seat, TableBase
from engine.core.game import Decision, Rules, option_text
from engine.core.observation import Observation
from engine.core.physical import distance
from engine.core.reasons import Reason, ReasonTable
from engine.core.record import Record
from engine.core.registry import get_rules
from engine.core.scoring import ScoreSheet
from engine.core.seats import BOT, CHANCE, NOBODY

#: How secret draws are made: dealt by the companion from the OS, or entered on the drawer's phone.
DRAW_MODES = ("deal", "phones")

#: What the companion says about a table the camera reads (any game).
TABLE_WORDS = ReasonTable(
    "table",
    {
        "table_differs": (
            "",
            "The table does not match the game: {what}.",
            "La mesa no coincide con la partida: {what_es}.",
        ),
        "fix_differs": (
            "",
            "Put those pieces back as the table screen shows them, or answer the move on the phone.",
            "Deja esas piezas como las muestra la pantalla de la mesa, o responde la jugada en el móvil.",
        ),
        "undo_table": (
            "",
            "A move was undone in the game; the table still shows it: {what}.",
            "Se deshizo una jugada en la partida; la mesa aún la muestra: {what_es}.",
        ),
        "fix_undo": (
            "",
            "Put those pieces back as they were before the move.",
            "Devuelve esas piezas a como estaban antes de la jugada.",
        ),
        "not_on_table": (
            "",
            "The table shows another move: answer one of the moves offered.",
            "La mesa muestra otra jugada: responde una de las jugadas ofrecidas.",
        ),
    },
)
#: The prompt of a question the camera could not settle alone.
WHICH_EN = "The table shows a move that could be any of these: which one was it?"
WHICH_ES = "La mesa muestra una jugada que puede ser cualquiera de estas: ¿cuál fue?"


class _Question:
    """An ambiguous move on the table: who chooses, among what, at which state."""

    def __init__(self, state_id: int, candidates: Sequence[Hashable], asker: int | None):
        self.state_id = state_id
        self.candidates = list(candidates)
        self.asker = asker


class RulesSession(TableBase):
    """One game of any registered ``Rules`` at one table. All methods are thread-safe."""

    #: The source a step is announced with when the rules' own opponent moved after it.
    bot_source = "bot"

    def __init__(
        self,
        game: Record,
        seats: Sequence[Seat],
        *,
        store: EventStore | None = None,
        pin: str | None = None,
        draws: str = "deal",
        public_seed: int | None = None,
    ):
        super().__init__(game, seats, store=store, pin=pin)
        if draws not in DRAW_MODES:
            raise ValueError(f"draws must be one of {', '.join(DRAW_MODES)}, not {draws!r}")
        self.rules: Rules = game.rules
        self.draws = draws
        self.public_rng: random.Random = (
            random.Random(public_seed) if public_seed is not None else secrets.SystemRandom()
        )
        self.secret_rng: random.Random = secrets.SystemRandom()
        #: a camera reads the table (``use_camera``)
        self.camera = False
        #: the last settled observation of the table
        self.seen: Observation | None = None
        self._question: _Question | None = None
        self._table_alert: int | None = None
        self._owes_undo = False
        #: The companion moved for its seats and the table has not shown it done yet:
        #: a table still behind is someone carrying out its moves, not a mistake.
        self._owes_companion = False
        #: Public draws in play are taken from the table (its camera, else the table
        #: screen), never dealt, even without ``use_camera`` (Amritsar's own stack).
        self.table_draws = False
        #: Take a player's forced answer that changes nothing on the table unasked.
        self.take_forced = True
        #: Whether a step's log row holds the answers taken unasked (and the draws
        #: dealt after them); False: they are derived again on replay (Amritsar).
        self.logs_automatic = True
        #: Seats the companion plays (seat -> chooser of an answer from the state):
        #: their decisions are taken as soon as they are pending, like ``BOT``'s.
        self.companion_seats: dict[int, Callable[[Any], Hashable]] = {}
        #: Record entries the companion took for a player without asking (a forced
        #: answer that changes nothing on the table); a simulated table follows them.
        self.auto_entries: set[int] = set()
        #: Called with (state before, action, events) after every action played.
        self.on_apply: list[Callable[[Any, Hashable, list[Any]], None]] = []
        #: A reconciler's list of moves the table owes, and what the camera last saw.
        self.checklist_provider: Callable[[], dict[str, Any] | None] | None = None
        self.seen_provider: Callable[[], Any] | None = None
        #: When set, the pending decision's answers are narrowed to these (the camera
        #: saw something only some answers explain), with a note; cleared on every step.
        self.narrowed: tuple[Hashable, ...] | None = None
        self.narrowed_note: tuple[str, str] | None = None
        #: Every step applied, as (source, actions): what ``companion replay`` compares.
        self.step_log: list[tuple[str, tuple[Hashable, ...]]] = []
        #: The deciding phone may ask for the search's best answers (``companion.hints``):
        #: a house choice of the table, off unless the start page turned it on.
        self.hints_on = False
        self._hints = Hints()

    def allow_hints(self, on: bool, *, log: bool = True) -> None:
        """Let the deciding phone ask for hints (or not); logged, so a resume keeps it."""
        with self._lock:
            self.hints_on = on
            if log:
                self._log("hints", {"on": on})
            self.state_id += 1
        self._announce("hints")

    def hint(self, seat: int, state_id: int) -> tuple[Outcome, list[dict[str, Any]]]:
        """The search's best answers for ``seat``'s pending decision, for its phone alone;
        refused (with words) when hints are off, the screen is stale or it is not its turn."""
        with self._lock:
            if not self.hints_on:
                refused = Outcome(
                    False,
                    self.state_id,
                    "hints_off",
                    "This table plays without hints (chosen on the start page).",
                    "Esta mesa juega sin pistas (se eligió en la página de inicio).",
                )
                return refused, []
            if state_id != self.state_id:
                return self._stale_outcome(), []
            if not self.answers_for(seat) or self._open_question() is not None:
                return self._not_yours(self.rules.decision(self.state).player), []
            state = self.state
        if self.rules.decision(state).is_chance:
            return Outcome(True, state_id), []
        return Outcome(True, state_id), self._hints.for_seat(self.rules, state, seat, state_id)

    def _play_companions(self) -> None:
        """Have the companion answer for the seats marked as its own (``Seat.plays``)."""
        from companion.companion_seat import chooser

        for seat in self.seats:
            if seat.plays:
                self.companion_seats[seat.index] = chooser(self.rules, seat.plays)

    def use_camera(self) -> None:
        """From now on the table's changes come from ``on_observation`` too, and
        public draws from the table (or the table screen), never dealt."""
        with self._lock:
            self.camera = True
            self._owes_companion = any(e.decider in self.companion_seats for e in self.game.entries)

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        names: Sequence[str],
        *,
        options: Sequence[str] = (),
        public_seed: int | None = None,
        draws: str = "deal",
        store: EventStore | None = None,
        pin: str | None = None,
        companions: dict[int, str] | None = None,
    ) -> RulesSession:
        """A new game of ``game`` for the players ``names`` (seat order) with the
        house rules ``options``; the setup draws are dealt at once (a secret one
        waits for its phone with ``draws="phones"``). ``companions`` maps the seats
        the companion plays to its level (``companion.companion_seat``).
        ``ValueError`` names a wrong player count, option or companion seat."""
        rules = get_rules(game)
        companions = dict(companions or {})
        if any(not 0 <= seat < len(names) for seat in companions):
            raise ValueError("a seat the companion plays is not at this table")
        if len(companions) >= len(names):
            raise ValueError("at least one seat must be a person's")
        excluded: dict[str, tuple[str, str]] = getattr(rules, "companion_excludes", {})
        clash = [o for o in options if o in excluded] if companions else []
        if clash:
            raise ValueError(excluded[clash[0]][0])
        if not rules.min_players <= len(names) <= rules.max_players:
            raise ValueError(
                f"{rules.title_en} is for {rules.min_players} to {rules.max_players} players, "
                f"not {len(names)}"
            )
        record = Record(
            rules, rules.new_game(len(names), options=tuple(options)), players=len(names),
            options=tuple(options),
        )  # fmt: skip
        colours = seat_colours(rules, record.state, len(names))
        seats = [
            Seat(i, name, colours[i], "", plays=companions[i])
            if i in companions
            else Seat(i, name, colours[i], secrets.token_urlsafe(16))
            for i, name in enumerate(names)
        ]
        session = cls(record, seats, store=store, pin=pin, draws=draws, public_seed=public_seed)
        session._play_companions()
        taken: dict[int, str] = {}
        for i, action in enumerate(session._settle(record.state, taken)):
            record.play(action, check=False)  # a forced first answer is not asked either
            if taken.get(i) == "forced":
                session.auto_entries.add(len(record.entries) - 1)
        session.log = session.setup_log()
        if store is not None:
            store.append(
                "game",
                {
                    "game": rules.name,
                    "names": list(names),
                    "options": list(record.options),
                    "colours": colours,
                    "tokens": [s.token for s in seats],
                    "pin": session.pin,
                    "draws": draws,
                    "setup": [e.text for e in record.entries],
                    # forced answers are taken unasked, so the log does not hold them
                    "automatic": True,
                    "companions": {str(s): level for s, level in companions.items()},
                },
            )
        return session

    # -- reading --------------------------------------------------------------

    def decision(self) -> Decision:
        return self.rules.decision(self.state)

    def _not_yours(self, decider: int | None) -> Outcome:
        """The refusal of an answer (or a hint) from a phone whose decision it is not,
        naming whose it is."""
        who = self._who(decider)
        return Outcome(
            False,
            self.state_id,
            "not_your_decision",
            f"This decision belongs to {who[0]}.",
            f"Esta decisión le corresponde a {who[1]}.",
        )

    def _not_an_action(self, error: ValueError) -> Outcome:
        """The refusal of an answer whose text the rules cannot read as an action."""
        return Outcome(
            False,
            self.state_id,
            "bad_action",
            f"That is not an action: {error}",
            f"Eso no es una acción: {error}",
        )

    def _who(self, decider: int | None) -> tuple[str, str]:
        if decider is None or decider == NOBODY:
            return ("nobody", "nadie")
        if decider == CHANCE:
            return ("the table (a draw)", "la mesa (un robo)")
        if not 0 <= decider < len(self.seats):
            return ("nobody", "nadie")
        name = self.seats[decider].name
        return (name, name)

    def answers_for(self, seat: int | None) -> list[Hashable]:
        """The answers this phone is offered now (none when it is not its decision)."""
        d = self.rules.decision(self.state)
        if d.is_over or self.ended:
            return []
        question = self._open_question()
        if question is not None:
            return list(question.candidates) if seat == question.asker else []
        if d.is_chance:
            if d.secret_for is not None and d.secret_for == seat and self.draws == "phones":
                # A game may offer more than the legal outcomes, so that the list
                # gives no other seat's secret away (Ceylon: the faces left in the pile).
                offer = getattr(self.rules, "draw_choices", None)
                if offer is not None:
                    return list(offer(self.state))
                return self.rules.legal_actions(self.state)
            roller = self._entered_by(self.state, d)
            if self._table_draw(d) and seat is None:
                return self.rules.legal_actions(self.state)  # the table screen enters it
            if roller is not None and seat in (roller, None):
                # Rolled in the open: the roller's phone enters it, or the table
                # screen (with its PIN) for a player without a phone.
                return self.rules.legal_actions(self.state)
            return []
        if seat is not None and d.player == seat:
            if self.narrowed is not None:
                return list(self.narrowed)
            return self.rules.legal_actions(self.state)
        return []

    # -- changing -------------------------------------------------------------

    def _entered_by(self, state: Any, d: Decision) -> int | None:
        """The seat whose phone enters this public chance outcome because the table
        performs it in the open (a die it rolls), or ``None`` when it is dealt."""
        if not d.is_chance or d.secret_for is not None:
            return None
        entered_at_table = getattr(self.rules, "entered_at_table", None)
        if entered_at_table is None:
            return None
        seat = entered_at_table(state)
        return seat if isinstance(seat, int) and 0 <= seat < len(self.seats) else None

    def _table_draw(self, d: Decision) -> bool:
        """A public draw taken from the table (camera mode), not dealt."""
        return (self.camera or self.table_draws) and d.is_chance and d.secret_for is None

    def _open_question(self) -> _Question | None:
        question = self._question
        return question if question is not None and question.state_id == self.state_id else None

    def _dealt_draws(self, state: Any) -> list[Hashable]:
        """The chance outcomes the companion deals from ``state`` on, until a player
        decides (or, with ``draws="phones"``, a secret draw waits for its phone)."""
        drawn: list[Hashable] = []
        probe = state
        while True:
            d = self.rules.decision(probe)
            if not d.is_chance or self._entered_by(probe, d) is not None or self._table_draw(d):
                return drawn
            if d.secret_for is not None:
                if self.draws == "phones" and d.secret_for not in self.companion_seats:
                    return drawn  # the drawer's phone says it (a companion seat has none)
                outcome = self.rules.random_chance(probe, self.secret_rng)
            else:
                outcome = self.rules.random_chance(probe, self.public_rng)
            drawn.append(outcome)
            probe, _ = self.rules.apply(probe, outcome, check=False)

    def _line(self, before: Any, entry: Any) -> LogLine:
        """The log line of one record entry; a secret is named only to its owner.

        Worded by the rules' optional ``describe_done`` (what was done, in the past
        tense), else ``describe_action``."""
        seat = entry.decider if entry.decider >= 0 else None
        words = getattr(self.rules, "describe_done", None) or self.rules.describe_action
        return LogLine(
            words(before, entry.action, "en"), words(before, entry.action, "es"), seat,
            entry.private_to,
        )  # fmt: skip

    def setup_log(self) -> list[LogLine]:
        """The log lines of the record's entries so far (the setup draws)."""
        return [self._line(self.game.states[i], e) for i, e in enumerate(self.game.entries)]

    def _play(self, action: Hashable, source: str = "") -> list[Any]:
        """Apply one action (already checked; the caller logged the step)."""
        before = self.state
        events = self.game.play(action, check=False)
        self.log.append(self._line(before, self.game.entries[-1]))
        self._after_play(before, action, events)
        for hook in self.on_apply:
            hook(before, action, events)
        return events

    def _after_play(self, before: Any, action: Hashable, events: list[Any]) -> None:
        """What a game's own session shows after an action (Amritsar: the Maharajah's card)."""

    def _settle(self, state: Any, taken: dict[int, str]) -> list[Hashable]:
        """What follows ``state`` before anyone at the table is asked: the draws the
        companion deals (``_dealt_draws``) and, where the log holds them
        (``logs_automatic``), the answers taken unasked (``_automatic``), in order.
        ``taken`` gets, for each answer taken unasked, its index and why."""
        chain: list[Hashable] = []
        probe = state
        while True:
            for draw in self._dealt_draws(probe):
                chain.append(draw)
                probe, _ = self.rules.apply(probe, draw, check=False)
            found = self._automatic(probe) if self.logs_automatic else None
            if found is None:
                return chain
            taken[len(chain)] = found[1]
            chain.append(found[0])
            probe, _ = self.rules.apply(probe, found[0], check=False)

    def _automatic(self, state: Any) -> tuple[Hashable, str] | None:
        """The answer taken unasked at ``state``, and why (``"companion"``, ``"bot"``,
        ``"forced"``), or ``None`` when someone at the table decides."""
        d = self.rules.decision(state)
        if d.is_over or d.is_chance:
            return None
        chooser = self.companion_seats.get(d.player)
        if chooser is not None:
            chosen = chooser(state)
            if self.rules.why_illegal(state, chosen) is None:
                return chosen, "companion"
            return None  # never a wrong move: the seat's phone or the table answers instead
        actions = self.rules.legal_actions(state)
        if len(actions) != 1:
            return None
        if d.player == BOT:
            return actions[0], "bot"
        if not self.take_forced or not 0 <= d.player < len(self.seats):
            return None
        after, _ = self.rules.apply(state, actions[0], check=False)
        if self.rules.observe(after) != self.rules.observe(state):
            return None  # it moves pieces: the camera or the phone says when it is done
        return actions[0], "forced"

    def _run_automatic(self) -> bool:
        """Take now, unlogged, what ``_automatic`` takes (a session whose log does
        not hold those answers derives them again on replay: Amritsar's Maharajah).
        Returns whether an opponent played."""
        played = False
        while (found := self._automatic(self.state)) is not None:
            action, why = found
            self._play(action, self.bot_source if why == "bot" else why)
            if why == "forced":
                self.auto_entries.add(len(self.game.entries) - 1)
            else:
                played = True
        return played

    def apply_actions(
        self, actions: Sequence[Hashable], source: str, *, log: bool = True
    ) -> Outcome:
        """Apply ``actions`` and the public draws they cause as one undoable step
        (the reconciler's entry point).

        ``log=False`` replays a logged step: its draws are in ``actions`` already."""
        with self._lock:
            outcome = self._apply(actions, source, log=log, deal=log)
        if outcome.ok:
            self._announce(source)
        return outcome

    def _apply(
        self, actions: Sequence[Hashable], source: str, *, log: bool = True, deal: bool = True
    ) -> Outcome:
        if self.ended:
            return self._ended_outcome()
        probe = self.state
        for action in actions:
            reason = self.rules.why_illegal(probe, action)
            if reason is not None:
                return Outcome.refused(self.state_id, reason)
            probe, _ = self.rules.apply(probe, action, check=False)
        full = list(actions)
        taken: dict[int, str] = {}  # index in ``full`` -> why it was taken unasked
        if deal:
            chain = self._settle(probe, taken)
            taken = {len(full) + i: why for i, why in taken.items()}
            full += chain
        if log:
            texts = [self.rules.format_action(a) for a in full]
            self._log("step", {"actions": texts, "source": source})
        before = self.state
        self.step_log.append((source, tuple(full)))
        self.steps.append(len(self.game.entries))
        for i, action in enumerate(full):
            self._play(action, source)
            if taken.get(i) == "forced":
                self.auto_entries.add(len(self.game.entries) - 1)
        opponent = any(why != "forced" for why in taken.values())
        if self.camera and "companion" in taken.values():
            self._owes_companion = True  # someone at the table now carries out its moves
        if self._run_automatic() or opponent:
            source = self.bot_source  # the table now owes the opponent's moves too
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
            action = self.rules.parse_action(action_text)
        except ValueError as error:
            return self._not_an_action(error)
        d = self.rules.decision(self.state)
        if d.is_over:
            return Outcome(
                False,
                self.state_id,
                "game_over",
                "The game is over; nothing more can be played.",
                "La partida ha terminado; ya no se puede jugar nada.",
            )
        owner = d.secret_for if d.is_chance and self.draws == "phones" else d.player
        roller = self._entered_by(self.state, d)
        question = self._open_question()
        if question is not None:
            owner = question.asker
        elif roller is not None:
            owner = roller  # rolled in the open: the roller's phone (or the table) enters it
        elif self._table_draw(d):
            owner = None  # drawn at the table: the table screen enters what the camera missed
        elif d.is_chance and owner is None:
            owner = CHANCE  # a public draw: the companion deals it
        if owner != seat and not (roller is not None and seat is None):
            return self._not_yours(owner)
        if question is not None and action not in question.candidates:
            return Outcome.refused(self.state_id, TABLE_WORDS.reason("not_on_table"))
        self._log("answer", {"seat": seat, "action": action_text, "state_id": state_id})
        outcome = self._apply([action], "phone")
        if outcome.ok and self.camera and self.seen is not None and not self._owes_undo:
            self._follow_table(self.seen)
        return outcome

    # -- the camera -----------------------------------------------------------

    def on_observation(self, seen: Observation) -> Verdict:
        """A settled observation of the table (``None`` fields: not seen): apply the
        move it shows, ask about an ambiguous one, or alert on a refused or
        unexplained change; a table put right again takes its alert down."""
        alert: tuple[Reason, Reason] | None = None
        mover: int | None = None
        changed = clear = False
        with self._lock:
            if self.ended or self.rules.decision(self.state).is_over:
                return Verdict("unchanged")  # the table is being cleared: nothing to check
            self.seen = seen
            verdict = reconcile_settled(self.rules, self.state, seen)
            if self._owes_undo:
                if verdict.kind == "unchanged":
                    self._owes_undo = False
                    clear = True
                else:
                    return verdict  # the undo's alert stays up until the table is put back
            else:
                if self._owes_companion:
                    if verdict.kind in ("unexplained", "illegal"):
                        return verdict  # its moves are being carried out: no alarm meanwhile
                    self._owes_companion = False  # the table shows them done
                clear = verdict.kind in ("unchanged", "moves", "ambiguous")
                before = self.state_id
                self._act_on(verdict)
                if verdict.kind == "illegal" and verdict.move is not None:
                    alert = (verdict.move.reason, verdict.move.fix)
                    mover = self._mover()
                elif verdict.kind == "unexplained" and not self._waits_on_a_phone():
                    en, es = differences_text(verdict.differences)
                    why = TABLE_WORDS.reason("table_differs", what=en, what_es=es)
                    alert = (why, TABLE_WORDS.reason("fix_differs"))
                changed = self.state_id != before
        if clear:
            self._take_down_table_alert()
        if alert is not None:
            self._put_up_table_alert(*alert, seat=mover)
        if not self._owes_undo and changed:
            self._announce("camera")
        return verdict

    def _act_on(self, verdict: Verdict) -> None:
        """Apply what a verdict shows (under the lock)."""
        if verdict.kind == "moves":
            self._question = None
            self._apply(list(verdict.actions), "camera")
        elif verdict.kind == "ambiguous":
            if verdict.actions:
                self._apply(list(verdict.actions), "camera")
            self._question = _Question(self.state_id, verdict.candidates, verdict.asker)
            self.state_id += 1  # the phones learn of the question
            self._question.state_id = self.state_id
        elif verdict.kind == "unchanged" and self._question is not None:
            self._question = None  # the move was taken back

    def narrow(self, options: Sequence[Hashable], note_en: str, note_es: str) -> None:
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

    def _waits_on_a_phone(self) -> bool:
        """The game waits on a draw only a phone or the table screen can say (a
        card drawn in secret, a die the camera did not read): a table already
        further on is not a wrong table, it is caught up after the answer."""
        d = self.rules.decision(self.state)
        if not d.is_chance:
            return False
        secret = d.secret_for is not None and self.draws == "phones"
        return secret or self._table_draw(d) or self._entered_by(self.state, d) is not None

    def _follow_table(self, seen: Observation) -> None:
        """After a phone's answer: what the table already shows beyond it (a
        draw turned face up, the rest of an ambiguous move) is applied too, and
        an alert about the table goes once the table agrees."""
        verdict = reconcile_settled(self.rules, self.state, seen)
        if verdict.kind in ("moves", "ambiguous"):
            self._act_on(verdict)
        if verdict.kind in ("moves", "ambiguous", "unchanged"):
            self._take_down_table_alert()

    def _mover(self) -> int | None:
        """The seat deciding now: the one whose move the table shows (``None``: no
        player's, such as a draw; then every phone hears of it)."""
        player = self.rules.decision(self.state).player
        return player if 0 <= player < len(self.seats) else None

    def _put_up_table_alert(self, reason: Reason, fix: Reason, seat: int | None = None) -> None:
        """One alert about the table at a time, on the table screen and the phone of
        ``seat`` (``None``: every phone). It stays up (or dismissed by the table
        screen) until the table is put right."""
        current = self._table_alert
        if current is not None:
            shown = self.open_alert(current)
            if shown is not None and shown.en == reason.en and shown.fix_en == fix.en:
                return  # the same alert is up already (or was dismissed)
            self.withdraw_alert(current)
        self._table_alert = self.raise_alert(reason, fix.en, fix.es, seat).id

    def _take_down_table_alert(self) -> None:
        if self._table_alert is not None:
            self.withdraw_alert(self._table_alert)
            self._table_alert = None

    def undo(
        self, state_id: int | None = None, by_seat: int | None = None, *, log: bool = True
    ) -> Outcome:
        """Undo one step; a phone may not undo a step that revealed a draw (a redraw)."""
        with self._lock:
            current = state_id is None or state_id == self.state_id
            if by_seat is not None and self.steps and not self.ended and current:
                start = self.steps[-1]
                owned = self.last_step_decider() == by_seat
                if owned and any(e.reveals for e in self.game.entries[start:]):
                    return Outcome(
                        False,
                        self.state_id,
                        "not_your_step",
                        "Your move drew a card: only the table can undo it (a redraw).",
                        "Tu jugada robó una carta: solo la mesa puede deshacerla "
                        "(sería volver a robar).",
                    )
            outcome = super().undo(state_id, by_seat, log=log)
            self._question = None
            seen = self.seen if self.camera and outcome.ok and log else None
            words: list[tuple[str, str]] = []
            if seen is not None and distance(seen, self.rules.observe(self.state)) > 0:
                self._owes_undo = True  # the table still shows the undone move
                words = describe_differences(self.rules, self.state, seen)
        if words:
            en, es = differences_text(words)
            self._put_up_table_alert(
                TABLE_WORDS.reason("undo_table", what=en, what_es=es),
                TABLE_WORDS.reason("fix_undo"),
            )
        return outcome

    # -- views ------------------------------------------------------------------

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        """Everything a phone (or, with ``None``, the table screen) may show."""
        with self._lock:
            state = self.state
            d = self.rules.decision(state)
            offered = self.answers_for(seat)
            options = [
                {
                    "action": self.rules.format_action(a),
                    "en": option_text(self.rules, state, a, "en"),
                    "es": option_text(self.rules, state, a, "es"),
                }
                for a in offered
            ]
            secret_draw = d.is_chance and d.secret_for is not None and self.draws == "phones"
            roller = self._entered_by(state, d)
            decider = d.secret_for if secret_draw else d.player if roller is None else roller
            question = self._open_question()
            prompt = (d.prompt_en, d.prompt_es)
            if question is not None:
                decider, prompt = question.asker, (WHICH_EN, WHICH_ES)
            elif self._table_draw(d) and roller is None:
                decider = None  # the camera reads it, else the table screen enters it
            who = self._who(decider)
            finished = d.is_over
            return {
                "state_id": self.state_id,
                "seat": seat,
                "game_name": self.rules.name,
                "title": {"en": self.rules.title_en, "es": self.rules.title_es},
                "seats": [s.public() for s in self.seats],
                "game": self.rules.view(state, seat),
                "decision": {
                    "kind": d.kind,
                    "seat": decider if decider is not None and decider >= 0 else None,
                    "who_en": who[0],
                    "who_es": who[1],
                    "en": prompt[0],
                    "es": prompt[1],
                    "chance": d.is_chance,
                    "secret_draw": secret_draw,
                    "mine": bool(options) and seat is not None,
                    # the table screen may enter a roll made in the open (PIN)
                    "table_enters": bool(options) and seat is None,
                },
                "options": options,
                "house_rules": list(self.game.options),
                "camera": self.camera,
                "scores": [sheet_dict(sheet) for sheet in self.rules.score(state)],
                "alerts": [
                    a.to_dict() for a in self.alerts if a.seat in (None, seat) or seat is None
                ],
                "log": [
                    {"en": line.en, "es": line.es, "seat": line.seat}
                    if line.private_to is None or line.private_to == seat
                    else hidden_line(line, self.seats)
                    for line in self.log[-40:]
                ],
                "companion_moves": self._companion_moves(seat),
                "hints": self.hints_on,
                "finished": finished,
                "ended": self.ended,
            }

    def _companion_moves(self, seat: int | None) -> list[dict[str, Any]]:
        """What the seats the companion plays did in the last step, in words: the
        moves someone at the table carries out for it (its secrets stay unnamed)."""
        if not self.companion_seats or not self.steps:
            return []
        start = self.steps[-1]
        offset = len(self.log) - len(self.game.entries)  # notes are lines without an entry
        moves = []
        for index in range(start, len(self.game.entries)):
            entry = self.game.entries[index]
            if entry.decider not in self.companion_seats or not 0 <= index + offset < len(self.log):
                continue
            line = self.log[index + offset]
            shown = (
                {"en": line.en, "es": line.es, "seat": line.seat}
                if line.private_to is None or line.private_to == seat
                else hidden_line(line, self.seats)
            )
            moves.append(shown)
        return moves


def hidden_line(line: LogLine, seats: Sequence[Seat]) -> dict[str, Any]:
    """A log line about another seat's secret: that it happened, not what it was."""
    owner = line.private_to
    name = seats[owner].name if owner is not None and 0 <= owner < len(seats) else "?"
    return {
        "en": f"Something was dealt to {name} in secret",
        "es": f"Se repartió algo en secreto a {name}",
        "seat": line.seat,
    }


def sheet_dict(sheet: ScoreSheet) -> dict[str, Any]:
    """A score sheet as the phones draw it: every line, its rule and words."""
    return {
        "seat": sheet.seat,
        "colour": sheet.colour,
        "total": sheet.total,
        "provisional_total": sheet.provisional_total,
        "final": sheet.final,
        "winner": sheet.winner,
        "total_en": sheet.total_en,
        "total_es": sheet.total_es,
        "lines": [
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
        ],
    }


def seat_colours(rules: Rules, state: Any, players: int) -> list[str]:
    """Each seat's colour as the rules' public view names it (``""`` if it names none)."""
    public = rules.view(state, None)
    colours = public.get("colours")
    if isinstance(colours, list) and len(colours) >= players:
        return [str(c) for c in colours[:players]]
    seats = public.get("seats")
    if isinstance(seats, list) and len(seats) >= players:
        return [str(s.get("colour", "")) if isinstance(s, dict) else "" for s in seats[:players]]
    return ["" for _ in range(players)]


# -- the log -------------------------------------------------------------------------


class RulesResumeError(RuntimeError):
    """The log cannot be replayed for this game; the message names the row."""


def rules_session_from_config(config: dict[str, Any]) -> RulesSession:
    """The session a log's ``game`` row describes, before any step (no store)."""
    rules = get_rules(str(config["game"]))
    names = [str(n) for n in config["names"]]
    options = tuple(str(o) for o in config.get("options", []))
    record = Record(
        rules, rules.new_game(len(names), options=options), players=len(names), options=options
    )
    try:
        record.play_texts(str(t) for t in config["setup"])
    except ValueError as error:
        raise RulesResumeError(f"the setup draws do not replay: {error}") from error
    colours = [str(c) for c in config["colours"]]
    tokens = [str(t) for t in config["tokens"]]
    companions = {int(s): str(level) for s, level in config.get("companions", {}).items()}
    seats = [
        Seat(i, name, colours[i], tokens[i], plays=companions.get(i, ""))
        for i, name in enumerate(names)
    ]
    session = RulesSession(
        record, seats, pin=str(config["pin"]), draws=str(config.get("draws", "deal"))
    )
    session.log = session.setup_log()
    session._play_companions()
    # A log written before forced answers were taken unasked holds them as steps.
    session.take_forced = bool(config.get("automatic", False))
    session._run_automatic()
    return session


def replay_row(session: RulesSession, entry: LogEntry) -> None:
    """Apply one decision row of the log again."""
    from dataclasses import replace

    if entry.kind == "step":
        actions = [session.rules.parse_action(str(t)) for t in entry.payload["actions"]]
        with session._lock:
            outcome = session._apply(
                actions, str(entry.payload.get("source", "log")), log=False, deal=False
            )
        if not outcome.ok:
            raise RulesResumeError(f"log row {entry.seq} does not replay: {outcome.en}")
    elif entry.kind == "undo":
        session.undo(log=False)
    elif entry.kind == "seat":
        index = int(entry.payload["index"])
        seats = list(session.seats)
        seats[index] = replace(
            seats[index], name=str(entry.payload["name"]), token=str(entry.payload["token"])
        )
        session.seats = tuple(seats)
    elif entry.kind == "hints":
        session.allow_hints(bool(entry.payload.get("on")), log=False)
    elif entry.kind == "end":
        session.ended = True
