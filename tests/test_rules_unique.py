"""The Unique rule (docs/rules.md R7.1, engine/rules/unique.py): a second copy of a Unique
card may be prepared, then one of the two is discarded (the player's choice, its Mana
released); "Unique unless you're a Mage Noir" keeps both copies for a Mage Noir."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    ScriptedPolicy,
    board_at,
    lid,
    make_engine,
    mana,
    pile_of,
    put_on_board,
    set_hand,
    transcript_of,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L

CARDS = ["king_of_trees", "dead_tree", "kerlochs_flower", "seed", "emptiness_ritual",
         "sun_catalyst", "sunflower_field"]


def _king_position(policy=None):
    eng = make_engine(CARDS, policy=policy or ScriptedPolicy())
    eng.state.turn[:] = 3
    old = put_on_board(eng, "king_of_trees", L.PERMANENT, hp=2, locked=mana(vegetal=5))
    put_on_board(eng, "dead_tree", L.PERMANENT)
    set_hand(eng, {"king_of_trees": 1})
    eng.state.reserve[0, 0] = mana(vegetal=5)
    return eng, old


def test_a_second_unique_copy_may_be_prepared_and_the_damaged_one_is_discarded():
    eng, old = _king_position()
    king = lid(eng, "king_of_trees")
    assert api.can_prepare(eng, G0, P0)[0, king]
    lines = transcript_of(eng, lambda: api.prepare(eng, G0, P0, np.array([king])))
    kings = [s for s, (c, _) in board_at(eng).items() if c == "king_of_trees"]
    assert len(kings) == 1 and kings[0] != old
    assert eng.state.board_hp[0, 0, kings[0]] == 5
    assert pile_of(eng, "discard") == {"king_of_trees": 1}
    assert eng.state.ether[0].sum() == 5  # the old copy's Mana released
    asked = eng.policy.of_kind("unique_discard")[0]
    assert asked.options[0].nonzero()[0].tolist() == sorted([old, kings[0]])
    assert "  Unique: discards the older copy of King of trees" in lines


def test_the_player_may_discard_the_new_copy_instead():
    eng, old = _king_position()
    king = lid(eng, "king_of_trees")
    new = 2  # the first free slot after the King and the Dead tree
    eng.set_policy(ScriptedPolicy({"unique_discard": new}))
    api.prepare(eng, G0, P0, np.array([king]))
    assert board_at(eng)[old][0] == "king_of_trees" and new not in board_at(eng)
    assert eng.state.board_hp[0, 0, old] == 2
    assert eng.state.ether[0].sum() == 5  # the new copy's Mana released


def test_unique_unless_mage_noir():
    """Kerloc'h's flower: a second copy is discarded unless the player is a Mage Noir."""
    for mage_noir in (False, True):
        eng = make_engine(CARDS)
        eng.state.turn[:] = 3
        put_on_board(eng, "kerlochs_flower", L.PERMANENT)
        if mage_noir:
            put_on_board(eng, "emptiness_ritual", L.RITUAL)
        put_on_board(eng, "seed", L.CHANNELED)
        put_on_board(eng, "sunflower_field", L.PERMANENT)
        set_hand(eng, {"kerlochs_flower": 1})
        eng.state.reserve[0, 0] = mana(water=2, vegetal=2)
        flower = lid(eng, "kerlochs_flower")
        assert api.can_prepare(eng, G0, P0)[0, flower]
        api.prepare(eng, G0, P0, np.array([flower]))
        copies = sum(c == "kerlochs_flower" for c, _ in board_at(eng).values())
        assert copies == (2 if mage_noir else 1)


def test_the_bots_replace_only_a_damaged_copy():
    """An undamaged Sun catalyst in play: greedy does not prepare a second one."""
    eng = make_engine(CARDS, policy="greedy")
    eng.state.turn[:] = 3
    put_on_board(eng, "sun_catalyst", L.PERMANENT)
    set_hand(eng, {"sun_catalyst": 1})
    eng.state.reserve[0, 0] = mana(fire=6)
    sp = api.action_space(eng)
    assert api.legal_actions(eng, G0, P0)[0, sp.prepare + lid(eng, "sun_catalyst")]
    assert api.main_action_choice(eng, G0, P0)[0] != sp.prepare + lid(eng, "sun_catalyst")
