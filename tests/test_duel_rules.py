"""The 1 vs 1 duel's rules (docs/rules.md R3-R5, R13), each on a hand-built position.

Two seats play each other, with no Adversary (``make_engine(..., mode="duel")``): seat 0
plays first. Every test asserts the exact state after the rule's action.
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    ScriptedPolicy,
    lid,
    make_engine,
    mana,
    pile_of,
    player_target,
    put_on_board,
    set_deck,
    set_hand,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L

P1 = np.array([1])


def duel(cards, **forced):
    """A duel engine whose script fixes ``forced`` answers; Mana elements default to Fire
    and Ether ties to pile 1 (index 0), so the piles are easy to write down."""
    return make_engine(cards, mode="duel",
                       policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0,
                                              **forced}))


def test_gathering_adds_three_mana_by_the_placement_rule_and_leaves_the_other_pile():
    eng = duel(["filler"], take_pile=0)
    st = eng.state
    set_deck(eng, ["filler", "filler"], player=1)
    assert api.begin_player_turn(eng, G0, P0)[0]  # turn 1: the empty piles get 2 and 1
    np.testing.assert_array_equal(st.reserve[0, 0], mana(fire=2))
    np.testing.assert_array_equal(st.ether[0], [mana(), mana(fire=1)])
    assert st.mana_taken[0, 0] == 2
    assert api.begin_player_turn(eng, G0, P1)[0]  # 3 more onto 0 and 1: 2 and 2
    np.testing.assert_array_equal(st.reserve[0, 1], mana(fire=2))
    np.testing.assert_array_equal(st.ether[0], [mana(), mana(fire=2)])  # left for seat 0
    np.testing.assert_array_equal(st.reserve[0, 0], mana(fire=2))


def test_gathering_asks_the_current_seat_for_each_element():
    eng = duel(["filler"], take_pile=1)
    api.begin_player_turn(eng, G0, P0)
    asked = eng.policy.of_kind("mana_element")
    assert len(asked) == 3 and (np.concatenate([a.players for a in asked]) == 0).all()
    np.testing.assert_array_equal(eng.state.reserve[0, 0], mana(fire=1))  # the pile of 1


def test_the_first_seat_skips_only_its_first_draw():
    eng = duel(["filler", "fiery_arrow"])
    st = eng.state
    set_deck(eng, ["filler", "fiery_arrow"], player=0)
    set_deck(eng, ["filler", "fiery_arrow"], player=1)
    api.begin_player_turn(eng, G0, P0)
    assert st.deck_len[0, 0] == 2 and pile_of(eng, "hand", player=0) == {}
    api.begin_player_turn(eng, G0, P1)
    assert pile_of(eng, "hand", player=1) == {"fiery_arrow": 1}
    api.begin_player_turn(eng, G0, P0)
    assert pile_of(eng, "hand", player=0) == {"fiery_arrow": 1}


def test_drawing_from_an_empty_deck_puts_the_seat_out_and_ends_the_duel():
    eng = duel(["filler"])
    st = eng.state
    st.turn[0] = 1
    assert not api.begin_player_turn(eng, G0, P1)[0]
    assert st.out[0, 1] == 1 and st.out_reason[0, 1] == L.OUT_DECK
    assert list(eng.records["team_outcome"][0]) == [L.WIN, L.LOSS_DECK]
    assert st.outcome[0] == L.WIN and st.end_turn[0] == 2
    assert st.out[0, 0] == 0


def test_both_seats_out_at_the_same_moment_is_a_draw():
    eng = duel(["artificial_sun"])
    st = eng.state
    st.hp[0] = 1
    put_on_board(eng, "artificial_sun", L.PERMANENT)
    api.turn_start(eng, G0, P0)  # 1 damage to ALL players, in one step
    assert (st.out[0] == 1).all() and (st.out_reason[0] == L.OUT_HP).all()
    assert list(eng.records["team_outcome"][0]) == [L.DRAW, L.DRAW]
    assert st.outcome[0] == L.DRAW


def test_a_seat_at_0_hp_loses_and_the_other_wins():
    eng = duel(["fiery_arrow"])
    st = eng.state
    st.hp[0, 1] = 3
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED)
    api.activate(eng, G0, P0, slot)
    assert st.hp[0, 1] == 0 and st.out[0, 1] == 1
    assert list(eng.records["team_outcome"][0]) == [L.WIN, L.LOSS_HP]
    assert st.last_hit_card[0, 1] == lid(eng, "fiery_arrow")
    assert pile_of(eng, "discard", player=0) == {"fiery_arrow": 1}


def test_the_opponent_of_a_seat_is_the_other_seat():
    eng = duel(["fiery_arrow"])
    st = eng.state
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1)
    api.activate(eng, G0, P1, slot)
    assert list(st.hp[0]) == [17, 20]
    assert st.damage_taken[0, 0] == 3


def test_damage_from_a_seat_to_itself_is_not_the_opponents():
    """Armours ignore only damage the opponent controls: a seat's own blow is not reduced."""
    eng = duel(["bark_armor", "fiery_arrow"])
    st = eng.state
    put_on_board(eng, "bark_armor", L.EQUIPMENT, player=1)
    api.deal_damage(eng, G0, 1, lid(eng, "fiery_arrow"), player_target(eng, 1), 3)
    assert st.hp[0, 1] == 17
    api.deal_damage(eng, G0, 0, lid(eng, "fiery_arrow"), player_target(eng, 1), 3)
    assert st.hp[0, 1] == 15  # 1 of the opponent's 3 ignored


def test_a_seat_out_of_a_duel_holds_nothing_and_the_game_is_over():
    eng = duel(["fiery_arrow", "filler"])
    st = eng.state
    set_hand(eng, {"filler": 2}, player=1)
    put_on_board(eng, "filler", L.CHANNELED, player=1, locked=mana(water=2))
    st.reserve[0, 1] = mana(air=3)
    st.hp[0, 1] = 0
    api.check_defeats(eng)
    assert st.out[0, 1] == 1 and st.outcome[0] == L.WIN
    assert pile_of(eng, "discard", player=1) == {"filler": 3}
    assert st.hand[0, 1].sum() == 0 and st.reserve[0, 1].sum() == 0
    assert st.ether[0].sum() == 2  # the locked Mana back to the Ether


def test_quickcast_spells_are_offered_in_the_opponents_turn():
    eng = duel(["zeuss_thunder", "rite_of_passage", "filler"])
    st = eng.state
    st.turn[0] = 1
    put_on_board(eng, "rite_of_passage", L.RITUAL, player=1)
    thunder = put_on_board(eng, "zeuss_thunder", L.PREPARED, player=1)
    st.board_turn[0, 1, thunder] = 1
    set_deck(eng, ["filler"] * 3, player=0)
    eng.policy.forced["quick_action"] = [1 + thunder]
    api.begin_player_turn(eng, G0, P0)  # seat 1's window as seat 0's turn begins
    windows = eng.policy.of_kind("quick_action")
    assert windows[0].players[0] == 1 and windows[0].context["amount"][0] == \
        L.WINDOW_OPPONENT_START
    assert st.hp[0, 0] == 15
    assert pile_of(eng, "hand", player=0) == {"filler": 1}  # the draw phase still draws
