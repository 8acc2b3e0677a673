"""A deck against a field of decks: ``magenoir-sim gauntlet DECK FOLDER``, and the round robin
of a folder, ``magenoir-sim gauntlet FOLDER`` (the example decks by default).

Every pairing is a duel of :mod:`simulator.duels`: each seed twice, either deck first, game
``i`` of seed ``S`` the same game as in ``duel A B --seed S``. Fast by design: the pairings
are chunks of whole seeds played side by side on the run backend (every worker busy whatever
the number of pairings), each chunk one compiled batch per seating whose task keeps only the
outcomes (no per-game Python, nothing per turn). Chunks go block by block over the pairings,
so a Ctrl-C leaves every pairing with nearly the same seeds, and the results are those of the
seeds every pairing finished (``partial``).

The numbers: each pairing's win, draw and loss rates with the seed-pair interval of
:mod:`simulator.duel_stats`; a deck's win rate against the field is its share of wins over
all its games, whose clusters are the seeds (a seed deals a deck the same shuffles against
every opponent), so its interval counts those as the independent units. The round robin's
matrix holds each deck's win rate against each other; the ranking sorts the decks by their
win rate against the field.
"""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulator import bots as bot_registry
from simulator.backends import DEFAULT_BACKEND, Backend, auto_batch, close_results, open_backend
from simulator.bots import DEFAULT_BOT
from simulator.cards import CardDB, load_cards
from simulator.decks import MIN_CARDS, Deck, find_deck, load_deck
from simulator.duel_games import Side, play_duel_games
from simulator.duel_stats import pair_rates
from simulator.duels import check_batch_size, check_duel_games, duel_command
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError

DEFAULT_GAMES = 2000
DECK_SUFFIXES = (".txt", ".toml")


def example_deck_files() -> list[Path]:
    """The example decks, the default field: the 13 bundled decks (docs/decks.md), among
    them fire-flames-compact, the fire-flames cards in the TOML form and another order (its
    pairing with fire-flames is a near-mirror: a check that reads about 50%)."""
    from simulator.decks import bundled_decks

    return list(bundled_decks().values())


def folder_decks(folder: str | Path | None) -> list[Path]:
    """The deck files of ``folder`` (``.txt`` and ``.toml``, by name), or the example decks;
    a user error for a folder that is missing or holds none."""
    if folder is None:
        return example_deck_files()
    path = Path(folder)
    if not path.exists():
        raise UserError(f"{folder}: no such folder")
    if not path.is_dir():
        raise UserError(f"{folder}: not a folder (a gauntlet's field is a folder of deck files)")
    files = sorted(p for p in path.iterdir() if p.suffix.lower() in DECK_SUFFIXES and p.is_file())
    if not files:
        raise UserError(f"{folder}: no deck files in it (.txt or .toml decklists)")
    return files


def _labels(decks: Sequence[Deck], files: Sequence[Path]) -> list[str]:
    """The decks' names; file names where two decks share a name."""
    names = [d.name for d in decks]
    if len(set(names)) == len(names):
        return names
    return [Path(f).name for f in files]


# --- the games -----------------------------------------------------------------------------

def _play_pairing(sides: Sequence[Side], db: CardDB, seed: int, options: RuleOptions,
                  a: int, b: int, first: int, count: int) -> tuple[int, int, int, np.ndarray]:
    """Seeds ``first ..`` of the duel of deck ``a`` against deck ``b``: ``(a, b, first,
    outcome)``, ``outcome`` (2 * count,) int8 deck ``a``'s outcome code, either deck first."""
    games = play_duel_games([sides[a], sides[b]], seed, first, count, "both", options, db, 1,
                            keep_turns=False)
    return a, b, first, games.outcome[:, 0].copy()


