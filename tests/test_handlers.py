"""Card handlers (simulator/engine/handlers/): one hand-built position per card.

Each test starts from the empty state of ``engine_fixtures.make_engine``, sets only what the
card needs, applies the card through the real engine commands (``api.prepare`` /
``api.activate`` / ``api.turn_start`` / ``api.end_player_turn`` / ``api.trade``) and asserts
the exact resulting state. Decisions are forced with ``ScriptedPolicy`` where the
answer matters; the Ether start pile is always pile 0 on a tie.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from engine_fixtures import (
    AIR,
    ARCANE,
    FIRE,
    G0,
    MINERAL,
    P0,
    VEGETAL,
    WATER,
    air_trades_one_for_one,
    board_at,
    component_instances,
    component_shortfall,
    deck_at,
    engine_with_answers,
    hp_at_event,
    lid,
    mana,
    pile_of,
    player_target,
    put_adversary,
    put_on_board,
    run_steps,
    set_deck,
    set_hand,
    slot_target,
    tradeable_elements,
)

from simulator.cards import ELEMENTS, load_cards
from simulator.decks import load_deck
from simulator.engine.host.api import (
    activate,
    can_prepare,
    deal_damage,
    end_player_turn,
    fewer_components_allowed,
    leave_board,
    lose_hp,
    player_turn,
    prepare,
    run_trigger,
    trade,
    turn_boundary,
    turn_start,
)
from simulator.engine.host.tables import implemented_cards
from simulator.engine.rules.errors import EngineError
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    CHANNELED,
    EMPTY,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    TO_DISCARD,
)
from simulator.engine.rules.layout import WORD as WORD_INDEX
from simulator.engine.rules.options import RuleOptions

DECKS = Path(__file__).resolve().parents[1] / "decks"










def _ether(eng, game=0) -> list[list[int]]:
    return eng.state.ether[game].tolist()







# --- Air ----------------------------------------------------------------------------------


def test_favorable_winds():
    eng = engine_with_answers(["favorable_winds", "breath", "flame"])
    st = eng.state
    set_deck(eng, ["flame", "flame", "flame"])
    put_on_board(eng, "breath", CHANNELED, locked=mana(air=1))
    winds = put_on_board(eng, "favorable_winds", PREPARED, locked=mana(air=2))
    st.reserve[0, 0] = mana(fire=1)
    assert not tradeable_elements(eng, G0, P0).any()  # 1 Mana: no 2-for-1 trade
    activate(eng, G0, P0, np.array([winds]))
    assert air_trades_one_for_one(eng, G0, P0).tolist() == [True]
    # The Breath went third from the top, then both cards released their Mana.
    assert deck_at(eng) == ["flame", "breath", "flame", "flame"]
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"favorable_winds": 1}
    assert _ether(eng) == [mana(air=2).tolist(), mana(air=1).tolist()]
    # Taking Air costs 1 Mana of any element (the largest pile, pile 0, is used).
    assert np.flatnonzero(tradeable_elements(eng, G0, P0)[0]).tolist() == [AIR]
    trade(eng, G0, P0, np.array([AIR]))
    assert st.reserve[0, 0].tolist() == mana(air=1).tolist()
    assert _ether(eng) == [mana(fire=1, air=1).tolist(), mana(air=1).tolist()]
    # Giving 1 Air takes 1 Mana of another element.
    assert np.flatnonzero(tradeable_elements(eng, G0, P0)[0]).tolist() == [FIRE, AIR]
    trade(eng, G0, P0, np.array([FIRE]))
    assert st.reserve[0, 0].tolist() == mana(fire=1).tolist()
    assert _ether(eng) == [mana(air=2).tolist(), mana(air=1).tolist()]
    assert len(eng.policy.of_kind("trade_give")) == 2  # one Mana given per trade
    # The effect ends with the turn.
    turn_boundary(eng, G0)
    assert not air_trades_one_for_one(eng, G0, P0)[0]
    assert not tradeable_elements(eng, G0, P0).any()


def test_favorable_winds_needs_air_to_trade_other_elements_one_for_one():
    eng = engine_with_answers(["favorable_winds", "breath"])
    st = eng.state
    put_on_board(eng, "breath", CHANNELED)
    winds = put_on_board(eng, "favorable_winds", PREPARED)
    activate(eng, G0, P0, np.array([winds]))
    st.ether[0, 0] = mana(water=1, air=1)
    st.reserve[0, 0] = mana(fire=2)  # no Air: taking Water is still 2 for 1
    trade(eng, G0, P0, np.array([WATER]))
    assert st.reserve[0, 0].tolist() == mana(water=1).tolist()
    assert _ether(eng)[0] == mana(fire=2, air=1).tolist()
    assert len(eng.policy.of_kind("trade_give")) == 2


def test_favorable_winds_is_cleared_by_the_next_player_turn():
    eng = engine_with_answers(["favorable_winds", "breath", "flame"], main_action=0)
    set_deck(eng, ["flame"] * 3)
    put_on_board(eng, "breath", CHANNELED)
    winds = put_on_board(eng, "favorable_winds", PREPARED)
    activate(eng, G0, P0, np.array([winds]))
    assert air_trades_one_for_one(eng, G0, P0)[0]
    player_turn(eng, G0, 0)
    assert not air_trades_one_for_one(eng, G0, P0)[0]


def test_tornado():
    eng = engine_with_answers(["tornado", "violent_wind", "breath", "flame"], own_component=[2, 0])
    st = eng.state
    k = put_adversary(eng, "duke")
    set_deck(eng, ["flame", "flame", "flame"])
    put_on_board(eng, "breath", CHANNELED)
    put_on_board(eng, "breath", CHANNELED)
    put_on_board(eng, "violent_wind", CHANNELED, locked=mana(air=3))
    tornado = put_on_board(eng, "tornado", PREPARED, locked=mana(air=3))
    activate(eng, G0, P0, np.array([tornado]))
    # 4 from Tornado, then the Violent wind applied: 4 more (not a Mage Noir).
    assert st.adv_hp[0, k] == 12
    wind_q, breath_q = eng.policy.of_kind("own_component")
    assert wind_q.context["word"] == "Wind" and np.flatnonzero(wind_q.options[0]).tolist() == [2]
    assert breath_q.context["word"] == "Breath"
    # The Violent wind returned its Breath, then Tornado returned that same Violent wind.
    assert deck_at(eng) == ["flame", "breath", "violent_wind", "flame", "flame"]
    assert board_at(eng) == {1: ("breath", CHANNELED)}
    assert pile_of(eng, "discard") == {"tornado": 1}
    assert _ether(eng) == [mana(air=3).tolist(), mana(air=3).tolist()]


def test_tornado_without_a_wind_component_only_deals_its_damage():
    eng = engine_with_answers(["tornado"])
    k = put_adversary(eng, "duke")
    tornado = put_on_board(eng, "tornado", PREPARED)
    activate(eng, G0, P0, np.array([tornado]))
    assert eng.state.adv_hp[0, k] == 16
    assert "own_component" not in eng.policy.kinds


def test_tornado_targets_are_chosen_when_it_is_announced():
    # The effects-priority sheet's Tornado case (R7.2), as seen in a replay: the Royal
    # physician is the only Adversary card in play. Tornado's 4 damage and the channeled
    # Violent wind's 4 are both aimed when Tornado is announced (the only enemy target: the
    # physician); Tornado destroys it, and the Violent wind's target is gone: nothing happens,
    # the player takes no damage. The test scenario's keyword Permanent with 3 HP, "guard",
    # stands for the physician.
    eng = engine_with_answers(["tornado", "violent_wind", "flame"])
    st = eng.state
    k = put_adversary(eng, "guard", hp=3)
    set_deck(eng, ["flame", "flame", "flame"])
    put_on_board(eng, "violent_wind", CHANNELED, locked=mana(air=3))
    tornado = put_on_board(eng, "tornado", PREPARED, locked=mana(air=3))
    activate(eng, G0, P0, np.array([tornado]))
    # Every designation is asked before any step resolves, in the steps' order.
    assert eng.policy.kinds[:3] == ["target", "own_component", "target"]
    for q in eng.policy.of_kind("target"):
        assert np.flatnonzero(q.options[0]).tolist() == [k, player_target(eng, 0)]
    assert st.adv_card[0, k] == -1 and st.adv_discard[0, lid(eng, "guard")] == 1
    assert st.hp[0, 0] == 20 and st.damage_taken[0, 0] == 0
    # Tornado still returns the Violent wind it applied, then goes to the discard pile.
    assert deck_at(eng) == ["flame", "violent_wind", "flame", "flame"]
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"tornado": 1}


def test_a_scripted_target_at_announcement_is_the_one_the_step_hits():
    # The player aims Tornado at themselves and the Violent wind at the Duke: the answers
    # given at announcement are what the steps hit when they resolve.
    eng = engine_with_answers(["tornado", "violent_wind"],
                              target=[player_target(None, 0), 0])
    st = eng.state
    k = put_adversary(eng, "duke")
    assert k == 0
    put_on_board(eng, "violent_wind", CHANNELED)
    tornado = put_on_board(eng, "tornado", PREPARED)
    activate(eng, G0, P0, np.array([tornado]))
    assert eng.policy.kinds[:3] == ["target", "own_component", "target"]
    assert st.hp[0, 0] == 16 and st.adv_hp[0, k] == 16


def test_a_target_gone_before_its_step_gets_nothing():
    # Co-op: both of Tornado's targets are player 2 (4 HP), chosen at announcement. Tornado's
    # 4 damage puts them out; the Violent wind's target is gone: it hits nobody else.
    eng = engine_with_answers(["tornado", "violent_wind"], players=2,
                              target=[player_target(None, 1), player_target(None, 1)])
    st = eng.state
    st.hp[0, 1] = 4
    k = put_adversary(eng, "duke")
    put_on_board(eng, "violent_wind", CHANNELED)
    tornado = put_on_board(eng, "tornado", PREPARED)
    activate(eng, G0, P0, np.array([tornado]))
    assert eng.policy.kinds[:3] == ["target", "own_component", "target"]
    assert st.out[0, 1] != 0 and st.hp[0, 1] == 0
    assert st.hp[0, 0] == 20 and st.adv_hp[0, k] == 20


def test_violent_wind():
    # Game 0 is a Mage Noir with 2 Breath components, game 1 has the same board but no Ritual.
    eng = engine_with_answers(["violent_wind", "breath", "rite_of_passage", "howlers_robe"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "breath", CHANNELED)
    put_on_board(eng, "breath", CHANNELED)
    put_on_board(eng, "howlers_robe", EQUIPMENT)  # +1 to Air damage, once per instance
    wind = put_on_board(eng, "violent_wind", PREPARED)
    put_on_board(eng, "rite_of_passage", RITUAL, games=[0])
    activate(eng, np.array([0, 1]), np.array([0, 0]), np.array([wind, wind]))
    # One instance: (4 + 2 Breath) + 1 for the Mage Noir; 4 + 1 otherwise.
    assert st.adv_hp[:, k].tolist() == [13, 15]
    assert st.damage_to_adversary.tolist() == [7, 5]
    # Then 1 Breath went back to the deck.
    assert [int((st.board_card[g, 0] == lid(eng, "breath")).sum()) for g in (0, 1)] == [1, 1]
    assert deck_at(eng, 0) == deck_at(eng, 1) == ["breath"]


def test_wand_of_air_currents():
    # Game 0: not a Mage Noir, the Wind component is discarded; game 1: Mage Noir, it stays.
    eng = engine_with_answers(["wand_of_air_currents", "seed_in_the_wind", "rite_of_passage", "flame"],
                  batch=2)
    st = eng.state
    games, players = np.array([0, 1]), np.array([0, 0])
    put_on_board(eng, "seed_in_the_wind", CHANNELED, locked=mana(air=1, vegetal=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"wand_of_air_currents": 1})
    set_deck(eng, ["flame", "flame"])
    st.reserve[:, 0] = mana(air=3, mineral=1)
    wand = lid(eng, "wand_of_air_currents")
    assert can_prepare(eng, games, players)[:, wand].all()
    prepare(eng, games, players, np.array([wand, wand]))
    assert board_at(eng, 0) == {1: ("wand_of_air_currents", EQUIPMENT)}
    assert st.board_mana[0, 0, 1].tolist() == mana(air=3, mineral=1).tolist()
    assert pile_of(eng, "discard", 0) == {"seed_in_the_wind": 1}
    assert pile_of(eng, "hand", 0) == {"flame": 1}  # Seed in the wind's "leaves play" draw
    assert _ether(eng, 0) == [mana(air=1).tolist(), mana(vegetal=1).tolist()]
    assert board_at(eng, 1) == {0: ("seed_in_the_wind", CHANNELED), 1: ("rite_of_passage", RITUAL),
                              2: ("wand_of_air_currents", EQUIPMENT)}
    assert pile_of(eng, "discard", 1) == {} and pile_of(eng, "hand", 1) == {}
    assert st.ether[1].sum() == 0


@pytest.mark.parametrize(("choice", "kept", "reserve_after", "ether_after"), [
    (0, True, mana(air=1), mana(fire=1)),   # pays 1 Fire
    (1, True, mana(fire=1), mana(air=1)),   # pays 1 Air
    (2, False, mana(fire=1, air=1), mana(fire=1, air=1)),  # lets it go: its Mana is released
])
def test_breath_of_flames(choice, kept, reserve_after, ether_after):
    eng = engine_with_answers(["breath_of_flames", "zephyr"], pay_to_keep=choice)
    st = eng.state
    bof = put_on_board(eng, "breath_of_flames", CHANNELED, locked=mana(fire=1, air=1))
    set_hand(eng, {"zephyr": 1})
    st.reserve[0, 0] = mana(fire=1, air=3)  # Zephyr costs 2 Air and needs a Breath
    prepare(eng, G0, P0, np.array([lid(eng, "zephyr")]))
    (asked,) = eng.policy.of_kind("pay_to_keep")
    assert asked.options.tolist() == [[True, True, True]]
    assert st.reserve[0, 0].tolist() == reserve_after.tolist()
    assert st.ether[0].sum(axis=0).tolist() == ether_after.tolist()
    if kept:
        assert board_at(eng) == {bof: ("breath_of_flames", CHANNELED), 1: ("zephyr", PREPARED)}
        assert pile_of(eng, "discard") == {}
    else:
        assert board_at(eng) == {1: ("zephyr", PREPARED)}
        assert pile_of(eng, "discard") == {"breath_of_flames": 1}


def test_breath_of_flames_goes_when_nothing_can_be_paid():
    eng = engine_with_answers(["breath_of_flames", "zephyr"])
    st = eng.state
    put_on_board(eng, "breath_of_flames", CHANNELED)
    set_hand(eng, {"zephyr": 1})
    st.reserve[0, 0] = mana(air=2)
    prepare(eng, G0, P0, np.array([lid(eng, "zephyr")]))
    (asked,) = eng.policy.of_kind("pay_to_keep")
    assert asked.options.tolist() == [[False, False, True]]
    assert pile_of(eng, "discard") == {"breath_of_flames": 1}
    assert st.reserve[0, 0].sum() == 0


# --- Water --------------------------------------------------------------------------------


def test_azure_ring():
    # Game 0 takes the HP; game 1 (Mage Noir) puts 1 Water under its Condensation; game 2
    # chooses the second option without being a Mage Noir: nothing happens.
    modes = np.array([0, 1, 1])
    eng = engine_with_answers(["azure_ring", "condensation", "rite_of_passage"], batch=3,
                  choose_mode=lambda eng, games, *a, **c: modes[games],
                  lock_mana_element=WATER, lock_mana_target=1)
    st = eng.state
    games = np.arange(3)
    ring = put_on_board(eng, "azure_ring", EQUIPMENT)
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    st.reserve[:, 0] = mana(fire=1, water=1)
    card = np.full(3, lid(eng, "azure_ring"))
    run_trigger(eng, "turn_start", games, np.zeros(3, np.int64), card, np.full(3, ring))
    assert st.hp[:, 0].tolist() == [21, 20, 20]
    assert st.reserve[:, 0].tolist() == [mana(fire=1, water=1).tolist(), mana(fire=1).tolist(),
                                         mana(fire=1, water=1).tolist()]
    assert st.board_mana[:, 0, cond].tolist() == [mana(fire=1, water=1).tolist(),
                                                  mana(fire=1, water=2).tolist(),
                                                  mana(fire=1, water=1).tolist()]
    assert st.ether.sum() == 0  # Mana moved under a card never touches the Ether
    (target_q,) = eng.policy.of_kind("lock_mana_target")
    assert target_q.games.tolist() == [1]
    assert np.flatnonzero(target_q.options[0]).tolist() == [0, 1, 2]


def test_condensation_locks_water_while_prepared_only():
    eng = engine_with_answers(["condensation"])
    st = eng.state
    prepared = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=1))
    channeled = put_on_board(eng, "condensation", CHANNELED, locked=mana(fire=1, water=1))
    turn_start(eng, G0, P0)
    turn_start(eng, G0, P0)
    assert st.board_mana[0, 0, prepared].tolist() == mana(fire=1, water=3).tolist()
    assert st.board_mana[0, 0, channeled].tolist() == mana(fire=1, water=1).tolist()
    assert st.ether.sum() == 0


def test_condensation():
    # Activation: fire -> reserve, water -> under the Droplet (slot 1), water -> reserve.
    eng = engine_with_answers(["condensation", "droplet"], distribute_mana=[0, 2, 0])
    st = eng.state
    cond = put_on_board(eng, "condensation", PREPARED, locked=mana(fire=1, water=2))
    drop = put_on_board(eng, "droplet", CHANNELED)
    activate(eng, G0, P0, np.array([cond]))
    assert st.reserve[0, 0].tolist() == mana(fire=1, water=1).tolist()
    assert st.board_mana[0, 0, drop].tolist() == mana(water=1).tolist()
    assert board_at(eng) == {drop: ("droplet", CHANNELED)}
    assert pile_of(eng, "discard") == {"condensation": 1}
    assert st.ether.sum() == 0  # nothing was left to release
    asked = eng.policy.of_kind("distribute_mana")
    assert [int(a.context["element"][0]) for a in asked] == [FIRE, WATER, WATER]
    assert asked[0].options[0, :3].tolist() == [True, False, True]  # never under itself


def test_high_pressure():
    eng = engine_with_answers(["high_pressure", "condensation"])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "condensation", CHANNELED, locked=mana(fire=1, water=3))
    over = put_on_board(eng, "high_pressure", PREPARED, locked=mana(fire=1, water=3, air=1))
    activate(eng, G0, P0, np.array([over]))
    assert st.adv_hp[0, k] == 16  # X = 4 Mana under the Condensation
    assert pile_of(eng, "hand") == {"condensation": 1}
    assert pile_of(eng, "discard") == {"high_pressure": 1}
    assert board_at(eng) == {}
    # The Condensation's Mana, then Overpressure's, released by the placement rule.
    assert _ether(eng) == [mana(fire=2, water=2, air=1).tolist(), mana(water=4).tolist()]


def test_high_pressure_with_an_empty_condensation_deals_nothing_but_returns_it():
    eng = engine_with_answers(["high_pressure", "condensation"])
    k = put_adversary(eng, "duke")
    put_on_board(eng, "condensation", CHANNELED)
    over = put_on_board(eng, "high_pressure", PREPARED)
    activate(eng, G0, P0, np.array([over]))
    assert eng.state.adv_hp[0, k] == 20
    assert "target" not in eng.policy.kinds
    assert pile_of(eng, "hand") == {"condensation": 1}


def test_water_drop():
    # No printed card needs 2 Drops: the test gives Surging wave a requirement of 2.
    eng = engine_with_answers(["water_drop", "surging_wave", "rite_of_passage"])
    st = eng.state
    drop, wave = WORD_INDEX["Drop"], lid(eng, "surging_wave")
    eng.tables.requires[wave, drop] = 2
    set_hand(eng, {"surging_wave": 3})
    st.reserve[0, 0] = mana(water=9)
    wd = put_on_board(eng, "water_drop", PREPARED)
    assert not can_prepare(eng, G0, P0)[0, wave]  # not channeled: no Drop at all
    st.board_zone[0, 0, wd] = CHANNELED
    assert component_shortfall(eng, G0, P0)[0, wave, drop] == 0
    assert can_prepare(eng, G0, P0)[0, wave]
    prepare(eng, G0, P0, np.array([wave]))
    asked = eng.policy.of_kind("use_component")
    assert [np.flatnonzero(a.options[0]).tolist() for a in asked] == [[wd], [wd]]
    assert st.board_zone[0, 0, wd] == CHANNELED
    # Once per turn: the second Surging wave now lacks a Drop, until the next turn.
    assert component_shortfall(eng, G0, P0)[0, wave, drop] == 1
    assert not can_prepare(eng, G0, P0)[0, wave]
    turn_boundary(eng, G0)
    assert can_prepare(eng, G0, P0)[0, wave]
    # A Mage Noir's Water drop always counts as 2.
    put_on_board(eng, "rite_of_passage", RITUAL)
    prepare(eng, G0, P0, np.array([wave]))
    assert can_prepare(eng, G0, P0)[0, wave]
    assert pile_of(eng, "hand") == {"surging_wave": 1}


def test_maelstrom():
    # Two players: Maelström is on player 0's board in game 0 only; player 1 ends their turn.
    eng = engine_with_answers(["maelstrom"], batch=2, players=2)
    st = eng.state
    put_on_board(eng, "maelstrom", PERMANENT, games=[0])
    st.reserve[:, 0] = mana(air=1)
    st.reserve[:, 1] = mana(fire=2, water=1)
    end_player_turn(eng, np.array([0, 1]), np.array([1, 1]))
    assert st.reserve[:, 1].tolist() == [mana().tolist(), mana(fire=2, water=1).tolist()]
    assert st.reserve[:, 0].tolist() == [mana(air=1).tolist()] * 2
    assert _ether(eng, 0) == [mana(fire=1, water=1).tolist(), mana(fire=1).tolist()]
    assert st.ether[1].sum() == 0


def test_tide():
    # Game 0 pays 1 Water and takes back the Tide of its discard pile; game 1 declines.
    eng = engine_with_answers(["tide", "flame", "droplet"], batch=2,
                  optional_payment=lambda eng, games, *a, **c: np.array([1, 0])[games])
    st = eng.state
    games, players = np.array([0, 1]), np.array([0, 0])
    drop = put_on_board(eng, "droplet", CHANNELED, locked=mana(air=1))
    tide = put_on_board(eng, "tide", PREPARED, locked=mana(water=2))
    set_deck(eng, ["flame", "flame"])
    set_hand(eng, {"droplet": 1})
    st.discard[:, 0, lid(eng, "tide")] = 1
    st.reserve[:, 0] = mana(water=1)
    eng.policy.forced["discard_from_hand"] = lid(eng, "droplet")
    activate(eng, games, players, np.array([tide, tide]))
    # Draw 1, discard 1, then the Tide's 2 Water moved under the Droplet (not released).
    assert st.board_mana[:, 0, drop].tolist() == [mana(water=2, air=1).tolist()] * 2
    assert board_at(eng, 0) == board_at(eng, 1) == {drop: ("droplet", CHANNELED)}
    assert pile_of(eng, "hand", 0) == {"flame": 1, "tide": 1}
    assert pile_of(eng, "discard", 0) == {"droplet": 1, "tide": 1}  # the activated Tide
    assert st.reserve[0, 0].sum() == 0 and _ether(eng, 0) == [mana(water=1).tolist(), mana().tolist()]
    assert pile_of(eng, "hand", 1) == {"flame": 1}
    assert pile_of(eng, "discard", 1) == {"droplet": 1, "tide": 2}
    assert st.reserve[1, 0].tolist() == mana(water=1).tolist() and st.ether[1].sum() == 0
    (asked,) = eng.policy.of_kind("optional_payment")
    assert asked.context["worth"].tolist() == [True, True]


# --- Vegetal ------------------------------------------------------------------------------


def test_animated_tree_discards_the_seed_used_to_prepare_it():
    eng = engine_with_answers(["animated_tree", "seed"])
    st = eng.state
    put_on_board(eng, "seed", CHANNELED, locked=mana(vegetal=1))
    set_hand(eng, {"animated_tree": 1})
    st.reserve[0, 0] = mana(water=1, vegetal=3)
    prepare(eng, G0, P0, np.array([lid(eng, "animated_tree")]))
    assert board_at(eng) == {1: ("animated_tree", PERMANENT)}
    assert st.board_hp[0, 0, 1] == 3
    assert st.board_mana[0, 0, 1].tolist() == mana(water=1, vegetal=3).tolist()
    assert pile_of(eng, "discard") == {"seed": 1}
    assert _ether(eng) == [mana(vegetal=1).tolist(), mana().tolist()]
    assert st.reserve[0, 0].sum() == 0


@pytest.mark.parametrize("take", [True, False])
def test_animated_tree(take):
    eng = engine_with_answers(["animated_tree", "seed", "sprouted_seed", "flame"])
    st, c = eng.state, eng.tables.size
    eng.policy.forced["seed_from_discard"] = lid(eng, "sprouted_seed") if take else c
    k = put_adversary(eng, "duke")
    tree = put_on_board(eng, "animated_tree", PERMANENT)
    st.discard[0, 0, [lid(eng, "seed"), lid(eng, "sprouted_seed"), lid(eng, "flame")]] = 1
    turn_start(eng, G0, P0)
    assert st.adv_hp[0, k] == 18
    (asked,) = eng.policy.of_kind("seed_from_discard")
    legal = np.flatnonzero(asked.options[0]).tolist()
    assert legal == sorted([lid(eng, "seed"), lid(eng, "sprouted_seed")]) + [c]
    if take:
        assert board_at(eng) == {tree: ("animated_tree", PERMANENT), 1: ("sprouted_seed", PREPARED)}
        assert st.board_mana[0, 0, 1].sum() == 0 and st.board_turn[0, 0, 1] == 3
        assert pile_of(eng, "discard") == {"seed": 1, "flame": 1}
    else:
        assert board_at(eng) == {tree: ("animated_tree", PERMANENT)}
        assert pile_of(eng, "discard") == {"seed": 1, "sprouted_seed": 1, "flame": 1}


def test_king_of_trees():
    # Game 0: Mage Noir, the Animated tree hits twice and brings back 2 Seeds; game 1: once.
    eng = engine_with_answers(["king_of_trees", "animated_tree", "seed", "rite_of_passage"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "king_of_trees", PERMANENT)
    put_on_board(eng, "animated_tree", PERMANENT)
    put_on_board(eng, "rite_of_passage", RITUAL, games=[0])
    st.discard[:, 0, lid(eng, "seed")] = 2
    turn_start(eng, np.array([0, 1]), np.array([0, 0]))
    # King: 2 per Tree in play (itself and the Animated tree) = 4, once only.
    assert st.adv_hp[:, k].tolist() == [20 - 4 - 2 - 2, 20 - 4 - 2]
    seeds = lid(eng, "seed")
    assert [int(((st.board_card[g, 0] == seeds) & (st.board_zone[g, 0] == PREPARED)).sum())
            for g in (0, 1)] == [2, 1]
    assert st.discard[:, 0, seeds].tolist() == [0, 1]


def test_king_of_trees_is_unique():
    eng = engine_with_answers(["king_of_trees", "dead_tree"])
    set_hand(eng, {"king_of_trees": 1})
    eng.state.reserve[0, 0] = mana(vegetal=5)
    put_on_board(eng, "dead_tree", PERMANENT)
    king = lid(eng, "king_of_trees")
    assert can_prepare(eng, G0, P0)[0, king]
    put_on_board(eng, "king_of_trees", PERMANENT)
    assert can_prepare(eng, G0, P0)[0, king]  # R7.1: then one copy goes (test_rules_unique.py)
    prepare(eng, G0, P0, np.array([king]))
    assert list(board_at(eng).values()).count(("king_of_trees", PERMANENT)) == 1
    assert pile_of(eng, "discard") == {"king_of_trees": 1}


def test_the_sylvan_healer():
    # Game 0 heals its player (+3), game 1 its Dead tree (+4).
    eng = engine_with_answers(["the_sylvan_healer", "dead_tree", "maelstrom"], batch=2)
    st = eng.state
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    put_on_board(eng, "maelstrom", PERMANENT)  # a Water Permanent: not a legal target
    healer = put_on_board(eng, "the_sylvan_healer", PREPARED)
    answers = np.array([player_target(eng, 0), slot_target(eng, 0, tree)])
    eng.policy.forced["target"] = lambda eng, games, *a, **c: answers[games]
    activate(eng, np.array([0, 1]), np.array([0, 0]), np.array([healer, healer]))
    assert st.hp[:, 0].tolist() == [23, 20]
    assert st.board_hp[:, 0, tree].tolist() == [2, 6]
    (asked,) = eng.policy.of_kind("target")
    legal = np.flatnonzero(asked.options[0]).tolist()
    assert legal == [player_target(eng, 0), slot_target(eng, 0, tree)]
    assert pile_of(eng, "discard", 0) == pile_of(eng, "discard", 1) == {"the_sylvan_healer": 1}


def test_dead_tree():
    assert "dead_tree" in implemented_cards(load_cards())


def test_ephemeral_brambles():
    eng = engine_with_answers(["ephemeral_brambles"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    brambles = put_on_board(eng, "ephemeral_brambles", PREPARED)
    # Default reading: the Adversary picks the discard, it has no hand, nothing happens.
    activate(eng, G0, P0, np.array([brambles]))
    assert st.adv_hp[:, k].tolist() == [20, 20]
    # Rule option "the players pick": the Adversary loses 3 HP (an HP loss, not damage).
    eng.options = RuleOptions(brambles_chooser="players")
    activate(eng, np.array([1]), P0, np.array([brambles]))
    assert st.adv_hp[:, k].tolist() == [20, 17]
    assert st.damage_to_adversary.tolist() == [0, 0]


# --- Way of the Warrior-Mage ---------------------------------------------------------------


def test_warrior_mage_ritual_end_of_turn():
    eng = engine_with_answers(["warrior_mage_ritual", "fire_whip", "bark_armor"])
    st = eng.state
    put_on_board(eng, "warrior_mage_ritual", RITUAL)
    whip = put_on_board(eng, "fire_whip", EQUIPMENT, locked=mana(fire=3))  # entered on turn 3
    armor = put_on_board(eng, "bark_armor", EQUIPMENT)
    st.board_turn[0, 0, armor] = 2
    end_player_turn(eng, G0, P0)
    assert board_at(eng) == {0: ("warrior_mage_ritual", RITUAL), armor: ("bark_armor", EQUIPMENT)}
    assert pile_of(eng, "discard") == {"fire_whip": 1}
    assert _ether(eng) == [mana(fire=2).tolist(), mana(fire=1).tolist()]
    assert st.board_zone[0, 0, whip] == EMPTY


# --- Fire hooks ---------------------------------------------------------------------------


def _duke_attack(eng, games=G0):
    """The Duke's turn-start effect: 4 damage (3 to a Mage Noir) to the player with most HP."""
    k = int(np.flatnonzero(eng.state.adv_card[games[0]] == lid(eng, "duke"))[0])
    run_trigger(eng, "turn_start", games, np.full(len(games), -1),
                np.full(len(games), lid(eng, "duke")), np.full(len(games), k))


