"""The deck builder (simulator.deck_builder, simulator.build_result): legal decks only, the
same build for a seed, a final confirmation on games the search never played, the output."""

from __future__ import annotations

import json
import random
import shlex

import numpy as np
import pytest

from simulator import build_deck
from simulator.cli import main
from simulator.collection import Collection
from simulator.deck_doctor import GamePlayer
from simulator.decks import _check_rules, load_deck
from simulator.engine.rules.rng import game_seeds
from simulator.run import simulate
from simulator.value import paired_wins

SMALL = """# fire and air, for decks of 20 cards
4 Flame
4 Draconic flame
4 Fire ball
4 Fiery arrow
2 Flame projectile
4 Breath
3 Healer's breath
6 Zephyr
1 Crimson ritual
"""


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text(SMALL, encoding="utf-8")
    return str(path)


@pytest.fixture
def fire_shelf(db, fire):
    """The cards of fire-flames and a few more: one example deck and some room to swap."""
    owned = dict(fire.as_dict())
    owned.update({"magma_eruption": 4, "zephyr": 4, "fire_whip": 4})
    return Collection(owned, "fire shelf")


def _comparable(result) -> dict:
    data = result.to_dict()
    data.pop("seconds")
    return data


def test_a_build_is_the_same_for_a_seed_and_games_budget_on_any_number_of_workers(db, small):
    one = build_deck(small, "duke", games=12_000, size=20, seed=3, db=db, jobs=1,
                     progress=False)
    two = build_deck(small, "duke", games=12_000, size=20, seed=3, db=db, jobs=2,
                     progress=False)
    assert _comparable(one) == _comparable(two)
    assert one.confirmed and len(one.search.steps) >= 2  # the starts, then generations
    other = build_deck(small, "duke", games=12_000, size=20, seed=4, db=db, jobs=2,
                       progress=False)
    assert _comparable(other)["generations"] != _comparable(one)["generations"]


def test_every_deck_the_search_plays_is_legal_and_owned(db, monkeypatch):
    """Property: over random collections, every deck the search plays is a legal deck of
    the collection's cards (checked here with the deck rules and the counts owned)."""
    from simulator import deck_builder

    played = []
    real = deck_builder._Search.matchup

    def recording(self, cand):
        played.append((self.collection, cand.deck))
        return real(self, cand)

    monkeypatch.setattr(deck_builder._Search, "matchup", recording)
    rng = random.Random(7)
    base = [c.id for c in db.official if c.extension == "Base Game"]
    for _ in range(3):
        owned = {cid: rng.randint(1, 6) for cid in rng.sample(base, 12)}
        build_deck(Collection(owned, "random"), "duke", games=9_000, size=20, seed=5, db=db,
                   progress=False)
    assert len(played) > 50
    for collection, deck in played:
        counts = deck.as_dict()
        assert sum(counts.values()) == 20
        for cid, n in counts.items():
            assert n <= min(collection.owned[cid], db.by_id[cid].copies_limit)
        assert not _check_rules([(0, db.by_id[c], n) for c, n in counts.items()], 20, False)


def test_the_final_confirmation_plays_games_the_search_never_played(db, fire_shelf, monkeypatch):
    calls = []
    real = GamePlayer.won_many

    def recording(self, jobs, chunk=None, bot=None):
        calls.append([(first, count) for _, first, count in jobs])
        return real(self, jobs, chunk, bot)

    monkeypatch.setattr(GamePlayer, "won_many", recording)
    result = build_deck(fire_shelf, "duke", games=30_000, seed=11, db=db, progress=False)
    final = result.final
    search_seeds = {int(s) for call in calls[:-1] for first, count in call
                    for s in game_seeds(11, first, count)}
    final_seeds = {int(s) for first, count in calls[-1] for s in game_seeds(11, first, count)}
    assert calls[-1] == [(final.first_game, final.games)] * len(final.decks)
    assert search_seeds and final_seeds and not search_seeds & final_seeds
    # the example deck is in the final, and the winner's margins are the paired differences
    # of the decks' games there
    assert "fire-flames" in [d.name for d in final.decks if d.kind == "example deck"]
    winner, other = final.decks[0], final.decks[1]
    margin = next(m for m in final.margins if m.other == other.name)
    runs = [simulate(d.candidate.deck, "duke", games=final.games, seed=11,
                     first_game=final.first_game, db=db, progress=False) for d in (winner, other)]
    won = [(r.games["outcome"] == "win").to_numpy() for r in runs]
    assert (margin.difference, margin.low, margin.high) == pytest.approx(
        paired_wins(won[0], won[1]))
    assert winner.wins == int(won[0].sum()) and other.wins == int(won[1].sum())
    assert 0 <= margin.p_value <= margin.p_holm <= 1
    # what the text says of it
    text = result.format_text()
    assert "final confirmation: " in text and f"winner: {winner.name}" in text
    assert "margin over fire-flames" in text and "McNemar p" in text and "Holm" in text
    assert "path of changes:\n  start: " in text
    table = result.table()
    assert table["win_rate"].tolist() == sorted(table["win_rate"], reverse=True)
    assert np.isclose(table["win_rate"].iloc[0], winner.win_rate)
    assert "games, winner " in repr(result)


