"""A player's turn (docs/rules.md R5; solo rulesheet "Player turns"; the duel's R13).

Turn start (start-of-turn effects, in the order the player chooses), draw, Mana gathering
(solo: no Mana from the Infinite Ether, take one whole pile; a duel: add ``tables.gathered``
Mana of the player's choice by the placement rule first), main phase (actions until the
player ends it), end of turn (end-of-turn effects, hand limit). In a duel the opposing seats
have a Quickcast window as the turn starts and as its main phase ends (``windows.py``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, resolve
from simulator.engine.handlers.base_game.air import apply_hand_size
from simulator.engine.handlers.base_game.vegetal import repeats_turn_start
from simulator.engine.handlers.base_game.water import maelstrom_end_of_turn
from simulator.engine.handlers.flowers import renewal_end_of_turn
from simulator.engine.handlers.ids import H_DRUID_RING_GATHERING, H_MELANGE_GATHERING
from simulator.engine.handlers.time_bender import draw_phase
from simulator.engine.handlers.warrior_mage import warrior_mage_end_of_turn
from simulator.engine.rules import (
    animals,
    announce,
    discounts,
    draw_triggers,
    next_gain,
    pile_return,
    suppress,
    surcharge,
    teams,
    turn_end_triggers,
)
from simulator.engine.rules.actions import apply_action, legal_actions
from simulator.engine.rules.board import (
    adversary_hp,
    check_defeats,
    flagged_copies,
    in_game,
    is_mage_noir,
)
from simulator.engine.rules.decide import first_legal, set_options
from simulator.engine.rules.explain import say_board, say_holds
from simulator.engine.rules.layout import (
    CHANNELED,
    EFFECT_ORDER,
    EQUIPMENT,
    EV_GATHERS,
    EV_HAND,
    EV_HAND_CARD,
    EV_MAIN_PHASE_OF,
    EV_TURN,
    MAIN_ACTION,
    MODE_SOLO,
    MODE_TEAMS,
    PERMANENT,
    PREPARED,
    REASON_HAND_LIMIT,
    RITUAL,
    T_TURN_START,
    T_TURN_START_CHANNELED,
    T_TURN_START_PREPARED,
    VEGETAL,
    WINDOW_OPPONENT_END,
    WINDOW_OPPONENT_START,
    ZENITH_EFFECT,
    E,
)
from simulator.engine.rules.log import say, say_mana
from simulator.engine.rules.mana import add_to_ether, take_pile
from simulator.engine.rules.ops import choose_mana_elements
from simulator.engine.rules.windows import quickcast_window
from simulator.engine.rules.zenith import clear_zenith, determine_zenith
from simulator.engine.rules.zenith import matters as zenith_matters
from simulator.engine.rules.zones import discard_down_to_hand_size


@njit
def turn_boundary(st, tb):
    """A player turn starts or ends: the "this turn" effects of handlers are over."""
    for q in range(tb.players):
        st.winds[q] = 0
        st.ignition[q] = 0
        st.prevented[q] = 0
        st.icy[q] = 0
        st.next_extra[q] = 0  # Delayed fate's allowance is for this turn
        if tb.any_from_discard != 0:
            for c in range(tb.n_player_cards):
                st.from_discard_back[q, c] = 0
        for s in range(tb.slots):
            if st.drop_spent[q, s] != 0:
                st.drop_spent[q, s] = 0
                st.board_clock += 1  # the Water drop counts twice again
            st.ignition_skip[q, s] = 0
            st.indestructible[q, s] = 0
            if st.ability_used[q, s] != 0:
                st.ability_used[q, s] = 0
                st.board_clock += 1  # a word granted for the turn is gone
    if tb.any_next_gain != 0:
        next_gain.clear(st, tb)  # "this turn" (Wave of lightning)
    for s in range(tb.slots):
        st.used_slot[s] = 0
        st.used_card[s] = -1
    if tb.any_zenith != 0:
        clear_zenith(st, tb)
    discounts.clear(st, tb)


@njit
def begin_player_turn(st, tb, wk, p):
    """Turn start, draw and Mana gathering of player ``p`` (in 2 vs 2 the turn start and the
    draw are their teammate's too: ``teams.py``); True when the main phase begins (the game
    goes on and ``p`` is still in)."""
    st.turn += 1
    mate = teams.partner(st, tb, p)
    for q in range(tb.players):
        st.ignored_this_turn[q] = 0
        st.x_armour[q] = 0
        st.x_ignored[q] = 0
    draw_triggers.new_turn(st)
    for q in (p, mate):
        if q >= 0:
            st.all_slowcast[q] = 0  # "until the beginning of your next turn" (Stunning thunder)
            surcharge.expire(st, tb, q)  # "until the beginning of your next turn"
            suppress.expire(st, tb, q)  # ... Ice tree's choices too
    turn_boundary(st, tb)
    say(wk, EV_TURN, st.turn, p, st.hp[p], adversary_hp(st, tb) if tb.mode == MODE_SOLO else -2)
    if tb.mode != MODE_SOLO:
        duel_turn_begins(st, tb, wk, p)
    for q in (p, mate):
        if q < 0 or not in_game(st, q):
            continue
        if tb.any_animal != 0:  # before the other start-of-turn effects: its passives apply
            animals.regenerate(st, tb, wk, q)
        turn_start(st, tb, wk, q)  # the Zenith is determined among them (zenith.py)
    if not in_game(st, p):
        return False
    if not (st.turn == 1 and tb.first_player_skips_draw != 0):
        for q in (p, mate):
            if q >= 0 and in_game(st, q):
                st.drawing_phase = q + 1
                draw_phase(st, tb, wk, q, teams.draws_of(st, tb, wk, q))
                st.drawing_phase = 0
                resolve(st, tb, wk)
    if not in_game(st, p):
        return False
    if tb.gathered > 0:
        gather(st, tb, wk, p)
    mate = teams.partner(st, tb, p)
    for e in range(E):
        wk.pile_before[e] = st.reserve[p, e]
    take_pile(st, tb, wk, p)
    st.acting = p
    st.main_left = 0
    if mate >= 0:
        if tb.split_pile != 0:
            teams.share_pile(st, tb, wk, p, mate, wk.pile_before)
        teams.order_main_phases(st, tb, wk, p, mate)
    if wk.log_on != 0 and tb.mode != MODE_TEAMS:  # 2 vs 2: at each teammate's main phase
        say_hand(st, tb, wk, p)
    return True


@njit
def say_hand(st, tb, wk, p):
    """For the reader: what player ``p`` holds as their main phase starts, and the board."""
    for c in range(tb.n_cards):
        if st.hand[p, c] > 0:
            say(wk, EV_HAND_CARD, p, c, st.hand[p, c], 0)
    say_mana(wk, EV_HAND, p, st.reserve[p])
    say_board(st, tb, wk)


@njit
def duel_turn_begins(st, tb, wk, p):
    """A duel's turn of seat ``p`` begins: the hand locks ``p`` imposed end ("until the
    beginning of your next turn": Zeus's thunder), then the opposing seats may cast Quickcast
    spells (``windows.py``) before ``p``'s start-of-turn effects."""
    st.pile_taken = 0  # the seat gathers this turn (bots read whose the next pile is)
    for q in range(tb.players):
        if st.hand_lock[q] == p + 1:
            st.hand_lock[q] = 0
    quickcast_window(st, tb, wk, WINDOW_OPPONENT_START)


