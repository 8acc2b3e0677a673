"""Way of the Time Bender handlers (and the Phase extension's Millennium), for what the
vocabulary does not say:

- Millennium (static): while in play, discarded at once when its controller's deck holds
  more than 4 cards (checked after every action, ``chain.resolve``);
- Galactic mantle (static): the draws of its controller's draw phase return a card from the
  discard pile to the hand instead (``turns.begin_player_turn``);
- Callback to present (step): every card in play with no Mana locked under it goes to its
  owner's discard pile;
- Knowledge of history (step): applies spells of the discard pile;
- Chaos (step): the top card of each deck, applied or discarded, again while nobody loses
  HP (a sequence of chain frames).
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import H_GALACTIC_MANTLE, H_MILLENNIUM
from simulator.engine.rules import frames, numbers, pile
from simulator.engine.rules.board import flagged_in_play, is_mage_noir
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_SPELL,
    ADVERSARY_SIDE,
    EMPTY,
    EV_APPLIES,
    EV_FROM_DISCARD,
    EV_LOOKS_TOP,
    FROM_DISCARD,
    MODE_SOLO,
    PURPOSE_DAMAGE,
    RETURN_FROM_DISCARD,
    SPELL,
    T_ACTIVATE,
    TO_DISCARD,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import first_foe, the_opponent
from simulator.engine.rules.zones import draw, mill_top

MILLENNIUM_DECK_LIMIT = 4

declare.static("millennium", "time_bender.millennium_check, after every action "
               "(chain.resolve): discarded while its controller's deck holds more than 4 cards",
               __name__)
declare.static("galactic_mantle", "time_bender.draw_phase (turns.begin_player_turn): each draw "
               "of the draw phase returns a card from the discard pile to the hand instead",
               __name__)


@njit
def millennium_check(st, tb, wk):
    """Every Millennium in play whose controller's deck holds more than 4 cards is discarded
    (its release and leave effects are triggered actions, as for any card leaving play)."""
    for p in range(tb.players):
        if st.deck_len[p] <= MILLENNIUM_DECK_LIMIT:
            continue
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c >= 0 and st.board_zone[p, s] != EMPTY and tb.handler_card[H_MILLENNIUM, c] != 0:
                leave_board(st, tb, wk, p, s, TO_DISCARD)


@njit
def draw_phase(st, tb, wk, p, count):
    """The draws of player ``p``'s draw phase: with a Galactic mantle equipped, each returns a
    card of the player's choice from the discard pile to the hand instead (every card is a
    spell: the rulings count Permanents, Equipment and Rituals as spells); with the pile
    empty, the draw happens (our reading: nothing to replace it with)."""
    mantle = tb.any_handler[H_GALACTIC_MANTLE] != 0 and flagged_in_play(
        st, tb, p, H_GALACTIC_MANTLE)
    for _ in range(count):
        if mantle and st.discard[p, :tb.n_player_cards].sum() > 0:
            set_options(wk, tb.n_cards, 0)
            for c in range(tb.n_player_cards):
                if st.discard[p, c] > 0:
                    wk.opt[c] = 1
            c = decide(st, tb, wk, RETURN_FROM_DISCARD, p)
            pile.take(st, p, c)
            st.hand[p, c] += 1
            say(wk, EV_FROM_DISCARD, p, c, 0, 0)
        else:
            draw(st, tb, wk, p, 1)


@declare.step("callback_to_present")
@njit
def callback_to_present(st, tb, wk, r, card, side, slot):
    """Every card on the players' boards with no Mana locked under it is discarded (its own
    included, Permanents, channeled spells, Equipment and Rituals, as the rulings say; an
    Indestructible card too: it is discarded, not destroyed). The Adversary's cards are not
    spells in play but the Adversary's own (docs/cards.md)."""
    for p in range(tb.players):
        for s in range(st.board_end[p]):
            if st.board_card[p, s] < 0 or st.board_zone[p, s] == EMPTY:
                continue
            locked = 0
            for e in range(E):
                locked += st.board_mana[p, s, e]
            if locked == 0:
                leave_board(st, tb, wk, p, s, TO_DISCARD)




# --- Knowledge of history ----------------------------------------------------------------------

@declare.step("knowledge_of_history", estimate={"damage": 2.0, "draw": 0.5})
@njit
def knowledge_of_history(st, tb, wk, r, card, side, slot):
    """Apply the activate effects of 1 spell of the controller's discard pile (the 1 is a
    number: a modifier changes how many, all chosen first, ``from_discard`` decisions, each a
    distinct copy). A Mage Noir's applied spells run from this card's slot, so the number
    modifiers of its Time component apply to them; otherwise they run with no slot.
    Applied itself from the pile (no slot, or a slot whose effects are being applied), it
    may only choose spells lying under it, and not another Knowledge of history (our
    reading, so that two copies cannot apply each other forever). Spells without an activate
    effect (Permanents, Equipment, Rituals, pure components) do nothing and are not offered."""
    if side < 0:
        return
    p = side
    from_pile = slot < 0 or st.applying[p, slot] != 0
    n = max(numbers.modified(st, tb, p, slot, 1), 0)
    taken = np.zeros(tb.n_cards, np.int64)
    picks = np.full(max(n, 1), -1, np.int64)
    k = 0
    for _ in range(n):
        set_options(wk, tb.n_cards + 1, 0)
        any_ = False
        for c in range(tb.n_player_cards):
            if tb.card_type[c] != SPELL or tb.trig_count[c, T_ACTIVATE] == 0:
                continue
            if from_pile and c == card:
                continue
            available = pile.below(st, p, c, card) if from_pile else st.discard[p, c]
            if available - taken[c] > 0:
                wk.opt[c] = 1
                any_ = True
        if not any_:
            break
        wk.ctx_card = card
        c = decide(st, tb, wk, FROM_DISCARD, p)
        taken[c] += 1
        picks[k] = c
        k += 1
    if k == 0:
        return
    run_slot = slot if slot >= 0 and is_mage_noir(st, tb, p) else -1
    if run_slot >= 0:
        st.applying[p, run_slot] = 1
        frames.push_clear_applying(st, p, run_slot, -1)
    for i in range(k - 1, -1, -1):  # the first chosen resolves first
        frames.push_steps(st, tb, picks[i], T_ACTIVATE, p, run_slot, -1)
    for i in range(k):
        say(wk, EV_APPLIES, p, picks[i], 0, 0)


