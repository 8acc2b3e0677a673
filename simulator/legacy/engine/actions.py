"""Main-phase actions (RULES.md R7): prepare, activate, channel, trade; legality and effects.

The action space of one decision is flat: ``0`` ends the main phase, then one entry per
board slot to use the ability of the card in it (engine/abilities.py), one per card kind to
prepare, one per board slot to activate, one per slot to channel, and one per element to
take in a trade. :func:`legal_actions` builds the mask, the policy picks, and
:func:`apply_actions` carries out each group of games that chose the same kind of action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from simulator.cards import COMPONENT_WORDS, ELEMENTS
from simulator.legacy.engine.abilities import ability_legal, use_ability
from simulator.legacy.engine.board import (
    TO_DISCARD,
    board_cards,
    component_counts,
    component_slots,
    free_slot,
    in_play_static,
    is_mage_noir,
    leave_board,
    place_card,
)
from simulator.legacy.engine.core import Engine, EngineError, ranked_columns
from simulator.legacy.engine.effects import run_trigger
from simulator.legacy.engine.handlers import (
    component_instances,
    component_requirements,
    extra_component_slots,
    fewer_components_allowed,
    granted_words,
    indestructible_slots,
    record_used_components,
    source_extra_slots,
    spend_extra_instance,
    subtle_infiltration_trade,
    trade_price,
)
from simulator.legacy.engine.int_products import count_product
from simulator.legacy.engine.mana import add_to_ether
from simulator.legacy.engine.short_axis import covers, sum_last
from simulator.legacy.engine.state import CHANNELED, EQUIPMENT, PERMANENT, PREPARED, RITUAL, player_rows
from simulator.legacy.engine.tables import WORD_INDEX, word_columns
from simulator.legacy.engine.usage import count_actions
from simulator.legacy.engine.zones import discard_chosen

E = len(ELEMENTS)
ZONE_OF_TYPE = np.array([PREPARED, PERMANENT, EQUIPMENT, RITUAL], np.int8)  # by CARD_TYPES


@dataclass(frozen=True)
class ActionSpace:
    """Offsets of each action group in the flat action index."""

    cards: int
    slots: int

    @property
    def ability(self) -> int:
        return 1

    @property
    def prepare(self) -> int:
        return 1 + self.slots

    @property
    def activate(self) -> int:
        return 1 + self.slots + self.cards

    @property
    def channel(self) -> int:
        return 1 + 2 * self.slots + self.cards

    @property
    def trade(self) -> int:
        return 1 + 3 * self.slots + self.cards

    @property
    def size(self) -> int:
        return 1 + 3 * self.slots + self.cards + E


def action_space(eng: Engine) -> ActionSpace:
    return ActionSpace(eng.state.hand.shape[2], eng.state.board_card.shape[2])


# --- costs and components ----------------------------------------------------------

def effective_cost(eng: Engine, games: np.ndarray, player: np.ndarray,
                   mage_noir: np.ndarray | None = None, kinds: int | None = None) -> np.ndarray:
    """(n, C, E) int64 Mana cost of preparing each card kind now, after reductions (R6.3).

    Without any cost reduction in the batch this is a read-only broadcast view of the
    printed costs (no (n, C, E) copy). mage_noir: the players' :func:`is_mage_noir` when the
    caller has it already. kinds: only the first ``kinds`` card kinds (the player cards,
    ``tables.n_player_cards``: the Adversary's cards, often half the table, are never
    prepared, and the reductions only lower player cards' costs).
    """
    t = eng.tables
    n = len(games)
    kinds = t.size if kinds is None else kinds
    printed = np.broadcast_to(t.cost[:kinds].astype(np.int64), (n, kinds, t.cost.shape[1]))  # view
    if not eng.statics.cost_reductions:
        return printed
    cost = printed.copy()
    mn = is_mage_noir(eng, games, player) if mage_noir is None else mage_noir
    cards = active = None  # (n, S) board cards and their static flag, for auras only
    for red in eng.statics.cost_reductions:
        amount = np.where(mn, red.amount_mn, red.amount)
        cond = np.ones(n, bool)
        if red.condition == "mage_noir":
            cond = mn
        elif red.condition.startswith("controls_component:"):
            word = WORD_INDEX[red.condition.split(":")[1]]
            cond = component_counts(eng, games, player, [word])[:, 0] > 0
        if red.self_only:
            if red.card < kinds:  # else a card whose cost was not asked for
                cost[:, red.card, red.element] -= amount * cond
            continue
        if cards is None:
            cards, active = board_cards(eng, games, player), in_play_static(eng, games, player)
        copies = ((cards == red.card) & active).sum(axis=1) * cond
        applies = np.ones(kinds, bool)
        if red.card_element >= 0:
            applies &= t.element[:kinds] == red.card_element
        if red.word >= 0:
            applies &= t.provides[:kinds, red.word] > 0
        cost[:, applies, red.element] -= (copies * amount)[:, None]
    return np.maximum(cost, 0, out=cost)


def same_for_every_game(cost: np.ndarray) -> bool:
    """True when ``cost`` (n, C, E) is :func:`effective_cost`'s broadcast view of the printed
    costs (no reduction in the batch): every game's row is the same, so readers may use the
    first one instead of gathering per game."""
    return cost.strides[0] == 0


def component_shortfall(eng: Engine, games: np.ndarray, player: np.ndarray,
                        words: np.ndarray | None = None, kinds: int | None = None) -> np.ndarray:
    """(n, C, W) component words missing to prepare each card kind (0 when satisfied).

    words: (W,) the word columns (``tables.word_layout``; None: all 35 words). Only the
    words some card requires (``eng.tables.words``) can be missing: the rules and the bots
    pass that compact layout, the full one is for callers indexing by ``WORD_INDEX``.
    kinds: only the first ``kinds`` card kinds (the player cards, see :class:`Readiness`).
    """
    have = component_instances(eng, games, player, words)  # (n, W) Water drop, Prodigious cards
    need = component_requirements(eng, games, player, words)[:, :kinds]  # (n, C, W) Fire mask
    return np.maximum(need - have[:, None, :], 0)


@dataclass(frozen=True)
class Readiness:
    """What preparing each card kind takes of one player per game, at one moment.

    Why: one main-phase decision reads these arrays in :func:`legal_actions`, in the
    policy's ``main_action`` scores, in ``usage.castable_now`` and in :func:`prepare`;
    computing them once per decision instead of in each reader (3 to 5 times) was one of
    the engine's largest savings. They describe the state when they were built:
    ``turns.main_phase`` builds them right before :func:`legal_actions`, and
    :func:`apply_actions` stops handing them on once one action has changed the state.
    Every reader also works without them (``ready=None``: computed afresh).

    Only the player cards are covered (``Cp = tables.n_player_cards`` columns, local ids
    ``0 .. Cp-1``): the Adversary's cards, often half the table, are never prepared.
    """

    games: np.ndarray      # (n,) game indices
    player: np.ndarray     # (n,) the player of each game
    cost: np.ndarray       # (n, Cp, E) int64 effective_cost (read-only)
    shortfall: np.ndarray  # (n, Cp, W) int64 component_shortfall over the columns ``words``
    words: np.ndarray      # (W,) the batch's required words (BatchTables.words)
    mage_noir: np.ndarray  # (n,) bool is_mage_noir
    missing: np.ndarray    # (n, Cp) int64 words missing in all (shortfall summed over words)
    reserve: np.ndarray    # (n, E) the players' reserves

    @cached_property
    def affordable(self) -> np.ndarray:
        """(n, Cp) bool the reserve covers the cost. Computed on first read: the bots' Mana
        decisions build a Readiness for the costs and missing components alone."""
        return covers(self.reserve, self.cost)

    def costs_at(self, rows: np.ndarray, cards: np.ndarray) -> np.ndarray:
        """(m, E) int64 cost of card ``cards[i]`` for game row ``rows[i]``: one row of the
        printed costs per card when they are the same for every game, rather than a gather
        from their (n, Cp, E) broadcast view."""
        if same_for_every_game(self.cost) and len(self.cost):
            return self.cost[0, cards]
        return self.cost[rows, cards]

    def rows(self, r: np.ndarray) -> Readiness:
        """The same facts for a subset of the games (r: row indices or a boolean mask);
        itself, without copying, when ``r`` is a mask keeping every game."""
        r = np.asarray(r)
        if r.dtype == bool:
            if r.shape == self.mage_noir.shape and r.all():
                return self
            r = np.flatnonzero(r)

        def rows(a: np.ndarray) -> np.ndarray:  # take: several times faster than a[r] on 2-D+
            return a.take(r, axis=0)

        games = self.games[r]
        if same_for_every_game(self.cost):  # the printed costs' broadcast view: stays a view
            cost = np.broadcast_to(self.cost[:1], (len(games),) + self.cost.shape[1:])
        else:
            cost = rows(self.cost)
        subset = Readiness(games, self.player[r], cost, rows(self.shortfall), self.words,
                           self.mage_noir[r], rows(self.missing), rows(self.reserve))
        if "affordable" in self.__dict__:  # already computed: its rows, not a new comparison
            subset.__dict__["affordable"] = rows(self.affordable)
        return subset

    def check(self, games: np.ndarray, player: np.ndarray) -> Readiness:
        """Itself, after making sure it was built for exactly these games and players (the
        very arrays it was built from, as in a main-phase decision, need no comparison)."""
        if games is self.games and player is self.player:
            return self
        if not (np.array_equal(self.games, games) and np.array_equal(self.player, player)):
            raise EngineError("Readiness used for other games or players than its own")
        return self


def readiness(eng: Engine, games: np.ndarray, player: np.ndarray,
              ready: Readiness | None = None) -> Readiness:
    """The :class:`Readiness` of the players in ``games`` now; ``ready`` when one is given
    (checked to be theirs)."""
    if ready is not None:
        return ready.check(games, player)
    mn = is_mage_noir(eng, games, player)
    words, kinds = eng.tables.words, eng.tables.n_player_cards
    cost = effective_cost(eng, games, player, mn, kinds)
    shortfall = component_shortfall(eng, games, player, words, kinds)
    reserve = player_rows(eng.state.reserve, games, player)
    return Readiness(np.asarray(games), np.asarray(player), cost, shortfall, words, mn,
                     sum_last(shortfall), reserve)


def can_prepare(eng: Engine, games: np.ndarray, player: np.ndarray,
                ready: Readiness | None = None) -> np.ndarray:
    """(n, C) bool: card kinds the player may prepare now (R7.1).

    ready: the :class:`Readiness` of these games, when the caller has it already.
    """
    st, t, s = eng.state, eng.tables, eng.statics
    ready = readiness(eng, games, player, ready)
    kinds = t.n_player_cards  # the Adversary's cards (columns kinds..C-1) are never prepared
    hand = player_rows(st.hand, games, player)[:, :kinds] > 0
    short = ready.shortfall  # (n, Cp, W) over the required words
    missing = ready.missing
    mn = ready.mage_noir
    ok = missing <= fewer_components_allowed(eng, games, player, mn)[:, :kinds]  # Mage Noir, King of trees
    alt_word, alt_element = s.alt_component[:kinds, 0], s.alt_component[:kinds, 1]
    if (alt_word >= 0).any():
        # e.g. Fire ball: discard another Fire card from hand instead of the Flame component.
        own_element_cards = _hand_cards_of_element(eng, games, player)
        alt_column = word_columns(ready.words, alt_word)  # -1: no card requires it, never missing
        for c in np.flatnonzero(alt_word >= 0):
            alt_short = short[:, c, alt_column[c]] if alt_column[c] >= 0 else 0
            only_that = (missing[:, c] == alt_short) & (missing[:, c] == 1)
            spare = own_element_cards[:, alt_element[c]] - (t.element[c] == alt_element[c])
            ok[:, c] |= only_that & (spare > 0)
    ok &= ~s.mage_noir_only[None, :kinds] | mn[:, None]
    unique = np.flatnonzero(s.unique[:kinds])
    if len(unique):  # Unique: never a second copy in play (e.g. King of trees)
        held = (player_rows(st.board_card, games, player)[:, :, None] == unique[None, None, :]).any(axis=1)
        ok[:, unique] &= ~held
    has_room = free_slot(eng, games, player) >= 0
    legal = np.zeros((len(games), t.size), bool)
    legal[:, :kinds] = hand & ready.affordable & ok & has_room[:, None]
    return legal


def _hand_cards_of_element(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, E) number of hand cards of each element."""
    kinds = eng.tables.n_player_cards  # Adversary cards have no element (-1): not counted
    hand = player_rows(eng.state.hand, games, player)[:, :kinds]  # (n, Cp)
    onehot = eng.tables.element[:kinds, None] == np.arange(E)[None, :]  # (Cp, E)
    return count_product(hand, onehot).astype(np.int64)


def legal_actions(eng: Engine, games: np.ndarray, player: np.ndarray,
                  ready: Readiness | None = None) -> np.ndarray:
    """(n, A) bool legal main-phase actions of the active player (ready: see can_prepare)."""
    st = eng.state
    space = action_space(eng)
    n = len(games)
    legal = np.zeros((n, space.size), bool)
    legal[:, 0] = True
    legal[:, space.ability:space.prepare] = ability_legal(eng, games, player)
    legal[:, space.prepare:space.activate] = can_prepare(eng, games, player, ready)
    zone = player_rows(st.board_zone, games, player)
    cards = board_cards(eng, games, player)
    slow = eng.statics.slowcast[cards]
    fresh = player_rows(st.board_turn, games, player) == st.turn[games][:, None]
    legal[:, space.activate:space.channel] = (zone == PREPARED) & ~(slow & fresh)
    legal[:, space.channel:space.trade] = zone == PREPARED
    legal[:, space.trade:] = tradeable_elements(eng, games, player)
    return legal


# --- trading -----------------------------------------------------------------------

def trade_pile(eng: Engine, games: np.ndarray) -> np.ndarray:
    """(n,) the pile a trade is made with: the largest (pile 0 on a tie)."""
    sizes = sum_last(eng.state.ether[games])
    return np.where(sizes[:, 1] > sizes[:, 0], 1, 0)


def tradeable_elements(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, E) elements that can be taken by a 2-for-1 trade (R6.5), or 1 for 1 (Favorable winds)."""
    st = eng.state
    enough = player_rows(st.reserve, games, player).sum(axis=1)[:, None] >= trade_price(eng, games, player)
    sizes = sum_last(st.ether[games])
    present = (st.ether[games, 0] > 0) & (sizes[:, 0] >= sizes[:, 1])[:, None]
    present |= (st.ether[games, 1] > 0) & (sizes[:, 1] >= sizes[:, 0])[:, None]
    return present & enough


def trade(eng: Engine, games: np.ndarray, player: np.ndarray, element: np.ndarray) -> None:
    """Give 2 Mana, take 1 of ``element`` from the largest pile (Q4: ``trade_mode``).

    Under Favorable winds a trade giving or taking Air is 1 for 1: taking Air costs 1 Mana,
    and giving 1 Air (as the first Mana given) completes the trade for another element.
    """
    st = eng.state
    sizes = sum_last(st.ether[games])
    has0 = (st.ether[games, 0, element] > 0) & (sizes[:, 0] >= sizes[:, 1])
    pile = np.where(has0, 0, 1)
    rows = np.arange(len(games))
    given = np.zeros((len(games), E), np.int64)
    price = trade_price(eng, games, player)  # (n, E)
    air = ELEMENTS.index("air")
    options = player_rows(st.reserve, games, player) > 0
    short = player_rows(st.reserve, games, player).sum(axis=1) < 2  # only a 1-for-1 trade is possible
    options[short & (element != air)] &= np.arange(E) == air
    air_completes = (price[rows, element] == 1) & (element != air)
    e = eng.decide("trade_give", games, player, options, take=element,
                   air_completes=air_completes, given=given.copy())
    given[rows, e] += 1
    more = np.flatnonzero(~((price[rows, element] == 1) & ((element == air) | (e == air))))
    if len(more):
        options = (st.reserve[games[more], player[more]] - given[more]) > 0
        e = eng.decide("trade_give", games[more], player[more], options, take=element[more],
                       given=given[more])
        given[more, e] += 1
    st.reserve[games, player] -= given.astype(np.int32)
    if eng.options.trade_mode == "largest_pile":
        st.ether[games, pile] += given.astype(np.int32)
        st.ether[games, pile, element] -= 1
    else:
        st.ether[games, pile, element] -= 1
        add_to_ether(eng, games, player, given)
    st.reserve[games, player, element] += 1
    eng.say(games, "trades {} Mana for 1 {}", given.sum(axis=1), [ELEMENTS[int(e)] for e in element])
    subtle_infiltration_trade(eng, games, player, given, element)  # trades involving Water


# --- prepare / activate / channel -------------------------------------------------

def prepare(eng: Engine, games: np.ndarray, player: np.ndarray, card: np.ndarray,
            ready: Readiness | None = None) -> None:
    """Prepare a card from hand: pay, designate components, enter the board (R7.1).

    ready: the :class:`Readiness` of these games when nothing changed since it was built.
    """
    st, t = eng.state, eng.tables
    n = len(games)
    rows = np.arange(n)
    if ready is None:
        cost, short, words = _chosen_card_needs(eng, games, player, card)
    else:
        ready.check(games, player)
        cost, short, words = ready.costs_at(rows, card), ready.shortfall[rows, card], ready.words
    st.hand[games, player, card] -= 1
    eng.say(games, "prepares {}", eng.names(card))
    use_alt = _use_alternative_component(eng, games, player, card, short, words)
    used = _designate_components(eng, games, player, card, use_alt, short, words)
    record_used_components(eng, games, player, used)  # e.g. Wand of air currents discards it
    slot = free_slot(eng, games, player)
    st.reserve[games, player] -= cost.astype(np.int32)
    place_card(eng, games, player, slot, card, ZONE_OF_TYPE[t.card_type[card]])
    st.board_mana[games, player, slot] = cost.astype(np.int32)
    _replace_equipment(eng, games, player, card, slot)
    _resolve_used_components(eng, games, player, card, used)
    entering = t.card_type[card] > 0
    run_trigger(eng, "enter", games[entering], player[entering], card[entering], slot[entering])
    _mark_mage_noir(eng, games, player)


def _use_alternative_component(eng: Engine, games: np.ndarray, player: np.ndarray,
                               card: np.ndarray, short: np.ndarray, words: np.ndarray) -> np.ndarray:
    """(n,) bool: the player discards a card of the named element from hand instead of the
    named component (Fire ball, Fission: a Fire card instead of the Flame), and has done so.

    Forced when that component is missing; when it is on the board too, an
    ``alternative_component`` decision (option 0 uses the component, 1 discards instead).
    The spell being prepared has already left the hand, so any card of that element counts.
    """
    st, t = eng.state, eng.tables
    alt_word, alt_element = eng.statics.alt_component[card, 0], eng.statics.alt_component[card, 1]
    alt_column = word_columns(words, alt_word)  # (n,) -1: no alternative (or never required)
    has_alt = np.flatnonzero(alt_column >= 0)
    use_alt = np.zeros(len(games), bool)
    if len(has_alt) == 0:
        return use_alt
    g, p = games[has_alt], player[has_alt]
    discardable = (st.hand[g, p] > 0) & (t.element[None, :] == alt_element[has_alt, None])  # (m, C)
    missing = short[has_alt, alt_column[has_alt]] > 0
    use_alt[has_alt] = missing
    ask = np.flatnonzero(~missing & discardable.any(axis=1))
    if len(ask):
        options = np.ones((len(ask), 2), bool)
        choice = eng.decide("alternative_component", g[ask], p[ask], options, card=card[has_alt[ask]],
                            word=alt_word[has_alt[ask]])
        use_alt[has_alt[ask]] = choice == 1
    r = np.flatnonzero(use_alt[has_alt])
    if len(r):
        discard_chosen(eng, g[r], p[r], discardable[r], reason="alternative_component", say=None)
    return use_alt


def _chosen_card_needs(eng: Engine, games: np.ndarray, player: np.ndarray,
                       card: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The needs of the one card each game prepares: (n, E) cost, (n, W) component
    shortfall over the required words, and those (W,) words. Equal to the rows of
    :func:`effective_cost` / :func:`component_shortfall`, without building the (n, C, W)
    shortfall of every card kind."""
    rows = np.arange(len(games))
    words = eng.tables.words
    cost = effective_cost(eng, games, player, kinds=eng.tables.n_player_cards)[rows, card]  # (n, E)
    have = component_instances(eng, games, player, words)  # (n, W)
    need = component_requirements(eng, games, player, words)[rows, card]  # (n, W)
    return cost, np.maximum(need - have, 0), words


def _designate_components(eng: Engine, games: np.ndarray, player: np.ndarray, card: np.ndarray,
                          use_alt: np.ndarray, short: np.ndarray, words: np.ndarray) -> np.ndarray:
    """(n, S) bool slots used as components, chosen one at a time by the player (R8.6).

    Within one word the cards are distinct (beyond Water drop's and Prodigious source's extra
    instances); across words one card may be designated for each word it provides, the
    reading :func:`component_shortfall` counts with.

    use_alt: (n,) the alternative cost replaced one instance of its word (Fire ball);
    short: (n, W) words missing over the columns ``words`` (the batch's required words).
    """
    s = eng.state.board_card.shape[2]
    rows = np.arange(len(games))
    used = np.zeros((len(games), s), bool)
    need = component_requirements(eng, games, player, words)[rows, card]  # (n, W) Fire mask
    alt_column = word_columns(words, eng.statics.alt_component[card, 0])
    covered = np.flatnonzero(use_alt)
    need[covered, alt_column[covered]] -= 1  # the discarded card stands for that instance
    short = short.copy()
    short[covered, alt_column[covered]] -= 1
    need -= _skipped_components(eng, games, player, card, need, short)
    extra = extra_component_slots(eng, games, player, words)  # (n, S, W) more designations
    lasting = source_extra_slots(eng, games, player, words)  # the part that is not Water drop's
    granted = granted_words(eng, games, player, words)  # (n, S, W) e.g. Prodigious sowing's Trees
    for j in np.flatnonzero(need.any(axis=0)):
        w = words[j]  # column j is word w of COMPONENT_WORDS
        times = np.zeros((len(games), s), np.int64)  # designations of each slot for word w
        for k in range(int(need[:, j].max())):
            want = need[:, j] > k
            # N of a word need N distinct cards (R8.5); a card providing two required words
            # (a Tree in flames: Tree and Flame) may serve both, as the counts assume.
            slots = (component_slots(eng, games, player, w) | granted[:, :, j]) & (times == 0)
            slots |= (times > 0) & (times <= extra[:, :, j])
            if (want & ~slots.any(axis=1)).any():
                raise EngineError(f"a card was prepared without its component {COMPONENT_WORDS[w]!r}")
            r = np.flatnonzero(want)
            if len(r):
                choice = eng.decide("use_component", games[r], player[r], slots[r],
                                    card=card[r], word=int(w))
                # Counted once more beyond Prodigious source: Water drop's once-per-turn use.
                drop = times[r, choice] > lasting[r, choice, j]
                spend_extra_instance(eng, games[r[drop]], player[r[drop]], choice[drop])
                times[r, choice] += 1
                used[r, choice] = True
    return used


def _skipped_components(eng: Engine, games: np.ndarray, player: np.ndarray, card: np.ndarray,
                        need: np.ndarray, short: np.ndarray) -> np.ndarray:
    """(n, W) component instances the player leaves out ("requires 1 less component": Tree in
    flames as a Mage Noir, twice with King of trees).

    One ``skip_component`` decision per instance the card may leave out: option 0 stops (legal
    once nothing is missing), option 1 + j leaves out one instance of word column j (legal
    while what is still missing fits in the skips left). A missing word must be left out; a
    word on the board may be too, which keeps that component (a Flame) in play.
    """
    skipped = np.zeros_like(need)
    left = fewer_components_allowed(eng, games, player)[np.arange(len(games)), card]  # (n,)
    short = short.copy()
    while True:
        r = np.flatnonzero((left > 0) & ((need - skipped).sum(axis=1) > 0))
        if len(r) == 0:
            return skipped
        missing = short[r].sum(axis=1)
        fits = missing[:, None] - (short[r] > 0) <= left[r, None] - 1  # (m, W)
        options = np.concatenate([(missing == 0)[:, None], fits & (need[r] - skipped[r] > 0)], axis=1)
        choice = eng.decide("skip_component", games[r], player[r], options, card=card[r],
                            short=short[r])
        stop = choice == 0
        left[r[stop]] = 0
        r, j = r[~stop], choice[~stop] - 1
        skipped[r, j] += 1
        short[r, j] = np.maximum(short[r, j] - 1, 0)
        left[r] -= 1


def _replace_equipment(eng: Engine, games: np.ndarray, player: np.ndarray, card: np.ndarray,
                       slot: np.ndarray) -> None:
    """One Equipment per slot: the old one of the same slot is discarded (R10.3)."""
    st, t = eng.state, eng.tables
    is_eq = t.card_type[card] == 2
    if not is_eq.any():
        return
    cards = board_cards(eng, games, player)
    same = (player_rows(st.board_zone, games, player) == EQUIPMENT) & (t.slot[cards] == t.slot[card][:, None])
    same[np.arange(len(games)), slot] = False
    same &= is_eq[:, None]
    same &= ~indestructible_slots(eng, games, player)  # keyword or Warrior-mage ritual
    g, s = np.nonzero(same)
    leave_board(eng, games[g], player[g], s, TO_DISCARD)


def _resolve_used_components(eng: Engine, games: np.ndarray, player: np.ndarray,
                             card: np.ndarray, used: np.ndarray) -> None:
    """'After this spell is used as a component' triggers; Equipment used for Equipment
    (and Forge cards) are discarded (R8.7)."""
    st, t = eng.state, eng.tables
    for r, slot in ranked_columns(used):  # a game's components in slot order
        g, p = games[r], player[r]
        comp = st.board_card[g, p, slot].astype(np.int64)
        run_trigger(eng, "used_as_component", g, p, comp, slot)
        still = st.board_card[g, p, slot] == comp
        for_equipment = t.card_type[card[r]] == 2
        indestructible = indestructible_slots(eng, g, p)[np.arange(len(r)), slot]
        equipment_used = (st.board_zone[g, p, slot] == EQUIPMENT) | eng.statics.forge[comp]
        gone = still & for_equipment & equipment_used & ~indestructible
        leave_board(eng, g[gone], p[gone], slot[gone], TO_DISCARD)


def activate(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Activate a prepared spell: effects, then discard, then release its Mana (R7.2)."""
    st = eng.state
    card = st.board_card[games, player, slot].astype(np.int64)
    eng.say(games, "activates {}", eng.names(card))
    run_trigger(eng, "activate", games, player, card, slot)
    still = st.board_card[games, player, slot] == card
    leave_board(eng, games[still], player[still], slot[still], TO_DISCARD)


def channel(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Channel a prepared spell: it becomes a component and keeps its Mana (R7.3)."""
    st = eng.state
    st.board_zone[games, player, slot] = CHANNELED
    card = st.board_card[games, player, slot]
    eng.say(games, "channels {}", eng.names(card))


def _mark_mage_noir(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    st = eng.state
    first = is_mage_noir(eng, games, player) & (player_rows(st.mage_noir_turn, games, player) == 0)
    st.mage_noir_turn[games[first], player[first]] = st.turn[games[first]]


def apply_actions(eng: Engine, games: np.ndarray, player: np.ndarray,
                  action: np.ndarray, ready: Readiness | None = None) -> None:
    """Carry out each game's chosen action (0 = end of main phase is handled by the caller).

    ready: the :class:`Readiness` of these games, built before the decision; it is handed to
    the usage counters and to the first group of actions carried out, and to no later group
    (the first one changed the state).
    """
    if ready is not None:
        ready.check(games, player)
    count_actions(eng, games, player, action, ready)  # card-usage counters (engine/usage.py)
    space = action_space(eng)
    groups = (
        (space.prepare, space.activate, lambda g, p, a, r: prepare(eng, g, p, a, r)),
        (space.activate, space.channel, lambda g, p, a, r: activate(eng, g, p, a)),
        (space.channel, space.trade, lambda g, p, a, r: channel(eng, g, p, a)),
        (space.trade, space.size, lambda g, p, a, r: trade(eng, g, p, a)),
        (space.ability, space.prepare, lambda g, p, a, r: use_ability(eng, g, p, a)),
    )
    for lo, hi, run in groups:
        pick = (action >= lo) & (action < hi) & (eng.state.outcome[games] == 0)
        pick &= ~player_rows(eng.state.out, games, player)
        if pick.any():
            run(games[pick], player[pick], action[pick] - lo,
                None if ready is None else ready.rows(pick))
            ready = None  # the state has changed: later groups compute afresh

