"""The discard pile as an ordered zone (engine/rules/pile.py; docs/rules.md R1.4), the cards
an effect puts into play from it, the cards prepared from it (a base card stands in:
tests/rule_stand_ins.py), and milling the deck's top card.
"""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    put_adversary,
    put_on_board,
    run_steps,
    set_deck,
)
from rule_stand_ins import from_discard

from simulator.engine.host.api import can_prepare, leave_board, prepare, turn_boundary
from simulator.engine.rules.layout import CHANNELED, PREPARED, RITUAL, TO_DISCARD

G0, P0 = np.array([0]), np.array([0])
CARDS = ["fiery_arrow", "flame", "seed", "zephyr", "dead_tree", "breath", "rite_of_passage"]


def _pile(eng, player: int = 0) -> list[str]:
    st = eng.state
    return [eng.info.ids[c] for c in st.discard_pile[0, player, :int(st.discard_len[0, player])]]


def _steps(eng, *steps):
    run_steps(eng, list(steps), G0, P0, np.array([lid(eng, "zephyr")]), None)


def _can(eng, card_id):
    return bool(can_prepare(eng, G0, P0)[0, lid(eng, card_id)])


def test_cards_go_on_top_and_leave_from_where_they_are():
    eng = make_engine(CARDS, policy=ScriptedPolicy({"return_from_discard": lambda e, g: lid(
        e, "seed")}))
    set_deck(eng, ["zephyr", "seed", "flame"])
    _steps(eng, {"op": "mill", "amount": 2})
    a = put_on_board(eng, "breath", CHANNELED)
    leave_board(eng, G0, P0, np.array([a]), TO_DISCARD)
    assert _pile(eng) == ["flame", "seed", "breath"]
    _steps(eng, {"op": "return_from_discard"})
    assert _pile(eng) == ["flame", "breath"]
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 0


def test_mill_on_an_empty_deck_does_nothing():
    eng = make_engine(CARDS)
    _steps(eng, {"op": "mill", "amount": 1})
    assert eng.state.out[0, 0] == 0 and _pile(eng) == []


def test_put_from_discard_channeled_or_prepared_with_no_mana():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    set_deck(eng, ["flame", "flame", "dead_tree"])
    _steps(eng, {"op": "mill", "amount": 3})
    _steps(eng, {"op": "put_from_discard", "amount": 2, "word": "Flame"})
    zones = [int(z) for c, z in zip(eng.state.board_card[0, 0], eng.state.board_zone[0, 0],
                                   strict=True) if c == lid(eng, "flame")]
    assert zones == [CHANNELED, CHANNELED]
    assert _pile(eng) == ["dead_tree"]
    assert eng.state.board_mana[0, 0].sum() == 0
    eng.state.discard[0, 0, lid(eng, "seed")] += 1
    _steps(eng, {"op": "put_from_discard", "amount": 1, "word": "Seed", "zone": "prepared"})
    assert PREPARED in eng.state.board_zone[0, 0].tolist()


def test_put_from_discard_offers_spells_only_and_a_stop():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    eng.state.discard[0, 0, lid(eng, "dead_tree")] = 1
    eng.state.discard[0, 0, lid(eng, "flame")] = 1
    _steps(eng, {"op": "put_from_discard", "amount": 1, "word": "Tree"})
    assert eng.policy.kinds.count("from_discard") == 0  # a Permanent is never channeled
    _steps(eng, {"op": "put_from_discard", "amount": 1, "word": "Flame"})
    options = eng.policy.options_of("from_discard")[0]
    assert set(np.flatnonzero(options)) == {lid(eng, "flame"), eng.tables.n_cards}


def test_put_from_discard_top_takes_only_the_top_card_if_it_is_a_spell():
    """``top = true``: the pile's top card, with no decision, a spell only (Solar invocation)."""
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    set_deck(eng, ["flame", "dead_tree", "flame"])  # milled: Flame, Dead tree, Flame on top
    _steps(eng, {"op": "mill", "amount": 3})
    _steps(eng, {"op": "put_from_discard", "amount": 1, "top": True})
    assert _pile(eng) == ["flame", "dead_tree"]
    assert CHANNELED in eng.state.board_zone[0, 0].tolist()
    _steps(eng, {"op": "put_from_discard", "amount": 1, "top": True})  # a Permanent on top
    assert _pile(eng) == ["flame", "dead_tree"]
    assert eng.policy.kinds.count("from_discard") == 0


def test_prepare_from_discard_unless_on_top():
    eng = make_engine(CARDS)
    from_discard(eng, "fiery_arrow", unless_top=True)
    put_on_board(eng, "flame", CHANNELED)
    eng.state.reserve[0, 0, 0] = 2
    set_deck(eng, ["zephyr", "fiery_arrow"])
    _steps(eng, {"op": "mill", "amount": 1})
    assert not _can(eng, "fiery_arrow")  # on top
    _steps(eng, {"op": "mill", "amount": 1})
    assert _can(eng, "fiery_arrow")
    prepare(eng, G0, P0, np.array([lid(eng, "fiery_arrow")]))
    assert _pile(eng) == ["zephyr", "flame"]
    arrow = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "fiery_arrow"))[0])
    assert eng.state.from_discard_slot[0, 0, arrow] == 1  # prepared from the pile


