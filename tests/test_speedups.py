"""The engine's shortcuts compute exactly what the plain formulas compute.

Why: the hot paths of a main-phase decision use shortcuts (see the docstrings they name):

- the compact word layout: component arrays over ``BatchTables.words`` (the 2-4 words the
  batch's cards require) instead of all 35 words (``tables.word_layout``);
- ``actions.Readiness``: costs, shortfalls and Mage Noir status computed once per decision
  and shared by the legal actions, the policy, the usage counters and ``prepare``;
- sparse or per-kind versions of bot scores (``trade_enables``, ``slot_taken_by_equal``,
  the needed-words product, the prepared spells' activate and channel scores), the integer
  ``demand``, the closed-form placement rule of ``mana.add_to_ether``.

Each test compares a shortcut with the full-width formula it replaced, written out again
here, on game states reached by real games (the example decks and a deck full of the cards
that change component counts: Water drop, Prodigious source and sowing, Fire mask, King of
trees), random and default bots, 1 and 2 players, at every main-phase decision and after
every turn: thousands of (game, player) positions per test.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from engine_fixtures import ScriptedPolicy, make_engine, play_capturing

from simulator.cards import COMPONENT_WORDS, ELEMENTS, load_cards
from simulator.decks import Deck, load_deck
from simulator.legacy.bots import make_bot
from simulator.legacy.bots.base import NEG, BasePolicy
from simulator.legacy.bots.view import MainPhaseView
from simulator.legacy.engine import actions, board, handlers_components, handlers_water, turns, usage
from simulator.legacy.engine.core import DecisionSeries, EngineError
from simulator.legacy.engine.mana import add_to_ether
from simulator.legacy.engine.rng import game_seeds
from simulator.legacy.engine.state import EQUIPMENT, PERMANENT, PREPARED, adversary_present
from simulator.legacy.engine.tables import WORD_INDEX
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
E = len(ELEMENTS)

#: Every card that changes how components are counted or required, and what they act on.
COMPONENT_DECK = {
    "water_drop": 3, "prodigious_source": 3, "prodigious_sowing": 2, "fire_mask": 3,
    "king_of_trees": 2, "surging_wave": 3, "unleashed_ocean": 2, "seed": 3, "sprouted_seed": 3,
    "hostile_forest": 2, "burning_robe": 2, "flame": 3, "fire_ball": 2, "rite_of_passage": 3,
    "tree_in_flames": 2, "dead_tree": 2,
}

#: (decks, bot, games): the matchups whose positions are checked.
MATCHUPS = [
    (("fire-flames",), "random", 12),
    (("water-tides",), "random", 12),
    (("air-winds",), "random", 12),
    (("vegetal-grove",), "random", 12),
    (("components",), "random", 32),
    (("components",), "planner", 16),
    (("components", "vegetal-grove"), "random", 16),
]


def _deck(name: str, db) -> Deck:
    if name == "components":
        return Deck.from_counts("components", COMPONENT_DECK, db)
    return load_deck(ROOT / "decks" / f"{name}.txt", db)


def _positions(check, monkeypatch) -> int:
    """Play every matchup and call ``check(eng, games, player)`` at every main-phase decision
    (before the legal actions) and after each player turn, for every player still in each
    running game; returns how many (game, player) positions were checked."""
    db = load_cards()
    duke = load_scenario("duke")
    seen = [0]
    legal_actions = turns.legal_actions

    def checked_legal_actions(eng, games, player, ready=None):
        check(eng, games, player)
        seen[0] += len(games)
        return legal_actions(eng, games, player, ready)

    def after_turn(eng, _games, _player):
        st = eng.state
        for q in range(st.players):
            games = np.flatnonzero(st.running & ~st.out[:, q])
            if len(games):
                check(eng, games, np.full(len(games), q))
                seen[0] += len(games)

    monkeypatch.setattr(turns, "legal_actions", checked_legal_actions)
    for names, bot, n in MATCHUPS:
        decks = [_deck(name, db) for name in names]
        play_capturing(decks, duke, "normal", game_seeds(11, 0, n), make_bot(bot),
                       after_turn=after_turn)
    return seen[0]


def _words(eng) -> np.ndarray:
    words = eng.tables.words
    assert (words == np.flatnonzero(eng.tables.requires.any(axis=0))).all()
    return words


# --- the compact word layout ----------------------------------------------------------------

LAYOUT_FUNCTIONS = [
    board.component_counts,
    handlers_components.component_instances,
    handlers_components.component_requirements,
    handlers_components.extra_component_slots,
    handlers_components.source_extra_slots,
    handlers_components.granted_words,
    handlers_water.water_drop_extra_slots,
    actions.component_shortfall,
]


def test_compact_word_columns_equal_the_full_35_word_arrays(monkeypatch):
    single = [WORD_INDEX[w] for w in ("Tree", "Seed", "Drop", "Wave", "Breath", "Flame")]

    def check(eng, games, player):
        words = _words(eng)
        for fn in LAYOUT_FUNCTIONS:
            full = np.asarray(fn(eng, games, player))  # (..., 35)
            assert full.shape[-1] == len(COMPONENT_WORDS)
            compact = fn(eng, games, player, words)
            np.testing.assert_array_equal(compact, full[..., words], err_msg=fn.__name__)
            for w in single:  # a one-word layout, as the per-word counts use
                np.testing.assert_array_equal(fn(eng, games, player, [w])[..., 0], full[..., w],
                                              err_msg=f"{fn.__name__} {COMPONENT_WORDS[w]}")
        # No word outside the compact layout can ever be missing.
        short = actions.component_shortfall(eng, games, player)
        outside = np.ones(len(COMPONENT_WORDS), bool)
        outside[words] = False
        assert not short[..., outside].any()

    assert _positions(check, monkeypatch) > 2000


# --- one Readiness per decision ---------------------------------------------------------------

def _can_prepare_full(eng, games, player) -> np.ndarray:
    """``actions.can_prepare`` as written before the shortcuts: every array over 35 words."""
    st, t, s = eng.state, eng.tables, eng.statics
    hand = st.hand[games, player] > 0
    hand[:, t.n_player_cards:] = False
    cost = actions.effective_cost(eng, games, player)
    affordable = (st.reserve[games, player][:, None, :] >= cost).all(2)
    short = actions.component_shortfall(eng, games, player)  # (n, C, 35)
    missing = short.sum(axis=2)
    mn = board.is_mage_noir(eng, games, player)
    ok = missing <= handlers_components.fewer_components_allowed(eng, games, player)
    alt_word, alt_element = s.alt_component[:, 0], s.alt_component[:, 1]
    hand_counts = st.hand[games, player]
    own_element_cards = hand_counts @ (t.element[:, None] == np.arange(E)[None, :]).astype(np.int64)
    for c in np.flatnonzero(alt_word >= 0):
        only_that = (missing[:, c] == short[:, c, alt_word[c]]) & (missing[:, c] == 1)
        spare = own_element_cards[:, alt_element[c]] - (t.element[c] == alt_element[c])
        ok[:, c] |= only_that & (spare > 0)
    ok &= ~s.mage_noir_only[None, :] | mn[:, None]
    unique = np.flatnonzero(s.unique)
    if len(unique):
        held = (st.board_card[games, player][:, :, None] == unique[None, None, :]).any(axis=1)
        ok[:, unique] &= ~held
    has_room = board.free_slot(eng, games, player) >= 0
    return hand & affordable & ok & has_room[:, None]


def _castable_full(eng, games, player) -> np.ndarray:
    """``usage.castable_now`` as written before the shortcuts."""
    st, s = eng.state, eng.statics
    n = eng.tables.n_player_cards
    cost = actions.effective_cost(eng, games, player)[:, :n]
    affordable = (st.reserve[games, player][:, None, :] >= cost).all(axis=2)
    missing = actions.component_shortfall(eng, games, player)[:, :n].sum(axis=2)
    mn = board.is_mage_noir(eng, games, player)
    ok = (missing == 0) | ((missing <= s.fewer_components_mn[None, :n]) & mn[:, None])
    ok &= ~s.mage_noir_only[None, :n] | mn[:, None]
    return affordable & ok


def test_readiness_and_its_readers_equal_the_full_computations(monkeypatch):
    def check(eng, games, player):
        words = _words(eng)
        kinds = eng.tables.n_player_cards  # a Readiness covers the player cards only
        ready = actions.readiness(eng, games, player)
        np.testing.assert_array_equal(ready.cost,
                                      actions.effective_cost(eng, games, player)[:, :kinds])
        np.testing.assert_array_equal(
            ready.shortfall, actions.component_shortfall(eng, games, player)[:, :kinds, words])
        np.testing.assert_array_equal(ready.mage_noir, board.is_mage_noir(eng, games, player))
        # the Mage Noir status from comparisons with the Rituals, against the table look-up
        in_play = eng.state.board_zone[games, player] >= PERMANENT
        marked = eng.statics.mage_noir[board.board_cards(eng, games, player)] & in_play
        np.testing.assert_array_equal(ready.mage_noir, marked.any(axis=1))
        expected = _can_prepare_full(eng, games, player)
        np.testing.assert_array_equal(actions.can_prepare(eng, games, player, ready), expected)
        np.testing.assert_array_equal(actions.can_prepare(eng, games, player), expected)
        np.testing.assert_array_equal(usage.castable_now(eng, games, player, ready),
                                      _castable_full(eng, games, player))
        half = np.arange(len(games)) % 2 == 0  # a subset keeps its rows
        sub = ready.rows(half)
        np.testing.assert_array_equal(
            sub.cost, actions.effective_cost(eng, games[half], player[half])[:, :kinds])
        assert ready.rows(np.ones(len(games), bool)) is ready

    assert _positions(check, monkeypatch) > 2000


def test_a_readiness_refuses_other_games():
    eng = make_engine(["flame", "fire_ball"], batch=3)
    games, player = np.arange(3), np.zeros(3, np.int64)
    ready = actions.readiness(eng, games, player)
    with pytest.raises(EngineError):
        actions.can_prepare(eng, games[:2], player[:2], ready)
    with pytest.raises(EngineError):
        actions.readiness(eng, np.array([2, 1, 0]), player, ready)


# --- the bots' scores -------------------------------------------------------------------------

def _trade_enables_full(eng, games, players, f) -> np.ndarray:
    """``BasePolicy.trade_enables`` as written before the shortcuts (dense over (n, C, E))."""
    reserve = eng.state.reserve[games, players].astype(np.int64)
    cost = actions.effective_cost(eng, games, players)
    deficit = np.maximum(cost - reserve[:, None, :], 0)
    one_short = deficit.sum(axis=2) == 1
    spare = reserve.sum(axis=1)[:, None] - (cost.sum(axis=2) - 1)
    in_hand = eng.state.hand[games, players] > 0
    worth = in_hand & one_short & (spare >= 2) & (f.value[None, :] > 0)
    worth &= actions.component_shortfall(eng, games, players).sum(axis=2) == 0
    return ((deficit > 0) & worth[:, :, None]).any(axis=1)


def _slot_taken_full(eng, games, players, f) -> np.ndarray:
    """``BasePolicy.slot_taken_by_equal`` as written before the shortcuts (per board slot)."""
    t = eng.tables
    cards = board.board_cards(eng, games, players)
    equipped = eng.state.board_zone[games, players] == EQUIPMENT
    held_value = np.full((len(games), t.size), -np.inf)
    for s in range(cards.shape[1]):
        slot_of = np.where(equipped[:, s], t.slot[cards[:, s]], -2)
        same_slot = (t.slot[None, :] == slot_of[:, None]) & (t.card_type[None, :] == 2)
        held_value = np.where(same_slot, np.maximum(held_value, f.value[cards[:, s]][:, None]),
                              held_value)
    return held_value >= f.value[None, :]


def _demand_full(eng, games, players) -> np.ndarray:
    """``BasePolicy.demand`` as written before the shortcuts (float products)."""
    hand = eng.state.hand[games, players].astype(np.float64)
    cost = actions.effective_cost(eng, games, players).astype(np.float64)
    want = (hand[:, :, None] * cost).sum(axis=1)
    return np.maximum(want - eng.state.reserve[games, players], 0)


def _channel_enables_full(eng, games, players, f, cards) -> np.ndarray:
    """(n, S) ``BasePolicy.channel_enables`` for every slot, from the full arrays: the value
    of the hand cards, affordable and preparable but for their components, that the words
    of the card in each slot would complete."""
    short = actions.component_shortfall(eng, games, players)  # (n, C, 35)
    hand = eng.state.hand[games, players] > 0
    cost = actions.effective_cost(eng, games, players)
    affordable = (cost <= eng.state.reserve[games, players][:, None, :]).all(axis=2) & hand
    mn = board.is_mage_noir(eng, games, players)
    affordable &= ~eng.statics.mage_noir_only[None, :] | mn[:, None]
    affordable[:, eng.tables.n_player_cards:] = False
    gives = eng.tables.provides[cards] > 0  # (n, S, 35)
    after = np.maximum(short[:, None, :, :] - gives[:, :, None, :], 0).sum(axis=3)  # (n, S, C)
    unlocked = affordable[:, None, :] & (short.sum(axis=2) > 0)[:, None, :] & (after == 0)
    return (unlocked * f.value[None, None, :]).sum(axis=2)


def _adversary_side_full(eng, games) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Whether the Adversary is in play, its HP (10**6 when absent) and whether another
    Adversary card with HP is, slot by slot over the whole (n, K) rows."""
    cards = eng.state.adv_card[games]
    hp = eng.state.adv_hp[games]
    present = np.zeros(len(games), bool)
    adv_hp = np.zeros(len(games), np.int64)
    others = np.zeros(len(games), bool)
    for k in range(cards.shape[1]):
        here = cards[:, k] >= 0
        is_adv = here & eng.tables.is_adversary[np.maximum(cards[:, k], 0)]
        present |= is_adv
        adv_hp += np.where(is_adv, hp[:, k], 0)
        others |= here & ~is_adv & (hp[:, k] > 0)
    return present, np.where(present, adv_hp, 10**6), others


