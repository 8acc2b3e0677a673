"""The compiled policies: which option each bot picks at a decision point.

:func:`choose` is what the engine's decision gateway calls. ``random`` draws uniformly among
the legal options; every other bot scores the options of the decision's kind (``base.py``,
with the overrides of ``greedy.py`` and ``planner.py``) and takes the best legal one, the
lowest index on a tie; a kind without a scorer gets its first legal option. ``scripted``
(tests) answers what the test fixed and falls back to the base policy.
"""

from __future__ import annotations

from simulator.bots import base, greedy, planner, random_bot, scripted
from simulator.engine.jit import njit
from simulator.engine.layout import (
    ABILITY_TARGET,
    ALTERNATIVE_COMPONENT,
    BOT_BASE,
    BOT_GREEDY,
    BOT_PLANNER,
    BOT_RANDOM,
    BOT_SCRIPTED,
    DESTROY_TARGET,
    DISCARD_FROM_HAND,
    EFFECT_ORDER,
    ETHER_SPLIT,
    ETHER_START_PILE,
    KEEP_HAND,
    MAIN_ACTION,
    MANA_ELEMENT,
    MAY_USE_ABILITY,
    OPTIONAL_PAYMENT,
    OWN_COMPONENT,
    PAY_UPKEEP,
    PROTECTOR_REDIRECT,
    RECYCLE_DISCARD,
    RETURN_FROM_DISCARD,
    SEARCH_DECK,
    SKIP_COMPONENT,
    TAKE_MANA,
    TAKE_PILE,
    TARGET,
    TRADE_GIVE,
    USE_COMPONENT,
)

BASE_TRADES_AHEAD = 1


@njit
def choose(st, tb, wk, kind, player):
    """The option the batch's bot picks among the legal ones in ``wk.opt[:wk.n_opt]``."""
    bot = tb.bot
    if bot == BOT_SCRIPTED:
        answer = scripted.forced_answer(wk, kind)
        if answer >= 0:
            return answer
        bot = BOT_BASE
    if bot == BOT_RANDOM:
        return random_bot.choose(st, wk)
    if not score(st, tb, wk, kind, player, bot):
        for i in range(wk.n_opt):
            if wk.opt[i] != 0:
                return i
        return -1
    best, best_score = -1, -1.0
    for i in range(wk.n_opt):
        if wk.opt[i] != 0 and (best < 0 or wk.scores[i] > best_score):
            best, best_score = i, wk.scores[i]
    return best


@njit
def score(st, tb, wk, kind, p, bot):
    """Fill ``wk.scores[:n]`` for a decision of ``kind``; False when the kind has no scorer."""
    if kind == MAIN_ACTION:
        if bot == BOT_PLANNER:
            planner.main_action_scores(st, tb, wk, p)
        else:
            base.main_action_scores(st, tb, wk, p, BASE_TRADES_AHEAD)
        base.ability_scores(st, tb, wk, p, 1)
        if bot == BOT_GREEDY:
            greedy.filter_channels(st, tb, wk, p)
    elif kind == TAKE_PILE:
        if bot == BOT_GREEDY:
            greedy.score_take_pile(st, tb, wk, p)
        elif bot == BOT_PLANNER:
            planner.score_take_pile(st, tb, wk, p)
        else:
            base.score_take_pile(st, tb, wk, p)
    elif kind == MANA_ELEMENT:
        if bot == BOT_PLANNER:
            planner.score_mana_element(st, tb, wk, p)
        else:
            base.score_mana_element(st, tb, wk, p)
    elif kind == ETHER_SPLIT:
        if bot == BOT_PLANNER:
            planner.score_ether_split(st, tb, wk, p)
        else:
            base.score_ether_split(st, tb, wk, p)
    elif kind == ETHER_START_PILE:
        if bot != BOT_PLANNER:
            return False
        planner.score_ether_start_pile(st, tb, wk, p)
    elif kind == EFFECT_ORDER:
        if bot != BOT_PLANNER:
            return False
        planner.score_effect_order(st, tb, wk, p)
    elif kind == TAKE_MANA:
        base.score_take_mana(st, tb, wk, p)
    elif kind == TRADE_GIVE:
        ahead = planner.TRADES_AHEAD if bot == BOT_PLANNER else BASE_TRADES_AHEAD
        base.score_trade_give(st, tb, wk, p, ahead)
    elif kind == KEEP_HAND:
        base.score_keep_hand(st, tb, wk, p)
    elif kind == DISCARD_FROM_HAND:
        base.score_discard_from_hand(st, tb, wk, p)
    elif kind == RECYCLE_DISCARD or kind == RETURN_FROM_DISCARD or kind == SEARCH_DECK:
        base.score_card_value(st, tb, wk, p)
    elif kind == TARGET:
        base.score_target(st, tb, wk, p)
    elif kind == PROTECTOR_REDIRECT:
        base.score_protector_redirect(st, tb, wk, p)
    elif kind == DESTROY_TARGET:
        base.score_destroy_target(st, tb, wk, p)
    elif kind == USE_COMPONENT:
        base.score_use_component(st, tb, wk, p)
    elif kind == SKIP_COMPONENT:
        base.score_skip_component(st, tb, wk, p)
    elif kind == ALTERNATIVE_COMPONENT:
        base.score_fixed(wk, 1.0, 0.0)  # Fire ball keeps the hand: use the component
    elif kind == OWN_COMPONENT:
        base.score_own_component(st, tb, wk, p)
    elif kind == PAY_UPKEEP:
        base.score_fixed(wk, 0.0, 1.0)
    elif kind == OPTIONAL_PAYMENT:
        base.score_optional_payment(st, tb, wk, p)
    elif kind == ABILITY_TARGET:
        base.score_ability_target(st, tb, wk, p)
    elif kind == MAY_USE_ABILITY:
        base.score_may_use_ability(st, tb, wk, p)
    else:
        return False
    return True
