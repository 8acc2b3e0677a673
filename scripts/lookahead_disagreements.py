"""Where the look-ahead and the planner disagree most: the planner's habits, read from its rollouts.

Usage: python scripts/lookahead_disagreements.py [DECK] [--level L] [--players P]
           [--games N] [--seed S] [--rollouts R] [--top K] [--fair [--min-n M]]

Plays ``--games`` games of DECK against the Duke with the look-ahead, keeping every decision it
looked at (``lookahead_trace.trace_into``). Where its choice is not the planner's, the gap is what the
rollouts gave the look-ahead's choice over the planner's: wins per rollout, then the tiebreak
(a share of the Adversary's HP dealt and of the team's HP kept, per rollout). Prints the
``--top`` decisions with the largest gaps (game, turn, what each bot played, the rollouts'
wins), then the habits: the disagreements grouped by what the planner did and what the
look-ahead did instead, with how often and the mean gap; then the planner's plays (with their
card) the look-ahead changed most often.

None of those gaps is negative, by construction: a decision is listed only when the
look-ahead's best candidate beat the planner's play, and with a few rollouts the best of
several noisy estimates often beats it by luck alone. ``--fair`` prints instead the unbiased
answer to "is the alternative O better than the planner's play P": over *every* decision where
the rollouts tried both, kept or changed, the mean of O's rollout wins less P's, with its
standard error (docs/bots.md, "Sixth round: the main phase's choices the rollouts change"),
for the pairs tried at least ``--min-n`` times. It is an option rather than a table after the
habits because it answers another question, over every decision looked at (about 80 to 140
main-phase pairs a deck at 300 games, each worth its line), and a reader of the habits is
pointed to it.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from simulator import bots
from simulator.bots.lookahead_trace import trace_into
from simulator.cards import ELEMENTS, load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host import api
from simulator.engine.rules import layout as L
from simulator.engine.rules.rng import game_seeds
from simulator.errors import UserError
from simulator.run import build_matchup
from simulator.scenarios import load_scenario


def describe(eng, kind: int, option: int, card: int, sp) -> tuple[str, str]:
    """(the habit: what kind of play, the play itself) of a traced option."""
    name = eng.info.names[card] if card >= 0 else "?"
    if kind == L.MAIN_ACTION:
        if option == 0:
            return "end the main phase", "end the main phase"
        for group, start, stop in (("use the ability of", sp.ability, sp.prepare),
                                   ("prepare", sp.prepare, sp.activate),
                                   ("activate", sp.activate, sp.channel),
                                   ("channel", sp.channel, sp.trade)):
            if start <= option < stop:
                return group, f"{group} {name}"
        return "trade", f"trade for {ELEMENTS[option - sp.trade]}"
    if kind == L.TAKE_PILE:
        return "take a pile", f"take pile {option}"
    if kind == L.DISCARD_FROM_HAND:
        return "discard", f"discard {name}"
    if kind in (L.TARGET, L.DESTROY_TARGET):
        if card >= 0:
            return "target a card", f"target {name}"
        return "target a player", f"target player {option - L.K_SLOTS + 1}"
    return L.DECISION_KINDS[kind], f"option {option}"


#: Alternatives the fair table pools by their habit: a trade for any element is "trade" (the
#: rollouts try one candidate an element, too few each to say which).
POOLED_ALTERNATIVES = ("trade",)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", default="fire-flames")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--fair", action="store_true",
                        help="the mean gap over every decision where both plays were tried")
    parser.add_argument("--min-n", type=int, default=30,
                        help="with --fair: the fewest decisions a pair is listed for (default 30)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.top < 0 or args.min_n < 2:
        raise UserError("--games must be at least 1, --top at least 0 and --min-n at least 2")
    return args


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(argv)
        db = load_cards()
        deck = load_deck(find_deck(args.deck), db)
        matchup = build_matchup([deck], load_scenario("duke", db), args.level, args.players)
        bot = bots.get(bots.spec("lookahead", args.rollouts))
    except UserError as error:
        print(f"lookahead_disagreements: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2
    eng, entries = traced_games(matchup, db, bot, args.games, args.seed)
    sp = api.action_space(eng)
    looked = sum(int(r["la_looked"]) for r in eng.bot_records)
    won = int((eng.state.outcome == L.WIN).sum())
    header = (f"{args.deck} vs the Duke ({matchup.level}), {args.players} player(s), "
              f"{args.games} games (seed {args.seed}), {bot.label}: {won} won; {looked} "
              "decisions looked at")
    if args.fair:
        gaps = fair_gaps((entry for _, entry in entries),
                         lambda kind, option, card: describe(eng, kind, option, card, sp))
        print_fair_table(header, gaps, args.min_n)
    else:
        disagreements(header, eng, sp, entries, args.top)
    return 0


def traced_games(matchup, db, bot, games: int, seed: int) -> tuple:
    """(the engine, once its games are over; (game, entry) of every decision the look-ahead
    ``bot`` looked at, game by game). A game's entries past the trace's capacity are counted in
    its record, not written: at 1,024 a game, more than a co-op game's decisions."""
    eng = api.new_engine(matchup, db, policy=bot, batch=games, seeds=game_seeds(seed, 0, games))
    traces = trace_into(eng.bot_records, 1024)
    api.play_to_end(eng, None)
    entries = [(game, entry) for game, record in enumerate(eng.bot_records)
               for entry in traces[game][:min(int(record["la_trace_len"]), traces.shape[1])]]
    return eng, entries


