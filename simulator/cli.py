"""The ``magenoir-sim`` command.

Each sub-command parses its options here and hands over to the layer that owns the work.
User errors (:class:`simulator.errors.UserError`) become one line on stderr and exit code 2;
argparse's own usage errors also exit 2. Anything else is an internal error and propagates.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import signal
import sys
import threading
import time
from pathlib import Path

from simulator import __version__
from simulator.errors import UserError

#: The sub-commands, in the order ``magenoir-sim --help`` lists them, with their one-line help
#: (each one's options are declared by its ``_add_<command>`` below).
_HELP = {
    "cards": "list the card database",
    "card": "one card's facts and how the engine plays it (the Adversary's cards too)",
    "validate": "check that deck files are legal",
    "scenarios": "the bundled scenarios (the Adversary's decks) and their levels",
    "run": "play games and report the win rate",
    "replay": "transcript of one game of a run",
    "compare": "two decks, or one deck on every level or scenario, on the same seeds",
    "duel": "deck against deck (A B), or team against team (A+B C+D), either side first",
    "gauntlet": "a deck against each deck of a folder, or a folder's round robin",
    "value": "what each card of a deck is worth, in points of win rate",
    "doctor": "race one-card swaps and suggest the best ones",
    "build": "search the best deck buildable from the cards you own",
    "bench": "measure the cost per game, run time, engine start and peak memory on this machine",
}


def _add_cards(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help=_HELP["cards"])
    p.add_argument("--extension", help="only cards of this extension (e.g. 'Base Game', base)")
    p.add_argument("--element", help="only cards of this element (fire, water, air, ...)")
    p.add_argument("--type", dest="card_type", help="only cards of this type (spell, ...)")
    p.add_argument("--simulated", action="store_true",
                   help="only cards the engine simulates (a run refuses decks with the others)")
    p.add_argument("--handlers", action="store_true",
                   help="add how the engine simulates each card: its effect data alone "
                        "(vocabulary) or which handlers")
    p.add_argument("--keywords", action="store_true",
                   help="add a keywords column (protector, unique, ...)")
    p.add_argument("--invented", action="store_true",
                   help="also list the cards we invented (the example Animal, not an "
                        "official card; docs/animals.md)")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(handler=_cmd_cards)


def _cmd_cards(args: argparse.Namespace) -> int:
    from simulator.cards import load_cards
    from simulator.cards.listing import filter_cards, format_table, to_json_records
    from simulator.engine.host.tables import implemented_cards, simulated_as

    db = load_cards()
    selected = filter_cards(db if args.invented else db.official, extension=args.extension,
                            element=args.element, card_type=args.card_type)
    simulated = implemented_cards(db)
    how = simulated_as(db) if args.handlers else None
    if args.simulated:
        selected = [card for card in selected if card.id in simulated]
    if args.json:
        records = to_json_records(selected)
        for record in records:
            record["simulated"] = record["id"] in simulated
            if how is not None:
                record["simulated_as"] = how[record["id"]]
        print(json.dumps(records, ensure_ascii=False, indent=1))
    else:
        print(format_table(selected, simulated, how, keywords=args.keywords))
    return 0


def _add_card(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("card", help=_HELP["card"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="A card's facts (extension, element, type, cost, components "
                                   "required and provided, HP, keywords), whether the engine "
                                   "simulates it, and how the engine plays it, in our own "
                                   "words generated from its effect data (never the printed "
                                   "text).",
                       epilog=_examples("magenoir-sim card fire ball",
                                        "magenoir-sim card \"Boule de feu\"",
                                        "magenoir-sim card kerlochs_robe --json"))
    p.add_argument("name", nargs="+", metavar="NAME",
                   help="English or French name, or id; any case, accents optional")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_cmd_card)


def _cmd_card(args: argparse.Namespace) -> int:
    from simulator.card_sheet import show_card

    print(show_card(" ".join(args.name), as_json=args.json))
    return 0


def _add_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help=_HELP["validate"])
    p.add_argument("decks", nargs="+", metavar="DECK", help="deck files (.txt or .toml)")
    p.add_argument("--min-cards", type=int, default=40,
                   help="smallest legal deck (default 40; lower it for test decks)")
    p.set_defaults(handler=_cmd_validate)


def _cmd_validate(args: argparse.Namespace) -> int:
    from simulator.cards import load_cards
    from simulator.decks import check_deck_file

    db = load_cards()
    status = 0
    for path in args.decks:
        deck, problems = check_deck_file(path, db, min_cards=args.min_cards)
        if problems:
            status = 2
            for line in problems:
                print(line, file=sys.stderr)
        else:
            from simulator.castable import warning_lines

            print(f"{path}: ok, {deck.size} cards ({deck.summary()}){_not_simulated(deck, db)}")
            for line in warning_lines(deck, db):  # legal, but some cards can never be cast
                print(f"{path}: {line}" if line.startswith("warning") else line)
    return status


def _not_simulated(deck, db) -> str:
    """``"; not simulated yet: ..."`` naming the deck's cards the engine does not play (the
    deck is legal, but a run refuses it), else an empty string."""
    from simulator.engine.host.tables import implemented_cards

    simulated = implemented_cards(db)
    missing = [f"{db.by_id[cid].name_en} x{count}" for cid, count in deck.counts
               if cid not in simulated]
    return f"; not simulated yet, so run refuses it: {', '.join(missing)}" if missing else ""


def _add_scenarios(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scenarios", help=_HELP["scenarios"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog=_examples("magenoir-sim scenarios", "magenoir-sim scenarios duke",
                                        "magenoir-sim scenarios my-box/duke.toml"))
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="a bundled scenario's name or a scenario file: its cards, level by level "
                        "(a file is checked); none: every bundled scenario, in short")
    p.set_defaults(handler=_cmd_scenarios)


def _cmd_scenarios(args: argparse.Namespace) -> int:
    from simulator.adversary_sheet import format_scenario_deck
    from simulator.scenarios import describe_scenario, list_scenarios, load_scenario

    blocks = []
    for source in args.names or list_scenarios():
        scenario = load_scenario(source)
        text = describe_scenario(scenario)
        blocks.append(text + "\n" + format_scenario_deck(scenario) if args.names else text)
    print("\n\n".join(blocks))
    return 0


def _add_run(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help=_HELP["run"],
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_examples(
                           "magenoir-sim run fire-flames --scenario duke --games 5000",
                           "magenoir-sim run my-deck.txt --level hard --players 2 --report out",
                           "magenoir-sim run fire-flames --precision 0.01 --json",
                           "magenoir-sim run fire-flames --scenario all --players 2",
                           "magenoir-sim run sun-zenith --rule-bands"))
    _game_options(p, "+", "one deck per player (or one for all)", _PLAYERS_PER_DECK)
    p.add_argument("--games", type=int, default=None,
                   help="games to play (default 1000); with --precision, a cap on the games "
                        "(default: the precision rule's worst case, e.g. 17,402 for 0.01)")
    _backend_options(p)
    p.add_argument("--precision", type=float, default=None, metavar="P",
                   help="play until the win rate's 95%% interval is within P on each side "
                        "(e.g. 0.01; sequential rule in simulator/run.py)")
    p.add_argument("--report", metavar="DIR", default=None,
                   help="write DIR/report.html, the figures, the per-game table and summary.json")
    p.add_argument("--value", action="store_true",
                   help="also measure each card's value on the run's seeds (one more run of "
                        "the same games per distinct card; see 'magenoir-sim value')")
    p.add_argument("--rule-bands", action="store_true",
                   help="also play the same games once per unclear rule reading the decks or "
                        "the Adversary meet (each rule option marked as a reading, at its "
                        "other value; a --rule pins one) and print the band of win rates they "
                        "allow, and the reading that moves it most (docs/methods.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_cmd_run)


#: --players of the commands given one deck per player, and of those whose players all play
#: the one deck.
_PLAYERS_PER_DECK = "number of players, 1-4 (default: one per deck given)"
_PLAYERS_SAME_DECK = "number of players, 1-4, each playing the deck (default 1)"
#: The DECK of the commands that study one deck (value, doctor).
_ONE_DECK = "the deck (a file or an example deck's name)"


def _game_options(p: argparse.ArgumentParser, decks_nargs: int | str, decks_help: str,
                  players_help: str, seed_help: str = "run seed (default 1)",
                  decks_metavar: str = "DECK",
                  min_cards_help: str = "smallest legal deck (default 40)") -> None:
    """What is played, declared once for the five commands that play games (run, replay,
    compare, value, doctor): the decks, ``--scenario``, ``--level``, ``--players``,
    ``--seed``, ``--bot``, ``--min-cards`` and ``--rule``."""
    from simulator.bots import DEFAULT_BOT
    from simulator.rule_flags import help_text

    p.add_argument("decks", nargs=decks_nargs, metavar=decks_metavar, help=decks_help)
    p.add_argument("--scenario", default="duke",
                   help="scenario name or file (default duke); run and compare also take "
                        "'all': every bundled scenario and level on the same seeds (compare: "
                        "at each level, every scenario against the easiest)")
    p.add_argument("--level", default=None, help=_level_help())
    p.add_argument("--players", type=int, default=None, help=players_help)
    p.add_argument("--seed", type=int, default=1, help=seed_help)
    p.add_argument("--bot", default=DEFAULT_BOT, help=_bot_help(DEFAULT_BOT))
    p.add_argument("--rollouts", type=int, default=None, metavar="N",
                   help=_rollouts_help())
    p.add_argument("--min-cards", type=int, default=40, help=min_cards_help)
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help=help_text())


def _backend_options(p: argparse.ArgumentParser) -> None:
    """Where and how the games are played, declared once for the four commands that play many
    (run, compare, value, doctor): ``--jobs``, ``--batch-size``, ``--backend``,
    ``--scheduler`` and ``--quiet``."""
    from simulator.backends import MAX_BATCH, MIN_GAMES_PER_WORKER

    p.add_argument("--jobs", type=int, default=None,
                   help="threads playing games (default: one per core); with --backend loky, "
                        f"worker processes (default: one per core, as long as each gets "
                        f"{MIN_GAMES_PER_WORKER:,} games); dask without --scheduler: worker "
                        "processes (default one per core); ray: every CPU of the ray cluster")
    p.add_argument("--batch-size", type=int, default=None,
                   help="games per chunk (default: the games split evenly over the workers, at "
                        f"most {MAX_BATCH} one-player games a chunk, a fraction of a second)")
    p.add_argument("--backend", default="local", metavar="NAME",
                   help="where chunks run: local (threads here, default), loky (fresh "
                        "processes here), dask, ray (pip install \".[dask]\" / \".[ray]\"; "
                        "ray honours RAY_ADDRESS)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="dask scheduler to connect to (tcp://host:8786); without it --backend "
                        "dask starts a local cluster")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def _examples(*commands: str) -> str:
    return "examples:\n" + "\n".join(f"  {c}" for c in commands)


def _bot_help(default: str) -> str:
    from simulator.bots import BOTS

    return f"player bot: {', '.join(BOTS)} (default {default})"


def _rollouts_help() -> str:
    from simulator.bots.registry import BY_NAME

    looking = [bot for bot in BY_NAME.values() if bot.rollouts and bot.listed]
    return ("the look-ahead's budget: rollouts per option it tries at a decision (" +
            ", ".join(f"--bot {b.name}, default {b.rollouts}" for b in looking) +
            "); more is stronger and slower (docs/bots.md)")


def _level_help() -> str:
    """The levels of each bundled scenario, for --level's help (a scenario file of one's own
    names its own: ``magenoir-sim scenarios FILE``)."""
    from simulator.scenarios import list_scenarios, load_scenario

    try:
        known = {Path(path).stem: load_scenario(path) for path in list_scenarios()}
    except UserError:  # a broken bundled file is reported where it is used, not in help
        known = {}
    levels = "; ".join(f"{name}: {', '.join(s.level_names)}, default {s.default_level}"
                       for name, s in known.items())
    return f"difficulty level of the scenario ({levels})" if levels else "difficulty level"


def _load_inputs(args: argparse.Namespace):
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.scenarios import load_scenario

    db = load_cards()
    decks = [load_deck(path, db, min_cards=args.min_cards) for path in args.decks]
    return db, decks, load_scenario(args.scenario, db)


def _open_backend(args: argparse.Namespace, games: int | None):
    """The backend of a command that will play ``games`` games in all (for the default
    number of local workers)."""
    from simulator.backends import open_backend

    return open_backend(args.backend, args.jobs, args.scheduler, games=games)


def _planned_games(args: argparse.Namespace) -> int:
    """Games a ``run`` plays at most: ``--games`` (default 1000), or a precision run's cap."""
    from simulator.run import DEFAULT_GAMES, precision_plan

    if args.precision is not None:
        return precision_plan(args.precision, args.games)["looks"][-1]
    return args.games or DEFAULT_GAMES


