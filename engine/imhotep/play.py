"""The Imhotep rules as a state machine: setup, decisions, legal actions, apply.

``apply_unchecked`` copies the state into a mutable ``_Work``, performs the
action, then runs every automatic task in the queue (stones unloading bow to
stern, the temple at the end of a round, the next round's setup) until a
decision is needed again: a player's turn, a market pick by the owner of the
stone being unloaded, or a chance draw. Checking legality is the caller's
(``rules_object``); this module trusts its input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.game import Event
from engine.core.seats import CHANCE, NOBODY
from engine.imhotep.actions import HIDDEN, Action
from engine.imhotep.catalog import Catalog
from engine.imhotep.house import BONUS_COMPULSORY, PICK_COMPULSORY, STONE_BACK_AT_ONCE
from engine.imhotep.sites import (
    pyramid_a_points,
    pyramid_b_slot,
    temple_visible,
    temple_width,
    tower_points,
)
from engine.imhotep.state import (
    BURIAL,
    EMPTY,
    HARBOUR,
    LIVE,
    LIVE_OBELISK,
    LIVE_PYRAMID,
    LIVE_TEMPLE,
    MARKET,
    OBELISK,
    PYRAMID,
    SITE_NAMES,
    TEMPLE,
    Boat,
    State,
    Task,
)

FROM_BOAT, FROM_QUARRY = 0, 1


@dataclass(frozen=True)
class Pending:
    """The decision a state waits on: its kind and who makes it."""

    kind: str
    player: int


# -- setup -------------------------------------------------------------------------


def new_state(
    players: int,
    sides: str,
    wrath: bool,
    catalog: Catalog,
    colours: tuple[int, ...] = (),
    house: tuple[str, ...] = (),
) -> State:
    """A table before any draw: the first player, then the first round card."""
    kinds = len(catalog.cards)
    stones = int(catalog.value("stones_per_colour"))
    b_pyramid = sides[PYRAMID] == "B"
    return State(
        players=players,
        sides=sides,
        wrath=wrath,
        colours=colours or tuple(range(players)),
        round=0,
        first_player=-1,
        current=0,
        last_sender=-1,
        round_cards=(),
        boats=(),
        sailing=-1,
        market=(),
        hidden=0,
        pair=(),
        deck=tuple(card.count for card in catalog.cards),
        discard=(0,) * kinds,
        quarry=(stones,) * players,
        sled=(0,) * players,
        hands=((0,) * kinds,) * players,
        points=((0,) * len(LIVE),) * players,
        pyramid=((), (), (), ()) if b_pyramid else ((),),
        temple=(),
        burial=(),
        obelisk=(0,) * players,
        towers=(),
        queue=(Task("first"), Task("round")),
        over=False,
        house=tuple(sorted(house)),
    )


# -- the mutable working copy -------------------------------------------------------


class _Work:
    """A state's fields as lists while one action is applied."""

    # slots: a search applies ~10^5 actions a move, each through one of these
    __slots__ = (
        "boats",
        "burial",
        "catalog",
        "current",
        "deck",
        "discard",
        "events",
        "first_player",
        "hands",
        "hidden",
        "house",
        "last_sender",
        "market",
        "obelisk",
        "over",
        "pair",
        "players",
        "points",
        "pyramid",
        "quarry",
        "queue",
        "round",
        "round_cards",
        "s",
        "sailing",
        "sides",
        "sled",
        "temple",
        "towers",
    )

    def __init__(self, s: State, catalog: Catalog):
        self.catalog = catalog
        self.s = s
        self.sides = s.sides
        self.players = s.players
        self.round = s.round
        self.first_player = s.first_player
        self.current = s.current
        self.last_sender = s.last_sender
        self.round_cards = s.round_cards
        self.boats = list(s.boats)
        self.sailing = s.sailing
        self.market = list(s.market)
        self.hidden = s.hidden
        self.pair = list(s.pair)
        self.deck = list(s.deck)
        self.discard = list(s.discard)
        self.quarry = list(s.quarry)
        self.sled = list(s.sled)
        self.hands = s.hands
        self.points = s.points
        self.pyramid = s.pyramid
        self.temple = list(s.temple)
        self.burial = list(s.burial)
        self.obelisk = list(s.obelisk)
        self.towers = list(s.towers)
        self.queue = list(s.queue)
        self.over = s.over
        self.house = s.house
        self.events: list[Event] = []

    def freeze(self) -> State:
        return State(
            players=self.players,
            sides=self.s.sides,
            wrath=self.s.wrath,
            colours=self.s.colours,
            round=self.round,
            first_player=self.first_player,
            current=self.current,
            last_sender=self.last_sender,
            round_cards=self.round_cards,
            boats=tuple(self.boats),
            sailing=self.sailing,
            market=tuple(self.market),
            hidden=self.hidden,
            pair=tuple(self.pair),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            quarry=tuple(self.quarry),
            sled=tuple(self.sled),
            hands=self.hands,
            points=self.points,
            pyramid=self.pyramid,
            temple=tuple(self.temple),
            burial=tuple(self.burial),
            obelisk=tuple(self.obelisk),
            towers=tuple(self.towers),
            queue=tuple(self.queue),
            over=self.over,
            house=self.house,
        )

    def unnamed(self) -> int:
        """As ``State.unnamed``: face-down market cards not named yet."""
        if self.hidden:
            return self.hidden - len(self.pair)
        if self.queue and self.queue[0].kind == "pair":
            return self.queue[0].a
        return 0

    def pile(self) -> int:
        """As ``State.pile``: the cards in the draw pile."""
        return sum(self.deck) - self.unnamed()

    # -- small steps ------------------------------------------------------------
    def add_card(self, seat: int, kind: int, delta: int) -> None:
        row = list(self.hands[seat])
        row[kind] += delta
        self.hands = (*self.hands[:seat], tuple(row), *self.hands[seat + 1 :])

    def add_stone(self, pyramid: int, seat: int) -> None:
        self.pyramid = (
            *self.pyramid[:pyramid],
            (*self.pyramid[pyramid], seat),
            *self.pyramid[pyramid + 1 :],
        )

    def score(self, seat: int, category: int, amount: int, where: str) -> None:
        if amount:
            row = list(self.points[seat])
            row[category] += amount
            self.points = (*self.points[:seat], tuple(row), *self.points[seat + 1 :])
            self.events.append(Event("points", seat, amount, LIVE[category], where))

    def take_stones(self, seat: int, wanted: int) -> int:
        room = self.catalog.sled_capacity - self.sled[seat]
        n = max(0, min(wanted, room, self.quarry[seat]))
        self.sled[seat] += n
        self.quarry[seat] -= n
        if n:
            self.events.append(Event("stones", seat, n, "sled", "quarry"))
        return n

    def place(self, seat: int, boat_id: int, slot: int) -> None:
        index = next(i for i, b in enumerate(self.boats) if b.id == boat_id)
        boat = self.boats[index]
        slots = list(boat.slots)
        slots[slot - 1] = seat
        self.boats[index] = Boat(boat.id, tuple(slots), boat.site)
        self.sled[seat] -= 1
        self.events.append(Event("stones", seat, 1, f"boat {boat_id}", "sled"))

    def use_card(self, seat: int, card_id: str) -> None:
        kind = self.catalog.card_index(card_id)
        self.add_card(seat, kind, -1)
        self.discard[kind] += 1
        self.events.append(Event("card", seat, -1, card_id, "discard"))

    def sail(self, seat: int, boat_id: int, site: int, lever: bool) -> None:
        index = next(i for i, b in enumerate(self.boats) if b.id == boat_id)
        boat = self.boats[index]
        self.boats[index] = Boat(boat.id, boat.slots, site)
        self.sailing = index
        self.last_sender = seat
        self.events.append(Event("sail", seat, boat_id, f"boat {boat_id}", SITE_NAMES[site]))
        self.queue = [Task("unload", seat if lever else -1), Task("dock"), Task("next_turn")]

    def gain_card(self, seat: int, kind: int) -> None:
        card = self.catalog.cards[kind]
        self.events.append(Event("card", seat, 1, card.id, "market"))
        if card.colour == "red":
            self.discard[kind] += 1
            self.queue.insert(0, Task("deliver", seat, SITE_NAMES.index(card.site), FROM_QUARRY))
        else:
            self.add_card(seat, kind, 1)

    def reshuffle_if_empty(self) -> None:
        """An empty draw pile takes the shuffled discard pile (Una ronda: "Si no quedan
        cartas en el mazo, baraja la pila de descarte y crea un nuevo mazo")."""
        if self.pile() == 0 and any(self.discard):
            # the unseen cards are now just the face-down ones: their faces follow
            for kind, count in enumerate(self.deck):
                self.pair.extend([kind] * count)
            self.deck, self.discard = self.discard, [0] * len(self.discard)
            self.events.append(Event("reshuffle", -1, sum(self.deck), "deck", "discard"))

    def stone_back(self, seat: int) -> None:
        """A stone spent (or left unspent) at the market goes back to the quarry: at once
        with the house rule, else once the boat is unloaded ("Finalmente")."""
        if STONE_BACK_AT_ONCE in self.house:
            self.quarry[seat] += 1
            return
        docks = [i for i, t in enumerate(self.queue) if t.kind == "dock"]
        self.queue.insert(docks[0] if docks else len(self.queue), Task("back", seat))

    def land(self, seat: int, site: int, choice: int) -> None:
        """A stone of ``seat`` arrives on ``site`` (``choice``: a B pyramid)."""
        self.events.append(Event("stone", seat, 1, "stone", SITE_NAMES[site]))
        if site == PYRAMID:
            if self.s.sides[PYRAMID] == "A":
                index = len(self.pyramid[0])
                self.score(seat, LIVE_PYRAMID, pyramid_a_points(index, self.catalog), "pyramid")
                self.add_stone(0, seat)
                return
            slot = (
                pyramid_b_slot(choice, len(self.pyramid[choice]), self.catalog)
                if choice >= 0
                else None
            )
            if slot is None:  # every pyramid complete: beside the board
                self.add_stone(3, seat)
                self.score(
                    seat, LIVE_PYRAMID, int(self.catalog.value("pyramid_b_extra_points")), "pyramid"
                )
                return
            self.add_stone(choice, seat)
            self.score(seat, LIVE_PYRAMID, slot.points, "pyramid")
            offer = BONUS_COMPULSORY not in self.house  # "puedes coger ..."
            if slot.bonus == "card":
                self.queue.insert(0, Task("offer", seat, 0) if offer else Task("draw", seat))
            elif slot.bonus == "stones":
                self.queue.insert(0, Task("offer", seat, 1) if offer else Task("stones", seat, 3))
            elif slot.bonus == "place":
                self.queue.insert(0, Task("bonus", seat))
        elif site == TEMPLE:
            self.temple.append(seat)
        elif site == BURIAL:
            self.burial.append(seat)
        elif site == OBELISK:
            self.obelisk[seat] += 1
            if self.s.sides[OBELISK] == "B" and self.obelisk[seat] >= int(
                self.catalog.value("obelisk_b_tower_height")
            ):
                self.obelisk[seat] = 0
                self.towers.append(seat)
                self.score(
                    seat, LIVE_OBELISK, tower_points(len(self.towers) - 1, self.catalog), "obelisk"
                )


