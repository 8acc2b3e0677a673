"""The Adversary's cards as a player asks about them: ``card "Feast at court"`` and
``scenarios duke``.

Why apart from :mod:`simulator.card_sheet`: an Adversary card is not a player card. It has a
Mana value, not a cost; it is revealed, not cast; its targets are the players (the one with
the most HP, the one about to play, a player the players choose); its "Mage Noir" amounts
apply when the *targeted* player is a Mage Noir; and it belongs to a scenario, with a number
of copies at each level, published or one of our stand-ins. Its summary is built from the
scenario file's effect data (the same data the engine plays), in our words.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from simulator.cards.names import normalise_name
from simulator.scenarios import AdversaryCard, Scenario, command_name, list_scenarios, load_scenario

#: Whom an Adversary card's step aims at, as a player reads it.
TARGETS: dict[str, str] = {
    "player_most_hp": "the player with the most HP (on a tie, the players choose)",
    "active_player": "the player about to play",
    "all_players": "every player still in the game",
    "opponent": "a player the players choose",
    "opponent_permanents": "every Permanent with HP of the players",
    "adversary": "the Adversary itself",
    "this": "this card",
}

#: When an Adversary card's steps apply, by trigger.
TRIGGERS: dict[str, str] = {
    "activate": "When it is revealed (then it is discarded)",
    "turn_start": "On every Adversary turn while it is in play, the turn it arrives included "
                  "(unless it has an effect on arrival)",
    "enter": "When it comes into play",
    "leave": "When it leaves play",
    "static": "Always, while it is in play",
    "own_draw": "Each time the Adversary reveals a card, while it is in play",
    "opponent_draw": "Each time a player draws a card, while it is in play",
    "opponent_turn_end": "At the end of each player's turn, while it is in play",
}

#: What each kind of Adversary card is, in the rulesheet's terms.
KINDS: dict[str, str] = {
    "adversary": "the Adversary itself: it stays in play, and the players fight it",
    "keyword": "a card with a keyword: it stays in play and adds its Mana value to the "
               "Available Ether on every Adversary turn",
    "spell": "a card without a keyword: applied once when revealed, then discarded; its Mana "
             "value is added once",
    "equipment": "an Equipment: it stays in play in its slot, replacing one of the same slot",
}


def _amount(step: Mapping[str, Any], unit: str) -> str:
    text = f"{step.get('amount', '')} {unit}"
    if "amount_mn" in step:
        text += f" ({step['amount_mn']} against a Mage Noir)"
    return text


def describe_step(step: Mapping[str, Any]) -> str:
    """One step of an Adversary card, as a sentence in our words."""
    op = step.get("op") or step.get("kind")
    target = TARGETS.get(step.get("target", "active_player"), step.get("target", ""))
    if op == "damage":
        return f"{_amount(step, 'damage')} to {target}"
    if op == "lose_hp":
        return f"{target} loses {_amount(step, 'HP')} (not damage: it cannot be prevented)"
    if op == "heal":
        return f"{target} gains {_amount(step, 'HP')}"
    if op == "discard_from_hand":
        cards = "1 card" if step.get("amount") == 1 else f"{step.get('amount')} cards"
        return f"{target} discards {cards} of their choice from hand"
    if op == "phase_out":
        against = f" ({step['amount_mn']} against a Mage Noir)" if "amount_mn" in step else ""
        return (f"{target} is phased out by {step.get('amount')}{against}: that many cards "
                "from the bottom of their deck go to their discard pile")
    from simulator.card_sheet import describe_step as player_step  # the player's vocabulary

    return player_step(step)


def describe_effect(card: AdversaryCard) -> list[str]:
    """The card's effect data as lines: a heading per trigger, a line per step."""
    lines = []
    for trigger, steps in card.effect.items():
        lines.append(f"{TRIGGERS.get(trigger, trigger)}:")
        lines += [f"  - {describe_step(step)}" for step in steps]
    return lines


def bundled() -> list[Scenario]:
    """Every bundled scenario, by file name."""
    return [load_scenario(path) for path in list_scenarios()]


