"""The kinds of pending decision: who decides, and what kind of choice.

Every state has exactly one pending decision (the top frame of
``GameState.pending``). ``Pending`` names its kind; ``decision(state)`` turns
it into a ``Decision`` a caller can show: who decides and a short prompt in
English and Spanish. Chance decisions are setup draws (a real table supplies
them from what the camera or a phone reads); ``MAHARAJAH`` decisions are taken
by the solo Maharajah's rules, never by a person.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Pending(IntEnum):
    # setup, drawn by chance
    CHANCE_TEMPLE = 0
    CHANCE_BRIDGE = 1
    CHANCE_DISTRICT_TILE = 2
    CHANCE_WORKER = 3
    CHANCE_STOREHOUSE = 4
    CHANCE_OBJECTIVE = 5
    CHANCE_STARTING_PLAYER = 6
    CHANCE_MAHARAJAH_OBJECTIVE = 7
    # setup, chosen by players
    SETUP_OBJECTIVE = 10
    SETUP_MAHOUT = 11
    # the turn
    ELEPHANT = 20  # phase 1 (a=1) or phase 3 (a=3)
    SOW_ORIGIN = 21
    SOW_PLACE = 22  # a = section the next worker goes to
    ACTIONS = 23
    # inside an effect
    EFFECT = 30  # not a decision: the rest of an effect to carry out
    CHOOSE_RESOURCE = 31  # n = resources still to choose
    CHOOSE_ALTERNATIVE = 32
    MARKET = 33  # n = trades made in this market action
    CHOOSE_MAHOUT = 34
    UPGRADE = 35  # a = upgrade-kind mask, b = 1 when free
    DONATE = 36
    CHOOSE_TRACK = 37  # a = the track named (or -1 for any)
    TWO_STEPS = 38
    DISCARD = 39
    # after the turn
    FOLLOW = 40  # a = worker colour to follow, b = 1 when following the Maharajah token
    END_TURN = 41  # not a decision: closes the turn
    # solo
    MAHARAJAH_TURN = 50
    # end of decade steps that need a choice
    DECADE_END = 61  # not a decision: runs the end-of-decade steps
    START_GAME = 62  # not a decision: setup is complete, the first turn begins
    # the end (house rule objectives_at_end): the objectives played are named, then scored
    REVEAL_OBJECTIVE = 63  # a = the objective space to name
    FINAL_SCORING = 64  # not a decision: scores the game once every objective is named
    GAME_OVER = 70


#: Frames that are bookkeeping, never shown as a decision.
INTERNAL = frozenset(
    {
        Pending.EFFECT,
        Pending.END_TURN,
        Pending.DECADE_END,
        Pending.START_GAME,
        Pending.FINAL_SCORING,
    }
)

CHANCE_KINDS = frozenset(
    {
        Pending.CHANCE_TEMPLE,
        Pending.CHANCE_BRIDGE,
        Pending.CHANCE_DISTRICT_TILE,
        Pending.CHANCE_WORKER,
        Pending.CHANCE_STOREHOUSE,
        Pending.CHANCE_OBJECTIVE,
        Pending.CHANCE_STARTING_PLAYER,
        Pending.CHANCE_MAHARAJAH_OBJECTIVE,
    }
)

#: Prompts per kind: (English, Spanish).
PROMPTS: dict[Pending, tuple[str, str]] = {
    Pending.CHANCE_TEMPLE: ("Draw a temple tile", "Roba una loseta de templo"),
    Pending.CHANCE_BRIDGE: ("Draw a bridge tile", "Roba una loseta de puente"),
    Pending.CHANCE_DISTRICT_TILE: ("Place a district tile", "Coloca una loseta de distrito"),
    Pending.CHANCE_WORKER: ("Place a starting worker", "Coloca un trabajador inicial"),
    Pending.CHANCE_STOREHOUSE: ("Reveal a storehouse", "Revela un almacén"),
    Pending.CHANCE_OBJECTIVE: ("Deal an objective", "Reparte un objetivo"),
    Pending.CHANCE_STARTING_PLAYER: ("Choose the starting player", "Elige al jugador inicial"),
    Pending.CHANCE_MAHARAJAH_OBJECTIVE: (
        "Draw the Maharajah's objective",
        "Roba el objetivo del marajá",
    ),
    Pending.SETUP_OBJECTIVE: (
        "Choose your first objective",
        "Elige tu primer objetivo",
    ),
    Pending.SETUP_MAHOUT: (
        "Choose the space for your donation mahout tile",
        "Elige el espacio de tu loseta de mahout de donación",
    ),
    Pending.ELEPHANT: ("Move your elephant (or stay)", "Mueve tu elefante (o quédate)"),
    Pending.SOW_ORIGIN: (
        "Choose a section to take workers from",
        "Elige una sección de la que coger trabajadores",
    ),
    Pending.SOW_PLACE: ("Place the next worker", "Coloca el siguiente trabajador"),
    Pending.ACTIONS: ("Choose an action", "Elige una acción"),
    Pending.CHOOSE_RESOURCE: ("Choose a resource", "Elige un recurso"),
    Pending.CHOOSE_ALTERNATIVE: ("Choose one", "Elige una opción"),
    Pending.MARKET: (
        "Buy or sell, or finish the market action",
        "Compra o vende, o termina la acción de mercado",
    ),
    Pending.CHOOSE_MAHOUT: ("Choose a mahout tile to perform", "Elige una loseta de mahout"),
    Pending.UPGRADE: ("Choose an upgrade", "Elige una mejora"),
    Pending.DONATE: ("Choose where to donate", "Elige dónde donar"),
    Pending.CHOOSE_TRACK: ("Choose a knowledge track", "Elige un marcador de conocimiento"),
    Pending.TWO_STEPS: ("Choose your knowledge steps", "Elige tus pasos de conocimiento"),
    Pending.DISCARD: (
        "Your storehouses are full: discard one",
        "Tus almacenes están llenos: descarta uno",
    ),
    Pending.FOLLOW: ("Follow with your mahout tile?", "¿Sigues con tu loseta de mahout?"),
    Pending.MAHARAJAH_TURN: ("The Maharajah takes his turn", "El marajá juega su turno"),
    Pending.REVEAL_OBJECTIVE: (
        "Reveal your objectives: name the one on this objective space",
        "Revela tus objetivos: di cuál está en este espacio de objetivo",
    ),
    Pending.GAME_OVER: ("The game is over", "La partida ha terminado"),
}


@dataclass(frozen=True)
class Decision:
    """The pending decision as a caller sees it."""

    kind: Pending
    player: int  # a seat, or state.CHANCE / MAHARAJAH / NOBODY
    prompt_en: str
    prompt_es: str

    @property
    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS
