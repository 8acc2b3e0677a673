"""The Base Game's official rulings that no card test checked yet (docs/rulings.md lists
every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    can_prepare,
    discard_of,
    ether_of,
    give_discard,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    player_target,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_ether,
    set_reserve,
    slot_target,
    start_turn,
    summon_adversary_card,
    summon_duke,
    trigger,
)
from engine_fixtures import FIRE, G0, P0, WATER, component_instances, transcript_of
from ruling_positions import (
    VICTIMS,
    activate_slot,
    adversary_hits,
    begin_turn,
    hp_of,
    printed_hp,
    protector_takes,
    slot_hp,
    use_slot,
)

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    TO_DISCARD,
    WORD,
)

DUKE = adv_target(0)












# --- heals: "there is no limit to the HP players and Permanents can have" -----------------


def test_seed_heals_past_20():
    eng = make_engine(["seed"])
    slot = put_on_board(eng, 0, "seed", PREPARED, mana(vegetal=1))
    activate_slot(eng, slot)
    assert hp_of(eng) == 21 and discard_of(eng, 0) == {"seed": 1}


def test_healers_breath_heals_past_20():
    eng = make_engine(["healers_breath", "seed"])
    set_deck(eng, 0, ["seed"])
    slot = put_on_board(eng, 0, "healers_breath", PREPARED, mana(air=2))
    activate_slot(eng, slot)
    assert hp_of(eng) == 21 and hand_of(eng, 0) == {"seed": 1}


@pytest.mark.parametrize("target", ["player", "permanent"])
def test_purifying_wave_heals_past_printed_hp_and_past_20(target):
    eng = make_engine(["purifying_wave", "dead_tree"])
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    wave = put_on_board(eng, 0, "purifying_wave", PREPARED, mana(water=1, vegetal=1))
    eng.policy.forced["target"] = (player_target(eng, 0) if target == "player"
                                   else slot_target(eng, 0, tree))
    activate_slot(eng, wave)
    if target == "player":
        assert hp_of(eng) == 22 and slot_hp(eng, tree) == printed_hp(eng, "dead_tree")
    else:
        assert hp_of(eng) == 20 and slot_hp(eng, tree) == printed_hp(eng, "dead_tree") + 2


def test_enchanted_forest_heals_past_printed_hp_and_past_20():
    eng = make_engine(["enchanted_forest"])
    forest = put_on_board(eng, 0, "enchanted_forest", PERMANENT)
    start_turn(eng, 0)
    assert hp_of(eng) == 22
    assert slot_hp(eng, forest) == printed_hp(eng, "enchanted_forest") + 2


def test_the_water_healer_heals_past_20_and_returns_one_copy():
    """Two Zephyrs in the pile: one comes back, whatever the copies."""
    eng = make_engine(["the_water_healer", "zephyr"])
    give_discard(eng, 0, "zephyr", 2)
    eng.policy.forced["target"] = player_target(eng, 0)
    slot = put_on_board(eng, 0, "the_water_healer", PREPARED, mana(water=2, arcane=2))
    activate_slot(eng, slot)
    assert hp_of(eng) == 23
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert discard_of(eng, 0) == {"zephyr": 1, "the_water_healer": 1}


# --- HP losses cannot be ignored, reduced or redirected ------------------------------------


def test_crimson_ritual_hp_loss_is_not_reduced():
    """Kerloc'h's robe takes 2 off every damage instance; the ritual's losses are not damage."""
    eng = make_engine(["crimson_ritual", "kerlochs_robe", "seed"])
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    give_hand(eng, 0, "crimson_ritual")
    set_reserve(eng, 0, arcane=2, fire=1)
    set_deck(eng, 0, ["seed"])
    eng.state.hp[0, 0] = 19
    ritual = prepare(eng, 0, "crimson_ritual")
    assert hp_of(eng) == 10
    use_slot(eng, ritual)
    assert hp_of(eng) == 9 and reserve_of(eng, 0) == mana(fire=1) and hand_of(eng, 0) == {"seed": 1}


