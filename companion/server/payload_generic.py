"""What the server sends for a game without its own drawing: the generic payload.

What it is for: Imhotep, Ceylon and any other game served through its
``Rules`` (``companion.rules_session.RulesSession``). A view is the session's
``seat_view`` (already redacted: the rules' ``view(state, seat)``, the
decision, the answer buttons, the live score sheets, the log) plus what only
the server knows (open undo requests, whether this phone may undo, what an
undo would take back) and ``board``: the rules' view turned into titled panels
of rows in English and Spanish (``companion.server.view_words``), which the
generic renderer (``static/js/generic_board.js``) draws without knowing the
game, and for a game with a drawing (``companion.server.drawings``) its
public board as data, drawn above the panels. The surface is the one ``Payloads`` offers Amritsar, so the app and the
hub serve either.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

from companion.rules_session import RulesSession
from companion.server.answer_menu import answer_menu
from companion.server.board_in_words import drawn as drawn_words
from companion.server.drawings import drawing, marks
from companion.server.game_over import GameOverCache
from companion.server.review_runner import ReviewRunner
from companion.server.view_words import Pair, words_for
from companion.table_session import Seat
from engine.core.seats import BOT

#: View keys drawn elsewhere on the page (or only for the machine).
SKIP = frozenset({"game", "players", "decision", "viewer", "over", "seats", "colours", "options"})
#: View keys whose number is a seat: shown as the player's name.
SEAT_KEYS = frozenset({"current", "first_player", "first", "active", "seat"})
#: A dict with more plain entries than this is one compact row, not a row each.
COMPACT = 8


class GenericPayloads:
    """Builds the generic views and keeps the open undo requests."""

    def __init__(self, session: RulesSession):
        self.session = session
        self._lock = threading.Lock()
        self._undo_requests: dict[int, int] = {}  # seat -> state id
        #: Set by ``companion demo --step``: the table screen's "Next step" calls it.
        self.demo_next: Callable[[], None] | None = None
        self._game_over_data = GameOverCache()
        #: the review after the game (``review_runner``), started when it is over
        self.review = ReviewRunner(announce=lambda: session.touch("review"))

    # -- undo requests ------------------------------------------------------------

    def request_undo(self, seat: int, state_id: int) -> None:
        with self._lock:
            self._undo_requests[seat] = state_id

    def clear_undo_requests(self) -> None:
        with self._lock:
            self._undo_requests.clear()

    def undo_requests(self) -> list[dict[str, Any]]:
        with self._lock:
            requests = sorted(self._undo_requests.items())
        seats = self.session.seats
        return [
            {"seat": seat, "name": seats[seat].name, "state_id": state_id}
            for seat, state_id in requests
            if 0 <= seat < len(seats)
        ]

    def tick(self, decade: int, round_: int, step: int, done: bool) -> bool:
        """Only Amritsar's Maharajah has a card to tick."""
        return False

    # -- views --------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        session = self.session
        data = session.seat_view(seat)
        data["page"] = "generic"
        mark_seats(data["seats"])
        data["board"] = board(data["game"], session.game_name, session.seats)
        data["menu"] = answer_menu(session, data)
        over = bool(data["finished"] or data["ended"])  # no undo offered once over
        data["undo_requests"] = [] if over else self.undo_requests()
        data["undo_what"] = None if over else self._last_step(seat)
        data["game_over"] = self._game_over() if over else None
        data["review"] = self._review() if over else None
        data["can_undo"] = (
            seat is not None
            and not over
            and session.last_step_decider() == seat
            and session.state_id == data["state_id"]
        )
        data["demo_step"] = seat is None and self.demo_next is not None
        return data

    def view_json(self, seat: int | None) -> str:
        return json.dumps(self.view(seat), ensure_ascii=False, separators=(",", ":"))

    def _game_over(self) -> dict[str, Any]:
        """The game-over screen's data (``companion.server.game_over``), public to every
        seat, built once (``GameOverCache``)."""
        session = self.session
        with session._lock:
            states = list(session.game.states)
            names = tuple(s.name for s in session.seats)
            ended = session.ended and not session.rules.decision(session.state).is_over
            names_es = self._names_es()
        return self._game_over_data.get(
            session.rules, states, names, ended_early=ended, names_es=names_es
        )

    def start_review(self) -> bool:
        """Start the review after the game (a phone or the table asked); False while
        the game goes on. Started once: asking again changes nothing."""
        session = self.session
        with session._lock:
            over = session.ended or session.rules.decision(session.state).is_over
        if not over:
            return False
        self.review.start(session.game)
        session.touch("review")
        return True

    def _review(self) -> dict[str, Any]:
        """The review after the game: its progress or findings (players only, not an
        automated opponent); ``idle`` until someone asks for it (a minute of CPU)."""
        session = self.session
        return self.review.status([None if s.automated else s.name for s in session.seats])

    def _opponent_turn(self) -> tuple[str, str]:
        """Words for the rules' own opponent's turn an undo takes back too."""
        who = self.session._who(BOT)
        return (f"and {who[0]}'s turn that followed", f"y el turno que siguió: {who[1]}")

    def _names_es(self) -> tuple[str, ...]:
        """The players' names in Spanish (a game's own opponent may have its own)."""
        return tuple(s.name for s in self.session.seats)

    def catalog(self) -> dict[str, Any]:
        """The public facts a page needs besides the view: the game's name and titles."""
        rules = self.session.rules
        return {
            "game": rules.name,
            "title": {"en": rules.title_en, "es": rules.title_es},
            "min_players": rules.min_players,
            "max_players": rules.max_players,
        }

    def _last_step(self, seat: int | None) -> dict[str, str] | None:
        """What an undo now takes back, in words (another seat's secret stays unnamed;
        the rules' own opponent's turn that followed is named once, not move by move)."""
        session = self.session
        with session._lock:
            if not session.steps:
                return None
            game = session.game
            en: list[str] = []
            es: list[str] = []
            opponent = False
            for index in range(session.steps[-1], len(game.entries)):
                entry = game.entries[index]
                if entry.decider == BOT:
                    opponent = True
                    continue
                if entry.private_to is not None and entry.private_to != seat:
                    chosen = entry.decider >= 0  # a player's secret choice, else a draw
                    en.append("a hidden choice" if chosen else "a hidden draw")
                    es.append("una elección oculta" if chosen else "un robo oculto")
                    continue
                before = game.states[index]
                en.append(session.rules.describe_action(before, entry.action, "en"))
                es.append(session.rules.describe_action(before, entry.action, "es"))
            if opponent:
                words = self._opponent_turn()
                en.append(words[0])
                es.append(words[1])
        if not en:
            return None
        more = len(en) - 4
        if more > 0:
            en, es = [*en[:4], f"and {more} more"], [*es[:4], f"y {more} más"]
        return {"en": "; ".join(en), "es": "; ".join(es)}


