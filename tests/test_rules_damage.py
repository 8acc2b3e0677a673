"""Damage versus HP loss, armours and Protector (docs/rules.md R11.2, R11.6, R11.7)."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    mana,
    player_target,
    put_adversary,
    put_on_board,
    run_steps,
    space,
)

from simulator.engine.host.api import adversary_turn, deal_damage, player_turn
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    EMPTY,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
)

G0 = np.array([0])
CARDS = ["bark_armor", "druid_armor", "enchanted_forest", "dead_tree", "rite_of_passage",
         "flame", "air_blade"]


def _engine(players=1, **forced):
    policy = ScriptedPolicy({"mana_element": 0, "ether_start_pile": 0, **forced})
    return make_engine(CARDS, players=players, policy=policy)


def _hit(eng, target, amount, src_player=ADVERSARY_SIDE, unpreventable=False):
    """One damage instance: from the Adversary (the Duke) or from a player's Flame."""
    card = lid(eng, "duke") if src_player == ADVERSARY_SIDE else lid(eng, "flame")
    deal_damage(eng, G0, np.array([src_player]), np.array([card]), np.array([target]),
                np.array([amount]), unpreventable=unpreventable)


def _perm_target(eng, player, slot):
    k, p, s = space(eng)
    return k + p + player * s + slot


# --- armours: "each turn, ignore up to N damage you receive from the opponent" --------------


def test_armour_ignores_adversary_damage_once_per_turn():
    eng = _engine()
    st = eng.state
    put_on_board(eng, "bark_armor", EQUIPMENT, locked=mana(vegetal=2))
    _hit(eng, player_target(eng, 0), 4)
    assert st.hp[0, 0] == 17 and st.ignored_this_turn[0, 0] == 1
    _hit(eng, player_target(eng, 0), 4)
    assert st.hp[0, 0] == 13
    assert st.damage_taken[0, 0] == 7


def test_druid_armour_allowance_spans_instances():
    eng = _engine()
    put_on_board(eng, "druid_armor", EQUIPMENT)
    _hit(eng, player_target(eng, 0), 2)
    assert eng.state.hp[0, 0] == 20
    _hit(eng, player_target(eng, 0), 2)
    assert eng.state.hp[0, 0] == 19
    _hit(eng, player_target(eng, 0), 2)
    assert eng.state.hp[0, 0] == 17


@pytest.mark.parametrize("src_player", [0, 1])
def test_armour_does_not_reduce_damage_from_the_players_side(src_player):
    eng = _engine(players=2)
    st = eng.state
    put_on_board(eng, "bark_armor", EQUIPMENT)
    _hit(eng, player_target(eng, 0), 3, src_player=src_player)
    assert st.hp[0, 0] == 17 and st.ignored_this_turn[0, 0] == 0
    _hit(eng, player_target(eng, 0), 3)  # the allowance is still there for the Adversary
    assert st.hp[0, 0] == 15


def test_armour_does_not_stop_unpreventable_damage():
    eng = _engine()
    put_on_board(eng, "druid_armor", EQUIPMENT)
    _hit(eng, player_target(eng, 0), 2, unpreventable=True)
    assert eng.state.hp[0, 0] == 18


def test_armour_protects_the_player_not_their_permanents():
    eng = _engine()
    st = eng.state
    put_on_board(eng, "bark_armor", EQUIPMENT)
    slot = put_on_board(eng, "dead_tree", PERMANENT)
    _hit(eng, _perm_target(eng, 0, slot), 1)
    assert st.board_zone[0, 0, slot] == PERMANENT and st.board_hp[0, 0, slot] == 1
    assert st.ignored_this_turn[0, 0] == 0


def test_hp_loss_is_not_reduced_by_armour():
    eng = _engine()
    st = eng.state
    put_on_board(eng, "druid_armor", EQUIPMENT)
    run_steps(eng, [{"op": "lose_hp", "amount": 2, "target": "all_players"}], G0,
              np.array([ADVERSARY_SIDE]), np.array([lid(eng, "duke")]), None)
    assert st.hp[0, 0] == 18 and st.ignored_this_turn[0, 0] == 0
    assert st.damage_taken[0, 0] == 2


def test_armour_allowance_resets_at_each_adversary_and_player_turn():
    eng = _engine(main_action=0)
    st = eng.state
    put_on_board(eng, "bark_armor", EQUIPMENT)
    put_adversary(eng, "duke")
    st.ignored_this_turn[0, 0] = 1
    adversary_turn(eng, G0)  # reset, then the Duke's 4 damage: 1 ignored
    assert st.hp[0, 0] == 17 and st.ignored_this_turn[0, 0] == 1
    player_turn(eng, G0, 0)
    assert st.ignored_this_turn[0, 0] == 0


# --- Protector (R11.6) ---------------------------------------------------------------------


def test_protector_redirect_is_offered_and_respected():
    eng = _engine(protector_redirect=1)
    st = eng.state
    slot = put_on_board(eng, "enchanted_forest", PERMANENT, locked=mana(water=2, vegetal=2))
    _hit(eng, player_target(eng, 0), 3)
    (asked,) = eng.policy.of_kind("protector_redirect")
    assert asked.players.tolist() == [0]
    assert np.flatnonzero(asked.options[0]).tolist() == [0, 1 + slot]
    assert st.hp[0, 0] == 20 and st.board_hp[0, 0, slot] == 1


def test_protector_redirect_declined():
    eng = _engine(protector_redirect=0)
    slot = put_on_board(eng, "enchanted_forest", PERMANENT)
    _hit(eng, player_target(eng, 0), 3)
    assert eng.state.hp[0, 0] == 17 and eng.state.board_hp[0, 0, slot] == 4