def test_ritual_of_decomposition_hp_loss_is_not_reduced():
    eng = make_engine(["ritual_of_decomposition", "kerlochs_robe", "bark_armor"])
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    put_on_board(eng, 0, "ritual_of_decomposition", RITUAL)
    summon_duke(eng)
    start_turn(eng, 0)
    assert hp_of(eng) == 19


def test_tree_in_flames_hp_loss_is_not_reduced():
    """Its own HP loss is not damage: no Protector may take it (an Enchanted forest stands by)."""
    eng = make_engine(["tree_in_flames", "enchanted_forest"],
                      policy=ScriptedPolicy({"protector_redirect": 1}))
    summon_duke(eng)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    forest = put_on_board(eng, 0, "enchanted_forest", PERMANENT)
    trigger(eng, "turn_start", 0, "tree_in_flames", tree)
    assert int(eng.state.adv_hp[0, 0]) == 18
    assert slot_hp(eng, tree) == printed_hp(eng, "tree_in_flames") - 1
    assert slot_hp(eng, forest) == printed_hp(eng, "enchanted_forest")
    assert "protector_redirect" not in eng.policy.kinds


def test_kerlochs_robe_reduction_never_heals():
    eng = make_engine(["kerlochs_robe"], policy=ScriptedPolicy({"may_use_ability": 0}))
    summon_duke(eng)
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    adversary_hits(eng, player_target(eng, 0), 1)
    assert hp_of(eng) == 20
    adversary_hits(eng, player_target(eng, 0), 3)
    assert hp_of(eng) == 19


# --- Protector: "you or another Permanent you control", "another Protector" too -----------


@pytest.mark.parametrize("victim", VICTIMS)
def test_animated_tree_takes_blows_aimed_at_its_player_or_permanents(victim):
    protector_takes("animated_tree", victim)


@pytest.mark.parametrize("victim", VICTIMS)
def test_enchanted_forest_takes_blows_aimed_at_its_player_or_permanents(victim):
    protector_takes("enchanted_forest", victim)


@pytest.mark.parametrize("victim", VICTIMS)
def test_hostile_forest_takes_blows_aimed_at_its_player_or_permanents(victim):
    protector_takes("hostile_forest", victim)


@pytest.mark.parametrize("victim", VICTIMS)
def test_dead_tree_takes_blows_aimed_at_its_player_or_permanents(victim):
    def mage_noir(eng):
        put_on_board(eng, 0, "rite_of_passage", RITUAL)

    protector_takes("dead_tree", victim, ["rite_of_passage"], mage_noir)


# --- armours --------------------------------------------------------------------------------


def test_druid_armor_protects_its_player_only_and_renews_each_turn():
    eng = make_engine(["druid_armor", "tree_in_flames", "seed"])
    put_on_board(eng, 0, "druid_armor", EQUIPMENT)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    adversary_hits(eng, slot_target(eng, 0, tree), 1)
    assert slot_hp(eng, tree) == printed_hp(eng, "tree_in_flames") - 1  # not its Permanents
    adversary_hits(eng, player_target(eng, 0), 4)
    assert hp_of(eng) == 19  # 3 ignored
    adversary_hits(eng, player_target(eng, 0), 4)
    assert hp_of(eng) == 15  # spent for this turn
    api.adversary_turn(eng, G0)  # the opponent's turn: the allowance is back
    adversary_hits(eng, player_target(eng, 0), 4)
    assert hp_of(eng) == 14
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)  # and back again as the player's turn begins, before their draw
    adversary_hits(eng, player_target(eng, 0), 4)
    assert hp_of(eng) == 13 and hand_of(eng, 0) == {"seed": 1}


# --- turn start: before the draw and before a pile is taken --------------------------------


