"""The rule options that hold two readings of an unclear card text against the Adversary
(docs/rules.md R16, Q16-Q18): each card played on a small hand-built position under both
readings, the exact state after. Named after the cards, so that blanking a card fails them."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_discard_of,
    adv_target,
    board_of,
    deck_list,
    discard_of,
    ether_of,
    make_engine,
    mana,
    put_on_board,
    set_deck,
    set_reserve,
    start_turn,
    summon_duke,
)
from engine_fixtures import player_target, set_adversary_deck

from simulator.engine.rules.layout import EQUIPMENT, PERMANENT, PREPARED
from simulator.engine.rules.options import RuleOptions

DUKE = adv_target(0)


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _hp(eng, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


def _adversary_deck(eng) -> list[str]:
    st = eng.state
    return [eng.info.ids[int(c)] for c in st.adv_deck[0, :st.adv_deck_len[0]]]


@pytest.mark.parametrize("include", [True, False])
def test_artificial_sun_all_players_and_the_adversary(include):
    """1 damage to ALL players at its controller's turn start: the Duke too under the default
    reading, the two players only under the other."""
    eng = make_engine(["artificial_sun", "seed"], players=2,
                      options=RuleOptions(all_players_include_adversary=include),
                      policy=ScriptedPolicy({"pay_upkeep": 1}))
    summon_duke(eng)
    sun = put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    set_reserve(eng, 0, fire=1)
    start_turn(eng, 0)
    assert _duke_hp(eng) == (19 if include else 20)
    assert _hp(eng, 0) == 19 and _hp(eng, 1) == 19
    assert board_of(eng, 0) == {sun: ("artificial_sun", PERMANENT)}  # upkeep paid either way


@pytest.mark.parametrize("include", [True, False])
def test_sun_blade_all_players_and_the_adversary(include):
    """Its last Fire released: 5 damage to ALL players (the Duke too under the default
    reading, the players only under the other), then it is destroyed either way."""
    eng = make_engine(["sun_blade", "seed"], players=2,
                      options=RuleOptions(all_players_include_adversary=include))
    summon_duke(eng)
    put_on_board(eng, 0, "sun_blade", EQUIPMENT, mana(fire=1, mineral=1))
    start_turn(eng, 0)
    assert _duke_hp(eng) == (15 if include else 20)
    assert _hp(eng, 0) == 15 and _hp(eng, 1) == 15
    assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"sun_blade": 1}


@pytest.mark.parametrize("adds", [True, False])
def test_leap_in_time_on_the_adversary_and_its_mana_value(adds):
    """Phasing out the Adversary discards its bottom card (a Crossbow volley, Mana value 2)
    under both readings; only the default one adds that Mana value to the Available Ether
    (of the element the players choose: Fire here)."""
    eng = make_engine(["leap_in_time"], options=RuleOptions(leap_in_time_adversary_mana=adds),
                      policy=ScriptedPolicy({"target": DUKE, "mana_element": 0,
                                             "ether_start_pile": 0}))
    summon_duke(eng)
    set_adversary_deck(eng, ["adv:crossbow_volley", "adv:ducal_guard", "adv:ambush"])
    slot = put_on_board(eng, 0, "leap_in_time", PREPARED, mana(arcane=1))
    activate(eng, 0, slot)
    assert _adversary_deck(eng) == ["adv:ducal_guard", "adv:ambush"]
    assert adv_discard_of(eng) == {"adv:crossbow_volley": 1}
    # its own Arcane is released as it goes to the discard pile, under both readings
    assert _ether_total(eng) == (mana(fire=2, arcane=1) if adds else mana(arcane=1))
    assert discard_of(eng, 0) == {"leap_in_time": 1}


@pytest.mark.parametrize("adds", [True, False])
def test_leap_in_time_on_a_player_adds_the_cost_under_both_readings(adds):
    """The option is about Adversary cards only: a player's phased card adds its cost."""
    eng = make_engine(["leap_in_time", "zephyr", "flame"],
                      options=RuleOptions(leap_in_time_adversary_mana=adds),
                      policy=ScriptedPolicy({"target": player_target(None, 0),
                                             "ether_start_pile": 0}))
    set_deck(eng, 0, ["zephyr", "flame"])  # Zephyr (2 Air) at the bottom
    slot = put_on_board(eng, 0, "leap_in_time", PREPARED, mana(arcane=1))
    activate(eng, 0, slot)
    assert deck_list(eng, 0) == ["flame"]
    assert discard_of(eng, 0) == {"leap_in_time": 1, "zephyr": 1}
    assert _ether_total(eng) == mana(air=2, arcane=1)


