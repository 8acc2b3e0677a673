"""One compiled entry point for single actions on one game: tests, positions and look-ahead.

The batch loop (``game.play_range``) plays whole games. Everything else a caller may want to do
to one game (prepare a card in a hand-built position, run one Adversary turn, read whether a
player is a Mage Noir, play a copied game to its end) is a *command*: a code and up to eight
int64 arguments, run by :func:`run_command`. Why one entry point rather than one per action:
each separately compiled entry point carries its own copy of what it calls, so a single
dispatcher keeps the extra compile time of this interface to one root.

Every command that changes the game resolves the chain of what it causes before returning.
The Python side (:mod:`simulator.engine.host.api`) gives the commands names and arguments.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types

from simulator.engine.compiler.jit import njit_entry
from simulator.engine.compiler.late_bound import deal_damage, decide, leave_board, resolve
from simulator.engine.rules import announce
from simulator.engine.rules.actions import (
    action_offsets,
    activate,
    apply_action,
    channel,
    legal_actions,
    prepare,
    trade,
    use_ability,
)
from simulator.engine.rules.adversary import adversary_turn
from simulator.engine.rules.board import (
    check_defeats,
    component_count,
    is_indestructible,
    is_mage_noir,
    player_out,
)
from simulator.engine.rules.components import fewer_allowed, instances, king_here
from simulator.engine.rules.damage import lose_hp
from simulator.engine.rules.game import advance, deal_starting_hands
from simulator.engine.rules.layout import MAIN_ACTION, STATE_DTYPE, TABLES_DTYPE, WORK_DTYPE
from simulator.engine.rules.mana import add_to_ether, take_from_ether, take_pile
from simulator.engine.rules.ops import choose_mana_elements
from simulator.engine.rules.readiness import can_prepare_all, compute, forget
from simulator.engine.rules.turns import (
    begin_player_turn,
    end_player_turn,
    main_phase,
    main_phases,
    turn_boundary,
    turn_start,
)
from simulator.engine.rules.zones import deck_count, discard_down_to_hand_size, draw

COMMANDS = (
    "prepare", "activate", "channel", "trade", "use_ability", "apply_action", "legal_actions",
    "can_prepare", "readiness", "turn_start", "begin_turn", "main_phase", "end_turn",
    "player_turn", "adversary_turn", "run_trigger", "draw", "take_pile", "add_to_ether",
    "take_from_ether", "deal_damage", "leave_board", "check_defeats", "player_out",
    "is_mage_noir", "instances", "component_count", "deck_count", "deal_starting_hands",
    "play", "discard_down", "resolve", "main_action_choice", "choose", "mana_elements",
    "play_turn",
)
CMD = {name: i for i, name in enumerate(COMMANDS)}
(PREPARE, ACTIVATE, CHANNEL, TRADE, USE_ABILITY, APPLY_ACTION, LEGAL_ACTIONS, CAN_PREPARE,
 READINESS, TURN_START, BEGIN_TURN, MAIN_PHASE, END_TURN, PLAYER_TURN, ADVERSARY_TURN,
 RUN_TRIGGER, DRAW, TAKE_PILE, ADD_TO_ETHER, TAKE_FROM_ETHER, DEAL_DAMAGE, LEAVE_BOARD,
 CHECK_DEFEATS, PLAYER_OUT, IS_MAGE_NOIR, INSTANCES, COMPONENT_COUNT, DECK_COUNT,
 DEAL_STARTING_HANDS, PLAY, DISCARD_DOWN, RESOLVE, MAIN_ACTION_CHOICE, CHOOSE,
 MANA_ELEMENTS, PLAY_TURN) = range(len(COMMANDS))

# --- handlers ---
COMMANDS += ("turn_boundary", "lose_hp", "fewer_allowed", "action_offset", "is_indestructible")
CMD = {name: i for i, name in enumerate(COMMANDS)}
TURN_BOUNDARY, LOSE_HP, FEWER_ALLOWED, ACTION_OFFSET, IS_INDESTRUCTIBLE = range(
    CMD["turn_boundary"], CMD["is_indestructible"] + 1)

COMMAND_ARGS = (numba.typeof(np.zeros(1, STATE_DTYPE)), numba.typeof(np.zeros(1, TABLES_DTYPE)),
                numba.typeof(np.zeros(1, WORK_DTYPE)), types.int64, types.int64,
                types.Array(types.int64, 1, "C"))


@njit_entry
def run_command(states, tables, work, game, command, a):
    """Run ``command`` (a ``COMMANDS`` index) on game ``game`` with its work record, arguments
    ``a`` (8,); returns the command's value (0 for actions)."""
    st, tb, wk = states[game], tables[0], work[game]
    forget(wk)  # Python may have changed the position since the last command
    value = 0
    if command == PREPARE:
        prepare(st, tb, wk, a[0], a[1])
    elif command == ACTIVATE:
        activate(st, tb, wk, a[0], a[1])
    elif command == CHANNEL:
        channel(st, tb, wk, a[0], a[1])
    elif command == TRADE:
        trade(st, tb, wk, a[0], a[1])
    elif command == USE_ABILITY:
        use_ability(st, tb, wk, a[0], a[1])
    elif command == APPLY_ACTION:
        legal_actions(st, tb, wk, a[0])  # the decision's readiness, as the main phase has it
        apply_action(st, tb, wk, a[0], a[1])
    elif command == LEGAL_ACTIONS:
        legal_actions(st, tb, wk, a[0])
        value = wk.n_opt
    elif command == CAN_PREPARE:
        compute(st, tb, wk, a[0])
        can_prepare_all(st, tb, wk, a[0])
    elif command == READINESS:
        compute(st, tb, wk, a[0])
    elif command == TURN_START:
        turn_start(st, tb, wk, a[0])
    elif command == BEGIN_TURN:
        value = 1 if begin_player_turn(st, tb, wk, a[0]) else 0
    elif command == MAIN_PHASE:
        main_phase(st, tb, wk, a[0])
    elif command == END_TURN:
        end_player_turn(st, tb, wk, a[0])
    elif command == PLAYER_TURN:  # (2 vs 2: the teammate's main phase too)
        if begin_player_turn(st, tb, wk, a[0]):
            main_phases(st, tb, wk)
        end_player_turn(st, tb, wk, a[0])
    elif command == ADVERSARY_TURN:
        adversary_turn(st, tb, wk)
        check_defeats(st, tb, wk)
    elif command == RUN_TRIGGER:
        announce.push_steps(st, tb, wk, a[0], a[1], a[2], a[3])
    elif command == DRAW:
        draw(st, tb, wk, a[0], a[1])
    elif command == TAKE_PILE:
        take_pile(st, tb, wk, a[0])
    elif command == ADD_TO_ETHER:
        add_to_ether(st, tb, wk, a[0], wk.ctx_mana.copy())
    elif command == TAKE_FROM_ETHER:
        take_from_ether(st, tb, wk, a[0], a[1], a[2])
    elif command == DEAL_DAMAGE:
        deal_damage(st, tb, wk, a[0], a[1], a[2], a[3], a[4])
    elif command == LEAVE_BOARD:
        leave_board(st, tb, wk, a[0], a[1], a[2])
    elif command == CHECK_DEFEATS:
        check_defeats(st, tb, wk)
    elif command == PLAYER_OUT:
        player_out(st, tb, wk, a[0], a[1])
    elif command == IS_MAGE_NOIR:
        value = 1 if is_mage_noir(st, tb, a[0]) else 0
    elif command == INSTANCES:
        value = instances(st, tb, a[0], a[1])
    elif command == COMPONENT_COUNT:
        value = component_count(st, tb, a[0], a[1])
    elif command == DECK_COUNT:
        value = deck_count(st, a[0], a[1])
    elif command == DEAL_STARTING_HANDS:
        deal_starting_hands(st, tb, wk)
    elif command == PLAY or command == PLAY_TURN:  # tracks are not kept
        horizon, players, words = a[0], tb.players, max(tb.n_words, 1)
        value = 1 if advance(st, tb, wk, np.zeros((horizon, players), np.int16),
                             np.full(horizon, -1, np.int16), np.zeros(horizon, np.int32),
                             np.zeros((horizon, players), np.int32),
                             np.zeros((horizon, players), np.int32), np.full(horizon, -1, np.int8),
                             np.zeros((horizon, words), np.int8),
                             np.zeros((horizon, max(tb.n_player_cards, 1)), np.int8),
                             command == PLAY_TURN) else 0
    elif command == DISCARD_DOWN:
        discard_down_to_hand_size(st, tb, wk, a[0], a[1])
        resolve(st, tb, wk)
    elif command == MAIN_ACTION_CHOICE:  # what the bot would do now (nothing is done)
        legal_actions(st, tb, wk, a[0])
        value = decide(st, tb, wk, MAIN_ACTION, a[0])
    elif command == CHOOSE:  # the bot's answer to a question the caller wrote into wk,
        value = decide(st, tb, wk, a[0], a[1])  # through the gateway that checks it
    elif command == MANA_ELEMENTS:  # the elements of a[1] Mana, chosen by player a[0]
        mana = choose_mana_elements(st, tb, wk, a[0], a[1])
        for e in range(mana.shape[0]):
            wk.ctx_mana[e] = mana[e]
    # --- handlers ---
    elif command == TURN_BOUNDARY:  # a player turn starts or ends: "this turn" effects end
        turn_boundary(st, tb)
    elif command == LOSE_HP:  # player a[0] loses a[1] HP (not damage: nothing reduces it)
        lose_hp(st, tb, wk, a[0], a[1], False, -1)
    elif command == FEWER_ALLOWED:  # components player a[0] may leave out of card a[1] now
        value = fewer_allowed(st, tb, a[0], a[1], is_mage_noir(st, tb, a[0]),
                              king_here(st, tb, a[0]))
    elif command == ACTION_OFFSET:  # entry a[0] of actions.action_offsets
        offsets = np.zeros(6, np.int64)
        (offsets[0], offsets[1], offsets[2], offsets[3], offsets[4],
         offsets[5]) = action_offsets(tb)
        value = offsets[a[0]]
    elif command == IS_INDESTRUCTIBLE:  # the card in slot a[1] of player a[0] cannot be destroyed
        value = 1 if is_indestructible(st, tb, a[0], a[1]) else 0
    resolve(st, tb, wk)
    return value
