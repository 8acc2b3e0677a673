"""Sand handlers: Fine sand's capture (a hook of ``board.leave_board``), Râ's wrath and
Glass replica.

The rest of the extension is written in the vocabulary, mostly with the locked-Mana family
(``engine/rules/locked.py``): Desert wave and Desert wall gather Mineral from Sand components,
Oasis returns Desert spells to hand.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers import declare
from simulator.engine.rules.board import (
    adversary_destroyed,
    free_slot,
    is_indestructible,
    is_mage_noir,
    n_targets,
    place_card,
)
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_ADVERSARY,
    ADVERSARY_SIDE,
    DESTROY_TARGET,
    EMPTY,
    EQUIPMENT,
    EQUIPMENT_OFF,
    EQUIPMENT_TYPE,
    EV_REPLICA,
    EV_SHUFFLES,
    K_SLOTS,
    RITUAL,
    RITUAL_OFF,
    SEARCH_DECK,
    TO_DISCARD,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.zones import deck_count, remove_from_deck, shuffle_deck

#: ``ctx_what`` of a ``search_deck`` decision taken for Glass replica (0: a named search).
REPLICA_SEARCH = 1

declare.static("fine_sand", "board.fine_sand_captures: when a Desert card of its controller goes "
               "to the discard pile, 1 Mineral of its Mana is locked under each Fine sand on the "
               "board instead of being released (its lock_cap releases the excess)", __name__)


@declare.step("ras_wrath_discard")
@njit
def ras_wrath_discard(st, tb, wk, r, card, side, slot):
    """Put 1 card in play, not a Ritual, of either side into its owner's discard pile (not a
    destruction); Indestructible cards only for a Mage Noir. The Adversary's cards other than
    the Adversary itself are in play too. A ``destroy_target`` decision over the flat targets;
    it is not optional when there is one (the card in preparation itself is not a choice)."""
    if side < 0:
        return
    players, slots = tb.players, tb.slots
    mn = is_mage_noir(st, tb, side)
    set_options(wk, n_targets(tb), 0)
    any_ = False
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and tb.adv_kind[c] != ADV_ADVERSARY:
            wk.opt[k] = 1
            any_ = True
    for p in range(players):
        for s in range(st.board_end[p]):
            zone = st.board_zone[p, s]
            if zone == EMPTY or zone == RITUAL or zone == RITUAL_OFF or (p == side and s == slot):
                continue
            if mn or not is_indestructible(st, tb, p, s):
                wk.opt[K_SLOTS + players + p * slots + s] = 1
                any_ = True
    if not any_:
        return
    wk.ctx_what = -1
    choice = decide(st, tb, wk, DESTROY_TARGET, side)
    if choice < K_SLOTS:
        adversary_destroyed(st, tb, wk, choice)
        return
    p, s = divmod(choice - K_SLOTS - players, slots)
    leave_board(st, tb, wk, p, s, TO_DISCARD)


@declare.step("glass_replica", estimate={"draw": 0.25})
@njit
def glass_replica(st, tb, wk, r, card, side, slot):
    """Take one Equipment from the own deck (a ``search_deck`` decision over the Equipment
    kinds there, ``ctx_what`` REPLICA_SEARCH) and put it into play without paying its cost and
    without its effects (zone EQUIPMENT_OFF: no static, trigger, ability nor component of it
    is read), then shuffle. It is still an Equipment of its slot, so an own Equipment of the
    same slot leaves for the discard pile first (R10.3); leaving play it is the normal card
    again. No Equipment in the deck: only the shuffle. The estimate is the thinning of the
    deck, a small gain: the bots take the weakest Equipment whose slot is free."""
    if side == ADVERSARY_SIDE:
        return
    set_options(wk, tb.n_cards, 0)
    any_ = False
    for c in range(tb.n_player_cards):
        if tb.card_type[c] == EQUIPMENT_TYPE and deck_count(st, side, c) > 0:
            wk.opt[c] = 1
            any_ = True
    if any_:
        wk.ctx_what = REPLICA_SEARCH
        found = decide(st, tb, wk, SEARCH_DECK, side)
        wk.ctx_what = 0
        replace_slot(st, tb, wk, side, found)
        s = free_slot(st, tb, side)
        if s < 0:
            st.board_overflow += 1  # no room on the board: it stays in the deck
        else:
            remove_from_deck(st, side, found)
            place_card(st, tb, side, s, found, EQUIPMENT_OFF)
            say(wk, EV_REPLICA, side, found, 0, 0)
    shuffle_deck(st, side)
    say(wk, EV_SHUFFLES, side, 0, 0, 0)


@njit
def replace_slot(st, tb, wk, p, card):
    """One Equipment per slot (R10.3): the own Equipment of ``card``'s slot, switched off or
    not, goes to the discard pile unless it is Indestructible."""
    for s in range(st.board_end[p]):
        zone = st.board_zone[p, s]
        if (zone == EQUIPMENT or zone == EQUIPMENT_OFF) and \
                tb.slot_kind[st.board_card[p, s]] == tb.slot_kind[card] and \
                not is_indestructible(st, tb, p, s):
            leave_board(st, tb, wk, p, s, TO_DISCARD)
