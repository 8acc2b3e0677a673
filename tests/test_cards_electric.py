"""One test per simulated card of the Electric extension (and the two Ice cards about timing
that the Electric work owns: Superconductivity, Ritual of absolute zero).

Each test builds a small position by hand (tests/card_positions.py: empty state, 20 HP, empty
Ether, the Duke's cards in the table), runs the real engine action (prepare, activate, an
Adversary turn with its Quickcast windows, a discard) and asserts the exact state after.
Quickcast and Slowcast themselves are tested in tests/test_rules_quickcast.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import engine_fixtures as fx
import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_target,
    board_of,
    can_prepare,
    deck_list,
    discard_of,
    ether_of,
    give_discard,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    slot_target,
    summon_adversary_card,
    summon_duke,
)

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    T_TURN_START,
    TO_DECK_TOP,
)

G = np.array([0])
P0 = np.array([0])
DUKE = adv_target(0)


def quiet_duke(eng) -> None:
    """The Duke in play without its turn-start blow (the tests watch the player's spells)."""
    summon_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), T_TURN_START] = 0


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _can_activate(eng, slot: int, player: int = 0) -> bool:
    legal = api.legal_actions(eng, G, np.array([player]))[0]
    s_n, c_n = eng.info.slots, eng.info.size
    return bool(legal[1 + s_n + c_n + slot])


def test_electric_spark_hits_draws_then_discards():
    policy = ScriptedPolicy({"discard_from_hand": lambda eng, games, *a, **k: [lid(eng, "seed")]})
    eng = make_engine(["electric_spark", "seed", "flame"], policy=policy)
    summon_duke(eng)
    set_deck(eng, 0, ["flame", "seed"])
    give_hand(eng, 0, "flame")
    slot = put_on_board(eng, 0, "electric_spark", PREPARED, mana(air=2))
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 19
    assert hand_of(eng, 0) == {"flame": 1}  # drew the Seed, discarded it
    assert deck_list(eng, 0) == ["flame"]
    assert discard_of(eng, 0) == {"electric_spark": 1, "seed": 1}
    assert ether_of(eng) == [mana(air=1), mana(air=1)]


def test_electric_spark_discarding_a_static_spark_applies_it():
    policy = ScriptedPolicy({"discard_from_hand": lambda eng, games, *a, **k: [lid(eng, "static_spark")],
                             "target": DUKE})
    eng = make_engine(["electric_spark", "static_spark", "seed"], policy=policy)
    summon_duke(eng)
    set_deck(eng, 0, ["seed"])
    give_hand(eng, 0, "static_spark")
    slot = put_on_board(eng, 0, "electric_spark", PREPARED, mana(air=2))
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 18  # 1 from Electric spark, 1 from the discarded Static spark
    assert hand_of(eng, 0) == {"seed": 1}
    assert discard_of(eng, 0) == {"electric_spark": 1, "static_spark": 1}


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_flame_spark_as_a_component_and_discarded_from_play(is_mage_noir):
    """Used as a component (a Fire ball needs a Flame) it is discarded unless the player is a
    Mage Noir; going from play to the discard pile it deals 1 damage to the opponent."""
    eng = make_engine(["flame_spark", "fire_ball", "rite_of_passage"],
                      policy=ScriptedPolicy({"alternative_component": 0}))
    summon_duke(eng)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    spark = put_on_board(eng, 0, "flame_spark", CHANNELED, mana(fire=1, air=1))
    give_hand(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=2, air=1)
    assert can_prepare(eng, 0, "fire_ball")
    prepare(eng, 0, "fire_ball")
    if is_mage_noir:
        assert board_of(eng, 0)[spark] == ("flame_spark", CHANNELED)
        assert _duke_hp(eng) == 20
    else:
        assert spark not in board_of(eng, 0)
        assert discard_of(eng, 0) == {"flame_spark": 1}
        assert _duke_hp(eng) == 19


def test_flame_spark_returned_to_the_deck_deals_nothing():
    """Only a move to the discard pile counts: a prepared Flame spark put back on top of its
    deck (as ``return_prepared_to_deck`` does) deals no damage."""
    eng = make_engine(["flame_spark"])
    summon_duke(eng)
    spark = put_on_board(eng, 0, "flame_spark", PREPARED, mana(fire=1, air=1))
    api.leave_board(eng, G, P0, np.array([spark]), TO_DECK_TOP)
    eng.command("resolve", 0)
    assert deck_list(eng, 0) == ["flame_spark"]
    assert _duke_hp(eng) == 20


