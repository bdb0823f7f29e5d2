"""Imhotep actions: small hashable values and their text notation.

An action is ``Action(kind, args)`` with whole-number arguments. Boats are
named by their catalog id, slots count from 1 at the bow, sites and cards by
their catalog names in the notation:

    take                      take stones from the quarry
    place 3 2                 a sled stone onto boat 3, slot 2
    sail 3 pyramid            send boat 3 to the pyramid
    play-hammer 3 1 | play-hammer       take stones, then place one (if any slot)
    play-chisel 3 1 6 2       two stones onto two slots
    play-sail 3 2 temple      place a stone on boat 3 and send it
    play-lever 3 market       send boat 3; you order the unloading
    pass                      only when nothing else is possible
    order 2                   (lever) unload the stone in slot 2 next
    pick statue | pick hidden market pick (side B: the face-down pair)
    pick                      keep the stone unspent (no card)
    accept | decline          side B pyramid bonus: the top card or three stones, or not
    keep statue               side B market: the card kept of the pair
    pyramid left              side B: the pyramid a stone goes on
    bonus 3 2 | bonus         side B pyramid bonus: place a stone, or not
    temple points | temple stones   side B temple bonus choice
    first 2 / round 31 / card statue   chance: first player, round card, a market card
"""

from __future__ import annotations

from typing import NamedTuple

from engine.imhotep.catalog import Catalog
from engine.imhotep.state import PYRAMID_NAMES, SITE_NAMES

#: kinds whose arguments are sites / cards in the notation
_SITE_LAST = {"sail", "play-sail", "play-lever"}
_CARD_ARG = {"pick", "keep", "card"}
TURN_KINDS = (
    "take",
    "place",
    "sail",
    "play-hammer",
    "play-chisel",
    "play-sail",
    "play-lever",
    "pass",
)
#: argument counts allowed per kind
_ARITY: dict[str, tuple[int, ...]] = {
    "take": (0,),
    "place": (2,),
    "sail": (2,),
    "play-hammer": (0, 2),
    "play-chisel": (4,),
    "play-sail": (3,),
    "play-lever": (2,),
    "pass": (0,),
    "order": (1,),
    "pick": (0, 1),
    "accept": (0,),
    "decline": (0,),
    "keep": (1,),
    "pyramid": (1,),
    "bonus": (0, 2),
    "temple": (1,),
    "first": (1,),
    "round": (1,),
    "card": (1,),
}
HIDDEN = -1  # ``pick hidden``: the side-B face-down pair
TEMPLE_CHOICES = ("points", "stones")


class Action(NamedTuple):
    kind: str
    args: tuple[int, ...] = ()


def format_action(action: Action, catalog: Catalog) -> str:
    words = [action.kind]
    for index, arg in enumerate(action.args):
        last = index == len(action.args) - 1
        if action.kind in _SITE_LAST and last:
            words.append(SITE_NAMES[arg])
        elif action.kind in _CARD_ARG:
            words.append("hidden" if arg == HIDDEN else catalog.cards[arg].id)
        elif action.kind == "pyramid":
            words.append(PYRAMID_NAMES[arg])
        elif action.kind == "temple":
            words.append(TEMPLE_CHOICES[arg])
        else:
            words.append(str(arg))
    return " ".join(words)


def parse_action(text: str, catalog: Catalog) -> Action:
    """Inverse of ``format_action``; ``ValueError`` says what is wrong."""
    if not isinstance(text, str) or len(text) > 80:
        raise ValueError("an action is a short line of text, like 'place 3 2'")
    words = text.split()
    if not words:
        raise ValueError("empty action")
    kind, rest = words[0].lower(), words[1:]
    if kind not in _ARITY:
        raise ValueError(f"unknown action {kind!r}; known: {', '.join(sorted(_ARITY))}")
    if len(rest) not in _ARITY[kind]:
        counts = " or ".join(str(n) for n in _ARITY[kind])
        raise ValueError(f"{kind!r} takes {counts} argument(s), not {len(rest)}")
    args: list[int] = []
    for index, word in enumerate(rest):
        last = index == len(rest) - 1
        if kind in _SITE_LAST and last:
            args.append(_lookup(word, SITE_NAMES, "site"))
        elif kind in _CARD_ARG:
            if word == "hidden" and kind == "pick":
                args.append(HIDDEN)
            else:
                args.append(_lookup(word, tuple(c.id for c in catalog.cards), "market card"))
        elif kind == "pyramid":
            args.append(_lookup(word, PYRAMID_NAMES, "pyramid"))
        elif kind == "temple":
            args.append(_lookup(word, TEMPLE_CHOICES, "temple bonus"))
        else:
            if not word.isdigit() or len(word) > 3:
                raise ValueError(f"{kind!r}: argument {index + 1} must be a number, not {word!r}")
            args.append(int(word))
    return Action(kind, tuple(args))


def _lookup(word: str, names: tuple[str, ...], what: str) -> int:
    if word not in names:
        raise ValueError(f"unknown {what} {word!r}; one of: {', '.join(names)}")
    return names.index(word)