def _spell_blocks_full(bot, eng, games, players, ready) -> np.ndarray:
    """The activate and channel blocks of ``BasePolicy.main_action_scores`` as written before
    the shortcut (dense over every board slot, not only the prepared ones)."""
    st, t, f = eng.state, eng.tables, bot.features(eng)
    present, adv_hp, enemy_perms = _adversary_side_full(eng, games)
    hurt = (20 - st.hp[games, players]).clip(0)
    needs = bot.words_needed(eng, MainPhaseView(eng, games, players), ready)
    provides_needed = (needs > 0).astype(np.int64) @ t.provides[:, ready.words].T.astype(np.int64)
    cards = board.board_cards(eng, games, players)
    prepared = st.board_zone[games, players] == PREPARED
    dmg = f.damage[cards] * np.where(f.needs_opponent[cards], present[:, None],
                                     (present | enemy_perms)[:, None])
    lethal = dmg >= adv_hp[:, None]
    act = 4.0 * dmg + f.heal[cards] * np.minimum(hurt, 6)[:, None] / 3 + 3.0 * f.draw[cards]
    act += 2.0 * f.mana[cards] + 1000.0 * (lethal & present[:, None] & (dmg > 0))
    act -= 20.0 * f.harms_own[cards] * ~(present | enemy_perms)[:, None]
    act += np.where(f.removal[cards], np.where(enemy_perms, 12.0, -50.0)[:, None], 0.0)
    channel_value = 6.0 * np.take_along_axis(provides_needed, cards, axis=1)
    channel_value += 1.0 * f.channel_only[cards]
    channel_value += 2.0 * _channel_enables_full(eng, games, players, f, cards)
    return np.concatenate([np.where(prepared, act - 1.0, NEG),
                           np.where(prepared & (channel_value > 0),
                                    channel_value + 0.5 * (dmg == 0), NEG)], axis=1)


