"""A broken position's problems said as a player says them, in English and Spanish.

``engine.amritsar.serialize.status`` names each problem by the JSON state's
path (``seats[0].tax``), which suits a program. A person who pasted a position
(``companion position check``) reads the notation's words instead: "player 1:
tax 2, but the upgrades on the board show 1 tax icon" / "jugador 1: ...".
``status_words(state)`` gives every status problem that way; a problem no
pattern here knows is kept as status wrote it, in both languages
(``tests/engine/test_position.py`` breaks every rule once to check none is).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.amritsar import consistency
from engine.amritsar.board import District, Resource, WorkerColour
from engine.amritsar.effects import Track
from engine.amritsar.serialize import field_problems
from engine.amritsar.state import GameState


@dataclass(frozen=True)
class Problem:
    """One problem of a position, in English and in Spanish."""

    en: str
    es: str


_DISTRICT_ES = {d.letter: f"el {d.es}" for d in District}
_RESOURCE_ES = {r.name.lower(): r.es for r in Resource}
_COLOUR_ES = {c.name.lower(): c.es for c in WorkerColour}
_TRACK_ES = {"development": "desarrollo", "resources": "recursos", "money": "dinero"}
_TILE_ES = {"temple": "templo", "bridge": "puente"}
assert set(_TRACK_ES) == {t.name.lower() for t in Track}


def _player(match: re.Match[str]) -> tuple[str, str]:
    number = int(match["seat"]) + 1
    return f"player {number}", f"jugador {number}"


_Words = Callable[[re.Match[str]], tuple[str, str]]

#: status's wording -> a function giving (English, Spanish) in the notation's words.
_PATTERNS: list[tuple[re.Pattern[str], _Words]] = []


def _says(pattern: str) -> Callable[[_Words], _Words]:
    def register(words: _Words) -> _Words:
        _PATTERNS.append((re.compile(pattern + "$"), words))
        return words

    return register


@_says(r"solo: a solo game has a Maharajah and only a solo game does")
def _solo(m: re.Match[str]) -> tuple[str, str]:
    return (
        "game: a solo game has the 'maharajah:' line, and only a solo game has it",
        "partida: una partida en solitario lleva la línea 'maharajah:', y solo ella",
    )


@_says(r"players: (?P<n>-?\d+) seats is not a valid table")
def _players(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"game: {m['n']} players is not a table the game is played at (2 to 4, or solo)",
        f"partida: {m['n']} jugadores no es una mesa posible (de 2 a 4, o en solitario)",
    )


@_says(r"(?P<what>decade|round): (?P<n>-?\d+) is not between 1 and (?P<top>\d+)")
def _progress(m: re.Match[str]) -> tuple[str, str]:
    es = {"decade": "década", "round": "ronda"}[m["what"]]
    return (
        f"game: {m['what']} {m['n']} is not between 1 and {m['top']}",
        f"partida: la {es} {m['n']} no está entre 1 y {m['top']}",
    )


@_says(r"board\.sections: (?P<n>\d+) sections, the board has (?P<top>\d+)")
def _section_count(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"sections: {m['n']} sections, the board has {m['top']}",
        f"secciones: {m['n']} secciones, el tablero tiene {m['top']}",
    )


@_says(r"board\.sections\[(?P<i>\d+)\]: (?P<n>\d+) workers, a section holds (?P<top>\d+)")
def _section_full(m: re.Match[str]) -> tuple[str, str]:
    from engine.amritsar.board import SECTION_NAMES

    name = SECTION_NAMES[int(m["i"])] if int(m["i"]) < len(SECTION_NAMES) else m["i"]
    return (
        f"sections: {name} holds {m['n']} workers, a section holds at most {m['top']}",
        f"secciones: {name} tiene {m['n']} trabajadores, una sección admite {m['top']} como máximo",
    )


@_says(r"board\.section_coins: one non-negative count per section")
def _section_coins(m: re.Match[str]) -> tuple[str, str]:
    return (
        "section coins: a section cannot hold fewer than 0 coins",
        "monedas en secciones: una sección no puede tener menos de 0 monedas",
    )


@_says(r"workers: (?P<n>\d+) in the sections \(and in hand\), the game uses 12")
def _workers(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"sections: {m['n']} workers in the sections and in hand, the game uses 12",
        f"secciones: {m['n']} trabajadores en las secciones y en la mano, el juego usa 12",
    )


@_says(r"workers: (?P<n>\d+) (?P<colour>\w+) workers in play, expected 3")
def _colour_count(m: re.Match[str]) -> tuple[str, str]:
    es = _COLOUR_ES.get(m["colour"], m["colour"])
    plural = "s" if m["n"] != "1" else ""
    plural_es = "es" if m["n"] != "1" else ""
    colour_es = es + ("s" if m["n"] != "1" and not es.endswith("l") else "")
    if es == "azul" and m["n"] != "1":
        colour_es = "azules"
    return (
        f"sections: {m['n']} {m['colour']} worker{plural} in play, the game uses 3",
        f"secciones: {m['n']} trabajador{plural_es} {colour_es} en juego, el juego usa 3",
    )


@_says(r"board\.maharajah_workers: one worker of each colour beside the Maharajah spaces")
def _beside_colours(m: re.Match[str]) -> tuple[str, str]:
    return (
        "workers beside the maharajah: one worker of each colour",
        "trabajadores junto al marajá: uno de cada color",
    )


@_says(r"board\.maharajah_workers: one place beside each of the 4 Maharajah spaces")
def _beside_places(m: re.Match[str]) -> tuple[str, str]:
    return (
        "workers beside the maharajah: one worker beside each of the 4 Maharajah spaces",
        "trabajadores junto al marajá: uno junto a cada uno de los 4 espacios del marajá",
    )


@_says(r"board\.district_tiles: a district tile is in two places")
def _tile_twice(m: re.Match[str]) -> tuple[str, str]:
    return (
        "district tiles: a tile lies in two places",
        "losetas de distrito: una loseta está en dos sitios",
    )


@_says(r"board\.district_tiles\.(?P<d>[NESW]): two tiles of the same colour")
def _tile_colours(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"district tiles {m['d']}: two tiles of the same colour in one district",
        f"losetas de distrito {m['d']}: dos losetas del mismo color en un distrito",
    )


@_says(r"board\.district_tiles\.(?P<d>[NESW]): needs 3 tiles")
def _tile_count(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"district tiles {m['d']}: each district has 3 tiles",
        f"losetas de distrito {m['d']}: cada distrito tiene 3 losetas",
    )


@_says(r"board\.(?P<name>temple|bridge): a tile appears twice")
def _decade_twice(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"{m['name']} tiles: a tile appears twice",
        f"losetas de {_TILE_ES[m['name']]}: una loseta aparece dos veces",
    )


@_says(r"board\.(?P<name>temple|bridge): one tile per decade \((?P<n>\d+)\)")
def _decade_count(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"{m['name']} tiles: one tile per decade ({m['n']})",
        f"losetas de {_TILE_ES[m['name']]}: una loseta por década ({m['n']})",
    )


@_says(r"board\.donations\.(?P<d>[NESW]): (?P<n>\d+) spaces, the tile has (?P<top>\d+)")
def _donation_spaces(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"donations {m['d']}: {m['n']} spaces, the donation tile has {m['top']}",
        f"donaciones {m['d']}: {m['n']} espacios, la loseta de donación tiene {m['top']}",
    )


@_says(r"board\.donations\.(?P<d>[NESW]): seat (?P<seat>-?\d+) is not at the table")
def _donation_owner(m: re.Match[str]) -> tuple[str, str]:
    who, who_es = _player(m)
    return (
        f"donations {m['d']}: {who} is not at the table",
        f"donaciones {m['d']}: el {who_es} no está en la mesa",
    )


@_says(
    r"board\.donations\.(?P<d>[NESW]): space (?P<level>\d+)\.(?P<space>\d+) is filled "
    r"but a space below it is empty"
)
def _donation_below(m: re.Match[str]) -> tuple[str, str]:
    place = f"{m['d']}{m['level']}.{m['space']}"
    return (
        f"donations {place}: a counter on level {m['level']} needs both spaces below it filled",
        f"donaciones {place}: un contador en el nivel {m['level']} necesita ocupados los dos "
        "espacios de debajo",
    )


@_says(r"board\.market\.(?P<r>\w+): (?P<n>-?\d+) resources, the column has (?P<top>\d+) rows")
def _market(m: re.Match[str]) -> tuple[str, str]:
    es = _RESOURCE_ES.get(m["r"], m["r"])
    return (
        f"market: {m['n']} {m['r']}, its column holds 0 to {m['top']}",
        f"mercado: {m['n']} de {es}, su columna admite de 0 a {m['top']}",
    )


@_says(r"storehouses: a storehouse is in two places")
def _storehouse_twice(m: re.Match[str]) -> tuple[str, str]:
    return (
        "storehouses: a storehouse is in two places",
        "almacenes: un almacén está en dos sitios",
    )


@_says(r"objectives: an objective is held twice")
def _objective_twice(m: re.Match[str]) -> tuple[str, str]:
    return (
        "objectives: an objective is held twice",
        "objetivos: un objetivo está repetido",
    )


@_says(r"maharajah: (?P<n>-?\d+) donation counters accounted for, he has (?P<top>\d+)")
def _maharajah_counters(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"maharajah: {m['n']} donation counters on his board, his elephant and the tiles; "
        f"he has {m['top']}",
        f"marajá: {m['n']} contadores de donación en su tablero, su elefante y las losetas; "
        f"tiene {m['top']}",
    )


@_says(r"maharajah\.pp: does not match his PP ledger")
def _maharajah_pp(m: re.Match[str]) -> tuple[str, str]:
    return (
        "maharajah: his pp do not add up to 5 plus his score line",
        "marajá: sus PP no suman 5 más su línea de puntuación",
    )


@_says(r"pending: nothing is pending but the game is not over")
def _nothing_pending(m: re.Match[str]) -> tuple[str, str]:
    return (
        "pending: no decision is pending, but the game is not over",
        "pendiente: no hay ninguna decisión pendiente, pero la partida no ha terminado",
    )


@_says(r"maharajah\.quarry: each quarry space holds its printed resource or nothing")
def _quarry(m: re.Match[str]) -> tuple[str, str]:
    return (
        "maharajah quarry: each space holds the resource printed on it, or nothing",
        "cantera del marajá: cada espacio tiene el recurso impreso en él, o nada",
    )


@_says(
    r"maharajah\.storehouse\.(?P<r>\w+): (?P<a>-?\d+) in his storehouse and (?P<b>\d+) in his "
    r"quarry, but his quarry prints (?P<c>\d+)"
)
def _maharajah_store(m: re.Match[str]) -> tuple[str, str]:
    es = _RESOURCE_ES.get(m["r"], m["r"])
    return (
        f"maharajah storehouse: {m['a']} {m['r']} there and {m['b']} in his quarry, "
        f"but his quarry prints {m['c']}",
        f"almacén del marajá: {m['a']} de {es} ahí y {m['b']} en su cantera, "
        f"pero su cantera imprime {m['c']}",
    )


@_says(r"maharajah\.white: (?P<n>-?\d+) is off his white track")
def _white(m: re.Match[str]) -> tuple[str, str]:
    return (
        f"maharajah: white track {m['n']} is off his white worker's track",
        f"marajá: la casilla {m['n']} está fuera de su marcador del trabajador blanco",
    )


@_says(r"maharajah: a negative number of donation counters")
def _maharajah_negative(m: re.Match[str]) -> tuple[str, str]:
    return (
        "maharajah: fewer than 0 donation counters on his board or his elephant",
        "marajá: menos de 0 contadores de donación en su tablero o su elefante",
    )


@_says(r"seats\[(?P<seat>\d+)\]: negative coins or resources")
def _negative(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (f"{who}: fewer than 0 coins or resources", f"{es}: menos de 0 monedas o recursos")


@_says(r"seats\[(?P<seat>\d+)\]\.on_elephant: (?P<n>-?\d+), an elephant carries 0 to (?P<top>\d+)")
def _elephant(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: {m['n']} counters on the elephant, an elephant carries 0 to {m['top']}",
        f"{es}: {m['n']} contadores sobre el elefante, un elefante lleva de 0 a {m['top']}",
    )


@_says(r"seats\[(?P<seat>\d+)\]\.pp: (?P<n>-?\d+) does not match the PP ledger")
def _pp(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: pp {m['n']} is not 5 plus the score line",
        f"{es}: {m['n']} PP no son 5 más la línea de puntuación",
    )


@_says(
    r"seats\[(?P<seat>\d+)\]\.donations_made: (?P<n>-?\d+), but (?P<top>\d+) counters are on "
    r"the tiles"
)
def _donations_made(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: donations made {m['n']}, but {m['top']} of their counters are on the donation tiles",
        f"{es}: {m['n']} donaciones hechas, pero hay {m['top']} contadores suyos en las losetas "
        "de donación",
    )


@_says(
    r"seats\[(?P<seat>\d+)\]: (?P<n>-?\d+) donation counters accounted for, each player has "
    r"(?P<top>\d+)"
)
def _counters(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: {m['n']} donation counters on the board's empty spaces, the elephant, the market "
        f"space and the donation tiles; each player has {m['top']}",
        f"{es}: {m['n']} contadores de donación en los espacios vacíos del tablero, el elefante, "
        f"el espacio de mercado y las losetas de donación; cada jugador tiene {m['top']}",
    )


@_says(
    r"seats\[(?P<seat>\d+)\]: mahout tiles on the board and in hand must be the 7 tiles, once each"
)
def _mahouts(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: the mahout tiles on the board and beside it must be the 7 tiles, once each",
        f"{es}: las losetas de mahout del tablero y de al lado deben ser las 7, una vez cada una",
    )


@_says(r"seats\[(?P<seat>\d+)\]: a player holds one objective of each type A, B, C, D")
def _objectives(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: objectives and face down must be one objective of each type A, B, C, D",
        f"{es}: los objetivos (jugados y boca abajo) deben ser uno de cada tipo A, B, C, D",
    )


@_says(
    r"seats\[(?P<seat>\d+)\]\.tax: (?P<n>-?\d+), but the upgrades on the board show (?P<top>\d+) "
    r"tax icons"
)
def _tax(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    icons = "icon" if m["top"] == "1" else "icons"
    icons_es = "icono" if m["top"] == "1" else "iconos"
    return (
        f"{who}: tax {m['n']}, but the upgrades on the board show {m['top']} tax {icons}",
        f"{es}: impuestos {m['n']}, pero las mejoras del tablero muestran {m['top']} "
        f"{icons_es} de impuestos",
    )


@_says(r"seats\[(?P<seat>\d+)\]\.tracks\.(?P<t>\w+): (?P<n>-?\d+) is off the track")
def _track(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: knowledge {m['n']} is off the {m['t']} track",
        f"{es}: el paso {m['n']} está fuera del marcador de {_TRACK_ES.get(m['t'], m['t'])}",
    )


@_says(r"seats\[(?P<seat>\d+)\]\.storehouse_flipped: one flag per storehouse space")
def _flipped(m: re.Match[str]) -> tuple[str, str]:
    who, es = _player(m)
    return (
        f"{who}: storehouses: '/flipped' only on a storehouse space",
        f"{es}: almacenes: '/flipped' solo en un espacio de almacén",
    )


def in_words(problem: str) -> Problem:
    """One ``status`` problem in the notation's words (kept as is when unknown)."""
    for pattern, words in _PATTERNS:
        match = pattern.match(problem)
        if match:
            en, es = words(match)
            return Problem(en, es)
    return Problem(problem, problem)


def status_words(state: GameState) -> list[Problem]:
    """Every rule the position breaks, in English and Spanish."""
    found = field_problems(state)
    if found:
        return [in_words(p) for p in found]
    return [Problem(en, es) for en, es in consistency.problems(state)]  # said in both already
