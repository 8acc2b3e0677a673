"""Animals and Exile (the Animal Aenigma rulesheet; docs/animals.md, docs/rules.md R10.5,
engine/rules/animals.py and exile.py), one rule per test, played with our invented example
Animal, the Flame fox (not an official card): a Flame component while face up; passive, it
ignores 1 damage from the Adversary's side each turn; active, once a turn for 1 Fire Mana, the
top card of its player's discard pile goes to their exile, then 1 damage to any target.

A spell whose cost exhausts the Animal does not exist in our data (no official card of an
Animal box is in it): a Base Game card is given that cost in one test's table
(``rule_stand_ins.exhausting_animal``), as the tables builder does for ``exhausts_animal``.
"""

from __future__ import annotations

import engine_fixtures as fx
import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    board_of,
    can_prepare,
    deck_list,
    discard_of,
    duke_attacks,
    exile_of,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    summon_duke,
)
from engine_fixtures import G0, P0, card_totals
from rule_stand_ins import exhausting_animal, with_steps

from simulator.cards import load_cards
from simulator.cards.loader import build_db
from simulator.cards.schema import validate_card
from simulator.cli import main
from simulator.engine.host import api
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import CardDataError

FOX = "ours_flame_fox"
FLAME = L.WORD["Flame"]
CARDS = [FOX, "flame", "fire_ball", "breath", "zephyr", "knowledge_ritual"]


def _engine(**options):
    return make_engine(CARDS, options=RuleOptions(**options) if options else None)


def _fox_in_play(eng, player=0, zone=L.ANIMAL) -> int:
    return put_on_board(eng, player, FOX, zone)


def _ability(eng, slot) -> int:
    return api.action_space(eng).ability + slot


# --- setting up: the Animal goes on top of the deck once the opening hand is chosen --------


def test_the_animal_is_put_on_top_of_the_deck_after_the_opening_hand():
    eng = fx.make_engine(CARDS, players=2, batch=6)
    fox, flame = lid(eng, FOX), lid(eng, "flame")
    deck = ["flame"] * 9 + [FOX] + ["fire_ball"] * 10  # the Animal anywhere in the deck
    for player in (0, 1):
        fx.set_deck(eng, deck, player=player)
    lines = fx.transcript_of(eng, lambda: api.deal_starting_hands(eng, [0]))
    api.deal_starting_hands(eng, np.arange(1, 6))
    st = eng.state
    assert (st.deck_len == 15).all()  # 20 - 5 kept; the other 5 went back before it
    assert (st.deck[:, :, 14] == fox).all()  # on top: the first card drawn
    assert (st.hand.sum(axis=2) == 5).all() and (st.hand[:, :, fox] == 0).all()
    assert (st.hand[:, :, flame] + (st.deck[:, :, :14] == flame).sum(axis=2) == 9).all()
    assert "player 1 puts their Animal, Flame fox (invented), face down on top of the deck" in lines


# --- into play face up: drawn, or discarded from the deck ----------------------------------


def test_a_drawn_animal_goes_into_play_face_up_and_the_draw_is_spent():
    eng = _engine()
    set_deck(eng, 0, ["breath", "zephyr", FOX])
    lines = fx.transcript_of(eng, lambda: api.draw(eng, G0, P0, 1))
    assert board_of(eng, 0) == {0: (FOX, L.ANIMAL)}
    assert hand_of(eng, 0) == {}  # the draw was the Animal (rule option animal_draw_replaced)
    assert deck_list(eng, 0) == ["breath", "zephyr"]
    assert eng.state.drawn[0, 0, lid(eng, FOX)] == 1
    assert lines == ["  draws Flame fox (invented), their Animal: it goes into play face up"]


def test_with_the_rule_option_the_animal_drawn_is_replaced_by_the_next_card():
    eng = _engine(animal_draw_replaced=True)
    set_deck(eng, 0, ["breath", "zephyr", FOX])
    api.draw(eng, G0, P0, 1)
    assert board_of(eng, 0) == {0: (FOX, L.ANIMAL)}
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert deck_list(eng, 0) == ["breath"]


def test_an_animal_drawn_onto_a_full_board_leaves_the_game_and_counts_as_an_overflow():
    eng = _engine(board_slots=1)  # the engine's capacity, one slot here
    put_on_board(eng, 0, "flame", L.CHANNELED)
    set_deck(eng, 0, ["breath", FOX])
    lines = fx.transcript_of(eng, lambda: api.draw(eng, G0, P0, 1))
    assert exile_of(eng, 0) == [FOX] and eng.state.board_overflow[0] == 1
    assert lines == ["  exiles Flame fox (invented) from the deck: no room in play"]


