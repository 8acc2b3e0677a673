"""Which card of the hand the planner gives up when it must discard one.

Why: the base policy discards the card of lowest estimated worth (``base.score_discard_from_
hand``), an estimate made once per batch that knows nothing of the position. A reading of 430
replays (issue "A bot that looks ahead") found the planner keeping a card that could do nothing
(a second Ritual while already a Mage Noir, an armour for a slot already filled) and dropping a
useful one, or dropping its only Ritual, or the only card that provides a component another
card in hand lacks (its only Flame for a Fiery arrow).
"""

from __future__ import annotations

from simulator.bots import knobs as K
from simulator.bots.base import (
    foe_view,
    held_copy_hp_lost,
    score_card_value,
    score_discard_from_hand,
    slot_taken_by_equal,
)
from simulator.bots.idle import discarded_at_once, idle_in_hand, spell_does_nothing
from simulator.engine.compiler.jit import njit
from simulator.engine.rules.readiness import board_part

#: What discarding a card that can do nothing now is worth over any other (it goes first).
USELESS = 100.0
# What keeping the only card that would make the player a Mage Noir is worth, and keeping the
# only card of the hand that provides a component another card in hand lacks, are knobs
# (knobs.py: ritual_keep, enabler_keep).


@njit
def score_discard(st, tb, wk, bw, p):
    """``wk.scores`` of a discard from hand: the base policy's (the card worth least), a card
    that can do nothing first, and the sole Ritual and sole enabler last; a card whose effect
    applies when discarded is no gain with no enemy card in play to aim at."""
    score_discard_from_hand(st, tb, wk, bw, p)
    board_part(st, tb, wk, p)
    present, _, enemies = foe_view(st, tb, p)
    for c in range(min(wk.n_opt, tb.n_player_cards)):
        if wk.opt[c] == 0:
            continue
        if bw.f_discard_value[c] > 0 and not (present or enemies):
            # its effect would hit the own side (Static spark discarded with no enemy in play:
            # 143 hits on a player or a teammate in the scan): kept
            wk.scores[c] -= 4.0 * bw.f_discard_value[c]
        if useless_in_hand(st, tb, wk, bw, p, c):
            wk.scores[c] += USELESS
            continue
        if tb.mage_noir[c] != 0 and wk.rd_mage_noir == 0 and only_mage_noir_maker(st, tb, p, c):
            wk.scores[c] -= bw.knobs[K.RITUAL_KEEP]
        if sole_enabler(st, tb, wk, p, c):
            wk.scores[c] -= bw.knobs[K.ENABLER_KEEP]


@njit
def score_card_to_hand(st, tb, wk, bw, p):
    """``wk.scores`` of a card taken into the hand from the deck or the discard pile: the
    base policy's (the best card), any card that could do nothing last (Sprouted seed took a
    second King of trees, a Unique card, while one was in play)."""
    score_card_value(st, tb, wk, bw, p)
    board_part(st, tb, wk, p)
    for c in range(min(wk.n_opt, tb.n_player_cards)):
        if wk.opt[c] != 0 and useless_in_hand(st, tb, wk, bw, p, c):
            wk.scores[c] -= USELESS


@njit
def unique_held(st, tb, wk, p, c):
    """Card ``c`` is Unique for the player and they control a copy that has lost under 2 HP
    (preparing another would only replace it: the prepare scores' rule)."""
    unique = tb.unique[c] != 0 or (tb.unique_unless_mn[c] != 0 and wk.rd_mage_noir == 0)
    lost = held_copy_hp_lost(st, tb, p, c) if unique else -1
    return 0 <= lost < 2


@njit
def useless_in_hand(st, tb, wk, bw, p, c):
    """Card ``c`` could do nothing if prepared: a Ritual that only makes its controller a Mage
    Noir while they are one, an Equipment whose slot holds an own one worth as much, a Unique
    card while a whole copy is in play, a card :func:`idle.idle_in_hand`, a card the rules
    would discard at once, a spell that does nothing (``idle.spell_does_nothing``).
    ``wk.rd_mage_noir`` must be current."""
    if bw.f_only_mage_noir[c] != 0 and wk.rd_mage_noir != 0:
        return True
    return (slot_taken_by_equal(st, tb, bw, p, c) or unique_held(st, tb, wk, p, c)
            or idle_in_hand(st, tb, wk, bw, p, c) or discarded_at_once(st, tb, p, c)
            or spell_does_nothing(st, tb, wk, bw, p, c))


@njit
def only_mage_noir_maker(st, tb, p, c):
    """Card ``c`` is the player's one card in hand that would make them a Mage Noir."""
    if st.hand[p, c] != 1:
        return False
    for d in range(tb.n_player_cards):
        if d != c and st.hand[p, d] > 0 and tb.mage_noir[d] != 0:
            return False
    return True


@njit
def sole_enabler(st, tb, wk, p, c):
    """Card ``c`` is the one card in hand providing a component that another card in hand
    still lacks (``wk.rd_short``, the readiness's board part)."""
    if st.hand[p, c] != 1:
        return False
    for j in range(tb.n_words):
        w = tb.words[j]
        if tb.provides[c, w] == 0:
            continue
        other_provider, wanted = False, False
        for d in range(tb.n_player_cards):
            if d == c or st.hand[p, d] <= 0:
                continue
            if tb.provides[d, w] != 0:
                other_provider = True
            if wk.rd_short[d, j] > 0:
                wanted = True
        if wanted and not other_provider:
            return True
    return False
