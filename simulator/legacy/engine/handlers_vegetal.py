"""Vegetal handlers: Animated tree, King of trees, The sylvan healer, Ephemeral brambles, and
the abilities of Druid horns, Kerloc'h's robe and the Ritual of decomposition."""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine import damage as dmg
from simulator.legacy.engine.board import (
    TO_DISCARD,
    board_cards,
    free_slot,
    is_mage_noir,
    leave_board,
    place_card,
)
from simulator.legacy.engine.core import Engine, ranked_columns
from simulator.legacy.engine.effects import Step, _choose, targets
from simulator.legacy.engine.handlers_common import handler_cards, indestructible_slots, turn_array
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import PERMANENT, PREPARED, player_rows
from simulator.legacy.engine.tables import WORD_INDEX

VEGETAL = ELEMENTS.index("vegetal")
SEED = WORD_INDEX["Seed"]
TREE = WORD_INDEX["Tree"]


# --- Animated tree ---------------------------------------------------------------------------

def animated_tree(step: Step) -> None:
    """Turn start: may put 1 Seed card from the own discard pile into play prepared, no Mana.

    ``seed_from_discard`` decision: options 0..C-1 are the Seed cards in the discard pile,
    option C declines. Without a free board slot nothing happens (counted as an overflow).
    """
    eng = step.eng
    st, t = eng.state, eng.tables
    mine = step.side >= 0
    g, pl = step.games[mine], step.player[mine]
    c = t.size
    seeds = (t.provides[:, SEED] > 0) & (np.arange(c) < t.n_player_cards)
    legal = (st.discard[g, pl] > 0) & seeds[None, :]
    slot = free_slot(eng, g, pl)
    has = legal.any(axis=1)
    eng.counters["board_overflow"] += int((has & (slot < 0)).sum())
    ok = has & (slot >= 0)
    g, pl, slot, legal = g[ok], pl[ok], slot[ok], legal[ok]
    if len(g) == 0:
        return
    options = np.concatenate([legal, np.ones((len(g), 1), bool)], axis=1)
    choice = eng.decide("seed_from_discard", g, pl, options)
    take = choice < c
    g, pl, slot, card = g[take], pl[take], slot[take], choice[take]
    st.discard[g, pl, card] -= 1
    place_card(eng, g, pl, slot, card, np.full(len(g), PREPARED, np.int8))
    eng.say(g, "  puts {} into play prepared", eng.names(card))


# --- King of trees ---------------------------------------------------------------------------

def turn_start_repeats(eng: Engine, games: np.ndarray, player: np.ndarray,
                       card: np.ndarray) -> np.ndarray:
    """(n,) bool: this turn-start effect runs once more (King of trees, Mage Noir controller).

    The controller's other Trees apply their effects 1 more time while a King of trees of
    theirs is in play and they are a Mage Noir; the King never repeats itself.
    """
    kings = handler_cards(eng, "king_of_trees")
    if not kings.any() or len(games) == 0:
        return np.zeros(len(games), bool)
    st = eng.state
    tree = (eng.tables.provides[card, TREE] > 0) & ~kings[card]
    king_here = ((player_rows(st.board_zone, games, player) == PERMANENT)
                 & kings[board_cards(eng, games, player)]).any(axis=1)
    return tree & king_here & is_mage_noir(eng, games, player)


# --- The sylvan healer -----------------------------------------------------------------------

def the_sylvan_healer(step: Step) -> None:
    """Choose: a Vegetal Permanent with HP (any player's) gains 4 HP, or the caster gains 3.

    One ``target`` decision (purpose ``heal``) over both options: the caster's own player
    target means the second option.
    """
    eng = step.eng
    mine = step.side >= 0
    if not mine.all():
        step = Step(eng, step.p, step.games[mine], step.side[mine], step.card[mine],
                    None if step.slot is None else step.slot[mine])
    g, pl = step.games, step.player
    n = len(g)
    if n == 0:
        return
    k, p, s = dmg.space(eng)
    masks = dmg.target_masks(eng, g, ("player_permanents",))
    cards = np.maximum(eng.state.board_card[g], 0)  # (n, P, S)
    vegetal = (eng.tables.element[cards] == VEGETAL).reshape(n, p * s)
    legal = masks["player_permanents"].copy()
    legal[:, k + p:] &= vegetal
    legal[np.arange(n), k + pl] = True
    hit = _choose(step, legal, "heal")
    target = np.argmax(hit, axis=1)
    amount = np.where(target < k + p, 3, 4)
    dmg.heal_target(eng, g, target, amount)


