"""The Electric extension's official rulings that no card test checked yet
(docs/rulings.md lists every ruling and the test that checks it): one small hand-built
position each (tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    give_discard,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    player_target,
    put_on_board,
    set_deck,
    slot_target,
    summon_duke,
)
from engine_fixtures import G0, P0

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    T_TURN_START,
)

DUKE = adv_target(0)


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def test_superconductor_ritual_caps_each_instance_not_the_turn():
    """On its controller's turn two Sulfur flames (3 each) deal 2 each: 4 in the turn."""
    eng = make_engine(["superconductor_ritual", "sulfur_flame"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "superconductor_ritual", RITUAL)
    for _ in range(2):
        slot = put_on_board(eng, 0, "sulfur_flame", PREPARED, mana(fire=1, arcane=1))
        api.activate(eng, G0, P0, np.array([slot]))
    assert _duke_hp(eng) == 20 - 2 - 2


def test_superconductor_ritual_raises_the_activated_spell_not_what_it_applies():
    """In the Adversary's turn Lightning arc (Quickcast) deals 2 + 1; the Static spark it
    applies deals its 1, not raised."""
    eng = make_engine(["superconductor_ritual", "lightning_arc", "static_spark"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), T_TURN_START] = 0
    put_on_board(eng, 0, "superconductor_ritual", RITUAL)
    spark = put_on_board(eng, 0, "static_spark", CHANNELED)
    arc = put_on_board(eng, 0, "lightning_arc", PREPARED, mana(air=2, fire=1))
    eng.policy.forced["quick_action"] = [1 + arc, 0]
    eng.policy.forced["own_component"] = spark
    api.adversary_turn(eng, G0)
    assert _duke_hp(eng) == 20 - 3 - 1


def test_raijins_roar_applied_lightning_is_not_activated():
    """In the Adversary's turn a Mage Noir (Superconductor ritual) activates Raijin's roar:
    3 + 1, as a spell activated then; the Lightning arc it applies deals its 2 unraised (it is
    applied, not activated), and is then discarded."""
    eng = make_engine(["superconductor_ritual", "raijins_roar", "lightning_arc"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), T_TURN_START] = 0
    put_on_board(eng, 0, "superconductor_ritual", RITUAL)
    arc = put_on_board(eng, 0, "lightning_arc", CHANNELED, mana(fire=1, air=2))
    roar = put_on_board(eng, 0, "raijins_roar", PREPARED, mana(fire=1, air=2))
    eng.policy.forced["quick_action"] = [1 + roar, 0]
    api.adversary_turn(eng, G0)
    assert _duke_hp(eng) == 20 - 4 - 2
    assert arc not in board_of(eng, 0)
    assert discard_of(eng, 0) == {"raijins_roar": 1, "lightning_arc": 1}


def test_tesla_coil_draws_when_a_spark_deals_it_0():
    """A Static spark carrying Split second deals 0: the coil still counts the hit from a
    Spark and its controller draws; it loses no HP."""
    eng = make_engine(["tesla_coil", "static_spark", "split_second", "seed"])
    summon_duke(eng)
    set_deck(eng, 0, ["seed"])
    coil = put_on_board(eng, 0, "tesla_coil", PERMANENT)
    eng.policy.forced["target"] = slot_target(eng, 0, coil)
    spark = put_on_board(eng, 0, "static_spark", PREPARED, mana(air=2))
    eng.state.board_mods[0, 0, spark, 0] = lid(eng, "split_second") + 1
    api.activate(eng, G0, P0, np.array([spark]))
    assert hand_of(eng, 0) == {"seed": 1}
    assert int(eng.state.board_hp[0, 0, coil]) == int(eng.tables.hp[lid(eng, "tesla_coil")])
    assert _duke_hp(eng) == 20


def test_lightning_chain_counts_its_repeats_as_it_starts():
    """Two chains in the discard pile: two repeats, counted before the first instance. That
    first one aims at its own caster, who, right before it lands, sacrifices Kerloc'h's robe and
    discards their hand, a third Lightning chain among it: it reaches the pile during the
    repeats and adds none (two instances on the Duke, not three); the robe prevents the rest of
    the turn's damage to the caster."""
    policy = ScriptedPolicy({"may_use_ability": [1]})
    eng = make_engine(["lightning_chain", "kerlochs_robe"], policy=policy)
    policy.forced["target"] = [player_target(eng, 0), DUKE, DUKE, DUKE]
    summon_duke(eng)
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    give_discard(eng, 0, "lightning_chain", 2)
    give_hand(eng, 0, "lightning_chain")
    chain = put_on_board(eng, 0, "lightning_chain", PREPARED, mana(air=2, arcane=1))
    api.activate(eng, G0, P0, np.array([chain]))
    assert _duke_hp(eng) == 20 - 2
    assert int(eng.state.hp[0, 0]) == 20
    assert hand_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"lightning_chain": 4, "kerlochs_robe": 1}
    assert len(policy.of_kind("target")) == 3
