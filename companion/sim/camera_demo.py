"""``companion demo --game NAME --camera``: a whole game whose table changes reach the session as camera observations.

What it is for: showing (and testing) the camera path of a game served
through its ``Rules``, from the first move to the final score sheets. The
simulated players move pieces on a simulated table (the game's observation
of the position after their move); a camera reports it to the session
(``RulesSession.on_observation``): through the game's real camera table when
``vision.games`` has one (rendered frame, then its reader), else through the
observation-level ``FakeCamera`` (fields blanked as a camera would, never a
wrong value). The phones answer only what the table did not show: a secret
draw (the drawer's phone), a move the camera missed, or a question when the
table fits more than one move. A public draw the camera missed is entered on
the table screen (a die on its roller's phone). Once in the game a player
makes a move the rules refuse (``physical_moves``): the table screen shows
the rule and the fix, the player puts it right and the alert goes.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.reconcile.traceless import leaves_no_trace
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.sim.ahead import INFERRED, TableAhead
from companion.sim.demo_watch import Pacer, next_step_button
from companion.sim.fake_camera import Eye, FakeCamera, TableEye
from companion.sim.generic_demo import (
    NAMES,
    SimPhone,
    demo_log,
    phone_name,
    say_sheets,
    sim_phones,
)
from companion.sim.real_hands import demo_options, real_hands_for
from companion.sim.sim_players import CASUAL
from engine.core.physical import ChecksTable
from engine.core.seats import CHANCE, NOBODY

#: Steps the camera supplied; every other step is a phone (or table screen) answer.
READ_KINDS = frozenset({"move read by the camera", "draw read by the camera", INFERRED})
FORCED = "forced: the table the camera reads cannot show it"
AVOIDABLE = "avoidable: the camera reads a piece that shows it"


@dataclass
class CameraDemoReport:
    """What a camera demo did: who supplied each step, and the refused move."""

    session: RulesSession
    through: str  # "rendered frames" or "fake camera"
    steps: Counter[str] = field(default_factory=Counter)
    illegal_caught: bool = False
    illegal_put_right: bool = False
    alerts_on_legal_play: int = 0
    #: phone answers by (why, the action's first word): why is ``FORCED`` (no
    #: table the camera reads tells this answer from another one, or from no
    #: move at all) or ``AVOIDABLE`` (the camera reads a piece that shows it)
    phone: Counter[tuple[str, str]] = field(default_factory=Counter)

    def phone_answers(self) -> int:
        """Steps answered on a phone or the table screen rather than read."""
        return sum(n for kind, n in self.steps.items() if kind not in READ_KINDS)


def run_camera_demo(
    game: str,
    *,
    players: int = 3,
    seed: int = 7,
    log_path: Path | None = None,
    serve: bool = False,
    out: TextIO | None = None,
    miss: float = 0.1,
    linger: float = 0.0,
    host: str = "127.0.0.1",
    port: int = 0,
    eye: Eye | None = None,
    prepare: Callable[[RulesSession], None] | None = None,
    pacer: Pacer | None = None,
    simulated: str = CASUAL,
) -> CameraDemoReport:
    """Play a whole game of ``game`` through the camera path; print it and the sheets.

    ``eye``: the camera (default: the game's camera table, else ``FakeCamera``
    missing each field with probability ``miss``). ``prepare`` is called with
    the session before play (a bench wraps ``on_observation`` to time it).
    ``pacer`` waits after each move and while the refused move is on the
    table (its alert stays on the screens until the next step). ``simulated``:
    how the simulated people play (``companion.sim.sim_players``)."""
    from vision.games import table_for

    stream = out if out is not None else sys.stdout

    def say(line: str) -> None:
        print(line, file=stream, flush=True)

    path = demo_log(f"{game}-camera-demo", log_path)
    session = open_any_session(
        path,
        game,
        list(NAMES[:players]),
        options=demo_options(game),
        public_seed=seed,
        draws="phones",
    )
    assert isinstance(session, RulesSession)
    session.use_camera()
    if prepare is not None:
        prepare(session)
    rules = session.rules
    if eye is None:
        camera_table = table_for(game)
        eye = (
            TableEye(camera_table, seed=seed, players=players, options=tuple(session.game.options))
            if camera_table is not None
            else FakeCamera(game, miss=miss, seed=seed)
        )
    through = "rendered frames" if isinstance(eye, TableEye) else "fake camera"
    report = CameraDemoReport(session, through)
    say(f"{rules.title_en}: a simulated game read by the camera ({through})")
    say(f"  players: {', '.join(s.name for s in session.seats)}")
    say(f"  the simulated people play as: {simulated}")
    say(f"  game log: {path}")
    server = None
    base_url = None
    if serve:
        from companion.server import start_server

        server = start_server(session, host=host, port=port)
        base_url = f"http://127.0.0.1:{server.sock.getsockname()[1]}"
        say(f"  table screen: {server.url}/table  (PIN {session.pin})")
        if pacer is not None and pacer.step:
            next_step_button(server, pacer.advance)  # the table screen's "Next step"
            say("  step mode: press Enter here, or 'Next step' on the table screen")
    phones = sim_phones(session, base_url, seed, simulated)
    hands = real_hands_for(rules, session.state, seed)  # the real cards of unknown hands
    for each in phones:
        each.hands = hands
    ahead = TableAhead(rules)  # moves made that no camera showed yet
    rolled: dict[str, Hashable] = {}  # dice on the table the companion has not taken yet
    table_rng = random.Random(seed * 31 + 5)  # the real deck's order, the real dice
    began = time.monotonic()
    shown = len(session.log)
    relooked: tuple[int, int] | None = None  # the stall the camera looked at again

    def look(state: Any) -> None:
        seen = eye.look(rules.observe(state), rules.observe(session.state))
        if seen is not None:
            session.on_observation(seen)

    while True:
        screen = session.seat_view(None)
        if screen["finished"] or session.ended:
            break
        answered = report.phone_answers()
        ahead.catch_up(session, report.steps)
        waiting = ahead.first()
        stall = (len(session.game.entries), id(waiting))  # a question raised again is no step
        if waiting is not None and ahead.stalled() and relooked != stall:
            # before a phone says a move, the camera's next settled look at the table
            relooked = stall
            look(ahead.table)
            continue
        state, state_id = ahead.position(session), session.state_id
        d = rules.decision(state)
        made: Hashable
        if waiting is not None and ahead.stalled():
            # the table moved on past moves no camera sees: their players say them
            state, made = waiting.state, waiting.action
            if session.state is not state and rules.to_dict(session.state) != rules.to_dict(state):
                raise RuntimeError("the companion waits on another move than the table made")
            waiting.answered = True
            text = rules.format_action(made)
            if _asked(session):
                asker = session.seat_view(None)["decision"]["seat"]
                offered = [o["action"] for o in session.seat_view(asker)["options"]]
                if text not in offered:
                    raise RuntimeError(f"the question on the table left out the move made: {text}")
                kind = "question on the phone (the table fits several moves)"
            else:
                asker, kind = rules.decision(state).player, "move no camera sees, on the phone"
            _send(phones[asker], text, report, kind)
        elif d.is_chance and d.secret_for is not None:
            phone = phones[d.secret_for]
            option = phone.choose()
            made = rules.parse_action(option["action"])
            _send(phone, option["action"], report, "secret draw on the drawer's phone")
        elif d.is_chance:
            # a die rolled at once with its colour's choice is on the table already
            key = _key(rules, state)
            outcome = made = (
                rolled.pop(key) if key in rolled else rules.random_chance(state, table_rng)
            )
            after, _ = rules.apply(state, outcome, check=False)
            record = len(session.game.entries)
            look(after)
            if session.state_id == state_id:
                look(after)  # the camera's next settled look, before the draw is entered
            text = rules.format_action(outcome)
            if _asked(session):
                # The table moved on past a draw it does not show (the round
                # ended after a roll): every face fits, so it is asked.
                seat = session.seat_view(None)["decision"]["seat"]
                kind = "draw the table moved past, asked on the phone"
                _enter(session, phones, seat, text, report, kind)
            elif session.state_id == state_id:
                seat = screen["decision"]["seat"]
                kind = (
                    "draw entered on the table screen"
                    if seat is None
                    else "roll entered on the roller's phone"
                )
                _enter(session, phones, seat, text, report, kind)
            else:
                report.steps["draw read by the camera"] += 1
            if len(session.game.entries) == record:
                raise RuntimeError(f"the draw was neither read nor entered: {text}")
        else:
            seat = d.player
            if not report.illegal_caught and waiting is None:
                _try_illegal(session, rules, eye, report, say, pacer)
            phone = phones[seat]
            if waiting is None:
                intended = made = rules.parse_action(phone.choose()["action"])
            else:  # the table is ahead of the companion: the player moves on the table's position
                intended = made = phone.choose_at(state)
            if hands is not None:
                hands.played(seat, intended)
            after, _ = rules.apply(state, intended, check=False)
            quiet = leaves_no_trace(rules, state, intended)
            if waiting is None and quiet and rolls_at_once(rules, after, seat):
                # a die of the colour chosen is taken and rolled at once: the
                # table shows the roll, which tells the choice too
                rolled[_key(rules, after)] = outcome = rules.random_chance(after, table_rng)
                look(rules.apply(after, outcome, check=False)[0])
                if session.state_id != state_id and not _asked(session):
                    report.steps["move read by the camera"] += 1
                    if rules.to_dict(session.state) != rules.to_dict(after):
                        report.steps["draw read by the camera"] += 1
                        rolled.clear()
                else:
                    _finish_move(session, phones, intended, state_id, report)
                continue_after = True
            else:
                continue_after = False
                look(after)
            if _asked(session) or (
                not quiet and rules.to_dict(session.state) == rules.to_dict(state)
            ):
                look(after)  # the camera's next settled look, before a phone answers
            # a move no camera sees waits for the next player's move, if the turn passes
            passes = rules.decision(after).player not in (seat, CHANCE, NOBODY)
            unseen = passes and rules.to_dict(session.state) == rules.to_dict(state)
            if continue_after:
                pass
            elif waiting is not None or unseen:
                # the next player moves on: the camera's next look shows this move
                # too (a move no camera sees is inferred from it, a missed one read,
                # a question it raised settled); a phone answers once the table stalls
                ahead.add(state, intended, after, quiet)
            else:
                _finish_move(session, phones, intended, state_id, report)
        if report.phone_answers() > answered:
            why = why_on_phone(rules, state, made, getattr(eye, "blind", frozenset()))
            report.phone[why, rules.format_action(made).split()[0]] += 1
        if session.alerts and not (report.illegal_caught and not report.illegal_put_right):
            report.alerts_on_legal_play += 1
            say(f"  [table] ALERT: {session.alerts[-1].en}")
        for line in session.log[shown:]:
            who = "phone" if line.private_to is not None else "table"
            text = line.en
            if line.private_to is not None:
                text = f"{phone_name(session, line.private_to)}'s phone: {line.en}"
            say(f"  [{who}] {text}")
        shown = len(session.log)
        if pacer is not None:
            pacer.wait()
    if pacer is not None:
        pacer.stop()
    seconds = time.monotonic() - began
    total = sum(report.steps.values())
    say(f"\nThe game is over ({seconds:.1f} s, {total} steps):")
    for kind, count in report.steps.most_common():
        say(f"  {count:4d}  {kind}")
    say(f"Phone answers ({report.phone_answers()}), by why and by action:")
    for (why, word), count in sorted(report.phone.items()):
        say(f"  {count:4d}  {why}: {word}")
    say_sheets(session, say)
    if server is not None:
        if linger:
            time.sleep(linger)
        server.stop()
    if session.store is not None:
        session.store.close()
    return report


def rolls_at_once(rules: Any, after: Any, seat: int) -> bool:
    """Whether the public draw due at ``after`` is made at once, in the open, by
    ``seat``, who has just decided (Rajas: a die of the colour chosen, rolled
    straight away; ``entered_at_table``)."""
    d = rules.decision(after)
    said_by = getattr(rules, "entered_at_table", None)
    return d.is_chance and d.secret_for is None and said_by is not None and said_by(after) == seat


def _key(rules: Any, state: Any) -> str:
    return json.dumps(rules.to_dict(state), sort_keys=True, default=str)


def why_on_phone(rules: Any, state: Any, action: Hashable, blind: frozenset[str]) -> str:
    """Why ``action`` (made at ``state``) went to a phone, as far as the table can
    tell: ``FORCED`` when no table the camera reads tells it from no move or
    from another legal action (every piece that would tell them apart is in
    ``blind``, the fields the camera table never reads, or a ``DERIVED``
    field), with those fields in brackets: "... (dice)"; else ``AVOIDABLE`` (a
    camera that read every piece it reads would have shown it)."""

    def readable(seen: Any) -> tuple[Any, ...]:
        return tuple(v for k, v in seen.as_seen().field_values().items() if k not in blind)

    after = rules.observe(rules.apply(state, action, check=False)[0])
    shows = readable(after)
    alike = [rules.observe(state)]
    alike += [
        rules.observe(rules.apply(state, other, check=False)[0])
        for other in rules.legal_actions(state)
        if other != action
    ]
    alike = [seen for seen in alike if readable(seen) == shows]
    if not alike:
        return AVOIDABLE
    unread = sorted(
        {
            name
            for seen in alike
            for name, v in seen.field_values().items()
            if v != getattr(after, name)
        }
    )
    return f"{FORCED} ({', '.join(unread) or 'no piece differs'})"


def _send(phone: SimPhone, action: str, report: CameraDemoReport, kind: str) -> None:
    outcome = phone.send(action, phone.session.state_id)
    if not outcome.ok:
        raise RuntimeError(f"a legal answer was refused: {outcome.en}")
    report.steps[kind] += 1


def _enter(
    session: RulesSession,
    phones: list[SimPhone],
    seat: int | None,
    text: str,
    report: CameraDemoReport,
    kind: str,
) -> None:
    """A draw entered by ``seat``'s phone, or on the table screen (``None``)."""
    if seat is not None:
        _send(phones[seat], text, report, kind)
        return
    outcome = session.answer(None, text, session.state_id)
    if not outcome.ok:
        raise RuntimeError(f"a draw entered on the table screen was refused: {outcome.en}")
    report.steps[kind] += 1


