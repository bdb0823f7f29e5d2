"""What the server sends: a seat's view with the server's extras, and the catalog.

``payloads_for(session)`` picks the builder by game: Amritsar's ``Payloads``
here, or ``companion.server.payload_generic.GenericPayloads`` for a game
served through its ``Rules`` (same surface for the app and the hub).

``Payloads.view(seat)`` is ``TableSession.seat_view(seat)`` (the session already
removes other players' secrets) plus what only the server knows: open undo
requests and whether this phone may undo the last step itself (never once the
game is over), and once over, ``game_over``: the end screen's data from
``companion.server.game_over``, the same module every game's end is drawn from
(``static/js/game_over.js``). Score lines get
a ``decade`` number when they belong to an end-of-decade scoring (majorities,
unpaid tax), read from the line's component text (``"decade II, East (T4)"``),
so the table can draw one breakdown per decade.

``catalog_payload(state)`` is the public component list a view needs to name
what the state holds by id: district, temple, bridge and mahout tiles, the
storehouses, this table's donation tiles and the market columns, each in
English and Spanish. Objectives are left out on purpose: a phone learns only
its own objectives, from its view.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from companion.games.amritsar.session import TableSession
from companion.games.amritsar.view_parts import add_parts
from companion.server.payload_generic import GenericPayloads
from engine.amritsar import (
    COLOURS,
    MAHARAJAH_SPACE_NAMES,
    District,
    GameState,
    Requirement,
    Resource,
    WorkerColour,
    describe_effect,
    describe_storehouse,
)
from engine.amritsar import storehouse_capacity as capacity

_DECADE = re.compile(r"^decade (I{1,3})\b")
_ROMAN = {"I": 1, "II": 2, "III": 3}

REQUIREMENTS: dict[Requirement, tuple[str, str]] = {
    Requirement.GROUP_OF_FOUR: (
        "Leave a section with 4 workers",
        "Deja una sección con 4 trabajadores",
    ),
    Requirement.DONATION: ("Make a donation", "Haz una donación"),
    Requirement.UPGRADE: ("Add an upgrade", "Añade una mejora"),
    Requirement.MARKET: ("Trade at the market", "Comercia en el mercado"),
}


def line_decade(component: str) -> int | None:
    """The decade an end-of-decade score line belongs to, if it says so."""
    match = _DECADE.match(component)
    return _ROMAN[match.group(1)] if match else None


class Payloads(GenericPayloads):
    """Amritsar's views: the generic builder's undo requests, game over and
    surface, with its own view (``TableSession.seat_view``) for its own pages:
    the Maharajah's card, the grouped and folded answers, the storehouses."""

    def __init__(self, session: TableSession):
        super().__init__(session)
        self.session: TableSession = session

    # -- views ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from companion.games.amritsar.grouped import grouped_options
        from companion.games.amritsar.menu import amritsar_menu
        from engine.amritsar import order_prompt

        with self.session._lock:  # the options and their follow-ups from one state
            data = self.session.seat_view(seat)
            if data["decision"]["mine"] and data["decision"]["hidden"] and seat is not None:
                grouped_options(self.session.state, data["options"])
                # The trades at the market show the order of a coin and a market
                # action (``companion.games.amritsar.reconcile.order``): the phone says so.
                data["decision"]["order_from_trades"] = order_prompt(self.session.state) is not None
            if data["decision"]["mine"] and seat is not None:
                # more answers than a screen holds: folded into short screens
                data["menu"] = amritsar_menu(self.session.state, data["options"])
            for sheet in data["scores"]:
                for line in sheet["lines"]:
                    line["decade"] = line_decade(str(line["component"]))
            # The keys the generic pages' parts draw (view_parts.py): its drawing, the status
            # bar, the own board, the Maharajah's card, the decade tables; marks while alerted.
            marks = self.board_marks() if data["alerts"] else []
            add_parts(self.session, data, seat, marks)
        if seat is None:
            self._table_parts(data)
        over = bool(data["finished"] or data["ended"])  # no undo offered once over
        data["undo_requests"] = [] if over else self.undo_requests()
        data["storage"] = storage(self.session.state, seat)
        data["undo_what"] = None if over else self._last_step(seat)
        data["game_over"] = self._game_over() if over else None
        data["review"] = self._review() if over else None
        data["can_undo"] = (
            seat is not None
            and not over
            and self.session.last_step_decider() == seat
            and self.session.state_id == data["state_id"]
        )
        return data

    # -- the table screen's parts -----------------------------------------------

    def _table_parts(self, data: dict[str, Any]) -> None:
        """The table screen's extras: one Maharajah checklist split into his turn
        and the end of decade that followed it, and the marks an alert draws."""
        card = data.get("maharajah")
        turn = self.session.maharajah_turn
        if card is not None:
            card = copy.deepcopy(card)
            own = len(turn.instructions) if turn is not None else len(card["instructions"])
            for index, item in enumerate(card["instructions"]):
                item["step"] = index
                item["part"] = "turn" if index < own else "after"
            data["maharajah"] = card
            checklist = data.get("checklist")
            # His moves are on his card; the reconciler's list of the same moves
            # would be a second checklist. What is left (a move entered on a
            # phone in the same step) stays, under its own title.
            if checklist and checklist.get("title_en") == MAHARAJAH_CHECKLIST:
                data["checklist"] = self._not_on_his_card(checklist)
        data["board_marks"] = self.board_marks() if data["alerts"] else []
        data["demo_step"] = self.demo_next is not None

    def _not_on_his_card(self, checklist: dict[str, Any]) -> dict[str, Any] | None:
        """The reconciler's items for his turn that his card does not list."""
        from companion.games.amritsar.reconcile.reconciler import _concerns

        turn = self.session.maharajah_turn
        if turn is None:
            return checklist
        state = self.session.state
        left = [
            item
            for item in checklist["items"]
            if not any(
                item["field"] in instruction.observed
                and _concerns(state, tuple(item["index"]), item["field"], instruction)
                for instruction in turn.all_instructions
            )
        ]
        if not left:
            return None
        return {
            **checklist,
            "title_en": PHONE_CHECKLIST[0],
            "title_es": PHONE_CHECKLIST[1],
            "items": left,
        }

    def board_marks(self) -> list[dict[str, Any]]:
        """Where the table differs from the game, for an alert: each piece seen where it
        should not be and where it belongs (elephants, the Maharajah token, donation
        counters, workers in a section)."""
        provider = self.session.seen_provider
        seen = provider() if provider is not None else None
        if seen is None:
            return []
        from companion.games.amritsar.reconcile.seen import mismatches
        from engine.amritsar import observe

        marks: list[dict[str, Any]] = []
        for m in mismatches(observe(self.session.state), seen):
            if m.field == "elephants":
                marks.append(
                    {
                        "piece": "elephant",
                        "seat": m.index[0],
                        "seen": _district(m.seen),
                        "belongs": _district(m.expected),
                    }
                )
            elif m.field == "maharajah_space":
                marks.append(
                    {
                        "piece": "maharajah_token",
                        "seen": _space(m.seen),
                        "belongs": _space(m.expected),
                    }
                )
            elif m.field == "donations":
                d, position = m.index
                marks.append(
                    {
                        "piece": "donation",
                        "district": District(d).letter,
                        "seen_position": position if m.seen >= 0 else None,
                        "belongs_position": position if m.expected >= 0 else None,
                    }
                )
            elif m.field == "sections":
                marks.append(
                    {
                        "piece": "workers",
                        "section": m.index[0],
                        "seen": "".join(WorkerColour(w).letter for w in m.seen),
                        "belongs": "".join(WorkerColour(w).letter for w in m.expected),
                    }
                )
        return marks[:12]

    def tick(self, decade: int, round_: int, step: int, done: bool) -> bool:
        """Tick (or untick) one step of the Maharajah's card shown now; False when the
        card shown is another turn's or has no such step."""
        session = self.session
        with session._lock:
            card = session.maharajah_card
            if card is None or (card["decade"], card["round"]) != (decade, round_):
                return False
            items = card["instructions"]
            if not 0 <= step < len(items):
                return False
            items[step]["done"] = done
        session.touch("maharajah step ticked")
        return True

    def _opponent_turn(self) -> tuple[str, str]:
        return ("and the Maharajah's turn that followed", "y el turno del marajá que siguió")

    def _names_es(self) -> tuple[str, ...]:
        """The solo Maharajah as the Spanish rulebook prints him."""
        return tuple("Marajá" if seat.is_maharajah else seat.name for seat in self.session.seats)


