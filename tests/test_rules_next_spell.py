""""The next spell you prepare this turn" (Delayed fate): an allowance of extra components
for the next preparation (actions.extra_components), spent by it or by the turn's end; and
"your next spell of an element gains this card's effects" (next_spell_gains, next_gain.py).
A Dead tree stands in for a doubling Time component (tests/rule_stand_ins.py)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    pile_of,
    put_adversary,
    put_on_board,
    run_steps,
    set_deck,
)
from rule_stand_ins import as_modifier

from simulator.engine.host.api import activate, prepare, turn_boundary
from simulator.engine.rules.layout import PERMANENT, PREPARED

G0, P0 = np.array([0]), np.array([0])
CARDS = ["seed", "dead_tree", "zephyr"]


def _allow(eng, n=1):
    run_steps(eng, [{"op": "next_spell_component", "word": "Tree", "amount": n}], G0, P0,
              np.array([lid(eng, "zephyr")]), None)


def test_the_next_preparation_may_use_more_components_even_unrequired_ones():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    as_modifier(eng, "dead_tree", "double")
    a = put_on_board(eng, "dead_tree", PERMANENT)
    b = put_on_board(eng, "dead_tree", PERMANENT)
    _allow(eng, 2)
    assert eng.state.next_extra[0, 0] == 2
    eng.state.hand[0, 0, lid(eng, "seed")] = 1
    eng.state.reserve[0, 0, 3] = 1  # Seed: 1 Vegetal, no component
    eng.policy = ScriptedPolicy({"extra_component": [b, eng.tables.slots]})
    prepare(eng, G0, P0, np.array([lid(eng, "seed")]))
    assert eng.state.next_extra[0, 0] == 0  # spent by this preparation
    asked = eng.policy.options_of("extra_component")  # one question per extra component
    assert len(asked) == 2 and set(np.flatnonzero(asked[0])) == {a, b, eng.tables.slots}
    assert set(np.flatnonzero(asked[1])) == {a, eng.tables.slots}
    slot = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "seed"))[0])
    assert eng.state.board_mods[0, 0, slot].tolist() == [lid(eng, "dead_tree") + 1, 0, 0, 0]


def test_the_allowance_ends_with_the_turn():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    _allow(eng)
    turn_boundary(eng, G0)
    assert eng.state.next_extra[0, 0] == 0


def test_the_next_spell_of_the_element_gains_the_effects_after_its_own():
    """A Zephyr's effects (2 damage, draw 1) recorded for the next Fire spell: a Flame
    activated next deals its 1, then gains them; the record is spent."""
    eng = make_engine(CARDS + ["flame"], policy=ScriptedPolicy({"target": 0}))
    st = eng.state
    eng.table_record["any_next_gain"] = 1  # no card of this batch has the op
    duke = put_adversary(eng, "duke")
    set_deck(eng, ["seed"])
    run_steps(eng, [{"op": "next_spell_gains", "element": "fire"}], G0, P0,
              np.array([lid(eng, "zephyr")]), None)
    assert st.next_gain[0, 0, 0] == lid(eng, "zephyr") + 1
    flame = put_on_board(eng, "flame", PREPARED)
    activate(eng, G0, P0, np.array([flame]))
    assert st.adv_hp[0, duke] == 17
    assert pile_of(eng, "hand") == {"seed": 1}
    assert st.next_gain[0, 0].tolist() == [0, 0, 0, 0]
