"""The batch's card table: card facts, static abilities and effects as op rows, one record.

Why local ids: a hand is a count per card kind, so its width is the number of kinds in the
batch (usually 15-40) rather than the 205 cards of the database. Local ids ``0 .. Cp-1`` are
the decks' distinct cards in database order, then come the scenario's Adversary cards. The
table is built once per batch; compiled code never looks a card up by name.

Effects compile here from the vocabulary (:mod:`simulator.cards.vocabulary`) to integer op
rows (``layout.OP_*`` columns), one list per card and trigger; static abilities become
per-card columns; the names of registered handlers become handler ids and per-card flags.
:class:`BatchInfo` keeps the Python-side facts (names, ids, raw effects) for readers of
results, transcripts and tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from simulator.cards import CARD_TYPES, ELEMENTS, SLOTS, CardDB, vocabulary
from simulator.cards.filler import FILLER_ID
from simulator.cards.tables import CardTables, build_card_tables
from simulator.cards.vocabulary import NUMBER_MODES, PUT_ZONES, REF_SUFFIX
from simulator.engine.handlers.ids import HANDLER_ANNOUNCES
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.scenarios import AdversaryCard

if TYPE_CHECKING:
    from simulator.engine.host.batch import Matchup

#: Cards whose printed text has no effect beyond facts the engine reads elsewhere
#: (component words, keywords): playable with an empty effect table; and the filler, which
#: has no text at all.
NO_EFFECT_CARDS = frozenset({"droplet", "dead_tree", "solar_flame", FILLER_ID})

#: Where the engine reads each card keyword (vocabulary.KEYWORDS): its table column (Zenith's
#: also sets the batch flag that makes turns determine it). Every accepted keyword has one, so
#: a keyword the engine would ignore cannot be written in card data
#: (tests/test_keywords_read.py).
KEYWORD_COLUMNS = {
    "protector": "protector", "unique": "unique", "quickcast": "quickcast",
    "slowcast": "slowcast", "indestructible": "indestructible", "forge": "forge",
    "autumn": "autumn", "zenith": "zenith", "mage_noir_only": "mage_noir_only",
    "protector_if_mage_noir": "protector_mn", "unique_unless_mage_noir": "unique_unless_mn",
}


@dataclass(frozen=True)
class BatchInfo:
    """Python-side facts of a batch's local card table (index = local id)."""

    names: tuple[str, ...]      # (C,) display names (EN)
    ids: tuple[str, ...]        # (C,) database ids; Adversary ids prefixed "adv:"
    effects: tuple[dict, ...]   # (C,) raw effect tables (trigger -> steps)
    n_player_cards: int
    players: int
    slots: int
    words: tuple[int, ...]      # global ids of the words some player card requires

    @property
    def size(self) -> int:
        return len(self.names)

    def local_id(self, card_id: str) -> int:
        return self.ids.index(card_id)


def handler_names(effect: dict) -> set[str]:
    """Every handler a card's effect table names."""
    return {step["name"] for steps in effect.values() for step in steps
            if step.get("op") == "handler" or step.get("kind") == "handler"}


def implemented_cards(db: CardDB) -> set[str]:
    """Ids of the cards the engine plays faithfully: an effect table (or none needed) whose
    handlers are all registered; a blanked card (cards.blanking) is played as having none."""
    return {card.id for card in db
            if (dict(card.effect) or card.id in NO_EFFECT_CARDS or card.blanked)
            and handler_names(dict(card.effect)) <= L.H.keys()}


def simulated_as(db: CardDB) -> dict[str, str]:
    """card id -> how the engine plays it: ``vocabulary`` (its effect data alone), ``no
    effect`` (nothing beyond facts; ``blanked`` for a card blanked by cards.blanking),
    ``handler: a, b`` (the handlers its data names, declared
    in ``engine/handlers/``), or ``not yet`` (no effect data, or a handler not declared)."""
    playable = implemented_cards(db)
    how = {}
    for card in db:
        names = handler_names(dict(card.effect))
        if card.id not in playable:
            how[card.id] = "not yet"
        elif names:
            how[card.id] = "handler: " + ", ".join(sorted(names))
        else:
            how[card.id] = "vocabulary" if dict(card.effect) else (
                "blanked" if card.blanked else "no effect")
    return how


@lru_cache(maxsize=4)
def database_tables(db: CardDB) -> CardTables:
    return build_card_tables(db.cards)


