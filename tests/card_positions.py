"""Hand-made positions for the card-by-card tests (tests/test_cards_base.py): a one-game,
one-call-per-fact layer over :mod:`engine_fixtures` (which builds the engine, records the
decisions and places cards for every rule test).

A position starts from an *empty* state: no card in any deck, hand, discard pile or on any
board, empty reserves, empty Available Ether, 20 HP, no Adversary card anywhere. A test then
puts in exactly the cards it needs and runs one real engine action (prepare, activate, a turn
start, a single trigger), so it can assert the exact state change.

The local card table is built the way a real batch builds it
(``build_batch_tables`` of a matchup against ``load_scenario("duke")``), so the
Duke's Adversary cards are in the table too: ``"adv:duke"`` (20 HP) and, for an Adversary
Permanent, ``"adv:ducal_guard"`` (3 HP).

Flat target indices (simulator/engine/rules/damage.py): Adversary slot ``k`` is ``k``; player ``p``
is ``K + p``; slot ``s`` of player ``p`` is ``K + P + p * S + s``. Use :func:`adv_target`,
:func:`player_target` and :func:`slot_target` rather than the arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import engine_fixtures as fx
import numpy as np
from engine_fixtures import G0, ScriptedPolicy, card_counts, lid, player_target, slot_target

from simulator.cards import load_cards
from simulator.engine.host import api
from simulator.engine.host.api import Engine
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario

__all__ = ["ScriptedPolicy", "lid", "player_target", "slot_target"]  # re-exported for the tests


def mana(**counts: int) -> list[int]:
    """A Mana vector in ``ELEMENTS`` order as a list (compares with ``.tolist()``)."""
    return fx.mana(**counts).tolist()


# --- building a position -------------------------------------------------------------------


@lru_cache(maxsize=1)
def duke_scenario():
    return load_scenario("duke", load_cards())


def make_engine(card_ids: Sequence[str], players: int = 1, policy: object | None = None,
                options: RuleOptions | None = None) -> Engine:
    """One game over the given player cards (database ids) and the Duke's cards, state empty.

    The turn counter is 1 and player 0 is the active player (a main phase in progress).
    """
    eng = fx.make_engine(card_ids, players=players, scenario=duke_scenario(), policy=policy,
                         options=options)
    eng.state.turn[:] = 1
    return eng


def grant_keyword(eng: Engine, card_id: str, keyword: str) -> None:
    """Give a card kind an extra keyword in this batch's table."""
    eng.grant_keyword(lid(eng, card_id), keyword)


def give_hand(eng: Engine, player: int, card_id: str, n: int = 1) -> None:
    eng.state.hand[0, player, lid(eng, card_id)] += n


def give_discard(eng: Engine, player: int, card_id: str, n: int = 1) -> None:
    eng.state.discard[0, player, lid(eng, card_id)] += n


def set_deck(eng: Engine, player: int, card_ids: Sequence[str]) -> None:
    """Replace the deck; the *last* id is the top card."""
    fx.set_deck(eng, card_ids, player=player)


def deck_list(eng: Engine, player: int) -> list[str]:
    """The deck as card ids, bottom first (the last one is the top card)."""
    return fx.deck_at(eng, player=player)


def deck_count(eng: Engine, player: int, card_id: str) -> int:
    return int(api.deck_counts(eng, G0, np.array([player]))[0, lid(eng, card_id)])


def hand_of(eng: Engine, player: int) -> dict[str, int]:
    """Non-zero hand counts by card id."""
    return fx.pile_of(eng, "hand", player=player)


def discard_of(eng: Engine, player: int) -> dict[str, int]:
    return fx.pile_of(eng, "discard", player=player)


def adv_discard_of(eng: Engine) -> dict[str, int]:
    return card_counts(eng, eng.state.adv_discard[0])


def put_on_board(eng: Engine, player: int, card_id: str, zone: int, mana: Sequence[int] | None = None,
                 hp: int | None = None) -> int:
    """Put a card in the player's first free slot in ``zone`` (printed HP unless ``hp``),
    with ``mana`` (a Mana vector) locked under it. Returns the slot."""
    return fx.put_on_board(eng, card_id, zone, player=player, locked=mana, hp=hp)