def test_a_milled_animal_goes_into_play_face_up_not_to_the_discard_pile():
    eng = _engine()
    ritual = put_on_board(eng, 0, "knowledge_ritual", L.RITUAL)  # mills 1 at turn start
    set_deck(eng, 0, ["breath", FOX])
    lines = fx.transcript_of(eng, lambda: api.run_trigger(
        eng, "turn_start", G0, P0, np.array([lid(eng, "knowledge_ritual")]), np.array([ritual])))
    assert board_of(eng, 0) == {ritual: ("knowledge_ritual", L.RITUAL), 1: (FOX, L.ANIMAL)}
    assert discard_of(eng, 0) == {} and deck_list(eng, 0) == ["breath"]
    assert lines == ["  discards the top card of the deck: Flame fox (invented)",
                     "  Flame fox (invented) is their Animal: it goes into play face up instead"]


def test_an_animal_phased_out_of_the_deck_bottom_goes_into_play_face_up():
    eng = _engine()
    with_steps(eng, "zephyr", "activate", {"op": "phase_out", "amount": 2, "target": "self"})
    zephyr = put_on_board(eng, 0, "zephyr", L.PREPARED)
    set_deck(eng, 0, [FOX, "breath", "flame"])  # the fox at the bottom
    api.activate(eng, G0, P0, zephyr)
    assert board_of(eng, 0) == {zephyr + 1: (FOX, L.ANIMAL)}  # Zephyr was still in play
    assert discard_of(eng, 0) == {"breath": 1, "zephyr": 1} and deck_list(eng, 0) == ["flame"]


# --- exhausted by a cost, regenerated at its owner's turn start ----------------------------


def test_a_spell_whose_cost_exhausts_the_animal_needs_it_face_up_and_turns_it_face_down():
    eng = _engine()
    exhausting_animal(eng, "breath")
    give_hand(eng, 0, "breath", 2)
    set_reserve(eng, 0, air=2)
    assert not can_prepare(eng, 0, "breath")  # no Animal
    slot = _fox_in_play(eng)
    assert can_prepare(eng, 0, "breath")
    lines = fx.transcript_of(eng, lambda: prepare(eng, 0, "breath"))
    assert eng.state.board_zone[0, 0, slot] == L.ANIMAL_EXHAUSTED
    assert reserve_of(eng, 0) == mana(air=1)  # its Mana cost is paid as well
    assert not can_prepare(eng, 0, "breath")  # the second copy: the Animal is face down
    assert ("  Flame fox (invented) is exhausted (turned face down) to pay for Breath: no "
            "passive, ability nor component until it regenerates") in lines
    lines = fx.transcript_of(eng, lambda: api.main_phase(eng, G0, P0))
    assert "  keeps Breath: its cost exhausts the Animal, which is not face up" in lines


def test_an_exhausted_animal_regenerates_at_the_start_of_its_owners_turn():
    eng = _engine()
    eng.state.turn[:] = 3
    slot = _fox_in_play(eng, zone=L.ANIMAL_EXHAUSTED)
    set_deck(eng, 0, ["zephyr"] * 3)
    lines = fx.transcript_of(eng, lambda: api.begin_player_turn(eng, G0, P0))
    assert eng.state.board_zone[0, 0, slot] == L.ANIMAL
    assert "  Flame fox (invented) regenerates: face up again" in lines
    api.begin_player_turn(eng, G0, P0)  # face up already: nothing to regenerate
    assert eng.state.board_zone[0, 0, slot] == L.ANIMAL


# --- a component for the words of its name while face up ----------------------------------


def test_a_face_up_animal_is_a_component_for_its_name_and_stays_in_play_when_used():
    eng = _engine()
    slot = _fox_in_play(eng)
    give_hand(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=2, air=1)
    assert api.component_counts(eng, G0, P0, [FLAME])[0, 0] == 1
    assert can_prepare(eng, 0, "fire_ball")  # Fire ball requires a Flame: the fox's name
    eng.set_policy(ScriptedPolicy())
    spell = prepare(eng, 0, "fire_ball")
    used = eng.policy.of_kind("use_component")
    assert [np.flatnonzero(a.options[0]).tolist() for a in used] == [[slot]]
    assert board_of(eng, 0) == {slot: (FOX, L.ANIMAL), spell: ("fire_ball", L.PREPARED)}


