"""The base policy: a sensible answer to every decision point the engine asks about.

A policy gets ``decide(eng, kind, games, players, options, **context)`` with ``options`` a
(n, K) bool mask of legal choices and returns (n,) indices. This base scores the options of
each decision kind with a ``score_<kind>`` method and takes the best legal one; ties go to
the lowest index, so play is deterministic for a given state. Kinds without a scorer get
the first legal option. Named bots subclass it and override only what they care about.

The base plays a plain plan:
1. activate a prepared spell that deals lethal damage to the Adversary;
2. prepare Rituals, Permanents and Equipment (they work every turn), then spells;
3. channel a prepared spell when a card in hand or on the board needs its component word,
   the more so when that makes cards in hand preparable now (worth their value);
4. activate prepared spells whose effect is worth it now (damage once the Adversary is
   there, healing when hurt, card draw and Mana);
5. trade Mana when it makes a card in hand affordable; otherwise end the main phase.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.bots.features import CardFeatures, card_features
from simulator.legacy.bots.view import MainPhaseView
from simulator.legacy.engine.actions import action_space, effective_cost, readiness, same_for_every_game
from simulator.legacy.engine.board import board_cards, component_slots
from simulator.legacy.engine.damage import space
from simulator.legacy.engine.int_products import count_product
from simulator.legacy.engine.short_axis import sum_last
from simulator.legacy.engine.state import player_rows

NEG = -1e9


_VALUE_WEIGHT = {"damage": 1.0, "heal": 0.7, "draw": 1.5, "mana": 1.0}  # as in card_features


def _with_handler_estimates(f: CardFeatures, tables) -> CardFeatures:
    """Add the rough worth of handler steps (``handlers.HANDLER_ESTIMATES``) to the card
    features, which read only vocabulary ops: without it a bot would never activate, e.g.,
    Violent wind or Overpressure."""
    from simulator.legacy.engine.handlers import HANDLER_ESTIMATES

    for c, effect in enumerate(tables.effects):
        for step in effect.get("activate", ()):
            for feature, amount in HANDLER_ESTIMATES.get(step.get("name", ""), {}).items():
                getattr(f, feature)[c] += amount
                f.value[c] += _VALUE_WEIGHT.get(feature, 0.0) * amount
    return f


def pick(scores: np.ndarray, options: np.ndarray) -> np.ndarray:
    """(n,) index of the best legal option; the lowest index wins ties."""
    masked = np.where(options, scores, -np.inf)
    return np.argmax(masked, axis=1)


class BasePolicy:
    """Answers every decision; subclasses override ``score_<kind>`` methods."""

    name = "base"
    #: trades in a row the bot makes toward one card (``trade_enables``)
    trades_ahead = 1

    def __init__(self) -> None:
        self._features: dict[int, CardFeatures] = {}

    def features(self, eng) -> CardFeatures:
        key = id(eng.tables)
        if key not in self._features:
            self._features = {key: _with_handler_estimates(card_features(eng.tables), eng.tables)}
        return self._features[key]

    def decide(self, eng, kind, games, players, options, **context) -> np.ndarray:
        scorer = getattr(self, "score_" + kind, None)
        if scorer is None:
            return np.argmax(options, axis=1)
        scores = scorer(eng, games, players, options, **context)
        return pick(scores, options)

    # --- Mana -----------------------------------------------------------------------
    def demand(self, eng, games, players, ready=None) -> np.ndarray:
        """(n, E) float Mana the player's hand still needs beyond the reserve (a want list).

        Summed in integers (hand counts times costs), which float64 represents exactly.
        Only the player cards are summed: the Adversary's cards are never in a hand.
        ready: a :class:`Readiness` of these games whose costs to use instead of computing them."""
        if ready is None:
            cost = effective_cost(eng, games, players, kinds=eng.tables.n_player_cards)  # (n, Cp, E)
        else:
            cost = ready.check(games, players).cost  # (n, Cp, E)
        hand = player_rows(eng.state.hand, games, players)[:, :cost.shape[1]]  # (n, Cp)
        if same_for_every_game(cost):  # the printed costs: one product
            want = count_product(hand, cost[0])  # (n, E)
        else:
            want = np.matmul(hand[:, None, :].astype(np.int64), cost)[:, 0, :]  # (n, E)
        return np.maximum(want - player_rows(eng.state.reserve, games, players), 0).astype(np.float64)

    def score_take_pile(self, eng, games, players, options, **_):
        piles = eng.state.ether[games].astype(np.float64)  # (n, 2, E)
        need = self.demand(eng, games, players)
        useful = np.minimum(piles, need[:, None, :]).sum(axis=2)
        return 2.0 * useful + piles.sum(axis=2)

    def score_mana_element(self, eng, games, players, options, chosen=None, series=None,
                           rows=None, **_):
        if series is None:
            need = self.demand(eng, games, players)
        else:  # one Mana at a time on an unchanged state: the demand is computed once
            need = series.reuse("demand", lambda g, p: self.demand(eng, g, p), rows, games)
        if chosen is not None:
            need = need - chosen
        return need - 0.01 * np.arange(need.shape[1])[None, :]

    def score_take_mana(self, eng, games, players, options, **_):
        """Take all that is offered: the Mana the hand wants first, then from the pile
        holding more of that element; stopping early (the last option) comes last."""
        piles = eng.state.ether[games].astype(np.float64)  # (n, 2, E)
        want = self.demand(eng, games, players)[:, None, :]  # (n, 1, E)
        take = (100.0 * np.minimum(want, 1.0) + piles).reshape(len(games), -1)
        return np.concatenate([take, np.full((len(games), 1), -1.0)], axis=1)

    def score_ether_split(self, eng, games, players, options, default=None, **_):
        """Which Mana goes on the starting pile: the ``ELEMENTS``-order split by default."""
        return (np.asarray(default) > 0).astype(np.float64)

    def score_trade_give(self, eng, games, players, options, take=None, air_completes=None,
                         given=None, **_):
        """The Mana to give in a trade: never one the card the trade is for still needs
        (``trade_target_cost``), then the element the hand needs least.

        given: (n, E) Mana already given in this trade (the second Mana's decision)."""
        reserve = player_rows(eng.state.reserve, games, players)
        surplus = reserve - self.demand(eng, games, players)
        scores = surplus.astype(np.float64)
        if take is not None:
            left = reserve - (0 if given is None else np.asarray(given))  # (n, E)
            target = self.trade_target_cost(eng, games, players, np.asarray(take))
            scores += np.where(left > target, 100.0, 0.0)
        if air_completes is not None:
            # Favorable winds: giving 1 Air completes the trade, saving a second Mana.
            scores[:, ELEMENTS.index("air")] += 1.0 * np.asarray(air_completes)
        return scores

    # --- hands ----------------------------------------------------------------------
    def score_keep_hand(self, eng, games, players, options, piles=None, **_):
        f = self.features(eng)
        return f.opening_value[piles].sum(axis=2)

    def score_discard_from_hand(self, eng, games, players, options, **_):
        f = self.features(eng)
        cost = eng.tables.cost.sum(axis=1).astype(np.float64)
        return np.broadcast_to(-(f.value + 0.1 * cost), options.shape).copy()

    def score_recycle_discard(self, eng, games, players, options, **_):
        return np.broadcast_to(self.features(eng).value, options.shape).copy()

    score_return_from_discard = score_recycle_discard
    score_search_deck = score_recycle_discard

    # --- targets --------------------------------------------------------------------
    def score_target(self, eng, games, players, options, purpose="damage", side=None, **_):
        k, p, s = space(eng)
        st = eng.state
        n, width = options.shape
        scores = np.zeros((n, width))
        adv_card = np.maximum(st.adv_card[games], 0)
        is_adv = eng.tables.is_adversary[adv_card]
        team_hp = st.hp[games].astype(np.float64)
        players_side = side is not None and np.all(np.asarray(side) < 0)
        if purpose in ("damage", "lose_hp") and not players_side:
            scores[:, :k] = np.where(is_adv, 100.0, 50.0 - st.adv_hp[games])
            scores[:, k:k + p] = -100.0 - 0 * team_hp
            scores[:, k + p:] = -50.0
        elif purpose in ("damage", "lose_hp", "hand"):
            # An Adversary card hitting "a player": the team sends it to the sturdiest.
            scores[:, k:k + p] = team_hp
            scores[:, k + p:] = -1.0
        else:  # healing: the most hurt teammate, then own Permanents
            scores[:, :k] = -100.0
            scores[:, k:k + p] = 50.0 - team_hp
            scores[:, k + p:] = 1.0
        return scores

    def score_protector_redirect(self, eng, games, players, options, amount=None, **_):
        hp = player_rows(eng.state.board_hp, games, players).astype(np.float64)
        survive = hp > np.asarray(amount)[:, None]
        return np.concatenate([np.zeros((len(games), 1)), np.where(survive, hp, -1.0)], 1)

    def score_destroy_target(self, eng, games, players, options, **_):
        k, p, s = space(eng)
        n, width = options.shape
        scores = np.full((n, width), -100.0)
        scores[:, :k] = 10.0 + eng.state.adv_hp[games]
        return scores

    # --- components -----------------------------------------------------------------
    def score_use_component(self, eng, games, players, options, **_):
        f = self.features(eng)
        cards = board_cards(eng, games, players)
        return -f.component_drawback[cards].astype(np.float64)

    def score_skip_component(self, eng, games, players, options, short=None, **_):
        """"Requires 1 less component": leave out a missing word first, then a word whose
        component would be lost by the use (a Flame destroys itself), else stop (option 0)."""
        f = self.features(eng)
        words = eng.tables.words
        cards = board_cards(eng, games, players)
        scores = np.full(options.shape, -1.0)
        scores[:, 0] = 0.0
        for j in np.flatnonzero(options[:, 1:].any(axis=0)):
            providers = component_slots(eng, games, players, int(words[j]))  # (n, S)
            keep = np.where(providers, f.component_drawback[cards], np.inf).min(axis=1)
            scores[:, 1 + j] = np.where(np.asarray(short)[:, j] > 0, 2.0,
                                        np.where(np.isfinite(keep) & (keep > 0), 1.0, -1.0))
        return scores

    def score_alternative_component(self, eng, games, players, options, **_):
        """Fire ball's choice: use the component on the board (option 0), keeping the hand."""
        return np.tile([1.0, 0.0], (len(games), 1))

    def score_own_component(self, eng, games, players, options, **_):
        f = self.features(eng)
        cards = board_cards(eng, games, players)
        return f.value[cards]

    def score_pay_upkeep(self, eng, games, players, options, **_):
        return np.tile([0.0, 1.0], (len(games), 1))

    def score_optional_payment(self, eng, games, players, options, worth=None, **_):
        """Option 1 pays for an optional effect: only when it gets something (``worth``)."""
        worth = np.zeros(len(games), bool) if worth is None else np.asarray(worth, bool)
        return np.stack([np.zeros(len(games)), np.where(worth, 1.0, -1.0)], axis=1)

    # --- main phase -----------------------------------------------------------------
    def score_main_action(self, eng, games, players, options, ready=None, **_):
        """ready: the decision's ``actions.Readiness`` (costs, shortfalls, Mage Noir status)
        that the engine built for the legal actions; computed here when absent."""
        ready = readiness(eng, games, players, ready)
        view = MainPhaseView(eng, games, players)
        scores = self.main_action_scores(eng, games, players, options, ready, view)
        sp = action_space(eng)
        scores[:, sp.ability:sp.prepare] = self.ability_scores(eng, games, players, view)
        return scores

    # --- activated abilities (engine/abilities.py) ------------------------------------
    def ability_scores(self, eng, games, players, view: MainPhaseView) -> np.ndarray:
        """(n, S) worth of using the ability of each own board slot now (main phase);
        ``NEG`` keeps it unused. Crude rules: free cards (Druid horns), HP for cards while
        healthy (Crimson ritual), surplus cards or a lethal total for damage (Emptiness and
        decomposition rituals), protect Equipment the Warrior-mage ritual would destroy."""
        from simulator.legacy.engine.abilities import (
            ABILITY_NAMES,
            ability_index,
            indestructible_candidates,
            slot_abilities,
        )
        from simulator.legacy.engine.state import EQUIPMENT, PERMANENT

        st = eng.state
        if (ability_index(eng) < 0).all():  # no card of the batch has an ability: all NEG
            return np.full((len(games), st.board_card.shape[2]), NEG)
        which = slot_abilities(eng, games, players)
        scores = np.full(which.shape, NEG)
        if (which < 0).all():  # none in play: every score below would stay NEG
            return scores

        def use(name: str, ok: np.ndarray, worth: float) -> None:
            here = (which == ABILITY_NAMES.index(name)) & ok[:, None]
            scores[here] = worth

        hp = player_rows(st.hp, games, players)
        hand = player_rows(st.hand, games, players).sum(axis=1)
        present, adv_hp = view.adversary_present, view.adversary_hp
        use("druid_horns", np.ones(len(games), bool), 8.0)
        use("crimson_ritual", (hp >= 12) & (player_rows(st.deck_len, games, players) > 5), 3.0)
        use("emptiness_ritual_ping", present & ((hand > player_rows(st.max_hand, games, players))
                                                | (adv_hp <= hand)), 2.0)
        perm_hp = np.where(view.zone == PERMANENT, player_rows(st.board_hp, games, players), 0)
        use("ritual_of_decomposition", present & (perm_hp.max(axis=1, initial=0) >= adv_hp), 1000.0)
        fresh = indestructible_candidates(eng, games, players) & (
            player_rows(st.board_turn, games, players) == st.turn[games][:, None]) & (
            view.zone == EQUIPMENT)
        use("warrior_mage_ritual_indestructible", fresh.any(axis=1) & (hand > 0), 4.0)
        return scores

    def score_ability_target(self, eng, games, players, options, ability="", **_):
        """The own board card an ability acts on: the Permanent with the most HP (Ritual of
        decomposition), Equipment put into play this turn first (Warrior-mage ritual)."""
        st = eng.state
        if ability == "ritual_of_decomposition":
            return player_rows(st.board_hp, games, players).astype(np.float64)
        fresh = player_rows(st.board_turn, games, players) == st.turn[games][:, None]
        return fresh.astype(np.float64)

    def score_may_use_ability(self, eng, games, players, options, ability="", amount=None, **_):
        """Option 1 uses an "at any time" ability at a window outside the main phase:
        Kerloc'h's robe only against damage that would put the player out; the Warrior-mage
        ritual always saves the Equipment."""
        n = len(games)
        if ability == "kerlochs_robe" and amount is not None:
            use = np.asarray(amount) - 2 >= player_rows(eng.state.hp, games, players)
        else:
            use = np.ones(n, bool)
        return np.stack([np.zeros(n), np.where(use, 1.0, -1.0)], axis=1)

    def main_action_scores(self, eng, games, players, options, ready=None,
                           view: MainPhaseView | None = None) -> np.ndarray:
        """(n, actions) worth of each main action; ``ready`` and ``view`` as the decision
        built them (computed here when absent)."""
        st, t = eng.state, eng.tables
        ready = readiness(eng, games, players, ready)
        view = MainPhaseView(eng, games, players) if view is None else view
        f = self.features(eng)
        sp = action_space(eng)
        n = len(games)
        scores = np.empty((n, sp.size))  # every block is written below
        scores[:, :sp.prepare] = 0.0  # pass, and abilities (scored by the policy's own rules)
        present, adv_hp, enemy_perms = view.adversary_present, view.adversary_hp, view.enemy_permanents
        hurt = (20 - player_rows(st.hp, games, players)).clip(0)
        # prepare
        provides = t.provides[:, ready.words]  # (C, W) the words some card requires
        needs = self.words_needed(eng, view, ready)  # (n, W)
        # (n, C) needed words each card kind provides: a small (n, W) @ (W, C) product
        provides_needed = count_product(needs > 0, provides.T)
        prep = 5.0 + f.value[None, :] + 3.0 * (t.card_type[None, :] > 0)
        prep = prep + 2.0 * provides_needed  # (n, C), written once its penalties are in (below)
        # activate / channel prepared spells: scored at the prepared slots only, a few per
        # game (m pairs of row r, slot s, card c); every other slot of both blocks is NEG
        scores[:, sp.activate:sp.trade] = NEG
        r, s = view.prepared_slots  # (m,)
        c = view.cards[r, s]  # (m,)
        on_adv, on_any = present[r], (present | enemy_perms)[r]  # damage has a target
        dmg = f.damage[c] * np.where(f.needs_opponent[c], on_adv, on_any)
        lethal = dmg >= adv_hp[r]
        act = 4.0 * dmg + f.heal[c] * np.minimum(hurt[r], 6) / 3 + 3.0 * f.draw[c]
        act += 2.0 * f.mana[c] + 1000.0 * (lethal & on_adv & (dmg > 0))
        act -= 20.0 * f.harms_own[c] * ~on_any
        # removal (Engulfment, Fission): only worth it with an enemy Permanent to destroy
        act += np.where(f.removal[c], np.where(enemy_perms[r], 12.0, -50.0), 0.0)
        channel_value = 6.0 * provides_needed[r, c]
        channel_value += 1.0 * f.channel_only[c]
        channel_value += 2.0 * self.channel_enables(eng, f, ready, view, provides, r, c)
        scores[r, sp.activate + s] = act - 1.0
        worth = channel_value > 0
        scores[r[worth], sp.channel + s[worth]] = (channel_value + 0.5 * (dmg == 0))[worth]
        # trades: only when one trade makes a card in hand affordable right now
        scores[:, sp.trade:] = np.where(self.trade_enables(eng, view, f, ready), 1.0, NEG)
        # a second Ritual adds nothing once the player is a Mage Noir (its status stacks no more)
        only_status = f.only_mage_noir[None, :] & ready.mage_noir[:, None]
        prep -= np.where(only_status, 100.0, 0.0)
        # an Equipment that would only replace an equal or better one in its slot is waste
        prep -= np.where(self.slot_taken_by_equal(eng, view, f), 100.0, 0.0)
        scores[:, sp.prepare:sp.activate] = prep
        return scores

    def slot_taken_by_equal(self, eng, view: MainPhaseView, f) -> np.ndarray:
        """(n, C) bool: an Equipment whose slot already holds Equipment worth as much.

        One pass per Equipment slot kind of the batch's cards (none without Equipment)
        rather than per board slot, over the Equipment in play only (a few per game): the
        best value held in each kind, given to the cards of that kind."""
        from simulator.legacy.engine.state import EQUIPMENT

        t = eng.tables
        n = len(view.games)
        held_value = np.full((n, t.size), -np.inf)  # (n, C)
        equipment = t.card_type == 2  # (C,)
        kinds = np.unique(t.slot[equipment])
        if len(kinds):
            r, s = np.nonzero(view.zone == EQUIPMENT)  # (m,)
            card = view.cards[r, s]  # (m,)
            for kind in kinds:
                here = t.slot[card] == kind
                held = np.full(n, -np.inf)  # (n,)
                np.maximum.at(held, r[here], f.value[card[here]])
                held_value[:, equipment & (t.slot == kind)] = held[:, None]
        return held_value >= f.value[None, :]

    def channel_enables(self, eng, f, ready, view: MainPhaseView, provides, r, c) -> np.ndarray:
        """(m,) worth of the hand cards that channeling the prepared card ``c`` of game row
        ``r`` (m pairs) would make preparable right now: it supplies their last missing
        component words and the reserve already pays for them. Why: a channel is worth what
        it unlocks (a Draconic flame channeled lets three Flame projectiles follow), not
        only how many needed words it provides. Looked at for the m pairs only.

        provides: (C, W) the words each card kind provides, over ``ready.words``."""
        cp = eng.tables.n_player_cards
        gives = provides > 0  # (C, W)
        usable = view.in_hand[r] & ready.affordable[r] & (ready.missing[r] > 0)  # (m, Cp)
        usable &= ~eng.statics.mage_noir_only[None, :cp] | ready.mage_noir[r, None]
        # What would still be missing, for the usable (pair, card) entries only (a few)
        pair, card = np.nonzero(usable)  # (u,)
        short = ready.shortfall[r[pair], card]  # (u, W)
        after = sum_last(np.maximum(short - gives[c[pair]], 0))  # (u,)
        unlocked = np.zeros(usable.shape, bool)  # (m, Cp)
        unlocked[pair[after == 0], card[after == 0]] = True
        return (unlocked * f.value[None, :cp]).sum(axis=1)

    def trade_enables(self, eng, view: MainPhaseView, f, ready=None) -> np.ndarray:
        """(n, E) bool: taking one Mana of the element by a 2-for-1 trade brings a card in
        hand affordable this turn within ``trades_ahead`` trades (the Mana given is not
        needed for that card).

        Only cards in hand, worth something and with all their components can be enabled:
        the Mana is looked at for those (game, card) pairs only, a few per game."""
        games, players = view.games, view.players
        ready = readiness(eng, games, players, ready)
        kinds = eng.tables.n_player_cards  # the Readiness covers the player cards
        candidate = view.in_hand & (f.value[None, :kinds] > 0) & (ready.missing == 0)
        row, card = np.nonzero(candidate)  # (m,) pairs
        reserve = ready.reserve.take(row, axis=0).astype(np.int64)  # (m, E)
        deficit, worth = self._within_trades(ready.costs_at(row, card), reserve)  # (m, E), (m,)
        enables = np.zeros((len(games), eng.state.reserve.shape[2]), bool)  # (n, E)
        pair, element = np.nonzero((deficit > 0) & worth[:, None])
        enables[row[pair], element] = True
        return enables

    def trade_target_cost(self, eng, games, players, take) -> np.ndarray:
        """(n, E) Mana the cards a trade for ``take`` (n,) makes affordable cost: the
        element-wise largest cost of the cards in hand ``trade_enables`` counts that lack
        ``take``. Giving any of it away would defeat the trade (seen in an
        air-winds replay: it gave the Vegetal its robe needed for the Arcane it lacked)."""
        f = self.features(eng)
        cp = eng.tables.n_player_cards
        ready = readiness(eng, games, players)
        reserve = ready.reserve.astype(np.int64)  # (n, E)
        deficit, worth = self._within_trades(ready.cost, reserve[:, None, :])  # (n, Cp, E), (n, Cp)
        short_of_take = np.take_along_axis(deficit, take[:, None, None], axis=2)[:, :, 0]  # (n, Cp)
        target = ((player_rows(eng.state.hand, games, players)[:, :cp] > 0) & (f.value[None, :cp] > 0)
                  & (ready.missing == 0) & (short_of_take >= 1) & worth)  # (n, Cp)
        return (ready.cost * target[:, :, None]).max(axis=1)

    def _within_trades(self, cost, reserve) -> tuple[np.ndarray, np.ndarray]:
        """The Mana a card lacks and whether 1 to ``trades_ahead`` 2-for-1 trades make it
        affordable, giving only Mana the card does not need: ``(deficit, worth)`` for costs
        ``(..., E)`` and a reserve broadcast against them. The one rule behind both
        :meth:`trade_enables` and :meth:`trade_target_cost`."""
        deficit = np.maximum(cost - reserve, 0)  # (..., E)
        short = sum_last(deficit)  # (...,) trades needed
        spare = sum_last(np.broadcast_to(reserve, cost.shape)) - (sum_last(cost) - short)
        return deficit, (short >= 1) & (short <= self.trades_ahead) & (spare >= 2 * short)

    # --- shared estimates -----------------------------------------------------------
    def words_needed(self, eng, view: MainPhaseView, ready=None) -> np.ndarray:
        """(n, W) component words missing for the cards in hand, over the words some card
        requires (``ready.words``, ``eng.tables.words``): no other word can be missing."""
        short = readiness(eng, view.games, view.players, ready).shortfall  # (n, Cp, W) player cards
        in_hand = view.in_hand
        needs = np.empty((len(view.games), short.shape[2]), np.int64)
        for j in range(short.shape[2]):  # word by word: a max over the middle axis of the
            needs[:, j] = (short[:, :, j] * in_hand).max(axis=1)  # (n, C, W) was far slower
        return needs
