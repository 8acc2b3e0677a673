"""The board: slots, components, the Mage Noir status, and cards leaving play.

A card leaving the board follows the effects-priority sheet's worked example (Tornado with
Seed in the wind): the card moves, then its "leaves play" effect resolves, then its locked
Mana is released into the Available Ether. The move happens here; the other two are raised
as triggered actions (``frames``), so they resolve right after the action that moved it.

A card *destroyed* (its HP below 1, a destroy effect, an unpaid upkeep) leaves through
:func:`destroy_card`, which adds Autumn (R12): a Permanent with the keyword, or granted it
(``st.autumn``), applies its start-of-turn effects on its way to the discard pile. Until they
have resolved it is in neither place (the rulings: its own effect cannot take it back from the
discard pile); ``FR_AUTUMN_LAND`` then puts it there.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import (
    H_DAWN_SAVES_SUN,
    H_FINE_SAND,
    H_ROCK_WALL_CHANNELS,
    H_WAIVER_CROWN,
    H_ZENITH_INDESTRUCTIBLE,
)
from simulator.engine.rules import exile, frames, marks, pile, suppress
from simulator.engine.rules.errors import ERR_EMPTY_SLOT, fail
from simulator.engine.rules.layout import (
    ANIMAL,
    ANIMAL_EXHAUSTED,
    CHANNELED,
    CONDITION_CODE,
    DRAW,
    EMPTY,
    EQUIPMENT,
    ETHER_RELEASED,
    EV_AUTUMN,
    EV_CARD_DESTROYED,
    EV_DESTROYED,
    EV_DISCARDS,
    EV_ETHER_CAUSE,
    EV_GAINS_EFFECTS,
    EV_GAME_OVER,
    EV_INSTEAD_DESTROYED,
    EV_LEAVES,
    EV_LOCK_CAP,
    EV_LOCKS,
    EV_OUT,
    EV_RESERVE_GONE,
    EV_RITUALS_OFF,
    EV_SET_ASIDE,
    EV_SHARES_PILE,
    EV_TO_ETHER,
    FD_ONCE_PER_TURN,
    FIRE,
    K_SLOTS,
    LOSS_DECK,
    LOSS_HP,
    MINERAL,
    MOD_MAX,
    MODE_SOLO,
    OUT_DECK,
    OUT_HP,
    P_MAX,
    PERMANENT,
    PREPARED,
    REASON_OUT,
    RITUAL,
    RITUAL_OFF,
    RUNNING,
    T_DISCARDED_FROM_PLAY,
    T_LEAVE,
    T_TURN_START,
    TO_DECK_TOP,
    TO_DISCARD,
    TO_EXILE,
    TO_HAND,
    WC_CONTROLS_2_COPIES,
    WC_FIRE_MANA_LOCKED,
    WC_NO_MANA_LOCKED,
    WIN,
    WORD,
    E,
)
from simulator.engine.rules.log import say, say_mana
from simulator.engine.rules.seats import team_out

FINE_SAND = H_FINE_SAND
DESERT = WORD["Desert"]
CAP_IF_MAGE_NOIR = CONDITION_CODE["mage_noir"]
CAP_IF_NOT_MAGE_NOIR = CONDITION_CODE["not_mage_noir"]

ROCK_WALL = H_ROCK_WALL_CHANNELS
CROWN = H_WAIVER_CROWN
WALL = WORD["Wall"]
DAWN = H_DAWN_SAVES_SUN
GOLD = H_ZENITH_INDESTRUCTIBLE
SUN = WORD["Sun"]


@njit
def is_component_zone(zone):
    """Channeled spells, Permanents and Equipment are components (R8.1), and an Animal face
    up, for the words of its name (R10.5)."""
    return zone == CHANNELED or zone == PERMANENT or zone == EQUIPMENT or zone == ANIMAL


@njit
def affectable(zone):
    """A card on the board that an effect picking "a card" of a player may pick: anything but
    an Animal, which only effects aimed at Animals affect (R10.5)."""
    return zone != EMPTY and zone != ANIMAL and zone != ANIMAL_EXHAUSTED


@njit
def is_mage_noir(st, tb, p):
    """The player controls a card in play that makes them a Mage Noir (R10.4)."""
    if tb.any_mage_noir == 0:
        return False
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT and tb.mage_noir[c] != 0:
            return True
    return False


@njit
def conditional_word_holds(st, tb, p, s, c):
    """The condition of the conditional word of card ``c`` in slot ``s`` holds now
    (``layout.WORD_CONDITIONS``): the word counts as printed while it does."""
    condition = tb.cond_word_if[c]
    if condition == WC_CONTROLS_2_COPIES:
        copies = 0
        for q in range(st.board_end[p]):
            if st.board_card[p, q] == c and st.board_zone[p, q] != EMPTY:
                copies += 1
        return copies >= 2
    if condition == WC_FIRE_MANA_LOCKED:
        return st.board_mana[p, s, FIRE] > 0
    if condition == WC_NO_MANA_LOCKED:
        return st.board_mana[p, s].sum() == 0
    return st.ability_used[p, s] != 0  # WC_ABILITY_USED_THIS_TURN


@njit
def card_provides(st, tb, p, s, c, word):
    """Card ``c`` in slot ``s`` of player ``p`` provides ``word``: printed, or its conditional
    word while its condition holds (Rock's Ore with two copies in play)."""
    if tb.provides[c, word] != 0:
        # a Rock wall channeled below 1 HP is no longer a Wall
        return not (tb.any_handler[ROCK_WALL] != 0 and word == WALL
                    and tb.handler_card[ROCK_WALL, c] != 0 and st.board_zone[p, s] == CHANNELED)
    return (tb.any_cond_word != 0 and tb.cond_word[c] == word
            and conditional_word_holds(st, tb, p, s, c))


@njit
def component_count(st, tb, p, word):
    """Distinct own components providing ``word`` (R8.5), without card effects."""
    n = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and is_component_zone(st.board_zone[p, s]) and card_provides(st, tb, p, s, c, word):
            n += 1
    return n


@njit
def provides_component(st, tb, p, s, word):
    """Slot ``s`` of player ``p`` holds a component providing ``word``."""
    c = st.board_card[p, s]
    return c >= 0 and is_component_zone(st.board_zone[p, s]) and card_provides(st, tb, p, s, c, word)


@njit
def affectable_component(st, tb, p, s, word):
    """:func:`provides_component`, for an effect that does something to the component (moves,
    discards, destroys or applies it): an Animal, a component for its words, is not one."""
    return st.board_zone[p, s] != ANIMAL and provides_component(st, tb, p, s, word)


@njit
def flagged_copies(st, tb, p, flag, zone):
    """Copies of the cards carrying handler ``flag`` the player has in ``zone``."""
    if tb.any_handler[flag] == 0:
        return 0
    n = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] == zone and tb.handler_card[flag, c] != 0:
            n += 1
    return n


