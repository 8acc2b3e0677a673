"""Static abilities compiled from the card effects into per-card lookup arrays.

Why compile: static abilities are asked about constantly (every damage instance checks the
armours, every legality check the cost reductions). Reading the effect dictionaries each
time would be slow and scattered; here each ability kind becomes an array indexed by local
card id, built once per batch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from simulator.cards import CARD_TYPES, ELEMENTS
from simulator.legacy.engine.tables import WORD_INDEX, BatchTables


@dataclass(frozen=True)
class DamageBonus:
    """'Damage from your <element/type> cards is increased by N (M if Mage Noir)'."""

    card: int
    amount: int
    amount_mn: int
    source_element: int  # -1 any
    source_type: int     # -1 any


@dataclass(frozen=True)
class CostReduction:
    card: int            # the card granting it (or the card itself for self reductions)
    element: int
    amount: int
    amount_mn: int
    card_element: int    # reduced cards' element, -1 any
    word: int            # reduced cards must provide this word, -1 any
    condition: str       # "" / "mage_noir" / "controls_component:Word"
    self_only: bool


@dataclass(frozen=True)
class Statics:
    mage_noir: np.ndarray        # (C,) bool in play, makes its controller a Mage Noir
    ignore_per_turn: np.ndarray  # (C,) int32 damage from the opponent ignored per turn
    damage_reduction: np.ndarray  # (C,) int32 reduction of each damage instance taken
    hand_size: np.ndarray        # (C,) int32 hand size it sets, 0 none
    protector: np.ndarray        # (C,) bool Protector always
    protector_mn: np.ndarray     # (C,) bool Protector while its controller is a Mage Noir
    unique: np.ndarray           # (C,) bool Unique
    mage_noir_only: np.ndarray   # (C,) bool can only be prepared by a Mage Noir
    forge: np.ndarray            # (C,) bool Forge: discarded when used for Equipment (R8.7)
    slowcast: np.ndarray         # (C,) bool Slowcast: not activated on the turn it is prepared
    indestructible: np.ndarray   # (C,) bool Indestructible by keyword
    alt_component: np.ndarray    # (C, 2) int32 (word, element) discard a card of element
                                 # instead of the word component; -1 none
    fewer_components_mn: np.ndarray  # (C,) int32 components skipped when Mage Noir
    damage_bonus: tuple[DamageBonus, ...]
    cost_reductions: tuple[CostReduction, ...]

    @cached_property
    def mage_noir_cards(self) -> tuple[int, ...]:
        """The card ids ``mage_noir`` marks: a Ritual or two in a batch, so the board is
        compared with each of them rather than looked up card by card."""
        return tuple(int(c) for c in np.flatnonzero(self.mage_noir))


def compile_statics(t: BatchTables) -> Statics:
    n = t.size
    mage_noir = np.zeros(n, bool)
    ignore = np.zeros(n, np.int32)
    reduction = np.zeros(n, np.int32)
    hand = np.zeros(n, np.int32)
    alt = np.full((n, 2), -1, np.int32)
    fewer = np.zeros(n, np.int32)
    bonuses: list[DamageBonus] = []
    reductions: list[CostReduction] = []
    for c, effect in enumerate(t.effects):
        for st in effect.get("static", ()):
            kind = st["kind"]
            if kind == "mage_noir":
                mage_noir[c] = True
            elif kind == "ignore_damage_per_turn":
                ignore[c] = st["amount"]
            elif kind == "damage_reduction":
                reduction[c] = st["amount"]
            elif kind == "hand_size":
                hand[c] = st["amount"]
            elif kind == "alternative_component":
                alt[c] = (WORD_INDEX[st["word"]], ELEMENTS.index(st["discard_element"]))
            elif kind == "fewer_components":
                fewer[c] = st["amount"]
            elif kind == "damage_bonus":
                bonuses.append(DamageBonus(
                    c, st["amount"], st.get("amount_mn", st["amount"]),
                    ELEMENTS.index(st["source_element"]) if "source_element" in st else -1,
                    CARD_TYPES.index(st["source_type"]) if "source_type" in st else -1))
            elif kind in ("self_cost_reduction", "cost_reduction"):
                reductions.append(CostReduction(
                    c, ELEMENTS.index(st["element"]), st["amount"],
                    st.get("amount_mn", st["amount"]),
                    ELEMENTS.index(st["card_element"]) if "card_element" in st else -1,
                    WORD_INDEX[st["word"]] if "word" in st else -1,
                    st.get("if", ""), kind == "self_cost_reduction"))
    kw = t.keywords
    return Statics(
        mage_noir=mage_noir, ignore_per_turn=ignore, damage_reduction=reduction,
        hand_size=hand,
        protector=np.array(["protector" in k for k in kw], bool),
        protector_mn=np.array(["protector_if_mage_noir" in k for k in kw], bool),
        unique=np.array(["unique" in k for k in kw], bool),
        mage_noir_only=np.array(["mage_noir_only" in k for k in kw], bool),
        forge=np.array(["forge" in k for k in kw], bool),
        slowcast=np.array(["slowcast" in k for k in kw], bool),
        indestructible=np.array(["indestructible" in k for k in kw], bool),
        alt_component=alt, fewer_components_mn=fewer,
        damage_bonus=tuple(bonuses), cost_reductions=tuple(reductions),
    )
