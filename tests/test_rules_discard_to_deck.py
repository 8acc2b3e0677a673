"""Reshuffling a discard pile into its deck (op discard_to_deck): a player's or the
Adversary's whole discard pile goes into its deck, which is then shuffled."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    ScriptedPolicy,
    deck_at,
    lid,
    make_engine,
    pile_of,
    player_target,
    put_adversary,
    run_steps,
    set_adversary_deck,
    set_deck,
    transcript_of,
)

G0 = np.array([0])
CARDS = ["flame", "seed", "fire_ball", "zephyr"]


def _reshuffle(eng, target):
    run_steps(eng, [{"op": "discard_to_deck", "target": target}], G0, 0, lid(eng, "zephyr"), -1)


def test_discard_to_deck_puts_the_adversarys_discard_pile_into_its_deck():
    eng = make_engine(CARDS)
    put_adversary(eng, "duke")
    set_adversary_deck(eng, ["guard"])
    eng.state.adv_discard[0, lid(eng, "adv:volley")] = 2
    eng.state.adv_discard[0, lid(eng, "adv:guard")] = 1
    text = transcript_of(eng, lambda: _reshuffle(eng, "opponent"))
    st = eng.state
    deck = sorted(eng.info.ids[int(c)] for c in st.adv_deck[0, :st.adv_deck_len[0]])
    assert deck == ["adv:guard", "adv:guard", "adv:volley", "adv:volley"]
    assert st.adv_discard[0].sum() == 0
    assert "  the Adversary shuffles its discard pile (3 cards) into its deck" in text


def test_discard_to_deck_of_a_chosen_player_shuffles_their_pile_into_their_deck():
    eng = make_engine(CARDS, players=2, policy=ScriptedPolicy({"target": player_target(None, 1)}))
    set_deck(eng, ["flame"], player=1)
    eng.state.discard[0, 1, lid(eng, "seed")] = 2
    eng.state.discard[0, 1, lid(eng, "fire_ball")] = 1
    eng.state.discard[0, 0, lid(eng, "zephyr")] = 1
    _reshuffle(eng, "any_player")
    assert sorted(deck_at(eng, player=1)) == ["fire_ball", "flame", "seed", "seed"]
    assert pile_of(eng, "discard", player=1) == {}
    assert pile_of(eng, "discard", player=0) == {"zephyr": 1}


def test_discard_to_deck_of_the_opponent_before_the_adversary_arrives_does_nothing():
    eng = make_engine(CARDS)
    eng.state.adv_discard[0, lid(eng, "adv:volley")] = 1
    _reshuffle(eng, "opponent")
    assert eng.state.adv_deck_len[0] == 0 and eng.state.adv_discard[0].sum() == 1
