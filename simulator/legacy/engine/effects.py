"""The effect interpreter: runs the steps of the vocabulary (cards/vocabulary.py) on masks.

Dispatch is by card, not by game: the games that trigger the same card run its steps
together, so the Python loop is over the (few) distinct cards and steps, never over games.
After each step (one indivisible action) defeats are checked (R4.4).

The side of a step is its controller: a player index, or ``ADVERSARY_SIDE`` (-1) for
Adversary cards, whose open choices are made by the players (the active player decides).
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine import damage as dmg
from simulator.legacy.engine.board import (
    TO_DECK_THIRD,
    TO_DECK_TOP,
    TO_DISCARD,
    TO_HAND,
    board_cards,
    check_defeats,
    component_counts,
    component_slots,
    is_mage_noir,
    leave_board,
)
from simulator.legacy.engine.core import DecisionSeries, Engine, EngineError, ranked_columns
from simulator.legacy.engine.mana import add_to_ether, pay_effect_cost, take_from_ether
from simulator.legacy.engine.state import EQUIPMENT, PERMANENT, PREPARED, RUNNING
from simulator.legacy.engine.tables import WORD_INDEX
from simulator.legacy.engine.zones import (
    append_to_deck,
    deck_counts,
    discard_chosen,
    draw,
    remove_from_deck,
    shuffle_deck,
)

ADV = dmg.ADVERSARY_SIDE


class Step:
    """One step applied to the games of one card: the shared arguments of every op."""

    def __init__(self, eng: Engine, params: dict, games: np.ndarray, side: np.ndarray,
                 card: np.ndarray, slot: np.ndarray | None):
        self.eng, self.p, self.games, self.side, self.card, self.slot = (
            eng, params, games, side, card, slot)

    @property
    def player(self) -> np.ndarray:
        """(n,) the controlling player (0 for Adversary steps; use ``decider`` for choices)."""
        return np.maximum(self.side, 0)

    @property
    def decider(self) -> np.ndarray:
        """(n,) who makes this step's choices: the controller, or the active player."""
        return np.where(self.side == ADV, self.eng.active[self.games], self.side)

    def mage_noir(self) -> np.ndarray:
        mn = is_mage_noir(self.eng, self.games, self.player)
        return mn & (self.side != ADV)

    def amount(self) -> np.ndarray:
        """(n,) amount, with ``amount_mn`` for Mage Noir controllers and ``per`` counts."""
        base = np.full(len(self.games), self.p.get("amount", 0), np.int64)
        if "amount_mn" in self.p:
            base = np.where(self.mage_noir(), self.p["amount_mn"], base)
        if "per" in self.p:
            base = base * count(self, self.p["per"])
        return base


def count(step: Step, spec: str) -> np.ndarray:
    """(n,) value of a ``per`` count (vocabulary.COUNTS)."""
    from simulator.legacy.engine.handlers_components import (
        component_instances,
        granted_words,
        water_components,
    )

    eng, g, pl = step.eng, step.games, step.player
    name, _, word = spec.partition(":")
    st = eng.state
    # Component counts include the extra instances and words cards grant (Water drop,
    # Prodigious source, Prodigious sowing: engine/handlers_components.py).
    if name == "own_component":
        return component_instances(eng, g, pl, [WORD_INDEX[word]])[:, 0] * (step.side != ADV)
    if name == "component_in_play":
        return sum(component_instances(eng, g, np.full(len(g), q), [WORD_INDEX[word]])[:, 0]
                   for q in range(st.players))
    if name == "water_components_in_play":
        return water_components(eng, g)
    if name == "trees_in_play":
        tree = WORD_INDEX["Tree"]
        cards = np.maximum(st.board_card[g], 0)
        own = ((st.board_zone[g] >= 2) & (eng.tables.provides[cards, tree] > 0)).sum((1, 2))
        return own + sum(granted_words(eng, g, np.full(len(g), q), [tree])[:, :, 0].sum(axis=1)
                         for q in range(st.players))
    if name == "this_hp":
        return st.board_hp[g, pl, step.slot]
    if name == "locked_on_component":
        return step.chosen_locked if hasattr(step, "chosen_locked") else np.zeros(len(g), int)
    raise EngineError(f"unknown count {spec!r}")


