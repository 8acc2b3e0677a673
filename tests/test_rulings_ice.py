"""The Ice extension's official rulings that no card test checked yet (docs/rulings.md lists
every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    give_hand,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_reserve,
    summon_duke,
)
from engine_fixtures import G0, P0, component_instances

from simulator.cards import load_cards
from simulator.decks import check_deck_file
from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, PREPARED, RITUAL, WORD


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


def test_icy_infiltration_never_turns_damage_into_healing():
    """This turn a Water card's 1 damage is 1 less: 0, nothing inflicted, no HP gained."""
    eng = make_engine(["icy_infiltration", "ice_shard"])
    summon_duke(eng, hp=15)
    icy = put_on_board(eng, 0, "icy_infiltration", PREPARED, mana(water=3))
    eng.state.board_turn[0, 0, icy] = 0  # prepared on an earlier turn (Slowcast)
    api.activate(eng, G0, P0, np.array([icy]))
    api.deal_damage(eng, G0, P0, np.array([lid(eng, "ice_shard")]), np.array([adv_target(0)]),
                    np.array([1]))
    assert int(eng.state.adv_hp[0, 0]) == 15


def test_snowflake_is_an_ice_and_drop_component():
    eng = make_engine(["snowflake"])
    put_on_board(eng, 0, "snowflake", CHANNELED)
    counts = component_instances(eng, G0, P0)[0]
    assert (int(counts[WORD["Ice"]]), int(counts[WORD["Drop"]])) == (1, 1)


def test_snowflake_arts_are_copies_of_one_card(tmp_path):
    """Its ruling on its four arts: different pictures, one card. Four Snowflakes (English and
    French names mixed) make a legal deck; a fifth is one copy too many."""
    db = load_cards()
    path = tmp_path / "snow.txt"
    path.write_text("2 Snowflake\n2 Flocon de neige\n", encoding="utf-8")
    deck, problems = check_deck_file(path, db, min_cards=1)
    assert problems == [] and dict(deck.counts) == {"snowflake": 4}
    path.write_text("2 Snowflake\n3 Flocon de neige\n", encoding="utf-8")
    deck, problems = check_deck_file(path, db, min_cards=1)
    assert deck is None and len(problems) == 1
    assert "5 copies of Snowflake" in problems[0] and "at most 4" in problems[0]
