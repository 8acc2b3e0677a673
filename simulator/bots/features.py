"""Per-card estimates the bots score with, read once per batch from the effect data.

Why from the effect data: bots must not keep their own list of card names, or they would
drift from the rules engine. The estimates are rough (a ``per`` count is taken as 2, a
start-of-turn effect is worth three activations) and only rank options; the engine decides
what actually happens. They are written into the bots' own record (``f_*`` fields,
:mod:`simulator.bots.record`), where the compiled policies read them.
"""

from __future__ import annotations

import numpy as np

# handler name -> rough worth of one activation ({feature: amount}), declared with each handler
# (engine/handlers/); the vocabulary ops are read directly
from simulator.engine.handlers.ids import HANDLER_ESTIMATES
from simulator.engine.rules.layout import C_MAX

VALUE_WEIGHT = {"damage": 1.0, "heal": 0.7, "draw": 1.5, "mana": 1.0}
#: Statics that hurt their controller: they count against a card's worth.
HARMFUL_STATICS = frozenset({"damage_taken_increase"})
#: How many activations a trigger of a card in play is worth: a start-of-turn effect three; an
#: opponent's draw about one per Adversary turn (its reveal), as a start of turn; the others one.
TRIGGER_WEIGHT = {"turn_start": 3.0, "turn_start_prepared": 3.0, "turn_start_channeled": 3.0,
                  "opponent_draw": 3.0}
#: Rough worth of one unit of the ops that move cards between zones (a card put into play
#: from the discard pile is a free component; a milled card is a card the deck loses; an
#: extra component is worth its modifier; a component discarded is a component lost).
ZONE_OP_WORTH = {"put_from_discard": 1.0, "mill": -0.3, "next_spell_component": 0.5,
                 "discard_component": -0.5}
#: What applying a spell of the discard pile again is worth (about a cheap spell's damage,
#: discounted for the turns the pile holds none).
APPLIED_WORTH = 1.5
#: What giving the own effects to the next spell of an element is worth (Wave of lightning's
#: 1 damage again, when a Water spell follows in the turn).
NEXT_GAIN_WORTH = 0.5
#: Static kinds whose worth is not their number (a modifier's +10 is not worth 11 cards).
STATIC_WORTH = {"number_modifier": 1.5, "prepare_from_discard": 1.0}
#: What one card phased out of the opponent's deck is worth: little in solo, where the
#: Adversary's deck only comes round again sooner (its own damage comes from its triggers).
PHASE_WEIGHT = 0.3

#: The bot record's fields :func:`fill_features` writes (C_MAX: one per local card kind).
FIELDS = [
    ("f_damage", np.float64, (C_MAX,)),
    ("f_needs_opponent", np.int8, (C_MAX,)),
    ("f_heal", np.float64, (C_MAX,)),
    ("f_draw", np.float64, (C_MAX,)),
    ("f_mana", np.float64, (C_MAX,)),
    ("f_harms_own", np.float64, (C_MAX,)),
    ("f_channel_only", np.int8, (C_MAX,)),
    ("f_drawback", np.float64, (C_MAX,)),
    ("f_self_loss", np.float64, (C_MAX,)),  # HP its owner loses when it is used as a component
    ("any_self_loss", np.int8),              # some card has f_self_loss > 0
    ("f_removal", np.int8, (C_MAX,)),
    ("f_threat", np.float64, (C_MAX,)),
    ("f_healthiest", np.int8, (C_MAX,)),
    ("f_only_mage_noir", np.int8, (C_MAX,)),
    ("f_value", np.float64, (C_MAX,)),
    ("f_opening", np.float64, (C_MAX,)),
    ("f_discard_value", np.float64, (C_MAX,)),  # worth of its effects when discarded from hand
    ("f_ability", np.float64, (C_MAX,)),    # one use of its generic ability, less its costs
    ("f_ability_hits", np.int8, (C_MAX,)),  # that ability deals damage (wants an Adversary)
]

#: Statics about when a spell may be activated (Quickcast, Slowcast): no value of their own.
CASTING_STATICS = frozenset({"quickcast", "never_slowcast", "component_grants_quickcast",
                             "slowcast_spells_gain_quickcast", "all_spells_slowcast"})

