"""The rules engine: per-game code compiled with numba, run over a batch of games.

Layers, imports running one way: ``layout`` (capacities, codes, record dtypes) and ``jit``;
primitives (``rng``, ``log``, ``errors``, ``frames``, ``board``, ``mana``, ``zones``,
``damage``, ``components``, ``readiness``, ``targets``, ``abilities``) import nothing above
them; op kernels (``ops``) and card handlers (``handlers/``, one module per extension) use
primitives and put further effects on the game's chain; ``chain`` resolves it through
``dispatch`` (generated with ``handler_ids`` from the declarations); top-level actions
(``actions``, ``turns``, ``adversary``) call the chain; ``game`` plays whole games and
batches. ``batch`` is the Python entry point that builds tables and states and reads results.
"""
