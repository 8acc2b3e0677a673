"""Where the look-ahead and the planner disagree most: the planner's habits, read from its rollouts.

Usage: python scripts/lookahead_disagreements.py [DECK] [--level L] [--players P]
           [--games N] [--seed S] [--rollouts R] [--top K]

Plays ``--games`` games of DECK against the Duke with the look-ahead, keeping every decision it
looked at (``lookahead_trace.trace_into``). Where its choice is not the planner's, the gap is what the
rollouts gave the look-ahead's choice over the planner's: wins per rollout, then the tiebreak
(a share of the Adversary's HP dealt and of the team's HP kept, per rollout). Prints the
``--top`` decisions with the largest gaps (game, turn, what each bot played, the rollouts'
wins), then the habits: the disagreements grouped by what the planner did and what the
look-ahead did instead, with how often and the mean gap; then the planner's plays (with their
card) the look-ahead changed most often.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from simulator import bots
from simulator.bots.lookahead_trace import trace_into
from simulator.cards import ELEMENTS, load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host import api
from simulator.engine.host.batch import Matchup
from simulator.engine.rules import layout as L
from simulator.engine.rules.rng import game_seeds
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", default="fire-flames")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    db = load_cards()
    deck = load_deck(find_deck(args.deck), db)
    matchup = Matchup((deck,) * args.players, load_scenario("duke", db), args.level)
    bot = bots.get(bots.spec("lookahead", args.rollouts))
    eng = api.new_engine(matchup, db, policy=bot, batch=args.games,
                         seeds=game_seeds(args.seed, 0, args.games))
    traces = trace_into(eng.bot_records, 1024)
    api.play_to_end(eng, None)
    sp = api.action_space(eng)
    rows = []
    for game, record in enumerate(eng.bot_records):
        for entry in traces[game][:min(int(record["la_trace_len"]), traces.shape[1])]:
            if entry["chosen"] == entry["planned"]:
                continue
            options = entry["option"].tolist()
            mine, theirs = options.index(entry["chosen"]), options.index(entry["planned"])
            rollouts = int(entry["rollouts"])
            wins = np.floor(entry["value"]).astype(int)
            ties = (entry["value"] - wins) * (rollouts + 1) / rollouts
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
    looked = sum(int(r["la_looked"]) for r in eng.bot_records)
    won = int((eng.state.outcome == L.WIN).sum())
    print(f"{args.deck} vs the Duke ({args.level}), {args.players} player(s), {args.games} games "
          f"(seed {args.seed}), {bot.label}: {won} won; {looked} decisions looked at, "
          f"{len(rows)} where the look-ahead did not play the planner's choice\n")
    print(f"The {args.top} largest gaps (wins per rollout, then tiebreak per rollout):")
    for r in sorted(rows, key=lambda r: r["gap"], reverse=True)[:args.top]:
        print(f"  game {r['game']}, turn {r['turn']}, player {r['player']}, {r['kind']}: "
              f"planner {r['planner']} (won {r['wins'][0]}/{r['rollouts']}), look-ahead "
              f"{r['lookahead']} (won {r['wins'][1]}/{r['rollouts']}): "
              f"{r['gap'][0]:+.2f} wins, {r['gap'][1]:+.3f} tiebreak")
    habits = defaultdict(list)
    for r in rows:
        habits[r["habit"]].append(r["gap"])
    print("\nHabits (decision kind: the planner's play -> the look-ahead's instead), most "
          "frequent first:")
    for (kind, theirs, mine), gaps in sorted(habits.items(), key=lambda h: -len(h[1])):
        wins = np.mean([g[0] for g in gaps])
        ties = np.mean([g[1] for g in gaps])
        print(f"  {len(gaps):5d}  {kind}: {theirs} -> {mine}  (mean gap {wins:+.3f} wins, "
              f"{ties:+.3f} tiebreak per rollout)")
    by_card(rows, args.top)


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
    main()