@dataclass
class GauntletResult:
    """The games of a gauntlet: ``outcomes[(a, b)]`` (2 * seeds,) int8 the outcome code of deck
    ``a`` against deck ``b``, seed pairs in order (``a < b``; the other deck's outcome is its
    mirror). ``hero``: the index of the deck run against the field, None for a round robin."""

    labels: list[str]
    hero: int | None
    outcomes: dict = field(default_factory=dict)
    settings: dict = field(default_factory=dict)
    partial: bool = False
    planned_games: int = 0

    @property
    def kind(self) -> str:
        return "round_robin" if self.hero is None else "gauntlet"

    @property
    def games_a_pairing(self) -> int:
        return min((len(o) for o in self.outcomes.values()), default=0)

    def _hits(self, a: int, b: int, outcome_codes: Sequence[int]) -> np.ndarray:
        """(seeds,) the games of each seed pair where deck ``a`` against ``b`` had one of
        ``outcome_codes`` (``layout`` codes, from ``a``'s view)."""
        if (a, b) in self.outcomes:
            codes = self.outcomes[(a, b)]
        else:
            codes = _mirrored(self.outcomes[(b, a)])
        return np.isin(codes, outcome_codes).reshape(-1, 2).sum(axis=1)

    def _opponents(self, deck: int) -> list[int]:
        return [k for k in range(len(self.labels))
                if k != deck and ((deck, k) in self.outcomes or (k, deck) in self.outcomes)]

    def pairing(self, a: int, b: int) -> dict:
        """Deck ``a`` against deck ``b``: its win, draw and loss rates ``[rate, low, high]``."""
        rows = np.stack([self._hits(a, b, (L.WIN,)), self._hits(a, b, (L.DRAW,)),
                         self._hits(a, b, (L.LOSS_HP, L.LOSS_DECK))])
        rate, low, high = pair_rates(rows)
        out = {"deck": self.labels[a], "opponent": self.labels[b], "games": 2 * rows.shape[1]}
        for k, name in enumerate(("win_rate", "draw_rate", "loss_rate")):
            out[name], out[f"{name}_ci"] = float(rate[k]), [float(low[k]), float(high[k])]
        return out

    def against_field(self, deck: int) -> dict:
        """Deck ``deck``'s win rate over all its games, clustered by seed, with its best and
        worst pairing."""
        opponents = self._opponents(deck)
        hits = sum(self._hits(deck, k, (L.WIN,)) for k in opponents)
        rate, low, high = pair_rates(np.asarray(hits)[None, :], 2 * len(opponents))
        pairings = sorted((self.pairing(deck, k) for k in opponents),
                          key=lambda p: p["win_rate"])
        return {"deck": self.labels[deck], "opponents": len(opponents),
                "win_rate": float(rate[0]), "win_rate_ci": [float(low[0]), float(high[0])],
                "best": pairings[-1]["opponent"], "best_win_rate": pairings[-1]["win_rate"],
                "worst": pairings[0]["opponent"], "worst_win_rate": pairings[0]["win_rate"]}

    def table(self) -> list[dict]:
        """The hero against each deck of the field, the highest win rate first, each with the
        ``duel`` command that plays its games again."""
        rows = [{**self.pairing(self.hero, k), "command": pairing_command(self, self.hero, k)}
                for k in self._opponents(self.hero)]
        return sorted(rows, key=lambda r: -r["win_rate"])

    def matrix(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(D, D) arrays: the win rate of the row's deck against the column's, its interval's
        low and high (NaN on the diagonal)."""
        d = len(self.labels)
        rate, low, high = (np.full((d, d), np.nan) for _ in range(3))
        for a, b in itertools.permutations(range(d), 2):
            p = self.pairing(a, b)
            rate[a, b], (low[a, b], high[a, b]) = p["win_rate"], p["win_rate_ci"]
        return rate, low, high

    def ranking(self) -> list[dict]:
        """Every deck against the field, the highest win rate first."""
        rows = [self.against_field(k) for k in range(len(self.labels))]
        return sorted(rows, key=lambda r: -r["win_rate"])

    def to_dict(self) -> dict:
        s = self.settings
        out = {"kind": self.kind, "decks": self.labels, "deck_files": s["deck_files"],
               "folder": s["folder"], "bot": s["bot"], "seed": s["seed"],
               "games_a_pairing": self.games_a_pairing, "pairings": len(self.outcomes),
               "games": self.games_a_pairing * len(self.outcomes),
               "ci_method": "Wilson 95% on the effective games of the seed pairs (docs/methods.md)",
               "partial": self.partial, "planned_games": self.planned_games,
               "rule_options": s["rule_options"], "command": s["command"]}
        if self.hero is None:
            rate, low, high = self.matrix()
            out["matrix"] = _listed(rate)
            out["matrix_ci"] = [[[lo, hi] if lo is not None else None
                                 for lo, hi in zip(rl, rh, strict=True)]
                                for rl, rh in zip(_listed(low), _listed(high), strict=True)]
            out["ranking"] = self.ranking()
        else:
            out["deck"] = self.labels[self.hero]
            out["against_field"] = self.against_field(self.hero)
            out["rows"] = self.table()
        return out

    def format_text(self) -> str:
        from simulator.gauntlet_text import format_gauntlet

        return format_gauntlet(self.to_dict())

    def figure(self):
        """The round robin's heatmap, or the hero's win rate against each deck."""
        from simulator.duel_figures import figure_field, figure_matrix

        data = self.to_dict()
        return figure_matrix(data) if self.hero is None else figure_field(data)

    def __repr__(self) -> str:
        data = self.to_dict()
        top = (data["ranking"][0] if self.hero is None else data["against_field"])
        what = (f"round robin of {len(self.labels)} decks, first {top['deck']}" if self.hero is None
                else f"{top['deck']} against {len(self.labels) - 1} decks")
        return (f"<GauntletResult {what} {top['win_rate']:.1%}, {data['games_a_pairing']:,} games "
                f"a pairing{', PARTIAL' if self.partial else ''}; .to_dict(), .format_text(), "
                ".figure()>")


def _mirrored(codes: np.ndarray) -> np.ndarray:
    """The other deck's outcome codes: a win is a loss (by HP, the usual way) and back; a draw
    or a timeout is the same for both. Only wins, draws and losses are read from it."""
    out = codes.copy()
    lost = np.isin(codes, (L.LOSS_HP, L.LOSS_DECK))
    out[codes == L.WIN] = L.LOSS_HP
    out[lost] = L.WIN
    return out


def _listed(values: np.ndarray) -> list[list[float | None]]:
    return [[None if np.isnan(v) else float(v) for v in row] for row in values]


# --- the run -------------------------------------------------------------------------------

def gauntlet(deck: Deck | str | Path | None = None, folder: str | Path | None = None,
             games: int = DEFAULT_GAMES, seed: int = 1, bot: str = DEFAULT_BOT,
             rollouts: int | None = None, options: RuleOptions | None = None,
             db: CardDB | None = None, jobs: int | None = None,
             backend: str | Backend = DEFAULT_BACKEND, scheduler: str | None = None,
             batch_size: int | None = None, progress: bool | None = None,
             on_chunk: Callable[[int, int], None] | None = None,
             min_cards: int = MIN_CARDS) -> GauntletResult:
    """``deck`` against each deck of ``folder`` (a folder of deck files; default: the example
    decks), or with no ``deck`` the round robin of the folder: ``games`` (even) games a
    pairing, each seed twice with either deck first, ``bot`` on every seat. A deck of the
    folder that is the hero's own file is left out of its field."""
    from simulator.run import ProgressBar, check_games, check_seed, chunk_ranges

    db = db or load_cards()
    options = options or RuleOptions()
    check_duel_games(games)
    check_batch_size(batch_size)
    check_seed(seed)
    bot = bot_registry.spec(bot, rollouts)
    files = folder_decks(folder)
    hero = None
    if deck is not None:
        hero_deck = deck if isinstance(deck, Deck) else load_deck(deck, db, min_cards)
        own = find_deck(hero_deck.path).resolve() if hero_deck.path else None
        files = [f for f in files if own is None or Path(f).resolve() != own]
        if not files:
            raise UserError(f"{folder}: no deck to play {hero_deck.name} against but itself")
    decks = [load_deck(f, db, min_cards) for f in files]
    if deck is not None:
        decks, files, hero = [hero_deck, *decks], [hero_deck.path or hero_deck.name, *files], 0
    elif len(decks) < 2:
        raise UserError(f"{folder}: a round robin needs two decks at least, it holds one "
                        "(gauntlet DECK FOLDER plays one deck against a folder)")
    sides = [Side((d,), (bot,)) for d in decks]
    pairings = ([(0, k) for k in range(1, len(decks))] if hero == 0
                else list(itertools.combinations(range(len(decks)), 2)))
    seeds = games // 2
    check_games(games * len(pairings), f"--games x {len(pairings)} pairings")  # all it plays
    cap = bot_registry.get(bot).chunk_cap
    owned = not isinstance(backend, Backend)
    executor = (open_backend(backend, jobs, scheduler, games=games * len(pairings)) if owned
                else backend)
    chunk = (max(1, batch_size // 2) if batch_size else
             auto_batch(seeds * len(pairings), executor.workers, 2, cap // 2 if cap else None))
    items = ((a, b, first, count) for first, count in chunk_ranges(seeds, chunk)
             for a, b in pairings)  # block by block: every pairing advances together
    planned = games * len(pairings)
    bar = ProgressBar(planned, progress)
    parts: dict = {p: [] for p in pairings}
    partial, done = False, 0
    results = executor.imap(_play_pairing, (sides, db, seed, options), items)
    try:
        for a, b, _, outcome in results:
            parts[(a, b)].append(outcome)
            done += len(outcome)
            bar.update(done)
            if on_chunk is not None:
                on_chunk(done, planned)
    except KeyboardInterrupt:
        if not done:
            raise
        partial = True
    finally:
        close_results(results)
        bar.close()
        if owned:
            executor.close()
    outcomes = {p: np.concatenate(chunks) if chunks else np.zeros(0, np.int8)
                for p, chunks in parts.items()}
    common = min(len(o) for o in outcomes.values())  # the seeds every pairing finished
    outcomes = {p: o[:common] for p, o in outcomes.items()}
    labels = _labels(decks, files)
    settings = {"deck_files": [str(f) for f in files], "deck_sizes": [d.size for d in decks],
                "bot": bot, "seed": seed, "folder": None if folder is None else str(folder),
                "rule_options": options.as_dict(),
                "command": gauntlet_command(decks[0] if hero == 0 else None, folder, games, seed,
                                            bot, options, min(d.size for d in decks))}
    return GauntletResult(labels, hero, outcomes, settings, partial, planned)


def gauntlet_command(hero_deck: Deck | None, folder, games: int, seed: int, bot: str,
                     options: RuleOptions, smallest_deck: int) -> str:
    """The ``magenoir-sim gauntlet`` command line that plays these games again (``hero_deck``:
    the deck run against the field, None for a round robin)."""
    from simulator.rule_flags import rule_flags
    from simulator.run import bot_flags

    parts = ["magenoir-sim", "gauntlet"]
    if hero_deck is not None:
        parts.append(hero_deck.path or hero_deck.name)
    if folder is not None:
        parts.append(str(folder))
    parts += ["--games", str(games), "--seed", str(seed), *bot_flags(bot)]
    if smallest_deck < MIN_CARDS:
        parts += ["--min-cards", str(smallest_deck)]
    parts += rule_flags(options)
    return " ".join(shlex.quote(str(p)) for p in parts)


def pairing_command(result: GauntletResult, a: int, b: int) -> str:
    """The ``magenoir-sim duel`` command of one pairing: the same games, with every detail."""
    s = result.settings
    settings = {"deck_files": [[s["deck_files"][a]], [s["deck_files"][b]]], "seed": s["seed"],
                "bots": [[s["bot"]], [s["bot"]]],
                "smallest_deck": min(s["deck_sizes"][a], s["deck_sizes"][b]),
                "rule_options": s["rule_options"]}
    return duel_command(settings, result.games_a_pairing, None)