def board_of(eng: Engine, player: int) -> dict[int, tuple[str, int]]:
    """Occupied slots: slot -> (card id, zone)."""
    return fx.board_at(eng, player=player)


def summon_duke(eng: Engine, hp: int = 20) -> int:
    """The Adversary card "adv:duke" in Adversary slot 0 with ``hp``."""
    return summon_adversary_card(eng, "adv:duke", hp, slot=0)


def summon_adversary_card(eng: Engine, card_id: str, hp: int | None = None,
                          slot: int | None = None) -> int:
    """An Adversary card in play (first free slot unless ``slot``); returns the slot."""
    st = eng.state
    if slot is None:
        slot = int(np.argmax(st.adv_card[0] < 0))
    assert st.adv_card[0, slot] < 0, "Adversary slot taken"
    c = lid(eng, card_id)
    st.adv_card[0, slot] = c
    st.adv_hp[0, slot] = eng.tables.hp[c] if hp is None else hp
    return slot


def set_reserve(eng: Engine, player: int, **counts: int) -> None:
    eng.state.reserve[0, player] = mana(**counts)


def set_ether(eng: Engine, pile: int, **counts: int) -> None:
    eng.state.ether[0, pile] = mana(**counts)


def reserve_of(eng: Engine, player: int) -> list[int]:
    return eng.state.reserve[0, player].tolist()


def ether_of(eng: Engine) -> list[list[int]]:
    return eng.state.ether[0].tolist()


def adv_target(k: int) -> int:
    return k


# --- running one action --------------------------------------------------------------------


def _arrays(player: int) -> tuple[np.ndarray, np.ndarray]:
    return G0, np.array([player])


def can_prepare(eng: Engine, player: int, card_id: str) -> bool:
    return bool(api.can_prepare(eng, *_arrays(player))[0, lid(eng, card_id)])


def effective_cost(eng: Engine, player: int, card_id: str) -> list[int]:
    return api.effective_cost(eng, *_arrays(player))[0, lid(eng, card_id)].tolist()


def prepare(eng: Engine, player: int, card_id: str) -> int:
    """Prepare a card from hand (it must be legal); returns the slot it entered."""
    assert can_prepare(eng, player, card_id), f"{card_id} cannot be prepared here"
    slot = fx.free_slot(eng, 0, player)
    api.prepare(eng, *_arrays(player), np.array([lid(eng, card_id)]))
    return slot


def activate(eng: Engine, player: int, slot: int) -> None:
    api.activate(eng, *_arrays(player), np.array([slot]))


def channel(eng: Engine, player: int, slot: int) -> None:
    api.channel(eng, *_arrays(player), np.array([slot]))


def start_turn(eng: Engine, player: int) -> None:
    """The player's start-of-turn effects (turns.turn_start), nothing else."""
    api.turn_start(eng, *_arrays(player))


def trigger(eng: Engine, name: str, side: int, card_id: str, slot: int | None) -> None:
    """Run one trigger of one card (side -1 for Adversary cards)."""
    api.run_trigger(eng, name, G0, np.array([side]), np.array([lid(eng, card_id)]),
                    None if slot is None else np.array([slot]))


def duke_attacks(eng: Engine) -> None:
    """The Duke's turn-start effect once (4 damage to the player with the most HP, 3 to a
    Mage Noir), as an Adversary-controlled damage instance."""
    trigger(eng, "turn_start", -1, "adv:duke", int(np.flatnonzero(
        eng.state.adv_card[0] == lid(eng, "adv:duke"))[0]))


def mage_noir(eng: Engine, player: int) -> bool:
    return bool(api.is_mage_noir(eng, *_arrays(player))[0])


def exile_of(eng: Engine, player: int) -> list[str]:
    """The player's exile as card ids, in the order the cards arrived (the last one on top)."""
    st = eng.state
    return [eng.info.ids[int(c)] for c in st.exile_pile[0, player, :st.exile_len[0, player]]]
