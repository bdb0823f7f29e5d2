"""What no Amritsar game can reach, refused naming the field (``from_dict`` and the notation).

``serialize.status`` checks the components (12 workers, the district, temple
and bridge tiles, 16 donation counters a player, the mahout tiles, the
objectives, the Maharajah's quarry) and the tracks; this module checks the
fields play keeps together and that the rules' code reads as indices, so a
position that passes never crashes later (issue 37):

- the turn order: the starting player, whose turn it is (``current`` follows
  from ``starting_player`` and ``turn_in_round``), the turn's own counters;
- the pending stack: each frame's player is one a frame of its kind has (a
  seat at the table, the chance draw, the Maharajah, nobody) and its values
  are in the range the rules give them (a section, a district, a stage); the
  frames answered at once lie on top (only a discard above them), an effect
  carries its steps, setup frames only during the setup, and the pending
  decision has a legal answer;
- a turn's frames (elephant, sowing, actions, elephant) once each, the
  current player's, none missing below a later one, the active worker known
  exactly from the end of the sowing, workers in hand exactly while being
  placed, each player's setup choices asked once;
- the setup's draws: tiles and workers on the table plus the draws still
  pending make the setup's counts;
- what belongs to a table: the workers beside the Maharajah spaces only in a
  2-player or solo game, the Maharajah's turn and the hard level only solo,
  no more storehouses than the table reveals, a flipped storehouse only the
  teleport one ("flip the Storehouse"), a donation counter count not below 0;
- the storehouses' capacity ("Each Storehouse space can only hold one Coin or
  one Resource"): coins and resources above it only while the player is
  asked what to discard. Coins and resources have no other bound ("Coins and
  Resources are unlimited", Game Setup, step 6).

Each problem is a pair (English, Spanish), the English naming the saved
form's field; ``serialize.status`` lists the English, the notation reader
both (``position_words.status_words``).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from engine.amritsar import game
from engine.amritsar.board import SECTION_COUNT, District
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import CHANCE_KINDS, INTERNAL, Pending
from engine.amritsar.effects import Op
from engine.amritsar.state import CHANCE, MAHARAJAH, NONE

if TYPE_CHECKING:
    from engine.amritsar.state import Frame, GameState, PlayerState

#: frames nobody decides: bookkeeping and the game's end
_NOBODY_KINDS = frozenset({Pending.DECADE_END, Pending.START_GAME, Pending.GAME_OVER})
#: bits of a frame's ``flags`` (effects_run.FOLLOWING, market.DISCOUNT_USED)
_FLAG_BITS = 3
#: decisions answered as soon as they are pushed (a discard may come first)
_ANSWERED_AT_ONCE = frozenset(
    {
        Pending.CHOOSE_ALTERNATIVE,
        Pending.CHOOSE_MAHOUT,
        Pending.CHOOSE_RESOURCE,
        Pending.CHOOSE_TRACK,
        Pending.DISCARD,
        Pending.DONATE,
        Pending.TWO_STEPS,
        Pending.UPGRADE,
        Pending.MAHARAJAH_TURN,
    }
)
#: END_TURN stages (rules.turn), DECADE_END stages (rules.decade)
_END_TURN_STAGES = 3
_DECADE_END_STAGES = 2

Problem = tuple[str, str]


def check(state: GameState) -> None:
    """``ValueError`` naming the field of the first thing no game could reach."""
    for en, _ in problems(state):
        raise ValueError(en)


def problems(state: GameState) -> list[Problem]:
    """Every inconsistency between fields, each naming its field (English, Spanish)."""
    found = _table(state) + _order(state) + _turn(state) + _stack(state) + _seats(state)
    return found or _playable(state)


def _setting_up(state: GameState) -> bool:
    return any(f.kind == Pending.START_GAME for f in state.pending)


def _table(s: GameState) -> list[Problem]:
    found: list[Problem] = []
    two = s.donation_players == 2
    if s.maharajah_workers and not two:
        found.append(
            (
                "board.maharajah_workers: workers stand beside the Maharajah spaces only "
                "in a 2-player or solo game",
                "board.maharajah_workers: solo hay trabajadores junto a los espacios del "
                "marajá en partidas de 2 jugadores o en solitario",
            )
        )
    if two and not s.maharajah_workers and s.players:
        found.append(
            (
                "board.maharajah_workers: a 2-player or solo game has a worker beside each "
                "Maharajah space",
                "board.maharajah_workers: en partidas de 2 jugadores o en solitario hay un "
                "trabajador junto a cada espacio del marajá",
            )
        )
    if s.hard and not s.solo:
        found.append(
            (
                "hard: the Maharajah's hard level is played only in a solo game",
                "hard: el nivel difícil del marajá solo se juega en solitario",
            )
        )
    if s.maharajah is not None:
        m = s.maharajah
        if m.white_bounces < 0:
            found.append(
                (
                    f"maharajah.white_bounces: {m.white_bounces} is below 0",
                    f"maharajah.white_bounces: {m.white_bounces} es menor que 0",
                )
            )
        if m.elephant != NONE and m.elephant not in range(len(District)):
            found.append(
                ("maharajah.elephant: not a district", "maharajah.elephant: no es un distrito")
            )
    return found


def _order(s: GameState) -> list[Problem]:
    """The starting player is at the table; the turn's seat follows from the turn order."""
    seats = s.player_count
    humans = len(s.players)
    if not humans:
        return []
    if not 0 <= s.starting_player < humans:
        return [
            (
                f"starting_player: {_who(s.starting_player)[0]} is not at the table",
                f"starting_player: {_who(s.starting_player)[1]} no está en la mesa",
            )
        ]
    if not 0 <= s.turn_in_round <= seats:
        return [
            (
                f"turn_in_round: {s.turn_in_round} is not between 0 and {seats}",
                f"turn_in_round: {s.turn_in_round} no está entre 0 y {seats}",
            )
        ]
    setting_up = _setting_up(s)
    if s.current == NONE:
        if setting_up or s.finished:
            return []
        return [
            (
                "current: nobody's turn, yet the game is under way",
                "current: no es el turno de nadie, pero la partida está en marcha",
            )
        ]
    if setting_up:
        return [
            (
                f"current: {_who(s.current)[0]}'s turn before the game has started",
                f"current: turno de {_who(s.current)[1]} antes de empezar la partida",
            )
        ]
    # after the round's last turn (turn_in_round == seats) it stays the last seat's
    expected = (s.starting_player + min(s.turn_in_round, seats - 1)) % seats
    if s.current != expected:
        return [
            (
                f"current: {_who(s.current)[0]}, but the turn order (starting_player, "
                f"turn_in_round) gives {_who(expected)[0]}",
                f"current: {_who(s.current)[1]}, pero el orden de turno (starting_player, "
                f"turn_in_round) da {_who(expected)[1]}",
            )
        ]
    return []