@pytest.mark.parametrize("inspirations", [0, 2])
def test_flash_of_inspiration_draws_one_plus_one_per_inspiration(inspirations):
    eng = make_engine(["flash_of_inspiration", "seed"])
    set_deck(eng, 0, ["seed"] * 5)
    for _ in range(inspirations):
        put_on_board(eng, 0, "flash_of_inspiration", CHANNELED)
    slot = put_on_board(eng, 0, "flash_of_inspiration", PREPARED, mana(air=1, arcane=1))
    activate(eng, 0, slot)
    assert hand_of(eng, 0) == {"seed": 1 + inspirations}
    assert discard_of(eng, 0) == {"flash_of_inspiration": 1}


def test_spark_breath_hits_a_permanent_and_takes_air():
    eng = make_engine(["spark_breath"], policy=ScriptedPolicy({"target": adv_target(1)}))
    summon_duke(eng)
    summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    eng.state.ether[0, 0] = mana(air=1, fire=1)
    slot = put_on_board(eng, 0, "spark_breath", PREPARED, mana(air=2))
    activate(eng, 0, slot)
    assert int(eng.state.adv_hp[0, 1]) == 2  # the Ducal guard's 3 HP - 1
    assert _duke_hp(eng) == 20  # "1 Permanent": never the Adversary itself
    assert reserve_of(eng, 0) == mana(air=1)
    assert discard_of(eng, 0) == {"spark_breath": 1}


def test_static_spark_activated_or_discarded_at_the_hand_limit():
    policy = ScriptedPolicy({"target": DUKE,
                             "discard_from_hand": lambda eng, games, *a, **k: [lid(eng, "static_spark")]})
    eng = make_engine(["static_spark", "seed"], policy=policy)
    summon_duke(eng)
    slot = put_on_board(eng, 0, "static_spark", PREPARED, mana(air=2))
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 19
    give_hand(eng, 0, "static_spark")
    give_hand(eng, 0, "seed", 7)
    api.end_player_turn(eng, G, P0)  # 8 cards: the hand limit discards the Static spark
    assert _duke_hp(eng) == 18
    assert discard_of(eng, 0) == {"static_spark": 2}
    assert hand_of(eng, 0) == {"seed": 7}


