"""Scenario files -> validated :class:`Scenario` objects (the Adversary's deck and its levels).

In solo & co-op mode the players face an Adversary that plays its own deck. A *scenario* is
that deck: a list of Adversary cards (one of them is the Adversary character itself) and,
because the box offers two difficulty levels per scenario, one card list per level. The
scenario is data, not code, so a player who owns The Lone Mage can type in the real cards
of their box with the same effect vocabulary as the player cards
(:mod:`simulator.cards.vocabulary`).

File format (TOML; ``scenarios/duke.toml`` is the worked example)::

    name = "The Duke"                  # display name
    description = "..."                # optional, one paragraph
    default_level = "normal"           # optional; the first level when absent

    [[card]]                           # one table per distinct Adversary card
    id = "duke"                        # snake_case, unique within the file
    name = "The Duke"                  # display name; name_fr is optional
    kind = "adversary"                 # adversary | keyword | spell | equipment
    keyword = "Permanent"              # optional: the keyword printed on the card
    mana_value = 4                     # Mana it adds to the Available Ether
    hp = 20                            # the Adversary and Permanents only
    slot = "weapon"                    # equipment only
    win_when_destroyed = true          # the players win when it is destroyed
    source = "rulesheet"               # rulesheet | approximation
    effect.turn_start = [ { op = "damage", amount = 4, amount_mn = 3, target = "player_most_hp" } ]

    [levels.normal]                    # one table per difficulty level
    cards = { duke = 1, ducal_guard = 2 }

Kinds, following the rulesheet's "application of the card":

``adversary``
    The Adversary character. It stays in play; opponents' effects may target it once it is
    drawn. Every level holds exactly one copy.
``keyword``
    A card with a keyword (a Permanent, a Ritual, ...): it stays in play and adds its Mana
    value to the Available Ether on every Adversary turn.
``spell``
    A card without a keyword: its ``activate`` effect is applied once when drawn, then it is
    discarded and its Mana value is added once.
``equipment``
    Stays in play in its ``slot``; a new Adversary Equipment of the same slot replaces it.

For cards that stay in play, ``effect.turn_start`` is applied on every Adversary turn,
including the turn the card arrives unless the card has an ``effect.enter``; ``activate`` is
only for ``spell`` cards. On Adversary cards ``amount_mn`` refers to the *targeted player*
being a Mage Noir (the Duke deals 3 instead of 4 to a Mage Noir), not to the card's
controller as on player cards.

``source`` is mandatory because only the Duke's text is published (in the solo rulesheet);
every other Lone Mage card must be marked ``approximation`` so reports can say that their
numbers rest on stand-ins.

Every problem is a :class:`~simulator.errors.ScenarioError` whose message is one line naming
the file and, where it applies, the card, level or key, with a suggestion when a name looks
misspelt. The first problem found is reported: a scenario is small and fixing one line at a
time is quick.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from simulator.cards.schema import validate_effect
from simulator.errors import ScenarioError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

KINDS: tuple[str, ...] = ("adversary", "keyword", "spell", "equipment")
#: Bounds of what a printed card could hold, so that a typing slip is refused here rather than
#: breaking a run (the engine's capacity: layout.A_MAX cards in the Adversary's deck).
MAX_HP = 999
MAX_MANA_VALUE = 20
A_MAX = 64
SOURCES: tuple[str, ...] = ("rulesheet", "approximation")

#: Where bundled scenarios live: in a checkout, a link to the repository's top-level
#: ``scenarios/`` (the one copy); in an installed package, the files the build copied there.
SCENARIO_DIR = Path(__file__).resolve().parent / "bundled" / "scenarios"

_TOP_KEYS = {"name", "description", "card", "levels", "default_level"}
_CARD_REQUIRED = ("id", "name", "kind", "mana_value", "source")
_CARD_OPTIONAL = ("name_fr", "keyword", "hp", "slot", "win_when_destroyed", "effect")
_LEVEL_KEYS = {"cards", "description"}
_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")

#: Effect triggers that make sense for each kind: a spell is applied once when drawn; the
#: other kinds stay in play. ``static`` is the vocabulary's table of static abilities.
_STAYING = frozenset({"enter", "turn_start", "leave", "static", "own_draw", "opponent_draw",
                      "opponent_turn_end"})
_TRIGGERS_BY_KIND: dict[str, frozenset[str]] = {
    "spell": frozenset({"activate"}),
    "adversary": _STAYING,
    "keyword": _STAYING,
    "equipment": _STAYING,
}


@dataclass(frozen=True)
class AdversaryCard:
    """One card of the Adversary's deck, as written in the scenario file."""

    id: str
    name: str
    kind: str
    mana_value: int
    source: str
    name_fr: str | None = None
    keyword: str | None = None
    hp: int | None = None
    slot: str | None = None
    win_when_destroyed: bool = False
    effect: dict[str, Any] = field(default_factory=dict)

    @property
    def stays_in_play(self) -> bool:
        """True for every kind except ``spell``, which is discarded after it is applied."""
        return self.kind != "spell"

    @property
    def is_approximation(self) -> bool:
        return self.source == "approximation"


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: its Adversary cards and the deck of each difficulty level.

    ``levels`` maps a level name to ``(card_id, count)`` pairs in file order. Plain dicts are
    used (not read-only views) so a Scenario pickles to joblib/dask workers.
    """

    name: str
    path: Path
    description: str
    cards: tuple[AdversaryCard, ...]
    levels: dict[str, tuple[tuple[str, int], ...]]
    default_level: str

    @property
    def level_names(self) -> tuple[str, ...]:
        return tuple(self.levels)

    def card(self, card_id: str) -> AdversaryCard:
        """The card with this id (KeyError for an unknown id: a caller bug, not a user error)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def level_name(self, level: str | None = None) -> str:
        """The level called ``level`` as the file names it, whatever the case (``Hard`` is
        ``hard``); the default level when None. A user error names the levels."""
        if level is None:
            return self.default_level
        if level in self.levels:
            return level
        same = [name for name in self.levels if name.lower() == level.strip().lower()]
        if same:
            return same[0]
        raise ScenarioError(f"{self.path.name}: no level '{level}'{_suggest(level, self.levels)}"
                            f" (levels: {', '.join(self.levels)})")

    def level(self, level: str | None = None) -> tuple[tuple[str, int], ...]:
        """The ``(card_id, count)`` pairs of a level (the default level when None), its name
        in any case."""
        return self.levels[self.level_name(level)]

    def deck(self, level: str | None = None) -> list[str]:
        """The level's deck as card ids, one entry per copy, in file order (unshuffled)."""
        return [card_id for card_id, count in self.level(level) for _ in range(count)]

    def approximated_count(self, level: str | None = None) -> int:
        """How many cards (copies) of the level's deck are approximations."""
        return sum(count for card_id, count in self.level(level)
                   if self.card(card_id).is_approximation)

    def has_approximations(self, level: str | None = None) -> bool:
        return self.approximated_count(level) > 0


