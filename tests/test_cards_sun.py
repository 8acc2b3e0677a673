"""One test per card of the Sun extension (``magenoir-sim cards --handlers``): a small
position built by hand (tests/card_positions.py), the real engine action, the exact state
after, as the card's text and rulings describe it (shared cards.json)."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    can_prepare,
    channel,
    deck_list,
    discard_of,
    effective_cost,
    ether_of,
    give_hand,
    hand_of,
    lid,
    mage_noir,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_ether,
    set_reserve,
    slot_target,
    start_turn,
    summon_duke,
)
from engine_fixtures import G0, P0, ability_legal, run_steps

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
)

DUKE = adv_target(0)


def _activate(eng, slot: int, player: int = 0) -> None:
    api.activate(eng, G0, np.array([player]), np.array([slot]))


def _begin_turn(eng) -> None:
    """Player 0's turn begins (Zenith determined, start-of-turn effects, draw, pile)."""
    api.begin_player_turn(eng, G0, P0)


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _hp(eng, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


@pytest.mark.parametrize("pays", [True, False])
def test_artificial_sun(pays):
    eng = make_engine(["artificial_sun", "seed"], players=2,
                      policy=ScriptedPolicy({"pay_upkeep": 1 if pays else 0}))
    summon_duke(eng)
    sun = put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    set_reserve(eng, 0, fire=1)
    start_turn(eng, 0)
    assert _duke_hp(eng) == 19 and _hp(eng, 0) == 19 and _hp(eng, 1) == 19
    if pays:
        assert board_of(eng, 0) == {sun: ("artificial_sun", PERMANENT)}
        assert reserve_of(eng, 0) == mana() and ether_of(eng) == [mana(fire=1), mana()]
    else:
        assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"artificial_sun": 1}
        assert reserve_of(eng, 0) == mana(fire=1)
        assert ether_of(eng) == [mana(fire=2), mana(fire=1)]  # its 3 Fire released


def test_artificial_sun_is_destroyed_when_its_upkeep_cannot_be_paid():
    eng = make_engine(["artificial_sun"])
    summon_duke(eng)
    put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    start_turn(eng, 0)
    assert discard_of(eng, 0) == {"artificial_sun": 1} and _hp(eng) == 19


@pytest.mark.parametrize("bottom", [0, 1])
def test_radiant_light(bottom):
    eng = make_engine(["radiant_light", "seed", "flame", "fire_ball"],
                      policy=ScriptedPolicy({"scry": bottom}))
    set_deck(eng, 0, ["seed", "flame", "fire_ball"])  # Fire ball on top
    give_hand(eng, 0, "radiant_light")
    set_reserve(eng, 0, fire=1)
    slot = prepare(eng, 0, "radiant_light")
    _activate(eng, slot)
    if bottom:  # Fire ball goes under the deck, the Flame is drawn
        assert hand_of(eng, 0) == {"flame": 1} and deck_list(eng, 0) == ["fire_ball", "seed"]
    else:
        assert hand_of(eng, 0) == {"fire_ball": 1} and deck_list(eng, 0) == ["seed", "flame"]
    assert discard_of(eng, 0) == {"radiant_light": 1}


def test_solar_flame_is_a_flame_component():
    eng = make_engine(["solar_flame", "fire_ball"])
    summon_duke(eng)
    put_on_board(eng, 0, "solar_flame", CHANNELED, mana(fire=2))
    give_hand(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=2, air=1)
    assert can_prepare(eng, 0, "fire_ball")
    assert api.component_instances(eng, G0, P0, 12)[0] == 1  # layout.WORD["Flame"]


@pytest.mark.parametrize("zenith", [True, False])
def test_solar_winds(zenith):
    eng = make_engine(["solar_winds", "artificial_sun", "seed", "flame"],
                      policy=ScriptedPolicy({"target": DUKE, "pay_upkeep": 1}))
    summon_duke(eng)
    put_on_board(eng, 0, "artificial_sun", PERMANENT)  # the Sun component (not counted)
    winds = put_on_board(eng, 0, "solar_winds", PREPARED)
    if zenith:
        put_on_board(eng, 0, "flame", CHANNELED)  # 1 prepared, 1 channeled
    set_deck(eng, 0, ["seed", "seed", "seed"])
    eng.state.turn[:] = 2
    set_reserve(eng, 0, fire=1)
    _begin_turn(eng)  # Artificial sun: 1 to the Duke and the player; then the draw
    assert eng.state.zenith[0, 0] == zenith
    hand = sum(hand_of(eng, 0).values())
    _activate(eng, winds)
    assert _duke_hp(eng) == 19 - 3
    assert sum(hand_of(eng, 0).values()) == hand + (1 if zenith else 0)


