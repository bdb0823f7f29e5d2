"""The setup draws a table shows: each chance outcome read from the camera.

A real table shuffles and lays out its own setup; the companion then takes
each random step from the camera instead of dealing it. ``table_draw`` answers
the engine's pending chance decision with the outcome the table shows, and
``visible_draws`` plays every camera-visible draw from one snapshot. Both read
the whole visible setup first and refuse, with what to fix in English and
Spanish, a table that is not a legal setup or not fully seen: nothing is taken
from a half-read table.

How each chance frame maps to the table (``engine/amritsar/rules/setup.py``; the same
places ``camera.truth_from_state`` lays a state out on):

* ``CHANCE_TEMPLE`` slot 0, 1, 2: the active temple tile (centre, turned
  north), the tile above the temple's lower section, the one above its middle
  section (decades I, II, III).
* ``CHANCE_BRIDGE`` slot 0, 1, 2: the bridge tile of decade I, II, III, face up.
* ``CHANCE_DISTRICT_TILE`` (district, slot): that district's left, centre,
  right tile space seen from outside the board facing the temple; slot 0 (the
  left space) takes the top tile of a colour pile, so the four left tiles are
  of four colours.
* ``CHANCE_WORKER`` (section, slot): the section's workers in slot order on
  its marked spaces; sections ``8 + i``: the worker beside Maharajah space
  ``i`` (two players and solo).
* ``CHANCE_STOREHOUSE`` k: the k-th storehouse of the display in reading order.
* Objectives, the starting player and the Maharajah's objective are not on
  the board: ``table_draw`` returns no action for them (dealt by the companion
  or entered on a phone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.amritsar import (
    CHANCE_KINDS,
    MAHARAJAH_SPACE_NAMES,
    SECTION_COUNT,
    SECTION_NAMES,
    Act,
    Action,
    District,
    GameState,
    Pending,
    WorkerColour,
    apply,
    describe_storehouse,
    why_illegal,
)
from vision.layout import DECADES, DISTRICT_SLOT_NAMES
from vision.snapshot import TableSnapshot

#: Chance draws the camera cannot show: secret cards, and a choice off the board.
HIDDEN_DRAWS = frozenset(
    {
        Pending.CHANCE_OBJECTIVE,
        Pending.CHANCE_STARTING_PLAYER,
        Pending.CHANCE_MAHARAJAH_OBJECTIVE,
    }
)

_TEMPLE_PLACES = ("active", "lower", "middle")
_TEMPLE_WORDS = {
    "active": (
        "the active temple tile space in the centre of the board",
        "el espacio de la loseta de templo activa, en el centro del tablero",
    ),
    "lower": (
        "the temple tile space above the temple's lower section",
        "el espacio de loseta de templo sobre la sección inferior del templo",
    ),
    "middle": (
        "the temple tile space above the temple's middle section",
        "el espacio de loseta de templo sobre la sección intermedia del templo",
    ),
}
_SLOT_WORDS = {
    "left": ("left", "izquierdo"),
    "centre": ("centre", "central"),
    "right": ("right", "derecho"),
}
#: Zone keys whose doubtful readings concern the setup.
_SETUP_ZONES = (
    "district-slot:",
    "temple:",
    "bridge:",
    "storehouses",
    "section:",
    "maharajah-worker:",
)
_DOUBT_FIX = (
    "Put these pieces as the rulebook's Game Setup says and leave the table still.",
    "Coloca estas piezas como indica la preparación del reglamento y deja la mesa quieta.",
)
_UNSEEN_FIX = (
    "Move whatever hides it (a hand, a box, a cup) and leave the table still.",
    "Aparta lo que lo tapa (una mano, una caja, un vaso) y deja la mesa quieta.",
)


@dataclass(frozen=True)
class SetupProblem:
    """Why the table is not (yet) a setup the companion can take, and the fix.

    ``code``: ``unseen``, ``empty``, ``unknown``, ``temple-turned``,
    ``bridge-face-down``, ``district-colours``, ``first-tiles``,
    ``section-count``, ``worker-colours``, ``maharajah-workers``,
    ``extra-workers``, ``storehouse-count``, ``differs-from-game``,
    ``seen:<vision code>`` (a doubtful reading) or ``rule:<engine code>``.
    ``zones`` are the vision zone keys concerned.
    """

    code: str
    zones: tuple[str, ...]
    en: str
    es: str
    fix_en: str
    fix_es: str


@dataclass(frozen=True)
class TableDraw:
    """The table's answer to one pending chance draw.

    ``action``: the outcome the table shows, or ``None``: either the camera
    cannot show this draw (``hidden``) or ``problems`` say what to fix first.
    """

    action: Action | None
    problems: tuple[SetupProblem, ...] = ()

    @property
    def hidden(self) -> bool:
        return self.action is None and not self.problems


def _colour_words(colours: Sequence[WorkerColour], en: str = "and") -> tuple[str, str]:
    """``yellow and blue`` / ``amarillo y azul`` (``en="or"``: ``o`` in Spanish)."""
    es = {"and": "y", "or": "o"}[en]
    return (
        f" {en} ".join(c.name.lower() for c in colours),
        f" {es} ".join(c.es for c in colours),
    )


def _unseen(zone: str, where: tuple[str, str]) -> SetupProblem:
    return SetupProblem(
        "unseen",
        (zone,),
        f"The camera cannot see {where[0]}.",
        f"La cámara no ve {where[1]}.",
        *_UNSEEN_FIX,
    )


def _empty(zone: str, where: tuple[str, str], what: tuple[str, str]) -> SetupProblem:
    return SetupProblem(
        "empty",
        (zone,),
        f"Nothing lies on {where[0]}.",
        f"No hay nada en {where[1]}.",
        f"Put a {what[0]} there, drawn at random.",
        f"Coloca ahí {what[1]} al azar.",
    )


def _unknown(zone: str, where: tuple[str, str], ident: str, what: tuple[str, str]) -> SetupProblem:
    return SetupProblem(
        "unknown",
        (zone,),
        f"{ident} on {where[0]} is not a {what[0]} of this game.",
        f"{ident} en {where[1]} no es {what[1]} de este juego.",
        f"Put a {what[0]} there instead.",
        f"Coloca ahí {what[1]} en su lugar.",
    )


def _differs(
    zone: str,
    where: tuple[str, str],
    had: str | tuple[str, str],
    shown: str | tuple[str, str],
) -> SetupProblem:
    """``had`` and ``shown`` are the same in both languages (ids), or (English, Spanish)."""
    had_en, had_es = (had, had) if isinstance(had, str) else had
    shown_en, shown_es = (shown, shown) if isinstance(shown, str) else shown
    return SetupProblem(
        "differs-from-game",
        (zone,),
        f"The game already has {had_en} on {where[0]}; the table shows {shown_en}.",
        f"La partida ya tiene {had_es} en {where[1]}; la mesa muestra {shown_es}.",
        f"Put {had_en} back there.",
        f"Vuelve a colocar {had_es} ahí.",
    )


def _storehouse_names(catalog: Any, indices: Sequence[int]) -> tuple[str, str]:
    """Storehouses as printed on them (ability and spaces), in English and Spanish."""
    return (
        ", ".join(describe_storehouse(catalog.storehouses[h], "en") for h in indices) or "-",
        ", ".join(describe_storehouse(catalog.storehouses[h], "es") for h in indices) or "-",
    )


class _Reading:
    """The visible setup as the table shows it, in the engine's slots, with its problems."""

    def __init__(self, state: GameState, snapshot: TableSnapshot):
        self.state = state
        self.snapshot = snapshot
        self.unseen = set(snapshot.unseen)
        self.problems: list[SetupProblem] = []
        #: (group, slot) -> catalog index (or worker colour) the table shows there.
        self.outcomes: dict[tuple[str, int, int], int] = {}
        pending = [f for f in state.pending if f.kind in CHANCE_KINDS]
        self.frames = {Pending(f.kind) for f in pending}
        self.section_frames = Counter(
            f.a for f in pending if f.kind == Pending.CHANCE_WORKER and f.a < SECTION_COUNT
        )
        self.store_frames = sum(1 for f in pending if f.kind == Pending.CHANCE_STOREHOUSE)
        self._vision_problems()
        if Pending.CHANCE_TEMPLE in self.frames:
            self._temple()
        if Pending.CHANCE_BRIDGE in self.frames:
            self._bridges()
        if Pending.CHANCE_DISTRICT_TILE in self.frames:
            self._district_tiles()
        if Pending.CHANCE_WORKER in self.frames:
            self._sections()
            self._maharajah_workers()
        if Pending.CHANCE_STOREHOUSE in self.frames:
            self._storehouses()

    def _vision_problems(self) -> None:
        prefixes = _SETUP_ZONES
        for p in self.snapshot.problems:
            if any(z.startswith(prefixes) for z in p.zones) or p.code == "seen-twice":
                self.problems.append(
                    SetupProblem(f"seen:{p.code}", p.zones, p.en, p.es, *_DOUBT_FIX)
                )

    def _index(self, items: Sequence[object], ident: str) -> int | None:
        return next((i for i, item in enumerate(items) if getattr(item, "id", None) == ident), None)

    def _tile(
        self,
        zone: str,
        where: tuple[str, str],
        ident: str | None,
        items: Sequence[object],
        had: int,
        what: tuple[str, str],
    ) -> int | None:
        """The catalog index of the tile on one space, or ``None`` and a problem:
        unseen, empty, not a tile of this kind, or not the one already drawn there."""
        problem = None
        index = None if ident is None else self._index(items, ident)
        if zone in self.unseen:
            problem = _unseen(zone, where)
        elif ident is None:
            problem = _empty(zone, where, what)
        elif index is None:
            problem = _unknown(zone, where, ident, what)
        elif had >= 0 and had != index:
            problem = _differs(zone, where, str(getattr(items[had], "id", had)), ident)
        if problem is not None:
            self.problems.append(problem)
            return None
        return index

    # -- temple and bridge -------------------------------------------------------

    def _temple(self) -> None:
        catalog = self.state.catalog
        setup = self.snapshot.setup
        what = ("temple tile", "una loseta de templo")
        shown = [
            setup.temple_active,
            setup.temple_stack.get("lower"),
            setup.temple_stack.get("middle"),
        ]
        for slot, place in enumerate(_TEMPLE_PLACES[: catalog.rules.temple_tiles_in_play]):
            zone, where = f"temple:{place}", _TEMPLE_WORDS[place]
            had = self.state.temple[slot] if slot < len(self.state.temple) else -1
            index = self._tile(zone, where, shown[slot], catalog.temple_tiles, had, what)
            if index is None:
                continue
            ident = catalog.temple_tiles[index].id
            if place == "active" and setup.temple_rotation != 0:
                self.problems.append(self._temple_turned(zone, ident, setup.temple_rotation))
                continue
            self.outcomes[("temple", slot, 0)] = index

    def _temple_turned(self, zone: str, ident: str, rotation: int | None) -> SetupProblem:
        if rotation is None:
            return _unseen(
                zone,
                (
                    "which way the active temple tile is turned",
                    "hacia dónde está girada la loseta de templo activa",
                ),
            )
        return SetupProblem(
            "temple-turned",
            (zone,),
            f"The active temple tile {ident} is turned {rotation}° from north.",
            f"La loseta de templo activa {ident} está girada {rotation}° respecto al norte.",
            f"Turn it {rotation}° anticlockwise so its north matches the wind rose on the board.",
            f"Gírala {rotation}° en sentido antihorario para que su norte coincida con la rosa "
            "de los vientos del tablero.",
        )

    def _bridges(self) -> None:
        catalog = self.state.catalog
        what = ("bridge tile", "una loseta de puente")
        for slot, decade in enumerate(DECADES[: catalog.rules.bridge_tiles_in_play]):
            zone = f"bridge:{decade}"
            where = (
                f"the bridge space of decade {decade}",
                f"el espacio de puente de la década {decade}",
            )
            shown = self.snapshot.setup.bridges.get(decade)
            had = self.state.bridge[slot] if slot < len(self.state.bridge) else -1
            ident = None if shown is None else shown[0]
            index = self._tile(zone, where, ident, catalog.bridge_tiles, had, what)
            if index is None or shown is None:
                continue
            ident, face_up = shown
            if not face_up:
                self.problems.append(
                    SetupProblem(
                        "bridge-face-down",
                        (zone,),
                        f"The bridge tile of decade {decade} ({ident}) is face down.",
                        f"La loseta de puente de la década {decade} ({ident}) está boca abajo.",
                        "Turn it face up: every bridge tile starts face up.",
                        "Ponla boca arriba: todas las losetas de puente empiezan boca arriba.",
                    )
                )
                continue
            self.outcomes[("bridge", slot, 0)] = index

    # -- district tiles ----------------------------------------------------------------

    def _district_tiles(self) -> None:
        catalog = self.state.catalog
        what = ("district tile", "una loseta de distrito")
        complete = True
        for d in District:
            shown = self.snapshot.setup.district_tiles.get(d.letter, (None, None, None))
            for slot, name in enumerate(DISTRICT_SLOT_NAMES):
                zone = f"district-slot:{d.letter}:{name}"
                en, es = _SLOT_WORDS[name]
                where = (
                    f"the {en} district tile space of {d.title}",
                    f"el espacio {es} de loseta de distrito del {d.es}",
                )
                had = self.state.district_tiles[d][slot]
                index = self._tile(zone, where, shown[slot], catalog.district_tiles, had, what)
                if index is None:
                    complete = False
                else:
                    self.outcomes[("district", d, slot)] = index
        if complete:
            self._district_colours()

    def _colour_of(self, index: int) -> WorkerColour:
        return self.state.catalog.district_tiles[index].colour

    def _district_colours(self) -> None:
        catalog = self.state.catalog
        for d in District:
            tiles = [self.outcomes[("district", d, slot)] for slot in range(3)]
            by_colour = Counter(self._colour_of(t) for t in tiles)
            for colour, n in by_colour.items():
                if n < 2:
                    continue
                ids = ", ".join(
                    catalog.district_tiles[t].id for t in tiles if self._colour_of(t) is colour
                )
                lack = _colour_words([c for c in WorkerColour if c not in by_colour], "or")
                self.problems.append(
                    SetupProblem(
                        "district-colours",
                        tuple(f"district-slot:{d.letter}:{s}" for s in DISTRICT_SLOT_NAMES),
                        f"{d.title} has {n} {colour.name.lower()} district tiles ({ids}).",
                        f"El {d.es} tiene {n} losetas de distrito de color {colour.es} ({ids}).",
                        "A district never holds two tiles of one colour: swap one of them for a "
                        f"{lack[0]} tile from another district.",
                        "Un distrito nunca tiene dos losetas del mismo color: cambia una por una "
                        f"loseta {lack[1]} de otro distrito.",
                    )
                )
        if any(p.code == "district-colours" for p in self.problems):
            return
        first = Counter(self._colour_of(self.outcomes[("district", d, 0)]) for d in District)
        for colour, n in first.items():
            if n < 2:
                continue
            districts = [
                d for d in District if self._colour_of(self.outcomes[("district", d, 0)]) is colour
            ]
            self.problems.append(
                SetupProblem(
                    "first-tiles",
                    tuple(f"district-slot:{d.letter}:left" for d in districts),
                    f"The left district tile spaces of {' and '.join(d.title for d in districts)} "
                    f"both hold {colour.name.lower()} tiles.",
                    f"Los espacios izquierdos de loseta de distrito de "
                    f"{' y '.join(d.es for d in districts)} tienen losetas de color {colour.es}.",
                    "The top tile of each colour pile goes on the left space of a different "
                    "district: swap tiles within a district so the four left tiles have four "
                    "colours.",
                    "La primera loseta de cada montón de color va en el espacio izquierdo de un "
                    "distrito distinto: intercambia losetas dentro de un distrito para que las "
                    "cuatro de la izquierda sean de cuatro colores.",
                )
            )

    # -- workers -------------------------------------------------------------------------

    def _sections(self) -> None:
        state = self.state
        complete = True
        totals: Counter[int] = Counter()
        for section, name in enumerate(SECTION_NAMES):
            zone = f"section:{name}"
            drawn = list(state.sections[section])
            wanted = len(drawn) + self.section_frames.get(section, 0)
            where = (f"section {name}", f"la sección {name}")
            if zone in self.unseen:
                self.problems.append(_unseen(zone, where))
                complete = False
                continue
            colours = [int(WorkerColour.parse(w[0])) for w in self.snapshot.sections.get(name, ())]
            totals.update(colours)
            if len(colours) != wanted:
                self.problems.append(self._section_count(zone, name, len(colours), wanted))
                complete = False
                continue
            rest = list(colours)
            for colour in drawn:
                if colour not in rest:
                    words = self._worker_words(drawn)
                    self.problems.append(_differs(zone, where, words, self._worker_words(colours)))
                    complete = False
                    break
                rest.remove(colour)
            else:
                for k, colour in enumerate(rest):
                    self.outcomes[("section", section, len(drawn) + k)] = colour
        if complete:
            self._worker_colours(totals)

    @staticmethod
    def _worker_words(colours: Sequence[int]) -> str:
        return " ".join(WorkerColour(c).letter for c in colours) or "-"

    def _section_count(self, zone: str, name: str, seen: int, wanted: int) -> SetupProblem:
        if seen > wanted:
            fix = (
                f"Take {seen - wanted} worker{'s' if seen - wanted > 1 else ''} out of {name}: "
                "a worker stands on each marked space only.",
                f"Saca {seen - wanted} trabajador{'es' if seen - wanted > 1 else ''} de {name}: "
                "solo hay un trabajador en cada espacio marcado.",
            )
        else:
            fix = (
                f"Put a worker at random on each empty marked space of {name}.",
                f"Coloca un trabajador al azar en cada espacio marcado vacío de {name}.",
            )
        return SetupProblem(
            "section-count",
            (zone,),
            f"Section {name} has {seen} worker{'s' if seen != 1 else ''}; it starts with {wanted}.",
            f"La sección {name} tiene {seen} trabajador{'es' if seen != 1 else ''}; empieza con "
            f"{wanted}.",
            *fix,
        )

    def _worker_colours(self, totals: Counter[int]) -> None:
        each = sum(totals.values()) // 4
        over = [WorkerColour(c) for c in WorkerColour if totals[c] > each]
        if not over:
            return
        more = _colour_words(over)
        fewer = _colour_words([WorkerColour(c) for c in WorkerColour if totals[c] < each])
        counts_en = ", ".join(f"{totals[c]} {c.name.lower()}" for c in WorkerColour)
        counts_es = ", ".join(f"{totals[c]} de color {c.es}" for c in WorkerColour)
        self.problems.append(
            SetupProblem(
                "worker-colours",
                tuple(f"section:{n}" for n in SECTION_NAMES),
                f"The sections hold {counts_en} workers.",
                f"Las secciones tienen {counts_es}.",
                f"Each colour has {each} starting workers: swap {more[0]} workers for "
                f"{fewer[0]} ones.",
                f"Cada color tiene {each} trabajadores iniciales: cambia trabajadores de color "
                f"{more[1]} por otros de color {fewer[1]}.",
            )
        )

    def _maharajah_workers(self) -> None:
        state = self.state
        shown = self.snapshot.maharajah_workers
        if not state.maharajah_workers:
            extra = [
                space
                for space in MAHARAJAH_SPACE_NAMES
                if shown.get(space) is not None and f"maharajah-worker:{space}" not in self.unseen
            ]
            if extra:
                self.problems.append(
                    SetupProblem(
                        "extra-workers",
                        tuple(f"maharajah-worker:{s}" for s in extra),
                        "Workers stand beside the Maharajah spaces "
                        f"{', '.join(extra)}; only two-player and solo games use them.",
                        "Hay trabajadores junto a los espacios del marajá "
                        f"{', '.join(extra)}; solo se usan en partidas de dos jugadores o en "
                        "solitario.",
                        "Take them out of the game.",
                        "Retíralos de la partida.",
                    )
                )
            return
        colours: list[int] = []
        for i, space in enumerate(MAHARAJAH_SPACE_NAMES):
            zone = f"maharajah-worker:{space}"
            where = (
                f"the worker space beside Maharajah space {space}",
                f"el espacio de trabajador junto al espacio del marajá {space}",
            )
            worker = shown.get(space)
            had = state.maharajah_workers[i]
            if zone in self.unseen:
                self.problems.append(_unseen(zone, where))
            elif worker is None:
                self.problems.append(_empty(zone, where, ("worker", "un trabajador")))
            elif had >= 0 and had != int(WorkerColour.parse(worker[0])):
                self.problems.append(_differs(zone, where, WorkerColour(had).name.lower(), worker))
            else:
                colour = int(WorkerColour.parse(worker[0]))
                colours.append(colour)
                self.outcomes[("maharajah", i, 0)] = colour
        repeated = [WorkerColour(c) for c, n in Counter(colours).items() if n > 1]
        if repeated:
            rep = _colour_words(repeated)
            lack = _colour_words([c for c in WorkerColour if c not in colours])
            self.problems.append(
                SetupProblem(
                    "maharajah-workers",
                    tuple(f"maharajah-worker:{s}" for s in MAHARAJAH_SPACE_NAMES),
                    f"The workers beside the Maharajah spaces repeat {rep[0]}.",
                    f"Los trabajadores junto a los espacios del marajá repiten el color {rep[1]}.",
                    f"They are the fourth worker of each colour, one of each: swap in {lack[0]}.",
                    f"Son el cuarto trabajador de cada color, uno de cada: pon {lack[1]}.",
                )
            )

    # -- storehouses ---------------------------------------------------------------------

    def _storehouses(self) -> None:
        catalog = self.state.catalog
        zone = "storehouses"
        where = ("the storehouse display beside the board", "la fila de almacenes junto al tablero")
        if zone in self.unseen:
            self.problems.append(_unseen(zone, where))
            return
        shown = self.snapshot.setup.storehouses
        drawn = self.state.revealed_storehouses
        wanted = len(drawn) + self.store_frames
        indices: list[int] = []
        for ident in shown:
            index = self._index(catalog.storehouses, ident)
            if index is None:
                self.problems.append(_unknown(zone, where, ident, ("storehouse", "un almacén")))
                return
            indices.append(index)
        if len(indices) != wanted:
            n = len(indices)
            if n < wanted:
                fix = (
                    f"Reveal {wanted - n} more at random from the face-down storehouses.",
                    f"Revela {wanted - n} más al azar de los almacenes boca abajo.",
                )
            else:
                fix = (
                    f"Put {n - wanted} back in the box.",
                    f"Devuelve {n - wanted} a la caja.",
                )
            self.problems.append(
                SetupProblem(
                    "storehouse-count",
                    (zone,),
                    f"{n} storehouses are revealed; this game reveals {wanted}.",
                    f"Hay {n} almacenes revelados; esta partida revela {wanted}.",
                    *fix,
                )
            )
            return
        missing = [h for h in drawn if h not in indices]
        if missing:
            self.problems.append(
                _differs(
                    zone,
                    where,
                    _storehouse_names(catalog, missing),
                    _storehouse_names(catalog, indices),
                )
            )
            return
        rest = [h for h in indices if h not in drawn]
        for k, index in enumerate(rest):
            self.outcomes[("storehouse", len(drawn) + k, 0)] = index


