"""One test per simulated card of the Phase extension, on small hand-built positions."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    G0,
    P0,
    ScriptedPolicy,
    deck_at,
    lid,
    make_engine,
    mana,
    pile_of,
    player_target,
    put_adversary,
    put_on_board,
    set_adversary_deck,
    set_deck,
    set_hand,
    slot_target,
    transcript_of,
)

from simulator.cards import ELEMENTS
from simulator.engine.host import api
from simulator.engine.host.api import effective_cost
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions

ARCANE = ELEMENTS.index("arcane")
CARDS = ["abstruse_reflection", "antimatter", "forced_acceleration", "galactic_helm",
         "glimpse_of_the_future", "inception", "leap_in_time", "nikolas_watch", "revocation",
         "rite_of_phase", "temporal_brambles", "temporal_infiltration", "unstructured_time",
         "zephyr", "flame",
         "seed", "dead_tree", "crimson_ritual"]


def _engine(options=None, players=1, **forced):
    policy = ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0, **forced})
    eng = make_engine(CARDS, players=players, policy=policy, options=options)
    eng.state.turn[:] = 3
    return eng


def _adversary_deck(eng):
    st = eng.state
    return [eng.info.ids[int(c)].removeprefix("adv:") for c in st.adv_deck[0, :st.adv_deck_len[0]]]


def _activate(eng, card_id, player=0):
    slot = put_on_board(eng, card_id, L.PREPARED, player=player)
    api.activate(eng, G0, np.array([player]), np.array([slot]))
    return slot


def _with_duke(eng, deck=("guard", "volley", "guard", "volley", "guard")):
    k = put_adversary(eng, "duke")
    set_adversary_deck(eng, list(deck))
    return k


def test_abstruse_reflection_phases_out_nothing_alone_and_twice_with_rite_of_phase():
    eng = _engine(target=0)
    k = _with_duke(eng)
    _activate(eng, "abstruse_reflection")
    assert _adversary_deck(eng) == ["guard", "volley", "guard", "volley", "guard"]
    put_on_board(eng, "rite_of_phase", L.RITUAL)
    _activate(eng, "abstruse_reflection")
    assert _adversary_deck(eng) == ["guard", "volley", "guard"]  # 0 + 1, twice
    assert eng.state.adv_hp[0, k] == 18  # Rite of phase: 1 damage per phase out


def test_antimatter_pays_the_mana_cost_of_a_permanent_and_destroys_it():
    eng = _engine(destroy_target=0)
    k = put_adversary(eng, "guard")  # Mana value 1
    eng.state.reserve[0, 0] = mana(arcane=2, fire=1)
    _activate(eng, "antimatter")
    assert eng.state.adv_card[0, k] == -1
    assert eng.state.adv_discard[0, lid(eng, "adv:guard")] == 1
    assert eng.state.reserve[0, 0].tolist() == mana(arcane=1, fire=1).tolist()
    # a player's Permanent: its exact printed cost (2 Vegetal), only when the reserve covers it
    eng = _engine()
    tree = put_on_board(eng, "dead_tree", L.PERMANENT)
    eng.state.reserve[0, 0] = mana(vegetal=1, arcane=3)
    eng.policy.forced["destroy_target"] = slot_target(eng, 0, tree)
    _activate(eng, "antimatter")
    assert eng.state.board_card[0, 0, tree] == lid(eng, "dead_tree")  # unaffordable: stays
    assert "destroy_target" not in eng.policy.kinds
    eng.state.reserve[0, 0] = mana(vegetal=2, arcane=1)
    _activate(eng, "antimatter")
    assert eng.state.board_zone[0, 0, tree] == L.EMPTY
    assert pile_of(eng, "discard")["dead_tree"] == 1
    assert eng.state.reserve[0, 0].tolist() == mana(arcane=1).tolist()


def test_antimatter_cannot_choose_an_adversary_card_when_the_option_is_off():
    eng = _engine(RuleOptions(antimatter_mana_value=False))
    k = put_adversary(eng, "guard")
    eng.state.reserve[0, 0] = mana(arcane=3)
    _activate(eng, "antimatter")
    assert eng.state.adv_card[0, k] == lid(eng, "adv:guard")
    assert eng.state.reserve[0, 0].tolist() == mana(arcane=3).tolist()


def test_forced_acceleration_does_nothing_against_the_adversary():
    eng = _engine()
    _with_duke(eng)
    set_deck(eng, ["flame"] * 8)
    text = transcript_of(eng, lambda: _activate(eng, "forced_acceleration"))
    assert "  the Adversary has no hand: nothing happens" in text
    assert len(_adversary_deck(eng)) == 5 and deck_at(eng) == ["flame"] * 8
    assert pile_of(eng, "hand") == {}


def test_galactic_helm_makes_arcane_costs_of_3_or_more_cheaper():
    eng = _engine()
    put_on_board(eng, "galactic_helm", L.EQUIPMENT)
    cost = effective_cost(eng, G0, P0)[0]
    assert cost[lid(eng, "forced_acceleration"), ARCANE] == 2  # 3 - 1
    assert cost[lid(eng, "rite_of_phase"), ARCANE] == 4        # 5 - 1
    assert cost[lid(eng, "glimpse_of_the_future"), ARCANE] == 2  # 2: below the threshold
    put_on_board(eng, "crimson_ritual", L.RITUAL)  # a Mage Noir: 2 less
    cost = effective_cost(eng, G0, P0)[0]
    assert cost[lid(eng, "forced_acceleration"), ARCANE] == 1
    assert cost[lid(eng, "rite_of_phase"), ARCANE] == 3


def test_glimpse_of_the_future_phases_out_the_chosen_player_who_then_draws():
    eng = _engine(target=player_target(None, 0))
    _with_duke(eng)
    set_deck(eng, ["flame", "seed", "zephyr"])  # zephyr on top
    _activate(eng, "glimpse_of_the_future")
    assert deck_at(eng) == ["seed"]
    assert pile_of(eng, "hand") == {"zephyr": 1}
    assert pile_of(eng, "discard") == {"flame": 1, "glimpse_of_the_future": 1}
    # the Adversary: phased out by 1, and it has no hand to draw into
    eng = _engine(target=0)
    _with_duke(eng)
    set_deck(eng, ["flame", "seed"])
    _activate(eng, "glimpse_of_the_future")
    assert _adversary_deck(eng) == ["volley", "guard", "volley", "guard"]
    assert deck_at(eng) == ["flame", "seed"] and pile_of(eng, "hand") == {}


def test_inception_does_nothing_against_the_adversary():
    eng = _engine()
    _with_duke(eng)
    eng.state.adv_discard[0, lid(eng, "adv:volley")] = 1
    put_on_board(eng, "crimson_ritual", L.RITUAL)  # the Mage Noir variant: nothing either
    text = transcript_of(eng, lambda: _activate(eng, "inception"))
    assert eng.state.adv_discard[0, lid(eng, "adv:volley")] == 1
    assert (eng.state.adv_card[0] >= 0).sum() == 1
    assert "  the Adversary has no hand: nothing happens" in text


def test_leap_in_time_adds_the_cost_of_the_phased_out_cards_to_the_ether():
    eng = _engine(target=player_target(None, 0))
    _with_duke(eng)
    set_deck(eng, ["zephyr", "flame"])  # zephyr (2 Air) at the bottom
    _activate(eng, "leap_in_time")
    assert deck_at(eng) == ["flame"]
    assert pile_of(eng, "discard") == {"zephyr": 1, "leap_in_time": 1}
    assert eng.state.ether[0].sum(axis=0).tolist() == mana(air=2).tolist()  # Zephyr's cost
    # the Adversary: the Mana value of the card phased out (Guard: 1), of the chosen element
    eng = _engine(target=0)
    _with_duke(eng)
    _activate(eng, "leap_in_time")
    assert _adversary_deck(eng) == ["volley", "guard", "volley", "guard"]
    assert eng.state.ether[0].sum(axis=0).tolist() == mana(fire=1).tolist()


def test_nikolas_watch_phases_out_the_adversary_for_each_card_drawn():
    eng = _engine()
    k = _with_duke(eng)
    put_on_board(eng, "nikolas_watch", L.EQUIPMENT)
    set_deck(eng, ["flame"] * 5)
    api.draw(eng, G0, P0, np.array([3]))
    assert _adversary_deck(eng) == ["volley", "guard"]
    put_on_board(eng, "rite_of_phase", L.RITUAL)  # each phase out: 2 cards and 1 damage
    api.draw(eng, G0, P0, np.array([1]))
    assert _adversary_deck(eng) == []
    assert eng.state.adv_hp[0, k] == 19


def test_revocation_discards_a_prepared_spell_of_any_player_in_the_adversarys_turn():
    """Quickcast: activated in the window at the start of the Adversary's turn. Its text names
    no side: a teammate's Flame goes (chosen), its Mana released; with no spell in
    preparation left, nothing happens."""
    eng = _engine(players=2)
    k = _with_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "duke"), L.TRIGGERS.index("turn_start")] = 0
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    revocation = put_on_board(eng, "revocation", L.PREPARED, locked=mana(arcane=2))
    zephyr = put_on_board(eng, "zephyr", L.PREPARED)
    ball = put_on_board(eng, "flame", L.PREPARED, player=1, locked=mana(fire=1))
    slots = eng.info.slots
    eng.policy.forced["quick_action"] = [1 + revocation]
    eng.policy.forced["return_prepared"] = [slots + ball]
    api.adversary_turn(eng, G0)
    (asked,) = eng.policy.options_of("return_prepared")
    assert np.flatnonzero(asked).tolist() == [zephyr, slots + ball]  # not Revocation itself
    assert pile_of(eng, "discard", player=1) == {"flame": 1}
    assert pile_of(eng, "discard") == {"revocation": 1}
    assert eng.state.board_card[0, 0, zephyr] == lid(eng, "zephyr")
    assert eng.state.adv_hp[0, k] == 20
    eng.state.board_card[0, 0, zephyr] = -1
    eng.state.board_zone[0, 0, zephyr] = L.EMPTY
    text = transcript_of(eng, lambda: _activate(eng, "revocation"))
    assert "  the Adversary has no prepared spell to discard: nothing happens" in text
    assert pile_of(eng, "discard") == {"revocation": 2}


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_revocation_the_bots_keep_it_in_the_adversarys_turn(bot):
    """Its Quickcast windows come, but the only spell it could discard is the player's own:
    the bots pass."""
    eng = make_engine(CARDS, policy=bot)
    eng.state.turn[:] = 3
    k = _with_duke(eng)
    revocation = put_on_board(eng, "revocation", L.PREPARED, locked=mana(arcane=2))
    zephyr = put_on_board(eng, "zephyr", L.PREPARED)
    api.adversary_turn(eng, G0)
    assert eng.state.board_card[0, 0, revocation] == lid(eng, "revocation")
    assert eng.state.board_card[0, 0, zephyr] == lid(eng, "zephyr")
    assert eng.state.adv_card[0, k] == lid(eng, "duke")


def test_revocation_can_only_be_prepared_by_a_mage_noir():
    eng = make_engine(["revocation", "dimensional_deletion", "crimson_ritual"])
    put_on_board(eng, "dimensional_deletion", L.CHANNELED)  # its Deletion
    set_hand(eng, {"revocation": 1})
    eng.state.reserve[0, 0] = mana(arcane=2)
    revocation = lid(eng, "revocation")
    assert not api.can_prepare(eng, G0, P0)[0, revocation]
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    assert api.can_prepare(eng, G0, P0)[0, revocation]


def test_rite_of_phase_reshuffles_the_adversarys_discard_and_strengthens_phase_outs():
    eng = _engine()
    k = _with_duke(eng, deck=("guard", "volley"))
    eng.state.adv_discard[0, lid(eng, "adv:volley")] = 2
    set_hand(eng, {"rite_of_phase": 1})
    eng.state.reserve[0, 0] = mana(arcane=5)
    api.prepare(eng, G0, P0, np.array([lid(eng, "rite_of_phase")]))
    assert sorted(_adversary_deck(eng)) == ["guard", "volley", "volley", "volley"]
    assert eng.state.adv_discard[0].sum() == 0
    assert api.is_mage_noir(eng, G0, P0).all()
    _activate(eng, "temporal_brambles")  # 2 + 1, and 1 damage once
    assert len(_adversary_deck(eng)) == 1
    assert eng.state.adv_hp[0, k] == 19


def test_temporal_brambles_phases_out_the_adversary_by_2():
    eng = _engine()
    _with_duke(eng)
    _activate(eng, "temporal_brambles")
    assert _adversary_deck(eng) == ["guard", "volley", "guard"]
    assert eng.state.adv_discard[0, lid(eng, "adv:guard")] == 1
    assert eng.state.adv_discard[0, lid(eng, "adv:volley")] == 1


def test_temporal_infiltration_phases_out_3_and_any_player_for_a_mage_noir():
    eng = _engine(target=player_target(None, 0))
    _with_duke(eng)
    set_deck(eng, ["flame", "seed", "zephyr", "flame"])
    _activate(eng, "temporal_infiltration")  # not a Mage Noir: the Adversary, no choice
    assert _adversary_deck(eng) == ["volley", "guard"]
    assert "target" not in eng.policy.kinds
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    _activate(eng, "temporal_infiltration")  # a Mage Noir: they choose themselves
    assert deck_at(eng) == ["flame"]
    assert _adversary_deck(eng) == ["volley", "guard"]


def test_unstructured_time_grants_a_phase_out_to_the_spell_it_prepares():
    eng = _engine()
    k = _with_duke(eng)
    put_on_board(eng, "unstructured_time", L.CHANNELED)
    set_hand(eng, {"temporal_brambles": 1})
    eng.state.reserve[0, 0] = mana(vegetal=1, arcane=1)
    api.prepare(eng, G0, P0, np.array([lid(eng, "temporal_brambles")]))
    slot = int(np.flatnonzero(eng.state.board_zone[0, 0] == L.PREPARED)[0])
    text = transcript_of(eng, lambda: api.activate(eng, G0, P0, np.array([slot])))
    # its own phase out of 2, then the granted one of 1, at the end of its effect
    assert _adversary_deck(eng) == ["volley", "guard"]
    phases = [line for line in text if "phases out the Adversary" in line]
    assert [line.split(" by ")[1][0] for line in phases] == ["2", "1"]
    assert eng.state.adv_hp[0, k] == 20


def test_time_ore_takes_one_mineral_off_an_equipment_prepared_with_it():
    eng = make_engine(["time_ore", "leap_in_time", "nikolas_watch"], batch=2,
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    ore = put_on_board(eng, "time_ore", L.CHANNELED, locked=mana(mineral=1, arcane=1))
    leap = put_on_board(eng, "leap_in_time", L.CHANNELED, locked=mana(arcane=1))
    set_hand(eng, {"nikolas_watch": 1})
    watch = lid(eng, "nikolas_watch")
    games, players = np.array([0, 1]), np.array([0, 0])
    st.reserve[:, 0] = mana(arcane=2)  # 1 Mineral short without the Time ore's discount
    assert api.can_prepare(eng, games, players)[:, watch].tolist() == [True, True]
    st.board_zone[:, 0, ore] = L.EMPTY
    assert api.can_prepare(eng, games, players)[:, watch].tolist() == [False, False]
    st.board_zone[:, 0, ore] = L.CHANNELED
    st.reserve[1, 0] = mana(arcane=2, mineral=1)  # game 1 can pay in full: a free choice
    eng.policy.forced["use_component"] = lambda eng, games, *a, **c: np.where(
        games == 0, ore, leap)  # game 0 cannot have the Leap in time: only the Time ore
    api.prepare(eng, games, players, np.array([watch, watch]))
    asked = eng.policy.of_kind("use_component")[0]
    assert asked.options[:, :2].tolist() == [[True, False], [True, True]]
    assert st.reserve[:, 0].sum(axis=1).tolist() == [0, 0]
    assert st.board_mana[0, 0, 2].tolist() == mana(arcane=2).tolist()
    assert st.board_mana[1, 0, 2].tolist() == mana(arcane=2, mineral=1).tolist()


def test_time_ore_never_takes_a_cost_below_0():
    """Its ruling: a card is never prepared for a negative cost. Ecdysis ritual already takes
    Nikolas watch's 1 Mineral off; the Time ore's 1 more finds none to take: the watch costs
    its 2 Arcane, no Mineral comes back to the reserve and none pays for another element."""
    eng = make_engine(["time_ore", "ecdysis_ritual", "nikolas_watch"],
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    put_on_board(eng, "time_ore", L.CHANNELED, locked=mana(mineral=1, arcane=1))
    set_hand(eng, {"nikolas_watch": 1})
    watch = lid(eng, "nikolas_watch")
    st.reserve[0, 0] = mana(arcane=2)
    assert api.can_prepare(eng, G0, P0)[0, watch]  # the ore alone takes the 1 Mineral off
    put_on_board(eng, "ecdysis_ritual", L.RITUAL)
    st.reserve[0, 0] = mana(arcane=1)
    assert not api.can_prepare(eng, G0, P0)[0, watch]  # the Mineral it lacks pays no Arcane
    st.reserve[0, 0] = mana(arcane=2)
    api.prepare(eng, G0, P0, np.array([watch]))
    slot = int(np.flatnonzero(st.board_card[0, 0] == watch)[0])
    assert st.board_zone[0, 0, slot] == L.EQUIPMENT
    assert st.board_mana[0, 0, slot].tolist() == mana(arcane=2).tolist()
    assert st.reserve[0, 0].tolist() == mana().tolist()


def test_time_ore_is_the_bots_choice_for_an_equipment():
    eng = make_engine(["time_ore", "leap_in_time", "nikolas_watch"],
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    put_on_board(eng, "leap_in_time", L.CHANNELED)
    ore = put_on_board(eng, "time_ore", L.CHANNELED)
    set_hand(eng, {"nikolas_watch": 1})
    st.reserve[0, 0] = mana(arcane=2, mineral=1)
    api.prepare(eng, G0, P0, np.array([lid(eng, "nikolas_watch")]))
    assert st.used_slot[0, ore] == 1
    assert st.reserve[0, 0].tolist() == mana(mineral=1).tolist()


def _give_discard(eng, game, player, *card_ids):
    """Cards onto a discard pile in this order (the last one on top), counts and order."""
    st = eng.state
    for cid in card_ids:
        c = lid(eng, cid)
        n = int(st.discard_len[game, player])
        st.discard[game, player, c] += 1
        st.discard_pile[game, player, n] = c
        st.discard_len[game, player] = n + 1


def _origin_engine(batch):
    eng = make_engine(["return_to_the_origin", "zephyr", "flame", "rite_of_phase"], batch=batch,
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    eng.state.turn[:] = 3
    return eng


def test_return_to_the_origin_puts_the_top_ten_cards_of_a_discard_pile_into_the_deck():
    eng = _origin_engine(batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    for g in (0, 1):
        _give_discard(eng, g, 0, "flame", "flame", *(["zephyr"] * 10))
    set_deck(eng, ["flame"])
    # The Adversary's pile in the order its cards went there, bottom first.
    set_adversary_deck(eng, ["volley", "guard", "volley"], games=[1])
    api.adversary_turn(eng, np.array([1]))  # reveals a Volley: onto its discard pile
    assert st.adv_pile_len[1] == 1 and st.adv_discard[1].sum() == 1
    origin = put_on_board(eng, "return_to_the_origin", L.PREPARED, locked=mana(arcane=3))
    eng.policy.forced["target"] = lambda eng, games, *a, **c: np.where(
        games == 0, player_target(eng, 0), k)
    api.activate(eng, np.array([0, 1]), np.array([0, 0]), np.array([origin, origin]))
    # game 0: the ten Zephyrs on top go back, the two Flames under them stay
    assert sorted(deck_at(eng, 0)) == ["flame"] + ["zephyr"] * 10
    assert pile_of(eng, "discard", 0) == {"flame": 2, "return_to_the_origin": 1}
    # game 1: the Adversary's whole pile (one card) goes back into its deck
    assert st.adv_discard[1].sum() == 0 and st.adv_pile_len[1] == 0
    assert st.adv_deck_len[1] == 3
    assert pile_of(eng, "discard", 1) == {"flame": 2, "zephyr": 10, "return_to_the_origin": 1}


def test_return_to_the_origin_a_mage_noir_pays_two_arcane_to_put_it_back_from_the_pile():
    eng = _origin_engine(batch=3)
    st = eng.state
    put_adversary(eng, "duke")
    put_on_board(eng, "rite_of_phase", L.RITUAL, games=[0, 2])  # games 0, 2: a Mage Noir
    for g in (0, 1, 2):
        _give_discard(eng, g, 0, "zephyr", "return_to_the_origin")
    set_deck(eng, ["flame"] * 3)
    set_deck(eng, ["flame"] * 10, games=[2])  # a long deck: the bots keep their Mana
    st.reserve[:, 0] = mana(arcane=2)
    eng.policy.forced["main_action"] = 0  # end the main phase at once
    api.main_phase(eng, np.array([0, 1, 2]), np.array([0, 0, 0]))
    assert len(eng.policy.of_kind("optional_payment")) == 1  # games 0 and 2 are asked
    assert pile_of(eng, "discard", 0) == {"zephyr": 1}
    assert sorted(deck_at(eng, 0)) == ["flame"] * 3 + ["return_to_the_origin"]
    assert st.reserve[0, 0].sum() == 0 and st.ether[0].sum() == 2
    assert pile_of(eng, "discard", 1) == pile_of(eng, "discard", 2) == {
        "zephyr": 1, "return_to_the_origin": 1}
    assert st.reserve[1:, 0].sum(axis=1).tolist() == [2, 2]


def test_alteration_of_the_past_swaps_two_spells_of_a_discard_pile():
    eng = make_engine(["alteration_of_the_past", "zephyr", "fire_whip", "temporal_blast"],
                      batch=2, policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    k = put_adversary(eng, "duke")
    for g in (0, 1):
        _give_discard(eng, g, 0, "zephyr", "fire_whip", "temporal_blast")
    for i, c in enumerate(["volley", "guard", "volley"]):  # game 1: the Adversary's pile
        st.adv_pile[1, i] = lid(eng, c)
        st.adv_discard[1, lid(eng, c)] += 1
    st.adv_pile_len[1] = 3
    alteration = put_on_board(eng, "alteration_of_the_past", L.PREPARED,
                              locked=mana(water=1, arcane=1))
    eng.policy.forced["target"] = lambda eng, games, *a, **c: np.where(
        games == 0, player_target(eng, 0), k)
    lines = transcript_of(eng, lambda: api.activate(
        eng, np.array([0, 1]), np.array([0, 0]), np.array([alteration, alteration])))
    first = eng.policy.of_kind("pile_swap")[0]
    assert first.options[:, :3].tolist() == [[True, False, True], [True, False, True]]
    # game 0: the Temporal blast on top (it cannot be prepared from there) goes down
    order = [eng.info.ids[c] for c in st.discard_pile[0, 0, :int(st.discard_len[0, 0])]]
    assert order == ["temporal_blast", "fire_whip", "zephyr", "alteration_of_the_past"]
    assert "  swaps Temporal blast and Zephyr in player 1's discard pile" in lines
    # game 1: the Adversary's Guard stays in place; its two Volleys are swapped
    assert st.adv_pile[1, :3].tolist() == [lid(eng, "volley"), lid(eng, "guard"),
                                          lid(eng, "volley")]
    assert len(eng.policy.of_kind("pile_swap")) == 2


def test_alteration_of_the_past_the_bots_activate_it_to_free_a_temporal_blast():
    eng = make_engine(["alteration_of_the_past", "zephyr", "temporal_blast"], batch=2,
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    put_adversary(eng, "duke")
    _give_discard(eng, 0, 0, "zephyr", "temporal_blast")  # game 0: the Blast is stuck on top
    _give_discard(eng, 1, 0, "temporal_blast", "zephyr")
    alteration = put_on_board(eng, "alteration_of_the_past", L.PREPARED,
                              locked=mana(water=1, arcane=1))
    activate_at = api.action_space(eng).activate
    assert api.main_action_choice(eng, np.array([0, 1]), np.array([0, 0])).tolist() == [
        activate_at + alteration, 0]
