"""magenoir-sim: a Monte Carlo deck tester for Mage Noir's solo & co-op mode.

Data flows one way: files -> validated domain objects (cards, decks, scenarios) ->
compiled per-game engine run over a batch of games -> per-game result arrays -> pandas ->
statistics -> report.
"""

__version__ = "0.1.0"

__all__ = ["__version__", "build_deck", "card_values", "doctor", "duel", "gauntlet", "simulate",
           "simulate_all"]

_LAZY = {"simulate": "simulator.run", "simulate_all": "simulator.sweep",
         "card_values": "simulator.value", "doctor": "simulator.deck_doctor",
         "build_deck": "simulator.deck_builder", "duel": "simulator.duels",
         "gauntlet": "simulator.gauntlets"}


def __getattr__(name: str):
    """``simulator.simulate`` (and ``simulate_all``, ``card_values``, ``doctor``, ``build_deck``,
    ``duel``, ``gauntlet``) are imported on first use, so ``import simulator`` stays light."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simulator' has no attribute {name!r}")
