"""Reading a game's catalog files and merging an owner's override file into them.

Every game keeps its component values in TOML files beside its rules, each
value with its provenance, and lets an owner correct values with an override
file (a game bought in another edition, a value the text prints only as an
icon). The files and the override have the same shape in every game: a
section per data file, then either a table of named values or a list of
entries found by id. This module does the part that is the same: reading the
files, and walking an override to the entry each change names, with a clear
problem for whatever names nothing. What a change may set, and how the changed
value's provenance is marked, is each game's own rule (``apply_change``).
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

#: (where, the raw entry to change, the new values) -> problems found
ApplyChange = Callable[[str, dict[str, Any], Mapping[str, Any]], list[str]]


def read_data_files(data_dir: Path, names: Iterable[str]) -> dict[str, Any]:
    """Each ``<name>.toml`` of ``data_dir``, parsed, by name."""
    raw: dict[str, Any] = {}
    for name in names:
        with (data_dir / f"{name}.toml").open("rb") as handle:
            raw[name] = tomllib.load(handle)
    return raw


#: The provenance fields of an entry: an override may not set them by hand.
PROVENANCE_FIELDS = ("source", "note", "section")


def change_fields(where: str, target: dict[str, Any], new_values: Mapping[str, Any]) -> list[str]:
    """An ``ApplyChange`` for games whose override sets an entry's own fields: each
    field named must exist (else a problem listing the fields it has); the entry's
    provenance becomes "override". The provenance fields themselves are refused."""
    problems: list[str] = []
    for field_name, value in new_values.items():
        if field_name not in target or field_name in PROVENANCE_FIELDS:
            fields = ", ".join(sorted(k for k in target if k not in PROVENANCE_FIELDS))
            problems.append(f"override: {where} has no field {field_name!r} (fields: {fields})")
            continue
        target[field_name] = copy.deepcopy(value)
    target["source"] = "override"
    target.pop("section", None)
    target["note"] = "changed by the owner's override file"
    return problems


def apply_override(
    raw: dict[str, Any],
    override: Mapping[str, Any],
    files: Mapping[str, str | None],
    apply_change: ApplyChange,
    *,
    id_fields: Mapping[str, str] | None = None,
) -> list[str]:
    """Merge ``override`` into ``raw`` in place; return every problem, in order.

    ``files`` maps each data file to the key of its list of entries, or
    ``None`` when the file is a table of named values. An entry of a list is
    found by its ``id`` (or the field ``id_fields`` names for that file).
    """
    problems: list[str] = []
    for file_name, changes in override.items():
        if file_name not in files:
            problems.append(f"override: unknown section [{file_name}] (use one of {sorted(files)})")
            continue
        if not isinstance(changes, Mapping):
            problems.append(f"override: [{file_name}] must be a table")
            continue
        list_key = files[file_name]
        id_field = (id_fields or {}).get(file_name, "id")
        for key, new_values in changes.items():
            where = f"[{file_name}.{key}]"
            if not isinstance(new_values, Mapping):
                problems.append(f"override: {where} must be a table of values")
                continue
            if list_key is None:
                target = raw[file_name].get(key)
            else:
                entries = raw[file_name].get(list_key, [])
                target = next((e for e in entries if str(e.get(id_field)) == str(key)), None)
            if target is None:
                problems.append(f"override: {where} does not name anything in the catalog")
                continue
            problems += apply_change(where, target, new_values)
    return problems
