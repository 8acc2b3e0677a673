"""Hashes of a game's position, for a bot that compares positions it reached two ways.

The look-ahead uses them twice: a rollout replaying the answers since its checkpoint must
reach the very position of the decision it looks at (:func:`digest`), and two options whose
rollouts end in the very same state are the same play in another order
(:func:`final_digest`). Only equality matters; the fields hashed are those a decision reads.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import rng
from simulator.engine.rules.layout import E


@njit
def final_digest(st, tb):
    """A hash of a rollout's last state: the position (:func:`digest`), the result and the
    turn it ended on."""
    h = position_digest(st, tb, mixed(np.uint64(st.turn), int(st.outcome)))
    return mixed(h, int(st.damage_to_adversary))


@njit
def digest(st, tb):
    """A hash of what a decision reads (hands, decks, boards, Mana, HP, the Adversary's side,
    the chain) and of the decision's number: a replay that reached another position shows
    another digest."""
    return position_digest(st, tb, np.uint64(st.decision_count))


@njit
def position_digest(st, tb, h):
    """``h`` mixed with the position :func:`digest` reads."""
    for p in range(tb.players):
        h = mixed(mixed(h, int(st.hp[p])), int(st.deck_len[p]))
        for c in range(tb.n_cards):
            h = mixed(h, (int(st.hand[p, c]) * 256 + int(st.discard[p, c])) * 256 + c)
        for s in range(tb.slots):
            h = mixed(h, ((int(st.board_card[p, s]) + 2) * 16 + int(st.board_zone[p, s]) + 3)
                      * 1000 + int(st.board_hp[p, s]))
            for e in range(E):
                h = mixed(h, int(st.board_mana[p, s, e]) * 8 + e)
        for e in range(E):
            h = mixed(h, int(st.reserve[p, e]) * 8 + e)
    for pile in range(2):
        for e in range(E):
            h = mixed(h, (int(st.ether[pile, e]) * 2 + pile) * 8 + e)
    for k in range(st.adv_card.shape[0]):
        h = mixed(h, (int(st.adv_card[k]) + 2) * 4096 + int(st.adv_hp[k]))
    return mixed(h, (int(st.adv_deck_len) * 1024 + int(st.chain_len)) * 64 + int(st.pending_len))


@njit
def mixed(h, value):
    """``h`` and the low 32 bits of ``value`` hashed together."""
    return rng.mix(h ^ np.uint64(value & 0xFFFFFFFF))
