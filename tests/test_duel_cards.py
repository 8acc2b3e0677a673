"""The cards whose duel behaviour differs from their solo behaviour, one test each, named after
the card (docs/cards.md): against the Adversary they do little or nothing (it has no hand, no
reserve, no prepared spell, no draw of its own), in a duel they act on the opposing seat.

Each test is a hand-built duel position (``make_engine(..., mode="duel")``, seat 0 against
seat 1, no Adversary) and asserts the exact state after the card acts; blank the card and the
test fails. Seat 0 is made a Mage Noir by a Rite of passage where the card needs it.

The last tests check the official rulings that cannot arise against the Adversary but do in a
duel (the ledger, ``tests/data/rulings.toml``, names them with ``mode = "duel"``).
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    ScriptedPolicy,
    board_at,
    deck_at,
    lid,
    make_engine,
    mana,
    pile_of,
    player_target,
    put_on_board,
    set_deck,
    set_hand,
    slot_target,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L

P1 = np.array([1])
RITUAL = "rite_of_passage"


def duel(cards, **forced):
    return make_engine(cards, mode="duel",
                       policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0,
                                              **forced}))


def cast(eng, card, player=0, zone=L.PREPARED):
    """Put ``card`` prepared on ``player``'s board and activate it."""
    slot = put_on_board(eng, card, zone, player=player)
    api.activate(eng, G0, np.array([player]), slot)
    return slot


def test_hypnotic_flower_duel_opponent_loses_hp_and_draws():
    eng = duel(["hypnotic_flower", "filler"])
    set_deck(eng, ["filler", "filler"], player=1)
    cast(eng, "hypnotic_flower")
    assert eng.state.hp[0, 1] == 18
    assert pile_of(eng, "hand", player=1) == {"filler": 1}


def test_forced_acceleration_duel_opponent_draws_seven_or_three_for_a_mage_noir():
    eng = duel(["forced_acceleration", "filler", RITUAL])
    set_deck(eng, ["filler"] * 10, player=1)
    cast(eng, "forced_acceleration")
    assert pile_of(eng, "hand", player=1) == {"filler": 7}
    put_on_board(eng, RITUAL, L.RITUAL, player=1)
    cast(eng, "forced_acceleration")
    assert pile_of(eng, "hand", player=1) == {"filler": 10}


def test_forced_acceleration_duel_an_empty_deck_puts_the_opponent_out():
    eng = duel(["forced_acceleration", "filler"])
    set_deck(eng, ["filler"] * 4, player=1)
    cast(eng, "forced_acceleration")
    assert eng.state.out_reason[0, 1] == L.OUT_DECK
    assert list(eng.records["team_outcome"][0]) == [L.WIN, L.LOSS_DECK]


def test_inception_duel_returns_a_card_of_the_opponents_pile_to_their_hand():
    eng = duel(["inception", "fiery_arrow", "filler"])
    st = eng.state
    st.discard[0, 1, lid(eng, "fiery_arrow")] = 1
    st.discard_pile[0, 1, 0] = lid(eng, "fiery_arrow")
    st.discard_len[0, 1] = 1
    eng.policy.forced["return_from_discard"] = lid(eng, "fiery_arrow")
    cast(eng, "inception")
    assert pile_of(eng, "hand", player=1) == {"fiery_arrow": 1}
    assert pile_of(eng, "discard", player=1) == {}


def test_thorn_torment_duel_opponent_discards_then_takes_one_per_card_left():
    eng = duel(["thorn_torment", "filler", "fiery_arrow"])
    set_hand(eng, {"filler": 2, "fiery_arrow": 1}, player=1)
    n = eng.info.size
    eng.policy.forced["discard_from_hand"] = [lid(eng, "filler"), n]  # one, then stop
    cast(eng, "thorn_torment")
    asked = eng.policy.of_kind("discard_from_hand")
    assert [int(a.players[0]) for a in asked] == [1, 1]
    assert pile_of(eng, "hand", player=1) == {"filler": 1, "fiery_arrow": 1}
    assert eng.state.hp[0, 1] == 18


