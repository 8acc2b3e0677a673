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
]


def _step_amount(step: dict) -> float:
    amount = float(step.get("amount", 0))
    if "per" in step:
        amount *= 3.0 if "this_hp" in step["per"] else 2.0
    return amount


def fill_features(f: np.void, t: np.void, effects: tuple[dict, ...], n_player_cards: int) -> None:
    """Write the ``f_*`` fields of the bot record ``f`` (:data:`FIELDS`) for the cards'
    ``effects`` and the card facts of the tables record ``t``."""
    n = len(effects)
    damage, heal, draw, mana, persistent, drawback, threat = (np.zeros(n) for _ in range(7))
    needs_opp, harms_own, removal, healthiest = (np.zeros(n, bool) for _ in range(4))
    self_loss = np.zeros(n)
    channel_only = np.zeros(n, bool)
    for c, effect in enumerate(effects):
        for trigger, steps in effect.items():
            if trigger == "static":
                # a static ability is worth more the bigger its number (Druid armor's 3
                # ignored damage beats Bark armor's 1)
                persistent[c] += sum(1.0 + float(st.get("amount", 1)) for st in steps)
                continue
            if c >= n_player_cards and trigger == "turn_start":
                threat[c] += sum(float(st.get("amount", 0)) for st in steps
                                 if st.get("op") in ("damage", "lose_hp"))
                healthiest[c] = any(st.get("target") == "player_most_hp" for st in steps)
            weight = 3.0 if trigger.startswith("turn_start") else 1.0
            for step in steps:
                op, target = step.get("op"), step.get("target", "")
                amount = _step_amount(step) * weight
                if step.get("if") == "zenith":  # only on some turns: about one in two
                    amount *= 0.5
                if op in ("damage", "distribute_damage"):
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
                elif op == "take_mana":
                    (mana if trigger == "activate" else persistent)[c] += amount
                elif op == "lose_hp" and target == "self":
                    if trigger == "used_as_component":
                        drawback[c] += 2.0 * amount
                        self_loss[c] += float(step.get("amount", 0))
                    else:
                        persistent[c] -= amount
                elif op == "destroy" and trigger == "activate":
                    removal[c] = True
                elif op == "destroy_self" and trigger == "used_as_component":
                    drawback[c] += 1.0
        channel_only[c] = (c < n_player_cards and not effect.get("activate")
                           and t["card_type"][c] == 0)
    only_mn = np.array([list(e) == ["static"] and [st.get("kind") for st in e["static"]] == ["mage_noir"]
                        for e in effects], bool)
    cost = t["cost"][:n].sum(axis=1).astype(np.float64)
    value = damage + 0.7 * heal + 1.5 * draw + mana + persistent
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
    columns = {"f_damage": damage, "f_needs_opponent": needs_opp, "f_heal": heal, "f_draw": draw,
               "f_mana": mana, "f_harms_own": harms_own, "f_channel_only": channel_only,
               "f_drawback": drawback, "f_self_loss": self_loss, "f_removal": removal,
               "f_threat": threat,
               "f_healthiest": healthiest, "f_only_mage_noir": only_mn, "f_value": value,
               "f_opening": opening}
    for name, column in columns.items():
        f[name][:n] = column
    f["any_self_loss"] = bool((self_loss > 0).any())
