"""``make flash`` (``firmware/flash.py``): the board's files and folders, run twice.

The preparation the script runs on the board with ``mpremote exec`` runs here
on the MicroPython unix port inside a folder that stands for the board's
filesystem; the copies ``mpremote cp`` would make are made by hand; then the
unix port imports the firmware from that folder as the board would.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.firmware.runners import FIRMWARE, MICROPYTHON

# firmware/flash.py is a script beside the firmware, loaded by its path.
_spec = importlib.util.spec_from_file_location("firmware_flash", FIRMWARE / "flash.py")
assert _spec is not None and _spec.loader is not None
flash = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(flash)


def _on_board(board: Path, code: str) -> str:
    done = subprocess.run(
        [str(MICROPYTHON), "-c", code],
        cwd=board,
        capture_output=True,
        text=True,
        timeout=30,
        env={"MICROPYPATH": f"{board}:{board / 'lib'}"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _flash_into(board: Path, files: list[tuple[Path, str]]) -> None:
    assert "folders ready" in _on_board(board, flash.prepare_script(files))
    for local, remote in files:  # what `mpremote cp local :remote` does
        shutil.copy(local, board / remote)


def _config(tmp_path: Path, **changes: object) -> Path:
    config = json.loads((FIRMWARE / "config.example.json").read_text()) | changes
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    return path


def test_flashing_twice_gives_a_board_that_imports_its_firmware(tmp_path: Path) -> None:
    board = tmp_path / "board"
    board.mkdir()
    files = flash.board_files(_config(tmp_path))
    _flash_into(board, files)
    (board / "amritsar_fw" / "retired_module.py").write_text("x = 1\n")  # from an older firmware
    (board / "boot.py").write_text("# MicroPython's own\n")
    _flash_into(board, files)  # again: existing folders are fine, stale modules go
    assert not (board / "amritsar_fw" / "retired_module.py").exists()
    assert (board / "boot.py").exists()
    on_board = sorted(str(p.relative_to(board)) for p in board.rglob("*.py"))
    assert on_board == sorted(
        ["boot.py", *(remote for _, remote in files if remote.endswith(".py"))]
    )
    assert "amritsar_sim" not in " ".join(on_board)  # the simulators stay on the computer
    code = (
        "import amritsar_fw.board, amritsar_fw.mqtt_link, amritsar_fw.links, umqtt.simple, json\n"
        "print(json.load(open('config.json'))['board_id'])"
    )
    assert _on_board(board, code).strip() == "table-1"


def test_main_py_is_copied_last_and_the_board_reset() -> None:
    command = flash.mpremote_command("auto", flash.board_files(FIRMWARE / "config.json"))
    copies = [command[i + 2] for i, word in enumerate(command) if word == "cp"]
    assert command[:4] == ["mpremote", "connect", "auto", "exec"]
    assert copies[-1].endswith("main.py") and command[-2:] == ["+", "reset"]


def test_the_config_must_exist_and_name_the_board(tmp_path: Path) -> None:
    assert "copy config.example.json" in (
        flash.check_config(tmp_path / "none.json", "pico_w") or ""
    )
    esp = _config(tmp_path, hardware="esp32")
    assert "the pins differ" in (flash.check_config(esp, "pico_w") or "")
    assert flash.check_config(esp, "esp32") is None
    (tmp_path / "bad.json").write_text("{")
    assert "not valid JSON" in (flash.check_config(tmp_path / "bad.json", "pico_w") or "")


def test_an_esp32_gets_micropython_with_esptool_then_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = _config(tmp_path, hardware="esp32")
    image = tmp_path / "ESP32_GENERIC-v1.24.bin"
    argv = ["--board", "esp32", "--config", str(config), "--micropython", str(image)]
    assert flash.main([*argv, "--dry-run"]) == 2  # which serial port must be said
    assert "--port" in capsys.readouterr().err
    assert flash.main([*argv, "--port", "/dev/ttyUSB0", "--dry-run"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("$ esptool --chip esp32 --port /dev/ttyUSB0 erase-flash")
    assert f"write-flash -z 0x1000 {image}" in printed[1]
    assert printed[2].startswith("$ mpremote connect /dev/ttyUSB0 exec")
    assert printed[2].endswith("+ reset")
