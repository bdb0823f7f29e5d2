"""The reconciler: keeps a table session and the physical table in agreement.

It receives settled observations of the table (camera and sensors fused into
``Seen``) and the two buttons, and acts on the session:

* The table changed and one legal sequence explains it: apply it.
* Explanations differ only in a choice the table cannot show: apply what they
  share and ask the deciding player's phone, offering only the choices that
  explain the table.
* Parts of the table are unseen and explanations differ there: wait.
* A hidden choice whose only evidence is pieces fewer than the engine's (a
  missed marker looks just like that) is never inferred (``evidence``).
* Nothing legal explains it: an illegal move. Raise an alert naming the rule
  (``diagnose``) and the piece moves that put it right; clear it once the
  table is back.
* The engine is ahead of the table (the Maharajah's turn, a move entered on a
  phone, the token moved at the end of a round, an undo): the table owes
  those moves. Show them as a checklist, ticking each one as the camera sees
  it done. Inference goes on meanwhile (players may do the owed move and
  their next one together); only an unexplained table is read as "still
  behind" rather than as an illegal move. After an undo the table still
  shows the undone moves, which are legal again, so then nothing is inferred
  until the pieces are back.

Nothing is inferred while the table is settling (a hand over the board).
"Turn done" closes the current turn: it ends the action phase, finishes a
market action, leaves the elephant in place in phase 3; it refuses while a
choice is still open, except the order of a coin and a market action when the
trades seen settle it (``order``). "Undo" steps the session back and puts the table in
debt for the pieces to put back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.games.amritsar.reconcile.boards import settle_by_boards
from companion.games.amritsar.reconcile.closing import CLOSERS, closed, closing_actions
from companion.games.amritsar.reconcile.diagnose import Diagnosis, diagnose
from companion.games.amritsar.reconcile.evidence import without_doubtful_choices
from companion.games.amritsar.reconcile.instructions import (
    PLAYER_COLOURS_ES,
    Instruction,
    instructions,
    space_words,
)
from companion.games.amritsar.reconcile.search import (
    EFFECT_FIELDS,
    ROUND_END_FIELDS,
    Inference,
    infer,
    market_unseen,
    unseen_fields,
)
from companion.games.amritsar.reconcile.seen import Seen, mismatches, missing_as_unknown
from companion.games.amritsar.session import Outcome, TableSession
from engine.amritsar import (
    DISTRICTS_IN_TEXT,
    HIDDEN_DECISIONS,
    Act,
    Action,
    GameState,
    Observation,
    Pending,
    Reason,
    apply,
    legal_actions,
    observe,
    spanish,
)

if TYPE_CHECKING:
    from vision.games.amritsar_boards.view import BoardView


def _concerns(state: GameState, index: tuple[int, ...], field_name: str, instruction: Any) -> bool:
    """Is this table item the one the Maharajah's instruction moves?"""
    if field_name == "donations" and instruction.district >= 0 and instruction.level:
        from engine.amritsar import donation_space, donation_tile

        tile = donation_tile(state, instruction.district)
        return index == (
            instruction.district,
            donation_space(tile, instruction.level, instruction.space - 1),
        )
    if field_name == "market" and instruction.resource >= 0:
        return index == (instruction.resource,)
    if field_name == "elephants":
        return index == (len(state.players),)  # his elephant is the last one observed
    return True


def _trading_unseen(state: GameState, seen: Seen) -> bool:
    """Is a market action open while a market column is unseen?"""
    trading = any(Pending(frame.kind) is Pending.MARKET for frame in state.pending)
    return trading and market_unseen(seen)


def _to_es(place: str) -> str:
    """ "el Norte, nivel 1" as where a piece went: "al Norte, nivel 1"."""
    return spanish(f" a {place}").strip()


def _in_es(place: str) -> str:
    """ "el Norte" as where a piece belongs: "en el Norte"."""
    return f"en {place}"


