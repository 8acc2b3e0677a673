"""Compiling and loading the engine: the ``njit`` decorator and the cache directories
(``jit``), the hubs called through an address (``late_bound``), cold and warm starts
(``warmup``)."""
