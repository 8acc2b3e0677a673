"""count_product: the float64 BLAS product gives exactly the integer product."""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.int_products import count_product


def test_count_product_equals_the_integer_product_for_counts_costs_and_flags():
    rng = np.random.default_rng(3)
    counts = rng.integers(0, 41, (500, 28)).astype(np.int16)  # copies in hand or discard
    costs = rng.integers(0, 12, (28, 6)).astype(np.int32)
    flags = rng.random((28, 6)) < 0.3
    wanted = rng.random((500, 28)) < 0.5
    product = count_product(counts, costs)
    assert product.dtype == np.float64 and product.shape == (500, 6)
    assert np.array_equal(product, counts.astype(np.int64) @ costs.astype(np.int64))
    assert np.array_equal(count_product(counts, flags), counts.astype(np.int64) @ flags.astype(np.int64))
    assert np.array_equal(count_product(wanted, costs), wanted.astype(np.int64) @ costs.astype(np.int64))
