"""The board: slots, components, Mage Noir status, and cards leaving play.

Order of a card leaving the board follows the effects-priority sheet's worked example
(Tornado with Seed in the wind): the card moves, its "leaves play" trigger resolves, then
its locked Mana is released into the Available Ether.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.core import Engine, all_distinct, ranked_columns
from simulator.legacy.engine.mana import release_slot
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.short_axis import any_last, count_last
from simulator.legacy.engine.state import (
    CHANNELED,
    EMPTY,
    EQUIPMENT,
    LOSS_DECK,
    LOSS_HP,
    OUT_DECK,
    OUT_HP,
    PERMANENT,
    RUNNING,
    WIN,
    player_rows,
)
from simulator.legacy.engine.tables import word_layout

# Where a card goes when it leaves the board.
TO_DISCARD, TO_HAND, TO_DECK_TOP, TO_DECK_THIRD = range(4)
COMPONENT_ZONES = (CHANNELED, PERMANENT, EQUIPMENT)


def board_cards(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) intp local card ids on the player's board, 0 where empty (mask with zones).

    intp because the result indexes the (C, ...) card tables: numpy converts a narrower
    index array to intp at every lookup, which made those lookups several times slower.
    """
    return np.maximum(player_rows(eng.state.board_card, games, player), 0, dtype=np.intp)