def _cmd_run(args: argparse.Namespace) -> int:
    from simulator.outputs import check_report_dir
    from simulator.run import simulate

    if args.scenario.strip().lower() == "all":
        return _cmd_run_all(args)
    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    if args.report is not None:
        check_report_dir(args.report)  # before any game: a wrong place must not cost the run
    if args.value and len({d.name for d in decks}) > 1:
        raise UserError("--value measures the cards of one deck: give one deck (every player "
                        "plays it)")
    value = band = None
    with _open_backend(args, _planned_games(args)) as backend:
        result = simulate(decks, scenario, level=args.level, players=args.players,
                          games=args.games, seed=args.seed, backend=backend,
                          batch_size=args.batch_size, bot=args.bot, db=db, precision=args.precision,
                          progress=False if args.quiet else None, options=options)
        if args.rule_bands:
            band = _rule_band(args, result, decks, scenario, options, db, backend)
        if args.value and not result.partial and not (band and band.partial):
            from simulator.value import card_values

            value = card_values(decks[0], scenario, level=args.level, players=args.players,
                                games=len(result.games), seed=args.seed, db=db, backend=backend,
                                batch_size=args.batch_size, bot=args.bot, base=result,
                                progress=False if args.quiet else None, options=options)
    if args.value and not result.partial:  # the same games again, with their values
        result.settings["command"] += " --value"
    summary = result.summary()
    if band is not None:
        summary["rule_bands"] = band.to_dict()
    if value is not None:
        summary["value"] = value.to_dict()
        status_value = 130 if value.partial else 0
    status = 130 if result.partial or (band is not None and band.partial) else 0
    if value is not None:
        status = max(status, status_value)
    if result.partial:
        print(f"magenoir-sim: interrupted; the results below are the {summary['games']:,} games "
              f"finished of {summary['planned_games']:,}", file=sys.stderr)
    elif band is not None and band.partial:
        print("magenoir-sim: interrupted during the rule band; the answer is whole, the band is "
              "that of the games every reading finished", file=sys.stderr)
    report_error = None
    if args.report is not None:
        from simulator.report import write_report

        try:
            summary["report"] = str(write_report(result, args.report, value=value, band=band))
        except OSError as err:  # the place changed during the run: the results come first
            report_error = f"--report {args.report}: cannot write the report ({err.strerror or err})"
    _print_run(args, result, summary, scenario)
    if value is not None and not args.json:
        print()
        print(value.format_text())
    if report_error:
        print(f"magenoir-sim: error: {report_error}", file=sys.stderr)
        return 2
    return status