def test_wave_of_lightning_hits_and_gives_its_effects_to_the_next_water_spells():
    """1 damage; the next Water spell activated this turn (not Zap, an Air spell) gains its
    effects after its own (1 damage) and passes them on to the Water spell after; the gift
    ends with the turn."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["wave_of_lightning", "surging_wave", "zap"], policy=policy)
    quiet_duke(eng)
    wave = put_on_board(eng, 0, "wave_of_lightning", PREPARED, mana(air=2, water=2))
    zap = put_on_board(eng, 0, "zap", PREPARED, mana(air=1))
    first = put_on_board(eng, 0, "surging_wave", PREPARED, mana(water=3))
    second = put_on_board(eng, 0, "surging_wave", PREPARED, mana(water=3))
    lines = fx.transcript_of(eng, lambda: activate(eng, 0, wave))
    assert _duke_hp(eng) == 19
    assert "  player 1's next Water spell this turn gains the effects of Wave of lightning" in lines
    activate(eng, 0, zap)
    assert _duke_hp(eng) == 18
    lines = fx.transcript_of(eng, lambda: activate(eng, 0, first))
    assert _duke_hp(eng) == 14  # 3, then the gained 1
    hits = [line for line in lines if "damage to The Duke" in line]
    assert hits == ["  3 damage to The Duke (HP 18 to 15) from Surging wave",
                    "  1 damage to The Duke (HP 15 to 14) from Wave of lightning"]
    activate(eng, 0, second)
    assert _duke_hp(eng) == 10  # passed on
    assert eng.state.next_gain[0, 0].tolist() == [lid(eng, "wave_of_lightning") + 1, 0, 0, 0]
    api.turn_boundary(eng, G)
    assert eng.state.next_gain[0, 0].tolist() == [0, 0, 0, 0]
    assert discard_of(eng, 0) == {"wave_of_lightning": 1, "zap": 1, "surging_wave": 2}


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_zap_hits_and_is_quickcast_only_as_a_mage_noir(is_mage_noir):
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["zap", "rite_of_passage"], policy=policy)
    quiet_duke(eng)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    zap = put_on_board(eng, 0, "zap", PREPARED, mana(air=1))
    policy.forced["quick_action"] = [1 + zap]
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == (19 if is_mage_noir else 20)
    assert ("quick_action" in policy.kinds) == is_mage_noir
    if not is_mage_noir:
        activate(eng, 0, zap)  # in its own main phase
        assert _duke_hp(eng) == 19
    assert discard_of(eng, 0) == {"zap": 1}


def test_lightning_arc_hits_applies_a_spark_and_is_quickcast():
    """2 damage, then the effects of an own Spark component (Static spark: 1 damage), which
    stays in play; activated in the Adversary's turn (Quickcast)."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["lightning_arc", "static_spark"], policy=policy)
    quiet_duke(eng)
    spark = put_on_board(eng, 0, "static_spark", CHANNELED, mana(air=2))
    arc = put_on_board(eng, 0, "lightning_arc", PREPARED, mana(fire=1, air=2))
    policy.forced["quick_action"] = [1 + arc]
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 17
    assert board_of(eng, 0) == {spark: ("static_spark", CHANNELED)}
    assert discard_of(eng, 0) == {"lightning_arc": 1}


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_raijins_roar_applies_a_lightning_then_discards_it(is_mage_noir):
    """3 damage, then the effects of an own Lightning component (Lightning arc: 2 damage;
    no Spark to apply), which is then discarded; Quickcast as a Mage Noir only."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["raijins_roar", "lightning_arc", "rite_of_passage"], policy=policy)
    quiet_duke(eng)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    arc = put_on_board(eng, 0, "lightning_arc", CHANNELED, mana(fire=1, air=2))
    roar = put_on_board(eng, 0, "raijins_roar", PREPARED, mana(fire=1, air=2))
    policy.forced["quick_action"] = [1 + roar]
    api.adversary_turn(eng, G)
    if not is_mage_noir:
        assert _duke_hp(eng) == 20 and "quick_action" not in policy.kinds
        activate(eng, 0, roar)  # its own main phase
    assert _duke_hp(eng) == 15
    assert arc not in board_of(eng, 0)
    assert discard_of(eng, 0) == {"raijins_roar": 1, "lightning_arc": 1}


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_lightning_call_hits_and_puts_a_thunder_on_top_or_in_hand(is_mage_noir):
    """2 damage, then a Thunder card (named Thunder: Stunning thunder) from the deck goes on
    top of it after the shuffle; a Mage Noir takes it into hand instead."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["lightning_call", "stunning_thunder", "seed", "rite_of_passage"],
                      policy=policy)
    quiet_duke(eng)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    set_deck(eng, 0, ["stunning_thunder", "seed", "seed", "seed"])
    call = put_on_board(eng, 0, "lightning_call", PREPARED, mana(air=2, arcane=1))
    lines = fx.transcript_of(eng, lambda: activate(eng, 0, call))
    assert _duke_hp(eng) == 18
    (asked,) = policy.of_kind("search_deck")
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "stunning_thunder")]
    if is_mage_noir:
        assert hand_of(eng, 0) == {"stunning_thunder": 1}
        assert deck_list(eng, 0) == ["seed"] * 3
    else:
        assert hand_of(eng, 0) == {}
        assert deck_list(eng, 0) == ["seed"] * 3 + ["stunning_thunder"]
        assert any("shows Stunning thunder from the deck and puts it on top" in line
                   for line in lines)
    assert discard_of(eng, 0) == {"lightning_call": 1}


def test_lightning_blade_hits_the_opponent_once_per_turn():
    """A main-phase ability once per turn: 2 damage to the Adversary, which always takes it
    (so no Equipment of its is switched off); without the Adversary in play nothing is hit
    and, with no Adversary Equipment, nothing else happens."""
    eng = make_engine(["lightning_blade"])
    quiet_duke(eng)
    blade = put_on_board(eng, 0, "lightning_blade", EQUIPMENT)
    legal = fx.ability_legal(eng, G, P0)
    assert legal[0, blade]
    api.apply_actions(eng, G, P0, np.array([api.action_space(eng).ability + blade]))
    assert _duke_hp(eng) == 18
    assert not fx.ability_legal(eng, G, P0)[0, blade]  # once per turn
    api.turn_boundary(eng, G)
    assert fx.ability_legal(eng, G, P0)[0, blade]
    eng = make_engine(["lightning_blade"])  # no Adversary in play
    blade = put_on_board(eng, 0, "lightning_blade", EQUIPMENT)
    api.apply_actions(eng, G, P0, np.array([api.action_space(eng).ability + blade]))
    assert eng.state.error[0] == 0 and eng.state.hp[0, 0] == 20
    assert board_of(eng, 0) == {blade: ("lightning_blade", EQUIPMENT)}


ARMOURY = Path(__file__).parent / "data" / "scenarios" / "armoury.toml"


