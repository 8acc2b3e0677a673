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


@pytest.mark.parametrize("argv", [
    ["run", FIRE, "--games", "40", "--seed", "8"],
    ["compare", FIRE, WATER, "--games", "30", "--seed", "8"],
    ["value", "fire-flames", "--games", "20", "--seed", "8", "--bot", "greedy"],
])
def test_a_text_answer_ends_with_the_command_that_plays_its_games_again(argv, capsys):
    """The text answer (not only the JSON) prints the command; run back as text, it prints
    the same lines."""
    assert main([*argv, "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()
    said = [line for line in first if line.startswith("the same games again: ")]
    assert len(said) == 1 and said[0] == first[-1], first
    words = shlex.split(said[0].removeprefix("the same games again: "))
    assert words[:2] == ["magenoir-sim", argv[0]] and "--seed" in words and argv[3] in words
    assert main([*words[1:], "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines() == first


@pytest.mark.parametrize("argv", [
    ["run", "fire-flames", "--scenario", "all", "--games", "30", "--seed", "2"],
    ["run", "fire-flames", "--scenario", "all", "--level", "Hard", "--games", "20",
     "--rule", "hand_limit=6"],
    ["compare", FIRE, WATER, "--games", "40", "--seed", "3", "--level", "hard"],
    ["compare", "water-tides", "--games", "40", "--players", "2"],
    ["compare", "fire-flames", "--bots", "greedy,planner", "--games", "30"],
    ["compare", "fire-flames", "--scenario", "all", "--games", "20", "--seed", "9"],
    ["value", "fire-flames", "--games", "25", "--seed", "6", "--bot", "greedy"],
    ["value", "SMALL", "--min-cards", "20", "--games", "20", "--scenario", "warden"],
])
def test_every_command_prints_the_command_that_plays_its_games_again(argv, capsys, tmp_path,
                                                                       monkeypatch):
    """compare, value and run --scenario all print in their JSON the command of the same games
    (the sides compared, their seeds, counts, bots and rules): run back, it prints the very
    same JSON."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "small.txt").write_text(SMALL_DECK, encoding="utf-8")
    argv = [str(tmp_path / "small.txt") if a == "SMALL" else a for a in argv]
    first = _run_json(argv, capsys)
    words = shlex.split(first["command"])
    assert words[:2] == ["magenoir-sim", argv[0]]
    assert _run_json(words[1:], capsys) == first


@pytest.mark.parametrize("argv, chunk, kept", [
    (["run", "fire-flames", "--games", "5000000"], 5, 80),
    (["run", "fire-flames", "--precision", "0.001"], 5, 80),
    (["compare", FIRE, WATER, "--games", "5000000"], 5, 32),
    (["value", "fire-flames", "--games", "5000000"], 20, 16),  # 13 runs: the deck and 12 cards
    (["run", "fire-flames", "--scenario", "all", "--games", "5000000"], 8, 16),
])
def test_after_ctrl_c_the_command_plays_the_games_finished(argv, chunk, kept, capsys,
                                                           monkeypatch, interrupt_at_chunk):
    """Interrupted as a chunk of 16 games is counted, each command's JSON holds the games
    finished (a run: 80 after 5 chunks; a comparison: the games every side finished) and the
    command of exactly those games (``--games 80``, not the 5,000,000 asked): run back, the
    same numbers come out."""
    interrupt_at_chunk(chunk)
    assert main([*argv, "--json", "--quiet", "--jobs", "1", "--batch-size", "16"]) == 130
    first = json.loads(capsys.readouterr().out)
    assert first["partial"] is True
    monkeypatch.undo()
    words = shlex.split(first["command"])
    assert words[words.index("--games") + 1] == str(kept)
    again = _run_json(words[1:], capsys)
    assert again["partial"] is False
    for key in ("games", "wins", "outcomes", "entries", "differences", "rows", "cards"):
        assert again.get(key) == first.get(key), key


def test_run_value_report_keeps_value_in_its_command(capsys, tmp_path):
    out_dir = tmp_path / "report"
    first = _run_json(["run", "fire-flames", "--games", "30", "--value", "--report",
                       str(out_dir)], capsys)
    assert first["command"].endswith(" --games 30 --value")
    page = (out_dir / "report.html").read_text(encoding="utf-8")
    assert f"<pre>{first['command']}</pre>" in page
    again = _run_json(shlex.split(first["command"])[1:], capsys)
    assert again["value"] == first["value"] and again["wins"] == first["wins"]


@pytest.mark.parametrize("budget", [["--games", "9000"], ["--budget", "6"]])
def test_the_doctors_command_plays_its_search_again(budget, capsys, tmp_path):
    """A games budget's search is played again by its own command; a time budget's by the
    race as it was played (--race, --confirm, --top): the same swaps, gains and intervals on
    any machine, however fast."""
    pool = tmp_path / "pool.txt"
    pool.write_text("Rain of flames\n", encoding="utf-8")
    first = _run_json(["doctor", "fire-flames", "--pool", str(pool), *budget], capsys)
    words = shlex.split(first["command"])
    assert words[:3] == ["magenoir-sim", "doctor", "fire-flames"]
    assert ("--race" in words) == (budget[0] == "--budget")
    assert words[words.index("--pool") + 1] == str(pool)
    again = _run_json(words[1:], capsys)
    for key in ("swaps", "rounds", "win_rate", "win_rate_ci", "candidates"):
        assert again[key] == first[key], key
    assert again["command"] == first["command"]
    # a time budget also timed one game of a swap to plan with: the only game not replayed
    assert first["games_played"] - again["games_played"] == (budget[0] == "--budget")
