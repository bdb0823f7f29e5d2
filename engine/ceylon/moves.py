"""The main actions and the alternatives: whether a seat can take one, and its effect.

``check`` answers for the action's own requirements (money, place, cubes,
slots), whatever the card allows; ``engine.ceylon.legal`` adds whether the
action is the one the card leaves this seat now. ``perform`` changes a cloned
state and lists the events. Rulebook sections: Acciones principales (Plantar,
Cosechar, Comerciar, Contratar un consejero, Avanzar en desarrollo
tecnológico), Acciones alternativas (Mover, Obtener 2 rupias), Losetas de
consejero, Losetas de inicio.
"""

from __future__ import annotations

from typing import Any

from engine.ceylon.actions import Action
from engine.ceylon.catalog import START_ACTION, Catalog
from engine.ceylon.state import Player, State
from engine.core.game import Event

Problem = tuple[str, dict[str, Any]] | None


def distances(cat: Catalog, hexes_in_play: int) -> list[list[int]]:
    """Steps between hexes in play (a left-out district cannot be crossed)."""
    key = ("distances", hexes_in_play)
    table: list[list[int]] | None = cat.cache.get(key)
    if table is None:
        size = len(cat.hexes)
        table = []
        for origin in range(size):
            row = [-1] * size
            if hexes_in_play >> origin & 1:
                row[origin] = 0
                frontier = [origin]
                while frontier:
                    nxt = []
                    for h in frontier:
                        links = cat.neighbours[h] & hexes_in_play
                        while links:
                            low = links & -links
                            other = low.bit_length() - 1
                            links ^= low
                            if row[other] < 0:
                                row[other] = row[h] + 1
                                nxt.append(other)
                    frontier = nxt
            table.append(row)
        cat.cache[key] = table
    return table


def has_ability(cat: Catalog, state: State, seat: int, ability: str) -> bool:
    hired = state.players[seat].hired
    for district, advisor in enumerate(state.advisors):
        if hired >> district & 1 and advisor >= 0 and cat.advisors[advisor][1] == ability:
            return True
    return False


def start_ability(cat: Catalog, player: Player) -> str:
    for number, ability in cat.start_tiles:
        if number == player.start_tile:
            return ability
    return ""


def capacity(cat: Catalog, state: State, seat: int) -> int:
    return int(cat.value("storage")) + (1 if has_ability(cat, state, seat, "storage") else 0)


def plant_cost(cat: Catalog, state: State, seat: int) -> int:
    return int(cat.value("plant_cost")) - (
        1 if has_ability(cat, state, seat, "plant_discount") else 0
    )


def hire_cost(cat: Catalog, state: State, seat: int) -> int:
    return int(cat.value("hire_cost")) - (
        3 if has_ability(cat, state, seat, "hire_discount") else 0
    )


def move_cost(cat: Catalog, state: State, seat: int, steps: int) -> int:
    """First step free, then 1, 2, 3... more (n(n-1)/2); with the guide 1 per step after the first."""
    if has_ability(cat, state, seat, "move_one_rupee"):
        return max(0, steps - 1)
    return steps * (steps - 1) // 2


def slots_open(cat: Catalog, player: Player) -> int:
    count = 0
    for needed in cat.value("company_slots_freed_after"):
        if player.markers >= needed:
            count += 1
    return count


def district_of(cat: Catalog, hex_index: int) -> int:
    return cat.hexes[hex_index].district


def harvest_reach(cat: Catalog, state: State, seat: int, anywhere: bool) -> int:
    """Hexes with a plantation the harvest may take from."""
    planted = 0
    for h, owner in enumerate(state.owner):
        if owner >= 0:
            planted |= 1 << h
    if anywhere:
        return planted
    pawn = state.players[seat].pawn
    return planted & ((1 << pawn) | cat.neighbours[pawn])


#: an action's name in a Spanish refusal ("para plantar")
_WHAT_ES = {
    "plant": "plantar",
    "hire": "contratar un consejero",
    "tech": "avanzar en tecnología",
    "move": "mover",
}


def _rupees(player: Player, need: int, what: str) -> Problem:
    if player.rupees < need:
        fields = {"need": need, "have": player.rupees, "what": what, "what_es": _WHAT_ES[what]}
        return ("rupees", fields)
    return None