def list_scenarios() -> list[str]:
    """Paths of the bundled scenario files, sorted by file name."""
    return [str(path) for path in sorted(SCENARIO_DIR.glob("*.toml"))]


def command_name(path: str | Path) -> str:
    """How a command line names the scenario file ``path``: a bundled scenario by its name
    (``duke``, which works from any folder), any other file by its path."""
    bundled = {str(Path(p).resolve()): Path(p).stem for p in list_scenarios()}
    return bundled.get(str(Path(path).resolve()), str(path))


def load_scenario(name_or_path: str | Path, db: object | None = None) -> Scenario:
    """Read and validate a scenario given as a bundled name (``"duke"``) or a file path.

    ``db`` is the player card database. Adversary cards live in their own namespace and are
    checked against the effect vocabulary only, so it is not consulted today; it stays in
    the signature so checks that need card facts can be added without changing callers.
    """
    del db
    path = _resolve(str(name_or_path))
    raw = _read_toml(path)
    return _build(raw, path)


def describe_scenario(scenario: Scenario) -> str:
    """A few lines for the ``scenarios`` command: the scenario's name and how a command names
    it (a bundled one by its name, never this machine's path to it), its distinct cards, which
    are published, and each level's deck, in words that say what each count counts."""
    published = [card.name for card in scenario.cards if not card.is_approximation]
    named = f" ({', '.join(published)})" if published else ""
    stand_ins = len(scenario.cards) - len(published)
    name = command_name(scenario.path)
    lines = [f"{scenario.name}  (--scenario {name})",
             f"  {len(scenario.cards)} different Adversary cards: {len(published)} published"
             f"{named}, {stand_ins} our stand-ins for unpublished cards"]
    for level in scenario.level_names:
        default = " (default)" if level == scenario.default_level else ""
        approximated = scenario.approximated_count(level)
        lines.append(f"  level {level}{default}: the Adversary's deck holds {len(scenario.deck(level))} "
                     f"cards (copies), {approximated} of them stand-ins")
    if any(scenario.approximated_count(level) for level in scenario.level_names):
        lines.append("  its win rates are estimates of the real box: the stand-ins are ours")
    lines.append(f"  magenoir-sim scenarios {name} lists each level's cards; magenoir-sim card "
                 "NAME says what one does")
    return "\n".join(lines)