def _rule_band(args: argparse.Namespace, result, decks, scenario, options, db, backend):
    """``run --rule-bands``: the answer's games once more per unclear reading (none after an
    interrupted answer: its band is not played); the answer's command gains ``--rule-bands``."""
    from simulator.rule_bands import command_with_bands, pinned_options, rule_band

    pinned = pinned_options(args.rule, options)
    result.settings["command"] = command_with_bands(result.settings["command"], pinned)
    return rule_band(result, decks, scenario, pinned, db=db, backend=backend,
                     batch_size=args.batch_size, progress=False if args.quiet else None)


def _cmd_run_all(args: argparse.Namespace) -> int:
    """``run DECK --scenario all``: the deck against every bundled scenario (each level, or
    only ``--level``'s), on the same seeds, as one table (:mod:`simulator.sweep`)."""
    from simulator.outputs import check_report_dir
    from simulator.run import DEFAULT_GAMES

    for flag, given in (("--precision", args.precision is not None), ("--value", args.value)):
        if given:
            raise UserError(f"--scenario all plays a fixed number of games on every scenario; "
                            f"{flag} is for one scenario")
    if args.report is not None:
        check_report_dir(args.report)
    sweep, bands = _play_all_scenarios(args, args.games or DEFAULT_GAMES, args.rule_bands)
    data = sweep.to_dict()
    if bands is not None:
        data["rule_bands"] = bands
    if args.report is not None:
        from simulator.report import write_sweep_report

        data["report"] = str(write_sweep_report(sweep, args.report, bands=bands))
    if args.json:
        print(json.dumps(data))
    else:
        print(sweep.format_text())
        if bands is not None:
            from simulator.rule_bands import format_sweep_bands

            print("\n".join(format_sweep_bands(bands)))
        if "report" in data:
            print(f"report: {data['report']}")
    partial = sweep.partial or any(band["partial"] for band in bands or ())
    return 130 if partial else 0


def _sweep_bands(args: argparse.Namespace, sweep, sides, decks, options, db, backend) -> list:
    """``run --scenario all --rule-bands``: the band of every scenario and level, each a
    :meth:`~simulator.rule_bands.RuleBand.to_dict` with its ``scenario``, ``level`` and
    ``label``."""
    from simulator.rule_bands import pinned_options, play_bands

    scenarios = {(name, level): scenario for name, scenario, level in sides}
    answers = [(res, scenarios[side], side[1]) for side, res in zip(sweep.sides, sweep.results,
                                                                     strict=True)]
    sweep.band_pins = pinned_options(args.rule, options)
    found = play_bands(answers, decks, sweep.band_pins, db, backend=backend,
                       batch_size=args.batch_size, progress=False if args.quiet else None)
    return [{"scenario": name, "level": level,
             "label": f"{res.settings['scenario']} ({level})", **band.to_dict()}
            for (name, level), res, band in zip(sweep.sides, sweep.results, found, strict=True)]