# -- decisions ------------------------------------------------------------------------


def _open_pyramids(s: State | _Work, catalog: Catalog) -> list[int]:
    return [p for p in range(3) if len(s.pyramid[p]) < len(catalog.pyramids_b[p])]


def _empty_harbour_slots(boats: Sequence[Boat]) -> list[tuple[int, int]]:
    return [
        (boat.id, i + 1)
        for boat in boats
        if boat.site == HARBOUR
        for i, owner in enumerate(boat.slots)
        if owner == EMPTY
    ]


def _needs_decision(s: State | _Work, task: Task, catalog: Catalog) -> bool:
    kind = task.kind
    if kind in ("first", "round", "keep", "temple"):
        return True
    if kind in ("reveal", "draw"):
        return s.pile() > 0
    if kind == "pair":
        return task.a > 0
    if kind == "down":
        return s.unnamed() > 0
    if kind == "offer":
        if task.a == 0:
            return s.pile() > 0 or any(s.discard)
        return s.quarry[task.seat] > 0 and s.sled[task.seat] < catalog.sled_capacity
    if kind == "unload":
        boat = s.boats[s.sailing]
        owners = {o for o in boat.slots if o != EMPTY}
        return task.seat >= 0 and len(owners) > 1
    if kind == "deliver":
        if task.a == MARKET:
            return s.hidden > 0 or any(k >= 0 for k in s.market)
        if task.a == PYRAMID and s.sides[PYRAMID] == "B":
            if task.b == FROM_QUARRY and s.quarry[task.seat] == 0:
                return False
            return len(_open_pyramids(s, catalog)) > 1
        return False
    if kind == "bonus":
        return s.sled[task.seat] > 0 and bool(_empty_harbour_slots(s.boats))
    return False


