"""The Sand extension's official rulings that no card test checked yet (docs/rulings.md
lists every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import pytest
from card_positions import (
    board_of,
    can_prepare,
    discard_of,
    give_hand,
    make_engine,
    prepare,
    put_on_board,
    summon_duke,
    trigger,
)
from engine_fixtures import G0, P0, component_instances
from ruling_positions import VICTIMS, protector_takes

from simulator.engine.rules.layout import CHANNELED, RITUAL, WORD


def _words(eng) -> dict[str, int]:
    counts = component_instances(eng, G0, P0)[0]
    return {w: int(counts[WORD[w]]) for w in ("Sand", "Drop", "Breath")}


@pytest.mark.parametrize("victim", VICTIMS)
def test_desert_hand_takes_blows_aimed_at_its_player_or_permanents(victim):
    def two_sand(eng):
        for _ in range(2):
            put_on_board(eng, 0, "quicksand", CHANNELED)

    protector_takes("desert_hand", victim, ["quicksand"], two_sand)


@pytest.mark.parametrize("victim", VICTIMS)
def test_desert_wall_takes_blows_aimed_at_its_player_or_permanents(victim):
    def mage_noir(eng):
        put_on_board(eng, 0, "rite_of_passage", RITUAL)

    protector_takes("desert_wall", victim, ["rite_of_passage"], mage_noir, hp=3)


def test_desert_wall_with_no_mineral_arrives_with_0_hp_and_goes():
    """Ecdysis ritual takes its 1 Mineral off: prepared for nothing, its two Sand components
    (Quicksands) holding no Mineral to move, it has 0 HP and is destroyed at once."""
    eng = make_engine(["desert_wall", "ecdysis_ritual", "quicksand"])
    ritual = put_on_board(eng, 0, "ecdysis_ritual", RITUAL)
    sands = [put_on_board(eng, 0, "quicksand", CHANNELED) for _ in range(2)]
    give_hand(eng, 0, "desert_wall")
    assert can_prepare(eng, 0, "desert_wall")
    prepare(eng, 0, "desert_wall")
    assert board_of(eng, 0) == {ritual: ("ecdysis_ritual", RITUAL),
                                **{s: ("quicksand", CHANNELED) for s in sands}}
    assert discard_of(eng, 0) == {"desert_wall": 1}


def test_ecdysis_ritual_does_not_raise_hp_loss():
    eng = make_engine(["ecdysis_ritual", "ritual_of_decomposition"])
    summon_duke(eng)
    put_on_board(eng, 0, "ecdysis_ritual", RITUAL)
    slot = put_on_board(eng, 0, "ritual_of_decomposition", RITUAL)
    trigger(eng, "turn_start", 0, "ritual_of_decomposition", slot)
    assert int(eng.state.hp[0, 0]) == 19


def test_quicksand_is_a_sand_and_drop_component():
    eng = make_engine(["quicksand"])
    put_on_board(eng, 0, "quicksand", CHANNELED)
    assert _words(eng) == {"Sand": 1, "Drop": 1, "Breath": 0}


def test_sirocco_is_a_sand_and_breath_component():
    eng = make_engine(["sirocco"])
    put_on_board(eng, 0, "sirocco", CHANNELED)
    assert _words(eng) == {"Sand": 1, "Drop": 0, "Breath": 1}
