"""What the deck builder found: the final confirmation on fresh seeds, and how it is shown.

Why a final block of its own: every deck the search kept was chosen on the search's games,
so its win rate there flatters it. The best few, and every example deck the collection can
build, therefore play one more block of games past every game index the search used (the
test suite checks the seeds are disjoint), all on the same games (paired). The winner is the
best of that block; its margins are paired differences with McNemar's exact test,
Holm-adjusted over the family of comparisons the block makes (every built finalist against
every example deck, and the winner against every other deck), so that picking the best on
these games does not flatter the winner's p-values.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from simulator.bots import label as bot_label
from simulator.stats import CONFIDENCE, holm, mcnemar, wilson_interval
from simulator.value import paired_wins


@dataclass
class FinalDeck:
    """One deck of the final block: its win rate there."""

    name: str
    kind: str                    # "built" or "example deck"
    candidate: object            # simulator.deck_builder.Candidate
    wins: int
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / max(1, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass
class Margin:
    """The winner's paired margin over another deck of the final block."""

    other: str
    kind: str
    difference: float
    low: float
    high: float
    p_value: float
    p_holm: float

    @property
    def significant(self) -> bool:
        return self.p_holm < 1 - CONFIDENCE and self.difference > 0


@dataclass
class Final:
    """The final block: its games, the bot that played them, the decks best first."""

    first_game: int
    games: int
    bot: str
    decks: list[FinalDeck]
    margins: list[Margin]        # the winner against each other deck, example decks first
    family: int                  # comparisons Holm's correction covers

    @property
    def winner(self) -> FinalDeck:
        return self.decks[0]

    def best_example(self) -> FinalDeck | None:
        return next((d for d in self.decks if d.kind == "example deck"
                     and d is not self.winner), None)


def final_confirmation(search, examples: list, games: int, bot: str) -> Final:
    """Play the search's best few (champion first, each set of cards once) and the example
    decks on ``games`` fresh games each, played by ``bot``; rank them and test the winner."""
    from simulator.deck_builder import FINALISTS

    entries, seen = [], set()
    for cand in search.leaders[:FINALISTS]:
        if cand.key not in seen:
            seen.add(cand.key)
            entries.append((cand, "built"))
    example_keys = {e.key for e in examples}
    entries = [(c, "example deck" if c.key in example_keys else kind) for c, kind in entries]
    for cand in examples:
        if cand.key not in seen:
            seen.add(cand.key)
            entries.append((cand, "example deck"))
    first = search.next_game  # past every game the search used; not a search block
    won = search.player.won_many([(search.matchup(c), first, games) for c, _ in entries],
                                 bot=bot)
    names = _final_names(entries)
    decks = [FinalDeck(name, kind, cand, int(w.sum()), len(w))
             for name, (cand, kind), w in zip(names, entries, won, strict=True)]
    order = sorted(range(len(decks)), key=lambda i: (-decks[i].win_rate, i))
    decks, won = [decks[i] for i in order], [won[i] for i in order]
    pairs = {(0, j) for j in range(1, len(decks))} | {
        (i, j) for i, a in enumerate(decks) for j, b in enumerate(decks)
        if a.kind == "built" and b.kind == "example deck"}
    pairs = sorted(pairs)
    raw = [mcnemar(int((won[i] & ~won[j]).sum()), int((~won[i] & won[j]).sum()))["p_value"]
           for i, j in pairs]
    adjusted = dict(zip(pairs, holm(raw), strict=True)) if raw else {}
    margins = []
    for j in sorted(range(1, len(decks)), key=lambda j: (decks[j].kind != "example deck", j)):
        diff, low, high = paired_wins(won[0], won[j])
        p = raw[pairs.index((0, j))]
        margins.append(Margin(decks[j].name, decks[j].kind, diff, low, high, float(p),
                              float(adjusted[(0, j)])))
    return Final(first, games, bot, decks, margins, len(pairs))


def _final_names(entries: list) -> list[str]:
    """Example decks by their name; built decks as "built 1", "built 2", ... in search order."""
    names, built = [], 0
    for cand, kind in entries:
        if kind == "example deck":
            names.append(cand.deck.name)
        else:
            built += 1
            names.append(f"built {built}")
    return names