def test_a_collection_of_exactly_one_legal_deck_returns_that_deck(db):
    owned = {"flame": 4, "fire_ball": 4, "fiery_arrow": 4, "breath": 4, "zephyr": 4,
             "crimson_ritual": 2}
    result = build_deck(Collection(owned, "one deck"), "duke", games=5_000, size=20, db=db,
                        progress=False)
    assert result.confirmed
    assert result.deck.as_dict() == {c: 4 for c in owned if c != "crimson_ritual"}
    assert len(result.search.steps) == 1 and [d.name for d in result.final.decks] == ["built 1"]


def test_ctrl_c_keeps_the_best_deck_so_far_unconfirmed(db, small):
    def stop_after_first_generation(step):
        if step["generation"] == 1:
            raise KeyboardInterrupt

    result = build_deck(small, "duke", games=12_000, size=20, db=db, progress=False,
                        on_step=stop_after_first_generation)
    assert result.partial and not result.confirmed and result.final is None
    assert result.deck is result.search.champion.deck
    text = result.format_text()
    assert text.startswith("PARTIAL RESULTS (interrupted): the best deck found so far, NOT "
                           "confirmed on fresh seeds")
    assert result.to_dict()["partial"] is True


def test_ctrl_c_on_the_command_line_is_exit_130_and_says_partial(small, monkeypatch, capsys,
                                                                 tmp_path):
    from simulator import build_result

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_result, "final_confirmation", interrupted)
    target = tmp_path / "best.txt"
    code = main(["build", small, "--min-cards", "20", "--games", "9000", "--quiet",
                 "--apply", str(target)])
    out = capsys.readouterr().out
    assert code == 130
    assert out.startswith("PARTIAL RESULTS (interrupted)")
    assert "UNCONFIRMED" in target.read_text(encoding="utf-8")


def test_build_from_the_command_line_and_its_command_replays_it(small, tmp_path, capsys, db):
    target, figure = tmp_path / "best.txt", tmp_path / "build.png"
    code = main(["build", small, "--min-cards", "20", "--budget", "0.15", "--quiet", "--json",
                 "--apply", str(target), "--figure", str(figure), "--seed", "8"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data = json.loads(captured.out)
    assert data["confirmed"] and not data["partial"] and data["minutes"] == 0.15
    assert data["command"].startswith(f"magenoir-sim build {small} --scenario duke --level "
                                      "normal --players 1 --bot planner --seed 8 --games ")
    assert figure.read_bytes()[:4] == b"\x89PNG"
    written = load_deck(target, db, min_cards=20)
    assert {db.by_id[c].name_en: n for c, n in written.as_dict().items()} == data["deck"]
    header = target.read_text(encoding="utf-8")
    assert "# path: start: draft fire+air (draft)" in header and "# build again: " in header
    # the printed command: the same build, exactly (a time budget's games, on any machine)
    again = shlex.split(data["command"])[1:] + ["--quiet", "--json"]
    assert main(again) == 0
    replay = json.loads(capsys.readouterr().out)
    for key in ("deck", "generations", "final", "path", "games_played", "games_budget"):
        assert replay[key] == data[key], key


def test_a_build_the_clock_stops_says_so_and_its_command_replays_it(db, small, monkeypatch,
                                                                    capsys):
    from simulator import deck_builder

    monkeypatch.setattr(deck_builder, "_seconds_for", lambda *args: 1e9)  # a very slow machine
    result = build_deck(small, "duke", minutes=0.2, size=20, seed=6, db=db, progress=False)
    assert result.settings["stopped_by_clock"] and len(result.search.steps) == 1
    command = result.command()
    assert " --generations 0 " in command and " --confirm-games 200 " in command
    assert "the clock stopped the search after generation 0" in result.format_text()
    monkeypatch.undo()
    assert main(shlex.split(command)[1:] + ["--quiet", "--json"]) == 0
    replay = json.loads(capsys.readouterr().out)
    assert replay["deck"] == result.to_dict()["deck"]
    assert replay["final"] == result.to_dict()["final"]


def test_the_look_ahead_judges_the_final_few_and_the_planner_searches(db, small):
    result = build_deck(small, "duke", games=9_000, confirm_games=200, size=20, seed=9,
                        bot="lookahead:2", db=db, progress=False)
    assert result.settings["search_bot"] == "planner" and result.final.bot == "lookahead:2"
    assert " --bot lookahead --rollouts 2 " in result.command()
    winner = result.final.winner
    again = simulate(winner.candidate.deck, "duke", games=200, seed=9, bot="lookahead:2",
                     first_game=result.final.first_game, db=db, progress=False)
    assert int((again.games["outcome"] == "win").sum()) == winner.wins
