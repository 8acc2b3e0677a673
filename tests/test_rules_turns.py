"""Turn structure and defeat (docs/rules.md R4, R5; solo rulesheet "Defeat of a player").

First-turn draw, drawing from an empty deck, the end-of-turn hand limit, and the co-op
consequences of a player going out.
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    ScriptedPolicy,
    ether_total,
    lid,
    make_engine,
    mana,
    put_adversary,
    put_on_board,
    set_deck,
    set_hand,
    transcript_of,
)

from simulator.engine.host.api import check_defeats, draw, player_turn
from simulator.engine.host.api import end_player_turn as end_of_turn
from simulator.engine.rules.layout import (
    CHANNELED,
    EMPTY,
    IN_GAME,
    LOSS_DECK,
    LOSS_HP,
    OUT_DECK,
    OUT_HP,
    PERMANENT,
    PREPARED,
    RUNNING,
)
from simulator.engine.rules.options import RuleOptions

G0 = np.array([0])
P0 = np.array([0])


def _turn_engine(players=1, **options):
    policy = ScriptedPolicy({"main_action": 0})
    eng = make_engine(["flame"], players=players, policy=policy, options=RuleOptions(**options))
    for q in range(players):
        set_deck(eng, ["flame"] * 5, player=q)
    return eng, policy


# --- the first draw (R5.2) -----------------------------------------------------------------


def test_starting_player_skips_the_draw_of_their_first_turn_only():
    eng, _ = _turn_engine()
    st = eng.state
    player_turn(eng, G0, 0)
    assert st.turn[0] == 1
    assert st.hand[0, 0].sum() == 0 and st.deck_len[0, 0] == 5
    player_turn(eng, G0, 0)
    assert st.turn[0] == 2
    assert st.hand[0, 0].sum() == 1 and st.deck_len[0, 0] == 4


def test_first_draw_option_off_draws_on_turn_one():
    eng, _ = _turn_engine(first_player_skips_draw=False)
    player_turn(eng, G0, 0)
    assert eng.state.hand[0, 0].sum() == 1 and eng.state.deck_len[0, 0] == 4


def test_second_player_draws_on_their_first_turn():
    eng, _ = _turn_engine(players=2)
    st = eng.state
    player_turn(eng, G0, 0)
    player_turn(eng, G0, 1)
    assert st.hand[0].sum(axis=1).tolist() == [0, 1]
    assert st.deck_len[0].tolist() == [5, 4]


def test_a_turn_offers_the_pile_then_the_main_phase():
    eng, policy = _turn_engine()
    eng.state.ether[0, 1] = mana(fire=2)
    policy.forced["take_pile"] = 1
    player_turn(eng, G0, 0)
    assert policy.kinds == ["take_pile", "main_action"]
    assert eng.state.reserve[0, 0].tolist() == mana(fire=2).tolist()
    assert eng.state.mana_taken[0, 0] == 2


# --- drawing from an empty deck (R4.2) -----------------------------------------------------


def test_drawing_from_an_empty_deck_loses_a_solo_game():
    eng = make_engine(["flame"])
    st = eng.state
    st.turn[0] = 3
    draw(eng, G0, P0, 1)
    assert st.out[0, 0] and st.out_reason[0, 0] == OUT_DECK
    assert st.outcome[0] == LOSS_DECK and st.end_turn[0] == 3


def test_drawing_more_than_the_deck_holds_draws_then_goes_out():
    eng = make_engine(["flame"])
    st = eng.state
    set_deck(eng, ["flame", "flame"])
    draw(eng, G0, P0, 3)
    # The two cards were drawn, then the third draw put the player out: the hand goes to
    # the discard pile with everything else.
    assert st.deck_len[0, 0] == 0 and st.hand[0, 0].sum() == 0
    assert st.discard[0, 0, lid(eng, "flame")] == 2
    assert st.outcome[0] == LOSS_DECK


def test_empty_deck_on_the_draw_phase_ends_the_turn_before_the_pile():
    eng, policy = _turn_engine()
    st = eng.state
    st.turn[0] = 1  # the next turn is turn 2: it has a draw
    st.deck_len[0, 0] = 0
    player_turn(eng, G0, 0)
    assert st.outcome[0] == LOSS_DECK
    assert "take_pile" not in policy.kinds and "main_action" not in policy.kinds


def test_deck_out_in_coop_only_puts_that_player_out():
    eng = make_engine(["flame"], players=2)
    st = eng.state
    set_deck(eng, ["flame"], player=1)
    draw(eng, G0, P0, 1)
    assert st.out[0].tolist() == [True, False]
    assert st.out_reason[0].tolist() == [OUT_DECK, IN_GAME]
    assert st.outcome[0] == RUNNING
    draw(eng, G0, np.array([1]), 2)
    assert st.outcome[0] == LOSS_DECK


# --- the hand limit (R5.5, Q2) -------------------------------------------------------------


def test_end_of_turn_discards_down_to_seven():
    eng = make_engine(["flame", "fire_ball"])
    policy = ScriptedPolicy({"discard_from_hand": lid(eng, "flame")})
    eng.policy = policy
    st = eng.state
    set_hand(eng, {"flame": 5, "fire_ball": 4})
    end_of_turn(eng, G0, P0)
    assert st.hand[0, 0, lid(eng, "flame")] == 3 and st.hand[0, 0, lid(eng, "fire_ball")] == 4
    assert st.discard[0, 0, lid(eng, "flame")] == 2 and st.discard[0, 0].sum() == 2
    asked = policy.of_kind("discard_from_hand")
    assert len(asked) == 2 and all(a.context["reason"] == "hand_limit" for a in asked)


def test_hand_limit_option_and_base_choice_conserve_cards():
    eng = make_engine(["flame", "fire_ball", "seed"], options=RuleOptions(hand_limit=4))
    st = eng.state
    set_hand(eng, {"flame": 3, "fire_ball": 3, "seed": 3})
    before = st.hand[0, 0].copy()
    end_of_turn(eng, G0, P0)
    assert st.hand[0, 0].sum() == 4 and st.discard[0, 0].sum() == 5
    assert (st.hand[0, 0] + st.discard[0, 0] == before).all()


def test_no_discard_at_the_limit():
    eng = make_engine(["flame"])
    set_hand(eng, {"flame": 7})
    end_of_turn(eng, G0, P0)
    assert eng.state.hand[0, 0].sum() == 7 and eng.state.discard[0, 0].sum() == 0
    assert eng.policy.kinds == []


# --- co-op defeat (solo rulesheet) ---------------------------------------------------------


def _coop_position():
    """Player 1 (index 0) at 0 HP with a full board, hand, reserve; player 2 standing."""
    eng = make_engine(["fire_ball", "enchanted_forest", "flame", "seed"], players=2,
                      policy=ScriptedPolicy({"ether_start_pile": 0}))
    st = eng.state
    st.turn[0] = 5
    st.hp[0] = [0, 12]
    put_on_board(eng, "fire_ball", PREPARED, player=0, locked=mana(fire=2, air=1))
    put_on_board(eng, "enchanted_forest", PERMANENT, player=0, locked=mana(water=2, vegetal=2))
    put_on_board(eng, "flame", CHANNELED, player=0)
    set_hand(eng, {"seed": 2, "flame": 1}, player=0)
    st.discard[0, 0, lid(eng, "seed")] = 1
    st.reserve[0, 0] = mana(arcane=3)
    set_deck(eng, ["flame"], player=0)
    put_on_board(eng, "fire_ball", PREPARED, player=1, locked=mana(fire=2, air=1))
    st.reserve[0, 1] = mana(fire=1)
    return eng


def test_a_defeated_player_discards_everything_and_releases_locked_mana():
    eng = _coop_position()
    st = eng.state
    check_defeats(eng)
    assert st.out[0].tolist() == [True, False]
    assert st.out_reason[0, 0] == OUT_HP
    assert (st.board_zone[0, 0] == EMPTY).all() and (st.board_card[0, 0] == -1).all()
    assert st.board_mana[0, 0].sum() == 0
    discard = {eng.tables.ids[c]: int(n) for c, n in enumerate(st.discard[0, 0]) if n}
    assert discard == {"fire_ball": 1, "enchanted_forest": 1, "flame": 2, "seed": 3}
    assert st.hand[0, 0].sum() == 0
    assert st.reserve[0, 0].sum() == 0  # back to the Infinite Ether
    assert st.deck_len[0, 0] == 1  # the deck is not a zone the rulesheet empties
    # fire_ball's fire 2 + air 1 on empty piles (tie: pile 0 first), then the forest's
    # water 2 + vegetal 2 starting with the smaller pile 1.
    assert st.ether[0, 0].tolist() == mana(fire=1, air=1, water=1, vegetal=1).tolist()
    assert st.ether[0, 1].tolist() == mana(fire=1, water=1, vegetal=1).tolist()
    # The game goes on; player 2 is untouched.
    assert st.outcome[0] == RUNNING
    assert st.board_zone[0, 1, 0] == PREPARED and st.board_mana[0, 1, 0].sum() == 3
    assert st.reserve[0, 1].tolist() == mana(fire=1).tolist()


def test_cards_of_a_defeated_player_trigger_discard_effects():
    """The rulesheet: a defeated player's cards go to the discard pile "and any discard
    effects trigger": a teammate's Ignition deals 1 damage per board card."""
    eng = make_engine(["ignition", "flame", "fire_ball"], players=2)
    st = eng.state
    duke = put_adversary(eng, "duke")
    put_on_board(eng, "flame", CHANNELED, player=0)
    put_on_board(eng, "fire_ball", PREPARED, player=0, locked=mana(fire=2, air=1))
    st.ignition[0, 1] = 1  # player 2 activated it
    st.hp[0, 0] = 0
    check_defeats(eng)
    assert st.out[0].tolist() == [True, False]
    assert st.adv_hp[0, duke] == 18
    assert st.discard[0, 0, lid(eng, "flame")] == 1 and st.discard[0, 0, lid(eng, "fire_ball")] == 1


