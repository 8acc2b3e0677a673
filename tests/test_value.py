"""Card value (simulator.value) and the filler it measures against (simulator.cards.filler).

The filler must do nothing (positions below); the value must be the paired difference of two
real runs (checked against a direct computation from their per-game outcomes); a card that
can never be cast must not come out as helping.
"""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from card_positions import (
    can_prepare,
    discard_of,
    give_hand,
    hand_of,
    make_engine,
    set_reserve,
)
from engine_fixtures import G0, P0

from simulator.cards import load_cards
from simulator.cards.filler import FILLER_ID, with_filler
from simulator.cli import main
from simulator.decks import Deck, find_deck, load_deck
from simulator.engine.host import api
from simulator.engine.rules.options import RuleOptions
from simulator.run import simulate
from simulator.value import card_values, filler_variant

# --- the filler, in positions ----------------------------------------------------------------

def test_the_filler_is_never_preparable_even_with_mana_to_spare():
    eng = make_engine(["flame", FILLER_ID])
    give_hand(eng, 0, FILLER_ID, 2)
    give_hand(eng, 0, "flame")
    set_reserve(eng, 0, fire=3, water=3, air=3, vegetal=3, mineral=3, arcane=3)
    assert not can_prepare(eng, 0, FILLER_ID)
    assert can_prepare(eng, 0, "flame")


def test_the_filler_is_not_a_fire_card_for_fire_balls_discard():
    eng = make_engine(["fire_ball", FILLER_ID])
    give_hand(eng, 0, "fire_ball")
    give_hand(eng, 0, FILLER_ID)
    set_reserve(eng, 0, fire=2, air=1)
    assert not can_prepare(eng, 0, "fire_ball")  # no Flame, and the filler has no element


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_the_bots_discard_the_filler_first_at_the_hand_limit(bot):
    eng = make_engine(["flame", "fire_ball", "breath", FILLER_ID], policy=bot)
    give_hand(eng, 0, "flame", 3)
    give_hand(eng, 0, "fire_ball", 3)
    give_hand(eng, 0, "breath", 1)
    give_hand(eng, 0, FILLER_ID, 1)
    api.end_player_turn(eng, G0, P0)
    assert discard_of(eng, 0) == {FILLER_ID: 1}
    assert hand_of(eng, 0) == {"flame": 3, "fire_ball": 3, "breath": 1}


def test_the_filler_is_drawn_and_never_played_in_real_games(db, fire):
    variant = filler_variant(fire, "fire_ball")
    result = simulate(variant, "duke", games=300, seed=5, db=with_filler(db), progress=False)
    usage = result.card_usage().set_index("card")
    assert usage.loc[FILLER_ID, "drawn_games"] > 0.3
    for kind in ("prepared", "activated", "channeled"):
        assert usage.loc[FILLER_ID, f"{kind}_games"] == 0
    # fire_ball kept its 3 other copies and is still played
    assert usage.loc["fire_ball", "activated_games"] > 0


# --- the variant deck -------------------------------------------------------------------------

def test_the_filler_takes_the_place_of_the_last_copy(fire):
    before = fire.card_ids()
    after = filler_variant(fire, "fire_ball").card_ids()
    assert len(after) == len(before) == 40
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    last = max(i for i, cid in enumerate(before) if cid == "fire_ball")
    assert changed == [last] and after[last] == FILLER_ID


def test_a_single_copy_card_is_replaced_whole(db):
    deck = Deck.from_counts("t", {"flame": 4, "ignition": 1, "breath": 3}, db)
    assert filler_variant(deck, "ignition").counts == (("flame", 4), (FILLER_ID, 1), ("breath", 3))
    with pytest.raises(ValueError):
        filler_variant(deck, "fire_ball")


# --- values -----------------------------------------------------------------------------------

