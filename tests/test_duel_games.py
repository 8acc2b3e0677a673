"""Whole duels (``simulator.duel_games``): the Python core's contract, the fairness of a mirror
match, seat-swap symmetry, conservation over thousands of games, and the replay."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import card_totals, play_capturing
from test_engine_invariance import _base_pool, random_deck
from test_mana_conservation import CREATES_MANA

from simulator import bots
from simulator.decks import bundled_decks, load_deck
from simulator.duel_games import (
    Side,
    make_side,
    play_duel_games,
    replay_duel,
    run_duel_games,
)
from simulator.engine.host import api
from simulator.engine.host.batch import Matchup
from simulator.engine.rules import layout as L
from simulator.engine.rules.rng import game_seeds
from simulator.errors import UserError
from simulator.stats import wilson_interval

EXAMPLE_DECKS = sorted(bundled_decks())
DECISIVE = (L.WIN, L.LOSS_HP, L.LOSS_DECK)

#: The cards that create Mana besides gathering's questions: those of ``CREATES_MANA``, and a
#: Mage Noir's Druid ring, whose extra Vegetal joins the gathering without a question.
DUEL_CREATES_MANA = CREATES_MANA | {"druid_ring"}


@pytest.fixture(scope="module")
def fire_water(db):
    return make_side("fire-flames", db=db), make_side("water-tides", db=db)


def test_both_orders_play_each_seed_with_either_side_first(db, fire_water):
    games = play_duel_games(fire_water, seed=7, first_game=3, count=4, db=db)
    assert list(games.game) == [3, 3, 4, 4, 5, 5, 6, 6]
    assert list(games.first_side) == [0, 1] * 4
    assert (games.seed[::2] == games.seed[1::2]).all()
    np.testing.assert_array_equal(games.seed[::2], game_seeds(7, 3, 4))
    assert list(games.seat[0]) == [0, 1] and list(games.seat[1]) == [1, 0]
    assert games.positions == ("s1", "s2") and games.sides == ("fire-flames", "water-tides")


def test_each_game_has_one_winner_or_a_draw_or_a_timeout(db, fire_water):
    games = play_duel_games(fire_water, seed=2, count=100, db=db)
    a, b = games.outcome[:, 0], games.outcome[:, 1]
    won = (a == L.WIN) & np.isin(b, (L.LOSS_HP, L.LOSS_DECK))
    lost = (b == L.WIN) & np.isin(a, (L.LOSS_HP, L.LOSS_DECK))
    even = ((a == L.DRAW) & (b == L.DRAW)) | ((a == L.TIMEOUT) & (b == L.TIMEOUT))
    assert (won | lost | even).all()
    loser_out = np.where(won, games.final_hp[:, 1], games.final_hp[:, 0])[won | lost]
    reason = np.where(won, b, a)[won | lost]
    assert (loser_out[reason == L.LOSS_HP] <= 0).all()  # out at 0 HP or less
    assert won.sum() > 0 and lost.sum() > 0  # not a degenerate matchup
    assert (games.turns >= 1).all() and (games.turns <= 2 * 40).all()


def test_swapping_the_sides_gives_the_same_games_mirrored(db, fire_water):
    """``duel A B`` and ``duel B A`` on one seed: the game with A first is the very same game
    in both (seats, not sides, key the randomness and the decisions), so results are
    complementary game for game."""
    fire, water = fire_water
    ab = play_duel_games([fire, water], seed=11, count=60, db=db)
    ba = play_duel_games([water, fire], seed=11, count=60, db=db)
    # row 2i of (A, B) has A first; row 2i + 1 of (B, A) has A first
    for mine, theirs in ((slice(0, None, 2), slice(1, None, 2)),
                         (slice(1, None, 2), slice(0, None, 2))):
        np.testing.assert_array_equal(ab.outcome[mine], ba.outcome[theirs][:, ::-1])
        np.testing.assert_array_equal(ab.turns[mine], ba.turns[theirs])
        np.testing.assert_array_equal(ab.final_hp[mine], ba.final_hp[theirs][:, ::-1])
        np.testing.assert_array_equal(ab.last_hit[mine], ba.last_hit[theirs][:, ::-1])


@pytest.mark.parametrize("deck", EXAMPLE_DECKS)
def test_a_mirror_match_wins_half_its_games(db, deck):
    """One deck against itself, the planner on both seats: paired on each seed with the seats
    swapped, each side wins exactly as often as the other (the pair's two games mirror each
    other); played with the first seat alternating over independent seeds, the first side's
    share of the decisive games is 50% within its 99.9% interval."""
    side = make_side(deck, db=db)
    paired = play_duel_games([side, side], seed=3, count=150, db=db)
    wins = (paired.outcome == L.WIN).sum(axis=0)
    assert wins[0] == wins[1]
    np.testing.assert_array_equal(paired.outcome[::2], paired.outcome[1::2][:, ::-1])
    alternate = play_duel_games([side, side], seed=4, count=300, order="alternate", db=db)
    decisive = np.isin(alternate.outcome[:, 0], DECISIVE)
    won = int((alternate.outcome[decisive, 0] == L.WIN).sum())
    low, high = wilson_interval(won, int(decisive.sum()), 0.999)
    assert low <= 0.5 <= high, f"{deck}: side 1 won {won} of {decisive.sum()}"


def test_mixed_seats_play_each_side_with_its_own_bot(db):
    planner = make_side("fire-flames", "planner", db=db)
    rand = make_side("fire-flames", "random", db=db)
    games = play_duel_games([planner, rand], seed=5, count=100, db=db)
    rate = (games.outcome[:, 0] == L.WIN).mean()
    assert rate > 0.8, f"the planner beat the random bot in {rate:.0%} of the games"
    again = play_duel_games([rand, planner], seed=5, count=100, db=db)
    np.testing.assert_array_equal(games.outcome[::2], again.outcome[1::2][:, ::-1])


def test_a_team_plays_a_team(db):
    team = make_side(["fire-flames", "water-tides"], db=db)
    other = make_side(["air-winds", "vegetal-grove"], db=db)
    games = play_duel_games([team, other], seed=1, count=20, db=db)
    assert games.positions == ("s1a", "s1b", "s2a", "s2b")
    assert list(games.seat[0]) == [0, 2, 1, 3] and list(games.seat[1]) == [1, 3, 0, 2]
    done = np.isin(games.outcome, DECISIVE + (L.DRAW,)).all(axis=1)
    assert done.mean() > 0.8
    lost = games.outcome[:, 0] != L.WIN
    out_a = (games.out_reason[:, :2] != 0).all(axis=1)
    assert (out_a[done & lost & (games.outcome[:, 0] != L.DRAW)]).all()  # both of the team out


def test_run_chunks_and_threads_change_no_game(db, fire_water):
    one = run_duel_games(fire_water, games=40, seed=9, db=db, batch_size=40, jobs=1)
    many = run_duel_games(fire_water, games=40, seed=9, db=db, batch_size=7, jobs=2)
    single = play_duel_games(fire_water, seed=9, count=40, db=db, threads=2)
    for other in (many, single):
        np.testing.assert_array_equal(one.outcome, other.outcome)
        np.testing.assert_array_equal(one.final_hp, other.final_hp)
        np.testing.assert_array_equal(one.hp_by_turn, other.hp_by_turn)
    frame = one.frame()
    assert list(frame.columns[:6]) == ["game", "seed", "first", "turns", "outcome_s1",
                                       "outcome_s2"]
    turns = one.turns_frame()
    assert set(turns["mover"]) == {"s1", "s2"} and len(turns) == one.turns.sum()


def test_the_replay_is_the_game_played(db, fire_water):
    games = play_duel_games(fire_water, seed=1, first_game=2, count=1, db=db)
    text = replay_duel(fire_water, seed=1, game=2, first_side=1, db=db)
    lines = text.splitlines()
    assert lines[0].startswith("Game 2 of the duel with seed 1: fire-flames against "
                               "water-tides, water-tides first")
    assert any(line.startswith("-- Turn 1: P1 (water-tides)") for line in lines)
    assert not any("player 1" in line or "player 2" in line for line in lines)
    outcome = L.OUTCOME_NAMES[int(games.outcome[1, 0])]
    assert f"fire-flames {outcome}" in lines[-1]
    assert f"on turn {int(games.turns[1])}" in lines[-1]


def test_bad_duels_are_user_errors(db):
    fire = make_side("fire-flames", db=db)
    team = make_side(["fire-flames", "water-tides"], db=db)
    with pytest.raises(UserError, match="same mode"):
        play_duel_games([fire, team], db=db)
    with pytest.raises(UserError, match="a team of two"):
        make_side(["fire-flames", "water-tides", "air-winds"], db=db)
    with pytest.raises(UserError, match="two sides"):
        play_duel_games([fire], db=db)
    with pytest.raises(UserError, match="order"):
        play_duel_games([fire, fire], order="sometimes", db=db)
    with pytest.raises(UserError):
        make_side("no-such-deck", db=db)


# --- conservation over thousands of games --------------------------------------------------

@pytest.mark.parametrize("mode, seats", [("duel", 2), ("teams", 4)])
def test_cards_hp_and_outcomes_hold_over_thousands_of_games(db, mode, seats):
    """Random legal decks of every playable card, 1,200 games played to their ends: every
    card is somewhere, no pile, reserve or Ether is negative, HP stay within bounds, and the
    outcomes agree with who is out."""
    pool = _base_pool(db, implemented_only=True)
    rng = np.random.default_rng(17 + seats)
    decks = tuple(random_deck(pool, rng, db) for _ in range(seats))
    matchup = Matchup(decks, None, None, mode)
    team, out = [], []
    for first in range(0, 1200, 200):  # an engine's work records are large: 200 games each
        seeds = game_seeds(23, first, 200)
        eng = api.new_engine(matchup, db, policy=bots.get("planner"), batch=len(seeds),
                             seeds=seeds)
        api.play_to_end(eng)
        st = eng.state
        assert (card_totals(eng) == 40).all()
        for name in ("reserve", "ether", "board_mana", "hand", "discard", "deck_len"):
            assert (getattr(st, name) >= 0).all(), f"negative {name}"
        assert ((st.hp >= -60) & (st.hp <= 200)).all()
        team.append(eng.records["team_outcome"].copy())
        out.append(st.out != 0)
    team, out = np.concatenate(team), np.concatenate(out)
    team_out = np.stack([out[:, 0::2].all(axis=1), out[:, 1::2].all(axis=1)], axis=1)
    for t in range(2):
        lost = np.isin(team[:, t], (L.LOSS_HP, L.LOSS_DECK))
        assert team_out[lost, t].all() and (team[lost, 1 - t] == L.WIN).all()
        assert not team_out[team[:, t] == L.WIN, t].any()
    drawn = team[:, 0] == L.DRAW
    assert team_out[drawn].all() and (team[drawn, 1] == L.DRAW).all()
    timeout = team[:, 0] == L.TIMEOUT
    assert not team_out[timeout].any() and (team[timeout, 1] == L.TIMEOUT).all()
    assert (team[:, 0] == L.WIN).sum() >= 10 and (team[:, 1] == L.WIN).sum() >= 10


@pytest.mark.parametrize("mode, seats, bot", [("duel", 2, "planner"), ("duel", 2, "random"),
                                              ("teams", 4, "greedy")])
def test_mana_is_conserved_after_every_turn_of_a_duel(db, mode, seats, bot):
    """Mana enters a duel only by gathering (each Mana one ``mana_element`` question): after
    every turn, reserves + Ether + locked Mana == the Mana gathered so far, with cards that
    create no Mana of their own (a disqualified 2 vs 2 player's Mana goes to their teammate:
    still counted)."""
    pool = [c for c in _base_pool(db, implemented_only=True) if c.id not in DUEL_CREATES_MANA]
    rng = np.random.default_rng(len(bot) + seats)
    decks = [random_deck(pool, rng, db) for _ in range(seats)]
    seeds = game_seeds(31, 0, 30)
    created = np.zeros(len(seeds), np.int64)
    checked = []

    def count_created(game, questions):
        created[game] += sum(1 for kind, *_ in questions if kind == "mana_element")

    def after_turn(eng, games, player):
        st = eng.state
        games = games[st.outcome[games] == L.RUNNING]  # at its end a game clears the boards
        total = (st.reserve[games].sum(axis=(1, 2)) + st.ether[games].sum(axis=(1, 2))
                 + st.board_mana[games].sum(axis=(1, 2, 3)))
        np.testing.assert_array_equal(total, created[games])
        assert (card_totals(eng)[games] == 40).all()
        checked.append(len(games))

    result, _ = play_capturing(decks, None, None, seeds, bot, after_turn=after_turn,
                               on_questions=count_created, mode=mode)
    assert sum(checked) > 300
    assert (result.team_outcome != L.RUNNING).all()


def test_sides_need_a_deck_each(db):
    deck = load_deck("fire-flames", db)
    with pytest.raises(UserError):
        Side((), ())
    assert Side((deck,), ("planner",)).name == "fire-flames"