def rule_problem(code: str, en: str, es: str) -> SetupProblem:
    """A draw the engine's setup rules refuse (``rule:<code>``), in its words."""
    return SetupProblem(
        f"rule:{code}",
        (),
        en,
        es,
        "Set this part up again as the rulebook's Game Setup says.",
        "Vuelve a preparar esta parte como indica la preparación del reglamento.",
    )


def _slot(state: GameState) -> tuple[str, int, int]:
    top = state.pending[-1]
    kind = Pending(top.kind)
    if kind is Pending.CHANCE_TEMPLE:
        return ("temple", top.a, 0)
    if kind is Pending.CHANCE_BRIDGE:
        return ("bridge", top.a, 0)
    if kind is Pending.CHANCE_DISTRICT_TILE:
        return ("district", top.a, top.b)
    if kind is Pending.CHANCE_WORKER:
        if top.a >= SECTION_COUNT:
            return ("maharajah", top.a - SECTION_COUNT, 0)
        return ("section", top.a, len(state.sections[top.a]))
    return ("storehouse", len(state.revealed_storehouses), 0)


def table_draw(state: GameState, snapshot: TableSnapshot) -> TableDraw:
    """The outcome the table shows for ``state``'s pending chance draw.

    ``hidden`` when the camera cannot show this kind of draw; problems (with
    what to fix) when the visible setup is not a legal setup or not fully seen.
    Raises ``ValueError`` when no chance draw is pending.
    """
    if not state.pending or state.pending[-1].kind not in CHANCE_KINDS:
        raise ValueError("no setup draw is pending")
    top = state.pending[-1]
    kind = Pending(top.kind)
    if kind in HIDDEN_DRAWS:
        return TableDraw(None)
    reading = _Reading(state, snapshot)
    if reading.problems:
        return TableDraw(None, tuple(reading.problems))
    outcome = reading.outcomes[_slot(state)]
    action = Action(Act.CHANCE, outcome, int(kind))
    reason = why_illegal(state, action)
    if reason is not None:
        return TableDraw(None, (rule_problem(reason.code, reason.en, reason.es),))
    return TableDraw(action)