@pytest.mark.parametrize("zenith", [True, False])
def test_sun_catalyst(zenith):
    """At Zenith the Solar cards cost 1 Fire less (Solar winds 2 Fire 1 Air -> 1 Fire 1 Air),
    not a non-Solar Fire card (Fire ball); off Zenith nothing changes."""
    eng = make_engine(["sun_catalyst", "solar_winds", "solar_burn", "fire_ball", "seed"])
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    if not zenith:
        put_on_board(eng, 0, "seed", PREPARED)
    set_deck(eng, 0, ["seed"])
    eng.state.turn[:] = 2
    _begin_turn(eng)
    less = 1 if zenith else 0
    assert effective_cost(eng, 0, "solar_winds") == mana(fire=2 - less, air=1)
    assert effective_cost(eng, 0, "solar_burn") == mana(fire=3 - less)
    fire_ball = eng.info.ids.index("fire_ball")
    assert effective_cost(eng, 0, "fire_ball") == eng.tables.cost[fire_ball].tolist()


def test_sun_catalyst_is_unique():
    eng = make_engine(["sun_catalyst"], policy=ScriptedPolicy({"unique_discard": 0}))
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    give_hand(eng, 0, "sun_catalyst")
    set_reserve(eng, 0, fire=6)
    new = prepare(eng, 0, "sun_catalyst")
    assert board_of(eng, 0) == {new: ("sun_catalyst", PERMANENT)}
    assert discard_of(eng, 0) == {"sun_catalyst": 1}


def test_sunflower_field():
    """When put into play: a Sun card from the deck into hand (Sun blade, not the Solar
    flame: Solar is not Sun), the deck shuffled; the Sun cards then cost 1 Fire less."""
    eng = make_engine(["sunflower_field", "sun_blade", "solar_flame", "seed"])
    set_deck(eng, 0, ["seed", "solar_flame", "sun_blade", "seed"])
    give_hand(eng, 0, "sunflower_field")
    set_reserve(eng, 0, vegetal=2)
    assert effective_cost(eng, 0, "sun_blade") == mana(fire=4, mineral=1)
    slot = prepare(eng, 0, "sunflower_field")
    assert board_of(eng, 0) == {slot: ("sunflower_field", PERMANENT)}
    assert eng.state.board_hp[0, 0, slot] == 2
    assert hand_of(eng, 0) == {"sun_blade": 1}
    assert sorted(deck_list(eng, 0)) == ["seed", "seed", "solar_flame"]
    assert effective_cost(eng, 0, "sun_blade") == mana(fire=3, mineral=1)
    assert effective_cost(eng, 0, "solar_flame") == mana(fire=2)
    assert api.component_instances(eng, G0, P0, 13)[0] == 1  # a Flower (layout.WORD)


def test_sun_blade():
    """It releases 1 Fire per turn start; once the last Fire is gone: 5 damage to the Duke and
    to every player, then it is destroyed (its Mineral released)."""
    eng = make_engine(["sun_blade", "seed"], players=2)
    summon_duke(eng)
    blade = put_on_board(eng, 0, "sun_blade", EQUIPMENT, mana(fire=2, mineral=1))
    start_turn(eng, 0)
    assert eng.state.board_mana[0, 0, blade].tolist() == mana(fire=1, mineral=1)
    assert ether_of(eng) == [mana(fire=1), mana()]
    assert _duke_hp(eng) == 20
    start_turn(eng, 0)
    assert _duke_hp(eng) == 15 and _hp(eng, 0) == 15 and _hp(eng, 1) == 15
    assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"sun_blade": 1}
    assert sum(map(sum, ether_of(eng))) == 3  # 2 Fire released, then the Mineral