def test_ephemeral_brambles_duel_the_opponent_chooses_discard_or_hp():
    eng = duel(["ephemeral_brambles", "filler"])
    set_hand(eng, {"filler": 1}, player=1)
    eng.policy.forced["choose_mode"] = [0, 1]
    cast(eng, "ephemeral_brambles")
    assert pile_of(eng, "discard", player=1) == {"filler": 1}
    cast(eng, "ephemeral_brambles")
    assert eng.state.hp[0, 1] == 17
    assert [int(a.players[0]) for a in eng.policy.of_kind("choose_mode")] == [1, 1]


def test_typhoon_duel_discards_up_to_three_of_the_opponents_prepared_spells():
    eng = duel(["typhoon", "fiery_arrow", "filler"])
    first = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1, locked=mana(fire=1))
    second = put_on_board(eng, "filler", L.PREPARED, player=1)
    own = put_on_board(eng, "fiery_arrow", L.PREPARED, player=0)
    slots = eng.info.slots
    eng.policy.forced["return_prepared"] = [slots + first, slots + second]
    eng.policy.forced["target"] = player_target(eng, 1)
    cast(eng, "typhoon")
    assert eng.state.hp[0, 1] == 14
    assert pile_of(eng, "discard", player=1) == {"fiery_arrow": 1, "filler": 1}
    assert eng.state.board_card[0, 0, own] == lid(eng, "fiery_arrow")  # the own one stays
    assert eng.state.ether[0].sum() == 1  # the discarded spell's Mana released


def test_revocation_duel_discards_a_prepared_spell_of_the_opponent():
    eng = duel(["revocation", "fiery_arrow"])
    spell = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1)
    eng.policy.forced["return_prepared"] = eng.info.slots + spell
    cast(eng, "revocation")
    assert pile_of(eng, "discard", player=1) == {"fiery_arrow": 1}


def test_dimensional_deletion_duel_discards_a_prepared_spell_of_the_opponent():
    eng = duel(["dimensional_deletion", "fiery_arrow"])
    spell = put_on_board(eng, "fiery_arrow", L.PREPARED, player=1)
    eng.policy.forced["return_prepared"] = eng.info.slots + spell
    cast(eng, "dimensional_deletion")
    assert pile_of(eng, "discard", player=1) == {"fiery_arrow": 1}


def test_tsunami_duel_destroys_the_opponents_permanents_only():
    eng = duel(["tsunami", "animated_tree"])
    theirs = put_on_board(eng, "animated_tree", L.PERMANENT, player=1)
    mine = put_on_board(eng, "animated_tree", L.PERMANENT, player=0)
    cast(eng, "tsunami")
    assert eng.state.board_card[0, 1, theirs] == -1
    assert eng.state.board_card[0, 0, mine] == lid(eng, "animated_tree")
    assert eng.state.hp[0, 1] == 12


def test_brinicle_duel_hits_the_opponent_for_their_water_at_their_turn_end():
    eng = duel(["brinicle"])
    put_on_board(eng, "brinicle", L.PERMANENT, player=0)
    eng.state.reserve[0, 1] = mana(water=3, fire=2)
    api.end_player_turn(eng, G0, P1)
    assert eng.state.hp[0, 1] == 17
    api.end_player_turn(eng, G0, P0)  # its own controller's turn: nothing
    assert eng.state.hp[0, 1] == 17


def test_piercing_winter_duel_hits_the_opponent_for_each_card_they_draw():
    eng = duel(["piercing_winter", "filler"])
    put_on_board(eng, "piercing_winter", L.EQUIPMENT, player=0, locked=mana(water=3))
    set_deck(eng, ["filler"] * 3, player=1)
    api.draw(eng, G0, P1, 2)
    assert eng.state.hp[0, 1] == 18
    set_deck(eng, ["filler"], player=0)
    api.draw(eng, G0, P0, 1)
    assert list(eng.state.hp[0]) == [20, 18]


