"""Looking at the top of the own deck (ops ``scry`` and ``dig``): the top card left there or
put at the bottom; the top N looked at, one card named WORD taken into hand, the rest to the
bottom in the order they were."""

from __future__ import annotations

from engine_fixtures import (
    G0,
    ScriptedPolicy,
    deck_at,
    lid,
    make_engine,
    pile_of,
    run_steps,
    set_deck,
    transcript_of,
)

CARDS = ["radiant_light", "fire_ball", "flame", "solar_burn", "breath"]
SCRY = [{"op": "scry"}]


def _engine(**forced):
    eng = make_engine(CARDS, policy=ScriptedPolicy(forced))
    set_deck(eng, ["breath", "flame", "fire_ball"])  # fire_ball on top
    return eng


def test_scry_puts_the_top_card_at_the_bottom():
    eng = _engine(scry=1)
    lines = transcript_of(eng, lambda: run_steps(eng, SCRY, G0, 0, lid(eng, "radiant_light"), -1))
    assert deck_at(eng) == ["fire_ball", "breath", "flame"]
    assert "  looks at the top card of the deck, Fire ball: puts it at the bottom" in lines
    assert eng.policy.of_kind("scry")[0].context["card"] == lid(eng, "fire_ball")


def test_scry_leaves_the_top_card():
    eng = _engine(scry=0)
    run_steps(eng, SCRY, G0, 0, lid(eng, "radiant_light"), -1)
    assert deck_at(eng) == ["breath", "flame", "fire_ball"]


def test_scry_on_an_empty_deck_does_nothing():
    eng = _engine(scry=1)
    set_deck(eng, [])
    run_steps(eng, SCRY, G0, 0, lid(eng, "radiant_light"), -1)
    assert eng.state.deck_len[0, 0] == 0 and eng.policy.of_kind("scry") == []


def test_dig_takes_one_card_of_the_word_and_bottoms_the_rest():
    eng = _engine()
    set_deck(eng, ["breath", "flame", "solar_burn", "fire_ball"])
    lines = transcript_of(eng, lambda: run_steps(
        eng, [{"op": "dig", "amount": 3, "word": "Solar"}], G0, 0, lid(eng, "radiant_light"), -1))
    assert pile_of(eng, "hand") == {"solar_burn": 1}
    assert deck_at(eng) == ["flame", "fire_ball", "breath"]
    assert any("shows Solar burn and takes it" in line for line in lines)


def test_dig_may_decline_and_finds_nothing_without_the_word():
    eng = _engine()
    eng.set_policy(ScriptedPolicy({"dig_take": eng.info.size}))  # after the card kinds: none
    set_deck(eng, ["breath", "solar_burn", "flame", "fire_ball"])
    run_steps(eng, [{"op": "dig", "amount": 2, "word": "Flame"}], G0, 0,
              lid(eng, "radiant_light"), -1)
    assert pile_of(eng, "hand") == {}
    assert deck_at(eng) == ["flame", "fire_ball", "breath", "solar_burn"]
    eng = _engine()
    run_steps(eng, [{"op": "dig", "amount": 2, "word": "Light"}], G0, 0,
              lid(eng, "radiant_light"), -1)
    assert pile_of(eng, "hand") == {} and eng.policy.of_kind("dig_take") == []
    assert deck_at(eng) == ["flame", "fire_ball", "breath"]