def _finish_move(
    session: RulesSession,
    phones: list[SimPhone],
    intended: Hashable,
    before_id: int,
    report: CameraDemoReport,
) -> None:
    """After the camera looked at a move: done by the camera, or asked, or answered."""
    rules = session.rules
    text = rules.format_action(intended)
    view = session.seat_view(None)
    question = view["decision"]["en"] if view["decision"]["kind"] else ""
    if session.state_id != before_id and not _asked(session):
        report.steps["move read by the camera"] += 1
        return
    if _asked(session):
        asker = view["decision"]["seat"]
        offered = [o["action"] for o in session.seat_view(asker)["options"]]
        if text not in offered:
            raise RuntimeError(f"the question on the table left out the move made: {question}")
        _send(phones[asker], text, report, "question on the phone (the table fits several moves)")
        return
    _send(
        phones[rules.decision(session.state).player],
        text,
        report,
        "move the camera missed, on the phone",
    )


def _asked(session: RulesSession) -> bool:
    return session._open_question() is not None


def _try_illegal(
    session: RulesSession,
    rules: Any,
    eye: Eye,
    report: CameraDemoReport,
    say: Any,
    pacer: Pacer | None = None,
) -> None:
    """The one refused move of the demo, if the position offers one: made, caught, put right."""
    if not isinstance(rules, ChecksTable):
        return
    state = session.state
    moves = rules.physical_moves(state)
    if not moves:
        return
    move = moves[0]
    who = phone_name(session, move.seat)
    seen = eye.look(move.seen)
    if seen is None:
        return
    verdict = session.on_observation(seen)
    if verdict.kind != "illegal" or not session.alerts:
        return  # the camera missed the piece that shows it: no alert, try later
    alert = session.alerts[-1]
    report.illegal_caught = True
    say(f"  [table] {who} makes a move the rules refuse; the table screen says:")
    say(f"          {alert.en} ({alert.rule_en or alert.rule})")
    say(f"          {alert.fix_en}")
    if pacer is not None:
        say("  [table] the alert stays on the table screen and the phone until it is put right")
        pacer.wait()
    back = eye.look(session.rules.observe(state))
    if back is not None:
        session.on_observation(back)
    report.illegal_put_right = not session.alerts
    if report.illegal_put_right:
        say(f"  [table] {who} puts it right; the alert is gone")
