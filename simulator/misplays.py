"""Repeatable misplays of a bot, counted from the events of a game's transcript.

Why from the events: a win rate says how a deck does in a bot's hands, and every misplay the
bot repeats is a wrong answer about some deck. The engine already records every card that
moves, every trade, every damage and its cause for the replay (``engine/rules/log.py``); read
in order, those events show the misplays of issue 38 without any counter in the compiled
code. ``scripts/misplay_scan.py`` plays games with the log on and sums :func:`scan_events`
per bot (docs/bots.md, "Misplay scan").

Each class counts one event of the bad play (a preparation, a trade, a hit), so a table of
them compares bots and commits on the same decks and seeds.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import dataclass

import numpy as np

from simulator.engine.handlers.ids import H_DAWN_SAVES_SUN, H_WAIVER_CROWN
from simulator.engine.rules import layout as L

#: The classes, in table order: key, and what one count is.
CLASSES = (
    ("unused_spell", "a spell with no damage nor healing prepared, never activated nor channeled"),
    ("discarded_at_once", "a spell prepared and discarded from preparation the same turn"),
    ("ability_unused", "a card with a main-phase ability put into play, its ability never used"),
    ("harmful_ritual", "a second copy of a controlled Ritual prepared, or an own card destroyed "
                       "by an own Ritual entering play"),
    ("unique_replaced", "a new copy of a Unique card discarded at once"),
    ("x_zero", "a cost of X paid with X = 0"),
    ("equipment_lost", "an Equipment that left play before its controller's next turn"),
    ("trade_loop", "a trade in a main phase that then prepares nothing, or that gives an "
                   "element taken by a trade before it"),
    ("wasted_damage", "a player's spell aimed at a teammate (or at its own player when discarded "
                      "from hand), or at an Adversary card it does not destroy before the "
                      "Adversary arrives"),
    ("pile_for_nothing", "co-op: the larger pile (by 2 Mana or more) taken by a player who then "
                         "prepares nothing, the next player left short of no more Mana than "
                         "that pile held beyond the other in the elements their card costs"),
)
CLASS_KEYS = tuple(key for key, _ in CLASSES)
#: Plays a class would count that are right play, counted apart so the table shows misplays
#: (docs/bots.md says why, with examples): key, the class it is taken from, what one count is.
RIGHT_PLAY = (
    ("spell_kept_working", "unused_spell",
     "a spell left in preparation that acts while prepared (Dawn guards a Sun, Condensation "
     "stores Water each turn)"),
    ("component_ahead", "unused_spell",
     "a spell left in preparation, a component of a card its player held during the game"),
)
RIGHT_PLAY_KEYS = tuple(key for key, _, _ in RIGHT_PLAY)
#: Events that start another action: a card leaving after one is no component of the card
#: prepared before it.
ACTIONS = frozenset({L.EV_PREPARES, L.EV_ACTIVATES, L.EV_CHANNELS, L.EV_TRADES,
                     L.EV_USES_ABILITY, L.EV_TURN, L.EV_ADVERSARY_TURN})

#: Abilities used only in answer to what happens (a blow that would put the player out, an
#: Equipment about to be destroyed, a lethal sacrifice): not using one is no misplay.
REACTIVE_ABILITIES = frozenset(
    L.ABILITY_NAMES.index(name) for name in
    ("kerlochs_robe", "warrior_mage_ritual_indestructible", "ritual_of_decomposition")
    if name in L.ABILITY_NAMES)


@dataclass(frozen=True)
class CardFacts:
    """What the scan needs of a batch's local cards (index = local id)."""

    names: tuple[str, ...]
    card_type: np.ndarray      # (C,) layout.CARD_TYPES index
    ability: np.ndarray        # (C,) the ability id of the card in play, -1 none
    is_adversary: np.ndarray   # (C,) 1: the Adversary card itself
    idle_spell: np.ndarray     # (C,) 1: a spell that deals no damage and heals nothing
    n_player_cards: int
    # (C, W) the component words each card provides and requires (W: every word)
    provides: np.ndarray | None = None
    requires: np.ndarray | None = None
    # (C,) 1: a spell whose activation also brings cards or Mana (a draw, a fetch from the
    # deck, Mana, spells back from the discard pile): its damage is not all it was cast for
    brings: np.ndarray | None = None
    # (C,) 1: a spell that acts while in preparation (a start-of-turn effect there, Dawn's
    # guard of a Sun): leaving it prepared is using it
    works_prepared: np.ndarray | None = None
    cost: np.ndarray | None = None  # (C, E) printed Mana cost
    # (C,) 1: an Equipment whose payments ignore damage (Waiver crown): paying is using it,
    # even when the payment empties the reserve and the crown breaks
    pays_to_ignore: np.ndarray | None = None

    def component_of(self, card: int, prepared: int) -> bool:
        """Card ``card`` provides a word card ``prepared`` requires (it may be its component)."""
        if self.provides is None or prepared < 0:
            return False
        return bool((self.provides[card] & self.requires[prepared]).any())

    @classmethod
    def of_batch(cls, tables: np.ndarray, info, record: np.void) -> CardFacts:
        """From a batch's tables record, :class:`BatchInfo` and a bot record's features."""
        t = tables[0]
        n = info.size
        spell = t["card_type"][:n] == L.SPELL
        harmless = (record["f_damage"][:n] + record["f_zenith_damage"][:n]
                    + record["f_heal"][:n]) <= 0
        brings = ((record["f_draw"][:n] + record["f_mana"][:n] + record["f_salvage"][:n] > 0)
                  | (record["f_spell_fetch"][:n] >= 0))
        return cls(names=tuple(info.names), card_type=t["card_type"][:n].copy(),
                   ability=t["ability"][:n].copy(), is_adversary=t["is_adversary"][:n].copy(),
                   idle_spell=(spell & harmless).astype(np.int8),
                   n_player_cards=info.n_player_cards,
                   provides=t["provides"][:n] > 0, requires=t["requires"][:n] > 0,
                   brings=brings.astype(np.int8), cost=t["cost"][:n].copy(),
                   pays_to_ignore=(t["handler_card"][H_WAIVER_CROWN, :n] != 0).astype(np.int8),
                   works_prepared=((t["trig_count"][:n, L.T_TURN_START_PREPARED] > 0)
                                   | (t["handler_card"][H_DAWN_SAVES_SUN, :n] != 0)
                                   ).astype(np.int8))