def test_lightning_blade_switches_an_adversary_equipment_off_until_the_end_of_the_turn():
    """With the Adversary not in play its 2 damage hits nobody, so the player chooses one of
    the Adversary's Equipment: it applies no effect (the Gauntlet's blow when a player draws)
    until the end of that player's turn, then strikes again."""
    from simulator.cards import load_cards
    from simulator.engine.rules.suppress import FOR_THE_TURN
    from simulator.scenarios import load_scenario

    eng = fx.make_engine(["lightning_blade", "zephyr"],
                         scenario=load_scenario(ARMOURY, load_cards()))
    eng.state.turn[:] = 1
    gauntlet = summon_adversary_card(eng, "adv:gauntlet")
    blade = put_on_board(eng, 0, "lightning_blade", EQUIPMENT)
    set_deck(eng, 0, ["zephyr"] * 4)
    api.draw(eng, G, P0, 1)
    assert eng.state.hp[0, 0] == 19  # the Gauntlet strikes on a draw
    lines = fx.transcript_of(eng, lambda: api.apply_actions(
        eng, G, P0, np.array([api.action_space(eng).ability + blade])))
    (asked,) = eng.policy.of_kind("suppress_target")
    assert np.flatnonzero(asked.options[0]).tolist() == [gauntlet]
    assert eng.state.adv_suppressed[0, gauntlet] == FOR_THE_TURN + 1
    assert "  the Adversary's Gauntlet stops applying its effects until the end of player 1's " \
        "turn" in lines
    api.draw(eng, G, P0, 1)
    assert eng.state.hp[0, 0] == 19  # switched off
    api.end_player_turn(eng, G, P0)
    assert eng.state.adv_suppressed[0, gauntlet] == 0
    api.draw(eng, G, P0, 1)
    assert eng.state.hp[0, 0] == 18


def test_lightning_blade_against_an_equipment_the_engine_cannot_switch_off_is_refused(
        tmp_path, capsys):
    from simulator.cli import main

    scenario = tmp_path / "armoury.toml"
    scenario.write_text(ARMOURY.read_text(encoding="utf-8").replace(
        'effect.opponent_draw = [ { op = "damage", amount = 1, target = "active_player" } ]',
        'effect.leave = [ { op = "damage", amount = 1, target = "active_player" } ]'),
        encoding="utf-8")
    deck = tmp_path / "blades.txt"
    deck.write_text("4 Lightning blade\n4 Zephyr\n4 Flame\n", encoding="utf-8")
    assert main(["run", str(deck), "--scenario", str(scenario), "--min-cards", "1",
                 "--games", "5", "--quiet"]) == 2
    assert capsys.readouterr().err.strip() == (
        "magenoir-sim: error: Lightning blade may switch off the Adversary's Gauntlet, whose "
        "effects the engine cannot switch off (a static, an ability or a leaving trigger): "
        "leave one of the two out")


