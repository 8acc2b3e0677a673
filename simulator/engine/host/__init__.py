"""The engine's Python side: tables from the card data, playing a batch and reading its
results, transcripts, and the single-action commands with the test driver (``api``)."""
