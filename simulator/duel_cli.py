"""The command line of the duel modes: ``duel``, ``gauntlet`` and ``replay --duel``.

:mod:`simulator.cli` registers these commands and hands their parsed options here; the work
is :mod:`simulator.duels`'s and :mod:`simulator.gauntlets`'s. User errors are
:class:`~simulator.errors.UserError` (one line, exit code 2, printed by ``cli.main``).
"""

from __future__ import annotations

import argparse
import json
import sys

from simulator.cli import (
    _HELP,
    _backend_options,
    _bot_help,
    _check_figure,
    _examples,
    _open_backend,
    _print_results,
    _rollouts_help,
    _rules,
)
from simulator.errors import UserError


def _play_options(p: argparse.ArgumentParser, games_help: str) -> None:
    """What the duel commands play with: ``--games``, ``--seed``, ``--bot``, ``--rollouts``,
    ``--min-cards``, ``--rule``."""
    from simulator.bots import DEFAULT_BOT
    from simulator.rule_flags import help_text

    p.add_argument("--games", type=int, default=None, help=games_help)
    p.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    p.add_argument("--bot", default=DEFAULT_BOT, help=_bot_help(DEFAULT_BOT) + ", every seat")
    p.add_argument("--rollouts", type=int, default=None, metavar="N", help=_rollouts_help())
    p.add_argument("--min-cards", type=int, default=40, help="smallest legal deck (default 40)")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help=help_text())


def _bots_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", default=None, metavar="BOT,BOT",
                   help="one bot per deck, in the order given (2 vs 2: or one per team), e.g. "
                        "planner,greedy")


def add_duel(sub: argparse._SubParsersAction) -> None:
    from simulator.duels import DEFAULT_GAMES

    p = sub.add_parser("duel", help=_HELP["duel"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Plays each seed twice, each side first once: win, draw and "
                                   "loss rates free of first-player advantage, which is "
                                   "measured on its own line, with 95% intervals of the seed "
                                   "pairs (docs/methods.md).",
                       epilog=_examples("magenoir-sim duel fire-flames water-tides",
                                        "magenoir-sim duel fire-flames+air-winds "
                                        "water-tides+vegetal-grove --games 2000",
                                        "magenoir-sim duel my-deck.txt ice-frost --bots "
                                        "lookahead,planner --report reports/duel"))
    p.add_argument("sides", nargs="+", metavar="SIDE",
                   help="two decks (files or example names), or two teams of two decks "
                        "joined by + (2 vs 2)")
    _play_options(p, f"games to play, even: each seed twice, either side first (default "
                     f"{DEFAULT_GAMES:,}); with --precision, a cap")
    _bots_option(p)
    p.add_argument("--precision", type=float, default=None, metavar="P",
                   help="play until the first side's win rate is within P on each side "
                        "(e.g. 0.02)")
    _backend_options(p)
    p.add_argument("--report", metavar="DIR", default=None,
                   help="write DIR/report.html, the figures, the per-game table and summary.json")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_duel)


def _bot_choice(args: argparse.Namespace) -> tuple[str, list[str] | None]:
    """``(bot, bots)`` from ``--bot`` and ``--bots`` (given together: a user error)."""
    from simulator.bots import DEFAULT_BOT

    if args.bots is None:
        return args.bot, None
    if args.bot.partition(":")[0] != DEFAULT_BOT:
        raise UserError("give --bot (every seat) or --bots (one per deck), not both")
    return args.bot, [name.strip() for name in args.bots.split(",")]


def cmd_duel(args: argparse.Namespace) -> int:
    from simulator.cards import load_cards
    from simulator.duels import DEFAULT_GAMES, check_duel_games, duel, make_sides
    from simulator.outputs import check_report_dir

    options = _rules(args)
    if len(args.sides) != 2:
        raise UserError(f"duel takes two sides: two decks (A B) or two teams (A+B C+D), not "
                        f"{len(args.sides)}")
    bot, bots = _bot_choice(args)
    db = load_cards()
    sides = make_sides(*args.sides, bot=bot, bots=bots, rollouts=args.rollouts, db=db,
                       min_cards=args.min_cards)
    if args.games is not None:
        check_duel_games(args.games)
    if args.report is not None:
        check_report_dir(args.report)  # before any game: a wrong place must not cost the run
    planned = args.games or DEFAULT_GAMES
    with _open_backend(args, planned) as backend:
        result = duel(*sides, games=args.games, seed=args.seed, precision=args.precision,
                      options=options, db=db, backend=backend, batch_size=args.batch_size,
                      progress=False if args.quiet else None)
    summary = result.summary()
    if result.partial:
        print(f"magenoir-sim: interrupted; the results below are the {summary['games']:,} games "
              f"finished of {summary['planned_games']:,}", file=sys.stderr)
    report_error = None
    if args.report is not None:
        from simulator.duel_report import write_duel_report

        try:
            summary["report"] = str(write_duel_report(result, args.report, db))
        except OSError as err:  # the place changed during the run: the results come first
            report_error = f"--report {args.report}: cannot write the report ({err.strerror or err})"
    if args.json:
        print(json.dumps(summary))
    else:
        print(result.format_text())
        if "report" in summary:
            print(f"report: {summary['report']}")
    if report_error:
        print(f"magenoir-sim: error: {report_error}", file=sys.stderr)
        return 2
    return 130 if result.partial else 0