@njit
def flagged_in_play(st, tb, p, flag):
    """The player has a card carrying handler ``flag`` whose statics apply (in play)."""
    if tb.any_handler[flag] == 0:
        return False
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT and tb.handler_card[flag, c] != 0:
            return True
    return False


@njit
def first_flagged_card(tb, flag):
    """The first local card id carrying handler ``flag``, -1 none."""
    for c in range(tb.n_cards):
        if tb.handler_card[flag, c] != 0:
            return c
    return -1


@njit
def free_slot(st, tb, p):
    """The first empty board slot of the player, -1 when the board is full."""
    end = st.board_end[p]
    for s in range(end):
        if st.board_zone[p, s] == EMPTY:
            return s
    return end if end < tb.slots else -1


@njit
def hand_size(st, tb, p):
    """Cards in the player's hand."""
    n = 0
    for c in range(tb.n_cards):
        n += st.hand[p, c]
    return n


@njit
def is_indestructible(st, tb, p, s):
    """The card in the slot cannot be destroyed: the keyword, or made so this turn."""
    c = st.board_card[p, s]
    if c < 0:
        return False
    if tb.indestructible[c] != 0 or st.indestructible[p, s] == c + 1:
        return True
    return tb.any_handler[GOLD] != 0 and zenith_indestructible(st, tb, p, s, c)


