"""Imhotep's answers as taps: what to do, then the boat, its slot and the site.

Why: a turn may have a hundred legal answers (every slot of every boat, every
boat to every free site, four action cards). A phone asks for them in short
steps instead (``engine.core.answers``): "Place a stone", then the boat tapped
on the board drawing (``boat:<id>``, the id as in ``place 3 1``), then its
slot; sailing ends on the site tapped on the drawing (``site:<name>``, as in
``sail 3 pyramid``). Answers with few siblings (a market pick, the temple's
bonus) stay whole (``None``).
"""

from __future__ import annotations

from engine.core.answers import AnswerParts, Step, place
from engine.imhotep.actions import Action
from engine.imhotep.state import SITE_NAMES

#: "To the pyramid" / "A la pirámide": a site as where a boat sails.
_TO_EN = ("To the market", "To the pyramid", "To the temple", "To the burial chamber",
          "To the obelisks")  # fmt: skip
_TO_ES = ("Al mercado", "A la pirámide", "Al templo", "A la cámara funeraria",
          "A los obeliscos")  # fmt: skip

_VERBS: dict[str, Step] = {
    "take": Step("Take stones from the quarry", "Obtén piedras de la cantera"),
    "place": Step("Place a stone on a boat", "Embarca una piedra"),
    "sail": Step("Sail a boat", "Envía un barco"),
    "play-hammer": Step("Play the Hammer", "Juega el Martillo"),
    "play-chisel": Step("Play the Chisel", "Juega el Cincel"),
    "play-sail": Step("Play the Sail", "Juega la Vela"),
    "play-lever": Step("Play the Lever", "Juega la Palanca"),
    "pass": Step("Pass: nothing else is possible", "Pasa: no puedes hacer nada más"),
}


def _boat(boat: int, *, second: bool = False) -> Step:
    if second:
        return place(f"boat:{boat}", f"Second stone: boat {boat}",
                     f"Segunda piedra: barco {boat}")  # fmt: skip
    return place(f"boat:{boat}", f"Boat {boat}", f"Barco {boat}")


def _slot(slot: int) -> Step:
    return Step(f"Slot {slot}", f"Casilla {slot}")


def _site(site: int) -> Step:
    return place(f"site:{SITE_NAMES[site]}", _TO_EN[site], _TO_ES[site])


def answer_parts(action: Action) -> AnswerParts | None:
    """The taps that reach ``action``: a verb, then boats, slots and sites."""
    kind, a = action.kind, action.args
    verb = _VERBS.get(kind)
    steps: tuple[Step, ...]
    if kind in ("take", "pass"):
        steps = (_VERBS[kind],)
    elif kind == "place":
        steps = (_boat(a[0]), _slot(a[1]))
    elif kind in ("sail", "play-lever"):
        steps = (_boat(a[0]), _site(a[1]))
    elif kind == "play-hammer":
        steps = (_boat(a[0]), _slot(a[1])) if a else (
            Step("Only take stones", "Solo obtén piedras"),)  # fmt: skip
    elif kind == "play-chisel":
        steps = (_boat(a[0]), _slot(a[1]), _boat(a[2], second=True), _slot(a[3]))
    elif kind == "play-sail":
        steps = (_boat(a[0]), _slot(a[1]), _site(a[2]))
    elif kind == "bonus":
        steps = (_boat(a[0]), _slot(a[1])) if a else (
            Step("Place no stone", "No embarques ninguna piedra"),)  # fmt: skip
        return AnswerParts(steps)
    else:
        return None
    if verb is None or steps[0] == verb:
        return AnswerParts(steps)
    return AnswerParts((verb, *steps))
