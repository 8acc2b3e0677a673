"""``greedy``: the best immediate value, no plan.

Priority list:
1. activate any prepared spell that deals damage or heals now (most damage first);
2. prepare the card with the highest immediate value it can afford;
3. channel a prepared spell only when that makes a card in hand castable right now (its
   Mana is already in the reserve), never for later needs;
4. take the larger Ether pile, whatever its elements.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.bots.base import NEG, BasePolicy
from simulator.legacy.engine.actions import action_space, readiness
from simulator.legacy.engine.state import player_rows


class GreedyPolicy(BasePolicy):
    name = "greedy"

    def score_take_pile(self, eng, games, players, options, **_):
        return eng.state.ether[games].sum(axis=2).astype(np.float64)

    def score_main_action(self, eng, games, players, options, ready=None, **_):
        ready = readiness(eng, games, players, ready)
        scores = super().score_main_action(eng, games, players, options, ready)
        sp = action_space(eng)
        t = eng.tables
        cards = np.maximum(player_rows(eng.state.board_card, games, players), 0)  # (n, S)
        # words missing for hand cards whose Mana is already there: channeling helps *now*
        affordable = ready.affordable  # (n, Cp) over the player cards
        in_hand = (player_rows(eng.state.hand, games, players)[:, :t.n_player_cards] > 0) & affordable
        short = ready.shortfall  # (n, Cp, W) over the words some card requires
        needed_now = (short * in_hand[:, :, None]).max(axis=1) > 0  # (n, W)
        provides = t.provides[:, ready.words]  # (C, W)
        helps_now = (provides[cards] * needed_now[:, None, :]).sum(axis=2) > 0  # (n, S)
        channel = scores[:, sp.channel:sp.trade]
        scores[:, sp.channel:sp.trade] = np.where(helps_now & (channel > NEG), channel, NEG)
        return scores