@njit
def zenith_indestructible(st, tb, p, s, c):
    """Solar gold ore, or an Equipment that gained its effects (used it as a component): it is
    indestructible while its controller's turn is at Zenith."""
    if p < 0 or st.zenith[p] == 0:
        return False
    return tb.handler_card[GOLD, c] != 0 or st.zenith_guard[p, s] == c + 1


@njit
def pass_zenith_guard(st, tb, wk, p, slot, used):
    """An Equipment was just prepared into ``slot`` with the ``used`` components: one of them
    is Solar gold ore, or an Equipment that gained its effects, so it gains them too."""
    card = st.board_card[p, slot]
    for s in range(tb.slots):
        c = st.board_card[p, s]
        if used[s] == 0 or c < 0:
            continue
        if tb.handler_card[GOLD, c] != 0 or st.zenith_guard[p, s] == c + 1:
            st.zenith_guard[p, slot] = card + 1
            say(wk, EV_GAINS_EFFECTS, p, card, c, 0)
            return


@njit
def place_card(st, tb, p, s, card, zone):
    """Put a card on the board in the given zone, with its printed HP."""
    st.board_card[p, s] = card
    st.board_zone[p, s] = zone
    st.board_hp[p, s] = tb.hp[card]
    st.board_turn[p, s] = st.turn
    st.cast_mark[p, s] = 0
    st.ability_used[p, s] = 0  # a new card: its once-per-turn ability is fresh
    st.x_paid[p, s] = 0
    st.from_discard_slot[p, s] = 0  # ... and was not prepared from the discard pile
    if tb.any_keep_word != 0:
        st.kept_comp[p, s] = 0  # the new card was prepared with no component yet (kept.py)
    st.autumn[p, s] = 0  # ... and Autumn granted to the card before it is gone
    st.suppressed[p, s] = 0  # ... and an Ice tree's choice of it (suppress.py)
    st.zenith_guard[p, s] = 0  # ... and Solar gold ore's effects
    marks.clear_slot(st, tb, p, s)  # ... and the marks of the card before (marks.py)
    st.board_clock += 1
    if tb.any_mods != 0:  # the new card carries no number modifier yet (numbers.py)
        for k in range(MOD_MAX):
            st.board_mods[p, s, k] = 0
    if s >= st.board_end[p]:
        st.board_end[p] = s + 1
    if tb.any_handler[CROWN] != 0:
        crown_placed(st, tb, p, s, card, zone)


@njit
def crowned(st, tb, p):
    """Player ``p`` has a Waiver crown in play: their Rituals have no effect."""
    return flagged_copies(st, tb, p, CROWN, EQUIPMENT) > 0


@njit
def switch_rituals(st, tb, p, on):
    """Player ``p``'s Rituals in play get their effects back (``on``) or lose them: the zone
    RITUAL_OFF hides a Ritual from every reader of cards in play, and the Mage Noir status
    they give goes with them."""
    was, now = (RITUAL_OFF, RITUAL) if on else (RITUAL, RITUAL_OFF)
    for s in range(st.board_end[p]):
        if st.board_card[p, s] >= 0 and st.board_zone[p, s] == was:
            st.board_zone[p, s] = now
            st.board_clock += 1


@njit
def crown_placed(st, tb, p, s, card, zone):
    """Waiver crown (handlers/warrior_mage.py): a crown put into play switches its controller's
    Rituals off; a Ritual put into play under a crown arrives switched off."""
    if zone == EQUIPMENT and tb.handler_card[CROWN, card] != 0:
        switch_rituals(st, tb, p, False)
    elif zone == RITUAL and crowned(st, tb, p):
        st.board_zone[p, s] = RITUAL_OFF


@njit
def trim_board_end(st, p):
    """After a card left the board: ``board_end`` moves back over the empty slots at the end,
    so that board scans (``range(st.board_end[p])``) see only the occupied part."""
    end = st.board_end[p]
    while end > 0 and st.board_zone[p, end - 1] == EMPTY:
        end -= 1
    st.board_end[p] = end


