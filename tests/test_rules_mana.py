"""Mana rules (docs/rules.md R6): the placement rule, taking a pile, trading 2 for 1."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    E,
    ScriptedPolicy,
    make_engine,
    mana,
    tradeable_elements,
)
from hypothesis import given, settings
from hypothesis import strategies as hs

from simulator.cards import ELEMENTS
from simulator.engine.host.api import (
    action_space,
    add_to_ether,
    adversary_turn,
    legal_actions,
    take_pile,
    trade,
)
from simulator.engine.rules.options import RuleOptions

G0 = np.array([0])
P0 = np.array([0])
FIRE, WATER, AIR, VEGETAL, MINERAL, ARCANE = range(6)


def _ether(eng, game=0) -> list[list[int]]:
    return eng.state.ether[game].tolist()


# --- placement rule (R6.1) -----------------------------------------------------------------


@pytest.mark.parametrize("start", [0, 1])
def test_three_mana_on_empty_piles_split_2_1_from_the_chosen_pile(start):
    policy = ScriptedPolicy({"ether_start_pile": start})
    eng = make_engine([], policy=policy)
    add_to_ether(eng, G0, P0, mana(fire=1, water=1, air=1)[None])
    # By default the elements go in ELEMENTS order, alternating from the start pile; the
    # actor is asked which 2 Mana the start pile gets (one ``ether_split`` per Mana).
    first, second = mana(fire=1, air=1).tolist(), mana(water=1).tolist()
    expected = [first, second] if start == 0 else [second, first]
    assert _ether(eng) == expected
    assert policy.kinds == ["ether_start_pile", "ether_split", "ether_split"]
    asked = policy.asked[0]
    assert asked.players.tolist() == [0] and asked.options.tolist() == [[True, True]]


@pytest.mark.parametrize(("sizes", "smaller"), [((2, 3), 0), ((3, 2), 1)])
def test_three_mana_start_with_the_smaller_pile_without_asking(sizes, smaller):
    policy = ScriptedPolicy()
    eng = make_engine([], policy=policy)
    eng.state.ether[0, 0, WATER] = sizes[0]
    eng.state.ether[0, 1, MINERAL] = sizes[1]
    add_to_ether(eng, G0, P0, mana(fire=3)[None])
    assert eng.state.ether[0, smaller, FIRE] == 2
    assert eng.state.ether[0, 1 - smaller, FIRE] == 1
    assert eng.state.ether[0].sum(axis=1).tolist() == [4, 4]
    assert eng.state.ether[0, 0, WATER] == sizes[0] and eng.state.ether[0, 1, MINERAL] == sizes[1]
    assert "ether_start_pile" not in policy.kinds


@pytest.mark.parametrize("start", [0, 1])
def test_four_mana_on_equal_piles_add_two_to_each(start):
    policy = ScriptedPolicy({"ether_start_pile": start})
    eng = make_engine([], policy=policy)
    eng.state.ether[0, 0, AIR] = 1
    eng.state.ether[0, 1, ARCANE] = 1
    add_to_ether(eng, G0, P0, mana(vegetal=4)[None])
    assert _ether(eng) == [mana(air=1, vegetal=2).tolist(), mana(arcane=1, vegetal=2).tolist()]
    assert policy.kinds == ["ether_start_pile"]


def test_placement_in_several_games_asks_only_the_tied_game():
    policy = ScriptedPolicy({"ether_start_pile": 1})
    eng = make_engine([], batch=4, policy=policy)
    ether = eng.state.ether
    ether[1, 0, WATER], ether[1, 1, WATER] = 2, 3   # game 1: 2/3 -> starts with pile 0
    ether[2, 0, WATER], ether[2, 1, WATER] = 3, 2   # game 2: 3/2 -> starts with pile 1
    ether[3, 0, WATER], ether[3, 1, WATER] = 1, 1   # game 3: tie, but adds nothing
    games = np.arange(4)
    add = np.stack([mana(fire=3), mana(fire=3), mana(fire=3), mana()])
    add_to_ether(eng, games, np.zeros(4, np.int64), add)
    assert ether[:, :, FIRE].tolist() == [[1, 2], [2, 1], [1, 2], [0, 0]]
    assert [a.games.tolist() for a in policy.of_kind("ether_start_pile")] == [[0]]


@settings(derandomize=True, max_examples=60, deadline=None)
@given(piles=hs.lists(hs.integers(0, 3), min_size=2 * E, max_size=2 * E),
       added=hs.lists(hs.integers(0, 3), min_size=E, max_size=E),
       start=hs.integers(0, 1))
def test_placement_conserves_elements_and_alternates(piles, added, start):
    eng = make_engine([], policy=ScriptedPolicy({"ether_start_pile": start}))
    eng.state.ether[0] = np.array(piles, np.int32).reshape(2, E)
    before = eng.state.ether[0].copy()
    add = np.array(added, np.int32)
    add_to_ether(eng, G0, P0, add[None])
    after = eng.state.ether[0]
    assert (after.sum(axis=0) == before.sum(axis=0) + add).all()
    assert (after >= before).all()
    sizes = before.sum(axis=1)
    first = start if sizes[0] == sizes[1] else int(np.argmin(sizes))
    n = int(add.sum())
    gained = (after - before).sum(axis=1)
    assert gained[first] == (n + 1) // 2 and gained[1 - first] == n // 2


# --- taking a pile (R5.3 b, solo Mana gathering) -------------------------------------------


@pytest.mark.parametrize("pile", [0, 1])
def test_take_pile_moves_the_whole_pile_to_the_reserve(pile):
    policy = ScriptedPolicy({"take_pile": pile})
    eng = make_engine([], policy=policy)
    st = eng.state
    st.ether[0, 0] = mana(fire=2)
    st.ether[0, 1] = mana(water=1, air=1)
    st.reserve[0, 0] = mana(fire=1)
    piles = st.ether[0].copy()
    take_pile(eng, G0, P0)
    assert st.reserve[0, 0].tolist() == (mana(fire=1) + piles[pile]).tolist()
    assert st.ether[0, pile].sum() == 0
    assert st.ether[0, 1 - pile].tolist() == piles[1 - pile].tolist()
    assert st.mana_taken[0, 0] == piles[pile].sum()
    assert policy.kinds == ["take_pile"]


def test_taking_an_empty_pile_is_allowed_and_takes_nothing():
    eng = make_engine([], policy=ScriptedPolicy({"take_pile": 1}))
    eng.state.ether[0, 0] = mana(fire=3)
    take_pile(eng, G0, P0)
    assert eng.state.reserve[0, 0].sum() == 0 and eng.state.mana_taken[0, 0] == 0
    assert eng.state.ether[0, 0].tolist() == mana(fire=3).tolist()


def test_taking_a_pile_marks_the_active_player_as_gathered_until_the_next_adversary_turn():
    # Public turn structure a co-op bot reads to know who takes the next pile.
    eng = make_engine([], players=2, policy=ScriptedPolicy({"take_pile": 0}))
    assert not eng.pile_taken[0]
    take_pile(eng, G0, P0)
    assert eng.pile_taken[0]
    eng.active[0] = 1
    adversary_turn(eng, G0)
    assert not eng.pile_taken[0]


# --- trading 2 for 1 (R6.5, Q4) ------------------------------------------------------------


def _trade_position(trade_mode: str, give=FIRE):
    """Reserve fire 2 + water 1; pile 0 = air 1, pile 1 (the largest) = air 2 + mineral 1."""
    policy = ScriptedPolicy({"trade_give": give, "ether_start_pile": 0})
    eng = make_engine([], policy=policy, options=RuleOptions(trade_mode=trade_mode))
    st = eng.state
    st.reserve[0, 0] = mana(fire=2, water=1)
    st.ether[0, 0] = mana(air=1)
    st.ether[0, 1] = mana(air=2, mineral=1)
    return eng, policy


def test_tradeable_elements_are_those_of_the_largest_pile():
    eng, _ = _trade_position("largest_pile")
    allowed = tradeable_elements(eng, G0, P0)[0]
    assert [ELEMENTS[e] for e in np.flatnonzero(allowed)] == ["air", "mineral"]
    space = action_space(eng)
    assert (legal_actions(eng, G0, P0)[0, space.trade:] == allowed).all()


def test_trade_in_largest_pile_mode():
    eng, policy = _trade_position("largest_pile")
    st = eng.state
    trade(eng, G0, P0, np.array([MINERAL]))
    assert st.reserve[0, 0].tolist() == mana(water=1, mineral=1).tolist()
    assert st.ether[0, 0].tolist() == mana(air=1).tolist()
    assert st.ether[0, 1].tolist() == mana(air=2, fire=2).tolist()
    assert st.reserve[0, 0].sum() == 2 and st.ether[0].sum() == 5
    assert policy.kinds == ["trade_give", "trade_give"]
    assert st.mana_taken[0, 0] == 0  # trading is not taking a pile


def test_trade_in_placement_rule_mode():
    eng, policy = _trade_position("placement_rule")
    st = eng.state
    trade(eng, G0, P0, np.array([MINERAL]))
    assert st.reserve[0, 0].tolist() == mana(water=1, mineral=1).tolist()
    # 1 mineral leaves pile 1 (piles now 1 and 2), then the 2 fire go by the placement
    # rule, starting with the smaller pile 0.
    assert st.ether[0, 0].tolist() == mana(air=1, fire=1).tolist()
    assert st.ether[0, 1].tolist() == mana(air=2, fire=1).tolist()
    assert st.reserve[0, 0].sum() == 2 and st.ether[0].sum() == 5
    assert "ether_start_pile" not in policy.kinds


@pytest.mark.parametrize("trade_mode", ["largest_pile", "placement_rule"])
def test_trade_element_present_in_both_piles_comes_from_the_largest(trade_mode):
    eng, _ = _trade_position(trade_mode)
    trade(eng, G0, P0, np.array([AIR]))
    st = eng.state
    assert st.reserve[0, 0].tolist() == mana(water=1, air=1).tolist()
    assert st.ether[0, :, AIR].sum() == 2
    if trade_mode == "largest_pile":
        assert st.ether[0, 0].tolist() == mana(air=1).tolist()
        assert st.ether[0, 1].tolist() == mana(air=1, mineral=1, fire=2).tolist()


def test_trade_may_give_two_different_elements():
    policy = ScriptedPolicy({"trade_give": [FIRE, WATER]})
    eng = make_engine([], policy=policy)
    st = eng.state
    st.reserve[0, 0] = mana(fire=1, water=1, arcane=1)
    st.ether[0, 1] = mana(vegetal=1)
    trade(eng, G0, P0, np.array([VEGETAL]))
    assert st.reserve[0, 0].tolist() == mana(arcane=1, vegetal=1).tolist()
    assert st.ether[0, 1].tolist() == mana(fire=1, water=1).tolist()
    # The second give was offered only what was left: water and arcane.
    second = policy.of_kind("trade_give")[1].options[0]
    assert second.tolist() == [False, True, False, False, False, True]


def test_no_trade_with_fewer_than_two_mana_in_reserve():
    eng, _ = _trade_position("largest_pile")
    eng.state.reserve[0, 0] = mana(fire=1)
    assert not tradeable_elements(eng, G0, P0).any()


def test_no_trade_for_an_element_only_in_the_smaller_pile():
    eng, _ = _trade_position("largest_pile")
    eng.state.ether[0, 0] = mana(vegetal=2)  # 2 < 3: vegetal is not in the largest pile
    assert not tradeable_elements(eng, G0, P0)[0, VEGETAL]


def test_equal_piles_are_both_largest():
    eng, _ = _trade_position("largest_pile")
    st = eng.state
    st.ether[0, 0] = mana(fire=1)
    st.ether[0, 1] = mana(water=1)
    allowed = tradeable_elements(eng, G0, P0)[0]
    assert [ELEMENTS[e] for e in np.flatnonzero(allowed)] == ["fire", "water"]
    trade(eng, G0, P0, np.array([WATER]))
    assert st.ether[0, 1].tolist() == mana(fire=2).tolist()
    assert st.ether[0, 0].tolist() == mana(fire=1).tolist()


def test_the_actor_chooses_which_mana_lands_on_the_start_pile():
    # 2 fire + 1 air onto 0/0 piles: the start pile gets 2 Mana. ELEMENTS order would give it
    # fire (1st) and air (3rd); here the actor keeps both fire together instead.
    fire = 0  # ELEMENTS index
    policy = ScriptedPolicy({"ether_start_pile": 1, "ether_split": [fire, fire]})
    eng = make_engine([], policy=policy)
    add_to_ether(eng, G0, P0, mana(fire=2, air=1)[None])
    assert _ether(eng) == [mana(air=1).tolist(), mana(fire=2).tolist()]
    split = [a for a in policy.asked if a.kind == "ether_split"]
    assert [a.options.tolist() for a in split] == [[[True, False, True, False, False, False]],
                                                   [[True, False, True, False, False, False]]]


def test_single_element_mana_asks_no_split():
    policy = ScriptedPolicy({"ether_start_pile": 0})
    eng = make_engine([], policy=policy)
    add_to_ether(eng, G0, P0, mana(water=3)[None])
    assert _ether(eng) == [mana(water=2).tolist(), mana(water=1).tolist()]
    assert "ether_split" not in policy.kinds
