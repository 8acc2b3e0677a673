"""``greedy``: the best immediate value, no plan.

Priority list (over the base policy):
1. activate any prepared spell that deals damage or heals now (most damage first);
2. prepare the card with the highest immediate value it can afford;
3. channel a prepared spell only when that makes a card in hand castable right now (its Mana
   is already in the reserve), never for later needs;
4. take the larger Ether pile, whatever its elements.
"""

from __future__ import annotations

import numpy as np

from simulator.bots import base
from simulator.bots.animal import animal_first
from simulator.bots.base import NEG
from simulator.bots.record import record_at
from simulator.engine.compiler.jit import njit, njit_inline
from simulator.engine.rules.layout import MAIN_ACTION, NW_MAX, TAKE_PILE

FIELDS = [
    ("pol_needed_now", np.int8, (NW_MAX,)),  # filter_channels: words a castable card lacks
]


@njit
def choose(st, tb, wk, kind, player):
    """The ``greedy`` bot's answer (the engine calls it through its address)."""
    bw = record_at(wk.bot)
    return base.answer(wk, score(st, tb, wk, bw, kind, player))


@njit_inline
def score(st, tb, wk, bw, kind, p):
    """The base policy's scores, with greedy's main phase and Ether pile."""
    if kind == MAIN_ACTION:
        base.main_action_scores(st, tb, wk, bw, p, base.TRADES_AHEAD)
        base.ability_scores(st, tb, wk, bw, p, 1)
        animal_first(st, tb, wk, p)
        filter_channels(st, tb, wk, bw, p)
    elif kind == TAKE_PILE:
        score_take_pile(st, tb, wk, p)
    else:
        return base.score(st, tb, wk, bw, kind, p)
    return True


@njit
def score_take_pile(st, tb, wk, p):
    for pile in range(2):
        wk.scores[pile] = float(st.ether[pile].sum())


@njit
def filter_channels(st, tb, wk, bw, p):
    """Keep a channel's score only when it supplies a word missing for a card in hand whose
    Mana is already in the reserve."""
    needed_now = bw.pol_needed_now
    for j in range(tb.n_words):
        needed_now[j] = 0
    for c in range(tb.n_player_cards):
        if st.hand[p, c] > 0 and wk.rd_affordable[c] != 0:
            for j in range(tb.n_words):
                if wk.rd_short[c, j] > 0:
                    needed_now[j] = 1
    channel_at = 1 + 2 * tb.slots + tb.n_cards
    for s in range(st.board_end[p]):  # beyond it the slots are empty: never channeled
        a = channel_at + s
        if wk.scores[a] <= NEG:
            wk.scores[a] = NEG
            continue
        card = max(st.board_card[p, s], 0)
        helps = False
        for j in range(tb.n_words):
            if needed_now[j] != 0 and tb.provides[card, tb.words[j]] != 0:
                helps = True
        if not helps:
            wk.scores[a] = NEG