@njit
def put_in_deck(st, p, card, from_top):
    """Insert a card into the deck with ``from_top`` cards above it (fewer if the deck is short)."""
    length = st.deck_len[p]
    depth = min(from_top, length)
    pos = length - depth
    for i in range(length, pos, -1):
        st.deck[p, i] = st.deck[p, i - 1]
    st.deck[p, pos] = card
    st.deck_len[p] = length + 1


@njit
def n_targets(tb):
    """How many flat targets a game has: the Adversary's slots, then each player, then each
    player's board slots (the layout of damage, heal, destroy and suppress options)."""
    return K_SLOTS + tb.players + tb.players * tb.slots


@njit
def leave_board(st, tb, wk, p, s, dest):
    """A board card leaves play: it moves now; its "leaves play" effect, the release of its
    Mana and (to a discard pile) active Ignitions follow as triggered actions."""
    card = st.board_card[p, s]
    if card < 0:
        fail(st, ERR_EMPTY_SLOT, s)
        return
    mana = wk.leaving_mana
    for e in range(E):
        mana[e] = st.board_mana[p, s, e]
        st.board_mana[p, s, e] = 0
    st.board_card[p, s] = -1
    st.board_zone[p, s] = EMPTY
    st.board_hp[p, s] = 0
    if st.any_suppressed != 0:  # an Ice tree's choice ends with the card (suppress.py)
        st.suppressed[p, s] = 0
    st.board_clock += 1
    trim_board_end(st, p)
    if tb.any_handler[CROWN] != 0 and tb.handler_card[CROWN, card] != 0 and not crowned(st, tb, p):
        switch_rituals(st, tb, p, True)
        say(wk, EV_RITUALS_OFF, p, 0, 0, 0)
    if dest == TO_DISCARD:
        pile.put(st, p, card)
        if st.from_discard_slot[p, s] != 0:
            back_in_pile(st, tb, p, s, card)
    elif dest == TO_HAND:
        st.hand[p, card] += 1
    elif dest == TO_EXILE:
        exile.put(st, p, card)
    else:
        put_in_deck(st, p, card, 0 if dest == TO_DECK_TOP else 2)
    say(wk, EV_LEAVES, card, p, dest, 0)
    if dest == TO_DISCARD and tb.any_handler[FINE_SAND] != 0 and mana[MINERAL] > 0 and \
            tb.provides[card, DESERT] != 0:
        fine_sand_captures(st, tb, wk, p, mana)
    frames.trigger_steps(st, tb, card, T_LEAVE, p, -1)
    if dest == TO_DISCARD:
        frames.trigger_steps(st, tb, card, T_DISCARDED_FROM_PLAY, p, -1)
    frames.trigger_release(st, p, mana)
    if dest == TO_DISCARD and ignition_active(st, tb):
        frames.trigger_ignition(st, p, s, card)


@njit
def back_in_pile(st, tb, p, s, card):
    """The card leaving slot ``s`` for the discard pile was prepared from that pile: if that
    was this turn and its rule is once per turn, this copy may not be prepared from the pile
    again this turn (Temporal paradox: each copy once per turn, its ruling)."""
    if st.board_turn[p, s] == st.turn and tb.from_discard[card] & FD_ONCE_PER_TURN:
        st.from_discard_back[p, card] += 1


@njit
def lock_cap_holds(st, tb, p, c):
    """The card's ``lock_cap`` static holds now (its condition on the controller)."""
    if tb.lock_cap[c] < 0:
        return False
    cond = tb.lock_cap_if[c]
    if cond == CAP_IF_NOT_MAGE_NOIR:
        return not is_mage_noir(st, tb, p)
    if cond == CAP_IF_MAGE_NOIR:
        return is_mage_noir(st, tb, p)
    return True


@njit
def fine_sand_captures(st, tb, wk, p, mana):
    """A Desert card of the player went to the discard pile: each of their Fine sands on the
    board locks 1 Mineral of its Mana (``mana``, what it was about to release) instead of its
    release; beyond a Fine sand's cap (1, unless a Mage Noir) the Mana is released after all."""
    one = wk.locked_moved  # (E,) one Mineral, for the transcript
    for e in range(E):
        one[e] = 0
    one[MINERAL] = 1
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c < 0 or tb.handler_card[FINE_SAND, c] == 0 or mana[MINERAL] == 0:
            continue
        mana[MINERAL] -= 1
        st.board_mana[p, s, MINERAL] += 1
        say_mana(wk, EV_LOCKS, int(c) * 2, one)
        if lock_cap_holds(st, tb, p, c) and st.board_mana[p, s].sum() > tb.lock_cap[c]:
            st.board_mana[p, s, MINERAL] -= 1
            mana[MINERAL] += 1
            say_mana(wk, EV_LOCK_CAP, int(c), one)


