"""Water handlers: Azure ring, Condensation, Overpressure, Water drop, Maelström, Tide,
Subtle infiltration, Unleashed ocean, Ritual of melange.

Mana moved under a card (Azure ring, Condensation's distribution) goes straight from the
reserve or from another card: it never touches the Available Ether (R6.8). It stays locked
there and is released into the Ether when that card leaves play.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine import damage as dmg
from simulator.legacy.engine.board import TO_DISCARD, TO_HAND, board_cards, is_mage_noir, leave_board
from simulator.legacy.engine.core import Engine, ranked_columns
from simulator.legacy.engine.effects import Step, _choose_own_component, targets
from simulator.legacy.engine.handlers_common import handler_cards, turn_array
from simulator.legacy.engine.mana import add_to_ether, pay_effect_cost, take_from_ether
from simulator.legacy.engine.short_axis import any_last
from simulator.legacy.engine.state import CHANNELED, EMPTY, PERMANENT, player_rows
from simulator.legacy.engine.tables import WORD_INDEX, word_layout

WATER = ELEMENTS.index("water")
DROP = WORD_INDEX["Drop"]
AZURE_MODES = ("gain_hp", "mana_under_card")


# --- Azure ring ------------------------------------------------------------------------------

def azure_ring(step: Step) -> None:
    """Turn start: gain 1 HP, or (only for a Mage Noir) put 1 reserve Mana under an own card.

    A non-Mage Noir may choose the second option; nothing happens then, nor when the reserve
    is empty.
    """
    eng, g, pl = step.eng, step.games, step.player
    mine = step.side >= 0
    g, pl, card = g[mine], pl[mine], step.card[mine]
    if len(g) == 0:
        return
    options = np.ones((len(g), len(AZURE_MODES)), bool)
    mode = eng.decide("choose_mode", g, pl, options, card=card, modes=AZURE_MODES)
    heal = mode == 0
    dmg.heal_player(eng, g[heal], pl[heal], np.ones(int(heal.sum()), np.int64))
    st = eng.state
    lock = (mode == 1) & is_mage_noir(eng, g, pl) & (st.reserve[g, pl].sum(axis=1) > 0)
    g, pl = g[lock], pl[lock]
    if len(g) == 0:
        return
    element = eng.decide("lock_mana_element", g, pl, st.reserve[g, pl] > 0)
    dest = eng.decide("lock_mana_target", g, pl, st.board_zone[g, pl] != EMPTY,
                      element=element)
    st.reserve[g, pl, element] -= 1
    st.board_mana[g, pl, dest, element] += 1
    eng.say(g, "  puts 1 {} Mana under {}", [ELEMENTS[int(e)] for e in element],
            eng.names(st.board_card[g, pl, dest]))


# --- Condensation ----------------------------------------------------------------------------

def condensation_lock(step: Step) -> None:
    """Turn start while prepared: lock 1 Water Mana from the Infinite Ether under it."""
    mine = step.side >= 0
    step.eng.state.board_mana[step.games[mine], step.player[mine], step.slot[mine], WATER] += 1


def condensation_distribute(step: Step) -> None:
    """Activate: each Mana locked under it goes to the reserve or under another own card.

    One ``distribute_mana`` decision per Mana (option 0 the reserve, option 1+s under slot s),
    made before the normal release, which then has nothing left to release.
    """
    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl, slot = step.games[mine], step.player[mine], step.slot[mine]
    locked = st.board_mana[g, pl, slot].astype(np.int64)
    st.board_mana[g, pl, slot] = 0
    total = locked.sum(axis=1)
    s = st.board_card.shape[2]
    for k in range(int(total.max(initial=0))):
        r = np.flatnonzero(total > k)
        element = np.argmax(locked[r] > 0, axis=1)
        locked[r, element] -= 1
        options = np.zeros((len(r), 1 + s), bool)
        options[:, 0] = True
        options[:, 1:] = st.board_zone[g[r], pl[r]] != EMPTY
        options[np.arange(len(r)), 1 + slot[r]] = False
        choice = eng.decide("distribute_mana", g[r], pl[r], options, element=element,
                            card=step.card[mine][r])
        keep = choice == 0
        st.reserve[g[r][keep], pl[r][keep], element[keep]] += 1
        under = ~keep
        st.board_mana[g[r][under], pl[r][under], choice[under] - 1, element[under]] += 1


# --- Overpressure ----------------------------------------------------------------------------

def high_pressure(step: Step) -> None:
    """X damage to any target, X = Mana locked under 1 own Condensation component; then that
    component returns to its owner's hand (its Mana is released)."""
    eng = step.eng
    st = eng.state
    r, slot = _choose_own_component(step, "Condensation")
    if len(r) == 0:
        return
    g, pl = step.games[r], step.player[r]
    comp = st.board_card[g, pl, slot].astype(np.int64)
    x = st.board_mana[g, pl, slot].sum(axis=1).astype(np.int64)
    hits = x > 0
    if hits.any():
        q = r[hits]
        sub = Step(eng, step.p, step.games[q], step.side[q], step.card[q],
                   None if step.slot is None else step.slot[q])
        hit = targets(sub, "any", "damage")
        for rr, t in ranked_columns(hit):
            dmg.deal_damage(eng, sub.games[rr], sub.side[rr], sub.card[rr], t, x[hits][rr])
    still = st.board_card[g, pl, slot] == comp
    leave_board(eng, g[still], pl[still], slot[still], TO_HAND)