#: What paying a generic ability's costs is worth against its effect: a Mana of the reserve,
#: a card of the hand, the card itself when it is sacrificed.
ABILITY_COST_WEIGHT = {"mana": 0.8, "discard": 1.5, "sacrifice": 3.0}


#: Counts that are always 0 for a player's card: its opponent is the Adversary, which has no
#: hand.
ZERO_COUNTS = frozenset({"opponent_hand"})


def _step_amount(step: dict) -> float:
    amount = float(step.get("amount", 0))
    if step.get("per", "").split(":")[0] in ZERO_COUNTS:
        amount = 0.0
    elif "per" in step:
        amount *= 3.0 if "this_hp" in step["per"] else 2.0
    return amount + float(step.get("plus", 0))


def fill_features(f: np.void, t: np.void, effects: tuple[dict, ...], n_player_cards: int) -> None:
    """Write the ``f_*`` fields of the bot record ``f`` (:data:`FIELDS`) for the cards'
    ``effects`` and the card facts of the tables record ``t``."""
    n = len(effects)
    damage, heal, draw, mana, persistent, drawback, threat = (np.zeros(n) for _ in range(7))
    needs_opp, harms_own, removal, healthiest = (np.zeros(n, bool) for _ in range(4))
    self_loss = np.zeros(n)
    discard_value = np.zeros(n)
    phase = np.zeros(n)
    channel_only = np.zeros(n, bool)
    for c, effect in enumerate(effects):
        for trigger, steps in effect.items():
            if trigger == "static":
                # a static ability is worth more the bigger its number (Druid armor's 3
                # ignored damage beats Bark armor's 1)
                persistent[c] += sum((-1.0 if st.get("kind") in HARMFUL_STATICS else 1.0)
                                     * STATIC_WORTH.get(st.get("kind"), 1.0 + float(st.get("amount", 1)))
                                     for st in steps if st.get("kind") not in CASTING_STATICS)
                continue
            if trigger == "discarded_from_hand":
                discard_value[c] += sum(_step_amount(st) for st in steps
                                        if st.get("op") in ("damage", "draw", "heal"))
                continue
            if c >= n_player_cards and trigger == "turn_start":
                threat[c] += sum(float(st.get("amount", 0)) for st in steps
                                 if st.get("op") in ("damage", "lose_hp"))
                healthiest[c] = any(st.get("target") == "player_most_hp" for st in steps)
            weight = TRIGGER_WEIGHT.get(trigger, 1.0)
            for step in steps:
                op, target = step.get("op"), step.get("target", "")
                amount = _step_amount(step) * weight
                if step.get("if") == "zenith":  # only on some turns: about one in two
                    amount *= 0.5
                if op == "damage" and target.startswith("own_"):
                    persistent[c] -= 0.5 * amount  # it hurts an own Permanent (Sharp petals)
                elif op in ("damage", "distribute_damage", "damage_repeated") or (
                        op == "lose_hp" and target == "opponent"):
                    if target == "all_players" and c < n_player_cards:
                        persistent[c] -= amount  # a player card hitting every player hurts its own
                    elif trigger == "activate":
                        damage[c] += amount
                        needs_opp[c] |= target == "opponent"
                        harms_own[c] |= target in ("any", "any_permanent")
                    else:
                        persistent[c] += amount
                elif op == "heal":
                    (heal if trigger == "activate" else persistent)[c] += amount
                elif op == "draw":
                    (draw if trigger == "activate" else persistent)[c] += amount
                elif op in ("scry", "dig"):
                    # a better next draw: a fraction of a card
                    (draw if trigger == "activate" else persistent)[c] += 0.3 if op == "scry" else 0.5
                elif op == "next_spell_gains" and trigger == "activate":
                    # its effects once more, when a spell of the element follows this turn
                    damage[c] += NEXT_GAIN_WORTH
                elif op == "apply_from_discard" and trigger == "activate":
                    damage[c] += APPLIED_WORTH  # a spell of the pile again, when there is one
                elif op == "search_deck" and step.get("on_top"):
                    # a known next draw, not an extra card: like a dig
                    (draw if trigger == "activate" else persistent)[c] += 0.5
                elif op == "take_mana":
                    (mana if trigger == "activate" else persistent)[c] += amount
                elif op == "lose_hp" and target == "self":
                    if trigger == "used_as_component":
                        drawback[c] += 2.0 * amount
                        self_loss[c] += float(step.get("amount", 0))
                    else:
                        persistent[c] -= amount
                elif op == "phase_out":
                    phase[c] += max(amount, 0.5)  # "phase out 0" counts on modifiers
                    needs_opp[c] |= trigger == "activate" and target == "opponent"
                elif op == "destroy" and trigger == "activate":
                    removal[c] = True
                elif op == "destroy_self" and trigger == "used_as_component":
                    drawback[c] += 1.0
                elif op in ZONE_OP_WORTH and trigger != "granted":
                    persistent[c] += ZONE_OP_WORTH[op] * amount
        channel_only[c] = (c < n_player_cards and not effect.get("activate")
                           and t["card_type"][c] == 0)
    only_mn = np.array([list(e) == ["static"] and [st.get("kind") for st in e["static"]] == ["mage_noir"]
                        for e in effects], bool)
    cost = t["cost"][:n].sum(axis=1).astype(np.float64)
    value = damage + 0.7 * heal + 1.5 * draw + mana + persistent + PHASE_WEIGHT * phase
    opening = np.where(cost <= 3, 1.0, 0.3) + 0.2 * (t["provides"][:n].sum(axis=1) > 0)
    opening -= 0.3 * (t["requires"][:n].sum(axis=1) > 0)
    value = value + 4.0 * removal
    features = {"damage": damage, "heal": heal, "draw": draw, "mana": mana}
    for c, effect in enumerate(effects):
        for step in effect.get("activate", ()):
            for feature, amount in HANDLER_ESTIMATES.get(step.get("name", ""), {}).items():
                if feature == "harms_own":
                    harms_own[c] = True  # a flag: it stays 1
                else:
                    features[feature][c] += amount
                value[c] += VALUE_WEIGHT.get(feature, 0.0) * amount
    ability, ability_hits = _generic_abilities(effects)
    columns = {"f_damage": damage, "f_needs_opponent": needs_opp, "f_heal": heal, "f_draw": draw,
               "f_mana": mana, "f_harms_own": harms_own, "f_channel_only": channel_only,
               "f_drawback": drawback, "f_self_loss": self_loss, "f_removal": removal,
               "f_threat": threat,
               "f_healthiest": healthiest, "f_only_mage_noir": only_mn, "f_value": value,
               "f_opening": opening, "f_discard_value": discard_value, "f_ability": ability,
               "f_ability_hits": ability_hits}
    for name, column in columns.items():
        f[name][:n] = column
    f["any_self_loss"] = bool((self_loss > 0).any())