def test_burning_robe():
    # Game 0: +1; game 1 (Mage Noir): +2, and Fiery arrow's own Mage Noir amount (4).
    eng = engine_with_answers(["burning_robe", "fiery_arrow", "rite_of_passage"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "burning_robe", EQUIPMENT)
    arrow = put_on_board(eng, "fiery_arrow", PREPARED)
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    activate(eng, np.array([0, 1]), np.array([0, 0]), np.array([arrow, arrow]))
    assert st.adv_hp[:, k].tolist() == [20 - 4, 20 - 6]
    assert st.hp[:, 0].tolist() == [19, 19]  # then the robe's 1 damage to its controller
    assert st.damage_taken[:, 0].tolist() == [1, 1]


def test_burning_robe_applies_per_instance_to_opposing_targets_only():
    eng = engine_with_answers(["burning_robe", "fire_ball", "violent_wind", "flame_projectile", "dead_tree"])
    st = eng.state
    k = put_adversary(eng, "duke")
    guard = put_adversary(eng, "guard")
    put_on_board(eng, "burning_robe", EQUIPMENT)
    ball = put_on_board(eng, "fire_ball", PREPARED)
    activate(eng, G0, P0, np.array([ball]))
    # Two instances (the guard, then the Duke), each +1, each followed by a self-hit.
    assert st.adv_card[0, guard] == -1  # 2 + 1 = 3 damage: destroyed
    assert st.adv_hp[0, k] == 17
    assert st.hp[0, 0] == 18
    # An Air card: no bonus, no self-hit. A Fire card on an own Permanent: neither.
    tree = put_on_board(eng, "dead_tree", PERMANENT, hp=5)
    wind = put_on_board(eng, "violent_wind", PREPARED)
    eng.policy.forced["target"] = [k, slot_target(eng, 0, tree)]
    activate(eng, G0, P0, np.array([wind]))
    proj = put_on_board(eng, "flame_projectile", PREPARED)
    activate(eng, G0, P0, np.array([proj]))
    assert st.adv_hp[0, k] == 13
    assert st.board_hp[0, 0, tree] == 2
    assert st.hp[0, 0] == 18


def test_crimson_ring():
    # Game 0 pays 1 Fire: 1 damage to the Duke; game 1 declines.
    eng = engine_with_answers(["crimson_ring"], batch=2,
                  optional_payment=lambda eng, games, *a, **c: np.array([1, 0])[games])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    st.reserve[:, 0] = mana(fire=1, water=1)
    _duke_attack(eng, np.array([0, 1]))
    assert st.hp[:, 0].tolist() == [16, 16]
    assert st.adv_hp[:, k].tolist() == [19, 20]
    assert st.reserve[:, 0].tolist() == [mana(water=1).tolist(), mana(fire=1, water=1).tolist()]
    assert _ether(eng, 0) == [mana(fire=1).tolist(), mana().tolist()] and st.ether[1].sum() == 0
    (asked,) = eng.policy.of_kind("optional_payment")
    assert asked.options.tolist() == [[True, True]] * 2
    assert asked.context["card"].tolist() == [lid(eng, "crimson_ring")] * 2


def test_crimson_ring_triggers_on_hp_loss_but_not_on_zero_damage():
    eng = engine_with_answers(["crimson_ring", "bark_armor", "ritual_of_decomposition"], optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    put_on_board(eng, "bark_armor", EQUIPMENT)  # ignores 1 damage from the opponent per turn
    st.reserve[0, 0] = mana(fire=2)
    deal_damage(eng, G0, np.array([-1]), np.array([lid(eng, "duke")]),
                    np.array([player_target(eng, 0)]), np.array([1]))
    assert st.hp[0, 0] == 20 and "optional_payment" not in eng.policy.kinds  # 0: not inflicted
    ritual = put_on_board(eng, "ritual_of_decomposition", RITUAL)
    run_trigger(eng, "turn_start", G0, P0, np.array([lid(eng, "ritual_of_decomposition")]),
                np.array([ritual]))  # lose 1 HP
    assert st.hp[0, 0] == 19 and st.adv_hp[0, k] == 19
    assert len(eng.policy.of_kind("optional_payment")) == 1


def test_crimson_rings_answer_after_a_step_has_hit_every_player():
    """One step is one indivisible action: when it hits both players, both rings answer only
    once both hits have landed (a ring's damage could otherwise end the game in between)."""
    eng = engine_with_answers(["crimson_ring"], players=2, optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    for q in (0, 1):
        put_on_board(eng, "crimson_ring", EQUIPMENT, player=q)
        st.reserve[0, q] = mana(fire=1)
    volley = [{"op": "damage", "amount": 2, "target": "all_players"}]
    # Every ring pays right after it is asked: the HP when each paid is the HP when asked.
    hp_when_asked = hp_at_event(eng, "crimson_pays", lambda: run_steps(
        eng, volley, G0, np.array([ADVERSARY_SIDE]), np.array([lid(eng, "duke")]), None))
    assert hp_when_asked == [[18, 18], [18, 18]]
    assert st.adv_hp[0, k] == 18 and st.reserve[0].sum() == 0


def test_crimson_ring_needs_fire_and_the_adversary():
    eng = engine_with_answers(["crimson_ring"], batch=2)
    st = eng.state
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    st.reserve[1, 0] = mana(fire=1)
    put_adversary(eng, "duke", games=[0])  # game 1: no Adversary to hit
    _duke_attack(eng, G0)  # game 0: no Fire to pay
    lose_hp(eng, np.array([1]), P0, np.array([2]))
    assert st.hp[:, 0].tolist() == [16, 18]
    assert "optional_payment" not in eng.policy.kinds


def test_crimson_ring_and_burning_robe_chain():
    """The ring's damage is a Fire card's: the robe adds 1 and hits back, which triggers the
    ring again (one chain, as the effects-priority sheet's two rings): 3 Fire, 3 payments."""
    eng = engine_with_answers(["crimson_ring", "burning_robe", "fiery_arrow"], optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    put_on_board(eng, "burning_robe", EQUIPMENT)
    arrow = put_on_board(eng, "fiery_arrow", PREPARED)
    st.reserve[0, 0] = mana(fire=3)
    activate(eng, G0, P0, np.array([arrow]))
    assert st.adv_hp[0, k] == 20 - 4 - 3 * 2
    assert st.hp[0, 0] == 20 - 4
    assert st.reserve[0, 0].sum() == 0
    assert _ether(eng) == [mana(fire=2).tolist(), mana(fire=1).tolist()]
    assert len(eng.policy.of_kind("optional_payment")) == 3  # no Fire left: no 4th question


def test_crimson_ring_chain_stops_when_declined():
    eng = engine_with_answers(["crimson_ring", "burning_robe", "fiery_arrow"], optional_payment=[1, 0])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    put_on_board(eng, "burning_robe", EQUIPMENT)
    arrow = put_on_board(eng, "fiery_arrow", PREPARED)
    st.reserve[0, 0] = mana(fire=3)
    activate(eng, G0, P0, np.array([arrow]))
    assert st.adv_hp[0, k] == 14 and st.hp[0, 0] == 18 and st.reserve[0, 0, FIRE] == 2


def test_two_crimson_rings_give_two_chances():
    # Two rings can be in play (an indestructible one survives the second): one chance each.
    eng = engine_with_answers(["crimson_ring"], optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    st.reserve[0, 0] = mana(fire=3)
    _duke_attack(eng)
    assert st.adv_hp[0, k] == 18 and st.reserve[0, 0, FIRE] == 1
    assert len(eng.policy.of_kind("optional_payment")) == 2


def test_ignition():
    eng = engine_with_answers(["ignition", "flame_projectile"], batch=2)
    st = eng.state
    games = np.array([0, 1])
    k = put_adversary(eng, "duke")
    guard = put_adversary(eng, "guard")
    ign = put_on_board(eng, "ignition", PREPARED, locked=mana(fire=3))
    activate(eng, games, np.zeros(2, np.int64), np.array([ign, ign]))
    # Ignition's own discard counts (its effect had started).
    assert st.adv_hp[:, k].tolist() == [19, 19]
    # Game 0: an Adversary card destroyed, then the spell discarded: 2 more.
    proj = put_on_board(eng, "flame_projectile", PREPARED, games=[0])
    eng.policy.forced["target"] = guard
    activate(eng, G0, P0, np.array([proj]))
    assert st.adv_card[0, guard] == -1 and st.adv_hp[0, k] == 17
    # Game 1: the next turn, nothing more.
    turn_boundary(eng, np.array([1]))
    proj = put_on_board(eng, "flame_projectile", PREPARED, games=[1])
    activate(eng, np.array([1]), P0, np.array([proj]))
    assert st.adv_card[1, guard] == -1 and st.adv_hp[1, k] == 19


def test_ignition_not_counting_itself_is_an_option():
    eng = engine_with_answers(["ignition"])
    eng.options = RuleOptions(ignition_counts_itself=False)
    k = put_adversary(eng, "duke")
    ign = put_on_board(eng, "ignition", PREPARED)
    activate(eng, G0, P0, np.array([ign]))
    assert eng.state.adv_hp[0, k] == 20
    assert pile_of(eng, "discard") == {"ignition": 1}


def test_fire_mask():
    eng = engine_with_answers(["fire_mask", "burning_robe", "flame", "fiery_arrow", "kerlochs_robe",
                   "druid_horns"])
    st = eng.state
    robe, arrow, kerloch = (lid(eng, c) for c in ("burning_robe", "fiery_arrow", "kerlochs_robe"))
    flame = WORD_INDEX["Flame"]
    put_on_board(eng, "flame", CHANNELED)
    put_on_board(eng, "druid_horns", EQUIPMENT)
    set_hand(eng, {"burning_robe": 1, "fiery_arrow": 1, "kerlochs_robe": 1})
    st.reserve[0, 0] = mana(fire=3, vegetal=3, arcane=2)
    assert component_shortfall(eng, G0, P0)[0, robe, flame] == 1  # Flame x2, only one
    mask = put_on_board(eng, "fire_mask", EQUIPMENT)
    short = component_shortfall(eng, G0, P0)[0]
    assert short[robe, flame] == 0  # a Fire card's "x2" becomes x1
    assert can_prepare(eng, G0, P0)[0, robe]
    assert short[kerloch, WORD_INDEX["Druid"]] == 1  # a Vegetal card keeps its Druid x2
    assert not can_prepare(eng, G0, P0)[0, kerloch]
    prepare(eng, G0, P0, np.array([robe]))
    (asked,) = eng.policy.of_kind("use_component")
    assert asked.context["word"] == flame
    # The Flame destroyed itself after use: a Fire card needing one Flame still needs it.
    assert board_at(eng) == {1: ("druid_horns", EQUIPMENT), mask: ("fire_mask", EQUIPMENT),
                           3: ("burning_robe", EQUIPMENT)}
    assert component_shortfall(eng, G0, P0)[0, arrow, flame] == 1


# --- Component counts ---------------------------------------------------------------------


def test_prodigious_source():
    eng = engine_with_answers(["prodigious_source", "surging_wave", "unleashed_ocean", "maelstrom"])
    st = eng.state
    wave, ocean = WORD_INDEX["Wave"], lid(eng, "unleashed_ocean")
    ws = put_on_board(eng, "surging_wave", CHANNELED)
    put_on_board(eng, "maelstrom", PERMANENT)
    set_hand(eng, {"unleashed_ocean": 1})
    st.reserve[0, 0] = mana(water=1)
    assert not can_prepare(eng, G0, P0)[0, ocean]  # Wave x2, one Wave
    put_on_board(eng, "prodigious_source", PERMANENT)
    have = component_instances(eng, G0, P0)[0]
    assert have[wave] == 2
    assert have[WORD_INDEX["Maelström"]] == 1  # Permanents excluded
    assert have[WORD_INDEX["Source"]] == 1
    put_on_board(eng, "prodigious_source", PERMANENT)  # copies stack
    assert component_instances(eng, G0, P0)[0, wave] == 3
    prepare(eng, G0, P0, np.array([ocean]))
    asked = eng.policy.of_kind("use_component")
    assert [np.flatnonzero(a.options[0]).tolist() for a in asked] == [[ws], [ws]]
    assert board_at(eng)[4] == ("unleashed_ocean", PERMANENT)
    assert st.board_mana[0, 0, 4].tolist() == mana(water=1).tolist()


def test_great_waters_counts_water_drop_and_prodigious_source():
    eng = engine_with_answers(["great_waters", "water_drop", "droplet", "prodigious_source"], target=0)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "water_drop", CHANNELED)
    put_on_board(eng, "droplet", CHANNELED)
    put_on_board(eng, "prodigious_source", PERMANENT)
    first = put_on_board(eng, "great_waters", PREPARED)
    second = put_on_board(eng, "great_waters", PREPARED)
    # Water drop: 1 + 1 (counted as 2) + 1 (Source); Droplet: 1 + 1 (Source).
    activate(eng, G0, P0, np.array([first]))
    assert st.adv_hp[0, k] == 15
    # Once per turn: the Water drop counts once now.
    activate(eng, G0, P0, np.array([second]))
    assert st.adv_hp[0, k] == 11


def test_prodigious_sowing():
    eng = engine_with_answers(["prodigious_sowing", "seed", "seed_in_the_wind", "hostile_forest",
                   "king_of_trees"])
    st = eng.state
    k = put_adversary(eng, "duke")
    forest, tree = lid(eng, "hostile_forest"), WORD_INDEX["Tree"]
    seeds = [put_on_board(eng, "seed", CHANNELED) for _ in range(3)]
    wind = put_on_board(eng, "seed_in_the_wind", CHANNELED)
    set_hand(eng, {"hostile_forest": 1})
    st.reserve[0, 0] = mana(vegetal=3, mineral=1)
    assert not can_prepare(eng, G0, P0)[0, forest]  # Tree x3, no Tree
    sowing = put_on_board(eng, "prodigious_sowing", PERMANENT)
    assert component_instances(eng, G0, P0)[0, tree] == 3  # up to 3 of the 4 Seeds
    king = put_on_board(eng, "king_of_trees", PERMANENT)
    run_trigger(eng, "turn_start", G0, P0, np.array([lid(eng, "king_of_trees")]),
                np.array([king]))
    assert st.adv_hp[0, k] == 20 - 2 * 4  # the King and 3 Seeds-made-Trees
    prepare(eng, G0, P0, np.array([forest]))
    asked = [np.flatnonzero(a.options[0]).tolist() for a in eng.policy.of_kind("use_component")]
    assert asked[0] == seeds + [king]  # the Seed in the wind is the 4th Seed: not a Tree
    assert wind not in asked[0]
    # Without the Sowing, Seeds are no longer Trees.
    leave_board(eng, G0, P0, np.array([sowing]), TO_DISCARD)
    assert component_instances(eng, G0, P0)[0, tree] == 1  # the King only


def test_tree_in_flames_with_king_of_trees_needs_no_component():
    eng = engine_with_answers(["tree_in_flames", "king_of_trees", "rite_of_passage"], batch=3)
    tif, king = lid(eng, "tree_in_flames"), lid(eng, "king_of_trees")
    put_on_board(eng, "rite_of_passage", RITUAL, games=[0, 1])
    put_on_board(eng, "king_of_trees", PERMANENT, games=[0])
    fewer = fewer_components_allowed(eng, np.arange(3), np.zeros(3, np.int64))
    assert fewer[:, tif].tolist() == [2, 1, 0]  # King + Mage Noir, Mage Noir, neither
    assert fewer[:, king].tolist() == [0, 0, 0]


# --- Water hooks --------------------------------------------------------------------------


def test_subtle_infiltration():
    eng = engine_with_answers(["subtle_infiltration"], trade_give=FIRE, release_locked_mana=[FIRE])
    st = eng.state
    k = put_adversary(eng, "duke")
    inf = put_on_board(eng, "subtle_infiltration", PERMANENT, locked=mana(fire=1, water=1))
    st.reserve[0, 0] = mana(fire=4)
    st.ether[0, 0] = mana(water=2)
    trade(eng, G0, P0, np.array([WATER]))  # 2 Fire into pile 0, 1 Water out
    assert st.adv_hp[0, k] == 19
    assert st.board_mana[0, 0, inf].tolist() == mana(water=1).tolist()
    assert _ether(eng) == [mana(fire=2, water=1).tolist(), mana(fire=1).tolist()]
    (release,) = eng.policy.of_kind("release_locked_mana")
    assert np.flatnonzero(release.options[0]).tolist() == [FIRE, WATER]
    trade(eng, G0, P0, np.array([WATER]))
    # 1 more damage, its last Mana released (to pile 1): discarded; then it takes up to 2
    # Water from the Ether: only 1 is left (pile 1).
    assert st.adv_hp[0, k] == 18
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"subtle_infiltration": 1}
    assert st.reserve[0, 0].tolist() == mana(water=3).tolist()
    assert _ether(eng) == [mana(fire=4).tolist(), mana(fire=1).tolist()]
    (take,) = eng.policy.of_kind("take_mana")
    n = len(ELEMENTS)
    assert np.flatnonzero(take.options[0]).tolist() == [n + WATER, 2 * n]  # pile 1's Water, or stop


def test_subtle_infiltration_ignores_trades_without_water():
    eng = engine_with_answers(["subtle_infiltration"], trade_give=FIRE)
    st = eng.state
    k = put_adversary(eng, "duke")
    inf = put_on_board(eng, "subtle_infiltration", PERMANENT, locked=mana(water=2))
    st.reserve[0, 0] = mana(fire=2)
    st.ether[0, 0] = mana(air=1)
    trade(eng, G0, P0, np.array([AIR]))
    assert st.adv_hp[0, k] == 20 and st.board_mana[0, 0, inf].tolist() == mana(water=2).tolist()


def test_unleashed_ocean():
    eng = engine_with_answers(["unleashed_ocean", "surging_wave", "purifying_wave"])
    st = eng.state
    k = put_adversary(eng, "duke")
    ocean = put_on_board(eng, "unleashed_ocean", PERMANENT, locked=mana(water=3))
    surging = put_on_board(eng, "surging_wave", CHANNELED)
    purifying = put_on_board(eng, "purifying_wave", CHANNELED)
    # The player orders the Waves: the Purifying wave heals them first, then 3 damage.
    eng.policy.forced["own_component"] = [purifying, surging, purifying, surging]
    eng.policy.forced["target"] = [player_target(eng, 0), k, player_target(eng, 0), k]
    turn_start(eng, G0, P0)
    assert st.hp[0, 0] == 22 and st.adv_hp[0, k] == 17
    assert st.board_mana[0, 0, ocean].tolist() == mana(water=1).tolist()  # 2 Waves: 2 released
    assert _ether(eng) == [mana(water=1).tolist(), mana(water=1).tolist()]
    asked = eng.policy.of_kind("own_component")
    assert asked[0].context["word"] == "Wave"
    assert np.flatnonzero(asked[0].options[0]).tolist() == [surging, purifying]
    assert np.flatnonzero(asked[1].options[0]).tolist() == [surging]
    # Next turn: the Waves apply even with 1 Mana left; it releases it and is discarded.
    turn_start(eng, G0, P0)
    assert st.hp[0, 0] == 24 and st.adv_hp[0, k] == 14
    assert board_at(eng) == {surging: ("surging_wave", CHANNELED),
                           purifying: ("purifying_wave", CHANNELED)}
    assert pile_of(eng, "discard") == {"unleashed_ocean": 1}
    assert _ether(eng) == [mana(water=2).tolist(), mana(water=1).tolist()]


# --- registry -----------------------------------------------------------------------------


@pytest.mark.parametrize("deck", ["air-winds", "water-tides", "vegetal-grove"])
def test_example_decks_are_playable(deck):
    db = load_cards()
    cards = {cid for cid, _ in load_deck(DECKS / f"{deck}.txt", db).counts}
    assert cards <= implemented_cards(db)


def test_static_handlers_refuse_to_run_as_steps():
    eng = engine_with_answers(["water_drop"])
    step = {"op": "handler", "name": "water_drop"}
    with pytest.raises(EngineError):
        run_steps(eng, [step], G0, P0, np.array([lid(eng, "water_drop")]), None)


def test_elements_order_is_the_one_these_tests_assume():
    assert ELEMENTS.index("fire") == FIRE and ELEMENTS.index("arcane") == ARCANE
    assert ELEMENTS.index("mineral") == MINERAL and ELEMENTS.index("vegetal") == VEGETAL


def test_an_adversary_cards_targets_are_chosen_when_it_is_applied():
    # Co-op, player 1 has the most HP: an Adversary effect of two "player with the most HP"
    # steps aims both when it is applied (R7.2), so both land on player 1, although after the
    # first one player 2 has the most HP.
    eng = engine_with_answers(["flame"], players=2)
    st = eng.state
    st.hp[0] = [20, 18]
    duke = lid(eng, "duke")
    steps = [{"op": "damage", "amount": 3, "target": "player_most_hp"}] * 2
    run_steps(eng, steps, G0, np.array([ADVERSARY_SIDE]), np.array([duke]), None)
    assert eng.policy.kinds == ["target", "target"]
    assert st.hp[0].tolist() == [14, 18]


def test_fission_destroy_target_is_chosen_before_the_discard():
    # Fission: discard 1 card, then destroy 1 Permanent. The Permanent is designated when it
    # is announced, before the discard (chosen when its step resolves) is asked.
    eng = engine_with_answers(["fission", "flame"])
    k = put_adversary(eng, "guard")
    set_hand(eng, {"flame": 1})
    fission = put_on_board(eng, "fission", PREPARED)
    activate(eng, G0, P0, np.array([fission]))
    assert eng.policy.kinds[:2] == ["destroy_target", "discard_from_hand"]
    assert eng.state.adv_card[0, k] == -1
