"""``planner`` (the default): plays toward its hand.

Priority list (over the base policy, ``bots/base.py``):
1. lethal damage on the Adversary is never missed;
2. survival: when the Adversary's next two turns could put the player out (its cards in
   play, read from their effect data, plus an average one-shot card), healing spells are
   prepared and activated first;
3. take the Ether pile that best funds the cards in hand;
4. prepare persistent cards (Rituals, Permanents, Equipment) first, channel the spells whose
   component words the hand needs, keep the rest prepared for damage;
5. damage goes to the Adversary once present, else to Adversary cards in play;
6. trade only to make a card in hand affordable.
"""

from __future__ import annotations

import numpy as np

from simulator.bots.base import BasePolicy
from simulator.engine.actions import action_space
from simulator.engine.board import board_cards
from simulator.engine.state import PREPARED

#: Damage expected from the one-shot card the Adversary draws each turn (the Duke's deck
#: hits for 2-3 on most of its no-keyword cards).
ONE_SHOT_THREAT = 2.0


class PlannerPolicy(BasePolicy):
    name = "planner"

    def main_action_scores(self, eng, games, players, options, ready=None) -> np.ndarray:
        scores = super().main_action_scores(eng, games, players, options, ready=ready)
        f = self.features(eng)
        sp = action_space(eng)
        self.save_burn_for_the_adversary(eng, games, players, scores, f, sp)
        hp = eng.state.hp[games, players]
        danger = hp <= 2.0 * self.expected_threat(eng, games)  # (n,)
        if not danger.any():
            return scores
        cards = board_cards(eng, games, players)
        prepared = eng.state.board_zone[games, players] == PREPARED
        heal_now = np.where(prepared & danger[:, None], 8.0 * f.heal[cards], 0.0)
        scores[:, sp.activate:sp.channel] += heal_now
        scores[:, sp.prepare:sp.activate] += np.where(danger[:, None], 4.0 * f.heal[None, :], 0.0)
        return scores

    def save_burn_for_the_adversary(self, eng, games, players, scores, f, sp) -> None:
        """Before the Adversary arrives, a damage spell is spent on one of its Permanents
        only when it destroys it; otherwise it stays prepared for the Adversary itself."""
        from simulator.engine.state import adversary_present

        st = eng.state
        absent = ~adversary_present(st, eng.tables.is_adversary, games)
        # the prepared spells of those games (only they can be activated): m pairs (r, s)
        r, s = np.nonzero((st.board_zone[games, players] == PREPARED) & absent[:, None])
        card = st.board_card[games[r], players[r], s].astype(np.intp)  # (m,)
        adv_hp = st.adv_hp[games[r]]  # (m, K)
        perms = (st.adv_card[games[r]] >= 0) & (adv_hp > 0)
        weakest = np.where(perms, adv_hp, 10**6).min(axis=1)  # (m,)
        dmg = f.damage[card]  # (m,)
        wasted = (dmg > 0) & (dmg < weakest) & (f.heal[card] == 0)
        scores[r[wasted], sp.activate + s[wasted]] = -1.0

    def expected_threat(self, eng, games) -> np.ndarray:
        """(n,) damage the players' side expects from the next Adversary turn."""
        f = self.features(eng)
        cards = eng.state.adv_card[games]
        in_play = cards >= 0
        return (f.threat[np.maximum(cards, 0, dtype=np.intp)] * in_play).sum(axis=1) + ONE_SHOT_THREAT
