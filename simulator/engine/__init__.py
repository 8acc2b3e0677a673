"""The rules engine: per-game code compiled with numba, run over a batch of games.

Four floors, imports running down and sideways only (docs/engine.md, "The engine's floors"):

- ``rules/``: the rules of Mage Noir as per-game compiled code: the records' layout, state,
  zones, Mana, damage, components and readiness (primitives), the op kernels, the decision
  gateway, the chain and its generated dispatcher, the phases and the batch loop (``game``);
- ``handlers/``: the cards the effect vocabulary cannot express, one module per extension,
  each handler declared next to its code (the dispatcher and ids are generated from them);
- ``compiler/``: how that code is compiled and loaded: the decorator and cache directories
  (``jit``), the functions called through an address (``late_bound``), cold and warm starts
  (``warmup``);
- ``host/``: the Python side: tables built from the card data (``tables``), a batch played
  and its results read (``batch``), transcripts (``transcript``), and the single-action
  commands with their Python driver for tests and positions (``commands``, ``api``).

The engine imports nothing from the bots: the caller hands it a bot of
``simulator.bots.registry``.
"""