@njit
def gather(st, tb, wk, p):
    """Mana gathering in a duel (R5.3 a): the player adds ``tables.gathered`` Mana of the
    elements they choose from the Infinite Ether to the Available Ether by the placement rule,
    as one indivisible action; taking a pile follows. Each Ritual of melange of theirs takes
    1 off that count (never below 0); each Druid ring a Mage Noir wears adds 1 Vegetal to it,
    placed with the others in the same action (their rulings: 4 Mana with one ring, 2 on
    each pile when they were level)."""
    amount = max(tb.gathered - flagged_copies(st, tb, p, H_MELANGE_GATHERING, RITUAL), 0)
    mana = choose_mana_elements(st, tb, wk, p, amount)
    if tb.any_handler[H_DRUID_RING_GATHERING] != 0 and is_mage_noir(st, tb, p):
        mana[VEGETAL] += flagged_copies(st, tb, p, H_DRUID_RING_GATHERING, EQUIPMENT)
    say_mana(wk, EV_GATHERS, p, mana)
    add_to_ether(st, tb, wk, p, mana)


@njit
def start_trigger(zone):
    """The trigger a board card's zone gives it at its controller's turn start."""
    if zone >= PERMANENT:
        return T_TURN_START
    if zone == PREPARED:
        return T_TURN_START_PREPARED
    if zone == CHANNELED:
        return T_TURN_START_CHANNELED
    return -1


