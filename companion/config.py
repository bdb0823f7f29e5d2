"""``companion run --config FILE``: the run's options from a TOML file.

A service starts the companion with the same command every time; what changes
per table (camera, sensor link, port, log file) lives in a TOML file whose keys
are the option names without the dashes (``camera = "0"``, ``mqtt = "pi.local"``,
``port = 8000``, ``solo = true``, ``players = ["Ana", "Ben"]``). An option given
on the command line wins over the file. Secrets stay out of the file: the MQTT
password comes from the ``AMRITSAR_MQTT_PASSWORD`` environment variable (the
systemd unit reads it from a root-only environment file).

Every value is checked before the run starts, by the same ``type`` functions
the command line uses (``companion.run_options``: ports 1 to 65535, paths,
files that must exist, the frame rate, true or false for switches): each bad
value is one line naming its key, never argparse's usage text.
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
_NOT_OPTIONS = {"func", "command", "config", "run_parser", "help"}


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


def _number_words(kind: Any) -> str:
    return {int: "a whole number", float: "a number"}.get(kind, "a value")


def _checked(key: str, value: Any, action: argparse.Action) -> Any:
    """The option's value from the file's ``value``, checked as the command line
    checks it (the option's ``type`` and ``choices``); ConfigError names the key."""
    if action.nargs == 0:  # a switch: --solo, --hard
        if not isinstance(value, bool):
            raise ConfigError(f"{key} is true or false, not {value!r}")
        return action.const if value else action.default
    many = isinstance(action.default, list)  # --house-rule, given once per rule
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{key} is a list of names in quotes")
        if not many:
            value = ",".join(value)  # --players A,B,C
    elif isinstance(value, bool) or not isinstance(value, str | int | float):
        kind = "true or false" if isinstance(value, bool) else type(value).__name__
        raise ConfigError(f"{key} cannot be {kind} ({value!r})")
    out = []
    for one in value if many and isinstance(value, list) else [value]:
        text = str(one)
        try:
            converted = action.type(text) if callable(action.type) else text
        except argparse.ArgumentTypeError as error:
            raise ConfigError(f"{key}: {error}") from None
        except (TypeError, ValueError):
            raise ConfigError(f"{key} is {_number_words(action.type)}, not {one!r}") from None
        if action.choices is not None and converted not in action.choices:
            choices = ", ".join(str(c) for c in action.choices)
            raise ConfigError(f"{key} is one of {choices}, not {one!r}")
        out.append(converted)
    return out if many else out[0]


def apply(args: argparse.Namespace, parser: argparse.ArgumentParser, path: Path) -> None:
    """Fill the options of ``args`` not given on the command line from the file at ``path``.

    An option counts as given when its value differs from the built-in default.
    Every value is checked as the command line checks it; all the file's
    problems are raised together, one line each naming its key.
    """
    settings = load(path)
    actions = {
        action.dest: action
        for action in parser._actions  # argparse's table of the parser's options
        if action.option_strings and action.dest not in _NOT_OPTIONS
    }
    known = sorted(dest.replace("_", "-") for dest in actions)
    problems: list[str] = []
    values: dict[str, Any] = {}
    for key, value in settings.items():
        dest = key.replace("-", "_")
        if dest not in actions:
            problems.append(
                f"{path}: {key} is not an option of companion run (the options are: "
                f"{', '.join(known)})"
            )
            continue
        try:
            values[dest] = _checked(key, value, actions[dest])
        except ConfigError as error:
            problems.append(f"{path}: {error}")
    if problems:
        raise ConfigError("\n".join(problems))
    for dest, value in values.items():
        if getattr(args, dest) == parser.get_default(dest):
            setattr(args, dest, value)
