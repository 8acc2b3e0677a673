"""Targets, damage, HP loss and healing (RULES.md R11).

Targets of a batch live in one flat index space so that a target choice is one decision
over one mask: ``t < K`` is Adversary board slot ``t``; ``K <= t < K+P`` is player
``t-K``; above that, ``K + P + p*S + s`` is slot ``s`` of player ``p`` (a Permanent).

Damage versus HP loss: damage can be increased (damage bonuses of the source's controller),
redirected (Protector), reduced and ignored (armours); HP loss cannot. Each instance goes
through the pipeline on its own (R11.3).

Card hooks of the pipeline (engine/handlers_fire.py, engine/abilities.py): Burning robe adds
to an instance and hits its controller after it; Kerloc'h's robe may be sacrificed right
before an instance reaches its controller and then prevents (reduces to 0) the rest of the
turn's damage; every HP loss or damage taken above 0 triggers Crimson rings.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.board import adversary_destroyed, is_mage_noir, leave_board
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.state import PERMANENT, adversary_slots, player_rows

ADVERSARY_SIDE = -1


def space(eng: Engine) -> tuple[int, int, int]:
    """(K, P, S): Adversary slots, players, player board slots."""
    st = eng.state
    return st.adv_card.shape[1], st.players, st.board_card.shape[2]


MASK_NAMES = ("adversary", "adv_permanents", "players", "player_permanents")


def target_masks(eng: Engine, games: np.ndarray,
                 names: tuple[str, ...] = MASK_NAMES) -> dict[str, np.ndarray]:
    """Masks (n, T) of damageable things, by category (only the categories ``names``)."""
    st = eng.state
    k, p, s = space(eng)
    n = len(games)
    masks = {name: np.zeros((n, k + p + p * s), bool) for name in names}  # (n, T) each
    if "adversary" in names or "adv_permanents" in names:
        adv_cards = st.adv_card[games]
        adv_alive = (adv_cards >= 0) & (st.adv_hp[games] > 0)
        adv_is_adv = adversary_slots(adv_cards, eng.tables.is_adversary)
        if "adversary" in names:
            masks["adversary"][:, :k] = adv_alive & adv_is_adv
        if "adv_permanents" in names:
            masks["adv_permanents"][:, :k] = adv_alive & ~adv_is_adv
    if "players" in names:
        masks["players"][:, k:k + p] = ~st.out[games]
    if "player_permanents" in names:
        perms = (st.board_zone[games] == PERMANENT) & (
            eng.tables.hp[np.maximum(st.board_card[games], 0, dtype=np.intp)] > 0)  # (n, P, S)
        masks["player_permanents"][:, k + p:] = perms.reshape(n, p * s)
    return masks


def player_target(eng: Engine, player: np.ndarray) -> np.ndarray:
    k, _, _ = space(eng)
    return k + player


def deal_damage(eng: Engine, games: np.ndarray, src_player: np.ndarray, src_card: np.ndarray,
                target: np.ndarray, amount: np.ndarray, unpreventable: bool = False) -> None:
    """One instance of damage per game from a source to a flat target.

    src_player: (n,) controlling player, ADVERSARY_SIDE for Adversary cards;
    src_card: (n,) local card id of the source; target: (n,) flat target; amount: (n,).
    """
    st = eng.state
    keep = (amount > 0) & (target >= 0)
    games, src_player, src_card = games[keep], src_player[keep], src_card[keep]
    target, amount = target[keep], amount[keep].astype(np.int64)
    if len(games) == 0:
        return
    from_player = src_player != ADVERSARY_SIDE
    if from_player.any():
        amount[from_player] += damage_bonus(eng, games[from_player], src_player[from_player],
                                            src_card[from_player])
    from simulator.legacy.engine.handlers_fire import (
        burning_robe_bonus,
        burning_robe_self_hit,
        robe_bonus_amount,
    )

    robes = burning_robe_bonus(eng, games, src_player, src_card, target)
    if robes.any():
        amount += robe_bonus_amount(eng, games, src_player, robes)
    k, p, s = space(eng)
    # Protector: damage the opponent controls, aimed at a player or their Permanent.
    on_player_side = target >= k
    redirectable = on_player_side & ~from_player & ~np.array(unpreventable, bool)
    if redirectable.any():
        target = _protector_redirect(eng, games, target, amount, redirectable)
    # Apply, by target kind.
    is_adv = target < k
    is_pl = (target >= k) & (target < k + p)
    is_perm = target >= k + p
    if is_adv.any():
        g, slot, a = games[is_adv], target[is_adv], amount[is_adv]
        st.adv_hp[g, slot] -= a
        adv = eng.tables.is_adversary[st.adv_card[g, slot]]
        st.damage_to_adversary[g[adv]] += a[adv]
        eng.say(g, "  {} damage to {}", a, eng.names(st.adv_card[g, slot]))
        dead = st.adv_hp[g, slot] <= 0
        if dead.any():
            adversary_destroyed(eng, g[dead], slot[dead])
    if is_pl.any():
        g, pl, a = games[is_pl], target[is_pl] - k, amount[is_pl]
        from simulator.legacy.engine.abilities import before_player_damage

        before_player_damage(eng, g, pl, a, unpreventable)  # Kerloc'h's robe window
        a = _armour(eng, g, pl, a, from_opponent=~from_player[is_pl], unpreventable=unpreventable)
        lose_hp(eng, g, pl, a, what="damage")
    if is_perm.any():
        g = games[is_perm]
        pl, slot = np.divmod(target[is_perm] - k - p, s)
        damage_permanent(eng, g, pl, slot, amount[is_perm])
    if robes.any():
        r = np.flatnonzero(robes)
        burning_robe_self_hit(eng, games[r], src_player[r], robes[r])


def damage_permanent(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray,
                     amount: np.ndarray) -> None:
    """Damage or HP loss on a player's Permanent; below 1 HP it is destroyed (R10.2)."""
    st = eng.state
    st.board_hp[games, player, slot] -= amount.astype(np.int32)
    eng.say(games, "  {} damage to {}", amount, eng.names(st.board_card[games, player, slot]))
    dead = st.board_hp[games, player, slot] < 1
    if dead.any():
        from simulator.legacy.engine.board import TO_DISCARD

        leave_board(eng, games[dead], player[dead], slot[dead], TO_DISCARD)