def test_bot_scores_equal_the_full_formulas(monkeypatch):
    bot = BasePolicy()

    def check(eng, games, players):
        t = eng.tables
        f = bot.features(eng)
        words = _words(eng)
        ready = actions.readiness(eng, games, players)
        # the words a hand needs, and the needed words each card provides
        short = actions.component_shortfall(eng, games, players)  # (n, C, 35)
        in_hand = eng.state.hand[games, players] > 0
        needs_full = (short * in_hand[:, :, None]).max(axis=1)
        view = MainPhaseView(eng, games, players)
        needs = bot.words_needed(eng, view, ready)
        np.testing.assert_array_equal(needs, needs_full[:, words])
        provides_needed = (t.provides[None, :, :] * (needs_full[:, None, :] > 0)).sum(axis=2)
        compact = (needs > 0).astype(np.int64) @ t.provides[:, words].T.astype(np.int64)
        np.testing.assert_array_equal(compact, provides_needed)
        # the sparse trade check, the per-kind Equipment check, the integer demand
        np.testing.assert_array_equal(bot.trade_enables(eng, view, f, ready),
                                      _trade_enables_full(eng, games, players, f))
        np.testing.assert_array_equal(bot.slot_taken_by_equal(eng, view, f),
                                      _slot_taken_full(eng, games, players, f))
        # the view's reading of the Adversary's side, against the slot-by-slot one
        present, adv_hp, enemy_perms = _adversary_side_full(eng, games)
        np.testing.assert_array_equal(view.adversary_present, present)
        np.testing.assert_array_equal(view.adversary_present,
                                      adversary_present(eng.state, t.is_adversary, games))
        np.testing.assert_array_equal(view.adversary_hp, adv_hp)
        np.testing.assert_array_equal(view.enemy_permanents, enemy_perms)
        demand = bot.demand(eng, games, players)
        assert demand.dtype == np.float64
        np.testing.assert_array_equal(demand, _demand_full(eng, games, players))
        # the activate and channel blocks, scored at the prepared slots only
        sp = actions.action_space(eng)
        np.testing.assert_array_equal(
            bot.main_action_scores(eng, games, players, None, ready)[:, sp.activate:sp.trade],
            _spell_blocks_full(bot, eng, games, players, ready))
        # the scores with the engine's Readiness are those the bot computes on its own
        options = actions.legal_actions(eng, games, players, ready)
        np.testing.assert_array_equal(
            bot.score_main_action(eng, games, players, options, ready=ready),
            bot.score_main_action(eng, games, players, options))

    assert _positions(check, monkeypatch) > 2000