def _turn(s: GameState) -> list[Problem]:
    """The turn in progress: the tile, its bits, the followers, the trades."""
    found: list[Problem] = []
    if s.tile_slot != NONE and not 0 <= s.tile_slot < 3:
        found.append(
            (
                f"turn.tile_slot: {s.tile_slot} is not one of a district's 3 tiles",
                f"turn.tile_slot: {s.tile_slot} no es una de las 3 losetas de un distrito",
            )
        )
    if not 0 <= s.tile_done <= 7 or (s.tile_slot == NONE and s.tile_done):
        found.append(
            (
                f"turn.tile_done: {s.tile_done} is not what a tile's actions leave",
                f"turn.tile_done: {s.tile_done} no es lo que dejan las acciones de una loseta",
            )
        )
    if not 0 <= s.followers < max(1, len(s.players)):
        found.append(
            (
                f"turn.followers: {s.followers}, the other players are {len(s.players) - 1}",
                f"turn.followers: {s.followers}, los demás jugadores son {len(s.players) - 1}",
            )
        )
    for name, bits in (("bought", s.bought), ("sold", s.sold)):
        if any(not 0 <= b <= 7 for b in bits):
            found.append(
                (
                    f"turn.{name}: one bit per resource (0 to 7)",
                    f"turn.{name}: un bit por recurso (de 0 a 7)",
                )
            )
    return found


