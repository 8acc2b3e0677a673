"""The Sun extension's official rulings that no card test checked yet (docs/rulings.md lists
every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    discard_of,
    effective_cost,
    hand_of,
    make_engine,
    mana,
    put_on_board,
    set_deck,
    set_ether,
    summon_duke,
)
from engine_fixtures import G0, P0
from ruling_positions import begin_turn

from simulator.engine.host import api
from simulator.engine.rules.layout import PERMANENT, PREPARED


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