def rollout_scores(entry) -> tuple[np.ndarray, np.ndarray]:
    """(wins, mean tiebreak per rollout) of each candidate of a trace entry. Its value is the sum
    of its rollouts' (``lookahead.rollout_value``: 1 a win, plus a tiebreak below 1 divided by
    rollouts + 1, so that no tiebreak outweighs a win): the whole part counts the wins."""
    rollouts = int(entry["rollouts"])
    wins = np.floor(entry["value"]).astype(int)
    return wins, (entry["value"] - wins) * (rollouts + 1) / rollouts


def disagreements(header: str, eng, sp, entries: list, top: int) -> None:
    """The decisions where the look-ahead did not play the planner's choice: the largest gaps,
    the habits, the plays changed most often."""
    rows = []
    for game, entry in entries:
        if entry["chosen"] == entry["planned"]:
            continue
        options = entry["option"].tolist()
        mine, theirs = options.index(entry["chosen"]), options.index(entry["planned"])
        rollouts = int(entry["rollouts"])
        wins, ties = rollout_scores(entry)
        gap = ((wins[mine] - wins[theirs]) / rollouts, ties[mine] - ties[theirs])
        kind = int(entry["kind"])
        habit_mine, play_mine = describe(eng, kind, entry["chosen"], entry["card"][mine], sp)
        habit_theirs, play_theirs = describe(eng, kind, entry["planned"],
                                             entry["card"][theirs], sp)
        rows.append({"gap": gap, "game": game, "turn": int(entry["turn"]),
                     "player": int(entry["player"]) + 1, "kind": L.DECISION_KINDS[kind],
                     "planner": play_theirs, "lookahead": play_mine,
                     "wins": (wins[theirs], wins[mine]), "rollouts": rollouts,
                     "habit": (L.DECISION_KINDS[kind], habit_theirs, habit_mine)})
    print(f"{header}, {len(rows)} where the look-ahead did not play the planner's choice\n")
    print(f"The {top} largest gaps (wins per rollout, then tiebreak per rollout):")
    for r in sorted(rows, key=lambda r: r["gap"], reverse=True)[:top]:
        print(f"  game {r['game']}, turn {r['turn']}, player {r['player']}, {r['kind']}: "
              f"planner {r['planner']} (won {r['wins'][0]}/{r['rollouts']}), look-ahead "
              f"{r['lookahead']} (won {r['wins'][1]}/{r['rollouts']}): "
              f"{r['gap'][0]:+.2f} wins, {r['gap'][1]:+.3f} tiebreak")
    habits = defaultdict(list)
    for r in rows:
        habits[r["habit"]].append(r["gap"])
    print("\nHabits (decision kind: the planner's play -> the look-ahead's instead), most "
          "frequent first (changed decisions only, so no mean gap is negative: --fair for the "
          "unbiased one):")
    for (kind, theirs, mine), gaps in sorted(habits.items(), key=lambda h: -len(h[1])):
        wins = np.mean([g[0] for g in gaps])
        ties = np.mean([g[1] for g in gaps])
        print(f"  {len(gaps):5d}  {kind}: {theirs} -> {mine}  (mean gap {wins:+.3f} wins, "
              f"{ties:+.3f} tiebreak per rollout)")
    by_card(rows, top)