# --- reading -------------------------------------------------------------------------------


def _resolve(text: str) -> Path:
    """A path as given, or a bundled scenario found by name (case-insensitive)."""
    path = Path(text)
    looks_like_path = path.suffix.lower() == ".toml" or "/" in text or "\\" in text
    if path.exists() or looks_like_path:
        if not path.exists():
            raise ScenarioError(f"{text}: no such scenario file")
        if not path.is_file():
            raise ScenarioError(f"{text}: is a directory, not a scenario file")
        return path
    bundled = {Path(p).stem.lower(): Path(p) for p in list_scenarios()}
    key = text.strip().lower()
    if key in bundled:
        return bundled[key]
    names = ", ".join(sorted(bundled)) or "none"
    if key == "all":
        raise ScenarioError(f"'all' means every bundled scenario ({names}): `magenoir-sim run "
                            "DECK --scenario all`, `magenoir-sim compare DECK --scenario all` "
                            "and simulator.simulate_all play them; this needs one scenario")
    from simulator.decks import bundled_decks

    if key in bundled_decks():
        raise ScenarioError(f"'{text}' is an example deck, not a scenario: give it as a DECK "
                            f"argument, and a scenario ({names}) to --scenario")
    raise ScenarioError(f"unknown scenario '{text}'{_suggest(key, bundled)}"
                        f" (bundled: {names}; or give a path to a .toml file)")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ScenarioError(f"{path}: cannot read: {err.strerror or err}") from None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        if path.suffix.lower() == ".txt":
            raise ScenarioError(f"{path}: looks like a deck file (.txt), not a scenario (a TOML "
                                "file): give decks as DECK arguments and a scenario (e.g. duke) "
                                "to --scenario") from None
        # The parser's message ends with "(at line L, column C)".
        raise ScenarioError(f"{path}: not valid TOML: {err}") from None


# --- validation ----------------------------------------------------------------------------


