"""Positions shared by the ruling tests (tests/test_rulings_*.py): a layer over
tests/card_positions.py for the rulings several cards share word for word, so each card's
test stays one line and still names its card (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from card_positions import (
    ScriptedPolicy,
    lid,
    make_engine,
    player_target,
    put_on_board,
    slot_target,
    summon_duke,
)
from engine_fixtures import G0

from simulator.engine.host import api
from simulator.engine.host.api import Engine
from simulator.engine.rules.layout import ADVERSARY_SIDE, PERMANENT

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