def test_yuki_onnas_robe_duel_the_opponent_pays_one_mana_per_draw():
    eng = duel(["yuki_onnas_robe", "filler"])
    put_on_board(eng, "yuki_onnas_robe", L.EQUIPMENT, player=0)
    set_deck(eng, ["filler"] * 3, player=1)
    eng.state.reserve[0, 1] = mana(air=2)
    api.draw(eng, G0, P1, 1)
    np.testing.assert_array_equal(eng.state.reserve[0, 1], mana(air=1))
    assert eng.state.ether[0].sum() == 1


def test_ignition_duel_a_card_leaving_play_hurts_the_opponent():
    eng = duel(["ignition", "filler"])
    cast(eng, "ignition")  # its own discard counts (rule option ignition_counts_itself)
    assert eng.state.hp[0, 1] == 19
    slot = put_on_board(eng, "filler", L.CHANNELED, player=1)
    api.leave_board(eng, G0, P1, slot, L.TO_DISCARD)
    assert eng.state.hp[0, 1] == 18


def test_crimson_ring_duel_answers_hp_lost_with_damage_to_the_opponent():
    eng = duel(["crimson_ring"], optional_payment=1)
    put_on_board(eng, "crimson_ring", L.EQUIPMENT, player=0)
    eng.state.reserve[0, 0] = mana(fire=1)
    api.lose_hp(eng, G0, P0, 2)
    assert list(eng.state.hp[0]) == [18, 19]
    assert eng.state.reserve[0, 0].sum() == 0


def test_subtle_infiltration_duel_a_water_trade_hurts_the_opponent():
    eng = duel(["subtle_infiltration"], release_locked_mana=1)
    put_on_board(eng, "subtle_infiltration", L.PERMANENT, player=0, locked=mana(water=2))
    eng.state.reserve[0, 0] = mana(water=2)
    eng.state.ether[0, 0] = mana(fire=1)
    api.trade(eng, G0, P0, L.FIRE)
    assert eng.state.hp[0, 1] == 19


def test_tesla_coil_duel_returns_the_damage_to_the_opponent():
    eng = duel(["tesla_coil", "fiery_arrow"])
    coil = put_on_board(eng, "tesla_coil", L.PERMANENT, player=0)
    api.deal_damage(eng, G0, 1, lid(eng, "fiery_arrow"), slot_target(eng, 0, coil), 2)
    assert eng.state.hp[0, 1] == 18


def test_lightning_blade_duel_switches_off_an_equipment_when_the_opponent_took_no_damage():
    eng = duel(["lightning_blade", "druid_armor", "yuki_onnas_robe"])
    st = eng.state
    blade = put_on_board(eng, "lightning_blade", L.EQUIPMENT, player=0)
    put_on_board(eng, "druid_armor", L.EQUIPMENT, player=1)  # ignores 3 a turn: takes none
    robe = put_on_board(eng, "yuki_onnas_robe", L.EQUIPMENT, player=1)
    eng.policy.forced["suppress_target"] = slot_target(eng, 1, robe)
    api.use_ability(eng, G0, P0, blade)
    assert st.hp[0, 1] == 20
    assert st.suppressed[0, 1, robe] != 0


def test_lightning_blade_duel_no_switch_when_the_opponent_was_hit():
    eng = duel(["lightning_blade", "yuki_onnas_robe"])
    st = eng.state
    blade = put_on_board(eng, "lightning_blade", L.EQUIPMENT, player=0)
    robe = put_on_board(eng, "yuki_onnas_robe", L.EQUIPMENT, player=1)
    api.use_ability(eng, G0, P0, blade)
    assert st.hp[0, 1] == 18 and st.suppressed[0, 1, robe] == 0


