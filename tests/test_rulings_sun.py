"""The Sun extension's official rulings that no card test checked yet (docs/rulings.md lists
every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    effective_cost,
    hand_of,
    lid,
    make_engine,
    mana,
    put_on_board,
    set_deck,
    set_ether,
    set_reserve,
    summon_duke,
)
from engine_fixtures import G0, P0, ability_legal, run_steps
from ruling_positions import ZENITH_ORDER_CARDS, activate_slot, begin_turn, zenith_around_an_upkeep

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, PERMANENT, PREPARED, RITUAL

DUKE = adv_target(0)


def test_artificial_sun_upkeep_before_the_draw_and_the_pile():
    """No Fire in the reserve as the turn begins: the Sun goes, though both piles hold Fire
    (they reach the reserve only with the pile taken after the draw)."""
    eng = make_engine(["artificial_sun", "seed"], policy=ScriptedPolicy({"pay_upkeep": 1}))
    summon_duke(eng)
    put_on_board(eng, 0, "artificial_sun", PERMANENT)
    set_ether(eng, 0, fire=1)
    set_ether(eng, 1, fire=1)
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)
    assert int(eng.state.adv_hp[0, 0]) == 19 and int(eng.state.hp[0, 0]) == 19
    assert discard_of(eng, 0) == {"artificial_sun": 1} and hand_of(eng, 0) == {"seed": 1}
    assert eng.state.reserve[0, 0].tolist() == mana(fire=1)


def test_dawn_saving_a_sun_draws_nothing_even_for_a_mage_noir():
    """Its Mage Noir draw belongs to its activation: discarded in a Sun's place (an unpaid
    upkeep), it draws nothing, though its controller is a Mage Noir with a deck to draw."""
    eng = make_engine(["dawn", "artificial_sun", "zenith_ritual", "seed"])
    summon_duke(eng)
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    sun = put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    put_on_board(eng, 0, "dawn", PREPARED, mana(fire=1, arcane=1))
    set_deck(eng, 0, ["seed", "seed"])
    api.turn_start(eng, G0, P0)  # 1 damage each, then 1 Fire it cannot pay
    assert board_of(eng, 0)[sun] == ("artificial_sun", PERMANENT)
    assert discard_of(eng, 0) == {"dawn": 1}
    assert hand_of(eng, 0) == {}


def test_sun_catalyst_does_not_lower_a_sun_card():
    """At Zenith the Solar cards cost 1 Fire less; Sun blade, a Sun card, does not."""
    eng = make_engine(["sun_catalyst", "sun_blade", "solar_burn", "seed"])
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    set_deck(eng, 0, ["seed"])
    begin_turn(eng)
    assert eng.state.zenith[0, 0]
    assert effective_cost(eng, 0, "solar_burn") == mana(fire=2)
    assert effective_cost(eng, 0, "sun_blade") == mana(fire=4, mineral=1)


def test_sunflower_fields_never_make_a_cost_negative():
    """Four fields take 4 Fire off Artificial sun's 3: it costs 0, not less."""
    eng = make_engine(["sunflower_field", "artificial_sun"])
    for _ in range(4):
        put_on_board(eng, 0, "sunflower_field", PERMANENT)
    assert effective_cost(eng, 0, "artificial_sun") == mana()


def test_solar_eruption_twice_never_makes_a_cost_negative():
    """Two Solar eruptions: Mons Igneus' 2 Mineral and Tornado's 3 Air each drop to 0, never
    below; the other elements stay."""
    eng = make_engine(["solar_eruption", "tornado", "mons_igneus", "seed"])
    set_deck(eng, 0, ["seed", "seed"])
    for _ in range(2):
        eruption = put_on_board(eng, 0, "solar_eruption", PREPARED, mana(fire=1, air=1))
        api.activate(eng, G0, P0, np.array([eruption]))
    assert effective_cost(eng, 0, "mons_igneus") == mana(fire=2)
    assert effective_cost(eng, 0, "tornado") == mana()


# --- Zenith is a start-of-turn effect its player places among the others ----------------------
# Each Sun card with Zenith repeats the ruling; each test below shows that card's own Zenith
# effect following the order chosen (tests/ruling_positions.py: zenith_around_an_upkeep).


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


