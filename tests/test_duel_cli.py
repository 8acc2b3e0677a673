"""``magenoir-sim duel`` and ``replay --duel`` as a player runs them: the sides swapped give
complementary games, the printed command plays the same games again, bad input is one line
and exit code 2, Ctrl-C keeps the finished seeds, the report and its sample games."""

from __future__ import annotations

import json
import shlex

import numpy as np
import pytest
from ctrl_c import interrupted

from simulator.cli import main
from simulator.duels import duel
from simulator.engine.rules import layout as L

FIRE, WATER, AIR, GROVE = "fire-flames", "water-tides", "air-winds", "vegetal-grove"


def run_json(capsys, *argv) -> dict:
    assert main(["duel", *argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_json_has_the_documented_keys_and_adds_up(capsys):
    data = run_json(capsys, FIRE, WATER, "--games", "60", "--seed", "3")
    for key in ("games", "wins", "draws", "first_player_win_rate", "command", "win_rate",
                "win_rate_ci", "losses", "timeouts", "median_turns", "hp_lost", "last_hit"):
        assert key in data, key
    assert data["games"] == 60 and data["seeds"] == 30 and data["sides"] == [FIRE, WATER]
    assert sum(data["wins"]) + data["draws"] + data["timeouts"] == 60
    assert data["wins"][0] == data["losses"][1] and data["wins"][1] == data["losses"][0]
    low, high = data["win_rate_ci"][0]
    assert low <= data["win_rate"][0] == data["wins"][0] / 60 <= high


def test_sides_given_the_other_way_round_play_the_same_games_mirrored(capsys, db):
    ab = duel(FIRE, WATER, games=80, seed=5, db=db)
    ba = duel(WATER, FIRE, games=80, seed=5, db=db)
    # each seed's pair: (A first, B first) in ab is (B first, A first) in ba
    swapped = np.arange(len(ab.games)) ^ 1
    np.testing.assert_array_equal(ab.games.outcome, ba.games.outcome[swapped][:, ::-1])
    np.testing.assert_array_equal(ab.games.turns, ba.games.turns[swapped])
    first, second = run_json(capsys, FIRE, WATER, "--games", "80", "--seed", "5"), \
        run_json(capsys, WATER, FIRE, "--games", "80", "--seed", "5")
    assert first["wins"] == second["wins"][::-1] and first["draws"] == second["draws"]
    assert first["first_player_win_rate"] == second["first_player_win_rate"]
    assert first["wins"] == [int((ab.games.outcome[:, s] == L.WIN).sum()) for s in range(2)]


@pytest.mark.parametrize("argv", [
    [FIRE, WATER, "--games", "40", "--seed", "9"],
    [FIRE, WATER, "--games", "40", "--bots", "greedy,planner", "--rule",
     "first_player_skips_draw=false"],
    [f"{FIRE}+{AIR}", f"{WATER}+{GROVE}", "--games", "20", "--bots", "planner,greedy"],
    [FIRE, FIRE, "--precision", "0.3", "--seed", "2"],
])
def test_the_printed_command_plays_the_same_games_again(capsys, argv):
    data = run_json(capsys, *argv)
    command = shlex.split(data["command"])
    assert command[:2] == ["magenoir-sim", "duel"]
    again = run_json(capsys, *command[2:])
    assert again["command"] == data["command"]
    for key in ("games", "wins", "draws", "timeouts", "first_player_win_rate", "win_rate_ci",
                "median_turns", "hp_lost", "last_hit", "bots", "rule_options"):
        assert again[key] == data[key], key


def test_a_precision_run_stops_at_a_look_and_says_so(capsys):
    data = run_json(capsys, FIRE, WATER, "--precision", "0.2", "--seed", "4")
    info = data["precision"]
    assert info["reached"] and data["games"] == info["looks"][info["look"] - 1]
    assert data["games"] < info["looks"][-1] or len(info["looks"]) == 1
    low, high = data["win_rate_ci"][0]
    assert data["win_rate"][0] - low <= 0.2 and high - data["win_rate"][0] <= 0.2
    assert "--precision 0.2" in data["command"]


def test_the_text_names_each_side_the_first_player_and_the_command(capsys):
    assert main(["duel", FIRE, WATER, "--games", "40", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{FIRE} vs {WATER} (1 vs 1), bot planner, seed 1: 40 games, "
                               "20 seeds each played with either side first")
    assert lines[1].startswith(f"  {FIRE}  wins ") and lines[2].startswith(f"  {WATER}  wins ")
    assert any(line.startswith("first player wins ") for line in lines)
    assert lines[-1] == (f"the same games again: magenoir-sim duel {FIRE} {WATER} --games 40 "
                         "--seed 1 --bot planner")


def test_a_mirror_is_numbered_and_two_teams_play_two_vs_two(capsys):
    mirror = run_json(capsys, FIRE, FIRE, "--games", "20")
    assert mirror["sides"] == [f"{FIRE} (1)", f"{FIRE} (2)"] and mirror["wins"][0] == mirror["wins"][1]
    teams = run_json(capsys, f"{FIRE}+{AIR}", f"{WATER}+{GROVE}", "--games", "20")
    assert teams["mode"] == "teams" and teams["decks"] == [[FIRE, AIR], [WATER, GROVE]]
    assert sum(teams["wins"]) + teams["draws"] + teams["timeouts"] == 20


@pytest.mark.parametrize("argv, message", [
    ([f"{FIRE}+{WATER}+{AIR}", GROVE], f"{FIRE}+{WATER}+{AIR}: a team is two decks joined by "
                                      "+ (2 vs 2), not 3"),
    ([f"{FIRE}+{WATER}", AIR], f"{FIRE}+{WATER} and {AIR} do not play the same mode"),
    ([FIRE, "water-tide"], "water-tide: no such file, nor a bundled deck; did you mean "
                           "'water-tides'?"),
    ([FIRE], "duel takes two sides: two decks (A B) or two teams (A+B C+D), not 1"),
    ([FIRE, WATER, "--games", "41"], "--games must be even"),
    ([FIRE, WATER, "--bots", "planner,greedy,random"], "--bots gives one bot per deck (2), not 3"),
    ([FIRE, WATER, "--bots", "planner,grredy"], "unknown bot 'grredy' (did you mean greedy?)"),
    ([FIRE, WATER, "--bot", "greedy", "--bots", "planner,greedy"], "give --bot (every seat) or "
                                                                   "--bots (one per deck)"),
    ([f"{FIRE}+", WATER], "a team is two deck names joined by +"),
    ([FIRE, WATER, "--batch-size", "1"], "--batch-size must be between 2 and 100,000"),
    ([FIRE, WATER, "--precision", "0.7"], "--precision must be from"),
    ([FIRE, WATER, "--seed", "-1"], "--seed must be between 0 and"),
    ([FIRE, WATER, "--precision", "0.00015"], "more than the 100,000,000 a duel plays: give "
                                              "--games N as a cap"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(["duel", *argv, "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_a_deck_that_fails_validation_says_where_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("40 Fire ball\n", encoding="utf-8")
    assert main(["duel", str(bad), WATER]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{bad}:1:" in err and "Fire ball" in err, err


def test_ctrl_c_keeps_the_seeds_finished(capsys, monkeypatch):
    import simulator.run as run_module

    calls = []

    def update(self, done, note=""):
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(run_module.ProgressBar, "update", update)
    code = main(["duel", FIRE, WATER, "--games", "200", "--batch-size", "20", "--jobs", "1"])
    captured = capsys.readouterr()
    assert code == 130
    lines = captured.out.splitlines()
    assert lines[0] == "PARTIAL RESULTS (interrupted): 60 of 200 planned games"
    assert lines[1].startswith(f"{FIRE} vs {WATER} (1 vs 1), bot planner, seed 1: 60 games, 30 "
                               "seeds")
    assert "interrupted; the results below are the 60 games finished of 200" in captured.err
    whole = duel(FIRE, WATER, games=60, seed=1)  # the finished seeds are the run's first ones
    assert f"wins {whole.summary()['win_rate'][0]:.1%}" in lines[2]


def test_chunks_threads_and_batch_sizes_change_no_result(db):
    one = duel(FIRE, WATER, games=120, seed=8, db=db, jobs=1, batch_size=14)
    two = duel(FIRE, WATER, games=120, seed=8, db=db, jobs=2)
    assert one.summary() == two.summary()
    assert one.frame().equals(two.frame())


def test_the_report_holds_the_figures_the_summary_and_sample_games_that_replay(
        tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["duel", FIRE, WATER, "--games", "40", "--seed", "2", "--quiet", "--report",
                 str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"report: {out / 'report.html'}")
    for name in ("report.html", "summary.json", "outcomes.png", "won_by.png", "hp.png"):
        assert (out / name).is_file(), name
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["command"].endswith("--games 40 --seed 2 --bot planner")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "What dealt the last HP" in page and summary["command"] in page
    assert f"A game {FIRE} won" in page and f"A game {FIRE} lost" in page
    # the sample game's command prints the transcript the report holds
    import html as html_module

    sample = html_module.unescape(page.split("<pre>$ ", 1)[1].split("</pre>", 1)[0])
    command, transcript = sample.split("\n", 1)
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out.rstrip("\n") == transcript


def test_replay_tells_the_game_the_duel_played(capsys, db):
    result = duel(FIRE, WATER, games=6, seed=4, db=db)
    frame = result.frame()
    for row in frame.itertuples():
        assert main(["replay", "--duel", FIRE, WATER, "--seed", "4", "--game", str(row.game),
                     "--first", str(row.first)]) == 0
        last = capsys.readouterr().out.splitlines()[-1]
        first = (FIRE, WATER)[row.first - 1]
        assert f"on turn {row.turns};" in last
        assert (f"{FIRE} {row.outcome_s1}" in last and f"{WATER} {row.outcome_s2}" in last), last
        assert f"P1 ({first})" in last


def test_replay_outcome_finds_the_first_such_game_of_the_duel(capsys, db):
    frame = duel(FIRE, WATER, games=40, seed=6, db=db).frame()
    for outcome, names in (("win", ("win",)), ("loss", ("loss_hp", "loss_deck"))):
        row = frame[frame["outcome_s1"].isin(names)].iloc[0]
        assert main(["replay", "--duel", FIRE, WATER, "--seed", "6", "--outcome", outcome]) == 0
        header = capsys.readouterr().out.splitlines()[0]
        first = (FIRE, WATER)[row["first"] - 1]
        assert header.startswith(f"Game {row['game']} of the duel with seed 6: {FIRE} against "
                                 f"{WATER}, {first} first")


@pytest.mark.parametrize("argv, message", [
    (["replay", "--duel", FIRE, "--game", "1"], "--duel takes two sides"),
    (["replay", "--duel", FIRE, WATER, "--level", "hard"], "--level is for games against an "
                                                           "Adversary, not a duel"),
    (["replay", FIRE, WATER, "--bots", "planner,greedy"], "--bots is for a duel's seats"),
])
def test_replay_of_a_duel_refuses_what_does_not_fit(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_a_real_ctrl_c_ends_a_long_duel_with_the_seeds_played_so_far():
    """The signal itself, in a child process: exit code 130, the JSON of the finished seeds,
    no traceback."""
    code, out, err = interrupted(["duel", FIRE, WATER, "--games", "20000000", "--quiet",
                                  "--json"], 15)
    assert code == 130, err[-3000:]
    data = json.loads(out)
    assert data["partial"] and 0 < data["games"] < 20_000_000 and data["games"] % 2 == 0
    assert data["planned_games"] == 20_000_000 and "Traceback" not in err


@pytest.mark.parametrize("command", ["duel", "gauntlet"])
def test_help_lists_the_bots_and_gives_examples(capsys, command):
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"magenoir-sim {command} " in out
    assert "random, greedy, planner, lookahead" in out and "%%" not in out
    with pytest.raises(SystemExit):
        main(["--help"])
    main_help = capsys.readouterr().out
    assert f"    {command} " in main_help