def _build(raw: dict[str, Any], path: Path) -> Scenario:
    if "cards" in raw and "card" not in raw:  # a deck's [cards] table, not an Adversary's [card.X]
        _fail(path, "looks like a deck file ([cards]), not a scenario: give decks as DECK "
                    "arguments and a scenario (e.g. duke) to --scenario")
    for key in raw:
        if key not in _TOP_KEYS:
            _fail(path, f"unknown key '{key}'{_suggest(key, _TOP_KEYS)}")
    name = _text(raw, "name", path, "")
    description = raw.get("description", "")
    if not isinstance(description, str):
        _fail(path, "description must be a string")

    card_tables = raw.get("card")
    if card_tables is None:
        _fail(path, "no [[card]] tables: a scenario lists its Adversary cards")
    if not isinstance(card_tables, list) or not all(isinstance(t, dict) for t in card_tables):
        _fail(path, "'card' must be written as [[card]] tables")
    cards: dict[str, AdversaryCard] = {}
    for index, table in enumerate(card_tables, start=1):
        card = _build_card(table, path, index)
        if card.id in cards:
            _fail(path, f"card '{card.id}': duplicate id (ids must be unique within the file)")
        cards[card.id] = card

    levels = _build_levels(raw.get("levels"), path, cards)
    default_level = raw.get("default_level", next(iter(levels)))
    if not isinstance(default_level, str) or default_level not in levels:
        _fail(path, f"default_level '{default_level}' is not a level"
                    f"{_suggest(str(default_level), levels)} (levels: {', '.join(levels)})")
    return Scenario(name=name, path=path, description=description.strip(),
                    cards=tuple(cards.values()), levels=levels, default_level=default_level)


def _build_card(table: dict[str, Any], path: Path, index: int) -> AdversaryCard:
    card_id = table.get("id")
    if not isinstance(card_id, str) or not _ID_RE.match(card_id):
        got = "missing" if card_id is None else f"got {card_id!r}"
        _fail(path, f"card #{index}: 'id' must be a snake_case name like 'ducal_guard' ({got})")
    where = f"card '{card_id}'"
    known = set(_CARD_REQUIRED) | set(_CARD_OPTIONAL)
    for key in table:
        if key not in known:
            _fail(path, f"{where}: unknown key '{key}'{_suggest(key, known)}")
    for key in _CARD_REQUIRED:
        if key not in table:
            _fail(path, f"{where}: missing key '{key}'")

    name = _text(table, "name", path, where)
    name_fr = _text(table, "name_fr", path, where) if "name_fr" in table else None
    keyword = _text(table, "keyword", path, where) if "keyword" in table else None
    kind = table["kind"]
    if kind not in KINDS:
        _fail(path, f"{where}: unknown kind {kind!r}{_suggest(str(kind), KINDS)}"
                    f" (kinds: {', '.join(KINDS)})")
    source = table["source"]
    if source not in SOURCES:
        _fail(path, f"{where}: unknown source {source!r}{_suggest(str(source), SOURCES)}"
                    f" (sources: {', '.join(SOURCES)})")
    mana_value = _whole(table, "mana_value", path, where, minimum=0, maximum=MAX_MANA_VALUE)

    hp = _whole(table, "hp", path, where, minimum=1, maximum=MAX_HP) if "hp" in table else None
    if hp is not None and kind == "spell":
        _fail(path, f"{where}: a spell (no keyword) is discarded when applied and has no hp")
    if kind == "adversary" and hp is None:
        _fail(path, f"{where}: missing key 'hp' (the Adversary has Health Points)")

    slot = _text(table, "slot", path, where) if "slot" in table else None
    if kind == "equipment" and slot is None:
        _fail(path, f"{where}: missing key 'slot' (equipment goes in a slot, e.g. 'weapon')")
    if kind != "equipment" and slot is not None:
        _fail(path, f"{where}: 'slot' is only for kind = \"equipment\"")

    win = table.get("win_when_destroyed", False)
    if not isinstance(win, bool):
        _fail(path, f"{where}: win_when_destroyed must be true or false")
    if win and hp is None:
        _fail(path, f"{where}: win_when_destroyed needs hp (only a card with HP is destroyed)")

    effect = table.get("effect", {})
    _check_effect(effect, kind, path, where)
    return AdversaryCard(id=card_id, name=name, kind=kind, mana_value=mana_value,
                         source=source, name_fr=name_fr, keyword=keyword, hp=hp, slot=slot,
                         win_when_destroyed=win, effect=effect)