def test_coop_game_is_lost_when_the_last_player_goes_out():
    eng = _coop_position()
    st = eng.state
    check_defeats(eng)
    st.hp[0, 1] = -2
    check_defeats(eng)
    assert st.out[0].tolist() == [True, True]
    assert st.outcome[0] == LOSS_HP and st.end_turn[0] == 5


def test_players_out_at_once_lose_the_game():
    eng = make_engine(["flame"], players=3)
    st = eng.state
    st.hp[0] = [0, -1, 0]
    check_defeats(eng)
    assert st.out[0].all() and st.outcome[0] == LOSS_HP


def test_locked_mana_of_players_out_at_once_all_returns_to_the_ether():
    eng = make_engine(["fire_ball"], players=2, policy=ScriptedPolicy({"ether_start_pile": 0}))
    st = eng.state
    st.hp[0] = [0, 0]
    for q in range(2):
        put_on_board(eng, "fire_ball", PREPARED, player=q, locked=mana(fire=2, air=1))
    check_defeats(eng)
    assert st.outcome[0] == LOSS_HP
    assert ether_total(eng)[0] == 6


def test_replay_transcript_shows_hand_and_reserve_as_the_main_phase_starts():
    eng = make_engine(["fire_ball", "flame"], policy=ScriptedPolicy({"main_action": 0}))
    st = eng.state
    st.turn[:] = 3
    set_hand(eng, {"fire_ball": 1, "flame": 1})
    set_deck(eng, ["flame"])
    st.ether[0, 0] = mana(fire=2)
    lines = transcript_of(eng, lambda: player_turn(eng, np.array([0]), 0))
    taken = lines.index("takes pile 1: 2 fire")
    assert lines[taken + 1] == "  hand: Fire ball, Flame x2; reserve: 2 fire"


