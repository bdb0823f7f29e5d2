"""``companion demo``: a whole simulated solo game, no hardware needed.

A scripted human (Ana) plays against the Maharajah on a simulated table: the
pieces are rendered by the synthetic camera and read by the vision pipeline,
the elephants and the Maharajah token are sensed by the simulated sensor board
(the real firmware on fake hardware, on a real pseudo-terminal), and choices
the table cannot show are answered on "her phone". She closes her turns with
the board's "turn done" button. The Maharajah's turns are carried out by the
same script following his instructions, which the camera checks. Early on she
makes one illegal move on purpose: the companion names the rule and the fix,
she puts it right. The phone view is served while it runs. At the end the
itemised scores are printed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, cast

from companion.games.amritsar.grouped import follow_ups
from companion.games.amritsar.reconcile.closing import closing_actions
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.camera_table import CameraTable
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.games.amritsar.sim.simboard import SimulatedBoard
from companion.games.amritsar.sim.simulate import Policy, ScriptedTable
from companion.sim.demo_watch import Pacer, next_step_button, watch_lines
from companion.sim.generic_demo import demo_log
from companion.sim.sim_players import CASUAL, BotPolicy, simulated_bot
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Act,
    Action,
    District,
    GameState,
    Pending,
    apply,
    observe,
    order_prompt,
    score,
)
from engine.core.registry import get_rules


def only_closing_left(truth: GameState, policy: object, chosen: Action) -> bool:
    """Is the rest of the player's planned turn what "turn done" does anyway?

    The demo's player (and the phone-answers bench's) then presses "turn done"
    instead of entering the closing steps; her plan is cleared."""
    rest = [chosen, *getattr(policy, "plan", [])]
    closing = (Act.END_ACTIONS, Act.MARKET_DONE, Act.STAY, Act.PASS)
    if truth.pending[-1].kind == Pending.ELEPHANT and truth.pending[-1].a == 1:
        return False  # phase 1: her turn has not started
    if not all(a.kind in closing for a in rest):
        return False
    if plan := getattr(policy, "plan", None):
        plan.clear()
    return True


def may_skip(truth: GameState, action: Action) -> bool:
    """A question the phone tells the player they need not answer (the table
    will show it): leaving the elephant where it is (her next worker move
    proves it) and the order of a coin and a market action (her trades show
    it, ``companion.games.amritsar.reconcile.order``)."""
    if action.kind is Act.STAY:
        after, _ = apply(truth, action, check=False)
        return observe(after) == observe(truth)
    return order_prompt(truth) is not None


def _opens_market(truth: GameState, action: Action) -> bool:
    """Does ``action`` open a market action or the order of one (answered as
    before the boards were in view: the trades show it, ``order``)?"""
    after, _ = apply(truth, action, check=False)
    if not after.pending or after.finished:
        return False
    return Pending(after.pending[-1].kind) is Pending.MARKET or order_prompt(after) is not None


class DemoPlayer(ScriptedTable):
    """The demo's player (Ana, seat 0) at a table, as the demo and the bench use her.

    - She ends a turn with the sensor board's "turn done" button when the rest
      of her planned turn is only closing moves (``only_closing_left``).
    - She does not stop for a question the phone says she may skip
      (``may_skip``): she carries on at the table and answers only if the
      companion still asks after her next move.
    - Otherwise she answers on her phone as she decides 70% of the time
      (``phone_first``), else moves first and answers when asked.
    - An answer to the follow-up a question opens (``grouped.follow_ups``: a
      tile action, then which track; one tile action, then the turn's next)
      she gives on the question's screen, sent with it: one screen
      (``report.screens``), as her phone shows it.

    ``_press_done`` says how the button reaches the companion."""

    #: False: she answers what the phone says she may skip (the old habit).
    skips = True
    #: Her board lies in the camera's view: she makes the choices only her
    #: board shows at the table (a tile action and its follow-ups), and
    #: answers on the phone only what the companion still asks.
    boards_in_view = False
    #: "Turn done" presses so far, and order questions she answered.
    presses = 0
    asked_order = 0

    def step(self, action: Action | None = None) -> None:
        if action is not None:
            super().step(action)
            return
        truth = self.truth
        top = truth.pending[-1]
        if top.player != 0:
            super().step()
            return
        chosen = self.choose()
        closing_kind = top.kind in (Pending.ACTIONS, Pending.MARKET, Pending.ELEPHANT)
        if closing_kind and only_closing_left(truth, self.policy, chosen):
            self._press_done()
            return
        if self.skips and may_skip(truth, chosen):
            self._carry_on(chosen)
            return
        if (
            self.boards_in_view
            and Pending(top.kind) in HIDDEN_DECISIONS
            and chosen.kind is not Act.END_ACTIONS  # no board shows it: as before
            and not _opens_market(truth, chosen)  # the order of a coin and trades: as before
        ):
            # On her board, then the camera looks once her choices there are
            # made (the next decision is not one only her board shows); the
            # companion follows a player's board, not moves made past it.
            self._carry_on(chosen)
            now = self.truth.pending[-1] if self.truth.pending else None
            if now is None or now.player != 0 or Pending(now.kind) not in HIDDEN_DECISIONS:
                self._catch_up()
                self.trail = []
            return
        super().step(chosen)
        last = self.reconciler.last
        state = self.session.state
        # Her phone asks about what she just did (a question the camera left
        # open, an alert, a choice only the phone takes): she answers now.
        # While the companion waits for the table, or sees nothing new at a
        # move the table shows (the phone then says the camera is watching,
        # and calls nobody), she carries on with her turn (issue 33: a sowing
        # whose emptied origin the camera doubted was asked at once, though
        # her next worker placed shows it).
        now = state.pending[-1] if state.pending else None
        watching = last is not None and (
            last.kind == "wait"
            or (
                last.kind == "agree"
                and now is not None
                and Pending(now.kind) not in HIDDEN_DECISIONS
            )
        )
        if state != self.truth and not watching:
            self._catch_up()
            self.trail = []

    def _carry_on(self, action: Action) -> None:
        """Take ``action`` at the table without a word to the phone."""
        after, _ = apply(self.truth, action, check=False)
        self.position += 1
        self.trail.append((self.truth, action))
        self.truth = after
        self.report.actions += 1
        self.table.show(after)

    def _press_done(self) -> None:
        """She presses "turn done". With only the order of a coin and a market
        action open on her phone, she does not answer it first: the press may
        settle it (``Reconciler.close_turn``); if the companion refuses, she
        answers her phone and presses again."""
        if order_prompt(self.session.state) is None:
            self._catch_up()
        closing = closing_actions(self.truth)
        closed = self.truth
        for action in closing:
            closed, _ = apply(closed, action, check=False)
        if not self._press():
            self._catch_up()
            if not self._press():
                raise RuntimeError("turn done refused after answering the phone")
        self.presses += 1
        self.position += len(closing)
        self.report.actions += len(closing)
        self.truth = closed
        self.trail = []
        self.table.show(closed)
        self._catch_up()

    def _press(self) -> bool:
        """Send the "turn done" press to the companion; whether it took it."""
        return self.reconciler.on_button("done").ok

    #: The last answer sent and where it left the game: an answer to the
    #: follow-up it opened, sent right after it, is on the same screen.
    _sent: tuple[GameState, Action, GameState] | None = None

    def _phone(self, action: Action) -> None:
        state = self.session.state
        if order_prompt(state) is not None:
            self.asked_order += 1
        same_screen = False
        if self._sent is not None:
            before, sent, after = self._sent
            follow = follow_ups(before, sent)
            same_screen = after == state and follow is not None and action in follow.actions
        super()._phone(action)
        if same_screen:
            self._sent = None
        else:
            self.report.screens += 1
            self._sent = (state, action, self.session.state)


class DemoTable(DemoPlayer):
    """The demo's player at the camera table, with one deliberate mistake."""

    def __init__(
        self,
        *args: object,
        out: Callable[[str], None],
        pause: Callable[[], None] | None = None,
        **kwargs: object,
    ) -> None:
        boards = bool(kwargs.pop("boards_in_view", False))
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.boards_in_view = boards
        self.out = out
        #: Waits while the table is wrong (the demo's pace, or "Next step" in step
        #: mode), so the alert can be seen on the table screen and her phone.
        self.pause = pause
        self.mistake_made = False

    def step(self, action: Action | None = None) -> None:
        if action is None and not self.mistake_made and self._try_mistake(self.truth):
            return
        super().step(action)

    def _press(self) -> bool:
        """Ana presses "turn done" on the sensor board instead of ending on her phone."""
        table = self.table
        assert isinstance(table, CameraTable)
        table.press("done")
        self.out("  [button] Ana presses 'turn done' on the sensor board")
        presses = table.wait_for_button()
        if not presses:
            raise RuntimeError("the sensor board did not report the 'turn done' press")
        ok = True
        for pressed in presses:
            outcome = self.reconciler.on_button(pressed.button.value)
            if not outcome.ok:
                self.out(f"  [companion] {outcome.en}")
                ok = False
        return ok

    def _try_mistake(self, truth: GameState) -> bool:
        """On her second turn Ana makes a mistake the companion must catch.

        Short of coins, she moves her elephant one district back (anticlockwise:
        three steps clockwise, which she cannot pay); otherwise she moves the
        Maharajah's elephant, which is not hers to move.
        """
        top = truth.pending[-1]
        p = truth.players[0]
        if top.kind != Pending.ELEPHANT or top.player != 0 or top.a != 1 or p.elephant < 0:
            return False
        if self.session.state != truth:
            return False
        self.mistake_made = True
        table = self.table
        assert isinstance(table, CameraTable)
        if p.coins < 2:
            back = (p.elephant - 1) % 4
            self.out(
                f"  [table] Ana moves her elephant back to {District(back).title} (anticlockwise!)"
            )
            table.misplace_elephant(self.session.seats[0].colour, back)
        else:
            assert truth.maharajah is not None
            there = (truth.maharajah.elephant + 1) % 4
            self.out(
                f"  [table] Ana moves the Maharajah's elephant to {District(there).title} by mistake"
            )
            table.misplace_elephant(self.session.seats[1].colour, there)
        seen, settling = table.look()
        self.reconciler.on_seen(seen, settling=settling)
        for alert in self.session.alerts:
            self.out(f"  [ALERT] {alert.en}")
            self.out(f"          {alert.fix_en}")
            self.out(f"          ({alert.es} {alert.fix_es})")
        if self.pause is not None and self.session.alerts:
            self.out(
                "  [table] the alert stays on the table screen and her phone until she fixes it"
            )
            self.pause()
        self.out("  [table] Ana puts the elephant back")
        table.show(truth)
        seen, settling = table.look()
        self.reconciler.on_seen(seen, settling=settling)
        self.out(
            "  [companion] the table agrees again; the alert is gone"
            if not self.session.alerts
            else "  [companion] still wrong"
        )
        return True


def ana_policy(simulated: str) -> Policy:
    """How the demo's player chooses: ``casual`` (``GreedyPlayer``) or a search
    player of ``engine.core.search`` through Amritsar's ``Rules``."""
    bot = simulated_bot(simulated)
    if bot is None:
        return GreedyPlayer(0)
    return cast(Policy, BotPolicy(get_rules("amritsar"), bot))


def run_demo(
    *,
    seed: int = 7,
    log_path: Path | None = None,
    serve: bool = True,
    out: TextIO | None = None,
    linger: float = 0.0,
    pacer: Pacer | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    boards_in_view: bool = False,
    simulated: str = CASUAL,
) -> TableSession:
    """Play a whole solo game, Ana against the Maharajah, through the simulated
    camera and sensor board; Ana plays as ``simulated`` (``companion.sim.sim_players``:
    ``casual`` is ``GreedyPlayer``)."""
    stream = out if out is not None else sys.stdout

    def say(line: str) -> None:
        print(line, file=stream, flush=True)

    path = demo_log("amritsar-demo", log_path)
    session = open_session(path, ["Ana"], solo=True, seed=seed)
    reconciler = Reconciler(session)
    colours = tuple(s.colour for s in session.seats)
    say("Amritsar table companion: a simulated solo game against the Maharajah")
    say(f"  Ana plays as: {simulated}")
    say(f"  game log: {path}  (replay it: companion replay {path})")
    server = None
    if serve:
        from companion.server import start_server

        server = start_server(session, host=host, port=port)
        everywhere = host in ("0.0.0.0", "::", "")
        for line in watch_lines(
            server.url, session.pin, server.sock.getsockname()[1], everywhere=everywhere
        ):
            say(line)
        if pacer is not None and pacer.step:
            # The table screen's "Next step" button (PIN) advances the demo too.
            next_step_button(server, pacer.advance)
            say("  step mode: press Enter here, or 'Next step' on the table screen")
    began = time.monotonic()
    with SimulatedBoard("demo-board", seed=seed) as board:
        link = board.serial_link()
        say(f"  sensor board: simulated firmware on {board.port}")
        table = CameraTable(
            session.state,
            colours,
            seed=seed,
            board=board,
            link=link,
            boards_in_view=boards_in_view,
        )
        if boards_in_view:
            say("  personal boards: in the camera's view (hardware/amritsar-boards)")
        lines: list[str] = []
        driver = DemoTable(
            session,
            reconciler,
            table,
            seed=seed,
            policy=ana_policy(simulated),
            narrate=lines.append,
            out=say,
            pause=pacer.wait if pacer is not None else None,
            boards_in_view=boards_in_view,
        )
        last_turn = None
        shown = 0
        while not driver.truth.finished:
            state = driver.truth
            top = state.pending[-1]
            if (
                (state.decade, state.round) != last_turn
                and top.kind == Pending.ELEPHANT
                and top.a == 1
            ):
                last_turn = (state.decade, state.round)
                say(f"\nDecade {state.decade}, round {state.round}")
            hidden = Pending(top.kind) in HIDDEN_DECISIONS and top.player == 0
            before_phone = driver.report.phone_answers
            before_camera = driver.report.camera_inferences
            driver.step()
            if pacer is not None:
                pacer.wait()
            for line in lines:
                who = "phone" if hidden else "table"
                say(f"  [{who}] Ana: {line}" if top.player == 0 else f"  [{who}] {line}")
            lines.clear()
            if driver.report.camera_inferences > before_camera:
                say("  [camera] the companion saw it and agreed")
            if driver.report.phone_answers > before_phone and not hidden:
                say("  [phone] Ana tells her phone what the table cannot show")
            card = session.maharajah_card
            if (
                card is not None
                and session.maharajah_turn is not None
                and id(session.maharajah_turn) != shown
            ):
                shown = id(session.maharajah_turn)
                say("  The Maharajah's turn:")
                for line in card["trace"]:
                    say(f"    why: {line['en']}")
                for item in card["instructions"]:
                    mark = "x" if item["done"] else " "
                    say(f"    [{mark}] {item['en']}")
        link.close()
    say(
        f"\nThe game is over ({time.monotonic() - began:.0f} s, {table.stats.frames} camera frames)."
    )
    for sheet in score(session.state):
        name = session.seats[sheet.seat].name
        say(f"\n{name}: {sheet.total} PP" + ("  <- winner" if sheet.winner else ""))
        totals: dict[str, int] = {}
        for item in sheet.lines:
            totals[item.label_en] = totals.get(item.label_en, 0) + item.amount
        for label, amount in totals.items():
            say(f"  {label:32s} {amount:+4d}")
    report = driver.report
    say(
        f"\n{report.actions} actions: {report.camera_inferences} seen by the camera, "
        f"{report.phone_answers} answered on the phone, {report.maharajah_turns} Maharajah turns."
    )
    say(
        f"Phone screens: {report.screens} (a question and the follow-up it opens are one "
        "screen and one send)."
    )
    if pacer is not None:
        pacer.stop()
    if server is not None:
        if linger:
            say(f"Serving for {linger:.0f} more seconds at {server.url}")
            time.sleep(linger)
        server.stop()
    return session