def fair_gaps(entries, describe_option) -> dict[tuple[str, str, str], list[tuple[float, float]]]:
    """Each alternative's gap over the planner's play (wins per rollout, tiebreak per rollout),
    for every decision where the rollouts tried both, whether the look-ahead kept the planner's
    play or not, by (decision kind, the planner's play, the alternative).

    Why every decision: the look-ahead changes a play when an alternative's few rollouts beat
    it, so the changed decisions alone carry the luck of that maximum; over all of them, each
    alternative's estimate is as noisy as the planner's play's and their mean difference is
    unbiased. ``describe_option(kind, option, card)`` names a candidate (habit, play); an
    alternative whose habit is in ``POOLED_ALTERNATIVES`` is grouped by its habit. Entries
    whose planner's play was not a candidate, or was cut short (a value below 0), say nothing,
    nor do cut-short alternatives."""
    gaps = defaultdict(list)
    for entry in entries:
        n = int(entry["n"])
        options = entry["option"][:n].tolist()
        planned = int(entry["planned"])
        if planned not in options:
            continue
        theirs = options.index(planned)
        if entry["value"][theirs] < 0:
            continue
        kind = int(entry["kind"])
        rollouts = int(entry["rollouts"])
        wins, ties = rollout_scores(entry)
        _, play = describe_option(kind, planned, int(entry["card"][theirs]))
        for other in range(n):
            if other == theirs or entry["value"][other] < 0:
                continue
            habit, alternative = describe_option(kind, options[other], int(entry["card"][other]))
            key = (L.DECISION_KINDS[kind], play,
                   habit if habit in POOLED_ALTERNATIVES else alternative)
            gaps[key].append(((wins[other] - wins[theirs]) / rollouts, ties[other] - ties[theirs]))
    return gaps


@dataclass(frozen=True)
class FairRow:
    """One (planner's play, alternative) pair of the fair table: ``n`` decisions, the
    alternative's mean gap in wins per rollout with its standard error, the tiebreak's."""

    kind: str
    planner: str
    alternative: str
    n: int
    wins: float
    wins_se: float
    tiebreak: float

    @property
    def z(self) -> float:
        """The mean gap in standard errors (0 when every gap was the same 0)."""
        if self.wins_se > 0:
            return self.wins / self.wins_se
        return math.copysign(math.inf, self.wins) if self.wins else 0.0


def fair_table(gaps: dict, min_n: int) -> list[FairRow]:
    """The pairs tried at least ``min_n`` times, the alternative's best (largest z) first."""
    rows = []
    for (kind, planner, alternative), pairs in gaps.items():
        if len(pairs) < min_n:
            continue
        wins = np.array([p[0] for p in pairs])
        rows.append(FairRow(kind, planner, alternative, len(pairs), float(wins.mean()),
                            float(wins.std(ddof=1) / math.sqrt(len(wins))),
                            float(np.mean([p[1] for p in pairs]))))
    return sorted(rows, key=lambda r: -r.z)


def print_fair_table(header: str, gaps: dict, min_n: int) -> None:
    """The fair table under the run's header; every pair listed, not a top few, since the
    rows near z 0 (the planner's play as good as the alternative) are findings too."""
    rows = fair_table(gaps, min_n)
    print(f"{header}, {sum(len(p) for p in gaps.values())} (planner's play, alternative) "
          "pairs tried\n")
    print(f"The fair gaps, {len(rows)} pairs tried at least {min_n} times (of {len(gaps)}): over "
          "every decision where the rollouts tried both, the alternative's wins per rollout less "
          "the planner's play's (mean, standard error, z), then the tiebreak's; the "
          "alternative's best first:")
    for r in rows:
        print(f"  z {r.z:+6.2f}  n {r.n:5d}  {r.wins:+.4f} (se {r.wins_se:.4f}) wins, "
              f"{r.tiebreak:+.4f} tiebreak  {r.kind}: planner {r.planner} vs {r.alternative}")


def by_card(rows: list[dict], top: int) -> None:
    """The planner's plays (with their card) the look-ahead changed most often."""
    plays = defaultdict(list)
    for r in rows:
        plays[(r["kind"], r["planner"])].append(r)
    print(f"\nThe planner's plays the look-ahead changed most often (top {top}), and what it "
          "played instead most often:")
    for (kind, play), changed in sorted(plays.items(), key=lambda p: -len(p[1]))[:top]:
        instead = defaultdict(int)
        for r in changed:
            instead[r["lookahead"]] += 1
        other, n = max(instead.items(), key=lambda i: i[1])
        wins = np.mean([r["gap"][0] for r in changed])
        print(f"  {len(changed):5d}  {kind}: {play} (instead, most often: {other}, {n}); "
              f"mean gap {wins:+.3f} wins per rollout")


if __name__ == "__main__":
    raise SystemExit(main())