def _ether_total(eng) -> list[int]:
    return np.asarray(ether_of(eng)).sum(axis=0).tolist()


@pytest.mark.parametrize("mills", [True, False])
def test_chaos_and_the_adversarys_deck(mills):
    """Round 1: the controller's Dead tree is discarded; under the default reading the
    Adversary's Feast at court heals the Duke 3 (nobody lost HP: again); round 2: the Flame
    deals 1 to the Duke, which stops it. Under the other reading the Adversary's deck is left
    alone: the Dead tree, then the Flame's 1 damage, and its deck keeps both cards."""
    eng = make_engine(["chaos", "flame", "dead_tree"],
                      options=RuleOptions(chaos_mills_adversary=mills),
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng, hp=15)
    set_deck(eng, 0, ["flame", "dead_tree"])
    set_adversary_deck(eng, ["adv:ducal_guard", "adv:feast_at_court"])
    slot = put_on_board(eng, 0, "chaos", PREPARED, mana(fire=1, water=1, arcane=2))
    activate(eng, 0, slot)
    assert deck_list(eng, 0) == [] and discard_of(eng, 0) == {"chaos": 1, "flame": 1,
                                                               "dead_tree": 1}
    if mills:
        assert _duke_hp(eng) == 17
        assert adv_discard_of(eng) == {"adv:feast_at_court": 1, "adv:ducal_guard": 1}
        assert _adversary_deck(eng) == []
    else:
        assert _duke_hp(eng) == 14
        assert adv_discard_of(eng) == {}
        assert _adversary_deck(eng) == ["adv:ducal_guard", "adv:feast_at_court"]


def test_chaos_leaving_the_adversary_alone_stops_with_the_controllers_deck():
    """With the Adversary's deck left alone, Chaos repeats until the controller's deck is
    empty (nobody loses HP to Dead trees), however many cards the Adversary's deck holds."""
    eng = make_engine(["chaos", "dead_tree"], options=RuleOptions(chaos_mills_adversary=False))
    summon_duke(eng)
    set_deck(eng, 0, ["dead_tree", "dead_tree", "dead_tree"])
    set_adversary_deck(eng, ["adv:ducal_guard", "adv:ducal_guard"])
    slot = put_on_board(eng, 0, "chaos", PREPARED, mana(fire=1, water=1, arcane=2))
    activate(eng, 0, slot)
    assert deck_list(eng, 0) == [] and discard_of(eng, 0) == {"chaos": 1, "dead_tree": 3}
    assert _adversary_deck(eng) == ["adv:ducal_guard", "adv:ducal_guard"]
    assert _duke_hp(eng) == 20 and _hp(eng) == 20


def test_every_rule_option_is_in_the_readme_and_the_rules_tables():
    """The README's options table and docs/rules.md's "at a glance" table name every option."""
    from dataclasses import fields
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    readme = (repo / "README.md").read_text(encoding="utf-8")
    rules = (repo / "docs" / "rules.md").read_text(encoding="utf-8")
    glance = rules[rules.index("### All rule options at a glance"):]
    table = readme[readme.index("| option | default | meaning |"):]
    table = table[:table.index("\n\n")]
    for f in fields(RuleOptions):
        assert f"`{f.name}`" in table, f.name
        assert f"| `{f.name}` |" in glance, f.name