def lose_hp(eng: Engine, games: np.ndarray, player: np.ndarray, amount: np.ndarray,
            what: str = "HP loss") -> None:
    """A player loses HP (damage already through the pipeline, or unpreventable loss)."""
    amount = np.maximum(amount, 0).astype(np.int32)
    st = eng.state
    st.hp[games, player] -= amount
    st.damage_taken[games, player] += amount
    eng.say(games, "  player {} takes {} " + what, player + 1, amount)
    if (amount > 0).any():
        from simulator.legacy.engine.handlers_fire import hp_lost

        hp_lost(eng, games, player, amount)  # Crimson ring


def heal_player(eng: Engine, games: np.ndarray, player: np.ndarray, amount: np.ndarray) -> None:
    eng.state.hp[games, player] += np.maximum(amount, 0).astype(np.int32)
    eng.say(games, "  player {} gains {} HP", player + 1, amount)


def heal_target(eng: Engine, games: np.ndarray, target: np.ndarray, amount: np.ndarray) -> None:
    """Healing on any flat target: players, Permanents, Adversary cards (no maximum)."""
    st = eng.state
    k, p, s = space(eng)
    ok = target >= 0
    games, target, amount = games[ok], target[ok], amount[ok]
    is_adv, is_pl, is_perm = target < k, (target >= k) & (target < k + p), target >= k + p
    st.adv_hp[games[is_adv], target[is_adv]] += amount[is_adv]
    if is_pl.any():
        heal_player(eng, games[is_pl], target[is_pl] - k, amount[is_pl])
    pl, slot = np.divmod(target[is_perm] - k - p, s)
    st.board_hp[games[is_perm], pl, slot] += amount[is_perm]


