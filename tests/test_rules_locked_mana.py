"""The locked-Mana family (docs/rules.md R6.2, R6.4): locking Mana under a card, releasing it,
moving it between cards, to the reserve or from components, its counts and conditions, the
``mana_left`` trigger, a card's cap, X HP, and spells that return to hand instead of the
discard pile (engine/rules/locked.py, returns.py)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    board_at,
    engine_with_answers,
    lid,
    mana,
    pile_of,
    put_adversary,
    put_on_board,
    run_steps,
)

from simulator.engine.host.api import activate
from simulator.engine.host.tables import op_row
from simulator.engine.rules import layout as L
from simulator.engine.rules.layout import CHANNELED, PERMANENT, PREPARED


def _engine(**forced):
    return engine_with_answers(["condensation", "droplet", "mist_breath", "seed"], **forced)


def _run(eng, steps, slot, card="condensation"):
    run_steps(eng, steps, G0, P0, np.array([lid(eng, card)]), np.array([slot]))


def test_lock_mana_from_the_infinite_ether_and_from_the_reserve():
    eng = _engine()
    st = eng.state
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=1))
    st.reserve[0, 0] = mana(air=1)
    _run(eng, [{"op": "lock_mana", "amount": 2, "element": "vegetal"},
               {"op": "lock_mana", "amount": 3, "element": "air", "source": "reserve"}], cond)
    # 2 Vegetal created; only the 1 Air the reserve holds
    assert st.board_mana[0, 0, cond].tolist() == mana(fire=1, water=1, vegetal=2, air=1).tolist()
    assert st.reserve[0, 0].sum() == 0
    assert st.ether.sum() == 0


def test_release_mana_goes_to_the_ether_all_at_once_and_counts_what_is_locked():
    eng = _engine()
    st = eng.state
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(water=3))
    _run(eng, [{"op": "release_mana", "amount": 2, "element": "water"},
               {"op": "release_mana", "amount": 5, "element": "fire"}], cond)
    assert st.board_mana[0, 0, cond].tolist() == mana(water=1).tolist()
    # placement rule: pile 0 first on a tie, then alternate
    assert st.ether[0].tolist() == [mana(water=1).tolist(), mana(water=1).tolist()]


def test_move_locked_mana_to_another_card_and_to_the_reserve():
    eng = _engine(move_locked_mana=1)
    st = eng.state
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=2))
    drop = put_on_board(eng, "droplet", CHANNELED)
    _run(eng, [{"op": "move_locked_mana", "amount": 1, "element": "water"}], cond)
    assert st.board_mana[0, 0, drop].tolist() == mana(water=1).tolist()
    _run(eng, [{"op": "move_locked_mana", "to": "reserve"}], cond)
    assert st.board_mana[0, 0, cond].sum() == 0
    assert st.reserve[0, 0].tolist() == mana(fire=1, water=1).tolist()
    assert st.ether.sum() == 0  # moves never touch the Available Ether


def test_gather_locked_mana_from_components_of_a_word_and_count_it():
    # Two Drop components hold Mineral; the card gathers all of it, then deals X damage.
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "droplet", CHANNELED, locked=mana(mineral=2, air=1))
    put_on_board(eng, "mist_breath", CHANNELED, locked=mana(mineral=1))
    cond = put_on_board(eng, "condensation", PREPARED)
    eng.policy.forced["target"] = k
    _run(eng, [{"op": "move_locked_mana", "from": "components", "to": "this", "word": "Drop",
                "element": "mineral"},
               {"op": "damage", "amount": 1, "per": "locked_on_this:mineral", "target": "any"}],
         cond)
    assert st.board_mana[0, 0, cond].tolist() == mana(mineral=3).tolist()
    assert st.board_mana[0, 0, 0].tolist() == mana(air=1).tolist()
    assert st.adv_hp[0, k] == 17
    asked = eng.policy.of_kind("take_locked_mana")
    assert len(asked) == 3  # three Mana moved one at a time, none left to ask about


def test_gather_may_stop_early():
    eng = _engine()
    st = eng.state
    put_on_board(eng, "droplet", CHANNELED, locked=mana(mineral=2))
    cond = put_on_board(eng, "condensation", PREPARED)
    eng.policy.forced["take_locked_mana"] = [0, int(eng.tables.slots)]
    _run(eng, [{"op": "move_locked_mana", "from": "components", "to": "this", "word": "Drop"}],
         cond)
    assert st.board_mana[0, 0, cond].tolist() == mana(mineral=1).tolist()


def test_locked_conditions_and_the_mana_left_trigger():
    """``mana_left`` runs after Mana leaves the card; ``no_mana_locked:water`` holds only once
    the last Water is gone (the "as soon as" check of Piercing winter and Sun blade)."""
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    eng.policy.forced["target"] = k
    t = eng.table_record[0]
    c = lid(eng, "condensation")
    trig = L.TRIGGERS.index("mana_left")
    first = int((t["trig_first"] + t["trig_count"]).max()) + 8
    t["ops"][first] = op_row({"op": "damage", "amount": 5, "target": "opponent",
                              "if": "no_mana_locked:water"})
    t["trig_first"][c, trig], t["trig_count"][c, trig] = first, 1
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=2))
    release = [{"op": "release_mana", "amount": 1, "element": "water"},
               {"op": "damage", "amount": 1, "target": "opponent", "if": "locks:water"}]
    _run(eng, release, cond)
    assert st.adv_hp[0, k] == 19  # one Water left: no 5 damage, and it still locks Water
    _run(eng, release, cond)
    assert st.adv_hp[0, k] == 14  # the last Water left: 5 damage; no Water for the 1 damage
    t["trig_count"][c, trig] = 0


def test_amount_alt_replaces_the_amount_while_its_condition_holds_as_the_step_resolves():
    """``amount_alt`` with ``alt_if``: "3 damage, or 5 if it locks Water", read after the
    steps before it (a release) have resolved; one instance either way."""
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    eng.policy.forced["target"] = k
    steps = [{"op": "release_mana", "amount": 2, "element": "water"},
             {"op": "damage", "amount": 3, "amount_alt": 5, "alt_if": "locks:water",
              "target": "opponent"}]
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(water=3, air=1))
    _run(eng, steps, cond)
    assert st.adv_hp[0, k] == 15  # one Water still locked: 5
    _run(eng, steps, cond)
    assert st.adv_hp[0, k] == 12  # no Water left, the Air does not count: 3
    assert st.board_mana[0, 0, cond].tolist() == mana(air=1).tolist()


def test_lock_cap_releases_the_excess_unless_its_condition_fails():
    eng = _engine()
    st = eng.state
    t = eng.table_record[0]
    c = lid(eng, "condensation")
    t["lock_cap"][c], t["lock_cap_if"][c] = 1, L.CONDITION_CODE["not_mage_noir"]
    t["any_lock_cap"] = 1
    cond = put_on_board(eng, "condensation", PREPARED)
    _run(eng, [{"op": "lock_mana", "amount": 3, "element": "mineral"}], cond)
    assert st.board_mana[0, 0, cond].tolist() == mana(mineral=1).tolist()
    assert st.ether[0].sum() == 2
    t["lock_cap"][c], t["any_lock_cap"] = -1, 0


def test_set_hp_gives_x_hp_and_destroys_below_one():
    eng = _engine()
    st = eng.state
    wall = put_on_board(eng, "droplet", PERMANENT, locked=mana(mineral=3))
    _run(eng, [{"op": "set_hp", "amount": 1, "per": "locked_on_this:mineral"}], wall, "droplet")
    assert st.board_hp[0, 0, wall] == 3
    st.board_mana[0, 0, wall] = 0
    _run(eng, [{"op": "set_hp", "amount": 1, "per": "locked_on_this:mineral"}], wall, "droplet")
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"droplet": 1}


def test_return_instead_sends_the_activated_spell_to_hand_for_its_optional_cost():
    eng = _engine(optional_payment=1)
    st = eng.state
    t = eng.table_record[0]
    c = lid(eng, "mist_breath")
    k = L.TRIGGERS.index("activate")
    saved = int(t["trig_first"][c, k]), int(t["trig_count"][c, k])
    first = int((t["trig_first"] + t["trig_count"]).max()) + 8
    t["ops"][first] = op_row({"op": "return_instead", "cost": {"water": 1}})
    t["trig_first"][c, k], t["trig_count"][c, k] = first, 1
    st.reserve[0, 0] = mana(water=1)
    breath = put_on_board(eng, "mist_breath", PREPARED, locked=mana(air=1, water=1))
    activate(eng, G0, P0, np.array([breath]))
    assert pile_of(eng, "hand") == {"mist_breath": 1}
    assert pile_of(eng, "discard") == {}
    assert st.reserve[0, 0].sum() == 0
    assert st.ether[0].sum() == 3  # the Water paid, then the spell's own Mana released
    # Without the Mana to pay, it is discarded as usual.
    breath = put_on_board(eng, "mist_breath", PREPARED)
    st.hand[0, 0] = 0
    activate(eng, G0, P0, np.array([breath]))
    assert pile_of(eng, "discard") == {"mist_breath": 1}
    t["trig_first"][c, k], t["trig_count"][c, k] = saved