def is_component(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool slots usable as components: channeled spells, Permanents, Equipment."""
    zone = player_rows(eng.state.board_zone, games, player)
    return (zone == CHANNELED) | (zone == PERMANENT) | (zone == EQUIPMENT)


def in_play_static(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool slots whose static abilities apply: Permanents, Equipment, Rituals."""
    return player_rows(eng.state.board_zone, games, player) >= PERMANENT


def is_mage_noir(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n,) bool: the player controls a card that makes them a Mage Noir (R10.4).

    The board is compared with each such card of the batch (``Statics.mage_noir_cards``, a
    Ritual or two) as it is stored, without the per-slot table look-up of ``board_cards``:
    this is asked at every decision that reads costs."""
    if not eng.statics.mage_noir_cards:
        return np.zeros(len(games), bool)
    board = player_rows(eng.state.board_card, games, player)  # (n, S) int16, -1 empty
    makes = np.zeros(board.shape, bool)
    for card in eng.statics.mage_noir_cards:
        makes |= board == card
    return any_last(makes & in_play_static(eng, games, player))


def component_counts(eng: Engine, games: np.ndarray, player: np.ndarray,
                     words: np.ndarray | None = None) -> np.ndarray:
    """(n, W) int number of distinct components providing each word (R8.1, R8.5).

    words: (W,) the word columns to count (``tables.word_layout``; None: all 35 words).
    """
    words = word_layout(words)
    cards = board_cards(eng, games, player)
    component = is_component(eng, games, player)
    counts = np.empty((len(games), len(words)), np.int64)
    # One word at a time, as (n, S) bool counts: a (n, S, W) product summed over the slots
    # was several times slower for the 1 to 4 words asked. The words of each slot's card are
    # read in one lookup, one bit per word (uint8 for the usual few words, uint64 for all 35),
    # rather than one lookup per word.
    bit = np.uint8 if len(words) <= 8 else np.uint64
    provides = eng.tables.provides[:, words] > 0  # (C, W)
    bits = np.zeros(len(provides), bit)  # (C,) bit j: provides words[j]
    for j in range(len(words)):
        bits |= provides[:, j].astype(bit) << bit(j)
    slot_bits = bits[cards] * component  # (n, S), 0 for slots that are no component
    for j in range(len(words)):
        counts[:, j] = count_last((slot_bits & (bit(1) << bit(j))) != 0)
    return counts


def component_slots(eng: Engine, games: np.ndarray, player: np.ndarray,
                    word: int) -> np.ndarray:
    """(n, S) bool own components that provide word ``word`` (an index in COMPONENT_WORDS)."""
    cards = board_cards(eng, games, player)
    return is_component(eng, games, player) & (eng.tables.provides[cards, word] > 0)


def free_slot(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n,) int first empty board slot, -1 when the board is full."""
    empty = player_rows(eng.state.board_zone, games, player) == EMPTY
    return np.where(any_last(empty), np.argmax(empty, axis=1), -1)


def place_card(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray,
               card: np.ndarray, zone: np.ndarray) -> None:
    """Put a card on the board in the given zone with its printed HP."""
    st = eng.state
    st.board_card[games, player, slot] = card
    st.board_zone[games, player, slot] = zone
    st.board_hp[games, player, slot] = eng.tables.hp[card]
    st.board_turn[games, player, slot] = st.turn[games]


def leave_board(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray,
                dest: int) -> None:
    """A board card leaves play: move it, resolve "leaves play", release its Mana."""
    if len(games) == 0:
        return
    st = eng.state
    card = st.board_card[games, player, slot].astype(np.int64)
    if (card < 0).any():
        from simulator.legacy.engine.core import EngineError

        raise EngineError("a card left an empty board slot")
    st.board_card[games, player, slot] = -1
    st.board_zone[games, player, slot] = EMPTY
    st.board_hp[games, player, slot] = 0
    if dest == TO_DISCARD:
        add_at(st.discard, (games, player, card))
    elif dest == TO_HAND:
        add_at(st.hand, (games, player, card))
    else:
        put_in_deck(eng, games, player, card, from_top=0 if dest == TO_DECK_TOP else 2)
    eng.say(games, "{} leaves play", eng.names(card))
    from simulator.legacy.engine.effects import run_trigger

    run_trigger(eng, "leave", games, player, card, slot=None)
    release_slot(eng, games, player, slot)
    if dest == TO_DISCARD:
        from simulator.legacy.engine.handlers_fire import card_went_to_discard

        card_went_to_discard(eng, games, player, slot, card)  # Ignition


def put_in_deck(eng: Engine, games: np.ndarray, player: np.ndarray, card: np.ndarray,
                from_top: int) -> None:
    """Insert a card into the deck with ``from_top`` cards above it (fewer if the deck is short)."""
    st = eng.state
    length = player_rows(st.deck_len, games, player).astype(np.int64)
    depth = np.minimum(from_top, length)
    pos = length - depth  # index the card will occupy; cards above it shift up by one
    for k in range(int(depth.max(initial=0)), 0, -1):
        move = depth >= k
        src = pos + k - 1
        st.deck[games[move], player[move], src[move] + 1] = st.deck[games[move], player[move],
                                                                    src[move]]
    st.deck[games, player, pos] = card
    st.deck_len[games, player] += 1


def player_out(eng: Engine, games: np.ndarray, player: np.ndarray, reason: int) -> None:
    """A player is out (co-op defeat): cards to the discard pile, Mana back to the Ethers.

    Their board cards go to the discard pile as any discarded card does, so discard effects
    apply (a teammate's Ignition deals its damage); the out player's own steps no longer
    run (``effects.run_steps`` skips players who are out). The game is lost when every
    player is out.
    """
    st = eng.state
    fresh = ~player_rows(st.out, games, player)
    games, player = games[fresh], player[fresh]
    if len(games) == 0:
        return
    if not all_distinct(games):
        # Several players of one game go out at once: one after the other, so that each
        # release into the Ether sees the piles the previous one left (placement rule).
        for q in np.unique(player):
            player_out(eng, games[player == q], player[player == q], reason)
        return
    st.out[games, player] = True
    st.out_reason[games, player] = reason
    eng.say(games, "is out of the game" + (" (0 HP)" if reason == OUT_HP else " (empty deck)"))
    last = st.out[games].all(axis=1)  # (n,) no player left: the game ends with this
    _clear_board_at_game_end(eng, games[last], player[last])
    # (n, S) nothing enters an out player's board
    occupied = player_rows(st.board_zone, games, player) != EMPTY
    for r, slot in ranked_columns(occupied):  # a player's cards in slot order
        leave_board(eng, games[r], player[r], slot, TO_DISCARD)
    st.discard[games, player] += player_rows(st.hand, games, player)
    st.hand[games, player] = 0
    st.reserve[games, player] = 0
    everyone = st.out[games].all(axis=1) & (st.outcome[games] == RUNNING)
    lost = games[everyone]
    st.outcome[lost] = np.where(st.out_reason[lost, player[everyone]] == OUT_DECK,
                                LOSS_DECK, LOSS_HP)
    st.end_turn[lost] = st.turn[lost]


def _clear_board_at_game_end(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """The last player in is out: their board cards go to the discard pile at once.

    Why not card by card through :func:`leave_board`: with nobody left, no "leaves play" or
    discard effect can run (an out player's steps are skipped, Ignition needs a player in),
    and the Ether no longer matters, so the releases' placement decisions would be asked for
    nothing; in a solo batch that was a quarter of the engine's time, since nearly every lost
    game ends here. The locked Mana still goes back to the Ether (split evenly over the two
    piles, without a decision), so Mana stays conserved in the final state.
    """
    if len(games) == 0:
        return
    st = eng.state
    zone = player_rows(st.board_zone, games, player)  # (n, S)
    occupied = zone != EMPTY
    if not occupied.any():
        return
    card = player_rows(st.board_card, games, player).astype(np.intp)  # (n, S)
    if eng.log is not None:  # a transcript: each game's cards in slot order
        for r, slot in ranked_columns(occupied):
            eng.say(games[r], "{} leaves play", eng.names(card[r, slot]))
    r, s = np.nonzero(occupied)
    add_at(st.discard, (games[r], player[r], card[r, s]))
    locked = player_rows(st.board_mana, games, player).sum(axis=1)  # (n, E)
    half = locked // 2
    st.ether[games, 0] += (locked - half).astype(st.ether.dtype)
    st.ether[games, 1] += half.astype(st.ether.dtype)
    st.board_card[games, player] = -1
    st.board_zone[games, player] = EMPTY
    st.board_hp[games, player] = 0
    st.board_mana[games, player] = 0


def check_defeats(eng: Engine, games: np.ndarray | None = None) -> None:
    """Put out every player at 0 HP or less (R4.1), checked after each indivisible action."""
    st = eng.state
    if games is None:
        # Every running game: on the whole (B, P) arrays, no gather (called after each step).
        dead = (st.hp <= 0) & ~st.out & st.running[:, None]
        if dead.any():  # rarely: skips the nonzero scan of the whole batch
            g, p = np.nonzero(dead)
            player_out(eng, g, p, OUT_HP)
        return
    if len(games) == 0:
        return
    dead = (st.hp[games] <= 0) & ~st.out[games]
    g, p = np.nonzero(dead)
    if len(g):
        player_out(eng, games[g], p, OUT_HP)


def adversary_destroyed(eng: Engine, games: np.ndarray, k: np.ndarray) -> None:
    """An Adversary card in play leaves for its discard pile; the players may win."""
    st = eng.state
    card = st.adv_card[games, k].astype(np.int64)
    st.adv_card[games, k] = -1
    st.adv_hp[games, k] = 0
    add_at(st.adv_discard, (games, card))
    eng.say(games, "{} is destroyed", eng.names(card))
    won = eng.tables.win_when_destroyed[card] & (st.outcome[games] == RUNNING)
    st.outcome[games[won]] = WIN
    st.end_turn[games[won]] = st.turn[games[won]]
    from simulator.legacy.engine.handlers_fire import card_went_to_discard

    card_went_to_discard(eng, games)  # Ignition: an Adversary card went to its discard pile