def damage_bonus(eng: Engine, games: np.ndarray, player: np.ndarray,
                 src_card: np.ndarray) -> np.ndarray:
    """(n,) total increase from the controller's damage bonuses matching the source card."""
    from simulator.legacy.engine.board import board_cards, in_play_static

    total = np.zeros(len(games), np.int64)
    if not eng.statics.damage_bonus:
        return total
    cards = board_cards(eng, games, player)
    active = in_play_static(eng, games, player)
    mn = is_mage_noir(eng, games, player)
    el = eng.tables.element[src_card]
    ty = eng.tables.card_type[src_card]
    for bonus in eng.statics.damage_bonus:
        copies = ((cards == bonus.card) & active).sum(axis=1)
        match = ((bonus.source_element < 0) | (el == bonus.source_element)) & (
            (bonus.source_type < 0) | (ty == bonus.source_type))
        total += copies * match * np.where(mn, bonus.amount_mn, bonus.amount)
    return total


def _armour(eng: Engine, games: np.ndarray, player: np.ndarray, amount: np.ndarray,
            from_opponent: np.ndarray, unpreventable: bool) -> np.ndarray:
    """Reductions then 'ignore up to N damage each turn' (R11.7) for damage to a player."""
    if unpreventable:
        return amount
    from simulator.legacy.engine.board import board_cards, in_play_static

    st, statics = eng.state, eng.statics
    # Most matchups hold no armour at all: the board is read only when one of their cards is.
    reduces, ignores = statics.damage_reduction.any(), statics.ignore_per_turn.any()
    if reduces or ignores:
        cards = board_cards(eng, games, player)
        active = in_play_static(eng, games, player)
    if reduces:
        reduction = (statics.damage_reduction[cards] * active).sum(axis=1)
        amount = np.maximum(amount - reduction, 0)
    from simulator.legacy.engine.handlers_vegetal import damage_prevented

    amount = np.where(damage_prevented(eng)[games, player], 0, amount)  # Kerloc'h's robe
    if not ignores:
        return amount
    allowance = (statics.ignore_per_turn[cards] * active).sum(axis=1)
    room = np.maximum(allowance - player_rows(st.ignored_this_turn, games, player), 0) * from_opponent
    ignored = np.minimum(room, amount)
    st.ignored_this_turn[games, player] += ignored.astype(np.int16)
    return amount - ignored


def _protector_redirect(eng: Engine, games: np.ndarray, target: np.ndarray, amount: np.ndarray,
                        redirectable: np.ndarray) -> np.ndarray:
    """Offer the damaged side's Protector Permanents as new targets (R11.6)."""
    from simulator.legacy.engine.board import board_cards

    if not (eng.statics.protector.any() or eng.statics.protector_mn.any()):
        return target  # no Protector among the matchup's cards
    st = eng.state
    k, p, s = space(eng)
    rows = np.flatnonzero(redirectable)
    g = games[rows]
    owner = np.where(target[rows] < k + p, target[rows] - k, (target[rows] - k - p) // s)
    cards = board_cards(eng, g, owner)
    mn = is_mage_noir(eng, g, owner)
    prot = (st.board_zone[g, owner] == PERMANENT) & (st.board_hp[g, owner] > 0) & (
        eng.statics.protector[cards] | (eng.statics.protector_mn[cards] & mn[:, None]))
    own_slot = np.where(target[rows] >= k + p, (target[rows] - k - p) % s, -1)
    prot[np.arange(len(rows)), np.maximum(own_slot, 0)] &= own_slot < 0
    has = prot.any(axis=1)
    if not has.any():
        return target
    rows, g, owner, prot = rows[has], g[has], owner[has], prot[has]
    options = np.concatenate([np.ones((len(rows), 1), bool), prot], axis=1)
    choice = eng.decide("protector_redirect", g, owner, options, amount=amount[rows],
                        target=target[rows])
    moved = choice > 0
    target = target.copy()
    target[rows[moved]] = k + p + owner[moved] * s + (choice[moved] - 1)
    return target
