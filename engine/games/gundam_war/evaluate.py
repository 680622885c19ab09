"""How the search bot scores an unfinished Gundam War game for a seat (engine/bots/search.py).

The Homeland is a player's life: an empty one loses (GW-B-5.2), battle damage comes off it
(GW-B-10.8) and so do resource costs (GW-B-9.8.3). A card in hand is worth more than one left
in the Homeland: it is what a player can play (GW-B-9.1), and a re-deal (GW-B-3.3) that puts
cards back for a smaller hand must look like the loss it is. What is on the field is what deals
that damage and pays for more: a G generates National Power (GW-B-9.8.1-2), a Unit fights with
its battle stats, any other card counts a point. Each is worth more than the Homeland and hand
cards paid for it, or the bot would never play one. Pollution coins count against (ten lose,
GW-A-25.42)."""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.gundam_war.state import GWState

_IN_PLAY = ("deploy", "space", "earth", "arena", "set")
HAND = 1.5  # a card in hand, against 1 for a card in the Homeland


def _worth(defn) -> float:
    if defn.type == "g":
        return 2.5
    if defn.type == "unit":
        return 1.0 + defn.resource + 0.5 * sum(v for v in defn.stats if v is not None)
    return 1.0 + defn.resource


def evaluate(state: GWState, seat: int) -> float:
    zones, cards = state.table.zones, state.table.cards

    def standing(s: int) -> float:
        field = sum(_worth(cards[c].defn) for area in _IN_PLAY for c in zones[f"{s}.{area}"])
        return (len(zones[f"{s}.homeland"]) + HAND * len(zones[f"{s}.hand"]) + field
                - 2.0 * state.pollution[s])

    return share(standing(seat) - standing(1 - seat), 5.0)
