"""Way of the Warrior-Mage handlers: the Warrior-mage ritual, Rock wall's and Waiver crown's
statics (the other cards are vocabulary).

- Waiver crown (static, engine hooks): while it is in play its controller's Rituals are
  switched off (zone ``RITUAL_OFF``, board.py: no effect, so no Mage Noir status either; a
  Ritual put into play under it arrives switched off, without its arrival effect) and come
  back when the last crown leaves; right before damage that can be ignored reaches its
  controller (after armours), they may pay 1 Mana of their reserve per point to ignore it
  (an ``optional_payment`` per point, ``ctx_what`` 2, then ``lock_mana_element`` for the
  Mana, ``ctx_what`` still 2); whenever their reserve is empty once an action has resolved,
  the crown is destroyed (``crown_check``, from the chain).

- Rock wall (static, engine hooks): below 1 HP it is not destroyed: its Mana is released and
  it stays in play as a channeled Rock component, no longer a Wall (nor a Permanent: no HP,
  no Protector); an Earthquake's "every Permanent" still destroys it (ruling).

- Its ability (at any time): discard 1 card from hand, 1 own Equipment is indestructible until
  the end of the turn (a per-slot mark, not a card keyword). Offered in the main phase and in
  the window **before a destroy effect resolves** (any turn): once a destroy effect controlled
  by another side has announced one of the player's Equipment, a ``may_use_ability``
  decision; using it makes the destroy find an invalid target (effects-priority sheet,
  "Divine hammer strike" example). The other window outside the main phase, before damage
  reaches a player (Kerloc'h's robe), is in ``damage.py``.
- Its static: at the end of the controller's turn, their Equipment put into play this turn is
  destroyed unless indestructible.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import (
    AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE,
    H_WAIVER_CROWN,
    H_WARRIOR_MAGE_RITUAL_END_OF_TURN,
)
from simulator.engine.rules.abilities import indestructible_candidate, slot_ability, usable
from simulator.engine.rules.board import (
    destroy_card,
    flagged_in_play,
    hand_size,
    is_indestructible,
)
from simulator.engine.rules.decide import reserve_element, set_options
from simulator.engine.rules.layout import (
    ABILITY_TARGET,
    EQUIPMENT,
    EV_CROWN_IGNORES,
    EV_INDESTRUCTIBLE,
    LOCK_MANA_ELEMENT,
    MAY_USE_ABILITY,
    OPTIONAL_PAYMENT,
    REASON_ABILITY,
    RITUAL,
    RUNNING,
    TO_DISCARD,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import one_mana, pay_effect_cost
from simulator.engine.rules.zones import discard_chosen, hand_options


@njit
def make_indestructible(st, tb, wk, p, target):
    """Discard 1 card from hand (the cost), then the Equipment is indestructible this turn."""
    hand_options(st, tb, wk, p)
    card = discard_chosen(st, tb, wk, p, REASON_ABILITY, True)
    st.indestructible[p, target] = st.board_card[p, target] + 1
    say(wk, EV_INDESTRUCTIBLE, p, card, st.board_card[p, target], 0)


@declare.ability("warrior_mage_ritual_indestructible")
@njit
def warrior_mage_indestructible(st, tb, wk, r, card, side, slot):
    """Ability (at any time): 1 own Equipment (``ability_target``) becomes indestructible until
    the end of the turn, for the discard of 1 card from hand."""
    p = side
    if p < 0 or slot < 0 or not usable(st, tb, p, AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE):
        return
    set_options(wk, tb.slots, 0)
    for s in range(tb.slots):
        if indestructible_candidate(st, tb, p, s):
            wk.opt[s] = 1
    wk.ctx_ability = AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE
    target = decide(st, tb, wk, ABILITY_TARGET, p)
    make_indestructible(st, tb, wk, p, target)


@njit
def before_destroy(st, tb, wk, side, p, s):
    """Window: a destroy effect controlled by ``side`` is about to destroy the card in slot
    ``s`` of player ``p``. The Warrior-mage ritual may make it indestructible."""
    if side == p or st.outcome != RUNNING or not indestructible_candidate(st, tb, p, s):
        return
    if hand_size(st, tb, p) == 0:
        return
    holder = -1
    for q in range(tb.slots):
        if (st.board_zone[p, q] == RITUAL
                and slot_ability(st, tb, p, q) == AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE):
            holder = q
            break
    if holder < 0:
        return
    set_options(wk, 2, 1)
    wk.ctx_ability = AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE
    wk.ctx_card = st.board_card[p, s]
    if decide(st, tb, wk, MAY_USE_ABILITY, p) == 1:
        make_indestructible(st, tb, wk, p, s)


declare.static("rock_wall_channels", "damage.damage_permanent: below 1 HP the Rock wall's Mana "
               "is released and it becomes a channeled Rock component (no Wall); "
               "board.card_provides: a channeled Rock wall provides no Wall; "
               "ops.op_destroy_all: a channeled Rock wall is still destroyed with every "
               "Permanent", __name__)

declare.static("warrior_mage_ritual_end_of_turn", "warrior_mage_end_of_turn below (turns.py, the "
               "controller's turn end)", __name__)


@njit
def warrior_mage_end_of_turn(st, tb, wk, p):
    """The controller's Equipment put into play this turn is destroyed, unless indestructible."""
    if not flagged_in_play(st, tb, p, H_WARRIOR_MAGE_RITUAL_END_OF_TURN):
        return
    for s in range(tb.slots):
        if (st.board_zone[p, s] == EQUIPMENT and st.board_turn[p, s] == st.turn
                and not is_indestructible(st, tb, p, s)):
            leave_board(st, tb, wk, p, s, TO_DISCARD)


