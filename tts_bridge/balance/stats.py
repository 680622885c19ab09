"""The statistics of a balance report: Wilson score intervals for win rates, a two-proportion
z-test for "does this card's win rate differ when it was seen", and Holm's correction, because
a report tests every card at once and some would pass at 5 % by chance alone."""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)  # 1.95996...: the two-sided 95 % quantile
ALPHA = 0.05  # the family-wise error rate the per-card flags keep (Holm)
MIN_CELL = 5  # each of wins and non-wins, seen and not seen: the z-test's normal approximation needs it


@dataclass(frozen=True, slots=True)
class Interval:
    """A win rate and its 95 % Wilson score interval."""

    rate: float
    low: float
    high: float

    def to_json(self) -> dict:
        return {"rate": round(self.rate, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


def wilson(wins: int, games: int, z: float = Z95) -> Interval | None:
    """The Wilson score interval of `wins` out of `games` (None for no games). Unlike the normal
    interval it stays inside [0, 1] and keeps its coverage near 0 and 1 and for small counts."""
    if games <= 0:
        return None
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_p(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float | None:
    """Two-sided p-value of the pooled two-proportion z-test (H0: both win rates equal); None
    when a cell (wins or non-wins of either group) has fewer than MIN_CELL games."""
    cells = (wins_a, games_a - wins_a, wins_b, games_b - wins_b)
    if min(cells) < MIN_CELL:
        return None
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    z = (wins_a / games_a - wins_b / games_b) / spread
    return 2 * (1 - NormalDist().cdf(abs(z)))


def holm(p_values: list[float | None], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down correction: which of the tests are significant with a family-wise error
    rate of `alpha` (untested entries, None, are never significant and do not count)."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    significant = [False] * len(p_values)
    for rank, (p, i) in enumerate(tested):
        if p > alpha / (len(tested) - rank):
            break
        significant[i] = True
    return significant