@njit
def destroy_card(st, tb, wk, p, s):
    """The card in slot ``s`` of player ``p`` is destroyed: it goes to the discard pile, and a
    Permanent with Autumn (printed or granted) applies its start-of-turn effects on the way,
    as a triggered action after the ones of its leaving."""
    if tb.any_handler[DAWN] != 0 and dawn_saves_sun(st, tb, wk, p, s):
        return
    card = st.board_card[p, s]
    permanent = st.board_zone[p, s] == PERMANENT
    # the HP it had tells the reader which of two copies went (Engulfment on Animated trees)
    say(wk, EV_CARD_DESTROYED, p, card, 1 if permanent and st.board_hp[p, s] < 1 else 0,
        st.board_hp[p, s] if permanent else 0)
    autumn = (tb.any_autumn != 0 and card >= 0 and st.board_zone[p, s] == PERMANENT
              and (tb.autumn[card] != 0 or st.autumn[p, s] == card + 1))
    leave_board(st, tb, wk, p, s, TO_DISCARD)
    if autumn:
        st.autumn[p, s] = 0
        say(wk, EV_AUTUMN, card, p, 0, 0)
        if tb.trig_count[card, T_TURN_START] > 0:
            pile.take(st, p, card)  # in transition: not yet in the discard pile
            frames.trigger_steps(st, tb, card, T_TURN_START, p, s)
            frames.trigger_autumn_land(st, p, card)


@njit
def dawn_saves_sun(st, tb, wk, p, s):
    """While it is in preparation, a Sun its controller controls that would be destroyed
    stays, and Dawn is discarded instead (one Dawn saves one Sun). Here the Sun in slot ``s``
    of player ``p``; their first Dawn in board order goes. Returns whether the destruction
    was replaced."""
    card = st.board_card[p, s]
    if card < 0 or not is_component_zone(st.board_zone[p, s]) or \
            not card_provides(st, tb, p, s, card, SUN):
        return False
    for d in range(st.board_end[p]):
        c = st.board_card[p, d]
        if c >= 0 and st.board_zone[p, d] == PREPARED and tb.handler_card[DAWN, c] != 0:
            say(wk, EV_INSTEAD_DESTROYED, p, c, card, 0)
            leave_board(st, tb, wk, p, d, TO_DISCARD)
            return True
    return False


@njit
def ignition_active(st, tb):
    for q in range(tb.players):
        if st.ignition[q] > 0:
            return True
    return False


@njit
def player_out(st, tb, wk, p, reason):
    """A player is out (R4.1, R4.2). In solo & co-op (R15.9): their cards go to the discard
    pile, Mana back to the Ether, and the game is lost when every player is out. In a duel,
    :func:`seat_out`.

    Their board cards leave play as any discarded card does, so discard effects apply (a
    teammate's Ignition deals its damage); the out player's own steps no longer run.
    """
    if st.out[p] != 0:
        return
    st.out[p] = 1
    st.out_reason[p] = reason
    suppress.expire(st, tb, p)  # their Ice tree's choices end: their turns no longer come
    suppress.expire_turn_end(st, tb, p)  # ... and those for their turn
    say(wk, EV_OUT, p, reason, st.last_hit_card[p], 0)
    if tb.mode != MODE_SOLO:
        seat_out(st, tb, wk, p, reason)
        return
    everyone = True
    for q in range(tb.players):
        if st.out[q] == 0:
            everyone = False
    if everyone:
        _clear_board_at_game_end(st, tb, wk, p)
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] != EMPTY:
            leave_board(st, tb, wk, p, s, TO_DISCARD)
    _hand_to_pile(st, tb, wk, p)
    say_mana(wk, EV_RESERVE_GONE, p, st.reserve[p])
    for e in range(E):
        st.reserve[p, e] = 0
    if everyone and st.outcome == RUNNING:
        st.outcome = LOSS_DECK if st.out_reason[p] == OUT_DECK else LOSS_HP
        st.end_turn = st.turn