@pytest.mark.parametrize("fire", [1, 0])
def test_zenith_ritual_channel_tax(fire):
    """Each spell channeled costs 1 Fire (into the Ether), while the reserve has Fire."""
    eng = make_engine(["zenith_ritual", "flame"])
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    flame = put_on_board(eng, 0, "flame", PREPARED)
    set_reserve(eng, 0, fire=fire)
    assert mage_noir(eng, 0)
    channel(eng, 0, flame)
    assert board_of(eng, 0)[flame] == ("flame", CHANNELED)
    assert reserve_of(eng, 0) == mana()
    assert ether_of(eng) == [mana(fire=fire), mana()]


@pytest.mark.parametrize("fire", [2, 0])
def test_zenith_ritual_taxes_a_spell_solar_invocation_puts_into_play_channeled(fire):
    """A spell arriving channeled from the discard pile counts as channeled (the ruling): 1
    Fire paid into the Ether; with no Fire in the reserve nothing is paid and the spell stays
    channeled."""
    eng = make_engine(["zenith_ritual", "solar_invocation", "fire_ball"])
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    invocation = put_on_board(eng, 0, "solar_invocation", PREPARED, mana(fire=2))
    _stack_discard(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=fire)
    _activate(eng, invocation)
    ball = next(s for s, (c, _) in board_of(eng, 0).items() if c == "fire_ball")
    assert board_of(eng, 0)[ball] == ("fire_ball", CHANNELED)
    assert eng.state.board_mana[0, 0, ball].tolist() == mana()
    assert discard_of(eng, 0) == {"solar_invocation": 1}
    paid = 1 if fire else 0
    assert reserve_of(eng, 0) == mana(fire=fire - paid)
    assert np.sum(ether_of(eng), axis=0).tolist() == mana(fire=2 + paid)  # + its 2 released


def test_zenith_ritual_taxes_each_spell_temporal_salvage_puts_into_play_channeled():
    """Three Time spells arrive channeled, one payment each while the reserve holds Fire: 2
    Fire for 3 spells, the third arrives channeled unpaid."""
    eng = make_engine(["zenith_ritual", "temporal_salvage", "century", "split_second"])
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    salvage = put_on_board(eng, 0, "temporal_salvage", PREPARED, mana(water=1, arcane=3))
    _stack_discard(eng, 0, "century", "split_second", "split_second")
    set_reserve(eng, 0, fire=2, water=1)
    _activate(eng, salvage)
    assert sorted(board_of(eng, 0).values()) == [
        ("century", CHANNELED), ("split_second", CHANNELED), ("split_second", CHANNELED),
        ("zenith_ritual", RITUAL)]
    assert reserve_of(eng, 0) == mana(water=1)
    assert np.sum(ether_of(eng), axis=0).tolist() == mana(fire=2, water=1, arcane=3)


@pytest.mark.card("rock_wall")
@pytest.mark.parametrize("fire", [1, 0])
def test_zenith_ritual_taxes_a_rock_wall_channeled_below_1_hp(fire):
    """A Rock wall brought below 1 HP is channeled as a Rock component instead of destroyed:
    a spell of its controller's channeled (every card is a spell of its type), so the ritual
    takes its 1 Fire, when the reserve holds one; the wall's own Mana is released."""
    eng = make_engine(["zenith_ritual", "rock_wall"])
    summon_duke(eng)
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    wall = put_on_board(eng, 0, "rock_wall", PERMANENT, mana(mineral=2), hp=1)
    set_reserve(eng, 0, fire=fire)
    api.deal_damage(eng, G0, np.array([ADVERSARY_SIDE]), np.array([lid(eng, "adv:duke")]),
                    np.array([slot_target(eng, 0, wall)]), np.array([1]))
    assert board_of(eng, 0)[wall] == ("rock_wall", CHANNELED)
    assert reserve_of(eng, 0) == mana()
    assert np.sum(ether_of(eng), axis=0).tolist() == mana(fire=fire, mineral=2)


