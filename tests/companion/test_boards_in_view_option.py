"""``--boards-in-view`` at a real table and in the demo (issue 33): taken by Amritsar,
refused in one line by a game without the layout, read from the camera's frames."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from companion.boards_in_view import layout_refusal
from companion.cli import build_parser, main
from companion.config import ConfigError, apply
from companion.games.amritsar.boards_look import BoardsLook
from vision.games.amritsar_boards.render import BoardsRenderer
from vision.games.amritsar_boards.view import FLIPPED, BoardView
from vision.sources import Frame
from vision.yuv import from_bgr

TRUTH = BoardView(
    tracks=(2, 5, 0),
    tax=7,
    storage=(3, -1, FLIPPED),
    mahouts=(False, True, False, False),
    objectives=(True, False, False, False),
)


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_only_amritsar_has_the_layout() -> None:
    assert layout_refusal("amritsar") == ""
    for game in ("imhotep", "ceylon", "rajas"):
        assert "has no layout with the players' boards" in layout_refusal(game)


def test_run_refuses_it_for_a_game_without_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "imhotep", "--boards-in-view", "--camera", "none"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("companion run: --boards-in-view: Imhotep")


def test_run_refuses_it_without_a_camera(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--boards-in-view", "--camera", "none"]) == 2
    assert "reads the players' boards with the camera" in _one_line(capsys.readouterr().err)


def test_demo_refuses_it_for_a_game_without_the_layout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--game", "ceylon", "--boards-in-view", "--no-server"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("companion demo: --boards-in-view: Ceylon")


def _config(tmp_path: Path, text: str) -> Any:
    parser = build_parser()
    args = parser.parse_args(["run"])
    path = tmp_path / "companion.toml"
    path.write_text(text)
    apply(args, args.run_parser, path)
    return args


def test_the_config_file_takes_it_as_true_or_false(tmp_path: Path) -> None:
    assert _config(tmp_path, "").boards_in_view is False
    assert _config(tmp_path, "boards-in-view = true\n").boards_in_view is True
    with pytest.raises(ConfigError, match="boards-in-view is true or false"):
        _config(tmp_path, 'boards-in-view = "yes"\n')


class _Pipeline:
    def __init__(self) -> None:
        self.frames = 0
        self.short: frozenset[str] = frozenset({"x"})

    def process(self, frame: Frame) -> str:
        self.frames += 1
        return "snapshot"


def test_the_camera_loop_hands_the_settled_boards_to_the_reconciler() -> None:
    renderer = BoardsRenderer(5, "ideal", 1, size=(3200, 2400))
    reconciler = SimpleNamespace(boards_seen=None)
    pipeline = _Pipeline()
    look = BoardsLook(pipeline, cast(Any, reconciler), 1, None)
    assert look.short == frozenset({"x"})  # the runner's questions reach the pipeline
    got = []
    for n in range(4):
        image = renderer.frame((TRUTH,), False, n)
        y, chroma = from_bgr(image)  # as the Pi camera gives it
        assert look.process(Frame(image=y, number=n, time=n / 10, chroma=chroma)) == "snapshot"
        got.append(reconciler.boards_seen)
    assert pipeline.frames == 4
    assert got[0] is None  # not settled on one frame: nothing of the boards trusted
    settled = got[-1]
    assert settled is not None and settled[0].matches(TRUTH)
    assert settled[0].tracks == TRUTH.tracks and settled[0].tax == TRUTH.tax