class _Game:
    """The running state of one game's events (players' boards as far as the scan needs)."""

    def __init__(self, cards: CardFacts, players: int):
        self.cards = cards
        self.players = players
        self.counts: Counter = Counter()
        self.by_card: Counter = Counter()   # (class, card) -> count
        # (class, card, index of the event of the play counted, of the event that ended the
        # main phase for a class that reads "then prepares nothing", else -1): each count,
        # for misplay_origins
        self.marks: list[tuple[str, int, int, int]] = []
        self.at = 0  # the index of the event being read
        self.turn = 0
        self.player = 0
        self.adversary_here = False
        # spells in preparation per (player, card): (the turn, the event) each copy was prepared
        self.prepared: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
        self.activating: Counter = Counter()  # (player, card): activated, about to leave play
        self.channeled: Counter = Counter()
        self.in_play: dict[tuple[int, int], list[list]] = defaultdict(list)  # persistent cards
        # (element taken, Mana given, its event, counted as giving back what was taken)
        self.phase_trades: list[tuple[int, list[int], int, bool]] = []
        self.prepared_in_phase = False
        self.piles: list[list[int]] = []  # the two piles on offer, (E,) each
        self.larger_pile_taken: int = -1
        self.pile_at = -1  # the event of that pile's taking
        self.pile_extra = [0] * L.E  # (E,) the Mana the pile taken held beyond the one left
        self.preparing = -1  # the card being prepared: the cards leaving may be its components
        self.entering: tuple[int, int] = (-1, -1)  # (player, card) of the last preparation
        # Adversary card hit -> the spells that hit it before the Adversary arrived, with the
        # event of the hit: wasted unless the card is destroyed before the phase ends (by them
        # or what follows)
        self.hits_pending: dict[int, list[tuple[int, int]]] = defaultdict(list)
        self.discard_applies = -1  # the card discarded from hand that is applying its effects
        self.starved_by = -1  # the player who took the larger pile for nothing, this round
        self.starved_of = [0] * L.E  # (E,) what the next player went without (pile_extra)
        self.starved_at = -1  # the event of the pile's taking (pile_at)
        self.starved_end = -1  # the event that ended that player's main phase
        self.out: set[int] = set()  # players out of the game: their cards left with them
        self.held: dict[int, set[int]] = defaultdict(set)  # cards each player had in hand

    def count(self, key: str, card: int = -1, n: int = 1, at: int = -1, ended: int = -1) -> None:
        """Count ``n`` misplays of class ``key`` (of ``card``), made by the play whose event is
        ``at`` (default: the event being read), and by ending the main phase before event
        ``ended`` (a trade or a pile that then prepared nothing)."""
        self.counts[key] += n
        if card >= 0:
            self.by_card[(key, card)] += n
        self.marks.extend([(key, card, self.at if at < 0 else at, ended)] * n)

    # --- the phases ---------------------------------------------------------------------

    def end_phase(self) -> None:
        """A player's main phase (or the turn) ends: trades that led to nothing, a larger
        pile taken for nothing, an Adversary card hit for nothing."""
        if self.phase_trades and not self.prepared_in_phase:
            for _taken, _given, at, loop in self.phase_trades:
                if not loop:
                    self.count("trade_loop", at=at, ended=self.at)
        self.phase_trades = []
        self.flush_hit()
        if self.starved_by >= 0 and self.player != self.starved_by:
            self.starved_by = -1  # the next player's phase ended short of nothing
        if self.larger_pile_taken >= 0 and not self.prepared_in_phase:
            self.starved_by = self.larger_pile_taken  # a misplay if the next player is short
            self.starved_of = self.pile_extra
            self.starved_at = self.pile_at
            self.starved_end = self.at
        self.larger_pile_taken = -1
        self.prepared_in_phase = False

    def flush_hit(self) -> None:
        for spells in self.hits_pending.values():
            for spell, at in spells:
                self.count("wasted_damage", spell, at=at)
        self.hits_pending.clear()

    def new_turn(self, turn: int, player: int, adversary_hp: int) -> None:
        self.end_phase()
        self.turn, self.player = turn, player
        self.adversary_here = adversary_hp >= 0
        for (p, _card), copies in self.in_play.items():  # Equipment that lasted to this turn
            if p == player:
                for copy in copies:
                    copy[2] = True

    def finish(self) -> None:
        """The game is over: spells still in preparation never used, abilities never used."""
        self.end_phase()
        for (p, card), copies in self.prepared.items():
            if self.cards.idle_spell[card]:
                for _turn, at in copies:
                    self.count(self.unused_kind(p, card), card, at=at)
        for (_p, card), copies in self.in_play.items():
            for copy in copies:
                self.ability_check(card, copy)

    # --- cards ----------------------------------------------------------------------------

    def prepares(self, p: int, card: int) -> None:
        self.prepared_in_phase = True
        self.preparing = card
        self.entering = (p, card)
        kind = self.cards.card_type[card]
        if kind == L.SPELL:
            self.prepared[(p, card)].append((self.turn, self.at))
            return
        if kind == L.RITUAL_TYPE and self.in_play[(p, card)]:
            self.count("harmful_ritual", card)
        # [turn it entered, ability used, its controller's turn came again, its event, used as
        # a component or paid with (spends)]
        self.in_play[(p, card)].append([self.turn, False, False, self.at, False])

    def activates(self, p: int, card: int) -> None:
        if self.cards.card_type[card] == L.SPELL and self.prepared[(p, card)]:
            self.prepared[(p, card)].pop(0)
            self.activating[(p, card)] += 1

    def channels(self, p: int, card: int) -> None:
        if self.prepared[(p, card)]:
            self.prepared[(p, card)].pop(0)
        self.channeled[(p, card)] += 1

    def uses_ability(self, p: int, card: int) -> None:
        for copy in self.in_play[(p, card)]:
            copy[1] = True

    def spends(self, p: int, card: int) -> None:
        """Player ``p``'s ``card`` in play is used for what it is: named as a component of the
        card being cast (a Sun blade of a Solar burn activated at once, which leaves after the
        activation), or paying for its effect (a Waiver crown's Mana ignoring damage)."""
        for copy in self.in_play[(p, card)]:
            copy[4] = True

    def crown_pays(self, p: int) -> None:
        if self.cards.pays_to_ignore is not None:
            for q, card in list(self.in_play):
                if q == p and self.cards.pays_to_ignore[card]:
                    self.spends(p, card)

    def leaves(self, card: int, p: int, dest: int) -> None:
        """A card leaves a player's board: an activated spell, a used component, a spell
        discarded from preparation (one back to hand is not lost), or a persistent card."""
        key = (p, card)
        if p in self.out:
            return  # the board of a player out of the game is cleared: no play of theirs
        if self.activating[key] > 0:
            self.activating[key] -= 1
        elif self.cards.card_type[card] != L.SPELL and self.in_play[key]:
            copy = self.in_play[key].pop(0)
            self.ability_check(card, copy)
            used = self.cards.component_of(card, self.preparing)
            if self.cards.card_type[card] == L.EQUIPMENT_TYPE and not (
                    copy[2] or copy[1] or copy[4] or used):
                self.count("equipment_lost", card)
        elif self.channeled[key] > 0:
            self.channeled[key] -= 1
        elif self.prepared[key]:
            turn, at = self.prepared[key].pop(0)
            if dest == L.TO_HAND:
                return
            if turn == self.turn:
                self.count("discarded_at_once", card, at=at)
            if self.cards.idle_spell[card]:
                self.count(self.unused_kind(p, card), card, at=at)

    def unused_kind(self, p: int, card: int) -> str:
        """Why idle spell ``card`` of player ``p`` left preparation unused (or is still there
        at the end): it acted while prepared, it waited as a component of a card the player
        held during the game (prepared ahead of it), or neither (the misplay)."""
        cards = self.cards
        if cards.works_prepared is not None and cards.works_prepared[card]:
            return "spell_kept_working"
        if cards.provides is not None and any(
                (cards.provides[card] & cards.requires[d]).any()
                for d in self.held[p] if d != card):
            return "component_ahead"
        return "unused_spell"

    def ability_check(self, card: int, copy: list) -> None:
        ability = int(self.cards.ability[card])
        if ability >= 0 and ability not in REACTIVE_ABILITIES and not copy[1]:
            self.count("ability_unused", card, at=copy[3])

    def destroyed(self, card: int) -> None:
        """An Adversary card destroyed: the spells that hit it did not hit for nothing (two
        spells of one phase may share a kill: Temporal blast, then Fast forward)."""
        self.hits_pending.pop(card, None)

    def card_destroyed(self, p: int, card: int, cause: int, trigger: int) -> None:
        """A player's card destroyed (``EV_CARD_DESTROYED``): a misplay when an own Ritual
        entering play destroyed it (Ritual of seasons' arrival costs each own Vegetal
        Permanent 1 HP; a second copy killed Dead trees and Fractal flowers in issue 38)."""
        if (0 <= card < self.cards.n_player_cards and trigger == L.T_ENTER
                and 0 <= cause < self.cards.n_player_cards
                and self.cards.card_type[cause] == L.RITUAL_TYPE
                and self.entering == (p, cause)):
            self.count("harmful_ritual", cause)

    def damage(self, side: int, card: int, cause: int, trigger: int) -> None:
        """Damage to a card: a player's spell hitting an Adversary card that is not the
        Adversary while the Adversary is absent waits for that card's destruction. Not a
        card discarded from hand applying its effect (Static spark discarded to the Tax
        collector): its damage could not wait for the Adversary, and an Adversary card is
        the best target it had; nor a spell whose activation also brings cards or Mana
        (Lightning call's fetch of a Thunder card): its damage needed a target then."""
        by_spell = (0 <= cause < self.cards.n_player_cards
                    and self.cards.card_type[cause] == L.SPELL
                    and cause != self.discard_applies
                    and not (self.cards.brings is not None and self.cards.brings[cause]))
        if (side == L.ADVERSARY_SIDE and by_spell and not self.adversary_here
                and card >= 0 and not self.cards.is_adversary[card]):
            self.hits_pending[card].append((cause, self.at))

    def player_loses(self, p: int, is_damage: int, cause: int) -> None:
        """HP a player loses from a player's spell: a misplay when the spell chose its target
        (a teammate, or anyone when a card discarded from hand applies it), not when the card
        says it hurts its own caster (Meteor punch)."""
        by_spell = (0 <= cause < self.cards.n_player_cards
                    and self.cards.card_type[cause] == L.SPELL)
        if is_damage and by_spell and (p != self.player or cause == self.discard_applies):
            self.count("wasted_damage", cause)

    def holds(self, p: int, card: int, reason: int, short: int) -> None:
        """A card left in hand as a main phase ends, and why: ``short`` Mana short, right
        after a teammate took the larger pile and prepared nothing with it, and the Mana that
        pile held beyond the one left, in the elements the card costs, would have made up the
        shortfall (a Seed in the wind short of Air stays in hand whichever of two Vegetal
        piles was left: no misplay)."""
        if reason != L.HOLD_MANA or self.starved_by < 0 or p == self.starved_by:
            return
        extra = self.starved_of
        if self.cards.cost is not None:
            extra = [min(extra[e], int(self.cards.cost[card, e])) for e in range(L.E)]
        if short <= sum(extra):
            self.count("pile_for_nothing", at=self.starved_at, ended=self.starved_end)
            self.starved_by = -1

    def trades(self, taken: int, given: list[int]) -> None:
        loop = any(given[t] > 0 for t, _g, _at, _loop in self.phase_trades)
        if loop:
            self.count("trade_loop")
        self.phase_trades.append((taken, given, self.at, loop))
        self.prepared_in_phase = False  # a trade must be followed by a preparation

    def takes_pile(self, p: int, taken: list[int]) -> None:
        sizes = [sum(pile) for pile in self.piles]
        if self.players > 1 and len(sizes) == 2 and abs(sizes[0] - sizes[1]) >= 2 \
                and sum(taken) == max(sizes):
            self.larger_pile_taken = p
            self.pile_at = self.at
            left = self.piles[0] if sizes[0] < sizes[1] else self.piles[1]
            self.pile_extra = [max(taken[e] - left[e], 0) for e in range(L.E)]
        self.piles = []