# --- Water drop ------------------------------------------------------------------------------

def water_drop_ready(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool own slots holding a Water drop that counts as 2 Drops right now.

    Water drop: channeled, it may count as 2 Drop components once per turn (per copy), and
    always for a Mage Noir. The once-per-turn use is spent by :func:`spend_extra_instance`
    when a preparation designates it a second time.
    """
    drops = handler_cards(eng, "water_drop")
    st = eng.state
    if not drops.any() or len(games) == 0:
        return np.zeros((len(games), st.board_card.shape[2]), bool)
    cards = board_cards(eng, games, player)
    ready = (player_rows(st.board_zone, games, player) == CHANNELED) & drops[cards]  # (n, S)
    spent = player_rows(turn_array(eng, "water_drop_spent", (st.players, st.board_card.shape[2])),
                        games, player) & ready  # (n, S)
    again = np.flatnonzero(any_last(spent))  # a Mage Noir's spent drops still count twice
    if len(again):
        spent[again] &= ~is_mage_noir(eng, games[again], player[again])[:, None]
    return ready & ~spent


def water_drop_extra_slots(eng: Engine, games: np.ndarray, player: np.ndarray,
                           words: np.ndarray | None = None) -> np.ndarray:
    """(n, S, W) int extra Drop instances own Water drops provide right now
    (:func:`water_drop_ready` in the Drop column). words: the word columns
    (``tables.word_layout``; None: all 35); only the Drop column can be non-zero.
    """
    words = word_layout(words)
    out = np.zeros((len(games), eng.state.board_card.shape[2], len(words)), np.int64)
    drop_column = np.flatnonzero(words == DROP)
    if len(drop_column):
        out[:, :, drop_column[0]] = water_drop_ready(eng, games, player)
    return out


def spend_extra_instance(eng: Engine, games: np.ndarray, player: np.ndarray,
                         slot: np.ndarray) -> None:
    """A Water drop counted as 2 Drops this turn (a Mage Noir's never runs out)."""
    s = eng.state.board_card.shape[2]
    mn = is_mage_noir(eng, games, player)
    turn_array(eng, "water_drop_spent", (eng.state.players, s))[
        games[~mn], player[~mn], slot[~mn]] = True


# --- Maelström -------------------------------------------------------------------------------

def maelstrom_end_of_turn(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """End of any player's turn while a Maelström is in play (any board): that player's whole
    reserve goes into the Available Ether by the placement rule."""
    cards = handler_cards(eng, "maelstrom")
    if not cards.any() or len(games) == 0:
        return
    st = eng.state
    here = ((st.board_zone[games] == PERMANENT)
            & cards[np.maximum(st.board_card[games], 0, dtype=np.intp)]).any(axis=(1, 2))
    g, pl = games[here], player[here]
    mana = st.reserve[g, pl].copy()
    st.reserve[g, pl] = 0
    eng.say(g, "  Maelström: the reserve goes to the Available Ether")
    add_to_ether(eng, g, pl, mana)


# --- Tide ------------------------------------------------------------------------------------

def tide_cards(eng: Engine) -> np.ndarray:
    """(C,) bool player cards with the name tag Tide (cached per engine)."""
    cache = eng.__dict__.setdefault("handler_cards", {})
    if "name_tag:Tide" not in cache:
        from simulator.cards import load_cards

        db = load_cards()
        t = eng.tables
        cache["name_tag:Tide"] = np.array(
            [c < t.n_player_cards and "Tide" in db.by_id[t.ids[c]].name_tags
             for c in range(t.size)], bool)
    return cache["name_tag:Tide"]


def tide_move_mana(step: Step) -> None:
    """Move all Mana locked under this Tide under another own board card (any zone); with no
    other card it stays and is released normally. ``move_locked_mana`` decision over slots."""
    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl, slot = step.games[mine], step.player[mine], step.slot[mine]
    other = st.board_zone[g, pl] != EMPTY
    other[np.arange(len(g)), slot] = False
    r = np.flatnonzero(other.any(axis=1))
    if len(r) == 0:
        return
    g, pl, slot = g[r], pl[r], slot[r]
    dest = eng.decide("move_locked_mana", g, pl, other[r], card=step.card[mine][r])
    st.board_mana[g, pl, dest] += st.board_mana[g, pl, slot]
    st.board_mana[g, pl, slot] = 0
    eng.say(g, "  moves the Tide's Mana under {}", eng.names(st.board_card[g, pl, dest]))


def tide_return(step: Step) -> None:
    """Optional: pay 1 Water Mana (into the Available Ether), then take 1 Tide card (if any)
    from the discard pile into the hand. ``optional_payment`` decision: 0 declines, 1 pays
    (context ``worth``: a Tide is in the discard pile)."""
    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl = step.games[mine], step.player[mine]
    can = st.reserve[g, pl, WATER] > 0
    g, pl = g[can], pl[can]
    if len(g) == 0:
        return
    tides = (st.discard[g, pl] > 0) & tide_cards(eng)[None, :]
    options = np.ones((len(g), 2), bool)
    pay = eng.decide("optional_payment", g, pl, options, worth=tides.any(axis=1),
                     card=step.card[mine][can]) == 1
    g, pl, tides = g[pay], pl[pay], tides[pay]
    cost = np.zeros((len(g), len(ELEMENTS)), np.int32)
    cost[:, WATER] = 1
    pay_effect_cost(eng, g, pl, cost)
    r = np.flatnonzero(tides.any(axis=1))
    if len(r) == 0:
        return
    card = eng.decide("return_from_discard", g[r], pl[r], tides[r])
    st.discard[g[r], pl[r], card] -= 1
    st.hand[g[r], pl[r], card] += 1
    eng.say(g[r], "  returns {} to hand", eng.names(card))


# --- cards discarded as soon as their Mana runs out ------------------------------------------

def discard_if_empty(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """State check after locked Mana left cards: an Unleashed ocean with no Water Mana under
    it, a Subtle infiltration with no Mana under it, goes to the discard pile; after the
    Infiltration's discard its controller may take up to 2 Water Mana from the Ether."""
    ocean = handler_cards(eng, "unleashed_ocean_empty")
    infiltration = handler_cards(eng, "subtle_infiltration_empty")
    if not (ocean.any() or infiltration.any()) or len(games) == 0:
        return
    st = eng.state
    for s in range(st.board_card.shape[2]):
        live = st.outcome[games] == 0
        g, pl = games[live], player[live]
        card = board_cards(eng, g, pl)[:, s]
        perm = st.board_zone[g, pl, s] == PERMANENT
        locked = st.board_mana[g, pl, s]
        dry_ocean = perm & ocean[card] & (locked[:, WATER] == 0)
        dry_inf = perm & infiltration[card] & (locked.sum(axis=1) == 0)
        gone = dry_ocean | dry_inf
        if not gone.any():
            continue
        eng.say(g[gone], "  {} has no Mana left and is discarded", eng.names(card[gone]))
        leave_board(eng, g[gone], pl[gone], np.full(int(gone.sum()), s), TO_DISCARD)
        take_from_ether(eng, g[dry_inf], pl[dry_inf], np.full(int(dry_inf.sum()), 2), WATER)


def empty_on_entry(step: Step) -> None:
    """Enter (Unleashed ocean, Subtle infiltration): the "as soon as no Mana is locked" check
    also applies when the card arrives with nothing under it."""
    mine = step.side >= 0
    discard_if_empty(step.eng, step.games[mine], step.player[mine])


# --- Subtle infiltration ---------------------------------------------------------------------

def subtle_infiltration_trade(eng: Engine, games: np.ndarray, player: np.ndarray,
                              given: np.ndarray, taken: np.ndarray) -> None:
    """Hook of ``actions.trade``: a trade giving or taking Water Mana. Each own Subtle
    infiltration deals 1 damage to the opponent, then releases 1 Mana locked under it
    (``release_locked_mana`` decision over the elements under it) into the Available Ether;
    the empty check follows."""
    cards = handler_cards(eng, "subtle_infiltration_trade")
    if not cards.any() or len(games) == 0:
        return
    from simulator.legacy.engine.handlers_fire import adversary_target

    st = eng.state
    water = (given[:, WATER] > 0) | (taken == WATER)
    games, player = games[water], player[water]
    for s in range(st.board_card.shape[2]):
        here = (st.board_zone[games, player, s] == PERMANENT) & cards[
            board_cards(eng, games, player)[:, s]] & (st.outcome[games] == 0)
        g, pl = games[here], player[here]
        if len(g) == 0:
            continue
        card = st.board_card[g, pl, s].astype(np.int64)
        target = adversary_target(eng, g)
        hit = target >= 0
        eng.say(g, "  Subtle infiltration: 1 damage, then 1 Mana released")
        dmg.deal_damage(eng, g[hit], pl[hit], card[hit], target[hit], np.ones(int(hit.sum()), np.int64))
        still = (st.board_card[g, pl, s] == card) & (st.board_mana[g, pl, s].sum(axis=1) > 0)
        g, pl = g[still], pl[still]
        if len(g):
            element = eng.decide("release_locked_mana", g, pl, st.board_mana[g, pl, s] > 0,
                                 card=card[still])
            st.board_mana[g, pl, s, element] -= 1
            mana = np.zeros((len(g), len(ELEMENTS)), np.int64)
            mana[np.arange(len(g)), element] = 1
            add_to_ether(eng, g, pl, mana)
        discard_if_empty(eng, games[here], player[here])


# --- Unleashed ocean -------------------------------------------------------------------------

WAVE = WORD_INDEX["Wave"]


def unleashed_ocean_waves(step: Step) -> None:
    """Turn start, step 1: each own Wave component applies its activate effects once, in the
    order the player chooses (one ``own_component`` decision per Wave, word ``Wave``)."""
    from simulator.legacy.engine.board import component_slots
    from simulator.legacy.engine.effects import run_trigger

    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl = step.games[mine], step.player[mine]
    done = np.zeros((len(g), st.board_card.shape[2]), bool)
    while len(g):
        live = st.outcome[g] == 0
        slots = component_slots(eng, g, pl, WAVE) & ~done & ~eng.applying[g, pl]
        r = np.flatnonzero(slots.any(axis=1) & live)
        if len(r) == 0:
            return
        gr, pr = g[r], pl[r]
        choice = eng.decide("own_component", gr, pr, slots[r], word="Wave")
        done[r, choice] = True
        card = st.board_card[gr, pr, choice].astype(np.int64)
        eng.say(gr, "  Unleashed ocean: {} applies its effects", eng.names(card))
        eng.applying[gr, pr, choice] = True
        try:
            run_trigger(eng, "activate", gr, pr, card, choice)
        finally:
            eng.applying[gr, pr, choice] = False


def unleashed_ocean_release(step: Step) -> None:
    """Turn start, step 2: release 1 Water Mana per own Wave component (instances, so
    Prodigious source counts), all at once; fewer if fewer are locked. Then the empty check."""
    from simulator.legacy.engine.handlers_components import component_instances

    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, pl, slot = step.games[mine], step.player[mine], step.slot[mine]
    here = (st.board_card[g, pl, slot] == step.card[mine]) & (st.outcome[g] == 0)
    g, pl, slot = g[here], pl[here], slot[here]
    waves = component_instances(eng, g, pl, [WAVE])[:, 0]
    n = np.minimum(waves, st.board_mana[g, pl, slot, WATER])
    st.board_mana[g, pl, slot, WATER] -= n.astype(np.int32)
    mana = np.zeros((len(g), len(ELEMENTS)), np.int64)
    mana[:, WATER] = n
    eng.say(g, "  Unleashed ocean releases {} Water Mana", n)
    add_to_ether(eng, g, pl, mana)
    discard_if_empty(eng, g, pl)


# --- Ritual of melange -----------------------------------------------------------------------

def melange_cards(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool own Water cards on the board (any zone) with Mana locked under them."""
    st = eng.state
    cards = board_cards(eng, games, player)
    return (player_rows(st.board_zone, games, player) != EMPTY) & (eng.tables.element[cards] == WATER) & (
        player_rows(st.board_mana, games, player).sum(axis=2) > 0)


def ritual_of_melange(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Ability (main phase, repeatable): trade 1 reserve Mana for 1 Mana locked under one own
    Water card, 1 for 1 (``ability_target`` picks the card, ``melange_give`` the reserve
    element, ``melange_take`` the locked element). No Mana touches the Available Ether."""
    st = eng.state
    legal = melange_cards(eng, games, player)
    ok = legal.any(axis=1) & (player_rows(st.reserve, games, player).sum(axis=1) > 0)
    g, pl, legal = games[ok], player[ok], legal[ok]
    if len(g) == 0:
        return
    card = eng.decide("ability_target", g, pl, legal, ability="ritual_of_melange")
    give = eng.decide("melange_give", g, pl, st.reserve[g, pl] > 0)
    take = eng.decide("melange_take", g, pl, st.board_mana[g, pl, card] > 0, give=give)
    st.reserve[g, pl, give] -= 1
    st.board_mana[g, pl, card, give] += 1
    st.board_mana[g, pl, card, take] -= 1
    st.reserve[g, pl, take] += 1
    eng.say(g, "  Ritual of melange: 1 {} for 1 {} under {}", [ELEMENTS[int(e)] for e in give],
            [ELEMENTS[int(e)] for e in take], eng.names(st.board_card[g, pl, card]))
    discard_if_empty(eng, g, pl)