def _generic_abilities(effects: tuple[dict, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Per card: the worth of one use of its generic ability (``ability_cost`` first: the
    effect's damage, healing, cards and Mana, less its costs), and whether it deals damage."""
    n = len(effects)
    worth, hits = np.zeros(n), np.zeros(n, bool)
    for c, effect in enumerate(effects):
        steps = effect.get("ability", ())
        if not steps or steps[0].get("op") != "ability_cost":
            continue
        head = steps[0]
        worth[c] -= ABILITY_COST_WEIGHT["mana"] * sum(head.get("cost", {}).values())
        worth[c] -= ABILITY_COST_WEIGHT["discard"] * head.get("discard", 0)
        worth[c] -= ABILITY_COST_WEIGHT["sacrifice"] * head.get("sacrifice", False)
        for step in steps[1:]:
            op = step.get("op")
            if op in ("damage", "distribute_damage"):
                worth[c] += _step_amount(step)
                hits[c] = True
            elif op == "heal":
                worth[c] += VALUE_WEIGHT["heal"] * _step_amount(step)
            elif op == "draw":
                worth[c] += VALUE_WEIGHT["draw"] * _step_amount(step)
            elif op in ("take_mana", "add_mana"):
                worth[c] += VALUE_WEIGHT["mana"] * _step_amount(step)
            for feature, amount in HANDLER_ESTIMATES.get(step.get("name", ""), {}).items():
                worth[c] += VALUE_WEIGHT.get(feature, 0.0) * amount
                hits[c] |= feature == "damage"
    return worth, hits
