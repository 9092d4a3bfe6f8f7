"""The statistics of the reports, in plain Python (no SciPy needed).

- Wilson score intervals for rates (clustered, for several trials per game),
  and for every printed interval of a rate;
- two-proportion z-tests for rates of two runs, with Newcombe's interval of
  the difference (from the two Wilson intervals);
- Mann–Whitney U tests (normal approximation, tie-corrected) and Welch
  intervals for numbers of two runs;
- a chi-square goodness-of-fit test for seat balance;
- Holm's step-down adjustment, since a comparison runs many tests at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z.

    >>> round(normal_sf(1.959963984540054), 4)
    0.025
    """
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / n`` (95% by default);
    ``n`` may be an effective, fractional sample size (:func:`clustered_wilson`).

    >>> lo, hi = wilson(50, 100); round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(10, 10)[1], wilson(0, 10)[0]
    (1.0, 0.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exact ends, not 1 - 1e-16
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Test:
    """The result of a two-sample test: B − A, its 95% interval and the p-value."""

    name: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    statistic: float
    p: float


def two_proportions(k1: float, n1: int, k2: float, n2: int) -> Test:
    """Two-sided z-test of two rates (pooled variance), with Newcombe's
    interval of the difference ``k2/n2 - k1/n1`` (his method 10: built from
    the two rates' Wilson intervals, so it stays within ±1 and is not
    zero-width when a rate is 0 or 1). Counts may be fractional (shared wins).

    >>> t = two_proportions(50, 100, 70, 100); round(t.diff, 2), t.p < 0.01
    (0.2, True)
    >>> round(t.low, 3), round(t.high, 3)
    (0.064, 0.326)
    """
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    diff = p2 - p1
    if n1 == 0 or n2 == 0:
        return Test("two-proportion z", p1, p2, diff, -1.0, 1.0, 0.0, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se0 == 0:
        z, p = 0.0, 1.0
    else:
        z = diff / se0
        p = min(1.0, 2 * normal_sf(abs(z)))
    lo1, hi1 = wilson(k1, n1)
    lo2, hi2 = wilson(k2, n2)
    low = diff - math.sqrt((p2 - lo2) ** 2 + (hi1 - p1) ** 2)
    high = diff + math.sqrt((hi2 - p2) ** 2 + (p1 - lo1) ** 2)
    return Test("two-proportion z", p1, p2, diff, low, high, z, p)


def _ranks(values: Sequence[float]) -> tuple[list[float], float]:
    """Mid-ranks (1-based) and the tie term sum(t^3 - t)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties = 0.0
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        mid = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[order[k]] = mid
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    return ranks, ties


def mean(values: Sequence[float]) -> float:
    """The mean (0 for no values)."""
    return sum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """The sample variance (0 for fewer than two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / (n - 1)


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> Test:
    """Two-sided Mann–Whitney U test of ``b`` against ``a`` (normal approximation
    with tie correction and continuity correction), reported with the difference
    of means and its Welch 95% interval.

    >>> mann_whitney([1, 2, 3, 4, 5] * 20, [3, 4, 5, 6, 7] * 20).p < 0.001
    True
    >>> mann_whitney([1, 2, 3] * 10, [1, 2, 3] * 10).p
    1.0
    """
    n1, n2 = len(a), len(b)
    m1, m2 = mean(a), mean(b)
    diff = m2 - m1
    se = math.sqrt(variance(a) / n1 + variance(b) / n2) if n1 and n2 else 0.0
    low, high = diff - Z95 * se, diff + Z95 * se
    if n1 == 0 or n2 == 0:
        return Test("Mann-Whitney U", m1, m2, diff, low, high, 0.0, 1.0)
    ranks, ties = _ranks([*a, *b])
    r2 = sum(ranks[n1:])
    u2 = r2 - n2 * (n2 + 1) / 2
    mu = n1 * n2 / 2
    n = n1 + n2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:
        return Test("Mann-Whitney U", m1, m2, diff, low, high, u2, 1.0)
    z = (abs(u2 - mu) - 0.5) / math.sqrt(var)
    p = 1.0 if z <= 0 else min(1.0, 2 * normal_sf(z))
    return Test("Mann-Whitney U", m1, m2, diff, low, high, u2, p)


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        # series for P(a, x)
        term = 1.0 / a
        total = term
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    # continued fraction for Q(a, x) (modified Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square variable with ``df`` degrees of freedom.

    >>> round(chi2_sf(3.841458820694124, 1), 4)
    0.05
    >>> round(chi2_sf(7.814727903251178, 3), 4)
    0.05
    """
    if df <= 0:
        return 1.0
    return _gamma_q(df / 2, x / 2)


def chi_square_uniform(counts: Sequence[float]) -> tuple[float, int, float]:
    """Goodness of fit of ``counts`` to equal shares: ``(chi2, df, p)``. Counts
    may be fractional (wins shared by k winners counted 1/k each).

    >>> chi_square_uniform([25, 25, 25, 25])
    (0.0, 3, 1.0)
    """
    total = sum(counts)
    k = len(counts)
    if total == 0 or k < 2:
        return 0.0, max(0, k - 1), 1.0
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, k - 1, chi2_sf(stat, k - 1)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (same order as given).

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean with a normal-approximation 95% interval."""
    m = mean(values)
    if len(values) < 2:
        return m, m, m
    half = Z95 * math.sqrt(variance(values) / len(values))
    return m, m - half, m + half


def clustered_wilson(clusters: Sequence[tuple[float, int]], z: float = Z95) -> tuple[float, float]:
    """A Wilson interval of the rate ``sum(y) / sum(m)`` over clusters ``(y, m)``
    (``y`` successes in ``m`` trials, e.g. a bot's wins in its ``m`` seats of
    one game): the Wilson interval at the *effective* sample size
    ``p(1 - p) / var``, with ``var`` the cluster-robust (ratio-estimator)
    variance. With one trial per cluster it is about the plain Wilson interval;
    trials that move together in a cluster widen it.

    >>> lo, hi = clustered_wilson([(1.0, 1)] * 50 + [(0.0, 1)] * 50)
    >>> round(lo, 2), round(hi, 2)
    (0.4, 0.6)
    >>> lo2, hi2 = clustered_wilson([(2.0, 2)] * 50 + [(0.0, 2)] * 50)
    >>> round(lo2, 2), round(hi2, 2)  # 200 seats, but 100 independent games
    (0.4, 0.6)
    """
    g = len(clusters)
    trials = sum(m for _, m in clusters)
    if g == 0 or trials == 0:
        return 0.0, 1.0
    p = sum(y for y, _ in clusters) / trials
    if g < 2 or p in (0.0, 1.0):
        return wilson(p * g, g, z)
    var = g / (g - 1) * sum((y - p * m) ** 2 for y, m in clusters) / trials**2
    n_eff = p * (1 - p) / var if var > 0 else float(g)
    return wilson(p * n_eff, n_eff, z)