def _stack(s: GameState) -> list[Problem]:
    found: list[Problem] = []
    for index, frame in enumerate(s.pending):
        found += _frame(s, index, frame)
    top = s.pending[-1] if s.pending else None
    if s.finished != (top is not None and top.kind == Pending.GAME_OVER) and s.pending:
        found.append(
            (
                "finished: the game is over exactly when the game-over frame is pending",
                "finished: la partida termina exactamente cuando queda el final de partida",
            )
        )
    if any(f.kind == Pending.GAME_OVER for f in s.pending[:-1]):
        found.append(
            (
                "pending: nothing is left to do under the game's end",
                "pending: no queda nada por hacer bajo el final de la partida",
            )
        )
    if any(f.kind == Pending.START_GAME for f in s.pending[1:]):
        found.append(
            (
                "pending: the game's start lies under everything else",
                "pending: el comienzo de la partida queda debajo de todo",
            )
        )
    for index, frame in enumerate(s.pending):
        above = s.pending[index + 1 :]
        if frame.kind in _ANSWERED_AT_ONCE and any(f.kind != Pending.DISCARD for f in above):
            found.append(
                (
                    f"pending[{index}].kind: {Pending(frame.kind).name} is answered at once, "
                    "only a discard comes before it",
                    f"pending[{index}].kind: {Pending(frame.kind).name} se responde en el acto, "
                    "solo un descarte va antes",
                )
            )
    setting_up = _setting_up(s)
    for index, frame in enumerate(s.pending):
        kind = Pending(frame.kind)
        of_setup = kind in CHANCE_KINDS or kind.name.startswith("SETUP")
        if of_setup != setting_up and kind is not Pending.START_GAME:
            found.append(
                (
                    f"pending[{index}].kind: {kind.name} "
                    + ("during the setup" if setting_up else "after the setup"),
                    f"pending[{index}].kind: {kind.name} "
                    + ("durante la preparación" if setting_up else "tras la preparación"),
                )
            )
        steps = bool(frame.steps)
        if steps != (kind in (Pending.EFFECT, Pending.CHOOSE_ALTERNATIVE)) or (
            kind is Pending.CHOOSE_ALTERNATIVE and frame.steps[0].op is not Op.CHOICE
        ):
            found.append(
                (
                    f"pending[{index}].steps: not what a {kind.name} frame carries",
                    f"pending[{index}].steps: no es lo que lleva un paso {kind.name}",
                )
            )
    return found + _turn_frames(s) + _draws(s)


#: the frames of one player's turn (rules.turn.start_turn), each once at most
_TURN_KINDS = (Pending.SOW_ORIGIN, Pending.SOW_PLACE, Pending.ACTIONS)


def _turn_frames(s: GameState) -> list[Problem]:
    """A turn's frames: once each, the player's whose turn it is, workers in hand
    exactly while they are being placed."""
    found: list[Problem] = []
    kinds = [
        (f.kind, f.a if f.kind == Pending.ELEPHANT else f.b if f.kind == Pending.END_TURN else 0)
        for f in s.pending
    ]
    for index, frame in enumerate(s.pending):
        kind = Pending(frame.kind)
        if kind not in (*_TURN_KINDS, Pending.ELEPHANT):
            continue
        if kinds.count(kinds[index]) > 1 or frame.player != s.current:
            found.append(
                (
                    f"pending[{index}].kind: {kind.name} comes once in the turn of the "
                    "player whose turn it is (current)",
                    f"pending[{index}].kind: {kind.name} va una vez en el turno del jugador "
                    "al que le toca (current)",
                )
            )
    # bottom to top as start_turn pushes them; the turn pops them from the top
    order = [
        (Pending.END_TURN, 0) in kinds,
        (Pending.ELEPHANT, 3) in kinds,
        (Pending.ACTIONS, 0) in kinds,
        (Pending.SOW_ORIGIN, 0) in kinds or (Pending.SOW_PLACE, 0) in kinds,
        (Pending.ELEPHANT, 1) in kinds,
    ]
    if any(later and not earlier for earlier, later in pairwise(order)):
        found.append(
            (
                "pending: a turn's steps (elephant, sowing, actions, elephant) are missing one",
                "pending: a los pasos del turno (elefante, siembra, acciones, elefante) les falta uno",
            )
        )
    before, after = order[3] or order[4], order[1] and not order[3]  # the sowing
    if (before and s.active_colour != NONE) or (after and s.active_colour == NONE):
        found.append(
            (
                "turn.active_colour: the active worker is known exactly once the sowing is done",
                "turn.active_colour: el trabajador activo se conoce justo al acabar la siembra",
            )
        )
    setups = [(f.kind, f.player) for f in s.pending if Pending(f.kind).name.startswith("SETUP")]
    if len(setups) != len(set(setups)):
        found.append(
            (
                "pending: a player's setup choice is asked twice",
                "pending: se pide dos veces una elección de preparación de un jugador",
            )
        )
    placing = any(f.kind == Pending.SOW_PLACE for f in s.pending)
    if placing != bool(s.hand):
        found.append(
            (
                "turn.hand: workers are in hand exactly while they are being placed",
                "turn.hand: hay trabajadores en la mano solo mientras se colocan",
            )
        )
    return found


