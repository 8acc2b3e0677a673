"""Card handlers: what the effect vocabulary cannot express, one module per extension.

A handler module holds the compiled functions of its extension's handler cards and declares
each handler name next to its code (:mod:`simulator.engine.handlers.declare`). The Base Game
is split by element (``base_game/air.py``, ``fire.py``, ``vegetal.py``, ``water.py``) to keep
each file a readable size; ``warrior_mage.py`` holds the Way of the Warrior-Mage's. Handlers use
the engine's primitives (state, zones, damage, board, decisions) and push further effects on
the chain; only the generated dispatcher (``engine/rules/dispatch.py``) knows them all.
"""
