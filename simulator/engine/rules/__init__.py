"""The rules as per-game compiled code: layout and state, primitives, op kernels, decisions, the
chain, the phases and the batch loop (see ``simulator/engine/__init__.py`` for the floors)."""