def check(cat: Catalog, state: State, seat: int, act: Action) -> Problem:
    """What stops ``seat`` taking this main or alternative action now (None: nothing)."""
    player = state.players[seat]
    kind = act.kind
    if act.start:
        if player.start_tile == 0 or START_ACTION[start_ability(cat, player)] != kind:
            return ("start_wrong", {})
        if player.start_used:
            return ("start_used", {})
    if kind == "plant":
        h = act.a
        if not 0 <= h < len(cat.hexes) or not state.hexes_in_play >> h & 1:
            return ("out_of_play", {"hex": cat.hexes[h].id if 0 <= h < len(cat.hexes) else h})
        if player.markers >= int(cat.value("markers")):
            return ("no_marker", {})
        place = cat.hexes[h].id
        if act.start:
            if state.owner[h] != seat or state.double >> h & 1:
                return ("double_where", {"hex": place})
        elif state.owner[h] >= 0:
            return ("plant_taken", {"hex": place})
        pawn = player.pawn
        if h != pawn:
            near = (
                has_ability(cat, state, seat, "plant_adjacent")
                and cat.neighbours[pawn] >> h & 1
                and district_of(cat, h) == district_of(cat, pawn)
            )
            if not near:
                return ("plant_where", {"hex": place, "pawn": cat.hexes[pawn].id})
        return _rupees(player, plant_cost(cat, state, seat), "plant")
    if kind == "harvest":
        if not harvest_reach(cat, state, seat, act.start):
            return ("harvest_none", {})
        return None
    if kind == "trade":
        if act.a not in (0, 1, 2) or act.b not in (0, 1):
            return ("bad_value", {"field": "wagon or reward"})
        contract_index = state.train[act.a]
        if contract_index < 0:
            return ("trade_empty", {"wagon": act.a + 1})
        contract = cat.contracts[contract_index]
        company = contract.company
        if player.companies[company - 1] == 0:
            used = sum(1 for count in player.companies if count)
            if used >= slots_open(cat, player):
                return ("trade_slot", {"company": company})
        need = list(contract.cubes)
        if act.start:
            if act.c not in (0, 1, 2) or need[act.c] == 0:
                return ("trade_colour", {"contract": contract.id})
            need[act.c] -= 1
        elif act.c != -1:
            return ("bad_value", {"field": "tea colour"})
        if any(have < want for have, want in zip(player.cubes, need, strict=True)):
            return ("trade_cubes", {"contract": contract.id, "cubes": need})  # words: cubes_text
        return None
    if kind == "hire":
        d = act.a
        if not 0 <= d < len(cat.districts) or not state.in_play >> d & 1:
            return ("district_out", {})
        if player.hired >> d & 1:
            return ("hire_twice", {"district": cat.districts[d].name})
        pawn_district = district_of(cat, player.pawn)
        if act.start:
            if d == pawn_district:
                return ("start_pointless", {})
        elif d != pawn_district:
            return (
                "hire_where",
                {"district": cat.districts[d].name, "pawn": cat.districts[pawn_district].name},
            )
        return _rupees(player, hire_cost(cat, state, seat), "hire")
    if kind == "tech":
        last = int(cat.value("tech_track_last"))
        if player.tech + (2 if act.start else 1) > last:
            return ("tech_last", {})
        return _rupees(player, int(cat.value("tech_cost")), "tech")
    if kind == "move":
        h = act.a
        if not 0 <= h < len(cat.hexes) or not state.hexes_in_play >> h & 1:
            return ("out_of_play", {"hex": cat.hexes[h].id if 0 <= h < len(cat.hexes) else h})
        if h == player.pawn:
            return ("move_same", {})
        if act.start:
            return None
        steps = distances(cat, state.hexes_in_play)[player.pawn][h]
        return _rupees(player, move_cost(cat, state, seat, steps), "move")
    if kind == "rupees":
        return None
    return ("wrong_decision", {})


def cubes_text(cubes: list[int] | tuple[int, ...]) -> str:
    names = ("black", "green", "white")
    return ", ".join(f"{n} {names[i]}" for i, n in enumerate(cubes) if n)