# --- Chaos ------------------------------------------------------------------------------------

CHAOS_START, CHAOS_DISCARD_OWN, CHAOS_OPPONENT, CHAOS_DISCARD_ADVERSARY, CHAOS_CHECK = range(5)
CHAOS_MAX_ROUNDS = 60  # a guard: every round takes a card off a deck, so it ends anyway


@declare.step("chaos", estimate={"damage": 2.0})
@njit
def chaos(st, tb, wk, r, card, side, slot):
    """Its controller, then the opponent, look at their deck's top card: a Permanent,
    Equipment or Ritual goes to the discard pile, a spell has its effects applied and is then
    discarded; when nobody lost HP meanwhile, all of it again (a sequence of ``FR_CHAOS``
    frames, :func:`chaos_phase`)."""
    if side < 0:
        return
    frames.push_chaos(st, side, CHAOS_START, card, slot, 0, 0)


@njit
def hp_lost_so_far(st, tb):
    """HP the players and the Adversary have lost in the game so far (damage and HP loss;
    a duel's seats are all players)."""
    total = st.damage_to_adversary
    for q in range(tb.players):
        total += st.damage_taken[q]
    return total


@njit
def chaos_seat(st, tb, wk, p, slot, rounds):
    """Seat ``p`` looks at their deck's top card: a Permanent, Equipment or Ritual goes to
    their discard pile; a spell applies its effects as theirs, then is discarded (nothing
    with an empty deck, or no seat: -1)."""
    if p < 0:
        return
    n = st.deck_len[p]
    if n == 0:
        return
    top = st.deck[p, n - 1]
    if tb.card_type[top] != SPELL:
        say(wk, EV_LOOKS_TOP, p, top, 0, 0)
        mill_top(st, tb, wk, p)
        return
    st.deck_len[p] = n - 1
    say(wk, EV_LOOKS_TOP, p, top, 1, 0)
    frames.push_chaos(st, p, CHAOS_DISCARD_OWN, top, slot, 0, rounds)
    frames.push_steps(st, tb, top, T_ACTIVATE, p, -1, -1)


@njit
def chaos_phase(st, tb, wk, p, phase, card, slot, value, rounds):
    """One phase of Chaos. The opponent is the Adversary: its top card is looked at as its
    turn reveals it (a spell's effects apply as its own, without its Mana value; a card that
    would stay in play, the Adversary itself included, goes to its discard pile; an empty
    Adversary deck is not reshuffled); under the rule option ``chaos_mills_adversary`` off,
    the Adversary's deck is left alone. "No player lost HP" counts the Adversary too. A round
    where both decks are empty (the controller's, with the option off) ends it. In a duel the
    opponent is an opposing seat, who does the same as the controller with their own deck
    (:func:`chaos_seat`)."""
    mills_adversary = tb.chaos_mills_adversary != 0
    if phase == CHAOS_START:
        frames.push_chaos(st, p, CHAOS_CHECK, card, slot, hp_lost_so_far(st, tb), rounds)
        if mills_adversary or tb.mode != MODE_SOLO:
            frames.push_chaos(st, p, CHAOS_OPPONENT, card, slot, 0, rounds)
        chaos_seat(st, tb, wk, p, slot, rounds)
    elif phase == CHAOS_DISCARD_OWN:
        pile.put(st, p, card)
    elif phase == CHAOS_OPPONENT and tb.mode != MODE_SOLO:
        chaos_seat(st, tb, wk, the_opponent(st, tb, wk, p, PURPOSE_DAMAGE), slot, rounds)
    elif phase == CHAOS_OPPONENT:
        n = st.adv_deck_len
        if n == 0:
            return
        top = st.adv_deck[n - 1]
        st.adv_deck_len = n - 1
        if tb.adv_kind[top] != ADV_SPELL:
            say(wk, EV_LOOKS_TOP, -1, top, 0, 0)
            pile.adv_put(st, top)
            return
        say(wk, EV_LOOKS_TOP, -1, top, 1, 0)
        frames.push_chaos(st, p, CHAOS_DISCARD_ADVERSARY, top, slot, 0, rounds)
        frames.push_steps(st, tb, top, T_ACTIVATE, ADVERSARY_SIDE, -1, -1)
    elif phase == CHAOS_DISCARD_ADVERSARY:
        pile.adv_put(st, card)
    elif phase == CHAOS_CHECK:
        lost = hp_lost_so_far(st, tb) != value
        foe = first_foe(st, tb, p)
        empty = st.deck_len[p] == 0 and (st.deck_len[foe] == 0 if foe >= 0
                                         else st.adv_deck_len == 0 or not mills_adversary)
        if not lost and not empty and rounds + 1 < CHAOS_MAX_ROUNDS:
            frames.push_chaos(st, p, CHAOS_START, card, slot, 0, rounds + 1)