@njit
def _hand_to_pile(st, tb, wk, p):
    """The player's hand goes to their discard pile, with no effect (R15.9, 2 vs 2)."""
    for c in range(tb.n_cards):
        for _ in range(st.hand[p, c]):
            pile.put(st, p, c)
            say(wk, EV_DISCARDS, p, c, REASON_OUT, 0)
        st.hand[p, c] = 0


@njit
def seat_out(st, tb, wk, p, reason):
    """A seat of a duel is out: the game ends when their whole team is (:func:`end_duel`),
    and their cards go at once. Otherwise (2 vs 2, a teammate still in; the rulesheet's
    disqualification) their Mana goes to the teammate's reserve, their hand is set aside
    without effects and their spells stop applying: their cards leave the board for the
    discard pile, with no effect (no leaving, discard nor release). What the effect that
    put them out still has to do applies: the chain goes on."""
    if st.outcome == RUNNING:
        end_duel(st, tb, wk, 0, reason)
    if st.outcome != RUNNING:
        _clear_board_at_game_end(st, tb, wk, p)
        _hand_to_pile(st, tb, wk, p)
        say_mana(wk, EV_RESERVE_GONE, p, st.reserve[p])
        for e in range(E):
            st.reserve[p, e] = 0
        return
    mate = tb.mate[p]
    say(wk, EV_SET_ASIDE, p, mate, 0, 0)
    for q in range(tb.players):  # "until the beginning of your next turn": it never comes
        if st.hand_lock[q] == p + 1:
            st.hand_lock[q] = 0
    locked = wk.leaving_mana
    for e in range(E):
        locked[e] = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if st.board_zone[p, s] == EMPTY:
            continue
        for e in range(E):
            locked[e] += st.board_mana[p, s, e]
            st.board_mana[p, s, e] = 0
        pile.put(st, p, c)
        say(wk, EV_LEAVES, c, p, TO_DISCARD, 0)
        st.board_card[p, s] = -1
        st.board_zone[p, s] = EMPTY
        st.board_hp[p, s] = 0
    st.board_end[p] = 0
    st.board_clock += 1
    _hand_to_pile(st, tb, wk, p)
    if wk.log_on != 0:
        _say_disqualified_mana(st, tb, wk, p, mate, locked)
    for e in range(E):
        if tb.out_locked_to_mate != 0:  # rule option disqualified_locked_mana
            st.reserve[mate, e] += locked[e]
        else:  # to the Available Ether, split evenly as at a game's end
            st.ether[0, e] += locked[e] - locked[e] // 2
            st.ether[1, e] += locked[e] // 2
        st.reserve[mate, e] += st.reserve[p, e]
        st.reserve[p, e] = 0


@njit
def _say_disqualified_mana(st, tb, wk, p, mate, locked):
    """For the reader: where a disqualified seat's Mana goes (its reserve, and the Mana
    ``locked`` under its cards: the teammate's reserve or the Ether, by the rule option)."""
    given = np.zeros(E, np.int64)
    first = np.zeros(E, np.int64)
    second = np.zeros(E, np.int64)
    for e in range(E):
        given[e] = st.reserve[p, e]
        if tb.out_locked_to_mate != 0:
            given[e] += locked[e]
        else:
            first[e] = locked[e] - locked[e] // 2
            second[e] = locked[e] // 2
    say_mana(wk, EV_SHARES_PILE, p * P_MAX + mate, given)
    if first.sum() + second.sum() > 0:
        say(wk, EV_ETHER_CAUSE, ETHER_RELEASED, -1, 0, 0)
        say_mana(wk, EV_TO_ETHER, 0, first)
        say_mana(wk, EV_TO_ETHER, 1, second)


