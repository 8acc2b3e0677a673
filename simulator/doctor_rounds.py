"""The doctor goes on: apply the best confirmed swap, race again, round after round.

Why a swap is applied only when its confirmed gain is clearly above 0: the race picks its
winners on games that went well (the winner's curse); the confirmation block, on seeds the
race never used, is the honest measure, and a swap whose interval there reaches 0 is not
known to help. The path stops at the first round with no such swap.

Why each round uses its own seed (``seed + round - 1``): the deck of round ``k + 1`` was
chosen on round ``k``'s games, so measuring it again on those games would flatter it. On
fresh seeds, each deck's win rate in the path is the confirmation block's measure of that
deck before the round's own swap, untouched by the choices that led to it; the last deck's
rate is the previous deck's plus the confirmed gain of the swap that made it.

Each round is one :func:`simulator.deck_doctor.doctor` call with the same budget (seconds or
games); ``--apply FILE`` writes the last deck as a deck file the tool reads back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from simulator import deck_doctor
from simulator.bots import label as bot_label
from simulator.deck_doctor import DoctorResult, Swap, swapped_deck
from simulator.decks import Deck
from simulator.errors import UserError
from simulator.formatting import format_rate


@dataclass
class Step:
    """One round: the deck it started from, its win rate, the swap applied (None: stop)."""

    round: int
    seed: int
    deck: Deck
    win_rate: float                      # the deck's rate on the round's confirmation games
    win_rate_ci: tuple[float, float]
    result: DoctorResult
    applied: str | None = None           # the swap's label when it was applied
    swap: Swap | None = None             # ... and the swap itself
    gain: float | None = None
    gain_ci: tuple[float, float] | None = None


@dataclass
class DoctorPath:
    """Rounds of the doctor, each applying its best confirmed swap to the deck."""

    steps: list[Step]
    final: Deck                          # the deck after every applied swap
    stopped: str                         # why the path ended
    partial: bool = False
    settings: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        return (f"<DoctorPath: {len(self.steps)} round(s), {self.applied} swap(s) applied, "
                f"{self.stopped}>")

    @property
    def applied(self) -> int:
        return sum(step.applied is not None for step in self.steps)

    @property
    def last(self) -> DoctorResult:
        return self.steps[-1].result

    def final_win_rate(self) -> float:
        """The last deck's rate: its own measure when a round started from it, else the
        previous deck's plus the confirmed gain of the swap that made it."""
        step = self.steps[-1]
        return step.win_rate + (step.gain or 0.0)

    def command(self, rounds: int, extra: list[str]) -> str | None:
        """The command line that plays this path again: a games budget's search, round after
        round (a time budget's rounds each race as far as that machine's speed allowed, so
        only the first round's own command plays it again); ``extra``: the pool's options.
        None for an interrupted path."""
        first = self.steps[0].result if self.steps else None
        if first is None or self.partial:
            return None
        if rounds == 1 or not first.games_budget:
            return first.command(extra) if rounds == 1 else None
        return first.command([*extra, "--rounds", str(rounds)])

    def to_dict(self) -> dict:
        return {"rounds": [{"round": s.round, "seed": s.seed, "deck": s.deck.name,
                            "win_rate": s.win_rate, "win_rate_ci": list(s.win_rate_ci),
                            "applied": s.applied, "gain": s.gain,
                            "gain_ci": list(s.gain_ci) if s.gain_ci else None,
                            "doctor": {**s.result.to_dict(), "command": None}}
                           for s in self.steps],
                "applied": self.applied, "stopped": self.stopped, "partial": self.partial,
                "final_deck": self.final.as_dict(),
                "final_win_rate": self.final_win_rate()}

    def format_text(self, db) -> str:
        lines = ["PARTIAL RESULTS (interrupted)"] if self.partial else []
        for step in self.steps:
            last = step is self.steps[-1]
            lines += [f"== round {step.round} (seed {step.seed})",
                      _round_text(step.result.format_text(), footer=last), ""]
        lines.append("path of decks (win rate on each round's confirmation games, 95% CI):")
        for step in self.steps:
            low, high = step.win_rate_ci
            lines.append(f"  round {step.round}: {format_rate(step.win_rate, low, high)}"
                         + (f", then {step.applied}: {100 * step.gain:+.2f} pp (95% CI "
                            f"{100 * step.gain_ci[0]:+.2f} to {100 * step.gain_ci[1]:+.2f})"
                            if step.applied else ""))
        if self.applied:
            lines.append(f"  final deck: {self.final_win_rate():.1%} (the last deck measured "
                         "plus the confirmed gain of its swap)")
        lines.append(f"stopped: {self.stopped}")
        if self.applied:
            lines += ["", f"deck after {self.applied} swap(s):"]
            lines += [f"{count} {db.by_id[cid].name_en}" for cid, count in self.final.as_dict().items()]
        return "\n".join(lines)