def test_an_exhausted_animal_is_no_component():
    eng = _engine()
    _fox_in_play(eng, zone=L.ANIMAL_EXHAUSTED)
    give_hand(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=2, air=1)
    assert api.component_counts(eng, G0, P0, [FLAME])[0, 0] == 0
    assert not can_prepare(eng, 0, "fire_ball")


def test_by_default_the_animal_exhausted_by_a_spell_may_be_one_of_its_components():
    """R7.1's order: components designated, then the cost paid (the Animal turned face down);
    the rule option animal_exhausted_first turns it down first, so it cannot serve."""
    for first, preparable in ((False, True), (True, False)):
        eng = _engine(animal_exhausted_first=first)
        exhausting_animal(eng, "fire_ball")
        slot = _fox_in_play(eng)
        give_hand(eng, 0, "fire_ball")
        set_reserve(eng, 0, fire=2, air=1)
        assert can_prepare(eng, 0, "fire_ball") == preparable
        if preparable:
            prepare(eng, 0, "fire_ball")
            assert eng.state.board_zone[0, 0, slot] == L.ANIMAL_EXHAUSTED
    put_on_board(eng, 0, "flame", L.CHANNELED)  # another Flame: now it can, with that one
    assert can_prepare(eng, 0, "fire_ball")
    prepare(eng, 0, "fire_ball")
    assert eng.state.board_zone[0, 0, slot] == L.ANIMAL_EXHAUSTED
    assert discard_of(eng, 0) == {"flame": 1}  # used, then discarded by its own effect


# --- passive and active abilities ---------------------------------------------------------


@pytest.mark.card("ours_flame_fox")
def test_its_passive_applies_only_while_it_is_face_up():
    eng = _engine()
    summon_duke(eng)
    slot = _fox_in_play(eng)
    duke_attacks(eng)
    assert eng.state.hp[0, 0] == 20 - 3  # the Duke's 4, 1 ignored
    eng.state.board_zone[0, 0, slot] = L.ANIMAL_EXHAUSTED
    eng.state.ignored_this_turn[0, 0] = 0  # a new turn
    duke_attacks(eng)
    assert eng.state.hp[0, 0] == 17 - 4


@pytest.mark.card("ours_flame_fox")
def test_its_active_ability_is_paid_with_mana_once_a_turn_and_only_face_up():
    eng = _engine()
    duke = summon_duke(eng)
    slot = _fox_in_play(eng)
    set_reserve(eng, 0, fire=2)
    for card in ("flame", "breath"):  # the discard pile, Breath on top
        eng.state.discard[0, 0, lid(eng, card)] += 1
        k = eng.state.discard_len[0, 0]
        eng.state.discard_pile[0, 0, k] = lid(eng, card)
        eng.state.discard_len[0, 0] = k + 1
    assert api.legal_actions(eng, G0, P0)[0, _ability(eng, slot)]
    before = card_totals(eng)[0, 0]
    lines = fx.transcript_of(eng, lambda: api.use_ability(eng, G0, P0, slot))
    assert reserve_of(eng, 0) == mana(fire=1)
    assert eng.state.ether[0].sum(axis=0).tolist() == mana(fire=1)  # paid into the Ether
    assert exile_of(eng, 0) == ["breath"] and discard_of(eng, 0) == {"flame": 1}
    assert eng.state.adv_hp[0, duke] == 19
    assert card_totals(eng)[0, 0] == before  # the exiled card still counts as the player's
    assert lines[0] == "uses the ability of Flame fox (invented)"
    assert "  pays 1 fire for the ability" in lines  # after its announced target
    assert "  exiles Breath from the discard pile" in lines
    assert not api.legal_actions(eng, G0, P0)[0, _ability(eng, slot)]  # once a turn
    api.turn_boundary(eng, G0)
    eng.state.board_zone[0, 0, slot] = L.ANIMAL_EXHAUSTED
    assert not api.legal_actions(eng, G0, P0)[0, _ability(eng, slot)]  # face down


# --- not a spell: effects that pick spells or cards by name never pick it -----------------