def visible_draws(
    state: GameState, snapshot: TableSnapshot
) -> tuple[tuple[Action, ...], tuple[SetupProblem, ...]]:
    """Every draw the table shows from ``state`` on, in the engine's order, up to
    the first hidden one; or no draws and the problems to fix first."""
    actions: list[Action] = []
    while state.pending and state.pending[-1].kind in CHANCE_KINDS:
        draw = table_draw(state, snapshot)
        if draw.problems:
            return (), draw.problems
        if draw.action is None:
            break
        actions.append(draw.action)
        state, _ = apply(state, draw.action, check=False)
    return tuple(actions), ()


def describe_setup(state: GameState) -> tuple[str, str]:
    """The setup the game now has, said for the players (English, Spanish)."""
    catalog = state.catalog
    temple = [catalog.temple_tiles[t].id for t in state.temple]
    bridge = [catalog.bridge_tiles[b].id for b in state.bridge]
    tiles = "; ".join(
        f"{District(d).letter} " + " ".join(catalog.district_tiles[t].id for t in row if t >= 0)
        for d, row in enumerate(state.district_tiles)
        if any(t >= 0 for t in row)
    )
    workers = " ".join(
        f"{name}:{''.join(WorkerColour(c).letter for c in section)}"
        for name, section in zip(SECTION_NAMES, state.sections, strict=True)
        if section
    )
    beside = " ".join(
        f"{space}:{WorkerColour(c).letter}"
        for space, c in zip(MAHARAJAH_SPACE_NAMES, state.maharajah_workers, strict=False)
        if c >= 0
    )
    if beside:
        workers += f" ({beside})"
    stores_en, stores_es = _storehouse_names(catalog, state.revealed_storehouses)
    parts = [
        ("temple (active first)", "templo (la activa primero)", ", ".join(temple)),
        ("bridge", "puente", ", ".join(bridge)),
        ("district tiles", "losetas de distrito", tiles),
        ("workers", "trabajadores", workers),
    ]
    parts_en = [f"{en} {body}" for en, _, body in parts if body]
    parts_es = [f"{es} {body}" for _, es, body in parts if body]
    if state.revealed_storehouses:
        parts_en.append(f"storehouses {stores_en}")
        parts_es.append(f"almacenes {stores_es}")
    return "; ".join(parts_en) or "nothing yet", "; ".join(parts_es) or "nada aún"