def test_wand_of_air_currents_draws_before_the_draw_phase():
    """Its draw takes the top card, the draw phase the next one; then 1 damage."""
    eng = make_engine(["wand_of_air_currents", "seed", "flame", "zephyr"])
    summon_duke(eng)
    put_on_board(eng, 0, "wand_of_air_currents", EQUIPMENT)
    set_deck(eng, 0, ["zephyr", "seed", "flame"])  # Flame on top
    events = transcript_of(eng, lambda: begin_turn(eng))
    assert hand_of(eng, 0) == {"flame": 1, "seed": 1}
    assert int(eng.state.adv_hp[0, 0]) == 19
    draws = [line for line in events if "draws" in line]
    assert len(draws) == 2 and "Flame" in draws[0] and "Seed" in draws[1]


def test_mental_flame_upkeep_comes_before_the_draw_and_the_pile():
    """No Fire in the reserve at turn start: discarded, though both piles hold Fire."""
    eng = make_engine(["mental_flame", "seed"], policy=ScriptedPolicy({"pay_upkeep": 1}))
    put_on_board(eng, 0, "mental_flame", CHANNELED)
    set_ether(eng, 0, fire=1)
    set_ether(eng, 1, fire=1)
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)
    assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"mental_flame": 1}
    assert reserve_of(eng, 0) == mana(fire=1) and hand_of(eng, 0) == {"seed": 1}


@pytest.mark.parametrize("pays", [True, False])
def test_prodigious_sowing_upkeep_comes_before_the_draw(pays):
    """Its 1 Vegetal and 1 Water come from the reserve as the turn begins; the piles' Mana
    arrives only after (then it is destroyed)."""
    eng = make_engine(["prodigious_sowing", "seed"], policy=ScriptedPolicy({"pay_upkeep": 1}))
    sowing = put_on_board(eng, 0, "prodigious_sowing", PERMANENT)
    set_ether(eng, 0, vegetal=1, water=1)
    set_ether(eng, 1, vegetal=1, water=1)
    if pays:
        set_reserve(eng, 0, vegetal=1, water=1)
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)
    if pays:
        assert board_of(eng, 0) == {sowing: ("prodigious_sowing", PERMANENT)}
    else:
        assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"prodigious_sowing": 1}
    assert hand_of(eng, 0) == {"seed": 1}


def test_maelstrom_goes_before_the_draw_and_the_pile():
    """Destroyed as the turn begins: its 5 Mana reach the Ether before a pile is taken."""
    eng = make_engine(["maelstrom", "seed"])
    put_on_board(eng, 0, "maelstrom", PERMANENT, mana(water=3, arcane=2))
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)
    assert discard_of(eng, 0) == {"maelstrom": 1} and hand_of(eng, 0) == {"seed": 1}
    taken = sum(reserve_of(eng, 0))
    assert taken in (2, 3) and taken + sum(map(sum, ether_of(eng))) == 5


# --- components ----------------------------------------------------------------------------


def _drop_component_when_channeled(card: str, zone: int) -> None:
    """Purifying wave needs a Drop: ``card`` channeled is one ("Transmutable: Drop");
    prepared it is no component."""
    eng = make_engine([card, "purifying_wave"])
    put_on_board(eng, 0, card, zone)
    give_hand(eng, 0, "purifying_wave")
    set_reserve(eng, 0, water=1, vegetal=1)
    assert can_prepare(eng, 0, "purifying_wave") == (zone == CHANNELED)


@pytest.mark.parametrize("zone", [PREPARED, CHANNELED])
def test_sprouted_seed_is_a_drop_component(zone):
    _drop_component_when_channeled("sprouted_seed", zone)


@pytest.mark.parametrize("zone", [PREPARED, CHANNELED])
def test_mist_breath_is_a_drop_component(zone):
    _drop_component_when_channeled("mist_breath", zone)


def test_prodigious_sowing_trees_follow_the_seeds_in_play():
    """Up to 3 Seeds are Trees: a Seed arriving while fewer are becomes one; a Seed that
    leaves is no Tree any more."""
    eng = make_engine(["prodigious_sowing", "seed"])
    tree = WORD["Tree"]
    put_on_board(eng, 0, "prodigious_sowing", PERMANENT)
    seeds = [put_on_board(eng, 0, "seed", CHANNELED) for _ in range(2)]
    assert component_instances(eng, G0, P0)[0, tree] == 2
    seeds.append(put_on_board(eng, 0, "seed", CHANNELED))
    assert component_instances(eng, G0, P0)[0, tree] == 3
    api.leave_board(eng, G0, P0, np.array([seeds[0]]), TO_DISCARD)
    assert component_instances(eng, G0, P0)[0, tree] == 2


