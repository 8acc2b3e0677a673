"""``planner`` (the default): plays toward its hand.

Priority list (over the base policy, ``bots/base.py``):
1. lethal damage on the Adversary is never missed;
2. survival: when the Adversary's next two turns could put the player out (its cards in
   play, read from their effect data, plus an average one-shot card), healing spells are
   prepared and activated first;
3. take the Ether pile that best funds the cards in hand; the Mana an Adversary card adds
   goes first to the card in hand nearest to affordable (not to the element the whole hand
   wants most, which starves a card's second element); in co-op, Mana added to the Ether
   after the player has gathered waits for the next player, so it serves what that
   player has shown instead;
4. prepare persistent cards (Rituals, Permanents, Equipment) first, channel the spells whose
   component words the hand needs, keep the rest prepared for damage;
5. damage goes to the Adversary once present, else to Adversary cards in play; of the
   Adversary's cards in play, those hitting the healthiest player resolve last;
6. trade only to make a card in hand affordable, in up to three trades.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.bots.base import BasePolicy
from simulator.legacy.bots.teammates import next_player, pile_taker, shown_elements
from simulator.legacy.bots.view import MainPhaseView
from simulator.legacy.engine.actions import action_space, readiness
from simulator.legacy.engine.core import ranked_entries
from simulator.legacy.engine.short_axis import sum_last
from simulator.legacy.engine.state import player_rows

#: Damage expected from the one-shot card the Adversary draws each turn (the Duke's deck
#: hits for 2-3 on most of its no-keyword cards).
ONE_SHOT_THREAT = 2.0

#: Above any Mana and components a card can lack: marks "no card in hand lacks this element".
NO_CARD_LACKS = np.iinfo(np.int16).max


class PlannerPolicy(BasePolicy):
    name = "planner"
    trades_ahead = 3

    def main_action_scores(self, eng, games, players, options, ready=None,
                           view: MainPhaseView | None = None) -> np.ndarray:
        view = MainPhaseView(eng, games, players) if view is None else view
        scores = super().main_action_scores(eng, games, players, options, ready, view)
        f = self.features(eng)
        sp = action_space(eng)
        self.save_burn_for_the_adversary(view, scores, f, sp)
        hp = player_rows(eng.state.hp, games, players)
        danger = hp <= 2.0 * self.expected_threat(view)  # (n,)
        if not danger.any():
            return scores
        heal_now = np.where(view.prepared & danger[:, None], 8.0 * f.heal[view.cards], 0.0)
        scores[:, sp.activate:sp.channel] += heal_now
        scores[:, sp.prepare:sp.activate] += np.where(danger[:, None], 4.0 * f.heal[None, :], 0.0)
        return scores

    def score_take_pile(self, eng, games, players, options, **_):
        """In co-op the pile not taken goes to the next player: Mana of an element the
        next player has been seen to use counts one less, so the player leaves them the pile
        they need unless it needs that Mana itself."""
        scores = super().score_take_pile(eng, games, players, options)
        if eng.state.players == 1:
            return scores
        want = self.next_player_elements(eng, games, players)  # (n, E)
        piles = eng.state.ether[games].astype(np.float64)  # (n, 2, E)
        return scores - (piles * want[:, None, :]).sum(axis=2)

    @staticmethod
    def next_player_elements(eng, games, players) -> np.ndarray:
        """(n, E) float 1 for the elements in the costs of the cards the next player still
        in the game has shown (discard pile, board): public information only, never their
        hand. 0 everywhere when no other player is in."""
        nxt = next_player(eng, games, players)
        seen = shown_elements(eng, games, np.maximum(nxt, 0))  # (n, E)
        return (seen & (nxt >= 0)[:, None]).astype(np.float64)

    @staticmethod
    def teammate_takes(eng, games, players) -> tuple[np.ndarray, np.ndarray]:
        """Whether the next pile goes to another player than the deciders ``players`` (n,)
        (``teammates.pile_taker``), and if so which elements that player has shown.

        Returns ``(mate, seen)``: (n,) bool, (n, E) float 1 for a shown element, 0 in the
        rows where the decider takes the next pile themself (always so alone)."""
        n, e = len(games), eng.state.ether.shape[2]
        if eng.state.players == 1:
            return np.zeros(n, bool), np.zeros((n, e))
        taker = pile_taker(eng, games)
        mate = taker != players
        seen = shown_elements(eng, games, taker) & mate[:, None]
        return mate, seen.astype(np.float64)

    def score_effect_order(self, eng, games, players, options, cards=None, **_):
        """With two players or more still in, the Adversary's cards in play strike "the
        player with the most HP" last, after its other hits, so that blow lands on whoever is
        healthiest once those are taken: that spreads the damage (measured on 2-player
        games). Otherwise board order (alone, the other order cost vegetal-grove wins through
        its Protectors' redirections)."""
        team = (~eng.state.out[games]).sum(axis=1) >= 2  # (n,)
        last = self.features(eng).hits_healthiest[np.maximum(np.asarray(cards), 0)]  # (n, K)
        return -1.0 * (last & team[:, None]) - 0.001 * np.arange(options.shape[1])[None, :]

    def score_mana_element(self, eng, games, players, options, chosen=None, series=None,
                           rows=None, **_):
        """The element of a Mana added to the Ether serves whoever takes the next pile: the
        player's own hand (``hand_element_scores``) when it is theirs; when a teammate takes
        it (the player's main phase in co-op), an element that teammate has shown, and among
        those the one the own hand wants (in two-player, the pile the teammate leaves comes
        back to the player)."""
        reserve = eng.state.reserve
        extra = np.zeros((len(games), reserve.shape[2]), reserve.dtype) if chosen is None else chosen
        own = self.hand_element_scores(eng, games, players, series, rows,
                                       np.asarray(extra)[:, None, :])[:, 0]  # (n, E)
        mate, seen = self.teammate_takes(eng, games, players)
        if not mate.any():
            return own
        return np.where(mate[:, None], 100.0 * seen + own, own)

    def hand_element_scores(self, eng, games, players, series, rows, extra) -> np.ndarray:
        """(n, K, E) for K alternatives at once, alternative k counting ``extra[:, k]`` (n, K, E)
        Mana as the player's on top of the reserve: the element that brings a card in hand
        nearest to castable. Each card in hand short of Mana is weighted 1 / (Mana and
        components it still lacks), an element scores the largest weight of the cards lacking
        it; the whole hand's demand breaks ties.

        Why: summing the hand's costs asks for the element every card shares (three Azure
        rings and a Wave want 9 Water, 3 Mineral) again and again, so no card ever gets its
        second element and the Mana piles up unused (seen in water-tides replays). Why K at
        once: an Ether split weighs the pile it keeps against the other one; one pass over
        both halves the work of the most frequent decision of a batch."""
        if series is None:
            demand, needs = self.hand_wants(eng, games, players)
        else:  # the state is unchanged along the series: computed once
            demand, needs = series.reuse("hand_wants", lambda g, p: self.hand_wants(eng, g, p),
                                         rows, games)
        base = (demand[:, None, :] - extra) - 0.01 * np.arange(demand.shape[1])  # (n, K, E)
        reserve = player_rows(eng.state.reserve, games, players)
        have = (reserve[:, None, :] + extra).astype(np.int16)  # (n, K, E)
        # Hand kinds on the leading axis, contiguous: the minimum over them is then an
        # element-wise one, and the sum over the 6 elements goes column by column (together
        # a third faster than reducing the middle and last axes of an (n, K, H, E) array).
        cost = np.ascontiguousarray(needs[:, :, :-1].transpose(1, 0, 2))  # (H, n, E) int16
        missing = np.ascontiguousarray(needs[:, :, -1].T)  # (H, n) int16
        lack = cost[:, :, None, :] - have[None]  # (H, n, K, E) int16
        np.maximum(lack, 0, out=lack)
        # A card short of Mana weighs 1 / (all it lacks): the largest weight among the cards
        # lacking an element is 1 / the smallest such total, found on the small integers.
        lacking_all = sum_last(lack, np.int16)[..., None] + missing[:, :, None, None]  # (H, n, K, 1)
        nearest_total = np.where(lack > 0, lacking_all, NO_CARD_LACKS).min(axis=0)  # (n, K, E)
        nearest = np.where(nearest_total < NO_CARD_LACKS, 1.0 / nearest_total, 0.0)
        return 10.0 * nearest + 0.01 * base

    def score_ether_split(self, eng, games, players, options, start=None, mana=None,
                          chosen=None, series=None, rows=None, **_):
        """Which Mana lands on the starting pile: whoever takes the next pile takes one whole
        pile, so the Mana they need goes together onto the pile they will take.

        The starting pile gets ceil(total / 2) of the Mana; it ends up at least as large as
        the other pile unless it started smaller by two or more, and is then the one taken.
        When the player takes the next pile and the starting pile will be the larger, it gets
        the Mana that brings a card nearest to castable (``hand_element_scores`` with the pile
        counted as taken); otherwise the Mana that pile-to-be-taken needs least. When a
        teammate takes it, their shown elements play that part."""
        every = np.arange(len(games))
        piles = eng.state.ether[games]  # (n, 2, E)
        start = np.asarray(start)
        total = np.asarray(mana).sum(axis=1)
        on_start = piles[every, start] + np.asarray(chosen)  # (n, E)
        other = piles[every, 1 - start]  # (n, E)
        start_size = piles[every, start].sum(axis=1) + (total + 1) // 2
        other_size = other.sum(axis=1) + total // 2
        keep = start_size >= other_size  # (n,) the starting pile is the one to take
        want = self.hand_element_scores(eng, games, players, series, rows,
                                        np.stack([on_start, other], axis=1))  # (n, 2, E)
        want_here, want_there = want[:, 0], want[:, 1]
        own = np.where(keep[:, None], want_here, -want_there)  # (n, E) onto the taken pile
        mate, seen = self.teammate_takes(eng, games, players)
        if not mate.any():
            return own
        # A teammate takes the next pile: the elements they have shown go onto it, first
        # those the own hand lacks (with similar cards, the best guess of what theirs lacks);
        # the Mana of other elements the own hand lacks goes onto the pile left to the player.
        to_taken = np.where(keep, 100.0, -100.0)[:, None] + own
        to_left = np.where(keep[:, None], -want_there, want_here)
        return np.where(mate[:, None], np.where(seen > 0, to_taken, to_left), own)

    def score_ether_start_pile(self, eng, games, players, options, **_):
        """On equal piles the Mana being added starts on (and makes larger) the pile whose
        Mana the player who takes the next pile wants more: the own hand's needs, or when a
        teammate takes it, the elements they have shown, then (as in ``score_ether_split``)
        the own needs of those elements, and the pile with less of the own needs of others."""
        need = self.demand(eng, games, players)  # (n, E)
        piles = eng.state.ether[games].astype(np.float64)  # (n, 2, E)
        own = np.minimum(piles, need[:, None, :]).sum(axis=2)  # (n, 2)
        mate, seen = self.teammate_takes(eng, games, players)
        if not mate.any():
            return own
        shared = np.minimum(piles, (need * seen)[:, None, :]).sum(axis=2)  # (n, 2)
        team = 100.0 * (piles * seen[:, None, :]).sum(axis=2) + 2.0 * shared - own
        return np.where(mate[:, None], team, own)

    def hand_wants(self, eng, games, players) -> tuple[np.ndarray, np.ndarray]:
        """``(demand, needs)`` from one :class:`Readiness`: the base policy's ``demand`` (n, E)
        (the hand's Mana cost beyond the reserve) and the per-card ``needs`` (n, H, E+1) of
        :meth:`hand_needs`."""
        ready = readiness(eng, games, players)
        return self.demand(eng, games, players, ready), self.hand_needs(eng, games, players, ready)

    @staticmethod
    def hand_needs(eng, games, players, ready=None) -> np.ndarray:
        """(n, H, E+1) int16, one row per card kind in hand (H: the most kinds any of these
        hands holds), in card-id order: its Mana cost by element, then the number of
        components it lacks; rows past a hand's own kinds are 0 (they weigh nothing in the
        scores)."""
        ready = readiness(eng, games, players, ready)
        in_hand = player_rows(eng.state.hand, games, players)[:, :eng.tables.n_player_cards] > 0  # (n, Cp)
        r, c, rank = ranked_entries(in_hand)  # (m,) every (hand, kind) pair, row by row
        e = ready.cost.shape[2]
        needs = np.zeros((len(games), int(rank.max(initial=0)) + 1, e + 1), np.int16)
        needs[r, rank, :e] = ready.costs_at(r, c)
        needs[r, rank, e] = ready.missing[r, c]
        return needs

    def save_burn_for_the_adversary(self, view: MainPhaseView, scores, f, sp) -> None:
        """Before the Adversary arrives, a damage spell is spent on one of its Permanents
        only when it destroys it; otherwise it stays prepared for the Adversary itself."""
        # the prepared spells of the games without the Adversary (only they can be
        # activated): m pairs (r, s)
        r, s = view.prepared_slots
        absent = ~view.adversary_present[r]
        r, s = r[absent], s[absent]
        card = view.cards[r, s]  # (m,)
        adv_hp = view.adv_hp[r]  # (m, K)
        perms = view.adv_in_play[r] & (adv_hp > 0)
        weakest = np.where(perms, adv_hp, 10**6).min(axis=1)  # (m,)
        dmg = f.damage[card]  # (m,)
        wasted = (dmg > 0) & (dmg < weakest) & (f.heal[card] == 0)
        scores[r[wasted], sp.activate + s[wasted]] = -1.0

    def expected_threat(self, view: MainPhaseView) -> np.ndarray:
        """(n,) damage the players' side expects from the next Adversary turn."""
        f = self.features(view.eng)
        return (f.threat[view.adv_cards] * view.adv_in_play).sum(axis=1) + ONE_SHOT_THREAT