def _newcombe(base: np.ndarray, other: np.ndarray, z: float = 1.959963984540054):
    """Newcombe's method 10 for a paired difference, written out from the 2x2 table."""
    a = int((base & other).sum())
    b = int((base & ~other).sum())
    c = int((~base & other).sum())
    d = int((~base & ~other).sum())
    n = a + b + c + d

    def wilson(k):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    p1, p2 = (a + b) / n, (a + c) / n
    (l1, u1), (l2, u2) = wilson(a + b), wilson(a + c)
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    if denominator == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    else:
        phi = (cross - n / 2 if cross > 0 else cross) / math.sqrt(denominator)
    low = p1 - p2 - math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    high = p1 - p2 + math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return p1 - p2, low, high


def test_each_value_is_the_paired_difference_of_two_real_runs(db, fire):
    games, seed = 400, 11
    values = card_values(fire, "duke", games=games, seed=seed, db=db, progress=False)
    assert [v.card_id for v in values.values] != []
    assert {v.card_id for v in values.values} == {cid for cid, _ in fire.counts}
    assert [v.delta for v in values.values] == sorted((v.delta for v in values.values), reverse=True)
    base = simulate(fire, "duke", games=games, seed=seed, progress=False)
    base_won = (base.games["outcome"] == "win").to_numpy()
    assert values.base_wins == base_won.sum() and values.games == games
    for card in ("rite_of_passage", "flame"):
        value = next(v for v in values.values if v.card_id == card)
        other = simulate(filler_variant(fire, card), "duke", games=games, seed=seed,
                         db=with_filler(db), progress=False)
        assert (other.games["seed"].to_numpy() == base.games["seed"].to_numpy()).all()
        won = (other.games["outcome"] == "win").to_numpy()
        delta, low, high = _newcombe(base_won, won)
        assert value.delta == pytest.approx(base_won.mean() - won.mean(), abs=1e-12)
        assert (value.delta, value.low, value.high) == pytest.approx((delta, low, high), abs=1e-12)
        assert value.copies == dict(fire.counts)[card] and value.games == games
        assert value.win_rate_without == pytest.approx(won.mean())
        assert value.significant == (low > 0 or high < 0)


def test_a_card_that_can_never_be_cast_is_not_worth_anything(db, fire):
    """Engulfment needs a Wave, which no card of this deck provides, and is a Water card (no
    Fire ball discards it): its value must not be positive beyond noise."""
    counts = dict(fire.counts)
    counts["engulfment"] = 3
    deck = Deck.from_counts("fire+engulfment", counts, db)
    values = card_values(deck, "duke", games=3000, seed=3, db=db, progress=False)
    engulfment = next(v for v in values.values if v.card_id == "engulfment")
    assert engulfment.low <= 0, engulfment
    # and indeed it is never cast in these games
    run = simulate(deck, "duke", games=500, seed=3, db=db, progress=False)
    usage = run.card_usage().set_index("card")
    assert usage.loc["engulfment", "prepared_games"] == 0


def test_value_json_and_figure_from_the_command_line(tmp_path, capsys):
    figure = tmp_path / "value.png"
    code = main(["value", "water-tides", "--scenario", "duke", "--games", "200", "--quiet",
                 "--json", "--figure", str(figure)])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 200 and out["paired"] and out["level"] == "normal"
    deck = load_deck(find_deck("water-tides"), load_cards())
    assert len(out["cards"]) == len(deck.counts)
    for card in out["cards"]:
        assert {"card", "copies", "delta_win_rate", "ci", "games"} <= card.keys()
        low, high = card["ci"]
        assert low <= card["delta_win_rate"] <= high and card["games"] == 200
    assert "blank filler" in out["caption"] and "planner" in out["caption"]
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for card in out["cards"]:  # the base run's use of the card, as the engine counted it
        assert card["prepared"] == card["played"] + card["channeled"] + card["never_used"] \
            or card["played"] + card["channeled"] > card["prepared"]
    assert sum(card["prepared"] for card in out["cards"]) > 0
    assert isinstance(out["prepared_for_nothing"], list)