def _draws(s: GameState) -> list[Problem]:
    """Setup's draws: what is on the table and what is still to draw make the setup's counts."""
    rules = s.catalog.rules
    waiting = [f.kind for f in s.pending]
    tiles = sum(1 for row in s.district_tiles for t in row if t != NONE)
    workers = sum(len(section) for section in s.sections) + len(s.hand)
    workers += sum(1 for w in s.maharajah_workers if w != NONE)
    taken = sum(1 for p in s.players for h in p.storehouses if h != NONE)
    counts = (
        ("board.temple", len(s.temple), Pending.CHANCE_TEMPLE, rules.temple_tiles_in_play),
        ("board.bridge", len(s.bridge), Pending.CHANCE_BRIDGE, rules.bridge_tiles_in_play),
        ("board.district_tiles", tiles, Pending.CHANCE_DISTRICT_TILE, 3 * len(District)),
        ("board.sections", workers, Pending.CHANCE_WORKER, 12 + len(s.maharajah_workers)),
    )
    found: list[Problem] = []
    shown = rules.storehouses_revealed.get(s.donation_players, 0)
    if len(s.revealed_storehouses) + taken + waiting.count(Pending.CHANCE_STOREHOUSE) > shown:
        # fewer is a table whose storehouses were left out of the position
        found.append(
            (
                f"board.revealed_storehouses: {len(s.revealed_storehouses)} beside the board "
                f"and {taken} on the players' boards, the table reveals {shown}",
                f"board.revealed_storehouses: {len(s.revealed_storehouses)} junto al tablero "
                f"y {taken} en los tableros de los jugadores, la mesa muestra {shown}",
            )
        )
    for field, placed, draw, total in counts:
        if placed + waiting.count(draw) != total:
            found.append(
                (
                    f"{field}: {placed} on the table and {waiting.count(draw)} still to draw, "
                    f"the setup makes {total}",
                    f"{field}: {placed} en la mesa y {waiting.count(draw)} por robar, "
                    f"la preparación pone {total}",
                )
            )
    if any(len(row) != 3 for row in s.district_tiles):
        found.append(
            (
                "board.district_tiles: each district has 3 tile spaces",
                "board.district_tiles: cada distrito tiene 3 espacios de loseta",
            )
        )
    return found


def _who(seat: int) -> tuple[str, str]:
    """A seat as the table says it (player 1 is seat 0), in English and Spanish."""
    if seat >= 0:
        return f"player {seat + 1}", f"el jugador {seat + 1}"
    names = {CHANCE: ("the draw", "el azar"), MAHARAJAH: ("the Maharajah", "el marajá")}
    return names.get(
        seat, ("nobody", "nadie") if seat == NONE else (f"seat {seat}", f"asiento {seat}")
    )


def _bad(index: int, field: str, value: int, words: tuple[str, str]) -> Problem:
    if field == "player":
        en, es = _who(value)
        return (
            f"pending[{index}].player: {en} {words[0]}",
            f"pending[{index}].player: {es} {words[1]}",
        )
    return (
        f"pending[{index}].{field}: {value} {words[0]}",
        f"pending[{index}].{field}: {value} {words[1]}",
    )