def mark_seats(seats: Sequence[dict[str, Any]]) -> None:
    """Give each public seat (``view["seats"]``) the ``mark`` its pieces carry on the
    drawings (``companion.server.drawings.marks``): a log line's chip shows it beside the
    seat's colour, so colour never says alone whose line it is. A seat that has a mark keeps it."""
    for seat, mark in zip(seats, marks([str(s.get("name", "")) for s in seats]), strict=True):
        seat.setdefault("mark", mark)


# -- the board: the rules' view as titled panels --------------------------------------


def board(view: dict[str, Any], game: str, seats: Sequence[Seat]) -> dict[str, Any]:
    """``view`` as panels of rows ({label, value} pairs in EN and ES) and one board per player,
    plus ``drawing`` when the game has one."""
    words = Words(words_for(game), seats)
    general: list[dict[str, Any]] = []
    panels: list[dict[str, Any]] = []
    for key, value in view.items():
        if key in SKIP or (key == "house_rules" and not value):  # none chosen: nothing to say
            continue
        if _plain(value):
            general.append(words.row(key, value))
        else:
            panels.append({"key": key, "title": words.pair(key), "rows": words.rows(key, value)})
    if general:
        panels.insert(0, {"key": "game", "title": words.pair("board"), "rows": general})
    players = []
    raw_seats = view.get("seats")
    if isinstance(raw_seats, list):
        for index, data in enumerate(raw_seats):
            if not isinstance(data, dict):
                continue
            seat = int(data.get("seat", index))
            rows = [words.row(k, v) for k, v in data.items() if k not in ("seat", "colour")]
            name = seats[seat].name if 0 <= seat < len(seats) else str(seat + 1)
            players.append(
                {
                    "seat": seat,
                    "name": name,
                    "colour": str(data.get("colour", "")),
                    "colour_name": words.pair(str(data.get("colour", ""))),
                    "rows": rows,
                }
            )
    result: dict[str, Any] = {"panels": panels, "players": players}
    drawn = drawing(game, view, seats)
    if drawn is not None:
        result["drawing"] = drawn
        shown = drawn_words(game)  # what the drawing shows folds into "The board in words"
        if shown is not None:
            result["drawn"] = shown
    return result


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def _pair(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


class Words:
    """Turns view keys and values into text pairs, naming seats by their players."""

    def __init__(self, words: dict[str, Pair], seats: Sequence[Seat]):
        self.words = words
        self.seats = seats
        #: A key that is a seat's colour (Imhotep's obelisk heights) names its player too.
        self.owners = {s.colour: s.name for s in seats if s.colour}

    def key_pair(self, key: str, owned: bool) -> dict[str, str]:
        """A dict's key; in a dict keyed by the seats' colours, with the player's name."""
        if owned and key in self.words:
            en, es = self.words[key]
            return _pair(f"{self.owners[key]} ({en})", f"{self.owners[key]} ({es})")
        return self.pair(key)

    def pair(self, key: str) -> dict[str, str]:
        if key in self.words:
            return _pair(*self.words[key])
        text = key.replace("_", " ")
        return _pair(text, text)

    def row(self, key: str, value: Any) -> dict[str, Any]:
        return {"key": key, "label": self.pair(key), "value": self.text(value, key)}

    def rows(self, key: str, value: Any) -> list[dict[str, Any]]:
        if isinstance(value, dict) and not value:
            return [{"label": _pair("", ""), "value": self.pair("none")}]
        if isinstance(value, dict):
            plain = all(_plain(v) for v in value.values())
            if plain and len(value) > COMPACT:
                return [{"label": _pair("", ""), "value": self.text(value, key, sep=" · ")}]
            owned = all(str(k) in self.owners for k in value)
            return [
                {"label": self.key_pair(str(k), owned), "value": self.text(v, str(k))}
                for k, v in value.items()
            ]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            result = []
            for index, item in enumerate(value):
                ident = item.get("id", index + 1)
                label_key = "id" if "id" in item else key
                head = self.pair(label_key)
                rest = {k: v for k, v in item.items() if k != "id"}
                result.append(
                    {
                        "label": _pair(f"{head['en']} {ident}", f"{head['es']} {ident}"),
                        "value": self.text(rest, key),
                    }
                )
            return result
        # One value under the panel's own title: no label repeating it.
        return [{"label": _pair("", ""), "value": self.text(value, key)}]

    def text(self, value: Any, key: str = "", *, sep: str = "; ") -> dict[str, str]:
        """One value in both languages."""
        if value is None:
            return _pair("—", "—")
        if isinstance(value, bool):
            return self.pair("yes" if value else "no")
        if isinstance(value, int) and key in SEAT_KEYS:
            if 0 <= value < len(self.seats):
                return _pair(self.seats[value].name, self.seats[value].name)
            return _pair(str(value), str(value))
        if isinstance(value, int | float):
            return _pair(str(value), str(value))
        if isinstance(value, str):
            if value == "":
                return self.pair("empty")
            if value in self.words:
                return _pair(*self.words[value])
            if "/" in value:
                parts = [self.text(p) for p in value.split("/")]
                return _pair(" / ".join(p["en"] for p in parts), " / ".join(p["es"] for p in parts))
            return _pair(value, value)
        if isinstance(value, list):
            if not value:
                return self.pair("none")
            parts = [self.text(v, key) for v in value]
            return _pair(", ".join(p["en"] for p in parts), ", ".join(p["es"] for p in parts))
        if isinstance(value, dict):
            if not value:
                return self.pair("none")
            en, es = [], []
            owned = all(str(k) in self.owners for k in value)
            for k, v in value.items():
                label, shown = self.key_pair(str(k), owned), self.text(v, str(k))
                en.append(f"{label['en']}: {shown['en']}")
                es.append(f"{label['es']}: {shown['es']}")
            return _pair(sep.join(en), sep.join(es))
        return _pair(str(value), str(value))
