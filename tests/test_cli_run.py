"""The run and replay commands as a user would call them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import load_deck
from simulator.run import simulate
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")


def test_replay_of_a_game_that_hits_an_engine_error_prints_the_game_up_to_it(capsys,
                                                                              monkeypatch):
    """An engine error stays loud (raised, no result line), and the transcript up to it comes
    first: what one needs to find the bug. The error here is the engine refusing an illegal
    answer: a bot told to take pile 7 (of two) at its third turn."""
    from simulator import bots
    from simulator.bots.registry import Bot
    from simulator.engine.rules import layout as L
    from simulator.engine.rules.errors import EngineError

    class TakesAMissingPile(Bot):
        def records(self, lanes, tables, info):
            records = super().records(lanes, tables, info)
            for record in records:
                self.fix_answers(record, {L.TAKE_PILE: [0, 1, 7]})
            return records

    monkeypatch.setattr(bots, "get", lambda name: TakesAMissingPile("scripted",
                                                                    "simulator.bots.scripted"))
    with pytest.raises(EngineError, match="illegal option"):
        main(["replay", FIRE, "--scenario", "duke", "--seed", "5", "--game", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Game 0 of the run with seed 5: fire-flames vs")
    assert any(line.startswith("-- Turn 3: player 1") for line in lines)  # its third pile
    assert not any(line.startswith("-- Turn 4") or line.startswith("Result:") for line in lines)
    assert lines[-1].startswith("Engine error here: the policy chose an illegal option "
                                "(kind take_pile)")


def test_run_json_has_the_documented_keys(capsys):
    assert main(["run", FIRE, "--scenario", "duke", "--games", "40", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"games", "wins", "win_rate", "win_rate_ci", "outcomes", "median_turns",
                        "seed", "scenario", "level", "players", "bot"}
    assert out["games"] == 40 and out["seed"] == 3 and out["bot"] == "planner"
    assert sum(out["outcomes"].values()) == 40
    assert set(out["outcomes"]) == {"win", "loss_hp", "loss_deck", "timeout"}
    low, high = out["win_rate_ci"]
    assert 0.0 <= low <= out["win_rate"] <= high <= 1.0


def test_run_is_reproducible_and_chunking_does_not_matter():
    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    a = simulate([deck], duke, games=60, seed=11, batch_size=60, db=db).games
    b = simulate([deck], duke, games=60, seed=11, batch_size=7, db=db).games
    assert a.equals(b)
    c = simulate([deck], duke, games=60, seed=12, batch_size=60, db=db).games
    assert not a["seed"].equals(c["seed"])


def test_replay_tells_the_game_the_run_played(capsys):
    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    games = simulate([deck], duke, games=12, seed=5, batch_size=12, db=db).games
    for index in (0, 7):
        assert main(["replay", FIRE, "--scenario", "duke", "--seed", "5", "--game", str(index)]) == 0
        text = capsys.readouterr().out
        row = games.iloc[index]
        assert text.splitlines()[-1].startswith(f"Result: {row['outcome']} on turn {row['turns']}")
        assert "-- Adversary turn --" in text and "-- Turn 1: player 1" in text


def test_replay_says_where_a_transcript_outgrew_the_engine_log(monkeypatch):
    """The engine's log holds LOG_MAX events (here pretended 12); past them the transcript
    says it stops, and the result line still comes from the game's summary."""
    import simulator.engine.rules.layout as layout
    from simulator.replay import replay_game

    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    full = replay_game([deck], duke, seed=5, game=7, db=db).splitlines()
    monkeypatch.setattr(layout, "LOG_MAX", 12)
    cut = replay_game([deck], duke, seed=5, game=7, db=db).splitlines()
    assert cut[-2].startswith("(the transcript stops here: the game's ")
    assert cut[-1] == full[-1] and cut[0] == full[0]
    assert cut[1:-2] == full[1:len(cut) - 2] and len(cut) < len(full)


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--bot", "plan"], "did you mean planner"),
    (["--level", "hardd"], "hard"),
    (["--scenario", "duk"], "duke"),
    (["--players", "5"], "between 1 and 4"),
    (["--players", "0"], "between 1 and 4, not 0"),  # not quietly one player
    (["--min-cards", "-1"], "--min-cards must be at least 1, not -1"),
])
def test_run_bad_options_are_one_line_exit_2(capsys, args, message):
    assert main(["run", FIRE, "--games", "5", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_validate_refuses_a_minimum_below_one_card(capsys):
    assert main(["validate", FIRE, "--min-cards", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == ["magenoir-sim: error: --min-cards must be at least 1, not 0"]


def test_run_refuses_cards_the_engine_cannot_play_yet(tmp_path, capsys, unsimulated_card):
    name, n = unsimulated_card.name_en, min(4, unsimulated_card.copies_limit)
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{n} x {name}\n", encoding="utf-8")
    code = main(["run", str(deck), "--games", "5", "--min-cards", "1"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert f"not playable by the engine yet: {name}" in err


def test_cards_simulated_lists_only_cards_decks_may_use(capsys):
    from simulator.engine.host.tables import implemented_cards

    assert main(["cards", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    simulated = {r["id"] for r in records if r["simulated"]}
    db = load_cards()
    assert simulated == implemented_cards(db) - {c.id for c in db if c.invented}
    assert {"flame", "fire_ball", "rite_of_passage"} <= simulated
    assert main(["cards", "--simulated", "--json"]) == 0
    assert {r["id"] for r in json.loads(capsys.readouterr().out)} == simulated
    assert main(["cards", "--simulated", "--json", "--invented"]) == 0  # our example Animal too
    assert {r["id"] for r in json.loads(capsys.readouterr().out)} == implemented_cards(db)


def test_the_card_table_has_a_simulated_column_when_a_card_is_not(capsys, unsimulated_card):
    assert main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-1] == "simulated" and lines[-1] == "205 cards"
    flame = next(line for line in lines if line.startswith("Flame "))
    assert flame.split()[-1] == "yes"
    replica = next(line for line in lines if line.startswith(unsimulated_card.name_en + " "))
    assert replica.split()[-1] == "no"


def test_runs_name_their_decks_by_name_whatever_the_path_given(capsys):
    """The header of run names a deck file by its name, as the other commands do."""
    assert main(["run", FIRE, WATER, "--games", "10", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("fire-flames, water-tides vs The Duke (normal), "
                                              "2 player(s)")


def test_validate_names_the_cards_not_simulated_yet_and_still_says_legal(capsys, tmp_path,
                                                                       unsimulated_card):
    name, n = unsimulated_card.name_en, min(4, unsimulated_card.copies_limit)
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{n} x {name}\n4 x Flame\n", encoding="utf-8")
    code = main(["validate", str(deck), "--min-cards", "1"])
    out = capsys.readouterr().out.strip()
    assert code == 0 and out.startswith(f"{deck}: ok, {n + 4} cards")
    assert out.endswith(f"; not simulated yet, so run refuses it: {name} x{n}")


def test_cards_handlers_lists_exactly_the_handlers_each_card_names(capsys):
    from simulator.engine.host.tables import handler_names
    from simulator.engine.rules.layout import HANDLERS

    assert main(["cards", "--handlers", "--json"]) == 0
    listed = {r["id"]: r["simulated_as"].removeprefix("handler: ") for r in
              json.loads(capsys.readouterr().out) if r["simulated_as"].startswith("handler: ")}
    actual = {c.id: ", ".join(sorted(handler_names(dict(c.effect)))) for c in load_cards()
              if handler_names(dict(c.effect))}
    assert listed == actual
    assert {h for names in actual.values() for h in names.split(", ")} <= set(HANDLERS)
    assert main(["cards", "--extension", "base", "--handlers"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[-2:] == ["simulated", "as"]
    assert any(line.startswith("Tornado ") and line.endswith("handler: tornado") for line in table)
    assert any(line.startswith("Zephyr ") and line.endswith("vocabulary") for line in table)


def test_run_text_gives_the_median_turn_of_victory_and_of_defeat(capsys):
    assert main(["run", FIRE, "--games", "300", "--seed", "3", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(["run", FIRE, "--games", "300", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key, label in (("median_turn_of_victory", "median turn of victory"),
                       ("median_turn_of_defeat", "median turn of defeat")):
        low, high = summary[key + "_ci"]
        assert f"{label}: {summary[key]:g} (95% CI {low:g} to {high:g})" in lines


def test_a_bundled_deck_is_named_on_the_command_line(capsys, tmp_path, monkeypatch):
    assert main(["run", FIRE, "--games", "40", "--seed", "2", "--json"]) == 0
    by_path = json.loads(capsys.readouterr().out)
    monkeypatch.chdir(tmp_path)  # away from the project's decks/ folder
    for name in ("fire-flames", "fire-flames.txt"):
        assert main(["run", name, "--games", "40", "--seed", "2", "--json"]) == 0
        by_name = json.loads(capsys.readouterr().out)
        assert (by_name["wins"], by_name["outcomes"]) == (by_path["wins"], by_path["outcomes"])


def test_a_misspelt_bundled_deck_gets_a_suggestion(capsys):
    assert main(["run", "fire-flame", "--games", "5"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "fire-flame: no such file, nor a bundled deck; did you mean 'fire-flames'?" in err


def test_the_commands_that_play_share_one_declaration_of_their_common_options():
    """run, replay, compare, value and doctor take the same game options, with the same
    defaults and help; the four that play many games also share the backend options."""
    import argparse

    from simulator.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices

    def options(command: str, names: tuple[str, ...]) -> list[tuple]:
        actions = commands[command]._option_string_actions
        return [(name, actions[name].default, actions[name].help) for name in names]

    game = ("--scenario", "--level", "--bot", "--min-cards")
    backend = ("--jobs", "--batch-size", "--backend", "--scheduler", "--quiet")
    for command in ("replay", "compare", "value", "doctor"):
        assert options(command, game) == options("run", game)
        assert {"--players", "--seed"} <= set(commands[command]._option_string_actions)
    for command in ("compare", "value", "doctor"):
        assert options(command, backend) == options("run", backend)
    assert "--jobs" not in commands["replay"]._option_string_actions


@pytest.mark.parametrize("command", ["run", "compare", "replay"])
def test_help_lists_the_bots_and_levels_and_gives_examples(capsys, command):
    from simulator.bots import BOTS
    from simulator.scenarios import load_scenario

    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
    assert f"player bot: {', '.join(BOTS)}" in text
    duke = load_scenario("duke")
    assert f"duke: {', '.join(duke.level_names)}, default {duke.default_level}" in text
    assert f"examples: magenoir-sim {command} " in text


def _no_games(monkeypatch):
    """Fail the test if any game is played (the output checks come first)."""
    import simulator.run as run_module

    def refuse(*args, **kwargs):
        raise AssertionError("games were played before the output place was checked")

    monkeypatch.setattr(run_module, "simulate", refuse)
    monkeypatch.setattr(run_module, "_play_chunk", refuse)


@pytest.mark.parametrize("place, message", [
    ("file", "is a file, not a folder"),
    ("/proc/magenoir-report", "cannot create the folder"),
])
def test_run_checks_the_report_folder_before_playing(capsys, monkeypatch, tmp_path, place, message):
    _no_games(monkeypatch)
    if place == "file":
        place = tmp_path / "summary.txt"
        place.write_text("not a folder", encoding="utf-8")
    assert main(["run", FIRE, "--games", "5", "--report", str(place)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize("place, message", [
    ("missing/levels.png", "does not exist"),
    ("folder", "is a folder, not a file"),
])
def test_compare_checks_the_figure_place_before_playing(capsys, monkeypatch, tmp_path, place, message):
    _no_games(monkeypatch)
    (tmp_path / "folder").mkdir()
    assert main(["compare", FIRE, "--games", "5", "--figure", str(tmp_path / place)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_a_report_that_fails_after_the_games_prints_the_results_first(capsys, monkeypatch, tmp_path):
    import simulator.report as report_module

    def disk_full(result, directory, value=None, band=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report_module, "write_report", disk_full)
    assert main(["run", FIRE, "--games", "30", "--quiet", "--report", str(tmp_path / "r")]) == 2
    out, err = capsys.readouterr()
    assert "win rate" in out  # the games are not lost
    assert err.strip().splitlines() == [
        f"magenoir-sim: error: --report {tmp_path / 'r'}: cannot write the report "
        "(No space left on device)"]


def test_replay_shows_the_adversarys_hp_and_the_piles_on_offer(capsys):
    assert main(["replay", FIRE, "--seed", "1", "--game", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    turns = [line for line in lines if line.startswith("-- Turn ")]
    assert turns[0].endswith(", the Adversary not in play) --")  # the Duke comes later
    assert any(re.search(r", the Adversary \d+ HP\) --$", line) for line in turns)
    taken = [i for i, line in enumerate(lines) if line.startswith("takes pile ")]
    assert taken and all(lines[i - 1].startswith("piles on offer: ") for i in taken)
    for i in taken:  # the pile it names, as offered
        offered = lines[i - 1].removeprefix("piles on offer: ").split(" | ")
        pile, mana = re.fullmatch(r"takes pile ([12]): (.*)", lines[i]).groups()
        assert offered[int(pile) - 1] == mana


@pytest.mark.parametrize("outcome, result", [("win", "Result: win"), ("loss", "Result: loss")])
def test_replay_outcome_picks_the_first_such_game_of_the_run(capsys, outcome, result):
    assert main(["run", FIRE, "--games", "60", "--seed", "1", "--json"]) == 0
    capsys.readouterr()
    games = simulate([FIRE], "duke", games=60, seed=1).games
    wanted = ["win"] if outcome == "win" else ["loss_hp", "loss_deck"]
    first = int(games.loc[games["outcome"].isin(wanted), "game"].iloc[0])
    assert main(["replay", FIRE, "--seed", "1", "--outcome", outcome]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"Game {first} of the run with seed 1")
    assert lines[-1].startswith(result)


def test_replay_outcome_not_found_is_one_line(capsys, monkeypatch):
    import simulator.replay as replay_module

    monkeypatch.setattr(replay_module, "SEARCH_GAMES", 3)
    # the random bot: none of its first games is won, whatever the planner's strength (the
    # planner won one of these three once its rules improved)
    assert main(["replay", FIRE, "--seed", "1", "--bot", "random", "--outcome", "win"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "magenoir-sim: error: no win in games 0 to 2 of the run with seed 1"


@pytest.mark.parametrize(("argv", "line"), [
    (["run", "fire-flames", "--foo"],
     "magenoir-sim run: error: unrecognized arguments: --foo (magenoir-sim run --help lists "
     "the options)"),
    (["run", "fire-flames", "--games", "abc"],
     "magenoir-sim run: error: argument --games: invalid int value: 'abc' (magenoir-sim run "
     "--help lists the options)"),
    (["doctor", "fire-flames", "--precision", "0.01"],
     "magenoir-sim doctor: error: unrecognized arguments: --precision 0.01 (magenoir-sim "
     "doctor --help lists the options)"),
])
def test_usage_errors_are_one_line_naming_the_command(capsys, argv, line):
    with pytest.raises(SystemExit) as done:
        code = main(argv)
        raise SystemExit(code)
    assert done.value.code == 2
    assert capsys.readouterr().err.strip().splitlines() == [line]


def test_main_leaves_the_callers_ctrl_c_handler_in_place():
    import signal

    def mine(signum, frame):
        pass

    previous = signal.signal(signal.SIGINT, mine)
    try:
        assert main(["scenarios"]) == 0
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_program_flushes_its_output_and_runs_exit_handlers_before_ending_at_once():
    """``magenoir-sim`` ends without the interpreter's teardown (cli.main_and_exit): output
    written through a pipe's buffer, exit handlers and exit codes are kept."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    run = subprocess.run([sys.executable, "-m", "simulator.cli", "run", "fire-flames", "--games",
                          "12", "--json", "--quiet"], capture_output=True, text=True, env=env,
                         cwd=ROOT)
    assert run.returncode == 0 and json.loads(run.stdout)["games"] == 12
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('clean-up ran', file=sys.stderr))\n"
            "sys.argv = ['magenoir-sim', 'validate', 'decks/fire-flames.txt', 'no-such.txt']\n"
            "from simulator.cli import main_and_exit\n"
            "main_and_exit()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=ROOT)
    assert done.returncode == 2 and "decks/fire-flames.txt: ok" in done.stdout
    assert "no-such.txt" in done.stderr and done.stderr.strip().endswith("clean-up ran")


def test_a_command_declares_only_its_own_options_and_validate_does_not_wait_for_numba():
    """build_parser(command) declares that command's options only (the others are named, as
    --help lists them): the help texts are the same, and validate imports neither the engine
    nor numba."""
    import argparse
    import subprocess
    import sys

    from simulator.cli import build_parser

    def commands(parser):
        return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices

    whole = build_parser()
    for name, command in commands(whole).items():
        alone = build_parser(name)
        assert alone.format_help() == whole.format_help() == build_parser("").format_help()
        assert commands(alone)[name].format_help() == command.format_help()
    code = ("import sys\nfrom simulator.cli import main\n"
            "status = main(['validate', 'decks/fire-flames.txt'])\n"
            "print(status, 'numba' in sys.modules, 'simulator.engine.host.batch' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    assert done.stdout.splitlines()[-1] == "0 False False"


def test_a_deck_too_small_to_deal_two_starting_piles_is_refused_in_one_line(tmp_path, capsys):
    deck = tmp_path / "tiny.txt"
    deck.write_text("4 x Ice shard\n4 x Flame\n", encoding="utf-8")
    assert main(["run", str(deck), "--min-cards", "1", "--games", "10", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("magenoir-sim: error: tiny: 8 card(s); a game deals two starting piles of 5 "
                   "from the deck (R3.3), so it needs at least 10")
    deck.write_text("4 x Ice shard\n4 x Flame\n2 x Fire ball\n", encoding="utf-8")
    assert main(["run", str(deck), "--min-cards", "1", "--games", "10", "--quiet"]) == 0


def test_the_program_alone_lists_its_commands(capsys):
    """``magenoir-sim`` with no command: the commands with their one-line help, how to start,
    exit code 0 (not an error about a missing argument)."""
    from simulator.cli import _HELP

    assert main([]) == 0
    out = capsys.readouterr().out
    for command, help_text in _HELP.items():
        assert command in out and " ".join(help_text.split()[:3]) in " ".join(out.split())
    assert "magenoir-sim COMMAND --help" in out and "magenoir-sim run fire-flames" in out


@pytest.mark.parametrize("argv", [
    ["run", "Fire-Flames", "--level", "Hard", "--scenario", "DUKE", "--bot", "Greedy",
     "--backend", "Local", "--games", "20", "--rule", "Trade_Mode=Placement_Rule"],
    ["compare", "fire-flames", "--bots", "Greedy,PLANNER", "--games", "20"],
    ["replay", "fire-flames", "--outcome", "Loss", "--level", "HARD"],
])
def test_names_are_taken_in_any_case_and_in_french(argv, capsys):
    """Levels, scenarios, bots, backends, rule options, outcomes and elements (English or
    French: feu is fire) are read whatever their case, like card and deck names."""
    assert main([*argv, "--quiet"] if argv[0] != "replay" else argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "(hard)" in out or argv[0] == "compare"


def test_elements_in_french_make_the_same_pool_as_in_english(db, fire, capsys):
    from simulator.cli import _elements
    from simulator.deck_doctor import default_pool

    assert _elements("Feu, AIR") == ["fire", "air"] == _elements("fire,air")
    assert _elements("eau,végétal") == ["water", "vegetal"]
    assert default_pool(fire, db, _elements("feu")) == default_pool(fire, db, ["fire"])
    assert main(["doctor", "fire-flames", "--elements", "Feu", "--games", "10"]) == 2
    assert "--games must be at least" in capsys.readouterr().err  # not "unknown element"
