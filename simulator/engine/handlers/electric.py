"""Electric handlers: the Superconductor ritual's damage rules (the other simulated Electric
cards are vocabulary).

Superconductor ritual (a static, besides "you become a Mage Noir"): damage from the spells its
controller activates during the opponent's turn is increased by 1 (an increase of the same
instance, not a new one; only the activated spell's own damage, not effects it applies from
other cards); during its controller's own turn, no instance of damage from their cards deals
more than 2 (after every increase). Both per ritual in play; several rituals add +1 each. The
opponent's turn is the Adversary's: a spell activated in a Quickcast window of an Adversary
turn (``windows.py`` marks it in ``state.quick_casting``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import H_SUPERCONDUCTOR_RITUAL
from simulator.engine.rules.board import flagged_copies
from simulator.engine.rules.layout import RITUAL

#: The most damage one instance from its controller's cards deals during their own turn.
OWN_TURN_CAP = 2

declare.static("superconductor_ritual", "superconductor_damage below (damage.deal_damage): "
               "+1 per ritual to the spell its controller activates in the Adversary's turn; "
               "at most 2 per instance during the controller's own turn", __name__)


@njit
def superconductor_damage(st, tb, side, card, amount):
    """The damage of one instance from player ``side``'s card ``card`` after their
    Superconductor rituals (``amount`` already counts every other increase)."""
    rituals = flagged_copies(st, tb, side, H_SUPERCONDUCTOR_RITUAL, RITUAL)
    if rituals == 0:
        return amount
    if st.adversary_turn_on != 0:
        if st.quick_casting[side] == card + 1:
            amount += rituals
    elif st.active == side:
        amount = min(amount, OWN_TURN_CAP)
    return amount