def test_superconductor_ritual_duel_adds_one_to_spells_cast_in_the_opponents_turn():
    eng = duel(["superconductor_ritual", "zeuss_thunder", "filler"])
    st = eng.state
    st.turn[0] = 1
    put_on_board(eng, "superconductor_ritual", L.RITUAL, player=1)
    thunder = put_on_board(eng, "zeuss_thunder", L.PREPARED, player=1)
    st.board_turn[0, 1, thunder] = 1
    set_deck(eng, ["filler"] * 2, player=0)
    eng.policy.forced["quick_action"] = [1 + thunder]
    api.begin_player_turn(eng, G0, P0)
    assert st.hp[0, 0] == 14  # 5 + 1


def test_chaos_duel_the_opponent_applies_their_own_top_card():
    eng = duel(["chaos", "fiery_arrow", "filler"])
    set_deck(eng, ["filler", "fiery_arrow"], player=1)
    set_deck(eng, ["filler"], player=0)
    cast(eng, "chaos")
    assert eng.state.hp[0, 0] == 17  # seat 1's Fiery arrow hit seat 0
    assert pile_of(eng, "discard", player=1) == {"fiery_arrow": 1}


def test_rite_of_phase_duel_shuffles_the_opponents_pile_and_phasing_them_out_hurts():
    eng = duel(["rite_of_phase", "filler", "leap_in_time"])
    st = eng.state
    st.discard[0, 1, lid(eng, "filler")] = 2
    st.discard_pile[0, 1, :2] = lid(eng, "filler")
    st.discard_len[0, 1] = 2
    set_deck(eng, ["filler"], player=1)
    slot = put_on_board(eng, "rite_of_phase", L.RITUAL, player=0)
    api.run_trigger(eng, "enter", G0, 0, lid(eng, "rite_of_phase"), slot)
    assert st.deck_len[0, 1] == 3 and pile_of(eng, "discard", player=1) == {}
    eng.policy.forced["target"] = player_target(eng, 1)
    cast(eng, "leap_in_time")  # phase out 1 (+1 from the rite): 1 damage to them
    assert st.deck_len[0, 1] == 1 and st.hp[0, 1] == 19


def test_temporal_brambles_duel_a_mage_noir_opponent_may_lose_hp_instead():
    eng = duel(["temporal_brambles", "filler", RITUAL])
    st = eng.state
    set_deck(eng, ["filler"] * 4, player=1)
    cast(eng, "temporal_brambles")
    assert st.deck_len[0, 1] == 2 and st.hp[0, 1] == 20  # not a Mage Noir: phased out
    put_on_board(eng, RITUAL, L.RITUAL, player=1)
    eng.policy.forced["choose_mode"] = 1
    cast(eng, "temporal_brambles")
    assert st.deck_len[0, 1] == 2 and st.hp[0, 1] == 16


def test_ice_breath_duel_raises_the_opponents_costs_until_its_casters_turn():
    eng = duel(["ice_breath", "fiery_arrow"])
    cast(eng, "ice_breath")
    cost = api.effective_cost(eng, G0, P1)[0, lid(eng, "fiery_arrow")]
    assert cost[L.WATER] == 1


def test_burning_robe_duel_adds_to_fire_damage_on_the_opponent_and_burns_its_wearer():
    eng = duel(["burning_robe", "fiery_arrow"])
    put_on_board(eng, "burning_robe", L.EQUIPMENT, player=0)
    cast(eng, "fiery_arrow")
    assert list(eng.state.hp[0]) == [19, 16]


def test_artificial_sun_duel_hits_each_seat_once():
    eng = duel(["artificial_sun"], pay_upkeep=1)
    put_on_board(eng, "artificial_sun", L.PERMANENT, player=0)
    eng.state.reserve[0, 0] = mana(fire=1)
    api.turn_start(eng, G0, P0)
    assert list(eng.state.hp[0]) == [19, 19]