def _round_text(text: str, footer: bool) -> str:
    """A round's doctor text without its "deck with the best swap" list (the path ends with
    the deck that matters) and, but for the last round, without the explaining footer."""
    kept, skipping = [], False
    for line in text.splitlines():
        if line.startswith("deck with the best swap"):
            skipping = True
        elif skipping and not line:
            skipping = False
            continue
        if skipping or (not footer and line.startswith(("gain: win rate", "It depends on"))):
            continue
        kept.append(line)
    return "\n".join(kept).rstrip()


def best_confirmed(result: DoctorResult):
    """The best swap whose gain, confirmed on fresh seeds, is clearly above 0; else None."""
    if not result.best or not result.confirmed or result.partial:
        return None
    top = result.best[0]
    return top if top.confirmed and top.significant and top.gain > 0 else None


def improve(deck: Deck, scenario, rounds: int, seed: int = 1, on_round=None,
            **doctor_kwargs) -> DoctorPath:
    """Up to ``rounds`` rounds of :func:`~simulator.deck_doctor.doctor`, each on the deck the
    previous one improved (``doctor_kwargs``: its other arguments, the same each round).
    ``on_round(step)`` is called after each round. A Ctrl-C ends the path after the rounds
    finished (an interrupted round is shown, its swap never applied)."""
    from simulator.stats import wilson_interval

    if rounds < 1:
        raise UserError(f"--rounds must be at least 1, not {rounds}")
    steps: list[Step] = []
    current = deck
    stopped = f"{rounds} round(s) done"
    partial = False
    started = doctor_kwargs.pop("started", None)  # the first round's clock: the command's
    for k in range(1, rounds + 1):
        round_seed = seed + k - 1
        try:
            result = deck_doctor.doctor(current, scenario, seed=round_seed,
                                        started=started if k == 1 else None, **doctor_kwargs)
        except KeyboardInterrupt:
            if not steps:
                raise
            partial, stopped = True, f"interrupted before round {k} had a swap to show"
            break
        low, high = wilson_interval(result.base_wins, result.base_games)
        step = Step(k, round_seed, current, result.base_wins / max(1, result.base_games),
                    (low, high), result)
        steps.append(step)
        if result.partial:
            partial, stopped = True, f"interrupted in round {k} (its swap is not applied)"
            break
        swap = best_confirmed(result)
        if swap is None:
            stopped = f"round {k} found no swap whose confirmed gain is clearly above 0"
            break
        step.applied, step.swap = swap.label, swap.swap
        step.gain, step.gain_ci = swap.gain, (swap.low, swap.high)
        current = swapped_deck(current, swap.swap)
        if on_round is not None:
            on_round(step)
    final = current
    settings = dict(steps[0].result.settings) if steps else {}
    return DoctorPath(steps, final, stopped, partial, settings)


