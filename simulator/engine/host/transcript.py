"""A game's event log (``log.py``) as the lines of a readable transcript.

The transcript is for auditing a game: every card that moves says where it went, every HP
change says what caused it (the card whose effect was resolving and on which trigger), every
Mana that reaches the Available Ether says which pile it went to, and a main phase ended with
Mana left says why each card stayed in hand. Events that describe one thing over several rows
(a pile of the opening hand, the cards in play, the reasons for a pass) are gathered into one
line.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simulator.cards import ELEMENTS
from simulator.cards.model import NAME_WORDS
from simulator.engine.rules import layout as L

DISCARD_NOTE = {L.REASON_HAND_LIMIT: " (hand limit)", L.REASON_HAND_SIZE: " (hand size 4)",
                L.REASON_ALTERNATIVE_COMPONENT: " (instead of a component)",
                L.REASON_OUT: " (out of the game)"}
DESTINATION = {L.TO_DISCARD: "to the discard pile", L.TO_HAND: "back to hand",
               L.TO_DECK_TOP: "on top of the deck", L.TO_DECK_THIRD: "third from the top of the deck",
               L.TO_EXILE: "to exile"}
#: How a trigger reads after "from CARD" in a cause.
WHEN = {L.T_ENTER: " entering play", L.T_TURN_START: " at the start of the turn",
        L.T_TURN_START_PREPARED: " (in preparation) at the start of the turn",
        L.T_TURN_START_CHANNELED: " (channeled) at the start of the turn",
        L.T_LEAVE: " leaving play", L.T_USED_AS_COMPONENT: ", used as a component",
        L.T_ABILITY: "'s ability"}
HOLD_TEXT = {L.HOLD_CHOSEN: "could prepare it, chose not to",
             L.HOLD_MANA: "{n} Mana short", L.HOLD_COMPONENTS: "{n} component(s) missing",
             L.HOLD_NO_SLOT: "no room in play", L.HOLD_UNIQUE: "Unique, a copy is in play",
             L.HOLD_MAGE_NOIR_ONLY: "needs a Mage Noir",
             L.HOLD_INERT: "not played by the engine",
             L.HOLD_PREPARED: "left in preparation",
             L.HOLD_ANIMAL: "its cost exhausts the Animal, which is not face up"}
#: Events gathered over several rows into one line (see :class:`_Gathered`).
GATHERED = (L.EV_HAND_CARD, L.EV_PILE_ON_OFFER, L.EV_OPENING_PILE, L.EV_TO_ETHER, L.EV_IN_PLAY,
            L.EV_HOLDS, L.EV_ETHER_CAUSE, L.EV_COMPONENT, L.EV_PAYS)
#: Why a card the player could prepare stays in hand (HOLD_CHOSEN's number), and why a spell
#: stays in preparation (HOLD_PREPARED's number: explain.kept_why).
CHOSE_NOT = ("could prepare it, kept the Mana instead",
             "could prepare it, but a copy is already in its Equipment slot")
KEPT_PREPARED = ("left in preparation for later", "left in preparation: prepared this turn",
                 "left in preparation as a component")
#: What a line of Mana reaching the Available Ether begins with, after an ``ether_cause``.
ETHER_CAUSE = {L.ETHER_MANA_VALUE: "{card}'s Mana value to the Available Ether",
               L.ETHER_RELEASED: "Mana released to the Available Ether",
               L.ETHER_PAID: "Mana paid to the Available Ether"}
#: Where each Quickcast window falls (layout.WINDOWS order).
WINDOW_WORDS = ("in the Adversary's turn, before its cards act",
                "in the Adversary's turn, after the card it revealed",
                "in the opponent's turn, before its start-of-turn effects",
                "in the opponent's turn, after its main phase")
assert len(WINDOW_WORDS) == len(L.WINDOWS)


def format_mana(mana: Sequence[int]) -> str:
    """'2 fire, 1 air' for a Mana vector in ELEMENTS order; 'nothing' when empty."""
    parts = [f"{int(n)} {e}" for e, n in zip(ELEMENTS, mana, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"


def cause(card: int, trig: int, names: Sequence[str]) -> str:
    """' from Draconic flame, used as a component' (empty when the cause is unknown)."""
    if card < 0:
        return ""
    return f" from {names[card]}{WHEN.get(trig, '')}"


#: The zones of a card in play without its effects (layout.RITUAL_OFF, EQUIPMENT_OFF, and an
#: Animal face down).
OFF_ZONE_WORDS = {L.RITUAL_OFF: "ritual, no effect", L.EQUIPMENT_OFF: "equipment, no effect",
                  L.ANIMAL_EXHAUSTED: "animal, exhausted"}
#: Where an exiled card came from (exile.FROM_*), and how an Animal came into play.
#: What the Adversary lacks when a player's effect on it does nothing (layout.NOTHING_*).
NOTHING_WORDS = ("discards from its (empty) hand", "has no prepared spell to discard",
                 "prepares no card that could cost more")
EXILED_FROM = ("from the discard pile", "from the deck: no room in play")


class _Gathered:
    """The rows of the gathered events seen since the line they belong to was last written."""

    def __init__(self) -> None:
        self.hand: list[str] = []
        self.piles: list[str] = []
        self.opening: list[list[str]] = [[], []]
        self.ether: list[str] = []
        self.ether_rows = 0
        self.ether_why = "to the Available Ether"
        self.in_play: dict[str, list[str]] = {}
        self.holds: list[str] = []
        self.components: list[str] = []
        self.paid = ""

    def add(self, ev: int, row: list[int], names: Sequence[str]) -> list[str]:
        """Take one gathered event; returns the lines it completes."""
        a, b, c, d = row[1], row[2], row[3], row[4]
        if ev == L.EV_HAND_CARD:
            self.hand.append(names[b] + (f" x{c}" if c > 1 else ""))
        elif ev == L.EV_PILE_ON_OFFER:
            self.piles.append(format_mana(row[2:8]))
        elif ev == L.EV_OPENING_PILE:
            self.opening[b].append(names[c])
        elif ev == L.EV_TO_ETHER:  # always a pair: the starting pile, then the other
            if sum(row[2:8]):
                self.ether.append(f"{format_mana(row[2:8])} on pile {a + 1}")
            self.ether_rows += 1
            if self.ether_rows == 2:
                return self.flush_ether()
        elif ev == L.EV_ETHER_CAUSE:
            self.ether_why = ETHER_CAUSE[a].format(card=names[b] if b >= 0 else "")
        elif ev == L.EV_IN_PLAY:
            side = "the Adversary" if a == L.ADVERSARY_SIDE else f"player {a + 1}"
            if a == L.ADVERSARY_SIDE:
                text = f"{names[b]} {d} HP"
            else:
                text = f"{names[b]} ({L.ZONE_NAMES[c] if c >= 0 else OFF_ZONE_WORDS[c]}"
                if c == L.PERMANENT and d > 0:
                    text += f", {d} HP"
                if row[7] > 0:
                    text += f", {row[7]} Mana locked"
                text += ")"
            self.in_play.setdefault(side, []).append(text)
        elif ev == L.EV_HOLDS:
            text = (CHOSE_NOT[d] if c == L.HOLD_CHOSEN else KEPT_PREPARED[d]
                    if c == L.HOLD_PREPARED else HOLD_TEXT[c].format(n=d))
            self.holds.append(f"{names[b]}: {text}")
        elif ev == L.EV_COMPONENT:
            self.components.append(names[b])
        elif ev == L.EV_PAYS:  # a: the player * 2 + 1 when a second row (a -1) gives the cost
            if a >= 0:
                self.paid = f"  pays {format_mana(row[2:8])} from the reserve"
                if a % 2:
                    return []
                if not sum(row[2:8]) and not self.components:
                    return []  # a free card: nothing to say
            else:
                self.paid += f" ({format_mana(row[2:8])} locked under it)"
            used = f"; components: {', '.join(self.components)}" if self.components else ""
            out = [self.paid + used]
            self.components, self.paid = [], ""
            return out
        return []

    def flush_ether(self) -> list[str]:
        out = [f"  {self.ether_why}: {'; '.join(self.ether)}"] if self.ether else []
        self.ether = []
        self.ether_rows = 0
        self.ether_why = "to the Available Ether"
        return out

    def flush_in_play(self) -> list[str]:
        out = [f"  in play, {side}: {', '.join(cards)}" for side, cards in self.in_play.items()]
        self.in_play = {}
        return out

    def flush_holds(self) -> list[str]:
        out = [f"  keeps {'; '.join(self.holds)}"] if self.holds else []
        self.holds = []
        return out


def lines(events: np.ndarray, names: Sequence[str], players: int = 1,
          states: list | None = None) -> list[str]:
    """The transcript lines of ``events`` (n, EV_W) for a batch whose card names are ``names``;
    with several ``players``, the lines of a player's draws and discards name the player.

    ``states``, when given, receives the positions the engine recorded (``state`` events, at
    each turn's start and at the end), each as ``(lines printed before it, rows)``, ``rows``
    mapping a row's key (layout.ST_*, times STATE_KEY, plus its index) to its six numbers
    (a card in play: its name first)."""
    out: list[str] = []
    gathered = _Gathered()
    position: dict[int, list[int]] = {}
    for row in events.tolist():
        ev = row[0]
        if ev != L.EV_IN_PLAY:
            out += gathered.flush_in_play()
        if ev != L.EV_HOLDS:
            out += gathered.flush_holds()
        if ev == L.EV_STATE:
            if row[1] == L.ST_END * L.STATE_KEY:
                if states is not None:
                    states.append((len(out), position))
                position = {}
            else:  # a card in play: its name rather than its local id
                numbers = row[2:8]
                if row[1] // L.STATE_KEY in (L.ST_ADV_SLOT, L.ST_SLOT):
                    numbers[0] = names[numbers[0]]
                position[row[1]] = numbers
            continue
        if ev in GATHERED:
            out += gathered.add(ev, row, names)
            continue
        if ev == L.EV_TAKES_PILE and gathered.piles:
            out.append(f"piles on offer: {' | '.join(gathered.piles)}")
            gathered.piles = []
        if ev == L.EV_KEEPS_PILE:
            kept, other = gathered.opening[row[2]], gathered.opening[1 - row[2]]
            out.append(f"player {row[1] + 1} keeps the opening pile {', '.join(kept)} "
                       f"over {', '.join(other)}")
            gathered.opening = [[], []]
            continue
        text = _line(ev, row, names, gathered.hand, players)
        if ev == L.EV_HAND:
            gathered.hand = []
        if text is not None and players > 1 and ev in NAMES_ITS_PLAYER and row[1] >= 0:
            text = f"  player {row[1] + 1} {text.lstrip()}"  # an effect may move another's cards
        if text is not None:
            out.append(text)
    return out + gathered.flush_in_play() + gathered.flush_holds()


#: Events of a player's cards or Mana moving that name the player when several play (their
#: first value is the player): a card's effect may move another player's cards.
NAMES_ITS_PLAYER = (L.EV_SEARCHES, L.EV_RECYCLES, L.EV_FROM_DISCARD, L.EV_MILLS,
                    L.EV_PUTS_FROM_DISCARD, L.EV_DIG, L.EV_CREATES_MANA, L.EV_MANA_TO_RESERVE,
                    L.EV_MANA_UNDER, L.EV_SHUFFLES, L.EV_INDESTRUCTIBLE, L.EV_RETURNS_TO_HAND)
#: Events whose row carries a Mana vector where other rows carry their cause.
MANA_ROWS = (L.EV_HAND, L.EV_TRADES, L.EV_TAKES_PILE, L.EV_CREATES_MANA, L.EV_RESERVE_GONE)


def _line(ev, row, names, hand, players) -> str | None:  # noqa: C901 - one case per event
    a, b, c, d = row[1], row[2], row[3], row[4]
    who = f"player {a + 1} " if players > 1 else ""
    mana = row[2:8]
    why = cause(row[5], row[6], names) if ev not in MANA_ROWS \
        else ""
    if ev == L.EV_TURN:  # d: the Adversary's HP, -1 not in play, -2 no Adversary (a duel)
        adversary = (f", the Adversary {d} HP" if d >= 0 else
                     ", the Adversary not in play" if d == -1 else "")
        return f"-- Turn {a}: player {b + 1} ({c} HP{adversary}) --"
    if ev == L.EV_HAND:
        return f"  hand: {', '.join(hand) or 'nothing'}; reserve: {format_mana(mana)}"
    if ev == L.EV_ADVERSARY_TURN:
        return "-- Adversary turn --"
    if ev == L.EV_REVEALS:  # b: 1 when the card stays in play, c its HP
        stays = (", which comes into play" + (f" with {c} HP" if c > 0 else "")) if b else ""
        return f"Adversary reveals {names[a]}{stays}"
    if ev in (L.EV_PREPARES, L.EV_ACTIVATES, L.EV_CHANNELS, L.EV_USES_ABILITY):
        verb = {L.EV_PREPARES: "prepares", L.EV_ACTIVATES: "activates",
                L.EV_CHANNELS: "channels", L.EV_USES_ABILITY: "uses the ability of"}[ev]
        source = " from the discard pile" if ev == L.EV_PREPARES and c == 1 else ""
        return f"{verb} {names[b]}{source}"
    if ev == L.EV_TRADES:  # a: (pile, + 2 when the given Mana is placed by the rule) * E + element
        where, element = divmod(a, len(ELEMENTS))
        given = "" if where >= 2 else f", gives it to pile {where % 2 + 1}"
        return (f"trades {format_mana(mana)} for 1 {ELEMENTS[element]} from pile "
                f"{where % 2 + 1}{given}")
    if ev == L.EV_LEAVES:
        return f"{names[a]}{_of(b, players)} leaves play, {DESTINATION.get(c, 'elsewhere')}"
    if ev == L.EV_DESTROYED:  # an Adversary card; b: 1 when its HP reached 0
        return f"{names[a]} is destroyed" + (" (0 HP)" if b else _by(row, names))
    if ev == L.EV_CARD_DESTROYED:  # c: 1 when the Permanent's HP fell below 1, else d its HP
        return (f"  {names[b]}{_of(a, players)} is destroyed"
                + (" (0 HP)" if c else (f" ({d} HP)" if d > 0 else "") + _by(row, names)))
    if ev == L.EV_ADVERSARY_LOSES:
        return f"  {names[d]} loses {a} HP{_hp_change(row, -a)}{why}"
    if ev == L.EV_CARD_LOSES:
        return f"  {names[d]}{_of(b, players)} loses {a} HP{_hp_change(row, -a)}{why}"
    if ev == L.EV_CARD_HEALS:
        return f"  {names[d]}{_of(b, players)} gains {a} HP{_hp_change(row, a)}{why}"
    if ev == L.EV_REDIRECTED:
        aimed = names[c] if c >= 0 else f"player {a + 1}"
        return f"  {names[b]} is a Protector: it takes the damage aimed at {aimed}"
    if ev == L.EV_ANNOUNCES:  # c: the flat target (-1: the component it will apply), d its card
        if c < 0:
            return f"  {names[b]} will apply {names[d]}"
        return f"  {names[b]} targets {_target(c, d, names, players)}"
    if ev == L.EV_FIZZLES:  # a: the flat target announced (-1: a component to apply), b its card
        if a < 0:
            return f"  {names[b]} is no longer there to be applied: that step does nothing"
        return (f"  {_target(a, b, names, players)} is no longer there: that step does "
                "nothing")
    if ev == L.EV_RESERVE_GONE:
        return f"  player {a + 1}'s reserve goes back to the Infinite Ether: {format_mana(mana)}"
    if ev == L.EV_CREATES_MANA:
        return f"  takes {format_mana(mana)} from the Infinite Ether into the reserve"
    if ev == L.EV_DAMAGE:
        return f"  {a} damage to {names[d]}{_of(b, players)}{_hp_change(row, -a)}{why}"
    if ev == L.EV_PLAYER_LOSES:
        return f"  player {a + 1} takes {b} {'damage' if c else 'HP loss'}{why}"
    if ev == L.EV_GAINS_HP:
        return f"  player {a + 1} gains {b} HP{why}"
    if ev == L.EV_ADVERSARY_HEALS:
        own = row[5] == d  # its own effect: not "from itself"
        return f"  {names[d]} gains {a} HP{_hp_change(row, a)}{'' if own else why}"
    if ev == L.EV_DRAWS:
        return f"  {who}draws {names[b]}"
    if ev == L.EV_ANIMAL_ENTERS:  # drawn, or discarded from the deck (said just before)
        if c == 0:
            return f"  {who}draws {names[b]}, their Animal: it goes into play face up"
        return f"  {names[b]} is {who or 'their '}Animal: it goes into play face up instead"
    if ev == L.EV_ANIMAL_ON_TOP:
        return f"player {a + 1} puts their Animal, {names[b]}, face down on top of the deck"
    if ev == L.EV_EXILES:
        return f"  {who}exiles {names[b]} {EXILED_FROM[c]}"
    if ev == L.EV_DISCARDS:  # always names the player: an Adversary card may make them discard
        forced = f" ({names[row[5]]})" if row[5] >= 0 and c not in DISCARD_NOTE else ""
        return f"  player {a + 1} discards {names[b]}{DISCARD_NOTE.get(c, '')}{forced}"
    if ev == L.EV_TAKES_PILE:  # a: the player * 2 + the pile
        return f"takes pile {a % 2 + 1}: {format_mana(mana)}"
    if ev == L.EV_X_PAID:
        return f"  X = {c}: {c} {ELEMENTS[b]} Mana under {names[d]}"
    if ev == L.EV_PAYS_ABILITY_COST:
        return f"  pays {format_mana(mana)} for the ability"
    if ev == L.EV_TAKES_MANA:
        return f"  takes 1 {ELEMENTS[b]} Mana from pile {c + 1}"
    if ev == L.EV_PHASES_OUT:
        return f"  {_who(a)} phases out {_who(b)} by {c}: " + (
            f"{d} card{'s' if d != 1 else ''} from the bottom of "
            f"{'its' if b < 0 else 'their'} deck to the discard pile")
    if ev == L.EV_PHASED_CARD:
        return f"    phased out: {names[b]}"
    if ev == L.EV_RESHUFFLES:
        return (f"  {_who(a)} shuffles {'its' if a < 0 else 'their'} discard pile ({b} "
                f"card{'s' if b != 1 else ''}) into {'its' if a < 0 else 'their'} deck")
    if ev == L.EV_OUT:
        how = " (0 HP)" + (f", last hit by {names[c]}" if c >= 0 else "") if b == L.OUT_HP \
            else " (empty deck)"
        return f"player {a + 1} is out of the game{how}"
    if ev == L.EV_GAME_OVER:  # a duel: each team's outcome, team t led by seat t
        return "the game is over: " + ("a draw" if a == L.DRAW else
                                       f"player {1 if a == L.WIN else 2}'s side wins")
    if ev == L.EV_MAIN_PHASE_OF:
        return f"- player {a + 1}'s main phase -"
    if ev == L.EV_GATHERS:
        return f"gathers {format_mana(mana)} from the Infinite Ether"
    if ev == L.EV_SHARES_PILE:  # a: the giver * P_MAX + the teammate
        giver, mate = divmod(a, L.P_MAX)
        return (f"  player {giver + 1} gives {format_mana(mana)} to their teammate, "
                f"player {mate + 1}")
    if ev == L.EV_ENDS_MAIN:
        return f"ends the main phase with {b} Mana left" + ("" if c else " and an empty hand")
    if ev in (L.EV_LOCKS, L.EV_RELEASES, L.EV_MOVES_LOCKED, L.EV_LOCK_CAP):
        return _locked_line(ev, a, mana, names)
    return _card_line(ev, a, b, c, d, names, why)


def _locked_line(ev, a, mana, names) -> str:
    """Mana locked under a card, released from it, or moved (``a``: the card; for a move
    ``locked.moved_pair`` of the two cards, -1 the reserve)."""
    what = f"{format_mana(mana)} Mana"
    if ev == L.EV_LOCKS:  # a: the card * 2 + 1 when the Mana comes from the reserve
        source = " from the reserve" if a % 2 else ""
        return f"  locks {what}{source} under {names[a // 2]}"
    if ev == L.EV_RELEASES:
        return f"  {names[a]} releases {what}"
    if ev == L.EV_LOCK_CAP:
        return f"  {names[a]} can hold no more: releases {what}"
    source, dest = divmod(a, L.C_MAX + 1)
    to = f"under {names[dest - 1]}" if dest > 0 else "to the reserve"
    return f"  moves {what} from {names[source - 1]} {to}"


#: Why a card in play reacts (EV_REACTS), by trigger.
REACTS_TO = {"own_draw": "its controller draws", "opponent_draw": "the opponent draws",
             "opponent_turn_end": "the opponent's turn ends"}


def _hp_change(row, change: int) -> str:
    """' (HP 5 to 3)': a card's HP before and after the ``change`` its row says (the row
    carries the HP after: log.say_after); never below 0 as printed."""
    return f" (HP {row[7] - change} to {max(row[7], 0)})"


def _of(side: int, players: int) -> str:
    """' of player 2' after a card in play, when several players may own it; else ''."""
    return f" of player {side + 1}" if players > 1 and side >= 0 else ""


def _by(row, names) -> str:
    """' by Earthquake' for the card whose effect was resolving (row's cause), else ''."""
    return f" by {names[row[5]]}{WHEN.get(row[6], '')}" if row[5] >= 0 else ""


def _target(t: int, card: int, names: Sequence[str], players: int) -> str:
    """The flat target ``t`` (damage.py's layout) in words: a card's name or 'player N'."""
    if L.K_SLOTS <= t < L.K_SLOTS + players:
        return f"player {t - L.K_SLOTS + 1}"
    return names[card] if card >= 0 else "a card"


def _who(side: int) -> str:
    """'the Adversary' or 'player N' for a side (a player or ADVERSARY_SIDE)."""
    return "the Adversary" if side == L.ADVERSARY_SIDE else f"player {side + 1}"


def _discount_line(p: int, word: int, element: int, amount: int) -> str:
    """A discount for the turn (rules/discounts.py): of the next card of an element, or of
    every card named by a name word."""
    if word < 0:
        return (f"  the next {ELEMENTS[element]} card player {p + 1} prepares this turn costs "
                f"{amount} {ELEMENTS[element]} less")
    return (f"  this turn {NAME_WORDS[word]} cards cost player {p + 1} {amount} less Mana of "
            "their element")


def _card_line(ev, a, b, c, d, names, why) -> str | None:
    """The lines of the card handlers' and zone moves' events."""
    texts = {
        L.EV_REACTS: lambda: f"  {names[b]}: {REACTS_TO.get(L.TRIGGERS[c], L.TRIGGERS[c])}",
        L.EV_SUPPRESSED: lambda: (f"  {_who(b)}'s {names[a]} stops applying its effects until "
                                  + (f"the end of player {c + 1}'s turn" if d else
                                     f"player {c + 1}'s next turn")),
        L.EV_ICY: lambda: (f"  Icy infiltration: this turn player {a + 1}'s Water cards deal 1 "
                           "less damage, which cannot be ignored, reduced or redirected"),
        L.EV_SURCHARGE: lambda: (f"  player {a + 1}'s cards cost {c} more {ELEMENTS[b]} until "
                                 f"player {d + 1}'s next turn"),
        L.EV_INDESTRUCTIBLE: lambda: f"  discards {names[b]}: {names[c]} is indestructible this turn",
        L.EV_CROWN_IGNORES: lambda: f"  Waiver crown: pays 1 {ELEMENTS[b]} Mana to ignore 1 damage",
        L.EV_RITUALS_OFF: lambda: "  no Waiver crown left: the Rituals have their effects again",
        L.EV_APPLIES_USED: lambda: (f"  {names[b]} applies the effects of {names[c]}, a "
                                    "component it was prepared with, "
                                    + ("still in play" if d else "no longer in play")),
        L.EV_NEXT_GAIN: lambda: (
            f"  {names[b]}'s effects are added after this {ELEMENTS[c].capitalize()} spell's own"
            if d else f"  player {a + 1}'s next {ELEMENTS[c].capitalize()} spell this turn "
            f"gains the effects of {names[b]}"),
        L.EV_APPLIES: lambda: f"  applies {names[b]}" + (" from the discard pile" if c else ""),
        L.EV_CHANNELED_INSTEAD: lambda: (f"  {names[b]} below 1 HP: its Mana is released and it "
                                         "stays as a channeled Rock component"),
        L.EV_MILLS: lambda: f"  discards the top card of the deck: {names[b]}",
        L.EV_LOOKS_TOP: lambda: ("  looks at the top card of "
                                 + ("the Adversary's deck" if a < 0 else f"player {a + 1}'s deck")
                                 + f": {names[b]}" + (", applies it" if c else ", discards it")),
        L.EV_PUTS_FROM_DISCARD: lambda: (f"  puts {names[b]} from the discard pile into play "
                                    + ("prepared" if c == L.PREPARED else "channeled")),
        L.EV_NUMBERS_CHANGED: lambda: (f"  {names[b]} uses {names[c]}: its numbers change "
                                       "or its effect grows"),
        L.EV_ZENITH_TAX: lambda: "  Zenith ritual: pays 1 Fire (a spell channeled)",
        L.EV_DISCOUNT: lambda: _discount_line(a, b, c, d),
        L.EV_EXTRA_HP: lambda: f"  {names[b]} enters with {c} more HP",
        L.EV_GAINS_EFFECTS: lambda: f"  {names[b]} gains the effects of {names[c]}",
        L.EV_INSTEAD_DESTROYED: lambda: (f"  {names[c]} would be destroyed: {names[b]} is "
                                         "discarded instead"),
        L.EV_SWAPS: lambda: (f"  swaps {names[b]} and {names[c]} in "
                             + ("the Adversary's" if a < 0 else f"player {a + 1}'s")
                             + " discard pile"),
        L.EV_PILE_RETURN: lambda: (f"  pays to put {names[b]} from the discard pile into the "
                                   "deck, and shuffles it"),
        L.EV_BOOSTED: lambda: (f"  {names[b]} deals {c} more damage per instance while it "
                               "stays in play"),
        L.EV_LAST_USER: lambda: (f"  {names[b]} now protects {names[c]}: less damage per "
                                 "instance while both stay on the board"),
        L.EV_ZENITH_ACTIVATES: lambda: f"  Zenith ritual: pays 1 Fire, activates the channeled {names[b]}",
        L.EV_UNIQUE: lambda: (f"  Unique: discards the {'new' if c else 'older'} copy of {names[b]}"),
        L.EV_SCRY: lambda: (f"  looks at the top card of the deck, {names[b]}: "
                            + ("puts it at the bottom" if c else "leaves it on top")),
        L.EV_DIG: lambda: ((f"  looks at the top {c} cards of the deck: "
                            + (f"shows {names[b]} and takes it, " if b >= 0 else "takes none, ")
                            + "the rest go to the bottom") if c != 1 else
                           ("  looks at the top card of the deck: "
                            + (f"shows {names[b]} and takes it" if b >= 0
                               else "puts it at the bottom"))),
        L.EV_ZENITH: lambda: f"  at Zenith this turn ({b} spells in preparation, {b} channeled)",
        L.EV_ROBE_HIT: lambda: "  Burning robe: 1 damage to its controller",
        L.EV_CRIMSON_PAYS: lambda: "  Crimson ring: pays 1 Fire",
        L.EV_IGNITION_ON: lambda: "  Ignition: cards going to a discard pile deal 1 damage this turn",
        L.EV_IGNITION_HIT: lambda: "  Ignition: 1 damage",
        L.EV_PUTS_INTO_PLAY: lambda: f"  puts {names[b]} into play prepared",
        L.EV_AUTUMN: lambda: (f"  {names[a]} gains Autumn" if c else
                              f"  Autumn: {names[a]} applies its start-of-turn effects"),
        L.EV_RENEWAL_RETURNS: lambda: (f"  Renewal: {names[b]} comes back into play from the "
                                       "discard pile"),
        L.EV_NOTHING_HAPPENS: lambda: f"  the Adversary {NOTHING_WORDS[a]}: nothing happens",
        L.EV_NO_HAND: lambda: "  the Adversary has no hand: nothing happens",
        L.EV_HP_SET: lambda: f"  {names[a]} has {b} HP",
        L.EV_DRUID_HORNS: lambda: f"  Druid horns: reveals {names[b]} and takes it",
        L.EV_KERLOCH: lambda: "  sacrifices Kerloc'h's robe and discards their hand",
        L.EV_MANA_UNDER: lambda: (f"  puts 1 {ELEMENTS[b]} Mana"
                                  + (" from the reserve" if d else "") + f" under {names[c]}"),
        L.EV_MAELSTROM: lambda: "  Maelström: the reserve goes to the Available Ether",
        L.EV_MOVES_TIDE: lambda: f"  moves the Tide's Mana under {names[b]}",
        L.EV_RETURNS_TO_HAND: lambda: f"  returns {names[b]} to hand",
        L.EV_EMPTY_DISCARDED: lambda: f"  {names[b]} has no Mana left and is discarded",
        L.EV_INFILTRATION: lambda: "  Subtle infiltration: 1 damage, then 1 Mana released",
        L.EV_OCEAN_APPLIES: lambda: f"  Unleashed ocean: {names[b]} applies its effects",
        L.EV_OCEAN_RELEASES: lambda: f"  Unleashed ocean releases {b} Water Mana",
        L.EV_MELANGE: lambda: (f"  Ritual of melange: 1 {ELEMENTS[b]} for 1 {ELEMENTS[c]} "
                               f"under {names[d]}"),
        L.EV_SEARCHES: lambda: (f"  shows {names[b]} from the deck and puts it on top" if c
                                else f"  takes {names[b]} from the deck into hand"),
        L.EV_RECYCLES: lambda: f"  puts {names[b]} from the discard pile into the deck",
        L.EV_FROM_DISCARD: lambda: f"  takes {names[b]} from the discard pile into hand",
        L.EV_SHUFFLES: lambda: "  shuffles the deck",
        L.EV_REPLICA: lambda: (f"  puts {names[b]} from the deck into play without its "
                               "effects (Glass replica)"),
        L.EV_MANA_TO_RESERVE: lambda: f"  moves 1 {ELEMENTS[b]} Mana from under {names[c]} to the reserve",
        L.EV_QUICKCAST: lambda: (f"player {a + 1} casts {names[b]} with Quickcast, "
                                 f"{WINDOW_WORDS[c]}:"),
        L.EV_SLOWCAST_ALL: lambda: (f"  until the start of player {a + 1}'s next turn, every spell "
                                    "has Slowcast"),
        L.EV_GAINS_SLOWCAST: lambda: f"  {names[b]} of player {a + 1} gains Slowcast",
        L.EV_NO_SLOWCAST: lambda: f"  pays the Slowcast waiver: {names[b]} has no Slowcast",
        L.EV_DISCARD_APPLIES: lambda: f"  {names[b]} is discarded from hand and applies its effects",
        L.EV_ANIMAL_EXHAUSTED: lambda: (f"  {names[b]} is exhausted (turned face down) to pay "
                                        f"for {names[c]}: no passive, ability nor component "
                                        "until it regenerates"),
        L.EV_ANIMAL_READIED: lambda: f"  {names[b]} regenerates: face up again",
        L.EV_SET_ASIDE: lambda: (f"player {a + 1} is disqualified: their hand and cards in play "
                                 f"are set aside without effect, their Mana goes to player "
                                 f"{b + 1}"),
        L.EV_HAND_LOCKED: lambda: (
            f"  until player {b + 1}'s next turn, player {a + 1} adds cards to their hand only "
            "in their draw phase" if b >= 0 else
            f"  player {a + 1}'s hand is locked: the card stays where it is"),
        L.EV_RETALIATION: lambda: (f"  player {a + 1}, a Mage Noir left alone, draws {b} "
                                   "(Mage Noir retaliation)"),
    }
    text = texts.get(ev)
    return text() if text else None