def test_sun_blade_duel_hits_each_seat_once_when_empty():
    eng = duel(["sun_blade"])
    put_on_board(eng, "sun_blade", L.EQUIPMENT, player=0, locked=mana(fire=1))
    api.turn_start(eng, G0, P0)  # releases its last Fire: 5 to ALL players
    assert list(eng.state.hp[0]) == [15, 15]


def test_wave_of_flames_duel_hits_the_opponent_and_their_permanents():
    eng = duel(["wave_of_flames", "flame", "animated_tree"], protector_redirect=0)
    put_on_board(eng, "flame", L.CHANNELED, player=0)
    theirs = put_on_board(eng, "animated_tree", L.PERMANENT, player=1)
    mine = put_on_board(eng, "animated_tree", L.PERMANENT, player=0)
    cast(eng, "wave_of_flames")
    assert eng.state.hp[0, 1] == 19 and list(eng.state.hp[0]) == [20, 19]
    assert eng.state.board_hp[0, 1, theirs] == eng.tables.hp[lid(eng, "animated_tree")] - 1
    assert eng.state.board_hp[0, 0, mine] == eng.tables.hp[lid(eng, "animated_tree")]


def test_zeuss_thunder_duel_locks_the_opponents_hand_until_its_casters_turn():
    eng = duel(["zeuss_thunder", "filler", "hypnotic_flower"])
    st = eng.state
    set_deck(eng, ["filler"] * 4, player=1)
    cast(eng, "zeuss_thunder")
    assert st.hp[0, 1] == 15 and st.hand_lock[0, 1] == 1
    cast(eng, "hypnotic_flower")  # "the opponent draws 1": ignored
    assert pile_of(eng, "hand", player=1) == {} and st.deck_len[0, 1] == 4
    st.turn[0] = 1
    api.begin_player_turn(eng, G0, P1)  # their own draw phase draws
    assert pile_of(eng, "hand", player=1) == {"filler": 1}
    api.begin_player_turn(eng, G0, P0)  # the caster's next turn: the lock ends
    assert st.hand_lock[0, 1] == 0


# --- The rulings that arise only in a duel (tests/data/rulings.toml, ``mode = "duel"``) ------


def test_rain_of_flames_duel_the_opponents_protector_redirects_each_instance_on_its_own():
    eng = duel(["rain_of_flames", "animated_tree"])
    st = eng.state
    first = put_on_board(eng, "animated_tree", L.PERMANENT, player=1, hp=10)
    second = put_on_board(eng, "animated_tree", L.PERMANENT, player=1, hp=10)
    them = player_target(eng, 1)
    eng.policy.forced["target"] = [them] * 3 + [slot_target(eng, 1, second)] * 2
    eng.policy.forced["protector_redirect"] = [1 + first, 0]
    cast(eng, "rain_of_flames")
    asked = eng.policy.of_kind("protector_redirect")
    assert [int(a.players[0]) for a in asked] == [1, 1]
    assert st.hp[0, 1] == 20  # their 3 went onto the first tree
    assert st.board_hp[0, 1, first] == 7 and st.board_hp[0, 1, second] == 8  # the 2 stayed


def test_druid_ring_duel_a_mage_noir_adds_the_vegetal_with_the_three_in_one_placement():
    for mage_noir, piles in ((False, [3, 2]), (True, [4, 2])):
        eng = duel(["druid_ring", RITUAL], take_pile=1)
        st = eng.state
        put_on_board(eng, "druid_ring", L.EQUIPMENT, player=0)
        if mage_noir:
            put_on_board(eng, RITUAL, L.RITUAL, player=0)
        st.ether[0, 0] = mana(fire=2)
        api.begin_player_turn(eng, G0, P0)
        # onto piles of 2 and 0: three alternate 0, 2, 0 (3 and 2); four at once 0, 2, 0, 2
        # (4 and 2), where three then one more would have made 3 and 3
        assert [int(st.ether[0, 0].sum()), int(st.reserve[0, 0].sum())] == piles
        assert len(eng.policy.of_kind("mana_element")) == 3  # the ring's Mana is Vegetal
        vegetal = st.ether[0, :, L.VEGETAL].sum() + st.reserve[0, 0, L.VEGETAL]
        assert vegetal == (1 if mage_noir else 0)


