"""The misplay scan's reading of a game's events (simulator/misplays.py), on hand-written logs.

Each test writes the events a game would log and asserts the exact counts of each class.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.rules import layout as L
from simulator.misplays import (
    CLASS_KEYS,
    KEPT,
    NOT_LOOKED_AT,
    OVERRULED_ON_TIEBREAK,
    OVERRULED_ON_WINS,
    CardFacts,
    misplay_origins,
    scan_events,
)

# local cards: 0 an idle spell, 1 a damage spell, 2 an Equipment, 3 a Ritual, 4 a Permanent
# with an ability, 5 the Adversary, 6 an Adversary Permanent
IDLE, BOLT, ARMOR, RITUAL, MINE, DUKE, GUARD = range(7)
CARDS = CardFacts(
    names=("Idle", "Bolt", "Armor", "Ritual", "Mine", "Duke", "Guard"),
    card_type=np.array([L.SPELL, L.SPELL, L.EQUIPMENT_TYPE, L.RITUAL_TYPE,
                        L.PERMANENT_TYPE, 0, 0]),
    ability=np.array([-1, -1, -1, -1, L.AB_GENERIC, -1, -1]),
    is_adversary=np.array([0, 0, 0, 0, 0, 1, 0]),
    idle_spell=np.array([1, 0, 0, 0, 0, 0, 0], np.int8),
    n_player_cards=5,
)


def ev(event: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0, cause: int = -1,
       trigger: int = -1) -> list[int]:
    return [event, a, b, c, d, cause, trigger, 0]


def counts(rows: list[list[int]], players: int = 1) -> dict[str, int]:
    found, _ = scan_events(np.array(rows, np.int32).reshape(-1, L.EV_W), CARDS, players)
    return {k: found[k] for k in CLASS_KEYS if found[k]}


def turn(t: int, p: int = 0, adversary_hp: int = -1) -> list[int]:
    return ev(L.EV_TURN, t, p, 20, adversary_hp)


def test_an_idle_spell_prepared_and_left_there_counts_once():
    assert counts([turn(1), ev(L.EV_PREPARES, 0, IDLE)]) == {"unused_spell": 1}


def test_an_idle_spell_activated_or_channeled_counts_nothing():
    assert counts([turn(1), ev(L.EV_PREPARES, 0, IDLE), ev(L.EV_PREPARES, 0, IDLE),
                   ev(L.EV_ACTIVATES, 0, IDLE), ev(L.EV_LEAVES, IDLE, 0, L.TO_DISCARD),
                   ev(L.EV_CHANNELS, 0, IDLE)]) == {}


def test_a_spell_discarded_from_preparation_the_turn_it_came():
    rows = [turn(1), ev(L.EV_PREPARES, 0, IDLE), ev(L.EV_LEAVES, IDLE, 0, L.TO_DISCARD)]
    assert counts(rows) == {"unused_spell": 1, "discarded_at_once": 1}
    later = [turn(1), ev(L.EV_PREPARES, 0, BOLT), turn(2),
             ev(L.EV_LEAVES, BOLT, 0, L.TO_DISCARD)]
    assert counts(later) == {}  # a damage spell lost later: neither class
    back = [turn(1), ev(L.EV_PREPARES, 0, IDLE), ev(L.EV_LEAVES, IDLE, 0, L.TO_HAND)]
    assert counts(back) == {}  # back to hand: not lost


def test_an_equipment_destroyed_before_the_next_turn_is_lost():
    lost = [turn(1), ev(L.EV_PREPARES, 0, ARMOR), ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)]
    assert counts(lost) == {"equipment_lost": 1}
    kept = [turn(1), ev(L.EV_PREPARES, 0, ARMOR), turn(2),
            ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)]
    assert counts(kept) == {}


def test_a_second_copy_of_a_ritual_and_an_own_card_its_arrival_destroys():
    # EV_CARD_DESTROYED: a the player, b the card (what board.destroy_card says)
    rows = [turn(1), ev(L.EV_PREPARES, 0, RITUAL), ev(L.EV_PREPARES, 0, RITUAL),
            ev(L.EV_CARD_DESTROYED, 0, MINE, 1, cause=RITUAL, trigger=L.T_ENTER)]
    assert counts(rows) == {"harmful_ritual": 2}
    turn_start = [turn(1), ev(L.EV_PREPARES, 0, RITUAL),
                  ev(L.EV_CARD_DESTROYED, 0, MINE, 1, cause=RITUAL, trigger=L.T_TURN_START)]
    assert counts(turn_start) == {}
    teammates = [turn(1), ev(L.EV_PREPARES, 0, RITUAL),
                 ev(L.EV_CARD_DESTROYED, 1, MINE, 1, cause=RITUAL, trigger=L.T_ENTER)]
    assert counts(teammates, players=2) == {}  # another player's Ritual: not this player's
    adversary_event = [turn(1), ev(L.EV_PREPARES, 0, RITUAL),
                       ev(L.EV_DESTROYED, GUARD, 1, cause=RITUAL, trigger=L.T_ENTER)]
    assert counts(adversary_event) == {}  # an Adversary card destroyed: no own loss


def test_an_ability_never_used_counts_at_the_end_or_when_the_card_leaves():
    assert counts([turn(1), ev(L.EV_PREPARES, 0, MINE)]) == {"ability_unused": 1}
    assert counts([turn(1), ev(L.EV_PREPARES, 0, MINE), ev(L.EV_USES_ABILITY, 0, MINE)]) == {}


def test_unique_new_copy_and_x_zero():
    rows = [turn(1), ev(L.EV_UNIQUE, 0, MINE, 1), ev(L.EV_UNIQUE, 0, MINE, 0),
            ev(L.EV_X_PAID, 0, 4, 0, BOLT), ev(L.EV_X_PAID, 0, 4, 3, BOLT)]
    assert counts(rows) == {"unique_replaced": 1, "x_zero": 1}


def test_trades_for_nothing_and_trades_in_a_circle():
    two_fire = [0, 0, 0, 0, 0, 0]
    two_fire[0] = 2
    give_water = [0, 2, 0, 0, 0, 0]
    for_nothing = [turn(1), [L.EV_TRADES, 1, *two_fire], turn(2)]
    assert counts(for_nothing) == {"trade_loop": 1}
    used = [turn(1), [L.EV_TRADES, 1, *two_fire], ev(L.EV_PREPARES, 0, BOLT), turn(2)]
    assert counts(used) == {}
    circle = [turn(1), [L.EV_TRADES, 1, *two_fire], [L.EV_TRADES, 0, *give_water],
              ev(L.EV_PREPARES, 0, BOLT)]
    assert counts(circle) == {"trade_loop": 1}


def test_damage_wasted_on_an_adversary_permanent_or_a_teammate():
    fizzle = [turn(1), ev(L.EV_DAMAGE, 3, L.ADVERSARY_SIDE, 1, GUARD, cause=BOLT,
                          trigger=L.T_ACTIVATE), turn(2)]
    assert counts(fizzle) == {"wasted_damage": 1}
    kills = [turn(1), ev(L.EV_DAMAGE, 3, L.ADVERSARY_SIDE, 1, GUARD, cause=BOLT,
                         trigger=L.T_ACTIVATE), ev(L.EV_DESTROYED, GUARD), turn(2)]
    assert counts(kills) == {}
    at_the_duke = [turn(1, adversary_hp=10),
                   ev(L.EV_DAMAGE, 3, L.ADVERSARY_SIDE, 1, GUARD, cause=BOLT), turn(2)]
    assert counts(at_the_duke) == {}
    teammate = [turn(1, p=0), ev(L.EV_PLAYER_LOSES, 1, 1, 1, cause=BOLT)]
    assert counts(teammate, players=2) == {"wasted_damage": 1}
    own_drawback = [turn(1, p=0), ev(L.EV_PLAYER_LOSES, 0, 2, 1, cause=BOLT)]
    assert counts(own_drawback) == {}


def test_coop_larger_pile_taken_for_nothing_while_the_next_player_is_short():
    small, large = [L.EV_PILE_ON_OFFER, 0, 1, 0, 0, 0, 0, 0], [L.EV_PILE_ON_OFFER, 1, 4, 0, 0, 0, 0, 0]
    taken = [L.EV_TAKES_PILE, 0, 4, 0, 0, 0, 0, 0]
    rows = [turn(1, p=0), small, large, taken, turn(1, p=1),
            ev(L.EV_HOLDS, 1, BOLT, L.HOLD_MANA, 2)]
    assert counts(rows, players=2) == {"pile_for_nothing": 1}
    used = [turn(1, p=0), small, large, taken, ev(L.EV_PREPARES, 0, BOLT), turn(1, p=1),
            ev(L.EV_HOLDS, 1, BOLT, L.HOLD_MANA, 2)]
    assert counts(used, players=2) == {}
    near = [L.EV_PILE_ON_OFFER, 0, 3, 0, 0, 0, 0, 0]  # 3 against 4: a near tie, no misplay
    rows[1] = near
    assert counts(rows, players=2) == {}


def test_an_equipment_used_as_the_component_of_the_card_prepared_is_not_lost():
    provides = np.zeros((7, 2), bool)
    requires = np.zeros((7, 2), bool)
    provides[ARMOR, 0] = True   # the armour provides word 0, which the second Equipment needs
    requires[MINE, 0] = True
    cards = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                      CARDS.idle_spell, CARDS.n_player_cards, provides, requires)
    rows = np.array([turn(1), ev(L.EV_PREPARES, 0, ARMOR), ev(L.EV_PREPARES, 0, MINE),
                     ev(L.EV_USES_ABILITY, 0, MINE), ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)],
                    np.int32)
    found, _ = scan_events(rows[:3], cards, 1)
    assert found["equipment_lost"] == 0
    found, _ = scan_events(np.vstack([rows[:3], rows[4:]]), cards, 1)
    assert found["equipment_lost"] == 0
    found, _ = scan_events(rows, cards, 1)  # it left after another action: lost
    assert found["equipment_lost"] == 1


def test_the_cards_of_a_player_out_of_the_game_are_not_discarded_by_them():
    rows = [turn(1), ev(L.EV_PREPARES, 0, BOLT), ev(L.EV_PREPARES, 0, ARMOR),
            ev(L.EV_OUT, 0, L.OUT_HP, -1), ev(L.EV_LEAVES, BOLT, 0, L.TO_DISCARD),
            ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)]
    assert counts(rows) == {}


def test_a_card_discarded_from_hand_hitting_an_adversary_card_wastes_nothing():
    # Static spark discarded to the Tax collector applies its 1 damage: it cannot wait for the
    # Adversary, and the Guard is the best target it has. Cast later, the same hit counts.
    hit = ev(L.EV_DAMAGE, 1, L.ADVERSARY_SIDE, 1, GUARD, cause=BOLT, trigger=L.T_ACTIVATE)
    discarded = [turn(1), ev(L.EV_DISCARD_APPLIES, 0, BOLT), hit, turn(2)]
    assert counts(discarded) == {}
    cast_later = [turn(1), ev(L.EV_DISCARD_APPLIES, 0, BOLT), hit, ev(L.EV_ACTIVATES, 0, BOLT),
                  hit, turn(2)]
    assert counts(cast_later) == {"wasted_damage": 1}


def test_two_spells_sharing_a_kill_waste_nothing_and_a_spell_cast_for_a_card_neither():
    # Temporal blast leaves a Royal physician at 1 HP, Fast forward destroys it: neither hit
    # was for nothing. Two hits that destroy nothing both count.
    first = ev(L.EV_DAMAGE, 2, L.ADVERSARY_SIDE, 1, GUARD, cause=BOLT, trigger=L.T_ACTIVATE)
    second = ev(L.EV_DAMAGE, 1, L.ADVERSARY_SIDE, 1, GUARD, cause=IDLE, trigger=L.T_ACTIVATE)
    assert counts([turn(1), first, second, ev(L.EV_DESTROYED, GUARD), turn(2)]) == {}
    assert counts([turn(1), first, second, turn(2)]) == {"wasted_damage": 2}
    # a spell whose activation also brings a card (Lightning call's fetch) hits for its card
    brings = np.array([0, 1, 0, 0, 0, 0, 0], np.int8)
    cards = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                      CARDS.idle_spell, CARDS.n_player_cards, brings=brings)
    found, _ = scan_events(np.array([turn(1), first, turn(2)], np.int32), cards, 1)
    assert found["wasted_damage"] == 0


def test_a_larger_pile_taken_for_nothing_counts_only_when_it_would_have_made_up_the_shortfall():
    small, large = [L.EV_PILE_ON_OFFER, 0, 1, 0, 0, 0, 0, 0], [L.EV_PILE_ON_OFFER, 1, 4, 0, 0, 0, 0, 0]
    taken = [L.EV_TAKES_PILE, 0, 4, 0, 0, 0, 0, 0]
    for short, found in ((3, {"pile_for_nothing": 1}), (4, {})):  # the pile held 3 more
        rows = [turn(1, p=0), small, large, taken, turn(1, p=1),
                ev(L.EV_HOLDS, 1, BOLT, L.HOLD_MANA, short)]
        assert counts(rows, players=2) == found


def test_the_larger_pile_counts_only_in_the_elements_the_held_card_costs():
    # the pile taken held 3 Fire more than the one left; the next player's Bolt costs Water:
    # leaving that pile would not have helped it
    small, large = [L.EV_PILE_ON_OFFER, 0, 1, 0, 0, 0, 0, 0], [L.EV_PILE_ON_OFFER, 1, 4, 0, 0, 0, 0, 0]
    taken = [L.EV_TAKES_PILE, 0, 4, 0, 0, 0, 0, 0]
    rows = np.array([turn(1, p=0), small, large, taken, turn(1, p=1),
                     ev(L.EV_HOLDS, 1, BOLT, L.HOLD_MANA, 2)], np.int32)
    for element, found in ((0, 1), (1, 0)):  # Bolt costs 3 Fire, or 3 Water
        cost = np.zeros((7, L.E), np.int64)
        cost[BOLT, element] = 3
        cards = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                          CARDS.idle_spell, CARDS.n_player_cards, cost=cost)
        assert scan_events(rows, cards, 2)[0]["pile_for_nothing"] == found


def test_an_idle_spell_kept_as_a_component_of_a_card_held_or_acting_prepared_is_right_play():
    provides = np.zeros((7, 2), bool)
    requires = np.zeros((7, 2), bool)
    provides[IDLE, 0] = True   # the idle spell provides word 0, which the Bolt requires
    requires[BOLT, 0] = True
    cards = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                      CARDS.idle_spell, CARDS.n_player_cards, provides, requires)
    left = [turn(1), ev(L.EV_PREPARES, 0, IDLE)]
    held = [turn(1), ev(L.EV_HAND_CARD, 0, BOLT, 1), ev(L.EV_PREPARES, 0, IDLE)]
    drawn_later = [turn(1), ev(L.EV_PREPARES, 0, IDLE), turn(2), ev(L.EV_DRAWS, 0, BOLT)]
    teammates = [turn(1), ev(L.EV_HAND_CARD, 1, BOLT, 1), ev(L.EV_PREPARES, 0, IDLE)]
    for rows, key in ((left, "unused_spell"), (held, "component_ahead"),
                      (drawn_later, "component_ahead"), (teammates, "unused_spell")):
        found, _ = scan_events(np.array(rows, np.int32), cards, 2)
        assert {k: n for k, n in found.items() if n} == {key: 1}, rows
    working = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                        CARDS.idle_spell, CARDS.n_player_cards,
                        works_prepared=np.array([1, 0, 0, 0, 0, 0, 0], np.int8))
    found, _ = scan_events(np.array(left, np.int32), working, 1)
    assert {k: n for k, n in found.items() if n} == {"spell_kept_working": 1}


def test_each_misplay_is_put_down_to_the_decision_behind_its_play():
    # the look-ahead's trace: (log length when asked, a main-phase action, origin). The idle
    # spell's preparation (event 1) was its overruling on the tiebreak; the trade (event 2)
    # the planner's answer it kept, but the main phase that ended after it, prepared nothing
    # with its Mana, is the look-ahead's when it overruled there; a pile's choice at a turn's
    # start is that turn's, not the main-phase decision that ended the turn before.
    rows = np.array([turn(1), ev(L.EV_PREPARES, 0, IDLE), [L.EV_TRADES, 0, 1, 0, 0, 0, 0, 0],
                     turn(2)], np.int32)
    decisions = [(1, True, OVERRULED_ON_TIEBREAK), (2, True, KEPT)]
    assert misplay_origins(rows, CARDS, 1, decisions) == {
        ("unused_spell", OVERRULED_ON_TIEBREAK, IDLE): 1, ("trade_loop", KEPT, -1): 1}
    ended = (3, True, OVERRULED_ON_WINS)  # the main phase ended after the trade: overruled
    assert misplay_origins(rows, CARDS, 1, decisions + [ended]) == {
        ("unused_spell", OVERRULED_ON_TIEBREAK, IDLE): 1, ("trade_loop", OVERRULED_ON_WINS, -1): 1}
    assert misplay_origins(rows, CARDS, 1, []) == {
        ("unused_spell", NOT_LOOKED_AT, IDLE): 1, ("trade_loop", NOT_LOOKED_AT, -1): 1}
    small, large = [L.EV_PILE_ON_OFFER, 0, 1, 0, 0, 0, 0, 0], [L.EV_PILE_ON_OFFER, 1, 4, 0, 0, 0, 0, 0]
    taken = [L.EV_TAKES_PILE, 0, 4, 0, 0, 0, 0, 0]
    piles = np.array([turn(1, p=0), small, large, taken, turn(1, p=1),
                      ev(L.EV_HOLDS, 1, BOLT, L.HOLD_MANA, 3)], np.int32)
    ended = (0, True, OVERRULED_ON_WINS)  # the main phase before, ended at event 0
    assert misplay_origins(piles, CARDS, 2, [ended]) == {
        ("pile_for_nothing", NOT_LOOKED_AT, -1): 1}
    chosen = (3, False, OVERRULED_ON_WINS)  # the pile itself, asked before event 3
    assert misplay_origins(piles, CARDS, 2, [ended, chosen]) == {
        ("pile_for_nothing", OVERRULED_ON_WINS, -1): 1}


def test_an_equipment_named_as_a_component_or_paying_to_ignore_damage_is_not_lost():
    # a Sun blade named as the component of a Solar burn activated at once leaves after the
    # activation (another action): it was used; so was a Waiver crown whose payment to ignore
    # damage emptied the reserve and broke it
    armed = [turn(1), ev(L.EV_PREPARES, 0, ARMOR), ev(L.EV_PREPARES, 0, BOLT)]
    left = [ev(L.EV_ACTIVATES, 0, BOLT), ev(L.EV_LEAVES, BOLT, 0, L.TO_DISCARD),
            ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)]
    assert counts(armed + left) == {"equipment_lost": 1}
    assert counts(armed + [ev(L.EV_COMPONENT, 0, ARMOR)] + left) == {}
    assert counts(armed + [ev(L.EV_COMPONENT, 1, ARMOR)] + left, players=2) == {
        "equipment_lost": 1}  # another player's component
    crown = CardFacts(CARDS.names, CARDS.card_type, CARDS.ability, CARDS.is_adversary,
                      CARDS.idle_spell, CARDS.n_player_cards,
                      pays_to_ignore=np.array([0, 0, 1, 0, 0, 0, 0], np.int8))
    broken = [turn(1), ev(L.EV_PREPARES, 0, ARMOR), ev(L.EV_ADVERSARY_TURN),
              ev(L.EV_CROWN_IGNORES, 0, 4), ev(L.EV_LEAVES, ARMOR, 0, L.TO_DISCARD)]
    found, _ = scan_events(np.array(broken, np.int32), crown, 1)
    assert found["equipment_lost"] == 0
    found, _ = scan_events(np.array(broken[:3] + broken[4:], np.int32), crown, 1)
    assert found["equipment_lost"] == 1
