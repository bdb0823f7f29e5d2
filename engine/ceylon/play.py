"""Ceylon's decisions: the pending one, its legal answers, refusals, and applying one.

``legal_actions`` generates exactly the answers ``why_illegal`` accepts (the
random-play tests check both ways). ``apply`` copies the state first: the one
given is never changed.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from engine.ceylon import flow, hands, moves
from engine.ceylon.actions import ALTERNATIVES, Action
from engine.ceylon.catalog import CUBES, MAIN, START_ACTION, Catalog
from engine.ceylon.reasons import TABLE
from engine.ceylon.refusal_words import card_fields, chance_fields
from engine.ceylon.state import (
    ACT,
    ADVISOR,
    CHANCE_PHASES,
    CONTRACT,
    DEAL,
    DISCARD,
    DRAW,
    ELEVATE,
    HARVEST,
    LEAVE_OUT,
    OVER,
    PLAY,
    START,
    START_TILE,
    TOKEN,
    TOP,
    Player,
    State,
)
from engine.core.game import Decision, Event, Filter
from engine.core.reasons import IllegalActionError, Reason
from engine.core.seats import CHANCE, NOBODY

_CHANCE_KIND = {
    LEAVE_OUT: "leave_out",
    ADVISOR: "advisor",
    CONTRACT: "contract",
    START_TILE: "start_tile",
    DEAL: "deal",
    DRAW: "draw",
}
_MAIN_ES = {
    "plant": "plantar",
    "harvest": "cosechar",
    "trade": "comerciar",
    "hire": "contratar un consejero",
    "tech": "avanzar en tecnología",
    "move": "mover",
    "rupees": "coger 2 rupias",
}

_PROMPTS: dict[str, tuple[str, str]] = {
    LEAVE_OUT: (
        "Draw the large elevation tile that goes back to the box",
        "Roba la loseta de elevación grande que vuelve a la caja",
    ),
    ADVISOR: ("Draw the advisor of the next district", "Roba el consejero del siguiente distrito"),
    CONTRACT: ("Draw a contract for the empty wagon", "Roba un contrato para el vagón vacío"),
    START_TILE: ("Deal a start tile", "Reparte una loseta de inicio"),
    DEAL: (
        "Draw a card into a starting hand (secret)",
        "Roba una carta para la mano inicial (secreta)",
    ),
    DRAW: (
        "Draw a card to refill the hand (secret)",
        "Roba una carta para completar la mano (secreta)",
    ),
    ELEVATE: (
        "Place a large elevation tile on 4 hexes of a district",
        "Coloca una loseta de elevación grande sobre 4 hexágonos de un distrito",
    ),
    TOP: (
        "Place a small elevation tile on a large one",
        "Coloca una loseta de elevación pequeña sobre una grande",
    ),
    START: (
        "Choose a starting hex (level 0, a district without plantations)",
        "Elige el hexágono inicial (nivel 0, un distrito sin plantaciones)",
    ),
    PLAY: (
        "Play a card, turned to the main action you take",
        "Juega una carta, orientada hacia la acción principal que realizas",
    ),
    ACT: (
        "Take the card's main action or an alternative",
        "Realiza la acción principal de la carta o una alternativa",
    ),
    HARVEST: (
        "Name the plantations you harvest, then done",
        "Nombra las plantaciones que cosechas y termina",
    ),
    DISCARD: (
        "Discard tea down to your storehouse's capacity",
        "Descarta té hasta la capacidad de tu almacén",
    ),
    TOKEN: (
        "Use a tech token for an extra action, or pass",
        "Usa una ficha de tecnología para una acción adicional, o pasa",
    ),
    OVER: ("Nothing: the game is over", "Nada: la partida ha terminado"),
}


#: the play of a hand the companion does not know: the card is named now
_UNKNOWN_PLAY = (
    "Which card did you play, and to which main action is it turned?",
    "¿Qué carta has jugado y hacia qué acción principal está orientada?",
)

_DECISIONS: dict[tuple[str, int, bool], Decision] = {}


def decision(cat: Catalog, state: State) -> Decision:
    phase = state.phase
    unknown = phase == PLAY and hands.unknown(state)
    key = (phase, state.actor, unknown)
    found = _DECISIONS.get(key)
    if found is None:  # decisions are immutable: one per phase and seat
        en, es = _UNKNOWN_PLAY if unknown else _PROMPTS[phase]
        if phase == OVER:
            found = Decision(phase, NOBODY, en, es, is_over=True)
        elif phase in CHANCE_PHASES:
            secret = state.actor if phase in (DEAL, DRAW) else None  # see ``privacy``
            found = Decision(phase, CHANCE, en, es, is_chance=True, secret_for=secret)
        else:
            found = Decision(phase, state.actor, en, es)
        _DECISIONS[key] = found
    return found


def _reason(code: str, **fields: Any) -> Reason:
    return TABLE.reason(code, **fields)


def _card_main(cat: Catalog, state: State, seat: int) -> int:
    """The main action the card leaves ``seat`` (index in MAIN)."""
    face = cat.faces[state.card]
    if seat == state.active:
        return state.side
    return face.second if state.side == face.first else face.first


def _active_stage(state: State) -> bool:
    return state.actor == state.active and len(state.queue) == state.n - 1


def _variants(cat: Catalog, state: State, seat: int, kind: str, token: bool) -> list[Action]:
    """Every action of ``kind`` for ``seat`` that passes its own requirements."""
    player = state.players[seat]
    candidates: list[Action] = []
    usable = player.start_tile and not player.start_used
    starts = (
        (False, True)
        if usable and START_ACTION[moves.start_ability(cat, player)] == kind
        else (False,)
    )
    if kind == "plant":
        pawn = player.pawn
        hexes = [pawn]
        if moves.has_ability(cat, state, seat, "plant_adjacent"):
            links = cat.neighbours[pawn] & cat.district_hexes(cat.hexes[pawn].district)
            hexes += [h for h in range(len(cat.hexes)) if links >> h & 1]
        candidates = [
            Action("plant", h, token=token, start=s) for h in sorted(hexes) for s in starts
        ]
    elif kind == "trade":
        for wagon in range(3):
            if state.train[wagon] < 0:
                continue
            for reward in (0, 1):
                candidates.append(Action("trade", wagon, reward, -1, token))
                if True in starts:
                    candidates += [Action("trade", wagon, reward, c, token, True) for c in range(3)]
    elif kind == "hire":
        home = cat.hexes[player.pawn].district
        candidates = [Action("hire", home, token=token)]
        if True in starts:
            candidates += [
                Action("hire", d, token=token, start=True)
                for d in range(len(cat.districts))
                if d != home
            ]
    elif kind == "move":
        # Fast path (the widest choice): the same rule as moves.check, by distance.
        row = moves.distances(cat, state.hexes_in_play)[player.pawn]
        reach = _max_steps(moves.has_ability(cat, state, seat, "move_one_rupee"), player.rupees)
        key = ("moves", state.hexes_in_play, player.pawn, reach, token, len(starts))
        cached: list[Action] | None = cat.cache.get(key)
        if cached is not None:
            return cached[:]
        plain = _MOVES[token][False]
        if len(starts) == 2:
            free = _MOVES[token][True]
            out = []
            for h, steps in enumerate(row):
                if steps > 0:
                    if steps <= reach:
                        out.append(plain[h])
                    out.append(free[h])
        else:
            out = [plain[h] for h, steps in enumerate(row) if 0 < steps <= reach]
        if len(cat.cache) < 100_000:
            cat.cache[key] = out
        return out[:]
    else:
        candidates = [_SIMPLE[kind, token, s] for s in starts]
        if kind == "rupees":
            return candidates  # always possible
    return [a for a in candidates if moves.check(cat, state, seat, a) is None]


#: Move actions by token, start flag and hex, made once (actions are immutable).
_MOVES = {
    token: {
        start: [Action("move", h, token=token, start=start) for h in range(64)]
        for start in (False, True)
    }
    for token in (False, True)
}


#: Actions without arguments, made once.
_SIMPLE = {
    (kind, token, start): Action(kind, token=token, start=start)
    for kind in ("harvest", "tech", "rupees")
    for token in (False, True)
    for start in (False, True)
}


def _max_steps(guide: bool, rupees: int) -> int:
    """The most steps a move can pay for: n(n-1)/2 rupees, or n-1 with the guide."""
    if guide:
        return rupees + 1
    steps = 1
    while (steps + 1) * steps // 2 <= rupees:
        steps += 1
    return steps


def _chance_outcomes(cat: Catalog, state: State) -> list[Action]:
    phase = state.phase
    kind = _CHANCE_KIND[phase]
    if phase == LEAVE_OUT:
        return [Action(kind, t) for t in range(len(cat.large_tiles))]
    if phase == ADVISOR:
        used = set(state.advisors)
        return [Action(kind, a) for a in range(len(cat.advisors)) if a not in used]
    if phase == CONTRACT:
        return [Action(kind, c) for c in range(len(cat.contracts)) if state.contract_pile >> c & 1]
    if phase == START_TILE:
        dealt = {p.start_tile for p in state.players}
        return [Action(kind, n) for n, _ in cat.start_tiles if n not in dealt]
    return [Action(kind, f) for f, count in enumerate(state.deck) if count]


def draw_choices(cat: Catalog, state: State) -> list[Action]:
    """The answers a drawer's phone offers for a secret draw (a card into a hand).

    Every face the drawer cannot rule out from what they know: the 46 cards
    less the cards played (public) and their own hand. Offering only the faces
    left in the draw pile (the legal outcomes) would tell the drawer that the
    other copies of a missing face are in the other players' hands. Other
    chance decisions: their legal outcomes."""
    if state.phase not in (DEAL, DRAW):
        return _chance_outcomes(cat, state)
    seat = state.actor
    return [
        Action(_CHANCE_KIND[state.phase], f)
        for f in range(len(cat.faces))
        if state.deck[f] + sum(p.hand.count(f) for i, p in enumerate(state.players) if i != seat)
    ]


def legal_actions(cat: Catalog, state: State, only: Filter | None = None) -> list[Hashable]:
    found = _legal(cat, state)
    if only is not None:
        found = [
            a
            for a in found
            if (only.kinds is None or a.kind in only.kinds)
            and (only.first is None or a.a in only.first)
        ]
    return list(found)


def _legal(cat: Catalog, state: State) -> list[Action]:
    phase = state.phase
    if phase == OVER:
        return []
    if phase in CHANCE_PHASES:
        return _chance_outcomes(cat, state)
    seat = state.actor
    player = state.players[seat] if seat >= 0 else None
    if phase == ELEVATE:
        out = []
        placed = {t for t, mask in enumerate(state.large) if mask}
        for tile in range(len(cat.large_tiles)):
            if tile == state.left_out or tile in placed:
                continue
            for district in range(len(cat.districts)):
                if state.in_play >> district & 1 and not flow._large_in(cat, state, district):
                    out += [Action("elevate", tile, m) for m in cat.placements(tile, district)]
        return out
    if phase == TOP:
        out = []
        for mask in state.large:
            if mask and not mask & state.small:
                out += [Action("top", h) for h in range(len(cat.hexes)) if mask >> h & 1]
        return sorted(out)
    if phase == START:
        taken = {cat.hexes[h].district for h, owner in enumerate(state.owner) if owner >= 0}
        return [
            Action("start", h)
            for h, item in enumerate(cat.hexes)
            if state.hexes_in_play >> h & 1 and not state.level[h] and item.district not in taken
        ]
    assert player is not None
    if phase == PLAY:
        out = []
        for face in hands.may_hold(state, seat):
            plays: list[Action] | None = cat.cache.get(("plays", face))
            if plays is None:  # made once per face (actions are immutable)
                plays = [Action("play", face, side) for side in sorted(cat.faces[face].actions())]
                cat.cache[("plays", face)] = plays
            out += plays
        return out
    if phase == ACT:
        out = _variants(cat, state, seat, MAIN[_card_main(cat, state, seat)], False)
        for kind in ALTERNATIVES:
            out += _variants(cat, state, seat, kind, False)
        if _active_stage(state) and not state.token_used and player.tokens > 0:
            out += _token_actions(cat, state, seat)
        return out
    if phase == TOKEN:
        return [*_token_actions(cat, state, seat), Action("pass")]
    if phase == HARVEST:
        out = [Action("pick", h) for h in _picks(cat, state)]
        if state.harvest_count:
            out.append(Action("done"))
        return out
    if phase == DISCARD:
        return [Action("discard", c) for c in range(3) if player.cubes[c]]
    raise AssertionError(phase)


def _token_actions(cat: Catalog, state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    for kind in (*MAIN, *ALTERNATIVES):
        if kind != "tech":
            out += _variants(cat, state, seat, kind, True)
    return out


def _picks(cat: Catalog, state: State) -> list[int]:
    reach = state.harvest_reach >> (state.harvest_last + 1) << (state.harvest_last + 1)
    return [h for h in range(len(cat.hexes)) if reach >> h & 1]


def _start_problem(cat: Catalog, state: State, h: int) -> Reason | None:
    if not 0 <= h < len(cat.hexes) or not state.hexes_in_play >> h & 1 or state.level[h]:
        return _reason("start_level")
    district = cat.hexes[h].district
    area = cat.district_hexes(district)
    if any(state.owner[x] >= 0 for x in range(len(cat.hexes)) if area >> x & 1):
        return _reason("start_district", district=cat.districts[district].name)
    return None


def _now(cat: Catalog, state: State) -> Reason:
    en, es = _PROMPTS[state.phase]
    return _reason("wrong_decision", now=en, now_es=es)


def why_illegal(cat: Catalog, state: State, action: Hashable) -> Reason | None:
    if not isinstance(action, Action):
        return _reason("bad_value", field="action")
    phase = state.phase
    if phase == OVER:
        return _reason("game_over")
    if phase in CHANCE_PHASES:
        if action.kind != _CHANCE_KIND[phase]:
            return _now(cat, state)
        if action not in _chance_outcomes(cat, state):
            if phase in (DEAL, DRAW) and action in draw_choices(cat, state):
                # the drawer could hold it as far as they know: the hands entered do not add up
                return _reason("draw_unaccounted", **card_fields(cat, action.a, "what"))
            return _reason("chance_unavailable", **chance_fields(cat, action))
        return None
    seat = state.actor
    kind = action.kind
    if phase == ELEVATE:
        if kind != "elevate":
            return _now(cat, state)
        tile = action.a
        if not 0 <= tile < len(cat.large_tiles) or tile == state.left_out or state.large[tile]:
            return _reason(
                "elev_tile",
                tile=cat.large_tiles[tile].id if 0 <= tile < len(cat.large_tiles) else tile,
            )
        districts = {cat.hexes[h].district for h in range(len(cat.hexes)) if action.b >> h & 1}
        if action.b >> len(cat.hexes) or len(districts) != 1:
            return _reason("elev_shape", tile=cat.large_tiles[tile].id)
        district = districts.pop()
        if not state.in_play >> district & 1 or flow._large_in(cat, state, district):
            return _reason("elev_district", district=cat.districts[district].name)
        if action.b not in cat.placements(tile, district):
            return _reason("elev_shape", tile=cat.large_tiles[tile].id)
        return None
    if phase == TOP:
        if kind != "top":
            return _now(cat, state)
        if Action("top", action.a) not in _legal(cat, state) or action != Action("top", action.a):
            return _reason("top_where")
        return None
    if phase == START:
        if kind != "start":
            return _now(cat, state)
        if action != Action("start", action.a):
            return _reason("bad_value", field="flags")
        return _start_problem(cat, state, action.a)
    player = state.players[seat]
    if phase == PLAY:
        if kind != "play":
            return _now(cat, state)
        if not 0 <= action.a < len(cat.faces) or action.a not in hands.may_hold(state, seat):
            card = card_fields(cat, action.a)  # the card in words, never its notation
            if player.unknown and 0 <= action.a < len(cat.faces):
                copies = cat.faces[action.a].count
                return _reason("card_all_seen", **card, copies=copies)
            return _reason("not_in_hand", **card)
        if action.b not in cat.faces[action.a].actions() or action != Action(
            "play", action.a, action.b
        ):
            return _reason("bad_value", field="rotation")
        return None
    if phase == HARVEST:
        if kind == "done" and action == Action("done"):
            return None if state.harvest_count else _reason("done_empty")
        if kind != "pick" or action != Action("pick", action.a):
            return _now(cat, state)
        h = action.a
        name = cat.hexes[h].id if 0 <= h < len(cat.hexes) else str(h)
        if not 0 <= h < len(cat.hexes) or not state.harvest_reach >> h & 1:
            return _reason("pick_reach", hex=name)
        if h <= state.harvest_last:
            return _reason("pick_order", last=cat.hexes[state.harvest_last].id)
        return None
    if phase == DISCARD:
        if kind != "discard" or action != Action("discard", action.a):
            return _now(cat, state)
        if action.a not in (0, 1, 2):
            return _reason("bad_value", field="tea colour")
        if not player.cubes[action.a]:
            colours_es = ("negras", "verdes", "blancas")
            return _reason("discard_none", colour=CUBES[action.a], colour_es=colours_es[action.a])
        return None
    # ACT or TOKEN
    if phase == TOKEN and kind == "pass":
        return None if action == Action("pass") else _reason("bad_value", field="flags")
    if kind not in MAIN and kind not in ALTERNATIVES:
        return _now(cat, state)
    if phase == TOKEN and not action.token:
        return _now(cat, state)
    if action.token:
        if not _active_stage(state) or state.token_used:
            return _reason("token_used")
        if player.tokens <= 0:
            return _reason("token_none")
        if kind == "tech":
            return _reason("token_tech")
    elif kind in MAIN:
        allowed = MAIN[_card_main(cat, state, seat)]
        if kind != allowed:
            return _reason(
                "not_on_card",
                allowed=allowed,
                allowed_es=_MAIN_ES[allowed],
                kind=kind,
                kind_es=_MAIN_ES[kind],
            )
    problem = moves.check(cat, state, seat, action)
    if problem is not None:
        code, fields = problem
        if code == "trade_cubes":
            fields["cubes"] = moves.cubes_text(fields["cubes"])
        return _reason(code, **fields)
    if action not in _variants(cat, state, seat, kind, action.token):
        return _reason("bad_value", field="action")
    return None


def apply(
    cat: Catalog, state: State, action: Hashable, check: bool = True
) -> tuple[State, list[Event]]:
    if check:
        reason = why_illegal(cat, state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
    assert isinstance(action, Action)
    s = state.clone()
    events: list[Event] = []
    kind = action.kind
    phase = s.phase
    seat = s.actor
    if phase in CHANCE_PHASES:
        _apply_chance(cat, s, action, events)
    elif kind == "elevate":
        s.large[action.a] = action.b
        for h in range(len(cat.hexes)):
            if action.b >> h & 1:
                s.level[h] = 1
        flow.setup_next(cat, s)
    elif kind == "top":
        s.small |= 1 << action.a
        s.level[action.a] = 2
        flow.setup_next(cat, s)
    elif kind == "start":
        player = s.mut(seat)
        s.owner[action.a] = seat
        player.pawn = action.a
        player.markers = 1
        events.append(Event("plantation", seat, 1, "start", cat.hexes[action.a].id))
        flow.setup_next(cat, s)
    elif kind == "play":
        if action.a in s.players[seat].hand:
            s.mut(seat).hand.remove(action.a)
        else:  # a card of an unknown hand (option unknown_hands)
            hands.play_unknown(s, seat, action.a)
        s.card, s.side = action.a, action.b
        s.discards += 1
        s.turn += 1
        flow.start_others(s)
        s.phase = ACT
        events.append(Event("play", seat, 0, cat.faces[action.a].id, MAIN[action.b]))
    elif kind == "pass":
        s.token_used = True
        flow.after_action(cat, s)
    elif kind == "pick":
        moves.pick(cat, s, seat, action.a, events)
        if not _picks(cat, s):
            _finish_harvest(cat, s)
    elif kind == "done":
        _finish_harvest(cat, s)
    elif kind == "discard":
        s.mut(seat).cubes[action.a] -= 1
        events.append(Event("cube", seat, -1, CUBES[action.a], "discard"))
        if sum(s.players[seat].cubes) <= moves.capacity(cat, s, seat):
            flow.after_action(cat, s)
    else:
        player = s.mut(seat)
        if action.token:
            player.tokens -= 1
            s.token_used = True
            events.append(Event("token", seat, -1, kind))
        elif _active_stage(s):
            s.card_done = True
        if kind == "harvest":
            if action.start:
                player.start_used = True
                events.append(Event("start_tile", seat, player.start_tile, kind))
            s.harvest_reach = moves.harvest_reach(cat, s, seat, action.start)
            s.harvest_last, s.harvest_count = -1, 0
            s.phase = HARVEST
        else:
            moves.perform(cat, s, seat, action, events)
            flow.after_action(cat, s)
    if hands.unknown(s):
        _draw_unknown(cat, s, events)
    return s, events


def _draw_unknown(cat: Catalog, s: State, events: list[Event]) -> None:
    """With unknown hands a draw is no decision: the cards are counted, never named."""
    while s.phase in (DEAL, DRAW):
        hands.draw_unknown(s, s.actor)
        _after_draw(cat, s, events)


def _finish_harvest(cat: Catalog, state: State) -> None:
    seat = state.actor
    state.harvest_reach, state.harvest_last, state.harvest_count = 0, -1, 0
    if sum(state.players[seat].cubes) > moves.capacity(cat, state, seat):
        state.phase = DISCARD
        return
    flow.after_action(cat, state)


def _apply_chance(cat: Catalog, s: State, action: Action, events: list[Event]) -> None:
    phase = s.phase
    if phase == LEAVE_OUT:
        s.left_out = action.a
        flow.setup_next(cat, s)
    elif phase == ADVISOR:
        district = next(
            d for d in range(len(cat.districts)) if s.in_play >> d & 1 and s.advisors[d] < 0
        )
        s.advisors[district] = action.a
        flow.setup_next(cat, s)
    elif phase == CONTRACT:
        s.train[s.train.index(-1)] = action.a
        s.contract_pile &= ~(1 << action.a)
        events.append(Event("contract", -1, 0, cat.contracts[action.a].id, "train"))
        if any(p.pawn < 0 for p in s.players):
            flow.setup_next(cat, s)
        else:
            flow.refill_or_end(s)
    elif phase == START_TILE:
        s.mut(s.actor).start_tile = action.a
        flow.setup_next(cat, s)
    else:  # DEAL or DRAW: a secret card into the actor's hand
        player = s.mut(s.actor)
        player.hand.append(action.a)
        player.hand.sort()
        s.deck[action.a] -= 1
        _after_draw(cat, s, events)


def _after_draw(cat: Catalog, s: State, events: list[Event]) -> None:
    """A card went into the actor's hand: the next setup step, or the turn goes on."""
    events.append(Event("draw", s.actor, 1))
    if s.phase == DEAL:
        flow.setup_next(cat, s)
    else:
        if not hands.pile(s):
            s.ending = True
            events.append(Event("game_end", s.actor, 0, "last card"))
        flow.refill_or_end(s)


