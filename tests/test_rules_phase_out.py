"""Phase out (docs/rules.md R12): the bottom cards of a deck go to its discard pile; the target
"any_player"; the controller's phase_out_bonus statics and phase_out_opponent triggers."""

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
    put_on_board,
    run_steps,
    set_adversary_deck,
    set_deck,
    transcript_of,
)

from simulator.engine.host.tables import op_row
from simulator.engine.rules import layout as L

G0 = np.array([0])
CARDS = ["flame", "seed", "fire_ball", "zephyr", "crimson_ritual"]


def _engine(players=1, **forced):
    return make_engine(CARDS, players=players, policy=ScriptedPolicy(forced))


def _adversary_deck(eng):
    st = eng.state
    return [eng.info.ids[int(c)] for c in st.adv_deck[0, :st.adv_deck_len[0]]]


def _phase(eng, amount, target="opponent", side=0):
    run_steps(eng, [{"op": "phase_out", "amount": amount, "target": target}], G0, side,
              lid(eng, "zephyr"), -1)


def test_phase_out_discards_the_bottom_of_the_adversarys_deck():
    eng = _engine()
    put_adversary(eng, "duke")
    set_adversary_deck(eng, ["guard", "volley", "guard", "volley"])  # the last is on top
    _phase(eng, 3)
    assert _adversary_deck(eng) == ["adv:volley"]
    assert eng.state.adv_discard[0, lid(eng, "adv:guard")] == 2
    assert eng.state.adv_discard[0, lid(eng, "adv:volley")] == 1


def test_phase_out_of_the_opponent_before_the_adversary_arrives_does_nothing():
    """R15.4: "the opponent" has no valid target until the Adversary card is in play."""
    eng = _engine()
    set_adversary_deck(eng, ["guard", "duke", "volley"])
    _phase(eng, 2)
    assert _adversary_deck(eng) == ["adv:guard", "adv:duke", "adv:volley"]
    assert eng.state.adv_discard[0].sum() == 0


def test_phase_out_of_a_player_chosen_among_any_player_takes_what_the_deck_has():
    eng = _engine(players=2, target=player_target(None, 1))
    put_adversary(eng, "duke")
    set_deck(eng, ["flame", "seed"], player=1)  # seed on top
    set_deck(eng, ["fire_ball", "flame", "seed"], player=0)
    _phase(eng, 3, target="any_player")
    assert deck_at(eng, player=1) == [] and eng.state.out[0, 1] == 0  # no loss: no draw
    assert pile_of(eng, "discard", player=1) == {"flame": 1, "seed": 1}
    assert deck_at(eng, player=0) == ["fire_ball", "flame", "seed"]
    asked = eng.policy.of_kind("target")[0]
    legal = np.flatnonzero(asked.options[0]).tolist()
    assert legal == [0, player_target(eng, 0), player_target(eng, 1)]  # the Adversary, players


def test_phase_out_keeps_the_order_of_the_rest_of_the_deck():
    eng = _engine(target=player_target(None, 0))
    set_deck(eng, ["flame", "seed", "fire_ball", "zephyr", "crimson_ritual"])
    _phase(eng, 2, target="any_player")
    assert deck_at(eng) == ["fire_ball", "zephyr", "crimson_ritual"]


def test_phase_out_zero_does_nothing_without_a_bonus_and_one_with_it():
    eng = _engine()
    put_adversary(eng, "duke")
    set_adversary_deck(eng, ["guard", "volley"])
    _phase(eng, 0)
    assert _adversary_deck(eng) == ["adv:guard", "adv:volley"]
    ritual = lid(eng, "crimson_ritual")
    eng.table_record[0]["phase_bonus"][ritual] = 1  # a phase_out_bonus static of 1
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    _phase(eng, 0)
    assert _adversary_deck(eng) == ["adv:volley"]


def test_phasing_out_the_opponent_raises_the_controllers_trigger_once_per_effect():
    """Rite of phase's ruling: one trigger for a phase out of 4."""
    eng = _engine()
    k = put_adversary(eng, "duke")
    set_adversary_deck(eng, ["guard", "volley", "guard", "volley", "guard"])
    ritual = lid(eng, "crimson_ritual")
    t = eng.table_record[0]
    trig = L.TRIGGERS.index("phase_out_opponent")
    first = int((t["trig_first"] + t["trig_count"]).max()) + 8
    t["ops"][first] = op_row({"op": "damage", "amount": 1, "target": "opponent"})
    t["trig_first"][ritual, trig], t["trig_count"][ritual, trig] = first, 1
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    hp = int(eng.state.adv_hp[0, k])
    _phase(eng, 4)
    assert eng.state.adv_hp[0, k] == hp - 1
    assert _adversary_deck(eng) == ["adv:guard"]


def test_phasing_out_oneself_raises_no_opponent_trigger():
    eng = _engine(target=player_target(None, 0))
    k = put_adversary(eng, "duke")
    ritual = lid(eng, "crimson_ritual")
    t = eng.table_record[0]
    trig = L.TRIGGERS.index("phase_out_opponent")
    first = int((t["trig_first"] + t["trig_count"]).max()) + 8
    t["ops"][first] = op_row({"op": "damage", "amount": 1, "target": "opponent"})
    t["trig_first"][ritual, trig], t["trig_count"][ritual, trig] = first, 1
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    set_deck(eng, ["flame", "seed"])
    hp = int(eng.state.adv_hp[0, k])
    _phase(eng, 1, target="any_player")
    assert deck_at(eng) == ["seed"]
    assert eng.state.adv_hp[0, k] == hp


def test_phase_out_in_the_transcript():
    eng = _engine()
    put_adversary(eng, "duke")
    set_adversary_deck(eng, ["guard", "volley"])
    text = transcript_of(eng, lambda: _phase(eng, 3))
    assert "  player 1 phases out the Adversary by 3: 2 cards from the bottom of its deck to " \
           "the discard pile" in text
    assert text.count("    phased out: Guard") == 1 and text.count("    phased out: Volley") == 1
