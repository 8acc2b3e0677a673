"""The 2 vs 2 mode's special rules (the publisher's rulesheet; docs/rules.md R13.1), each on a
hand-built position: four seats, the teams alternating (seats 0 and 2 against 1 and 3), no
Adversary (``make_engine(..., mode="teams")``)."""

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
    put_on_board,
    set_deck,
    set_hand,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions

P1, P2 = np.array([1]), np.array([2])
RITUAL = "rite_of_passage"


def teams(cards, options=None, **forced):
    return make_engine(cards, mode="teams", options=options,
                       policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0,
                                              **forced}))


def test_the_seats_alternate_teams_and_each_has_a_teammate():
    eng = teams(["filler"])
    assert list(eng.tables.team[:4]) == [0, 1, 0, 1]
    assert list(eng.tables.mate[:4]) == [2, 3, 0, 1]
    assert list(eng.state.hp[0]) == [20] * 4


def test_the_current_player_gathers_five_and_splits_the_pile_with_their_teammate():
    eng = teams(["filler"], take_pile=0, share_pile=2)
    st = eng.state
    api.begin_player_turn(eng, G0, P0)  # turn 1: the empty piles get 3 and 2
    asked = eng.policy.of_kind("share_pile")
    assert len(asked) == 1 and asked[0].players[0] == 0
    np.testing.assert_array_equal(st.reserve[0, 0], mana(fire=1))
    np.testing.assert_array_equal(st.reserve[0, 2], mana(fire=2))
    np.testing.assert_array_equal(st.ether[0], [mana(), mana(fire=2)])
    assert list(st.mana_taken[0]) == [1, 0, 2, 0]


def test_both_teammates_start_their_turn_and_draw_except_on_the_first_turn():
    eng = teams(["fire_whip", "filler"], choose_opponent=[1, 3], take_pile=0, share_pile=0)
    st = eng.state
    for seat in range(4):
        set_deck(eng, ["filler"] * 3, player=seat)
    put_on_board(eng, "fire_whip", L.EQUIPMENT, player=0)
    put_on_board(eng, "fire_whip", L.EQUIPMENT, player=2)
    api.begin_player_turn(eng, G0, P0)  # turn 1: no one draws
    assert list(st.hp[0]) == [20, 19, 20, 19]  # each whip hit the opponent its player chose
    assert st.hand[0].sum() == 0
    api.begin_player_turn(eng, G0, P1)  # turn 2: seats 1 and 3 draw, seats 0 and 2 do not
    assert [int(st.hand[0, q].sum()) for q in range(4)] == [0, 1, 0, 1]


def test_both_teammates_end_their_turn():
    eng = teams(["filler"])
    st = eng.state
    set_hand(eng, {"filler": 9}, player=0)
    set_hand(eng, {"filler": 8}, player=2)
    set_hand(eng, {"filler": 9}, player=1)
    api.end_player_turn(eng, G0, P0)  # the hand limit of both teammates, not of the others
    assert [int(st.hand[0, q].sum()) for q in range(4)] == [7, 9, 7, 0]


def test_the_teammates_act_one_after_the_other_in_the_order_chosen():
    eng = teams(["fiery_arrow", "flame", "filler"], take_pile=0, share_pile=0, team_order=1,
                choose_opponent=1)
    st = eng.state
    st.turn[0] = 2
    for seat in range(4):
        set_deck(eng, ["filler"] * 3, player=seat)
    set_hand(eng, {"fiery_arrow": 1}, player=2)
    put_on_board(eng, "flame", L.CHANNELED, player=2)
    st.reserve[0, 2] = mana(fire=2)
    api.player_turn(eng, G0, 0)
    orders = eng.policy.of_kind("team_order")
    assert len(orders) == 1 and orders[0].players[0] == 0
    deciders = [int(a.players[0]) for a in eng.policy.of_kind("main_action")]
    assert deciders[0] == 2 and deciders[-1] == 0  # the teammate first, then the player
    assert st.hp[0, 1] == 17


