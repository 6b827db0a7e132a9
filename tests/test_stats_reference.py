"""The batch statistics are written by hand (timedcombat/stats.py, no NumPy or SciPy at
run time); here they are compared with SciPy's (issue 23): the Wilson score interval with
``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")`` (no continuity
correction), the normal quantile with ``scipy.stats.norm.ppf``, and the quantiles with
``scipy.stats.scoreatpercentile(..., interpolation_method="fraction")`` and NumPy's
default ``numpy.quantile`` (linear between closest ranks)."""

from __future__ import annotations

import random

import pytest

from timedcombat.stats import Z95, quantile, wilson

scipy_stats = pytest.importorskip("scipy.stats")  # in the test extra
np = pytest.importorskip("numpy")


def _scipy_wilson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    ci = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return float(ci.low), float(ci.high)


def test_z95_is_scipy_s_normal_quantile():
    reference = float(scipy_stats.norm.ppf(0.975))
    assert abs(Z95 - reference) <= 1e-15


@pytest.mark.parametrize("n", [*range(1, 41), 99, 100, 101, 1000, 2000, 12345, 10**6])
def test_wilson_is_scipy_s_for_every_count(n):
    counts = range(n + 1) if n <= 101 else sorted({0, 1, 2, n // 3, n // 2, n - 1, n})
    for k in counts:
        assert wilson(k, n) == pytest.approx(_scipy_wilson(k, n), rel=1e-12, abs=1e-15), (k, n)


@pytest.mark.parametrize("level", [0.5, 0.8, 0.9, 0.99, 0.999])
def test_wilson_at_other_levels_is_scipy_s(level):
    z = float(scipy_stats.norm.ppf(1 - (1 - level) / 2))
    for k, n in [(0, 5), (1, 5), (4, 5), (5, 5), (17, 60), (333, 1000)]:
        assert wilson(k, n, z) == pytest.approx(_scipy_wilson(k, n, level), rel=1e-12,
                                                abs=1e-15), (k, n, level)


def _samples() -> list[list[float]]:
    rng = random.Random(23)
    out: list[list[float]] = [[7], [3, 3], [1, 2], [40, 10, 30, 20, 50]]
    for size in (2, 3, 4, 5, 7, 10, 11, 50, 101, 1000):
        out.append([rng.randint(0, 600) for _ in range(size)])  # durations: whole tenths
        out.append([rng.uniform(-5, 5) for _ in range(size)])
    return out


@pytest.mark.parametrize("q", [0, 0.5, 1, 10, 25, 33.3, 50, 66.7, 75, 90, 99, 100])
def test_quantile_is_scipy_s_and_numpy_s(q):
    for values in _samples():
        got = quantile(values, q)
        assert got == pytest.approx(float(scipy_stats.scoreatpercentile(
            values, q, interpolation_method="fraction")), rel=1e-12, abs=1e-12), (values, q)
        assert got == pytest.approx(float(np.quantile(values, q / 100)), rel=1e-12, abs=1e-12)