declare.static("waiver_crown", "board.place_card / leave_board: its controller's Rituals are "
               "switched off while it is in play; damage.deal_damage: crown_ignores below; "
               "chain.resolve: crown_check below", __name__)

#: ``ctx_what`` of the Waiver crown's decisions (the bots tell them from other payments).
CROWN_PAYMENT = 2


@njit
def crown_ignores(st, tb, wk, p, amount):
    """How much of ``amount`` damage (about to reach player ``p``, armours applied) their
    Waiver crown ignores: point by point, an ``optional_payment`` (``ctx_amount``: the damage
    still coming), then the Mana, chosen from the reserve (``lock_mana_element``); each Mana
    goes to the Available Ether."""
    if not flagged_in_play(st, tb, p, H_WAIVER_CROWN) or st.outcome != RUNNING:
        return 0
    ignored = 0
    wk.ctx_what = CROWN_PAYMENT
    while ignored < amount and st.reserve[p].sum() > 0:
        set_options(wk, 2, 1)
        wk.ctx_amount = amount - ignored
        wk.ctx_worth = 1
        if decide(st, tb, wk, OPTIONAL_PAYMENT, p) != 1:
            break
        e = reserve_element(st, tb, wk, LOCK_MANA_ELEMENT, p)  # the loop's test: Mana held
        say(wk, EV_CROWN_IGNORES, p, e, 0, 0)
        pay_effect_cost(st, tb, wk, p, one_mana(e))
        ignored += 1
    wk.ctx_what = 0
    return ignored


@njit
def crown_check(st, tb, wk):
    """A player whose Mana reserve is empty has their Waiver crowns destroyed (indestructible
    ones stay), checked each time the chain has resolved."""
    for p in range(tb.players):
        if st.out[p] != 0 or st.reserve[p].sum() > 0:
            continue
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if (c >= 0 and st.board_zone[p, s] == EQUIPMENT and tb.handler_card[H_WAIVER_CROWN, c] != 0
                    and not is_indestructible(st, tb, p, s)):
                destroy_card(st, tb, wk, p, s)
