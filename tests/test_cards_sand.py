"""The Sand extension's cards: one hand-built position per card (and its Mage Noir variant),
played through the real engine commands, asserting the exact state after."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    board_at,
    engine_with_answers,
    lid,
    mana,
    pile_of,
    put_adversary,
    put_on_board,
    set_hand,
)

from simulator.engine.host.api import activate, can_prepare, prepare
from simulator.engine.rules.layout import CHANNELED, PERMANENT, PREPARED, RITUAL

G01, P00 = np.array([0, 1]), np.array([0, 0])


def _ether(eng, game=0):
    return eng.state.ether[game].tolist()


def test_desert_meteor_deals_one_damage_per_sand_component_and_costs_less_for_a_mage_noir():
    eng = engine_with_answers(["desert_meteor", "fine_sand", "sirocco", "rite_of_passage"],
                              batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "sirocco", CHANNELED)
    put_on_board(eng, "fine_sand", CHANNELED)
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"desert_meteor": 1})
    st.reserve[:, 0] = mana(mineral=3)  # 4 Mineral without the Mage Noir reduction
    meteor = lid(eng, "desert_meteor")
    assert can_prepare(eng, G01, P00)[:, meteor].tolist() == [False, True]
    st.reserve[0, 0] = mana(mineral=4)
    prepare(eng, G01, P00, np.array([meteor, meteor]))
    assert st.reserve[:, 0].sum() == 0
    assert board_at(eng, 0)[3] == board_at(eng, 1)[4] == ("desert_meteor", PREPARED)
    eng.policy.forced["target"] = k
    activate(eng, G01, P00, np.array([3, 4]))
    assert st.adv_hp[:, k].tolist() == [17, 17]  # 3 Sand components: one instance of 3
    assert pile_of(eng, "discard", 0) == pile_of(eng, "discard", 1) == {"desert_meteor": 1}


def test_desert_wave_gathers_mineral_from_sand_components_when_prepared():
    eng = engine_with_answers(["desert_wave", "fine_sand", "sirocco"])
    st = eng.state
    k = put_adversary(eng, "duke")
    sand1 = put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    sand2 = put_on_board(eng, "sirocco", CHANNELED, locked=mana(mineral=2, air=1))
    set_hand(eng, {"desert_wave": 1})
    st.reserve[0, 0] = mana(air=3)
    prepare(eng, G0, P0, np.array([lid(eng, "desert_wave")]))
    wave = 2
    assert board_at(eng)[wave] == ("desert_wave", PREPARED)
    assert st.board_mana[0, 0, wave].tolist() == mana(air=3, mineral=3).tolist()
    assert st.board_mana[0, 0, sand1].sum() == 0
    assert st.board_mana[0, 0, sand2].tolist() == mana(air=1).tolist()
    eng.policy.forced["target"] = k
    activate(eng, G0, P0, np.array([wave]))
    assert st.adv_hp[0, k] == 17  # X = 3 Mineral locked under it
    assert pile_of(eng, "discard") == {"desert_wave": 1}
    assert st.ether[0].sum() == 6  # its Air and the gathered Mineral are released


def test_desert_wave_may_gather_nothing():
    eng = engine_with_answers(["desert_wave", "fine_sand"])
    st = eng.state
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    set_hand(eng, {"desert_wave": 1})
    st.reserve[0, 0] = mana(air=3)
    eng.policy.forced["take_locked_mana"] = int(eng.tables.slots)  # stop at once
    prepare(eng, G0, P0, np.array([lid(eng, "desert_wave")]))
    assert st.board_mana[0, 0, 2].tolist() == mana(air=3).tolist()


def test_desert_wall_has_the_mineral_locked_under_it_as_hp_and_protects_a_mage_noir():
    eng = engine_with_answers(["desert_wall", "fine_sand", "sirocco", "rite_of_passage"],
                              batch=2)
    st = eng.state
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "sirocco", CHANNELED, locked=mana(mineral=1, air=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"desert_wall": 1})
    st.reserve[:, 0] = mana(mineral=1)
    wall = lid(eng, "desert_wall")
    prepare(eng, G01, P00, np.array([wall, wall]))
    assert board_at(eng, 0)[2] == board_at(eng, 1)[3] == ("desert_wall", PERMANENT)
    assert [st.board_hp[0, 0, 2], st.board_hp[1, 0, 3]] == [3, 3]  # its own and 2 gathered
    assert st.board_mana[0, 0, 2].tolist() == mana(mineral=3).tolist()
    assert st.board_mana[0, 0, :2].sum() == 1  # the Sirocco's Air stays
    assert eng.tables.protector_mn[wall] == 1  # Protector only while a Mage Noir


def test_oasis_returns_an_activated_desert_spell_to_hand_for_one_water():
    eng = engine_with_answers(["oasis", "desert_meteor", "fine_sand"], batch=2,
                              optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "oasis", PERMANENT)
    put_on_board(eng, "fine_sand", CHANNELED)
    meteor = put_on_board(eng, "desert_meteor", PREPARED, locked=mana(mineral=4))
    st.reserve[0, 0] = mana(water=1)  # game 1 cannot pay: discarded as usual
    eng.policy.forced["target"] = k
    activate(eng, G01, P00, np.array([meteor, meteor]))
    assert st.adv_hp[:, k].tolist() == [19, 19]
    assert pile_of(eng, "hand", 0) == {"desert_meteor": 1}
    assert pile_of(eng, "discard", 0) == {}
    assert pile_of(eng, "discard", 1) == {"desert_meteor": 1}
    assert st.reserve[0, 0].sum() == 0
    assert st.ether[0].sum() == 5 and st.ether[1].sum() == 4  # + the Water paid
