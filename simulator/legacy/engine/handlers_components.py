"""Component bookkeeping that cards change: extra instances, granted words, requirements.

Four cards change how components are counted or required, and one count reads them all:

- Water drop (handlers_water): channeled, counts as 2 Drops once per turn (always for a
  Mage Noir);
- Prodigious source: each own Water component that is not a Permanent (channeled Water
  spells, Water Equipment) counts as 1 more instance of each word it provides, per copy;
- Prodigious sowing: up to 3 own Seed components per copy also provide Tree (Transmutable:
  Tree). Which Seeds: the first ones in board-slot order (which ones only matters once one
  leaves, and then the next Seed takes its place, as the ruling says);
- Fire mask: the controller's Fire cards need each component word they require 2 or more
  times once less (R8.5: "multiple times" is within one card's own list);
- King of trees (Mage Noir): the other Trees' "requires 1 less component" applies once more,
  so Tree in flames needs no component at all (its ruling).

:func:`component_instances` is what requirements and ``own_component`` counts see;
``actions.component_shortfall`` / ``actions._designate_components`` use the per-slot parts.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine.board import (
    board_cards,
    component_counts,
    in_play_static,
    is_component,
    is_mage_noir,
)
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.handlers_common import handler_cards
from simulator.legacy.engine.handlers_water import (
    spend_extra_instance,
    water_drop_extra_slots,
    water_drop_ready,
)
from simulator.legacy.engine.short_axis import count_last
from simulator.legacy.engine.state import CHANNELED, EQUIPMENT, PERMANENT, player_rows
from simulator.legacy.engine.tables import WORD_INDEX, word_layout

WATER = ELEMENTS.index("water")
FIRE = ELEMENTS.index("fire")
SEED = WORD_INDEX["Seed"]
TREE = WORD_INDEX["Tree"]
DROP = WORD_INDEX["Drop"]
SOWING_LIMIT = 3


def _copies(eng: Engine, games: np.ndarray, player: np.ndarray, name: str,
            zone: int = PERMANENT) -> np.ndarray:
    """(n,) copies of the cards naming handler ``name`` the player has in ``zone``."""
    cards = handler_cards(eng, name)
    if not cards.any() or len(games) == 0:
        return np.zeros(len(games), np.int64)
    here = player_rows(eng.state.board_zone, games, player) == zone
    return (here & cards[board_cards(eng, games, player)]).sum(axis=1)


def source_extra_slots(eng: Engine, games: np.ndarray, player: np.ndarray,
                       words: np.ndarray | None = None) -> np.ndarray:
    """(n, S, W) int Prodigious source: extra instances of each word per own non-Permanent
    Water component (channeled Water spells and Water Equipment), one per source copy."""
    st, t = eng.state, eng.tables
    s = st.board_card.shape[2]
    words = word_layout(words)
    copies = _copies(eng, games, player, "prodigious_source")
    if not copies.any():
        return np.zeros((len(games), s, len(words)), np.int64)
    cards = board_cards(eng, games, player)
    zone = player_rows(st.board_zone, games, player)
    water = (t.element[cards] == WATER) & ((zone == CHANNELED) | (zone == EQUIPMENT))
    provides = t.provides[:, words]  # (C, W)
    return provides[cards].astype(np.int64) * (water * copies[:, None])[:, :, None]


def extra_component_slots(eng: Engine, games: np.ndarray, player: np.ndarray,
                          words: np.ndarray | None = None) -> np.ndarray:
    """(n, S, W) int extra instances each own slot provides now (Water drop + Prodigious
    source): a slot may be designated ``1 + extra`` times for that word."""
    return (water_drop_extra_slots(eng, games, player, words)
            + source_extra_slots(eng, games, player, words))


def granted_words(eng: Engine, games: np.ndarray, player: np.ndarray,
                  words: np.ndarray | None = None) -> np.ndarray:
    """(n, S, W) bool words own components provide beyond their own (Prodigious sowing:
    up to 3 Seed components per copy also provide Tree); only the Tree column can be true."""
    st, t = eng.state, eng.tables
    words = word_layout(words)
    out = np.zeros((len(games), st.board_card.shape[2], len(words)), bool)
    tree_column = np.flatnonzero(words == TREE)
    if len(tree_column) == 0:
        return out
    copies = _copies(eng, games, player, "prodigious_sowing")
    if not copies.any():
        return out
    cards = board_cards(eng, games, player)
    seeds = is_component(eng, games, player) & (t.provides[cards, SEED] > 0) & (
        t.provides[cards, TREE] == 0)
    rank = np.cumsum(seeds, axis=1)
    out[:, :, tree_column[0]] = seeds & (rank <= SOWING_LIMIT * copies[:, None])
    return out


def _any_cards(eng: Engine, *names: str) -> bool:
    return any(handler_cards(eng, name).any() for name in names)


def component_instances(eng: Engine, games: np.ndarray, player: np.ndarray,
                        words: np.ndarray | None = None) -> np.ndarray:
    """(n, W) int own component instances of each word, with every card effect included.

    words: (W,) the word columns (``tables.word_layout``; None: all 35 words), e.g.
    ``eng.tables.words`` for requirements or ``[WORD_INDEX[word]]`` for one count.
    """
    counts = component_counts(eng, games, player, words)
    if not _any_cards(eng, "water_drop", "prodigious_source", "prodigious_sowing"):
        return counts
    words = word_layout(words)
    if _any_cards(eng, "prodigious_source"):
        counts += source_extra_slots(eng, games, player, words).sum(axis=1)
    # Water drop adds only Drops and Prodigious sowing only Trees: their one column is
    # counted alone (the (n, S, W) per-slot arrays, 24 slots deep, cost more than the count).
    drop_column = np.flatnonzero(words == DROP)
    if len(drop_column):
        counts[:, drop_column[0]] += count_last(water_drop_ready(eng, games, player))
    tree_column = np.flatnonzero(words == TREE)
    if len(tree_column):
        counts[:, tree_column[0]] += granted_words(eng, games, player, [TREE])[:, :, 0].sum(axis=1)
    return counts


def component_requirements(eng: Engine, games: np.ndarray, player: np.ndarray,
                           words: np.ndarray | None = None) -> np.ndarray:
    """(n, C, W) int components each card kind requires of the player now (Fire mask); a
    read-only broadcast view when no Fire mask is in the batch. words: the word columns
    (``tables.word_layout``; None: all 35 words)."""
    t = eng.tables
    requires = t.requires if words is None else t.requires[:, word_layout(words)]  # (C, W)
    req = np.broadcast_to(requires, (len(games),) + requires.shape)
    masks = handler_cards(eng, "fire_mask")
    if not masks.any() or len(games) == 0:
        return req
    cards = board_cards(eng, games, player)
    has = (in_play_static(eng, games, player) & masks[cards]).any(axis=1)
    lowered = (requires >= 2) & (t.element == FIRE)[:, None]  # (C, W)
    return req - (has[:, None, None] & lowered[None, :, :])


def fewer_components_allowed(eng: Engine, games: np.ndarray, player: np.ndarray,
                             mage_noir: np.ndarray | None = None) -> np.ndarray:
    """(n, C) int components each card kind may skip now ("requires 1 less component" for a
    Mage Noir), twice for a Tree while the player's King of trees repeats Tree effects.
    mage_noir: the players' ``is_mage_noir`` when the caller has it already."""
    mn = is_mage_noir(eng, games, player) if mage_noir is None else mage_noir
    fewer = eng.statics.fewer_components_mn[None, :] * mn[:, None]
    kings = handler_cards(eng, "king_of_trees")
    if not kings.any():
        return fewer
    king_here = _copies(eng, games, player, "king_of_trees") > 0
    tree = (eng.tables.provides[:, TREE] > 0) & ~kings
    return fewer * (1 + (king_here & mn)[:, None] * tree[None, :])


def water_components(eng: Engine, games: np.ndarray, spend: bool = True) -> np.ndarray:
    """(n,) Water components in play on every player's board (Great waters): channeled Water
    spells, each counting 1 + its controller's Prodigious sources, + 1 for a Water drop
    still able to count twice (that once-per-turn use is then spent, unless Mage Noir)."""
    st, t = eng.state, eng.tables
    total = np.zeros(len(games), np.int64)
    for q in range(st.players):
        player = np.full(len(games), q)
        cards = board_cards(eng, games, player)
        water = (player_rows(st.board_zone, games, q) == CHANNELED) & (t.element[cards] == WATER)
        copies = _copies(eng, games, player, "prodigious_source")
        drop = water_drop_ready(eng, games, player)  # (n, S) bool
        total += (water * (1 + copies[:, None] + drop)).sum(axis=1)
        if spend:
            g, s = np.nonzero(water & drop)
            spend_extra_instance(eng, games[g], player[g], s)
    return total
