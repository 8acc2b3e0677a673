"""Named rule options: every rule the sources leave uncertain is a switch with a default.

The defaults are the most plausible readings of the rules (``docs/rules.md``, its open
questions Q1-Q13 in section R16) and of the solo rulesheet; that page and the README's rules
section list them. Options travel with a run (they are part of what makes a result
reproducible).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from simulator.engine.rules.layout import S_MAX
from simulator.errors import UserError

TRADE_MODES = ("largest_pile", "placement_rule")
BRAMBLES_CHOOSERS = ("opponent", "players")
DISQUALIFIED_LOCKED_MANA = ("teammate", "ether")


@dataclass(frozen=True)
class RuleOptions:
    """Switches for uncertain rules and engine limits."""

    #: Q4: where the 2 Mana given in a trade go. "largest_pile": both into the largest pile,
    #: then the Mana taken comes from it (fan implementation, blog wording);
    #: "placement_rule": the 1 Mana is taken first, the 2 are added by the placement rule.
    trade_mode: str = "largest_pile"
    #: Q2: hand size checked at the end of each turn (Emptiness ritual changes it).
    hand_limit: int = 7
    #: Classic rule: the starting player skips the draw of their very first turn. In solo
    #: play the Adversary's turn comes first, but the players still have a starting player.
    first_player_skips_draw: bool = True
    #: An Adversary card that stays in play adds its Mana value on the turn it arrives too
    #: (the rulesheet: a card adds its Mana value "when it applies its effects").
    adversary_mana_on_arrival: bool = True
    #: Ephemeral brambles lets "the opponent" choose: discard a card or lose 3 HP. Against
    #: the Adversary (no hand) "opponent" means the Adversary picks the empty discard and
    #: nothing happens; "players" lets the players pick, so it loses 3 HP.
    brambles_chooser: str = "opponent"
    #: Antimatter destroys a Permanent whose exact Mana cost its player pays. An Adversary
    #: Permanent has a Mana value, not a cost: true pays that many Mana of any elements (the
    #: nearest reading); false: Antimatter cannot choose Adversary cards.
    antimatter_mana_value: bool = True
    #: Ignition: "this turn, whenever a card goes from play to a discard pile, 1 damage". Its
    #: own discard after activation comes after its effect started, so it counts by default.
    ignition_counts_itself: bool = True
    #: "Each time the opponent draws a card" (Piercing winter, Yuki-onna's robe): the solo
    #: rulesheet has the Adversary *draw* the top card of its deck at each of its turns, so
    #: that card counts as the Adversary's draw (one per Adversary turn); false: the Adversary
    #: never draws.
    adversary_reveal_is_draw: bool = True
    #: Every game ends: after this many rounds (each player has had a turn) the game is a
    #: ``timeout``, reported separately and never counted as a loss.
    max_rounds: int = 40
    #: Engine limit: board slots per player. A preparation that finds no free slot is
    #: refused and counted in ``board_overflow`` (never silently dropped).
    board_slots: int = 24
    #: Engine limit: actions one player may take in one main phase.
    max_actions_per_turn: int = 40
    #: An Animal drawn goes into play face up (Animal Aenigma rulesheet); the rulesheet says
    #: nothing of a card drawn in its place, so by default the draw is spent on the Animal;
    #: true: the player draws one more card for it.
    animal_draw_replaced: bool = False
    #: A spell whose cost exhausts the Animal, when the Animal also provides a component it
    #: requires: by default the components are designated before the cost is paid (R7.1's
    #: order), so the face-up Animal may be one of them; true: the Animal is turned face
    #: down first and cannot.
    animal_exhausted_first: bool = False
    #: 2 vs 2: a disqualified player puts "all of their Mana" into their teammate's reserve
    #: (rulesheet). Their reserve surely; the Mana locked under their cards, which leave the
    #: game with them, "teammate" too by default (it is theirs); "ether": it goes back to the
    #: Available Ether, split evenly over the two piles.
    disqualified_locked_mana: str = "teammate"

    def __post_init__(self) -> None:
        if self.trade_mode not in TRADE_MODES:
            raise UserError(f"trade_mode must be one of {', '.join(TRADE_MODES)}, "
                            f"not {self.trade_mode!r}")
        if self.brambles_chooser not in BRAMBLES_CHOOSERS:
            raise UserError(f"brambles_chooser must be one of {', '.join(BRAMBLES_CHOOSERS)}, "
                            f"not {self.brambles_chooser!r}")
        if self.disqualified_locked_mana not in DISQUALIFIED_LOCKED_MANA:
            raise UserError("disqualified_locked_mana must be one of "
                            f"{', '.join(DISQUALIFIED_LOCKED_MANA)}, not "
                            f"{self.disqualified_locked_mana!r}")
        for name in ("hand_limit", "max_rounds", "board_slots", "max_actions_per_turn"):
            if getattr(self, name) < 1:
                raise UserError(f"rule option {name} must be at least 1")
        if self.board_slots > S_MAX:
            raise UserError(f"rule option board_slots must be at most {S_MAX} (the engine's "
                            f"board capacity), not {self.board_slots}")

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}
