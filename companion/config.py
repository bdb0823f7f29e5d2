"""``companion run --config FILE``: the run's options from a TOML file.

A service starts the companion with the same command every time; what changes
per table (camera, sensor link, port, log file) lives in a TOML file whose keys
are the option names without the dashes (``camera = "0"``, ``mqtt = "pi.local"``,
``port = 8000``, ``solo = true``, ``players = ["Ana", "Ben"]``). An option given
on the command line wins over the file. Secrets stay out of the file: the MQTT
password comes from the ``AMRITSAR_MQTT_PASSWORD`` environment variable (the
systemd unit reads it from a root-only environment file).
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path
from typing import Any

#: Keys that must not be written in the file, and where they belong instead.
SECRETS = {
    "mqtt-password": "the AMRITSAR_MQTT_PASSWORD environment variable",
    "mqtt_password": "the AMRITSAR_MQTT_PASSWORD environment variable",
}
#: Namespace entries that are not options.
_NOT_OPTIONS = {"func", "command", "config", "run_parser"}


class ConfigError(ValueError):
    """The config file cannot be used; the message names the file and the key."""


def load(path: Path) -> dict[str, Any]:
    """The file's settings, keyed by option name with dashes (``mqtt-user``)."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"the config file {path} does not exist") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    for key in data:
        if key in SECRETS:
            raise ConfigError(
                f"{path}: {key} is a secret; give it in {SECRETS[key]}, not in the config file"
            )
    return {key.replace("_", "-"): value for key, value in data.items()}


def _as_arguments(path: Path, key: str, value: Any, default: Any) -> list[str]:
    option = f"--{key}"
    if isinstance(default, bool) or isinstance(value, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{path}: {key} is true or false, not {value!r}")
        return [option] if value else []
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{path}: {key} is a list of names in quotes")
        return [option, ",".join(value)]
    if isinstance(value, str | int | float):
        return [option, str(value)]
    raise ConfigError(f"{path}: {key} cannot be {type(value).__name__} ({value!r})")


def apply(args: argparse.Namespace, parser: argparse.ArgumentParser, path: Path) -> None:
    """Fill the options of ``args`` not given on the command line from the file at ``path``.

    An option counts as given when its value differs from the built-in default.
    """
    settings = load(path)
    known = {dest.replace("_", "-") for dest in vars(args) if dest not in _NOT_OPTIONS}
    arguments: list[str] = []
    for key, value in settings.items():
        if key not in known:
            raise ConfigError(
                f"{path}: {key} is not an option of companion run "
                f"(the options are: {', '.join(sorted(known))})"
            )
        arguments += _as_arguments(path, key, value, parser.get_default(key.replace("-", "_")))
    try:
        from_file, unknown = parser.parse_known_args(arguments)
    except SystemExit:
        raise ConfigError(f"{path}: a value above is not accepted") from None
    if unknown:
        raise ConfigError(f"{path}: cannot read {' '.join(unknown)}")
    for key in settings:
        dest = key.replace("-", "_")
        if getattr(args, dest) == parser.get_default(dest):
            setattr(args, dest, getattr(from_file, dest))