def condition(step: Step, spec: str) -> np.ndarray:
    """(n,) bool value of an ``if`` condition (vocabulary.CONDITIONS)."""
    name, _, word = spec.partition(":")
    if name == "mage_noir":
        return step.mage_noir()
    if name == "not_mage_noir":
        return ~step.mage_noir()
    if name == "controls_component":
        counts = component_counts(step.eng, step.games, step.player, [WORD_INDEX[word]])
        return (counts[:, 0] > 0) & (step.side != ADV)
    if name == "adversary_present":
        from simulator.legacy.engine.state import adversary_present

        return adversary_present(step.eng.state, step.eng.tables.is_adversary, step.games)
    raise EngineError(f"unknown condition {spec!r}")


# --- targets ------------------------------------------------------------------------

# The target_masks categories each target kind reads (building the others would be wasted).
TARGET_MASKS = {
    "opponent": ("adversary", "players"),
    "any": dmg.MASK_NAMES,
    "any_permanent": ("adv_permanents", "player_permanents"),
    "self": ("adversary",),
    "adversary": ("adversary",),
    "all_players": ("players",),
    "active_player": ("players",),
    "opponent_permanents": ("adv_permanents", "player_permanents"),
    "opponent_and_permanents": dmg.MASK_NAMES,
    "own_vegetal_permanents": ("player_permanents",),
}


def targets(step: Step, name: str, purpose: str) -> np.ndarray:
    """(n, T) bool: the targets hit, one instance each; a single choice has one true."""
    eng, g = step.eng, step.games
    n = len(g)
    masks = dmg.target_masks(eng, g, TARGET_MASKS.get(name, ()))
    k, p, s = dmg.space(eng)
    tcount = k + p + p * s
    out = np.zeros((n, tcount), bool)
    rows = np.arange(n)
    adv_side = step.side == ADV
    if name == "opponent":
        # A player's opponent is the Adversary card (none before it is present); an
        # Adversary card's opponent is a player the players choose.
        out[~adv_side] = masks["adversary"][~adv_side]
        out[adv_side] = _choose(step, masks["players"], purpose, adv_side)[adv_side]
    elif name == "any":
        legal = masks["adversary"] | masks["adv_permanents"] | masks["players"] | masks[
            "player_permanents"]
        out = _choose(step, legal, purpose)
    elif name == "any_permanent":
        out = _choose(step, masks["adv_permanents"] | masks["player_permanents"], purpose)
    elif name == "self":
        out[rows, k + step.player] = ~adv_side
        out[adv_side] = masks["adversary"][adv_side]
    elif name == "adversary":
        out = masks["adversary"].copy()
    elif name == "this":
        out[rows, k + p + step.player * s + step.slot] = True
    elif name == "all_players":
        out = masks["players"].copy()
    elif name == "active_player":
        out[rows, k + eng.active[g]] = True
        out &= masks["players"]
    elif name == "player_most_hp":
        hp = np.where(eng.state.out[g], np.iinfo(np.int32).min, eng.state.hp[g])
        top = hp == hp.max(axis=1, keepdims=True)
        legal = np.zeros((n, tcount), bool)
        legal[:, k:k + p] = top & ~eng.state.out[g]
        out = _choose(step, legal, purpose)
    elif name == "opponent_permanents":
        out[~adv_side] = masks["adv_permanents"][~adv_side]
        out[adv_side] = masks["player_permanents"][adv_side]
    elif name == "opponent_and_permanents":
        out[~adv_side] = (masks["adversary"] | masks["adv_permanents"])[~adv_side]
        out[adv_side] = (masks["players"] | masks["player_permanents"])[adv_side]
    elif name == "own_vegetal_permanents":
        veg = ELEMENTS.index("vegetal")
        cards = board_cards(eng, g, step.player)
        own = np.zeros((n, p, s), bool)
        own[rows, step.player] = eng.tables.element[cards] == veg
        out = masks["player_permanents"] & np.concatenate(
            [np.zeros((n, k + p), bool), own.reshape(n, p * s)], axis=1)
    else:
        raise EngineError(f"unknown target {name!r}")
    return out


