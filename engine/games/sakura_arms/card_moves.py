"""Effects that move cards or set Vigor without asking (issue #20, generic vocabulary): "this card"
to the top of the deck or back to the hand (7-1-6, 7-1-10), a chosen card to the bottom of the
deck (7-1-6), milling the opponent's deck (7-1-6, 7-1-8), and Vigor set or lowered (5-1-2).

The words are declared in the effect registry (flow.py); these are their resolutions, kept here
so each reads as the rule it follows.
"""

from __future__ import annotations

from engine.core.view import CardRef

from engine.games.sakura_arms.effects import put
from engine.games.sakura_arms.state import MAX_VIGOR, SakuraState, emit, owner, where, zone

# where "this card" can be when its own effect moves it: being used, in the Played pile
# (a Forced effect), or in play as an Enhancement; from elsewhere it has no effects (7-1)
RETURNABLE_FROM = ("in_use", "played", "enhancement")
RETURN_TO = {"deck_top": ("deck", 0, "7-1-6"), "hand": ("hand", None, "7-1-10")}


def return_this(s: SakuraState, card: int | None, to: str) -> None:
    """7-1-6 / 7-1-10: this card goes to the top of its owner's deck or to its owner's hand. Only a
    Normal card can: Specials never enter the deck or hand (3-2, 9-8 A-17), so for one nothing
    happens. A card that has already left `RETURNABLE_FROM` stays where it is."""
    if card is None or s.table.cards[card].defn.is_special or where(s, card) not in RETURNABLE_FROM:
        return
    name, index, rule = RETURN_TO[to]
    put(s, card, name, index=index)
    emit(s, {"type": "returned", "seat": owner(s, card), "card": CardRef(card), "to": to, "rule": rule})


def to_deck_bottom(s: SakuraState, card: int | None) -> None:
    """7-1-6: the chosen card moves to the bottom of its owner's deck (face down, like every deck card)."""
    if card is None:
        return
    put(s, card, "deck")
    emit(s, {"type": "to_deck_bottom", "seat": owner(s, card), "card": CardRef(card), "rule": "7-1-6"})


def mill(s: SakuraState, seat: int, n: int) -> None:
    """7-1-6 and 7-1-8: the top `n` cards of `seat`'s deck go, unseen, to that player's Face-down
    pile, one at a time. An empty deck stops it: milling is not drawing, so no Burnout (10-10)."""
    for _ in range(n):
        deck = zone(s, seat, "deck")
        if not deck:
            emit(s, {"type": "mill_stopped", "seat": seat, "rule": "7-1-6"})
            return
        card = deck[0]
        put(s, card, "facedown", face_down=True)
        emit(s, {"type": "milled", "seat": seat, "card": CardRef(card), "rule": "7-1-8"})


def change_vigor(s: SakuraState, seat: int, spec: dict) -> None:
    """5-1-2: Vigor set to `set`, or lowered by `lower`, kept within 0..2. Neither is a gain of Vigor,
    so Flinch (5-1-4, which replaces only a gain) stays as it is."""
    value = spec["set"] if "set" in spec else s.vigor[seat] - spec["lower"]
    s.vigor[seat] = max(0, min(MAX_VIGOR, value))
    emit(s, {"type": "vigor", "seat": seat, "vigor": s.vigor[seat], "rule": "5-1-2"})