@njit
def turn_start(st, tb, wk, p):
    """Resolve the player's start-of-turn effects, one card at a time, in the order the player
    chooses (``effect_order``, asked when two or more are pending). A card that left play
    meanwhile is skipped; one that arrived meanwhile waits for the next turn. Determining the
    Zenith is one of them when it matters to the player (``zenith.py``); else it comes first."""
    slots = tb.slots
    pending = wk.turn_pending[:slots]
    for s in range(slots):
        pending[s] = -1
    due = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        trig = start_trigger(st.board_zone[p, s])
        if c >= 0 and trig >= 0 and tb.trig_count[c, trig] > 0 and not suppress.holds(st, p, s):
            pending[s] = c
            due += 1
    zenith_due = False
    if tb.any_zenith != 0:
        zenith_due = due > 0 and zenith_matters(st, tb, p)
        if not zenith_due:
            determine_zenith(st, tb, wk, p)
    while in_game(st, p):
        s = choose_next(st, tb, wk, p, pending, st.board_card[p], zenith_due)
        if s < 0:
            break
        if s == ZENITH_EFFECT:
            zenith_due = False
            determine_zenith(st, tb, wk, p)
            continue
        card = pending[s]
        pending[s] = -1
        trig = start_trigger(st.board_zone[p, s])
        announce.push_steps(st, tb, wk, card, trig, p, s)
        resolve(st, tb, wk)
        # King of trees: the Mage Noir's other Trees apply their effects once more.
        if st.board_card[p, s] == card and repeats_turn_start(st, tb, p, card):
            announce.push_steps(st, tb, wk, card, trig, p, s)
            resolve(st, tb, wk)
    check_defeats(st, tb, wk)


@njit
def choose_next(st, tb, wk, decider, pending, current, zenith_due):
    """The pending card to resolve next (its slot), -1 when none is left: the only one, or an
    ``effect_order`` decision. pending: (K,) card per slot still due, -1 none; current: the
    cards in those slots now (one that left play is no longer due); zenith_due: determining
    the player's Zenith is pending too, option ``ZENITH_EFFECT`` (the options between the
    slots and it are closed)."""
    n = len(pending)
    set_options(wk, ZENITH_EFFECT + 1 if zenith_due else n, 0)
    count = 0
    for k in range(n):
        if pending[k] >= 0 and current[k] == pending[k]:
            wk.opt[k] = 1
            count += 1
        wk.ctx_cards[k] = pending[k]
    if zenith_due:
        for k in range(n, ZENITH_EFFECT + 1):
            wk.ctx_cards[k] = -1
        wk.opt[ZENITH_EFFECT] = 1
        count += 1
    if count == 0:
        return -1
    if count == 1:
        return first_legal(wk)
    return decide(st, tb, wk, EFFECT_ORDER, decider)


@njit
def main_phases(st, tb, wk):
    """The main phase of the turn under way: ``state.acting``'s, then in 2 vs 2 the
    teammate's still to act (``state.main_left``; ``teams.order_main_phases``), each to its
    end. Resumes where a copied state stands (the look-ahead's rollouts)."""
    while True:
        if wk.log_on != 0 and tb.mode == MODE_TEAMS:
            say(wk, EV_MAIN_PHASE_OF, st.acting, 0, 0, 0)
            say_hand(st, tb, wk, st.acting)
        main_phase(st, tb, wk, st.acting)
        nxt = st.main_left - 1
        st.main_left = 0
        if nxt < 0 or not in_game(st, nxt):
            return
        st.acting = nxt


@njit
def main_phase(st, tb, wk, p):
    """Ask for actions until the player ends the main phase (or hits the action cap)."""
    for _ in range(tb.max_actions):
        if not in_game(st, p):
            return
        legal_actions(st, tb, wk, p)
        action = decide(st, tb, wk, MAIN_ACTION, p)
        if action == 0:
            if tb.any_pile_return != 0:
                pile_return.offer_pile_returns(st, tb, wk, p)
            say_holds(st, tb, wk, p)
            return
        apply_action(st, tb, wk, p, action)
        check_defeats(st, tb, wk)


@njit
def end_player_turn(st, tb, wk, p):
    """End of the turn: end-of-turn effects and the hand limit where the player still plays,
    then the turn boundary. In a duel the opposing seats may first cast Quickcast spells
    (``windows.py``)."""
    if tb.mode != MODE_SOLO and in_game(st, p):
        quickcast_window(st, tb, wk, WINDOW_OPPONENT_END)
    mate = teams.partner(st, tb, p)
    if in_game(st, p):
        for q in (p, mate):
            if q >= 0:
                maelstrom_end_of_turn(st, tb, wk, q)
                warrior_mage_end_of_turn(st, tb, wk, q)
        turn_end_triggers.opponent_turn_ends(st, tb, wk, p)
        for q in (p, mate):
            if q >= 0:
                apply_hand_size(st, tb, q)
        resolve(st, tb, wk)
        for q in (p, mate):
            if q >= 0 and in_game(st, q):
                discard_down_to_hand_size(st, tb, wk, q, REASON_HAND_LIMIT)
                if st.pending_len > 0:  # a card discarded from hand applies its effects
                    resolve(st, tb, wk)
    renewal_end_of_turn(st, tb, wk)
    for q in (p, mate):
        if q >= 0:
            suppress.expire_turn_end(st, tb, q)  # "until the end of your turn" (Lightning blade)
    turn_boundary(st, tb)