def test_effects_that_pick_a_component_or_a_card_by_name_do_not_pick_the_animal():
    eng = _engine()
    fox_slot = _fox_in_play(eng)
    put_on_board(eng, 0, "flame", L.CHANNELED)
    with_steps(eng, "zephyr", "activate", {"op": "discard_component", "amount": 2,
                                           "word": "Flame"})
    with_steps(eng, "breath", "activate", {"op": "search_deck", "word": "Flame"})
    zephyr = put_on_board(eng, 0, "zephyr", L.PREPARED)
    api.activate(eng, G0, P0, zephyr)
    assert board_of(eng, 0) == {fox_slot: (FOX, L.ANIMAL)}  # only the Flame card went
    assert discard_of(eng, 0) == {"flame": 1, "zephyr": 1}
    set_deck(eng, 0, [FOX, "fire_ball"])
    breath = put_on_board(eng, 0, "breath", L.PREPARED)
    api.activate(eng, G0, P0, breath)
    assert hand_of(eng, 0) == {} and sorted(deck_list(eng, 0)) == sorted([FOX, "fire_ball"])


# --- exile -------------------------------------------------------------------------------


def test_a_card_exiling_itself_and_an_exiled_animal_leave_the_game_in_order():
    eng = _engine()
    with_steps(eng, "zephyr", "activate", {"op": "exile_self"})
    with_steps(eng, FOX, "enter", {"op": "exile_self"})
    fox_slot = _fox_in_play(eng)
    zephyr = put_on_board(eng, 0, "zephyr", L.PREPARED)
    before = card_totals(eng)[0, 0]
    lines = fx.transcript_of(eng, lambda: api.activate(eng, G0, P0, zephyr))
    api.run_trigger(eng, "enter", G0, P0, np.array([lid(eng, FOX)]), np.array([fox_slot]))
    assert exile_of(eng, 0) == ["zephyr", FOX]
    assert board_of(eng, 0) == {} and discard_of(eng, 0) == {}
    assert card_totals(eng)[0, 0] == before
    assert "Zephyr leaves play, to exile" in lines


def test_the_exile_is_counted_where_cards_are_conserved():
    """The property tests' count of each player's cards (engine_fixtures.card_totals) holds
    the exile: a real game of a deck with the Flame fox keeps its 40 cards."""
    from simulator.decks import Deck
    from simulator.engine.rules.rng import game_seeds
    from simulator.scenarios import load_scenario

    db = load_cards()
    deck = Deck.from_counts("fox", {FOX: 1, "flame": 4, "fire_ball": 4, "fiery_arrow": 4,
                                    "flame_projectile": 4, "breath": 4, "zephyr": 4,
                                    "healers_breath": 4, "draconic_flame": 4, "fire_whip": 3,
                                    "magma_eruption": 2, "rite_of_passage": 2}, db)
    assert deck.size == 40
    exiled = []

    def after_turn(eng, games, player):
        assert (card_totals(eng) == 40).all()
        exiled.append(int(eng.state.exile_len[games].sum()))

    fx.play_capturing([deck], load_scenario("duke", db), "normal", game_seeds(3, 0, 8),
                      "planner", after_turn=after_turn)
    assert max(exiled) > 0  # the fox's ability exiled cards along the way


# --- the card format --------------------------------------------------------------------

ANIMAL = {"id": "test_stag", "name_en": "Tree stag", "name_fr": "Cerf des arbres",
          "element": "vegetal", "type": "animal", "cost": {}, "components": {},
          "provides": ["Tree"], "copies_limit": 1, "extension": "Animal Aenigma",
          "effect": {"static": [{"kind": "damage_reduction", "amount": 1}],
                     "ability": [{"op": "ability_cost", "timing": "main_phase",
                                  "cost": {"vegetal": 1}}, {"op": "heal", "amount": 1,
                                                            "target": "self"}]}}


def _animal_problems(**changes) -> list[str]:
    card = {**ANIMAL, **changes}
    return validate_card(card, "animals.toml")


def test_an_animal_of_a_box_is_typed_in_the_card_format():
    assert _animal_problems() == []  # its box's name is its extension, free text
    assert _animal_problems(invented=True) == [
        "animals.toml: test_stag: 'extension' of an invented card must be "
        "'magenoir-sim (invented)', got 'Animal Aenigma'"]


