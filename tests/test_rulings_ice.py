"""The Ice extension's official rulings that no card test checked yet (docs/rulings.md lists
every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

from card_positions import (
    ScriptedPolicy,
    give_hand,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_reserve,
)
from engine_fixtures import G0, P0, component_instances

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, RITUAL, WORD


def _can_activate(eng, slot: int) -> bool:
    legal = api.legal_actions(eng, G0, P0)[0]
    return bool(legal[1 + eng.info.slots + eng.info.size + slot])


def test_ritual_of_absolute_zero_payment_lifts_a_printed_slowcast():
    """Biting arrow has Slowcast printed: with the extra Water paid it may be activated the
    turn it is prepared."""
    eng = make_engine(["ritual_of_absolute_zero", "biting_arrow"],
                      policy=ScriptedPolicy({"optional_payment": [1]}))
    put_on_board(eng, 0, "ritual_of_absolute_zero", RITUAL)
    give_hand(eng, 0, "biting_arrow")
    set_reserve(eng, 0, water=2)
    arrow = prepare(eng, 0, "biting_arrow")
    assert reserve_of(eng, 0) == mana()
    assert eng.state.board_mana[0, 0, arrow].tolist() == mana(water=2)
    assert _can_activate(eng, arrow)


def test_snowflake_is_an_ice_and_drop_component():
    eng = make_engine(["snowflake"])
    put_on_board(eng, 0, "snowflake", CHANNELED)
    counts = component_instances(eng, G0, P0)[0]
    assert (int(counts[WORD["Ice"]]), int(counts[WORD["Drop"]])) == (1, 1)
