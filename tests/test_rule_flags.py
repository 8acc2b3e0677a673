"""``--rule NAME=VALUE``: rule options on the command line of every command that plays."""

from __future__ import annotations

import json
import shlex

import pytest

from simulator.cli import build_parser, main
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.rule_flags import defaults, parse_rules, rule_flags

PLAYING = ("run", "replay", "compare", "value", "doctor", "build", "duel", "gauntlet")


def test_values_are_read_by_the_type_of_each_option():
    options = parse_rules(["Hand_Limit=5", "trade_mode=Placement_Rule",
                           "first_player_skips_draw=false", "ignition-counts-itself=No"])
    assert options == RuleOptions(hand_limit=5, trade_mode="placement_rule",
                                  first_player_skips_draw=False, ignition_counts_itself=False)
    assert parse_rules([]) == RuleOptions()


def test_a_rule_given_twice_is_refused_in_one_line(capsys):
    """``--rule hand_limit=5 --rule hand_limit=6``: which one was meant is unknown, so neither
    is kept silently."""
    with pytest.raises(UserError) as err:
        parse_rules(["hand_limit=5", "trade_mode=placement_rule", "hand-limit=6"])
    assert str(err.value) == ("--rule hand-limit=6: hand_limit is given twice (--rule "
                              "hand_limit=5 first): give each rule option once")
    assert main(["run", "fire-flames", "--rule", "hand_limit=5", "--rule", "hand_limit=6"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("magenoir-sim: error: --rule hand_limit=6: hand_limit is given twice")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("flag", "message"), [
    ("hand_limt=5", "--rule hand_limt=5: unknown rule option 'hand_limt' (did you mean hand_limit?"),
    ("hand_limit=five", "--rule hand_limit=five: hand_limit is a whole number, not 'five'"),
    ("hand_limit=0", "--rule hand_limit=0: rule option hand_limit must be at least 1"),
    ("max_rounds=100000000", "--rule max_rounds=100000000: max_rounds is at most 200"),
    ("board_slots=99", "board_slots is at most 24"),
    ("trade_mode=biggest", "trade_mode is one of largest_pile, placement_rule, not 'biggest'"),
    ("first_player_skips_draw=maybe", "first_player_skips_draw is true or false"),
    ("hand_limit", "--rule hand_limit: write NAME=VALUE"),
])
def test_a_bad_rule_is_one_line_naming_the_flag(flag, message):
    with pytest.raises(UserError) as err:
        parse_rules([flag])
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("command", PLAYING)
def test_every_playing_command_lists_every_rule_option_in_its_help(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--rule NAME=VALUE" in out
    for name, default in defaults().items():
        assert f"{name}=" in out and f"(default {str(default).lower()})" in out, name


@pytest.mark.parametrize("command", PLAYING)
def test_every_playing_command_refuses_a_bad_rule_before_playing(command, capsys):
    assert main([command, "fire-flames", "--rule", "hand_limt=5"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("magenoir-sim: error: --rule hand_limt=5: unknown rule option")
    assert len(err.splitlines()) == 1


def test_run_records_the_rules_and_its_printed_command_plays_the_same_games(capsys):
    argv = ["run", "fire-flames", "--games", "60", "--seed", "4", "--rule", "max_rounds=6",
            "--rule", "hand_limit=5", "--quiet", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["rule_options"] == dict(RuleOptions(max_rounds=6, hand_limit=5).as_dict())
    assert "--rule hand_limit=5 --rule max_rounds=6" in first["command"]
    # the rule reached the engine: 6 rounds end many games unfinished
    assert first["outcomes"]["timeout"] > 0
    again = shlex.split(first["command"])[1:] + ["--quiet", "--json"]
    assert main(again) == 0
    second = json.loads(capsys.readouterr().out)
    for key in ("wins", "outcomes", "median_turns", "rule_options", "command"):
        assert second[key] == first[key], key
    assert main(["run", "fire-flames", "--games", "60", "--seed", "4", "--quiet"]) == 0
    assert "rule options" not in capsys.readouterr().out  # defaults: nothing to say


def test_the_run_text_and_report_show_the_rules(capsys, tmp_path):
    assert main(["run", "fire-flames", "--games", "30", "--rule", "trade_mode=placement_rule",
                 "--report", str(tmp_path / "r"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "rule options: trade_mode=placement_rule (the others at their defaults)" in out
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "placement_rule" in page and "--rule trade_mode=placement_rule" in page


def test_compare_value_doctor_and_replay_play_with_the_rules(capsys, tmp_path):
    rule = ["--rule", "max_rounds=2"]  # no game ends in two rounds: every one is a timeout
    assert main(["compare", "fire-flames", "water-tides", "--games", "40", "--quiet",
                 "--json", *rule]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rule_options"]["max_rounds"] == 2
    assert [e["wins"] for e in out["entries"]] == [0, 0]
    assert main(["value", "fire-flames", "--games", "30", "--quiet", "--json", *rule]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rule_options"]["max_rounds"] == 2 and out["win_rate"] == 0
    assert main(["replay", "fire-flames", "--game", "3", *rule]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Result: timeout on turn 2")
    pool = tmp_path / "pool.txt"
    pool.write_text("Acceleration\n", encoding="utf-8")
    assert main(["doctor", "fire-flames", "--pool", str(pool), "--games", "8000", "--quiet",
                 *rule]) == 0
    out = capsys.readouterr().out
    assert "deck win rate on the confirmation games: 0.0%" in out
    *_, note, again = out.rstrip().splitlines()
    assert note == "rule options: max_rounds=2 (the others at their defaults)"
    assert again.startswith("the same search again: magenoir-sim doctor fire-flames ")
    assert again.endswith(f"--games 8000 --pool {pool} --rule max_rounds=2")


def test_rule_flags_name_only_what_differs_from_the_defaults():
    assert rule_flags(RuleOptions()) == []
    assert rule_flags(RuleOptions(first_player_skips_draw=False, max_rounds=30)) == [
        "--rule", "first_player_skips_draw=false", "--rule", "max_rounds=30"]
    # what the flags print, the parser reads back
    options = RuleOptions(trade_mode="placement_rule", brambles_chooser="players", hand_limit=4)
    assert parse_rules(rule_flags(options)[1::2]) == options


def test_the_parser_declares_rule_only_for_the_commands_that_play():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    with_rule = {name for name, p in sub.choices.items()
                 if any(a.dest == "rule" for a in p._actions)}
    assert with_rule == set(PLAYING)