def deck_text(deck: Deck, db, header: list[str], toml: bool = False) -> str:
    """``deck`` as a text decklist (``COUNT Name`` lines, in the deck's card order, which
    keeps later comparisons with the input deck paired closely) under ``#`` comment lines;
    or, ``toml``, as a TOML deck's ``[cards]`` table."""
    lines = [f"# {line}" for line in header] + (["[cards]"] if toml else [])
    for cid, count in deck.as_dict().items():
        name = db.by_id[cid].name_en
        lines.append(f'"{name}" = {count}' if toml else f"{count} {name}")
    return "\n".join(lines) + "\n"


def _kept_as_written(path: DoctorPath, db, header: list[str], target: str) -> str | None:
    """The input deck's own file with only the applied swaps' lines changed, under the
    ``header`` comment lines (:mod:`simulator.deck_edit`: its names, language, count style
    and comments kept); None when the input is no file, or its layout defeats the rewrite
    (then a plain list is written)."""
    from simulator.deck_edit import swapped_deck_text
    from simulator.decks import _parse_text, _parse_toml, find_deck

    first = path.steps[0].deck if path.steps else None
    if first is None or not first.path:
        return None
    source = find_deck(first.path)
    toml = source.suffix.lower() == ".toml"
    if toml != (Path(target).suffix.lower() == ".toml"):  # another format: a plain list
        return None
    try:
        text = source.read_text(encoding="utf-8-sig")
        rewritten = swapped_deck_text(text, [(s.swap.out, s.swap.into) for s in path.steps
                                             if s.swap is not None], db, toml=toml)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    entries = (_parse_toml(rewritten, db)[1] if toml else _parse_text(rewritten, db)[0])
    counts: dict[str, int] = {}
    for _, card, count in entries:
        counts[card.id] = counts.get(card.id, 0) + count
    if counts != {cid: n for cid, n in path.final.as_dict().items() if n > 0}:
        return None
    return "\n".join(f"# {line}" for line in header) + "\n" + rewritten  # TOML comments too


def write_deck(path: DoctorPath, target: str, db, source: str) -> str:
    """Write the path's last deck to ``target`` (a text decklist saying where it comes from);
    the line to print about it. ``source``: the input deck as the user named it."""
    s = path.settings
    header = [f"{Path(target).stem}: {source} improved by magenoir-sim doctor, "
              f"{len(path.steps)} round(s) against {s.get('scenario')} ({s.get('level')}), "
              f"bot {bot_label(s.get('bot'))}"]
    applied = [st for st in path.steps if st.applied]
    header += [f"round {st.round} (seed {st.seed}): {st.applied}, confirmed gain "
               f"{100 * st.gain:+.2f} pp (95% CI {100 * st.gain_ci[0]:+.2f} to "
               f"{100 * st.gain_ci[1]:+.2f})" for st in applied]
    if not applied:
        header.append("no swap applied (none had a confirmed gain clearly above 0): the "
                      "input deck's cards")
    text = (_kept_as_written(path, db, header, target)
            or deck_text(path.final, db, header, toml=Path(target).suffix.lower() == ".toml"))
    Path(target).write_text(text, encoding="utf-8")
    if not applied:
        return f"wrote {target}: the input deck unchanged (no swap had a confirmed gain)"
    return (f"wrote {target}: the deck after {len(applied)} swap(s) "
            f"(magenoir-sim compare {source} {target} plays the two side by side)")


def check_apply_target(path: str, deck: Deck) -> None:
    """``--apply FILE`` must be a new place for the deck: never the input deck file itself
    (the player's own build is kept; compare the two with ``magenoir-sim compare``)."""
    from simulator.outputs import check_output_file

    target = Path(path)
    if deck.path and target.exists() and target.resolve() == Path(deck.path).resolve():
        raise UserError(f"--apply {path}: is the input deck; give another file name (the "
                        "input deck is left as it is)")
    check_output_file(path, "--apply")
