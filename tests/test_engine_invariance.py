"""Whole-game properties (DESIGN.md 3.5, 3.6; practices: property tests over random decks).

(a) batch invariance: game i plays the same alone as inside a batch of 1000;
(b) the chunk size and the number of jobs never change a run's results;
(c) random legal decks of base-game cards, 1-4 players: no exception, every game ends, HP
    and turns stay bounded, and every player's 40 cards are conserved after every turn.

The example deck (decks/fire-flames.txt) uses only cards the engine plays
(``implemented_cards``), so no test here needs to bypass that check except the one that
says so explicitly.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from engine_fixtures import card_totals, play_capturing
from hypothesis import given, settings
from hypothesis import strategies as hs

from simulator import bots
from simulator.bots import DEFAULT_BOT
from simulator.cards import load_cards
from simulator.decks import Deck, load_deck
from simulator.engine.host import api
from simulator.engine.host.batch import BatchResult, Matchup, play
from simulator.engine.host.tables import handler_names, implemented_cards
from simulator.engine.rules.layout import (
    C_MAX,
    EMPTY,
    HANDLERS,
    LOSS_DECK,
    LOSS_HP,
    RUNNING,
    TIMEOUT,
)
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.rng import game_seeds
from simulator.run import simulate
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
DECK_SIZE = 40


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.fixture(scope="module")
def duke():
    return load_scenario("duke")


@pytest.fixture(scope="module")
def fire_deck(db):
    return load_deck(ROOT / "decks" / "fire-flames.txt", db)


# --- (a) batch invariance ------------------------------------------------------------------

PER_GAME = [f.name for f in fields(BatchResult) if f.name != "board_overflow"]
PROBES = [0, 1, 137, 500, 999]


@pytest.fixture(scope="module")
def big_batch(db, duke, fire_deck):
    matchup = Matchup((fire_deck,), duke, "normal")
    seeds = game_seeds(7, 0, 1000)
    return matchup, seeds, play(matchup, db, seeds, bots.get(DEFAULT_BOT), RuleOptions())


@pytest.mark.parametrize("index", PROBES)
def test_a_game_plays_the_same_alone_as_in_a_batch_of_1000(db, big_batch, index):
    matchup, seeds, batch = big_batch
    alone = play(matchup, db, seeds[index:index + 1], bots.get(DEFAULT_BOT), RuleOptions())
    for name in PER_GAME:
        np.testing.assert_array_equal(getattr(alone, name)[0], getattr(batch, name)[index],
                                      err_msg=f"field {name} of game {index}")


def test_batch_invariance_with_the_random_bot_in_coop(db, duke, fire_deck):
    """The random bot draws per-game counter-based numbers: also batch invariant."""
    matchup = Matchup((fire_deck, fire_deck), duke, "hard")
    seeds = game_seeds(11, 0, 100)
    batch = play(matchup, db, seeds, bots.get("random"), RuleOptions())
    for index in (0, 42, 99):
        alone = play(matchup, db, seeds[index:index + 1], bots.get("random"), RuleOptions())
        for name in PER_GAME:
            np.testing.assert_array_equal(getattr(alone, name)[0], getattr(batch, name)[index],
                                          err_msg=f"field {name} of game {index}")


def test_the_big_batch_is_not_degenerate(big_batch):
    """Guards the invariance test against comparing games that all end the same trivial way."""
    _, _, batch = big_batch
    assert (batch.outcome != RUNNING).all()
    assert len(np.unique(batch.end_turn)) > 3
    assert len(np.unique(batch.damage_to_adversary)) > 3


@pytest.mark.parametrize("players", [1, 2])
def test_threads_change_no_result(db, duke, fire_deck, players):
    """The batch loop deals games to its threads' lanes (game i to lane i mod threads), each
    lane reusing one scratch game record: every per-game result must be the same as on one
    thread."""
    matchup = Matchup((fire_deck,) * players, duke, "normal")
    seeds = game_seeds(13, 0, 400)
    one = play(matchup, db, seeds, bots.get(DEFAULT_BOT), RuleOptions(), threads=1)
    two = play(matchup, db, seeds, bots.get(DEFAULT_BOT), RuleOptions(), threads=2)
    for name in PER_GAME:
        np.testing.assert_array_equal(getattr(one, name), getattr(two, name),
                                      err_msg=f"field {name}")


# --- (b) chunks and jobs -------------------------------------------------------------------


def test_chunk_size_does_not_change_results(db, duke, fire_deck):
    one = simulate([fire_deck], duke, games=1000, seed=5, batch_size=1000, db=db)
    four = simulate([fire_deck], duke, games=1000, seed=5, batch_size=250, db=db)
    pd.testing.assert_frame_equal(one.games, four.games)


def test_jobs_do_not_change_results(db, duke, fire_deck):
    serial = simulate([fire_deck], duke, games=200, seed=9, batch_size=50, jobs=1, db=db)
    parallel = simulate([fire_deck], duke, games=200, seed=9, batch_size=50, jobs=2, db=db)
    pd.testing.assert_frame_equal(serial.games, parallel.games)


def test_same_seed_same_games_and_other_seed_other_games(db, duke, fire_deck):
    first = simulate([fire_deck], duke, games=100, seed=3, db=db)
    again = simulate([fire_deck], duke, games=100, seed=3, db=db)
    other = simulate([fire_deck], duke, games=100, seed=4, db=db)
    pd.testing.assert_frame_equal(first.games, again.games)
    assert not first.games["seed"].equals(other.games["seed"])


# --- (c) random legal decks ----------------------------------------------------------------


def _base_pool(db, implemented_only: bool):
    """With ``implemented_only``, every legal card the engine simulates, of every extension;
    without, the legal Base Game cards, also those without effect data (they play as blanks)
    but never a card naming an unregistered handler."""
    playable = implemented_cards(db)
    pool = []
    for card in db:
        if card.banned or card.copies_limit < 1:
            continue
        if not implemented_only and card.extension != "Base Game":
            continue
        if implemented_only and card.id not in playable:
            continue
        if not handler_names(dict(card.effect)) <= set(HANDLERS):
            continue
        pool.append(card)
    return pool


def random_deck(pool, rng: np.random.Generator, db) -> Deck:
    """40 cards drawn from ``pool``, respecting each card's copies limit."""
    counts: dict[str, int] = {}
    while sum(counts.values()) < DECK_SIZE:
        card = pool[int(rng.integers(len(pool)))]
        if counts.get(card.id, 0) < card.copies_limit:
            counts[card.id] = counts.get(card.id, 0) + 1
    return Deck.from_counts("random", counts, db)


