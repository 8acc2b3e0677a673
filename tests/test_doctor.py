"""Deck doctor (simulator.deck_doctor): legal swaps, the race plan, paired confirmation, CLI."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from simulator.cli import main
from simulator.deck_doctor import (
    Swap,
    candidate_swaps,
    default_pool,
    doctor,
    next_round_games,
    rounds_left,
    swapped_deck,
)
from simulator.decks import Deck
from simulator.run import simulate
from simulator.value import paired_wins


def test_swaps_keep_the_deck_legal(db):
    deck = Deck.from_counts("t", {"flame": 4, "fire_ball": 4, "ignition": 1, "breath": 1}, db)
    swaps = candidate_swaps(deck, ["flame", "ignition", "crimson_ritual", "zephyr"], db)
    assert Swap("breath", "zephyr") in swaps and Swap("ignition", "zephyr") in swaps
    assert not any(s.into in ("flame", "ignition") for s in swaps)  # at their copies limit
    assert not any(s.into == "crimson_ritual" for s in swaps)  # banned
    assert not any(s.out == s.into for s in swaps)
    assert len(swaps) == 4  # each of the 4 deck cards out, Zephyr in


def test_a_swap_takes_the_place_of_the_last_copy_out(fire):
    before = fire.card_ids()
    after = swapped_deck(fire, Swap("fire_ball", "zephyr")).card_ids()
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [max(i for i, c in enumerate(before) if c == "fire_ball")]
    assert swapped_deck(fire, Swap("fire_ball", "zephyr")).as_dict()["zephyr"] == 3


def test_the_default_pool_is_the_simulated_cards_of_the_decks_elements(db, fire):
    pool = default_pool(fire, db)
    elements = {db.by_id[c].element for c in pool}
    assert elements == {e for e, _ in fire.elements} == {"fire", "air", "arcane"}
    assert "crimson_ritual" not in pool and "fire_ball" in pool
    assert "ours_flame_fox" not in pool  # a fire card we invented: never suggested
    assert {db.by_id[c].element for c in default_pool(fire, db, ["water"])} == {"water"}


def test_each_round_at_least_doubles_the_games_and_fits_the_games_left():
    assert rounds_left(300, 5) == 6 and rounds_left(5, 5) == 1 and rounds_left(3, 5) == 1
    first = next_round_games(300, 0, 1_000_000, keep=5)
    assert first == 1_000_000 // (300 * 6)  # the first round's share of six rounds
    assert next_round_games(150, first, 10, keep=5) == 2 * first  # out of time: still double
    later = next_round_games(150, first, 2_000_000, keep=5)
    assert later == first + 2_000_000 // (150 * 5) and later > 2 * first  # time to spare: more
    assert next_round_games(4, 0, 10, keep=5) == 100  # never fewer than MIN_ROUND_GAMES


def test_the_race_halves_the_field_until_top_are_left(db, fire):
    result = doctor(fire, "duke", pool=["acceleration", "zephyr", "fire_whip"], games=12_000,
                    top=3, seed=2, db=db, progress=False)
    fields = [r["candidates"] for r in result.rounds]
    games = [r["games"] for r in result.rounds]
    assert fields[0] == result.candidates
    assert all(b == max(3, -(-a // 2)) for a, b in zip(fields, fields[1:], strict=False))
    assert all(b >= 2 * a for a, b in zip(games, games[1:], strict=False))
    assert len(result.best) == 3


def test_doctor_confirms_its_best_swaps_on_fresh_paired_seeds(db, fire):
    result = doctor(fire, "duke", pool=["acceleration", "zephyr"], games=10_000, top=2, seed=4,
                    db=db, progress=False)
    assert result.candidates == len(candidate_swaps(fire, ["acceleration", "zephyr"], db))
    assert len(result.best) == 2 and result.games_played > 0 and result.rounds
    assert [r.gain for r in result.best] == sorted((r.gain for r in result.best), reverse=True)
    race_games = max(r.race_games for r in result.best)
    best = result.best[0]
    # the confirmation block is fresh seeds: games race_games.. of the same run seed,
    # and its gain is the paired difference of the swap's and the deck's games there
    first = race_games
    deck_run = simulate(fire, "duke", games=best.games, seed=4, first_game=first, db=db,
                        progress=False)
    swap_run = simulate(swapped_deck(fire, best.swap), "duke", games=best.games, seed=4,
                        first_game=first, db=db, progress=False)
    assert deck_run.games["seed"].tolist() == swap_run.games["seed"].tolist()
    won_deck = (deck_run.games["outcome"] == "win").to_numpy()
    won_swap = (swap_run.games["outcome"] == "win").to_numpy()
    assert (best.gain, best.low, best.high) == pytest.approx(paired_wins(won_swap, won_deck))
    assert result.base_games == best.games and result.base_wins == int(won_deck.sum())
    assert sum(result.best_deck.values()) == 40
    table = result.table()
    assert table["swap"].tolist() == [r.label for r in result.best]
    assert table["gain"].tolist() == [r.gain for r in result.best]
    from simulator.figures import png_bytes

    assert png_bytes(result.figure())[:4] == b"\x89PNG"


def test_first_game_extends_a_run_with_the_next_games(db, fire):
    whole = simulate(fire, "duke", games=60, seed=9, db=db, progress=False)
    tail = simulate(fire, "duke", games=20, seed=9, first_game=40, db=db, progress=False)
    assert tail.games["seed"].tolist() == whole.games["seed"].tolist()[40:]
    assert np.array_equal(tail.games["outcome"].to_numpy(), whole.games["outcome"].to_numpy()[40:])


def test_doctor_from_the_command_line(tmp_path, capsys, unsimulated_card):
    missing = unsimulated_card.name_en
    pool = tmp_path / "pool.txt"
    pool.write_text(f"Acceleration\n2 Zephyr  # counts are ignored\n{missing}\n",
                    encoding="utf-8")
    code = main(["doctor", "fire-flames", "--pool", str(pool), "--budget", "6", "--top", "2",
                 "--quiet", "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.err.strip() == (f"magenoir-sim: note: {pool}: not simulated yet, left out "
                                    f"of the pool: {missing}")
    out = json.loads(captured.out)
    assert out["budget_seconds"] == 6 and out["games_played"] > 0 and 0 < out["budget_used"]
    assert len(out["swaps"]) == 2
    for swap in out["swaps"]:
        low, high = swap["ci"]
        assert low <= swap["gain"] <= high and swap["in"] in ("acceleration", "zephyr")
    assert sum(out["best_deck"].values()) == 40


@pytest.mark.parametrize(("argv", "message"), [
    (["doctor", "fire-flames", "--budget", "0"], "--budget must be more than 0"),
    (["doctor", "fire-flames", "--top", "0"], "--top must be at least 1"),
    (["doctor", "fire-flames", "--elements", "fire,plasma"], "unknown element plasma"),
    (["doctor", "fire-flames", "--pool", "no-such-pool.txt"], "no-such-pool.txt: no such file"),
    (["doctor", "fire-flames", "--pool", "p.txt", "--elements", "fire"], "not both"),
    (["doctor", "nope-deck"], "nope-deck"),
])
def test_doctor_user_errors_are_one_line_exit_2(argv, message, capsys):
    assert main([*argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_pool_file_names_the_line_of_an_unknown_card(tmp_path, capsys):
    pool = tmp_path / "pool.txt"
    pool.write_text("Acceleration\nZephir\n", encoding="utf-8")
    assert main(["doctor", "fire-flames", "--pool", str(pool), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("did you mean: Zephyr / Zéphyr?)") or "Zephyr" in err
    assert f"{pool}:2: unknown card 'Zephir'" in err and len(err.splitlines()) == 1


def test_interrupted_during_the_race_shows_the_leaders_as_unconfirmed(db, fire):
    def stop_after_first_round(_round):
        raise KeyboardInterrupt

    result = doctor(fire, "duke", pool=["acceleration", "zephyr"], budget=30, top=2, seed=4,
                    db=db, progress=False, on_round=stop_after_first_round)
    assert result.partial and not result.confirmed and len(result.rounds) == 1
    assert len(result.best) == 2 and not any(r.confirmed for r in result.best)
    games = result.rounds[0]["games"]
    assert all(r.games == r.race_games == games for r in result.best)
    text = result.format_text()
    assert text.startswith("PARTIAL RESULTS (interrupted during the race)")
    assert "NOT confirmed" in text and "on the race games" in text
    assert result.to_dict()["confirmed"] is False


def test_banned_pool_cards_are_left_out_with_a_note(db, tmp_path):
    from simulator.deck_doctor import read_pool

    pool = tmp_path / "pool.txt"
    pool.write_text("Zephyr\nCrimson ritual\n", encoding="utf-8")
    import io

    notes = io.StringIO()
    assert read_pool(str(pool), db, warn=notes) == ["zephyr"]
    assert notes.getvalue().strip() == (f"magenoir-sim: note: {pool}: banned (R2.5), left out "
                                        "of the pool: Crimson ritual")


def test_ctrl_c_before_the_first_round_says_there_is_nothing_to_show(monkeypatch, capsys):
    import simulator.deck_doctor as doctor_module

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(doctor_module, "doctor", interrupted)
    assert main(["doctor", "fire-flames", "--quiet"]) == 130
    assert capsys.readouterr().err.strip() == ("magenoir-sim: interrupted before the race's "
                                               "first round ended: no swap to show")


def test_a_games_budget_gives_the_same_answer_on_any_number_of_workers(db, fire):
    runs = [doctor(fire, "duke", pool=["acceleration", "zephyr"], games=12_000, top=2, seed=3,
                   db=db, jobs=jobs, progress=False) for jobs in (1, 2)]
    one, two = (r.to_dict() for r in runs)
    for key in ("swaps", "rounds", "games_played", "win_rate", "best_deck"):
        assert one[key] == two[key], key
    assert one["budget_games"] == 12_000 and one["budget_seconds"] is None
    assert 0.9 <= one["budget_used"] <= 1.0 and one["games_played"] <= 12_000
    assert "of a 12,000-game budget" in runs[0].format_text()


@pytest.mark.parametrize(("argv", "message"), [
    (["--games", "100"], "--games must be at least 8,000 for doctor"),
    (["--games", "9000", "--budget", "5"], "give --budget (seconds) or --games, not both"),
    # the number of swaps grows with the simulated cards of the deck's elements
    (["--games", "20000"],
     re.compile(r"--games 20,000 is too few for \d+ swaps: give at least [\d,]+")),
])
def test_doctor_games_budget_errors(capsys, argv, message):
    assert main(["doctor", "fire-flames", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    found = message.search(err) if isinstance(message, re.Pattern) else message in err
    assert found and len(err.strip().splitlines()) == 1


def test_holm_adjusts_p_values_for_the_number_tested_together():
    from simulator.stats import holm

    # sorted: 0.005 x 4, 0.01 x 3, 0.03 x 2, 0.04 x 1, each at least the one before it
    assert holm([0.01, 0.04, 0.03, 0.005]).tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5]).tolist() == [0.5] and holm([0.3, 0.9]).tolist() == [0.6, 0.9]


def test_a_time_budget_plans_the_first_round_and_the_finalists_it_can_afford():
    from simulator.deck_doctor import _plan_time_budget, _Speed
    from simulator.errors import UserError

    # 2 workers, 10 ms a chunk (its Python: not in parallel), 0.1 ms a game: 5 s x 0.9 =
    # 3.375 s race, 1.125 s confirm
    speed = _Speed(0.010, 0.0001, 2)
    assert speed.seconds(4, 400) == pytest.approx(0.04 + 0.04 / 2)
    # the race: 40 candidates x 100 games cost 0.6 s; the confirmation: blocks of 100 games
    # at 15 ms each, 75 of them in 1.125 s (the deck's, and 74 finalists)
    assert _plan_time_budget(40, 999, speed, 5.0, 5.0) == (74, 100)
    assert _plan_time_budget(40, 3, speed, 5.0, 5.0) == (3, 100)
    # 318 candidates in a 0.5 s budget: 0.3375 s race, 2 ms a candidate: 10 games each
    assert _plan_time_budget(318, 999, _Speed(0.0, 0.0001, 1), 0.5, 0.5)[1] == 10
    with pytest.raises(UserError, match=r"--budget 1 s is too short to race 318 swaps .* "
                                        r"give --budget \d+ or more"):
        _plan_time_budget(318, 5, speed, 1.0, 1.0)


def test_many_swaps_at_once_are_marked_after_holms_correction_within_the_budget(db, fire,
                                                                                 monkeypatch):
    """``--top 999`` confirms every swap the budget can afford at once: a swap is marked
    significant only after Holm's correction for all of them (said in the output), the
    search stays within its time, and the progress bar counts seconds of it, not games."""
    import simulator.run as run_module
    from simulator.stats import holm

    bars = []

    class Recorded(run_module.ProgressBar):
        def __init__(self, total, enabled=None, stream=None, **kwargs):
            bars.append((total, kwargs))
            super().__init__(total, enabled, stream, **kwargs)

    monkeypatch.setattr(run_module, "ProgressBar", Recorded)
    # on the fake clock: how many swaps the budget affords must not hang on the machine's load
    result, _ = _doctor_on_a_clock(monkeypatch, db, fire, 1 / 2500,
                                   pool=["acceleration", "zephyr", "fire_whip"], budget=7,
                                   top=999, seed=6)
    assert bars == [(7, {"unit": "s of the budget"})]
    assert 1 < len(result.best) <= result.candidates
    raw = [r.p_value for r in result.best]
    assert [r.p_holm for r in result.best] == pytest.approx(holm(raw).tolist())
    assert all(r.significant == (r.p_holm < 0.05) for r in result.best)
    text = result.format_text()
    assert f"after Holm's correction for the {len(result.best)} swaps tested together" in text
    out = result.to_dict()
    assert out["budget_used"] <= 1.1, out["budget_used"]
    assert out["significance"].startswith("* significant at 5% after Holm's correction")


class _Clock:
    """A clock that moves only as the doctor plays: a chunk costs ``fixed`` seconds and each of
    its games ``per_game`` (this machine's speed made exact, so the plan is what is tested)."""

    def __init__(self, per_game: float, fixed: float = 0.003) -> None:
        self.now, self.per_game, self.fixed = 100.0, per_game, fixed

    def perf_counter(self) -> float:
        return self.now


def _doctor_on_a_clock(monkeypatch, db, deck, per_game, win_rate=None, **kwargs):
    """The doctor with the fake clock and games that cost it time (their outcomes drawn at
    each swap's own rate, or ``win_rate`` for every deck); the result and the clock."""
    import simulator.deck_doctor as deck_doctor
    from simulator.engine.compiler import warmup

    clock = _Clock(per_game)
    rng = np.random.default_rng(7)

    def race_chunk(db_, seed, bot, options, matchup, first, count):
        clock.now += clock.fixed + count * clock.per_game
        rate = 0.1 + 0.01 * (hash(matchup.decks[0].counts) % 5) if win_rate is None else win_rate
        return rng.random(count) < rate

    monkeypatch.setattr(deck_doctor, "time", clock)
    monkeypatch.setattr(deck_doctor, "_race_chunk", race_chunk)
    monkeypatch.setattr(warmup, "ensure", lambda **kw: setattr(clock, "now", clock.now + 0.4))
    result = doctor(deck, "duke", jobs=1, db=db, progress=False, started=clock.now - 2.0, **kwargs)
    return result, clock


@pytest.mark.parametrize("budget", [12, 20, 60])
@pytest.mark.parametrize("per_game, pool", [
    (1 / 2500, ["rain_of_flames", "ignition"]),     # 24 swaps
    (1 / 2500, "fire"),                            # 309 swaps: a short first round at 12 s
    (1 / 800, ["rain_of_flames", "ignition", "crimson_ring", "sulfur_flame"]),  # a slow machine
])
def test_a_time_budget_is_kept_within_ten_percent_counting_the_commands_start(
        monkeypatch, db, fire, budget, per_game, pool):
    """The doctor's clock starts when the command did (``started``: here 2 s before the call,
    as a busy machine's start, cards and engine load): racing, confirming and all, the search
    ends within 110% of ``--budget``, for small budgets too, and says how long it took. (Not
    counting the command's start, the same searches took up to 114% of 12 s.)"""
    elements = [pool] if isinstance(pool, str) else None
    result, clock = _doctor_on_a_clock(monkeypatch, db, fire, per_game, budget=budget,
                                       pool=None if elements else pool, elements=elements)
    assert result.seconds == pytest.approx(clock.now - (100.0 - 2.0))
    assert result.seconds <= 1.1 * budget, (result.seconds, result.rounds)
    assert result.seconds >= 0.6 * budget or len(result.rounds) == 1  # the budget is used


HOPELESS = """\
# a weak Warrior-Mage / Time / Sand deck
4 Rock
4 Iron rock
4 Meteor punch
4 Sharp volley
4 Earthquake
4 Divine hammer strike
4 Fine sand
4 Desert fangs
2 Temporal blast
2 Fast forward
2 Chaos
2 Galactic mantle
2 Waiver crown
"""


def test_a_deck_that_wins_nothing_says_no_swap_can_be_measured_and_what_to_replace(
        monkeypatch, db, tmp_path):
    """0 wins: no "as good as its best swaps" and no "0.0% (95% CI 0.0% to 0.0%)": the doctor
    says a gain cannot be measured against 0 wins, names the cards the deck can never cast
    (Time, Inspiration, Mage Noir) and the pool's cards that would let them be cast."""
    from simulator.decks import load_deck

    path = tmp_path / "hopeless.txt"
    path.write_text(HOPELESS, encoding="utf-8")
    deck = load_deck(path, db)
    result, _ = _doctor_on_a_clock(monkeypatch, db, deck, 1 / 20000, win_rate=0.0, budget=30)
    text = result.format_text()
    assert "as good as its best swaps" not in text
    line = next(x for x in text.splitlines() if x.startswith("deck win rate"))
    assert re.search(r"0\.0+% \(95% CI 0\.0+% to 0\.0*[1-9]\d*%\)", line), line
    assert "no swap can be measured against 0 wins" in text
    for card in ("Temporal blast", "Fast forward", "Chaos", "Galactic mantle", "Waiver crown"):
        assert f"  2 {card}: " in text
    assert "needs 1 Time" in text and "needs 1 Inspiration" in text and "a Ritual" in text
    helpers = result.to_dict()["never_cast"]
    assert sum(n["copies"] for n in helpers) == 10
    assert "Century" in result.helpers and "Brilliant inspiration" in result.helpers


def test_thin_evidence_is_said_so_and_enough_evidence_says_as_good(monkeypatch, db, fire):
    """No swap significant: with a 12 s budget the intervals are wide, and the doctor says the
    evidence is too thin (and what budget would tell); with a long one every interval ends
    below +2 pp, and only then is the deck "as good as its best swaps"."""
    short, _ = _doctor_on_a_clock(monkeypatch, db, fire, 1 / 2500, win_rate=0.1, budget=12,
                                  pool=["rain_of_flames", "ignition"])
    text = short.format_text()
    assert "the evidence is too thin to tell" in text and "--budget " in text
    assert "as good as its best swaps" not in text
    long, _ = _doctor_on_a_clock(monkeypatch, db, fire, 1 / 200000, win_rate=0.1, budget=600,
                                 pool=["rain_of_flames", "ignition"])
    assert max(r.high for r in long.best) < 0.02
    assert "as good as its best swaps" in long.format_text()
