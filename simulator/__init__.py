"""magenoir-sim: a Monte Carlo deck tester for Mage Noir's solo & co-op mode.

Data flows one way: files -> validated domain objects (cards, decks, scenarios) ->
vectorised engine batches -> per-game result arrays -> pandas -> statistics -> report.
"""

__version__ = "0.1.0"