def _play_all_scenarios(args: argparse.Namespace, games: int, bands: bool = False):
    """The deck against every bundled scenario and level (or ``--level``'s), on the same
    seeds: the games of ``run --scenario all`` and ``compare --scenario all``; with ``bands``,
    also the rule band of every scenario and level (``run --rule-bands``), else None."""
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.sweep import sides_of, simulate_all

    options = _rules(args)
    db = load_cards()
    decks = [load_deck(path, db, min_cards=args.min_cards) for path in args.decks]
    sides = sides_of(args.level, db)  # a level some scenario lacks is refused before any game
    with _open_backend(args, games * len(sides)) as backend:
        sweep = simulate_all(decks, level=args.level, players=args.players, games=games,
                             seed=args.seed, backend=backend, batch_size=args.batch_size,
                             bot=args.bot, db=db, progress=False if args.quiet else None,
                             options=options)
        found = _sweep_bands(args, sweep, sides, decks, options, db, backend) if bands else None
    return sweep, found


def _print_run(args: argparse.Namespace, result, summary: dict, scenario) -> None:
    """A run's results on stdout: one JSON object, or the text summary."""
    from simulator.bots import label as bot_label
    from simulator.bots import note
    from simulator.formatting import format_rate

    if args.json:
        print(json.dumps(summary))
        return
    if result.partial:
        print(f"PARTIAL RESULTS (interrupted): {summary['games']:,} of "
              f"{summary['planned_games']:,} planned games")
        print(f"the same games again: {summary['command']}")
    outcomes = ", ".join(f"{k} {v}" for k, v in summary["outcomes"].items())
    print(f"{', '.join(dict.fromkeys(summary['decks']))} vs {summary['scenario']} "
          f"({summary['level']}), {summary['players']} player(s), bot {bot_label(summary['bot'])}, "
          f"seed {summary['seed']}")
    print(f"games {summary['games']}  wins {summary['wins']}  win rate "
          f"{format_rate(summary['win_rate'], *summary['win_rate_ci'])}")
    if "rule_bands" in summary:
        from simulator.rule_bands import format_band

        print("\n".join(format_band(summary["rule_bands"])))
    print(f"outcomes: {outcomes}")
    for key, label in (("median_turns", "median turns"),
                       ("median_turn_of_victory", "median turn of victory"),
                       ("median_turn_of_defeat", "median turn of defeat")):
        if summary.get(key) is not None:
            low_turn, high_turn = summary[key + "_ci"]
            print(f"{label}: {summary[key]:g} (95% CI {low_turn:g} to {high_turn:g})")
    if summary["players"] > 1:
        print(f"(turns are player turns: each of the {summary['players']} players' turns counts "
              f"one, so a round of the table is {summary['players']} turns)")
    if "precision" in summary:
        info = summary["precision"]
        print(f"precision ±{info['target']:g}: {'reached' if info['reached'] else 'NOT reached'} "
              f"({summary['ci_method']})")
    if _rules_note(summary["rule_options"]):
        print(_rules_note(summary["rule_options"]))
    if scenario.has_approximations(summary["level"]):
        print("note: this scenario level contains approximated Adversary cards")
    if note(summary["bot"]):
        print(f"note: {note(summary['bot'])}")
    if not result.partial:  # a partial run printed it above, under its PARTIAL line
        print(f"the same games again: {summary['command']}")
    if "report" in summary:
        print(f"report: {summary['report']}")


def _add_compare(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help=_HELP["compare"],
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_examples(
                           "magenoir-sim compare fire-flames water-tides --scenario duke",
                           "magenoir-sim compare fire-flames --games 5000 --figure levels.png",
                           "magenoir-sim compare fire-flames --bots planner,lookahead",
                           "magenoir-sim compare fire-flames --scenario all --level hard"))
    _game_options(p, "+", "two decks (compared on one level), or one deck (on every level, on "
                  "every scenario with --scenario all, or played by each bot of --bots)",
                  _PLAYERS_SAME_DECK)
    p.add_argument("--bots", default=None, metavar="BOT,BOT",
                   help="one deck played by each of these bots on the same seeds, each compared "
                        "with the first (e.g. planner,lookahead: what better play wins with "
                        "the deck)")
    p.add_argument("--games", type=int, default=1000, help="paired games per run (default 1000)")
    _backend_options(p)
    _result_options(p, "the comparison figure")
    p.set_defaults(handler=_cmd_compare)


def _cmd_compare(args: argparse.Namespace) -> int:
    from simulator.compare import compare_decks, compare_levels, format_comparison

    if len(args.decks) > 2:
        raise UserError(f"compare takes one deck (levels) or two decks, not {len(args.decks)}")
    if args.scenario.strip().lower() == "all":
        return _cmd_compare_scenarios(args)
    if args.bots is not None:
        return _cmd_compare_bots(args)
    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    if len(decks) == 1 and args.level:
        raise UserError("with one deck, compare plays every level of the scenario; "
                        "--level is for comparing two decks")
    _check_figure(args)
    runs = 2 if len(decks) == 2 else len(scenario.levels)
    with _open_backend(args, runs * args.games) as backend:  # one backend for every run
        common = {"players": args.players, "games": args.games, "seed": args.seed,
                  "backend": backend, "batch_size": args.batch_size, "bot": args.bot, "db": db,
                  "progress": False if args.quiet else None, "options": options}
        if len(decks) == 2:
            comp = compare_decks(decks[0], decks[1], scenario, level=args.level, **common)
        else:
            comp = compare_levels(decks[0], scenario, **common)
    data = comp.to_dict()
    return _print_results(args, data, format_comparison(comp), comp.figure, data["partial"])


def _cmd_compare_scenarios(args: argparse.Namespace) -> int:
    """``compare DECK --scenario all``: the games of ``run DECK --scenario all``, as a
    comparison: at each level, every scenario against the easiest one there."""
    from simulator.compare import format_comparison

    if len(args.decks) != 1 or args.bots is not None:
        raise UserError("--scenario all compares the scenarios on one deck played by one bot: "
                        "give one deck, and --bot rather than --bots")
    _check_figure(args)
    sweep, _ = _play_all_scenarios(args, args.games)
    comp = sweep.comparison()
    data = comp.to_dict()
    return _print_results(args, data, format_comparison(comp), comp.figure, data["partial"])


