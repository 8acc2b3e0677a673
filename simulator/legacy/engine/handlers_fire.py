"""Fire handlers: Burning robe, Crimson ring, Ignition, Crimson ritual (Fire mask lives with
the other component rules in handlers_components).

These are hooks of the damage pipeline and of cards leaving play:

- Burning robe (``damage.deal_damage``): a Fire card of the controller dealing damage to an
  opposing target (the Adversary or its cards; teammates are not opposing) deals 1 more,
  2 for a Mage Noir, per robe; after that instance the robe deals 1 damage to its controller
  (a separate instance: reductions apply, it triggers Crimson ring).
- Crimson ring (``damage.lose_hp``): each time its controller loses HP or takes more than 0
  damage (Q8: 0 damage is not inflicted), each ring gives one ``optional_payment`` decision
  (option 1 pays): 1 Fire from the reserve into the Available Ether, then 1 damage to the
  opponent (the Adversary), with the ring (a Fire card) as the source. The ring resolves right
  after the indivisible action that caused the loss (a triggered action joins the chain
  next); a player who is out by then no longer pays. Loops (ring -> robe self-hit -> ring)
  are one chain, bounded by the Fire Mana available.
- Ignition (``board.leave_board`` / ``board.adversary_destroyed``): this turn, each card
  going from play (any board) to a discard pile deals 1 damage to the opponent, with Ignition
  (a Fire card) as the source. Ignition's own discard after its activation counts by default
  (its effect has started; CARD_STATUS "open ruling"); ``ignition_counts_itself = False``
  in the rule options (read with a default) turns that off.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine import damage as dmg
from simulator.legacy.engine.board import board_cards, is_mage_noir
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.effects import Step
from simulator.legacy.engine.handlers_common import distinct_rounds, handler_cards, turn_array
from simulator.legacy.engine.mana import pay_effect_cost
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import EQUIPMENT, RUNNING, player_rows
from simulator.legacy.engine.zones import draw

FIRE = ELEMENTS.index("fire")


def adversary_target(eng: Engine, games: np.ndarray) -> np.ndarray:
    """(n,) flat target of the Adversary card itself, -1 where it is not in play."""
    masks = dmg.target_masks(eng, games, ("adversary",))["adversary"]
    return np.where(masks.any(axis=1), np.argmax(masks, axis=1), -1)


def _live(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    st = eng.state
    alive = ~player_rows(st.out, games, player) & (player_rows(st.hp, games, player) > 0)
    return (st.outcome[games] == RUNNING) & alive


# --- Burning robe ----------------------------------------------------------------------------

def _robes(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n,) Burning robes the player has in play."""
    robes = handler_cards(eng, "burning_robe")
    if not robes.any() or len(games) == 0:
        return np.zeros(len(games), np.int64)
    zone = player_rows(eng.state.board_zone, games, player)
    return ((zone == EQUIPMENT) & robes[board_cards(eng, games, player)]).sum(axis=1)


def burning_robe_bonus(eng: Engine, games: np.ndarray, src_player: np.ndarray,
                       src_card: np.ndarray, target: np.ndarray) -> np.ndarray:
    """(n,) robes that apply to this instance (0 none): a player's Fire card hitting an
    opposing target. The bonus is 1 per robe, 2 for a Mage Noir."""
    out = np.zeros(len(games), np.int64)
    if not handler_cards(eng, "burning_robe").any():
        return out
    k, _, _ = dmg.space(eng)
    ok = (src_player >= 0) & (target < k) & (eng.tables.element[src_card] == FIRE)
    r = np.flatnonzero(ok)
    out[r] = _robes(eng, games[r], src_player[r])
    return out


def robe_bonus_amount(eng: Engine, games: np.ndarray, player: np.ndarray,
                      robes: np.ndarray) -> np.ndarray:
    mn = is_mage_noir(eng, games, np.maximum(player, 0))
    return robes * np.where(mn, 2, 1)


def burning_robe_self_hit(eng: Engine, games: np.ndarray, player: np.ndarray,
                          robes: np.ndarray) -> None:
    """After the increased instance: each robe deals 1 damage to its controller."""
    card = int(np.flatnonzero(handler_cards(eng, "burning_robe"))[0])
    k, _, _ = dmg.space(eng)
    for i in range(int(robes.max(initial=0))):
        r = np.flatnonzero((robes > i) & _live(eng, games, player))
        for rows in distinct_rounds(games[r]):
            rr = r[rows]
            eng.say(games[rr], "  Burning robe: 1 damage to its controller")
            dmg.deal_damage(eng, games[rr], player[rr], np.full(len(rr), card),
                            k + player[rr], np.ones(len(rr), np.int64))


# --- Crimson ring ----------------------------------------------------------------------------

def _pending(eng: Engine) -> np.ndarray:
    """(B, P) int HP-loss events waiting for the end of the current indivisible action."""
    st = eng.state
    arr = eng.__dict__.get("pending_hp_loss")
    if arr is None:
        arr = eng.__dict__["pending_hp_loss"] = np.zeros((st.batch, st.players), np.int64)
    return arr