def box_names(boxes: list[str]) -> list[str]:
    """How a command line names boxes: a short form (``base``), else the data file's stem."""
    from simulator.cards.listing import EXTENSION_SHORT
    from simulator.cards.model import EXTENSIONS

    stems = {en: stem for en, _, stem in EXTENSIONS}
    return [(EXTENSION_SHORT.get(b) or (stems[b],))[0] for b in boxes]


def format_p(p: float) -> str:
    """A p-value as printed: two digits, or below what a float holds (it underflows to 0)."""
    return f"{p:.2g}" if p > 0 else "< 1e-300"


def _decks(n: int) -> str:
    return f"{n:,} deck{'s' if n != 1 else ''}"


def build_command(settings: dict, games: int, confirm_games: int) -> str:
    """The ``magenoir-sim build`` command that replays this build exactly: the same seed and
    games budget (a time budget's, as this machine's speed turned it into games)."""
    from simulator.rule_flags import rule_flags
    from simulator.run import bot_flags
    from simulator.scenarios import command_name

    if settings["boxes"]:
        source = ["--owned", ",".join(box_names(settings["boxes"]))]
    else:  # cards given in Python: the file to write them to (collection_cards) is the user's
        source = [settings["collection_file"] or "CARDS.txt"]
    parts = ["magenoir-sim", "build", *source, "--scenario",
             command_name(settings["scenario_file"]), "--level", settings["level"],
             "--players", str(settings["players"]), *bot_flags(settings["bot"]),
             "--seed", str(settings["seed"]), "--games", str(games),
             "--confirm-games", str(confirm_games), "--population", str(settings["population"])]
    if settings.get("generations") is not None:
        parts += ["--generations", str(settings["generations"])]
    if settings["size"] != 40:
        parts += ["--min-cards", str(settings["size"])]
    parts += rule_flags(settings.get("rule_options", {}))
    return " ".join(shlex.quote(str(p)) for p in parts)