@pytest.mark.parametrize("mage_noir", [False, True])
def test_prepare_from_discard_once_per_turn_for_a_mage_noir(mage_noir):
    eng = make_engine(CARDS)
    from_discard(eng, "seed", once_per_turn=True, mage_noir=True)
    if mage_noir:
        put_on_board(eng, "rite_of_passage", RITUAL)
    eng.state.reserve[0, 0, 3] = 2
    eng.state.discard[0, 0, lid(eng, "seed")] = 1
    assert _can(eng, "seed") == mage_noir
    if not mage_noir:
        return
    prepare(eng, G0, P0, np.array([lid(eng, "seed")]))
    seed = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "seed"))[0])
    leave_board(eng, G0, P0, np.array([seed]), TO_DISCARD)  # back in the pile: used this turn
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 1
    assert not _can(eng, "seed")
    turn_boundary(eng, G0)
    assert _can(eng, "seed")


def test_prepare_from_discard_once_per_turn_is_each_copys():
    """Once per turn for each copy: a second copy in the pile may be prepared from it the same
    turn; the first, back in the pile, may not (Temporal paradox's ruling)."""
    eng = make_engine(CARDS)
    from_discard(eng, "seed", once_per_turn=True, mage_noir=True)
    put_on_board(eng, "rite_of_passage", RITUAL)
    eng.state.reserve[0, 0, 3] = 3
    eng.state.discard[0, 0, lid(eng, "seed")] = 2
    first = int(np.argmax(eng.state.board_card[0, 0] < 0))
    prepare(eng, G0, P0, np.array([lid(eng, "seed")]))
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 1 and _can(eng, "seed")
    leave_board(eng, G0, P0, np.array([first]), TO_DISCARD)  # the first copy is back
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 2
    assert _can(eng, "seed")  # the second copy has not been prepared from the pile yet
    prepare(eng, G0, P0, np.array([lid(eng, "seed")]))
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 1
    assert not _can(eng, "seed")  # the one left is the first copy


def test_prepare_from_hand_or_pile_is_a_choice():
    eng = make_engine(CARDS, policy=ScriptedPolicy({"prepare_from": 1}))
    from_discard(eng, "seed")
    eng.state.reserve[0, 0, 3] = 1
    eng.state.hand[0, 0, lid(eng, "seed")] = 1
    eng.state.discard[0, 0, lid(eng, "seed")] = 1
    prepare(eng, G0, P0, np.array([lid(eng, "seed")]))
    assert eng.policy.kinds.count("prepare_from") == 1
    assert eng.state.hand[0, 0, lid(eng, "seed")] == 1
    assert eng.state.discard[0, 0, lid(eng, "seed")] == 0


def test_the_adversary_pile_keeps_the_order_its_cards_arrive_in():
    from engine_fixtures import put_adversary, set_adversary_deck

    from simulator.engine.host.api import adversary_turn, deal_damage

    eng = make_engine(CARDS, policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    st.turn[:] = 3
    put_adversary(eng, "duke")
    guard = put_adversary(eng, "guard")
    set_adversary_deck(eng, ["guard", "volley", "volley"])
    _steps(eng, {"op": "phase_out", "amount": 1, "target": "opponent"})  # the bottom Guard
    deal_damage(eng, G0, P0, np.array([lid(eng, "zephyr")]), np.array([guard]), np.array([9]))
    adversary_turn(eng, G0)  # reveals a Volley
    order = [eng.info.ids[c] for c in st.adv_pile[0, :int(st.adv_pile_len[0])]]
    assert order == ["adv:guard", "adv:guard", "adv:volley"]
    adversary_turn(eng, G0)
    adversary_turn(eng, G0)  # its deck ran out: the pile is shuffled into it
    assert int(st.adv_pile_len[0]) == st.adv_discard[0].sum() <= 1


def test_swap_in_pile_needs_two_spells_and_moves_only_spells():
    eng = make_engine(CARDS + ["fire_whip"],
                      policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))
    st = eng.state
    for c in ("fire_whip", "zephyr", "fire_whip"):
        n = int(st.discard_len[0, 0])
        st.discard[0, 0, lid(eng, c)] += 1
        st.discard_pile[0, 0, n] = lid(eng, c)
        st.discard_len[0, 0] = n + 1
    _steps(eng, {"op": "swap_in_pile", "target": "self"})
    assert eng.policy.of_kind("pile_swap") == []  # one spell only: nothing happens
    assert _pile(eng) == ["fire_whip", "zephyr", "fire_whip"]
    n = int(st.discard_len[0, 0])
    st.discard[0, 0, lid(eng, "flame")] += 1
    st.discard_pile[0, 0, n] = lid(eng, "flame")
    st.discard_len[0, 0] = n + 1
    _steps(eng, {"op": "swap_in_pile", "target": "self"})
    assert _pile(eng) == ["fire_whip", "flame", "fire_whip", "zephyr"]


def test_apply_from_discard_applies_a_named_spell_that_stays_in_the_pile():
    """``apply_from_discard``: one spell named WORD with an activate effect, not a copy of the
    card applying it; it stays in the pile; none: nothing is asked."""
    eng = make_engine(CARDS + ["fire_ball"], policy=ScriptedPolicy({"target": 0}))
    st = eng.state
    duke = put_adversary(eng, "duke")
    for c in ("flame", "breath", "zephyr"):
        st.discard[0, 0, lid(eng, c)] = 1
    run_steps(eng, [{"op": "apply_from_discard", "word": "Flame"}], G0, P0,
              np.array([lid(eng, "fire_ball")]), None)
    (asked,) = eng.policy.of_kind("from_discard")
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "flame")]
    assert st.adv_hp[0, duke] == 19  # the Flame's 1 damage
    assert st.discard[0, 0, lid(eng, "flame")] == 1
    run_steps(eng, [{"op": "apply_from_discard", "word": "Flame"}], G0, P0,
              np.array([lid(eng, "flame")]), None)  # a Flame never applies a Flame
    assert len(eng.policy.of_kind("from_discard")) == 1 and st.adv_hp[0, duke] == 19
