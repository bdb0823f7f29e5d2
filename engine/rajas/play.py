"""Rajas of the Ganges' decisions: the pending one, its legal answers, refusals, applying one.

A turn places one worker, pays, and carries out the action (rulebook,
"Colocación de trabajadores"); what the action gives waits in
``State.pending`` and is worked off in order, stopping at each choice (which
building to upgrade, a die's colour, a full Kali statue) and each roll of a
gained die (a public chance decision: the table supplies the pips). When
nothing is pending the turn passes clockwise to the next player who can place
a worker; when nobody can, the round ends and the workers come back.

``legal_actions`` generates exactly the answers ``why_illegal`` accepts (the
tests check both ways). ``apply`` copies the state first.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from itertools import product
from typing import Any

from engine.core.game import Decision, Event, Filter
from engine.core.reasons import IllegalActionError, Reason
from engine.core.seats import CHANCE, NOBODY
from engine.rajas import province as prov
from engine.rajas.actions import Action, decode_values, die_name, stack_name
from engine.rajas.catalog import BUILDINGS, BUILDINGS_ES, COLOURS, COLOURS_ES, Catalog, Reward
from engine.rajas.reasons import TABLE
from engine.rajas.refusal_words import chance_fields, space_fields, stack_fields
from engine.rajas.state import (
    BRIDGE_WORKER,
    BUY,
    CHANCE_PHASES,
    COLOUR,
    EMPTY,
    FAME_UPGRADE,
    FAME_WORKER,
    FIRST,
    FULL,
    MONEY_MARKER,
    MONEY_WORKER,
    OVER,
    PLACE,
    REVEAL,
    ROLL,
    TILE,
    UPGRADE,
    Player,
    State,
)

OPTIONS: tuple[str, ...] = ()

_KIND_OF_PHASE = {
    REVEAL: ("reveal",),
    ROLL: ("roll",),
    FIRST: ("first",),
    PLACE: ("place", "karma"),
    BUY: ("buy",),
    TILE: ("tile",),
    UPGRADE: ("upgrade",),
    COLOUR: ("colour",),
    FULL: ("return", "decline"),
    OVER: (),
}
_PROMPTS: dict[str, tuple[str, str]] = {
    REVEAL: (
        "Turn up the tile now on top of a stack",
        "Descubre la ficha que queda encima de una pila",
    ),
    ROLL: (
        "Roll the die just taken and give its value",
        "Tira el dado recién cogido y da su valor",
    ),
    FIRST: (
        "Equal lowest totals: who ate Indian food last?",
        "Empate en el total más bajo: ¿quién comió comida india el último?",
    ),
    PLACE: ("Place a worker on an action space", "Coloca un trabajador en una casilla de acción"),
    BUY: ("Choose a tile and the dice that pay it", "Elige una ficha y los dados que la pagan"),
    TILE: ("Place the tile in your province", "Coloca la ficha en tu provincia"),
    UPGRADE: ("Choose the building to upgrade", "Elige el edificio que mejoras"),
    COLOUR: ("Choose the colour of your new die", "Elige el color de tu dado nuevo"),
    FULL: (
        "Your Kali statue is full: give a die back or take none",
        "Tu estatua de Kali está llena: devuelve un dado o no cojas ninguno",
    ),
    OVER: ("Nothing: the game is over", "Nada: la partida ha terminado"),
}
_DECISIONS: dict[tuple[str, int], Decision] = {}
#: numbers an action of each kind uses (the rest must be -1)
_ARGS = {"reveal": 1, "roll": 1, "first": 1, "karma": 1, "return": 1, "upgrade": 1,
         "colour": 1, "buy": 2, "tile": 2, "decline": 0, "place": 3}  # fmt: skip


# -- small helpers ---------------------------------------------------------------


def _reason(code: str, **fields: Any) -> Reason:
    return TABLE.reason(code, **fields)


def _supply(cat: Catalog, s: State, colour: int) -> int:
    return s.supply(colour, int(cat.value("dice_per_colour")))


def _die_es(code: int) -> str:
    return f"{COLOURS_ES[code // 6]} {code % 6 + 1}"


def _die_words(code: int) -> dict[str, str]:
    return {
        "die": f"{COLOURS[code // 6]} {code % 6 + 1}",
        "die_es": f"dado {_die_es(code)}",
    }


def _held(player: Player, code: int) -> bool:
    return 0 <= code < 24 and player.dice[code] > 0


def _first_free(cat: Catalog, s: State, area: str) -> int:
    """The next space of the quarry or harbour (row by row from the left), -1 if none."""
    lay = _layout(cat, s.n)
    for i, _ in lay.quarry if area == "quarry" else lay.harbour:
        if s.spaces[i] < 0:
            return i
    return -1


def _free_river(cat: Catalog, s: State, seat: int) -> list[int]:
    """River spaces ahead of ``seat``'s boat that it may count (not occupied; the last
    space holds any number of boats)."""
    last = len(cat.river) - 1
    taken = {p.boat for i, p in enumerate(s.players) if i != seat}
    return [i for i in range(s.players[seat].boat + 1, last + 1) if i == last or i not in taken]


def _dice_options(player: Player, colour: int, cost: int) -> list[int]:
    """Every multiset of ``colour`` dice held totalling at least ``cost`` (encoded)."""
    counts = player.dice[colour * 6 : colour * 6 + 6]
    if sum((v + 1) * c for v, c in enumerate(counts)) < cost:
        return []
    out = []
    for choice in product(*(range(c + 1) for c in counts)):
        if sum((v + 1) * k for v, k in enumerate(choice)) >= cost:
            out.append(sum(k * 11**v for v, k in enumerate(choice)))
    return out


def _can_buy(cat: Catalog, s: State, player: Player) -> bool:
    dice = player.dice
    totals = [
        dice[c]
        + 2 * dice[c + 1]
        + 3 * dice[c + 2]
        + 4 * dice[c + 3]
        + 5 * dice[c + 4]
        + 6 * dice[c + 5]
        for c in (0, 6, 12, 18)
    ]
    for tile in s.top:
        if tile >= 0:
            spec = cat.tiles[tile]
            if totals[spec.colour] >= spec.cost and prov.can_place(cat, player.province, tile):
                return True
    return False


def _without(player: Player, code: int) -> Player:
    other = player.clone()
    other.dice[code] -= 1
    return other


# -- the decision ----------------------------------------------------------------------


def decision(cat: Catalog, s: State) -> Decision:
    key = (s.phase, s.actor)
    found = _DECISIONS.get(key)
    if found is None:
        en, es = _PROMPTS[s.phase]
        if s.phase == OVER:
            found = Decision(OVER, NOBODY, en, es, is_over=True)
        elif s.phase in CHANCE_PHASES:
            found = Decision(s.phase, CHANCE, en, es, is_chance=True)
        else:
            found = Decision(s.phase, s.actor, en, es)
        _DECISIONS[key] = found
    return found


# -- legal actions -----------------------------------------------------------------


class _Layout:
    """The action spaces in play for a player count, grouped the way placing needs them."""

    def __init__(self, cat: Catalog, n: int):
        covered = cat.covered(n)
        live = [(i, sp) for i, sp in enumerate(cat.spaces) if i not in covered]
        self.quarry = [(i, sp.money) for i, sp in live if sp.area == "quarry"]
        self.harbour = [(i, sp.money) for i, sp in live if sp.area == "harbour"]
        self.mixed = [(i, Action("place", i)) for i, sp in live if sp.area == "mixed"]
        self.per_colour = int(cat.value("dice_per_colour"))
        self.single = [i for i, sp in live if sp.area == "single"]
        self.takes = [
            (i, COLOURS.index(sp.reward[0][0][4:]), Action("place", i))
            for i, sp in live
            if sp.area == "palace" and sp.dice_colour < 0 and not sp.dice_value
        ]
        self.swaps = [
            (i, sp.dice_colour, COLOURS.index(sp.reward[0][0][4:]))
            for i, sp in live
            if sp.dice_colour >= 0
        ]
        self.chambers = [
            (i, sp.dice_value - 1, sp.reward[0][0] == "build") for i, sp in live if sp.dice_value
        ]
        self.single_actions = {
            i: [tuple(Action("place", i, d, g) for g in range(3)) for d in range(24)]
            for i in self.single
        }
        self.die_actions = {
            i: [Action("place", i, d) for d in range(24)]
            for i, sp in live
            if sp.dice_value or sp.area == "harbour"
        }
        self.pair_actions = {
            i: [Action("place", i, one, two) for one in range(24) for two in range(24)]
            for i, _, _ in self.swaps
        }
        self.swap_colour = {i: colour for i, colour, _ in self.swaps}
        self.chamber_value = {i: value for i, value, build in self.chambers if not build}
        self.builder = [(i, value) for i, value, build in self.chambers if build]
        self.by_dice = self.single + [i for i, _, _ in self.swaps] + list(self.chamber_value)
        self.by_dice_mask = sum(1 << i for i in self.by_dice)
        self.swap_wants = [(1 << i, wanted) for i, _, wanted in self.swaps]
        self.dice_cache: dict[tuple[int, tuple[int, ...]], list[Action]] = {}
        self.limit = n in cat.value("mixed_market_limit_players")
        self.harbour_max = int(cat.value("harbour_die_max"))


def _layout(cat: Catalog, n: int) -> _Layout:
    key = ("layout", n)
    found: _Layout | None = cat.cache.get(key)
    if found is None:
        found = cat.cache[key] = _Layout(cat, n)
    return found


def _supplies(cat: Catalog, s: State) -> list[int]:
    per = int(cat.value("dice_per_colour"))
    return [per - h for h in s.held]


def _dice_placements(lay: _Layout, free: int, dice: list[int], held: list[int]) -> list[Action]:
    """Placements on ``lay.by_dice`` spaces whose bit is set in ``free``."""
    out: list[Action] = []
    for i in lay.by_dice:
        if not free >> i & 1:
            continue
        if i in lay.single_actions:
            triples = lay.single_actions[i]
            for d in held:
                out += triples[d]
        elif i in lay.pair_actions:
            colour = lay.swap_colour[i]
            given = [d for d in range(colour * 6, colour * 6 + 6) if dice[d]]
            pairs = lay.pair_actions[i]
            for x, one in enumerate(given):
                if dice[one] >= 2:
                    out.append(pairs[one * 24 + one])
                for two in given[x + 1 :]:
                    out.append(pairs[one * 24 + two])
        else:
            row = lay.die_actions[i]
            out += [row[d] for d in range(lay.chamber_value[i], 24, 6) if dice[d]]
    return out


def _placements(cat: Catalog, s: State, seat: int) -> list[Action]:
    player = s.players[seat]
    if player.placed >= player.workers:
        return []
    lay = _layout(cat, s.n)
    spaces = s.spaces
    dice = player.dice
    supply = _supplies(cat, s)
    out = [act for i, colour, act in lay.takes if spaces[i] < 0 and supply[colour] > 0]
    if not (lay.limit and player.mixed_used):
        out += [act for i, act in lay.mixed if spaces[i] < 0]
    # The spaces paid with dice (one-kind markets, exchanges, chambers but the
    # builder's) depend only on the dice held, which of them are free, and which
    # exchanges the supply allows: those lists come back often and are made once.
    free = lay.by_dice_mask & ~s.occupied
    for bit, wanted in lay.swap_wants:
        if supply[wanted] <= 0:
            free &= ~bit
    key = (free, tuple(dice))
    part = lay.dice_cache.get(key)
    if part is None:
        held = [code for code, count in enumerate(dice) if count]
        part = _dice_placements(lay, free, dice, held)
        if len(lay.dice_cache) > 50_000:
            lay.dice_cache.clear()
        lay.dice_cache[key] = part
    out += part
    for i, value in lay.builder:
        if spaces[i] < 0:
            row = lay.die_actions[i]
            for d in range(value, 24, 6):
                if dice[d] and _can_buy(cat, s, _without(player, d)):
                    out.append(row[d])
    for i, money in lay.harbour:
        if spaces[i] < 0:
            if player.money >= money:
                ahead = min(len(_free_river(cat, s, seat)), lay.harbour_max)
                row = lay.die_actions[i]
                out += [row[d] for d in range(24) if dice[d] and d % 6 < ahead]
            break
    for i, money in lay.quarry:
        if spaces[i] < 0:
            if player.money >= money and _can_buy(cat, s, player):
                out.append(Action("place", i))
            break
    return out


def can_place(cat: Catalog, s: State, seat: int) -> bool:
    """Whether ``seat`` has a worker and a space to put it on (cheap spaces tried first)."""
    player = s.players[seat]
    if player.placed >= player.workers:
        return False
    lay = _layout(cat, s.n)
    spaces = s.spaces
    per = lay.per_colour
    held = s.held
    for i, colour, _ in lay.takes:
        if spaces[i] < 0 and held[colour] < per:
            return True
    if not (lay.limit and player.mixed_used):
        for i, _ in lay.mixed:
            if spaces[i] < 0:
                return True
    dice = player.dice
    if any(spaces[i] < 0 for i in lay.single) and any(dice):
        return True
    for i, value, build in lay.chambers:
        if not build and spaces[i] < 0 and any(dice[value::6]):
            return True
    return bool(_placements(cat, s, seat))


def legal_actions(cat: Catalog, s: State, only: Filter | None = None) -> list[Hashable]:
    phase = s.phase
    seat = s.actor
    out: list[Action]
    if phase == REVEAL:
        stack = s.pending[0][2]
        out = [Action("reveal", t) for t in sorted(set(s.stacks[stack]))]
    elif phase == ROLL:
        colour = s.pending[0][2]
        out = [Action("roll", colour * 6 + v) for v in range(6)]
    elif phase == FIRST:
        out = [Action("first", t) for t in _tied(s)]
    elif phase == PLACE:
        out = _placements(cat, s, seat)
        player = s.players[seat]
        if player.karma > 0:
            out += [Action("karma", d) for d in range(24) if player.dice[d]]
    elif phase == BUY:
        player = s.players[seat]
        out = []
        for stack, tile in enumerate(s.top):
            if tile >= 0 and prov.can_place(cat, player.province, tile):
                spec = cat.tiles[tile]
                out += [
                    Action("buy", stack, code)
                    for code in _dice_options(player, spec.colour, spec.cost)
                ]
    elif phase == TILE:
        out = [
            Action("tile", c, r) for c, r in prov.placements(cat, s.players[seat].province, s.tile)
        ]
    elif phase == UPGRADE:
        out = [Action("upgrade", b) for b in range(4) if s.players[seat].levels[b] < 2]
    elif phase == COLOUR:
        out = [Action("colour", c) for c in range(4) if _supply(cat, s, c) > 0]
    elif phase == FULL:
        player = s.players[seat]
        out = [Action("return", d) for d in range(24) if player.dice[d]] + [Action("decline")]
    else:
        out = []
    if only is not None:
        out = [
            a
            for a in out
            if (only.kinds is None or a.kind in only.kinds)
            and (only.first is None or (a.a >= 0 and a.a in only.first))
        ]
    result: list[Hashable] = out  # type: ignore[assignment]  # a list of actions, not copied
    return result


def _tied(s: State) -> list[int]:
    totals = [sum((i % 6 + 1) * c for i, c in enumerate(p.dice)) for p in s.players]
    low = min(totals)
    return [seat for seat, t in enumerate(totals) if t == low]


# -- refusals ------------------------------------------------------------------------


def why_illegal(cat: Catalog, s: State, action: Hashable) -> Reason | None:
    if s.phase == OVER:
        return _reason("game_over")
    if not isinstance(action, Action) or action.kind not in _KIND_OF_PHASE[s.phase]:
        en, es = _PROMPTS[s.phase]
        return _reason("wrong_decision", now=en, now_es=es)
    kind, a, b, c = action
    used = _ARGS.get(kind, 3)
    if (used < 3 and c != -1) or (used < 2 and b != -1) or (used < 1 and a != -1):
        return _reason("bad_value", field="action")
    seat = s.actor
    if s.phase in CHANCE_PHASES:
        if action in legal_actions(cat, s):
            return None
        return _reason("chance_unavailable", **chance_fields(cat, action))
    player = s.players[seat]
    if kind == "place":
        return _place_reason(cat, s, seat, action)
    if kind == "karma":
        if player.karma <= 0:
            return _reason("no_karma")
        if not _held(player, a):
            return _reason("no_die", **_die_words(a) if 0 <= a < 24 else {"die": "such"})
        return None
    if kind == "buy":
        if not 0 <= a < 12:
            return _reason("bad_value", field="stack")
        tile = s.top[a]
        if tile < 0:
            return _reason("stack_empty", **stack_fields(a))
        spec = cat.tiles[tile]
        values = decode_values(b) if b > 0 else []
        if not values or b >= 11**6:
            return _reason("bad_value", field="dice")
        for v in set(values):
            if player.dice[spec.colour * 6 + v - 1] < values.count(v):
                return _reason("no_die", **_die_words(spec.colour * 6 + v - 1))
        if sum(values) < spec.cost:
            return _reason(
                "dice_short",
                tile=spec.id,
                colour=COLOURS[spec.colour],
                colour_es=COLOURS_ES[spec.colour],
                cost=spec.cost,
                total=sum(values),
            )
        if not prov.can_place(cat, player.province, tile):
            return _reason("no_place_for_tile", tile=spec.id)
        return None
    if kind == "tile":
        if not 0 <= a < len(player.province) or not 0 <= b < 4:
            return _reason("bad_value", field="cell")
        if player.province[a] != EMPTY:
            return _reason("cell_taken", cell=cat.cell_name(a))
        roads = prov.rotate(cat.tiles[s.tile].roads, b)
        if not prov.connects(cat, player.province, a, roads):
            return _reason("not_connected")
        return None
    if kind == "upgrade":
        if not 0 <= a < 4:
            return _reason("bad_value", field="building")
        if player.levels[a] >= 2:
            return _reason("upgrade_max", building=BUILDINGS[a], building_es=BUILDINGS_ES[a])
        return None
    if kind == "colour":
        if not 0 <= a < 4:
            return _reason("bad_value", field="colour")
        if _supply(cat, s, a) <= 0:
            return _reason("no_supply", colour=COLOURS[a], colour_es=COLOURS_ES[a])
        return None
    if kind == "return":
        if not _held(player, a):
            return _reason("no_die", **_die_words(a) if 0 <= a < 24 else {"die": "such"})
        return None
    return None  # decline


def _place_reason(cat: Catalog, s: State, seat: int, action: Action) -> Reason | None:
    _, a, b, c = action
    if not 0 <= a < len(cat.spaces):
        return _reason("bad_value", field="space")
    space = cat.spaces[a]
    player = s.players[seat]
    if a in cat.covered(s.n):
        return _reason("space_covered", **space_fields(space), players=s.n)
    if s.spaces[a] >= 0:
        return _reason("space_taken", **space_fields(space))
    if player.placed >= player.workers:
        return _reason("no_worker")
    needs_die = space.area in ("harbour", "single") or space.dice_value or space.dice_colour >= 0
    if (b >= 0) != bool(needs_die) or (c >= 0) != (
        space.area == "single" or space.dice_colour >= 0
    ):
        return _reason("bad_value", field="die")
    if space.area in ("quarry", "harbour"):
        first = _first_free(cat, s, space.area)
        if first != a:
            return _reason("row_order", space=cat.spaces[first].id if first >= 0 else "-")
    if player.money < space.money:
        return _reason("no_money", **space_fields(space), cost=space.money, money=player.money)
    if needs_die and not _held(player, b):
        return _reason("no_die", **_die_words(b) if 0 <= b < 24 else {"die": "such"})
    if space.area == "quarry" and not _can_buy(cat, s, player):
        return _reason("nothing_to_build")
    if space.area == "harbour":
        steps = b % 6 + 1
        if steps > min(len(_free_river(cat, s, seat)), int(cat.value("harbour_die_max"))):
            return _reason("harbour_far", steps=steps)
    limit = s.n in cat.value("mixed_market_limit_players")
    if space.area == "mixed" and limit and player.mixed_used:
        return _reason("mixed_limit")
    if space.area == "single" and not 0 <= c < 3:
        return _reason("bad_value", field="goods")
    if space.dice_colour >= 0:
        if b // 6 != space.dice_colour or c // 6 != space.dice_colour:
            colour = space.dice_colour
            return _reason("swap_colour", colour=COLOURS[colour], colour_es=COLOURS_ES[colour])
        if not _held(player, c) or (b == c and player.dice[b] < 2) or b > c:
            return _reason("no_die", **_die_words(c))
    if space.dice_value and b % 6 + 1 != space.dice_value:
        return _reason("die_value", **space_fields(space), value=space.dice_value)
    if space.area == "palace":
        for kind, _ in space.reward:
            if kind.startswith("die-"):
                colour = COLOURS.index(kind[4:])
                if _supply(cat, s, colour) <= 0:
                    return _reason(
                        "no_supply", colour=COLOURS[colour], colour_es=COLOURS_ES[colour]
                    )
            if kind == "build" and not _can_buy(cat, s, _without(player, b)):
                return _reason("nothing_to_build")
    return None


# -- applying -------------------------------------------------------------------------


def new_state(cat: Catalog, players: int, options: tuple[str, ...]) -> State:
    stacks: list[list[int]] = [[] for _ in range(12)]
    for index, tile in enumerate(cat.tiles):
        stacks[tile.colour * 3 + tile.stack].append(index)
    start = int(cat.value("start_karma"))
    s = State(
        players=[
            Player(money=0, karma=start, province=prov.new_province(cat),
                   workers=int(cat.value("workers_start")))
            for _ in range(players)
        ],
        options=options,
        stacks=stacks,
        top=[-1] * 12,
        spaces=[-1] * len(cat.spaces),
        first=0,
        round_first=0,
        phase=REVEAL,
        actor=-1,
    )  # fmt: skip
    s.pending = [("reveal", -1, stack) for stack in range(12)]
    s.pending += [("roll", seat, colour) for seat in range(players) for colour in range(4)]
    s.pending += [("first", -1, 0), ("start", -1, 0)]
    _settle(cat, s, [])
    return s


def random_chance(cat: Catalog, s: State, rng: random.Random) -> Action:
    if s.phase == REVEAL:
        stack = s.stacks[s.pending[0][2]]
        return Action("reveal", stack[rng.randrange(len(stack))])
    if s.phase == ROLL:
        return Action("roll", s.pending[0][2] * 6 + rng.randrange(6))
    if s.phase == FIRST:
        tied = _tied(s)
        return Action("first", tied[rng.randrange(len(tied))])
    raise ValueError(f"{s.phase} is not a draw of chance")


def privacy(s: State, action: Hashable) -> tuple[int | None, bool]:
    """Nothing is secret in the basic game; a roll or a turned-up tile reveals
    something new (undoing it must not allow a reroll unseen)."""
    return None, isinstance(action, Action) and action.kind in ("reveal", "roll", "first")


def apply(
    cat: Catalog, s: State, action: Hashable, check: bool = True
) -> tuple[State, list[Event]]:
    if check:
        reason = why_illegal(cat, s, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
    assert isinstance(action, Action)
    s = s.clone()
    events: list[Event] = []
    kind, a, b, _ = action
    seat = s.actor
    if kind == "reveal":
        stack = s.pending.pop(0)[2]
        s.stacks = s.stacks[:]
        s.stacks[stack] = [t for t in s.stacks[stack] if t != a]
        s.top[stack] = a
        events.append(Event("reveal", -1, 1, cat.tiles[a].id, stack_name(stack)))
    elif kind == "roll":
        s.pending.pop(0)
        s.mut(seat).dice[a] += 1
        s.held[a // 6] += 1
        events.append(Event("die", seat, 1, die_name(a)))
    elif kind == "first":
        s.pending.pop(0)
        _set_first(cat, s, a)
    elif kind == "place":
        if _place(cat, s, seat, action, events):
            return s, events  # a building action: the tile is chosen next
    elif kind == "karma":
        player = s.mut(seat)
        player.karma -= 1
        player.dice[a] -= 1
        player.dice[a - a % 6 + 5 - a % 6] += 1
        events.append(Event("karma", seat, -1, die_name(a)))
        if not can_place(cat, s, seat):
            _next_turn(cat, s)
        return s, events
    elif kind == "buy":
        player = s.mut(seat)
        tile = s.top[a]
        for v in decode_values(b):
            player.dice[a // 3 * 6 + v - 1] -= 1
            s.held[a // 3] -= 1
        s.tile = tile
        s.top[a] = -1
        s.pending.insert(0, ("reveal", -1, a))
        s.phase = TILE
        events.append(Event("buy", seat, cat.tiles[tile].cost, cat.tiles[tile].id, stack_name(a)))
        return s, events
    elif kind == "tile":
        _place_tile(cat, s, seat, a, b, events)
    elif kind == "upgrade":
        s.pending.pop(0)
        s.mut(seat).levels[a] += 1
        events.append(Event("upgrade", seat, 1, BUILDINGS[a]))
    elif kind == "colour":
        s.pending[0] = ("die", seat, a)
    elif kind == "return":
        s.mut(seat).dice[a] -= 1
        s.held[a // 6] -= 1
        events.append(Event("die", seat, -1, die_name(a)))
    elif kind == "decline":
        s.pending.pop(0)
    _settle(cat, s, events)
    return s, events


def _set_first(cat: Catalog, s: State, seat: int) -> None:
    s.first = s.round_first = s.turn = seat
    for i, money in enumerate(cat.value("start_money")[: s.n]):
        s.mut((seat + i) % s.n).money = int(money)


def _place(cat: Catalog, s: State, seat: int, action: Action, events: list[Event]) -> bool:
    """Put the worker down, pay, and start the action; True if a tile is chosen next."""
    _, a, b, c = action
    space = cat.spaces[a]
    player = s.mut(seat)
    player.placed += 1
    s.spaces[a] = seat
    s.occupied |= 1 << a
    s.placements += 1
    events.append(Event("worker", seat, 1, space.id))
    if space.money:
        player.money -= space.money
        events.append(Event("money", seat, -space.money, "pay", space.id))
    if b >= 0:
        player.dice[b] -= 1
        s.held[b // 6] -= 1
    if c >= 0 and space.dice_colour >= 0:
        player.dice[c] -= 1
        s.held[c // 6] -= 1
    area = space.area
    if area == "quarry":
        s.free_build = False
        s.phase = BUY
        return True
    if area == "harbour":
        s.pending.insert(0, ("sail", seat, b % 6 + 1))
    elif area == "mixed":
        player.mixed_used = True
        s.pending.insert(0, ("money", seat, prov.mixed_income(cat, player.province)))
    elif area == "single":
        income = prov.single_income(cat, player.province, c, b % 6 + 1)
        s.pending.insert(0, ("money", seat, income))
    else:
        _push_rewards(s, seat, space.reward)
    return False


def _reward_items(seat: int, rewards: tuple[Reward, ...]) -> list[tuple[str, int, int]]:
    items: list[tuple[str, int, int]] = []
    for kind, amount in rewards:
        if kind == "die":
            items += [("die", seat, -1)] * amount
        elif kind.startswith("die-"):
            items += [("die", seat, COLOURS.index(kind[4:]))] * amount
        elif kind in ("upgrade", "worker", "build", "elephant"):
            items += [(kind, seat, 1)] * amount
        else:
            items.append((kind, seat, amount))
    return items


def _push_rewards(s: State, seat: int, rewards: tuple[Reward, ...]) -> None:
    s.pending[0:0] = _reward_items(seat, rewards)


def _place_tile(
    cat: Catalog, s: State, seat: int, cell: int, turns: int, events: list[Event]
) -> None:
    player = s.mut(seat)
    tile = s.tile
    spec = cat.tiles[tile]
    player.province[cell] = tile * 4 + turns
    s.tile = -1
    events.append(Event("tile", seat, 1, spec.id, cat.cell_name(cell)))
    rewards: list[tuple[str, int, int]] = []
    income = sum(v for _, v in spec.markets)
    if income:
        rewards.append(("money", seat, income))
    levels = cat.value("upgrade_levels")
    fame = sum(int(levels[player.levels[b]]) for b in spec.buildings)
    if fame:
        rewards.append(("fame", seat, fame))
    for index in prov.reached_yields(cat, cell, prov.rotate(spec.roads, turns)):
        if not player.yields >> index & 1:  # special yields come after the tile's own
            player.yields |= 1 << index
            events.append(Event("yield", seat, 1, cat.cell_name(cell)))
            rewards += _reward_items(seat, cat.yields[index][2])
    s.pending[0:0] = rewards


def _track_bonuses(cat: Catalog, s: State, seat: int, player: Player) -> None:
    """Bonus spaces reached on the fame and money tracks, and the game end's trigger."""
    fame_upgrade, fame_worker, marker, moves, money_worker, length = _track_values(cat)
    if player.bonuses & 15 != 15:
        items: list[tuple[str, int, int]] = []
        if player.fame >= fame_upgrade and not player.bonuses & FAME_UPGRADE:
            player.bonuses |= FAME_UPGRADE
            items.append(("upgrade", seat, 1))
        if player.fame >= fame_worker and not player.bonuses & FAME_WORKER:
            player.bonuses |= FAME_WORKER
            items.append(("worker", seat, 1))
        if player.money >= marker and not player.bonuses & MONEY_MARKER:
            player.bonuses |= MONEY_MARKER
            items.append(("boat", seat, moves))
        if player.money >= money_worker and not player.bonuses & MONEY_WORKER:
            player.bonuses |= MONEY_WORKER
            items.append(("worker", seat, 1))
        s.pending[0:0] = items
    if player.fame + player.money >= length:
        s.ending = True


