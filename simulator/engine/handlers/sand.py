"""Sand handlers: Fine sand's capture (a hook of ``board.leave_board``) and Râ's wrath.

The rest of the extension is written in the vocabulary, mostly with the locked-Mana family
(``engine/rules/locked.py``): Desert wave and Desert wall gather Mineral from Sand components,
Oasis returns Desert spells to hand.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers import declare
from simulator.engine.rules.board import adversary_destroyed, is_indestructible, is_mage_noir
from simulator.engine.rules.damage import n_targets
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_ADVERSARY,
    DESTROY_TARGET,
    EMPTY,
    K_SLOTS,
    RITUAL,
    TO_DISCARD,
)

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
            if zone <= EMPTY or zone == RITUAL or (p == side and s == slot):  # RITUAL_OFF too
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