_DECISION_KINDS = {
    "first": "FIRST_PLAYER",
    "round": "ROUND_CARD",
    "reveal": "MARKET_CARD",
    "draw": "MARKET_CARD",
    "pair": "MARKET_CARD",
    "down": "FACE_DOWN_CARD",
    "keep": "KEEP_CARD",
    "offer": "PYRAMID_BONUS",
    "unload": "UNLOAD_ORDER",
    "bonus": "BONUS_PLACE",
    "temple": "TEMPLE_BONUS",
}


def pending(s: State) -> Pending:
    if s.over:
        return Pending("GAME_OVER", NOBODY)
    if not s.queue:
        return Pending("TURN", s.current)
    task = s.queue[0]
    if task.kind in ("first", "round", "reveal", "draw", "pair", "down"):
        return Pending(_DECISION_KINDS[task.kind], CHANCE)
    if task.kind == "deliver":
        return Pending("MARKET_PICK" if task.a == MARKET else "PYRAMID", task.seat)
    return Pending(_DECISION_KINDS[task.kind], task.seat)


# -- legal actions -----------------------------------------------------------------------


def _free_sites(s: State) -> list[int]:
    docked = {boat.site for boat in s.boats}
    return [site for site in range(5) if site not in docked]


def _sailable(s: State, catalog: Catalog) -> list[tuple[int, int]]:
    free = _free_sites(s)
    minimum = catalog.minimum
    result: list[tuple[int, int]] = []
    for boat in s.boats:
        if boat.site != HARBOUR:
            continue
        load = len(boat.slots) - boat.slots.count(EMPTY)
        if load >= minimum[boat.id]:
            result.extend((boat.id, site) for site in free)
    return result