def test_the_opponent_is_the_one_chosen():
    eng = teams(["fiery_arrow"], choose_opponent=3)
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=0)
    api.activate(eng, G0, P0, slot)
    asked = eng.policy.of_kind("choose_opponent")
    assert len(asked) == 1 and list(asked[0].options[0]) == [False, True, False, True]
    assert list(eng.state.hp[0]) == [20, 20, 20, 17]


def test_the_opponent_is_not_asked_when_one_is_left():
    eng = teams(["fiery_arrow"])
    eng.state.out[0, 3] = 1
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=0)
    api.activate(eng, G0, P0, slot)
    assert eng.policy.of_kind("choose_opponent") == []
    assert eng.state.hp[0, 1] == 17


def test_mage_noir_retaliation_a_lone_mage_noir_draws_two():
    eng = teams(["filler", RITUAL], take_pile=0)
    st = eng.state
    st.turn[0] = 2
    st.out[0, 2] = 1
    set_deck(eng, ["filler"] * 5, player=0)
    api.begin_player_turn(eng, G0, P0)
    assert st.hand[0, 0].sum() == 1  # not a Mage Noir: 1
    put_on_board(eng, RITUAL, L.RITUAL, player=0)
    api.begin_player_turn(eng, G0, P0)
    assert st.hand[0, 0].sum() == 3


def test_a_disqualified_players_mana_goes_to_their_teammate_and_their_spells_stop():
    eng = teams(["fiery_arrow", "fire_whip", "filler"], choose_opponent=2, take_pile=0)
    st = eng.state
    st.hp[0, 2] = 3
    set_hand(eng, {"filler": 2}, player=2)
    whip = put_on_board(eng, "fire_whip", L.EQUIPMENT, player=2, locked=mana(fire=1))
    st.reserve[0, 2] = mana(water=2)
    st.reserve[0, 0] = mana(air=1)
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1)
    api.activate(eng, G0, P1, slot)
    assert st.out[0, 2] == 1 and st.outcome[0] == L.RUNNING  # the team plays on
    np.testing.assert_array_equal(st.reserve[0, 0], mana(air=1, water=2, fire=1))
    assert st.reserve[0, 2].sum() == 0 and st.board_card[0, 2, whip] == -1
    assert pile_of(eng, "discard", player=2) == {"filler": 2, "fire_whip": 1}
    assert st.ether[0].sum() == 0  # no release: the Mana went to the teammate
    st.turn[0] = 2
    set_deck(eng, ["filler"] * 3, player=0)
    api.begin_player_turn(eng, G0, P0)  # the whip is gone: nobody is hit
    assert list(st.hp[0, [1, 3]]) == [20, 20]


def test_a_disqualified_players_locked_mana_may_go_to_the_ether():
    eng = teams(["fiery_arrow", "fire_whip"], choose_opponent=2,
                options=RuleOptions(disqualified_locked_mana="ether"))
    st = eng.state
    st.hp[0, 2] = 3
    put_on_board(eng, "fire_whip", L.EQUIPMENT, player=2, locked=mana(fire=2))
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1)
    api.activate(eng, G0, P1, slot)
    assert st.reserve[0, 0].sum() == 0 and st.ether[0].sum() == 2


def test_a_team_wins_when_both_opponents_are_out():
    eng = teams(["fiery_arrow"], choose_opponent=1)
    st = eng.state
    st.hp[0, 1] = 3
    st.hp[0, 3] = 3
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=0)
    api.activate(eng, G0, P0, slot)
    assert st.out[0, 1] == 1 and st.outcome[0] == L.RUNNING
    slot = put_on_board(eng, "fiery_arrow", L.PREPARED, player=2)
    api.activate(eng, G0, P2, slot)
    assert list(eng.records["team_outcome"][0]) == [L.WIN, L.LOSS_HP]
    assert st.last_hit_card[0, 3] == lid(eng, "fiery_arrow")