def random_decks(pool, rng: np.random.Generator, db, players: int, scenario) -> list[Deck]:
    """One random deck per player, drawn again while the matchup holds more distinct cards
    (decks and Adversary together) than the engine does (C_MAX): with every card of the
    pool simulated, four random decks may reach it."""
    while True:
        decks = [random_deck(pool, rng, db) for _ in range(players)]
        ids = {card_id for deck in decks for card_id, _ in deck.counts}
        if len(ids) + len(scenario.cards) <= C_MAX:
            return decks


def check_invariants(eng, games, player) -> None:
    """State invariants after a player turn (called by the real game loop)."""
    st = eng.state
    totals = card_totals(eng)
    assert (totals == DECK_SIZE).all(), f"cards not conserved: {totals.min()}..{totals.max()}"
    for name in ("reserve", "ether", "board_mana", "hand", "discard", "adv_discard"):
        assert (getattr(st, name) >= 0).all(), f"negative {name}"
    assert ((st.deck_len >= 0) & (st.deck_len <= DECK_SIZE)).all()
    # A player who is out holds nothing any more (solo rulesheet, defeat of a player).
    g, p = np.nonzero(st.out)
    assert (st.hand[g, p].sum(axis=1) == 0).all()
    assert (st.reserve[g, p].sum(axis=1) == 0).all()
    assert (st.board_zone[g, p] == EMPTY).all()
    # Empty board slots hold nothing.
    empty = st.board_zone == EMPTY
    assert (st.board_card[empty] == -1).all() and (st.board_mana[empty] == 0).all()
    # board_end is one past the last occupied slot (0 for an empty board): scans stop there.
    occupied = ~empty
    last = np.where(occupied.any(axis=2), occupied.shape[2] - np.argmax(occupied[..., ::-1], axis=2), 0)
    assert (st.board_end == last).all(), "board_end out of step with the board"


