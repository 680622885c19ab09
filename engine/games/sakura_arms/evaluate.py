"""How the search bot scores an unfinished Sakura Arms duel for a seat (engine/bots/search.py):
Life (a duellist at 0 loses, 4-2) and, far less, the Aura that shields it."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.sakura_arms.state import AURA, LIFE, SakuraState

# random decisions before the evaluation scores a rollout: 100 iterations won 26 of 40 mirror
# games against 25 after 8 and 30 of 40 after 32 (`bench bot --against search:4x --budget 25i`),
# and 40 of 40 against the random bot after 32 at CPU p99 0.34 s a decision (2026-12-07)
ROLLOUT = 32


def evaluate(state: SakuraState, seat: int) -> float:
    tok = state.tok

    def standing(s: int) -> float:
        return tok[LIFE[s]] + 0.3 * tok[AURA[s]]

    return share(standing(seat) - standing(1 - seat), 2.5)
