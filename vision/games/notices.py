"""What a game's camera cannot read, and why, in a player's words (EN+ES).

The camera-wide problems of Imhotep's, Ceylon's and Rajas' readers
(:class:`vision.games.base.GivesNotices`) and of Amritsar's pipeline (the
board not found: no corner markers, or nothing of the board in view), kept in
one place so a translator finds every sentence here. Each is a
:class:`vision.snapshot.Problem` with a code that stays the same while the
problem lasts (whatever corners are in view from frame to frame), so the table
screen shows one alert for it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..snapshot import Problem

#: A board's corner (the layouts' names) -> its name in English and Spanish.
CORNER_WORDS: dict[str, tuple[str, str]] = {
    "NW": ("north-west", "noroeste"),
    "NE": ("north-east", "noreste"),
    "SE": ("south-east", "sureste"),
    "SW": ("south-west", "suroeste"),
}


def _listed(words: list[str], conjunction: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} {words[-1]}"


def board_not_found(
    board: tuple[str, str], corners: Iterable[str], missing: Iterable[str]
) -> Problem:
    """The board (``board``: its name in English and Spanish) is not found, with
    ``missing`` of its ``corners`` not in view: nothing is read until it is."""
    names = list(corners)
    gone = set(missing)
    hidden = [c for c in names if c in gone]
    en_board, es_board = board
    if hidden:
        en_names = _listed([CORNER_WORDS.get(c, (c, c))[0] for c in hidden], "and")
        es_names = _listed([CORNER_WORDS.get(c, (c, c))[1] for c in hidden], "y")
        one = len(hidden) == 1
        en_why = (
            f"its {en_names} corner marker{'' if one else 's'} {'is' if one else 'are'} not in view"
        )
        es_why = (
            f"no se {'ve' if one else 'ven'} su{'' if one else 's'} marca{'' if one else 's'}"
            f" de esquina {es_names}"
        )
    else:
        en_why = "its corner markers do not line up as one board"
        es_why = "sus marcas de esquina no encajan como un solo tablero"
    en = (
        f"The camera does not find the {en_board}: {en_why} (at least two of the four are"
        " needed). Nothing is read from the table until it does; the phones carry the game"
        f" meanwhile. Turn the camera so the whole {en_board} is in view, and take away"
        " anything covering its corners."
    )
    es = (
        f"La cámara no encuentra el {es_board}: {es_why} (hacen falta al menos dos de las"
        " cuatro). No se lee nada de la mesa hasta que lo encuentre; mientras, los móviles"
        f" llevan la partida. Gira la cámara para que se vea todo el {es_board} y quita lo"
        " que tape sus esquinas."
    )
    if hidden and len(hidden) == len(names):
        # Nothing of the board in view: a camera knocked away, a cloth, the lights off.
        en += (
            f" If a cloth covers the {en_board} or the room is dark, uncover it or turn on"
            " the light."
        )
        es += (
            f" Si un paño tapa el {es_board} o la sala está a oscuras, destápalo o enciende la luz."
        )
    return Problem("board-not-found", (), (), en, es)
