"""Capacities, codes and record layouts of the compiled engine.

Why fixed capacities: numba compiles a function once per argument *type*, and the shape of
an array inside a numpy record is part of the record's type. One layout for every matchup
means one compilation for every deck, scenario and player count, cached on disk. The real
sizes of a batch (its card kinds, players, board slots) live in the tables record and every
loop runs to them, not to the capacities; the capacities only cost memory, and the Python
side (:mod:`simulator.engine.rules.state`) shows every field trimmed to the batch's real sizes.

Three records cross the compiled boundary, each passed by pointer:

- ``STATE_DTYPE``: one game (an array of them is a batch, leading axis the game);
- ``TABLES_DTYPE``: the batch's card facts, effect op rows and rule options;
- ``WORK_DTYPE``: scratch of one lane (the games a lane plays one after the other): the
  decision being asked, the readiness of a main-phase decision, the transcript's event log,
  for tests the decisions recorded, and the address of the lane's bot record.

The bots' features and scratch are in a record of their own (``simulator.bots.record``), which
the engine only carries by address: a bot edit changes no type of the engine.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import CARD_TYPES, COMPONENT_WORDS, ELEMENTS, vocabulary
from simulator.cards.model import NAME_WORDS
from simulator.engine.handlers.ids import (  # the generated handler names, one layout for all
    ABILITY_NAMES,
    HANDLERS,
    N_HANDLERS,
)

#: The ability id (tables.ability) of a generic ability: one written in the vocabulary, its
#: first step an ``ability_cost`` (abilities.py), after the declared handlers' ids.
AB_GENERIC = len(ABILITY_NAMES)

# --- capacities ------------------------------------------------------------------------------
P_MAX = 4          # players
C_MAX = 128        # local card kinds: the decks' distinct cards, then the Adversary's
S_MAX = 24         # board slots per player (rule option board_slots: at most this)
K_SLOTS = 12       # Adversary board slots
D_MAX = 200        # cards in one player's deck
A_MAX = 64         # cards in the Adversary's deck
E = len(ELEMENTS)  # 6 elements, ELEMENTS order
W = len(COMPONENT_WORDS)  # 35 component words
WN = len(NAME_WORDS)      # 43 name words: the component words, then the name tags
NW_MAX = W          # distinct component words the batch's player cards require (all of them)
T_MAX = K_SLOTS + P_MAX + P_MAX * S_MAX  # flat targets (see damage.py)
OPT_MAX = 256      # options of one decision (the main-phase action space is the widest)
OPS_MAX = 1024     # effect op rows of a batch
OP_W = 40          # columns of an op row (OP_* below)
FRAME_W = 8        # columns of a chain frame: its kind and up to 7 arguments
CHAIN_MAX = 128    # frames waiting on a game's chain
PENDING_MAX = 96   # triggered actions raised by the action being resolved (a mass blow that
#                    destroys a whole board raises 3 to 5 per card: release, Autumn, leaving)
ANNOUNCED_MAX = 64  # steps announced in one chain, their chosen targets (announce.py)
ANNOUNCE_DEPTH = 4  # cards applied inside an announced card (Tornado applying a Wind), nested
MOD_MAX = 4        # number modifiers / granted effects one card in play carries
GAIN_MAX = 4       # effects a player's next spell of an element will gain (next_gain.py)
BONUS_MAX = 16     # damage bonuses among a batch's cards
REDUCTION_MAX = 32  # cost reductions among a batch's cards
LOG_MAX = 32768    # transcript events of one lane
EV_W = 8           # columns of an event
REC_MAX = 2048     # decisions a lane records (tests)
REC_POOL = 131072  # option masks of the recorded decisions, concatenated
REC_W = 12         # kind, player, options, pool offset, card, word, purpose, reason, ability,
#                    amount, element, worth
HAND_PILE = 5
STARTING_HP = 20

ELEMENT = {name: i for i, name in enumerate(ELEMENTS)}
FIRE, WATER, AIR, VEGETAL, MINERAL, ARCANE = range(6)
WORD = {name: i for i, name in enumerate(COMPONENT_WORDS)}
NAME_WORD = {name: i for i, name in enumerate(NAME_WORDS)}  # WORD's indices, then the tags
SPELL, PERMANENT_TYPE, EQUIPMENT_TYPE, RITUAL_TYPE, ANIMAL_TYPE = range(len(CARD_TYPES))
assert CARD_TYPES == ("spell", "permanent", "equipment", "ritual", "animal")

# --- board zones, outcomes, why a player is out ------------------------------------------------
EMPTY, PREPARED, CHANNELED, PERMANENT, EQUIPMENT, RITUAL, ANIMAL = range(7)
ZONE_NAMES = ("empty", "prepared", "channeled", "permanent", "equipment", "ritual", "animal")
#: ANIMAL is a player's Animal face up (animals.py): above PERMANENT, so the readers of the
#: statics and triggers of cards in play see it (its passive abilities), and a component for
#: the words of its name; never a Permanent, Equipment nor spell for an effect that picks one.
#: A Ritual in play whose effects are off (its controller's Waiver crown, board.py): below
#: every zone, so no reader of cards in play (zone >= PERMANENT) nor of components sees it.
RITUAL_OFF = -1
#: An Equipment in play without its effects (Glass replica, handlers/sand.py): hidden like
#: RITUAL_OFF, but still an Equipment of its slot (a new one of that slot replaces it) that
#: can be destroyed or returned; once out of play it is the normal card again.
EQUIPMENT_OFF = -2
#: A player's Animal face down, exhausted (animals.py): hidden like RITUAL_OFF, so no passive
#: of it applies, its ability cannot be used and it is no component, until it regenerates.
ANIMAL_EXHAUSTED = -3
RUNNING, WIN, LOSS_HP, LOSS_DECK, TIMEOUT, DRAW = range(6)
OUTCOME_NAMES = ("running", "win", "loss_hp", "loss_deck", "timeout", "draw")
IN_GAME, OUT_HP, OUT_DECK = range(3)
ADVERSARY_SIDE = -1

# Game modes (tables.mode; the seat table, rules/seats.py): solo & co-op (1 to 4 players
# against the Adversary), the 1 vs 1 duel, the 2 vs 2 mode of teams.
MODES = ("solo", "duel", "teams")
MODE_SOLO, MODE_DUEL, MODE_TEAMS = range(len(MODES))
TEAMS = 2  # teams of a duel (team_outcome); in solo the players are team 0, the Adversary 1

# Where a card goes when it leaves the board.
TO_DISCARD, TO_HAND, TO_DECK_TOP, TO_DECK_THIRD, TO_EXILE = range(5)

# Adversary card kinds (adv_kind); -1 marks a player card.
ADV_KINDS = ("adversary", "keyword", "spell", "equipment")
ADV_ADVERSARY, ADV_KEYWORD, ADV_SPELL, ADV_EQUIPMENT = range(4)

# --- decisions ---------------------------------------------------------------------------------
DECISION_KINDS = (
    "keep_hand", "main_action", "take_pile", "mana_element", "ether_start_pile",
    "ether_split", "take_mana", "trade_give", "effect_order", "target", "protector_redirect",
    "destroy_target", "use_component", "skip_component", "alternative_component",
    "own_component", "pay_upkeep", "optional_payment", "discard_from_hand", "recycle_discard",
    "return_from_discard", "search_deck", "return_equipment", "return_prepared", "pay_to_keep",
    "choose_mode", "lock_mana_element", "lock_mana_target", "distribute_mana",
    "move_locked_mana", "release_locked_mana", "seed_from_discard", "ability_target",
    "may_use_ability", "melange_give", "melange_take", "take_locked_mana", "quick_action",
    "slowcast_target", "choose_x", "from_discard", "extra_component", "prepare_from",
    "scry", "dig_take",
    "unique_discard", "pay_mana_element", "suppress_target",
    "boost_target",
    "pile_swap",
    "choose_opponent", "share_pile", "team_order",
)
(KEEP_HAND, MAIN_ACTION, TAKE_PILE, MANA_ELEMENT, ETHER_START_PILE, ETHER_SPLIT, TAKE_MANA,
 TRADE_GIVE, EFFECT_ORDER, TARGET, PROTECTOR_REDIRECT, DESTROY_TARGET, USE_COMPONENT,
 SKIP_COMPONENT, ALTERNATIVE_COMPONENT, OWN_COMPONENT, PAY_UPKEEP, OPTIONAL_PAYMENT,
 DISCARD_FROM_HAND, RECYCLE_DISCARD, RETURN_FROM_DISCARD, SEARCH_DECK, RETURN_EQUIPMENT,
 RETURN_PREPARED, PAY_TO_KEEP, CHOOSE_MODE, LOCK_MANA_ELEMENT, LOCK_MANA_TARGET,
 DISTRIBUTE_MANA, MOVE_LOCKED_MANA, RELEASE_LOCKED_MANA, SEED_FROM_DISCARD, ABILITY_TARGET,
 MAY_USE_ABILITY, MELANGE_GIVE, MELANGE_TAKE, TAKE_LOCKED_MANA, QUICK_ACTION,
 SLOWCAST_TARGET, CHOOSE_X, FROM_DISCARD, EXTRA_COMPONENT, PREPARE_FROM, SCRY,
 DIG_TAKE, UNIQUE_DISCARD, PAY_MANA_ELEMENT, SUPPRESS_TARGET,
 BOOST_TARGET, PILE_SWAP,
 CHOOSE_OPPONENT, SHARE_PILE, TEAM_ORDER) = range(len(DECISION_KINDS))
N_KINDS = len(DECISION_KINDS)
# The ``effect_order`` option that determines the player's Zenith among their other
# start-of-turn effects (turns.turn_start); options below it are board slots.
ZENITH_EFFECT = S_MAX

# Purposes of a target decision (ctx_purpose), reasons of a discard (ctx_reason).
PURPOSES = ("damage", "lose_hp", "heal", "hand", "phase_out", "recycle", "pile_order")
(PURPOSE_DAMAGE, PURPOSE_LOSE_HP, PURPOSE_HEAL, PURPOSE_HAND, PURPOSE_PHASE_OUT,
 PURPOSE_RECYCLE, PURPOSE_PILE_ORDER) = range(len(PURPOSES))
# Why an effect of a player's card on the Adversary does nothing (EV_NOTHING_HAPPENS's first
# value; host/transcript.py words it): a discard from its hand, which is empty; a discard of its
# prepared spells, which it never has; a surcharge on the cards it prepares, which it never does.
NOTHING_EMPTY_HAND, NOTHING_NO_PREPARED, NOTHING_PREPARES_NOTHING = range(3)
DISCARD_REASONS = ("", "hand_limit", "hand_size", "ability", "alternative_component", "torment",
                   "out")
(REASON_NONE, REASON_HAND_LIMIT, REASON_HAND_SIZE, REASON_ABILITY,
 REASON_ALTERNATIVE_COMPONENT, REASON_TORMENT, REASON_OUT) = range(len(DISCARD_REASONS))

# --- effects: codes of the vocabulary's names (simulator/cards/vocabulary.py), in its order.
# The (A, B, ...) = range(n) unpackings here and above follow their name tuples
# (tests/test_dispatch.py checks each constant against its name).
TRIGGERS = vocabulary.TRIGGERS
N_TRIGGERS = len(TRIGGERS)
(T_ACTIVATE, T_ENTER, T_TURN_START, T_TURN_START_PREPARED, T_TURN_START_CHANNELED, T_LEAVE,
 T_USED_AS_COMPONENT, T_ABILITY, T_MANA_LEFT, T_DISCARDED_FROM_HAND, T_DISCARDED_FROM_PLAY,
 T_DAMAGED, T_OWN_PERMANENT_DAMAGED, T_CONTROLLER_DAMAGED, T_OWN_DRAW, T_OPPONENT_DRAW,
 T_OPPONENT_TURN_END, T_GRANTED, T_PHASE_OUT_OPPONENT) = range(N_TRIGGERS)

OPS = tuple(vocabulary.OPS)
OP_CODE = {name: i for i, name in enumerate(OPS)}

TARGETS = tuple(vocabulary.TARGETS)
TARGET_CODE = {name: i for i, name in enumerate(TARGETS)}
(TG_ANY, TG_OPPONENT, TG_SELF, TG_THIS, TG_OPPONENT_AND_PERMANENTS, TG_OPPONENT_PERMANENTS,
 TG_ANY_PERMANENT, TG_PLAYER_MOST_HP, TG_ACTIVE_PLAYER, TG_ALL_PLAYERS, TG_ADVERSARY,
 TG_OWN_VEGETAL_PERMANENTS, TG_ALL_PERMANENTS, TG_OWN_PERMANENT,
 TG_OWN_VEGETAL_PERMANENT, TG_ANY_PLAYER, TG_ADVERSARY_AMONG_ALL_PLAYERS) = range(len(TARGETS))

# Number modifiers (vocabulary.NUMBER_MODES, code 0: none) and prepare_from_discard bits.
NM_ADD, NM_SUBTRACT, NM_DOUBLE, NM_REDUCE = (1 + vocabulary.NUMBER_MODES.index(m) for m in (
    "add", "subtract", "double", "reduce"))
FD_ALLOWED, FD_UNLESS_TOP, FD_ONCE_PER_TURN, FD_MAGE_NOIR = 1, 2, 4, 8

COUNTS = ("none", *vocabulary.COUNTS)        # code 0: the step has no ``per``
COUNT_CODE = {name: i for i, name in enumerate(COUNTS)}
CONDITIONS = ("none", *vocabulary.CONDITIONS)  # code 0: the step has no ``if``
CONDITION_CODE = {name: i for i, name in enumerate(CONDITIONS)}
DESTROY_WHAT = vocabulary.DESTROY_WHAT
# Where locked Mana comes from and goes to (op rows' OP_FROM / OP_TO: indexes of these).
LOCK_FROM_INFINITE, LOCK_FROM_RESERVE = range(len(vocabulary.LOCK_SOURCES))
MOVE_FROM_THIS, MOVE_FROM_COMPONENTS = range(len(vocabulary.MOVE_FROM))
MOVE_TO_THIS, MOVE_TO_OWN_CARD, MOVE_TO_RESERVE = range(len(vocabulary.MOVE_TO))
DESTROY_WHOSE = vocabulary.DESTROY_WHOSE
WORD_CONDITIONS = tuple(vocabulary.WORD_CONDITIONS)
(WC_CONTROLS_2_COPIES, WC_FIRE_MANA_LOCKED, WC_NO_MANA_LOCKED,
 WC_ABILITY_USED_THIS_TURN) = range(len(WORD_CONDITIONS))
WHOSE_EVERY, WHOSE_OPPONENT = range(len(DESTROY_WHOSE))

# Columns of an op row (tables.ops).
(OP_CODE_COL, OP_AMOUNT, OP_AMOUNT_MN, OP_HAS_MN, OP_PER, OP_PER_WORD, OP_TARGET, OP_IF,
 OP_IF_WORD, OP_ELEMENT, OP_INFINITE, OP_WHAT, OP_WORD, OP_POSITION, OP_MAX_TARGETS,
 OP_UNPREVENTABLE, OP_HANDLER, OP_COST) = range(18)  # OP_COST .. OP_COST+5: a Mana cost
# What the step designates when its card is announced (R7.2, announce.py): the target kind
# and purpose of its target decision (-1 none); the word of the own component whose activate
# steps it applies (-1 none).
OP_ANN_TARGET, OP_ANN_PURPOSE, OP_APPLIES = OP_COST + E, OP_COST + E + 1, OP_COST + E + 2
ANN_DESTROY = len(TARGETS)  # OP_ANN_TARGET of a destroy step: its destroy_target decision
# Columns of an announced step (state.announced): 1 when its designation was chosen at
# announcement; the flat target (or own board slot) chosen, -1 none was legal; the card that
# was there (a target that left play is gone); the first entry of the applied card's steps.
# Where locked Mana comes from and goes to (lock_mana, move_locked_mana).
OP_FROM, OP_TO = OP_APPLIES + 1, OP_APPLIES + 2
# 1: an apply_component step discards the component once its effects are applied (Raijin's roar)
OP_THEN_DISCARD = OP_APPLIES + 3
OP_WHOSE = OP_THEN_DISCARD + 1  # a destroy_all step's DESTROY_WHOSE index, -1 none
OP_OPTIONAL = OP_WHOSE + 1  # 1: a destroy step its controller may decline ("you may destroy")
OP_PLUS = OP_OPTIONAL + 1  # added to the amount after its per count
OP_ZONE = OP_PLUS + 1  # put_from_discard: 0 channeled, 1 prepared (vocabulary.PUT_ZONES)
# The amount that replaces OP_AMOUNT while the condition OP_ALT_IF (a CONDITIONS code, 0 none)
# with its word OP_ALT_IF_WORD holds ("3 damage, or 5 if ...": amount_alt, alt_if)
OP_ALT_AMOUNT, OP_ALT_IF, OP_ALT_IF_WORD = OP_ZONE + 1, OP_ZONE + 2, OP_ZONE + 3
OP_TOP = OP_ALT_IF_WORD + 1  # put_from_discard: 1 only the discard pile's top card
OP_HP = OP_TOP + 1  # next_card_discount: HP a Permanent gains
OP_DRAW = OP_HP + 1  # name_discount: cards drawn when one is prepared
OP_ON_TOP = OP_DRAW + 1  # search_deck: 1 puts the card on top of the shuffled deck, not in hand
OP_MN_LOSES = OP_HP  # phase_out: HP a Mage Noir target may lose instead (mage_noir_loses), 0 none
assert OP_ON_TOP < OP_W
AN_ASKED, AN_TARGET, AN_CARD, AN_SUB = range(4)
AN_W = 4

# Handlers: step handlers (op = "handler", name = ...), abilities and statics (flags per card
# kind), declared next to their code in engine/handlers/, ids generated into handlers/ids.py.
H = {name: i for i, name in enumerate(HANDLERS)}
N_HUBS = 6  # late-bound functions (late_bound.py)
# An extra flag column of tables.handler_card: the card carries the name tag Tide.
TAG_TIDE = N_HANDLERS
N_FLAGS = N_HANDLERS + 1

# Columns of a finished game's summary row (game.summarize; batch.py reads them).
(SUM_OUTCOME, SUM_END_TURN, SUM_DAMAGE_TO_ADVERSARY, SUM_BOARD_OVERFLOW, SUM_ERROR,
 SUM_ERROR_INFO, SUM_SEED, SUM_ADVERSARY_ARRIVED) = range(8)
SUM_HP, SUM_OUT_REASON, SUM_MAGE_NOIR_TURN, SUM_DAMAGE_TAKEN, SUM_MANA_TAKEN, SUM_LAST_HIT = (
    8 + k * P_MAX for k in range(6))  # each: P_MAX columns, one per player
# a duel's outcome for each team (TEAMS columns, OUTCOME_NAMES; solo: 0)
SUM_TEAM_OUTCOME = 8 + 6 * P_MAX
SUM_W = SUM_TEAM_OUTCOME + TEAMS
USAGE_FIELDS = ("drawn", "prepared_n", "activated_n", "channeled_n", "first_activation", "stranded")

# Casting marks of a board slot (state.cast_mark, bits; casting.py): a component granted the
# spell Quickcast (Millisecond), an effect gave it Slowcast (Quicksand), its preparation paid
# to have no Slowcast (Ritual of absolute zero).
MARK_QUICKCAST, MARK_SLOWCAST, MARK_NO_SLOWCAST = 1, 2, 4
# Quickcast windows outside the main phase (windows.py; quick_action's ctx_amount).
WINDOWS = ("adversary_turn_start", "adversary_turn_end", "opponent_turn_start",
           "opponent_turn_end")
(WINDOW_ADVERSARY_START, WINDOW_ADVERSARY_END, WINDOW_OPPONENT_START,
 WINDOW_OPPONENT_END) = range(len(WINDOWS))

# Where the match loop of a game resumes (state.phase).
PHASE_SETUP, PHASE_NEXT_TURN, PHASE_MAIN, PHASE_END, PHASE_OVER = range(5)

# --- the chain: frames waiting to resolve (chain.py) -------------------------------------------
(FR_STEPS, FR_RELEASE, FR_IGNITION, FR_CRIMSON, FR_ROBE_HIT, FR_CLEAR_APPLYING,
 FR_TORNADO_RETURN, FR_OCEAN_WAVES, FR_DISCARD_APPLIED, FR_HIT, FR_AUTUMN_LAND,
 FR_CHAOS, FR_ACTIVATED_DISCARD) = range(13)
# Columns of state.hit, the damage instance a damage trigger answers (FR_HIT sets it right
# before the trigger's steps): the source's side (ADVERSARY_SIDE: an Adversary card) and
# local card, the amount that reached the target, the player hit (or the Permanent's
# controller) and the Permanent's slot (-1: the player).
HIT_SIDE, HIT_CARD, HIT_AMOUNT, HIT_PLAYER, HIT_SLOT = range(5)
HIT_W = 5

# --- transcript events (log.py; replay formats them) -------------------------------------------
EVENT_NAMES = (
    "turn", "hand", "hand_card", "adversary_turn", "reveals", "prepares", "activates",
    "channels", "trades", "leaves", "destroyed", "damage", "player_loses", "gains_hp", "draws",
    "discards", "takes_pile", "takes_mana", "out", "uses_ability", "mana_under", "moves_tide",
    "returns_to_hand", "puts_into_play", "nothing_happens", "adversary_loses", "crimson_pays",
    "robe_hit", "ignition_on", "ignition_hit", "maelstrom", "infiltration", "ocean_applies",
    "ocean_releases", "empty_discarded", "applies", "melange", "indestructible", "druid_horns",
    "kerloch", "adversary_heals", "pile_on_offer", "to_ether", "opening_pile", "keeps_pile",
    "in_play", "ends_main", "holds", "searches", "recycles", "from_discard", "shuffles",
    "ether_cause", "mana_to_reserve",
    "locks", "releases", "moves_locked",
    "hp_set", "lock_cap", "quickcast", "slowcast_all", "gains_slowcast", "no_slowcast",
    "discard_applies",
    "pays_ability_cost", "channeled_instead", "x_paid",
    "autumn",
    "renewal_returns",
    "reacts",
    "surcharge",
    "icy",
    "mills", "puts_from_discard", "numbers_changed", "looks_top",
    "phases_out", "phased_card",
    "reshuffles",
    "no_hand",
    "zenith",
    "scry", "dig",
    "unique",
    "zenith_tax", "zenith_activates",
    "suppressed",
    "discount", "extra_hp",
    "instead_destroyed", "gains_effects",
    "applies_used",
    "crown_ignores", "rituals_off",
    "boosted", "last_user",
    "pile_return",
    "swaps",
    "next_gain",
    "replica",
    "animal_on_top", "animal_enters", "animal_exhausted", "animal_readied", "exiles",
    "gathers", "shares_pile", "set_aside", "retaliation", "hand_locked", "game_over",
    "main_phase_of",
    "state", "creates_mana", "pays", "component", "card_destroyed", "card_heals", "redirected",
    "fizzles", "card_loses", "announces", "reserve_gone",
)
EV = {name: i for i, name in enumerate(EVENT_NAMES)}
(EV_TURN, EV_HAND, EV_HAND_CARD, EV_ADVERSARY_TURN, EV_REVEALS, EV_PREPARES, EV_ACTIVATES,
 EV_CHANNELS, EV_TRADES, EV_LEAVES, EV_DESTROYED, EV_DAMAGE, EV_PLAYER_LOSES, EV_GAINS_HP,
 EV_DRAWS, EV_DISCARDS, EV_TAKES_PILE, EV_TAKES_MANA, EV_OUT, EV_USES_ABILITY, EV_MANA_UNDER,
 EV_MOVES_TIDE, EV_RETURNS_TO_HAND, EV_PUTS_INTO_PLAY, EV_NOTHING_HAPPENS, EV_ADVERSARY_LOSES,
 EV_CRIMSON_PAYS, EV_ROBE_HIT, EV_IGNITION_ON, EV_IGNITION_HIT, EV_MAELSTROM, EV_INFILTRATION,
 EV_OCEAN_APPLIES, EV_OCEAN_RELEASES, EV_EMPTY_DISCARDED, EV_APPLIES, EV_MELANGE,
 EV_INDESTRUCTIBLE, EV_DRUID_HORNS, EV_KERLOCH, EV_ADVERSARY_HEALS,
 EV_PILE_ON_OFFER, EV_TO_ETHER, EV_OPENING_PILE, EV_KEEPS_PILE, EV_IN_PLAY, EV_ENDS_MAIN,
 EV_HOLDS, EV_SEARCHES, EV_RECYCLES, EV_FROM_DISCARD, EV_SHUFFLES,
 EV_ETHER_CAUSE, EV_MANA_TO_RESERVE,
 EV_LOCKS, EV_RELEASES, EV_MOVES_LOCKED, EV_HP_SET, EV_LOCK_CAP, EV_QUICKCAST,
 EV_SLOWCAST_ALL, EV_GAINS_SLOWCAST, EV_NO_SLOWCAST,
 EV_DISCARD_APPLIES,
 EV_PAYS_ABILITY_COST, EV_CHANNELED_INSTEAD, EV_X_PAID,
 EV_AUTUMN,
 EV_RENEWAL_RETURNS,
 EV_REACTS,
 EV_SURCHARGE,
 EV_ICY,
 EV_MILLS, EV_PUTS_FROM_DISCARD, EV_NUMBERS_CHANGED, EV_LOOKS_TOP,
 EV_PHASES_OUT, EV_PHASED_CARD,
 EV_RESHUFFLES,
 EV_NO_HAND,
 EV_ZENITH,
 EV_SCRY, EV_DIG,
 EV_UNIQUE,
 EV_ZENITH_TAX, EV_ZENITH_ACTIVATES, EV_SUPPRESSED,
 EV_DISCOUNT, EV_EXTRA_HP,
 EV_INSTEAD_DESTROYED, EV_GAINS_EFFECTS,
 EV_APPLIES_USED,
 EV_CROWN_IGNORES, EV_RITUALS_OFF,
 EV_BOOSTED, EV_LAST_USER,
 EV_PILE_RETURN, EV_SWAPS,
 EV_NEXT_GAIN,
 EV_REPLICA,
 EV_ANIMAL_ON_TOP, EV_ANIMAL_ENTERS, EV_ANIMAL_EXHAUSTED, EV_ANIMAL_READIED,
 EV_EXILES,
 EV_GATHERS, EV_SHARES_PILE, EV_SET_ASIDE, EV_RETALIATION, EV_HAND_LOCKED,
 EV_GAME_OVER, EV_MAIN_PHASE_OF,
 EV_STATE, EV_CREATES_MANA, EV_PAYS, EV_COMPONENT, EV_CARD_DESTROYED, EV_CARD_HEALS,
 EV_REDIRECTED, EV_FIZZLES, EV_CARD_LOSES, EV_ANNOUNCES, EV_RESERVE_GONE) = range(len(EVENT_NAMES))
# Rows of a position (EV_STATE, explain.say_state; never printed: the tests check the
# transcript against them): the row's kind, times STATE_KEY, plus its player, pile or slot.
STATE_KEY = 1000
(ST_END, ST_PLAYER, ST_RESERVE, ST_ETHER, ST_ADVERSARY, ST_ADV_SLOT,
 ST_SLOT) = range(7)
#: ``ctx_what`` of an optional_payment: a card's return_from_pile (pile_return.py); 1 is a
#: Slowcast waiver (actions.py), 2 the Waiver crown's payment (handlers/warrior_mage.py)
WHAT_PILE_RETURN = 3
# Why Mana is about to reach the Available Ether (EV_ETHER_CAUSE): an Adversary card's Mana
# value, Mana released by a card leaving play, an effect's cost paid.
ETHER_MANA_VALUE, ETHER_RELEASED, ETHER_PAID = range(3)

# Why a player leaves a card in hand when ending a main phase with Mana (EV_HOLDS; the
# transcript's reasons): the bot chose to, the Mana is short, components are missing, no board
# slot, a Unique copy is in play, a Mage Noir card, a card the engine does not play, a spell
# left in preparation, a cost that exhausts an Animal the player has not face up.
(HOLD_CHOSEN, HOLD_MANA, HOLD_COMPONENTS, HOLD_NO_SLOT, HOLD_UNIQUE, HOLD_MAGE_NOIR_ONLY,
 HOLD_INERT, HOLD_PREPARED, HOLD_ANIMAL) = range(9)

















def _record(fields: list[tuple]) -> np.dtype:
    return np.dtype(fields, align=True)


STATE_DTYPE = _record([
    ("seed", np.uint64),
    ("shuffle_count", np.int32, (P_MAX + 1,)),  # shuffles so far per player, last the Adversary
    # players
    ("hp", np.int32, (P_MAX,)),
    ("out", np.int8, (P_MAX,)),
    ("out_reason", np.int8, (P_MAX,)),
    ("deck", np.int16, (P_MAX, D_MAX)),         # local card ids, top at deck_len-1
    ("deck_len", np.int16, (P_MAX,)),
    ("hand", np.int16, (P_MAX, C_MAX)),         # count of each card kind
    ("discard", np.int16, (P_MAX, C_MAX)),
    ("discard_pile", np.int16, (P_MAX, D_MAX)),  # the discard pile's cards, top at discard_len-1
    ("discard_len", np.int16, (P_MAX,)),          # (pile.py keeps it with ``discard``)
    ("reserve", np.int64, (P_MAX, E)),
    ("max_hand", np.int16, (P_MAX,)),
    ("ignored_this_turn", np.int16, (P_MAX,)),
    ("x_armour", np.int16, (P_MAX,)),           # X+1 of an ignore_damage_locked, fixed this turn
    ("x_ignored", np.int16, (P_MAX,)),          # damage it ignored this turn
    ("draws_this_turn", np.int16, (P_MAX + 1,)),  # cards drawn this turn, last the Adversary
    # surcharges (op surcharge): Mana added to the cost of what a player prepares, until
    # the start of the next turn of the player who imposed it
    ("surcharge", np.int16, (P_MAX, P_MAX, E)),  # [paying player, imposing player, element]
    ("any_surcharge", np.int8),                 # some surcharge is in force
    # player boards
    ("board_card", np.int16, (P_MAX, S_MAX)),   # -1 when empty
    ("board_zone", np.int8, (P_MAX, S_MAX)),
    ("board_mana", np.int16, (P_MAX, S_MAX, E)),
    ("board_hp", np.int32, (P_MAX, S_MAX)),
    ("board_turn", np.int16, (P_MAX, S_MAX)),
    ("board_mods", np.int16, (P_MAX, S_MAX, MOD_MAX)),  # card+1 of each component that
    #   changes the numbers of (or grants steps to) the card in the slot, in designation order
    ("board_end", np.int16, (P_MAX,)),          # slots from here on are empty: scans stop here
    ("board_clock", np.int64),                  # +1 at every change of a board (readiness.py)
    ("ether", np.int64, (2, E)),
    # Adversary
    ("adv_deck", np.int16, (A_MAX,)),
    ("adv_deck_len", np.int16),
    ("adv_discard", np.int16, (C_MAX,)),
    ("adv_card", np.int16, (K_SLOTS,)),         # -1 when empty
    ("adv_hp", np.int32, (K_SLOTS,)),
    # turn bookkeeping and results
    ("turn", np.int16),
    ("outcome", np.int8),
    ("end_turn", np.int16),
    ("mage_noir_turn", np.int16, (P_MAX,)),
    ("damage_to_adversary", np.int32),
    ("damage_taken", np.int32, (P_MAX,)),
    ("mana_taken", np.int32, (P_MAX,)),
    ("last_hit_card", np.int16, (P_MAX,)),     # card that last made the player lose HP, -1 none
    ("adversary_arrived", np.int16),            # turn the Adversary card came into play, 0 never
    ("active", np.int8),                        # the active player
    ("pile_taken", np.int8),                    # the active player has gathered this turn
    ("decision_count", np.int64),               # decisions asked: the random bot's counter
    ("board_overflow", np.int32),               # preparations refused for lack of slots
    ("error", np.int32),                        # internal error code (errors.py), 0 none
    ("error_info", np.int32),
    # "this turn" effects of handlers, cleared at every player turn boundary
    ("winds", np.int8, (P_MAX,)),               # Favorable winds
    ("ignition", np.int16, (P_MAX,)),           # Ignitions activated this turn
    ("ignition_skip", np.int16, (P_MAX, S_MAX)),  # card+1 of an Ignition not counting itself
    ("prevented", np.int8, (P_MAX,)),           # Kerloc'h's robe: damage reduced to 0
    ("icy", np.int8, (P_MAX,)),                 # Icy infiltration: Water damage -1, unpreventable
    ("drop_spent", np.int8, (P_MAX, S_MAX)),    # Water drop counted twice this turn
    ("indestructible", np.int16, (P_MAX, S_MAX)),  # card+1 made indestructible this turn
    ("ability_used", np.int8, (P_MAX, S_MAX)),  # a once-per-turn ability used this turn
    ("x_paid", np.int16, (P_MAX, S_MAX)),      # the X paid when the card was prepared
    ("next_extra", np.int8, (P_MAX,)),          # Delayed fate: extra components allowed to
    ("next_extra_word", np.int8, (P_MAX,)),     # ... the next card prepared, of this word
    # Temporal paradox's "once per turn" is each copy's: copies back in the discard pile
    # that were prepared from it this turn (they may not be again), and whether the card in a
    # slot was prepared from the discard pile (on the turn board_turn says)
    ("from_discard_back", np.int8, (P_MAX, C_MAX)),
    ("from_discard_slot", np.int8, (P_MAX, S_MAX)),
    ("zenith", np.int8, (P_MAX,)),              # 1: the player's turn under way began at Zenith
    ("used_slot", np.int8, (S_MAX,)),           # components designated by the last preparation
    ("used_card", np.int16, (S_MAX,)),
    ("applying", np.int8, (P_MAX, S_MAX)),      # cards whose effects are being applied
    ("autumn", np.int16, (P_MAX, S_MAX)),       # card+1 of a Permanent granted Autumn (board.py)
    ("renewal_due", np.int16, (P_MAX, C_MAX)),  # Renewal: copies put back into play at turn end
    ("to_hand", np.int16, (P_MAX, S_MAX)),      # card+1 of a spell whose activation returns it
    #                                             to hand instead of the discard pile (returns.py)
    # Slowcast and Quickcast (casting.py): marks of the card in a slot (MARK_* bits, cleared
    # when a card is placed), "every spell has Slowcast until player p's next turn" (Stunning
    # thunder), and 1 while an Adversary turn is under way (no spell is prepared in it)
    ("cast_mark", np.int8, (P_MAX, S_MAX)),
    ("all_slowcast", np.int8, (P_MAX,)),
    ("adversary_turn_on", np.int8),
    # card + 1 of the spell each player is activating in a Quickcast window of an Adversary
    # turn ("spells you activate during the opponent's turn"), 0 none
    ("quick_casting", np.int16, (P_MAX,)),
    ("hit", np.int32, (HIT_W,)),                # HIT_* of the instance a damage trigger answers
    # the chain of actions being resolved, and the triggered actions of the current one
    ("chain", np.int32, (CHAIN_MAX, FRAME_W)),
    ("chain_len", np.int32),
    ("pending", np.int32, (PENDING_MAX, FRAME_W)),
    ("pending_len", np.int32),
    # what the steps of the chain designated when their card was announced (R7.2, announce.py):
    # one AN_* row per step; a FR_STEPS frame carries the entry of its next step
    ("announced", np.int32, (ANNOUNCED_MAX, AN_W)),
    ("announced_len", np.int32),
    ("step_entry", np.int32),                   # entry of the step being resolved, -1 none
    # the match loop's place, so that a copied game can be played on
    ("step", np.int32),                         # next turn: round * players + seat
    ("seat", np.int8),                          # the player whose turn is under way
    ("phase", np.int8),                         # PHASE_* : where the match loop resumes
    # card usage (actions.count_action); "activated" counts a card taking effect: a spell
    # activated, or a Permanent, Equipment or Ritual put into play
    ("drawn", np.int16, (P_MAX, C_MAX)),
    ("prepared_n", np.int16, (P_MAX, C_MAX)),
    ("activated_n", np.int16, (P_MAX, C_MAX)),
    ("channeled_n", np.int16, (P_MAX, C_MAX)),
    ("first_activation", np.int16, (P_MAX, C_MAX)),  # turn first played, 0 never
    ("castable_now", np.int8, (C_MAX,)),        # castable at some decision of this turn
    ("stranded", np.int16, (P_MAX, C_MAX)),     # hand after the player's last turn
    # Ice tree (suppress.py): the card in a slot stops applying its effects until player
    # q's next turn begins: q + 1, 0 none (cleared when the card leaves, or one is placed)
    ("suppressed", np.int8, (P_MAX, S_MAX)),
    ("adv_suppressed", np.int8, (K_SLOTS,)),
    ("any_suppressed", np.int8),
    # this turn's discounts (discounts.py): the next card of an element, cards of a name word
    ("next_discount", np.int8, (P_MAX, E)),     # Mana of element e off the next e card
    ("next_hp", np.int8, (P_MAX, E)),           # HP the next e card gains (a Permanent with HP)
    ("name_discount", np.int8, (P_MAX, WN)),    # Mana of its element off a card named w
    ("name_draw", np.int8, (P_MAX, WN)),        # cards drawn when a card named w is prepared
    ("any_discount", np.int8),                  # some discount is in force
    ("zenith_guard", np.int16, (P_MAX, S_MAX)),  # card+1 of an Equipment that gained Solar
    #                                              gold ore's effects (board.zenith_indestructible)
    # the component a card was prepared with that its apply_used_component step applies
    # (kept.py): card+1, 0 none, and the slot it was in then
    ("kept_comp", np.int16, (P_MAX, S_MAX)),
    ("kept_slot", np.int8, (P_MAX, S_MAX)),
    # marks a card carries while it stays in its slot (marks.py), cleared when a card is placed
    ("dmg_boost", np.int8, (P_MAX, S_MAX)),     # more damage per instance it deals (Reforge)
    ("last_user", np.int8, (P_MAX, S_MAX)),     # slot+1 of the last Permanent prepared with
    #                                             this component (Seed of the sands), 0 none
    # the Adversary's discard pile in order, bottom first (pile.py), as adv_discard counts it
    ("adv_pile", np.int16, (A_MAX,)),
    ("adv_pile_len", np.int16),
    # next_spell_gains (next_gain.py): card+1 whose activate steps the player's next spell of
    # the element gains this turn (0 none), and that element
    ("next_gain", np.int16, (P_MAX, GAIN_MAX)),
    ("next_gain_element", np.int8, (P_MAX, GAIN_MAX)),
    # exile (exile.py): each player's exiled cards in order, bottom first (out of the game)
    ("exile_pile", np.int16, (P_MAX, D_MAX)),
    ("exile_len", np.int16, (P_MAX,)),
    # duels (rules/seats.py): each team's outcome once the game is over (RUNNING before), the
    # opponent a seat chose for the card it is resolving (2 vs 2: "the opponent" is either
    # one, chosen; -1 not chosen yet), and Zeus's thunder's lock on a seat's hand (the seat
    # that imposed it + 1, 0 none: cards reach that hand only in its draw phase)
    ("team_outcome", np.int8, (TEAMS,)),
    ("foe", np.int8, (P_MAX,)),
    ("hand_lock", np.int8, (P_MAX,)),
    ("drawing_phase", np.int8),                 # 1 while a draw phase is under way
    ("taken_before", np.int32, (P_MAX,)),       # damage_taken as the card resolving was
    #                                             announced (Lightning blade: "took none")
    ("acting", np.int8),                        # the seat whose main phase is under way
    ("main_left", np.int8),                     # 2 vs 2: the teammate still to act + 1, 0 none
])

TABLES_DTYPE = _record([
    ("addr", np.int64, (N_HUBS,)),  # native addresses of the late-bound functions (late_bound.py)
    ("n_cards", np.int64),          # local card kinds C (player cards, then the Adversary's)
    ("n_player_cards", np.int64),   # local ids below this are player cards
    ("players", np.int64),
    ("slots", np.int64),            # board slots per player (rule option board_slots)
    ("n_words", np.int64),          # required words of the batch (their global ids: words)
    ("words", np.int64, (NW_MAX,)),
    ("word_col", np.int64, (W,)),   # column of a global word among words, -1 absent
    ("cost", np.int32, (C_MAX, E)),
    ("requires", np.int32, (C_MAX, W)),
    ("provides", np.int8, (C_MAX, W)),
    ("named", np.int8, (C_MAX, WN)),    # words the card's name carries (name tags included)
    ("element", np.int8, (C_MAX,)),     # -1 for Adversary cards
    ("card_type", np.int8, (C_MAX,)),   # -1 for Adversary cards
    ("slot_kind", np.int8, (C_MAX,)),   # Equipment slot, -1 none
    ("hp", np.int32, (C_MAX,)),
    ("is_adversary", np.int8, (C_MAX,)),
    ("adv_kind", np.int8, (C_MAX,)),
    ("mana_value", np.int32, (C_MAX,)),
    ("win_when_destroyed", np.int8, (C_MAX,)),
    # static abilities
    ("mage_noir", np.int8, (C_MAX,)),
    ("ignore_per_turn", np.int32, (C_MAX,)),
    ("damage_reduction", np.int32, (C_MAX,)),
    ("damage_increase", np.int32, (C_MAX,)),   # damage_taken_increase
    ("damage_cap", np.int32, (C_MAX,)),        # damage_cap, 0 none
    ("protector_if", np.int8, (C_MAX,)),       # protector_if: its condition code, 0 none
    ("protector_if_arg", np.int32, (C_MAX,)),  # ... its word or element, -1 none
    ("protector_at_least", np.int32, (C_MAX,)),  # ... the components it needs
    ("x_armour_max", np.int32, (C_MAX,)),     # ignore_damage_locked: its MAX, 0 none
    ("x_armour_element", np.int8, (C_MAX,)),  # ... the element of the locked Mana it counts
    ("any_x_armour", np.int8),
    ("no_hp_gain", np.int8, (C_MAX,)),        # 1: the Permanent cannot gain HP
    ("x_element", np.int8, (C_MAX,)),         # a cost of X Mana: its element, -1 none
    # alternative_requirement: AMOUNT components of INSTEAD in place of the WORD component
    ("altreq_word", np.int32, (C_MAX,)),      # WORD, -1 none
    ("altreq_instead", np.int32, (C_MAX,)),   # INSTEAD
    ("altreq_amount", np.int32, (C_MAX,)),    # AMOUNT
    ("altreq_mn", np.int8, (C_MAX,)),         # 1: only for a Mage Noir
    ("grants_protector", np.int8, (C_MAX,)),  # grant_protector: its card element + 1, 0 none
    ("hand_size", np.int32, (C_MAX,)),
    ("phase_bonus", np.int32, (C_MAX,)),   # phase_out_bonus: added to its controller's phase outs
    ("protector", np.int8, (C_MAX,)),
    ("protector_mn", np.int8, (C_MAX,)),
    ("protector_locks", np.int8, (C_MAX,)),  # Protector while Mana of element-1 is locked, 0 never
    ("unique", np.int8, (C_MAX,)),
    ("unique_unless_mn", np.int8, (C_MAX,)),  # Unique unless its controller is a Mage Noir
    ("mage_noir_only", np.int8, (C_MAX,)),
    ("forge", np.int8, (C_MAX,)),
    ("slowcast", np.int8, (C_MAX,)),
    # Quickcast and Slowcast beyond the printed Slowcast (casting.py): Quickcast (printed or
    # always); Quickcast while a condition holds (its CONDITION_CODE, 0 none) and its word;
    # never Slowcast (1), and while which condition (code, 0 always); a component granting
    # Quickcast; the controller's Slowcast spells gain Quickcast; every spell has Slowcast,
    # unless its waiver cost (E,) was paid on top of the spell's
    ("quickcast", np.int8, (C_MAX,)),
    ("quickcast_if", np.int8, (C_MAX,)),
    ("quickcast_if_word", np.int32, (C_MAX,)),
    ("never_slowcast", np.int8, (C_MAX,)),
    ("never_slowcast_if", np.int8, (C_MAX,)),
    ("grants_quickcast", np.int8, (C_MAX,)),
    ("slowcast_gain_quickcast", np.int8, (C_MAX,)),
    ("all_slowcast_static", np.int8, (C_MAX,)),
    ("slowcast_waiver", np.int32, (C_MAX, E)),
    ("any_quickcast", np.int8),     # some card may have Quickcast: the windows are open
    ("any_cast_rule", np.int8),     # some card grants or removes Slowcast/Quickcast
    ("any_all_slowcast", np.int8),  # some card makes every spell Slowcast while in play
    ("any_discard_trigger", np.int8),  # some card has a discarded_from_hand trigger
    ("indestructible", np.int8, (C_MAX,)),
    ("inert", np.int8, (C_MAX,)),          # 1: the filler (cards.filler), never prepared
    ("alt_word", np.int32, (C_MAX,)),      # alternative component: word, -1 none
    ("alt_element", np.int32, (C_MAX,)),   # ... replaced by a card of this element
    ("fewer_mn", np.int32, (C_MAX,)),      # components skipped by a Mage Noir
    ("any_mage_noir", np.int8), ("any_reduction", np.int8), ("any_ignore", np.int8),
    ("any_damage_reduction", np.int8), ("any_damage_taken", np.int8),
    ("any_protector", np.int8), ("any_ability", np.int8), ("any_alt", np.int8),
    ("any_damage_trigger", np.int8),       # a card has a damaged / ..._damaged trigger
    ("autumn", np.int8, (C_MAX,)),         # the keyword Autumn
    ("any_autumn", np.int8),               # a card has Autumn or can grant it
    ("any_draw_trigger", np.int8),         # some card has an own_draw / opponent_draw trigger
                                           # or an opponent_drew condition: draws are counted
    ("any_turn_end_trigger", np.int8),     # some card has an opponent_turn_end trigger
    # number modifiers (number_modifier; NM_* modes, 0 none) and granted steps of components
    ("nmod_mode", np.int8, (C_MAX,)), ("nmod_amount", np.int32, (C_MAX,)),
    ("nmod_mode_mn", np.int8, (C_MAX,)), ("nmod_amount_mn", np.int32, (C_MAX,)),
    ("nmod_type", np.int8, (C_MAX,)),     # the card type it applies to, -1 any
    ("any_mods", np.int8),                # some card modifies numbers or grants steps
    # prepare_from_discard: FD_* (0 no), and whether any card may
    ("from_discard", np.int8, (C_MAX,)), ("any_from_discard", np.int8),
    ("zenith", np.int8, (C_MAX,)),         # the keyword Zenith: the card reads its
    #                                        controller's Zenith (zenith.matters)
    ("any_zenith", np.int8),               # some card has Zenith: turns determine it
    ("n_bonus", np.int64),
    ("bonus", np.int32, (BONUS_MAX, 5)),   # card, amount, amount_mn, source element, type
    ("n_reduction", np.int64),
    ("reduction", np.int32, (REDUCTION_MAX, 10)),  # card, element, amount, amount_mn,
    #                      card element, word, condition, condition word, self only,
    #                      printed cost of that element at least (min_cost)
    ("handler_card", np.int8, (N_FLAGS, C_MAX)),  # the card names that handler (or tag)
    ("any_handler", np.int8, (N_FLAGS,)),
    # locked Mana (locked.py, returns.py): the static return_activated (the word of the spells
    # it returns, -1 none; its cost) and the static lock_cap (the cap, -1 none; its condition)
    ("return_word", np.int32, (C_MAX,)),
    ("return_cost", np.int32, (C_MAX, E)),
    ("any_return", np.int8),
    ("lock_cap", np.int32, (C_MAX,)),
    ("lock_cap_if", np.int8, (C_MAX,)),
    ("any_lock_cap", np.int8),
    ("ability", np.int32, (C_MAX,)),      # ABILITY_NAMES index, AB_GENERIC, -1 none
    # a conditional component word (its provides_conditional entry the engine reads)
    ("cond_word", np.int32, (C_MAX,)),    # the word, -1 none
    ("cond_word_if", np.int8, (C_MAX,)),  # WORD_CONDITIONS index
    ("any_cond_word", np.int8),
    # a generic ability's costs and limit (its ability_cost step, abilities.py)
    ("ab_cost", np.int32, (C_MAX, E)),    # Mana paid from the reserve
    ("ab_discard", np.int32, (C_MAX,)),   # cards discarded from hand
    ("ab_sacrifice", np.int8, (C_MAX,)),  # 1: the card itself is destroyed
    ("ab_once", np.int8, (C_MAX,)),       # 1: once per turn
    ("ab_lock", np.int8, (C_MAX,)),       # 1: its Mana cost is locked under the card
    ("pay_locked_word", np.int32, (C_MAX,)),  # pay_with_locked: the components' word, -1 none
    ("pay_locked_if", np.int8, (C_MAX,)),     # ... its condition code, 0 none
    ("any_pay_locked", np.int8),
    # effects as op rows
    ("trig_first", np.int32, (C_MAX, N_TRIGGERS)),
    ("trig_count", np.int32, (C_MAX, N_TRIGGERS)),
    ("ops", np.int32, (OPS_MAX, OP_W)),
    # rule options
    ("trade_placement", np.int8),          # trade_mode == "placement_rule"
    ("hand_limit", np.int32),
    ("first_player_skips_draw", np.int8),
    ("adversary_mana_on_arrival", np.int8),
    ("brambles_players", np.int8),         # brambles_chooser == "players"
    ("antimatter_mana_value", np.int8),    # Antimatter may pay an Adversary card's Mana value
    ("ignition_counts_itself", np.int8),
    ("adversary_reveal_is_draw", np.int8),
    ("all_players_include_adversary", np.int8),  # "ALL players" hits the Adversary too
    ("leap_in_time_adversary_mana", np.int8),    # Leap in time adds a phased card's Mana value
    ("chaos_mills_adversary", np.int8),          # Chaos looks at the Adversary's top card too
    ("max_rounds", np.int32),
    ("max_actions", np.int32),
    # 1: every effect of the card is one the engine suspends while it is suppressed (Ice tree,
    # suppress.py): no statics, abilities nor leaving triggers, no handler but Ice tree's
    ("suspendable", np.int8, (C_MAX,)),
    # apply_used_component (kept.py): the WORD of the component a card keeps, -1 none
    ("keep_word", np.int32, (C_MAX,)),
    ("any_keep_word", np.int8),
    ("any_boost", np.int8),                   # some card has a boost_equipment step
    ("last_user_reduction", np.int32, (C_MAX,)),  # last_user_damage_reduction: AMOUNT, 0 none
    ("any_last_user", np.int8),
    ("cr_element", np.int8, (C_MAX,)),   # component_cost_reduction: ELEMENT
    ("cr_amount", np.int32, (C_MAX,)),   # ... AMOUNT, 0 none
    ("cr_type", np.int8, (C_MAX,)),      # ... the CARD_TYPE of the cards it serves
    ("any_comp_reduction", np.int8),
    ("pile_return", np.int8, (C_MAX,)),        # return_from_pile: 1, 2 for a Mage Noir only
    ("pile_return_cost", np.int32, (C_MAX, E)),  # ... its cost
    ("any_pile_return", np.int8),
    ("any_next_gain", np.int8),            # some card has a next_spell_gains step
    # Animals (animals.py): exhausting the player's Animal is part of the card's cost
    ("exhausts_animal", np.int8, (C_MAX,)),
    ("any_exhausts_animal", np.int8),
    ("any_animal", np.int8),               # some player card is an Animal
    ("animal_draw_replaced", np.int8),     # rule option: drawing the Animal draws one more
    ("animal_exhausted_first", np.int8),   # rule option: exhausted before its components
    # the seat table (rules/seats.py): who sits where, who is whose opponent and teammate,
    # how Mana is gathered and shared; the one turn loop reads it (docs/engine.md)
    ("mode", np.int8),                 # MODE_*: solo & co-op, 1 vs 1, 2 vs 2
    ("team", np.int8, (P_MAX + 1,)),   # each seat's team, the Adversary's last (P_MAX)
    ("mate", np.int8, (P_MAX,)),       # each seat's teammate, -1 none (2 vs 2)
    ("gathered", np.int32),            # Mana the current player adds from the Infinite Ether
    ("split_pile", np.int8),           # 1: the pile taken is split with the teammate
    ("retaliation", np.int32),         # cards a Mage Noir left alone on their team draws, 0 off
    ("seat_bots", np.int8),            # 1: each seat answers with its own bot (work.seat_*)
    ("out_locked_to_mate", np.int8),   # rule option disqualified_locked_mana == "teammate"
])

WORK_DTYPE = _record([
    # the decision being asked
    ("opt", np.int8, (OPT_MAX,)),
    ("n_opt", np.int64),
    ("scores", np.float64, (OPT_MAX,)),
    ("ctx_card", np.int64), ("ctx_word", np.int64), ("ctx_purpose", np.int64),
    ("ctx_side", np.int64), ("ctx_amount", np.int64), ("ctx_target", np.int64),
    ("ctx_element", np.int64), ("ctx_ability", np.int64), ("ctx_reason", np.int64),
    ("ctx_start", np.int64), ("ctx_take", np.int64), ("ctx_air_completes", np.int64),
    ("ctx_worth", np.int64), ("ctx_what", np.int64), ("ctx_left", np.int64),
    # 0, or k for the (k+1)-th decision of a run asked on an unchanged position (the elements
    # of Mana being added, then their split): only ``ctx_chosen`` moved since the first
    ("ctx_run_step", np.int64),
    ("ctx_give", np.int64),
    ("ctx_mana", np.int64, (E,)), ("ctx_chosen", np.int64, (E,)),
    ("ctx_default", np.int64, (E,)), ("ctx_given", np.int64, (E,)),
    ("ctx_short", np.int64, (NW_MAX,)),
    ("ctx_piles", np.int64, (2, HAND_PILE)),
    ("ctx_cards", np.int64, (S_MAX + 1,)),  # effect_order: card per option, -1 none (Zenith)
    # what preparing each card kind takes of a player now (readiness.py)
    ("rd_cost", np.int64, (C_MAX, E)),
    ("rd_short", np.int64, (C_MAX, NW_MAX)),
    ("rd_missing", np.int64, (C_MAX,)),
    ("rd_affordable", np.int8, (C_MAX,)),
    ("rd_mage_noir", np.int8),
    ("rd_player", np.int64),    # whose readiness it is, -1 none
    ("rd_clock", np.int64),     # the state's ``board_clock`` it was computed at
    ("rd_no_cache", np.int8),   # 1: computed afresh at every call (tests: the cache is unseen)
    ("legal_prepare", np.int8, (C_MAX,)),
    # the lane's bot record: its address, opaque to the engine (the bots' own layout, read by
    # the bot's choose function; the run writes it, see batch.seat_bot)
    ("bot", np.int64),
    # scratch of the rules: targets hit by a step, a board mask
    ("hits", np.int8, (T_MAX,)),
    ("op_hits", np.int8, (T_MAX,)),       # ops.kept_hits: the targets an op deals with
    ("ann_stack", np.int64, (ANNOUNCE_DEPTH, 6)),  # announce.py: card, side, slot, first row,
    #                                   steps, first entry of each card being announced
    # scratch of a preparation (actions.prepare and the component designation it runs)
    ("prep_cost", np.int64, (E,)),        # the Mana paid
    ("prep_short", np.int64, (NW_MAX,)),  # components missing, by word column
    ("prep_short_left", np.int64, (NW_MAX,)),  # the same, as skips use them up
    ("prep_need", np.int64, (NW_MAX,)),   # components required, by word column
    ("prep_skipped", np.int64, (NW_MAX,)),  # instances left out (Mage Noir allowance)
    ("prep_used", np.int8, (S_MAX,)),     # slots designated as components
    ("prep_order", np.int64, (S_MAX,)),   # ... in the order they were first designated
    ("prep_order_n", np.int64),
    ("prep_extra", np.int64, (S_MAX,)),   # extra instances a slot counts for
    ("prep_granted", np.int8, (S_MAX,)),  # slot counts as a Tree (granted)
    ("prep_times", np.int64, (S_MAX,)),   # times a slot was designated for the word
    ("amounts", np.int64, (T_MAX,)),
    ("mask", np.int8, (S_MAX,)),
    ("leaving_mana", np.int64, (E,)),     # board.leave_board: Mana released
    ("ether_on_start", np.int64, (E,)),   # mana.add_to_ether: Mana for the starting pile
    ("ether_chosen", np.int64, (E,)),     # mana._choose_split: Mana chosen so far
    ("mana_chosen", np.int64, (E,)),      # ops.choose_mana_elements: the elements chosen
    ("mana_fixed", np.int64, (E,)),       # ops.op_add_mana: Mana of one printed element
    ("released_mana", np.int64, (E,)),    # chain: Mana released by a card that left play
    ("locked_moved", np.int64, (E,)),     # locked.py: Mana locked, released or moved by a step
    ("trade_given", np.int64, (E,)),      # actions.trade: the Mana given so far
    ("turn_pending", np.int64, (S_MAX,)),  # turns.turn_start: card per slot still due, -1 none
    ("adv_pending", np.int64, (K_SLOTS,)),  # adversary_turn: the same for Adversary cards
    # transcript (log.py): events of the game being logged
    ("log_on", np.int8),
    ("log_len", np.int64),
    ("log", np.int32, (LOG_MAX, EV_W)),
    ("cause_card", np.int64),  # the card whose steps are resolving (-1 none): what a logged
    ("cause_trig", np.int64),  # damage or HP change came from, and on which trigger
    # recorded decisions (tests): REC_W columns, the options in rec_pool
    ("rec_on", np.int8),
    ("rec_len", np.int64),
    ("rec", np.int64, (REC_MAX, REC_W)),
    ("rec_pool_len", np.int64),
    ("rec_pool", np.int8, (REC_POOL,)),
    ("rec_lost", np.int64),  # questions asked while the record was full (not written)
    ("cr_discount", np.int64, (E,)),  # component_discounts.py: a discount by component reducers
    ("pile_cost", np.int64, (E,)),    # pile_return.py: the cost of a return_from_pile
    # per-seat bots (tables.seat_bots, decide.py): each seat's choose function and bot record
    ("seat_choose", np.int64, (P_MAX,)),  # its address (late_bound.choose_at)
    ("seat_bot", np.int64, (P_MAX,)),     # the address of its bot record
    ("pile_before", np.int64, (E,)),      # turns.py: the reserve before the pile (2 vs 2 split)
])