def scan_events(events: np.ndarray, cards: CardFacts, players: int) -> tuple[Counter, Counter]:
    """The misplay counts of one game's events (n, EV_W), and the same per (class, card)."""
    game = _read(events, cards, players)
    return game.counts, game.by_card


def misplay_marks(events: np.ndarray, cards: CardFacts, players: int) -> list[tuple[str, int, int]]:
    """Each misplay one game's events count, in order: (class, card or -1, the index of the
    event the play was counted at), for a reader who wants the cases, not the counts
    (``scripts/misplay_scan.py --examples``)."""
    return [(key, card, at) for key, card, at, _ended in _read(events, cards, players).marks]


#: Where a misplay of the look-ahead comes from (:func:`misplay_origins`), in table order.
ORIGINS = ("overruled on wins", "overruled on the tiebreak", "kept the planner's",
           "not looked at")
OVERRULED_ON_WINS, OVERRULED_ON_TIEBREAK, KEPT, NOT_LOOKED_AT = ORIGINS


def misplay_origins(events: np.ndarray, cards: CardFacts, players: int,
                    decisions: list[tuple[int, bool, str]]) -> Counter:
    """(class, origin, card) counts of one game's misplays (:data:`ORIGINS`; card -1 when
    the class names none): whether the play
    counted was the look-ahead's overruling of the planner (its rollouts won more with it, or
    as many with a better tiebreak), the planner's answer it looked at and kept, or a
    decision it did not look at.

    Why: the look-ahead's misplays are either its rollouts' choices or the planner's habits
    it keeps, and only the first are its own to fix or to explain (issue 38). ``decisions``:
    the decisions it looked at, as (the game log's length when asked, a main-phase action,
    origin), e.g. from ``lookahead_trace``'s ``log_at``. A play's decisions are the main-phase
    action that started it (asked after the action before) and the choices asked while it
    resolved (a target, a payment, which pile at a turn's start); for a trade or a pile that
    then prepared nothing, also the main-phase decision that ended that phase (the planner
    may have prepared what the look-ahead did not)."""
    game = _read(events, cards, players)
    kinds = events[:, 0].tolist()
    actions = [i for i, ev in enumerate(kinds) if ev in ACTIONS]
    looked = sorted(decisions)
    log_ats = [d[0] for d in looked]
    out: Counter = Counter()
    for key, card, at, ended in game.marks:
        k = bisect_right(actions, at) - 1
        start = actions[k] if k >= 0 else 0
        before = actions[k - 1] if k >= 1 else -1
        player_action = kinds[start] not in (L.EV_TURN, L.EV_ADVERSARY_TURN)
        main = [d for d in looked[bisect_right(log_ats, before):bisect_right(log_ats, start)]
                if d[1]]
        found = [main[-1][2]] if main and player_action else []
        since = main[-1][0] if found else start
        found += [origin for log_at, is_main, origin
                  in looked[bisect_right(log_ats, since - 1):bisect_right(log_ats, at)]
                  if not is_main]
        if ended >= 0:
            last = [d for d in looked[:bisect_right(log_ats, ended)] if d[1]]
            found += [last[-1][2]] if last and last[-1][0] > at else []
        out[(key, next((o for o in ORIGINS if o in found), NOT_LOOKED_AT), card)] += 1
    return out


