"""Effect ops that move Mana and cards (docs/rules.md R6.4, R6.6, Q3), and regression tests for
engine bugs found while writing the rule tests (Breath taking from one pile only, Wave
echo recursing forever, HP loss not destroying the Duke)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    mana,
    put_adversary,
    put_on_board,
    run_steps,
    set_deck,
)

from simulator.engine.host.api import activate
from simulator.engine.rules.layout import CHANNELED, EMPTY, EQUIPMENT, PERMANENT, PREPARED, RUNNING, WIN

G0 = np.array([0])
P0 = np.array([0])
AIR = 2
CARDS = ["breath", "air_blade", "powerful_swipe", "fire_whip", "wave_echo", "seed", "flame",
         "fire_ball"]


def _engine():
    return make_engine(CARDS, policy=ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0}))


# --- taking Mana from the Available Ether (R6.6) -------------------------------------------


def test_take_mana_starts_with_the_richer_pile():
    eng = _engine()
    st = eng.state
    st.ether[0, :, AIR] = [1, 3]
    slot = put_on_board(eng, "breath", PREPARED)
    activate(eng, G0, P0, np.array([slot]))
    assert st.reserve[0, 0].tolist() == mana(air=2).tolist()
    assert st.ether[0, :, AIR].tolist() == [1, 1]
    assert st.mana_taken[0, 0] == 2


def test_take_mana_draws_on_both_piles_when_one_is_not_enough():
    """R6.6: "from the Available Ether" may draw on either pile or both (a regression test:
    the second pile used to be skipped when the first could not cover the amount)."""
    eng = _engine()
    st = eng.state
    st.ether[0, :, AIR] = [1, 1]
    slot = put_on_board(eng, "breath", PREPARED)  # nothing locked: the piles stay readable
    activate(eng, G0, P0, np.array([slot]))
    assert st.reserve[0, 0].tolist() == mana(air=2).tolist()
    assert st.ether[0].sum() == 0
    assert st.mana_taken[0, 0] == 2


# --- cards leaving the board to the deck or the hand (Q3: their Mana is released) ----------


def test_air_blade_puts_a_breath_component_third_from_the_top():
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    set_deck(eng, ["seed", "flame", "fire_ball"])  # fire_ball on top
    put_on_board(eng, "breath", CHANNELED, locked=mana(air=1))
    blade = put_on_board(eng, "air_blade", PREPARED, locked=mana(air=1, arcane=1))
    eng.policy.forced["target"] = k
    activate(eng, G0, P0, np.array([blade]))
    assert st.adv_hp[0, k] == 17
    deck = [eng.tables.ids[c] for c in st.deck[0, 0, :st.deck_len[0, 0]]]
    assert deck == ["seed", "breath", "flame", "fire_ball"]
    assert (st.board_zone[0, 0] == EMPTY).all()
    # Breath's air (tie: pile 0), then Air blade's air + arcane from the smaller pile 1.
    assert st.ether[0].tolist() == [mana(air=1, arcane=1).tolist(), mana(air=1).tolist()]


def test_powerful_swipe_returns_equipment_to_hand_and_releases_its_mana():
    eng = _engine()
    st = eng.state
    whip = put_on_board(eng, "fire_whip", EQUIPMENT, locked=mana(fire=3))
    swipe = put_on_board(eng, "powerful_swipe", PREPARED, locked=mana(air=4))
    activate(eng, G0, P0, np.array([swipe]))
    assert st.board_zone[0, 0, whip] == EMPTY
    assert st.hand[0, 0, lid(eng, "fire_whip")] == 1
    assert st.discard[0, 0, lid(eng, "powerful_swipe")] == 1
    assert st.ether[0].sum() == 7


def test_return_prepared_to_hand_takes_a_prepared_spell_not_the_resolving_one():
    """A prepared spell back to its owner's hand, its Mana released; channeled spells and
    Permanents are not in preparation, the resolving card is no choice (Dazzle)."""
    eng = _engine()
    st = eng.state
    put_on_board(eng, "flame", CHANNELED, locked=mana(fire=1))
    put_on_board(eng, "seed", PERMANENT)
    ball = put_on_board(eng, "fire_ball", PREPARED, locked=mana(fire=2))
    own = put_on_board(eng, "breath", PREPARED)
    run_steps(eng, [{"op": "return_prepared_to_hand"}], G0, P0,
              np.array([lid(eng, "breath")]), np.array([own]))
    assert set(np.flatnonzero(eng.policy.options_of("return_prepared")[0])) == {ball}
    assert st.board_zone[0, 0, ball] == EMPTY and st.hand[0, 0, lid(eng, "fire_ball")] == 1
    assert st.ether.sum() == 2


def test_discard_component_without_a_word_takes_any_component():
    """Any own component: a channeled spell, a Permanent, an Equipment (Solar burn)."""
    eng = make_engine(CARDS, policy=ScriptedPolicy({"own_component": 1}))
    st = eng.state
    put_on_board(eng, "flame", CHANNELED)
    seed = put_on_board(eng, "seed", PERMANENT)
    put_on_board(eng, "fire_whip", EQUIPMENT)
    put_on_board(eng, "fire_ball", PREPARED)
    run_steps(eng, [{"op": "discard_component", "amount": 1}], G0, P0,
              np.array([lid(eng, "breath")]), None)
    assert set(np.flatnonzero(eng.policy.options_of("own_component")[0])) == {0, 1, 2}
    assert st.board_zone[0, 0, seed] == EMPTY and st.discard[0, 0, lid(eng, "seed")] == 1


# --- regressions ---------------------------------------------------------------------


def test_wave_echo_applying_a_channeled_wave_echo_terminates():
    """Wave echo may apply another Wave echo (card note), but a chain never applies a card
    twice (a regression test: this used to recurse forever)."""
    eng = _engine()
    put_adversary(eng, "duke")
    put_on_board(eng, "wave_echo", CHANNELED)
    echo = put_on_board(eng, "wave_echo", PREPARED)
    activate(eng, G0, P0, np.array([echo]))
    assert eng.state.discard[0, 0, lid(eng, "wave_echo")] == 1
    assert eng.state.outcome[0] == RUNNING


def test_hp_loss_that_takes_the_duke_to_zero_wins():
    """HP loss is not damage (R11.2) but still destroys the Adversary at 0 HP."""
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    run_steps(eng, [{"op": "lose_hp", "amount": 20, "target": "opponent"}], G0, P0,
              np.array([lid(eng, "seed")]), None)
    assert st.adv_card[0, k] == -1
    assert st.adv_discard[0, lid(eng, "duke")] == 1
    assert st.outcome[0] == WIN


def test_a_heal_of_an_adversary_card_is_in_the_transcript():
    from engine_fixtures import transcript_of

    from simulator.engine.rules.layout import ADVERSARY_SIDE

    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke", hp=12)
    lines = transcript_of(eng, lambda: run_steps(
        eng, [{"op": "heal", "amount": 3, "target": "adversary"}], G0, np.array([ADVERSARY_SIDE]),
        np.array([lid(eng, "duke")]), np.array([k])))
    assert st.adv_hp[0, k] == 15
    assert lines == ["  The Duke gains 3 HP (HP 12 to 15)"]


def test_an_adversary_card_targeting_this_hits_itself():
    """Target "this" on an Adversary card is that card in its Adversary slot (it hit the
    player's board slot of the same number before)."""
    from simulator.engine.rules.layout import ADVERSARY_SIDE

    eng = _engine()
    st = eng.state
    put_adversary(eng, "duke")
    k = put_adversary(eng, "guard", hp=1)
    put_on_board(eng, "flame", CHANNELED)
    mine = put_on_board(eng, "seed", PERMANENT, hp=5)
    assert mine == k  # the same slot number on the player's board
    before = int(st.board_hp[0, 0, mine])
    run_steps(eng, [{"op": "heal", "amount": 2, "target": "this"}], G0, np.array([ADVERSARY_SIDE]),
              np.array([lid(eng, "guard")]), np.array([k]))
    assert st.adv_hp[0, k] == 3 and st.board_hp[0, 0, mine] == before