def build_batch_tables(matchup: Matchup, db: CardDB, options: RuleOptions,
                       check_playable: bool = True) -> tuple[np.ndarray, BatchInfo]:
    """``(record, info)``: the (1,) ``TABLES_DTYPE`` record of the matchup's cards (the decks'
    distinct cards in database order, then every card of its scenario) and its Python-side
    facts.

    ``check_playable``: a deck using a card the engine cannot play, or too small to deal the
    two starting piles from, is a user error (the engine refuses rather than playing a card as
    a blank or dealing past the deck's end); hand-built test positions turn it off.
    """
    ids = {cid for deck in matchup.decks for cid, _ in deck.counts}
    player_cards = sorted((db.by_id[cid] for cid in ids), key=lambda c: c.index)
    scenario, players = matchup.scenario, matchup.players
    if check_playable:
        implemented = implemented_cards(db)
        missing = [c.name_en for c in player_cards if c.id not in implemented]
        if missing:
            raise UserError(
                "these cards are not playable by the engine yet: " + ", ".join(sorted(missing))
                + " (see README, 'Cards the engine plays')")
        for deck in matchup.decks:  # two starting piles are dealt from the deck (R3.3)
            size = sum(n for _, n in deck.counts)
            if size < 2 * L.HAND_PILE:
                raise UserError(
                    f"{deck.name}: {size} card(s); a game deals two starting piles of "
                    f"{L.HAND_PILE} from the deck (R3.3), so it needs at least {2 * L.HAND_PILE}")
    adv: Sequence[AdversaryCard] = scenario.cards if scenario is not None else ()
    n_p, n = len(player_cards), len(player_cards) + len(adv)
    if n > L.C_MAX:
        raise UserError(f"this matchup has {n} distinct cards (decks and Adversary together); "
                        f"the engine holds at most {L.C_MAX}")
    if options.board_slots > L.S_MAX:
        raise UserError(f"rule option board_slots is at most {L.S_MAX}, not {options.board_slots}")
    rec = np.zeros(1, L.TABLES_DTYPE)
    t = rec[0]
    full = database_tables(db)
    rows = np.array([c.index for c in player_cards], dtype=np.int64)
    t["n_cards"], t["n_player_cards"], t["players"] = n, n_p, players
    t["slots"] = options.board_slots
    t["cost"][:n_p] = full.cost[rows]
    t["requires"][:n_p] = full.requires[rows]
    t["provides"][:n_p] = full.provides[rows]
    t["x_element"][:] = -1
    t["x_element"][:n_p] = full.cost_x[rows]
    t["named"][:n_p] = full.named[rows]
    t["element"][:] = -1
    t["element"][:n_p] = full.element[rows]
    t["card_type"][:] = -1
    t["card_type"][:n_p] = full.type[rows]
    t["slot_kind"][:] = -1
    t["slot_kind"][:n_p] = full.slot[rows]
    t["slot_kind"][n_p:n] = [SLOTS.index(a.slot) if a.slot else -1 for a in adv]
    t["hp"][:n_p] = full.hp[rows]
    t["hp"][n_p:n] = [a.hp or 0 for a in adv]
    t["is_adversary"][n_p:n] = [a.kind == "adversary" for a in adv]
    t["adv_kind"][:] = -1
    t["adv_kind"][n_p:n] = [L.ADV_KINDS.index(a.kind) for a in adv]
    t["mana_value"][n_p:n] = [a.mana_value for a in adv]
    t["win_when_destroyed"][n_p:n] = [bool(a.win_when_destroyed) for a in adv]
    words = np.flatnonzero(t["requires"][:n_p].any(axis=0))
    if len(words) > L.NW_MAX:
        raise UserError(f"the decks' cards require {len(words)} different component words; "
                        f"the engine holds at most {L.NW_MAX}")
    t["n_words"] = len(words)
    t["words"][:len(words)] = words
    t["word_col"][:] = -1
    t["word_col"][words] = np.arange(len(words))
    effects = tuple(dict(c.effect) for c in player_cards) + tuple(dict(a.effect) for a in adv)
    _check_switchable(player_cards, adv)
    keywords = [frozenset(c.keywords) for c in player_cards] + [frozenset() for _ in adv]
    for c, kw in enumerate(keywords):
        for keyword, column in KEYWORD_COLUMNS.items():
            t[column][c] = keyword in kw
    t["inert"][:n_p] = [c.id == FILLER_ID for c in player_cards]
    t["exhausts_animal"][:n_p] = [c.exhausts_animal for c in player_cards]
    t["any_exhausts_animal"] = t["exhausts_animal"].any()
    t["any_animal"] = any(c.type == "animal" for c in player_cards)
    _conditional_words(t, player_cards)
    t["any_zenith"] = any("zenith" in kw for kw in keywords)  # Zenith is a turn's, not a card's
    _compile_statics(t, effects)
    _compile_effects(t, effects)
    _compile_casting(t, effects)
    tide = [c < n_p and "Tide" in player_cards[c].name_tags for c in range(n)]
    t["handler_card"][L.TAG_TIDE, :n] = tide
    t["any_handler"][:] = t["handler_card"].any(axis=1)
    _set_options(t, options)
    set_seats(t, matchup.mode, players)
    info = BatchInfo(
        names=tuple(c.name_en for c in player_cards) + tuple(a.name for a in adv),
        ids=tuple(c.id for c in player_cards) + tuple("adv:" + a.id for a in adv),
        effects=effects, n_player_cards=n_p, players=players, slots=options.board_slots,
        words=tuple(int(w) for w in words))
    return rec, info


