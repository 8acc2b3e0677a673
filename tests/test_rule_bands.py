"""``run --rule-bands``: the same games once per unclear reading the run meets, and the band
of win rates they allow (simulator/rule_bands.py, docs/methods.md)."""

from __future__ import annotations

import json
import shlex
from dataclasses import fields
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simulator import bots
from simulator.cli import main
from simulator.decks import Deck, find_deck, load_deck
from simulator.engine.host.batch import Matchup, batch_labels, play_seeds
from simulator.engine.rules.options import RuleOptions, readings
from simulator.rule_bands import format_band, rule_band, touched
from simulator.run import simulate
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
#: The options that are engine limits, not readings of an unclear text: never in a band.
ENGINE_LIMITS = {"hand_limit", "max_rounds", "board_slots", "max_actions_per_turn"}
EVERY_GAME = ["trade_mode", "first_player_skips_draw", "adversary_mana_on_arrival"]


@pytest.fixture(scope="module")
def duke(db):
    return load_scenario("duke", db)


def _deck(name: str, db) -> Deck:
    return load_deck(find_deck(name), db)


def _json_run(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["run", *argv, "--json", "--quiet"])
    return code, json.loads(capsys.readouterr().out)


def test_every_option_is_a_reading_or_an_engine_limit():
    """A new option must say which it is: a reading the band varies, or an engine limit."""
    names = {f.name for f in fields(RuleOptions)}
    assert set(readings()) | ENGINE_LIMITS == names
    assert not set(readings()) & ENGINE_LIMITS
    for name, reading in readings().items():
        default = getattr(RuleOptions(), name)
        assert reading.values[0] == default and len(set(reading.values)) == 2, name
        assert reading.other(default) == reading.values[1]


def test_the_cards_a_reading_declares_are_the_cards_whose_data_it_changes(db):
    """Each declared card exists, is simulated, and names what the option switches: the
    handler the option gates, or the data that asks for the option."""
    from simulator.engine.host.tables import implemented_cards

    simulated = implemented_cards(db)
    for name, reading in readings().items():
        for card_id in reading.cards:
            assert card_id in simulated, (name, card_id)

    def with_step(test) -> set[str]:
        return {c.id for c in db if any(test(step) for steps in c.effect.values()
                                        for step in steps)}

    assert set(readings()["all_players_include_adversary"].cards) == with_step(
        lambda step: step.get("target") == "adversary_among_all_players")
    for option, handler in (("chaos_mills_adversary", "chaos"),
                            ("leap_in_time_adversary_mana", "leap_in_time"),
                            ("brambles_chooser", "ephemeral_brambles")):
        assert set(readings()[option].cards) == with_step(lambda step, h=handler: step.get(
            "op") == "handler" and step.get("name") == h), option
    opponent_draw = {c.id for c in db if c.effect.get("opponent_draw")}
    assert set(readings()["adversary_reveal_is_draw"].cards) < opponent_draw


def test_the_options_a_run_meets(db):
    assert touched([_deck("fire-flames", db)], db) == EVERY_GAME
    assert touched([_deck("sun-zenith", db)], db) == [
        *EVERY_GAME, "all_players_include_adversary"]
    assert touched([_deck("phase-rift", db)], db) == [
        *EVERY_GAME, "antimatter_mana_value", "leap_in_time_adversary_mana"]
    assert touched([_deck("ice-frost", db)], db) == EVERY_GAME
    winter = Deck.from_counts("winter", {"piercing_winter": 4, "ice_shard": 36}, db)
    assert touched([winter], db) == [*EVERY_GAME, "adversary_reveal_is_draw"]
    # co-op: every player's deck counts; an Animal brings its two options
    fox = Deck.from_counts("fox", {"ours_flame_fox": 1, "chaos": 4, "fire_ball": 35}, db)
    assert touched([_deck("fire-flames", db), fox], db) == [
        *EVERY_GAME, "chaos_mills_adversary", "animal_draw_replaced", "animal_exhausted_first"]


