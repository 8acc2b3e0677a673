"""One deck against every bundled scenario and level (``run --scenario all``, ``simulate_all``)."""

from __future__ import annotations

import json

import pytest

import simulator
from simulator.cli import main
from simulator.errors import UserError
from simulator.run import simulate
from simulator.scenarios import list_scenarios, load_scenario
from simulator.sweep import simulate_all

GAMES = 60
SEED = 7


@pytest.fixture(scope="module")
def sweep(db):
    return simulate_all("fire-flames", games=GAMES, seed=SEED, db=db, progress=False)


def _bundled_sides() -> list[tuple[str, str]]:
    out = []
    for path in list_scenarios():
        scenario = load_scenario(path)
        out += [(scenario.name, level) for level in scenario.level_names]
    return out


def test_every_bundled_scenario_and_level_is_one_row(sweep):
    table = sweep.table()
    assert len(table) == 6  # three Adversaries, two levels each
    assert list(zip(table["name"], table["level"], strict=True)) == _bundled_sides()
    assert set(table["scenario"]) == {"duke", "druidess", "warden"}
    assert (table["games"] == GAMES).all()
    assert ((table["low"] <= table["win_rate"]) & (table["win_rate"] <= table["high"])).all()
    assert (table["median_turns"] > 0).all()


def test_rows_play_the_same_seeds_and_equal_separate_runs(sweep, db):
    seeds = [res.games["seed"].tolist() for res in sweep.results]
    assert all(s == seeds[0] for s in seeds)
    table = sweep.table()
    for (name, level), row in zip(sweep.sides, table.itertuples(), strict=True):
        alone = simulate("fire-flames", name, level=level, games=GAMES, seed=SEED, db=db,
                         progress=False)
        assert alone.games["outcome"].tolist() == \
            sweep.results[sweep.sides.index((name, level))].games["outcome"].tolist()
        assert row.wins == alone.summary()["wins"]
        assert row.median_turns == alone.summary()["median_turns"]


def test_the_package_exports_it_and_simulate_points_to_it(db):
    assert simulator.simulate_all is simulate_all
    with pytest.raises(UserError, match="simulate_all"):
        simulate("fire-flames", "all", games=5, db=db)


def test_one_level_of_each_and_a_level_some_scenario_lacks(db):
    hard = simulate_all("fire-flames", level="hard", games=20, seed=SEED, db=db, progress=False)
    assert list(hard.table()["level"]) == ["hard"] * 3
    with pytest.raises(UserError, match="no level 'nightmare'"):
        simulate_all("fire-flames", level="nightmare", games=20, db=db)
    with pytest.raises(UserError, match="--precision"):
        simulate_all("fire-flames", precision=0.05, db=db)


def test_cli_prints_one_table_of_six_rows(capsys, sweep):
    assert main(["run", "fire-flames", "--scenario", "all", "--games", str(GAMES), "--seed",
                 str(SEED), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if "win rate" in line and "median turns" in line]
    assert len(rows) == 6
    for line, row in zip(rows, sweep.table().itertuples(), strict=True):
        assert line.strip().startswith(f"{row.name} ({row.level})")
        assert f"win rate {row.win_rate:6.1%}" in line
    assert "approximated Adversary cards" in lines[-2]
    assert lines[-1] == (f"the same games again: magenoir-sim run fire-flames --scenario all "
                         f"--players 1 --bot planner --seed {SEED} --games {GAMES}")


def test_cli_json_and_report(capsys, tmp_path, sweep):
    out_dir = tmp_path / "all"
    assert main(["run", "fire-flames", "--scenario", "ALL", "--games", str(GAMES), "--seed",
                 str(SEED), "--quiet", "--json", "--report", str(out_dir)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "scenarios" and data["paired"] and len(data["rows"]) == 6
    assert [r["wins"] for r in data["rows"]] == sweep.table()["wins"].tolist()
    page = (out_dir / "report.html").read_text(encoding="utf-8")
    assert "vs every scenario" in page and "data:image/png;base64," in page
    # the header and one row per scenario and level, then each level's two harder scenarios
    assert page.count("<tr>") == (1 + 6) + (1 + 4)
    assert "Each scenario against the easiest one, level by level" in page
    assert f"<pre>{data['command']}</pre>" in page
    assert (out_dir / "scenarios.png").stat().st_size > 1000
    saved = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    assert len(saved["rows"]) == 6 and saved["stamp"]["games"] == GAMES


@pytest.mark.parametrize("argv, message", [
    (["--level", "nightmare"], "has no level 'nightmare'"),
    (["--precision", "0.05"], "--precision is for one scenario"),
    (["--value"], "--value is for one scenario"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(["run", "fire-flames", "--scenario", "all", "--games", "10", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_other_commands_refuse_all_in_one_line(capsys):
    for command in ("value", "doctor", "replay"):
        assert main([command, "fire-flames", "--scenario", "all"]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "--scenario all" in err


def test_each_level_compares_every_scenario_with_its_easiest(sweep):
    """The paired difference of each scenario to the easiest one at its level: the Newcombe
    interval and McNemar's test of the two runs' won arrays on the same seeds."""
    from simulator.stats import mcnemar, paired_difference

    comp = sweep.comparison()
    table = sweep.table()
    diffs = comp.differences()
    assert len(diffs) == 4  # two levels, three scenarios each: two differences a level
    for level in ("normal", "hard"):
        at_level = table[table["level"] == level]
        easiest = at_level.sort_values("win_rate", ascending=False, kind="stable").iloc[0]
        ref = f"{easiest['name']} ({level})"
        rows = diffs[diffs["b"] == ref]
        assert len(rows) == 2 and all(a.endswith(f"({level})") for a in rows["a"])
        won_ref = sweep.results[comp.labels.index(ref)].games["outcome"].eq("win").to_numpy()
        for row in rows.itertuples():
            won = sweep.results[comp.labels.index(row.a)].games["outcome"].eq("win").to_numpy()
            cells = (int((won & won_ref).sum()), int((won & ~won_ref).sum()),
                     int((~won & won_ref).sum()), int((~won & ~won_ref).sum()))
            assert (row.difference, row.low, row.high) == paired_difference(*cells)
            assert row.mcnemar_p == mcnemar(cells[1], cells[2])["p_value"]
            assert row.difference <= 0  # the reference is the easiest


def test_run_and_compare_print_the_differences_per_level(capsys, sweep):
    assert main(["run", "fire-flames", "--scenario", "all", "--games", str(GAMES), "--seed",
                 str(SEED), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "paired differences at each level, against its easiest scenario" in out
    assert out.count(" minus it: ") == 4 and out.count("McNemar exact p = ") == 4
    assert main(["compare", "fire-flames", "--scenario", "all", "--games", str(GAMES),
                 "--seed", str(SEED), "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "scenarios" and len(data["entries"]) == 6
    assert data["differences"] == sweep.to_dict()["differences"]
    assert data["command"].startswith("magenoir-sim compare fire-flames --scenario all ")
    assert main(["compare", "fire-flames", "--scenario", "all", "--level", "hard", "--games",
                 "20", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("scenarios compared on 20 paired games vs every scenario")
    assert out.count("McNemar exact p = ") == 2


def test_scenarios_lists_the_three_with_their_published_cards(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    assert "The Duke" in out and "The Druidess" in out and "The Frost Warden" in out
    assert "1 published (The Duke)" in out
    assert out.count("0 published,") == 2
    assert out.count("level normal (default)") == 3 and out.count("level hard") == 3