def _track_values(cat: Catalog) -> tuple[int, int, int, int, int, int]:
    found: tuple[int, int, int, int, int, int] | None = cat.cache.get("track")
    if found is None:
        space, moves = cat.value("money_bonus_marker")
        found = (
            int(cat.value("fame_bonus_upgrade")),
            int(cat.value("fame_bonus_worker")),
            int(space),
            int(moves),
            int(cat.value("money_bonus_worker")),
            int(cat.value("track_length")),
        )
        cat.cache["track"] = found
    return found


def _move_boat(
    cat: Catalog, s: State, seat: int, steps: int, exact: bool, events: list[Event]
) -> None:
    ahead = _free_river(cat, s, seat)
    if not ahead or (exact and len(ahead) < steps):
        return
    target = ahead[min(steps, len(ahead)) - 1]
    player = s.mut(seat)
    old = player.boat
    player.boat = target
    events.append(Event("boat", seat, target - old, "", str(target)))
    _push_rewards(s, seat, cat.river[target])
    if old < cat.bridge <= target and not player.bonuses & BRIDGE_WORKER:
        player.bonuses |= BRIDGE_WORKER
        s.pending.insert(0, ("worker", seat, 1))


def _settle(cat: Catalog, s: State, events: list[Event]) -> None:
    """Work off what is pending up to the next decision; then pass the turn."""
    capacity = cat.kali_capacity
    while s.pending:
        kind, seat, amount = s.pending[0]
        if kind == "reveal":
            if s.stacks[amount]:
                s.phase, s.actor = REVEAL, -1
                return
            s.pending.pop(0)
        elif kind == "roll":
            s.phase, s.actor = ROLL, seat
            return
        elif kind == "start":
            s.pending.pop(0)
            s.turn = s.round_first = s.first
            if can_place(cat, s, s.first):
                s.phase, s.actor = PLACE, s.first
            else:
                _next_turn(cat, s)
            return
        elif kind == "first":
            tied = _tied(s)
            if len(tied) > 1:
                s.phase, s.actor = FIRST, -1
                return
            s.pending.pop(0)
            _set_first(cat, s, tied[0])
        elif kind == "die":
            if amount < 0:
                if any(_supply(cat, s, c) > 0 for c in range(4)):
                    s.phase, s.actor = COLOUR, seat
                    return
                s.pending.pop(0)
            elif _supply(cat, s, amount) <= 0:
                s.pending.pop(0)
            elif s.players[seat].dice_count() >= capacity:
                s.phase, s.actor = FULL, seat
                return
            else:
                s.pending[0] = ("roll", seat, amount)
        elif kind == "upgrade":
            if all(level >= 2 for level in s.players[seat].levels):
                s.pending.pop(0)
            else:
                s.phase, s.actor = UPGRADE, seat
                return
        elif kind == "build":
            s.pending.pop(0)
            if _can_buy(cat, s, s.players[seat]):
                s.free_build = True
                s.phase, s.actor = BUY, seat
                return
        else:
            s.pending.pop(0)
            if kind in ("money", "fame") and amount:
                player = s.mut(seat)
                if kind == "money":
                    player.money += amount
                else:
                    player.fame += amount
                events.append(Event(kind, seat, amount))
                _track_bonuses(cat, s, seat, player)
            elif kind == "karma":
                player = s.mut(seat)
                player.karma = min(int(cat.value("karma_max")), player.karma + amount)
                events.append(Event("karma", seat, amount))
            elif kind == "worker":
                if s.players[seat].workers < int(cat.value("workers_max")):
                    s.mut(seat).workers += 1
                    events.append(Event("worker_gained", seat, 1))
            elif kind in ("sail", "boat"):
                _move_boat(cat, s, seat, amount, kind == "sail", events)
            elif kind == "elephant":
                s.first = seat
                events.append(Event("elephant", seat, 1))
    _next_turn(cat, s)


def _next_turn(cat: Catalog, s: State) -> None:
    """The next seat clockwise that can place a worker; else the round ends."""
    n = s.n

    def pos(seat: int) -> int:
        return (seat - s.round_first) % n

    current = s.turn
    for step in range(1, n + 1):
        seat = (current + step) % n
        if s.ending and pos(seat) <= pos(current):
            s.phase, s.actor = OVER, -1
            return
        if can_place(cat, s, seat):
            s.turn = seat
            s.phase, s.actor = PLACE, seat
            return
    _end_round(cat, s)


def _end_round(cat: Catalog, s: State) -> None:
    if s.ending:
        s.phase, s.actor = OVER, -1
        return
    s.spaces = [-1] * len(cat.spaces)
    s.occupied = 0
    for seat in range(s.n):
        player = s.mut(seat)
        player.placed = 0
        player.mixed_used = False
    s.round += 1
    s.round_first = s.turn = s.first
    for step in range(s.n):
        seat = (s.first + step) % s.n
        if can_place(cat, s, seat):
            s.turn = seat
            s.phase, s.actor = PLACE, seat
            return
    s.phase, s.actor = OVER, -1  # guard: nobody can act at all (cannot happen with 48 dice)