def check_district_bonus(cat: Catalog, state: State, seat: int, events: list[Event]) -> None:
    player = state.players[seat]  # already copied by ``perform``
    if player.bonus or not state.bonus_stack:
        return
    seen = 0
    for h, owner in enumerate(state.owner):
        if owner == seat:
            seen |= 1 << cat.hexes[h].district
    if seen & state.in_play == state.in_play:
        player.bonus = state.bonus_stack.pop(0)
        player.points[1] += player.bonus
        events.append(Event("points", seat, player.bonus, "district bonus"))


def perform(cat: Catalog, state: State, seat: int, act: Action, events: list[Event]) -> None:
    """Carry out a checked action on a cloned ``state`` (harvest only starts here)."""
    player = state.mut(seat)
    kind = act.kind
    if act.start:
        player.start_used = True
        events.append(Event("start_tile", seat, player.start_tile, kind))
    if kind == "plant":
        h = act.a
        cost = plant_cost(cat, state, seat)
        player.rupees -= cost
        events.append(Event("rupees", seat, -cost, "plant"))
        if act.start:
            state.double |= 1 << h
        else:
            state.owner[h] = seat
        player.markers += 1
        events.append(Event("plantation", seat, 1, "", cat.hexes[h].id))
        check_district_bonus(cat, state, seat, events)
        if player.markers >= int(cat.value("markers")):
            state.ending = True
            events.append(Event("game_end", seat, 0, "last marker"))
    elif kind == "trade":
        contract_index = state.train[act.a]
        contract = cat.contracts[contract_index]
        need = list(contract.cubes)
        if act.start:
            need[act.c] -= 1
        for colour in range(3):
            player.cubes[colour] -= need[colour]
        state.train[act.a] = -1
        player.companies[contract.company - 1] += 1
        player.contracts.append(contract_index)
        if act.b == 0:
            player.rupees += contract.rupees
            events.append(Event("rupees", seat, contract.rupees, "contract", contract.id))
        else:
            player.points[2] += contract.points
            events.append(Event("points", seat, contract.points, "contract", contract.id))
        if has_ability(cat, state, seat, "trade_rupees"):
            player.rupees += 2
            events.append(Event("rupees", seat, 2, "advisor"))
    elif kind == "hire":
        cost = hire_cost(cat, state, seat)
        player.rupees -= cost
        player.hired |= 1 << act.a
        events.append(Event("hire", seat, -cost, cat.districts[act.a].id))
    elif kind == "tech":
        cost = int(cat.value("tech_cost"))
        player.rupees -= cost
        gift = int(cat.value("tech_gift"))
        for other in range(state.n):
            if other != seat:
                state.mut(other).rupees += gift
        for _ in range(2 if act.start else 1):
            player.tech += 1
            if player.tech in cat.value("tech_points_spaces"):
                player.points[3] += int(cat.value("tech_points"))
                events.append(Event("points", seat, int(cat.value("tech_points")), "tech space"))
        player.tech_order = state.tech_counter
        state.tech_counter += 1
        player.tokens += 1
        events.append(Event("tech", seat, player.tech, "", ""))
        if has_ability(cat, state, seat, "tech_point"):
            player.points[4] += 1
            events.append(Event("points", seat, 1, "advisor"))
    elif kind == "move":
        if not act.start:
            steps = distances(cat, state.hexes_in_play)[player.pawn][act.a]
            cost = move_cost(cat, state, seat, steps)
            player.rupees -= cost
            events.append(Event("rupees", seat, -cost, "move"))
        player.pawn = act.a
        events.append(Event("move", seat, 0, "", cat.hexes[act.a].id))
    elif kind == "rupees":
        gain = int(cat.value("take_rupees"))
        gain += 1 if has_ability(cat, state, seat, "extra_rupee") else 0
        gain += 5 if act.start else 0
        player.rupees += gain
        events.append(Event("rupees", seat, gain, "take"))


def pick(cat: Catalog, state: State, seat: int, h: int, events: list[Event]) -> None:
    """Take one cube from the plantation on ``h``; its owner scores if it is another seat."""
    player = state.mut(seat)
    colour = state.level[h]
    player.cubes[colour] += 1
    owner = state.owner[h]
    events.append(Event("cube", seat, 1, ("black", "green", "white")[colour], cat.hexes[h].id))
    if owner != seat:
        gain = int(cat.value("harvest_owner_points"))
        state.mut(owner).points[0] += gain
        events.append(Event("points", owner, gain, "harvest", cat.hexes[h].id))
    state.harvest_last = h
    state.harvest_count += 1
