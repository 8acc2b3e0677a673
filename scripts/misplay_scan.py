"""Misplay scan: how often each bot repeats the misplays of issue 38 (docs/bots.md).

Usage:
  python scripts/misplay_scan.py [--games N] [--coop-games N] [--seed S] [--bots a,b]
                                 [--levels normal,hard] [--decks a,b] [--cards K] [--json PATH]
                                 [--origins] [--examples CLASS]

Plays every deck (the example decks, and one deck of every card of each extension in
scripts/scan_decks/) against the Duke at each level, solo (``--games`` games) and two players
with the same deck (``--coop-games``), with each bot on the same seeds, the transcript's
event log on; :mod:`simulator.misplays` counts the misplays of each game. Prints one table
(class x bot), the cards behind each class, and the command that plays the same games again.

``--origins``: the look-ahead's games are played with its trace on, and each of its misplays is
put down to the decision behind it (:func:`simulator.misplays.misplay_origins`): its own
overruling of the planner (on more rollout wins, or on the tiebreak alone) or the planner's
answer, looked at and kept or not looked at. The same games and counts as without it.

``--examples CLASS``: one line per misplay of that class counted (bot, deck, level, players,
seed and game, the card, the turn of the play counted), with the ``magenoir-sim replay``
command that prints that game's transcript, to read each case.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections import Counter
from pathlib import Path

from simulator import bots
from simulator.bots.lookahead_trace import trace_into
from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.engine.host import api
from simulator.engine.host.batch import new_work, play
from simulator.engine.host.tables import build_batch_tables
from simulator.engine.rules import layout as L
from simulator.engine.rules import rng
from simulator.engine.rules.options import RuleOptions
from simulator.misplays import (
    CLASS_KEYS,
    CLASSES,
    KEPT,
    ORIGINS,
    OVERRULED_ON_TIEBREAK,
    OVERRULED_ON_WINS,
    RIGHT_PLAY,
    RIGHT_PLAY_KEYS,
    CardFacts,
    misplay_marks,
    misplay_origins,
    scan_events,
)
from simulator.run import build_matchup
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SCAN_DECKS = ROOT / "scripts" / "scan_decks"


def deck_paths(names: str | None) -> list[Path]:
    """The decks asked (names of example or scan decks), or all of both."""
    every = sorted((ROOT / "decks").glob("*.txt")) + sorted(SCAN_DECKS.glob("*.txt"))
    if not names:
        return every
    by_name = {p.stem: p for p in every}
    missing = [n for n in names.split(",") if n not in by_name]
    if missing:
        sys.exit(f"misplay_scan: no deck named {', '.join(missing)} (decks/ and "
                 f"scripts/scan_decks/ hold {', '.join(sorted(by_name))})")
    return [by_name[n] for n in names.split(",")]


def found_in(events, facts: CardFacts, players: int, key: str) -> list[tuple[str, str]]:
    """Each misplay of class ``key`` one game's events count: (its card's name, the turn of
    the play counted, with its player when two play)."""
    turns = [(i, row[1], row[2]) for i, row in enumerate(events.tolist()) if row[0] == L.EV_TURN]
    found = []
    for k, card, at in misplay_marks(events, facts, players):
        if k == key:
            _i, turn, player = max(((i, t, p) for i, t, p in turns if i <= at), default=(0, 0, 0))
            found.append((facts.names[card] if card >= 0 else "",
                          f"turn {turn}" + (f" (player {player + 1})" if players > 1 else "")))
    return found


def scan_cell(matchup, db, bot_name: str, seed: int, games: int, options: RuleOptions,
              example: str | None = None, examples: list | None = None):
    """The misplay counts of ``games`` games of the run with ``seed``, one game at a time
    (the event log holds one game), and per (class, card name); ``examples``, when given,
    receives (game, card name, turn) of each misplay of class ``example``."""
    bot = bots.get(bot_name)
    tables, info = build_batch_tables(matchup, db, options)
    facts = CardFacts.of_batch(tables, info, bots.get("planner").records(1, tables, info)[0])
    totals, by_card = Counter(), Counter()
    for game in range(games):
        work = new_work(1)
        work["log_on"] = 1
        play(matchup, db, rng.game_seeds(seed, game, 1), bot, options, work=work)
        n = min(int(work["log_len"][0]), L.LOG_MAX)
        counts, cards = scan_events(work["log"][0][:n], facts, matchup.players)
        if examples is not None:
            examples += [(game, *f) for f in found_in(work["log"][0][:n], facts,
                                                      matchup.players, example)]
        totals.update(counts)
        by_card.update({(key, facts.names[c]): k for (key, c), k in cards.items()})
    return totals, by_card


def scan_cell_traced(matchup, db, bot_name: str, seed: int, games: int, options: RuleOptions,
                     example: str | None = None, examples: list | None = None):
    """:func:`scan_cell`'s counts (and ``examples``) for a look-ahead bot, played with its trace
    on, and the (class, origin, card name) counts of its misplays
    (:func:`simulator.misplays.misplay_origins`)."""
    bot = bots.get(bot_name)
    eng = api.new_engine(matchup, db, options, policy=bot, batch=games,
                         seeds=rng.game_seeds(seed, 0, games))
    eng.work["log_on"] = 1
    traces = trace_into(eng.bot_records, 4096)
    api.play_to_end(eng)
    facts = CardFacts.of_batch(eng.table_record, eng.info,
                               bots.get("planner").records(1, eng.table_record, eng.info)[0])
    totals, by_card, origins = Counter(), Counter(), Counter()
    for game in range(games):
        n = min(int(eng.work[game]["log_len"]), L.LOG_MAX)
        events = eng.work[game]["log"][:n]
        counts, cards = scan_events(events, facts, matchup.players)
        totals.update(counts)
        by_card.update({(key, facts.names[c]): k for (key, c), k in cards.items()})
        looked = traces[game][:min(int(eng.bot_records[game]["la_trace_len"]), traces.shape[1])]
        decisions = [(int(e["log_at"]), int(e["kind"]) == L.MAIN_ACTION, origin(e))
                     for e in looked]
        found = {(key, o, facts.names[c] if c >= 0 else ""): k for (key, o, c), k
                 in misplay_origins(events, facts, matchup.players, decisions).items()}
        origins.update(found)
        if examples is not None:  # the origins of the game's misplays of that card
            examples += [(game, card, turn + ", " + ", ".join(
                o for (key, o, c), k in found.items() for _ in range(k)
                if key == example and c == card))
                for card, turn in found_in(events, facts, matchup.players, example)]
    return totals, by_card, origins


def replay_command(path: Path, level: str, players: int, bot: str, seed: int, game: int) -> str:
    """The ``magenoir-sim replay`` command (run from the repository) that prints the game
    the scan played: game ``game`` of the run with ``seed``, every player with the deck."""
    return shlex.join(["magenoir-sim", "replay", str(path.relative_to(ROOT)), "--scenario",
                       "duke", "--level", level, "--players", str(players), "--bot", bot,
                       "--seed", str(seed), "--game", str(game)])


def origin(entry) -> str:
    """A traced decision's :data:`ORIGINS` entry: the planner's answer kept, or overruled on
    more rollout wins or on the tiebreak alone."""
    if entry["chosen"] == entry["planned"]:
        return KEPT
    options = entry["option"].tolist()
    if entry["planned"] not in options:
        return OVERRULED_ON_WINS
    wins = entry["value"].astype(int)  # the sum of a rollout's values: wins, then a tiebreak
    more = wins[options.index(entry["chosen"])] > wins[options.index(entry["planned"])]
    return OVERRULED_ON_WINS if more else OVERRULED_ON_TIEBREAK


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="solo games per deck and level")
    parser.add_argument("--coop-games", type=int, default=30,
                        help="two-player games per deck and level (0: none)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", default="planner,lookahead")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--decks", default=None, help="deck names (default: every one)")
    parser.add_argument("--cards", type=int, default=4, help="cards listed per class and bot")
    parser.add_argument("--json", type=Path, default=None, help="write the counts here")
    parser.add_argument("--origins", action="store_true",
                        help="put each look-ahead misplay down to its overruling of the planner "
                             "or the planner's answer kept")
    parser.add_argument("--examples", default=None, metavar="CLASS",
                        help="list each misplay of this class with the command that replays "
                             "its game")
    args = parser.parse_args()
    if args.examples is not None and args.examples not in CLASS_KEYS + RIGHT_PLAY_KEYS:
        print(f"misplay_scan: no class named {args.examples!r} (choose one of: "
              f"{', '.join(CLASS_KEYS + RIGHT_PLAY_KEYS)})", file=sys.stderr)
        sys.exit(2)
    db = load_cards()
    duke = load_scenario("duke", db)
    options = RuleOptions()
    bot_names = args.bots.split(",")
    for name in bot_names:
        bots.get(name)  # a user error for an unknown bot
    totals = {b: Counter() for b in bot_names}
    origins = {b: Counter() for b in bot_names if args.origins and b.startswith("lookahead")}
    by_card = {b: Counter() for b in bot_names}
    seconds = Counter()
    examples = []  # (bot, deck path, level, players, game, card name, turn)
    for path in deck_paths(args.decks):
        deck = load_deck(path, db)
        for level in args.levels.split(","):
            for players, games in ((1, args.games), (2, args.coop_games)):
                if games <= 0:
                    continue
                matchup = build_matchup([deck], duke, level, players)
                for b in bot_names:
                    start = time.process_time()
                    cell = [] if args.examples else None
                    if b in origins:
                        counts, cards, found = scan_cell_traced(matchup, db, b, args.seed,
                                                                games, options, args.examples,
                                                                cell)
                        origins[b].update(found)
                    else:
                        counts, cards = scan_cell(matchup, db, b, args.seed, games, options,
                                                  args.examples, cell)
                    examples += [(b, path, level, players, *e) for e in cell or []]
                    seconds[b] += time.process_time() - start
                    totals[b].update(counts)
                    by_card[b].update(cards)
        print(f"  {path.stem}: " + "; ".join(
            f"{b} {sum(totals[b][k] for k in CLASS_KEYS)}" for b in bot_names), file=sys.stderr,
            flush=True)
    print("| class | " + " | ".join(bot_names) + " |")
    print("|---|" + "---|" * len(bot_names))
    for key, what in CLASSES:
        print(f"| {key}: {what} | " + " | ".join(str(totals[b][key]) for b in bot_names) + " |")
    print("\nCounted apart, right play (docs/bots.md):\n")
    print("| right play | taken from | " + " | ".join(bot_names) + " |")
    print("|---|---|" + "---|" * len(bot_names))
    for key, source, what in RIGHT_PLAY:
        print(f"| {key}: {what} | {source} | "
              + " | ".join(str(totals[b][key]) for b in bot_names) + " |")
    for b, found in origins.items():
        print(f"\n{b}: where each misplay comes from (the decision behind the play counted)\n")
        print("| class | " + " | ".join(ORIGINS) + " |")
        print("|---|" + "---|" * len(ORIGINS))
        per_class = Counter()
        for (key, o, _card), k in found.items():
            per_class[(key, o)] += k
        for key in CLASS_KEYS + RIGHT_PLAY_KEYS:
            print(f"| {key} | " + " | ".join(str(per_class[(key, o)]) for o in ORIGINS) + " |")
        print(f"\n{b}: the cards of its overrulings")
        for key in CLASS_KEYS:
            mine = Counter()
            for (k, o, card), n in found.items():
                if k == key and o in (OVERRULED_ON_WINS, OVERRULED_ON_TIEBREAK) and card:
                    mine[f"{card} ({'wins' if o == OVERRULED_ON_WINS else 'tiebreak'})"] += n
            if mine:
                print(f"  {key}: " + ", ".join(f"{c} {n}" for c, n in mine.most_common(args.cards)))
    print()
    for b in bot_names:
        for key in CLASS_KEYS + RIGHT_PLAY_KEYS:
            top = sorted(((k, name) for (cls, name), k in by_card[b].items() if cls == key),
                         reverse=True)[:args.cards]
            if top:
                print(f"{b}, {key}: " + ", ".join(f"{name} {k}" for k, name in top))
    if args.examples:
        print(f"\nEach {args.examples} counted, and the command that replays its game:\n")
        for b, path, level, players, game, card, turn in examples:
            print(f"{b}, {path.stem}, {level}, {players}p, seed {args.seed} game {game}, "
                  f"{card}, {turn}: {replay_command(path, level, players, b, args.seed, game)}")
        if not examples:
            print("(none)")
    print("\nCPU seconds: " + ", ".join(f"{b} {seconds[b]:.0f}" for b in bot_names))
    command = "python scripts/misplay_scan.py " + shlex.join(sys.argv[1:])
    print(f"Same games again: {command.strip()}")
    if args.json:
        args.json.write_text(json.dumps({
            "command": command.strip(),
            "totals": {b: dict(totals[b]) for b in bot_names},
            "origins": {b: {f"{key}: {o}: {card}": k for (key, o, card), k in found.items()}
                        for b, found in origins.items()},
            "by_card": {b: {f"{cls}: {name}": k for (cls, name), k in by_card[b].items()}
                        for b in bot_names}}, indent=1))


if __name__ == "__main__":
    main()