@pytest.mark.parametrize("changes, fragment", [
    ({"cost": {"vegetal": 1}}, "an Animal is never prepared"),
    ({"components": {"Seed": 1}}, "an Animal is never prepared"),
    ({"copies_limit": 2}, "copies_limit must be 1"),
    ({"hp": 3}, "only Permanents have HP"),
    ({"exhausts_animal": True}, "'exhausts_animal' is a cost of spells"),
    ({"effect": {"activate": [{"op": "draw", "amount": 1}]}}, "effect.activate: an Animal's"),
    ({"effect": {"static": [{"kind": "protector_if", "if": "mage_noir"}]}},
     "'protector_if' is not a static an Animal can have"),
    ({"effect": {"turn_start": [{"op": "handler", "name": "maelstrom"}]}}, "no handler"),
    ({"effect": {"ability": [{"op": "ability_cost", "timing": "main_phase",
                              "sacrifice": True}]}}, "never a sacrifice"),
])
def test_what_an_animal_cannot_have_is_refused(changes, fragment):
    problems = _animal_problems(**changes)
    assert len(problems) == 1 and fragment in problems[0], problems


def test_the_animals_file_holds_only_animals_and_never_counts_as_official(capsys):
    spell = {**ANIMAL, "id": "test_spell", "type": "spell", "cost": {"fire": 1},
             "copies_limit": 4, "extension": "Base Game", "effect": {}}
    text = "\n".join(["[[card]]"] + [f"{k} = {_toml(v)}" for k, v in spell.items()])
    with pytest.raises(CardDataError, match="animals.toml: test_spell: only Animals go in"):
        build_db([("animals.toml", text)])
    db = load_cards()
    assert len(db.official) == 205 and db.find("Flame fox") not in db.official
    assert main(["cards", "--simulated"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "205 cards, all simulated"
    assert main(["cards", "--invented", "--type", "animal"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "1 card, all simulated" and "animal (invented)" in out[2]
    assert main(["card", "flame fox"]) == 0
    assert "ours, NOT an official card" in capsys.readouterr().out


def _toml(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value).lower()


# --- deck building: at most one Animal ----------------------------------------------------


def test_a_deck_with_two_animals_is_refused_in_one_line_naming_the_file_line_and_card(tmp_path,
                                                                                     capsys):
    path = tmp_path / "two.txt"
    path.write_text("4 Flame\n2 Flame fox\n4 Fire ball\n", encoding="utf-8")
    assert main(["run", str(path), "--games", "5", "--quiet", "--min-cards", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"magenoir-sim: error: {path}:2: more than one Animal (2 Flame fox "
                   "(invented)), at most one per deck (R2.3)"]


# --- the bots ---------------------------------------------------------------------------


def test_the_bot_uses_the_animal_before_a_spell_that_would_exhaust_it():
    """Breath is worth more than the fox's 1 damage, so the bot prepares it first, unless
    its cost exhausts the fox: then the ability first (it would be lost), Breath after."""
    for exhausts in (False, True):
        eng = make_engine(CARDS, policy="planner")
        summon_duke(eng)
        if exhausts:
            exhausting_animal(eng, "breath")
        slot = _fox_in_play(eng)
        give_hand(eng, 0, "breath")
        set_reserve(eng, 0, fire=1, air=1)
        sp = api.action_space(eng)
        breath, ability = sp.prepare + lid(eng, "breath"), sp.ability + slot
        first = int(api.main_action_choice(eng, G0, P0)[0])
        assert first == (ability if exhausts else breath)
    api.apply_actions(eng, G0, P0, first)
    assert int(api.main_action_choice(eng, G0, P0)[0]) == breath


def test_the_bot_designates_the_animal_rather_than_a_flame_that_would_be_discarded():
    eng = make_engine(CARDS, policy="planner")
    flame = put_on_board(eng, 0, "flame", L.CHANNELED)
    fox = _fox_in_play(eng)
    give_hand(eng, 0, "fire_ball")
    set_reserve(eng, 0, fire=2, air=1)
    spell = prepare(eng, 0, "fire_ball")
    assert board_of(eng, 0) == {flame: ("flame", L.CHANNELED), fox: (FOX, L.ANIMAL),
                                spell: ("fire_ball", L.PREPARED)}


def test_the_bot_keeps_the_animal_ability_for_the_adversary():
    """Its 1 damage is worth the Fire only at the Adversary: before it arrives the bot keeps
    the Mana; once it is there, it uses the ability."""
    eng = make_engine(CARDS, policy="greedy")
    slot = _fox_in_play(eng)
    set_reserve(eng, 0, fire=1)
    assert int(api.main_action_choice(eng, G0, P0)[0]) == 0  # ends the main phase
    summon_duke(eng)
    assert int(api.main_action_choice(eng, G0, P0)[0]) == _ability(eng, slot)
