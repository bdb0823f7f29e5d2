"""Every value of ``companion run``'s config file is checked at start, one line each.

``port = 99999`` used to be accepted and crash the service at bind; a value of
the wrong type printed argparse's whole usage text before the error. Now the
file's values go through the same checks as the command line
(``companion.run_options``) and each bad one is one line naming its key.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.config import ConfigError, apply


def _apply(tmp_path: Path, text: str) -> object:
    config = tmp_path / "companion.toml"
    config.write_text(text)
    args = build_parser().parse_args(["run", "--config", str(config)])
    apply(args, args.run_parser, config)
    return args


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("port = 99999", "port: 99999 is not a port number: ports are 1 to 65535"),
        ("port = 0", "port: 0 is not a port number"),
        ("port = 80.5", "port: '80.5' is not a port number"),
        ("port = true", "port cannot be true or false"),
        ('mqtt = "broker.local:70000"', "mqtt: 'broker.local:70000' is not HOST or HOST:PORT"),
        ('mqtt = "two words"', "mqtt: 'two words' is not HOST or HOST:PORT"),
        ('host = "not a host!"', "host: 'not a host!' is not an IP address or a host name"),
        ('calibration = "/nowhere/cam.json"', "calibration: '/nowhere/cam.json' does not exist"),
        ('tls-ca = "/nowhere/ca.crt"', "tls-ca: '/nowhere/ca.crt' does not exist"),
        ('games = ""', "games: '' is not a path"),
        ('log = "a\\u0000b"', "log: 'a\\x00b' is not a path: it holds a NUL byte"),
        (f'games = "{"x" * 5000}"', "is not a path: longer than 4096 characters"),
        ("seed = -1", "seed: -1 is not a whole number from 0"),
        ("fps = 0", "fps: 0 frames a second is out of range: 0.1 to 30"),
        ("fps = 120", "fps: 120 frames a second is out of range"),
        ('fps = "fast"', "fps: 'fast' is not a number of frames a second"),
        ('solo = "yes"', "solo is true or false, not 'yes'"),
        ('setup = "magic"', "setup is one of dealt, table, not 'magic'"),
        ('house-rule = ["no-such-rule"]', "house-rule is one of "),
        ("camera = {a = 1}", "camera cannot be dict"),
    ],
)
def test_a_bad_value_is_one_line_naming_its_key(tmp_path: Path, line: str, says: str) -> None:
    with pytest.raises(ConfigError) as raised:
        _apply(tmp_path, line + "\n")
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"{tmp_path / 'companion.toml'}: ")
    assert says in message


def test_good_values_come_through_typed(tmp_path: Path) -> None:
    calibration = tmp_path / "cam.json"
    calibration.write_text("{}")
    args = _apply(
        tmp_path,
        f'port = 8080\nfps = 2.5\nseed = 7\nmqtt = "10.0.0.5:8883"\nhost = "127.0.0.1"\n'
        f'calibration = "{calibration}"\nhouse-rule = []\nsolo = false\n',
    )
    got = vars(args)
    assert got["port"] == 8080 and got["fps"] == 2.5 and got["seed"] == 7
    assert got["mqtt"] == "10.0.0.5:8883" and got["host"] == "127.0.0.1"
    assert got["calibration"] == calibration and got["solo"] is False


def test_companion_run_prints_every_bad_value_and_no_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('port = 99999\nfps = "fast"\nsolo = 1\n')
    assert main(["run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("companion run: ") for line in lines)
    assert "port: 99999" in lines[0] and "fps: 'fast'" in lines[1] and "solo is true" in lines[2]
    assert "usage:" not in err


def test_the_command_line_checks_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        build_parser().parse_args(["run", "--port", "99999"])
    assert raised.value.code == 2
    assert "99999 is not a port number: ports are 1 to 65535" in capsys.readouterr().err
