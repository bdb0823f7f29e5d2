"""Ceylon's answers as taps: what to do, then the hex or district on the map.

Why: the first map decision alone has 72 answers (a large tile on any four
hexes it fits), a turn's action thirty or more (a pawn's move to every hex,
the same again with a tech token). A phone asks for them in short steps
(``engine.core.answers``): the action ("Move your pawn", "Plant", "Use a tech
token"), then the hex tapped on the island drawing (``hex:D1``, as in
``move D1``) or the district (``district:uva``, as in ``hire uva``), then what
tells apart the answers there (the tile's other hexes, the start tile). A
large tile is chosen, then the first hex it covers (the lowest in the map's
order) is tapped, then its area if more than one starts there. Answers with
few siblings (the card played, a contract dealt) stay whole (``None``).
"""

from __future__ import annotations

from engine.ceylon import moves
from engine.ceylon.actions import Action
from engine.ceylon.catalog import Catalog
from engine.ceylon.describe import _plural
from engine.ceylon.state import State
from engine.core.answers import AnswerParts, Step, place

_VERBS: dict[str, Step] = {
    "move": Step("Move your pawn", "Mueve tu peón"),
    "plant": Step("Plant", "Planta"),
    "harvest": Step("Harvest", "Cosecha"),
    "hire": Step("Hire an advisor", "Contrata a un consejero"),
    "trade": Step("Trade", "Comercia"),
    "tech": Step("Advance on the tech track", "Avanza en desarrollo tecnológico"),
    "rupees": Step("Take 2 rupees", "Obtén 2 rupias"),
}
_TOKEN = Step("Use a tech token", "Usa una ficha de tecnología")
_START = Step("With your start tile", "Con tu loseta de inicio")
_FOR = ("For", "A cambio de")
_REWARD = (("rupees", "rupias"), ("points", "puntos"))


def _hex(cat: Catalog, index: int) -> Step:
    name = cat.hexes[index].id
    return place(f"hex:{name}", name, name)


def _move_to(cat: Catalog, state: State, index: int) -> Step:
    """A hex a pawn moves to, with the steps and the rupees it costs (paid without a start tile)."""
    seat = state.actor
    pawn = state.players[seat].pawn if seat >= 0 else -1
    name = cat.hexes[index].id
    if pawn < 0:
        return place(f"hex:{name}", name, name)
    steps = moves.distances(cat, state.hexes_in_play)[pawn][index]
    cost = moves.move_cost(cat, state, seat, steps)
    # a move that costs rupees is read before it is sent (a tap on the hex asks once)
    return Step(
        f"{name} ({_plural(steps, 'step', 'steps')}, {_plural(cost, 'rupee', 'rupees')})",
        f"{name} ({_plural(steps, 'paso', 'pasos')}, {_plural(cost, 'rupia', 'rupias')})",
        f"hex:{name}",
        ask=cost > 0,
    )


def answer_parts(cat: Catalog, state: State, action: Action) -> AnswerParts | None:
    """The taps that reach ``action``: an action word, a hex or district, the rest."""
    kind, a, b = action.kind, action.a, action.b
    steps: tuple[Step, ...]
    if kind == "elevate":
        tile = cat.large_tiles[a].id
        covered = [h.id for i, h in enumerate(cat.hexes) if b >> i & 1]
        first = next(i for i in range(len(cat.hexes)) if b >> i & 1)
        area = ", ".join(covered)
        steps = (
            Step(f"Tile {tile}", f"Loseta {tile}"),
            _hex(cat, first),
            Step(f"On {area}", f"Sobre {area}"),
        )
        return AnswerParts(steps)
    if kind in ("top", "start", "pick"):
        return AnswerParts((_hex(cat, a),))
    if kind == "done":
        return AnswerParts((Step("Finish harvesting", "Termina de cosechar"),))
    if kind not in _VERBS:
        return None
    steps = (_VERBS[kind],)
    if kind == "move":
        steps += (_move_to(cat, state, a),)
    elif kind == "plant":
        steps += (_hex(cat, a),)
    elif kind == "hire":
        district = cat.districts[a]
        steps += (place(f"district:{district.id}", district.name, district.name),)
    elif kind == "trade":
        index = state.train[a]
        if index >= 0:
            contract = cat.contracts[index]
            amount = (contract.rupees, contract.points)[b]
            en, es = (f"{w} {amount} {unit}" for w, unit in zip(_FOR, _REWARD[b], strict=True))
        else:
            en, es = (f"{w} {unit}" for w, unit in zip(_FOR, _REWARD[b], strict=True))
        reward = Step(en, es)
        steps += (place(f"wagon:{a + 1}", f"Wagon {a + 1}", f"Vagón {a + 1}"), reward)
    if action.start:
        steps += (_START,)
    if action.token:
        steps = (_TOKEN, *steps)
    return AnswerParts(steps)
