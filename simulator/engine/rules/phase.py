"""Phase out (keyword of the Phase extension): the bottom cards of a deck go to its discard pile.

"Phase out N" a player: discard the N bottom cards of their deck (docs/rules.md R12). The
Adversary has a deck too: phasing it out discards the bottom cards of the Adversary's deck
into its discard pile, which comes back when its deck runs out (R15.6). Why the readings
below (docs/rules.md R12, Phase out):

- The number is the card's (after the number modifiers of the spell, read by the op), plus
  the controller's ``phase_out_bonus`` statics in play (Rite of phase: +1 to every phase
  out), so "phase out 0" does something only with such a modifier; 0 or less does nothing.
- A deck with fewer cards gives what it has; phasing out never puts a player out (only a
  draw from an empty deck does, R4.2) and never reshuffles the Adversary's discard pile.
- The controller's ``phase_out_opponent`` triggers (Rite of phase: 1 damage to them) answer
  once per phase-out effect on an opponent, whatever its number and however many cards the
  deck still had (the card's ruling: one damage for a phase out of 4).

This module only reads the board for the controller's bonus and triggers, and only when a
phase-out step runs: games without the extension never come here.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import animals, frames, pile
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    EV_PHASED_CARD,
    EV_PHASES_OUT,
    K_SLOTS,
    PERMANENT,
    T_PHASE_OUT_OPPONENT,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import foes


@njit
def phase_bonus(st, tb, side):
    """What the controller's cards in play add to each of its phase outs."""
    if side == ADVERSARY_SIDE:
        return 0
    n = 0
    for s in range(st.board_end[side]):
        c = st.board_card[side, s]
        if c >= 0 and st.board_zone[side, s] >= PERMANENT:
            n += tb.phase_bonus[c]
    return n


@njit
def _discard_bottom(cards, length, count):
    """Take the ``count`` bottom cards (positions 0 ..) out of ``cards[:length]``: the others
    shift down in order, the taken ones end at positions ``length - count .. length - 1`` (in
    some order) for the caller to read. Returns the new length."""
    for i in range(length - count):
        tmp = cards[i]
        cards[i] = cards[i + count]
        cards[i + count] = tmp
    return length - count


@njit
def phase_out(st, tb, wk, side, card, t, amount):
    """``side`` phases out flat target ``t`` (the Adversary's slot or a player) by
    ``amount`` plus its bonuses; returns the number of cards discarded."""
    n = amount + phase_bonus(st, tb, side)
    if n <= 0:
        return 0
    if t < K_SLOTS:
        victim = ADVERSARY_SIDE
        k = min(n, st.adv_deck_len)
        say(wk, EV_PHASES_OUT, side, victim, n, k)
        length = _discard_bottom(st.adv_deck, st.adv_deck_len, k)
        for i in range(length, length + k):
            c = st.adv_deck[i]
            pile.adv_put(st, c)
            say(wk, EV_PHASED_CARD, victim, c, 0, 0)
        st.adv_deck_len = length
    else:
        victim = t - K_SLOTS
        k = min(n, st.deck_len[victim])
        say(wk, EV_PHASES_OUT, side, victim, n, k)
        length = _discard_bottom(st.deck[victim], st.deck_len[victim], k)
        for i in range(length, length + k):
            c = st.deck[victim, i]
            say(wk, EV_PHASED_CARD, victim, c, 0, 0)
            if tb.any_animal != 0 and animals.is_animal(tb, c):  # into play, face up
                animals.enter_play(st, tb, wk, victim, c, animals.DISCARDED_FROM_DECK)
            else:
                pile.put(st, victim, c)
        st.deck_len[victim] = length
    if foes(tb, side, victim):
        _opponent_phased(st, tb, side)
    return k


@njit
def _opponent_phased(st, tb, side):
    """Raise the controller's ``phase_out_opponent`` triggers of its cards in play."""
    if side == ADVERSARY_SIDE:
        return
    for s in range(st.board_end[side]):
        c = st.board_card[side, s]
        if c >= 0 and st.board_zone[side, s] >= PERMANENT and \
                tb.trig_count[c, T_PHASE_OUT_OPPONENT] > 0:
            frames.trigger_steps(st, tb, c, T_PHASE_OUT_OPPONENT, side, s)
