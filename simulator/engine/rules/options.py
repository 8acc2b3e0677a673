"""Named rule options: every rule the sources leave uncertain is a switch with a default.

The defaults are the most plausible readings of the rules (``docs/rules.md``, its open
questions Q1-Q13 in section R16) and of the solo rulesheet; that page and the README's rules
section list them. Options travel with a run (they are part of what makes a result
reproducible).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from simulator.engine.rules.layout import S_MAX
from simulator.errors import UserError

TRADE_MODES = ("largest_pile", "placement_rule")
BRAMBLES_CHOOSERS = ("opponent", "players")
DISQUALIFIED_LOCKED_MANA = ("teammate", "ether")


@dataclass(frozen=True)
class Reading:
    """The mark of an option that holds a reading of an unclear rule or card text (the others
    are engine limits), with its two readings and what can make it matter in a game.

    Why declared here: ``run --rule-bands`` (:mod:`simulator.rule_bands`) plays the other
    reading of every such option that a run's cards or Adversary can meet, and only those:
    an option that nothing in the games touches would replay the very same games."""

    #: the two readings, the default first
    values: tuple = (True, False)
    #: the rule applies in every game (the turn order, trades, the Adversary's cards that
    #: stay in play: every level holds at least the Adversary itself)
    every_game: bool = False
    #: player cards (database ids) whose play it changes
    cards: tuple[str, ...] = ()
    #: it changes the play of a player's Animal
    animal: bool = False

    def other(self, value: object) -> object:
        """The reading that is not ``value``."""
        return next(v for v in self.values if v != value)


def _reading(default: object, **touches) -> object:
    """A rule option field holding a reading (``touches``: the :class:`Reading`'s fields)."""
    values = touches.pop("values", (default, not default))
    return field(default=default, metadata={"reading": Reading(values=values, **touches)})


@dataclass(frozen=True)
class RuleOptions:
    """Switches for uncertain rules and engine limits. The options holding a reading of an
    unclear text carry a :class:`Reading` (:func:`readings`); the others are engine limits
    (``hand_limit`` too: the rulebook's 7 is a number, not an unclear text)."""

    #: Q4: where the 2 Mana given in a trade go. "largest_pile": both into the largest pile,
    #: then the Mana taken comes from it (fan implementation, blog wording);
    #: "placement_rule": the 1 Mana is taken first, the 2 are added by the placement rule.
    trade_mode: str = _reading("largest_pile", values=TRADE_MODES, every_game=True)
    #: Q2: hand size checked at the end of each turn (Emptiness ritual changes it).
    hand_limit: int = 7
    #: Classic rule: the starting player skips the draw of their very first turn. In solo
    #: play the Adversary's turn comes first, but the players still have a starting player.
    first_player_skips_draw: bool = _reading(True, every_game=True)
    #: An Adversary card that stays in play adds its Mana value on the turn it arrives too
    #: (the rulesheet: a card adds its Mana value "when it applies its effects").
    adversary_mana_on_arrival: bool = _reading(True, every_game=True)
    #: Ephemeral brambles lets "the opponent" choose: discard a card or lose 3 HP. Against
    #: the Adversary (no hand) "opponent" means the Adversary picks the empty discard and
    #: nothing happens; "players" lets the players pick, so it loses 3 HP.
    brambles_chooser: str = _reading("opponent", values=BRAMBLES_CHOOSERS,
                                     cards=("ephemeral_brambles",))
    #: Antimatter destroys a Permanent whose exact Mana cost its player pays. An Adversary
    #: Permanent has a Mana value, not a cost: true pays that many Mana of any elements (the
    #: nearest reading); false: Antimatter cannot choose Adversary cards.
    antimatter_mana_value: bool = _reading(True, cards=("antimatter",))
    #: Ignition: "this turn, whenever a card goes from play to a discard pile, 1 damage". Its
    #: own discard after activation comes after its effect started, so it counts by default.
    ignition_counts_itself: bool = _reading(True, cards=("ignition",))
    #: "Each time the opponent draws a card" (Piercing winter, Yuki-onna's robe): the solo
    #: rulesheet has the Adversary *draw* the top card of its deck at each of its turns, so
    #: that card counts as the Adversary's draw (one per Adversary turn); false: the Adversary
    #: never draws.
    #: (Yuki-onna's robe answers the draw too, but the Adversary has no reserve to pay from.)
    adversary_reveal_is_draw: bool = _reading(True, cards=("piercing_winter",))
    #: "ALL players" (Artificial sun's 1 damage, Sun blade's 5): the Adversary is a player of
    #: the game, so it is hit too (true); false: the solo rulesheet calls the human side "the
    #: players", so only they are hit.
    all_players_include_adversary: bool = _reading(True, cards=("artificial_sun", "sun_blade"))
    #: Leap in time phasing out the Adversary: the card phased out has a Mana value, not a
    #: cost, so true adds that many Mana (elements the players choose) to the Available Ether,
    #: as the card's Mana value is added when the Adversary plays it; false: no cost, nothing
    #: is added (the bottom card is still discarded).
    leap_in_time_adversary_mana: bool = _reading(True, cards=("leap_in_time",))
    #: Chaos, "then the opponent does the same": true, the Adversary's top card is looked at
    #: (a spell applies as when revealed, any other card goes to its discard pile); false: the
    #: Adversary does not look at cards as a player does, and Chaos leaves its deck alone.
    chaos_mills_adversary: bool = _reading(True, cards=("chaos",))
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
    animal_draw_replaced: bool = _reading(False, animal=True)
    #: A spell whose cost exhausts the Animal, when the Animal also provides a component it
    #: requires: by default the components are designated before the cost is paid (R7.1's
    #: order), so the face-up Animal may be one of them; true: the Animal is turned face
    #: down first and cannot.
    animal_exhausted_first: bool = _reading(False, animal=True)
    #: 2 vs 2: a disqualified player puts "all of their Mana" into their teammate's reserve
    #: (rulesheet). Their reserve surely; the Mana locked under their cards, which leave the
    #: game with them, "teammate" too by default (it is theirs); "ether": it goes back to the
    #: Available Ether, split evenly over the two piles. A reading of the 2 vs 2 mode only:
    #: no solo or co-op game meets it, so ``run --rule-bands`` never varies it.
    disqualified_locked_mana: str = _reading("teammate", values=DISQUALIFIED_LOCKED_MANA)

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


def readings() -> dict[str, Reading]:
    """The options that hold a reading of an unclear text, in declaration order."""
    return {f.name: f.metadata["reading"] for f in fields(RuleOptions) if "reading" in f.metadata}