def _cmd_compare_bots(args: argparse.Namespace) -> int:
    """``compare DECK --bots A,B``: one deck on one level, played by each bot."""
    from simulator.bots import DEFAULT_BOT
    from simulator.compare import compare_bots, format_comparison

    if len(args.decks) != 1:
        raise UserError("--bots compares bots on one deck: give one deck")
    if args.bot.partition(":")[0] != DEFAULT_BOT:
        raise UserError("give --bot (one bot) or --bots (bots compared), not both")
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    _check_figure(args)
    with _open_backend(args, len(names) * args.games) as backend:
        comp = compare_bots(decks[0], scenario, names, level=args.level, players=args.players,
                            games=args.games, seed=args.seed, backend=backend,
                            batch_size=args.batch_size, db=db, rollouts=args.rollouts,
                            progress=False if args.quiet else None, options=options)
    data = comp.to_dict()
    return _print_results(args, data, format_comparison(comp), comp.figure, data["partial"])


def _add_value(sub: argparse._SubParsersAction) -> None:
    from simulator.value import DEFAULT_VALUE_GAMES

    p = sub.add_parser("value", help=_HELP["value"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="For each distinct card of the deck: the deck's win rate minus "
                                   "the win rate with one copy replaced by a blank filler card, "
                                   "on the same seeds, with a 95% paired interval.",
                       epilog=_examples("magenoir-sim value fire-flames --scenario duke",
                                        "magenoir-sim value my-deck.txt --level hard --games 20000 "
                                        "--figure value.png",
                                        "magenoir-sim value water-tides --json"))
    _game_options(p, 1, _ONE_DECK, _PLAYERS_SAME_DECK)
    p.add_argument("--games", type=int, default=DEFAULT_VALUE_GAMES,
                   help=f"paired games per card (default {DEFAULT_VALUE_GAMES:,})")
    _backend_options(p)
    _result_options(p, "the figure, a dot and its interval per card")
    p.set_defaults(handler=_cmd_value)


def _cmd_value(args: argparse.Namespace) -> int:
    from simulator.value import card_values

    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    _check_figure(args)
    with _open_backend(args, args.games * (len(decks[0].counts) + 1)) as backend:
        result = card_values(decks[0], scenario, level=args.level, players=args.players,
                             games=args.games, seed=args.seed, db=db, backend=backend,
                             batch_size=args.batch_size, bot=args.bot,
                             progress=False if args.quiet else None, options=options)
    return _print_results(args, result.to_dict(), result.format_text(), result.figure,
                          result.partial)


def _result_options(p: argparse.ArgumentParser, figure: str) -> None:
    """``--figure`` and ``--json`` of the commands whose results :func:`_print_results` prints
    (``figure``: what the figure shows)."""
    p.add_argument("--figure", metavar="FILE", default=None,
                   help=f"write {figure} (.png, .svg or .pdf)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _check_figure(args: argparse.Namespace) -> None:
    """A ``--figure`` place that cannot be written is refused before any game."""
    if args.figure is not None:
        from simulator.outputs import check_output_file

        check_output_file(args.figure, "--figure")


def _print_results(args: argparse.Namespace, data: dict, text: str, make_figure,
                   partial: bool) -> int:
    """Write ``--figure``, then print the results (JSON or text) and, if the figure could
    not be written after all, its one-line error; the exit code (130 for partial results)."""
    figure_error = _write_figure(args.figure, make_figure) if args.figure else None
    print(json.dumps(data) if args.json else text)
    if figure_error:
        print(f"magenoir-sim: error: {figure_error}", file=sys.stderr)
        return 2
    return 130 if partial else 0


def _write_figure(path: str, make) -> str | None:
    """Write ``make()``'s figure in the format its suffix names (png, svg, pdf); the one-line
    error when the place cannot be written."""
    from simulator.figures import png_bytes
    from simulator.outputs import figure_format

    try:
        Path(path).write_bytes(png_bytes(make(), figure_format(path)))
    except OSError as err:  # the place changed during the runs: the results come first
        return f"--figure {path}: cannot write the figure ({err.strerror or err})"
    return None


def _add_doctor(sub: argparse._SubParsersAction) -> None:
    from simulator.deck_doctor import DEFAULT_BUDGET, DEFAULT_TOP

    p = sub.add_parser("doctor", help=_HELP["doctor"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Tries every legal swap of one copy of a deck card for one "
                                   "copy of a pool card. The swaps race on common seeds "
                                   "(successive halving: the worse half is dropped after each "
                                   "round, the rest play twice as many games); the few left "
                                   "are confirmed on fresh seeds, and their paired gains are "
                                   "reported with 95% intervals.",
                       epilog=_examples("magenoir-sim doctor fire-flames --scenario duke",
                                        "magenoir-sim doctor my-deck.txt --pool pool.txt "
                                        "--budget 300",
                                        "magenoir-sim doctor water-tides --elements water,air "
                                        "--json"))
    _game_options(p, 1, _ONE_DECK, _PLAYERS_SAME_DECK)
    p.add_argument("--pool", metavar="FILE", default=None,
                   help="cards that may come in, one per line as in a deck file (counts "
                        "ignored; default: the simulated cards of the deck's elements)")
    p.add_argument("--elements", default=None, metavar="E,E",
                   help="pool of the simulated cards of these elements (e.g. fire,air or "
                        "feu,air)")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help=f"time for the whole search (default {DEFAULT_BUDGET:g} s)")
    p.add_argument("--games", type=int, default=None,
                   help="a number of games for the whole search instead of a time: the same "
                        "answer for the same seed on any machine")
    p.add_argument("--top", type=int, default=DEFAULT_TOP,
                   help=f"swaps confirmed and shown (default {DEFAULT_TOP})")
    p.add_argument("--race", metavar="G,G,...", default=None,
                   help="play a race again as it was played, whatever the machine: each "
                        "round's games per swap, with --confirm (a doctor's JSON 'command' "
                        "gives both for a time budget's search)")
    p.add_argument("--confirm", metavar="SWAPSxGAMES", default=None,
                   help="with --race: the swaps confirmed and their games (e.g. 5x3000)")
    p.add_argument("--rounds", type=int, default=1, metavar="N",
                   help="apply the best swap whose confirmed gain is clearly above 0 and race "
                        "again, up to N rounds (each with the whole --budget or --games, on "
                        "its own seed: --seed, --seed + 1, ...); prints the path of decks "
                        "with their win rates (default 1: one race)")
    p.add_argument("--apply", metavar="FILE", default=None,
                   help="write the deck after the applied swaps to FILE, a deck file the "
                        "commands read back (never the input deck's own file)")
    _backend_options(p)
    _result_options(p, "the figure of the best swaps")
    p.set_defaults(handler=_cmd_doctor)


def _cmd_doctor(args: argparse.Namespace) -> int:
    from simulator.deck_doctor import DEFAULT_BUDGET, doctor, read_pool

    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    if args.pool and args.elements:
        raise UserError("give --pool or --elements, not both")
    if args.budget is not None and args.games is not None:
        raise UserError("give --budget (seconds) or --games, not both")
    race = None
    if (args.race is None) != (args.confirm is None):
        raise UserError("--race and --confirm go together (a search played again)")
    if args.race is not None:
        from simulator.deck_doctor import RacePlan

        if args.budget is not None or args.games is not None:
            raise UserError("--race plays a search again: give it without --budget or --games")
        if args.rounds > 1:
            raise UserError("--race plays one race again: give it without --rounds")
        race = RacePlan.parse(args.race, args.confirm, args.top)
    if args.rounds < 1:
        raise UserError(f"--rounds must be at least 1, not {args.rounds}")
    if args.apply is not None:
        from simulator.doctor_rounds import check_apply_target

        check_apply_target(args.apply, decks[0])
    pool = read_pool(args.pool, db) if args.pool is not None else None
    elements = _elements(args.elements) if args.elements is not None else None
    _check_figure(args)
    kwargs = {"level": args.level, "players": args.players, "pool": pool, "elements": elements,
              "games": args.games, "top": args.top, "bot": args.bot, "db": db,
              "budget": DEFAULT_BUDGET if args.budget is None else args.budget,
              "batch_size": args.batch_size, "progress": False if args.quiet else None,
              "options": options, "started": args.started, "race": race}
    try:
        with _open_backend(args, None) as backend:
            if args.rounds == 1 and args.apply is None:
                result = doctor(decks[0], scenario, seed=args.seed, backend=backend, **kwargs)
            else:
                return _doctor_rounds(args, decks[0], scenario, db, backend, kwargs)
    except KeyboardInterrupt:
        print("magenoir-sim: interrupted before the race's first round ended: no swap to show",
              file=sys.stderr)
        return 130
    data = result.to_dict()
    data["command"] = result.command(_pool_flags(args))
    text = result.format_text()
    if _rules_note(options):
        data["rule_options"] = options.as_dict()
        text += "\n" + _rules_note(options)
    text += _search_again(data["command"])
    return _print_results(args, data, text, result.figure, result.partial)


def _search_again(command: str | None) -> str:
    """The doctor's last text line: the command that plays the very same search again, or
    why there is none (an interrupted search, or rounds on a time budget: docs/methods.md)."""
    if command is None:
        return "\nthe same search again: none (interrupted, or rounds on a time budget: give --games)"
    return f"\nthe same search again: {command}"


def _doctor_rounds(args: argparse.Namespace, deck, scenario, db, backend, kwargs: dict) -> int:
    """``doctor --rounds N`` / ``--apply FILE``: the path of decks, and the last one written."""
    from simulator.doctor_rounds import improve, write_deck

    path = improve(deck, scenario, args.rounds, seed=args.seed, backend=backend, **kwargs)
    data = path.to_dict() if args.rounds > 1 else path.last.to_dict()
    data["command"] = path.command(args.rounds, _pool_flags(args))
    text = path.format_text(db) if args.rounds > 1 else path.last.format_text()
    if _rules_note(kwargs["options"]):
        data["rule_options"] = kwargs["options"].as_dict()
        text += "\n" + _rules_note(kwargs["options"])
    text += _search_again(data["command"])
    return _print_applied(args, data, text, lambda: write_deck(path, args.apply, db,
                                                               " ".join(args.decks)),
                          path.last.figure, path.partial)


def _print_applied(args: argparse.Namespace, data: dict, text: str, write, make_figure,
                   partial: bool) -> int:
    """With ``--apply FILE``, ``write()`` writes the deck there (its line goes under the
    text); then :func:`_print_results`. A place that can no longer be written is one error
    line after the results (exit 2): the searches' games are not lost to it."""
    error = None
    if args.apply:
        try:
            text += "\n" + write()
            data["applied_file"] = args.apply
        except OSError as err:  # the place changed during the search: the results come first
            error = f"--apply {args.apply}: cannot write the deck ({err.strerror or err})"
    status = _print_results(args, data, text, make_figure, partial)
    if error:
        print(f"magenoir-sim: error: {error}", file=sys.stderr)
        return 2
    return status


def _pool_flags(args: argparse.Namespace) -> list[str]:
    """The doctor's pool options as given, for the command that plays its search again."""
    if args.pool is not None:
        return ["--pool", args.pool]
    return ["--elements", args.elements] if args.elements is not None else []


def _elements(text: str) -> list[str]:
    """``fire,air`` (or ``feu,Air``: English or French, any case) as element names; a user
    error names the valid ones."""
    from simulator.cards import ELEMENTS
    from simulator.cards.listing import resolve_element

    names = [e.strip() for e in text.split(",") if e.strip()]
    elements, bad = [], []
    for name in names:
        try:
            elements.append(resolve_element(name))
        except UserError:
            bad.append(name)
    if bad or not names:
        raise UserError(f"--elements: unknown element {', '.join(bad) or repr(text)} "
                        f"(choose from {', '.join(ELEMENTS)}, in English or French)")
    return list(dict.fromkeys(elements))


def _add_build(sub: argparse._SubParsersAction) -> None:
    from simulator.deck_builder import DEFAULT_MINUTES, DEFAULT_POPULATION

    p = sub.add_parser("build", help=_HELP["build"],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Searches the legal decks made of the cards owned: starting "
                                   "decks (the example decks the collection can build, a draft "
                                   "per element and pair), then generations of one-card swaps "
                                   "raced on common seeds; the best few and the example decks "
                                   "are confirmed on fresh seeds at the end (docs/methods.md).",
                       epilog=_examples("magenoir-sim build --owned base --scenario duke",
                                        "magenoir-sim build my-cards.txt --scenario druidess "
                                        "--level hard --players 2 --budget 30 --apply best.txt",
                                        "magenoir-sim build --owned base,sand --games 2000000 "
                                        "--figure build.png --json"))
    _game_options(p, "?", "the cards owned: a file in the deck format, with counts (or "
                  "--owned)", _PLAYERS_SAME_DECK, decks_metavar="COLLECTION",
                  min_cards_help="the size of the decks built (default 40, the rules' minimum)")
    p.add_argument("--owned", default=None, metavar="BOX,BOX",
                   help="the boxes owned instead of a file: base and extensions (EN or FR "
                        "names, e.g. base,sand,ice); each card counted at its copy limit")
    p.add_argument("--budget", type=float, default=None, metavar="MINUTES",
                   help=f"time for the whole build (default {DEFAULT_MINUTES:g} minutes); "
                        "turned into a games budget at the start (printed)")
    p.add_argument("--games", type=int, default=None,
                   help="a number of games for the whole build instead of a time: the same "
                        "build for the same seed on any machine")
    p.add_argument("--confirm-games", type=int, default=None, metavar="N",
                   help="games each deck plays in the final confirmation (default: a quarter "
                        "of the budget)")
    p.add_argument("--population", type=int, default=DEFAULT_POPULATION,
                   help=f"decks each generation swaps from (default {DEFAULT_POPULATION})")
    p.add_argument("--generations", type=int, default=None, metavar="N",
                   help="at most N generations of swaps (default: as many as the budget "
                        "allows; a build the clock stopped prints its number in its replay "
                        "command)")
    p.add_argument("--apply", metavar="FILE", default=None,
                   help="write the best deck to FILE, with how it was found and the command "
                        "that checks it")
    _backend_options(p)
    _result_options(p, "the best win rate found against games played")
    p.set_defaults(handler=_cmd_build)


def _cmd_build(args: argparse.Namespace) -> int:
    from simulator.cards import load_cards
    from simulator.deck_builder import DEFAULT_MINUTES, build_deck, read_collection
    from simulator.outputs import check_output_file

    options = _rules(args)
    if args.budget is not None and args.games is not None:
        raise UserError("give --budget (minutes) or --games, not both")
    db = load_cards()
    collection = read_collection(args.decks, args.owned, db)
    _check_figure(args)
    if args.apply is not None:
        if args.decks and Path(args.apply).resolve() == Path(args.decks).resolve():
            raise UserError(f"--apply {args.apply}: is the collection file; give another file "
                            "name (the collection is left as it is)")
        check_output_file(args.apply, "--apply")
    try:
        with _open_backend(args, None) as backend:
            result = build_deck(collection, args.scenario, args.level, args.players,
                                minutes=DEFAULT_MINUTES if args.budget is None else args.budget,
                                games=args.games, confirm_games=args.confirm_games,
                                population=args.population, generations=args.generations,
                                seed=args.seed, bot=args.bot,
                                options=options, db=db, backend=backend,
                                batch_size=args.batch_size, size=args.min_cards,
                                progress=False if args.quiet else None)
    except KeyboardInterrupt:
        print("magenoir-sim: interrupted before the starting decks were measured: no deck to "
              "show", file=sys.stderr)
        return 130
    text = result.format_text()
    if _rules_note(options):
        text += "\n" + _rules_note(options)
    return _print_applied(args, result.to_dict(), text, lambda: result.write_deck(args.apply),
                          result.figure, result.partial)


def _add_replay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help=_HELP["replay"],
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_examples(
                           "magenoir-sim replay fire-flames --scenario duke --seed 1 --game 3"))
    _game_options(p, "+", "the run's decks", _PLAYERS_PER_DECK,
                  seed_help="the run's seed (default 1)")
    p.add_argument("--game", type=int, default=0, help="game index in the run (default 0)")
    p.add_argument("--outcome", choices=("win", "loss"), default=None, type=str.lower,
                   help="replay the first game of the run (from --game on) with this outcome")
    from simulator.duel_cli import add_replay_options  # --duel, --first, --bots

    add_replay_options(p)
    p.set_defaults(handler=_cmd_replay)


def _cmd_replay(args: argparse.Namespace) -> int:
    from simulator.engine.rules.errors import EngineError
    from simulator.replay import first_game_with, replay_game

    if args.duel:
        from simulator.duel_cli import replay_duel_game

        return replay_duel_game(args)
    if args.bots is not None:
        raise UserError("--bots is for a duel's seats (replay --duel)")
    options = _rules(args)
    db, decks, scenario = _load_inputs(args)
    if args.game < 0:
        raise UserError(f"--game must be 0 or more, not {args.game}")
    game = args.game
    if args.outcome:
        game = first_game_with(args.outcome, decks, scenario, level=args.level,
                               players=args.players, seed=args.seed, start=args.game,
                               bot=args.bot, db=db, options=options)
    try:
        text = replay_game(decks, scenario, level=args.level, players=args.players,
                           seed=args.seed, game=game, bot=args.bot, db=db, options=options)
    except EngineError as err:  # loud all the same, after the game up to the error
        print(getattr(err, "transcript", ""))
        raise
    print(text)
    return 0


def _add_bench(sub: argparse._SubParsersAction) -> None:
    from simulator.bench import BATCH, MEMORY_GAMES, RUN_GAMES, RUN_REPEATS, SECONDS

    p = sub.add_parser("bench", help=_HELP["bench"])
    p.add_argument("--quick", action="store_true", help="small counts everywhere (a smoke run)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--deck", action="append", metavar="DECK",
                   help="deck to measure (repeatable; default: the bundled example decks, whatever "
                        "the current folder holds)")
    p.add_argument("--seconds", type=float, default=None,
                   help=f"time budget per engine measurement (default {SECONDS:g}; quick 0.3)")
    p.add_argument("--batch", type=int, default=None,
                   help=f"games per call of the engine's batch loop (default {BATCH:,}; quick 200)")
    p.add_argument("--run-games", type=int, default=None,
                   help=f"games of the end-to-end run (default {RUN_GAMES})")
    p.add_argument("--run-repeats", type=int, default=None,
                   help=f"times the end-to-end run is timed, the median reported (default "
                        f"{RUN_REPEATS}; quick 1)")
    p.add_argument("--memory-games", type=int, default=None,
                   help=f"games of the peak-memory run (default {MEMORY_GAMES}; quick 1000)")
    p.add_argument("--cold", action="store_true",
                   help="also time a cold start: the whole engine compiled into an empty cache "
                        "directory (measured: 43 s to 45 s on a quiet 2-core machine, 82 s to 86 s of CPU; "
                        "67 s to 260 s when busy)")
    p.set_defaults(handler=_cmd_bench)


def _cmd_bench(args: argparse.Namespace) -> int:
    from simulator.bench import BenchConfig, main, quick_config

    for name in ("batch", "run_games", "run_repeats", "memory_games"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            raise UserError(f"--{name.replace('_', '-')} must be at least 1")
    if args.seconds is not None and args.seconds < 0:
        raise UserError(f"--seconds must be 0 or more, not {args.seconds:g}")
    overrides = {"decks": tuple(args.deck) if args.deck else None, "seconds": args.seconds,
                 "batch": args.batch, "run_games": args.run_games,
                 "run_repeats": args.run_repeats, "memory_games": args.memory_games,
                 "cold": args.cold or None}
    if args.quick:
        config = quick_config(**overrides)
    else:
        config = BenchConfig(**{k: v for k, v in overrides.items() if v is not None})
    return main(config, as_json=args.json)


def _duel_command(name: str):
    """The declaration of a duel command, in :mod:`simulator.duel_cli` (imported when used)."""
    def declare(sub: argparse._SubParsersAction) -> None:
        from simulator import duel_cli

        getattr(duel_cli, name)(sub)

    return declare


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``magenoir-sim run: error: ... (magenoir-sim run
    --help lists the options)``, exit code 2, instead of a usage block and the error."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help lists the options)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, only that sub-command's options are
    declared (none for ``""``), the others are named with their help (all ``magenoir-sim
    --help`` shows).

    Why: declaring a command's options imports what their defaults and help texts come from
    (the bots, the backends, the scenarios; for ``doctor`` and ``value`` the engine and numba,
    0.5 s), which ``validate`` or ``cards`` should not wait for."""
    parser = _Parser(
        prog="magenoir-sim",
        description="Monte Carlo deck tester for Mage Noir: solo & co-op against an Adversary, "
                    "and deck against deck.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="magenoir-sim COMMAND --help lists a command's options. To start:\n"
               "  magenoir-sim run fire-flames --games 1000     (an example deck vs the Duke)\n"
               "  magenoir-sim duel fire-flames water-tides     (deck against deck)\n"
               "  magenoir-sim validate my-deck.txt             (your own deck file)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    declare = {"cards": _add_cards, "card": _add_card, "validate": _add_validate, "scenarios": _add_scenarios,
               "run": _add_run, "replay": _add_replay, "compare": _add_compare,
               "value": _add_value, "doctor": _add_doctor, "build": _add_build,
               "bench": _add_bench,
               "duel": _duel_command("add_duel"), "gauntlet": _duel_command("add_gauntlet")}
    for name, help_text in _HELP.items():
        if command in (None, name):
            declare[name](sub)
        else:
            sub.add_parser(name, help=help_text)
    return parser


def _command_in(argv: list[str] | None) -> str:
    """The sub-command ``argv`` names (its first word not an option), "" if none is."""
    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    return words[0] if words and words[0] in _HELP else ""


def _rules(args: argparse.Namespace):
    """The command's rule options (``--rule``), checked before anything is played."""
    from simulator.rule_flags import parse_rules

    return parse_rules(args.rule)


def _rules_note(options) -> str | None:
    """The line a command prints under its results when a rule option is not its default."""
    from simulator.rule_flags import describe_changed

    changed = describe_changed(options)
    return f"rule options: {changed} (the others at their defaults)" if changed else None


@contextlib.contextmanager
def _interrupt_once():
    """The first Ctrl-C stops the games (KeyboardInterrupt); further ones are ignored while
    the command prints what it kept, so that no traceback of Python's shutdown follows. The
    previous handler is restored on the way out (``main`` may be called from a program)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)

    def first_only(signum, frame):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, first_only)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()  # a doctor's time budget counts from here
    with _interrupt_once():
        return _main(argv, started)


def _main(argv: list[str] | None, started: float) -> int:
    parser = build_parser(_command_in(argv))
    if not (sys.argv[1:] if argv is None else argv):  # the program alone: what it can do
        sys.stdout.write(parser.format_help())
        return 0
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # named with the sub-command they were given to, not the top level
        command = f"{parser.prog} {args.command}"
        print(f"{command}: error: unrecognized arguments: {' '.join(unknown)} ({command} --help "
              "lists the options)", file=sys.stderr)
        return 2
    args.started = started
    try:
        if hasattr(args, "rollouts") and getattr(args, "bots", None) is None:
            from simulator.bots import spec  # the bot travels as its spec: name and budget

            args.bot = spec(args.bot, args.rollouts)
        status = args.handler(args)
        sys.stdout.flush()  # a full disk shows here, not in Python's shutdown
        return status
    except UserError as err:
        print(f"magenoir-sim: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like other command-line tools.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as err:
        if err.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT) or err.filename:
            raise
        # Standard output cannot take the results (a full disk): one line, and the output
        # still buffered goes nowhere rather than into a second error at exit.
        import os

        print(f"magenoir-sim: error: cannot write the results to standard output "
              f"({err.strerror})", file=sys.stderr)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    except KeyboardInterrupt:
        print("magenoir-sim: interrupted", file=sys.stderr)
        return 130


def main_and_exit() -> None:
    """The ``magenoir-sim`` program (and ``python -m simulator.cli``): :func:`main`, then the
    process ends without tearing the interpreter down, when no thread of ours still runs.

    Why: freeing numba's and the loaded engine's objects one by one at exit costs 0.15-0.2 s
    of CPU, a fifth of a short run (docs/performance.md), for memory the system takes back at
    once. The exit handlers still run (a backend's clean-up, temporary files) and the output
    is flushed first; a thread of ours still alive half a second on (a worker of a pool not
    shut down) is left to Python's own exit, which waits for it.
    """
    import atexit
    import os
    import time

    status = main()
    deadline = time.monotonic() + 0.5
    for thread in threading.enumerate():  # the workers of a pool shut down, ending now
        if thread is not threading.main_thread() and not thread.daemon:
            thread.join(max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                sys.exit(status)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away (e.g. `| head`), as in _main
        status = 141
    os._exit(status)


if __name__ == "__main__":
    main_and_exit()