# --- King of trees ---------------------------------------------------------------------------


@pytest.mark.parametrize("capped", [False, True])
def test_king_of_trees_counts_every_tree_in_one_instance(capped):
    """Trees: the King, a teammate's Dead tree and a Seed made a Tree component by Prodigious
    sowing: 3 Trees, 6 damage. Under Superconductor ritual (no more than 2 damage at once on
    its controller's turn) the one instance deals 2."""
    eng = make_engine(["king_of_trees", "dead_tree", "prodigious_sowing", "seed",
                       "superconductor_ritual"], players=2)
    summon_duke(eng)
    king = put_on_board(eng, 0, "king_of_trees", PERMANENT)
    put_on_board(eng, 0, "prodigious_sowing", PERMANENT)
    put_on_board(eng, 0, "seed", CHANNELED)
    put_on_board(eng, 1, "dead_tree", PERMANENT)
    if capped:
        put_on_board(eng, 0, "superconductor_ritual", RITUAL)
    trigger(eng, "turn_start", 0, "king_of_trees", king)
    assert int(eng.state.adv_hp[0, 0]) == 20 - (2 if capped else 6)


def test_king_of_trees_makes_tree_in_flames_hit_twice_and_lose_2():
    eng = make_engine(["king_of_trees", "tree_in_flames", "rite_of_passage"])
    summon_duke(eng)
    king = put_on_board(eng, 0, "king_of_trees", PERMANENT)
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    start_turn(eng, 0)  # the King: 2 Trees, 4; Tree in flames twice: 2 + 2
    assert int(eng.state.adv_hp[0, 0]) == 20 - 4 - 2 * 2
    assert slot_hp(eng, tree) == printed_hp(eng, "tree_in_flames") - 2
    assert king in board_of(eng, 0)


def test_animated_tree_with_king_of_trees_discards_one_seed_hits_twice():
    """A Mage Noir with King of trees: preparing Animated tree discards the one Seed it used;
    at its turn start it hits twice and brings back two Seeds."""
    eng = make_engine(["animated_tree", "king_of_trees", "rite_of_passage", "seed"],
                      policy=ScriptedPolicy({"seed_from_discard": [0, 0]}))
    eng.policy.forced["seed_from_discard"] = [lid(eng, "seed"), lid(eng, "seed")]
    summon_duke(eng)
    put_on_board(eng, 0, "king_of_trees", PERMANENT)
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    seeds = [put_on_board(eng, 0, "seed", CHANNELED) for _ in range(2)]
    give_hand(eng, 0, "animated_tree")
    set_reserve(eng, 0, vegetal=3, water=1)
    tree = prepare(eng, 0, "animated_tree")
    assert discard_of(eng, 0) == {"seed": 1}
    assert sum(c == "seed" for c, _ in board_of(eng, 0).values()) == 1
    give_discard(eng, 0, "seed")
    start_turn(eng, 0)  # the King: 2 Trees, 4; Animated tree twice: 2 + 2
    assert int(eng.state.adv_hp[0, 0]) == 20 - 4 - 2 * 2
    prepared = [s for s, (c, z) in board_of(eng, 0).items() if c == "seed" and z == PREPARED]
    assert len(prepared) == 2 and discard_of(eng, 0) == {}
    assert tree in board_of(eng, 0) and len(seeds) == 2


# --- Water --------------------------------------------------------------------------------


