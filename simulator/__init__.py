"""magenoir-sim: a Monte Carlo deck tester for Mage Noir's solo & co-op mode.

Data flows one way: files -> validated domain objects (cards, decks, scenarios) ->
compiled per-game engine run over a batch of games -> per-game result arrays -> pandas ->
statistics -> report.
"""

__version__ = "0.1.0"

__all__ = ["__version__", "simulate"]


def __getattr__(name: str):
    """``simulator.simulate`` is imported on first use, so ``import simulator`` stays light."""
    if name == "simulate":
        from simulator.run import simulate

        return simulate
    raise AttributeError(f"module 'simulator' has no attribute {name!r}")