#: The title of the reconciler's checklist for his turn (``companion.games.amritsar.reconcile.reconciler``).
MAHARAJAH_CHECKLIST = "Carry out the Maharajah's turn"
PHONE_CHECKLIST = (
    "Move the pieces as entered on the phone",
    "Mueve las piezas como se indicó en el móvil",
)


def _district(value: int | None) -> str | None:
    return District(value).letter if value is not None and 0 <= value < len(District) else None


def _space(value: int | None) -> str | None:
    if value is None or not 0 <= value < len(MAHARAJAH_SPACE_NAMES):
        return None
    return MAHARAJAH_SPACE_NAMES[value]


def storage(state: GameState, seat: int | None) -> dict[str, int] | None:
    """How full a player's storehouses are: coins and resources held, and spaces."""
    if seat is None or not 0 <= seat < len(state.players):
        return None
    p = state.players[seat]
    held = p.coins + sum(p.resources)
    return {"held": held, "capacity": capacity(state, p)}


def _pair(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


def catalog_payload(state: GameState) -> dict[str, Any]:
    """Public components of this game, by id, in English and Spanish."""
    c = state.catalog
    return {
        # the game's name and title, as the generic pages read them
        "game": "amritsar",
        "title": {"en": "Amritsar", "es": "Amritsar"},
        "rules": {
            "elephant_capacity": c.rules.elephant_capacity,
            "decades": c.rules.decades,
            "rounds_per_decade": c.rules.rounds_per_decade,
        },
        "tracks": {t.track.name.lower(): len(t.steps) for t in c.board.tracks},
        "tax_coins": list(c.board.tax_coins),
        "district_tiles": {
            t.id: {
                "colour": t.colour.letter,
                "colour_name": _pair(COLOURS["en"][t.colour], COLOURS["es"][t.colour]),
                "main": _pair(describe_effect(t.main, "en"), describe_effect(t.main, "es")),
                "secondary": _pair(
                    describe_effect(t.secondary, "en"), describe_effect(t.secondary, "es")
                ),
            }
            for t in c.district_tiles
        },
        "temple_tiles": {
            t.id: {District(d).letter: pp for d, pp in enumerate(t.pp)} for t in c.temple_tiles
        },
        "bridge_tiles": {
            t.id: {
                "requirement": _pair(*REQUIREMENTS[t.requirement]),
                "benefit": _pair(
                    describe_effect(t.benefit, "en"), describe_effect(t.benefit, "es")
                ),
            }
            for t in c.bridge_tiles
        },
        "mahout_tiles": {
            t.id: _pair(describe_effect(t.action, "en"), describe_effect(t.action, "es"))
            for t in c.mahout_tiles
        },
        "storehouses": {
            s.id: {
                "capacity": s.capacity,
                **_pair(describe_storehouse(s, "en"), describe_storehouse(s, "es")),
            }
            for s in c.storehouses
        },
        "donation_tiles": {
            d.letter: [
                {"cost": list(level.cost), "pp": list(level.pp)}
                for level in c.donation_tile(state.donation_players, d).levels
            ]
            for d in District
        },
        "market": {
            r.name.lower(): {"price": list(c.market[r].price), "pp": list(c.market[r].pp)}
            for r in Resource
        },
    }