#: What the seat table holds for each mode: Mana added at gathering, the pile split with the
#: teammate, the cards a lone Mage Noir draws (docs/engine.md, "The seat table").
SEATS_OF_MODE = {"solo": (0, False, 0), "duel": (3, False, 0), "teams": (5, True, 2)}
#: Seats each duel mode plays with.
DUEL_SEATS = {"duel": 2, "teams": 4}


def set_seats(t: np.void, mode: str, players: int) -> None:
    """Write the seat table (``engine/rules/seats.py``) of a batch of ``mode`` with
    ``players`` seats: in solo & co-op the players are team 0 and the Adversary team 1; in a
    duel the seats alternate teams in turn order (2 vs 2: seats 0 and 2, 1 and 3 are
    teammates)."""
    if mode not in SEATS_OF_MODE:
        raise ValueError(f"unknown mode {mode!r}")
    if mode != "solo" and players != DUEL_SEATS[mode]:
        raise UserError(f"a {mode} game seats {DUEL_SEATS[mode]} decks, not {players}")
    gathered, split, retaliation = SEATS_OF_MODE[mode]
    t["mode"] = L.MODES.index(mode)
    t["team"][:] = 1 if mode == "solo" else L.TEAMS  # the Adversary's team; none in a duel
    t["mate"][:] = -1
    for q in range(players):
        t["team"][q] = 0 if mode == "solo" else q % L.TEAMS
        if mode == "teams":
            t["mate"][q] = (q + 2) % players
    t["gathered"], t["split_pile"], t["retaliation"] = gathered, split, retaliation


def _set_options(t: np.void, options: RuleOptions) -> None:
    t["trade_placement"] = options.trade_mode == "placement_rule"
    t["hand_limit"] = options.hand_limit
    t["first_player_skips_draw"] = options.first_player_skips_draw
    t["adversary_mana_on_arrival"] = options.adversary_mana_on_arrival
    t["brambles_players"] = options.brambles_chooser == "players"
    t["antimatter_mana_value"] = options.antimatter_mana_value
    t["ignition_counts_itself"] = options.ignition_counts_itself
    t["adversary_reveal_is_draw"] = options.adversary_reveal_is_draw
    t["all_players_include_adversary"] = options.all_players_include_adversary
    t["leap_in_time_adversary_mana"] = options.leap_in_time_adversary_mana
    t["chaos_mills_adversary"] = options.chaos_mills_adversary
    t["max_rounds"] = options.max_rounds
    t["max_actions"] = options.max_actions_per_turn
    t["animal_draw_replaced"] = options.animal_draw_replaced
    t["animal_exhausted_first"] = options.animal_exhausted_first
    t["out_locked_to_mate"] = options.disqualified_locked_mana == "teammate"


def _suffix(name: str, text: str) -> int:
    """The op-row value of a reference's ``:SUFFIX`` (-1 none): a word's id, or the number or
    element index of the names of ``vocabulary.REF_SUFFIX``."""
    if not text:
        return -1
    kind = REF_SUFFIX.get(name)
    if kind == "number":
        return int(text)
    if kind == "element":
        return ELEMENTS.index(text)
    return L.WORD[text]


def _element(name: str | None) -> int:
    return ELEMENTS.index(name) if name else -1