@contextmanager
def hp_triggers_deferred(eng: Engine):
    """Within the block (one indivisible action: an effect step, an ability's paragraph),
    HP-loss triggers wait; they resolve at the end of the block, in order, once per event.
    So when one step hits several players, every hit lands before any ring answers."""
    if not handler_cards(eng, "crimson_ring").any():
        yield
        return
    eng.__dict__["defer_hp_triggers"] = eng.__dict__.get("defer_hp_triggers", 0) + 1
    try:
        yield
    finally:
        eng.__dict__["defer_hp_triggers"] -= 1
        if eng.__dict__["defer_hp_triggers"] == 0:
            pending = _pending(eng)
            while pending.any():
                g, p = np.nonzero(pending)
                pending[g, p] -= 1
                crimson_rings(eng, g, p)


def hp_lost(eng: Engine, games: np.ndarray, player: np.ndarray, amount: np.ndarray) -> None:
    """Hook of ``damage.lose_hp``: a player lost HP or took damage (amount > 0 only)."""
    if not handler_cards(eng, "crimson_ring").any():
        return
    hit = amount > 0
    games, player = games[hit], player[hit]
    if eng.__dict__.get("defer_hp_triggers", 0):
        add_at(_pending(eng), (games, player))
        return
    crimson_rings(eng, games, player)


def crimson_rings(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """Each Crimson ring of the player offers: pay 1 Fire to deal 1 damage to the opponent."""
    rings = handler_cards(eng, "crimson_ring")
    if len(games) == 0:
        return
    ring_card = int(np.flatnonzero(rings)[0])
    st = eng.state
    for rows in distinct_rounds(games):
        g, p = games[rows], player[rows]
        zone = st.board_zone[g, p]
        copies = ((zone == EQUIPMENT) & rings[board_cards(eng, g, p)]).sum(axis=1)
        for i in range(int(copies.max(initial=0))):
            target = adversary_target(eng, g)
            r = np.flatnonzero((copies > i) & _live(eng, g, p) & (st.reserve[g, p, FIRE] > 0)
                               & (target >= 0))
            if len(r) == 0:
                break
            robes = _robes(eng, g[r], p[r])
            worth = (robes == 0) | (st.hp[g[r], p[r]] > 2 * robes + 1)
            options = np.ones((len(r), 2), bool)
            pay = eng.decide("optional_payment", g[r], p[r], options, worth=worth,
                             card=np.full(len(r), ring_card)) == 1
            r = r[pay]
            cost = np.zeros((len(r), len(ELEMENTS)), np.int32)
            cost[:, FIRE] = 1
            eng.say(g[r], "  Crimson ring: pays 1 Fire")
            pay_effect_cost(eng, g[r], p[r], cost)
            dmg.deal_damage(eng, g[r], p[r], np.full(len(r), ring_card), target[r],
                            np.ones(len(r), np.int64))


# --- Ignition --------------------------------------------------------------------------------

def ignition(step: Step) -> None:
    """Activate: until the end of this turn, each card going from play to a discard pile
    deals 1 damage to the opponent (one instance per card and per Ignition activated)."""
    eng = step.eng
    st = eng.state
    mine = step.side >= 0
    g, p = step.games[mine], step.player[mine]
    add_at(turn_array(eng, "ignition", (st.players,), np.int16), (g, p))
    eng.say(g, "  Ignition: cards going to a discard pile deal 1 damage this turn")
    if step.slot is not None and not eng.options.ignition_counts_itself:
        skip = turn_array(eng, "ignition_skip", (st.players, st.board_card.shape[2]), np.int16)
        skip[g, p, step.slot[mine]] = step.card[mine] + 1


def card_went_to_discard(eng: Engine, games: np.ndarray, player: np.ndarray | None = None,
                         slot: np.ndarray | None = None, card: np.ndarray | None = None) -> None:
    """Hook: one card per row went from play to a discard pile (a player's board when
    ``player`` is given, else an Adversary card). Active Ignitions deal 1 damage each."""
    arr = eng.__dict__.get("turn_effects", {}).get("ignition")
    if arr is None or len(games) == 0 or not arr[games].any():
        return
    games = np.asarray(games)
    keep = np.ones(len(games), bool)
    skip = eng.__dict__["turn_effects"].get("ignition_skip")
    if skip is not None and player is not None:
        own = skip[games, player, slot] == card + 1
        skip[games[own], player[own], slot[own]] = 0
        keep &= ~own
    games = games[keep]
    source = int(np.flatnonzero(handler_cards(eng, "ignition"))[0])
    st = eng.state
    for q in range(st.players):
        for rows in distinct_rounds(games):
            g = games[rows]
            count = arr[g, q].astype(np.int64)
            for i in range(int(count.max(initial=0))):
                target = adversary_target(eng, g)
                live = (count > i) & (target >= 0) & (st.outcome[g] == RUNNING) & ~player_rows(st.out, g, q)
                r = np.flatnonzero(live)
                if len(r) == 0:
                    break
                eng.say(g[r], "  Ignition: 1 damage")
                dmg.deal_damage(eng, g[r], np.full(len(r), q), np.full(len(r), source),
                                target[r], np.ones(len(r), np.int64))


# --- Crimson ritual --------------------------------------------------------------------------

def crimson_ritual(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Ability (main phase, repeatable): lose 1 HP, then take 1 Fire from the Infinite Ether
    and draw 1 card: one paragraph, one indivisible action, so a Crimson ring triggered by
    the HP loss resolves after the draw (and may use the Fire just taken)."""
    with hp_triggers_deferred(eng):
        dmg.lose_hp(eng, games, player, np.ones(len(games), np.int64))
        eng.state.reserve[games, player, FIRE] += 1
        draw(eng, games, player, 1)