def test_value_text_marks_the_intervals_that_exclude_zero(capsys):
    assert main(["value", "fire-flames", "--games", "300", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "300 paired games per card" in out and "win rate without" in out
    assert "use in the deck's run" in out and ", never used " in out
    assert "* the 95% interval excludes 0" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["value", "fire-flame"], "did you mean 'fire-flames'"),
    (["value", "fire-flames", "--games", "0"], "--games must be at least 1"),
    (["value", "fire-flames", "--level", "easy"], "easy"),
    (["value", "fire-flames", "--players", "0"], "--players must be between 1 and 4"),
    (["run", "fire-flames", "water-tides", "--value"], "--value measures the cards of one deck"),
])
def test_value_user_errors_are_one_line_exit_2(argv, message, capsys):
    assert main([*argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_value_figure_place_is_checked_before_any_game(tmp_path, capsys):
    target = tmp_path / "missing" / "value.png"
    assert main(["value", "fire-flames", "--figure", str(target), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "--figure" in err and len(err.strip().splitlines()) == 1


def test_run_value_adds_the_section_to_the_report(tmp_path, capsys):
    report = tmp_path / "report"
    code = main(["run", "air-winds", "--games", "150", "--value", "--report", str(report),
                 "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "150 paired games per card" in out
    page = (report / "report.html").read_text(encoding="utf-8")
    assert "Which cards pull their weight" in page and "blank filler" in page
    assert (report / "card_value.png").exists()
    summary = json.loads((report / "summary.json").read_text(encoding="utf-8"))
    assert summary["value"]["games"] == 150 and summary["wins"] == round(
        summary["value"]["win_rate"] * 150)


def test_value_in_coop_every_player_plays_the_deck(db, fire):
    values = card_values(fire, "duke", players=2, games=100, seed=2, db=db, progress=False,
                         options=RuleOptions())
    assert values.settings["players"] == 2 and len(values.values) == len(fire.counts)
    assert len(values.settings["decklists"]) == 2


@pytest.mark.parametrize(("name", "magic"), [("v.svg", b"<?xml"), ("v.pdf", b"%PDF")])
def test_the_figure_suffix_chooses_its_format(tmp_path, name, magic):
    assert main(["value", "fire-flames", "--games", "20", "--quiet", "--figure",
                 str(tmp_path / name)]) == 0
    assert (tmp_path / name).read_bytes().startswith(magic)


@pytest.mark.parametrize("name", ["value.jpg", "value"])
def test_a_figure_name_without_a_known_suffix_is_refused_before_any_game(tmp_path, capsys, name):
    assert main(["value", "fire-flames", "--quiet", "--figure", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("name the file .png, .svg or .pdf (the suffix chooses the format)")
    assert len(err.splitlines()) == 1 and not (tmp_path / name).exists()


def test_ctrl_c_in_value_keeps_every_card_on_the_games_every_run_finished(capsys,
                                                                         interrupt_at_chunk):
    """The deck and its 12 variants are played in turns, a chunk of each: interrupted as the
    40th chunk of 10 games is counted (the 4th turn under way), every card is measured on the
    30 games of the three turns finished (not "0 cards measured")."""
    interrupt_at_chunk(40)
    assert main(["value", "fire-flames", "--games", "1000000", "--batch-size", "10",
                 "--jobs", "1"]) == 130
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("PARTIAL RESULTS (interrupted): 30 of 1,000,000 planned paired games per "
                        "card, the games every run finished")
    assert lines[1].startswith("the same games again: magenoir-sim value fire-flames ")
    assert lines[1].endswith(" --games 30")
    assert lines[2].endswith(", 30 paired games per card")
    rows = [line for line in lines if re.search(r"[+-]\d+\.\d+pp +\[", line)]
    assert len(rows) == 12  # every card of fire-flames