def _compile_statics(t: np.void, effects: tuple[dict, ...]) -> None:
    """Static abilities as per-card columns."""
    t["alt_word"][:] = -1
    t["alt_element"][:] = -1
    t["return_word"][:] = -1
    t["lock_cap"][:] = -1
    t["altreq_word"][:] = -1
    t["nmod_type"][:] = -1
    t["pay_locked_word"][:] = -1
    bonuses, reductions = [], []
    for c, effect in enumerate(effects):
        for st in effect.get("static", ()):
            kind = st["kind"]
            if kind == "mage_noir":
                t["mage_noir"][c] = 1
            elif kind == "ignore_damage_per_turn":
                t["ignore_per_turn"][c] = st["amount"]
            elif kind == "damage_reduction":
                t["damage_reduction"][c] = st["amount"]
            elif kind == "ignore_damage_locked":
                t["x_armour_max"][c] = st["max"]
                t["x_armour_element"][c] = ELEMENTS.index(st["element"])
            elif kind == "no_hp_gain":
                t["no_hp_gain"][c] = 1
            elif kind == "grant_protector":
                t["grants_protector"][c] = ELEMENTS.index(st["card_element"]) + 1
            elif kind == "hand_size":
                t["hand_size"][c] = st["amount"]
            elif kind == "phase_out_bonus":
                t["phase_bonus"][c] += st["amount"]
            elif kind == "alternative_component":
                t["alt_word"][c] = L.WORD[st["word"]]
                t["alt_element"][c] = ELEMENTS.index(st["discard_element"])
            elif kind == "alternative_requirement":
                t["altreq_word"][c] = L.WORD[st["word"]]
                t["altreq_instead"][c] = L.WORD[st["instead"]]
                t["altreq_amount"][c] = st["amount"]
                t["altreq_mn"][c] = st.get("if") == "mage_noir"
            elif kind == "optional_component":
                t["requires"][c, L.WORD[st["word"]]] = 0
            elif kind == "protector_while_locks":
                t["protector_locks"][c] = ELEMENTS.index(st["element"]) + 1
            elif kind == "fewer_components":
                t["fewer_mn"][c] = st["amount"]
            elif kind == "damage_bonus":
                bonuses.append((c, st["amount"], st.get("amount_mn", st["amount"]),
                                _element(st.get("source_element")),
                                CARD_TYPES.index(st["source_type"]) if "source_type" in st else -1))
            elif kind in ("self_cost_reduction", "cost_reduction"):
                condition, _, word = st.get("if", "").partition(":")
                reductions.append((
                    c, ELEMENTS.index(st["element"]), st["amount"],
                    st.get("amount_mn", st["amount"]), _element(st.get("card_element")),
                    L.NAME_WORD[st["word"]] if "word" in st else -1,
                    L.CONDITION_CODE[condition or "none"], L.WORD[word] if word else -1,
                    kind == "self_cost_reduction", st.get("min_cost", 0)))
            elif kind == "damage_taken_increase":
                t["damage_increase"][c] = st["amount"]
            elif kind == "damage_cap":
                t["damage_cap"][c] = st["amount"]
            elif kind == "protector_if":
                condition, _, suffix = st["if"].partition(":")
                t["protector_if"][c] = L.CONDITION_CODE[condition]
                t["protector_if_arg"][c] = _suffix(condition, suffix)
                t["protector_at_least"][c] = st.get("at_least", 1)
            elif kind == "return_activated":
                t["return_word"][c] = L.WORD[st["word"]]
                for element, amount in st.get("cost", {}).items():
                    t["return_cost"][c, ELEMENTS.index(element)] = amount
            elif kind == "pay_with_locked":
                t["pay_locked_word"][c] = L.WORD[st["word"]]
                t["pay_locked_if"][c] = L.CONDITION_CODE[st.get("if", "none")]
            elif kind == "lock_cap":
                t["lock_cap"][c] = st["amount"]
                t["lock_cap_if"][c] = L.CONDITION_CODE[st.get("if", "none")]
            elif kind == "number_modifier":
                _number_modifier(t, c, st)
            elif kind == "prepare_from_discard":
                t["from_discard"][c] = (
                    L.FD_ALLOWED | (L.FD_UNLESS_TOP if st.get("unless_top") else 0)
                    | (L.FD_ONCE_PER_TURN if st.get("once_per_turn") else 0)
                    | (L.FD_MAGE_NOIR if st.get("if") == "mage_noir" else 0))
            elif kind == "return_from_pile":
                t["pile_return"][c] = 2 if st.get("if") == "mage_noir" else 1
                for element, amount in st["cost"].items():
                    t["pile_return_cost"][c, ELEMENTS.index(element)] = amount
            elif kind == "component_cost_reduction":
                t["cr_element"][c] = ELEMENTS.index(st["element"])
                t["cr_amount"][c] = st["amount"]
                t["cr_type"][c] = CARD_TYPES.index(st["card_type"])
            elif kind == "last_user_damage_reduction":
                t["last_user_reduction"][c] = st["amount"]
            elif kind == "handler":
                t["handler_card"][L.H[st["name"]], c] = 1
    if len(bonuses) > L.BONUS_MAX or len(reductions) > L.REDUCTION_MAX:
        raise UserError("too many damage bonuses or cost reductions among the matchup's cards")
    t["n_bonus"], t["n_reduction"] = len(bonuses), len(reductions)
    if bonuses:
        t["bonus"][:len(bonuses)] = bonuses
    if reductions:
        t["reduction"][:len(reductions)] = reductions
    t["any_mage_noir"] = t["mage_noir"].any()
    t["any_reduction"] = bool(reductions)
    t["any_ignore"] = t["ignore_per_turn"].any()
    t["any_damage_reduction"] = t["damage_reduction"].any()
    t["any_x_armour"] = t["x_armour_max"].any()
    t["any_protector"] = (t["protector"].any() or t["protector_mn"].any()
                          or t["protector_if"].any() or t["grants_protector"].any()
                          or t["protector_locks"].any())
    t["any_alt"] = (t["alt_word"] >= 0).any()
    t["any_return"] = (t["return_word"] >= 0).any()
    t["any_damage_taken"] = t["damage_increase"].any() or t["damage_cap"].any()
    t["any_lock_cap"] = (t["lock_cap"] >= 0).any()
    t["any_from_discard"] = t["from_discard"].any()
    t["any_pay_locked"] = (t["pay_locked_word"] >= 0).any()
    t["any_last_user"] = t["last_user_reduction"].any()
    t["any_comp_reduction"] = t["cr_amount"].any()
    t["any_pile_return"] = t["pile_return"].any()


