"""``companion run --config FILE``: options from TOML, the command line winning, no secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.config import ConfigError, apply

ROOT = Path(__file__).resolve().parents[2]


def _args(config: Path, *cli: str):  # type: ignore[no-untyped-def]
    args = build_parser().parse_args(["run", "--config", str(config), *cli])
    apply(args, args.run_parser, config)
    return args


def test_the_file_fills_the_options_and_the_command_line_wins(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    ca = tmp_path / "ca.crt"
    ca.write_text("a certificate\n")
    config.write_text(
        'players = ["Ana", "Ben", "Cai"]\nhard = true\ncamera = "0"\nport = 8080\n'
        f'mqtt = "broker.local"\nmqtt-user = "table"\ntls_ca = "{ca}"\n'
        'log = "/srv/games/g.sqlite"\n'
    )
    args = _args(config, "--port", "9000")
    assert args.players == "Ana,Ben,Cai" and args.hard is True and args.camera == "0"
    assert args.port == 9000  # given on the command line
    assert args.mqtt == "broker.local" and args.mqtt_user == "table"
    assert args.tls_ca == str(ca) and args.log == Path("/srv/games/g.sqlite")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('mqtt-password = "hunter2"', "AMRITSAR_MQTT_PASSWORD environment variable"),
        ('playres = ["Ana"]', "playres is not an option of companion run"),
        ("port = 'eighty'", "port: 'eighty' is not a port number"),
        ("solo = 1", "solo is true or false"),
        ("players = [1, 2]", "list of names"),
        ("port = ", "not valid TOML"),
    ],
)
def test_a_bad_file_is_refused_with_the_key_named(tmp_path: Path, text: str, says: str) -> None:
    config = tmp_path / "companion.toml"
    config.write_text(text + "\n")
    with pytest.raises(ConfigError, match=says):
        _args(config)


def test_the_shipped_example_is_accepted(tmp_path: Path) -> None:
    args = _args(ROOT / "deploy" / "companion.toml")
    assert args.camera == "auto" and args.port == 8000 and args.games.name == "games"
    assert args.players is None  # the table screen's start page chooses them


def test_companion_run_says_what_is_wrong_with_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main

    config = tmp_path / "companion.toml"
    config.write_text('mqtt_password = "x"\n')
    assert main(["run", "--config", str(config)]) == 2
    assert "is a secret" in capsys.readouterr().err
    assert main(["run", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err