def test_ritual_of_melange_swaps_again_and_again():
    """Three swaps in one main phase, 3 Mana moved: no limit."""
    eng = make_engine(["ritual_of_melange", "surging_wave"],
                      policy=ScriptedPolicy({"melange_give": FIRE, "melange_take": WATER}))
    ritual = put_on_board(eng, 0, "ritual_of_melange", RITUAL, mana(water=2, arcane=3))
    wave = put_on_board(eng, 0, "surging_wave", PREPARED, mana(water=3))
    eng.policy.forced["ability_target"] = wave
    set_reserve(eng, 0, fire=3)
    for _ in range(3):
        use_slot(eng, ritual)
    assert reserve_of(eng, 0) == mana(water=3)
    assert eng.state.board_mana[0, 0, wave].tolist() == mana(fire=3)


@pytest.mark.parametrize("zone", [PREPARED, CHANNELED, PERMANENT, EQUIPMENT, RITUAL])
def test_tide_moves_its_mana_under_any_kind_of_own_card(zone):
    card = {PREPARED: "flame", CHANNELED: "flame", PERMANENT: "dead_tree",
            EQUIPMENT: "bark_armor", RITUAL: "rite_of_passage"}[zone]
    eng = make_engine(["tide", card, "seed"], policy=ScriptedPolicy({"optional_payment": 0}))
    dest = put_on_board(eng, 0, card, zone)
    tide = put_on_board(eng, 0, "tide", PREPARED, mana(water=2))
    set_deck(eng, 0, ["seed"])
    eng.policy.forced["discard_from_hand"] = lid(eng, "seed")
    eng.policy.forced["move_locked_mana"] = dest
    activate_slot(eng, tide)
    assert eng.state.board_mana[0, 0, dest].tolist() == mana(water=2)
    assert discard_of(eng, 0) == {"seed": 1, "tide": 1} and ether_of(eng) == [mana(), mana()]


def test_tide_may_pay_with_no_tide_in_the_pile():
    eng = make_engine(["tide", "seed"], policy=ScriptedPolicy({"optional_payment": 1}))
    tide = put_on_board(eng, 0, "tide", PREPARED, mana(water=2))
    set_deck(eng, 0, ["seed"])
    set_reserve(eng, 0, water=1)
    eng.policy.forced["discard_from_hand"] = lid(eng, "seed")
    activate_slot(eng, tide)
    (asked,) = eng.policy.of_kind("optional_payment")
    assert asked.context["worth"].tolist() == [False]
    assert reserve_of(eng, 0) == mana() and hand_of(eng, 0) == {}
    assert sum(map(sum, ether_of(eng))) == 3  # the Water paid, then Tide's 2 released


@pytest.mark.parametrize("fire", [0, 1])
def test_azure_ring_second_option_needs_some_mana_not_water(fire):
    """Its ruling on an empty reserve speaks of Water Mana in English, of any Mana in French:
    the engine follows the French. An empty reserve: nothing happens; a reserve with Fire only:
    a Mage Noir puts that Fire under a card of theirs (by the English reading, nothing)."""
    eng = make_engine(["azure_ring", "rite_of_passage"], policy=ScriptedPolicy({"choose_mode": 1}))
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    put_on_board(eng, 0, "azure_ring", EQUIPMENT)
    set_reserve(eng, 0, fire=fire)
    start_turn(eng, 0)
    assert hp_of(eng) == 20 and reserve_of(eng, 0) == mana()
    assert eng.state.board_mana[0, 0].sum(axis=0).tolist() == mana(fire=fire)
    assert ("lock_mana_element" in eng.policy.kinds) == (fire > 0)


@pytest.mark.parametrize(("modifier", "lost"), [(None, 0), ("century", 6), ("split_second", 0)])
def test_ephemeral_brambles_options_follow_the_number_modifiers(modifier, lost):
    """By default the Adversary picks the empty discard. Prepared with Century it picks 2
    options, so both: it loses 3 HP doubled. With Split second it picks none."""
    eng = make_engine(["ephemeral_brambles", "century", "split_second"])
    summon_duke(eng)
    slot = put_on_board(eng, 0, "ephemeral_brambles", PREPARED, mana(vegetal=2))
    if modifier:
        eng.state.board_mods[0, 0, slot, 0] = lid(eng, modifier) + 1
    activate_slot(eng, slot)
    assert int(eng.state.adv_hp[0, 0]) == 20 - lost
    assert discard_of(eng, 0) == {"ephemeral_brambles": 1}