def _check_effect(effect: Any, kind: str, path: Path, where: str) -> None:
    """The vocabulary check is the card schema's; only the kind/trigger fit is checked here."""
    problems = validate_effect(effect, f"{path}: {where}")
    if problems:
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise ScenarioError(f"{problems[0]}{more}")
    allowed = _TRIGGERS_BY_KIND[kind]
    for trigger in effect:
        if trigger not in allowed:
            hint = ("use 'activate' for a spell (applied once when drawn)" if kind == "spell"
                    else "cards that stay in play use " + " / ".join(sorted(_STAYING)))
            _fail(path, f"{where}: trigger '{trigger}' does not fit kind '{kind}'; {hint}")


def _build_levels(raw: Any, path: Path,
                  cards: dict[str, AdversaryCard]) -> dict[str, tuple[tuple[str, int], ...]]:
    if not raw:
        _fail(path, "no level: add at least one [levels.NAME] table with cards = { id = count }")
    if not isinstance(raw, dict) or not all(isinstance(t, dict) for t in raw.values()):
        _fail(path, "'levels' must be written as [levels.NAME] tables")
    levels: dict[str, tuple[tuple[str, int], ...]] = {}
    for level, table in raw.items():
        where = f"level '{level}'"
        for key in table:
            if key not in _LEVEL_KEYS:
                _fail(path, f"{where}: unknown key '{key}'{_suggest(key, _LEVEL_KEYS)}")
        counts = table.get("cards")
        if not isinstance(counts, dict) or not counts:
            _fail(path, f"{where}: missing 'cards = {{ card_id = count, ... }}'")
        for card_id, count in counts.items():
            if card_id not in cards:
                _fail(path, f"{where}: unknown card '{card_id}'{_suggest(card_id, cards)}")
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= A_MAX:
                _fail(path, f"{where}: count of '{card_id}' must be a whole number from 1 to "
                            f"{A_MAX}, got {count!r}")
        if sum(counts.values()) > A_MAX:
            _fail(path, f"{where}: {sum(counts.values())} cards; an Adversary deck holds at most "
                        f"{A_MAX} (the engine's capacity)")
        adversaries = [(cid, n) for cid, n in counts.items() if cards[cid].kind == "adversary"]
        copies = sum(n for _, n in adversaries)
        if copies == 0:
            _fail(path, f"{where}: no card of kind 'adversary' (the deck must hold the "
                        "Adversary the players have to defeat)")
        if copies > 1:
            listed = ", ".join(f"{cid} x{n}" for cid, n in adversaries)
            _fail(path, f"{where}: {copies} Adversary cards ({listed}); a scenario holds "
                        "exactly one")
        if not any(_can_win(cards[cid]) for cid in counts):
            _fail(path, f"{where}: the players cannot win (no card with "
                        "win_when_destroyed = true or a 'win' step)")
        levels[level] = tuple(counts.items())
    return levels


def _can_win(card: AdversaryCard) -> bool:
    if card.win_when_destroyed:
        return True
    return any(isinstance(step, dict) and step.get("op") == "win"
               for steps in card.effect.values() if isinstance(steps, list)
               for step in steps)


# --- small helpers -------------------------------------------------------------------------


def _fail(path: Path, message: str) -> NoReturn:
    raise ScenarioError(f"{path}: {message}")


def _text(table: dict[str, Any], key: str, path: Path, where: str) -> str:
    value = table.get(key)
    prefix = f"{where}: " if where else ""
    if value is None:
        _fail(path, f"{prefix}missing key '{key}'")
    if not isinstance(value, str) or not value.strip():
        _fail(path, f"{prefix}'{key}' must be a non-empty string, got {value!r}")
    return value


def _whole(table: dict[str, Any], key: str, path: Path, where: str, minimum: int,
           maximum: int) -> int:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        _fail(path, f"{where}: {key} must be a whole number from {minimum} to {maximum}, "
                    f"got {value!r}")
    return value


def _suggest(word: str, candidates: Any) -> str:
    """``"; did you mean 'x'?"`` for a close match, else an empty string."""
    close = difflib.get_close_matches(str(word).lower(), [str(c) for c in candidates], n=1)
    return f"; did you mean '{close[0]}'?" if close else ""
