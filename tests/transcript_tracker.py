"""A reader who keeps a game's position from its replay lines alone (issue #39, item 11).

Why: the replay promises that nothing happens without a line. This reader starts from the
first position the engine recorded (after the opening hands) and from then on changes its
position only by what a printed line says: HP of the players, of the Adversary's cards and of
the Permanents, the two Ether piles, the reserves, and the size of every zone (hand, deck,
discard pile, exile, the cards in play by zone). At every position the engine recorded (each
turn's start, and the end) it compares its own with the engine's; a difference is a change
the transcript did not explain. A line it does not know is an error too, so a new kind of
line has to say what it changes.

Card facts (a card's type and printed HP) come from the card data, as a player reads them
off the card; nothing else is read from the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from simulator.cards import ELEMENTS, CardDB
from simulator.engine.rules import layout as L

ZONE_OF_TYPE = {"spell": L.PREPARED, "permanent": L.PERMANENT, "equipment": L.EQUIPMENT,
                "ritual": L.RITUAL, "animal": L.ANIMAL}
PILE_TO = {"to the discard pile": "discard", "back to hand": "hand", "on top of the deck": "deck",
           "third from the top of the deck": "deck", "to exile": "exile"}
MANA = r"((?:\d+ \w+(?:, )?)+|nothing)"


def mana_of(text: str) -> list[int]:
    """'2 fire, 1 air' as a Mana vector (ELEMENTS order)."""
    out = [0] * len(ELEMENTS)
    if text != "nothing":
        for part in text.split(", "):
            n, element = part.split(" ")
            out[ELEMENTS.index(element)] += int(n)
    return out


@dataclass
class Seat:
    hp: int = 0
    hand: int = 0
    deck: int = 0
    discard: int = 0
    exile: int = 0
    reserve: list[int] = field(default_factory=lambda: [0] * len(ELEMENTS))
    board: list[list] = field(default_factory=list)  # [name, zone, hp]


class Unexplained(AssertionError):
    pass


class Tracker:
    """Feed it the lines of one transcript with the positions the engine recorded; it raises
    :class:`Unexplained` at the first difference or unknown line."""

    def __init__(self, db: CardDB, players: int) -> None:
        self.db = db
        self.players = players
        self.seats = [Seat() for _ in range(players)]
        self.ether = [[0] * len(ELEMENTS), [0] * len(ELEMENTS)]
        self.adv_deck = 0
        self.adv_pile = 0
        self.adversary: list[list] = []  # [name, hp]
        self.actor = 0  # who prepares, pays and takes: the turn's player, or a Quickcast's
        self.turn_player = 0
        self.disqualified: str | None = None  # a 2 vs 2 seat whose Mana all goes to its mate
        self.synced = False
        self.last_placed: list | None = None
        self.activating: str | None = None  # the spell whose leaving comes next
        self.unique_pick: str | None = None  # "older" or "new": the copy Unique discards
        self.destroyed_at: tuple[str, int] | None = None  # a Permanent destroyed, its HP
        self.rules: list[tuple[re.Pattern, Callable]] = [
            (re.compile(pattern), handler) for pattern, handler in self._rules()]

    # --- positions ------------------------------------------------------------------------

    def position(self, rows: dict) -> dict:
        """The engine's position (``state`` rows) in the tracker's terms."""
        out: dict = {"ether": [rows[L.ST_ETHER * L.STATE_KEY + i] for i in range(2)]}
        adv = rows[L.ST_ADVERSARY * L.STATE_KEY]
        out["adversary piles"] = adv[:2]
        out["adversary cards"] = sorted((r[0], r[1]) for k, r in rows.items()
                                        if k // L.STATE_KEY == L.ST_ADV_SLOT)
        for p in range(self.players):
            hp, hand, deck, discard, exile, _ = rows[L.ST_PLAYER * L.STATE_KEY + p]
            out[f"player {p + 1} zones"] = [hp, hand, deck, discard, exile]
            out[f"player {p + 1} reserve"] = rows[L.ST_RESERVE * L.STATE_KEY + p]
            board = [r for k, r in rows.items() if k // L.STATE_KEY == L.ST_SLOT
                     and (k % L.STATE_KEY) // L.S_MAX == p]
            out[f"player {p + 1} board"] = sorted(
                (r[0], r[1], r[2] if r[1] == L.PERMANENT else 0) for r in board)
        return out

    def mine(self) -> dict:
        out: dict = {"ether": self.ether, "adversary piles": [self.adv_deck, self.adv_pile],
                     "adversary cards": sorted((n, h) for n, h in self.adversary)}
        for p, s in enumerate(self.seats):
            out[f"player {p + 1} zones"] = [s.hp, s.hand, s.deck, s.discard, s.exile]
            out[f"player {p + 1} reserve"] = s.reserve
            out[f"player {p + 1} board"] = sorted(
                (n, z, h if z == L.PERMANENT else 0) for n, z, h in s.board)
        return out

    def sync(self, rows: dict) -> None:
        """Take the engine's first position as the game's start (the opening is dealt)."""
        truth = self.position(rows)
        self.ether = [list(x) for x in truth["ether"]]
        self.adv_deck, self.adv_pile = truth["adversary piles"]
        self.adversary = [[n, h] for n, h in truth["adversary cards"]]
        for p, s in enumerate(self.seats):
            s.hp, s.hand, s.deck, s.discard, s.exile = truth[f"player {p + 1} zones"]
            s.reserve = list(truth[f"player {p + 1} reserve"])
            s.board = [[n, z, h] for n, z, h in truth[f"player {p + 1} board"]]
        self.synced = True

    def check(self, rows: dict, where: str) -> None:
        truth, mine = self.position(rows), self.mine()
        for key, value in truth.items():
            if [list(x) if isinstance(x, tuple) else x for x in value] != \
                    [list(x) if isinstance(x, tuple) else x for x in mine[key]]:
                raise Unexplained(f"{where}: {key} is {value} in the game, {mine[key]} from "
                                  "the lines")

    # --- lines ----------------------------------------------------------------------------

    def feed(self, line: str) -> None:
        if not self.synced:
            return
        for pattern, handler in self.rules:
            m = pattern.fullmatch(line)
            if m:
                handler(*m.groups())
                return
        raise Unexplained(f"a line the reader does not know: {line!r}")

    def _seat(self, text: str | None) -> Seat:
        return self.seats[int(text) - 1 if text else self.actor]

    def _find_board(self, name: str, owner: str | None,
                    zone: int | None = None) -> tuple[Seat, list]:
        """The card ``name`` in play (of ``owner``; else the actor's first): in ``zone`` when
        a copy is there, else a Permanent at 0 HP (the one damage destroyed) when there is."""
        seats = [self._seat(owner)] if owner else [self.seats[self.actor]] + self.seats
        found = [(seat, card) for seat in seats for card in seat.board if card[0] == name]
        if not found:
            raise Unexplained(f"{name} is not in play")
        for wanted in (lambda c: c[1] == zone, lambda c: c[1] == L.PERMANENT and c[2] < 1):
            for seat, card in found:
                if wanted(card):
                    return seat, card
        return found[0]

    def _place(self, seat: Seat, name: str, zone: int | None = None) -> None:
        card = self.db.find(name)
        hp = card.hp or 0 if card.type == "permanent" else 0
        self.last_placed = [name, ZONE_OF_TYPE[card.type] if zone is None else zone, hp]
        seat.board.append(self.last_placed)

    def _leave(self, name: str, owner: str | None, dest: str) -> None:
        for i, (n, _) in enumerate(self.adversary):
            if n == name and owner is None:
                del self.adversary[i]
                self.adv_pile += 1
                return
        zone = L.PREPARED if name == self.activating else None
        if zone is not None:  # other cards may leave first (a player put out by the spell)
            self.activating = None
        seat, card = self._find_board(name, owner, zone)
        if self.destroyed_at and self.destroyed_at[0] == name:  # the copy with that HP
            card = next((c for c in seat.board if c[0] == name and c[1] == L.PERMANENT
                         and c[2] == self.destroyed_at[1]), card)
            self.destroyed_at = None
        if self.unique_pick:  # the older copy came into play first
            copies = [c for c in seat.board if c[0] == name]
            card = copies[0] if self.unique_pick == "older" else copies[-1]
            self.unique_pick = None
        seat.board.remove(card)
        where = PILE_TO[dest]
        setattr(seat, where, getattr(seat, where) + 1)

    def _hp(self, name: str, owner: str | None, delta: int, before: str | None) -> None:
        """A card's HP change by ``delta``; ``before``, the HP the line says it had, tells
        two copies apart."""
        def fits(hp: int) -> bool:
            return before is None or hp == int(before)
        if owner is None:
            for card in self.adversary:
                if card[0] == name and fits(card[1]):
                    card[1] += delta
                    return
        seats = [self._seat(owner)] if owner else [self.seats[self.actor]] + self.seats
        for seat in seats:
            for card in seat.board:
                if card[0] == name and card[1] == L.PERMANENT and fits(card[2]):
                    card[2] += delta
                    return
        raise Unexplained(f"no {name} in play with {before} HP")

    def _add(self, vector: list[int], mana: str, sign: int = 1) -> None:
        for e, n in enumerate(mana_of(mana)):
            vector[e] += sign * n

    def _rules(self):  # noqa: C901 - one rule per kind of line
        info = lambda *_: None  # noqa: E731 - a line that changes nothing tracked

        def turn(n, p, hp):
            self.actor = self.turn_player = int(p) - 1
        def gathering():  # the player whose turn it is, after a Quickcast of another
            self.actor = self.turn_player
        def main_of(p):
            self.actor = int(p) - 1
        def quick(p, _card):
            self.actor = int(p) - 1
        def reveals(name, stays, hp):
            self.adv_deck -= 1
            if stays:
                self.adversary.append([name, int(hp or 0)])
            else:
                self.adv_pile += 1
        def adv_shuffles(n):
            self.adv_deck += int(n)
            self.adv_pile -= int(n)
        def shuffles(p, n):
            seat = self._seat(p)
            seat.deck += int(n)
            seat.discard -= int(n)
        def to_ether(why, rest):
            paid = 0
            for part in rest.split("; "):
                mana, pile = re.fullmatch(rf"{MANA} on pile (\d)", part).groups()
                self._add(self.ether[int(pile) - 1], mana)
                paid += sum(mana_of(mana))
            if why.startswith("Mana paid"):
                seat = self.seats[self.actor]
                for part in rest.split("; "):
                    self._add(seat.reserve, part.rsplit(" on pile", 1)[0], -1)
        def takes_pile(pile, mana):
            self._add(self.seats[self.actor].reserve, mana)
            self._add(self.ether[int(pile) - 1], mana, -1)
        def trades(given, element, pile, gives_to):
            seat = self.seats[self.actor]
            self._add(seat.reserve, given, -1)
            seat.reserve[ELEMENTS.index(element)] += 1
            self.ether[int(pile) - 1][ELEMENTS.index(element)] -= 1
            if gives_to:
                self._add(self.ether[int(gives_to) - 1], given)
        def takes_one(element, pile):
            self.seats[self.actor].reserve[ELEMENTS.index(element)] += 1
            self.ether[int(pile) - 1][ELEMENTS.index(element)] -= 1
        def draws(p, name):
            seat = self._seat(p)
            seat.deck -= 1
            seat.hand += 1
        def discards(p, name, _rest):
            seat = self._seat(p)
            seat.hand -= 1
            seat.discard += 1
        def prepares(name, from_pile):
            seat = self.seats[self.actor]
            if from_pile:
                seat.discard -= 1
            else:
                seat.hand -= 1
            self._place(seat, name)
        def pays(mana, _rest):
            self._add(self.seats[self.actor].reserve, mana, -1)
        def activates(name):
            self.activating = name
        def channels(name):
            seat = self.seats[self.actor]
            for card in seat.board:
                if card[0] == name and card[1] == L.PREPARED:
                    card[1] = L.CHANNELED
                    return
            raise Unexplained(f"no {name} in preparation to channel")
        def leaves(name, owner, dest):
            self._leave(name, owner, dest)
        def destroyed_at(name, _owner, hp):
            self.destroyed_at = (name, int(hp))
        def adv_destroyed(name, _how):
            for i, (n, _) in enumerate(self.adversary):
                if n == name:
                    del self.adversary[i]
                    self.adv_pile += 1
                    return
            raise Unexplained(f"{name} is not in the Adversary's play")
        def damage(n, name, owner, now, _why):
            self._hp(name, owner, -int(n), now)
        def loses(name, owner, n, now, _why):
            self._hp(name, owner, -int(n), now)
        def card_gains(name, owner, n, now, _why):
            self._hp(name, owner, int(n), now)
        def player_loses(p, n, _kind, _why):
            self.seats[int(p) - 1].hp -= int(n)
        def player_gains(p, n, _why):
            self.seats[int(p) - 1].hp += max(int(n), 0)
        def creates(p, mana):
            self._add(self._seat(p).reserve, mana)
        def x_paid(n, element, _card):
            self.seats[self.actor].reserve[ELEMENTS.index(element)] -= int(n)
        def locks(mana, from_reserve, _card):
            if from_reserve:
                self._add(self.seats[self.actor].reserve, mana, -1)
        def moves(mana, _from, to):
            if to == "to the reserve":
                self._add(self.seats[self.actor].reserve, mana)
        def to_reserve(p, element, _card):
            self._seat(p).reserve[ELEMENTS.index(element)] += 1
        def puts_under(p, element, from_reserve, _card):
            if from_reserve:
                self._seat(p).reserve[ELEMENTS.index(element)] -= 1
        def gives(giver, mana, mate):
            if giver == self.disqualified:  # all their Mana: the reserve and what was locked
                self._seat(giver).reserve = [0] * len(ELEMENTS)
            else:
                self._add(self._seat(giver).reserve, mana, -1)
            self._add(self._seat(mate).reserve, mana)
        def disqualified(p):
            self.disqualified = p
        def exiles(p, name, where):
            seat = self._seat(p)
            if where == "from the discard pile":
                seat.discard -= 1
            else:
                seat.deck -= 1
            seat.exile += 1
        def moves_one(source, dest):
            """A line that moves one card of its player's (the group's first) from one zone
            count to another."""
            def handler(p, *_words):
                seat = self._seat(p)
                setattr(seat, source, getattr(seat, source) - 1)
                setattr(seat, dest, getattr(seat, dest) + 1)
            return handler
        searches = moves_one("deck", "hand")
        recycles = moves_one("discard", "deck")
        from_discard = moves_one("discard", "hand")
        mills = moves_one("deck", "discard")
        def puts_from_discard(p, name, zone):
            seat = self._seat(p)
            seat.discard -= 1
            self._place(seat, name, L.PREPARED if zone == "prepared" else L.CHANNELED)
        def renewal(name):
            seat = self.seats[self.actor]
            seat.discard -= 1
            self._place(seat, name)
        def phases_out(victim, n, whose):
            if victim == "the Adversary":
                self.adv_deck -= int(n)
                self.adv_pile += int(n)
            else:
                seat = self._seat(victim.split()[-1])
                seat.deck -= int(n)
                seat.discard += int(n)
        indestructible = moves_one("hand", "discard")
        def extra_hp(name, n):
            self.last_placed[2] += int(n)
        def hp_set(name, n):
            _, card = self._find_board(name, None)
            card[2] = int(n)
        def rock(name):
            for card in [c for seat in self.seats for c in seat.board]:
                if card[0] == name and card[1] == L.PERMANENT and card[2] < 1:
                    card[1], card[2] = L.CHANNELED, 0
                    return
            raise Unexplained(f"no {name} below 1 HP in play")
        def reserve_gone(p):
            self.seats[int(p) - 1].reserve = [0] * len(ELEMENTS)
        def unique(which, name):
            self.unique_pick = which
        def maelstrom():
            self.seats[self.actor].reserve = [0] * len(ELEMENTS)

        o = r"(?: of player (\d))?"
        why = r"((?: from | by ).*)?"
        now = r"(?: \(HP (-?\d+) to \d+\))?"
        return [
            (r"-- Turn \d+: player (\d) \((-?\d+) HP.*", lambda p, hp: turn(0, p, hp)),
            (r"-- Adversary turn --", info),
            (r"- player (\d)'s main phase -", main_of),
            (r"player (\d) casts (.+) with Quickcast, .*", quick),
            (r"Adversary reveals (.+?)(, which comes into play(?: with (\d+) HP)?)?", reveals),
            (r"  the Adversary shuffles its discard pile \((\d+) cards?\) into its deck",
             adv_shuffles),
            (r"  player (\d) shuffles their discard pile \((\d+) cards?\) into their deck",
             shuffles),
            (r"  (.*to the Available Ether): (.*)", to_ether),
            (r"piles on offer: .*", lambda: gathering()),
            (r"takes pile (\d): " + MANA, takes_pile),
            (r"trades " + MANA + r" for 1 (\w+) from pile (\d)(?:, gives it to pile (\d))?",
             trades),
            (r"  takes 1 (\w+) Mana from pile (\d)", takes_one),
            (r"  hand: .*", info),
            (r"  in play, .*", info),
            (r"  keeps .*", info),
            (r"ends the main phase with .*", info),
            (r"  (?:player (\d) )?draws (.+)", draws),
            (r"  player (\d) discards (?!the top card of the deck: )(.+?)( \(.*\))?", discards),
            (r"prepares (.+?)( from the discard pile)?", prepares),
            (r"  pays " + MANA + r" from the reserve(.*)", pays),
            (r"activates (.+)", activates),
            (r"uses the ability of .+", info),
            (r"channels (.+)", channels),
            (r"(.+?)" + o + r" leaves play, (.+)", leaves),
            (r"(\S.*) is destroyed( .*)?", adv_destroyed),
            (r"  (.+?)" + o + r" is destroyed \((\d+) HP\)(?: by .*)?", destroyed_at),
            (r"  .+ is destroyed.*", info),  # its leaving says where it goes
            (r"player (\d) is disqualified: .*", disqualified),
            (r"  (\d+) damage to (.+?)" + o + now + why, damage),
            (r"  (?!player \d)(.+?)" + o + r" loses (\d+) HP" + now + why, loses),
            (r"  (?!player \d)(.+?)" + o + r" gains (-?\d+) HP" + now + why, card_gains),
            (r"  Autumn: .+ applies its start-of-turn effects", info),
            (r"  .+ gains Autumn", info),
            (r"  player (\d) takes (\d+) (damage|HP loss)" + why, player_loses),
            (r"  player (\d) gains (-?\d+) HP" + why, player_gains),
            (r"  (?:player (\d) )?takes " + MANA + r" from the Infinite Ether into the reserve", creates),
            (r"  X = (\d+): \d+ (\w+) Mana under (.+)", x_paid),
            (r"  pays " + MANA + r" for the ability", info),
            (r"  locks " + MANA + r" Mana( from the reserve)? under (.+)", locks),
            (r"  .+ releases " + MANA + r" Mana", info),
            (r"  .+ can hold no more: releases .*", info),
            (r"  moves " + MANA + r" Mana from (.+?) (to the reserve|under .+)", moves),
            (r"  (?:player (\d) )?moves 1 (\w+) Mana from under (.+) to the reserve", to_reserve),
            (r"  (?:player (\d) )?puts 1 (\w+) Mana( from the reserve)? under (.+)", puts_under),
            (r"  player (\d)'s reserve goes back to the Infinite Ether: .*", reserve_gone),
            (r"gathers .+ from the Infinite Ether", lambda: gathering()),  # its Ether line follows
            (r"  player (\d) gives " + MANA + r" to their teammate, player (\d)", gives),
            (r"  (?:player (\d) )?exiles (.+) (from the discard pile|from the deck: .*)", exiles),
            (r"  (?:player (\d) )?takes (.+) from the deck into hand", searches),
            (r"  (?:player (\d) )?shows .+ from the deck and puts it on top", info),
            (r"  (?:player (\d) )?puts (.+) from the discard pile into the deck", recycles),
            (r"  (?:player (\d) )?takes (.+) from the discard pile into hand", from_discard),
            (r"  (?:player (\d) )?discards the top card of the deck: (.+)", mills),
            (r"  (?:player (\d) )?puts (.+) from the discard pile into play (prepared|channeled)",
             puts_from_discard),
            (r"  Renewal: (.+) comes back into play from the discard pile", renewal),
            (r"  (?:the Adversary|player \d) phases out (the Adversary|player \d) by \d+: "
             r"(\d+) cards? from the bottom of (its|their) deck to the discard pile",
             phases_out),
            (r"    phased out: .+", info),
            (r"  (?:player (\d) )?discards (.+): (.+) is indestructible this turn", indestructible),
            (r"  (?:player (\d) )?looks at the top (?:\d+ cards|card) of the deck: shows (.+?) "
             r"and takes it.*", searches),
            (r"  (?:player (\d) )?looks at the top (?:\d+ cards of the deck: takes none.*|card of the deck: "
             r"puts it at the bottom)", info),
            (r"  looks at the top card of the deck, .+", info),
            (r"  (.+) enters with (\d+) more HP", extra_hp),
            (r"  (.+) has (\d+) HP", hp_set),
            (r"  (.+) below 1 HP: its Mana is released and it stays as a channeled Rock "
             r"component", rock),
            (r"  Maelström: the reserve goes to the Available Ether", maelstrom),
            (r"  .+ targets .+", info),
            (r"  at Zenith this turn .*", info),
            (r"  .+ is discarded from hand and applies its effects", info),
            (r"  (?:player \d )?returns .+ to hand", info),  # its leaving says where it goes
            (r"  Unique: discards the (older|new) copy of (.+)", unique),
            (r"  player \d, a Mage Noir left alone, draws \d+ \(Mage Noir retaliation\)", info),
            (r"  (?:player \d )?shuffles the deck", info),
            (r"  .+ uses .+: its numbers change or its effect grows", info),
            (r"  .+ will apply .+", info),
            (r"  .+ is no longer there.*", info),
            (r"  applies .+", info),
            (r"  .+ is a Protector: it takes the damage aimed at .+", info),
            (r"  .+: (its controller draws|the opponent draws|the opponent's turn ends|[a-z_]+)",
             info),
            (r"player (\d) is out of the game.*", info),
            (r"the game is over: .*", info),
            (r"  the Adversary (discards from its \(empty\) hand|has no prepared spell to "
             r"discard|prepares no card that could cost more): nothing happens", info),
            (r"  the Adversary has no hand: nothing happens", info),
            (r"  until player \d's next turn, player \d adds cards to their hand only in their "
             r"draw phase|  player \d's hand is locked: the card stays where it is", info),
            (r"  sacrifices Kerloc'h's robe and discards their hand", info),
            (r"  Waiver crown: pays .*|  Crimson ring: pays 1 Fire|  Zenith ritual: pays 1 Fire "
             r"\(a spell channeled\)|  Burning robe: .*|  Ignition: .*", info),
        ]
