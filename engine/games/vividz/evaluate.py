"""How the search bot scores an unfinished Vividz game for a seat (engine/bots/search.py):
missions cleared (all three win, 1005.1), characters in the Area that clear them, and cards
left in the Deck (an empty one loses, 1005.2)."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.vividz.state import VividzState, zone


def evaluate(state: VividzState, seat: int) -> float:
    face_down = state.table.face_down
    started = state.phase != "setup"  # missions are placed face down, then turned up (601.1b-g)

    def standing(s: int) -> float:
        cleared = sum(m in face_down for m in zone(state, s, "mission")) if started else 0
        deck = len(zone(state, s, "deck"))
        return 4.0 * cleared + len(zone(state, s, "area")) + (0.0 if deck > 3 else deck - 4.0)

    return share(standing(seat) - standing(1 - seat), 3.0)