#: The ops and statics that grant or remove Slowcast or Quickcast (engine/rules/casting.py).
CASTING_OPS = frozenset({"slowcast_all", "grant_slowcast"})


def _compile_casting(t: np.void, effects: tuple[dict, ...]) -> None:
    """Slowcast and Quickcast beyond the printed keywords: the per-card columns of the
    casting statics, and the batch flags that keep the engine's casting checks (and the
    Quickcast windows) off for batches without such cards."""
    any_rule = False
    for c, effect in enumerate(effects):
        for st in effect.get("static", ()):
            kind = st["kind"]
            condition, _, word = st.get("if", "").partition(":")
            code = L.CONDITION_CODE[condition or "none"]
            if kind == "quickcast":
                if code == 0:
                    t["quickcast"][c] = 1
                else:
                    t["quickcast_if"][c] = code
                    t["quickcast_if_word"][c] = _suffix(condition, word)
            elif kind == "never_slowcast":
                t["never_slowcast"][c], t["never_slowcast_if"][c] = 1, code
            elif kind == "component_grants_quickcast":
                t["grants_quickcast"][c] = 1
            elif kind == "slowcast_spells_gain_quickcast":
                t["slowcast_gain_quickcast"][c] = 1
            elif kind == "all_spells_slowcast":
                t["all_slowcast_static"][c] = 1
                for element, amount in st.get("cost", {}).items():
                    t["slowcast_waiver"][c, ELEMENTS.index(element)] = amount
            else:
                continue
            any_rule = True
        for trigger, steps in effect.items():
            if trigger != "static" and any(step.get("op") in CASTING_OPS for step in steps):
                any_rule = True
    t["any_cast_rule"] = any_rule
    t["any_all_slowcast"] = t["all_slowcast_static"].any()
    t["any_quickcast"] = bool(t["quickcast"].any() or t["quickcast_if"].any()
                              or t["grants_quickcast"].any() or t["slowcast_gain_quickcast"].any())
    t["any_discard_trigger"] = bool(t["trig_count"][:, L.T_DISCARDED_FROM_HAND].any())