def _read(events: np.ndarray, cards: CardFacts, players: int) -> _Game:
    """One game's events (n, EV_W) read in order."""
    game = _Game(cards, players)
    for i, row in enumerate(events.tolist()):
        ev, a, b, c, d, cause, trigger = row[:7]
        game.at = i
        if ev in ACTIONS:
            game.preparing = -1
            game.discard_applies = -1
        if ev == L.EV_TURN:
            game.new_turn(a, b, d)
        elif ev == L.EV_ADVERSARY_TURN:
            game.end_phase()
        elif ev == L.EV_REVEALS and 0 <= a < len(cards.is_adversary) and cards.is_adversary[a]:
            game.adversary_here = True
        elif ev == L.EV_PREPARES:
            game.prepares(a, b)
        elif ev in (L.EV_HAND_CARD, L.EV_DRAWS):
            game.held[a].add(b)
        elif ev == L.EV_ACTIVATES:
            game.activates(a, b)
        elif ev == L.EV_CHANNELS:
            game.channels(a, b)
        elif ev == L.EV_USES_ABILITY:
            game.uses_ability(a, b)
        elif ev == L.EV_COMPONENT:
            game.spends(a, b)
        elif ev == L.EV_CROWN_IGNORES:
            game.crown_pays(a)
        elif ev == L.EV_LEAVES:
            game.leaves(a, b, c)
        elif ev == L.EV_DESTROYED:
            game.destroyed(a)
        elif ev == L.EV_CARD_DESTROYED:
            game.card_destroyed(a, b, cause, trigger)
        elif ev == L.EV_UNIQUE and c == 1:
            game.count("unique_replaced", b)
        elif ev == L.EV_X_PAID and c == 0:
            game.count("x_zero", d)
        elif ev == L.EV_DAMAGE:
            game.damage(b, d, cause, trigger)
        elif ev == L.EV_PLAYER_LOSES:
            game.player_loses(a, c, cause)
        elif ev == L.EV_DISCARD_APPLIES:
            game.discard_applies = b
        elif ev == L.EV_HOLDS:
            game.holds(a, b, c, d)
        elif ev == L.EV_TRADES:  # a: the pile's code times E, plus the element taken
            game.trades(a % L.E, row[2:8])
        elif ev == L.EV_OUT:
            game.out.add(a)
        elif ev == L.EV_PILE_ON_OFFER:
            game.piles.append(row[2:8])
        elif ev == L.EV_TAKES_PILE:  # a: the player * 2 + the pile
            game.takes_pile(a // 2, row[2:8])
    game.at = len(events)
    game.finish()
    return game