def test_ritual_of_melange_duel_each_copy_adds_one_mana_less_when_gathering():
    eng = duel(["ritual_of_melange"], take_pile=0)
    st = eng.state
    put_on_board(eng, "ritual_of_melange", L.RITUAL, player=0)
    put_on_board(eng, "ritual_of_melange", L.RITUAL, player=0)
    api.begin_player_turn(eng, G0, P0)  # 3 - 2: one Mana, onto pile 1, taken
    assert len(eng.policy.of_kind("mana_element")) == 1
    np.testing.assert_array_equal(st.reserve[0, 0], mana(fire=1))
    assert st.ether[0].sum() == 0


def test_inception_duel_a_mage_noir_channels_the_spell_free_unprepared_and_it_counts():
    eng = duel(["inception", "fiery_arrow", "zenith_ritual", RITUAL], choose_mode=1)
    st = eng.state
    put_on_board(eng, RITUAL, L.RITUAL, player=0)
    put_on_board(eng, "zenith_ritual", L.RITUAL, player=1)
    st.reserve[0, 1] = mana(fire=2, water=2)
    st.discard[0, 1, lid(eng, "fiery_arrow")] = 1
    st.discard_pile[0, 1, 0] = lid(eng, "fiery_arrow")
    st.discard_len[0, 1] = 1
    eng.policy.forced["return_from_discard"] = lid(eng, "fiery_arrow")
    cast(eng, "inception")
    (slot,) = [s for s, (card, _) in board_at(eng, player=1).items() if card == "fiery_arrow"]
    assert st.board_zone[0, 1, slot] == L.CHANNELED  # straight in, never prepared
    assert st.board_mana[0, 1, slot].sum() == 0  # no cost paid
    assert pile_of(eng, "hand", player=1) == {} and pile_of(eng, "discard", player=1) == {}
    np.testing.assert_array_equal(st.reserve[0, 1], mana(fire=1, water=2))  # Zenith's tax
    np.testing.assert_array_equal(st.ether[0].sum(axis=0), mana(fire=1))


def test_temporal_brambles_duel_the_hp_lost_instead_cannot_be_prevented():
    eng = duel(["temporal_brambles", "filler", RITUAL, "materialized_armor", "animated_tree"],
               choose_mode=1)
    st = eng.state
    set_deck(eng, ["filler"] * 4, player=1)
    put_on_board(eng, RITUAL, L.RITUAL, player=1)
    put_on_board(eng, "materialized_armor", L.EQUIPMENT, player=1)
    tree = put_on_board(eng, "animated_tree", L.PERMANENT, player=1)
    cast(eng, "temporal_brambles")
    assert st.hp[0, 1] == 16 and st.deck_len[0, 1] == 4
    assert st.board_hp[0, 1, tree] == 3 and not eng.policy.of_kind("protector_redirect")


def test_zeuss_thunder_duel_cancels_searches_and_returns_to_the_locked_hand():
    eng = duel(["zeuss_thunder", "inception", "fiery_arrow", "sprouted_seed", "animated_tree",
                "high_pressure", "condensation"])
    st = eng.state
    set_deck(eng, ["animated_tree"], player=1)
    st.discard[0, 1, lid(eng, "fiery_arrow")] = 1
    st.discard_pile[0, 1, 0] = lid(eng, "fiery_arrow")
    st.discard_len[0, 1] = 1
    cast(eng, "zeuss_thunder")
    eng.policy.forced["return_from_discard"] = lid(eng, "fiery_arrow")
    cast(eng, "inception")  # a return from the discard pile: ignored
    assert pile_of(eng, "discard", player=1) == {"fiery_arrow": 1}
    cast(eng, "sprouted_seed", player=1)  # a search of the deck: ignored
    assert deck_at(eng, player=1) == ["animated_tree"]
    comp = put_on_board(eng, "condensation", L.CHANNELED, player=1, locked=mana(water=2))
    eng.policy.forced["target"] = player_target(eng, 0)
    cast(eng, "high_pressure", player=1)  # its component back to hand: ignored, it stays
    assert st.hp[0, 0] == 18 and st.board_card[0, 1, comp] == lid(eng, "condensation")
    assert pile_of(eng, "hand", player=1) == {}