def test_a_band_over_options_that_touch_nothing_equals_the_answer(db, duke):
    """fire-flames holds none of these cards: each reading plays the answer's very games."""
    deck = _deck("fire-flames", db)
    answer = simulate(deck, duke, games=120, seed=5, db=db, keep_turns=False)
    unmet = ["all_players_include_adversary", "leap_in_time_adversary_mana",
             "chaos_mills_adversary", "ignition_counts_itself"]
    band = rule_band(answer, [deck], duke, db=db, only=unmet)
    data = band.to_dict()
    assert data["varied"] == unmet and len(data["readings"]) == 4
    for run in band.results:
        pd.testing.assert_frame_equal(run.games, answer.games)
    assert data["low"] == data["high"] == data["answer_win_rate"] == answer.summary()["win_rate"]
    assert data["most"] is None
    for row in data["readings"]:
        assert row["difference"] == 0 and row["only_reading_won"] == row["only_answer_won"] == 0
        assert row["mcnemar_p"] == 1.0
    assert format_band(data)[1] == ("  moved most by none: each reading wins the very games the "
                                    "answer wins; each one: --json or --report")


def test_an_option_moves_only_the_games_where_its_card_was_played(db, duke):
    """Sun blade's "ALL players" read as the players only: the games where no Sun blade came
    into play are the answer's games exactly; some of the others change."""
    deck = _deck("sun-zenith", db)
    games, seed = 300, 2
    answer = simulate(deck, duke, games=games, seed=seed, db=db, keep_turns=False)
    band = rule_band(answer, [deck], duke, db=db, only=["all_players_include_adversary"])
    reading = band.results[0].games
    played = play_seeds(Matchup((deck,), duke, "normal"), db, seed, 0, games,
                        bots.get("planner"), RuleOptions())
    blade = batch_labels(Matchup((deck,), duke, "normal"), db).card_ids.index("sun_blade")
    holding = played.activated[:, :, blade].sum(axis=1) > 0
    assert (played.outcome == answer.games["outcome"].cat.codes.to_numpy()).all()
    columns = ["outcome", "turns", "damage_to_adversary", "damage_taken_p1", "final_hp_p1"]
    same = (reading[columns] == answer.games[columns]).all(axis=1).to_numpy()
    assert same[~holding].all()
    assert not same[holding].all() and 0 < holding.sum() < games
    row = band.to_dict()["readings"][0]
    changed = row["only_reading_won"] + row["only_answer_won"]
    assert changed <= int((reading["outcome"] != answer.games["outcome"])[holding].sum())