def test_the_last_player_out_clears_the_board_without_a_decision():
    """Nobody is left to play: the board goes to the discard pile at once, the locked Mana
    returns to the Ether split evenly, and no placement decision is asked for nothing."""
    policy = ScriptedPolicy()
    eng = make_engine(["fire_ball", "enchanted_forest", "flame"], policy=policy)
    st = eng.state
    st.turn[0] = 4
    st.hp[0, 0] = 0
    put_on_board(eng, "fire_ball", PREPARED, locked=mana(fire=2, air=1))
    put_on_board(eng, "enchanted_forest", PERMANENT, locked=mana(water=3, vegetal=2))
    put_on_board(eng, "flame", CHANNELED)
    set_hand(eng, {"flame": 1})
    check_defeats(eng)
    assert st.outcome[0] == LOSS_HP and st.end_turn[0] == 4
    assert policy.kinds == []
    assert (st.board_zone[0, 0] == EMPTY).all() and (st.board_card[0, 0] == -1).all()
    assert st.board_mana[0, 0].sum() == 0 and st.board_hp[0, 0].sum() == 0
    discard = {eng.tables.ids[c]: int(n) for c, n in enumerate(st.discard[0, 0]) if n}
    assert discard == {"fire_ball": 1, "enchanted_forest": 1, "flame": 2}
    assert st.ether[0, 0].tolist() == mana(fire=1, air=1, water=2, vegetal=1).tolist()
    assert st.ether[0, 1].tolist() == mana(fire=1, water=1, vegetal=1).tolist()
