"""A component a card keeps from its preparation and applies later (``apply_used_component``,
engine/rules/kept.py, docs/rules.md R7.2): the card that served as the WORD component is
remembered when the card is prepared, and its effects apply wherever it is then (in play, in
the discard pile): a spell's activation effects, an ability's effects without its cost, nothing
for a card with neither. Played with Materialized sword (its Blade) and the Blades of the
card data."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    give_hand,
    make_engine,
    prepare,
    put_on_board,
    set_reserve,
    summon_duke,
)
from engine_fixtures import G0, transcript_of

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, EQUIPMENT

DUKE = adv_target(0)


def _use_ability(eng, slot: int) -> None:
    api.apply_actions(eng, G0, np.array([0]), np.array([api.action_space(eng).ability + slot]))


def _sword_with(blade: str, zone: int):
    eng = make_engine(["materialized_sword", blade, "obsidian_rock"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, blade, zone)
    put_on_board(eng, 0, "obsidian_rock", CHANNELED)
    give_hand(eng, 0, "materialized_sword")
    set_reserve(eng, 0, mineral=3, arcane=1)
    return eng, prepare(eng, 0, "materialized_sword")


@pytest.mark.parametrize(("blade", "zone", "applied"), [
    ("forged_blade", EQUIPMENT, 1),  # its ability's 1 damage, from the discard pile
    ("air_blade", CHANNELED, 3),     # its activation's 3 damage, still in play
    ("sun_blade", EQUIPMENT, 0),     # turn-start and Mana effects: nothing to apply
])
def test_the_kept_component_applies_its_effects_wherever_it_is(blade, zone, applied):
    eng, sword = _sword_with(blade, zone)
    said = transcript_of(eng, lambda: _use_ability(eng, sword))
    assert int(eng.state.adv_hp[0, 0]) == 20 - 3 - applied  # the sword's 2 + 1 (Obsidian)
    in_play = zone == CHANNELED
    assert (blade in discard_of(eng, 0)) != in_play
    applies = [line for line in said if "applies the effects of" in line]
    assert len(applies) == (1 if applied else 0), said
    if applied:
        assert applies[0].endswith("still in play" if in_play else "no longer in play")


def test_a_card_put_into_play_without_preparation_keeps_no_component():
    eng = make_engine(["materialized_sword", "forged_blade"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "forged_blade", CHANNELED)
    sword = put_on_board(eng, 0, "materialized_sword", EQUIPMENT)
    _use_ability(eng, sword)
    assert int(eng.state.adv_hp[0, 0]) == 18
    assert board_of(eng, 0)[sword] == ("materialized_sword", EQUIPMENT)
    assert eng.state.kept_comp[0, 0].tolist() == [0] * eng.info.slots
