"""Per-card estimates the bots score with, read once per batch from the effect data.

Why from the effect data: bots must not keep their own list of card names, or they would
drift from the rules engine. The estimates are rough (a ``per`` count is taken as 2, a
start-of-turn effect is worth three activations) and only rank options; the engine decides
what actually happens. They are written into the bots' own record (``f_*`` fields,
:mod:`simulator.bots.record`), where the compiled policies read them.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.cards.model import SLOTS

# handler name -> rough worth of one activation ({feature: amount}), declared with each handler
# (engine/handlers/); the vocabulary ops are read directly
from simulator.engine.handlers.ids import HANDLER_ESTIMATES
from simulator.engine.rules.layout import (
    ADV_EQUIPMENT,
    ADV_KEYWORD,
    C_MAX,
    MODE_SOLO,
    NAME_WORD,
    WORD,
)

VALUE_WEIGHT = {"damage": 1.0, "heal": 0.7, "draw": 1.5, "mana": 1.0}
#: Statics that hurt their controller: they count against a card's worth.
HARMFUL_STATICS = frozenset({"damage_taken_increase"})
#: Static handlers that make their controller pay (declared in engine/handlers/).
HARMFUL_STATIC_HANDLERS = frozenset({"zenith_ritual_channel_tax"})
#: Statics that cost their controller in play without counting against the card's worth: a
#: second copy of a Ritual holding one adds nothing but the cost (``idle.harmful_second_ritual``).
#: Ritual of absolute zero gives every spell Slowcast, the player's own included; a second copy
#: (10 in the misplay scan) made no more Mage Noir. Not the Superconductor ritual's cap of 2 nor
#: the Warrior-mage ritual's end-of-turn destruction: their second copies add 1 damage (Quickcast
#: spells, Equipment), and keeping them out cost electric-storm 0.7 and 0.8 points solo and co-op
#: at normal, warrior-mage-forge 0.3 (5,000 paired games a cell).
SECOND_COPY_COSTS = frozenset({"all_spells_slowcast"})
#: Static handlers the bots give no worth: they change only how much Mana their player adds to
#: the Ether when gathering (Druid ring's extra Vegetal, Ritual of melange's Mana fewer), Mana
#: the next player may take as well, and players add none in solo and co-op.
UNVALUED_STATIC_HANDLERS = frozenset({"druid_ring_gathering", "melange_gathering"})
#: How many activations a trigger of a card in play is worth: a start-of-turn effect three; an
#: opponent's draw about one per Adversary turn (its reveal), as a start of turn; the others one.
TRIGGER_WEIGHT = {"turn_start": 3.0, "turn_start_prepared": 3.0, "turn_start_channeled": 3.0,
                  "opponent_draw": 3.0}
#: Rough worth of one unit of the ops that move cards between zones (a card put into play
#: from the discard pile is a free component; a milled card is a card the deck loses; an
#: extra component is worth its modifier; a component discarded is a component lost; a card
#: back from the discard pile into the deck, a little; a boost, a few more damage to come).
ZONE_OP_WORTH = {"put_from_discard": 1.0, "mill": -0.3, "next_spell_component": 0.5,
                 "discard_component": -0.5, "boost_equipment": 1.5,
                 "discard_top_to_deck": 0.1}
#: What applying a spell of the discard pile again is worth (about a cheap spell's damage,
#: discounted for the turns the pile holds none).
APPLIED_WORTH = 1.5
#: What giving the own effects to the next spell of an element is worth (Wave of lightning's
#: 1 damage again, when a Water spell follows in the turn).
NEXT_GAIN_WORTH = 0.5
#: Static kinds whose worth is not their number (a modifier's +10 is not worth 11 cards).
STATIC_WORTH = {"number_modifier": 1.5, "prepare_from_discard": 1.0, "return_from_pile": 0.3}
#: What one card phased out of the opponent's deck is worth: little in solo, where the
#: Adversary's deck only comes round again sooner (its own damage comes from its triggers).
PHASE_WEIGHT = 0.3

#: The bot record's fields :func:`fill_features` writes (C_MAX: one per local card kind).
FIELDS = [
    ("f_damage", np.float64, (C_MAX,)),
    ("f_zenith_damage", np.float64, (C_MAX,)),  # more damage when activated at Zenith
    ("f_needs_opponent", np.int8, (C_MAX,)),
    ("f_heal", np.float64, (C_MAX,)),
    ("f_draw", np.float64, (C_MAX,)),
    ("f_mana", np.float64, (C_MAX,)),
    ("f_harms_own", np.float64, (C_MAX,)),
    ("f_channel_only", np.int8, (C_MAX,)),
    ("f_drawback", np.float64, (C_MAX,)),
    ("f_self_loss", np.float64, (C_MAX,)),  # HP its owner loses when it is used as a component
    ("any_self_loss", np.int8),              # some card has f_self_loss > 0
    ("f_removal", np.int8, (C_MAX,)),
    ("f_threat", np.float64, (C_MAX,)),
    ("f_healthiest", np.int8, (C_MAX,)),
    ("f_mends", np.float64, (C_MAX,)),  # HP an Adversary card in play heals its Adversary each turn
    # cards a card's leave effects draw (Seed in the wind: 1): a spell leaves once activated, so
    # they count in its activation; it did nothing else, scored below ending the main phase
    # and was only ever channelled, where the look-ahead's rollouts found activating it better
    # (air-winds and vegetal-grove, 1 and 2 players: +0.005 to +0.057 wins a rollout)
    ("f_leave_draws", np.float64, (C_MAX,)),
    # a component word whose control makes the card do more or cost less (Healer's breath heals
    # 1 more with a Breath: ``if = "controls_component:Breath"``; layout.WORD), -1 none
    ("f_bonus_word", np.int16, (C_MAX,)),
    ("f_only_mage_noir", np.int8, (C_MAX,)),
    ("f_value", np.float64, (C_MAX,)),
    ("f_opening", np.float64, (C_MAX,)),
    ("f_discard_value", np.float64, (C_MAX,)),  # worth of its effects when discarded from hand
    ("f_ability", np.float64, (C_MAX,)),    # one use of its generic ability, less its costs
    ("f_ability_mana", np.float64, (C_MAX,)),  # the Mana that ability costs (in f_ability)
    ("f_ability_element", np.int8, (C_MAX,)),  # of one element: which (-1: none, or several)
    ("f_ability_hits", np.int8, (C_MAX,)),  # that ability deals damage (wants an Adversary)
    ("f_phase_hits", np.float64, (C_MAX,)),   # phase-out effects one activation aims at an opponent
    ("f_phase_damage", np.float64, (C_MAX,)),  # damage it deals in play per such effect (Rite of phase)
    ("any_phase_damage", np.int8),             # some card has f_phase_damage > 0
    ("f_returns", np.int8, (C_MAX,)),  # its activation may take it back to hand (Biting arrow)
    # what activating card c is worth while the hand holds card d: the Mana its discounts for
    # the turn take off d, and the cards preparing d then draws (next_card_discount,
    # name_discount: Light ray, Solar eruption)
    ("f_discounts", np.float32, (C_MAX, C_MAX)),
    ("any_discounts", np.int8),              # some card has one
    # that ability takes a card named a word from the deck (search_deck, dig): the name word
    # (layout.NAME_WORD), -1 none; the cards it looks at, 0 the whole deck (a search)
    ("f_ability_fetch", np.int16, (C_MAX,)),
    ("f_ability_depth", np.int8, (C_MAX,)),
    ("f_hits", np.float64, (C_MAX,)),       # instances of damage it deals from play (its
    #                                         triggers and abilities): what a boost adds to
    ("f_boost", np.float64, (C_MAX,)),      # damage its activation adds to an own Equipment
    ("f_recycle", np.float64, (C_MAX,)),    # cards its activation puts back into a deck
    ("f_swap", np.int8, (C_MAX,)),          # its activation swaps two spells of a pile
    # the parts of f_value that only count in some positions (planner.idle_in_hand): its
    # phase-outs, and its cost reductions of other cards
    ("f_phase_value", np.float64, (C_MAX,)),
    ("f_reduce_value", np.float64, (C_MAX,)),
    # Mana its activation takes from the Available Ether (the part of f_mana there is only
    # when the piles hold it), and of which element (-1: any)
    ("f_ether_take", np.float64, (C_MAX,)),
    ("f_take_element", np.int8, (C_MAX,)),
    ("f_damage_per", np.int8, (C_MAX,)),  # its activation's damage is counted (Great waters)
    ("f_spell_fetch", np.int16, (C_MAX,)),  # name word its activation takes from the deck, -1
    ("f_mn_boost", np.int8, (C_MAX,)),  # it does more, or costs less, for a Mage Noir
    # its activation puts spells providing a word from the own discard pile into play
    # (Temporal salvage: up to 3 Time): how many, and the word (layout.WORD), -1 none
    ("f_salvage", np.float64, (C_MAX,)),
    ("f_salvage_word", np.int16, (C_MAX,)),
    # HP each own Permanent (of an element, -1 any) loses as the card enters play (Ritual of
    # seasons: own Vegetal Permanents lose 1): a Permanent left with none is destroyed
    ("f_enter_loss", np.float64, (C_MAX,)),
    ("f_enter_loss_element", np.int8, (C_MAX,)),
    # in play it costs its controller something each time (a harmful static, a tax, a mill of
    # the own deck, HP): a second copy of such a Ritual doubles the cost (Zenith ritual's Fire
    # tax, Ecdysis ritual's damage, Knowledge ritual's mill)
    ("f_self_harm", np.int8, (C_MAX,)),
    # a spell that may do nothing (idle.spell_does_nothing looks at the position): its worth
    # that no position changes (damage, healing, cards, Mana, removal, fetch) is none, and
    # it is no component of the batch
    ("f_maybe_idle", np.int8, (C_MAX,)),
    # whether some card of the batch has the feature: the planner skips a pass over the hand
    # or the board that could change nothing (the Base Game decks have few of them)
    ("any_situational", np.int8),  # f_phase_value or f_reduce_value > 0 (idle_in_hand)
    ("any_ether_take", np.int8),   # f_ether_take > 0
    ("any_damage_per", np.int8),   # f_damage_per
    ("any_spell_fetch", np.int8),  # f_spell_fetch >= 0
    ("any_mn_boost", np.int8),     # f_mn_boost
    ("any_grows", np.int8),        # a trigger at turn start while in preparation
]

#: Statics about when a spell may be activated (Quickcast, Slowcast): no value of their own.
CASTING_STATICS = frozenset({"quickcast", "never_slowcast", "component_grants_quickcast",
                             "slowcast_spells_gain_quickcast", "all_spells_slowcast"})

#: What paying a generic ability's costs is worth against its effect: a Mana of the reserve,
#: a card of the hand, the card itself when it is sacrificed.
ABILITY_COST_WEIGHT = {"mana": 0.8, "discard": 1.5, "sacrifice": 3.0}
#: What applying the component a card was prepared with adds to its ability
#: (``apply_used_component``): which card it is is only known in play, about 1 damage.
APPLIED_COMPONENT = 1.0


#: Counts that are always 0 for a player's card in solo: its opponent is the Adversary, which
#: has no hand (in a duel the opposing seat has one).
ZERO_COUNTS = frozenset({"opponent_hand"})


def _step_amount(step: dict, solo: bool = True) -> float:
    amount = float(step.get("amount", 0))
    if solo and step.get("per", "").split(":")[0] in ZERO_COUNTS:
        amount = 0.0
    elif "per" in step:
        amount *= 3.0 if "this_hp" in step["per"] else 2.0
    return amount + float(step.get("plus", 0))


def fill_features(f: np.void, t: np.void, effects: tuple[dict, ...], n_player_cards: int) -> None:
    """Write the ``f_*`` fields of the bot record ``f`` (:data:`FIELDS`) for the cards'
    ``effects`` and the card facts of the tables record ``t``."""
    n = len(effects)
    solo = int(t["mode"]) == MODE_SOLO
    damage, heal, draw, mana, persistent, drawback, threat = (np.zeros(n) for _ in range(7))
    needs_opp, harms_own, removal, healthiest = (np.zeros(n, bool) for _ in range(4))
    self_loss = np.zeros(n)
    zenith_damage = np.zeros(n)
    discard_value = np.zeros(n)
    phase = np.zeros(n)
    phase_hits, phase_damage = np.zeros(n), np.zeros(n)
    returns = np.zeros(n, bool)
    channel_only = np.zeros(n, bool)
    hits, boost, recycle = np.zeros(n), np.zeros(n), np.zeros(n)
    swap = np.zeros(n, bool)
    reduce_value = np.zeros(n)
    ether_take, take_element = np.zeros(n), np.full(n, -1)
    damage_per = np.zeros(n, bool)
    spell_fetch = np.full(n, -1, np.int16)
    salvage, salvage_word = np.zeros(n), np.full(n, -1, np.int16)
    enter_loss, enter_loss_element = np.zeros(n), np.full(n, -1, np.int8)
    self_harm = np.zeros(n, bool)
    mends = np.zeros(n)
    leave_draws = np.zeros(n)
    bonus_word = np.array([_bonus_word(e) for e in effects], np.int16)
    mn_boost = np.array([_mage_noir_boosted(e) for e in effects], bool)
    mn_boost |= (t["mage_noir_only"][:n] != 0) | (t["fewer_mn"][:n] > 0)
    for c, effect in enumerate(effects):
        for trigger, steps in effect.items():
            if trigger == "static":
                # a static ability is worth more the bigger its number (Druid armor's 3
                # ignored damage beats Bark armor's 1)
                worths = [(st.get("kind"), (-1.0 if st.get("kind") in HARMFUL_STATICS else 1.0)
                           * STATIC_WORTH.get(st.get("kind"), 1.0 + float(st.get("amount", 1))))
                          for st in steps if st.get("kind") not in CASTING_STATICS
                          and st.get("name") not in UNVALUED_STATIC_HANDLERS]
                persistent[c] += sum(w for _, w in worths)
                self_harm[c] |= any(st.get("kind") in HARMFUL_STATICS
                                    or st.get("name") in HARMFUL_STATIC_HANDLERS
                                    or st.get("kind") in SECOND_COPY_COSTS for st in steps)
                reduce_value[c] += sum(w for kind, w in worths if kind == "cost_reduction")
                continue
            if trigger == "discarded_from_hand":
                discard_value[c] += sum(_step_amount(st, solo) for st in steps
                                        if st.get("op") in ("damage", "draw", "heal"))
                continue
            if trigger == "phase_out_opponent":
                phase_damage[c] += sum(float(st.get("amount", 0)) for st in steps
                                       if st.get("op") == "damage")
            if trigger == "leave":
                leave_draws[c] += sum(float(st.get("amount", 0)) for st in steps
                                      if st.get("op") == "draw")
            if c >= n_player_cards and trigger == "turn_start":
                threat[c] += sum(float(st.get("amount", 0)) for st in steps
                                 if st.get("op") in ("damage", "lose_hp"))
                healthiest[c] = any(st.get("target") == "player_most_hp" for st in steps)
                mends[c] += sum(float(st.get("amount", 0)) for st in steps
                                if st.get("op") == "heal" and st.get("target") == "adversary")
            weight = TRIGGER_WEIGHT.get(trigger, 1.0)
            if trigger != "activate":
                hits[c] += weight * sum(1 for st in steps
                                        if st.get("op") in ("damage", "distribute_damage"))
            else:
                boost[c] += sum(float(st["amount"]) for st in steps
                                if st.get("op") == "boost_equipment")
                recycle[c] += sum(float(st["amount"]) for st in steps
                                  if st.get("op") == "discard_top_to_deck")
                swap[c] |= any(st.get("op") == "swap_in_pile" for st in steps)
            for step in steps:
                op, target = step.get("op"), step.get("target", "")
                amount = _step_amount(step, solo) * weight
                if step.get("if") == "zenith":  # only on some turns: about one in two
                    amount *= 0.5
                if op == "damage" and target.startswith("own_"):
                    persistent[c] -= 0.5 * amount  # it hurts an own Permanent (Sharp petals)
                elif op in ("damage", "distribute_damage", "damage_repeated") or (
                        op == "lose_hp" and target == "opponent"):
                    if trigger == "activate" and op == "damage" and "per" in step:
                        damage_per[c] = True
                    if target == "all_players" and c < n_player_cards:
                        persistent[c] -= amount  # a player card hitting every player hurts its own
                    elif trigger == "activate" and step.get("if") == "zenith":
                        zenith_damage[c] += 2.0 * amount  # the whole of it, at Zenith only
                        harms_own[c] |= target in ("any", "any_permanent")
                    elif trigger == "activate":
                        damage[c] += amount
                        needs_opp[c] |= target == "opponent"
                        harms_own[c] |= target in ("any", "any_permanent")
                    else:
                        persistent[c] += amount
                elif op == "heal":
                    (heal if trigger == "activate" else persistent)[c] += amount
                elif op == "draw":
                    (draw if trigger == "activate" else persistent)[c] += amount
                elif op in ("scry", "dig"):
                    # a better next draw: a fraction of a card
                    (draw if trigger == "activate" else persistent)[c] += 0.3 if op == "scry" else 0.5
                elif op == "next_spell_gains" and trigger == "activate":
                    # its effects once more, when a spell of the element follows this turn
                    damage[c] += NEXT_GAIN_WORTH
                elif op == "apply_from_discard" and trigger == "activate":
                    damage[c] += APPLIED_WORTH  # a spell of the pile again, when there is one
                elif op == "search_deck" and trigger == "activate" and not step.get("on_top"):
                    spell_fetch[c] = NAME_WORD[step["word"]]  # its worth: the deck's (planner)
                elif op == "search_deck" and step.get("on_top"):
                    # a known next draw, not an extra card: like a dig
                    (draw if trigger == "activate" else persistent)[c] += 0.5
                elif op == "take_mana":
                    (mana if trigger == "activate" else persistent)[c] += amount
                    if trigger == "activate" and step.get("source") != "infinite":
                        ether_take[c] += amount
                        take_element[c] = ELEMENTS.index(step["element"]) if "element" in step else -1
                elif op == "lose_hp" and target == "self":
                    if trigger == "used_as_component":
                        drawback[c] += 2.0 * amount
                        self_loss[c] += float(step.get("amount", 0))
                    else:
                        persistent[c] -= amount
                        self_harm[c] |= trigger != "activate"
                elif op == "lose_hp" and trigger == "enter" and target.startswith("own_") \
                        and target.endswith("permanents"):
                    enter_loss[c] += float(step.get("amount", 0))
                    self_harm[c] = True
                    element = target[len("own_"):-len("permanents")].strip("_")
                    enter_loss_element[c] = ELEMENTS.index(element) if element in ELEMENTS else -1
                    persistent[c] -= 0.5 * amount
                elif op == "return_instead" and trigger == "activate":
                    returns[c] = True
                elif op == "phase_out":
                    phase[c] += max(amount, 0.5)  # "phase out 0" counts on modifiers
                    needs_opp[c] |= trigger == "activate" and target == "opponent"
                    if trigger == "activate" and target in ("opponent", "any_player"):
                        # one effect, whichever of the Mage Noir / not Mage Noir variants runs
                        phase_hits[c] += 0.5 if step.get("if") in ("mage_noir", "not_mage_noir") else 1.0
                elif op == "destroy" and trigger == "activate":
                    removal[c] = not solo or _adversary_can_be_destroyed(t, step["what"])
                elif op == "destroy_self" and trigger == "used_as_component":
                    drawback[c] += 1.0
                elif op in ZONE_OP_WORTH and trigger != "granted":
                    persistent[c] += ZONE_OP_WORTH[op] * amount
                    self_harm[c] |= op == "mill" and trigger != "activate"
                    if op == "put_from_discard" and trigger == "activate" and "word" in step:
                        salvage[c] += float(step.get("amount", 0))
                        salvage_word[c] = WORD[step["word"]]
        channel_only[c] = (c < n_player_cards and not effect.get("activate")
                           and t["card_type"][c] == 0)
    only_mn = np.array([list(e) == ["static"] and [st.get("kind") for st in e["static"]] == ["mage_noir"]
                        for e in effects], bool)
    cost = t["cost"][:n].sum(axis=1).astype(np.float64)
    value = damage + 0.5 * zenith_damage + 0.7 * heal + 1.5 * draw + mana + persistent
    value = value + PHASE_WEIGHT * phase
    opening = np.where(cost <= 3, 1.0, 0.3) + 0.2 * (t["provides"][:n].sum(axis=1) > 0)
    opening -= 0.3 * (t["requires"][:n].sum(axis=1) > 0)
    features = {"damage": damage, "heal": heal, "draw": draw, "mana": mana}
    flags = {"harms_own": harms_own, "removal": removal}
    for c, effect in enumerate(effects):
        for step in effect.get("activate", ()):
            for feature, amount in HANDLER_ESTIMATES.get(step.get("name", ""), {}).items():
                if feature in flags:
                    flags[feature][c] = True  # a flag: it stays 1
                else:
                    features[feature][c] += amount
                value[c] += VALUE_WEIGHT.get(feature, 0.0) * amount
    value = value + 4.0 * removal
    ability, ability_hits, ability_mana, ability_element = _generic_abilities(effects)
    discounts = _discounts(t, effects, n_player_cards)
    fetch, depth = _ability_fetches(effects)
    columns = {"f_damage": damage, "f_zenith_damage": zenith_damage,
               "f_needs_opponent": needs_opp, "f_heal": heal, "f_draw": draw,
               "f_mana": mana, "f_harms_own": harms_own, "f_channel_only": channel_only,
               "f_drawback": drawback, "f_self_loss": self_loss, "f_removal": removal,
               "f_threat": threat, "f_mends": mends, "f_leave_draws": leave_draws,
               "f_bonus_word": bonus_word,
               "f_healthiest": healthiest, "f_only_mage_noir": only_mn, "f_value": value,
               "f_opening": opening, "f_discard_value": discard_value, "f_ability": ability,
               "f_ability_hits": ability_hits, "f_ability_mana": ability_mana,
               "f_ability_element": ability_element, "f_phase_hits": phase_hits,
               "f_phase_damage": phase_damage, "f_returns": returns, "f_ability_fetch": fetch,
               "f_ability_depth": depth, "f_hits": hits, "f_boost": boost,
               "f_recycle": recycle, "f_swap": swap,
               "f_phase_value": PHASE_WEIGHT * phase, "f_reduce_value": reduce_value,
               "f_ether_take": ether_take, "f_take_element": take_element,
               "f_damage_per": damage_per, "f_spell_fetch": spell_fetch,
               "f_mn_boost": mn_boost, "f_salvage": salvage, "f_salvage_word": salvage_word,
               "f_enter_loss": enter_loss, "f_enter_loss_element": enter_loss_element,
               "f_self_harm": self_harm}
    for name, column in columns.items():
        f[name][:n] = column
    f["any_self_loss"] = bool((self_loss > 0).any())
    f["any_phase_damage"] = bool((phase_damage > 0).any())
    f["f_discounts"][:n, :n] = discounts
    f["any_discounts"] = bool((discounts > 0).any())
    f["any_situational"] = bool((phase > 0).any() or (reduce_value > 0).any())
    f["any_ether_take"] = bool((ether_take > 0).any())
    f["any_damage_per"] = bool(damage_per.any())
    f["any_spell_fetch"] = bool((spell_fetch >= 0).any())
    f["any_mn_boost"] = bool(mn_boost.any())
    f["any_grows"] = any("turn_start_prepared" in effect for effect in effects)
    words = t["words"][:t["n_words"]]
    component = (t["provides"][:n][:, words] > 0).any(axis=1) | channel_only
    # the part of idle.foreseeable_worth that the position cannot change
    fixed_worth = (4.0 * (damage + zenith_damage) + 2.0 * heal + 3.0 * draw + 2.0 * mana
                   + 12.0 * removal + 3.0 * (spell_fetch >= 0) - 1.0)
    f["f_maybe_idle"][:n] = (t["card_type"][:n] == 0) & ~component & (fixed_worth <= 0)


def _bonus_word(effect: dict) -> int:
    """The component word (layout.WORD) a step or static of ``effect`` asks the player to
    control (``if = "controls_component:W"``), -1 none."""
    for steps in effect.values():
        for step in steps:
            condition = str(step.get("if", ""))
            if condition.startswith("controls_component:"):
                return WORD[condition.split(":", 1)[1]]
    return -1


def _adversary_can_be_destroyed(t: np.void, what: str) -> bool:
    """Some Adversary card of the batch is of the kind a destroy step takes (``what``). Why:
    against the Duke, who has no Equipment, Divine hammer strike's only targets are the
    players' own Equipment; counted as a removal whenever an Adversary card was in play, it
    destroyed the Forged blade or Lithomancy ring prepared the same turn (the misplay scan's
    equipment_lost). A destroy with no Adversary target is no removal, so no worth."""
    kind = t["adv_kind"][:t["n_cards"]]
    equipment = kind == ADV_EQUIPMENT
    if what == "ring":
        equipment &= t["slot_kind"][:t["n_cards"]] == SLOTS.index("ring")
    can = {"equipment": equipment.any(), "ring": equipment.any(),
           "permanent": (kind == ADV_KEYWORD).any()}
    can["permanent_or_equipment"] = can["equipment"] or can["permanent"]
    return bool(can[what])


def _mage_noir_boosted(effect: dict) -> bool:
    """Some step or static of the card does more, or costs less, for a Mage Noir: a number
    of its own for one (``amount_mn``) or a condition on it (Sulfur flame's keyword and fewer
    components are read from the tables)."""
    for steps in effect.values():
        for step in steps:
            if "amount_mn" in step and step["amount_mn"] != step.get("amount"):
                return True
            if "mage_noir" in (step.get("if"), step.get("alt_if")):
                return True
    return False


def _discounts(t: np.void, effects: tuple[dict, ...], n_player_cards: int) -> np.ndarray:
    """(C, C): what activating card c is worth while the hand holds player card d, from the
    discounts for the turn c gives (Mana off d's cost, the cards drawn for preparing d)."""
    n = len(effects)
    out = np.zeros((n, n))
    named, element, cost = t["named"][:n], t["element"][:n], t["cost"][:n]
    for c, effect in enumerate(effects):
        for step in effect.get("activate", ()):
            op = step.get("op")
            if op == "next_card_discount":
                e = ELEMENTS.index(step["element"])
                for d in range(n_player_cards):
                    if element[d] == e:
                        out[c, d] += min(step["amount"], cost[d, e])
            elif op == "name_discount":
                w = NAME_WORD[step["word"]]
                for d in range(n_player_cards):
                    if named[d, w]:
                        out[c, d] = max(out[c, d], min(step["amount"], cost[d, element[d]])
                                        + VALUE_WEIGHT["draw"] * step.get("draw", 0))
    return out


def _generic_abilities(effects: tuple[dict, ...]) -> tuple[np.ndarray, ...]:
    """Per card: the worth of one use of its generic ability (``ability_cost`` first: the
    effect's damage, healing, cards and Mana, less its costs), whether it deals damage, the
    Mana it costs and, when that Mana is of one element, which (-1 otherwise)."""
    n = len(effects)
    worth, hits, mana = np.zeros(n), np.zeros(n, bool), np.zeros(n)
    element = np.full(n, -1, np.int8)
    for c, effect in enumerate(effects):
        steps = effect.get("ability", ())
        if not steps or steps[0].get("op") != "ability_cost":
            continue
        head = steps[0]
        cost = head.get("cost", {})
        mana[c] = float(sum(cost.values()))
        if len(cost) == 1 and next(iter(cost)) in ELEMENTS:
            element[c] = ELEMENTS.index(next(iter(cost)))
        worth[c] -= ABILITY_COST_WEIGHT["mana"] * mana[c]
        worth[c] -= ABILITY_COST_WEIGHT["discard"] * head.get("discard", 0)
        worth[c] -= ABILITY_COST_WEIGHT["sacrifice"] * head.get("sacrifice", False)
        for step in steps[1:]:
            op = step.get("op")
            if op in ("damage", "distribute_damage"):
                worth[c] += _step_amount(step)
                hits[c] = True
            elif op == "heal":
                worth[c] += VALUE_WEIGHT["heal"] * _step_amount(step)
            elif op == "draw":
                worth[c] += VALUE_WEIGHT["draw"] * _step_amount(step)
            elif op in ("take_mana", "add_mana"):
                worth[c] += VALUE_WEIGHT["mana"] * _step_amount(step)
            elif op == "apply_used_component":
                # a Blade's effect on top (Forged blade's 1 damage, Air blade's 3): about 1
                worth[c] += APPLIED_COMPONENT
                hits[c] = True
            for feature, amount in HANDLER_ESTIMATES.get(step.get("name", ""), {}).items():
                worth[c] += VALUE_WEIGHT.get(feature, 0.0) * amount
                hits[c] |= feature == "damage"
    return worth, hits, mana, element


def _ability_fetches(effects: tuple[dict, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Per card: the name word a generic ability takes from the own deck (``search_deck``:
    the whole deck, depth 0; ``dig``: the top AMOUNT cards), -1 none. What such a fetch is
    worth depends on the deck at the moment (``base.fetch_worth``), not on the card alone."""
    n = len(effects)
    word, depth = np.full(n, -1, np.int16), np.zeros(n, np.int8)
    for c, effect in enumerate(effects):
        steps = effect.get("ability", ())
        if not steps or steps[0].get("op") != "ability_cost":
            continue
        for step in steps[1:]:
            if step.get("op") in ("search_deck", "dig"):
                word[c] = NAME_WORD[step["word"]]
                depth[c] = step.get("amount", 0) if step["op"] == "dig" else 0
    return word, depth