def test_run_rule_bands_prints_the_band_under_the_answer(capsys):
    assert main(["run", "fire-flames", "--games", "80", "--seed", "3", "--rule-bands",
                 "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("games 80  wins")
    assert lines[2].startswith("unclear rules allow ") and lines[2].endswith(
        "(3 rule options read the other way one at a time, on these 80 games)")
    assert lines[3].startswith("  moved most by ") and " pp (95% CI " in lines[3]
    assert lines[4].startswith("outcomes: ")


def test_run_rule_bands_json_fields_and_commands_play_the_same_games(capsys):
    code, out = _json_run(capsys, FIRE, "--games", "60", "--seed", "3", "--rule-bands")
    assert code == 0
    band = out["rule_bands"]
    assert set(band) == {"varied", "pinned", "partial", "not_played", "method", "games", "low",
                         "high", "answer_win_rate", "most", "readings"}
    assert band["varied"] == EVERY_GAME and band["pinned"] == {} and band["not_played"] == []
    assert band["games"] == 60 and band["partial"] is False
    assert band["answer_win_rate"] == out["win_rate"]
    rates = [out["win_rate"]] + [row["win_rate"] for row in band["readings"]]
    assert band["low"] == min(rates) and band["high"] == max(rates)
    assert out["command"].endswith(" --rule-bands")
    for row in band["readings"]:
        assert set(row) == {"option", "reading", "default", "touched_by", "games", "wins",
                            "win_rate", "win_rate_ci", "difference", "difference_ci",
                            "both_won", "only_reading_won", "only_answer_won", "neither_won",
                            "mcnemar_p", "holm_p", "command"}
        assert row["touched_by"] == "every game"
        assert row["games"] == 60
        assert row["both_won"] + row["only_reading_won"] + row["only_answer_won"] + \
            row["neither_won"] == 60
        assert row["difference"] == pytest.approx(row["win_rate"] - out["win_rate"])
        assert row["holm_p"] >= row["mcnemar_p"]
        # each reading alone: the same games again
        code, again = _json_run(capsys, *shlex.split(row["command"])[2:])
        assert code == 0 and again["wins"] == row["wins"] and again["games"] == 60
        assert again["rule_options"][row["option"]] == row["reading"]
    biggest = max(band["readings"], key=lambda row: abs(row["difference"]))
    assert band["most"]["option"] == biggest["option"]
    code, again = _json_run(capsys, *shlex.split(out["command"])[2:])
    assert again["rule_bands"] == band


def test_a_rule_pins_its_option_and_the_band_varies_the_others(capsys):
    """--rule on a reading option fixes it: the answer plays it, the band leaves it alone,
    and the command keeps it (even at its default, which a plain run's command omits)."""
    code, out = _json_run(capsys, FIRE, "--games", "60", "--seed", "4", "--rule-bands",
                          "--rule", "first_player_skips_draw=false",
                          "--rule", "trade_mode=largest_pile", "--rule", "hand_limit=6")
    assert code == 0 and out["rule_options"]["hand_limit"] == 6  # a limit: part of the answer
    band = out["rule_bands"]
    assert band["varied"] == ["adversary_mana_on_arrival"]
    assert band["pinned"] == {"trade_mode": "largest_pile", "first_player_skips_draw": False}
    assert out["rule_options"]["first_player_skips_draw"] is False
    assert band["readings"][0]["command"].endswith(
        "--rule hand_limit=6 --rule first_player_skips_draw=false "
        "--rule adversary_mana_on_arrival=false")
    assert "--rule trade_mode=largest_pile" in out["command"]
    assert "--rule first_player_skips_draw=false" in out["command"]
    code, again = _json_run(capsys, *shlex.split(out["command"])[2:])
    assert again["rule_bands"] == band and again["wins"] == out["wins"]


def test_every_reading_pinned_leaves_no_band(capsys):
    argv = [FIRE, "--games", "30", "--rule-bands"]
    for name in EVERY_GAME:
        argv += ["--rule", f"{name}={readings()[name].values[1]}".lower()]
    assert main(["run", *argv, "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == ("unclear rules: no rule option left to read the other way (every one "
                      "these games meet is pinned by --rule: trade_mode=placement_rule, "
                      "first_player_skips_draw=false, adversary_mana_on_arrival=false)")


def test_rule_bands_with_a_precision_plays_the_games_the_answer_ended_with(capsys):
    code, out = _json_run(capsys, FIRE, "--precision", "0.1", "--seed", "2", "--rule-bands")
    assert code == 0 and out["rule_bands"]["games"] == out["games"]
    assert "--precision 0.1" in out["command"] and out["command"].endswith("--rule-bands")
    for row in out["rule_bands"]["readings"]:
        assert f"--games {out['games']}" in row["command"] and "--precision" not in row["command"]


def test_ctrl_c_in_the_band_keeps_the_answer_and_the_readings_finished(capsys,
                                                                       interrupt_at_chunk):
    """4 chunks of 25 for the answer (an update each), 4 for each reading (two updates each:
    its run's and the band's): the Ctrl-C at the 14th update stops the second reading; the
    first one's band is printed, labelled, exit 130."""
    interrupt_at_chunk(14)
    code = main(["run", FIRE, "--games", "100", "--batch-size", "25", "--seed", "4",
                 "--rule-bands"])
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert code == 130
    assert lines[1].startswith("games 100  wins")
    assert lines[2].startswith("unclear rules allow ") and "(PARTIAL, 1 rule option read the " \
        "other way, on these 100 games)" in lines[2]
    assert lines[4] == "  not played (interrupted): first_player_skips_draw, " \
                       "adversary_mana_on_arrival"
    assert "interrupted during the rule band; the answer is whole" in captured.err


def test_ctrl_c_in_the_answer_plays_no_band(capsys, interrupt_at_chunk):
    interrupt_at_chunk(2)
    code = main(["run", FIRE, "--games", "100", "--batch-size", "25", "--seed", "4",
                 "--rule-bands"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 130 and lines[0].startswith("PARTIAL RESULTS (interrupted): 50 of 100")
    answer = next(k for k, line in enumerate(lines) if line.startswith("games 50  wins"))
    assert lines[answer + 1] == ("unclear rules: not played (interrupted before a reading "
                                 "finished its games)")


def test_rule_bands_in_the_report(tmp_path, capsys):
    folder = tmp_path / "report"
    assert main(["run", FIRE, "--games", "40", "--rule-bands", "--report", str(folder),
                 "--quiet"]) == 0
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    assert summary["rule_bands"]["varied"] == EVERY_GAME
    assert summary["command"].endswith("--rule-bands")
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "How much the unclear rules move it" in page
    for row in summary["rule_bands"]["readings"]:
        assert row["command"].replace("'", "&#x27;") in page
    assert summary["command"] in page


def test_rule_bands_with_every_scenario(capsys, tmp_path):
    """One band per scenario and level, each the one of that scenario's own run."""
    code, out = _json_run(capsys, FIRE, "--scenario", "all", "--level", "normal", "--games",
                          "40", "--rule-bands", "--report", str(tmp_path / "all"))
    assert code == 0
    bands = out["rule_bands"]
    assert [(b["scenario"], b["level"]) for b in bands] == [(r["scenario"], r["level"])
                                                            for r in out["rows"]]
    duke = next(b for b in bands if b["scenario"] == "duke")
    code, alone = _json_run(capsys, FIRE, "--scenario", "duke", "--level", "normal", "--games",
                            "40", "--rule-bands")
    assert {k: v for k, v in duke.items() if k not in ("scenario", "level", "label")} == \
        alone["rule_bands"]
    summary = json.loads((tmp_path / "all" / "summary.json").read_text(encoding="utf-8"))
    assert summary["rule_bands"] == bands
    assert "How much the unclear rules move it (The Duke (normal))" in (
        tmp_path / "all" / "report.html").read_text(encoding="utf-8")
    assert main(["run", FIRE, "--scenario", "all", "--level", "normal", "--games", "40",
                 "--rule-bands", "--quiet"]) == 0
    text = capsys.readouterr().out.splitlines()
    start = text.index("unclear rules, each rule option read the other way on its own on the "
                       "same games:")
    assert len(text[start + 1:]) == len(bands)
    assert all(" to " in line and "moved most " in line for line in text[start + 1:])


def test_rule_bands_is_a_run_option_only(capsys):
    assert main(["compare", FIRE, "--rule-bands"]) == 2
    assert "unrecognized arguments: --rule-bands" in capsys.readouterr().err


def test_band_rows_pair_the_same_seeds(db, duke):
    """The paired counts of a reading add up from the two runs' per-game outcomes."""
    deck = _deck("fire-flames", db)
    answer = simulate(deck, duke, games=80, seed=9, db=db, keep_turns=False)
    band = rule_band(answer, [deck], duke, db=db, only=["first_player_skips_draw"])
    row = band.to_dict()["readings"][0]
    a = (answer.games["outcome"] == "win").to_numpy()
    b = (band.results[0].games["outcome"] == "win").to_numpy()
    assert row["both_won"] == int((a & b).sum()) and row["neither_won"] == int((~a & ~b).sum())
    assert row["only_reading_won"] == int((b & ~a).sum())
    assert row["only_answer_won"] == int((a & ~b).sum())
    assert np.array_equal(answer.games["seed"], band.results[0].games["seed"])