#: the commonest actions, built once (a playout asks for them thousands of times)
_TAKE = Action("take")
_DECLINE_PICK = Action("pick")
_PLACE: dict[tuple[int, ...], Action] = {}
_SAIL: dict[tuple[int, ...], Action] = {}


def turn_actions(s: State, catalog: Catalog) -> list[Action]:
    seat = s.current
    cap = catalog.sled_capacity
    result: list[Action] = []
    if s.sled[seat] < cap and s.quarry[seat] > 0:
        result.append(_TAKE)
    empty = _empty_harbour_slots(s.boats)
    if s.sled[seat] > 0:
        result.extend(
            [_PLACE.get(slot) or _PLACE.setdefault(slot, Action("place", slot)) for slot in empty]
        )
    sailable = _sailable(s, catalog)
    result.extend(
        [_SAIL.get(pair) or _SAIL.setdefault(pair, Action("sail", pair)) for pair in sailable]
    )
    hand = s.hands[seat]
    for kind, card_id in catalog.blue:
        if not hand[kind]:
            continue
        if card_id == "hammer":
            will_have = s.sled[seat] + min(catalog.take_stones, cap - s.sled[seat], s.quarry[seat])
            if will_have > 0 and empty:
                result.extend(Action("play-hammer", slot) for slot in empty)
            else:
                result.append(Action("play-hammer"))
        elif card_id == "chisel" and s.sled[seat] >= 2:
            for i, first in enumerate(empty):
                for second in empty[i + 1 :]:
                    result.append(Action("play-chisel", first + second))
        elif card_id == "sail" and s.sled[seat] > 0:
            free = _free_sites(s)
            for boat_id, slot in empty:
                boat = s.boats[s.boat_index(boat_id)]
                load = 1 + len(boat.slots) - boat.slots.count(EMPTY)
                if load >= catalog.minimum[boat_id]:
                    result.extend(Action("play-sail", (boat_id, slot, site)) for site in free)
        elif card_id == "lever":
            result.extend(Action("play-lever", pair) for pair in sailable)
    if not result:
        result.append(Action("pass"))
    return result


