"""A card that stops applying its effects for a while (docs/rules.md R9.6,
engine/rules/suppress.py), chosen here through Ice tree: none of its steps resolves, its
triggers included, until its chooser's next turn begins or the chooser is out; a card placed
in its slot afterwards is not suppressed."""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    make_engine,
    mana,
    put_on_board,
    set_deck,
    start_turn,
    summon_duke,
)
from engine_fixtures import G0, P0, set_adversary_deck

from simulator.engine.host import api
from simulator.engine.rules.layout import EQUIPMENT, K_SLOTS, OUT_HP, PERMANENT, TO_DISCARD


def _engine():
    eng = make_engine(["ice_tree", "piercing_winter", "zephyr"], players=2)
    duke = summon_duke(eng)
    tree = put_on_board(eng, 0, "ice_tree", PERMANENT, mana(water=1, vegetal=2))
    winter = put_on_board(eng, 1, "piercing_winter", EQUIPMENT, mana(water=3))
    t = eng.table_record[0]
    flat = K_SLOTS + int(t["players"]) + 1 * int(t["slots"]) + winter
    eng.set_policy(ScriptedPolicy({"suppress_target": flat}))
    return eng, duke, tree, winter


def test_a_suppressed_card_applies_no_trigger_nor_start_of_turn_effect_until_it_ends():
    eng, duke, tree, winter = _engine()
    start_turn(eng, 0)  # player 1's tree chooses player 2's Piercing winter
    assert eng.state.suppressed[0, 1, winter] == 1 and eng.state.any_suppressed[0] == 1
    set_adversary_deck(eng, ["adv:tax_collector"])
    api.adversary_turn(eng, G0)
    assert eng.state.adv_hp[0, duke] == 20  # its draw trigger does not apply
    start_turn(eng, 1)  # its owner's turn start: no release either
    assert eng.state.board_mana[0, 1, winter].tolist() == mana(water=3)
    set_deck(eng, 0, ["zephyr"] * 3)
    eng.set_policy(ScriptedPolicy({"suppress_target": K_SLOTS + 2 + tree}))  # itself, now
    api.begin_player_turn(eng, G0, P0)  # the chooser's next turn: Piercing winter acts again
    assert eng.state.suppressed[0, 1, winter] == 0
    api.adversary_turn(eng, G0)
    assert eng.state.adv_hp[0, duke] == 19


def test_a_suppression_ends_when_its_chooser_is_out_or_the_card_leaves():
    eng, duke, tree, winter = _engine()
    start_turn(eng, 0)
    api.player_out(eng, G0, P0, np.array([OUT_HP]))
    assert eng.state.suppressed[0, 1, winter] == 0 and eng.state.any_suppressed[0] == 0
    eng, duke, tree, winter = _engine()
    start_turn(eng, 0)
    api.leave_board(eng, G0, np.array([1]), np.array([winter]), np.array([TO_DISCARD]))
    put_on_board(eng, 1, "piercing_winter", EQUIPMENT, mana(water=3))  # the same slot
    assert eng.state.suppressed[0, 1, winter] == 0
    set_adversary_deck(eng, ["adv:tax_collector"])
    api.adversary_turn(eng, G0)
    assert eng.state.adv_hp[0, duke] == 19  # the new copy acts