@dataclass
class BuildResult:
    """A build: the search's record, the final block (None when interrupted before it)."""

    settings: dict
    search: object               # simulator.deck_builder._Search
    final: Final | None
    partial: bool
    games_budget: int | None
    confirm_games: int | None
    seconds: float
    starts: int
    examples: int

    def __repr__(self) -> str:
        return (f"<BuildResult vs {self.settings['scenario']} ({self.settings['level']}): "
                f"{self.games_played:,} games, {self.headline()}; .format_text(), .deck, "
                ".table() for more>")

    @property
    def confirmed(self) -> bool:
        """The winner's numbers come from the final block of fresh seeds."""
        return self.final is not None and not self.partial

    @property
    def games_played(self) -> int:
        return self.search.player.played

    @property
    def deck(self):
        """The best deck found (the final winner; when interrupted, the champion so far)."""
        if self.confirmed:
            return self.final.winner.candidate.deck
        return self.search.champion.deck

    @property
    def candidate(self):
        return self.final.winner.candidate if self.confirmed else self.search.champion

    def headline(self) -> str:
        if not self.confirmed:
            return "PARTIAL: the best deck so far, NOT confirmed on fresh seeds"
        w = self.final.winner
        low, high = w.interval
        return f"winner {w.name} {w.win_rate:.1%} ({low:.1%} to {high:.1%})"

    def command(self) -> str | None:
        if self.games_budget is None or self.confirm_games is None:
            return None
        return build_command(self.settings, self.games_budget, self.confirm_games)

    def table(self):
        """pandas: one row per deck of the final block, winner first."""
        import pandas as pd

        rows = []
        for d in self.final.decks if self.final else []:
            low, high = d.interval
            rows.append({"deck": d.name, "kind": d.kind, "games": d.games, "wins": d.wins,
                         "win_rate": d.win_rate, "low": low, "high": high})
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        s, search = self.settings, self.search
        out = {**{k: v for k, v in s.items() if k != "scenario_file"},
               "command": self.command(), "games_budget": self.games_budget,
               "confirm_games": self.confirm_games, "games_played": self.games_played,
               "seconds": round(self.seconds, 2), "partial": self.partial,
               "confirmed": self.confirmed, "starting_decks": self.starts,
               "example_decks": self.examples, "decks_played": search.visited,
               "search_blocks": [list(b) for b in search.blocks],
               "generations": search.steps, "path": self.candidate.path(),
               "deck": {self._name(cid): n for cid, n in self.deck.as_dict().items()}}
        if self.final:
            f = self.final
            out["final"] = {
                "first_game": f.first_game, "games": f.games, "bot": f.bot,
                "decks": [{"deck": d.name, "kind": d.kind, "wins": d.wins, "games": d.games,
                           "win_rate": d.win_rate, "win_rate_ci": list(d.interval),
                           "cards": {self._name(c): n for c, n in d.candidate.deck.as_dict().items()}}
                          for d in f.decks],
                "margins": [{"over": m.other, "kind": m.kind, "difference": m.difference,
                             "ci": [m.low, m.high], "p_value": m.p_value, "p_holm": m.p_holm,
                             "significant": m.significant} for m in f.margins],
                "holm_family": f.family}
        return out

    def _name(self, cid: str) -> str:
        from simulator.cards import load_cards

        return load_cards().by_id[cid].name_en

    def format_text(self) -> str:
        s, search = self.settings, self.search
        lines = []
        if self.partial:
            lines.append("PARTIAL RESULTS (interrupted): the best deck found so far, NOT "
                         "confirmed on fresh seeds")
        lines += [f"deck of {s['size']} cards built from {search.collection.describe()}",
                  f"vs {s['scenario']} ({s['level']}), {s['players']} player(s), search bot "
                  f"{bot_label(s['search_bot'])}, judged by {bot_label(s['bot'])}, seed {s['seed']}",
                  f"{self.starts} starting decks ({self.examples} example decks), "
                  f"{len(search.steps) - 1 if search.steps else 0} generation(s) of a population "
                  f"of {s['population']}, {_decks(search.visited)} played; "
                  f"{self.games_played:,} games in {self.seconds:.0f} s"
                  + (f" ({self.games_budget:,}-game budget)" if self.games_budget else "")]
        if s.get("stopped_by_clock"):
            lines.append(f"the clock stopped the search after generation {s['generations']} "
                         "(the machine was slower than measured at the start)")
        lines += ["", "best deck by generation (win rate on the generation's confirmation games):"]
        for st in search.steps:
            low, high = wilson_interval(st["champion_wins"], st["champion_games"])
            lines.append(f"  generation {st['generation']}: {_decks(st['candidates'])} raced, "
                         f"{st['champion_wins'] / max(1, st['champion_games']):.1%} "
                         f"({low:.1%} to {high:.1%}) on {st['champion_games']:,} games"
                         + (", new best" if st["changed"] else ""))
        if self.final:
            lines += self._final_lines()
        lines += ["", "path of changes:"] + [f"  {p}" for p in self.candidate.path()]
        lines += ["", "deck:"] + [f"{n} {self._name(c)}" for c, n in self.deck.as_dict().items()]
        if self.command():
            lines += ["", f"replay this build: {self.command()}"]
            if not s["boxes"] and not s["collection_file"]:
                lines.append("(CARDS.txt: the cards given, one 'COUNT Name' line each)")
        return "\n".join(lines)

    def _final_lines(self) -> list[str]:
        f = self.final
        w = f.winner
        low, high = w.interval
        lines = ["", f"final confirmation: {f.games:,} paired games each, bot "
                 f"{bot_label(f.bot)}, games {f.first_game:,} to {f.first_game + f.games - 1:,} "
                 f"of seed {self.settings['seed']} (the search played games 0 to "
                 f"{f.first_game - 1:,} only)",
                 f"{'deck':<28} {'kind':<13} {'win rate':>8}  95% CI"]
        for d in f.decks:
            dl, dh = d.interval
            lines.append(f"{d.name:<28} {d.kind:<13} {d.win_rate:>8.1%}  {dl:.1%} to {dh:.1%}")
        lines += ["", f"winner: {w.name} ({w.kind}), win rate {w.win_rate:.1%} "
                  f"(95% CI {low:.1%} to {high:.1%})"]
        best = f.best_example()
        if w.kind == "example deck":
            lines.append("the winner is an example deck: the search found no deck better "
                         "on the final games")
        for m in f.margins:
            mark = "*" if m.significant else " "
            tag = " (the best example deck)" if best is not None and m.other == best.name else ""
            lines.append(f"  margin over {m.other}{tag}: {100 * m.difference:+.1f} pp "
                         f"(95% CI {100 * m.low:+.1f} to {100 * m.high:+.1f}), McNemar p "
                         f"{format_p(m.p_value)}, Holm {format_p(m.p_holm)}{mark}")
        lines.append(f"* significant at {1 - CONFIDENCE:.0%} after Holm's correction over the "
                     f"{f.family} comparisons of the final block")
        return lines

    def figure(self):
        """The best win rate found against games played: each generation's champion on its
        confirmation block (95% Wilson), the winner on the final block, the best example deck
        there as a line."""
        from simulator.figures import percent_formatter, pyplot

        plt = pyplot()
        fig, ax = plt.subplots(figsize=(8, 4.5))
        steps = self.search.steps
        x = [st["games_played"] for st in steps]
        y = [st["champion_wins"] / max(1, st["champion_games"]) for st in steps]
        ci = [wilson_interval(st["champion_wins"], st["champion_games"]) for st in steps]
        ax.step(x, y, where="post", color="#1565c0", lw=1.2)
        ax.errorbar(x, y, yerr=[[v - c[0] for v, c in zip(y, ci, strict=True)],
                                [c[1] - v for v, c in zip(y, ci, strict=True)]],
                    fmt="o", color="#1565c0", capsize=3, label="best deck so far (its "
                    "generation's confirmation games)")
        s = self.settings
        if self.final:
            w, best = self.final.winner, self.final.best_example()
            low, high = w.interval
            end = self.games_played
            ax.errorbar([end], [w.win_rate], yerr=[[w.win_rate - low], [high - w.win_rate]],
                        fmt="D", color="#2e7d32", capsize=4,
                        label=f"winner on the final fresh games ({bot_label(self.final.bot)})")
            if best is not None:
                ax.axhline(best.win_rate, color="#c62828", ls="--", lw=1,
                           label=f"best example deck, {best.name}, final games")
        from matplotlib.ticker import FuncFormatter

        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
        ax.set_xlabel("games played")
        ax.set_ylabel("win rate")
        ax.yaxis.set_major_formatter(percent_formatter())
        ax.set_title(f"Deck builder vs {s['scenario']} ({s['level']}), {s['players']} "
                     f"player(s), seed {s['seed']}")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower right")
        fig.tight_layout()
        return fig

    def write_deck(self, target: str) -> str:
        """Write the best deck to ``target`` with ``#`` lines saying how it was found and the
        command that checks it; the line to print about it."""
        from simulator.doctor_rounds import deck_text

        s = self.settings
        header = [f"{Path(target).stem}: built by magenoir-sim build from {s['collection']} "
                  f"against {s['scenario']} ({s['level']}), {s['players']} player(s), seed "
                  f"{s['seed']}, {self.games_played:,} games"]
        if not self.confirmed:
            header.append("UNCONFIRMED: the build was interrupted; the best deck found so far")
        else:
            w = self.final.winner
            low, high = w.interval
            header.append(f"win rate {w.win_rate:.1%} (95% CI {low:.1%} to {high:.1%}) on "
                          f"{w.games:,} fresh games, bot {bot_label(self.final.bot)}")
            header += [f"margin over {m.other}: {100 * m.difference:+.1f} pp, McNemar p "
                       f"{format_p(m.p_value)} (Holm {format_p(m.p_holm)})" for m in self.final.margins
                       if m.kind == "example deck"]
        header += [f"path: {p}" for p in self.candidate.path()]
        if self.command():
            header.append(f"build again: {self.command()}")
        check = self.check_command(target)
        if check:
            header.append(f"check it: {check}")
        from simulator.cards import load_cards

        Path(target).write_text(deck_text(self.deck, load_cards(), header), encoding="utf-8")
        return f"wrote {target}" + (f" (check it: {check})" if check else "")

    def check_command(self, target: str) -> str | None:
        """``magenoir-sim compare`` of the best example deck and the written deck on seeds
        of another run seed (never the build's)."""
        best = self.final.best_example() if self.final else None
        if best is None:
            return None
        s = self.settings
        from simulator.run import bot_flags
        from simulator.scenarios import command_name

        parts = ["magenoir-sim", "compare", best.name, target, "--scenario",
                 command_name(s["scenario_file"]), "--level", s["level"], "--players",
                 str(s["players"]), *bot_flags(s["bot"]), "--games", "20000", "--seed",
                 str(s["seed"] + 1)]
        if s["size"] != 40:
            parts += ["--min-cards", str(s["size"])]
        return " ".join(shlex.quote(p) for p in parts)
