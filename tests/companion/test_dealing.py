"""Secret draws cannot be derived from public ones (issue 14, item 1).

The attack: the public setup (temple, bridge and district tiles, workers,
storehouses) is on the table for all to see. If the objectives came from the
same seeded stream, a spectator who searched the seed space from the public
layout would know every hand. These tests hand the attacker the seed itself
(the best a search can do) and check the hands still cannot be predicted.
"""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.games.amritsar.dealing import SECRET_DRAWS, Dealer
from companion.games.amritsar.resume import open_session
from engine.amritsar import parse_action
from engine.amritsar.actions import Act
from engine.amritsar.record import Game

PLAYERS = ["Ana", "Ben", "Cai", "Dev"]


def _draws(game: Game) -> tuple[list[str], list[str]]:
    """A game's setup draws as (public, secret), by the kind of draw each answered."""
    public: list[str] = []
    secret: list[str] = []
    for entry, state in zip(game.entries, game.states, strict=False):
        if entry.action.kind is Act.CHANCE:
            kind = state.pending[-1].kind
            (secret if kind in SECRET_DRAWS else public).append(str(entry.action))
    return public, secret


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _deal_with_companion_run(log: Path, seed: int) -> list[str]:
    """Start ``companion run --seed``; return the draws its log records, then stop it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--players", ",".join(PLAYERS),
         "--camera", "none", "--serial", "none", "--seed", str(seed), "--log", str(log),
         "--host", "127.0.0.1", "--port", str(_free_port())],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, "companion run stopped before dealing"
            assert time.monotonic() < deadline, "companion run did not deal within 30 s"
            if log.exists():
                try:
                    with sqlite3.connect(f"file:{log}?mode=ro", uri=True) as db:
                        row = db.execute("SELECT payload FROM log WHERE kind='game'").fetchone()
                except sqlite3.Error:
                    row = None
                if row is not None:
                    return list(json.loads(row[0])["setup"])
            time.sleep(0.1)
    finally:
        # Stopped as a person stops it; what is measured here is the deal, so
        # a stop slower than 20 s (once, a loaded CI machine) is cut short.
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


def test_knowing_the_seed_of_companion_run_does_not_reveal_the_hands(tmp_path: Path) -> None:
    seed = 5
    # What a spectator computes once the public layout gave the seed away.
    predicted = Game.new(len(PLAYERS), seed=seed)
    predicted_secret = _draws(predicted)[1]
    assert predicted_secret  # objectives are dealt in setup
    # The two tables start side by side: each mostly waits for its process.
    with ThreadPoolExecutor(2) as pool:
        logs = [tmp_path / f"game{attempt}.sqlite" for attempt in range(2)]
        setups = list(pool.map(_deal_with_companion_run, logs, [seed, seed]))
    deals = [_draws_of(setup) for setup in setups]
    for _, secret in deals:
        assert secret != predicted_secret, "the hands follow from the seed"
    assert deals[0][0] == deals[1][0]  # --seed still repeats the table's layout
    assert deals[0][1] != deals[1][1]  # ... which came with different hands


def _draws_of(setup: list[str]) -> tuple[list[str], list[str]]:
    """Replay a logged deal and split it into public and secret draws."""
    game = Game.new(len(PLAYERS))
    for text in setup:
        game.play(parse_action(text))
    return _draws(game)


def test_same_public_layout_comes_with_different_hands() -> None:
    """Public draws give no information about secret ones: with the public
    stream fixed, the hands still vary, over every seat."""
    hands = set()
    layouts = set()
    for _ in range(6):
        game = Game.new(len(PLAYERS))
        Dealer(public_seed=11).deal(game)
        public, secret = _draws(game)
        layouts.add(tuple(public))
        hands.add(tuple(secret))
    assert len(layouts) == 1
    assert len(hands) >= 5  # 24 objectives: a repeated deal is a one-in-thousands event


def test_a_dealt_game_resumes_with_the_same_hands(tmp_path: Path) -> None:
    """No seed is needed to resume: the log records every outcome drawn."""
    log = tmp_path / "game.sqlite"
    first = open_session(log, PLAYERS, dealer=Dealer(public_seed=3))
    dealt = _draws(first.game)
    first.store.close()  # type: ignore[union-attr]
    again = open_session(log, PLAYERS)
    assert again.resumed
    assert _draws(again.game) == dealt
    assert again.state == first.state
