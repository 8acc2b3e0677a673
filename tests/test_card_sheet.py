"""``magenoir-sim card NAME``: facts, our summary of the effect data, simulated or not; and
``cards --keywords``."""

from __future__ import annotations

import json
import re

import pytest

from simulator.card_sheet import describe_step, format_card, handler_summary, show_card
from simulator.cli import main
from simulator.engine.host.tables import handler_names, implemented_cards


@pytest.mark.parametrize("name", [["fire", "ball"], ["Boule de feu"], ["FIRE_BALL"],
                                  ["boule", "de", "féu"]])
def test_a_card_is_found_by_any_name_a_player_types(name, capsys):
    assert main(["card", *name]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Fire ball / Boule de feu  (id fire_ball)"


def test_the_card_shows_its_facts_and_how_the_engine_plays_it(capsys):
    assert main(["card", "fire ball"]) == 0
    lines = capsys.readouterr().out.splitlines()
    facts = {line.split()[0]: line.split(None, 1)[1] for line in lines[1:11]}
    assert facts == {"extension": "Base Game", "element": "fire", "type": "spell",
                     "cost": "2 fire + 1 air", "requires": "1 Flame", "provides": "-",
                     "HP": "-", "keywords": "-", "copies": "at most 4 in a deck",
                     "simulated": "yes: runs accept decks with it"}
    engine = lines[lines.index("How the engine plays it (our summary of its effect data, not "
                               "the card's text):") + 1:]
    assert engine == [
        "  Always (static abilities):",
        "    - instead of the Flame component, its controller may discard a fire card from hand",
        "  When it is activated:",
        "    - 2 damage to every Permanent with HP the opponent controls",
        "    - 2 damage (3 when its controller is a Mage Noir) to the Adversary"]


def test_keywords_hp_and_handlers_are_shown(capsys):
    assert main(["card", "Animated tree"]) == 0
    out = capsys.readouterr().out
    assert "  HP           3" in out and "  keywords     protector" in out
    assert "    protector: may take damage aimed at its controller" in out
    assert "(engine code 'discard_used_component')" in out
    assert "(engine code 'animated_tree')" in out


def test_a_card_the_engine_does_not_play_says_so(capsys, unsimulated_card):
    assert main(["card", unsimulated_card.id]) == 0
    out = capsys.readouterr().out
    assert "simulated    no: the engine does not play it yet" in out
    assert "How the engine plays it" not in out


def test_a_misspelt_card_gets_suggestions_and_exit_2(capsys):
    assert main(["card", "fire", "bal"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("magenoir-sim: error: unknown card 'fire bal' (did you mean: Fire ball / "
                   "Boule de feu?); magenoir-sim cards lists the players' cards, magenoir-sim "
                   "scenarios the Adversary's")


@pytest.mark.parametrize("name, scenario, facts", [
    ("Feast at court", "duke", ["Mana value   3", "normal: 3 copies, hard: 3 copies",
                                "approximated: our stand-in", "When it is revealed",
                                "the Adversary itself gains 3 HP"]),
    ("The Duke", "duke", ["HP           20 (the players win when it is destroyed)",
                          "normal: 1 copy, hard: 1 copy", "published: the card as printed",
                          "4 damage (3 against a Mage Noir) to the player with the most HP"]),
    ("le duc", "duke", ["The Duke / Le Duc", "published: the card as printed"]),
    ("executioner", "duke", ["normal: none, hard: 1 copy", "2 damage to the player about to play"]),
])
def test_the_adversarys_cards_say_what_they_do_where_and_how_many(name, scenario, facts, capsys):
    """``card`` finds the bundled scenarios' cards too (any case, French names): what the card
    does (from the same effect data the engine plays), at which level and in how many copies,
    and whether it is published or our stand-in."""
    assert main(["card", name]) == 0
    out = capsys.readouterr().out
    assert f"--scenario {scenario}" in out.splitlines()[0]
    for fact in facts:
        assert fact in out, fact
    assert main(["card", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["adversary_card"] is True and data["scenario_option"] == scenario
    assert data["approximated"] == ("published" not in " ".join(facts))


def test_an_adversary_cards_line_follows_its_effect_data():
    """Blanked (its effect data emptied), Feast at court says nothing of healing: the line
    is the data's."""
    import dataclasses

    from simulator.adversary_sheet import describe_effect, find_adversary_cards

    (_, feast), = find_adversary_cards("Feast at court")
    assert describe_effect(feast) == ["When it is revealed (then it is discarded):",
                                      "  - the Adversary itself gains 3 HP"]
    assert describe_effect(dataclasses.replace(feast, effect={})) == []


def test_card_json_has_the_facts_and_no_printed_text(capsys):
    assert main(["card", "tornado", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "tornado" and out["simulated"] is True
    assert out["cost"] == {"air": 3} and out["components_required"] == {"Wind": 1}
    assert out["engine"][0] == "When it is activated:"
    assert not {"effect", "effect_en", "text", "rulings"} & set(out)


def test_every_simulated_card_gets_a_summary_line_per_step(db):
    """Every step of every simulated card says something in words (no raw parameters), and
    every handler is named; a card with no effect says so."""
    for card in db:
        if card.id not in implemented_cards(db):
            continue
        text = format_card(card, True)
        steps = [s for steps in card.effect.values() for s in steps]
        lines = [line for line in text.splitlines() if line.startswith("    - ")]
        assert len(lines) == len(steps), card.id
        for line in lines:
            words = line.split("engine code")[0]
            assert "{" not in line and "``" not in line and "_" not in words, (card.id, line)
        for name in handler_names(dict(card.effect)):
            assert f"engine code '{name}'" in text


def test_a_handler_line_is_its_docstring_up_to_the_engine_details():
    assert handler_summary("condensation_distribute") == (
        "each Mana locked under it goes to the reserve or under another own card "
        "(engine code 'condensation_distribute')")
    assert handler_summary("no_such_handler").startswith("engine code 'no_such_handler'")
    assert describe_step({"op": "draw", "amount": 1, "if": "mage_noir"}) == (
        "its controller draws 1 card, only if the controller is a Mage Noir")


def test_every_handler_is_summarised_in_a_players_words():
    """No card's line is its engine code alone: a static's declaration and a step's docstring
    say what it does, without the engine's internal names."""
    from simulator.engine.handlers.declare import read_declarations

    for handler in read_declarations():
        text = handler_summary(handler.name).removesuffix(f" (engine code '{handler.name}')")
        assert "no summary written yet" not in text and len(text) > 20, handler.name
        assert not re.search(r"``|:func:|\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z]+\(", text), text


def test_tesla_coil_and_millisecond_read_as_a_player_would_say_them():
    tesla = show_card("Tesla coil")
    assert ("tesla coil took damage: from a Spark or Lightning spell (a player's card providing "
            "either word), its controller draws 1; from any other card (the Adversary's "
            "included), it deals the damage it took to the opponent, the Adversary") in tesla
    millisecond = show_card("Millisecond")
    assert ("every number in the effect of a card prepared with this as a component is 1 less, "
            "never below 0 (unchanged when its controller is a Mage Noir)") in millisecond
    assert "reduced by 0" not in millisecond
    assert "is 1 less (1 more when its controller is a Mage Noir)" in show_card("Split second")


def test_show_card_takes_a_name_and_returns_text():
    assert show_card("Tornade").startswith("Tornado / Tornade")


def test_cards_keywords_adds_a_column(capsys):
    assert main(["cards", "--element", "vegetal", "--keywords"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "keywords" in lines[0].split()
    column = lines[0].index("keywords")

    def keywords_of(name: str) -> str:
        row = next(line for line in lines if line.startswith(name + "  "))
        return row[column:].split("  ")[0]

    assert keywords_of("Animated tree") == "protector"
    assert keywords_of("Dead tree") == "protector if mage noir"
    assert keywords_of("Bark armor") == "-"
    assert main(["cards", "--element", "vegetal"]) == 0
    assert "keywords" not in capsys.readouterr().out.splitlines()[0]