def legal(s: State, catalog: Catalog) -> list[Action]:
    if s.over:
        return []
    if not s.queue:
        return turn_actions(s, catalog)
    task = s.queue[0]
    kind = task.kind
    if kind == "first":
        return [Action("first", (seat,)) for seat in range(s.players)]
    if kind == "round":
        return [
            Action("round", (card.id,))
            for card in catalog.round_cards_for(s.players)
            if card.id not in s.round_cards
        ]
    if kind in ("reveal", "draw", "pair", "down"):
        return [Action("card", (k,)) for k, n in enumerate(s.deck) if n > 0]
    if kind == "keep":
        return [Action("keep", (k,)) for k in sorted(set(s.pair))]
    if kind == "unload":
        boat = s.boats[s.sailing]
        firsts: dict[int, int] = {}
        for i, owner in enumerate(boat.slots):
            if owner != EMPTY and owner not in firsts:
                firsts[owner] = i + 1
        return [Action("order", (slot,)) for slot in sorted(firsts.values())]
    if kind == "deliver":
        if task.a == MARKET:
            picks = [Action("pick", (k,)) for k in sorted({k for k in s.market if k >= 0})]
            if s.hidden > 0:
                picks.append(Action("pick", (HIDDEN,)))
            if PICK_COMPULSORY not in s.house:  # "puede gastarla": or keep the stone
                picks.append(_DECLINE_PICK)
            return picks
        return [Action("pyramid", (p,)) for p in _open_pyramids(s, catalog)]
    if kind == "bonus":
        return [Action("bonus", slot) for slot in _empty_harbour_slots(s.boats)] + [Action("bonus")]
    if kind == "temple":
        return [Action("temple", (0,)), Action("temple", (1,))]
    if kind == "offer":
        return [Action("accept"), Action("decline")]
    raise AssertionError(f"no decision for task {task}")  # pragma: no cover


# -- applying -------------------------------------------------------------------------------


def apply_unchecked(s: State, action: Action, catalog: Catalog) -> tuple[State, list[Event]]:
    w = _Work(s, catalog)
    kind, args = action.kind, action.args
    if not w.queue:
        _turn(w, action)
    else:
        task = w.queue.pop(0)
        if kind == "first":
            _first_player(w, args[0])
        elif kind == "round":
            _round_card(w, args[0])
        elif kind == "card":
            w.deck[args[0]] -= 1
            if task.kind == "reveal":
                w.market[task.a] = args[0]
                w.events.append(Event("card", -1, 1, catalog.cards[args[0]].id, "market"))
            elif task.kind == "draw":
                w.gain_card(task.seat, args[0])
            elif task.kind == "down":  # an unpicked face-down card to the discard pile
                w.hidden -= 1
                w.discard[args[0]] += 1
                w.events.append(Event("card", -1, 1, catalog.cards[args[0]].id, "discard"))
            else:  # pair: one face-down card named for its picker
                w.pair.append(args[0])
                w.queue.insert(0, Task("pair", task.seat, task.a - 1))
        elif kind == "keep":
            w.pair.remove(args[0])
            for other in w.pair:
                w.discard[other] += 1
            w.pair = []
            w.gain_card(task.seat, args[0])
        elif kind in ("accept", "decline"):
            if kind == "accept":
                w.queue.insert(
                    0, Task("draw", task.seat) if task.a == 0 else Task("stones", task.seat, 3)
                )
        elif kind == "order":
            boat = w.boats[w.sailing]
            owner = boat.slots[args[0] - 1]
            _unload_slot(w, args[0] - 1)
            w.queue.insert(0, task)
            w.queue.insert(0, Task("deliver", owner, boat.site, FROM_BOAT))
        elif kind == "pick":
            _market_pick(w, task, args[0] if args else None)
        elif kind == "pyramid":
            _deliver(w, task, args[0])
        elif kind == "bonus":
            if args:
                w.place(task.seat, args[0], args[1])
        elif kind == "temple":
            if args[0] == 0:
                w.score(task.seat, LIVE_TEMPLE, 1, "temple")
            else:
                w.take_stones(task.seat, 2)
        else:  # pragma: no cover - checked callers never get here
            raise AssertionError(f"{action} does not answer {task}")
    _run(w)
    return w.freeze(), w.events