def test_a_decision_series_reuses_rows_of_one_computation():
    eng = make_engine(["flame"], batch=4)
    games, players = np.array([0, 1, 2, 3]), np.zeros(4, np.int64)
    series = DecisionSeries(games, players)
    calls = []

    def compute(g, p):
        calls.append(len(g))
        return g * 10

    rows = np.array([1, 3])
    assert series.reuse("x", compute, rows, games[rows]).tolist() == [10, 30]
    assert series.reuse("x", compute, rows[:1], games[rows[:1]]).tolist() == [10]
    assert calls == [4]
    with pytest.raises(EngineError):
        series.reuse("x", compute, rows, games[:2])
    del eng


# --- the planner's look at its hand when Mana is added -------------------------------------

def _hand_element_scores_full(bot, eng, games, players, extra) -> np.ndarray:
    """``PlannerPolicy.hand_element_scores`` as written before the shortcuts: float weights
    1 / (all a card lacks) over every player card kind (those not in hand cost nothing),
    the largest per element, on int64 arrays."""
    ready = actions.readiness(eng, games, players)
    kinds = eng.tables.n_player_cards
    in_hand = eng.state.hand[games, players, :kinds] > 0  # (n, Cp)
    cost = ready.cost * in_hand[:, :, None]  # (n, Cp, E)
    missing = ready.missing * in_hand  # (n, Cp)
    have = eng.state.reserve[games, players][:, None, :] + extra  # (n, K, E)
    lack = np.maximum(cost[:, None, :, :] - have[:, :, None, :], 0)  # (n, K, Cp, E)
    total = lack.sum(axis=3)  # (n, K, Cp)
    weight = np.where(total > 0, 1.0 / np.maximum(total + missing[:, None, :], 1), 0.0)
    nearest = ((lack > 0) * weight[..., None]).max(axis=2)  # (n, K, E)
    base = (bot.demand(eng, games, players)[:, None, :] - extra) - 0.01 * np.arange(E)
    return 10.0 * nearest + 0.01 * base