def test_protector_destroyed_by_redirected_damage_releases_its_mana():
    eng = _engine(protector_redirect=1)
    st = eng.state
    slot = put_on_board(eng, "enchanted_forest", PERMANENT, locked=mana(water=2, vegetal=2))
    _hit(eng, player_target(eng, 0), 5)
    assert st.hp[0, 0] == 20
    assert st.board_zone[0, 0, slot] == EMPTY
    assert st.discard[0, 0, lid(eng, "enchanted_forest")] == 1
    assert st.ether[0].sum() == 4


def test_protector_covers_another_permanent_but_not_itself():
    eng = _engine(protector_redirect=1)
    st = eng.state
    forest = put_on_board(eng, "enchanted_forest", PERMANENT)
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    _hit(eng, _perm_target(eng, 0, tree), 1)
    assert st.board_hp[0, 0, tree] == 2 and st.board_hp[0, 0, forest] == 3
    _hit(eng, _perm_target(eng, 0, forest), 1)  # aimed at the Protector: nothing to offer
    assert len(eng.policy.of_kind("protector_redirect")) == 1
    assert st.board_hp[0, 0, forest] == 2


def test_a_permanent_destroyed_by_an_earlier_hit_of_the_same_step_takes_nothing():
    # The Adversary's 4 damage to every Permanent of the players (a Druidess card): the Dead
    # tree's hit is redirected to the Protector Enchanted forest, which is destroyed; the
    # step's hit on the forest's slot then finds it empty and deals nothing (R7.2). It used to
    # hit the empty slot, and the game later failed with "a card left an empty board slot".
    eng = _engine(protector_redirect=2)
    st = eng.state
    duke = put_adversary(eng, "duke")
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    forest = put_on_board(eng, "enchanted_forest", PERMANENT)
    assert (tree, forest) == (0, 1)
    run_steps(eng, [{"op": "damage", "amount": 4, "target": "opponent_permanents"}], G0,
              ADVERSARY_SIDE, np.array([lid(eng, "duke")]), duke)
    assert len(eng.policy.of_kind("protector_redirect")) == 1
    assert st.board_hp[0, 0, tree] == 2
    assert st.board_zone[0, 0, forest] == EMPTY and st.board_hp[0, 0, forest] == 0
    assert st.discard[0, 0, lid(eng, "enchanted_forest")] == 1


@pytest.mark.parametrize(("src_player", "unpreventable"), [(0, False), (ADVERSARY_SIDE, True)])
def test_protector_not_offered_for_own_or_unpreventable_damage(src_player, unpreventable):
    eng = _engine()
    put_on_board(eng, "enchanted_forest", PERMANENT)
    _hit(eng, player_target(eng, 0), 2, src_player=src_player, unpreventable=unpreventable)
    assert "protector_redirect" not in eng.policy.kinds
    assert eng.state.hp[0, 0] == 18


def test_a_teammates_protector_does_not_cover_you():
    eng = _engine(players=2)
    put_on_board(eng, "enchanted_forest", PERMANENT, player=1)
    _hit(eng, player_target(eng, 0), 2)
    assert "protector_redirect" not in eng.policy.kinds


def test_dead_tree_protects_only_a_mage_noir():
    eng = _engine()
    put_on_board(eng, "dead_tree", PERMANENT)
    _hit(eng, player_target(eng, 0), 1)
    assert "protector_redirect" not in eng.policy.kinds
    put_on_board(eng, "rite_of_passage", RITUAL)
    _hit(eng, player_target(eng, 0), 1)
    assert eng.policy.kinds.count("protector_redirect") == 1


def test_the_card_behind_the_last_hp_lost_is_kept_for_the_report():
    """What dealt a player's last HP (the report's "why the deck loses"): the source of the
    latest HP loss, whoever controls it; a blow fully ignored by armour changes nothing."""
    eng = _engine()
    st = eng.state
    assert st.last_hit_card[0, 0] == -1
    _hit(eng, player_target(eng, 0), 3)  # the Duke
    assert st.last_hit_card[0, 0] == lid(eng, "duke")
    _hit(eng, player_target(eng, 0), 2, src_player=0)  # the player's own Flame
    assert st.last_hit_card[0, 0] == lid(eng, "flame")
    put_on_board(eng, "bark_armor", EQUIPMENT, locked=mana(vegetal=2))
    _hit(eng, player_target(eng, 0), 1)  # ignored by the armour: no HP lost
    assert st.last_hit_card[0, 0] == lid(eng, "flame") and st.hp[0, 0] == 15


def test_damage_repeated_counts_first_and_chooses_each_target_again():
    """``damage_repeated`` with ``per = "discard_copies"``: 1 + the copies of the card in the
    discard pile, counted before the first; each time an instance of its own and a target
    chosen again (here: the Duke twice, then the player)."""
    eng = _engine()
    eng.policy.forced["target"] = [0, 0, player_target(eng, 0)]
    st = eng.state
    duke = put_adversary(eng, "duke")
    slot = put_on_board(eng, "flame", PREPARED)
    st.discard[0, 0, lid(eng, "flame")] = 2
    run_steps(eng, [{"op": "damage_repeated", "amount": 1, "target": "any",
                     "per": "discard_copies"}], G0, 0, np.array([lid(eng, "flame")]), slot)
    assert st.adv_hp[0, duke] == 18
    assert st.hp[0, 0] == 19
    assert len(eng.policy.of_kind("target")) == 3