@pytest.mark.parametrize("zenith_first", [True, False])
def test_solar_burn_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    """Solar burn in preparation, a Flame channeled: at Zenith its controller discards a
    component (the Flame, the only one left) and the opponent takes 1 more."""
    eng = make_engine(["solar_burn", *ZENITH_ORDER_CARDS], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    burn = put_on_board(eng, 0, "solar_burn", PREPARED, mana(fire=3))
    flame = put_on_board(eng, 0, "flame", CHANNELED)
    zenith_around_an_upkeep(eng, zenith_first)
    activate_slot(eng, burn)
    assert _duke_hp(eng) == (17 if zenith_first else 16)
    assert (flame in board_of(eng, 0)) == zenith_first


@pytest.mark.parametrize("zenith_first", [True, False])
def test_solar_explosion_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    eng = make_engine(["solar_explosion", *ZENITH_ORDER_CARDS],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    boom = put_on_board(eng, 0, "solar_explosion", PREPARED, mana(fire=4, air=1, arcane=1))
    put_on_board(eng, 0, "flame", CHANNELED)
    zenith_around_an_upkeep(eng, zenith_first)
    activate_slot(eng, boom)
    assert _duke_hp(eng) == (20 if zenith_first else 11)


@pytest.mark.parametrize("zenith_first", [True, False])
def test_solar_gold_ore_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    """Channeled, beside a Seed in preparation: Indestructible at Zenith, so a destroy of every
    Ore leaves it."""
    eng = make_engine(["solar_gold_ore", *ZENITH_ORDER_CARDS])
    ore = put_on_board(eng, 0, "solar_gold_ore", CHANNELED, mana(fire=1, mineral=2))
    put_on_board(eng, 0, "seed", PREPARED)
    zenith_around_an_upkeep(eng, zenith_first)
    run_steps(eng, [{"op": "destroy_all", "whose": "every", "word": "Ore"}],
              G0, P0, np.array([lid(eng, "seed")]), None)
    assert (board_of(eng, 0).get(ore) == ("solar_gold_ore", CHANNELED)) != zenith_first


@pytest.mark.parametrize("zenith_first", [True, False])
def test_solar_invocation_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    """At Zenith 2 damage as well; either way the Mental flame, now on top of the discard
    pile, comes back into play channeled."""
    eng = make_engine(["solar_invocation", *ZENITH_ORDER_CARDS],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    invocation = put_on_board(eng, 0, "solar_invocation", PREPARED, mana(fire=2))
    put_on_board(eng, 0, "flame", CHANNELED)
    zenith_around_an_upkeep(eng, zenith_first)
    activate_slot(eng, invocation)
    assert _duke_hp(eng) == (20 if zenith_first else 18)
    assert ("mental_flame", CHANNELED) in board_of(eng, 0).values()


@pytest.mark.parametrize("zenith_first", [True, False])
def test_solar_winds_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    eng = make_engine(["solar_winds", *ZENITH_ORDER_CARDS], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    winds = put_on_board(eng, 0, "solar_winds", PREPARED, mana(fire=2, air=1))
    put_on_board(eng, 0, "flame", CHANNELED)
    zenith_around_an_upkeep(eng, zenith_first)
    assert hand_of(eng, 0) == {"seed": 1}  # the draw phase's
    activate_slot(eng, winds)
    assert _duke_hp(eng) == 17
    assert hand_of(eng, 0) == {"seed": 1 if zenith_first else 2}


@pytest.mark.parametrize("zenith_first", [True, False])
def test_sun_catalyst_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    """The catalyst, a Permanent, is not counted; Fire ball in preparation and a Flame
    channeled are: at Zenith Solar burn costs 1 Fire less."""
    eng = make_engine(["sun_catalyst", "solar_burn", *ZENITH_ORDER_CARDS])
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    put_on_board(eng, 0, "fire_ball", PREPARED, mana(fire=2))
    put_on_board(eng, 0, "flame", CHANNELED)
    zenith_around_an_upkeep(eng, zenith_first)
    assert effective_cost(eng, 0, "solar_burn") == mana(fire=3 if zenith_first else 2)


@pytest.mark.parametrize("zenith_first", [True, False])
def test_zenith_ritual_zenith_placed_after_an_upkeep_that_evens_the_counts(zenith_first):
    """The ritual is not counted; Fire ball in preparation and Solar winds channeled are: at
    Zenith its ability (1 Fire: activate a channeled spell) may be used."""
    eng = make_engine(["zenith_ritual", "solar_winds", *ZENITH_ORDER_CARDS])
    ritual = put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    put_on_board(eng, 0, "solar_winds", CHANNELED, mana(fire=2, air=1))
    put_on_board(eng, 0, "fire_ball", PREPARED, mana(fire=2))
    zenith_around_an_upkeep(eng, zenith_first)
    set_reserve(eng, 0, fire=1)  # after the upkeep, which had none
    assert bool(ability_legal(eng, G0, P0)[0, ritual]) != zenith_first