def _play_random(db, duke, seed: int, players: int, bot: str, level: str, pool,
                 options: RuleOptions | None = None):
    options = options or RuleOptions()
    rng = np.random.default_rng(seed)
    decks = random_decks(pool, rng, db, players, duke)
    seeds = game_seeds(seed, 0, 20)
    turned = []

    def hook(eng, games, player):
        turned.append(len(games))
        check_invariants(eng, games, player)

    result, eng = play_capturing(decks, duke, level, seeds, bot, options,
                                 after_turn=hook)
    st = eng.state
    assert turned, "no player turn was played"
    assert (result.outcome != RUNNING).all()
    assert (result.end_turn >= 1).all()
    assert (result.end_turn <= options.max_rounds * players).all()
    assert ((result.final_hp >= -50) & (result.final_hp <= 200)).all()
    assert (card_totals(eng) == DECK_SIZE).all()
    lost = np.isin(result.outcome, [LOSS_HP, LOSS_DECK])
    assert st.out[lost].all()
    assert not st.out[result.outcome == TIMEOUT].all(axis=1).any()
    return result


@settings(derandomize=True, max_examples=12, deadline=None)
@given(seed=hs.integers(0, 2**31 - 1), players=hs.integers(1, 4),
       bot=hs.sampled_from(["random", "planner", "greedy"]),
       level=hs.sampled_from(["normal", "hard"]))
def test_random_decks_of_playable_base_cards(db, duke, seed, players, bot, level):
    _play_random(db, duke, seed, players, bot, level, _base_pool(db, implemented_only=True))


@settings(derandomize=True, max_examples=6, deadline=None)
@given(seed=hs.integers(0, 2**31 - 1), players=hs.integers(1, 4),
       bot=hs.sampled_from(["random", "planner", "greedy"]),
       level=hs.sampled_from(["normal", "hard"]))
def test_the_readiness_kept_between_board_changes_changes_no_game(db, duke, seed, players, bot,
                                                                  level):
    """The readiness is kept while ``board_clock`` stands still (readiness.py): games of random
    decks over every playable card end in the very same records with it computed afresh at
    every call, so no card changes a board without a tick."""
    rng = np.random.default_rng(seed)
    pool = _base_pool(db, implemented_only=True)
    matchup = Matchup(tuple(random_decks(pool, rng, db, players, duke)), duke, level)
    seeds = game_seeds(seed, 0, 12)
    kept = api.new_engine(matchup, db, policy=bots.get(bot), batch=len(seeds), seeds=seeds)
    fresh = api.new_engine(matchup, db, policy=bots.get(bot), batch=len(seeds), seeds=seeds)
    fresh.work["rd_no_cache"] = 1
    api.play_to_end(kept)
    api.play_to_end(fresh)
    assert (kept.records["outcome"] != RUNNING).all()
    differ = [f for f in kept.records.dtype.names
              if not np.array_equal(kept.records[f], fresh.records[f])]
    assert differ == []


@pytest.mark.parametrize("players", [1, 4])
def test_short_turn_cap_ends_every_game_as_timeout_or_earlier(db, duke, players):
    options = RuleOptions(max_rounds=3)
    result = _play_random(db, duke, 1234 + players, players, "random", "normal",
                          _base_pool(db, implemented_only=True), options)
    assert (result.outcome == TIMEOUT).any()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_decks_with_blank_base_cards(db, duke, seed):
    """Cards without effect data yet (Permanents, Equipment, Rituals among them) still go
    through every zone; played as blanks, they exercise conservation on more card types.
    A run refuses such decks; the positions engine (play_capturing) does not check them."""
    _play_random(db, duke, seed, 1 + seed % 4, "random", "hard",
                 _base_pool(db, implemented_only=False))