def _frame(s: GameState, index: int, f: Frame) -> list[Problem]:
    kind = Pending(f.kind)
    humans = len(s.players)
    if kind in CHANCE_KINDS:
        players: tuple[int, ...] = (CHANCE,)
    elif kind in _NOBODY_KINDS:
        players = (NONE,)
    elif kind is Pending.MAHARAJAH_TURN:
        players = (MAHARAJAH,)
    elif kind is Pending.END_TURN:
        players = (NONE, MAHARAJAH, *range(humans))
    else:
        players = tuple(range(humans))
    found: list[Problem] = []
    if f.player not in players:
        found.append(
            _bad(
                index,
                "player",
                f.player,
                (f"does not decide the frame {kind.name}", f"no decide el paso {kind.name}"),
            )
        )
    if kind is Pending.MAHARAJAH_TURN and s.maharajah is None:
        found.append(
            _bad(
                index,
                "kind",
                f.kind,
                ("is the Maharajah's turn in a game without him", "es el turno del marajá sin él"),
            )
        )
    if f.player == MAHARAJAH and s.maharajah is None:
        found.append(
            _bad(
                index,
                "player",
                f.player,
                ("plays at a table without him", "juega en una mesa sin él"),
            )
        )
    if kind is Pending.END_TURN and (f.player == NONE) != (f.b == _END_TURN_STAGES - 1):
        found.append(
            _bad(
                index,
                "b",
                f.b,
                ("is not the stage this player's turn end is at", "no es la etapa de este fin"),
            )
        )
    if kind is Pending.END_TURN and f.player == MAHARAJAH and f.b != 1:
        found.append(
            _bad(index, "b", f.b, ("is not the Maharajah's turn end", "no es el fin del marajá"))
        )
    if not 0 <= f.flags <= _FLAG_BITS:
        found.append(
            _bad(index, "flags", f.flags, ("are not a frame's flags", "no son indicadores"))
        )
    for field, value, allowed in _ranges(s, kind, f):
        if value not in allowed:
            found.append(
                _bad(
                    index,
                    field,
                    value,
                    (
                        f"is not between {allowed.start} and {allowed.stop - 1}",
                        f"no está entre {allowed.start} y {allowed.stop - 1}",
                    ),
                )
            )
    return found


#: values of a frame no rule bounds above (trades made, resources to choose)
_ANY = 1 << 30


def _ranges(s: GameState, kind: Pending, f: Frame) -> list[tuple[str, int, range]]:
    """(field, value, allowed): the values a frame of this kind reads as indices."""
    rules = s.catalog.rules
    beside = 4 if s.maharajah_workers else 0
    table: dict[Pending, list[tuple[str, int, range]]] = {
        Pending.CHANCE_TEMPLE: [("a", f.a, range(rules.temple_tiles_in_play))],
        Pending.CHANCE_BRIDGE: [("a", f.a, range(rules.bridge_tiles_in_play))],
        Pending.CHANCE_DISTRICT_TILE: [("a", f.a, range(len(District))), ("b", f.b, range(3))],
        Pending.CHANCE_WORKER: [
            ("a", f.a, range(SECTION_COUNT + beside)),
            ("b", f.b, range(max(rules.starting_workers_per_section))),
        ],
        Pending.CHANCE_STOREHOUSE: [
            ("n", f.n, range(rules.storehouses_revealed.get(s.donation_players, 0)))
        ],
        Pending.CHANCE_OBJECTIVE: [("a", f.a, range(len(s.players))), ("b", f.b, range(4))],
        Pending.REVEAL_OBJECTIVE: [("a", f.a, range(4))],
        Pending.ELEPHANT: [("a", f.a, range(1, 4, 2))],  # phase 1 or phase 3
        Pending.SOW_PLACE: [
            ("a", f.a, range(SECTION_COUNT)),
            ("b", f.b, range(SECTION_COUNT)),
            ("n", f.n, range(SECTION_COUNT)),
        ],
        Pending.MARKET: [("n", f.n, range(_ANY))],  # trades made so far
        Pending.CHOOSE_RESOURCE: [("n", f.n, range(1, _ANY))],  # resources still to choose
        Pending.CHOOSE_TRACK: [("a", f.a, range(-1, 3)), ("n", f.n, range(_ANY))],
        Pending.UPGRADE: [("a", f.a, range(1, 8)), ("b", f.b, range(2))],
        Pending.FOLLOW: [
            ("a", f.a, range(-1, 4)),
            ("b", f.b, range(2 if s.maharajah_workers else 1)),
        ],
        Pending.END_TURN: [("b", f.b, range(_END_TURN_STAGES))],
        Pending.DECADE_END: [("a", f.a, range(_DECADE_END_STAGES))],
    }
    return table.get(kind, [])


