"""Positions shared by the ruling tests (tests/test_rulings_*.py): a layer over
tests/card_positions.py for the rulings several cards share word for word, so each card's
test stays one line and still names its card (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from card_positions import (
    ScriptedPolicy,
    board_of,
    discard_of,
    lid,
    make_engine,
    player_target,
    put_on_board,
    set_deck,
    slot_target,
    summon_duke,
)
from engine_fixtures import G0

from simulator.engine.host import api
from simulator.engine.host.api import Engine
from simulator.engine.rules.layout import ADVERSARY_SIDE, CHANNELED, PERMANENT, ZENITH_EFFECT

VICTIMS = ("player", "permanent", "protector")


def adversary_hits(eng: Engine, target: int, amount: int) -> None:
    """One instance of damage from the Duke's side to a flat target."""
    api.deal_damage(eng, G0, np.array([ADVERSARY_SIDE]), np.array([lid(eng, "adv:duke")]),
                    np.array([target]), np.array([amount]))


def printed_hp(eng: Engine, card_id: str) -> int:
    return int(eng.tables.hp[lid(eng, card_id)])


def protector_takes(card: str, victim: str, extra: Sequence[str] = (),
                    setup: Callable[[Engine], None] | None = None, hp: int | None = None) -> None:
    """The Protector rulings ("if you or another Permanent you control is about to receive
    damage from the opponent, this Permanent may take it instead"; "you may also redirect
    damage from another Protector"): ``card`` in slot 0, a plain Permanent (Tree in flames)
    and another Protector beside it; ``setup`` adds what makes ``card`` a Protector, ``hp``
    its HP when it has no printed number (Desert wall). The
    Duke's side hits the player, the plain Permanent or the other Protector for 1, and the
    player redirects it onto ``card``: only ``card`` loses 1 HP."""
    other = "hostile_forest" if card == "enchanted_forest" else "enchanted_forest"
    eng = make_engine([card, other, "tree_in_flames", *extra],
                      policy=ScriptedPolicy({"protector_redirect": 1}))
    summon_duke(eng)
    protector = put_on_board(eng, 0, card, PERMANENT, hp=hp)
    hp = printed_hp(eng, card) if hp is None else hp
    assert protector == 0
    plain = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    guard = put_on_board(eng, 0, other, PERMANENT)
    if setup is not None:
        setup(eng)
    target = {"player": player_target(eng, 0), "permanent": slot_target(eng, 0, plain),
              "protector": slot_target(eng, 0, guard)}[victim]
    adversary_hits(eng, target, 1)
    (asked,) = eng.policy.of_kind("protector_redirect")
    assert asked.options[0, 1 + protector]
    st = eng.state
    assert int(st.board_hp[0, 0, protector]) == hp - 1
    assert int(st.hp[0, 0]) == 20
    assert int(st.board_hp[0, 0, plain]) == printed_hp(eng, "tree_in_flames")
    assert int(st.board_hp[0, 0, guard]) == printed_hp(eng, other)


def hp_of(eng: Engine, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


def slot_hp(eng: Engine, slot: int, player: int = 0) -> int:
    return int(eng.state.board_hp[0, player, slot])


def begin_turn(eng: Engine) -> None:
    """Player 0's turn begins past the first turn: Zenith, start-of-turn effects, the draw,
    the pile."""
    eng.state.turn[:] = 2
    api.begin_player_turn(eng, G0, np.array([0]))


def activate_slot(eng: Engine, slot: int, player: int = 0) -> None:
    """Player ``player`` activates the spell prepared in ``slot``."""
    api.activate(eng, G0, np.array([player]), np.array([slot]))


def use_slot(eng: Engine, slot: int, player: int = 0) -> None:
    """Player ``player`` uses the ability of the card in ``slot``."""
    api.use_ability(eng, G0, np.array([player]), np.array([slot]))


#: The cards :func:`zenith_around_an_upkeep` puts on the board, for the engine's card list.
ZENITH_ORDER_CARDS = ("mental_flame", "flame", "fire_ball", "seed")


def zenith_around_an_upkeep(eng: Engine, zenith_first: bool) -> None:
    """The Zenith rulings shared by the Sun cards (the Zenith is determined as one of its
    player's start-of-turn effects, in the order they choose). The test has built a board with
    as many of player 0's spells in preparation as channeled; this adds a Mental flame
    channeled, with no Fire in the reserve, so its upkeep goes unpaid and it is discarded at
    the turn start. Player 0's turn begins with the order forced: the Zenith determined first
    sees one channeled spell too many (not at Zenith); determined after the upkeep, equal
    counts (at Zenith). Checks the question asked (the Mental flame's slot or the Zenith,
    nothing else) and what it leaves."""
    mental = put_on_board(eng, 0, "mental_flame", CHANNELED)
    set_deck(eng, 0, ["seed", "seed"])
    eng.policy.forced["effect_order"] = [ZENITH_EFFECT if zenith_first else mental]
    begin_turn(eng)
    (asked,) = eng.policy.options_of("effect_order")
    assert np.flatnonzero(asked).tolist() == [mental, ZENITH_EFFECT]
    assert mental not in board_of(eng, 0) and discard_of(eng, 0)["mental_flame"] == 1
    assert eng.state.zenith[0, 0] == (0 if zenith_first else 1)
