"""Component bookkeeping that cards change: extra instances, granted words, requirements.

Four cards change how components are counted or required:

- Water drop: channeled, it counts as 2 Drops once per turn (always for a Mage Noir);
- Prodigious source: each own Water component that is not a Permanent (channeled Water
  spells, Water Equipment) counts as 1 more instance of each word it provides, per copy;
- Prodigious sowing: up to 3 own Seed components per copy also provide Tree (the first ones
  in board-slot order; when one leaves, the next Seed takes its place, as the ruling says);
- Fire mask: the controller's Fire cards need each component word they require 2 or more
  times once less (R8.5: "multiple times" is within one card's own list);
- King of trees (Mage Noir): the other Trees' "requires 1 less component" applies once more.

:func:`instances` is what requirements and ``own_component`` counts see; the designation of
components (actions.py) uses the per-slot parts.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import (
    H_FIRE_MASK,
    H_KING_OF_TREES,
    H_PRODIGIOUS_SOURCE,
    H_PRODIGIOUS_SOWING,
    H_WATER_DROP,
)
from simulator.engine.rules.board import (
    card_provides,
    component_count,
    flagged_copies,
    flagged_in_play,
    is_component_zone,
    is_mage_noir,
)
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    FIRE,
    PERMANENT,
    WATER,
    WORD,
)

SEED, TREE, DROP = WORD["Seed"], WORD["Tree"], WORD["Drop"]
SOWING_LIMIT = 3
WATER_DROP = H_WATER_DROP
SOURCE = H_PRODIGIOUS_SOURCE
SOWING = H_PRODIGIOUS_SOWING
FIRE_MASK = H_FIRE_MASK
KING = H_KING_OF_TREES


@njit
def drop_ready(st, tb, p, s):
    """The slot holds a channeled Water drop that counts as 2 Drops right now."""
    c = st.board_card[p, s]
    if c < 0 or st.board_zone[p, s] != CHANNELED or tb.handler_card[WATER_DROP, c] == 0:
        return False
    return st.drop_spent[p, s] == 0 or is_mage_noir(st, tb, p)


@njit
def spend_extra_instance(st, tb, p, s):
    """A Water drop counted as 2 Drops this turn (a Mage Noir's never runs out)."""
    if not is_mage_noir(st, tb, p):
        st.drop_spent[p, s] = 1
        st.board_clock += 1


@njit
def source_extra(st, tb, p, s, word, copies):
    """Extra instances of ``word`` the slot gives through ``copies`` Prodigious sources."""
    c = st.board_card[p, s]
    if copies == 0 or c < 0 or tb.element[c] != WATER or tb.provides[c, word] == 0:
        return 0
    zone = st.board_zone[p, s]
    return copies if zone == CHANNELED or zone == EQUIPMENT else 0


@njit
def extra_for_slot(st, tb, p, s, word, copies):
    """Extra instances of ``word`` slot ``s`` provides now (Water drop + Prodigious source):
    it may be designated ``1 +`` this many times for that word."""
    extra = source_extra(st, tb, p, s, word, copies)
    if word == DROP and tb.any_handler[WATER_DROP] != 0 and drop_ready(st, tb, p, s):
        extra += 1
    return extra


@njit
def granted_tree(st, tb, p, s):
    """Prodigious sowing makes the Seed component in this slot a Tree too."""
    if tb.any_handler[SOWING] == 0 or not _plain_seed(st, tb, p, s):
        return False
    copies = flagged_copies(st, tb, p, SOWING, PERMANENT)
    if copies == 0:
        return False
    rank = 0
    for q in range(s + 1):
        if _plain_seed(st, tb, p, q):
            rank += 1
    return rank <= SOWING_LIMIT * copies


@njit
def _plain_seed(st, tb, p, s):
    c = st.board_card[p, s]
    return (c >= 0 and is_component_zone(st.board_zone[p, s]) and tb.provides[c, SEED] != 0
            and tb.provides[c, TREE] == 0)


@njit
def granted_trees(st, tb, p):
    """Seed components Prodigious sowing makes Trees (the first 3 per copy)."""
    if tb.any_handler[SOWING] == 0:
        return 0
    copies = flagged_copies(st, tb, p, SOWING, PERMANENT)
    n = 0
    for s in range(st.board_end[p]):
        if _plain_seed(st, tb, p, s):
            n += 1
    return min(n, SOWING_LIMIT * copies)


@njit
def instances(st, tb, p, word):
    """Own component instances of ``word`` with every card effect included."""
    return component_count(st, tb, p, word) + extra_instances(st, tb, p, word)


@njit
def instances_of_words(st, tb, p, out):
    """``out`` (NW,): :func:`instances` of each of the batch's required words, the board read
    once for all of them (the readiness asks at every main-phase decision)."""
    nw = tb.n_words
    for j in range(nw):
        out[j] = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and is_component_zone(st.board_zone[p, s]):
            for j in range(nw):
                if card_provides(st, tb, p, s, c, tb.words[j]):
                    out[j] += 1
    for j in range(nw):
        out[j] += extra_instances(st, tb, p, tb.words[j])


@njit
def extra_instances(st, tb, p, word):
    """Instances of ``word`` card effects add to the distinct components (Prodigious source,
    Water drop, Prodigious sowing)."""
    n = 0
    if tb.any_handler[SOURCE] != 0:
        copies = flagged_copies(st, tb, p, SOURCE, PERMANENT)
        if copies > 0:
            for s in range(st.board_end[p]):
                n += source_extra(st, tb, p, s, word, copies)
    if word == DROP and tb.any_handler[WATER_DROP] != 0:
        for s in range(st.board_end[p]):
            if drop_ready(st, tb, p, s):
                n += 1
    if word == TREE:
        n += granted_trees(st, tb, p)
    return n


@njit
def fire_mask_on(st, tb, p):
    return flagged_in_play(st, tb, p, FIRE_MASK)


@njit
def requirement(tb, card, word, mask_on):
    """Components of ``word`` the card requires of a player (``mask_on``: their Fire mask)."""
    need = tb.requires[card, word]
    if mask_on and need >= 2 and tb.element[card] == FIRE:
        need -= 1
    return need


@njit
def fewer_allowed(st, tb, p, card, mn, king_here):
    """Components the card may skip now: "requires 1 less component" for a Mage Noir, twice
    for a Tree while the player's King of trees repeats Tree effects (``king_here``)."""
    fewer = tb.fewer_mn[card] if mn else 0
    if king_here and mn and tb.provides[card, TREE] != 0 and tb.handler_card[KING, card] == 0:
        fewer *= 2
    return fewer


@njit
def king_here(st, tb, p):
    return tb.any_handler[KING] != 0 and flagged_copies(st, tb, p, KING, PERMANENT) > 0


@njit
def water_components(st, tb, spend):
    """Water components in play on every board (Great waters): channeled Water spells, each
    counting 1 + its controller's Prodigious sources, + 1 for a Water drop still able to count
    twice (that once-per-turn use is then spent, unless its controller is a Mage Noir)."""
    total = 0
    for q in range(tb.players):
        copies = flagged_copies(st, tb, q, SOURCE, PERMANENT)
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c < 0 or st.board_zone[q, s] != CHANNELED or tb.element[c] != WATER:
                continue
            total += 1 + copies
            if tb.any_handler[WATER_DROP] != 0 and drop_ready(st, tb, q, s):
                total += 1
                if spend:
                    spend_extra_instance(st, tb, q, s)
    return total
