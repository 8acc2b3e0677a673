"""A player's Animal (Animal Aenigma rulesheet; docs/animals.md, docs/rules.md R10.5).

Its life: set aside while its owner shuffles and chooses the opening hand, then put face down
on top of the deck (:func:`set_aside`, :func:`put_on_top`), so that it is the first card drawn;
drawn, or discarded from the deck (a mill, a phase out), it goes straight into play face up
(:func:`enter_play`) instead of the hand or the discard pile; a cost may turn it face down,
exhausted (:func:`exhaust`: the spells whose cost carries the Animal and exhaustion symbols,
``tables.exhausts_animal``); at the start of its owner's turn an exhausted Animal turns face
up again, regenerated (:func:`regenerate`).

Where it lives in play: one board slot of its owner, in the zone ``ANIMAL`` face up or
``ANIMAL_EXHAUSTED`` face down. Why a slot and not fields of its own: face up it is, for the
rules that read cards in play, a card whose statics and triggers apply (its passive abilities:
``ANIMAL`` is above ``PERMANENT``), whose ability is a main-phase action (its active ability,
a generic ``ability_cost`` with its Mana cost) and a component for the words of its name
(``board.is_component_zone``), so the readers of the board serve it unchanged; face down it is
hidden from all of them as a switched-off Ritual is (a negative zone). It is no spell (R1.5):
no Permanent, Equipment or spell in preparation, no HP, so the effects that pick such a card
never see it (``board.affectable`` for the few that pick any card on the board), and an effect
aimed at cards by name ("take a Flame card") never finds it (``tables.named``).

Cheap for decks without one: every entry here is behind ``tables.any_animal`` (or
``any_exhausts_animal``) at its caller.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import exile, frames
from simulator.engine.rules.board import free_slot, place_card
from simulator.engine.rules.components import fire_mask_on, instances, requirement
from simulator.engine.rules.layout import (
    ANIMAL,
    ANIMAL_EXHAUSTED,
    ANIMAL_TYPE,
    EV_ANIMAL_ENTERS,
    EV_ANIMAL_EXHAUSTED,
    EV_ANIMAL_ON_TOP,
    EV_ANIMAL_READIED,
    EV_EXILES,
    T_ENTER,
)
from simulator.engine.rules.log import say

#: How an Animal came into play (the third number of an ``animal_enters`` event).
DRAWN, DISCARDED_FROM_DECK = range(2)


@njit
def is_animal(tb, card):
    return tb.card_type[card] == ANIMAL_TYPE


@njit
def slot_in(st, p, zone):
    """The board slot of player ``p``'s Animal when it is in ``zone`` (ANIMAL: face up,
    ANIMAL_EXHAUSTED: face down), -1 otherwise."""
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == zone:
            return s
    return -1


@njit
def face_up(st, p):
    """Player ``p`` has their Animal in play face up."""
    return slot_in(st, p, ANIMAL) >= 0


@njit
def set_aside(st, tb, p):
    """Before the opening shuffle: player ``p``'s Animal leaves the deck (returned; -1 when
    the deck holds none), to go back on top once the opening hand is chosen."""
    n = st.deck_len[p]
    for i in range(n):
        card = st.deck[p, i]
        if is_animal(tb, card):
            st.deck[p, i] = st.deck[p, n - 1]
            st.deck_len[p] = n - 1
            return card
    return -1


@njit
def put_on_top(st, wk, p, card):
    """The Animal set aside goes face down on top of player ``p``'s deck."""
    n = st.deck_len[p]
    st.deck[p, n] = card
    st.deck_len[p] = n + 1
    say(wk, EV_ANIMAL_ON_TOP, p, card, 0, 0)


@njit
def enter_play(st, tb, wk, p, card, how):
    """Player ``p``'s Animal, just drawn or discarded from their deck (``how``), goes into
    play face up; its ``enter`` steps, if any, follow as a triggered action. With no free
    board slot (the engine's capacity, ``board_slots``) it cannot: it leaves the game (their
    exile) and the overflow is counted, as for a preparation without room."""
    s = free_slot(st, tb, p)
    if s < 0:
        st.board_overflow += 1
        exile.put(st, p, card)
        say(wk, EV_EXILES, p, card, exile.FROM_DECK, 0)
        return
    place_card(st, tb, p, s, card, ANIMAL)
    st.activated_n[p, card] += 1  # usage: it takes effect as it enters, as a Permanent does
    if st.first_activation[p, card] == 0:
        st.first_activation[p, card] = st.turn
    say(wk, EV_ANIMAL_ENTERS, p, card, how, 0)
    if tb.trig_count[card, T_ENTER] > 0:
        frames.trigger_steps(st, tb, card, T_ENTER, p, s)


@njit
def exhaust(st, tb, wk, p, by_card):
    """Player ``p``'s Animal turns face down, exhausted, to pay the cost of ``by_card``;
    False when they have no Animal face up (the cost cannot be paid)."""
    s = slot_in(st, p, ANIMAL)
    if s < 0:
        return False
    st.board_zone[p, s] = ANIMAL_EXHAUSTED
    st.board_clock += 1  # no longer a component, its passives are off
    say(wk, EV_ANIMAL_EXHAUSTED, p, st.board_card[p, s], by_card, 0)
    return True


@njit
def regenerate(st, tb, wk, p):
    """The start of player ``p``'s turn: an exhausted Animal turns face up again."""
    s = slot_in(st, p, ANIMAL_EXHAUSTED)
    if s < 0:
        return
    st.board_zone[p, s] = ANIMAL
    st.board_clock += 1
    say(wk, EV_ANIMAL_READIED, p, st.board_card[p, s], 0, 0)


@njit
def words_it_alone_gives(st, tb, p, card):
    """Components ``card`` would miss if player ``p``'s face-up Animal could not be one of
    them (rule option ``animal_exhausted_first``: its cost turns the Animal face down before
    the components are designated): each required word the Animal provides and that no other
    component of the player provides often enough."""
    s = slot_in(st, p, ANIMAL)
    if s < 0:
        return 0
    animal = st.board_card[p, s]
    mask = fire_mask_on(st, tb, p)
    missing = 0
    for j in range(tb.n_words):
        w = tb.words[j]
        need = requirement(tb, card, w, mask)
        if need > 0 and tb.provides[animal, w] != 0 and instances(st, tb, p, w) == need:
            missing += 1
    return missing
