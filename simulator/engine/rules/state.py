"""The batch state as Python sees it: a numpy array of game records, and views of its fields.

The compiled engine works on one ``STATE_DTYPE`` record per game (``layout.py``), whose
arrays have the engine's capacities. :class:`BatchState` shows each field with the game on
the leading axis, trimmed to the batch's real sizes (players, card kinds, board slots), as
views: reading ``state.hand[g, p, c]`` or writing ``state.hp[:, 0] = 5`` acts on the records
the engine plays. :func:`new_states` builds the records of fresh games.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.host.tables import BatchInfo
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError

#: Fields whose axes after the game are (players, ...): trimmed to the batch's players.
_PER_PLAYER = {"shuffle_count", "hp", "out", "out_reason", "deck", "deck_len", "hand",
               "discard", "discard_pile", "discard_len", "reserve", "max_hand", "ignored_this_turn",
               "x_armour", "x_ignored", "board_card",
               "board_zone", "board_mana", "board_hp", "board_turn", "board_end",
               "mage_noir_turn", "board_mods", "next_extra", "next_extra_word", "from_discard_back",
               "from_discard_slot",
               "damage_taken", "mana_taken", "winds", "ignition", "ignition_skip",
               "prevented", "icy", "drop_spent", "indestructible", "applying", "cast_mark",
               "all_slowcast", "ability_used", "x_paid", "drawn", "prepared_n",
               "activated_n", "channeled_n", "first_activation", "stranded", "next_discount",
               "next_hp", "name_discount", "name_draw", "zenith_guard", "kept_comp",
               "kept_slot", "exile_pile", "exile_len", "foe", "hand_lock", "taken_before"}
#: Fields whose axis of card kinds (C_MAX) is trimmed to the batch's card kinds.
_PER_CARD = {"hand", "discard", "from_discard_back", "adv_discard", "drawn", "prepared_n", "activated_n",
             "channeled_n", "first_activation", "stranded", "castable_now"}
#: Fields with a board-slot axis (S_MAX) trimmed to the batch's slots.
_PER_SLOT = {"board_mods", "board_card", "board_zone", "board_mana", "board_hp", "board_turn",
             "ignition_skip", "drop_spent", "indestructible", "applying", "cast_mark", "used_slot",
             "ability_used", "x_paid", "zenith_guard", "from_discard_slot",
             "used_card", "kept_comp", "kept_slot"}


class BatchState:
    """Views of a batch's game records, field by field (``state.hand`` is (B, P, C))."""

    def __init__(self, records: np.ndarray, info: BatchInfo):
        object.__setattr__(self, "records", records)
        object.__setattr__(self, "info", info)

    def __getattr__(self, name: str) -> np.ndarray:
        records, info = self.records, self.info
        if name not in records.dtype.names:
            raise AttributeError(name)
        view = records[name]
        index: list[slice] = [slice(None)]
        if name in _PER_PLAYER:
            index.append(slice(0, info.players))
        if name == "shuffle_count":
            return view  # the Adversary's counter is the last column
        if name in _PER_SLOT:
            index.append(slice(0, info.slots))
        elif name in _PER_CARD:
            index.append(slice(0, info.size))
        return view[tuple(index)]

    def __setattr__(self, name: str, value) -> None:
        getattr(self, name)[...] = value

    @property
    def batch(self) -> int:
        return len(self.records)

    @property
    def players(self) -> int:
        return self.info.players

    @property
    def running(self) -> np.ndarray:
        return self.records["outcome"] == L.RUNNING


def new_states(matchup, info: BatchInfo, tables: np.ndarray, seeds: np.ndarray,
               options: RuleOptions) -> np.ndarray:
    """(B,) fresh game records: shuffled at setup by the engine, empty Ether, the decks in
    file order, the Adversary deck of the level (none in a duel)."""
    b = len(seeds)
    st = np.zeros(b, L.STATE_DTYPE)
    st["seed"] = seeds
    st["hp"][:, :matchup.players] = L.STARTING_HP
    st["max_hand"][:] = options.hand_limit
    st["board_card"][:] = -1
    st["adv_card"][:] = -1
    st["last_hit_card"][:] = -1
    st["used_card"][:] = -1
    st["foe"][:] = -1
    st["phase"] = L.PHASE_SETUP
    for q, deck in enumerate(matchup.decks):
        cards = [info.local_id(cid) for cid in deck.card_ids()]
        if len(cards) > L.D_MAX:
            raise UserError(f"deck {deck.name!r} has {len(cards)} cards; the engine plays "
                            f"decks of at most {L.D_MAX}")
        st["deck"][:, q, :len(cards)] = cards
        st["deck_len"][:, q] = len(cards)
    if matchup.scenario is None:  # a duel: no Adversary
        return st
    adversary = [info.local_id("adv:" + cid) for cid in matchup.scenario.deck(matchup.level)]
    if len(adversary) > L.A_MAX:
        raise UserError(f"level {matchup.level!r} has {len(adversary)} Adversary cards; the "
                        f"engine holds at most {L.A_MAX}")
    st["adv_deck"][:, :len(adversary)] = adversary
    st["adv_deck_len"] = len(adversary)
    return st
