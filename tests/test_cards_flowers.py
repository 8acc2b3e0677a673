"""Flowers cards: one hand-built position per card (docs/engine.md, "Adding a card").

Each test starts from the empty state of ``engine_fixtures``, sets what the card needs, plays
it through the real engine commands and asserts the exact state after. The Mage Noir variant
is played by a Ritual of seasons in play (it makes its controller a Mage Noir).
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    board_at,
    deck_at,
    engine_with_answers,
    lid,
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

from simulator.engine.host import api
from simulator.engine.host.api import (
    activate,
    adversary_turn,
    can_prepare,
    deal_damage,
    end_player_turn,
    lose_hp,
    prepare,
    run_trigger,
    turn_start,
    use_ability,
)
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    CHANNELED,
    CONDITION_CODE,
    EQUIPMENT,
    P_MAX,
    PERMANENT,
    PREPARED,
    RITUAL,
    TRIGGERS,
)

G01 = np.array([0, 1])
MAGE_NOIR = "ritual_of_seasons"


def _duke_hits(eng, slot, amount, player=0):
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), slot_target(eng, player, slot), amount)


def test_bramble_flowers_answers_damage_to_own_permanents_not_hp_loss():
    eng = engine_with_answers(["bramble_flowers", "animated_tree"])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "bramble_flowers", PERMANENT)
    tree = put_on_board(eng, "animated_tree", PERMANENT)
    _duke_hits(eng, tree, 1)
    assert st.adv_hp[0, k] == 19
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), player_target(eng, 0), 2)
    lose_hp(eng, G0, P0, 1)
    assert st.adv_hp[0, k] == 19  # the player's own damage and HP loss: no answer
    assert st.board_hp[0, 0, tree] == 2


def test_budding_seed_takes_a_flower_card_from_the_deck():
    eng = engine_with_answers(["budding_seed", "fractal_flower", "animated_tree"])
    set_deck(eng, ["animated_tree", "fractal_flower", "animated_tree"])
    seed = put_on_board(eng, "budding_seed", PREPARED)
    activate(eng, G0, P0, np.array([seed]))
    assert pile_of(eng, "hand") == {"fractal_flower": 1}
    assert eng.state.deck_len[0, 0] == 2
    assert pile_of(eng, "discard") == {"budding_seed": 1}
    (asked,) = eng.policy.of_kind("search_deck")
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "fractal_flower")]


def test_druid_wand_hits_per_druid_equipment_and_spares_components_for_a_mage_noir():
    eng = engine_with_answers(["druid_wand", "druid_ring", "bark_armor", MAGE_NOIR], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke", games=G01)
    wand = put_on_board(eng, "druid_wand", EQUIPMENT, games=G01)
    put_on_board(eng, "druid_ring", EQUIPMENT, games=G01)
    eng.policy.forced["target"] = k
    run_trigger(eng, "turn_start", G0, P0, np.array([lid(eng, "druid_wand")]), np.array([wand]))
    assert st.adv_hp[0, k] == 18  # one instance of 2: two Druid Equipment
    # Preparing a wand with a Bark armor as its Bark: game 1 is a Mage Noir.
    st.board_card[:, 0, :] = -1
    st.board_zone[:, 0, :] = 0
    st.board_end[:, 0] = 0
    st.board_clock[:] += 1
    armor = put_on_board(eng, "bark_armor", EQUIPMENT, games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    set_hand(eng, {"druid_wand": 1}, games=G01)
    st.reserve[:, 0] = mana(vegetal=1, mineral=1)
    prepare(eng, G01, np.array([0, 0]), np.array([lid(eng, "druid_wand")] * 2))
    assert [board_at(eng, g).get(armor) for g in (0, 1)] == [None, ("bark_armor", EQUIPMENT)]
    assert [pile_of(eng, "discard", g) for g in (0, 1)] == [{"bark_armor": 1}, {}]


def test_floral_infusion_locks_vegetal_while_prepared_and_draws_up_to_its_drops():
    eng = engine_with_answers(["floral_infusion", "droplet", "animated_tree"], batch=2)
    st = eng.state
    set_deck(eng, ["animated_tree"] * 5, games=G01)
    infusion = put_on_board(eng, "floral_infusion", PREPARED, games=G01)
    put_on_board(eng, "droplet", CHANNELED, games=G01)
    put_on_board(eng, "droplet", CHANNELED, games=[1])
    turn_start(eng, G01, np.array([0, 0]))
    turn_start(eng, G01, np.array([0, 0]))
    assert st.board_mana[:, 0, infusion].tolist() == [mana(vegetal=2).tolist()] * 2
    activate(eng, G01, np.array([0, 0]), np.array([infusion, infusion]))
    assert st.hand[:, 0, lid(eng, "animated_tree")].tolist() == [1, 2]  # 1 Drop, then 2
    assert st.ether.sum(axis=(1, 2)).tolist() == [2, 2]  # its Mana released on discard


def test_flower_growth_heals_a_target_then_digs_three_for_a_flower():
    eng = engine_with_answers(["flower_growth", "fractal_flower", "hypnotic_flower", "animated_tree"])
    st = eng.state
    st.hp[0, 0] = 10
    eng.policy.forced["target"] = player_target(eng, 0)
    set_deck(eng, ["fractal_flower", "animated_tree", "hypnotic_flower", "animated_tree"])
    spell = put_on_board(eng, "flower_growth", PREPARED)
    lines = transcript_of(eng, lambda: activate(eng, G0, P0, np.array([spell])))
    assert st.hp[0, 0] == 12
    (asked,) = eng.policy.of_kind("dig_take")  # the top 3 only: not the bottom Fractal flower
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "hypnotic_flower"),
                                                         eng.info.size]
    assert pile_of(eng, "hand") == {"hypnotic_flower": 1}
    assert deck_at(eng) == ["animated_tree", "animated_tree", "fractal_flower"]
    assert any("takes it" in line for line in lines)


def test_fractal_flower_hits_returns_a_flower_for_a_mage_noir_and_has_autumn():
    eng = engine_with_answers(["fractal_flower", "hypnotic_flower", MAGE_NOIR], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke", games=G01)
    flower = put_on_board(eng, "fractal_flower", PERMANENT, games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    st.discard[:, 0, lid(eng, "hypnotic_flower")] = 1
    turn_start(eng, G01, np.array([0, 0]))
    assert st.adv_hp[:, k].tolist() == [19, 19]
    assert [pile_of(eng, "hand", g) for g in (0, 1)] == [{}, {"hypnotic_flower": 1}]
    # Autumn: destroyed, it applies them on its way, and cannot return itself.
    deal_damage(eng, G01, ADVERSARY_SIDE, lid(eng, "duke"), slot_target(eng, 0, flower), 2)
    assert st.adv_hp[:, k].tolist() == [18, 18]
    assert [pile_of(eng, "hand", g) for g in (0, 1)] == [{}, {"hypnotic_flower": 1}]
    assert [pile_of(eng, "discard", g) for g in (0, 1)] == [
        {"hypnotic_flower": 1, "fractal_flower": 1}, {"fractal_flower": 1}]


def test_hypnotic_flower_costs_hp_and_the_adversary_draws_nothing():
    eng = engine_with_answers(["hypnotic_flower", MAGE_NOIR], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke", games=G01)
    set_deck(eng, [MAGE_NOIR], games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    spell = put_on_board(eng, "hypnotic_flower", PREPARED, games=[0])
    put_on_board(eng, "hypnotic_flower", PREPARED, games=[1])
    activate(eng, G01, np.array([0, 0]), np.array([spell, spell + 1]))
    assert st.adv_hp[:, k].tolist() == [18, 17]
    assert st.deck_len[:, 0].tolist() == [1, 1]  # nobody drew
    assert [pile_of(eng, "hand", g) for g in (0, 1)] == [{}, {}]


def test_kerlochs_flower_hits_and_grows_more_with_four_drops():
    eng = engine_with_answers(["kerlochs_flower", "droplet"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke", games=G01)
    flower = put_on_board(eng, "kerlochs_flower", PERMANENT, games=G01)
    for _ in range(4):
        put_on_board(eng, "droplet", CHANNELED, games=[1])
    turn_start(eng, G01, np.array([0, 0]))
    assert st.adv_hp[:, k].tolist() == [18, 18]
    assert st.board_hp[:, 0, flower].tolist() == [4, 5]  # 4 Drop components: 2 HP


def test_kerlochs_flower_is_unique_unless_mage_noir():
    eng = engine_with_answers(["kerlochs_flower", "seed", MAGE_NOIR], batch=2)
    st = eng.state
    put_on_board(eng, "kerlochs_flower", PERMANENT, games=G01)
    put_on_board(eng, "seed", CHANNELED, games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    set_hand(eng, {"kerlochs_flower": 1}, games=G01)
    st.reserve[:, 0] = mana(water=2, vegetal=2)
    flower = lid(eng, "kerlochs_flower")
    ready = can_prepare(eng, G01, np.array([0, 0]))[:, flower]
    assert ready.tolist() == [True, True]  # R7.1: a second copy may be prepared...
    api.prepare(eng, G01, np.array([0, 0]), np.array([flower, flower]))
    copies = (st.board_card[:, 0] == flower).sum(axis=1)
    assert copies.tolist() == [1, 2]  # ...then one is discarded, unless a Mage Noir


def test_lethal_flourish_costs_five_hp_and_discards_a_flower_component():
    eng = engine_with_answers(["lethal_flourish", "fractal_flower"])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "fractal_flower", PERMANENT)
    spell = put_on_board(eng, "lethal_flourish", PREPARED)
    activate(eng, G0, P0, np.array([spell]))
    assert st.adv_hp[0, k] == 15  # no Autumn: the flower is discarded, not destroyed
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"lethal_flourish": 1, "fractal_flower": 1}


def test_photosynthesis_heals_an_own_vegetal_permanent_more_with_a_sun():
    eng = engine_with_answers(["photosynthesis", "dead_tree", "maelstrom", "artificial_sun"],
                              batch=2)
    st = eng.state
    tree = put_on_board(eng, "dead_tree", PERMANENT, games=G01)
    put_on_board(eng, "maelstrom", PERMANENT, games=G01)
    spell = put_on_board(eng, "photosynthesis", PREPARED, games=G01)
    put_on_board(eng, "artificial_sun", PERMANENT, games=[1])
    activate(eng, G01, np.array([0, 0]), np.array([spell, spell]))
    assert st.board_hp[:, 0, tree].tolist() == [4, 6]
    (asked,) = eng.policy.of_kind("target")  # the Water Permanent is not a choice
    assert [np.flatnonzero(o).tolist() for o in asked.options] == [[slot_target(eng, 0, tree)]] * 2


def test_renewal_destroys_a_vegetal_permanent_and_puts_it_back_at_turn_end():
    eng = engine_with_answers(["renewal", "fractal_flower"])
    st = eng.state
    k = put_adversary(eng, "duke")
    flower = put_on_board(eng, "fractal_flower", PERMANENT, hp=1)
    spell = put_on_board(eng, "renewal", PREPARED)
    activate(eng, G0, P0, np.array([spell]))
    assert st.adv_hp[0, k] == 19  # Autumn on its destruction
    assert pile_of(eng, "discard") == {"renewal": 1, "fractal_flower": 1}
    end_player_turn(eng, G0, P0)
    assert board_at(eng) == {flower: ("fractal_flower", PERMANENT)}
    assert st.board_hp[0, 0, flower] == 2  # its printed HP
    assert pile_of(eng, "discard") == {"renewal": 1}


def test_renewal_of_a_mage_noir_in_an_adversary_turn_window_returns_at_its_end():
    eng = engine_with_answers(["renewal", "fractal_flower", MAGE_NOIR])
    st = eng.state
    k = put_adversary(eng, "duke")
    eng.table_record["trig_count"][0, lid(eng, "duke"), TRIGGERS.index("turn_start")] = 0
    put_on_board(eng, MAGE_NOIR, RITUAL)
    flower = put_on_board(eng, "fractal_flower", PERMANENT)
    spell = put_on_board(eng, "renewal", PREPARED)
    eng.policy.forced["quick_action"] = [1 + spell]
    adversary_turn(eng, G0)
    assert st.adv_hp[0, k] == 19  # Autumn on its destruction
    assert board_at(eng)[flower] == ("fractal_flower", PERMANENT)  # back at the turn's end
    assert pile_of(eng, "discard") == {"renewal": 1}


def test_ritual_of_seasons_costs_vegetal_hp_and_grants_autumn():
    # Tree in flames: no Protector to take the Duke's blow in the Kerloc'h's flower's place.
    eng = engine_with_answers(["ritual_of_seasons", "kerlochs_flower", "maelstrom",
                               "tree_in_flames"])
    st = eng.state
    k = put_adversary(eng, "duke")
    flower = put_on_board(eng, "kerlochs_flower", PERMANENT)
    tree = put_on_board(eng, "tree_in_flames", PERMANENT)
    put_on_board(eng, "maelstrom", PERMANENT)
    ritual = put_on_board(eng, MAGE_NOIR, RITUAL)
    run_trigger(eng, "enter", G0, P0, np.array([lid(eng, MAGE_NOIR)]), np.array([ritual]))
    assert st.board_hp[0, 0, [flower, tree]].tolist() == [2, 2]  # the Maelström has no HP
    eng.policy.forced["ability_target"] = flower
    said = transcript_of(eng, lambda: use_ability(eng, G0, P0, np.array([ritual])))
    assert "  Kerloc'h's flower gains Autumn" in said
    assert st.board_hp[0, 0, flower] == 1
    assert st.autumn[0, 0, flower] == lid(eng, "kerlochs_flower") + 1
    _duke_hits(eng, flower, 1)  # destroyed: its start-of-turn effects apply (2 damage)
    assert st.adv_hp[0, k] == 18
    assert pile_of(eng, "discard") == {"kerlochs_flower": 1}
    # A Permanent the lost HP destroys goes without Autumn.
    eng.policy.forced["ability_target"] = tree
    st.board_hp[0, 0, tree] = 1
    use_ability(eng, G0, P0, np.array([ritual]))
    assert st.adv_hp[0, k] == 18
    assert pile_of(eng, "discard") == {"kerlochs_flower": 1, "tree_in_flames": 1}


def test_sap_distillation_takes_three_mana_of_choice_four_for_a_mage_noir():
    eng = engine_with_answers(["sap_distillation", MAGE_NOIR], batch=2)
    st = eng.state
    spell = put_on_board(eng, "sap_distillation", PREPARED, games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    eng.policy.forced["mana_element"] = 3  # Vegetal
    activate(eng, G01, np.array([0, 0]), np.array([spell, spell]))
    assert st.reserve[:, 0].tolist() == [mana(vegetal=3).tolist(), mana(vegetal=4).tolist()]
    assert st.ether.sum() == 0


def test_sharp_petals_hits_any_target_then_an_own_vegetal_permanent():
    eng = engine_with_answers(["sharp_petals", "animated_tree", MAGE_NOIR], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke", games=G01)
    tree = put_on_board(eng, "animated_tree", PERMANENT, games=G01)
    spell = put_on_board(eng, "sharp_petals", PREPARED, games=G01)
    put_on_board(eng, MAGE_NOIR, RITUAL, games=[1])
    eng.policy.forced["target"] = [k, slot_target(eng, 0, tree), k, slot_target(eng, 0, tree)]
    activate(eng, G01, np.array([0, 0]), np.array([spell, spell]))
    assert st.adv_hp[:, k].tolist() == [17, 17]
    assert st.board_hp[:, 0, tree].tolist() == [1, 2]


def test_thorn_torment_does_nothing_to_the_adversary_and_is_quickcast_on_its_second_draw():
    """Against the Adversary (no hand) the discard does nothing and the damage per card in
    its hand is 0; Quickcast needs the opponent's second draw of a turn, and the Duke's turn
    has one (its reveal): no window."""
    eng = engine_with_answers(["thorn_torment", "animated_tree"])
    st, t = eng.state, eng.table_record[0]
    k = put_adversary(eng, "duke")
    assert t["quickcast_if"][lid(eng, "thorn_torment")] == CONDITION_CODE["opponent_drew"]
    assert t["quickcast_if_word"][lid(eng, "thorn_torment")] == 2
    assert t["any_draw_trigger"] == 1  # the draws are counted for it
    spell = put_on_board(eng, "thorn_torment", PREPARED, locked=mana(vegetal=3))
    set_adversary_deck(eng, ["volley"])
    adversary_turn(eng, G0)
    assert st.draws_this_turn[0, P_MAX] == 1
    assert eng.policy.of_kind("quick_action") == []
    hp, ether = int(st.adv_hp[0, k]), int(st.ether.sum())
    lines = transcript_of(eng, lambda: activate(eng, G0, P0, np.array([spell])))
    assert st.adv_hp[0, k] == hp
    assert "  the Adversary has no hand: nothing happens" in lines
    assert pile_of(eng, "discard") == {"thorn_torment": 1}
    assert st.ether.sum() == ether + 3  # its Mana released


def test_tree_flowers_releases_one_vegetal_from_each_own_vegetal_permanent():
    eng = engine_with_answers(["tree_flowers", "dead_tree", "maelstrom"])
    st = eng.state
    tree = put_on_board(eng, "dead_tree", PERMANENT, locked=mana(vegetal=2))
    sea = put_on_board(eng, "maelstrom", PERMANENT, locked=mana(vegetal=1))
    spell = put_on_board(eng, "tree_flowers", PREPARED)
    activate(eng, G0, P0, np.array([spell]))
    assert st.board_mana[0, 0, tree].tolist() == mana(vegetal=1).tolist()
    assert st.board_mana[0, 0, sea].tolist() == mana(vegetal=1).tolist()  # Water: keeps it
    assert st.ether[0].sum() == 1
