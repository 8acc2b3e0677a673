"""The planner's score constants, named: its knobs, read at run time from the bot record.

Why knobs: the planner answers a decision by comparing hand-set scores (a damage is worth 4, a
Mana that funds the hand twice a Mana that does not, ...). Three rounds of hand-written rules
moved the planner and the look-ahead up together; what the look-ahead still changes are near
ties those constants decide (which pile, preparing or ending the main phase, activating or
channelling, forced discards: docs/bots.md). As knobs in the record (``bw.knobs``, (N_KNOBS,)
float64) they can be searched on win rate (``scripts/tune_planner.py``) without compiling
again: a candidate is a :class:`~simulator.bots.registry.Bot` whose ``knobs`` differ.

Two sets: the defaults (:data:`DEFAULTS`, the constants as they were set by hand) and the
planner's (:data:`PLANNER`: the defaults with :data:`TUNED`, found by the search). A bot's
record gets the planner's when its registry entry says ``tuned`` (the planner, and the
look-ahead, whose own scores are the planner's), else the defaults, unless its ``Bot.knobs``
say otherwise: the greedy bot, which shares the base policy's main-phase scores, plays as it
always did. The look-ahead's rollouts copy the record of the bot that looks ahead, knobs
included: they play the planner the look-ahead was given.

Each knob: its name, its default, and why it is there (the line where the code uses it says
what it weighs).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Knob(NamedTuple):
    name: str
    default: float
    why: str


KNOBS: tuple[Knob, ...] = (
    # which Ether pile (base.score_take_pile, planner.score_take_pile)
    Knob("pile_useful", 2.0, "a Mana the hand needs against any Mana, in the pile's score"),
    Knob("pile_teammate", 1.0, "co-op: the next player's shown elements, against the own needs"),
    # where chosen Mana goes (planner.weighed_hand, hand_element_scores)
    Knob("type_weight", 0.25, "a persistent card in hand draws Mana by its type code"),
    Knob("value_weight", 0.1, "a card in hand draws Mana by its estimated worth"),
    Knob("need_tiebreak", 0.01, "the whole hand's demand, breaking ties between elements"),
    # the main phase (base.main_action_scores): activating
    Knob("act_damage", 4.0, "an activation's worth per damage dealt now"),
    Knob("act_draw", 3.0, "an activation's worth per card drawn"),
    Knob("act_mana", 2.0, "an activation's worth per Mana (and discount) it brings"),
    Knob("act_removal", 12.0, "an activation that removes an enemy card"),
    Knob("act_bar", 1.0, "what an activation must beat over ending the main phase"),
    # ... channelling
    Knob("channel_needed", 6.0, "a channel per component word the hand lacks"),
    Knob("channel_only", 1.0, "a channel of a spell that is only a component"),
    Knob("channel_enables", 2.0, "a channel per worth of the cards it makes preparable now"),
    Knob("channel_spent", 0.5, "a channel of a spell that would deal no damage now"),
    Knob("channel_deck", 6.0, "planner: a channel per share of the deck's cards lacking a word it provides"),
    # ... preparing
    Knob("prep_base", 5.0, "a preparation over ending the main phase"),
    Knob("prep_value", 1.0, "a preparation per the card's estimated worth"),
    Knob("prep_persistent", 3.0, "preparing a Ritual, Permanent or Equipment over a spell"),
    Knob("prep_needed", 2.0, "preparing a card per component word the hand lacks"),
    Knob("zenith_nudge", 0.75, "an action per spell it brings the Zenith counts nearer"),
    # the planner's rules of the main phase
    Knob("one_shot_threat", 2.0, "damage expected of the Adversary's one-shot card a turn"),
    Knob("threat_activate_heal", 8.0, "threatened: an activation per HP it heals"),
    Knob("threat_prepare_heal", 4.0, "threatened: a preparation per HP it heals"),
    Knob("strike_wait", 0.5, "a strike waits this far below the best preparation"),
    Knob("ritual_lead", 0.5, "the Ritual's lead over the best card a Mage Noir boosts"),
    Knob("fetch_spell", 3.0, "activating a spell that takes a card from the deck"),
    Knob("fetched_card", 1.5, "the least a card an ability fetches into the hand is worth"),
    Knob("alt_discard", 6.0, "a preparation that discards a card from hand for a component"),
    # forced discards (base.score_discard_from_hand, keep.score_discard)
    Knob("discard_cost", 0.1, "a card's Mana cost adds to what discarding it loses"),
    Knob("ritual_keep", 3.0, "keeping the only card that would make the player a Mage Noir"),
    Knob("enabler_keep", 3.0, "keeping the only card providing a component another lacks"),
)
N_KNOBS = len(KNOBS)
#: (N_KNOBS,) the defaults: the constants as they were set by hand (the base policy's and
#: greedy's; the search's reference).
DEFAULTS = np.array([k.default for k in KNOBS], np.float64)
INDEX = {k.name: i for i, k in enumerate(KNOBS)}
#: The planner's knobs that differ from the defaults: found on win rate by
#: ``python scripts/tune_planner.py`` over every example deck x Duke level x 1 and 2 players
#: (seed 11), checked on seed 7 (docs/bots.md, "The planner's fourth round: tuned constants").
TUNED = {
    "pile_useful": 1.5, "type_weight": 0.5625, "value_weight": 0.1875, "act_damage": 3.0,
    "act_draw": 6.75, "act_mana": 1.0, "channel_enables": 3.75, "channel_spent": 0.25,
    "prep_base": 6.25, "prep_persistent": 7.03125, "prep_needed": 3.0,
    "threat_activate_heal": 4.0, "threat_prepare_heal": 1.5, "ritual_keep": 6.75,
    "enabler_keep": 10.125,
}

PILE_USEFUL = INDEX["pile_useful"]
PILE_TEAMMATE = INDEX["pile_teammate"]
TYPE_WEIGHT = INDEX["type_weight"]
VALUE_WEIGHT = INDEX["value_weight"]
NEED_TIEBREAK = INDEX["need_tiebreak"]
ACT_DAMAGE = INDEX["act_damage"]
ACT_DRAW = INDEX["act_draw"]
ACT_MANA = INDEX["act_mana"]
ACT_REMOVAL = INDEX["act_removal"]
ACT_BAR = INDEX["act_bar"]
CHANNEL_NEEDED = INDEX["channel_needed"]
CHANNEL_ONLY = INDEX["channel_only"]
CHANNEL_ENABLES = INDEX["channel_enables"]
CHANNEL_SPENT = INDEX["channel_spent"]
CHANNEL_DECK = INDEX["channel_deck"]
PREP_BASE = INDEX["prep_base"]
PREP_VALUE = INDEX["prep_value"]
PREP_PERSISTENT = INDEX["prep_persistent"]
PREP_NEEDED = INDEX["prep_needed"]
ZENITH_NUDGE = INDEX["zenith_nudge"]
ONE_SHOT_THREAT = INDEX["one_shot_threat"]
THREAT_ACTIVATE_HEAL = INDEX["threat_activate_heal"]
THREAT_PREPARE_HEAL = INDEX["threat_prepare_heal"]
STRIKE_WAIT = INDEX["strike_wait"]
RITUAL_LEAD = INDEX["ritual_lead"]
FETCH_SPELL = INDEX["fetch_spell"]
FETCHED_CARD = INDEX["fetched_card"]
ALT_DISCARD = INDEX["alt_discard"]
DISCARD_COST = INDEX["discard_cost"]
RITUAL_KEEP = INDEX["ritual_keep"]
ENABLER_KEEP = INDEX["enabler_keep"]


def values(changes: dict[str, float] | None = None) -> tuple[float, ...]:
    """The knobs' values: the defaults with ``changes`` (name -> value) applied; a ValueError
    names an unknown knob."""
    out = DEFAULTS.copy()
    for name, value in (changes or {}).items():
        if name not in INDEX:
            raise ValueError(f"unknown knob {name!r}; the knobs: {', '.join(INDEX)}")
        out[INDEX[name]] = float(value)
    return tuple(float(v) for v in out)


#: (N_KNOBS,) the planner's knobs (and the look-ahead's): the defaults with :data:`TUNED`.
PLANNER = np.array(values(TUNED), np.float64)