def targets_legal(step: Step, name: str) -> np.ndarray:
    """(n, T) bool legal choices for a single-target kind (only "any" is needed so far)."""
    if name != "any":
        raise EngineError(f"targets_legal does not support {name!r}")
    m = dmg.target_masks(step.eng, step.games)
    return m["adversary"] | m["adv_permanents"] | m["players"] | m["player_permanents"]


def _choose(step: Step, legal: np.ndarray, purpose: str,
            rows_mask: np.ndarray | None = None) -> np.ndarray:
    """One target per game among ``legal`` (a decision when there is a choice)."""
    out = np.zeros_like(legal)
    ask = legal.any(axis=1) if rows_mask is None else legal.any(axis=1) & rows_mask
    if ask.any():
        r = np.flatnonzero(ask)
        choice = step.eng.decide("target", step.games[r], step.decider[r], legal[r],
                                 purpose=purpose, side=step.side[r], card=step.card[r])
        out[r, choice] = True
    return out


# --- ops ----------------------------------------------------------------------------

def op_damage(step: Step) -> None:
    """Damage to each hit target; a game's targets in increasing target order, the i-th
    target of every game in one call (``core.ranked_columns``)."""
    hit = targets(step, step.p["target"], "damage")  # (n, T)
    amount = step.amount()
    unpreventable = bool(step.p.get("unpreventable", False))
    for r, t in ranked_columns(hit):
        a = amount[r]
        if (step.side[r] == ADV).any() and "amount_mn" in step.p:
            a = _adversary_amount(step, r, t)
        dmg.deal_damage(step.eng, step.games[r], step.side[r], step.card[r], t, a, unpreventable)


def _adversary_amount(step: Step, rows: np.ndarray, t: np.ndarray) -> np.ndarray:
    """(m,) an Adversary card's amount on each target ``t`` (m,): ``amount_mn`` when the
    target is a player who is a Mage Noir."""
    k, p, _ = dmg.space(step.eng)
    base = np.full(len(rows), step.p["amount"], np.int64)
    on_player = np.flatnonzero((t >= k) & (t < k + p))
    if len(on_player):
        target_mn = is_mage_noir(step.eng, step.games[rows[on_player]], t[on_player] - k)
        base[on_player] = np.where(target_mn, step.p["amount_mn"], base[on_player])
    return base


def op_distribute_damage(step: Step) -> None:
    """Split AMOUNT between 1..max_targets distinct targets, one point at a time (each point
    is a ``target`` decision); each distinct target then takes one instance (R11.3)."""
    total = step.amount()
    limit = int(step.p.get("max_targets", max(int(total.max(initial=0)), 1)))
    legal_any = targets_legal(step, "any")
    assigned = np.zeros(legal_any.shape, np.int64)
    for k in range(int(total.max(initial=0))):
        r = np.flatnonzero(total > k)
        chosen = assigned[r] > 0
        full = chosen.sum(axis=1) >= limit
        legal = np.where(full[:, None], chosen, legal_any[r])
        ask = legal.any(axis=1)
        r, legal = r[ask], legal[ask]
        if len(r) == 0:
            break
        t = step.eng.decide("target", step.games[r], step.decider[r], legal, purpose="damage",
                            side=step.side[r], card=step.card[r])
        assigned[r, t] += 1
    for r, t in ranked_columns(assigned > 0):
        dmg.deal_damage(step.eng, step.games[r], step.side[r], step.card[r], t, assigned[r, t])