def test_subtle_infiltration_counts_a_trade_that_gives_water():
    """2 Water given for 1 Fire: Water is in the trade, so 1 damage and 1 Mana released."""
    eng = make_engine(["subtle_infiltration"],
                      policy=ScriptedPolicy({"trade_give": WATER, "release_locked_mana": [FIRE],
                                             "ether_start_pile": 0}))
    summon_duke(eng)
    inf = put_on_board(eng, 0, "subtle_infiltration", PERMANENT, mana(fire=1, water=1))
    set_reserve(eng, 0, water=2)
    set_ether(eng, 0, fire=2)
    api.trade(eng, G0, P0, np.array([FIRE]))
    assert int(eng.state.adv_hp[0, 0]) == 19
    assert reserve_of(eng, 0) == mana(fire=1)
    assert eng.state.board_mana[0, 0, inf].tolist() == mana(water=1)


def _any_fire_card_replaces_the_flame(card: str) -> None:
    """No Flame in play: a Fire card from hand is discarded instead, Burning robe (a Fire
    Equipment, no Flame) as well as a Flame; a Vegetal card may not be."""
    eng = make_engine([card, "burning_robe", "seed"],
                      policy=ScriptedPolicy({"discard_from_hand": 0}))
    eng.policy.forced["discard_from_hand"] = lid(eng, "burning_robe")
    give_hand(eng, 0, card)
    give_hand(eng, 0, "burning_robe")
    give_hand(eng, 0, "seed")
    set_reserve(eng, 0, fire=2, air=1)
    slot = prepare(eng, 0, card)
    options = eng.policy.options_of("discard_from_hand")[0]
    assert np.flatnonzero(options).tolist() == [lid(eng, "burning_robe")]
    assert board_of(eng, 0) == {slot: (card, PREPARED)}
    assert discard_of(eng, 0) == {"burning_robe": 1} and hand_of(eng, 0) == {"seed": 1}


def test_fire_ball_may_discard_any_fire_card_for_its_flame():
    _any_fire_card_replaces_the_flame("fire_ball")


def test_fission_may_discard_any_fire_card_for_its_flame():
    _any_fire_card_replaces_the_flame("fission")


def test_typhoon_leaves_the_adversarys_permanents():
    """Its discard takes prepared spells only: the Ducal guard, a Permanent, stays."""
    eng = make_engine(["typhoon", "seed_in_the_wind", "seed"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    put_on_board(eng, 0, "seed_in_the_wind", CHANNELED)
    set_deck(eng, 0, ["seed", "seed", "seed"])
    activate_slot(eng, put_on_board(eng, 0, "typhoon", PREPARED))
    assert int(eng.state.adv_hp[0, 0]) == 14
    assert eng.state.adv_card[0, guard] == lid(eng, "adv:ducal_guard")
    assert eng.state.adv_discard[0].sum() == 0


# --- Rain of flames --------------------------------------------------------------------------


@pytest.mark.parametrize("split", [False, True])
def test_rain_of_flames_is_one_instance_per_target(split):
    """With Burning robe (a Mage Noir's: +2): 5 on the Duke is one instance (+2, one hit
    back); 3 on the Ducal guard and 2 on the Duke are two (+2 each, two hits back)."""
    answers = [1, 1, 1, DUKE, DUKE] if split else [DUKE] * 5
    eng = make_engine(["rain_of_flames", "rite_of_passage", "burning_robe"],
                      policy=ScriptedPolicy({"target": answers}))
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    put_on_board(eng, 0, "burning_robe", EQUIPMENT)
    slot = put_on_board(eng, 0, "rain_of_flames", PREPARED)
    activate_slot(eng, slot)
    if split:
        assert eng.state.adv_card[0, guard] == -1
        assert int(eng.state.adv_hp[0, 0]) == 20 - 4 and hp_of(eng) == 18
    else:
        assert int(eng.state.adv_hp[0, 0]) == 20 - 7 and hp_of(eng) == 19
