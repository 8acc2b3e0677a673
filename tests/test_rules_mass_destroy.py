"""Mass destruction (``destroy_all``) and the target ``all_permanents``: every Permanent of
every side or of the opponent's, every card in play providing a word; indestructible cards
stay. Steps run through ``engine_fixtures.run_steps`` on hand-built positions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from engine_fixtures import (
    G0,
    board_at,
    engine_with_answers,
    lid,
    pile_of,
    put_adversary,
    put_on_board,
    run_steps,
)

from simulator.engine.rules.layout import ADVERSARY_SIDE, CHANNELED, EQUIPMENT, PERMANENT

CARDS = ["dead_tree", "maelstrom", "bark_armor", "flame", "fire_ball"]


def _position(players=1):
    eng = engine_with_answers(CARDS, players=players)
    duke, guard = put_adversary(eng, "duke"), put_adversary(eng, "guard")
    put_on_board(eng, "dead_tree", PERMANENT)
    put_on_board(eng, "bark_armor", EQUIPMENT)
    put_on_board(eng, "flame", CHANNELED)
    return eng, duke, guard


def _run(eng, step, side=0, players=None):
    run_steps(eng, [step], G0, np.array([side]), np.array([lid(eng, "fire_ball")]), np.array([-1]))


def test_destroy_every_permanent_of_every_side():
    eng, duke, guard = _position(players=2)
    put_on_board(eng, "maelstrom", PERMANENT, player=1)
    _run(eng, {"op": "destroy_all", "whose": "every"})
    st = eng.state
    assert st.adv_card[0, guard] < 0 and st.adv_card[0, duke] >= 0  # the Duke is no Permanent
    assert board_at(eng) == {1: ("bark_armor", EQUIPMENT), 2: ("flame", CHANNELED)}
    assert board_at(eng, player=1) == {}
    assert pile_of(eng, "discard") == {"dead_tree": 1}
    assert pile_of(eng, "discard", player=1) == {"maelstrom": 1}


def test_destroy_the_opponents_permanents_only():
    eng, duke, guard = _position()
    _run(eng, {"op": "destroy_all", "whose": "opponent"})
    assert eng.state.adv_card[0, guard] < 0
    assert board_at(eng)[0] == ("dead_tree", PERMANENT)
    # an Adversary card's "opponent" is the players' side
    _run(eng, {"op": "destroy_all", "whose": "opponent"}, side=ADVERSARY_SIDE)
    assert 0 not in board_at(eng) and pile_of(eng, "discard") == {"dead_tree": 1}


def test_indestructible_permanents_stay():
    eng, duke, guard = _position()
    eng.state.indestructible[0, 0, 0] = lid(eng, "dead_tree") + 1
    _run(eng, {"op": "destroy_all", "whose": "every"})
    assert board_at(eng)[0] == ("dead_tree", PERMANENT)


def test_destroy_every_card_providing_a_word():
    eng, duke, guard = _position()
    _run(eng, {"op": "destroy_all", "whose": "every", "word": "Flame"})
    assert 2 not in board_at(eng) and pile_of(eng, "discard") == {"flame": 1}
    assert eng.state.adv_card[0, guard] >= 0  # Adversary cards provide no word


def test_damage_to_all_permanents_hits_both_sides():
    eng, duke, guard = _position()
    st = eng.state
    _run(eng, {"op": "damage", "amount": 1, "target": "all_permanents"})
    assert st.adv_hp[0, guard] == eng.tables.hp[lid(eng, "guard")] - 1
    assert st.board_hp[0, 0, 0] == eng.tables.hp[lid(eng, "dead_tree")] - 1
    assert st.adv_hp[0, duke] == eng.tables.hp[lid(eng, "duke")] and st.hp[0, 0] == 20


def test_a_blow_that_destroys_a_whole_board_raises_all_its_triggered_actions():
    """Game 4029 of seed 1, vegetal-flowers against the Druidess (as she was then, a frozen
    copy of her file): her Overgrowth hits every
    Permanent of the player, and seven leave play at once, each raising its Mana's release,
    its Autumn effects and its landing in the pile. The engine held 32 triggered actions and
    stopped this game with "too many triggered actions at once"; it now plays it out."""
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.replay import replay_game
    from simulator.scenarios import load_scenario

    db = load_cards()
    druidess = Path(__file__).parent / "data" / "scenarios" / "druidess-2026-11-27.toml"
    text = replay_game([load_deck("vegetal-flowers", db)], load_scenario(druidess, db),
                       seed=1, game=4029, db=db)
    blows = text.split("Adversary reveals Overgrowth\n")
    assert len(blows) >= 2
    after = blows[-1].split("'s Mana value to the Available Ether")[0]
    assert after.count(" leaves play, to the discard pile") >= 7
    assert text.splitlines()[-1].startswith("Result: ")
