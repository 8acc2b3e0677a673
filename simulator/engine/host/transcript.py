"""A game's event log (``log.py``) as the lines of a readable transcript."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simulator.cards import ELEMENTS
from simulator.engine.rules import layout as L

#: Where each Quickcast window falls (layout.WINDOWS order).
WINDOW_WORDS = ("in the Adversary's turn, before its cards act",
                "in the Adversary's turn, after the card it revealed")
assert len(WINDOW_WORDS) == len(L.WINDOWS)
DISCARD_NOTE = {L.REASON_HAND_LIMIT: " (hand limit)", L.REASON_HAND_SIZE: " (hand size 4)"}


def format_mana(mana: Sequence[int]) -> str:
    """'2 fire, 1 air' for a Mana vector in ELEMENTS order; 'nothing' when empty."""
    parts = [f"{int(n)} {e}" for e, n in zip(ELEMENTS, mana, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"


def lines(events: np.ndarray, names: Sequence[str]) -> list[str]:
    """The transcript lines of ``events`` (n, EV_W) for a batch whose card names are ``names``."""
    out: list[str] = []
    hand: list[str] = []
    piles: list[str] = []  # the two Ether piles a player chooses between, before the choice
    for row in events.tolist():
        ev, a, b, c, d = row[0], row[1], row[2], row[3], row[4]
        mana = row[2:8]
        if ev == L.EV_HAND_CARD:
            hand.append(names[b] + (f" x{c}" if c > 1 else ""))
            continue
        if ev == L.EV_PILE_ON_OFFER:
            piles.append(format_mana(mana))
            continue
        if ev == L.EV_TAKES_PILE and piles:
            out.append(f"piles on offer: {' | '.join(piles)}")
            piles = []
        text = _line(ev, a, b, c, d, mana, names, hand)
        if ev == L.EV_HAND:
            hand = []
        if text is not None:
            out.append(text)
    return out


def _line(ev, a, b, c, d, mana, names, hand) -> str | None:  # noqa: C901 - one case per event
    if ev == L.EV_TURN:
        adversary = f", the Adversary {d} HP" if d >= 0 else ", the Adversary not in play"
        return f"-- Turn {a}: player {b + 1} ({c} HP{adversary}) --"
    if ev == L.EV_HAND:
        return f"  hand: {', '.join(hand) or 'nothing'}; reserve: {format_mana(mana)}"
    if ev == L.EV_ADVERSARY_TURN:
        return "-- Adversary turn --"
    if ev == L.EV_REVEALS:
        return f"Adversary reveals {names[a]}"
    if ev in (L.EV_PREPARES, L.EV_ACTIVATES, L.EV_CHANNELS, L.EV_USES_ABILITY):
        verb = {L.EV_PREPARES: "prepares", L.EV_ACTIVATES: "activates",
                L.EV_CHANNELS: "channels", L.EV_USES_ABILITY: "uses the ability of"}[ev]
        return f"{verb} {names[b]}"
    if ev == L.EV_TRADES:
        return f"trades {sum(mana)} Mana for 1 {ELEMENTS[a]}"
    if ev == L.EV_LEAVES:
        return f"{names[a]} leaves play"
    if ev == L.EV_DESTROYED:
        return f"{names[a]} is destroyed"
    if ev == L.EV_DAMAGE:
        return f"  {a} damage to {names[d]}"
    if ev == L.EV_PLAYER_LOSES:
        return f"  player {a + 1} takes {b} {'damage' if c else 'HP loss'}"
    if ev == L.EV_GAINS_HP:
        return f"  player {a + 1} gains {b} HP"
    if ev == L.EV_ADVERSARY_HEALS:
        return f"  {names[d]} gains {a} HP"
    if ev == L.EV_DRAWS:
        return f"  draws {names[b]}"
    if ev == L.EV_DISCARDS:
        return f"  discards {names[b]}{DISCARD_NOTE.get(c, '')}"
    if ev == L.EV_TAKES_PILE:
        return f"takes a pile: {format_mana(mana)}"
    if ev == L.EV_PAYS_ABILITY_COST:
        return f"  pays {format_mana(mana)} for the ability"
    if ev == L.EV_TAKES_MANA:
        return f"  takes 1 {ELEMENTS[b]} Mana"
    if ev == L.EV_OUT:
        return f"player {a + 1} is out of the game" + (" (0 HP)" if b == L.OUT_HP else " (empty deck)")
    if ev in (L.EV_LOCKS, L.EV_RELEASES, L.EV_MOVES_LOCKED, L.EV_LOCK_CAP):
        return _locked_line(ev, a, mana, names)
    return _card_line(ev, a, b, c, d, names)


def _locked_line(ev, a, mana, names) -> str:
    """Mana locked under a card, released from it, or moved (``a``: the card; for a move
    ``locked.moved_pair`` of the two cards, -1 the reserve)."""
    what = f"{format_mana(mana)} Mana"
    if ev == L.EV_LOCKS:
        return f"  locks {what} under {names[a]}"
    if ev == L.EV_RELEASES:
        return f"  {names[a]} releases {what}"
    if ev == L.EV_LOCK_CAP:
        return f"  {names[a]} can hold no more: releases {what}"
    source, dest = divmod(a, L.C_MAX + 1)
    to = f"under {names[dest - 1]}" if dest > 0 else "to the reserve"
    return f"  moves {what} from {names[source - 1]} {to}"


def _card_line(ev, a, b, c, d, names) -> str | None:
    """The lines of the card handlers' events."""
    texts = {
        L.EV_INDESTRUCTIBLE: lambda: f"  discards {names[b]}: {names[c]} is indestructible this turn",
        L.EV_APPLIES: lambda: f"  applies {names[b]}",
        L.EV_ROBE_HIT: lambda: "  Burning robe: 1 damage to its controller",
        L.EV_CRIMSON_PAYS: lambda: "  Crimson ring: pays 1 Fire",
        L.EV_IGNITION_ON: lambda: "  Ignition: cards going to a discard pile deal 1 damage this turn",
        L.EV_IGNITION_HIT: lambda: "  Ignition: 1 damage",
        L.EV_PUTS_INTO_PLAY: lambda: f"  puts {names[b]} into play prepared",
        L.EV_AUTUMN: lambda: (f"  {names[a]} gains Autumn" if c else
                              f"  Autumn: {names[a]} applies its start-of-turn effects"),
        L.EV_RENEWAL_RETURNS: lambda: (f"  Renewal: {names[b]} comes back into play from the "
                                       "discard pile"),
        L.EV_NOTHING_HAPPENS: lambda: "  the Adversary discards from its (empty) hand: nothing happens",
        L.EV_ADVERSARY_LOSES: lambda: f"  the Adversary loses {a} HP",
        L.EV_HP_SET: lambda: f"  {names[a]} has {b} HP",
        L.EV_DRUID_HORNS: lambda: f"  Druid horns: reveals {names[b]} and takes it",
        L.EV_KERLOCH: lambda: "  sacrifices Kerloc'h's robe and discards their hand",
        L.EV_MANA_UNDER: lambda: f"  puts 1 {ELEMENTS[b]} Mana under {names[c]}",
        L.EV_MAELSTROM: lambda: "  Maelström: the reserve goes to the Available Ether",
        L.EV_MOVES_TIDE: lambda: f"  moves the Tide's Mana under {names[b]}",
        L.EV_RETURNS_TO_HAND: lambda: f"  returns {names[b]} to hand",
        L.EV_EMPTY_DISCARDED: lambda: f"  {names[b]} has no Mana left and is discarded",
        L.EV_INFILTRATION: lambda: "  Subtle infiltration: 1 damage, then 1 Mana released",
        L.EV_OCEAN_APPLIES: lambda: f"  Unleashed ocean: {names[b]} applies its effects",
        L.EV_OCEAN_RELEASES: lambda: f"  Unleashed ocean releases {b} Water Mana",
        L.EV_MELANGE: lambda: (f"  Ritual of melange: 1 {ELEMENTS[b]} for 1 {ELEMENTS[c]} "
                               f"under {names[d]}"),
        L.EV_QUICKCAST: lambda: (f"player {a + 1} casts {names[b]} with Quickcast, "
                                 f"{WINDOW_WORDS[c]}:"),
        L.EV_SLOWCAST_ALL: lambda: (f"  until the start of player {a + 1}'s next turn, every spell "
                                    "has Slowcast"),
        L.EV_GAINS_SLOWCAST: lambda: f"  {names[b]} of player {a + 1} gains Slowcast",
        L.EV_NO_SLOWCAST: lambda: f"  pays the Slowcast waiver: {names[b]} has no Slowcast",
    }
    text = texts.get(ev)
    return text() if text else None