def _conditional_words(t: np.void, cards: Sequence) -> None:
    """Each card's conditional component word whose condition the engine reads
    (``vocabulary.WORD_CONDITIONS``); other conditions are a handler's."""
    t["cond_word"][:] = -1
    for c, card in enumerate(cards):
        for word, condition in card.provides_conditional:
            if condition in L.WORD_CONDITIONS:
                t["cond_word"][c] = L.WORD[word]
                t["cond_word_if"][c] = L.WORD_CONDITIONS.index(condition)
    t["any_cond_word"] = (t["cond_word"] >= 0).any()


def _number_modifier(t: np.void, c: int, st: dict) -> None:
    """A ``number_modifier`` static as the card's ``nmod_*`` columns (layout.NM_* modes)."""
    t["nmod_mode"][c] = 1 + NUMBER_MODES.index(st["mode"])
    t["nmod_amount"][c] = st.get("amount", 0)
    t["nmod_mode_mn"][c] = 1 + NUMBER_MODES.index(st.get("mode_mn", st["mode"]))
    t["nmod_amount_mn"][c] = st.get("amount_mn", st.get("amount", 0))
    t["nmod_type"][c] = CARD_TYPES.index(st["card_type"]) if "card_type" in st else -1


#: Triggers the engine does not suspend while a card is suppressed (suppress.py): they apply
#: as it leaves play.
LEAVING_TRIGGERS = ("leave", "discarded_from_play")
#: The one handler whose card may be suppressed: Ice tree's (every other may hook the engine
#: beyond its steps).
SUSPENDABLE_HANDLERS = ("ice_tree",)


#: Handlers that switch off an opponent's Equipment (suppress.py): each needs the Adversary's
#: Equipment to be cards whose effects the engine suspends.
SWITCHES_EQUIPMENT_OFF = ("lightning_blade_switch",)


def _check_switchable(player_cards, adv: Sequence[AdversaryCard]) -> None:
    """A deck card that switches an opponent's Equipment off meets an Adversary Equipment whose
    effects the engine cannot suspend (a static, an ability, a leaving trigger): a user error
    now rather than a game that could not be played by the rules."""
    switcher = next((c for c in player_cards for steps in dict(c.effect).values()
                     if isinstance(steps, list | tuple) for step in steps
                     if step.get("name") in SWITCHES_EQUIPMENT_OFF), None)
    if switcher is None:
        return
    for a in adv:
        if a.kind == "equipment" and not _suspendable(dict(a.effect)):
            raise UserError(f"{switcher.name_en} may switch off the Adversary's {a.name}, whose "
                            "effects the engine cannot switch off (a static, an ability or a "
                            "leaving trigger): leave one of the two out")


def _suspendable(effect: dict) -> bool:
    """Every effect of the card is one the engine suspends while the card is suppressed: no
    static, ability or leaving trigger, no handler but Ice tree's (suppress.py)."""
    if any(trigger in effect for trigger in ("static", "ability", *LEAVING_TRIGGERS)):
        return False
    return all(step.get("op") != "handler" or step.get("name") in SUSPENDABLE_HANDLERS
               for steps in effect.values() for step in steps)


def _compile_effects(t: np.void, effects: tuple[dict, ...]) -> None:
    """Every trigger's steps as op rows; a card's ability as its ability id."""
    t["ability"][:] = -1
    t["keep_word"][:] = -1
    row = 0
    for c, effect in enumerate(effects):
        t["suspendable"][c] = _suspendable(effect)
        for trigger, steps in effect.items():
            if trigger == "static":
                continue
            k = L.TRIGGERS.index(trigger)
            t["trig_first"][c, k], t["trig_count"][c, k] = row, len(steps)
            for step in steps:
                if row >= L.OPS_MAX:
                    raise UserError("the matchup's cards have too many effect steps for the engine")
                t["ops"][row] = op_row(step)
                if step.get("op") == "handler":
                    t["handler_card"][L.H[step["name"]], c] = 1
                    if trigger == "ability" and step["name"] in L.ABILITY_NAMES:
                        t["ability"][c] = L.ABILITY_NAMES.index(step["name"])
                if step.get("op") == "ability_cost":
                    _generic_ability(t, c, step)
                if step.get("op") == "apply_used_component":
                    t["keep_word"][c] = L.WORD[step["word"]]
                row += 1
    t["any_ability"] = (t["ability"] >= 0).any()
    t["any_keep_word"] = (t["keep_word"] >= 0).any()
    t["any_boost"] = (t["ops"][:row, L.OP_CODE_COL] == L.OP_CODE["boost_equipment"]).any()
    grants_autumn = [L.H[name] for name in AUTUMN_GRANTERS if name in L.H]
    t["any_autumn"] = t["autumn"].any() or t["handler_card"][grants_autumn].any()
    damage_triggers = [L.T_DAMAGED, L.T_OWN_PERMANENT_DAMAGED, L.T_CONTROLLER_DAMAGED]
    t["any_damage_trigger"] = t["trig_count"][:, damage_triggers].any()
    t["any_draw_trigger"] = ((t["trig_count"][:, [L.T_OWN_DRAW, L.T_OPPONENT_DRAW]] > 0).any()
                             or _reads_draws(effects))
    t["any_turn_end_trigger"] = (t["trig_count"][:, L.T_OPPONENT_TURN_END] > 0).any()
    t["any_next_gain"] = any(step.get("op") == "next_spell_gains" for effect in effects
                             for steps in effect.values() for step in steps)
    t["any_mods"] = (t["nmod_mode"] != 0).any() or (t["trig_count"][:, L.T_GRANTED] > 0).any()