def test_zeuss_thunder_duel_a_locked_seat_takes_nothing_into_hand_from_its_own_cards():
    eng = duel(["zeuss_thunder", "druid_horns", "sprouted_seed", "biting_arrow", "tide"],
               optional_payment=1)
    st = eng.state
    set_deck(eng, ["sprouted_seed"], player=1)
    horns = put_on_board(eng, "druid_horns", L.EQUIPMENT, player=1)
    st.reserve[0, 1] = mana(water=1)
    st.discard[0, 1, lid(eng, "tide")] = 1
    st.discard_pile[0, 1, 0] = lid(eng, "tide")
    st.discard_len[0, 1] = 1
    cast(eng, "zeuss_thunder")
    api.use_ability(eng, G0, P1, horns)  # the Seed on top stays there
    assert deck_at(eng, player=1) == ["sprouted_seed"]
    cast(eng, "tide", player=1)  # neither its draw nor, for 1 Water, a Tide from the pile
    assert deck_at(eng, player=1) == ["sprouted_seed"]
    assert pile_of(eng, "discard", player=1) == {"tide": 2}
    eng.policy.forced["target"] = player_target(eng, 0)
    cast(eng, "biting_arrow", player=1)  # not back to hand for its Water: discarded
    assert pile_of(eng, "discard", player=1) == {"tide": 2, "biting_arrow": 1}
    np.testing.assert_array_equal(st.reserve[0, 1], mana(water=1))
    assert not eng.policy.of_kind("optional_payment")
    assert pile_of(eng, "hand", player=1) == {} and st.hp[0, 0] == 19


def test_sun_blade_duel_both_seats_out_together_is_a_draw():
    eng = duel(["sun_blade"])
    st = eng.state
    st.hp[0] = [5, 4]
    put_on_board(eng, "sun_blade", L.EQUIPMENT, player=0, locked=mana(fire=1))
    api.turn_start(eng, G0, P0)
    assert (st.out[0] == 1).all() and (st.out_reason[0] == L.OUT_HP).all()
    assert list(eng.records["team_outcome"][0]) == [L.DRAW, L.DRAW]
    assert st.outcome[0] == L.DRAW


def test_thorn_torment_duel_the_whole_hand_is_one_hit():
    eng = duel(["thorn_torment", "filler", "materialized_armor"])
    set_hand(eng, {"filler": 3}, player=1)
    put_on_board(eng, "materialized_armor", L.EQUIPMENT, player=1)
    eng.policy.forced["discard_from_hand"] = eng.info.size  # they keep their 3 cards
    cast(eng, "thorn_torment")
    assert eng.state.hp[0, 1] == 18  # 3 in one instance, less the armour's 1 once


def test_brinicle_duel_one_hit_for_all_their_water_at_each_of_their_turn_ends():
    eng = duel(["brinicle", "materialized_armor"])
    put_on_board(eng, "brinicle", L.PERMANENT, player=0)
    put_on_board(eng, "materialized_armor", L.EQUIPMENT, player=1)
    eng.state.reserve[0, 1] = mana(water=3)
    api.end_player_turn(eng, G0, P1)
    assert eng.state.hp[0, 1] == 18  # 3 in one instance, less the armour's 1 once
    api.end_player_turn(eng, G0, P1)
    assert eng.state.hp[0, 1] == 16