@njit
def end_duel(st, tb, wk, dying, reason):
    """A duel ends once a whole team is out, counting the seats in ``dying`` (bit q: seat q
    is going out now); both teams at once is a draw (R4.3). ``reason``: how the last seat
    went (``OUT_HP``, ``OUT_DECK``). ``state.outcome`` reads the game from team 0's side,
    ``team_outcome`` from each team's."""
    out0 = team_out(st, tb, 0, dying)
    out1 = team_out(st, tb, 1, dying)
    if not (out0 or out1):
        return
    loss = LOSS_DECK if reason == OUT_DECK else LOSS_HP
    if out0 and out1:
        first, second = DRAW, DRAW
    elif out0:
        first, second = loss, WIN
    else:
        first, second = WIN, loss
    st.team_outcome[0] = first
    st.team_outcome[1] = second
    st.outcome = first
    st.end_turn = st.turn
    say(wk, EV_GAME_OVER, first, second, 0, 0)


@njit
def _clear_board_at_game_end(st, tb, wk, p):
    """The last player in is out: their board cards go to the discard pile at once.

    Why not card by card: with nobody left, no "leaves play" or discard effect can run and the
    Ether no longer matters, so asking where each release goes would be asked for nothing. The
    locked Mana still goes back to the Ether (split evenly over the two piles), so Mana stays
    conserved in the final state.
    """
    locked = np.zeros(E, np.int64)
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == EMPTY:
            continue
        c = st.board_card[p, s]
        say(wk, EV_LEAVES, c, p, TO_DISCARD, 0)
        pile.put(st, p, c)
        for e in range(E):
            locked[e] += st.board_mana[p, s, e]
            st.board_mana[p, s, e] = 0
        st.board_card[p, s] = -1
        st.board_zone[p, s] = EMPTY
        st.board_hp[p, s] = 0
    st.board_end[p] = 0
    st.board_clock += 1
    second = np.zeros(E, np.int64)
    for e in range(E):
        second[e] = locked[e] // 2
        locked[e] -= second[e]
        st.ether[0, e] += locked[e]
        st.ether[1, e] += second[e]
    if wk.log_on != 0 and locked.sum() > 0:  # a pair of rows, as add_to_ether says them
        say(wk, EV_ETHER_CAUSE, ETHER_RELEASED, -1, 0, 0)
        say_mana(wk, EV_TO_ETHER, 0, locked)
        say_mana(wk, EV_TO_ETHER, 1, second)


@njit
def check_defeats(st, tb, wk):
    """Put out every player at 0 HP or less (R4.1), checked after each indivisible action.
    Everyone at 0 HP goes out together: in a duel, two teams out at once is a draw (R4.3)."""
    if st.outcome != RUNNING:
        return
    dead = 0  # bit q: player q is at 0 HP and still in, all found before anyone goes out
    for q in range(tb.players):
        if st.hp[q] <= 0 and st.out[q] == 0:
            dead |= 1 << q
    if dead == 0:
        return
    if tb.mode != MODE_SOLO:
        end_duel(st, tb, wk, dead, OUT_HP)
    for q in range(tb.players):
        if dead & (1 << q):
            player_out(st, tb, wk, q, OUT_HP)


@njit
def adversary_destroyed(st, tb, wk, k):
    """An Adversary card in play leaves for its discard pile; the players may win."""
    card = st.adv_card[k]
    no_hp = st.adv_hp[k] <= 0
    st.adv_card[k] = -1
    st.adv_hp[k] = 0
    pile.adv_put(st, card)
    say(wk, EV_DESTROYED, card, 1 if no_hp else 0, 0, 0)
    if tb.win_when_destroyed[card] != 0 and st.outcome == RUNNING:
        st.outcome = WIN
        st.end_turn = st.turn
    if ignition_active(st, tb):
        frames.trigger_ignition(st, -1, -1, card)



@njit
def adversary_hp(st, tb):
    """The Adversary card's HP, -1 when it is not in play."""
    present = False
    hp = 0
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and tb.is_adversary[c] != 0:
            present = True
            hp += st.adv_hp[k]
    return hp if present else -1


@njit
def adversary_present(st, tb):
    """The Adversary card itself is in play (whatever its HP)."""
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and tb.is_adversary[c] != 0:
            return True
    return False


@njit
def in_game(st, p):
    """The game goes on and the player is still in it."""
    return st.outcome == RUNNING and st.out[p] == 0