def _playable(s: GameState) -> list[Problem]:
    """The pending decision has an answer (play never leaves one without), and a
    player asked to discard holds more than their storehouses do."""
    if not s.pending or s.finished:
        return []
    top = s.pending[-1]
    index = len(s.pending) - 1
    kind = Pending(top.kind)
    if kind in INTERNAL:
        return [
            _bad(
                index,
                "kind",
                top.kind,
                ("is bookkeeping, not a decision to wait on", "es contabilidad, no una decisión"),
            )
        ]
    if kind is Pending.DISCARD:
        p = s.players[top.player]
        if p.coins + sum(p.resources) <= _room(s, p):
            return [
                _bad(
                    index,
                    "player",
                    top.player,
                    (
                        "discards, yet their storehouses hold all they have",
                        "descarta, pero sus almacenes guardan todo lo que tiene",
                    ),
                )
            ]
    if not game.legal_actions(s):
        return [
            _bad(
                index,
                "kind",
                top.kind,
                (
                    f"({kind.name}) has no legal answer in this position",
                    f"({kind.name}) no tiene ninguna respuesta legal en esta posición",
                ),
            )
        ]
    return []


def _room(s: GameState, p: PlayerState) -> int:
    """Spaces in a player's storehouses (``rules.core.capacity``)."""
    c = s.catalog
    return c.board.starting_storehouse_capacity + sum(
        c.board.starting_storehouse_capacity if flipped else c.storehouses[h].capacity
        for h, flipped in zip(p.storehouses, p.storehouse_flipped, strict=True)
        if h != NONE
    )


def _seats(s: GameState) -> list[Problem]:
    found: list[Problem] = []
    discarding = bool(s.pending) and s.pending[-1].kind == Pending.DISCARD
    for p in s.players:
        found += _seat(s, p, discarding)
    return found


def _seat(s: GameState, p: PlayerState, discarding: bool) -> list[Problem]:
    where = f"seats[{p.seat}]"
    c = s.catalog
    found: list[Problem] = []
    if p.elephant != NONE and p.elephant not in range(len(District)):
        found.append((f"{where}.elephant: not a district", f"{where}.elephant: no es un distrito"))
    if not 0 <= p.market_space <= c.rules.counters_per_player:
        found.append(
            (
                f"{where}.market_space: {p.market_space} donation counters, a player has "
                f"{c.rules.counters_per_player}",
                f"{where}.market_space: {p.market_space} contadores de donación, un jugador "
                f"tiene {c.rules.counters_per_player}",
            )
        )
    for h, flipped in zip(p.storehouses, p.storehouse_flipped, strict=False):
        if flipped and (h == NONE or c.storehouses[h].permanent is not Perk.TELEPORT):
            found.append(
                (
                    f"{where}.storehouse_flipped: only the teleport storehouse is flipped",
                    f"{where}.storehouse_flipped: solo se da la vuelta al almacén de teletransporte",
                )
            )
    if len(p.storehouse_flipped) == len(p.storehouses):
        room = _room(s, p)
        held = p.coins + sum(p.resources)
        if held > room and not discarding:
            found.append(
                (
                    f"{where}.coins: {p.coins} coins and {sum(p.resources)} resources, "
                    f"the storehouses hold {room}",
                    f"{where}.coins: {p.coins} monedas y {sum(p.resources)} recursos, "
                    f"los almacenes guardan {room}",
                )
            )
    return found
