"""Main-phase actions (docs/rules.md R7, R8, R10.3): prepare, activate, channel, Equipment slots."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    mana,
    put_adversary,
    put_on_board,
    set_hand,
)

from simulator.engine.host.api import (
    action_space,
    activate,
    apply_actions,
    can_prepare,
    channel,
    legal_actions,
    prepare,
)
from simulator.engine.rules.layout import CHANNELED, EMPTY, EQUIPMENT, PERMANENT, PREPARED, RITUAL, RUNNING
from simulator.engine.rules.options import RuleOptions

G0 = np.array([0])
P0 = np.array([0])
CARDS = ["fiery_arrow", "flame_projectile", "flame", "fire_ball", "sulfur_flame",
         "rite_of_passage", "bark_armor", "druid_armor", "fire_whip", "enchanted_forest",
         "seed", "dead_tree"]


def _engine(**options):
    policy = ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0})
    eng = make_engine(CARDS, policy=policy, options=RuleOptions(**options))
    eng.state.turn[0] = 3
    return eng


def _can(eng, card_id) -> bool:
    return bool(can_prepare(eng, G0, P0)[0, lid(eng, card_id)])


def _discard(eng, player=0) -> dict[str, int]:
    return {eng.tables.ids[c]: int(n) for c, n in enumerate(eng.state.discard[0, player]) if n}


# --- prepare (R7.1) ------------------------------------------------------------------------


def test_prepare_locks_the_cost_under_the_card():
    eng = _engine()
    st = eng.state
    set_hand(eng, {"fiery_arrow": 2})
    st.reserve[0, 0] = mana(fire=3, water=1)
    comp = put_on_board(eng, "flame_projectile", CHANNELED, locked=mana(fire=1, air=1))
    prepare(eng, G0, P0, np.array([lid(eng, "fiery_arrow")]))
    assert st.hand[0, 0, lid(eng, "fiery_arrow")] == 1
    assert st.reserve[0, 0].tolist() == mana(fire=1, water=1).tolist()
    slot = 1
    assert st.board_card[0, 0, slot] == lid(eng, "fiery_arrow")
    assert st.board_zone[0, 0, slot] == PREPARED
    assert st.board_mana[0, 0, slot].tolist() == mana(fire=2).tolist()
    assert st.board_turn[0, 0, slot] == 3
    # The component was designated by the player and stays in place with its Mana.
    (asked,) = eng.policy.of_kind("use_component")
    assert np.flatnonzero(asked.options[0]).tolist() == [comp]
    assert st.board_zone[0, 0, comp] == CHANNELED
    assert st.board_mana[0, 0, comp].tolist() == mana(fire=1, air=1).tolist()
    assert st.ether[0].sum() == 0


def test_component_requirement_needs_a_channeled_provider():
    eng = _engine()
    set_hand(eng, {"fiery_arrow": 1})
    eng.state.reserve[0, 0] = mana(fire=2)
    assert not _can(eng, "fiery_arrow")
    slot = put_on_board(eng, "flame_projectile", PREPARED)
    assert not _can(eng, "fiery_arrow")  # a spell in preparation is not a component (R8.2)
    channel(eng, G0, P0, np.array([slot]))
    assert _can(eng, "fiery_arrow")


def test_prepare_needs_the_full_cost_by_element():
    eng = _engine()
    set_hand(eng, {"fiery_arrow": 1})
    put_on_board(eng, "flame_projectile", CHANNELED)
    eng.state.reserve[0, 0] = mana(fire=1, water=5)
    assert not _can(eng, "fiery_arrow")


def test_a_card_not_in_hand_cannot_be_prepared():
    eng = _engine()
    eng.state.reserve[0, 0] = mana(vegetal=5)
    assert not _can(eng, "seed")


def test_a_full_board_refuses_preparation():
    eng = _engine(board_slots=1)
    set_hand(eng, {"seed": 1})
    eng.state.reserve[0, 0] = mana(vegetal=1)
    assert _can(eng, "seed")
    put_on_board(eng, "flame", CHANNELED)
    assert not _can(eng, "seed")


def test_mage_noir_only_card_needs_a_ritual():
    eng = _engine()
    set_hand(eng, {"sulfur_flame": 1})
    eng.state.reserve[0, 0] = mana(fire=1, arcane=1)
    assert not _can(eng, "sulfur_flame")
    put_on_board(eng, "rite_of_passage", RITUAL)
    assert _can(eng, "sulfur_flame")


def test_flame_used_as_a_component_is_discarded():
    eng = _engine()
    st = eng.state
    set_hand(eng, {"fiery_arrow": 1})
    st.reserve[0, 0] = mana(fire=2)
    flame = put_on_board(eng, "flame", CHANNELED)
    prepare(eng, G0, P0, np.array([lid(eng, "fiery_arrow")]))
    assert st.board_zone[0, 0, flame] == EMPTY
    assert _discard(eng) == {"flame": 1}


def test_alternative_cost_discards_a_fire_card_instead_of_the_flame():
    eng = _engine()
    st = eng.state
    set_hand(eng, {"fire_ball": 1})
    st.reserve[0, 0] = mana(fire=2, air=1)
    assert not _can(eng, "fire_ball")  # no other Fire card to discard
    set_hand(eng, {"fire_ball": 1, "flame": 1, "seed": 1})
    assert _can(eng, "fire_ball")
    prepare(eng, G0, P0, np.array([lid(eng, "fire_ball")]))
    (asked,) = eng.policy.of_kind("discard_from_hand")
    assert asked.context["reason"] == "alternative_component"
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "flame")]
    assert _discard(eng) == {"flame": 1}
    assert st.hand[0, 0].sum() == 1 and st.hand[0, 0, lid(eng, "seed")] == 1
    assert st.board_zone[0, 0, 0] == PREPARED and st.reserve[0, 0].sum() == 0


@pytest.mark.parametrize(("card", "zone", "cost"), [
    ("rite_of_passage", RITUAL, mana(arcane=2)),
    ("enchanted_forest", PERMANENT, mana(water=2, vegetal=2)),
    ("fire_whip", EQUIPMENT, mana(fire=3)),
])
def test_each_card_type_enters_its_zone(card, zone, cost):
    eng = _engine()
    st = eng.state
    set_hand(eng, {card: 1})
    st.reserve[0, 0] = cost
    if card == "enchanted_forest":  # Tree x2: two Dead trees in play are the components
        put_on_board(eng, "dead_tree", PERMANENT)
        put_on_board(eng, "dead_tree", PERMANENT)
    slot = int(np.argmax(st.board_zone[0, 0] == EMPTY))
    apply_actions(eng, G0, P0, np.array([action_space(eng).prepare + lid(eng, card)]))
    assert st.board_card[0, 0, slot] == lid(eng, card)
    assert st.board_zone[0, 0, slot] == zone
    assert st.board_mana[0, 0, slot].tolist() == cost.tolist()
    assert st.board_hp[0, 0, slot] == (4 if card == "enchanted_forest" else 0)
    assert st.reserve[0, 0].sum() == 0
    assert st.mage_noir_turn[0, 0] == (3 if zone == RITUAL else 0)


# --- activate and channel (R7.2, R7.3) -----------------------------------------------------


def test_activate_applies_then_discards_then_releases_by_the_placement_rule():
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    slot = put_on_board(eng, "fiery_arrow", PREPARED, locked=mana(fire=2))
    activate(eng, G0, P0, np.array([slot]))
    assert st.adv_hp[0, k] == 17
    assert st.board_zone[0, 0, slot] == EMPTY and st.board_mana[0, 0, slot].sum() == 0
    assert _discard(eng) == {"fiery_arrow": 1}
    assert st.ether[0].tolist() == [mana(fire=1).tolist(), mana(fire=1).tolist()]
    assert st.outcome[0] == RUNNING


def test_activate_as_a_mage_noir_uses_the_mage_noir_amount():
    eng = _engine()
    k = put_adversary(eng, "duke")
    put_on_board(eng, "rite_of_passage", RITUAL)
    slot = put_on_board(eng, "fiery_arrow", PREPARED, locked=mana(fire=2))
    activate(eng, G0, P0, np.array([slot]))
    assert eng.state.adv_hp[0, k] == 16


def test_activate_before_the_adversary_arrives_still_discards_and_releases():
    eng = _engine()
    slot = put_on_board(eng, "fiery_arrow", PREPARED, locked=mana(fire=2))
    activate(eng, G0, P0, np.array([slot]))
    assert _discard(eng) == {"fiery_arrow": 1} and eng.state.ether[0].sum() == 2


def test_channel_keeps_the_mana_locked():
    eng = _engine()
    st = eng.state
    slot = put_on_board(eng, "flame_projectile", PREPARED, locked=mana(fire=1, air=1))
    channel(eng, G0, P0, np.array([slot]))
    assert st.board_zone[0, 0, slot] == CHANNELED
    assert st.board_mana[0, 0, slot].tolist() == mana(fire=1, air=1).tolist()
    assert st.ether[0].sum() == 0 and _discard(eng) == {}


def test_only_prepared_spells_can_be_activated_or_channeled():
    eng = _engine()
    prepared = put_on_board(eng, "fiery_arrow", PREPARED)
    channeled = put_on_board(eng, "flame_projectile", CHANNELED)
    equipped = put_on_board(eng, "fire_whip", EQUIPMENT)
    sp = action_space(eng)
    legal = legal_actions(eng, G0, P0)[0]
    assert legal[0]  # ending the main phase is always legal
    for lo in (sp.activate, sp.channel):
        assert legal[lo + prepared]
        assert not legal[lo + channeled] and not legal[lo + equipped]


# --- Equipment slots (R10.3) ---------------------------------------------------------------


def test_equipment_replaces_the_equipment_of_its_slot():
    eng = _engine()
    st = eng.state
    old = put_on_board(eng, "fire_whip", EQUIPMENT, locked=mana(fire=3))
    set_hand(eng, {"fire_whip": 1})
    st.reserve[0, 0] = mana(fire=3)
    prepare(eng, G0, P0, np.array([lid(eng, "fire_whip")]))
    assert st.board_zone[0, 0, old] == EMPTY
    new = 1
    assert st.board_zone[0, 0, new] == EQUIPMENT and st.board_card[0, 0, new] == lid(eng, "fire_whip")
    assert st.board_mana[0, 0, new].tolist() == mana(fire=3).tolist()
    assert _discard(eng) == {"fire_whip": 1}
    assert st.ether[0].sum() == 3  # the old whip's Mana was released
    assert (st.board_zone[0, 0] == EQUIPMENT).sum() == 1


def test_equipment_used_as_component_for_its_replacement_is_discarded_once():
    eng = _engine()
    st = eng.state
    bark = put_on_board(eng, "bark_armor", EQUIPMENT, locked=mana(vegetal=2))
    set_hand(eng, {"druid_armor": 1})
    st.reserve[0, 0] = mana(vegetal=1, arcane=1)
    assert _can(eng, "druid_armor")  # Bark armor provides its Bark component
    prepare(eng, G0, P0, np.array([lid(eng, "druid_armor")]))
    assert st.board_zone[0, 0, bark] == EMPTY
    assert _discard(eng) == {"bark_armor": 1}
    assert st.board_card[0, 0, 1] == lid(eng, "druid_armor")
    assert st.board_zone[0, 0, 1] == EQUIPMENT
    assert st.ether[0].sum() == 2


def test_equipment_of_other_slots_stay():
    eng = _engine()
    st = eng.state
    put_on_board(eng, "bark_armor", EQUIPMENT)
    set_hand(eng, {"fire_whip": 1})
    st.reserve[0, 0] = mana(fire=3)
    prepare(eng, G0, P0, np.array([lid(eng, "fire_whip")]))
    assert (st.board_zone[0, 0] == EQUIPMENT).sum() == 2 and _discard(eng) == {}


@pytest.mark.parametrize(("card", "cost", "played"), [
    ("fire_whip", mana(fire=3), 1),   # an Equipment acts once in play: played as it enters
    ("fire_ball", mana(fire=2, air=1), 0),  # a spell in preparation: played when activated
])
def test_usage_counts_a_card_put_into_play_as_played(card, cost, played):
    """The usage statistics count a card as played when it starts to take effect, so the
    early-play view does not leave out Permanents, Equipment and Rituals (they are never
    activated)."""
    eng = _engine()
    st = eng.state
    set_hand(eng, {card: 1})
    st.reserve[0, 0] = cost
    if card == "fire_ball":
        put_on_board(eng, "flame", CHANNELED)
    apply_actions(eng, G0, P0, np.array([action_space(eng).prepare + lid(eng, card)]))
    assert st.prepared_n[0, 0, lid(eng, card)] == 1
    assert st.activated_n[0, 0, lid(eng, card)] == played
    assert st.first_activation[0, 0, lid(eng, card)] == (st.turn[0] if played else 0)