@dataclass
class Checklist:
    """Moves the table owes the engine, each ticked when the camera sees it."""

    title_en: str
    title_es: str
    #: After an undo the table still shows the undone moves, which are legal
    #: again: nothing is inferred until the pieces are back.
    blocking: bool = False
    items: list[Instruction] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title_en": self.title_en,
            "title_es": self.title_es,
            "items": [
                {**i.to_dict(), "done": d} for i, d in zip(self.items, self.done, strict=True)
            ],
        }


class Reconciler:
    """Binds what the table shows to a ``TableSession``. Thread-safe."""

    def __init__(self, session: TableSession, *, max_nodes: int = 4000):
        self.session = session
        self.max_nodes = max_nodes
        # One lock for the whole table: the session calls the reconciler's hooks
        # while holding its lock, and the reconciler calls the session, so two
        # locks could be taken in opposite orders by two threads.
        self._lock = session._lock
        self.seen: Seen | None = None
        self.debt: Checklist | None = None
        self.debt_from: Observation | None = None  # the table before the owed moves
        #: The game where the table stood when it began to owe moves (None
        #: while a whole layout is owed): what the owed moves do not touch is
        #: on the table as in both (``TableRunner``'s expectation).
        self.debt_start: GameState | None = None
        self._published: dict[str, Any] | None = None
        self.last: Inference | None = None
        #: The game's state when the camera last left a question open (asked a
        #: phone, or waited for the table to show which way it went).
        self._asked: GameState | None = None
        self.illegal_alert: int | None = None
        #: The personal boards as last read, when they lie in the camera's view
        #: (``vision.games.amritsar_boards``; None: not in view): a hidden
        #: choice the deciding player's board shows is settled by it (``boards``).
        self.boards_seen: tuple[BoardView, ...] | None = None
        session.on_step.append(self._on_step)
        session.checklist_provider = self.checklist
        session.seen_provider = lambda: self.seen

    # -- the session tells us about moves we did not see -------------------------

    def _on_step(self, before: GameState, after: GameState, source: str) -> None:
        if source == "camera":
            return
        if observe(before) == observe(after):
            return
        titles = {
            "maharajah": ("Carry out the Maharajah's turn", "Realiza el turno del marajá"),
            "undo": ("Put the pieces back", "Devuelve las piezas"),
        }
        title = titles.get(
            source,
            (
                "Move the pieces as entered on the phone",
                "Mueve las piezas como se indicó en el móvil",
            ),
        )
        with self._lock:
            seen = self.seen or Seen.of(observe(before))
            if self.debt is None:
                self.debt_start = before
            self.debt = Checklist(*title, blocking=source == "undo")
            self.debt_from = observe(before)
            self._refresh_debt(after, seen)

    def _tick_maharajah(self, seen: Seen) -> None:
        """Tick each move of his card that the camera now sees done."""
        session = self.session
        turn, card = session.maharajah_turn, session.maharajah_card
        if turn is None or card is None:
            return
        state = session.state
        left = mismatches(observe(state), seen)
        changed = False
        for item, instruction in zip(card["instructions"], turn.all_instructions, strict=True):
            if not instruction.observed:
                continue
            done = not any(
                m.field in instruction.observed and _concerns(state, m.index, m.field, instruction)
                for m in left
            )
            if item["done"] != done:
                item["done"] = done
                changed = True
        if changed:
            session.touch("maharajah card")

    def _flag_misplaced(self, state: GameState, seen: Seen) -> None:
        """A piece moved to a place that is neither where it was nor where it belongs."""
        before = self.debt_from
        if before is None:
            return
        should = observe(state)
        colours = self._colours()
        wrong: list[tuple[str, str, str, str, str, str]] = []
        if seen.donations is not None and should.donations and before.donations:
            table = seen.donations

            def at(d: int, p: int) -> int | None:
                row = table[d]
                return None if row is None else row[p]

            spaces = [
                (d, p)
                for d, row in enumerate(should.donations)
                if seen.donations[d] is not None
                for p in range(len(row))
            ]
            owners = {
                o
                for d, p in spaces
                for o in (should.donations[d][p], at(d, p))
                if o is not None and o >= 0
            }
            for owner in sorted(owners):
                put = [
                    (d, p)
                    for d, p in spaces
                    if at(d, p) == owner
                    and should.donations[d][p] != owner
                    and before.donations[d][p] != owner
                ]
                owed = [
                    (d, p)
                    for d, p in spaces
                    if should.donations[d][p] == owner
                    and before.donations[d][p] != owner
                    and at(d, p) != owner
                ]
                if not put:
                    continue
                seen_en, seen_es = space_words(state, *put[0])
                exp_en, exp_es = (
                    space_words(state, *owed[0]) if owed else ("off the tile", "fuera de la loseta")
                )
                name = colours[owner] if owner < len(colours) else "?"
                piece_en = "His counter" if name == "maharajah" else f"The {name} counter"
                piece_es = (
                    "Su contador"
                    if name == "maharajah"
                    else f"El contador {PLAYER_COLOURS_ES.get(name, name)}"
                )
                wrong.append(
                    (
                        piece_en,
                        piece_es,
                        seen_en,
                        _to_es(seen_es),
                        exp_en,
                        _in_es(exp_es) if owed else exp_es,
                    )
                )
        if seen.elephants is not None and should.elephants and before.elephants:
            # The elephant move the game waits for now is where it may rightly
            # be, owed moves or not (placement seed 1's game at the bench: a
            # worker owed in E2 the camera missed, and grey's legal move to the
            # East was flagged as misplaced).
            top = state.pending[-1] if state.pending else None
            asked = (
                {a.a for a in legal_actions(state) if a.kind is Act.ELEPHANT}
                if top is not None and Pending(top.kind) is Pending.ELEPHANT
                else set()
            )
            for seat, where in enumerate(seen.elephants):
                if where is None or where < 0 or seat >= len(should.elephants):
                    continue
                if top is not None and seat == top.player and where in asked:
                    continue
                if where not in (should.elephants[seat], before.elephants[seat]):
                    name = colours[seat] if seat < len(colours) else "?"
                    expected = should.elephants[seat]
                    wrong.append(
                        (
                            "His elephant" if name == "maharajah" else f"The {name} elephant",
                            "Su elefante"
                            if name == "maharajah"
                            else f"El elefante {PLAYER_COLOURS_ES.get(name, name)}",
                            DISTRICTS_IN_TEXT["en"][where],
                            _to_es(DISTRICTS_IN_TEXT["es"][where]),
                            DISTRICTS_IN_TEXT["en"][expected],
                            _in_es(DISTRICTS_IN_TEXT["es"][expected]),
                        )
                    )
        if not wrong:
            return
        piece_en, piece_es, seen_en, seen_es, exp_en, exp_es = wrong[0]
        reason = Reason(
            "misplaced_piece",
            {
                "piece": piece_en,
                "piece_es": piece_es,
                "seen": seen_en,
                "seen_es": seen_es,
                "expected": exp_en,
                "expected_es": exp_es,
            },
        )
        current = self.session.open_alert(self.illegal_alert)
        if current is not None and current.code == reason.code and current.en == reason.en:
            return
        self._clear_illegal()
        assert self.debt is not None
        fix_en = "; ".join(
            i.en for i, d in zip(self.debt.items, self.debt.done, strict=True) if not d
        )
        fix_es = "; ".join(
            i.es for i, d in zip(self.debt.items, self.debt.done, strict=True) if not d
        )
        self.illegal_alert = self.session.raise_alert(reason, fix_en, fix_es).id

    def _refresh_debt(self, state: GameState, seen: Seen) -> bool:
        """Tick the checklist; True once the table has caught up."""
        assert self.debt is not None
        should = observe(state)
        # What is left to do; items already on the list stay there, ticked once done.
        left = instructions(state, should, seen, self._colours())
        listed = {(i.field, i.index) for i in self.debt.items}
        self.debt.items += [i for i in left if (i.field, i.index) not in listed]
        open_items = {(i.field, i.index) for i in left}
        self.debt.done = [(i.field, i.index) not in open_items for i in self.debt.items]
        self._publish()
        return not mismatches(should, seen)

    def expect_layout(self, title_en: str, title_es: str) -> None:
        """The table must be laid out as the game stands (a new game dealt by the
        companion, or a game resumed after a restart): nothing is inferred until
        it is, and the checklist says what to put where."""
        with self._lock:
            self.debt = Checklist(title_en, title_es, blocking=True)
            self.debt_from = None
            self.debt_start = None
            self._publish()
        self.session.touch("layout expected")

    # -- inputs ----------------------------------------------------------------------

    def on_seen(self, seen: Seen, *, settling: bool = False) -> Inference | None:
        """A new observation of the table. Returns what was inferred, if anything."""
        if settling:
            return None
        session = self.session
        if session.store is not None:
            session.store.append("seen", seen.to_dict())
        with self._lock:
            before, self.seen = self.seen, seen
            self._tick_maharajah(seen)
            state = session.state
            if self.debt is not None and self.debt.blocking:
                if self._refresh_debt(state, seen):
                    self.debt = None
                    self._publish()
                    session.touch("table caught up")
                else:
                    session.touch("checklist")
                return None
            inference = infer(state, seen, max_nodes=self.max_nodes)
            # A hidden choice backed only by pieces fewer than the engine's
            # (what a missed marker looks like) is never inferred.
            guarded = without_doubtful_choices(state, seen, inference, before)
            doubted = guarded is not inference and not guarded.actions
            inference = guarded
            missed = doubted or (inference.kind == "none" and self._missed_pieces(state, seen))
            if missed:
                # Explained only with pieces taken as missed: no alert, and
                # nothing inferred from a table partly doubted either.
                inference = Inference("wait", nodes=inference.nodes)
            if self.boards_seen is not None and not missed:
                inference = settle_by_boards(state, seen, inference, self.boards_seen)
            self.last = inference
            if self.debt is not None:
                if inference.kind == "none" or missed:
                    # The table is still behind: tick what is done, keep waiting,
                    # and flag any piece put somewhere it never belongs.
                    self._refresh_debt(state, seen)
                    if not missed:
                        self._flag_misplaced(state, seen)
                    session.touch("checklist")
                    return inference
                self.debt = None
                self._publish()
                self._clear_illegal()
                session.touch("table caught up")
        return self._act(state, seen, inference)

    def _missed_pieces(self, state: GameState, seen: Seen) -> bool:
        """Nothing legal explains the table: is it the camera missing pieces?

        Pieces are conserved, so pieces gone from where the game has them are
        looked at as unknown (``missing_as_unknown``): if the table is then
        explained, it is no illegal move (a missed piece is never an alert,
        nor an empty); else the strict ``none`` stands and the alert names
        what the camera saw. While the table owes moves, a piece the owed
        moves put somewhere may rightly be missing still: then only pieces
        the owed moves do not touch may be taken as missed.
        """
        should = observe(state)
        relaxed = missing_as_unknown(should, seen)
        if relaxed == seen:
            return False
        if self.debt_from is not None and self.debt is not None:
            kept = {(m.field, m.index) for m in mismatches(should, relaxed)}
            missed = {(m.field, m.index) for m in mismatches(should, seen)} - kept
            owed = {(m.field, m.index) for m in mismatches(should, Seen.of(self.debt_from))}
            if missed & owed:
                return False
        return infer(state, relaxed, max_nodes=self.max_nodes).kind != "none"

    def _act(self, state: GameState, seen: Seen, inference: Inference) -> Inference:
        session = self.session
        if inference.kind in ("agree", "apply", "ask"):
            self._clear_illegal()
        if inference.kind == "apply":
            session.apply_actions(inference.actions, "camera")
        elif inference.kind == "ask":
            if inference.actions:
                session.apply_actions(inference.actions, "camera")
            self._asked = session.state
            if len(inference.options) < len(legal_actions(session.state)):
                session.narrow(
                    inference.options,
                    "The table shows a change only some answers explain.",
                    "La mesa muestra un cambio que solo explican algunas respuestas.",
                )
        elif inference.kind == "wait":
            self._asked = state
        elif inference.kind == "none":
            # A question the camera could not settle (asked on a phone, or
            # waited for: the ways differ where the table is unseen) while the
            # table went on past it: the players are asked to answer, not told
            # of a rule; an illegal move shows once it is answered (a table
            # seen in part at the bench: an elephant under the floor waited
            # for, the next player's sowing seen, three alerts). A market
            # action open while a column is unseen is such a question too: a
            # trade there only the trader's phone can tell, and the coins it
            # brought may be what the table's next move spent (an elephant
            # moved on coins from a sale nobody saw: "not your piece").
            if self._asked == state or _trading_unseen(state, seen) or self._moved_on(state, seen):
                self._raise_notice(Reason("turn_not_closed"))
            else:
                self._raise_illegal(state, seen)
        return inference

    def _moved_on(self, state: GameState, seen: Seen) -> bool:
        """Does the table show the turn already closed (the token moved on, say)?"""
        differing = {m.field for m in mismatches(observe(state), seen)}
        pending = Pending(state.pending[-1].kind) if state.pending else Pending.GAME_OVER
        unseen = bool(unseen_fields(seen))
        round_end = differing <= ROUND_END_FIELDS or (
            # The round's end and what a flipped bridge tile does (a counter
            # moved), with part of the table unseen.
            bool(differing & ROUND_END_FIELDS)
            and differing <= ROUND_END_FIELDS | EFFECT_FIELDS
            and unseen
        )
        if round_end and (pending in HIDDEN_DECISIONS or pending in CLOSERS or unseen):
            # Only the end-of-round pieces moved while a choice is still open,
            # or while part of the table is unseen, where the rest of the turn
            # may have been played (a table seen in part: the mover's elephant
            # and the sown sections unseen, only the round's end seen, was a
            # false alert).
            return True
        end = closed(state)
        if end is state or end == state:
            return False
        explained = ("agree", "apply", "ask", "wait")
        if infer(end, seen, max_nodes=self.max_nodes // 4).kind in explained:
            return True
        top = end.pending[-1] if end.pending else None
        if top is None or Pending(top.kind) not in HIDDEN_DECISIONS:
            return False
        # "Turn done" stops at a choice only a phone can answer (the goods to
        # discard when the storehouse overflows at the market's close): the
        # table may have moved on past any answer to it (a table seen in part:
        # the next player's sowing seen while that discard waited, an alert).
        for answer in legal_actions(end)[:6]:
            after = closed(apply(end, answer, check=False)[0])
            if infer(after, seen, max_nodes=self.max_nodes // 8).kind in explained:
                return True
        return False

    def _raise_notice(self, reason: Reason) -> None:
        current = self.session.open_alert(self.illegal_alert)
        if current is not None and current.code == reason.code:
            return
        self._clear_illegal()
        self.illegal_alert = self.session.raise_alert(reason).id

    def _colours(self) -> tuple[str, ...]:
        return tuple("maharajah" if s.is_maharajah else s.colour for s in self.session.seats)

    def _raise_illegal(self, state: GameState, seen: Seen) -> None:
        names = tuple(s.name for s in self.session.seats)
        found = diagnose(state, seen, self._colours(), names)
        fix_en = "Put it right: " + found.fix_en if found.fix else ""
        fix_es = "Corrígelo: " + found.fix_es if found.fix else ""
        if self.illegal_alert is not None:
            current = self.session.open_alert(self.illegal_alert)
            # The same alert stays up, with its id (compared as raised: with the
            # fix's label, else every look replaced it and the phones were
            # called again each time).
            if (
                current is not None
                and current.code == found.reason.code
                and current.fix_en == fix_en
            ):
                return
            self._clear_illegal()
        alert = self.session.raise_alert(found.reason, fix_en, fix_es, self._mover(state, found))
        self.illegal_alert = alert.id

    def _mover(self, state: GameState, found: Diagnosis) -> int | None:
        """The seat whose move broke the rule, for its phone (``None``: every phone).

        Another player's piece moved is the move of the player whose turn it
        is; the Maharajah has no phone."""
        seat = state.current if found.reason.code == "not_your_piece" else found.seat
        seats = self.session.seats
        if seat is None or not 0 <= seat < len(seats) or seats[seat].is_maharajah:
            return None
        return seat

    def _clear_illegal(self) -> None:
        if self.illegal_alert is not None:
            self.session.withdraw_alert(self.illegal_alert)
            self.illegal_alert = None

    def on_button(self, button: str) -> Outcome:
        """The sensor board's (or a phone's) "done" or "undo" button."""
        session = self.session
        if session.store is not None:
            session.store.append("button", {"button": button})
        if button == "undo":
            return session.undo()
        if button != "done":
            return Outcome(
                False,
                session.state_id,
                "unknown_button",
                f"Unknown button {button!r}.",
                f"Botón desconocido {button!r}.",
            )
        return self.close_turn()

    def close_turn(self) -> Outcome:
        session = self.session
        with self._lock:
            if self.debt is not None:
                return Outcome(
                    False,
                    session.state_id,
                    "table_behind",
                    "Finish the moves on the checklist first.",
                    "Termina primero los movimientos de la lista.",
                )
            settled = self._settled_by_closing(session.state)
            if settled:
                return session.apply_actions(settled, "button")
            closing = closing_actions(session.state)
            if not closing:
                last = session.state.pending[-1] if session.state.pending else None
                kind = Pending(last.kind) if last else Pending.GAME_OVER
                if kind in (Pending.ELEPHANT, Pending.SOW_ORIGIN, Pending.SOW_PLACE):
                    reason = Reason(
                        "wrong_decision",
                        {
                            "waiting": "move your workers first (phase 2 is compulsory)",
                            "waiting_es": "mueve primero tus trabajadores (la fase 2 es obligatoria)",
                        },
                    )
                elif kind in HIDDEN_DECISIONS:
                    reason = Reason(
                        "wrong_decision",
                        {
                            "waiting": "answer the choice on the phone first",
                            "waiting_es": "responde primero en el móvil",
                        },
                    )
                else:
                    reason = Reason(
                        "wrong_decision",
                        {
                            "waiting": "there is no turn to close",
                            "waiting_es": "no hay turno que cerrar",
                        },
                    )
                return Outcome.refused(session.state_id, reason)
        return session.apply_actions(closing, "button")

    def _settled_by_closing(self, state: GameState) -> tuple[Action, ...]:
        """ "Turn done" while only the order of a coin and a market action is
        open: the press says the market action is over. Each order is played
        to the table (its trades) and closed; when every order that explains
        the table closes into the same game, that is the turn, and nobody is
        asked (``order``). Empty when the order is not open or makes a
        difference."""
        from engine.amritsar import order_prompt

        if self.seen is None or not state.pending or order_prompt(state) is None:
            return ()
        ends: list[tuple[tuple[Action, ...], GameState]] = []
        for choice in legal_actions(state):
            after, _ = apply(state, choice, check=False)
            found = infer(after, self.seen, max_nodes=self.max_nodes // 4)
            if found.kind not in ("agree", "apply"):
                continue
            path = (choice, *found.actions)
            for action in found.actions:
                after, _ = apply(after, action, check=False)
            closing = closing_actions(after)
            for action in closing:
                after, _ = apply(after, action, check=False)
            ends.append(((*path, *closing), after))
        if not ends or any(end != ends[0][1] for _, end in ends[1:]):
            return ()
        return ends[0][0]

    # -- for views -------------------------------------------------------------------

    def checklist(self) -> dict[str, Any] | None:
        """The checklist as last published; takes no lock (the session's views
        call it while holding the session's lock)."""
        return self._published

    def _publish(self) -> None:
        self._published = None if self.debt is None else self.debt.to_dict()