def random_chance(cat: Catalog, state: State, rng: random.Random) -> Action:
    if state.phase in (DEAL, DRAW):  # a card of the pile, each as likely as its copies
        deck = state.deck
        pick = rng.randrange(sum(deck))
        for face, count in enumerate(deck):
            pick -= count
            if pick < 0:
                drawn = _DRAWS[state.phase]
                return drawn[face] if face < len(drawn) else Action(drawn[0].kind, face)
    outcomes = _chance_outcomes(cat, state)
    return outcomes[rng.randrange(len(outcomes))]


#: a card drawn, by phase and face, made once (a search draws ~10^4 cards a move)
_DRAWS = {
    phase: [Action(_CHANCE_KIND[phase], face) for face in range(64)] for phase in (DEAL, DRAW)
}


def privacy(state: State, action: Hashable) -> tuple[int | None, bool]:
    if state.phase in (DEAL, DRAW):
        return (state.actor, True)
    if state.phase in CHANCE_PHASES:
        return (None, True)
    return (None, False)


def new_state(cat: Catalog, players: int, options: tuple[str, ...]) -> State:
    n_districts = len(cat.districts)
    in_play = (1 << n_districts) - 1
    if players == 2:
        left = 0 if flow.WITHOUT_DIMBULA in options else n_districts - 1  # Dimbula or Uva
        in_play &= ~(1 << left)
    hexes = 0
    for h, item in enumerate(cat.hexes):
        if in_play >> item.district & 1:
            hexes |= 1 << h
    start_cubes = [str(cat.value("start_cubes")).count(c) for c in "BGW"]
    state = State(
        players=[Player(int(cat.value("start_rupees")), start_cubes[:]) for _ in range(players)],
        options=options,
        in_play=in_play,
        hexes_in_play=hexes,
        level=[0] * len(cat.hexes),
        large=[0] * len(cat.large_tiles),
        left_out=-1,
        small=0,
        owner=[-1] * len(cat.hexes),
        double=0,
        advisors=[-1] * n_districts,
        train=[-1, -1, -1],
        contract_pile=(1 << len(cat.contracts)) - 1,
        deck=[f.count for f in cat.faces],
        discards=0,
        bonus_stack=list(cat.value("district_bonus")),
        first=0,
        start_order=[],
        phase=LEAVE_OUT,
        actor=-1,
    )
    flow.setup_next(cat, state)
    return state