def _generic_ability(t: np.void, c: int, step: dict) -> None:
    """Card ``c``'s generic ability: its id, costs and limit from its ``ability_cost`` step."""
    t["ability"][c] = L.AB_GENERIC
    for element, amount in step.get("cost", {}).items():
        t["ab_cost"][c, ELEMENTS.index(element)] = amount
    t["ab_discard"][c] = step.get("discard", 0)
    t["ab_sacrifice"][c] = step.get("sacrifice", False)
    t["ab_once"][c] = step.get("once_per_turn", False)
    t["ab_lock"][c] = step.get("lock", False)


def op_row(step: dict) -> np.ndarray:
    """(OP_W,) int32 op row of one vocabulary step."""
    r = np.zeros(L.OP_W, np.int32)
    r[L.OP_CODE_COL] = L.OP_CODE[step["op"]]
    r[L.OP_AMOUNT] = step.get("amount", 0)
    if "amount_mn" in step:
        r[L.OP_HAS_MN], r[L.OP_AMOUNT_MN] = 1, step["amount_mn"]
    per, _, per_word = step.get("per", "none").partition(":")
    r[L.OP_PER] = L.COUNT_CODE[per]
    r[L.OP_PER_WORD] = _suffix(per, per_word)
    r[L.OP_TARGET] = L.TARGET_CODE[step["target"]] if "target" in step else -1
    condition, _, word = step.get("if", "none").partition(":")
    r[L.OP_IF] = L.CONDITION_CODE[condition]
    r[L.OP_IF_WORD] = _suffix(condition, word)
    r[L.OP_ELEMENT] = _element(step.get("element"))
    r[L.OP_INFINITE] = step.get("source") == "infinite"
    r[L.OP_WHAT] = L.DESTROY_WHAT.index(step["what"]) if "what" in step else -1
    # a component word, or for the name-keyed ops (vocabulary.NAME_KEYED) any name word:
    # the indices agree on the component words
    r[L.OP_WORD] = L.NAME_WORD.get(step.get("word", ""), -1)
    r[L.OP_POSITION] = step.get("position", 3)
    r[L.OP_MAX_TARGETS] = step.get("max_targets", -1)
    r[L.OP_UNPREVENTABLE] = bool(step.get("unpreventable", False))
    r[L.OP_PLUS] = step.get("plus", 0)
    r[L.OP_HANDLER] = L.H[step["name"]] if step.get("op") == "handler" else -1
    for element, amount in step.get("cost", {}).items():
        r[L.OP_COST + ELEMENTS.index(element)] = amount
    r[L.OP_ANN_TARGET], r[L.OP_ANN_PURPOSE], r[L.OP_APPLIES] = _announces(step)
    if step["op"] == "lock_mana":
        r[L.OP_FROM] = vocabulary.LOCK_SOURCES.index(step.get("source", "infinite"))
    else:
        r[L.OP_FROM] = vocabulary.MOVE_FROM.index(step.get("from", "this"))
    r[L.OP_TO] = vocabulary.MOVE_TO.index(step.get("to", "own_card"))
    r[L.OP_THEN_DISCARD] = bool(step.get("then_discard", False))
    r[L.OP_WHOSE] = L.DESTROY_WHOSE.index(step["whose"]) if "whose" in step else -1
    r[L.OP_OPTIONAL] = bool(step.get("optional", False))
    r[L.OP_ZONE] = PUT_ZONES.index(step.get("zone", "channeled"))
    alt, _, alt_word = step.get("alt_if", "none").partition(":")
    r[L.OP_ALT_IF], r[L.OP_ALT_IF_WORD] = L.CONDITION_CODE[alt], _suffix(alt, alt_word)
    r[L.OP_ALT_AMOUNT] = step.get("amount_alt", 0)
    r[L.OP_TOP] = bool(step.get("top", False))
    r[L.OP_HP] = step.get("hp", 0)
    r[L.OP_DRAW] = step.get("draw", 0)
    r[L.OP_ON_TOP] = bool(step.get("on_top", False))
    if "mage_noir_loses" in step:  # its column is OP_HP's, which phase_out does not use
        r[L.OP_MN_LOSES] = step["mage_noir_loses"]
    return r


