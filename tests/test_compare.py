"""Paired comparisons: same seeds, paired differences, McNemar, the compare command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.compare import compare_decks, compare_levels
from simulator.errors import UserError
from simulator.stats import mcnemar, paired_difference

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")


@pytest.fixture(scope="module")
def levels():
    return compare_levels(FIRE, "duke", games=80, seed=5, batch_size=80)


def test_levels_are_paired_on_the_same_seeds(levels):
    normal, hard = levels.results
    assert levels.labels == ["normal", "hard"]
    assert normal.games["seed"].equals(hard.games["seed"])
    table = levels.table()
    assert list(table["label"]) == ["normal", "hard"] and (table["games"] == 80).all()
    assert ((table["low"] <= table["win_rate"]) & (table["win_rate"] <= table["high"])).all()


def test_difference_and_mcnemar_come_from_the_paired_table(levels):
    diff = levels.differences().iloc[0]
    assert (diff["a"], diff["b"]) == ("hard", "normal")
    cells = [int(diff[k]) for k in ("both_won", "only_a_won", "only_b_won", "neither_won")]
    assert sum(cells) == 80
    won = [r.games["outcome"].eq("win").to_numpy() for r in levels.results]
    assert cells[0] == int((won[0] & won[1]).sum()) and cells[1] == int((won[1] & ~won[0]).sum())
    d, low, high = paired_difference(*cells)
    assert (diff["difference"], diff["low"], diff["high"]) == pytest.approx((d, low, high))
    table = levels.table()
    assert d == pytest.approx(table["win_rate"].iloc[1] - table["win_rate"].iloc[0])
    assert diff["mcnemar_p"] == pytest.approx(mcnemar(cells[1], cells[2])["p_value"])


def test_comparison_figure_is_drawn(levels, tmp_path):
    from simulator.figures import png_bytes

    data = png_bytes(levels.figure())
    assert data[:4] == b"\x89PNG" and len(data) > 10_000


def test_compare_json_keys_for_two_decks(capsys, tmp_path):
    figure = tmp_path / "cmp.png"
    assert main(["compare", FIRE, WATER, "--scenario", "duke", "--games", "60", "--seed", "2",
                 "--quiet", "--json", "--figure", str(figure)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"kind", "scenario", "levels", "seed", "games", "bot", "players", "paired",
            "approximated_cards", "partial", "entries", "differences"} <= set(out)
    assert out["kind"] == "decks" and out["games"] == 60 and out["levels"] == ["normal"]
    assert [e["label"] for e in out["entries"]] == ["fire-flames", "water-tides"]
    for entry in out["entries"]:
        assert {"label", "games", "wins", "win_rate", "win_rate_ci"} <= set(entry)
    (diff,) = out["differences"]
    assert {"a", "b", "difference", "difference_ci", "both_won", "only_a_won", "only_b_won",
            "neither_won", "mcnemar_p", "mcnemar_chi2", "mcnemar_chi2_p"} <= set(diff)
    low, high = diff["difference_ci"]
    assert low <= diff["difference"] <= high
    assert figure.stat().st_size > 10_000


def test_compare_text_output_for_levels(capsys):
    assert main(["compare", FIRE, "--games", "30", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "hard minus normal" in out and "McNemar exact p" in out and "95% CI" in out
    line = next(x for x in out.splitlines() if "hard minus normal" in x)
    assert re.search(r"minus normal: [+-]\d+\.\d pp \(95% CI [+-]\d+\.\d to [+-]\d+\.\d pp\)",
                     line), line  # a difference of rates is in percentage points


def test_compare_user_errors(capsys):
    tiny = str(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")
    with pytest.raises(UserError, match="one level"):
        compare_levels(FIRE, tiny, games=5)
    assert main(["compare", FIRE, WATER, FIRE, "--games", "5"]) == 2
    assert "one deck (levels) or two decks" in capsys.readouterr().err


def test_a_deck_against_itself_differs_by_exactly_zero():
    comp = compare_decks(FIRE, FIRE, "duke", games=30, seed=4)
    assert comp.labels == ["fire-flames (1)", "fire-flames (2)"]
    diff = comp.differences().iloc[0]
    assert diff["difference"] == 0 and diff["only_a_won"] == diff["only_b_won"] == 0
    assert diff["low"] <= 0 <= diff["high"] and diff["mcnemar_p"] == 1.0


def test_an_interrupted_comparison_compares_the_games_both_runs_finished():
    calls = []

    def stop_in_second_run(done, planned):
        calls.append(done)
        if len(calls) == 3:  # the first run has two chunks; stop after the second run's first
            raise KeyboardInterrupt

    comp = compare_levels(FIRE, "duke", games=40, seed=4, batch_size=20, on_chunk=stop_in_second_run)
    out = comp.to_dict()
    assert out["partial"] is True and out["games"] == 20
    assert [e["games"] for e in out["entries"]] == [20, 20]
    with pytest.raises(KeyboardInterrupt):  # nothing to compare when the first run is cut short
        compare_levels(FIRE, "duke", games=40, seed=4, batch_size=20,
                       on_chunk=lambda done, planned: (_ for _ in ()).throw(KeyboardInterrupt))


def test_the_figure_labels_differences_in_points_and_keeps_every_label_inside_its_axes():
    veg = str(ROOT / "decks" / "vegetal-grove.txt")
    comp = compare_decks(FIRE, veg, "duke", games=120, seed=5)  # a large difference
    fig = comp.figure()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    left, right = fig.axes
    assert "percentage points" in right.get_xlabel()
    ticks = [t.get_text() for t in right.get_xticklabels() if t.get_text()]
    assert ticks and all(t == "0" or t.endswith(" pp") for t in ticks)
    for ax in (left, right):
        box = ax.get_window_extent(renderer)
        for text in ax.texts:  # the figures written beside the intervals
            inside = text.get_window_extent(renderer)
            assert box.x0 - 1 <= inside.x0 and inside.x1 <= box.x1 + 1, text.get_text()
    labels = [t.get_window_extent(renderer) for t in right.get_xticklabels() if t.get_text()]
    assert all(a.x1 < b.x0 for a, b in zip(labels[:-1], labels[1:], strict=True))  # no overprint


def test_compare_says_how_many_players(capsys):
    assert main(["compare", FIRE, WATER, "--games", "20", "--players", "2", "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("vs The Duke (normal), 2 player(s), bot planner, seed 1")


def test_sides_played_in_turns_are_the_games_of_one_run(db):
    """The sides are played chunk by chunk in turns; each side is the very run one call of
    simulate gives: the same seeds, outcomes, counts and command."""
    from simulator.paired import Side, _items
    from simulator.run import prepare_run, simulate

    prepared = [prepare_run(deck, "duke", None, None, 3, "planner", None, None, db, 40)[:3]
                for deck in (FIRE, WATER)]
    items = [(side, first, count) for side, first, count, *_ in
             _items(prepared, 100, 16, workers=2, keep_turns=False)]
    assert items[:4] == [(0, 0, 16), (1, 0, 16), (0, 16, 16), (1, 16, 16)]
    assert items[-2:] == [(0, 96, 4), (1, 96, 4)]
    comp = compare_decks(FIRE, WATER, "duke", games=100, seed=3, db=db, batch_size=16)
    for deck, result in zip((FIRE, WATER), comp.results, strict=True):
        whole = simulate(deck, "duke", games=100, seed=3, db=db, keep_turns=False)
        assert result.games.equals(whole.games)
        assert result.summary() == whole.summary()
        assert result.settings["command"] == whole.settings["command"]
        assert "--games 100" in result.settings["command"]
    assert Side(FIRE, "duke").level is None


def test_ctrl_c_in_compare_keeps_the_games_every_side_finished(capsys, interrupt_at_chunk):
    """Interrupted at the 37th chunk of 10 games (the 19th of the first deck): the first deck
    finished 190 games, the second 180, and the 180 paired games are all kept (one chunk of
    one side is the most a Ctrl-C loses)."""
    interrupt_at_chunk(37)
    code = main(["compare", FIRE, WATER, "--games", "1000", "--batch-size", "10", "--seed", "4",
                 "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 130
    lines = out.splitlines()
    assert lines[0] == ("PARTIAL RESULTS (interrupted): 180 of 1,000 planned paired games, the "
                        "games every side finished")
    assert lines[1].startswith("the same games again: magenoir-sim compare ")
    assert lines[1].endswith(" --games 180")
    assert lines[2].startswith("decks compared on 180 paired games")
    assert "McNemar exact p" in out
    # the levels too: interrupted at the 5th chunk (the normal level's 3rd)
    interrupt_at_chunk(5)
    assert main(["compare", FIRE, "--games", "100", "--batch-size", "10", "--json",
                 "--jobs", "1"]) == 130
    data = json.loads(capsys.readouterr().out)
    assert data["partial"] is True and data["games"] == 20 and data["planned_games"] == 100
    assert [e["games"] for e in data["entries"]] == [20, 20]
    assert data["command"].endswith("--games 20")


def test_results_show_a_short_summary_in_a_notebook(db):
    from simulator.run import simulate
    from simulator.value import card_values

    run = simulate(FIRE, "duke", games=50, seed=2, db=db)
    text = repr(run)
    assert text.startswith("<SimulationResult fire-flames vs The Duke (normal), 1 player(s), "
                           "bot planner, seed 2: 50 games, win rate ")
    assert len(text) < 300
    comp = compare_decks(FIRE, WATER, "duke", games=30, seed=2, db=db)
    assert repr(comp).startswith("<Comparison of decks on 30 paired games: fire-flames ")
    assert len(repr(comp)) < 300
    value = card_values(FIRE, "duke", games=20, db=db, progress=False)
    assert repr(value).startswith("<ValueResult fire-flames: 12 card(s), 20 paired games each")
    pretty = pytest.importorskip("IPython.lib.pretty").pretty  # what a notebook cell shows
    assert pretty(run) == text


def test_compare_refuses_no_games(capsys):
    assert main(["compare", FIRE, WATER, "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == "magenoir-sim: error: --games must be at least 1, not 0"
    with pytest.raises(UserError, match="--games must be at least 1, not -5"):
        compare_levels(FIRE, "duke", games=-5)
