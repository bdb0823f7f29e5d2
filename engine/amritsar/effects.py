"""The small language the catalog uses to say what an action or benefit does.

Tiles, knowledge steps, storehouses and mahout tiles all give things: coins,
resources, a market action, an upgrade, a knowledge step. The catalog writes
them as short strings ("marble:2", "coin:1+market", "marble:2|copper:1"),
parsed here into tuples of ``Step``. The rules execute a step list one step at
a time; steps that need a choice become the pending decision.

Notation:
    ``a+b``   do a, then b            ``a|b``  choose one of a or b
    ``coin:N``  gain N coins          ``marble:N`` / ``copper:N`` / ``gold:N``
    ``any:N``   N resources of choice ``pp:N`` gain N PP
    ``counter:N`` N donation counters from your market space to your elephant
    ``market``  a market action       ``mahout`` perform one of your mahout tiles
    ``donate``  a donation            ``upgrade:K/K`` one upgrade of the kinds
    ``upgrade:any`` any upgrade       ``upgrade:free`` any upgrade, unpaid
    ``track:T`` one knowledge step (development, resources, money, any)
    ``two-steps`` one track up 2, or two tracks up 1 each
    ``unlock-movement`` flip the movement token
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from engine.amritsar.board import Resource


class Op(IntEnum):
    COIN = 0
    RESOURCE = 1
    ANY = 2
    CHOICE = 3
    MARKET = 4
    MAHOUT = 5
    UPGRADE = 6
    TRACK = 7
    TWO_STEPS = 8
    COUNTER = 9
    PP = 10
    DONATE = 11
    UNLOCK_MOVEMENT = 12


class Upgrade(IntEnum):
    """The three upgrade kinds (rulebook: Mahout and upgrades)."""

    STOREHOUSE = 0
    OBJECTIVE = 1
    MAHOUT = 2


ALL_UPGRADES = 0b111


class Track(IntEnum):
    """The three knowledge tracks (rulebook: Knowledge tracks)."""

    DEVELOPMENT = 0
    RESOURCES = 1
    MONEY = 2

    @classmethod
    def parse(cls, text: str) -> Track:
        key = text.strip().upper()
        for track in cls:
            if track.name == key or track.name[:3] == key:
                return track
        raise ValueError(f"unknown knowledge track {text!r} (development, resources, money)")

    @property
    def es(self) -> str:
        return ("desarrollo", "recursos", "dinero")[self.value]


ANY_TRACK = -1


class Step(NamedTuple):
    """One step of an effect.

    ``n`` is a count (coins, resources, PP, steps). ``arg`` is the resource for
    RESOURCE, the upgrade-kind bit mask for UPGRADE (with ``n`` = 1 when it is
    free), or the track for TRACK (``ANY_TRACK`` for a free choice). ``alts``
    holds the alternatives of a CHOICE.
    """

    op: Op
    n: int = 1
    arg: int = 0
    alts: tuple[tuple[Step, ...], ...] = ()

    def __str__(self) -> str:
        return format_effect((self,))


Effect = tuple[Step, ...]

_UPGRADE_NAMES = {"storehouse": Upgrade.STOREHOUSE, "objective": Upgrade.OBJECTIVE}
_UPGRADE_NAMES["mahout"] = Upgrade.MAHOUT


def _parse_step(text: str) -> Step:
    name, _, value = text.strip().partition(":")
    name = name.strip().lower()
    value = value.strip().lower()

    def count() -> int:
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"{text!r}: expected a positive count after ':'")
        return int(value)

    if name == "coin":
        return Step(Op.COIN, count())
    if name in ("marble", "copper", "gold"):
        return Step(Op.RESOURCE, count(), Resource[name.upper()])
    if name == "any":
        return Step(Op.ANY, count())
    if name == "pp":
        return Step(Op.PP, count())
    if name == "counter":
        return Step(Op.COUNTER, count())
    if name == "market" and not value:
        return Step(Op.MARKET)
    if name == "mahout" and not value:
        return Step(Op.MAHOUT)
    if name == "donate" and not value:
        return Step(Op.DONATE)
    if name == "two-steps" and not value:
        return Step(Op.TWO_STEPS, 2)
    if name == "unlock-movement" and not value:
        return Step(Op.UNLOCK_MOVEMENT)
    if name == "upgrade":
        if value == "any":
            return Step(Op.UPGRADE, 0, ALL_UPGRADES)
        if value == "free":
            return Step(Op.UPGRADE, 1, ALL_UPGRADES)
        mask = 0
        for kind in value.split("/"):
            if kind not in _UPGRADE_NAMES:
                raise ValueError(f"{text!r}: unknown upgrade kind {kind!r}")
            mask |= 1 << _UPGRADE_NAMES[kind]
        return Step(Op.UPGRADE, 0, mask)
    if name == "track":
        if value == "any":
            return Step(Op.TRACK, 1, ANY_TRACK)
        return Step(Op.TRACK, 1, Track.parse(value))
    raise ValueError(f"unknown effect {text!r}")


def parse_effect(text: str) -> Effect:
    """Parse the notation above; raises ``ValueError`` naming the bad part."""
    text = text.strip()
    if not text:
        return ()
    if "|" in text:
        alternatives = tuple(parse_effect(part) for part in text.split("|"))
        if any(not alt for alt in alternatives):
            raise ValueError(f"{text!r}: empty alternative")
        return (Step(Op.CHOICE, 1, 0, alternatives),)
    return tuple(_parse_step(part) for part in text.split("+"))


def _format_step(step: Step) -> str:
    op = step.op
    if op is Op.COIN:
        return f"coin:{step.n}"
    if op is Op.RESOURCE:
        return f"{Resource(step.arg).name.lower()}:{step.n}"
    if op is Op.ANY:
        return f"any:{step.n}"
    if op is Op.PP:
        return f"pp:{step.n}"
    if op is Op.COUNTER:
        return f"counter:{step.n}"
    if op is Op.CHOICE:
        return "|".join(format_effect(alt) for alt in step.alts)
    if op is Op.UPGRADE:
        if step.n:
            return "upgrade:free"
        if step.arg == ALL_UPGRADES:
            return "upgrade:any"
        return "upgrade:" + "/".join(u.name.lower() for u in Upgrade if step.arg >> u & 1)
    if op is Op.TRACK:
        return "track:" + ("any" if step.arg == ANY_TRACK else Track(step.arg).name.lower())
    return {
        Op.MARKET: "market",
        Op.MAHOUT: "mahout",
        Op.DONATE: "donate",
        Op.TWO_STEPS: "two-steps",
        Op.UNLOCK_MOVEMENT: "unlock-movement",
    }[op]


def format_effect(effect: Effect) -> str:
    return "+".join(_format_step(step) for step in effect)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _describe_upgrade(step: Step, lang: str) -> str:
    if step.n:
        return "una mejora gratis" if lang == "es" else "a free upgrade"
    if step.arg == ALL_UPGRADES:
        return "una mejora cualquiera" if lang == "es" else "any upgrade"
    kinds = [u for u in Upgrade if step.arg >> u & 1]
    if lang == "es":
        names = {
            Upgrade.STOREHOUSE: "almacén",
            Upgrade.OBJECTIVE: "objetivo",
            Upgrade.MAHOUT: "mahout",
        }
        words = [names[u] for u in kinds]
        text = words[0]
        for word in words[1:]:
            text += (" u " if word.startswith("o") else " o ") + word
        return "una mejora de " + text
    return "a " + " or ".join(u.name.lower() for u in kinds) + " upgrade"


def _describe_step(step: Step, lang: str) -> str:
    es = lang == "es"
    op = step.op
    if op is Op.COIN:
        return _plural(step.n, "moneda", "monedas") if es else _plural(step.n, "coin", "coins")
    if op is Op.RESOURCE:
        resource = Resource(step.arg)
        if es:
            return _plural(
                step.n, resource.es, {"mármol": "mármoles"}.get(resource.es, resource.es)
            )
        name = resource.name.lower()
        return _plural(step.n, name, name + "s" if name == "marble" else name)
    if op is Op.ANY:
        if es:
            return _plural(step.n, "recurso", "recursos") + " a tu elección"
        return _plural(step.n, "resource", "resources") + " of your choice"
    if op is Op.PP:
        return f"{step.n} PP"
    if op is Op.CHOICE:
        return (" o " if es else " or ").join(describe_effect(alt, lang) for alt in step.alts)
    if op is Op.UPGRADE:
        return _describe_upgrade(step, lang)
    if op is Op.TRACK:
        if step.arg == ANY_TRACK:
            return (
                "un paso de conocimiento a tu elección" if es else "a knowledge step of your choice"
            )
        track = Track(step.arg)
        return f"un paso de {track.es}" if es else f"a {track.name.lower()} step"
    english, spanish = {
        Op.COUNTER: (
            "a donation counter to your elephant",
            "un contador de donación a tu elefante",
        ),
        Op.MARKET: ("a market action", "una acción de mercado"),
        Op.MAHOUT: ("one of your mahout tiles", "una de tus losetas de mahout"),
        Op.DONATE: ("a donation", "una donación"),
        Op.TWO_STEPS: ("2 knowledge steps", "2 pasos de conocimiento"),
        Op.UNLOCK_MOVEMENT: ("unlock the movement token", "desbloquear la ficha de movimiento"),
    }[op]
    return spanish if es else english


def describe_effect(effect: Effect, lang: str = "en") -> str:
    """A short phrase for an effect, for tables, logs and refusals (``en`` or ``es``).

    >>> describe_effect(parse_effect("coin:1+market"))
    '1 coin and a market action'
    >>> describe_effect(parse_effect("marble:2|copper:1"), "es")
    '2 mármoles o 1 cobre'
    """
    return (" y " if lang == "es" else " and ").join(_describe_step(s, lang) for s in effect)
