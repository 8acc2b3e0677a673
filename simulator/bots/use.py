"""What the planner uses at no cost to its plan: abilities paid with spare Mana, a discard
ability fed a card that can do nothing, and what it prepares among Equipment of one slot.

Why: the base scores an optional ability by its estimated worth less its costs, a Mana of
the reserve weighing 0.8 whatever the reserve holds. Underground mine's look at the top card
(1 Mineral) was never used in 51 preparations while 12 to 25 Mineral lay unused; Emptiness
ritual's discard-to-damage waited for a full hand while cards that could do nothing sat in it
(issue 38). And of two Equipment for one slot, the lesser was prepared first and replaced the
same turn by the better (Bark armor by Druid armor: the most frequent Equipment lost).
"""

from __future__ import annotations

from simulator.bots.base import NEG, fetch_worth, foe_view, reserve_spare
from simulator.bots.keep import useless_in_hand
from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import AB_EMPTINESS_RITUAL_PING
from simulator.engine.rules.abilities import slot_ability
from simulator.engine.rules.layout import AB_GENERIC, EQUIPMENT_TYPE
from simulator.engine.rules.readiness import board_part

#: What one Mana of the reserve weighs against an ability's effect (features.ABILITY_COST_WEIGHT).
MANA_COST_WEIGHT = 0.8
#: What discarding a card that can do nothing for 1 damage is worth (the base's own rule: 2).
PING_WORTH = 2.0


@njit
def free_abilities(st, tb, wk, bw, p, offset):
    """``wk.scores[offset + s]`` for the abilities the base left unused: a generic ability
    whose Mana the hand does not need is worth its effect alone (its Mana cost weighs
    nothing); Emptiness ritual's ping is worth using on a card in hand that can do nothing."""
    if tb.any_ability == 0:
        return
    present, _, _ = foe_view(st, tb, p)
    spare = bw.use_spare
    spare_known = False
    for s in range(st.board_end[p]):
        a = offset + s
        if wk.opt[a] == 0 or wk.scores[a] > NEG:
            continue
        ability = slot_ability(st, tb, p, s)
        c = st.board_card[p, s]
        if ability == AB_GENERIC and bw.f_ability_element[c] >= 0:
            if not spare_known:
                reserve_spare(st, tb, wk, p, spare)
                spare_known = True
            if spare[bw.f_ability_element[c]] < bw.f_ability_mana[c]:
                continue
            use = bw.f_ability[c] + MANA_COST_WEIGHT * bw.f_ability_mana[c]
            if bw.f_ability_fetch[c] >= 0:
                use += fetch_worth(st, tb, bw, p, c)
            if use > 0 and (present or bw.f_ability_hits[c] == 0):
                wk.scores[a] = use
        elif ability == AB_EMPTINESS_RITUAL_PING and present and holds_useless(st, tb, wk, bw, p):
            wk.scores[a] = PING_WORTH


@njit
def holds_useless(st, tb, wk, bw, p):
    """Player ``p``'s hand holds a card that could do nothing if prepared (``keep.py``)."""
    board_part(st, tb, wk, p)
    for c in range(tb.n_player_cards):
        if st.hand[p, c] > 0 and useless_in_hand(st, tb, wk, bw, p, c):
            return True
    return False


@njit
def outclassed_equipment(st, tb, wk, bw, p, c):
    """Equipment ``c`` would be replaced by a better one of its slot the hand holds with all
    its components there (the better one goes first, or alone)."""
    if tb.card_type[c] != EQUIPMENT_TYPE:
        return False
    for d in range(tb.n_player_cards):
        if (d != c and st.hand[p, d] > 0 and tb.card_type[d] == EQUIPMENT_TYPE
                and tb.slot_kind[d] == tb.slot_kind[c] and bw.f_value[d] > bw.f_value[c]
                and wk.rd_missing[d] == 0 and wk.rd_affordable[d] != 0):
            return True
    return False
