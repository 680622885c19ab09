"""Centrifuge (the printed keyword of Hagane's cards): a use condition, "the Distance is at least 2
farther than at the start of this turn, and you made no attack this turn".

The spec names the keyword among use conditions (9-2, whose example is a Centrifuge card used
while the condition is not met: the use is illegal and the card stays where it was) but leaves
its wording to the goddess's additional rules (§E); the condition is the one the issue states,
made of the turn conditions `farther_than_start_by_at_least` (8-1-1, 5-2-1) and
`no_attack_this_turn` (9-4). A card with `keywords: [centrifuge]` is refused with this rule
wherever it would be used: in the main phase, as a Reaction or by an effect (9-9).
"""

from __future__ import annotations

from engine.core.errors import Refusal

from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.state import SakuraState, cond_ok, current_distance

FARTHER_BY = 2
CONDITION = {"farther_than_start_by_at_least": FARTHER_BY, "no_attack_this_turn": True}


def refusal(s: SakuraState, seat: int, card: int, d: CardDef) -> Refusal | None:
    """9-2: a Centrifuge card whose condition is not met cannot be used; the refusal says which
    half fails and what to do instead."""
    if "centrifuge" not in d.keywords or cond_ok(s, seat, CONDITION, False, card):
        return None
    start, now = s.turn_start_distance, current_distance(s)
    unmet = []
    if now - start < FARTHER_BY:
        unmet.append(f"the Distance is {now}, and it was {start} when this turn began: it must be at least "
                     f"{start + FARTHER_BY} (Retreat or Breakaway first)")
    if s.turn_attacks[seat]:
        unmet.append(f"you already made {s.turn_attacks[seat]} attack(s) this turn: Centrifuge needs none")
    return Refusal("9-2", f"{d.name} has Centrifuge, and its use condition is not met: {'; '.join(unmet)}.")