def _turn(w: _Work, action: Action) -> None:
    seat, kind, args = w.current, action.kind, action.args
    catalog = w.catalog
    if kind == "take":
        w.take_stones(seat, catalog.take_stones)
    elif kind == "place":
        w.place(seat, args[0], args[1])
    elif kind == "sail":
        w.sail(seat, args[0], args[1], lever=False)
        return
    elif kind == "play-hammer":
        w.use_card(seat, "hammer")
        w.take_stones(seat, catalog.take_stones)
        if args:
            w.place(seat, args[0], args[1])
    elif kind == "play-chisel":
        w.use_card(seat, "chisel")
        w.place(seat, args[0], args[1])
        w.place(seat, args[2], args[3])
    elif kind == "play-sail":
        w.use_card(seat, "sail")
        w.place(seat, args[0], args[1])
        w.sail(seat, args[0], args[2], lever=False)
        return
    elif kind == "play-lever":
        w.use_card(seat, "lever")
        w.sail(seat, args[0], args[1], lever=True)
        return
    elif kind != "pass":  # pragma: no cover
        raise AssertionError(f"not a turn action: {action}")
    w.current = (seat + 1) % w.players


def _first_player(w: _Work, seat: int) -> None:
    w.first_player = seat
    w.current = seat
    starting: list[int] = w.catalog.value("starting_sled")
    for k in range(w.players):
        w.take_stones((seat + k) % w.players, starting[k])


def _round_card(w: _Work, card_id: int) -> None:
    card = w.catalog.round_card(card_id)
    w.round += 1
    w.round_cards = (*w.round_cards, card_id)
    w.boats = [Boat(b, (EMPTY,) * w.catalog.boat(b).size) for b in card.boats]
    w.sailing = -1
    face_up = int(
        w.catalog.value("market_a_face_up" if w.s.sides[MARKET] == "A" else "market_b_face_up")
    )
    w.market = [-1] * face_up
    w.hidden = 0
    w.queue[0:0] = [Task("reveal", -1, slot) for slot in range(face_up)]
    if w.s.sides[MARKET] == "B":  # "colocad dos cartas boca abajo en la casilla inferior derecha"
        w.queue.insert(face_up, Task("facedown", -1, int(w.catalog.value("market_b_face_down"))))
    w.events.append(Event("round", -1, w.round, str(card_id), ""))


def _unload_slot(w: _Work, index: int) -> None:
    boat = w.boats[w.sailing]
    slots = list(boat.slots)
    slots[index] = EMPTY
    w.boats[w.sailing] = Boat(boat.id, tuple(slots), boat.site)


def _market_pick(w: _Work, task: Task, kind: int | None) -> None:
    seat = task.seat
    if task.b == FROM_BOAT:  # the stone goes back to the quarry (``stone_back``)
        w.stone_back(seat)
    if kind is None:  # the owner keeps the stone unspent
        return
    w.events.append(Event("stone", seat, 1, "stone", "market"))
    if kind == HIDDEN:  # the picker takes the face-down cards and looks at them
        to_name = w.unnamed()
        w.hidden = 0
        w.queue.insert(0, Task("pair", seat, to_name))
        return
    w.market[w.market.index(kind)] = -1
    w.gain_card(seat, kind)


