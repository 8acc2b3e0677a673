"""The command a run prints to "play the same games again" (summary JSON and report
``command``) plays exactly those games: the test runs it and compares the JSON."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from simulator.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")
SMALL_DECK = "4 Flame\n4 Draconic flame\n4 Fire ball\n4 Fiery arrow\n4 Breath\n"  # 20 cards


def _run_json(argv: list[str], capsys) -> dict:
    assert main([*argv, "--json", "--quiet"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("argv", [
    ["run", FIRE, "--games", "60", "--seed", "3"],
    ["run", FIRE, "--precision", "0.05", "--games", "100", "--seed", "2"],  # a capped precision run
    ["run", FIRE, "--precision", "0.2", "--seed", "4"],                     # stops at its own look
    ["run", "fire-flames", WATER, "--level", "hard", "--bot", "greedy", "--games", "30"],
    ["run", "water-tides", "--players", "2", "--games", "25", "--seed", "7", "--batch-size", "4"],
    ["run", "SMALL", "--min-cards", "20", "--games", "30", "--seed", "5"],
    ["run", "SMALL", "--min-cards", "12", "--games", "30", "--scenario",
     str(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")],
])
def test_the_printed_command_plays_the_same_games(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "small.txt").write_text(SMALL_DECK, encoding="utf-8")
    argv = [str(tmp_path / "small.txt") if a == "SMALL" else a for a in argv]
    first = _run_json(argv, capsys)
    words = shlex.split(first["command"])
    assert words[:2] == ["magenoir-sim", "run"]
    again = _run_json(words[1:], capsys)
    assert again == first
