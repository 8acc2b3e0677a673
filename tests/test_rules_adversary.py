"""The Adversary's turn and the Duke (solo rulesheet: "Adversary turns", "Application of the
card"; the Duke card as printed there)."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    ScriptedPolicy,
    ether_total,
    lid,
    make_engine,
    mana,
    player_target,
    put_adversary,
    put_on_board,
    set_adversary_deck,
)

from simulator.engine.host.api import adversary_turn, deal_damage
from simulator.engine.rules.layout import RITUAL, RUNNING, WIN
from simulator.engine.rules.options import RuleOptions

G0 = np.array([0])
FIRE = 0


def _adversary_engine(players=1, **options):
    policy = ScriptedPolicy({"mana_element": FIRE, "ether_start_pile": 0})
    eng = make_engine(["rite_of_passage", "flame"], players=players, policy=policy,
                      options=RuleOptions(**options))
    return eng, policy


def _adv_discard(eng) -> dict[str, int]:
    return {eng.tables.ids[c]: int(n) for c, n in enumerate(eng.state.adv_discard[0]) if n}


# --- application of the card ---------------------------------------------------------------


def test_card_without_keyword_applies_then_discards_then_adds_its_mana_value():
    eng, policy = _adversary_engine()
    st = eng.state
    set_adversary_deck(eng, ["volley"])
    adversary_turn(eng, G0)
    assert st.hp[0, 0] == 18
    assert _adv_discard(eng) == {"adv:volley": 1}
    assert (st.adv_card[0] == -1).all() and st.adv_deck_len[0] == 0
    # Mana value 2, elements chosen by the players (forced fire), placed 1 + 1.
    assert st.ether[0].tolist() == [mana(fire=1).tolist(), mana(fire=1).tolist()]
    asked = policy.of_kind("mana_element")
    assert len(asked) == 2 and all(a.players.tolist() == [0] for a in asked)


def test_keyword_card_stays_in_play_and_acts_on_arrival_and_every_adversary_turn():
    eng, _ = _adversary_engine()
    st = eng.state
    set_adversary_deck(eng, ["volley", "guard"])  # guard on top
    adversary_turn(eng, G0)
    guard = lid(eng, "guard")
    assert st.adv_card[0, 0] == guard and st.adv_hp[0, 0] == 3
    assert st.hp[0, 0] == 19  # its turn_start applied on arrival
    assert ether_total(eng)[0] == 1  # its Mana value on arrival (adversary_mana_on_arrival)
    assert _adv_discard(eng) == {}
    adversary_turn(eng, G0)
    assert st.adv_card[0, 0] == guard
    assert st.hp[0, 0] == 19 - 1 - 2  # guard again, then volley
    assert ether_total(eng)[0] == 1 + 1 + 2
    assert _adv_discard(eng) == {"adv:volley": 1}


def test_keyword_card_mana_on_arrival_option_off():
    eng, _ = _adversary_engine(adversary_mana_on_arrival=False)
    set_adversary_deck(eng, ["volley", "guard"])
    adversary_turn(eng, G0)
    assert ether_total(eng)[0] == 0 and eng.state.hp[0, 0] == 19
    adversary_turn(eng, G0)
    assert ether_total(eng)[0] == 1 + 2


def test_adversary_cards_aim_at_the_active_player():
    eng, _ = _adversary_engine(players=2)
    eng.active[0] = 1
    set_adversary_deck(eng, ["volley"])
    adversary_turn(eng, G0)
    assert eng.state.hp[0].tolist() == [20, 18]
    assert all(a.players.tolist() == [1] for a in eng.policy.of_kind("mana_element"))


def test_adversary_deck_reshuffles_its_discard_pile_when_empty():
    eng, _ = _adversary_engine()
    st = eng.state
    st.adv_discard[0, lid(eng, "volley")] = 2
    adversary_turn(eng, G0)
    assert st.shuffle_count[0, -1] == 1
    assert st.adv_deck_len[0] == 1 and st.adv_deck[0, 0] == lid(eng, "volley")
    assert _adv_discard(eng) == {"adv:volley": 1}
    assert st.hp[0, 0] == 18


def test_reshuffle_conserves_adversary_cards():
    eng, _ = _adversary_engine()
    st = eng.state
    st.adv_discard[0, lid(eng, "volley")] = 3
    st.adv_discard[0, lid(eng, "guard")] = 1
    for _ in range(6):
        adversary_turn(eng, G0)
        in_play = (st.adv_card[0] >= 0).sum()
        assert st.adv_deck_len[0] + st.adv_discard[0].sum() + in_play == 4
    assert (st.adv_card[0] == lid(eng, "guard")).sum() == 1


def test_nothing_to_draw_when_every_card_is_in_play():
    eng, _ = _adversary_engine()
    put_adversary(eng, "guard")
    adversary_turn(eng, G0)
    assert eng.state.hp[0, 0] == 19 and ether_total(eng)[0] == 1
    assert eng.state.adv_deck_len[0] == 0


# --- the Duke ------------------------------------------------------------------------------


def test_duke_arrives_and_strikes_at_once():
    eng, _ = _adversary_engine()
    st = eng.state
    set_adversary_deck(eng, ["duke"])
    adversary_turn(eng, G0)
    assert st.adv_card[0, 0] == lid(eng, "duke") and st.adv_hp[0, 0] == 20
    assert st.hp[0, 0] == 16
    assert ether_total(eng)[0] == 4


def _duke_turn(hp, mage_noir=(), target=None):
    policy = ScriptedPolicy({"mana_element": FIRE, "ether_start_pile": 0})
    if target is not None:
        policy.forced["target"] = target
    eng = make_engine(["rite_of_passage"], players=len(hp), policy=policy)
    eng.state.hp[0] = hp
    for q in mage_noir:
        put_on_board(eng, "rite_of_passage", RITUAL, player=q, locked=mana(arcane=2))
    put_adversary(eng, "duke")
    adversary_turn(eng, G0)
    return eng, policy


def test_rite_of_passage_makes_a_mage_noir():
    eng = make_engine(["rite_of_passage"])
    assert {"kind": "mage_noir"} in [dict(s) for s in eng.tables.effects[0]["static"]]


def test_duke_deals_4_to_the_player_with_the_most_hp():
    eng, policy = _duke_turn([15, 20])
    assert eng.state.hp[0].tolist() == [15, 16]
    (asked,) = policy.of_kind("target")
    k = player_target(eng, 0)
    assert np.flatnonzero(asked.options[0]).tolist() == [k + 1]


def test_duke_deals_3_to_a_mage_noir():
    eng, _ = _duke_turn([20, 15], mage_noir=[0])
    assert eng.state.hp[0].tolist() == [17, 15]


@pytest.mark.parametrize("chosen", [0, 1])
def test_duke_tie_is_the_players_decision(chosen):
    probe = make_engine([], players=2)
    eng, policy = _duke_turn([18, 18], target=player_target(probe, chosen))
    (asked,) = policy.of_kind("target")
    k = player_target(eng, 0)
    assert np.flatnonzero(asked.options[0]).tolist() == [k, k + 1]
    assert asked.context["purpose"] == "damage"
    expected = [18, 18]
    expected[chosen] -= 4
    assert eng.state.hp[0].tolist() == expected


def test_duke_tie_with_a_mage_noir_chosen_takes_3():
    probe = make_engine([], players=2)
    eng, _ = _duke_turn([18, 18], mage_noir=[1], target=player_target(probe, 1))
    assert eng.state.hp[0].tolist() == [18, 15]


def test_duke_ignores_players_who_are_out():
    eng = make_engine(["rite_of_passage"], players=2,
                      policy=ScriptedPolicy({"mana_element": FIRE, "ether_start_pile": 0}))
    st = eng.state
    st.hp[0] = [30, 10]
    st.out[0, 0] = True
    put_adversary(eng, "duke")
    adversary_turn(eng, G0)
    assert st.hp[0].tolist() == [30, 6]


def test_destroying_the_duke_wins():
    eng = make_engine(["flame"])
    st = eng.state
    st.turn[0] = 7
    k = put_adversary(eng, "duke")
    src = np.array([lid(eng, "flame")])
    deal_damage(eng, G0, np.array([0]), src, np.array([k]), np.array([5]))
    assert st.adv_hp[0, k] == 15 and st.outcome[0] == RUNNING
    assert st.damage_to_adversary[0] == 5
    deal_damage(eng, G0, np.array([0]), src, np.array([k]), np.array([15]))
    assert st.outcome[0] == WIN and st.end_turn[0] == 7
    assert st.adv_card[0, k] == -1 and st.adv_hp[0, k] == 0
    assert _adv_discard(eng) == {"adv:duke": 1}
    assert st.damage_to_adversary[0] == 20


def test_destroying_another_adversary_card_does_not_win():
    eng = make_engine(["flame"])
    st = eng.state
    k = put_adversary(eng, "guard")
    deal_damage(eng, G0, np.array([0]), np.array([lid(eng, "flame")]), np.array([k]),
                np.array([3]))
    assert st.adv_card[0, k] == -1 and st.outcome[0] == RUNNING
    assert st.damage_to_adversary[0] == 0  # only damage to the Adversary card itself counts


def test_the_turn_the_adversary_card_arrives_is_kept_for_the_report():
    eng, _ = _adversary_engine()
    st = eng.state
    st.turn[0] = 4
    set_adversary_deck(eng, ["duke", "volley"])  # volley on top: not the Adversary card
    adversary_turn(eng, G0)
    assert st.adversary_arrived[0] == 0
    st.turn[0] = 5
    adversary_turn(eng, G0)
    assert st.adv_card[0, 0] == lid(eng, "duke") and st.adversary_arrived[0] == 5
