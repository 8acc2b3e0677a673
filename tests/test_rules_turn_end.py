"""The trigger ``opponent_turn_end`` (docs/rules.md R9.4) and the count ``opponent_reserve``:
a card in play acts at the end of each opponent's turn. A test Adversary card answers the end
of a player's turn here; the players' cards (Brinicle) have their tests in
tests/test_cards_ice.py."""

from __future__ import annotations

from engine_fixtures import G0, P0, make_engine, mana, put_adversary, tiny_scenario, transcript_of

from simulator.engine.host import api

FROSTBITE = """
[[card]]
id = "frostbite"
name = "Frostbite"
kind = "keyword"
keyword = "Permanent"
mana_value = 0
hp = 3
source = "approximation"
effect.opponent_turn_end = [
  { op = "damage", amount = 1, per = "opponent_reserve:water", target = "active_player" },
]
"""


def test_opponent_turn_end_hits_once_per_water_in_the_reserve_in_one_instance():
    scenario = tiny_scenario(FROSTBITE, "duke = 1, guard = 1, volley = 1, frostbite = 1")
    eng = make_engine(["zephyr"], scenario=scenario)
    eng.state.turn[:] = 3
    put_adversary(eng, "adv:frostbite")
    eng.state.reserve[0, 0] = mana(water=3, fire=2)
    lines = transcript_of(eng, lambda: api.end_player_turn(eng, G0, P0))
    assert eng.state.hp[0, 0] == 17
    assert "  Frostbite: the opponent's turn ends" in lines
    assert sum("takes 3 damage" in line for line in lines) == 1  # one instance of 3