def _reads_draws(effects: tuple[dict, ...]) -> bool:
    """Some card's condition counts the draws of a turn (``opponent_drew``): the engine then
    counts them as it does for the draw triggers."""
    return any(step.get("if", "").startswith("opponent_drew")
               for effect in effects for steps in effect.values() for step in steps)


def _suffix(name: str, suffix: str) -> int:
    """The code of a count's or condition's ``:SUFFIX``: an element index after the names of
    ``vocabulary.ELEMENT_SUFFIXED`` (and the "element" ones of ``vocabulary.REF_SUFFIX``), the
    number after its "number" ones, else a component word id; -1 without one."""
    if not suffix:
        return -1
    kind = vocabulary.REF_SUFFIX.get(name)
    if kind == "number":
        return int(suffix)
    if kind == "element" or name in vocabulary.ELEMENT_SUFFIXED:
        return ELEMENTS.index(suffix)
    return L.WORD[suffix]


#: The target kinds a player (or, for the Adversary, the active player) chooses: the steps
#: that have them choose it when their card is announced (R7.2). The other kinds ("each",
#: "all", the controller, this card) name who they hit when the step resolves.
CHOSEN_KINDS = ("any", "any_permanent", "player_most_hp", "opponent", "own_permanent",
                "own_vegetal_permanent", "any_player")
#: The handlers that grant Autumn to a Permanent (board.destroy_card then looks for it).
AUTUMN_GRANTERS = ("seasons_autumn",)
#: The vocabulary ops whose ``target`` is a target decision, and its purpose (a surcharge
#: harms whom it names, as damage does: the bots keep it off their own side).
TARGET_PURPOSE = {"damage": L.PURPOSE_DAMAGE, "damage_repeated": L.PURPOSE_DAMAGE,
                  "surcharge": L.PURPOSE_DAMAGE,
                  "lose_hp": L.PURPOSE_LOSE_HP, "heal": L.PURPOSE_HEAL,
                  "discard_from_hand": L.PURPOSE_HAND, "phase_out": L.PURPOSE_PHASE_OUT,
                  "discard_to_deck": L.PURPOSE_RECYCLE, "pay_mana": L.PURPOSE_HAND,
                  "discard_top_to_deck": L.PURPOSE_RECYCLE, "swap_in_pile": L.PURPOSE_PILE_ORDER}


def _announces(step: dict) -> tuple[int, int, int]:
    """(target kind, purpose, applied word) the step designates at announcement, -1 none (a
    destroy step: ``ANN_DESTROY``, its destroy_target decision).
    ``opponent`` is a choice only on an Adversary card (the players'); ``select`` reads a
    stored answer only for the kinds it asks, so a player card's ``opponent`` is never asked."""
    op = step["op"]
    if op in TARGET_PURPOSE and step.get("target") in CHOSEN_KINDS:
        return L.TARGET_CODE[step["target"]], TARGET_PURPOSE[op], -1
    if op == "destroy":
        return L.ANN_DESTROY, -1, -1
    if op == "apply_component":
        return -1, -1, L.WORD[step["word"]]
    if op == "handler" and step["name"] in HANDLER_ANNOUNCES:
        what, name = HANDLER_ANNOUNCES[step["name"]]
        if what == "target":
            return L.TARGET_CODE[name], L.PURPOSE_DAMAGE, -1
        return -1, -1, L.WORD[name]
    return -1, -1, -1
