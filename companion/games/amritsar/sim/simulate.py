"""A scripted table: players acting on a simulated physical table.

For the demo, the tests and the benchmarks. A ``Player`` policy picks each
action at the true table. What the action does to the main board happens on
the table only, and the session learns it through the camera path (the
``Table`` shows the true state; the reconciler infers the move). A choice
that leaves no trace on the main board is answered on the deciding player's
phone, exactly as at a real table. The solo Maharajah's turns are carried out
on the table by following his checklist. At the end the session's game must
equal the true game, action for action.

``PerfectTable`` shows the engine's own observation (no camera); the demo
plugs in the synthetic camera and the simulated sensor board instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.players import random_player
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Act,
    Action,
    GameState,
    Pending,
    apply,
    describe_action,
    legal_actions,
    observe,
    to_dict,
)

Policy = Callable[[GameState, list[Action], random.Random], Action]


class Table(Protocol):
    """The physical table as the companion perceives it."""

    def show(self, truth: GameState) -> None: ...

    def look(self) -> tuple[Seen, bool]:
        """What camera and sensors report now, and whether it is still settling."""
        ...


class PerfectTable:
    """A table read without error: the engine's own observation of the truth."""

    def __init__(self) -> None:
        self._seen: Seen | None = None

    def show(self, truth: GameState) -> None:
        self._seen = Seen.of(observe(truth))

    def look(self) -> tuple[Seen, bool]:
        assert self._seen is not None
        return self._seen, False


@dataclass
class ScriptReport:
    actions: int = 0
    phone_answers: int = 0
    #: Phone screens sent: an answer sent on the screen of the question before
    #: it (``companion.games.amritsar.grouped``) is no screen of its own. Only
    #: a driver that groups as the phone does counts them (``DemoPlayer``).
    screens: int = 0
    camera_inferences: int = 0
    maharajah_turns: int = 0
    log: list[str] = field(default_factory=list)


class DivergedError(AssertionError):
    """The session and the true table no longer agree."""


def _shows_on_table(before: GameState, after: GameState) -> bool:
    return observe(before) != observe(after)


Step = tuple[GameState, Action]  # a state and the action taken there


def same_game(a: GameState, b: GameState) -> bool:
    """The same game, up to the order of the score ledger's lines (trades made
    in another order write their points in another order)."""
    if a == b:
        return True
    da, db = to_dict(a), to_dict(b)
    for d in (da, db):
        for seat in d["seats"]:
            seat["ledger"] = sorted(map(repr, seat["ledger"]))
    return bool(da == db)


def unmade(
    trail: list[Step], history: list[Step], end: GameState, truth: GameState
) -> list[Action] | None:
    """The table's actions the companion, at ``end``, has not made, when it
    took some of them in another order than the players did.

    ``trail`` is what the table did lately, ``history`` what the companion
    applied lately (ending at ``end``). The trades of one market action
    commute (each is priced by its own column), and a camera that sees one
    column before another applies them in the order it sees them, which may
    not be the player's: that is no wrong decision, as long as the rest of
    the table's actions, in an order the coins allow (the players' first),
    then lead to the table's game (``truth``, up to the ledger's order).
    None when no such reading exists.
    """
    for i, (before, _) in enumerate(trail):
        starts = [j for j, (state, _) in enumerate(history) if state == before]
        if not starts and end != before:
            continue
        applied = [a for _, a in history[starts[-1] :]] if starts else []
        remaining = [a for _, a in trail[i:]]
        for action in applied:
            if action not in remaining:
                break
            remaining.remove(action)
        else:
            order = _legal_order(end, remaining, truth)
            if order is not None:
                return order
    return None


def _legal_order(
    state: GameState, actions: list[Action], truth: GameState, budget: int = 2000
) -> list[Action] | None:
    """An order of ``actions``, each legal in turn from ``state``, that ends in
    ``truth``'s game (the players' order tried first); None if there is none
    (or none found within ``budget`` steps)."""
    left = [budget]

    def search(at: GameState, rest: list[Action]) -> list[Action] | None:
        if not rest:
            return [] if same_game(at, truth) else None
        legal = legal_actions(at)
        for action in dict.fromkeys(rest):
            if action not in legal or left[0] <= 0:
                continue
            left[0] -= 1
            after, _ = apply(at, action, check=False)
            others = list(rest)
            others.remove(action)
            found = search(after, others)
            if found is not None:
                return [action, *found]
        return None

    return search(state, actions)