def test_lightning_chain_repeats_per_copy_in_the_pile_then_applies_a_lightning_spell():
    """1 damage, then once more per Lightning chain in the discard pile (2: three instances),
    then the effects of a Lightning spell of the pile (Lightning arc: 2 damage), never a
    Lightning chain; Zap is no Lightning spell. The applied spell stays in the pile."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["lightning_chain", "lightning_arc", "zap"], policy=policy)
    quiet_duke(eng)
    give_discard(eng, 0, "lightning_chain", 2)
    give_discard(eng, 0, "lightning_arc")
    give_discard(eng, 0, "zap")
    chain = put_on_board(eng, 0, "lightning_chain", PREPARED, mana(air=2, arcane=1))
    lines = fx.transcript_of(eng, lambda: activate(eng, 0, chain))
    assert _duke_hp(eng) == 20 - 3 - 2
    assert sum(bool(re.fullmatch(r"  1 damage to The Duke \(HP \d+ to \d+\) from Lightning chain",
                                 line)) for line in lines) == 3
    assert "  applies Lightning arc from the discard pile" in lines
    (asked,) = policy.of_kind("from_discard")
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "lightning_arc")]
    assert discard_of(eng, 0) == {"lightning_chain": 3, "lightning_arc": 1, "zap": 1}


def test_stunning_thunder_gives_every_spell_slowcast_until_the_next_turn():
    eng = make_engine(["stunning_thunder", "flame"])
    thunder = put_on_board(eng, 0, "stunning_thunder", PREPARED, mana(air=3))
    activate(eng, 0, thunder)
    assert eng.state.all_slowcast[0, 0] == 1
    give_hand(eng, 0, "flame")
    flame = prepare(eng, 0, "flame")
    assert not _can_activate(eng, flame)  # prepared this turn, now Slowcast
    eng.state.turn[:] += 1  # a teammate's or the next turn: not the one it was prepared in
    assert _can_activate(eng, flame)
    api.begin_player_turn(eng, G, P0)
    assert eng.state.all_slowcast[0, 0] == 0


def test_zeuss_thunder_deals_5_and_is_quickcast():
    policy = ScriptedPolicy({"quick_action": [1]})
    eng = make_engine(["zeuss_thunder"], policy=policy)
    quiet_duke(eng)
    put_on_board(eng, 0, "zeuss_thunder", PREPARED, mana(fire=1, air=3, arcane=1))
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 15
    assert discard_of(eng, 0) == {"zeuss_thunder": 1}


def test_superconductivity_gives_own_slowcast_spells_quickcast():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["superconductivity", "flame"], policy=policy)
    quiet_duke(eng)
    eng.grant_keyword(lid(eng, "flame"), "slowcast")
    put_on_board(eng, 0, "superconductivity", PREPARED, mana(air=1, water=1))
    give_hand(eng, 0, "flame")
    flame = prepare(eng, 0, "flame")
    assert not _can_activate(eng, flame)  # Slowcast: not the turn it was prepared
    policy.forced["quick_action"] = [1 + flame]
    api.adversary_turn(eng, G)  # the next turn: Quickcast, in the Adversary's
    assert _duke_hp(eng) == 19
    (asked, *_) = policy.of_kind("quick_action")
    assert np.flatnonzero(asked.options).tolist() == [0, 1 + flame]  # not Superconductivity


@pytest.mark.parametrize("pay", [0, 1])
def test_ritual_of_absolute_zero_slowcast_unless_paid(pay):
    policy = ScriptedPolicy({"optional_payment": [pay]})
    eng = make_engine(["ritual_of_absolute_zero", "flame"], policy=policy)
    put_on_board(eng, 0, "ritual_of_absolute_zero", RITUAL)
    assert api.is_mage_noir(eng, G, P0)[0]
    give_hand(eng, 0, "flame")
    set_reserve(eng, 0, water=1)
    flame = prepare(eng, 0, "flame")
    assert _can_activate(eng, flame) == bool(pay)
    assert reserve_of(eng, 0) == mana(water=1 - pay)
    assert eng.state.board_mana[0, 0, flame].tolist() == mana(water=pay)


def test_superconductor_ritual_off_turn_bonus_and_own_turn_cap():
    """A Mage Noir's Zap (Quickcast) activated in the Adversary's turn deals 1 + 1; during
    the player's own turn Zeus's thunder deals 2, not 5."""
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["superconductor_ritual", "zap", "zeuss_thunder"], policy=policy)
    quiet_duke(eng)
    put_on_board(eng, 0, "superconductor_ritual", RITUAL)
    zap = put_on_board(eng, 0, "zap", PREPARED, mana(air=1))
    policy.forced["quick_action"] = [1 + zap, 0]
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 18
    thunder = put_on_board(eng, 0, "zeuss_thunder", PREPARED, mana(fire=1, air=3, arcane=1))
    activate(eng, 0, thunder)  # the player's own turn (player 0 is active)
    assert _duke_hp(eng) == 16


def test_tesla_coil_draws_when_a_spark_hits_it():
    policy = ScriptedPolicy({"target": lambda eng, games, *a, **k: [slot_target(eng, 0, 0)]})
    eng = make_engine(["tesla_coil", "static_spark", "seed"], policy=policy)
    quiet_duke(eng)
    set_deck(eng, 0, ["seed"])
    put_on_board(eng, 0, "tesla_coil", PERMANENT)  # slot 0, 7 HP
    spark = put_on_board(eng, 0, "static_spark", PREPARED, mana(air=2))
    activate(eng, 0, spark)
    assert int(eng.state.board_hp[0, 0, 0]) == 6
    assert hand_of(eng, 0) == {"seed": 1}
    assert _duke_hp(eng) == 20


def test_tesla_coil_strikes_back_at_other_spells():
    policy = ScriptedPolicy({"target": lambda eng, games, *a, **k: [slot_target(eng, 0, 0)]})
    eng = make_engine(["tesla_coil", "zap", "seed"], policy=policy)
    quiet_duke(eng)
    set_deck(eng, 0, ["seed"])
    put_on_board(eng, 0, "tesla_coil", PERMANENT)
    zap = put_on_board(eng, 0, "zap", PREPARED, mana(air=1))
    activate(eng, 0, zap)
    assert int(eng.state.board_hp[0, 0, 0]) == 6
    assert hand_of(eng, 0) == {}
    assert _duke_hp(eng) == 19  # the 1 damage it took, dealt to the Adversary
