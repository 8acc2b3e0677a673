"""``planner`` (the default): plays toward its hand.

Priority list (over the base policy, ``bots/base.py``):
1. lethal damage on the Adversary is never missed;
2. take the Ether pile that best funds the cards in hand;
3. prepare persistent cards (Rituals, Permanents, Equipment) first, channel the spells whose
   component words the hand needs, keep the rest prepared for damage;
4. damage goes to the Adversary once present, else to Adversary cards in play;
5. heal when hurt; trade only to make a card in hand affordable.
"""

from __future__ import annotations

from simulator.bots.base import BasePolicy


class PlannerPolicy(BasePolicy):
    name = "planner"