# --- Ephemeral brambles ----------------------------------------------------------------------

def ephemeral_brambles(step: Step) -> None:
    """The opponent picks: discard 1 card from hand, or lose 3 HP.

    A player's opponent is the Adversary, which has no hand. Default reading (the Adversary
    picks): it takes the empty discard and nothing happens. With the rule option
    ``brambles_chooser = "players"`` (a named rule option)
    the players pick for it and the Adversary loses 3 HP.
    """
    eng = step.eng
    if eng.options.brambles_chooser != "players":
        eng.say(step.games, "  the Adversary discards from its (empty) hand: nothing happens")
        return
    mine = step.side >= 0
    sub = Step(eng, step.p, step.games[mine], step.side[mine], step.card[mine],
               None if step.slot is None else step.slot[mine])
    hit = targets(sub, "opponent", "lose_hp")
    from simulator.legacy.engine.board import adversary_destroyed

    for t in np.flatnonzero(hit.any(axis=0)):
        g = sub.games[hit[:, t]]
        eng.state.adv_hp[g, t] -= 3
        eng.say(g, "  the Adversary loses 3 HP")
        dead = eng.state.adv_hp[g, t] <= 0
        adversary_destroyed(eng, g[dead], np.full(int(dead.sum()), t))


# --- Druid horns -----------------------------------------------------------------------------

def druid_horns_legal(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n,) bool: the top card of the player's deck provides Seed (looking is free)."""
    st = eng.state
    n = player_rows(st.deck_len, games, player).astype(np.int64)
    top = st.deck[games, player, np.maximum(n - 1, 0)].astype(np.int64)
    return (n > 0) & (eng.tables.provides[top, SEED] > 0)


def druid_horns(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Ability (at any time, repeatable): the top card is a Seed: reveal it, put it in hand."""
    ok = druid_horns_legal(eng, games, player)
    g, pl = games[ok], player[ok]
    st = eng.state
    st.deck_len[g, pl] -= 1
    card = st.deck[g, pl, st.deck_len[g, pl]].astype(np.int64)
    add_at(st.hand, (g, pl, card))
    eng.say(g, "  Druid horns: reveals {} and takes it", eng.names(card))


# --- Kerloc'h's robe -------------------------------------------------------------------------

def damage_prevented(eng: Engine) -> np.ndarray:
    """(B, P) bool: Kerloc'h's robe prevents the damage the player takes this turn."""
    return turn_array(eng, "damage_prevented", (eng.state.players,))


def kerlochs_robe(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Ability (at any time): sacrifice the robe and discard the whole hand; until the end of
    the turn every damage instance the player takes is reduced to 0 (a reduction: damage that
    cannot be reduced still hits). The robe goes to the discard pile (its Mana is released)."""
    st = eng.state
    eng.say(games, "  sacrifices Kerloc'h's robe and discards their hand")
    leave_board(eng, games, player, slot, TO_DISCARD)
    st.discard[games, player] += player_rows(st.hand, games, player)
    st.hand[games, player] = 0
    damage_prevented(eng)[games, player] = True


# --- Ritual of decomposition -----------------------------------------------------------------

def decomposition_targets(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool own Permanents that can be destroyed (not indestructible)."""
    return (player_rows(eng.state.board_zone, games, player) == PERMANENT) & ~indestructible_slots(
        eng, games, player)


def ritual_of_decomposition(eng: Engine, games: np.ndarray, player: np.ndarray,
                            slot: np.ndarray) -> None:
    """Ability (main phase, repeatable): destroy 1 own Permanent (``ability_target``), then
    deal damage equal to its HP (0 for a Permanent without HP) to any target, the Ritual (a
    Vegetal card) being the source."""
    st = eng.state
    legal = decomposition_targets(eng, games, player)
    r = np.flatnonzero(legal.any(axis=1))
    games, player, slot, legal = games[r], player[r], slot[r], legal[r]
    if len(games) == 0:
        return
    ritual = st.board_card[games, player, slot].astype(np.int64)
    victim = eng.decide("ability_target", games, player, legal,
                        ability="ritual_of_decomposition")
    hp = st.board_hp[games, player, victim].astype(np.int64)
    leave_board(eng, games, player, victim, TO_DISCARD)
    hits = hp > 0
    step = Step(eng, {}, games[hits], player[hits], ritual[hits], slot[hits])
    hit = targets(step, "any", "damage")
    for rr, t in ranked_columns(hit):
        dmg.deal_damage(eng, step.games[rr], step.side[rr], step.card[rr], t, hp[hits][rr])
