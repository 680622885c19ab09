"""How the search bot scores an unfinished Qiguang game for a seat (engine/bots/search.py).

A player at 0 life loses (QG-2.2.1), so life is the unit. What wins life later counts too:
- characters, by the damage they deal (QG-3.5.2) and take (QG-3.5.3-4); one in a combat zone
  facing an empty one threatens its attack as a direct attack next battle phase (QG-3.5.2);
- race crystals: the only lasting way to pay for cards (QG-4.1, QG-5.3), untapped every turn
  (QG-3.2.1) and gained only by one Inheritor summon a turn (QG-5.1-2), so each is worth more
  than the life a cheap spell buys;
- Mana Sources in hand: one payment each, then exiled (QG-4.4);
- other cards in hand: options for later turns;
- different Elements of Harmony in hand (Shards of Concord in the sample decks): six win at once
  (QG-0.3), so each one more is worth more; playing one for its small effect gives that up.
Without the resources, the bot spent its opening Mana Source on a life spell and, with no
crystal all game, never summoned (the losses as seat 0 with starlit-circle, 2026-12-07).
It reads the determinized state as it is (cheap: it runs once per search iteration).
"""

from __future__ import annotations

from engine.core.evaluation import share
from engine.games.qiguang.state import (QgState, at, attack, characters, crystal_total, defn, health, lanes,
                                        mana_sources)

# random decisions before the evaluation scores a rollout: 100 iterations won 21 of 40 mirror
# games against 25 after 8 and 25 of 40 after 32 (`bench bot --against search:4x --budget 25i`,
# 2026-12-07)
ROLLOUT = 32
CHARACTER = 1.5  # a body that holds a lane, whatever its stats
ATTACK = 0.6     # per point of attack
HEALTH = 0.3     # per point of health left
THREAT = 0.5     # per point of attack facing an empty combat zone (a direct attack to come)
CRYSTAL = 2.5
MANA_SOURCE = 1.5
CARD = 0.2
# by different Elements of Harmony in hand, 0 to 5 (six win: QG-0.3)
HARMONY = (0.0, 0.5, 1.0, 2.0, 3.5, 6.0)
SCALE = 6.0      # the margin that makes about a 73 % favourite


def standing(state: QgState, seat: int) -> float:
    """The seat's life plus what its board and resources are worth in life."""
    total = float(state.life[seat])
    for card in characters(state, seat):
        total += CHARACTER + ATTACK * max(attack(state, card), 0) + HEALTH * max(health(state, card), 0)
    other = 1 - seat
    for lane in lanes(state):
        card = at(state, seat, "combat", lane)
        if card is not None and at(state, other, "combat", lane) is None:
            total += THREAT * max(attack(state, card), 0)
    mana = len(mana_sources(state, seat))
    hand = len(state.table.zones[f"{seat}.hand"])
    total += HARMONY[min(harmony_names(state, seat), len(HARMONY) - 1)]
    return total + CRYSTAL * crystal_total(state, seat) + MANA_SOURCE * mana + CARD * (hand - mana)


def harmony_names(state: QgState, seat: int) -> int:
    """How many differently named Elements of Harmony the seat holds in hand (QG-0.3)."""
    mine = state.harmony_cards[seat]
    if not mine:
        return 0
    name_of = state.table.name_of
    return len({defn(state, c).name for c in mine if name_of[c] == "hand"})


def evaluate(state: QgState, seat: int) -> float:
    return share(standing(state, seat) - standing(state, 1 - seat), SCALE)
