"""The bots' use of an Animal (docs/animals.md): what it is worth to keep it face up.

A face-up Animal is an active ability and a component for the words of its name; a spell
whose cost exhausts it (``tables.exhausts_animal``) turns both off until its player's next
turn. Its active ability is scored as any generic ability (``base.ability_scores``: its
effect less its Mana cost, its damage only once the Adversary is there), and a component
with no drawback is the one :func:`base.score_use_component` designates first. What is left
is the order: :func:`animal_first` makes a spell that would exhaust the Animal wait while the
Animal still has a use this main phase (its ability worth using, or a card the player could
prepare now that needs it as a component), so the bot uses the Animal and then spends it.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import animals
from simulator.engine.rules.components import fire_mask_on, instances, requirement
from simulator.engine.rules.layout import ANIMAL

#: How far below the Animal's other use a spell that exhausts it is put.
WAIT = 0.5


@njit
def needs_the_animal(st, tb, p, animal, card, mask):
    """Card ``card`` cannot be prepared without the Animal as one of its components: a word
    it requires that the Animal provides and no other component provides often enough."""
    for j in range(tb.n_words):
        w = tb.words[j]
        need = requirement(tb, card, w, mask)
        if need > 0 and tb.provides[animal, w] != 0 and instances(st, tb, p, w) == need:
            return True
    return False


@njit
def animal_first(st, tb, wk, p):
    """Main-phase scores (``wk.scores``, filled): a legal preparation that exhausts the
    player's face-up Animal scores below the best other legal use of the Animal (its ability
    when worth using, a preparation that needs it as a component)."""
    if tb.any_exhausts_animal == 0:
        return
    s = animals.slot_in(st, p, ANIMAL)
    if s < 0:
        return
    animal = st.board_card[p, s]
    prepare_at = 1 + tb.slots
    best = 0.0
    found = False
    if wk.opt[1 + s] != 0 and wk.scores[1 + s] > 0:  # its ability, worth using now
        best, found = wk.scores[1 + s], True
    mask = fire_mask_on(st, tb, p)
    for c in range(tb.n_player_cards):
        if wk.opt[prepare_at + c] == 0 or tb.exhausts_animal[c] != 0:
            continue
        if needs_the_animal(st, tb, p, animal, c, mask) and \
                (not found or wk.scores[prepare_at + c] > best):
            best, found = wk.scores[prepare_at + c], True
    if not found:
        return
    for c in range(tb.n_player_cards):
        if wk.opt[prepare_at + c] != 0 and tb.exhausts_animal[c] != 0:
            wk.scores[prepare_at + c] = min(wk.scores[prepare_at + c], best - WAIT)
