"""The text ``magenoir-sim gauntlet`` prints, from a gauntlet's dict
(:meth:`simulator.gauntlets.GauntletResult.to_dict`): the table of one deck against a field, or
a round robin's matrix and ranking, and the command that plays the same games again."""

from __future__ import annotations

from simulator.bots import label as bot_label
from simulator.rule_flags import describe_changed


def _rate(rate: float, ci) -> str:
    return f"{rate:6.1%} (95% CI {ci[0]:.1%} to {ci[1]:.1%})"


def _header(d: dict) -> list[str]:
    lines = []
    if d["partial"]:
        lines.append(f"PARTIAL RESULTS (interrupted): {d['games']:,} of {d['planned_games']:,} "
                     "planned games, the seeds every pairing finished")
    field = d["folder"] or "the example decks"
    what = (f"round robin of {len(d['decks'])} decks ({field})" if d["kind"] == "round_robin"
            else f"{d['deck']} against {len(d['rows'])} decks ({field})")
    lines.append(f"{what}, bot {bot_label(d['bot'])}, seed {d['seed']}: "
                 f"{d['games_a_pairing']:,} games a pairing, each seed with either deck first")
    return lines


def _cell(rate, ci) -> str:
    """``61±3``: a win rate in % and the larger side of its 95% interval."""
    if rate is None:
        return "-"
    return f"{100 * rate:.0f}±{100 * max(rate - ci[0], ci[1] - rate):.0f}"


def format_gauntlet(d: dict) -> str:
    lines = _header(d)
    if d["kind"] == "gauntlet":
        width = max(len(r["opponent"]) for r in d["rows"])
        for r in d["rows"]:
            lines.append(f"  vs {r['opponent']:<{width}}  wins {_rate(r['win_rate'], r['win_rate_ci'])}"
                         f"  draws {r['draw_rate']:.1%}")
        f = d["against_field"]
        lines.append(f"against the field: wins {_rate(f['win_rate'], f['win_rate_ci']).strip()}")
    else:
        names = d["decks"]
        width = max(len(n) for n in names) + 4
        cells = [[_cell(r, ci) for r, ci in zip(row, row_ci, strict=True)]
                 for row, row_ci in zip(d["matrix"], d["matrix_ci"], strict=True)]
        col = max(6, *(len(c) for row in cells for c in row)) + 1
        lines.append("win rate of the row's deck against the column's, in % (± the larger side "
                     "of its 95% interval):")
        lines.append(" " * width + "".join(f"{k + 1:>{col}}" for k in range(len(names))))
        for k, (name, row) in enumerate(zip(names, cells, strict=True)):
            lines.append(f"{k + 1:>2}. {name:<{width - 4}}" + "".join(f"{c:>{col}}" for c in row))
        lines.append("ranking, by win rate against the others:")
        rank_width = max(len(n) for n in names)
        for k, r in enumerate(d["ranking"], 1):
            lines.append(f"  {k:>2}. {r['deck']:<{rank_width}}  {_rate(r['win_rate'], r['win_rate_ci'])}"
                         f"  best vs {r['best']} {r['best_win_rate']:.0%}, worst vs {r['worst']} "
                         f"{r['worst_win_rate']:.0%}")
    changed = describe_changed(d["rule_options"])
    if changed:
        lines.append(f"rule options: {changed} (the others at their defaults)")
    lines.append(f"the same games again: {d['command']}")
    return "\n".join(lines)
