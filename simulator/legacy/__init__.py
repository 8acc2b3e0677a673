"""The numpy engine (masks over a batch of games), kept as a differential oracle.

The compiled per-game engine (:mod:`simulator.legacy.engine`) replaces it; this package is
deleted once the parity check (``scripts/parity.py``) holds.
"""
