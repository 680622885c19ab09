"""How the search bot scores an unfinished Gundam War game for a seat (engine/bots/search.py).

The Homeland is a player's life: an empty one loses (GW-B-5.2), battle damage comes off it
(GW-B-10.8) and so do resource costs (GW-B-9.8.3). A card in play is worth more than the cards
paid for it, or the bot would never play one: one point plus most of its total cost. Pollution
coins count against (ten lose, GW-A-25.42)."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.gundam_war.state import GWState

_IN_PLAY = ("deploy", "space", "earth", "arena", "set")


def evaluate(state: GWState, seat: int) -> float:
    zones, cards = state.table.zones, state.table.cards

    def standing(s: int) -> float:
        field = sum(1.0 + 0.8 * cards[c].defn.total for area in _IN_PLAY for c in zones[f"{s}.{area}"])
        return len(zones[f"{s}.homeland"]) + field - 2.0 * state.pollution[s]

    return share(standing(seat) - standing(1 - seat), 5.0)
