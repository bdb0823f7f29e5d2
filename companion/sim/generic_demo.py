"""``companion demo --game imhotep|ceylon``: a whole simulated game in manual mode.

What it is for: showing (and testing) that a game served through its
``Rules`` plays from the first draw to the final score sheet the way a table
plays it: every decision is answered by a simulated player's phone, through
the path a phone uses (``POST /api/answer`` with the seat's token when the
server runs; the same ``session.answer`` call that route makes when it does
not). A secret draw (a card into a Ceylon hand) is said by the drawer's phone
(``draws="phones"``), from that player's own seeded shuffle, so a demo seed
repeats the whole game; public draws are dealt by the companion from the
seed. One illegal answer is sent on purpose and refused with its rule, and
the first answer is undone and answered again, as players do.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.sim.demo_watch import Pacer, next_step_button
from companion.sim.real_hands import RealHands, demo_options, real_hands_for
from companion.sim.sim_players import CASUAL, simulated_bot
from companion.table_session import Outcome
from engine.core.game import Bot
from engine.core.registry import get_rules

#: Player names for the simulated seats, in seat order.
NAMES = ("Ana", "Ben", "Cy", "Dee")


class SimPhone:
    """One simulated player's phone: answers with its seat's token, like a real one."""

    def __init__(
        self,
        session: RulesSession,
        seat: int,
        base_url: str | None,
        rng: random.Random,
        bot: Bot | None = None,
    ):
        self.session = session
        self.seat = seat
        self.base_url = base_url
        self.rng = rng
        #: the player this phone's person plays as (``companion.sim.sim_players``);
        #: ``None``: the casual one-move look-ahead below
        self.bot = bot
        #: the real cards of a game that keeps its hands unknown (Ceylon's option)
        self.hands: RealHands | None = None

    @property
    def token(self) -> str:
        return self.session.seats[self.seat].token

    def view(self) -> dict[str, Any]:
        return self.session.seat_view(self.seat)

    def send(self, action: str, state_id: int) -> Outcome:
        """Send one answer; over HTTP a 429 is waited out as a phone would."""
        if self.base_url is None:
            return self.session.answer(self.seat, action, state_id)
        body = json.dumps({"action": action, "state_id": state_id}).encode()
        while True:
            request = urllib.request.Request(
                f"{self.base_url}/api/answer",
                data=body,
                method="POST",
                headers={"Content-Type": "application/json", "X-Seat-Token": self.token},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    data = json.loads(response.read())
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(float(error.headers.get("Retry-After", "1")))
                    continue
                data = json.loads(error.read())
            return Outcome(
                bool(data["ok"]),
                int(data["state_id"]),
                str(data["code"]),
                str(data.get("en", "")),
                str(data.get("es", "")),
                str(data.get("rule", "")),
                str(data.get("rule_en", "")),
                str(data.get("rule_es", "")),
            )

    def choose(self) -> dict[str, str]:
        """The option this player picks now: mostly the one that scores best for
        them one move ahead (points now plus what their end-of-game items are
        worth), sometimes any legal one, so games differ and end."""
        view = self.view()
        options = view["options"]
        rules = self.session.rules
        if self.hands is not None:  # a card is played from the real hand
            state = self.session.state
            options = [
                o
                for o in options
                if self.hands.fits(state, self.seat, rules.parse_action(o["action"]))
            ]
        if view["decision"]["secret_draw"]:
            # the card really drawn from the pile (the phone may offer faces the pile lacks)
            drawn = rules.format_action(rules.random_chance(self.session.state, self.rng))
            for option in options:
                if option["action"] == drawn:
                    return dict(option)
        if self.bot is not None and not view["decision"]["chance"]:
            made = rules.format_action(self.choose_at(self.session.state))
            for option in options:
                if option["action"] == made:
                    return dict(option)
        # the casual player's draws in their old order: a seed plays the game it did
        if self.rng.random() < 0.25 or view["decision"]["chance"]:
            return dict(self.rng.choice(options))
        state = self.session.state
        best: list[dict[str, str]] = []
        top = None
        for option in options:
            after, _ = rules.apply(state, rules.parse_action(option["action"]), check=False)
            worth = next(s.provisional_total for s in rules.score(after) if s.seat == self.seat)
            if top is None or worth > top:
                top, best = worth, [option]
            elif worth == top:
                best.append(option)
        return dict(self.rng.choice(best))

    def choose_at(self, state: Any) -> Any:
        """The action this player makes at ``state``, a position the table has
        reached ahead of the companion (a move it has not seen yet): the same
        choice as ``choose``, among the legal actions this player can really make."""
        rules = self.session.rules
        options = [
            a
            for a in rules.legal_actions(state)
            if self.hands is None or self.hands.fits(state, self.seat, a)
        ]
        if self.bot is not None:
            chosen = self.bot.choose(rules, state, self.rng)
            if chosen in options:  # else a card the real hand lacks: chosen casually
                return chosen
        if self.rng.random() < 0.25:
            return self.rng.choice(options)
        best: list[Any] = []
        top = None
        for action in options:
            after, _ = rules.apply(state, action, check=False)
            worth = next(s.provisional_total for s in rules.score(after) if s.seat == self.seat)
            if top is None or worth > top:
                top, best = worth, [action]
            elif worth == top:
                best.append(action)
        return self.rng.choice(best)


def sim_phones(
    session: RulesSession, base_url: str | None, seed: int, simulated: str = CASUAL
) -> list[SimPhone]:
    """A simulated phone per seat, its person playing as ``simulated``, each from
    a seeded generator of its own (the demo's ``seed`` repeats the game)."""
    return [
        SimPhone(
            session,
            s.index,
            base_url,
            random.Random(seed * 100 + s.index),
            simulated_bot(simulated),
        )
        for s in session.seats
    ]


def demo_log(prefix: str, log_path: Path | None) -> Path:
    """Where a demo keeps its game log: ``log_path``, else a new folder of its
    own (named ``prefix``) that outlives the run, so the printed ``companion
    replay`` line still works. No folder is made when ``log_path`` is given."""
    if log_path is not None:
        return log_path
    return Path(tempfile.mkdtemp(prefix=f"{prefix}-")) / "demo-game.sqlite"


def run_generic_demo(
    game: str,
    *,
    players: int = 3,
    seed: int = 7,
    log_path: Path | None = None,
    serve: bool = True,
    out: TextIO | None = None,
    linger: float = 0.0,
    host: str = "127.0.0.1",
    port: int = 0,
    names: Sequence[str] = (),
    pacer: Pacer | None = None,
    companions: dict[int, str] | None = None,
    simulated: str = CASUAL,
) -> RulesSession:
    """Play a whole game of ``game`` with simulated phones; print it and the score sheets
    (``pacer``: wait after each answer, a pace or the table screen's "Next step"). The
    seats in ``companions`` are played by the companion at that level (no phone); the
    others by simulated people playing as ``simulated`` (``companion.sim.sim_players``)."""
    stream = out if out is not None else sys.stdout

    def say(line: str) -> None:
        print(line, file=stream, flush=True)

    chosen = list(names) or list(NAMES[:players])
    path = demo_log(f"{game}-demo", log_path)
    companions = companions or {}
    options = demo_options(game)
    if companions:  # a seat the companion plays knows its cards (``companion_excludes``)
        excluded = getattr(get_rules(game), "companion_excludes", {})
        options = [o for o in options if o not in excluded]
    session = open_any_session(
        path, game, chosen, options=options, public_seed=seed, draws="phones",
        companions=companions,
    )  # fmt: skip
    assert isinstance(session, RulesSession)
    rules = session.rules
    say(f"{rules.title_en}: a simulated game, manual mode (every decision on a phone)")
    say(f"  players: {', '.join(s.name for s in session.seats)}")
    say(f"  the simulated people play as: {simulated}")
    for seat in session.seats:
        if seat.plays:
            say(f"  the companion plays {seat.name} ({seat.plays}): its moves are for the table")
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
    hands = real_hands_for(rules, session.state, seed)
    for each in phones:
        each.hands = hands
    began = time.monotonic()
    answers = refused = 0
    shown = len(session.log)
    showed_illegal = undid = False
    while True:
        table = session.seat_view(None)
        if table["finished"] or session.ended:
            break
        seat = table["decision"]["seat"]
        if seat is None:
            raise RuntimeError(f"nobody can answer {table['decision']['kind']}")
        phone = phones[seat]
        view = phone.view()
        if not showed_illegal and not table["decision"]["chance"]:
            showed_illegal = True
            bad = _an_illegal_answer(session)
            if bad is not None:
                outcome = phone.send(bad, view["state_id"])
                refused += not outcome.ok
                say(f"  [phone] {phone_name(session, seat)} tries '{bad}': refused")
                say(f"          {outcome.en} ({outcome.rule_en or outcome.rule})")
                view = phone.view()
        option = phone.choose()
        outcome = phone.send(option["action"], view["state_id"])
        if not outcome.ok:
            raise RuntimeError(f"a legal answer was refused: {outcome.en}")
        if hands is not None:
            hands.played(seat, rules.parse_action(option["action"]))
        answers += 1
        if not undid and answers >= 2 and not view["decision"]["chance"]:
            undid = True
            name = phone_name(session, seat)
            undone = phone.session.undo(state_id=session.state_id, by_seat=seat)
            if undone.ok:
                say(f"  [phone] {name} undoes: {option['en']}")
            else:  # a move that drew a card: the table (PIN) undoes it
                undone = session.undo(state_id=session.state_id)
                say(f"  [table] undoes {name}'s move ({undone.en or option['en']})")
            if undone.ok:
                shown = len(session.log)
                if pacer is not None:
                    pacer.wait()
                continue
        for line in session.log[shown:]:
            who = "phone" if line.private_to is not None else "table"
            text = line.en
            if line.private_to in session.companion_seats:
                who, text = "companion", "something only the companion knows"
            elif line.private_to is not None:
                text = f"{phone_name(session, line.private_to)}'s phone: {line.en}"
            elif line.seat in session.companion_seats:
                who = "companion"  # a move for someone at the table to carry out
            say(f"  [{who}] {text}")
        shown = len(session.log)
        if pacer is not None:
            pacer.wait()
    if pacer is not None:
        pacer.stop()
    seconds = time.monotonic() - began
    say(f"\nThe game is over ({seconds:.1f} s, {answers} answers, {refused} refused).")
    say_sheets(session, say)
    if server is not None:
        if linger:
            say(f"Serving for {linger:.0f} more seconds at {server.url}")
            time.sleep(linger)
        server.stop()
    if session.store is not None:
        session.store.close()
    return session


def phone_name(session: RulesSession, seat: int) -> str:
    return session.seats[seat].name if 0 <= seat < len(session.seats) else "?"


def _an_illegal_answer(session: RulesSession) -> str | None:
    """A well-formed answer the rules refuse now (to show the refusal), if one is found."""
    rules = session.rules
    state = session.state
    legal = {rules.format_action(a) for a in rules.legal_actions(state)}
    for text in (
        "pass",
        "take",
        "sail 1 0",
        "place 1 1",
        "trade",
        "harvest",
        "plant D1",
        "place Q8",
    ):
        if text in legal:
            continue
        try:
            action = rules.parse_action(text)
        except ValueError:
            continue
        if rules.why_illegal(state, action) is not None:
            return text
    return None


def say_sheets(session: RulesSession, say: Any) -> None:
    """The final score sheets, one block per player, points by what earned them."""
    for sheet in session.rules.score(session.state):
        name = phone_name(session, sheet.seat)
        # a total a bare number would misstate is said in the rules' words (Rajas's race)
        total = sheet.total_en or f"{sheet.total} points"
        say(f"\n{name} ({sheet.colour}): {total}" + ("  <- winner" if sheet.winner else ""))
        totals: dict[str, int] = {}
        for line in sheet.lines:
            totals[line.label_en] = totals.get(line.label_en, 0) + line.amount
        for label, amount in totals.items():
            say(f"  {label:40s} {amount:+4d}")