@pytest.mark.parametrize("zenith", [True, False])
def test_zenith_ritual_activates_a_channeled_spell_at_zenith(zenith):
    eng = make_engine(["zenith_ritual", "solar_winds", "fire_ball", "seed"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    winds = put_on_board(eng, 0, "solar_winds", CHANNELED, mana(fire=2, air=1))
    put_on_board(eng, 0, "fire_ball", PREPARED)  # 1 prepared, 1 channeled: Zenith
    if not zenith:
        put_on_board(eng, 0, "fire_ball", PREPARED)
    set_deck(eng, 0, ["seed", "seed"])
    eng.state.turn[:] = 2
    _begin_turn(eng)
    set_reserve(eng, 0, fire=1)
    ritual = 0
    assert bool(ability_legal(eng, G0, P0)[0, ritual]) == zenith
    if not zenith:
        return
    set_ether(eng, 0)
    set_ether(eng, 1)
    api.use_ability(eng, G0, P0, np.array([ritual]))
    assert _duke_hp(eng) == 17
    assert discard_of(eng, 0) == {"solar_winds": 1} and winds not in board_of(eng, 0)
    assert reserve_of(eng, 0) == mana()
    assert sum(map(sum, ether_of(eng))) == 4  # the Fire paid, then Solar winds' 3 Mana


def _stack_discard(eng, player: int, *card_ids: str) -> None:
    """Cards onto the discard pile in this order (the last one on top), counts and order."""
    st = eng.state
    for cid in card_ids:
        c = lid(eng, cid)
        n = int(st.discard_len[0, player])
        st.discard[0, player, c] += 1
        st.discard_pile[0, player, n] = c
        st.discard_len[0, player] = n + 1


def _at_turn_start(eng, zenith: bool) -> None:
    """Player 0's turn begins with a Flame channeled (one prepared spell and one channeled:
    Zenith) or without it (one prepared, none channeled)."""
    if zenith:
        put_on_board(eng, 0, "flame", CHANNELED)
    set_deck(eng, 0, ["seed", "seed"])
    eng.state.turn[:] = 2
    _begin_turn(eng)
    assert eng.state.zenith[0, 0] == zenith


@pytest.mark.parametrize("zenith", [True, False])
def test_solar_explosion(zenith):
    """Every Sun of every side is destroyed (its own Sun component too, a Sun Equipment, an
    opponent's Sun Permanent), not Sunflower field nor a Solar card; at Zenith 9 damage."""
    eng = make_engine(["solar_explosion", "sun_catalyst", "sun_blade", "artificial_sun",
                       "sunflower_field", "solar_flame", "flame", "seed"], players=2,
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    field = put_on_board(eng, 0, "sunflower_field", PERMANENT)
    boom = put_on_board(eng, 0, "solar_explosion", PREPARED, mana(fire=4, air=1, arcane=1))
    put_on_board(eng, 1, "sun_blade", EQUIPMENT, mana(fire=4, mineral=1))
    put_on_board(eng, 1, "artificial_sun", PERMANENT, mana(fire=3))
    solar = put_on_board(eng, 1, "solar_flame", CHANNELED, mana(fire=2))
    _at_turn_start(eng, zenith)
    set_ether(eng, 0)
    set_ether(eng, 1)
    _activate(eng, boom)
    assert set(board_of(eng, 0).values()) == {("sunflower_field", PERMANENT)} | (
        {("flame", CHANNELED)} if zenith else set())
    assert field in board_of(eng, 0)
    assert board_of(eng, 1) == {solar: ("solar_flame", CHANNELED)}
    assert discard_of(eng, 0) == {"sun_catalyst": 1, "solar_explosion": 1}
    assert discard_of(eng, 1) == {"sun_blade": 1, "artificial_sun": 1}
    assert sum(map(sum, ether_of(eng))) == 6 + 6 + 5 + 3  # all their Mana released
    assert _duke_hp(eng) == (11 if zenith else 20)


@pytest.mark.parametrize("zenith", [True, False])
def test_solar_burn(zenith):
    """3 damage; at Zenith its controller must discard one of their components (any: here the
    Sun Permanent), then 1 damage to the opponent."""
    eng = make_engine(["solar_burn", "sun_catalyst", "flame", "seed"],
                      policy=ScriptedPolicy({"target": DUKE, "own_component": 0}))
    summon_duke(eng)
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))  # slot 0
    burn = put_on_board(eng, 0, "solar_burn", PREPARED, mana(fire=3))
    _at_turn_start(eng, zenith)
    _activate(eng, burn)
    if zenith:
        assert _duke_hp(eng) == 16
        assert discard_of(eng, 0) == {"sun_catalyst": 1, "solar_burn": 1}
        assert set(board_of(eng, 0).values()) == {("flame", CHANNELED)}
        asked = eng.policy.options_of("own_component")
        assert len(asked) == 1 and set(np.flatnonzero(asked[0])) == {0, 2}  # both components
    else:
        assert _duke_hp(eng) == 17
        assert discard_of(eng, 0) == {"solar_burn": 1}
        assert set(board_of(eng, 0).values()) == {("sun_catalyst", PERMANENT)}


@pytest.mark.parametrize("zenith", [True, False])
@pytest.mark.parametrize("top", ["fire_ball", "dead_tree"])
def test_solar_invocation(zenith, top):
    """The top card of the discard pile is put into play channeled when it is a spell (Fire
    ball), not when it is a Permanent (Dead tree), nor a spell lying under it; at Zenith 2
    damage."""
    eng = make_engine(["solar_invocation", "fire_ball", "dead_tree", "seed", "flame"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    invocation = put_on_board(eng, 0, "solar_invocation", PREPARED, mana(fire=2))
    _at_turn_start(eng, zenith)
    _stack_discard(eng, 0, "flame", top)
    _activate(eng, invocation)
    on_board = set(board_of(eng, 0).values()) - {("flame", CHANNELED)}
    if top == "fire_ball":
        assert on_board == {("fire_ball", CHANNELED)}
        assert discard_of(eng, 0) == {"flame": 1, "solar_invocation": 1}
        slot = next(s for s, (c, _) in board_of(eng, 0).items() if c == "fire_ball")
        assert eng.state.board_mana[0, 0, slot].tolist() == mana()
    else:
        assert on_board == set()
        assert discard_of(eng, 0) == {"flame": 1, "dead_tree": 1, "solar_invocation": 1}
    assert _duke_hp(eng) == (18 if zenith else 20)


def test_dazzle_returns_a_prepared_spell_to_its_owners_hand():
    """Quickcast; one prepared spell of any player goes back to its owner's hand, its Mana
    released (here the teammate's, chosen)."""
    eng = make_engine(["dazzle", "fire_ball", "seed", "zephyr"], players=2,
                      policy=ScriptedPolicy({"return_prepared": eng_slot(1, 0)}))
    dazzle = put_on_board(eng, 0, "dazzle", PREPARED, mana(fire=1))
    put_on_board(eng, 0, "zephyr", PREPARED, mana(air=1))
    ball = put_on_board(eng, 1, "fire_ball", PREPARED, mana(fire=2))
    assert ball == 0
    _activate(eng, dazzle)
    assert board_of(eng, 1) == {} and hand_of(eng, 1) == {"fire_ball": 1}
    assert set(board_of(eng, 0).values()) == {("zephyr", PREPARED)}
    assert discard_of(eng, 0) == {"dazzle": 1}
    assert sum(map(sum, ether_of(eng))) == 3
    asked = eng.policy.options_of("return_prepared")
    assert len(asked) == 1 and set(np.flatnonzero(asked[0])) == {1, eng_slot(1, 0)}


def test_dazzle_the_bot_returns_the_spell_with_least_mana():
    eng = make_engine(["dazzle", "fire_ball", "zephyr"])
    dazzle = put_on_board(eng, 0, "dazzle", PREPARED, mana(fire=1))
    put_on_board(eng, 0, "fire_ball", PREPARED, mana(fire=2))
    put_on_board(eng, 0, "zephyr", PREPARED, mana(air=1))
    _activate(eng, dazzle)
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert set(board_of(eng, 0).values()) == {("fire_ball", PREPARED)}


@pytest.mark.parametrize("noir", [True, False])
def test_dazzle_mage_noir_prepares_it_without_light(noir):
    eng = make_engine(["dazzle", "zenith_ritual"])
    if noir:
        put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    give_hand(eng, 0, "dazzle")
    set_reserve(eng, 0, fire=1)
    assert can_prepare(eng, 0, "dazzle") == noir
    assert eng.tables.quickcast[lid(eng, "dazzle")] == 1


def eng_slot(player: int, slot: int) -> int:
    """The option of a board slot in a decision over every player's slots (24 a player)."""
    return player * 24 + slot


@pytest.mark.parametrize("zenith", [True, False])
def test_solar_explosion_the_bot_waits_for_zenith(zenith):
    """Off Zenith it would only destroy the player's own Suns: the bots keep it prepared; at
    Zenith its 9 damage go to the Duke."""
    eng = make_engine(["solar_explosion", "sun_catalyst", "flame", "seed"], policy="greedy")
    summon_duke(eng)
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    boom = put_on_board(eng, 0, "solar_explosion", PREPARED, mana(fire=4, air=1, arcane=1))
    _at_turn_start(eng, zenith)
    api.main_phase(eng, G0, P0)
    assert _duke_hp(eng) == (11 if zenith else 20)
    assert (board_of(eng, 0).get(boom) == ("solar_explosion", PREPARED)) == (not zenith)


def test_light_ray():
    """The next Vegetal card prepared this turn costs 2 Vegetal less (a Fire card prepared
    before it does not spend that) and, a Permanent with HP, enters with 1 more HP; the card
    after it pays in full."""
    eng = make_engine(["light_ray", "dead_tree", "seed", "zephyr", "breath"])
    ray = put_on_board(eng, 0, "light_ray", PREPARED, mana(fire=1))
    put_on_board(eng, 0, "breath", CHANNELED)  # Zephyr's Breath
    give_hand(eng, 0, "dead_tree", 2)
    give_hand(eng, 0, "zephyr")
    set_reserve(eng, 0, air=2, vegetal=2)
    _activate(eng, ray)
    assert effective_cost(eng, 0, "dead_tree") == mana()
    assert effective_cost(eng, 0, "seed") == mana()  # 1 Vegetal, never below 0
    assert effective_cost(eng, 0, "zephyr") == mana(air=2)
    prepare(eng, 0, "zephyr")
    tree = prepare(eng, 0, "dead_tree")
    assert eng.state.board_hp[0, 0, tree] == 3
    assert eng.state.board_mana[0, 0, tree].tolist() == mana()
    assert reserve_of(eng, 0) == mana(vegetal=2)
    assert effective_cost(eng, 0, "dead_tree") == mana(vegetal=2)
    second = prepare(eng, 0, "dead_tree")
    assert eng.state.board_hp[0, 0, second] == 2


def test_light_ray_twice_on_one_card_and_only_this_turn():
    """Two Light rays: the same next Vegetal card costs 4 less and gains 2 HP; unspent, the
    discount ends with the turn."""
    eng = make_engine(["light_ray", "animated_tree", "seed"])
    for _ in range(2):
        _activate(eng, put_on_board(eng, 0, "light_ray", PREPARED, mana(fire=1)))
    put_on_board(eng, 0, "seed", CHANNELED)  # Animated tree's Seed
    give_hand(eng, 0, "animated_tree")
    set_reserve(eng, 0, water=1)
    assert effective_cost(eng, 0, "animated_tree") == mana(water=1)  # 3 Vegetal - 4, not < 0
    tree = prepare(eng, 0, "animated_tree")
    assert eng.state.board_hp[0, 0, tree] == 5
    assert effective_cost(eng, 0, "animated_tree") == mana(water=1, vegetal=3)
    eng2 = make_engine(["light_ray", "animated_tree"])
    _activate(eng2, put_on_board(eng2, 0, "light_ray", PREPARED, mana(fire=1)))
    api.turn_boundary(eng2, G0)
    assert effective_cost(eng2, 0, "animated_tree") == mana(water=1, vegetal=3)


def test_solar_eruption():
    """This turn the listed cards (by name word: Tornado, Mons Igneus, Solar explosion as an
    Explosion, Maelström, a Permanent) cost 2 less of their own element, and preparing one
    draws a card; other cards pay in full; it ends with the turn."""
    eng = make_engine(["solar_eruption", "tornado", "mons_igneus", "solar_explosion",
                       "maelstrom", "fire_ball", "favorable_winds", "seed"])
    set_deck(eng, 0, ["seed", "seed"])
    eruption = put_on_board(eng, 0, "solar_eruption", PREPARED, mana(fire=1, air=1))
    _activate(eng, eruption)
    assert effective_cost(eng, 0, "tornado") == mana(air=1)
    assert effective_cost(eng, 0, "mons_igneus") == mana(fire=2)
    assert effective_cost(eng, 0, "solar_explosion") == mana(fire=2, air=1, arcane=1)
    assert effective_cost(eng, 0, "maelstrom") == mana(water=1, arcane=2)
    fire_ball = eng.info.ids.index("fire_ball")
    assert effective_cost(eng, 0, "fire_ball") == eng.tables.cost[fire_ball].tolist()
    put_on_board(eng, 0, "favorable_winds", CHANNELED)  # Tornado's Wind
    give_hand(eng, 0, "tornado")
    set_reserve(eng, 0, air=1)
    slot = prepare(eng, 0, "tornado")
    assert board_of(eng, 0)[slot] == ("tornado", PREPARED)
    assert reserve_of(eng, 0) == mana() and hand_of(eng, 0) == {"seed": 1}  # 1 card drawn
    assert effective_cost(eng, 0, "tornado") == mana(air=1)  # for the whole turn
    api.turn_boundary(eng, G0)
    assert effective_cost(eng, 0, "tornado") == mana(air=3)


@pytest.mark.parametrize("holds_vegetal", [True, False])
def test_light_ray_the_bot_activates_it_before_a_vegetal_card(holds_vegetal):
    """With a Vegetal card in hand the bots activate Light ray, then prepare that card for 2
    less; without one they keep Light ray prepared."""
    eng = make_engine(["light_ray", "dead_tree", "fire_ball"], policy="greedy")
    ray = put_on_board(eng, 0, "light_ray", PREPARED, mana(fire=1))
    give_hand(eng, 0, "dead_tree" if holds_vegetal else "fire_ball")
    api.main_phase(eng, G0, P0)
    if holds_vegetal:
        assert discard_of(eng, 0) == {"light_ray": 1}
        assert set(board_of(eng, 0).values()) == {("dead_tree", PERMANENT)}
        tree = next(iter(board_of(eng, 0)))
        assert eng.state.board_hp[0, 0, tree] == 3
    else:
        assert board_of(eng, 0) == {ray: ("light_ray", PREPARED)}


def test_dawn_saves_one_sun_from_solar_explosion():
    """Solar explosion destroys 2 Suns of a player with one Dawn in preparation: Dawn is
    discarded instead of the first, the second is destroyed; the opponent's Sun (no Dawn)
    is destroyed too."""
    eng = make_engine(["dawn", "solar_explosion", "artificial_sun", "sun_catalyst"], players=2)
    boom = put_on_board(eng, 1, "solar_explosion", PREPARED, mana(fire=4, air=1, arcane=1))
    put_on_board(eng, 1, "artificial_sun", PERMANENT, mana(fire=3))
    sun = put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    put_on_board(eng, 0, "dawn", PREPARED, mana(fire=1, arcane=1))
    _activate(eng, boom, player=1)
    assert board_of(eng, 0) == {sun: ("artificial_sun", PERMANENT)}
    assert discard_of(eng, 0) == {"sun_catalyst": 1, "dawn": 1}
    assert board_of(eng, 1) == {}
    assert discard_of(eng, 1) == {"artificial_sun": 1, "solar_explosion": 1}


def test_dawn_saves_a_sun_from_its_unpaid_upkeep():
    eng = make_engine(["dawn", "artificial_sun", "seed"])
    summon_duke(eng)
    sun = put_on_board(eng, 0, "artificial_sun", PERMANENT, mana(fire=3))
    put_on_board(eng, 0, "dawn", PREPARED, mana(fire=1, arcane=1))
    start_turn(eng, 0)  # 1 damage each, then 1 Fire it cannot pay
    assert board_of(eng, 0) == {sun: ("artificial_sun", PERMANENT)}
    assert discard_of(eng, 0) == {"dawn": 1}


@pytest.mark.parametrize("noir", [True, False])
def test_dawn_activated_draws_for_a_mage_noir(noir):
    eng = make_engine(["dawn", "zenith_ritual", "seed"])
    if noir:
        put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    set_deck(eng, 0, ["seed"])
    dawn = put_on_board(eng, 0, "dawn", PREPARED, mana(fire=1, arcane=1))
    _activate(eng, dawn)
    assert hand_of(eng, 0) == ({"seed": 1} if noir else {})
    assert discard_of(eng, 0) == {"dawn": 1}


@pytest.mark.parametrize("sun", [True, False])
def test_dawn_the_bot_keeps_it_while_it_guards_a_sun(sun):
    """A Mage Noir's bot activates Dawn for its card unless a Sun of theirs needs it."""
    eng = make_engine(["dawn", "zenith_ritual", "sun_catalyst", "seed"], policy="greedy")
    put_on_board(eng, 0, "zenith_ritual", RITUAL, mana(fire=2, arcane=3))
    if sun:
        put_on_board(eng, 0, "sun_catalyst", PERMANENT, mana(fire=6))
    set_deck(eng, 0, ["seed"])
    dawn = put_on_board(eng, 0, "dawn", PREPARED, mana(fire=1, arcane=1))
    api.main_phase(eng, G0, P0)
    assert (board_of(eng, 0).get(dawn) == ("dawn", PREPARED)) == sun


@pytest.mark.parametrize("zenith", [True, False])
def test_solar_gold_ore(zenith):
    """Forge: used for an Equipment (Solid armor) it is discarded, unless its controller is at
    Zenith (then it is Indestructible and stays); the Equipment gains its effects: at Zenith
    neither is destroyed by a mass destroy; off Zenith both would be."""
    eng = make_engine(["solar_gold_ore", "solid_armor", "seed"])
    ore = put_on_board(eng, 0, "solar_gold_ore", CHANNELED, mana(fire=1, mineral=2))
    put_on_board(eng, 0, "seed", PREPARED)
    if not zenith:
        put_on_board(eng, 0, "seed", PREPARED)
    set_deck(eng, 0, ["seed", "seed"])
    eng.state.turn[:] = 2
    _begin_turn(eng)
    assert eng.state.zenith[0, 0] == zenith
    give_hand(eng, 0, "solid_armor")
    set_reserve(eng, 0, mineral=2)
    armor = prepare(eng, 0, "solid_armor")
    assert board_of(eng, 0)[armor] == ("solid_armor", EQUIPMENT)
    assert (board_of(eng, 0).get(ore) == ("solar_gold_ore", CHANNELED)) == zenith
    assert (eng.state.zenith_guard[0, 0, armor] == lid(eng, "solid_armor") + 1)
    run_steps(eng, [{"op": "destroy_all", "whose": "every", "word": "Armor"},
                    {"op": "destroy_all", "whose": "every", "word": "Ore"}],
              G0, P0, np.array([lid(eng, "seed")]), None)
    kept = {("solar_gold_ore", CHANNELED), ("solid_armor", EQUIPMENT)} if zenith else set()
    assert set(board_of(eng, 0).values()) - {("seed", PREPARED)} == kept


def test_solar_gold_ore_passes_on_and_not_in_the_adversarys_turn():
    """An Equipment that gained its effects gives them to an Equipment using it in turn; on
    a turn not at Zenith (an Adversary turn) nothing is indestructible."""
    eng = make_engine(["solar_gold_ore", "solid_armor", "materialized_armor", "seed"])
    armor = put_on_board(eng, 0, "solid_armor", EQUIPMENT, mana(mineral=2))
    eng.state.zenith_guard[0, 0, armor] = lid(eng, "solid_armor") + 1
    eng.state.zenith[0, 0] = 1
    give_hand(eng, 0, "materialized_armor")
    put_on_board(eng, 0, "solar_gold_ore", CHANNELED, mana(fire=1, mineral=2))
    set_reserve(eng, 0, fire=1, mineral=3)
    new = prepare(eng, 0, "materialized_armor")
    assert eng.state.zenith_guard[0, 0, new] == lid(eng, "materialized_armor") + 1
    assert set(board_of(eng, 0).values()) == {("materialized_armor", EQUIPMENT),
                                              ("solid_armor", EQUIPMENT),
                                              ("solar_gold_ore", CHANNELED)}
    eng.state.zenith[0, 0] = 0
    run_steps(eng, [{"op": "destroy_all", "whose": "every", "word": "Armor"}],
              G0, P0, np.array([lid(eng, "seed")]), None)
    assert set(board_of(eng, 0).values()) == {("solar_gold_ore", CHANNELED)}