def add_gauntlet(sub: argparse._SubParsersAction) -> None:
    from simulator.gauntlets import DEFAULT_GAMES

    p = sub.add_parser("gauntlet", help=_HELP["gauntlet"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="gauntlet DECK FOLDER: the deck in a duel against each deck "
                                   "of the folder, sorted by win rate. gauntlet FOLDER: every "
                                   "deck of the folder against every other, a win-rate matrix "
                                   "and a ranking. The folder is the example decks when left "
                                   "out. Every pairing plays each seed twice, either deck first.",
                       epilog=_examples("magenoir-sim gauntlet my-deck.txt",
                                        "magenoir-sim gauntlet my-deck.txt my-decks/",
                                        "magenoir-sim gauntlet --figure round-robin.png",
                                        "magenoir-sim gauntlet my-decks/ --games 4000 --json"))
    p.add_argument("places", nargs="*", metavar="DECK|FOLDER",
                   help="DECK FOLDER, DECK (against the example decks), FOLDER (its round "
                        "robin), or nothing (the round robin of the example decks)")
    _play_options(p, f"games a pairing, even: each seed twice, either deck first (default "
                     f"{DEFAULT_GAMES:,})")
    _backend_options(p)
    p.add_argument("--figure", metavar="FILE", default=None,
                   help="write the round robin's heatmap, or the deck's win rate against each "
                        "deck (.png, .svg or .pdf)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_gauntlet)


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from pathlib import Path

    from simulator.gauntlets import DEFAULT_GAMES, gauntlet

    options = _rules(args)
    places = args.places
    if len(places) > 2:
        raise UserError(f"gauntlet takes a deck and a folder, one of them, or nothing; not "
                        f"{len(places)} arguments")
    if any("+" in p and not Path(p).exists() for p in places):
        raise UserError("gauntlet plays 1 vs 1 duels: give single decks (a team A+B plays "
                        "with duel)")
    deck = folder = None
    if len(places) == 2:
        deck, folder = places
    elif len(places) == 1:
        deck, folder = (None, places[0]) if Path(places[0]).is_dir() else (places[0], None)
    _check_figure(args)
    games = args.games or DEFAULT_GAMES
    with _open_backend(args, games) as backend:
        result = gauntlet(deck, folder, games=games, seed=args.seed, bot=args.bot,
                          options=options, backend=backend, batch_size=args.batch_size,
                          progress=False if args.quiet else None, min_cards=args.min_cards)
    if result.partial:
        print("magenoir-sim: interrupted; the results below are the seeds every pairing "
              "finished", file=sys.stderr)
    return _print_results(args, result.to_dict(), result.format_text(), result.figure,
                          result.partial)


# --- replay --duel -------------------------------------------------------------------------

def add_replay_options(p: argparse.ArgumentParser) -> None:
    """``replay``'s options for a duel game: ``--duel``, ``--first`` and ``--bots``."""
    p.add_argument("--duel", action="store_true",
                   help="the decks are a duel's two sides (A B, or teams A+B C+D): replay game "
                        "I of 'magenoir-sim duel' with --seed S")
    p.add_argument("--first", type=int, choices=(1, 2), default=1,
                   help="with --duel: the side that plays first in the game (1 or 2; a duel "
                        "plays each game both ways; default 1)")
    _bots_option(p)


def replay_duel_game(args: argparse.Namespace) -> int:
    """``replay --duel A B --seed S --game I [--first 2]``: that game's transcript."""
    from simulator.cards import load_cards
    from simulator.duel_games import replay_duel
    from simulator.duels import first_duel_game_with, make_sides
    from simulator.engine.rules.errors import EngineError

    for flag, given in (("--level", args.level is not None),
                        ("--players", args.players is not None),
                        ("--scenario", args.scenario != "duke")):
        if given:
            raise UserError(f"{flag} is for games against an Adversary, not a duel")
    if len(args.decks) != 2:
        raise UserError(f"--duel takes two sides: two decks (A B) or two teams (A+B C+D), not "
                        f"{len(args.decks)}")
    options = _rules(args)
    bot, bots = _bot_choice(args)
    db = load_cards()
    sides = make_sides(*args.decks, bot=bot, bots=bots, rollouts=args.rollouts, db=db,
                       min_cards=args.min_cards)
    game, first = args.game, args.first - 1
    if args.game < 0:
        raise UserError(f"--game must be 0 or more, not {args.game}")
    if args.outcome:
        game, first = first_duel_game_with(args.outcome, sides, args.seed, args.game, options, db)
    try:
        text = replay_duel(sides, args.seed, game, first, options, db)
    except EngineError as err:  # loud all the same, after the game up to the error
        print(getattr(err, "transcript", ""))
        raise
    print(text)
    return 0
