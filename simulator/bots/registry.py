"""Every bot, declared once: its name, the module holding its policy, whether it needs the
per-card features, and whether ``--bot`` offers it.

Why one registry: a bot used to be named in two lists, dispatched by id in a compiled
if/elif, and its fields declared in the engine's records. Here an entry is the whole bot as
the rest of the program sees it. Its module's ``choose`` is a separately compiled root with
the signature of the engine's late-bound choose hub (``simulator.engine.compiler.late_bound.CHOOSE_ARGS``):
the run hands the engine this function and the bot's records (:meth:`Bot.records`), and the
engine calls it through its address, so a bot is never compiled into the rules and the rules
import nothing from here. Its module's ``FIELDS`` (if any) are its fields in the bot record
(:mod:`simulator.bots.record`).

Importing this module compiles nothing and loads no bot module: the command line reads the
names; a bot's module is imported when the bot is first played.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Bot:
    """One bot: what the run hands the engine to play with."""

    name: str
    module: str             # its policy: ``choose`` (compiled) and, if it keeps any, ``FIELDS``
    features: bool = True   # it scores with the per-card features (features.py)
    listed: bool = True     # offered by ``--bot`` (else: for tests)
    rollouts: int = 0       # a bot that looks ahead: its rollouts per option tried (``--rollouts``)
    tuned: bool = False     # it plays the planner's tuned knobs (``knobs.PLANNER``)
    #: its score constants (``knobs.KNOBS`` order), None: its own (``tuned``). Why a field: a script
    #: plays candidate constants (``scripts/tune_planner.py``) without compiling again, e.g.
    #: ``dataclasses.replace(bots.get("planner"), knobs=knobs.values({"act_bar": 2.0}))``.
    knobs: tuple[float, ...] | None = None

    @property
    def policy(self):
        return importlib.import_module(self.module)

    @property
    def choose(self):
        """Its compiled choose function: ``(st, tb, wk, kind, player) -> option index``."""
        return self.policy.choose

    @property
    def fields(self) -> list[tuple]:
        return getattr(self.policy, "FIELDS", [])

    def records(self, lanes: int, tables, info):
        """(lanes,) bot records for a batch of ``tables`` (its (1,) tables record) and
        ``info`` (its :class:`~simulator.engine.host.tables.BatchInfo`): the features of its
        cards, its knobs (before the look-ahead copies the record for its rollouts), the
        scratch zeroed."""
        import numpy as np

        from simulator.bots import features, knobs
        from simulator.bots.record import new_records

        records = new_records(lanes)
        own = knobs.PLANNER if self.tuned else knobs.DEFAULTS
        records["knobs"] = own if self.knobs is None else np.asarray(self.knobs)
        if self.features:
            features.fill_features(records[0], tables[0], info.effects, info.n_player_cards)
            records[1:] = records[0]
        if self.rollouts:  # its rollouts' own records and buffers, and its budget
            records = self.policy.prepare_records(records, self.rollouts, tables)
        return records

    @property
    def label(self) -> str:
        """How a run names its bot: the name, and the budget of a bot that looks ahead."""
        if not self.rollouts:
            return self.name
        return f"{self.name} ({self.rollouts} rollout{'s' if self.rollouts > 1 else ''} per option)"

    @property
    def chunk_cap(self) -> int | None:
        """Most games in a chunk a run splits itself (None: the engine's own cap): a bot that
        looks ahead plays each game a hundred times slower, so its chunks are made small
        enough to end within a second or two and move the progress bar."""
        return max(4, 256 // self.rollouts) if self.rollouts else None

    @property
    def spec(self) -> str:
        """The name :func:`simulator.bots.get` resolves to this very bot: the name, with
        ``:N`` for a look-ahead budget other than its default."""
        if self.rollouts and self.rollouts != BY_NAME[self.name].rollouts:
            return f"{self.name}:{self.rollouts}"
        return self.name

    def fix_answers(self, record, answers: dict[int, int | list[int]]) -> None:
        """Write the answers a test fixes into one game's record (the scripted bot only)."""
        self.policy.fix_answers(record, answers)


#: The look-ahead's default rollouts per option: the budget chosen from its strength-versus-
#: cost curve (docs/bots.md, "The look-ahead").
LOOKAHEAD_ROLLOUTS = 4

REGISTRY: tuple[Bot, ...] = (
    Bot("random", "simulator.bots.random_bot", features=False),
    Bot("greedy", "simulator.bots.greedy"),
    Bot("planner", "simulator.bots.planner", tuned=True),
    Bot("lookahead", "simulator.bots.lookahead", rollouts=LOOKAHEAD_ROLLOUTS, tuned=True),
    Bot("base", "simulator.bots.base", listed=False),
    Bot("scripted", "simulator.bots.scripted", listed=False),
)
BY_NAME = {bot.name: bot for bot in REGISTRY}
LISTED = tuple(bot.name for bot in REGISTRY if bot.listed)


def record_fields() -> list[tuple]:
    """The bot record's layout: the features, then every bot's own fields."""
    from simulator.bots.features import FIELDS

    return FIELDS + [f for bot in REGISTRY for f in bot.fields]
