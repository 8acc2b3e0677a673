"""The Druidess and the Frost Warden: stand-in scenarios, labelled so, played as written.

Nothing of theirs is published (docs/rules.md R15.15, R15.16), so every card must be marked
``approximation`` and each file must tell an owner of the box how to type in the real cards.
Their Permanents that grow (``heal`` on ``this``), the Warden's phase out of a player's deck
and the Druidess's blow to the players' Permanents are played by the engine as written.
"""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import ScriptedPolicy, make_engine, put_on_board, set_adversary_deck, set_deck

from simulator.engine.host.api import adversary_turn
from simulator.engine.rules.layout import PERMANENT
from simulator.scenarios import load_scenario

G0 = np.array([0])
HEADER = ("WHAT IS PUBLISHED", "WHAT MAKES A LEVEL HARDER", "HOW TO TYPE IN THE REAL CARDS",
          "FORMAT")


@pytest.fixture(scope="module", params=["druidess", "warden"])
def stand_in(request):
    return load_scenario(request.param)


def test_every_card_is_an_approximation(stand_in):
    assert all(card.source == "approximation" for card in stand_in.cards)
    for level in stand_in.level_names:
        assert stand_in.approximated_count(level) == len(stand_in.deck(level))


def test_one_adversary_whose_destruction_wins(stand_in):
    adversaries = [card for card in stand_in.cards if card.kind == "adversary"]
    assert len(adversaries) == 1 and adversaries[0].win_when_destroyed and adversaries[0].hp
    for level in stand_in.level_names:
        assert stand_in.deck(level).count(adversaries[0].id) == 1


def test_two_levels_and_hard_holds_all_of_normal(stand_in):
    assert stand_in.level_names == ("normal", "hard") and stand_in.default_level == "normal"
    normal, hard = dict(stand_in.level("normal")), dict(stand_in.level("hard"))
    assert all(hard.get(card, 0) >= n for card, n in normal.items())
    assert sum(hard.values()) == sum(normal.values()) + 1


def test_the_header_says_what_is_published_and_how_to_type_in_the_box(stand_in):
    text = stand_in.path.read_text(encoding="utf-8")
    assert all(f"# {title}" in text for title in HEADER)


def _engine(scenario: str, cards: list[str]):
    policy = ScriptedPolicy({"mana_element": 0, "ether_start_pile": 0})
    eng = make_engine(["rite_of_passage", "flame"], scenario=load_scenario(scenario),
                      policy=policy)
    set_adversary_deck(eng, cards)
    return eng


def test_a_druidess_permanent_grows_every_adversary_turn():
    eng = _engine("druidess", ["thorn_sapling"])
    st = eng.state
    adversary_turn(eng, G0)
    assert st.adv_hp[0, 0] == 2 + 1 and st.hp[0, 0] == 19  # arrives, grows, strikes
    adversary_turn(eng, G0)
    assert st.adv_hp[0, 0] == 2 + 2 and st.hp[0, 0] == 18


def test_overgrowth_strikes_every_permanent_of_the_players():
    eng = _engine("druidess", ["overgrowth"])
    slot = put_on_board(eng, "rite_of_passage", PERMANENT, hp=5)
    adversary_turn(eng, G0)
    assert eng.state.board_hp[0, 0, slot] == 5 - 4 and eng.state.hp[0, 0] == 20


def test_whiteout_phases_out_the_bottom_of_the_active_players_deck():
    eng = _engine("warden", ["whiteout"])
    set_deck(eng, ["flame", "flame", "flame", "flame", "rite_of_passage"])
    adversary_turn(eng, G0)
    assert eng.state.deck_len[0, 0] == 2
    assert eng.state.discard[0, 0].sum() == 3
