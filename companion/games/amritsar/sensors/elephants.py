"""Which NFC tag UID is under which player's elephant: the owner's pairing file.

Elephants are told apart by the UID of the sticker under each one. Which UID
belongs to which player colour is configuration, kept in a small TOML file the
owner can edit by hand or fill with ``companion sensors pair``::

    # elephants.toml
    [elephants]
    purple = "04A1B2C3D4E5F6"
    grey = "04A1B2C3D4E5F7"

A UID missing from the file is reported as unknown (colour ``None``), never
matched to the closest colour. Loading checks every line and says which one is
wrong and how to fix it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from engine.amritsar import PLAYER_COLOURS

_UID = re.compile(r"(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})")

FILE_HEADER = """\
# Which NFC sticker is under which elephant (Amritsar table companion).
# One line per player colour: colour = "UID". The UID is the sticker's serial
# number in hex, as `companion sensors pair` or `companion sensors watch`
# shows it. Colours: purple, grey, pink, orange.
"""


class PairingError(ValueError):
    """The pairing file or a pairing request is wrong; the text says how to fix it."""


def normalise_uid(text: str) -> str:
    """``04:a1:b2 c3...`` -> ``04A1B2C3...``; ``PairingError`` unless 4, 7 or 10 bytes."""
    uid = re.sub(r"[\s:-]", "", text).upper()
    if not _UID.fullmatch(uid):
        raise PairingError(
            f"{text!r} is not a tag UID: expected 4, 7 or 10 bytes in hex, like 04A1B2C3D4E5F6"
        )
    return uid


class ElephantRegistry:
    """The pairing of player colours and tag UIDs, one to one."""

    def __init__(self, colours: Mapping[str, str] | None = None) -> None:
        self._uid_of: dict[str, str] = {}
        self._colour_of: dict[str, str] = {}
        for colour, uid in (colours or {}).items():
            self._add(colour, uid)

    def _add(self, colour: str, uid_text: str) -> None:
        if colour not in PLAYER_COLOURS:
            raise PairingError(
                f"unknown player colour {colour!r}: use one of {', '.join(PLAYER_COLOURS)}"
            )
        uid = normalise_uid(uid_text)
        other = self._colour_of.get(uid)
        if other is not None and other != colour:
            raise PairingError(
                f"tag {uid} is paired with both {other} and {colour}: "
                "each elephant needs its own sticker"
            )
        old = self._uid_of.pop(colour, None)
        if old is not None:
            del self._colour_of[old]
        self._uid_of[colour] = uid
        self._colour_of[uid] = colour

    def colour_of(self, uid: str) -> str | None:
        return self._colour_of.get(uid)

    def uid_of(self, colour: str) -> str | None:
        return self._uid_of.get(colour)

    def pairs(self) -> dict[str, str]:
        """Colour -> UID, in the order of ``PLAYER_COLOURS``."""
        return {c: self._uid_of[c] for c in PLAYER_COLOURS if c in self._uid_of}

    def paired(self, colour: str, uid: str) -> ElephantRegistry:
        """A copy with ``colour`` paired to ``uid`` (replacing that colour's old tag)."""
        copy = ElephantRegistry(self.pairs())
        taken = copy.colour_of(normalise_uid(uid))
        if taken is not None and taken != colour:
            copy._uid_of.pop(taken)
            copy._colour_of.pop(normalise_uid(uid))
        copy._add(colour, uid)
        return copy

    @classmethod
    def load(cls, path: Path) -> ElephantRegistry:
        """Read a pairing file; a missing file is an empty pairing."""
        if not path.exists():
            return cls()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise PairingError(f"{path}: not valid TOML ({error})") from None
        table = data.get("elephants", {})
        if not isinstance(table, dict):
            raise PairingError(f'{path}: [elephants] must be a table of colour = "UID" lines')
        registry = cls()
        for colour, uid in table.items():
            if not isinstance(uid, str):
                raise PairingError(f'{path}: {colour} must be a UID in quotes, like "04A1B2C3"')
            try:
                registry._add(colour, uid)
            except PairingError as error:
                raise PairingError(f"{path}: {error}") from None
        return registry

    def save(self, path: Path) -> None:
        lines = [FILE_HEADER, "[elephants]"]
        lines += [f'{colour} = "{uid}"' for colour, uid in self.pairs().items()]
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
        tmp.replace(path)
