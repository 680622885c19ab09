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
# random decisions before the evaluation scores a rollout: a turn is some 30 decisions, most of them
# passes, and a sortie's battle damage lands about ten after it (GW-B-10.1), so after 8 the bot
# hardly saw an attack land. With this evaluation, the even games of `bench bot --games 20
# --budget 100i` (the bot with aurora-vanguard, 2026-12-07) won 8 of 10 after 24, 9 of 10 after 32
ROLLOUT = 32
# the margin that makes a 73 % favourite: at 5 a lead of some 20 cards, common in mid game, read
# 0.98 whatever the bot chose next, and a seat behind no longer told a play from a pass
SCALE = 12.0
HAND = 1.5    # a card in hand, against 1 for a card in the Homeland
HAND_G = 2.0  # a G in hand: without one nothing else can be played (GW-B-9.2), so a hand with no G
              # is worth a re-deal (procedure A keeps six cards, GW-B-3.2)


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
        hand = sum(HAND_G if cards[c].defn.type == "g" else HAND for c in zones[f"{s}.hand"])
        return len(zones[f"{s}.homeland"]) + hand + field - 2.0 * state.pollution[s]

    return share(standing(seat) - standing(1 - seat), SCALE)
