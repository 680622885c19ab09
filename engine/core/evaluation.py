"""What the games' evaluations (engine/games/<game>/evaluate.py) share: a score margin as a
seat's expected share of the game, for the search bot's rollouts that stop before the end."""

from __future__ import annotations

import math


def share(margin: float, scale: float) -> float:
    """The logistic of `margin / scale`: 0.5 when even, towards 1 (0) as the seat leads (trails);
    `scale` is the margin that makes about a 73 % favourite."""
    return 1.0 / (1.0 + math.exp(-margin / scale))
