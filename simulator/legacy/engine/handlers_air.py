"""Air handlers: Favorable winds, Tornado, Violent wind, Breath of flames, Emptiness ritual."""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine import damage as dmg
from simulator.legacy.engine.board import (
    TO_DECK_THIRD,
    TO_DISCARD,
    board_cards,
    component_counts,
    in_play_static,
    leave_board,
)
from simulator.legacy.engine.core import Engine, ranked_columns
from simulator.legacy.engine.effects import Step, _choose_own_component, run_trigger, targets
from simulator.legacy.engine.handlers_common import turn_array
from simulator.legacy.engine.mana import pay_effect_cost
from simulator.legacy.engine.state import player_rows
from simulator.legacy.engine.tables import WORD_INDEX
from simulator.legacy.engine.zones import discard_chosen, discard_down_to_hand_size

AIR = ELEMENTS.index("air")


# --- Favorable winds -------------------------------------------------------------------------

def favorable_winds(step: Step) -> None:
    """Until the end of this turn, trades giving or taking Air Mana are 1 for 1."""
    mine = step.side >= 0
    turn_array(step.eng, "favorable_winds", (step.eng.state.players,))[
        step.games[mine], step.player[mine]] = True


def air_trades_one_for_one(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n,) bool: Favorable winds is active for the player this turn."""
    return turn_array(eng, "favorable_winds", (eng.state.players,))[games, player]


def trade_price(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, E) the fewest Mana the player must give to take 1 Mana of each element.

    2 normally (R6.5); 1 under Favorable winds when Air is taken, or when another element is
    taken and the reserve holds Air to give.
    """
    winds = air_trades_one_for_one(eng, games, player)
    has_air = eng.state.reserve[games, player, AIR] > 0
    one = np.zeros((len(games), len(ELEMENTS)), bool)
    one[:, AIR] = winds
    one |= (winds & has_air)[:, None]
    return np.where(one, 1, 2)


# --- Tornado ---------------------------------------------------------------------------------

def tornado(step: Step) -> None:
    """Apply 1 own Wind component's activate steps, then put that very card third from the top."""
    eng = step.eng
    r, slot = _choose_own_component(step, "Wind")
    if len(r) == 0:
        return
    g, pl = step.games[r], step.player[r]
    card = eng.state.board_card[g, pl, slot].astype(np.int64)
    eng.say(g, "  applies {}", eng.names(card))
    run_trigger(eng, "activate", g, pl, card, slot)
    still = eng.state.board_card[g, pl, slot] == card
    leave_board(eng, g[still], pl[still], slot[still], TO_DECK_THIRD)


# --- Violent wind ----------------------------------------------------------------------------

def violent_wind(step: Step) -> None:
    """One instance of 4 damage to any target, + 1 per own Breath component for a Mage Noir."""
    eng = step.eng
    breath = component_counts(eng, step.games, step.player, [WORD_INDEX["Breath"]])[:, 0]
    amount = 4 + np.where(step.mage_noir(), breath, 0)
    hit = targets(step, "any", "damage")
    for r, t in ranked_columns(hit):
        dmg.deal_damage(eng, step.games[r], step.side[r], step.card[r], t, amount[r])


# --- Breath of flames ------------------------------------------------------------------------

FIRE = ELEMENTS.index("fire")
KEEP_COSTS = (FIRE, AIR)  # pay_to_keep options 0 and 1; option 2 lets the card go


def breath_of_flames(step: Step) -> None:
    """Used as a component: pay 1 Fire or 1 Air from the reserve (into the Available Ether) to
    keep it on the board; otherwise (or when neither can be paid) it goes to the discard pile.

    ``pay_to_keep`` decision: option 0 pays Fire, 1 pays Air, 2 discards the card.
    """
    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl, slot = step.games[mine], step.player[mine], step.slot[mine]
    if len(g) == 0:
        return
    reserve = st.reserve[g, pl]
    options = np.stack([reserve[:, FIRE] > 0, reserve[:, AIR] > 0, np.ones(len(g), bool)], axis=1)
    choice = eng.decide("pay_to_keep", g, pl, options, card=step.card[mine])
    for option, element in enumerate(KEEP_COSTS):
        r = choice == option
        cost = np.zeros((int(r.sum()), len(ELEMENTS)), np.int32)
        cost[:, element] = 1
        pay_effect_cost(eng, g[r], pl[r], cost)
    gone = choice == len(KEEP_COSTS)
    leave_board(eng, g[gone], pl[gone], slot[gone], TO_DISCARD)


# --- Emptiness ritual ------------------------------------------------------------------------

def apply_hand_size(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """``state.max_hand`` from the ``hand_size`` statics in play ("your maximum hand size
    becomes N": the smallest one in play), else the rule option ``hand_limit``."""
    if len(games) == 0:
        return
    sizes = eng.statics.hand_size[board_cards(eng, games, player)]
    active = in_play_static(eng, games, player) & (sizes > 0)
    big = np.iinfo(np.int32).max
    smallest = np.where(active, sizes, big).min(axis=1)
    eng.state.max_hand[games, player] = np.where(active.any(axis=1), smallest,
                                                 eng.options.hand_limit)


def emptiness_ritual_discard(step: Step) -> None:
    """Enter: the hand size becomes 4; discard right away, one card at a time (the player
    chooses, ``discard_from_hand`` with reason ``hand_size``), down to 4 cards."""
    eng = step.eng
    mine = step.side >= 0
    g, pl = step.games[mine], step.player[mine]
    apply_hand_size(eng, g, pl)
    discard_down_to_hand_size(eng, g, pl, "hand_size", "  discards {} (hand size 4)")


def emptiness_ritual_ping(eng: Engine, games: np.ndarray, player: np.ndarray,
                          slot: np.ndarray) -> None:
    """Ability (during the own turn, repeatable): discard 1 card from hand (``discard_from_hand``
    with reason ``ability``), then 1 damage to any target, the Ritual (an Air card) being the
    source (Air damage bonuses apply)."""
    st = eng.state
    has = player_rows(st.hand, games, player).sum(axis=1) > 0
    games, player, slot = games[has], player[has], slot[has]
    if len(games) == 0:
        return
    discard_chosen(eng, games, player, reason="ability")
    ritual = st.board_card[games, player, slot].astype(np.int64)
    step = Step(eng, {}, games, player, ritual, slot)
    hit = targets(step, "any", "damage")
    for r, t in ranked_columns(hit):
        dmg.deal_damage(eng, games[r], player[r], ritual[r], t, np.ones(len(r), np.int64))