def _deliver(w: _Work, task: Task, choice: int) -> None:
    seat = task.seat
    if task.b == FROM_QUARRY:
        if w.quarry[seat] == 0:
            return
        w.quarry[seat] -= 1
    w.land(seat, task.a, choice)


def _run(w: _Work) -> None:
    """Perform automatic tasks until a decision is needed or the game ends."""
    catalog = w.catalog
    while w.queue:
        task = w.queue[0]
        if task.kind in ("reveal", "draw"):
            w.reshuffle_if_empty()
        if _needs_decision(w, task, catalog):
            return
        w.queue.pop(0)
        kind = task.kind
        if kind == "unload":
            boat = w.boats[w.sailing]
            for index, owner in enumerate(boat.slots):
                if owner != EMPTY:
                    _unload_slot(w, index)
                    w.queue[0:0] = [Task("deliver", owner, boat.site, FROM_BOAT), task]
                    break
        elif kind == "deliver":
            if task.a == MARKET:  # no card left: the stone goes back unused
                if task.b == FROM_BOAT:
                    w.stone_back(task.seat)
            elif task.a == PYRAMID and w.s.sides[PYRAMID] == "B":
                open_ = [p for p in range(3) if len(w.pyramid[p]) < len(catalog.pyramids_b[p])]
                _deliver(w, task, open_[0] if open_ else -1)
            else:
                _deliver(w, task, -1)
        elif kind == "pair":  # every face-down card is named: the picker keeps one
            if w.pair:
                w.queue.insert(0, Task("keep", task.seat))
        elif kind == "facedown":  # side B: cards face down on the lower-right space
            for _ in range(task.a):
                w.reshuffle_if_empty()
                if w.pile() == 0:
                    break
                w.hidden += 1
        elif kind == "back":
            w.quarry[task.seat] += 1
        elif kind == "stones":
            w.take_stones(task.seat, task.a)
        elif kind == "dock":
            w.sailing = -1
            if all(b.site != HARBOUR for b in w.boats):
                w.queue = [t for t in w.queue if t.kind != "next_turn"]
                w.queue[0:0] = [Task("round_end"), Task("cleanup")]
        elif kind == "next_turn":
            w.current = (w.current + 1) % w.players
        elif kind == "round_end":
            _temple_scoring(w)
        elif kind == "cleanup":
            _cleanup(w)
        # "reveal"/"draw" with no card anywhere, "bonus" with nothing to place: skipped


def _temple_scoring(w: _Work) -> None:
    catalog = w.catalog
    width = temple_width(w.players, catalog)
    tasks: list[Task] = []
    for slot, owner in temple_visible(w.temple, width):
        if w.s.sides[TEMPLE] == "A":
            w.score(owner, LIVE_TEMPLE, 1, "temple")
            continue
        for bonus in catalog.temple_b[slot]:
            if bonus == "points2":
                w.score(owner, LIVE_TEMPLE, 2, "temple")
            elif bonus == "choice":
                tasks.append(Task("temple", owner, slot))
            else:
                tasks.append(Task("draw", owner))
    w.queue[0:0] = tasks


def _cleanup(w: _Work) -> None:
    """Preparación de la siguiente ronda: "Recoged las cartas que queden en el mercado y
    dejadlas en la pila de descarte" (face-down ones too: turned over as they go)."""
    unnamed = w.unnamed()
    if unnamed:
        w.queue[0:0] = [Task("down")] * unnamed + [Task("cleanup")]
        return
    for kind in [*w.market, *w.pair]:
        if kind >= 0:
            w.discard[kind] += 1
    w.market = []
    w.pair = []
    w.hidden = 0
    w.boats = []
    if w.round >= int(w.catalog.value("rounds")):
        w.over = True
        w.queue = []
        w.events.append(Event("game_over", -1, w.round))
        return
    w.current = (w.last_sender + 1) % w.players
    w.queue.insert(0, Task("round"))
