"""Per-card estimates the bots score with, read once from the effect data.

Why from the effect data: bots must not keep their own list of card names, or they would
drift from the rules engine. The estimates are rough (a ``per`` count is taken as 2, a
start-of-turn effect is worth three activations) and only rank options; the engine decides
what actually happens.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.legacy.engine.tables import BatchTables

ENEMY_TARGETS = {"opponent", "any", "opponent_and_permanents", "opponent_permanents",
                 "any_permanent"}
OWN_TARGETS = {"self", "this"}


@dataclass(frozen=True)
class CardFeatures:
    damage: np.ndarray        # (C,) float damage an activation deals to the enemy side
    needs_opponent: np.ndarray  # (C,) bool its damage only reaches the Adversary card
    heal: np.ndarray          # (C,) float HP an activation gives the team
    draw: np.ndarray          # (C,) float cards drawn by an activation
    mana: np.ndarray          # (C,) float Mana taken by an activation
    harms_own: np.ndarray     # (C,) bool its damage may have to land on the own side
    channel_only: np.ndarray  # (C,) bool a spell with nothing to do when activated
    component_drawback: np.ndarray  # (C,) float cost of using it as a component
    removal: np.ndarray       # (C,) bool an activation destroys one Permanent/Equipment
    threat: np.ndarray        # (C,) float damage an Adversary card in play deals per turn
    hits_healthiest: np.ndarray  # (C,) bool an Adversary card in play hits the player with the most HP
    only_mage_noir: np.ndarray  # (C,) bool its only effect is making its controller a Mage Noir
    value: np.ndarray         # (C,) float overall worth of having the card
    opening_value: np.ndarray  # (C,) float worth in an opening hand


def _step_amount(step: dict) -> float:
    amount = float(step.get("amount", 0))
    if "per" in step:
        amount *= 3.0 if "this_hp" in step["per"] else 2.0
    return amount


def card_features(t: BatchTables) -> CardFeatures:
    n = t.size
    damage, heal, draw, mana = (np.zeros(n) for _ in range(4))
    persistent = np.zeros(n)
    needs_opp = np.zeros(n, bool)
    harms_own = np.zeros(n, bool)
    channel_only = np.zeros(n, bool)
    drawback = np.zeros(n)
    removal = np.zeros(n, bool)
    threat = np.zeros(n)
    healthiest = np.zeros(n, bool)
    for c, effect in enumerate(t.effects):
        for trigger, steps in effect.items():
            if trigger == "static":
                # a static ability is worth more the bigger its number (Druid armor's 3
                # ignored damage beats Bark armor's 1)
                persistent[c] += sum(1.0 + float(st.get("amount", 1)) for st in steps)
                continue
            if c >= t.n_player_cards and trigger == "turn_start":
                threat[c] += sum(float(st.get("amount", 0)) for st in steps
                                 if st.get("op") in ("damage", "lose_hp"))
                healthiest[c] = any(st.get("target") == "player_most_hp" for st in steps)
            weight = 3.0 if trigger.startswith("turn_start") else 1.0
            for step in steps:
                op, target = step.get("op"), step.get("target", "")
                amount = _step_amount(step) * weight
                if op in ("damage", "distribute_damage"):
                    if trigger == "activate":
                        damage[c] += amount
                        needs_opp[c] |= target == "opponent"
                        harms_own[c] |= target in ("any", "any_permanent")
                    else:
                        persistent[c] += amount
                elif op == "heal":
                    (heal if trigger == "activate" else persistent)[c] += amount
                elif op == "draw":
                    (draw if trigger == "activate" else persistent)[c] += amount
                elif op == "take_mana":
                    (mana if trigger == "activate" else persistent)[c] += amount
                elif op in ("lose_hp",) and target == "self":
                    if trigger == "used_as_component":
                        drawback[c] += 2.0 * amount
                    else:
                        persistent[c] -= amount
                elif op == "destroy" and trigger == "activate":
                    removal[c] = True
                elif op == "destroy_self" and trigger == "used_as_component":
                    drawback[c] += 1.0
        channel_only[c] = c < t.n_player_cards and not effect.get("activate") and t.card_type[c] == 0
    only_mn = np.array([list(e) == ["static"] and [st.get("kind") for st in e["static"]] == ["mage_noir"]
                        for e in t.effects])
    cost = t.cost.sum(axis=1).astype(np.float64)
    value = damage + 0.7 * heal + 1.5 * draw + mana + persistent
    opening = np.where(cost <= 3, 1.0, 0.3) + 0.2 * (t.provides.sum(axis=1) > 0)
    opening -= 0.3 * (t.requires.sum(axis=1) > 0)
    value = value + 4.0 * removal
    return CardFeatures(damage, needs_opp, heal, draw, mana, harms_own, channel_only,
                        drawback, removal, threat, healthiest, only_mn, value, opening)
