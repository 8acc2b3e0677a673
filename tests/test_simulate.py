"""The Python API: simulate() tables, aggregates, invariance, precision runs, interruption."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simulator import bots
from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import load_deck
from simulator.engine.host.batch import Matchup, batch_labels, play
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.rng import game_seeds
from simulator.run import simulate
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.fixture(scope="module")
def run(db):
    """One small run shared by the read-only tests (names, not objects, as a user would)."""
    return simulate("fire-flames", "duke", games=150, seed=21, batch_size=64, db=db)


@pytest.fixture(scope="module")
def batch(db):
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    return play(Matchup((deck,), duke, "normal"), db, game_seeds(4, 0, 120), bots.get("planner"),
                RuleOptions())


def test_import_simulator_stays_light_and_exports_simulate():
    code = ("import sys, simulator; heavy = [m for m in ('pandas', 'numpy', 'matplotlib') "
            "if m in sys.modules]; print(heavy); print(callable(simulator.simulate))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.split("\n")
    assert out[0] == "[]" and out[1] == "True"


def test_games_table_has_one_row_per_game(run):
    games = run.games
    assert len(games) == 150 and list(games["game"]) == list(range(150))
    for col in ("seed", "outcome", "loss_reason", "turns", "final_hp_p1", "mage_noir_turn_p1",
                "damage_to_adversary", "damage_taken_p1", "mana_taken_p1"):
        assert col in games
    lost = games["outcome"].isin(["loss_hp", "loss_deck"])
    assert (games.loc[lost, "loss_reason"] != "").all() and (games.loc[~lost, "loss_reason"] == "").all()


def test_turns_table_agrees_with_the_games_table(run):
    turns, games = run.turns, run.games
    assert len(turns) == games["turns"].sum()  # one row per game and turn played
    for col in ("game", "turn", "player", "hp_p1", "adversary_hp", "dealt", "taken_p1", "mana_p1",
                "components"):
        assert col in turns
    assert any(c.startswith("has_") for c in turns)
    last = turns.groupby("game").tail(1).set_index("game")
    merged = games.set_index("game")
    assert (last["turn"] == merged["turns"]).all()
    assert (last["hp_p1"] == merged["final_hp_p1"]).all()
    assert (last["dealt"] == merged["damage_to_adversary"]).all()
    assert (last["taken_p1"] == merged["damage_taken_p1"]).all()
    assert (turns.groupby("game")["dealt"].diff().fillna(0) >= 0).all()  # cumulative


def test_summary_and_statistics_tables_carry_intervals(run):
    s = run.summary()
    assert s["games"] == 150 and s["partial"] is False
    assert s["outcomes"] == {k: int((run.games["outcome"] == k).sum())
                             for k in ("win", "loss_hp", "loss_deck", "timeout")}
    low, high = s["win_rate_ci"]
    assert low <= s["win_rate"] <= high
    assert s["median_turns"] == run.games["turns"].median() or s["median_turns_ci"][0] <= s[
        "median_turns"] <= s["median_turns_ci"][1]
    assert s["approximated_cards"] > 0 and s["scenario"] == "The Duke"
    tables = [run.outcome_rates(), run.end_turns(), run.components(), run.castable(),
              run.activation_win_rates()]
    for table in tables:
        rates = [c for c in table if f"{c}_low" in table]
        assert rates, table.columns
        for c in rates:
            ok = table[c].notna()
            assert (table.loc[ok, f"{c}_low"] <= table.loc[ok, c] + 1e-12).all()
            assert (table.loc[ok, c] <= table.loc[ok, f"{c}_high"] + 1e-12).all()
    curves = run.turn_curves()
    first = curves[(curves["series"] == "dealt")].iloc[-1]
    assert first["mean"] == pytest.approx(run.games["damage_to_adversary"].mean())
    hp1 = curves[(curves["series"] == "hp_p1") & (curves["turn"] == 1)].iloc[0]
    assert hp1["p10"] <= hp1["mean"] <= hp1["p90"] and hp1["n"] == 150


def test_card_usage_counts_are_consistent(batch):
    assert batch.drawn.shape == batch.prepared.shape == batch.first_activation.shape
    assert batch.drawn.shape[2] == batch.castable_by_turn.shape[2]
    drawn = batch.drawn.sum(axis=2)
    assert (drawn >= 5).all()  # the kept starting hand counts
    assert (batch.activated <= batch.prepared).all()
    assert ((batch.first_activation > 0) == (batch.activated > 0)).all()
    assert (batch.first_activation <= batch.end_turn[:, None, None]).all()
    assert batch.prepared.sum() > 0 and batch.channeled.sum() > 0
    assert batch.components_by_turn.shape[2] > 0
    assert batch.castable_by_turn.any()


def test_usage_table_matches_the_batch(db):
    res = simulate(FIRE, "duke", games=40, seed=4, batch_size=40, db=db)
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    raw = play(Matchup((deck,), duke, "normal"), db, game_seeds(4, 0, 40), bots.get("planner"),
               RuleOptions())
    table = res.card_usage().set_index("card")
    labels = batch_labels(Matchup((deck,), duke, "normal"), db)
    assert raw.drawn.shape[2] == len(labels.card_ids)
    assert raw.components_by_turn.shape[2] == len(labels.words) > 0
    for c, cid in enumerate(labels.card_ids):
        assert table.at[cid, "drawn_mean"] == pytest.approx(raw.drawn[:, :, c].sum() / 40)
        assert table.at[cid, "activated_games"] == pytest.approx((raw.activated[:, 0, c] > 0).mean())


def test_results_identical_whatever_jobs_and_batch_size(db):
    a = simulate(FIRE, "duke", games=60, seed=8, batch_size=60, jobs=1, db=db)
    b = simulate(FIRE, "duke", games=60, seed=8, batch_size=13, jobs=2, db=db)
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.turns, b.turns)
    for name in ("outcome_rates", "end_turns", "turn_curves", "components", "castable",
                 "card_usage", "activation_win_rates"):
        pd.testing.assert_frame_equal(getattr(a, name)(), getattr(b, name)(), obj=name)
    assert a.summary() == b.summary()


def test_keep_turns_false_keeps_the_statistics(db):
    res = simulate(FIRE, "duke", games=30, seed=8, batch_size=30, keep_turns=False, db=db)
    with pytest.raises(ValueError, match="keep_turns"):
        _ = res.turns
    assert len(res.turn_curves()) > 0 and res.summary()["keep_turns"] is False


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_finished_chunks_as_a_partial_result(db, jobs):
    calls = []

    def interrupt_after_two(done, planned):
        calls.append((done, planned))
        if len(calls) == 2:
            raise KeyboardInterrupt

    res = simulate(FIRE, "duke", games=400, seed=3, batch_size=20, jobs=jobs, db=db,
                   on_chunk=interrupt_after_two)
    assert res.partial and len(res.games) == 40 and list(res.games["game"]) == list(range(40))
    s = res.summary()
    assert s["partial"] is True and s["games"] == 40 and s["planned_games"] == 400
    full = simulate(FIRE, "duke", games=40, seed=3, batch_size=40, db=db)
    pd.testing.assert_frame_equal(res.games, full.games)


def test_ctrl_c_before_any_chunk_propagates(db, monkeypatch):
    import simulator.run as run_module

    def boom(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run_module, "_play_chunk", boom)
    with pytest.raises(KeyboardInterrupt):
        simulate(FIRE, "duke", games=10, db=db)


def test_precision_run_stops_with_an_interval_no_wider_than_asked(db):
    res = simulate(FIRE, "duke", precision=0.07, seed=6, batch_size=128, db=db)
    s = res.summary()
    info = s["precision"]
    assert info["reached"] and s["games"] in info["looks"]
    low, high = s["win_rate_ci"]
    assert s["win_rate"] - low <= 0.07 and high - s["win_rate"] <= 0.07
    plain = res.aggregate.count("win")
    from simulator.stats import wilson_interval

    plain_low, plain_high = wilson_interval(plain, s["games"])
    assert low < plain_low and high > plain_high  # the sequential interval is the honest, wider one
    if info["look"] > 1:  # it did not stop earlier: the previous look was not precise enough
        previous = info["looks"][info["look"] - 2]
        wins = int((res.games["outcome"].iloc[:previous] == "win").sum())
        from simulator.run import _precision_met, precision_plan

        assert not _precision_met(wins, previous, precision_plan(0.07))[0]


def test_cli_run_precision_quiet_json(capsys):
    assert main(["run", FIRE, "--precision", "0.1", "--quiet", "--json", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["precision"]["target"] == 0.1 and out["games"] in out["precision"]["looks"]
    assert {"games", "wins", "win_rate", "win_rate_ci", "outcomes", "median_turns", "seed",
            "scenario", "level", "players", "bot"} <= set(out)


def test_cli_ctrl_c_prints_partial_results(capsys, monkeypatch):
    import simulator.run as run_module

    calls = []
    original = run_module.ProgressBar.update

    def update(self, done, note=""):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt
        original(self, done, note)

    monkeypatch.setattr(run_module.ProgressBar, "update", update)
    code = main(["run", FIRE, "--games", "200", "--batch-size", "25", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 130
    assert "PARTIAL RESULTS (interrupted): 50 of 200 planned games" in out
    assert "games 50" in out and "95% CI" in out


def test_progress_bar_draws_only_on_a_terminal():
    import io

    from simulator.run import ProgressBar

    class Tty(io.StringIO):
        def isatty(self):
            return True

    quiet, tty = io.StringIO(), Tty()
    for stream in (quiet, tty):
        bar = ProgressBar(100, None, stream)
        bar.update(40)
        bar.update(100)
        bar.close()
    assert quiet.getvalue() == "" and "100/100 games" in tty.getvalue()
    assert " games/s]" in tty.getvalue()  # the rate
    forced_off = Tty()
    bar = ProgressBar(100, False, forced_off)
    bar.update(100)
    assert forced_off.getvalue() == ""


def test_progress_bar_is_in_colour_on_a_terminal_unless_no_color(monkeypatch):
    import io

    from simulator.run import ProgressBar

    class Tty(io.StringIO):
        def isatty(self):
            return True

    seen = {}
    for no_color in ("", "1"):
        if no_color:
            monkeypatch.setenv("NO_COLOR", no_color)
        else:
            monkeypatch.delenv("NO_COLOR", raising=False)
        stream = Tty()
        bar = ProgressBar(10, None, stream)
        bar.update(10)
        bar.close()
        seen[no_color] = "\x1b[32m" in stream.getvalue()  # tqdm's green
    assert seen == {"": True, "1": False}


def test_simulate_rejects_bad_inputs_with_one_line(db):
    from simulator.errors import UserError

    with pytest.raises(UserError, match="precision"):
        simulate(FIRE, "duke", precision=2.0, db=db)
    with pytest.raises(Exception, match="no-such-deck"):
        simulate("no-such-deck", "duke", games=5, db=db)
    assert np.isfinite(simulate([FIRE], "duke", games=3, db=db).summary()["win_rate"])


def test_a_chunk_is_played_and_reduced_without_importing_pandas():
    """A chunk never imports pandas (simulator.deferred): a worker process (loky, dask, ray)
    plays and reduces its chunks with numpy only."""
    code = "\n".join([
        "import sys",
        "from simulator.cards import load_cards",
        "from simulator.engine.rules.options import RuleOptions",
        "from simulator.run import _play_chunk, _resolve_inputs, build_matchup",
        "db = load_cards()",
        "decks, scenario = _resolve_inputs(['fire-flames'], 'duke', db, 40)",
        "matchup = build_matchup(decks, scenario, None, None)",
        "chunk = _play_chunk(matchup, db, 1, 0, 20, 'planner', RuleOptions(), True)",
        "print(len(chunk.games['outcome']), chunk.aggregate.games, len(chunk.turns['turn']) >= 20,",
        "      'pandas' in sys.modules)",
    ])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["20", "20", "True", "False"]


def test_the_games_table_has_the_outcome_and_loss_reason_categories():
    result = simulate(["fire-flames"], "duke", games=60, seed=2, batch_size=30)
    games = result.games
    assert list(games["outcome"].cat.categories) == ["running", "win", "loss_hp", "loss_deck",
                                                     "timeout", "draw"]
    assert list(games["loss_reason"].cat.categories) == ["", "hp", "deck"]
    lost = games["outcome"].isin(["loss_hp", "loss_deck"])
    assert (games.loc[lost, "loss_reason"] == games.loc[lost, "outcome"].str[5:]).all()
    assert (games.loc[~lost, "loss_reason"] == "").all()
    assert lost.any() and (~lost).any()


def test_the_cli_run_reports_without_importing_pandas():
    """The summary comes from the aggregate; the tables (pandas) are built only when read."""
    code = "\n".join([
        "import sys",
        "from simulator.cli import main",
        "status = main(['run', 'decks/fire-flames.txt', '--scenario', 'duke', '--games', '40',",
        "               '--batch-size', '20', '--json'])",
        "print('pandas' in sys.modules, file=sys.stderr)",
        "sys.exit(status)",
    ])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    assert json.loads(out.stdout)["games"] == 40
    assert out.stderr.strip().splitlines()[-1] == "False"


def test_result_tables_are_built_on_first_read_and_kept(tmp_path):
    result = simulate(["fire-flames"], "duke", games=50, seed=3, batch_size=20)
    assert len(result.tables.games) == 3  # one column set per chunk
    games = result.games
    assert games is result.games and len(games) == 50
    assert games["game"].tolist() == list(range(50))
    turns = result.turns
    assert turns["game"].is_monotonic_increasing and set(turns["game"]) == set(range(50))
