""""On draw" triggers (docs/rules.md R9.4, R15.6): ``own_draw`` / ``opponent_draw`` of a card in
play, one triggered action per card drawn; ``draw_number:N`` answers only the drawer's Nth draw
of the turn; the Adversary's reveal is its draw (rule option ``adversary_reveal_is_draw``).

The cards here are test Adversary cards in play (the players' cards with draw triggers have
their own tests in tests/test_cards_ice.py)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    lid,
    make_engine,
    put_adversary,
    run_steps,
    set_adversary_deck,
    set_deck,
    tiny_scenario,
    transcript_of,
)

from simulator.engine.host import api
from simulator.engine.rules.layout import ADVERSARY_SIDE, P_MAX
from simulator.engine.rules.options import RuleOptions

WATCHERS = """
[[card]]
id = "frost_eye"
name = "Frost eye"
kind = "keyword"
keyword = "Permanent"
mana_value = 0
hp = 3
source = "approximation"
effect.opponent_draw = [ { op = "damage", amount = 1, target = "active_player" } ]

[[card]]
id = "second_sight"
name = "Second sight"
kind = "keyword"
keyword = "Permanent"
mana_value = 0
hp = 3
source = "approximation"
effect.opponent_draw = [ { op = "damage", amount = 3, target = "active_player", if = "draw_number:2" } ]

[[card]]
id = "hoarder"
name = "Hoarder"
kind = "keyword"
keyword = "Permanent"
mana_value = 0
hp = 3
source = "approximation"
effect.own_draw = [ { op = "heal", amount = 2, target = "adversary" } ]
"""


def _engine(options: RuleOptions | None = None):
    scenario = tiny_scenario(WATCHERS, "duke = 1, guard = 1, volley = 1, frost_eye = 1, "
                                       "second_sight = 1, hoarder = 1")
    eng = make_engine(["zephyr"], scenario=scenario, options=options)
    eng.state.turn[:] = 3
    return eng


def test_opponent_draw_answers_each_card_and_the_second_draw_once():
    eng = _engine()
    put_adversary(eng, "adv:frost_eye")
    put_adversary(eng, "adv:second_sight")
    set_deck(eng, ["zephyr"] * 5)
    lines = transcript_of(eng, lambda: api.draw(eng, G0, P0, np.array([3])))
    assert lines.count("  Frost eye: the opponent draws") == 3
    assert lines.count("  Second sight: the opponent draws") == 1
    # three draws: 1 damage each, and 3 more on the second draw only
    assert eng.state.hp[0, 0] == 20 - 3 - 3
    assert eng.state.draws_this_turn[0, 0] == 3


def test_draw_count_starts_again_each_turn_the_adversarys_too():
    eng = _engine()
    put_adversary(eng, "adv:second_sight")
    set_deck(eng, ["zephyr"] * 5)
    set_adversary_deck(eng, ["adv:volley"])
    api.draw(eng, G0, P0, np.array([1]))
    api.adversary_turn(eng, G0)  # a new turn: Volley hits for 2
    assert eng.state.hp[0, 0] == 18
    api.draw(eng, G0, P0, np.array([1]))  # the first draw of this turn: no second draw yet
    assert eng.state.hp[0, 0] == 18
    api.draw(eng, G0, P0, np.array([1]))
    assert eng.state.hp[0, 0] == 15


def test_adversary_reveal_is_its_draw_and_resolves_before_the_card_applies():
    eng = _engine()
    slot = put_adversary(eng, "adv:hoarder", hp=3)
    duke = put_adversary(eng, "adv:duke", hp=10)
    set_adversary_deck(eng, ["adv:volley"])
    api.adversary_turn(eng, G0)
    # the Duke hits 4, the reveal heals the Adversary 2, then Volley hits 2
    assert eng.state.adv_hp[0, duke] == 12
    assert eng.state.hp[0, 0] == 20 - 4 - 2
    assert eng.state.adv_card[0, slot] == lid(eng, "adv:hoarder")


def test_adversary_reveal_is_no_draw_when_the_option_is_off():
    eng = _engine(RuleOptions(adversary_reveal_is_draw=False))
    put_adversary(eng, "adv:hoarder", hp=3)
    duke = put_adversary(eng, "adv:duke", hp=10)
    set_adversary_deck(eng, ["adv:volley"])
    api.adversary_turn(eng, G0)
    assert eng.state.adv_hp[0, duke] == 10


def test_opponent_drew_counts_the_opponents_draws_this_turn():
    """``if = "opponent_drew:2"``: a player's opponent is the Adversary (its reveals), an
    Adversary card's every player (the most any one drew)."""
    eng = _engine()
    st = eng.state
    duke = put_adversary(eng, "adv:duke", hp=10)
    hit = [{"op": "damage", "amount": 1, "target": "opponent", "if": "opponent_drew:2"}]
    st.draws_this_turn[0, P_MAX] = 1
    run_steps(eng, hit, G0, 0, lid(eng, "zephyr"), -1)
    assert st.adv_hp[0, duke] == 10
    st.draws_this_turn[0, P_MAX] = 2
    run_steps(eng, hit, G0, 0, lid(eng, "zephyr"), -1)
    assert st.adv_hp[0, duke] == 9
    set_deck(eng, ["zephyr"] * 5)
    api.draw(eng, G0, P0, np.array([1]))
    run_steps(eng, hit, G0, ADVERSARY_SIDE, lid(eng, "adv:volley"), -1)
    assert st.hp[0, 0] == 20  # the player drew 1
    api.draw(eng, G0, P0, np.array([1]))
    run_steps(eng, hit, G0, ADVERSARY_SIDE, lid(eng, "adv:volley"), -1)
    assert st.hp[0, 0] == 19
