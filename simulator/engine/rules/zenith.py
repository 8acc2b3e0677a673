"""Zenith (docs/rules.md R12): a card's Zenith effects apply only during a turn of its
controller that began with as many of their spells in preparation as channeled.

Why a flag set once per turn: the rulings make "being at Zenith" a start-of-turn effect, so
what happens later in the turn (a spell channeled, one prepared) does not change it. Only
cards of type Spell count, on either side of the equality: Permanents, Equipment and Rituals
are not counted even though Permanents and Equipment serve as components (a Rock wall
channeled below 1 HP stays a Permanent: not counted either).

Where in the turn start: the rulings let the player order the determination among their other
start-of-turn effects, and an effect that discards a spell (an unpaid Mental flame) changes the
counts. So when the Zenith matters to the player (:func:`matters`) and they have start-of-turn
effects, the determination is one more pending effect of their ``effect_order`` decision
(``turns.turn_start``, option ``layout.ZENITH_EFFECT``); otherwise it comes first, as nothing
could tell the difference. Until it is determined the player is not at Zenith. The flag holds
for that turn only: on another player's turn or the Adversary's, no Zenith effect applies. A
batch with no Zenith card never calls this module (``tables.any_zenith``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import CHANNELED, EV_ZENITH, PREPARED, SPELL
from simulator.engine.rules.log import say


@njit
def spell_counts(st, tb, p):
    """(spells in preparation, channeled spells) of player ``p``: cards of type Spell only."""
    prepared, channeled = 0, 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c < 0 or tb.card_type[c] != SPELL:
            continue
        if st.board_zone[p, s] == PREPARED:
            prepared += 1
        elif st.board_zone[p, s] == CHANNELED:
            channeled += 1
    return prepared, channeled


@njit
def matters(st, tb, p):
    """A card of player ``p`` reads their Zenith: a card with the keyword Zenith in their hand,
    deck, discard pile or in play, or an Equipment that gained Solar gold ore's effects.

    Why everywhere but the exile: this turn can bring any of them to bear (a card drawn and
    prepared, a Solar spell put into play channeled from the discard pile and activated by the
    Zenith ritual), and a player without one has no reason to place the determination."""
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if (c >= 0 and tb.zenith[c] != 0) or st.zenith_guard[p, s] != 0:
            return True
    for c in range(tb.n_player_cards):
        if tb.zenith[c] != 0 and (st.hand[p, c] > 0 or st.discard[p, c] > 0):
            return True
    for i in range(st.deck_len[p]):
        if tb.zenith[st.deck[p, i]] != 0:
            return True
    return False


@njit
def determine_zenith(st, tb, wk, p):
    """Player ``p``'s turn begins: set whether it is at Zenith, from their spells now (tick the
    board clock when that changes what preparing a card costs: a Zenith cost reduction)."""
    prepared, channeled = spell_counts(st, tb, p)
    at = 1 if prepared == channeled else 0
    if st.zenith[p] != at:
        st.zenith[p] = at
        st.board_clock += 1
    if at != 0:
        say(wk, EV_ZENITH, p, prepared, channeled, 0)


@njit
def clear_zenith(st, tb):
    """A turn starts or ends: no player is at Zenith until their own turn begins."""
    for q in range(tb.players):
        if st.zenith[q] != 0:
            st.zenith[q] = 0
            st.board_clock += 1