class ScriptedTable:
    """Drives a session through a whole game from the table's side."""

    def __init__(
        self,
        session: TableSession,
        reconciler: Reconciler,
        table: Table,
        *,
        seed: int = 0,
        policy: Policy = random_player,
        narrate: Callable[[str], None] | None = None,
        phone_first: float = 0.7,
    ):
        self.session = session
        self.reconciler = reconciler
        self.table = table
        self.seed = seed
        self.rng = random.Random(seed)
        # Choices depend only on the seed and the position in the game, so a run
        # resumed from a log continues exactly as an uninterrupted one.
        self.position = len(session.game.entries)
        self.policy = policy
        self.truth = session.state
        self.trail: list[tuple[GameState, Action]] = []
        self.report = ScriptReport()
        self.narrate = narrate or (lambda line: None)
        #: How often a player answers the phone before touching the table; the
        #: rest of the time they move pieces first and answer when asked.
        self.phone_first = phone_first
        table.show(self.truth)

    def _phone(self, action: Action) -> None:
        session = self.session
        seat = session.state.pending[-1].player
        outcome = session.answer(seat if seat >= 0 else None, str(action), session.state_id)
        if not outcome.ok:
            raise DivergedError(f"phone answer {action} refused: {outcome.en}")
        self.report.phone_answers += 1

    def _camera(self) -> None:
        seen, settling = self.table.look()
        # the personal boards, when the table has them in view (``CameraTable``)
        self.reconciler.boards_seen = getattr(self.table, "boards_read", None)
        inference = self.reconciler.on_seen(seen, settling=settling)
        if inference is not None and inference.kind in ("apply", "ask"):
            self.report.camera_inferences += 1

    def _carry_out_maharajah(self) -> None:
        """The companion plays his turns at once; a person then moves his pieces."""
        entries = self.session.game.entries
        while not self.truth.finished and len(entries) > self.position:
            his = self.truth.pending[-1].kind == Pending.MAHARAJAH_TURN and _is_maharajah_turn(
                entries[self.position].action
            )
            # The companion also answers for a player without asking (a forced
            # answer): the player's game follows it.
            taken = (
                not his
                and self.position in self.session.auto_entries
                and self.session.game.states[self.position] == self.truth
            )
            if not (his or taken):
                break
            action = self.session.game.action_at(self.position)
            self.truth, _ = apply(self.truth, action, check=False)
            self.trail = []
            self.position += 1
            self.report.actions += 1
            if his:
                self.report.maharajah_turns += 1
            self.table.show(self.truth)
            self._camera()

    def _catch_up(self) -> None:
        """Look at the table; answer on the phone what the camera cannot show.

        The companion follows the table by camera; whenever it stops at a
        decision the table cannot show (which tile action, a resource, how the
        elephant was moved, a trade with the reserve), the player who took it
        says it on the phone, as at a real table.
        """
        self._camera()
        for _ in range(200):
            self._carry_out_maharajah()
            state = self.session.state
            if state == self.truth:
                return
            taken = next((a for before, a in self.trail if before == state), None)
            if taken is None:
                rest = unmade(self.trail, self.recent(), state, self.truth)
                if rest is None:
                    raise DivergedError(
                        f"the companion is at {state!r}, which the table never passed through"
                    )
                self._reorder(state, rest)
                continue
            self._phone(taken)
            self._camera()
        raise DivergedError("the companion does not catch up with the table")

    def _reorder(self, state: GameState, rest: list[Action]) -> None:
        """Trades the camera applied in another order than the player's: the
        table's game is taken in the companion's order (the same board; only
        the score ledger's lines stand in another order), and the player names
        the trades still missing on the phone (``rest``, in an order the coins
        allow)."""
        self.trail = []
        for action in rest:
            self.trail.append((state, action))
            state, _ = apply(state, action, check=False)
        self.truth = state

    def recent(self, count: int = 60) -> list[Step]:
        """The companion's last ``count`` actions, each with the state it was taken in."""
        game = self.session.game
        start = max(0, len(game.entries) - count)
        return [(game.states[j], game.action_at(j)) for j in range(start, len(game.entries))]

    def choose(self) -> Action:
        """The player's next action (a function of the seed and the position)."""
        self.rng.seed(f"{self.seed}:{self.position}")
        return self.policy(self.truth, legal_actions(self.truth), self.rng)

    def step(self, action: Action | None = None) -> None:
        """Take one action at the true table (``choose``'s, unless one is given)."""
        truth = self.truth
        if (
            action is None
            and truth.pending[-1].kind == Pending.MAHARAJAH_TURN
            and self.session.state != truth
        ):
            # A person carries out the Maharajah's turn from the instructions
            # the companion shows once it reaches his turn: while it has not
            # followed the table there (a trade the camera could not see), the
            # players answer on the phone first, then carry his turn out. (The
            # table never plays his turn ahead of the companion: that made
            # false "illegal move" alerts at the whole-game bench, hand-start
            # seed 6.)
            self._catch_up()
            self.trail = []
            return
        if action is None:
            action = self.choose()
        self.position += 1
        self.report.log.append(describe_action(truth, action))
        self.narrate(describe_action(truth, action))
        after, _ = apply(truth, action, check=False)
        self.trail.append((truth, action))
        self.truth = after
        self.report.actions += 1
        kind = Pending(truth.pending[-1].kind)
        if kind is Pending.MAHARAJAH_TURN:
            # The companion played his turn already; a person now carries out his
            # instructions on the table, and the camera checks them.
            self.report.maharajah_turns += 1
        if kind in HIDDEN_DECISIONS or not _shows_on_table(truth, after):
            if self.session.state == truth and self.rng.random() < self.phone_first:
                # The player answers on the phone as they make the choice...
                self._phone(action)
                self.trail = []
                self.table.show(after)  # ...and moves what it moves (the token, say)
                self._camera()
                self._carry_out_maharajah()
            else:
                self.table.show(after)
                self._catch_up()
                self.trail = []
        else:
            self.table.show(after)
            self._camera()

    def play(self, max_actions: int = 5000) -> ScriptReport:
        while not self.truth.finished and self.report.actions < max_actions:
            self.step()
        self._catch_up()
        if self.session.state != self.truth:
            raise DivergedError("the game ended differently at the table and in the companion")
        return self.report


def _is_maharajah_turn(action: object) -> bool:
    return isinstance(action, Action) and action.kind is Act.MAHARAJAH
