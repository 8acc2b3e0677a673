"""``greedy``: the best immediate value, no plan.

Priority list:
1. activate any prepared spell that deals damage or heals now (most damage first);
2. prepare the card with the highest immediate value it can afford;
3. never channel for later needs (only spells with nothing to do when activated);
4. take the larger Ether pile.
"""

from __future__ import annotations

import numpy as np

from simulator.bots.base import NEG, BasePolicy
from simulator.engine.actions import action_space


class GreedyPolicy(BasePolicy):
    name = "greedy"

    def score_take_pile(self, eng, games, players, options, **_):
        return eng.state.ether[games].sum(axis=2).astype(np.float64)

    def score_main_action(self, eng, games, players, options, **_):
        scores = super().score_main_action(eng, games, players, options)
        sp = action_space(eng)
        f = self.features(eng)
        cards = np.maximum(eng.state.board_card[games, players], 0)
        channel = scores[:, sp.channel:sp.trade]
        scores[:, sp.channel:sp.trade] = np.where(f.channel_only[cards] & (channel > NEG), 1.0, NEG)
        return scores