def find_adversary_cards(name: str) -> list[tuple[Scenario, AdversaryCard]]:
    """The bundled scenarios' cards named ``name`` (English or French name, or id; any case,
    accents optional), with their scenario."""
    key = normalise_name(name)
    return [(scenario, card) for scenario in bundled() for card in scenario.cards
            if key in {normalise_name(card.name), normalise_name(card.id),
                       normalise_name(card.name_fr or card.name)}]


def suggest(name: str, n: int = 3) -> list[str]:
    """Adversary card names close to ``name``."""
    names = {card.name for scenario in bundled() for card in scenario.cards}
    return difflib.get_close_matches(name, sorted(names), n=n, cutoff=0.6)


def copies_by_level(scenario: Scenario, card: AdversaryCard) -> dict[str, int]:
    """How many copies of ``card`` each level's deck holds (0: not at that level)."""
    return {level: dict(scenario.level(level)).get(card.id, 0) for level in scenario.level_names}


def source_text(card: AdversaryCard) -> str:
    if card.is_approximation:
        return ("approximated: our stand-in for an unpublished card (its name and effect are "
                "ours; the numbers with it are estimates of the real box)")
    return "published: the card as printed in the solo rulesheet"


def adversary_card_facts(scenario: Scenario, card: AdversaryCard) -> dict:
    """The card's facts and the summary of its effect, JSON-ready."""
    return {"id": card.id, "name": card.name, "name_fr": card.name_fr, "adversary_card": True,
            "scenario": scenario.name, "scenario_option": command_name(scenario.path),
            "kind": card.kind, "keyword": card.keyword, "mana_value": card.mana_value,
            "hp": card.hp, "slot": card.slot, "win_when_destroyed": card.win_when_destroyed,
            "source": card.source, "approximated": card.is_approximation,
            "copies_by_level": copies_by_level(scenario, card),
            "engine": describe_effect(card)}


def format_adversary_card(scenario: Scenario, card: AdversaryCard) -> str:
    """The text ``magenoir-sim card NAME`` prints for an Adversary card."""
    names = f"{card.name} / {card.name_fr}" if card.name_fr else card.name
    kind = KINDS[card.kind] + (f" (keyword {card.keyword})" if card.keyword else "")
    copies = ", ".join(f"{level}: {n} {'copy' if n == 1 else 'copies'}" if n else
                       f"{level}: none" for level, n in copies_by_level(scenario, card).items())
    lines = [f"{names}  (an Adversary card of {scenario.name}, --scenario "
             f"{command_name(scenario.path)}; id {card.id})",
             f"  kind         {kind}",
             f"  Mana value   {card.mana_value}",
             f"  HP           {card.hp if card.hp is not None else '-'}"
             + (" (the players win when it is destroyed)" if card.win_when_destroyed else ""),
             f"  in the deck  {copies}",
             f"  source       {source_text(card)}", "",
             "How the engine plays it (our summary of its effect data):"]
    lines += ["  " + line for line in describe_effect(card)] or ["  no effect beyond its Mana value"]
    return "\n".join(lines)


def format_scenario_deck(scenario: Scenario) -> str:
    """Each level's deck of a scenario, card by card (``scenarios NAME``)."""
    lines = []
    for level in scenario.level_names:
        default = " (default)" if level == scenario.default_level else ""
        lines.append(f"level {level}{default}: {len(scenario.deck(level))} cards")
        rows = []
        for card_id, count in scenario.level(level):
            card = scenario.card(card_id)
            what = {"adversary": "the Adversary", "keyword": card.keyword or "keyword",
                    "spell": "no keyword", "equipment": f"Equipment ({card.slot})"}[card.kind]
            hp = f", {card.hp} HP" if card.hp is not None else ""
            rows.append((f"{count}", card.name, f"{what}{hp}, Mana value {card.mana_value}",
                         "published" if not card.is_approximation else "stand-in"))
        widths = [max(len(row[k]) for row in rows) for k in range(4)]
        lines += ["  " + "  ".join(value.ljust(width) for value, width in zip(row, widths, strict=True))
                  .rstrip() for row in rows]
    return "\n".join(lines)
