"""How the search bot scores an unfinished Gundam War game for a seat (engine/bots/search.py):
cards left in the Homeland (an empty one loses, GW-B-5.2: battle damage comes off it), Units on
the field, and pollution coins (ten lose, GW-A-25.42)."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.gundam_war.state import GWState

_FIELD = ("space", "earth", "arena", "deploy")


def evaluate(state: GWState, seat: int) -> float:
    zones = state.table.zones

    def standing(s: int) -> float:
        units = sum(len(zones[f"{s}.{area}"]) for area in _FIELD)
        return len(zones[f"{s}.homeland"]) + 1.5 * units - 2.0 * state.pollution[s]

    return share(standing(seat) - standing(1 - seat), 5.0)
