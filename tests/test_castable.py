"""The cards a deck can never cast (simulator.castable): what validate warns about and the
doctor names for a deck that wins nothing."""

from __future__ import annotations

import pytest

from simulator.castable import never_cast
from simulator.cli import main
from simulator.decks import Deck, bundled_decks, load_deck

HOPELESS = {"rock": 4, "iron_rock": 4, "meteor_punch": 4, "sharp_volley": 4, "earthquake": 4,
            "divine_hammer_strike": 4, "fine_sand": 4, "desert_fangs": 4, "temporal_blast": 2,
            "fast_forward": 2, "chaos": 2, "galactic_mantle": 2, "waiver_crown": 2}


def test_the_cards_nothing_in_the_deck_can_let_be_cast_are_named_with_why(db):
    deck = Deck.from_counts("hopeless", HOPELESS, db)
    found = {n.card_id: n for n in never_cast(deck, db)}
    assert set(found) == {"temporal_blast", "fast_forward", "chaos", "galactic_mantle",
                          "waiver_crown"}
    assert found["temporal_blast"].missing_words == ("Time",)
    assert found["chaos"].missing_words == ("Inspiration",)
    assert found["galactic_mantle"].needs_mage_noir and not found["galactic_mantle"].missing_words
    assert found["chaos"].line() == ("2 Chaos: needs 1 Inspiration, which no other card of the "
                                     "deck that can be played provides")
    # a provider of Time, a Ritual: every card can be cast
    fixed = Deck.from_counts("fixed", {**HOPELESS, "rock": 1, "century": 2, "brilliant_inspiration": 1,
                                       "knowledge_ritual": 1}, db)
    assert never_cast(fixed, db) == []


def test_a_card_only_its_own_copies_provide_for_is_never_first_on_the_board(db):
    """Ina's meteor needs a Meteor and is one: alone, no copy can be the first; beside Meteor
    punch (a Meteor that needs Rocks, which the Rocks give) it can. A card that can never be
    cast provides nothing: Ina's meteor's Meteor does not save another card."""
    alone = Deck.from_counts("a", {"inas_meteor": 4, "rock": 4}, db)
    assert [n.card_id for n in never_cast(alone, db)] == ["inas_meteor"]
    helped = Deck.from_counts("b", {"inas_meteor": 4, "rock": 4, "meteor_punch": 2}, db)
    assert never_cast(helped, db) == []
    chained = Deck.from_counts("c", {"inas_meteor": 4, "meteor_punch": 2}, db)  # no Rock
    assert [n.card_id for n in never_cast(chained, db)] == ["inas_meteor", "meteor_punch"]


@pytest.mark.parametrize("name", sorted(bundled_decks()))
def test_every_example_deck_can_cast_all_its_cards(name, db):
    assert never_cast(load_deck(bundled_decks()[name], db), db) == []


def test_the_engine_never_casts_them_either(db):
    """In real games the reported cards are never prepared, and the others are."""
    from simulator.run import simulate

    deck = Deck.from_counts("hopeless", HOPELESS, db)
    usage = simulate(deck, "duke", games=150, seed=3, db=db, progress=False,
                     min_cards=1).card_usage().set_index("card")
    never = {n.card_id for n in never_cast(deck, db)}
    assert (usage.loc[sorted(never), "prepared_games"] == 0).all()
    # Divine hammer strike destroys an Equipment, and the Duke has none: the planner does not
    # prepare it (its only targets would be the player's own)
    castable = [c for c in HOPELESS if c not in never
                and c not in ("iron_rock", "fine_sand", "divine_hammer_strike")]
    assert (usage.loc[castable, "prepared_games"] > 0).all()


def test_validate_warns_and_names_them(tmp_path, capsys):
    path = tmp_path / "hopeless.txt"
    path.write_text("\n".join(f"{n} {cid}" for cid, n in HOPELESS.items()), encoding="utf-8")
    assert main(["validate", str(path)]) == 0  # legal: a warning, not an error
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}: ok, 42 cards (mineral 34, arcane 8)"
    assert lines[1] == (f"{path}: warning: 10 of the deck's 42 cards can never be cast, "
                        "whatever the draws:")
    assert lines[2:] == [
        "  2 Temporal blast: needs 1 Time, which no other card of the deck that can be played provides",
        "  2 Fast forward: needs 1 Time, which no other card of the deck that can be played provides",
        "  2 Chaos: needs 1 Inspiration, which no other card of the deck that can be played provides",
        "  2 Galactic mantle: only a Mage Noir may prepare it, and no card of the deck that can "
        "be played makes its player one (a Ritual)",
        "  2 Waiver crown: only a Mage Noir may prepare it, and no card of the deck that can be "
        "played makes its player one (a Ritual)"]
    assert main(["validate", "fire-flames"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