def op_lose_hp(step: Step) -> None:
    hit = targets(step, step.p["target"], "lose_hp")
    amount = step.amount()
    k, p, s = dmg.space(step.eng)
    for t in np.flatnonzero(hit.any(axis=0)):
        r = np.flatnonzero(hit[:, t])
        if k <= t < k + p:
            dmg.lose_hp(step.eng, step.games[r], np.full(len(r), t - k), amount[r])
        elif t >= k + p:
            pl, sl = divmod(t - k - p, s)
            dmg.damage_permanent(step.eng, step.games[r], np.full(len(r), pl),
                                 np.full(len(r), sl), amount[r])
        else:
            g = step.games[r]
            step.eng.state.adv_hp[g, t] -= amount[r].astype(np.int32)
            dead = step.eng.state.adv_hp[g, t] <= 0
            from simulator.legacy.engine.board import adversary_destroyed

            adversary_destroyed(step.eng, g[dead], np.full(int(dead.sum()), t))


def op_lose_half_hp(step: Step) -> None:
    g, pl = step.games, step.player
    dmg.lose_hp(step.eng, g, pl, step.eng.state.hp[g, pl] // 2)


def op_heal(step: Step) -> None:
    hit = targets(step, step.p["target"], "heal")
    amount = step.amount()
    for r, t in ranked_columns(hit):
        dmg.heal_target(step.eng, step.games[r], t, amount[r])


def op_draw(step: Step) -> None:
    mine = step.side != ADV
    draw(step.eng, step.games[mine], step.player[mine], step.amount()[mine])


def op_discard_from_hand(step: Step) -> None:
    eng = step.eng
    who = step.player if step.p.get("target", "self") == "self" else _target_players(step)
    for _ in range(int(step.amount().max(initial=0))):
        hand = eng.state.hand[step.games, who] > 0
        r = np.flatnonzero(hand.any(axis=1) & (who >= 0))
        if len(r) == 0:
            return
        discard_chosen(eng, step.games[r], who[r], hand[r])


def _target_players(step: Step) -> np.ndarray:
    """(n,) the player a hand-targeting step aims at; -1 when it has no valid player."""
    k, p, _ = dmg.space(step.eng)
    hit = targets(step, step.p["target"], "hand")
    players = hit[:, k:k + p]
    return np.where(players.any(axis=1), np.argmax(players, axis=1), -1)


def op_take_mana(step: Step) -> None:
    """Take up to AMOUNT Mana (of ELEMENT) from the Available Ether, or create it.

    From the Available Ether the player picks each Mana's pile and may stop early
    (:func:`~simulator.legacy.engine.mana.take_from_ether`).
    """
    eng, g, pl = step.eng, step.games, step.player
    amount = step.amount() * (step.side != ADV)
    element = step.p.get("element")
    if step.p.get("source") == "infinite":
        e = ELEMENTS.index(element)
        eng.state.reserve[g, pl, e] += amount.astype(np.int32)
        return
    take_from_ether(eng, g, pl, amount, ELEMENTS.index(element) if element else None)


def op_add_mana(step: Step) -> None:
    """Add AMOUNT Mana from the Infinite Ether to the Available Ether (placement rule)."""
    amount = step.amount()
    element = step.p.get("element")
    mana = np.zeros((len(step.games), len(ELEMENTS)), np.int64)
    if element:
        mana[:, ELEMENTS.index(element)] = amount
        add_to_ether(step.eng, step.games, step.decider, mana)
        return
    series = DecisionSeries(step.games, step.decider)  # the elements, then their placement
    mana = choose_mana_elements(step.eng, step.games, step.decider, amount, series)
    add_to_ether(step.eng, step.games, step.decider, mana, series)


def choose_mana_elements(eng: Engine, games: np.ndarray, decider: np.ndarray,
                         amount: np.ndarray, series: DecisionSeries | None = None) -> np.ndarray:
    """(n, E) elements chosen one Mana at a time by the deciding player.

    The choices only fill ``mana``: the state is unchanged between them (one series; pass
    ``series``, over the same games and deciders, to continue it with the Mana's placement).
    """
    mana = np.zeros((len(games), len(ELEMENTS)), np.int64)
    series = DecisionSeries(games, decider) if series is None else series
    for k in range(int(amount.max(initial=0))):
        r = np.flatnonzero(amount > k)
        options = np.ones((len(r), len(ELEMENTS)), bool)
        e = eng.decide("mana_element", games[r], decider[r], options, chosen=mana[r],
                       series=series, rows=r)
        mana[r, e] += 1
    return mana


def op_destroy(step: Step) -> None:
    """Destroy one Permanent and/or Equipment (either side); Rituals and Indestructible are immune."""
    eng, g = step.eng, step.games
    st = eng.state
    what = step.p["what"]
    k, p, s = dmg.space(eng)
    zones = {"permanent": (PERMANENT,), "equipment": (EQUIPMENT,),
             "permanent_or_equipment": (PERMANENT, EQUIPMENT)}[what]
    kinds = {"permanent": ("keyword",), "equipment": ("equipment",),
             "permanent_or_equipment": ("keyword", "equipment")}[what]
    from simulator.legacy.engine.tables import ADV_KINDS

    adv_cards = st.adv_card[g]
    adv_kind = eng.tables.adv_kind[np.maximum(adv_cards, 0, dtype=np.intp)]
    adv_ok = (adv_cards >= 0) & np.isin(adv_kind, [ADV_KINDS.index(x) for x in kinds])
    from simulator.legacy.engine.abilities import before_destroy
    from simulator.legacy.engine.handlers_common import indestructible_all

    zone = st.board_zone[g]
    pl_ok = np.isin(zone, zones) & ~indestructible_all(eng, g)  # keyword or made so this turn
    legal = np.concatenate([adv_ok, np.zeros((len(g), p), bool), pl_ok.reshape(len(g), p * s)], 1)
    r = np.flatnonzero(legal.any(axis=1))
    if len(r) == 0:
        return
    choice = eng.decide("destroy_target", g[r], step.decider[r], legal[r], what=what)
    on_adv = choice < k
    from simulator.legacy.engine.board import adversary_destroyed

    adversary_destroyed(eng, g[r][on_adv], choice[on_adv])
    pl, sl = np.divmod(choice[~on_adv] - k - p, s)
    g, side = g[r][~on_adv], step.side[r][~on_adv]
    # "At any time" window between the announced target and the destruction (the
    # Warrior-mage ritual); a target made indestructible is no longer valid: nothing happens.
    before_destroy(eng, g, side, pl, sl)
    still = ~indestructible_all(eng, g)[np.arange(len(g)), pl, sl] & (st.board_card[g, pl, sl] >= 0)
    leave_board(eng, g[still], pl[still], sl[still], TO_DISCARD)


def _choose_own_component(step: Step, word: str,
                          exclude: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(rows, slots): one own component providing WORD per game that has one.

    exclude: (n, S) bool slots that may not be chosen.
    """
    mine = step.side != ADV
    slots = component_slots(step.eng, step.games, step.player, WORD_INDEX[word]) & mine[:, None]
    if exclude is not None:
        slots &= ~exclude
    r = np.flatnonzero(slots.any(axis=1))
    if len(r) == 0:
        return r, r
    choice = step.eng.decide("own_component", step.games[r], step.player[r], slots[r], word=word)
    return r, choice


def op_return_component(step: Step) -> None:
    r, slot = _choose_own_component(step, step.p["word"])
    dest = TO_DECK_THIRD if step.p.get("position", 3) == 3 else TO_DECK_TOP
    leave_board(step.eng, step.games[r], step.player[r], slot, dest)


def op_apply_component(step: Step) -> None:
    """Apply the activate effects of one own component (it stays in play). A card whose
    effects are being applied cannot be chosen again in the same chain, so two Wave echoes
    cannot apply each other forever."""
    eng = step.eng
    applying = eng.applying[step.games, step.player]
    if step.slot is not None:
        applying = applying.copy()
        applying[np.arange(len(step.games)), step.slot] = True
    r, slot = _choose_own_component(step, step.p["word"], exclude=applying)
    if len(r) == 0:
        return
    g, pl = step.games[r], step.player[r]
    card = eng.state.board_card[g, pl, slot].astype(np.int64)
    eng.applying[g, pl, slot] = True
    if step.slot is not None:
        eng.applying[g, pl, step.slot[r]] = True
    try:
        run_trigger(eng, "activate", g, pl, card, slot)
    finally:
        eng.applying[g, pl, slot] = False
        if step.slot is not None:
            eng.applying[g, pl, step.slot[r]] = False
    step.applied = (r, slot)


def op_return_equipment_to_hand(step: Step) -> None:
    """Return one Equipment to its owner's hand (the Adversary has no hand: no effect there)."""
    _return_from_board(step, EQUIPMENT, TO_HAND, "return_equipment")


def op_return_prepared_to_deck(step: Step) -> None:
    _return_from_board(step, PREPARED, TO_DECK_TOP, "return_prepared")


def _return_from_board(step: Step, zone: int, dest: int, kind: str) -> None:
    eng, g = step.eng, step.games
    n, p, s = len(g), eng.state.players, eng.state.board_card.shape[2]
    legal = eng.state.board_zone[g] == zone  # (n, P, S)
    if step.slot is not None:
        # "1 prepared spell" means another one: the spell being activated is not a choice.
        legal[np.arange(n), step.player, step.slot] = False
    legal = legal.reshape(n, p * s)
    r = np.flatnonzero(legal.any(axis=1) & (step.side != ADV))
    if len(r) == 0:
        return
    choice = eng.decide(kind, g[r], step.decider[r], legal[r])
    pl, sl = np.divmod(choice, s)
    leave_board(eng, g[r], pl, sl, dest)


def op_discard_prepared(step: Step) -> None:
    """Discard the opponent's prepared spells: the Adversary never has any, so in solo and
    co-op this only acts for Adversary cards aimed at the players (not used by them yet)."""
    if (step.side == ADV).any():
        raise EngineError("discard_prepared from an Adversary card is not supported yet")


def op_search_deck(step: Step) -> None:
    eng, g, pl = step.eng, step.games, step.player
    word = WORD_INDEX[step.p["word"]]
    in_deck = deck_counts(eng, g, pl) > 0
    legal = in_deck & (eng.tables.provides[None, :, word] > 0)
    r = np.flatnonzero(legal.any(axis=1) & (step.side != ADV))
    if len(r):
        card = eng.decide("search_deck", g[r], pl[r], legal[r])
        remove_from_deck(eng, g[r], pl[r], card)
        eng.state.hand[g[r], pl[r], card] += 1
    shuffle_deck(eng, g[step.side != ADV], pl[step.side != ADV])


def op_recycle_discard(step: Step) -> None:
    eng, g, pl = step.eng, step.games, step.player
    for _ in range(int(step.amount().max(initial=0))):
        legal = eng.state.discard[g, pl] > 0
        r = np.flatnonzero(legal.any(axis=1) & (step.side != ADV))
        if len(r) == 0:
            break
        card = eng.decide("recycle_discard", g[r], pl[r], legal[r])
        eng.state.discard[g[r], pl[r], card] -= 1
        append_to_deck(eng, g[r], pl[r], card)
    shuffle_deck(eng, g[step.side != ADV], pl[step.side != ADV])


def op_return_from_discard(step: Step) -> None:
    eng, g, pl = step.eng, step.games, step.player
    legal = eng.state.discard[g, pl] > 0
    if "word" in step.p:
        legal &= eng.tables.provides[None, :, WORD_INDEX[step.p["word"]]] > 0
    r = np.flatnonzero(legal.any(axis=1) & (step.side != ADV))
    if len(r) == 0:
        return
    card = eng.decide("return_from_discard", g[r], pl[r], legal[r])
    eng.state.discard[g[r], pl[r], card] -= 1
    eng.state.hand[g[r], pl[r], card] += 1


def op_pay_or_discard(step: Step) -> None:
    """Pay COST from the reserve, or this card is destroyed (R6.2: forced when unaffordable)."""
    eng, g, pl = step.eng, step.games, step.player
    cost = np.zeros(len(ELEMENTS), np.int32)
    for element, n in step.p["cost"].items():
        cost[ELEMENTS.index(element)] = n
    can = (eng.state.reserve[g, pl] >= cost).all(axis=1)
    pay = np.zeros(len(g), bool)
    r = np.flatnonzero(can)
    if len(r):
        options = np.ones((len(r), 2), bool)
        pay[r] = eng.decide("pay_upkeep", g[r], pl[r], options, card=step.card[r]) == 1
    pay_effect_cost(eng, g[pay], pl[pay], np.broadcast_to(cost, (pay.sum(), len(cost))).copy())
    leave_board(eng, g[~pay], pl[~pay], step.slot[~pay], TO_DISCARD)


def op_destroy_self(step: Step) -> None:
    leave_board(step.eng, step.games, step.player, step.slot, TO_DISCARD)


def op_win(step: Step) -> None:
    st = step.eng.state
    st.outcome[step.games] = 1
    st.end_turn[step.games] = st.turn[step.games]


def op_handler(step: Step) -> None:
    from simulator.legacy.engine.handlers import HANDLERS

    HANDLERS[step.p["name"]](step)


OP_FUNCTIONS = {
    "damage": op_damage, "distribute_damage": op_distribute_damage, "lose_hp": op_lose_hp,
    "lose_half_hp": op_lose_half_hp, "heal": op_heal, "draw": op_draw,
    "discard_from_hand": op_discard_from_hand, "take_mana": op_take_mana,
    "add_mana": op_add_mana, "destroy": op_destroy, "return_component": op_return_component,
    "apply_component": op_apply_component,
    "return_equipment_to_hand": op_return_equipment_to_hand,
    "return_prepared_to_deck": op_return_prepared_to_deck,
    "discard_prepared": op_discard_prepared, "search_deck": op_search_deck,
    "recycle_discard": op_recycle_discard, "return_from_discard": op_return_from_discard,
    "pay_or_discard": op_pay_or_discard, "destroy_self": op_destroy_self, "win": op_win,
    "handler": op_handler,
}


def run_steps(eng: Engine, steps: list, games: np.ndarray, side: np.ndarray,
              card: np.ndarray, slot: np.ndarray | None) -> None:
    """Run a list of steps for games that all trigger the same card."""
    from simulator.legacy.engine.handlers_fire import hp_triggers_deferred

    for params in steps:
        live = eng.state.outcome[games] == RUNNING
        live &= np.where(side >= 0, ~eng.state.out[games, np.maximum(side, 0)], True)
        if not live.any():
            return
        step = Step(eng, params, games[live], side[live], card[live],
                    None if slot is None else slot[live])
        if "if" in params:
            keep = condition(step, params["if"])
            step = Step(eng, params, step.games[keep], step.side[keep], step.card[keep],
                        None if step.slot is None else step.slot[keep])
            if len(step.games) == 0:
                continue
        with hp_triggers_deferred(eng):  # one step is one indivisible action (Crimson ring)
            OP_FUNCTIONS[params["op"]](step)
        check_defeats(eng)


def run_trigger(eng: Engine, trigger: str, games: np.ndarray, side: np.ndarray,
                card: np.ndarray, slot: np.ndarray | None) -> None:
    """Run ``trigger`` of each game's card, grouping the games by card."""
    games, side, card = np.asarray(games), np.asarray(side), np.asarray(card)
    if len(games) == 0:
        return
    for c in np.unique(card):
        steps = eng.tables.effects[int(c)].get(trigger)
        if not steps:
            continue
        r = card == c
        run_steps(eng, steps, games[r], side[r], card[r], None if slot is None else slot[r])
