"""Stand-ins for the rule tests of generic mechanics: a base-game card given, in one test's
table only, a number modifier, granted steps or a prepare-from-discard rule, so that a
mechanic's test does not depend on the expansion cards that use it."""

from __future__ import annotations

from engine_fixtures import lid

from simulator.cards.vocabulary import NUMBER_MODES
from simulator.engine.host.api import Engine
from simulator.engine.host.tables import op_row
from simulator.engine.rules import layout as L


def as_modifier(eng: Engine, card_id: str, mode: str, amount: int = 0,
                mode_mn: str | None = None, amount_mn: int | None = None) -> int:
    """The card changes every number of a card it prepares (a ``number_modifier``)."""
    t, c = eng.table_record[0], lid(eng, card_id)
    t["nmod_mode"][c] = 1 + NUMBER_MODES.index(mode)
    t["nmod_amount"][c] = amount
    t["nmod_mode_mn"][c] = 1 + NUMBER_MODES.index(mode_mn or mode)
    t["nmod_amount_mn"][c] = amount if amount_mn is None else amount_mn
    t["any_mods"] = 1
    return c


def with_granted(eng: Engine, card_id: str, *steps: dict) -> int:
    """The card grants ``steps`` to a card it prepares (its ``granted`` trigger)."""
    t, c = eng.table_record[0], lid(eng, card_id)
    first = int((t["trig_first"] + t["trig_count"]).max())
    t["ops"][first:first + len(steps)] = [op_row(step) for step in steps]
    t["trig_first"][c, L.T_GRANTED], t["trig_count"][c, L.T_GRANTED] = first, len(steps)
    t["any_mods"] = 1
    return c


def from_discard(eng: Engine, card_id: str, unless_top: bool = False,
                 once_per_turn: bool = False, mage_noir: bool = False) -> int:
    """The card may be prepared from the discard pile (``prepare_from_discard``)."""
    t, c = eng.table_record[0], lid(eng, card_id)
    t["from_discard"][c] = (L.FD_ALLOWED | (L.FD_UNLESS_TOP if unless_top else 0)
                            | (L.FD_ONCE_PER_TURN if once_per_turn else 0)
                            | (L.FD_MAGE_NOIR if mage_noir else 0))
    t["any_from_discard"] = 1
    return c


def with_steps(eng: Engine, card_id: str, trigger: str, *steps: dict) -> int:
    """The card's ``trigger`` runs ``steps`` (vocabulary steps, in this table only)."""
    t, c = eng.table_record[0], lid(eng, card_id)
    first = int((t["trig_first"] + t["trig_count"]).max())
    t["ops"][first:first + len(steps)] = [op_row(step) for step in steps]
    k = L.TRIGGERS.index(trigger)
    t["trig_first"][c, k], t["trig_count"][c, k] = first, len(steps)
    return c


def exhausting_animal(eng: Engine, card_id: str) -> int:
    """Preparing the card exhausts its player's Animal (``exhausts_animal``: the Animal and
    exhaustion symbols in its cost), as a spell of an Animal box would."""
    t, c = eng.table_record[0], lid(eng, card_id)
    t["exhausts_animal"][c] = 1
    t["any_exhausts_animal"] = 1
    return c
