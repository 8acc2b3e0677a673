"""The text ``magenoir-sim duel`` prints, from a duel's summary (:meth:`DuelResult.summary`).

One line per fact a player reads: each side's wins and losses with their 95% intervals, the
draws, the first player's advantage on its own line, the turns, the HP lost, what dealt the
last HP, and the command that plays the same games again.
"""

from __future__ import annotations

from simulator.bots import label as bot_label
from simulator.bots import note as bot_note
from simulator.rule_flags import describe_changed

MODE_NAMES = {"duel": "1 vs 1", "teams": "2 vs 2"}


def _rate(rate: float, ci) -> str:
    return f"{rate:.1%} (95% CI {ci[0]:.1%} to {ci[1]:.1%})"


def bots_text(summary: dict) -> str:
    """``bot planner``, or each deck's bot when the seats differ."""
    specs = [b for side in summary["bots"] for b in side]
    if len(set(specs)) == 1:
        return f"bot {bot_label(specs[0])}"
    decks = [d for side in summary["decks"] for d in side]
    return "bots " + ", ".join(f"{bot_label(b)} ({d})" for b, d in zip(specs, decks, strict=True))


def format_duel(s: dict) -> str:
    """The duel's lines (``s``: :meth:`simulator.duels.DuelResult.summary`)."""
    lines = []
    if s["partial"]:
        lines.append(f"PARTIAL RESULTS (interrupted): {s['games']:,} of {s['planned_games']:,} "
                     "planned games")
    a, b = s["sides"]
    lines.append(f"{a} vs {b} ({MODE_NAMES[s['mode']]}), {bots_text(s)}, seed {s['seed']}: "
                 f"{s['games']:,} games, {s['seeds']:,} seeds each played with either side first")
    width = max(len(a), len(b))
    for k, label in enumerate((a, b)):
        lines.append(f"  {label:<{width}}  wins {_rate(s['win_rate'][k], s['win_rate_ci'][k])}"
                     f"  losses {_rate(s['loss_rate'][k], s['loss_rate_ci'][k])}")
    lines.append(f"draws {s['draws']:,}: {_rate(s['draw_rate'], s['draw_rate_ci'])}; "
                 f"timeouts {s['timeouts']:,}")
    lines.append(f"first player wins {_rate(s['first_player_win_rate'], s['first_player_win_rate_ci'])}"
                 f" of the games, the second {s['second_player_win_rate']:.1%}")
    if s["median_turns"] is not None:
        turns = (f"median turns: {s['median_turns']:g} (95% CI {s['median_turns_ci'][0]:g} to "
                 f"{s['median_turns_ci'][1]:g})")
        wins = [f"{label} {turn:g}" for label, turn in zip((a, b), s["median_turn_of_victory"],
                                                             strict=True) if turn is not None]
        lines.append(turns + (f"; median turn of a win: {', '.join(wins)}" if wins else ""))
    lost = [f"{label} {mean:.1f} (95% CI {low:.1f} to {high:.1f})"
            for label, (mean, low, high) in zip((a, b), s["hp_lost"], strict=True)
            if mean is not None]
    if lost:
        lines.append("HP lost a game: " + ", ".join(lost))
    for label, hits in zip((a, b), s["last_hit"], strict=True):
        if hits:
            lines.append(f"last HP of {label} dealt by: "
                         + ", ".join(f"{h['card']} {h['share']:.0%}" for h in hits[:3]))
    if "precision" in s:
        info = s["precision"]
        lines.append(f"precision ±{info['target']:g} on {a}'s win rate: "
                     f"{'reached' if info['reached'] else 'NOT reached'}")
    changed = describe_changed(s["rule_options"])
    if changed:
        lines.append(f"rule options: {changed} (the others at their defaults)")
    notes = dict.fromkeys(bot_note(b) for side in s["bots"] for b in side)
    lines += [f"note: {n}" for n in notes if n]
    lines.append(f"the same games again: {s['command']}")
    return "\n".join(lines)