def test_planner_hand_scores_equal_the_full_formula(monkeypatch):
    bot = make_bot("planner")
    rng = np.random.default_rng(8)

    def check(eng, games, players):
        extra = rng.integers(0, 3, (len(games), 2, E)) * (rng.random((len(games), 2, E)) < 0.4)
        np.testing.assert_array_equal(
            bot.hand_element_scores(eng, games, players, None, None, extra),
            _hand_element_scores_full(bot, eng, games, players, extra))
        # the kinds in hand, in card-id order, each with its cost and missing components
        needs = bot.hand_needs(eng, games, players)
        ready = actions.readiness(eng, games, players)
        hand = eng.state.hand[games, players, :eng.tables.n_player_cards] > 0
        for i in range(0, len(games), 7):
            kinds = np.flatnonzero(hand[i])
            expected = np.zeros((needs.shape[1], E + 1), np.int64)
            expected[:len(kinds), :E] = ready.cost[i, kinds]
            expected[:len(kinds), E] = ready.missing[i, kinds]
            np.testing.assert_array_equal(needs[i], expected)

    assert _positions(check, monkeypatch) > 2000


# --- the placement rule in closed form ----------------------------------------------------------

def _add_to_ether_one_by_one(ether: np.ndarray, start: np.ndarray, mana: np.ndarray) -> None:
    """The placement rule as written before: one Mana at a time, alternating piles."""
    total = mana.sum(axis=1)
    cum = np.cumsum(mana, axis=1)
    for k in range(int(total.max(initial=0))):
        valid = k < total
        element = (cum <= k).sum(axis=1)
        pile = np.where(k % 2 == 0, start, 1 - start)
        rows = np.flatnonzero(valid)
        ether[rows, pile[valid], element[valid]] += 1


def test_add_to_ether_places_mana_as_one_at_a_time():
    rng = np.random.default_rng(5)
    n = 400
    eng = make_engine(["flame"], batch=n, policy=ScriptedPolicy({"ether_start_pile": 1}))
    st = eng.state
    st.ether[:] = rng.integers(0, 4, (n, 2, E))
    mana = rng.integers(0, 4, (n, E)) * (rng.random((n, E)) < 0.5)
    sizes = st.ether.sum(axis=2)
    start = np.where(sizes[:, 0] == sizes[:, 1], 1, np.argmin(sizes, axis=1))
    expected = st.ether.copy()
    _add_to_ether_one_by_one(expected, start, mana)
    add_to_ether(eng, np.arange(n), np.zeros(n, np.int64), mana)
    np.testing.assert_array_equal(st.ether, expected)
