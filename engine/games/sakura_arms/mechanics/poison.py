"""Poison (issue #20): a goddess mechanic outside the core rulebook. A goddess's poison cards are
Extra cards (`poison: true`, placed in her player's Extra zone at setup, 7-1-12: "decided by the
additional rules"): that zone is the poison **bag**. `poison: deck_top|hand` puts a poison card of
the user's bag on top of the opponent's deck or into their hand; the card then belongs to the
opponent (5-4: the owner is the player who prepared the card only "at the start of the duel"), who
draws and uses it as their own card. A poison card can never be put face down (the hand limit,
a basic action's payment, an additional cost or a cover effect offer the others; a mill stops at
it), and after it is used it goes back to the bag of its first owner instead of a Played pile.
A poison card may carry its own use condition (`condition`), like any card.

The spec has no rule for poison; events cite 5-4 (owner) and 7-1-12 (Extra), the closest rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.flow import Step
from engine.core.view import CardRef

from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.state import SakuraState, duel_cards, emit, where, zone

SCHEMA = {"enum": ["deck_top", "hand"]}
WORDING = ("put a poison card of your bag (your Extra zone) into your opponent's `value` (deck_top or hand): "
           "it is theirs until used, then back in your bag (5-4, 7-1-12)")


@dataclass(frozen=True, slots=True)
class PoisonChosen(Step):
    """The chosen poison card goes to `to` of the opponent of `seat`."""
    seat: int
    to: str
    chosen: Any = None


def is_poison(s: SakuraState, card: int) -> bool:
    return s.table.cards[card].defn.poison


def _is_poison_card(card_def: CardDef) -> bool:
    return card_def.poison


def bag(s: SakuraState, seat: int) -> list[int]:
    """`seat`'s poison bag: the poison cards in their Extra zone."""
    return [c for c in zone(s, seat, "extra") if s.table.cards[c].defn.poison]


def coverable(s: SakuraState, cards) -> list[int]:
    """The cards of `cards` that may be put face down: all but poison cards."""
    poison = duel_cards(s, "poison", _is_poison_card)
    return [c for c in cards if c not in poison] if poison else list(cards)


def send(s: SakuraState, step: PoisonChosen) -> None:
    """The poison card becomes the opponent's and goes on top of their deck or into their hand."""
    card = step.chosen
    if card is None or where(s, card) != "extra":
        return
    victim = 1 - step.seat
    emit(s, {"type": "poisoned", "seat": victim, "by": step.seat, "to": step.to, "rule": "5-4"})
    s.table.give(card, victim)
    s.table.move(card, victim, "deck" if step.to == "deck_top" else "hand", 0 if step.to == "deck_top" else None)
    if step.to == "hand":
        emit(s, {"type": "poison_in_hand", "seat": victim, "card": CardRef(card), "rule": "7-1-10"})


def back_to_bag(s: SakuraState, card: int) -> None:
    """After its use, a poison card goes back to the bag of its first owner (and is theirs again)."""
    first = s.table.first_owner(card)
    s.table.give(card, first)
    s.table.move(card, first, "extra")
    emit(s, {"type": "poison_returned", "seat": first, "card": CardRef(card), "rule": "7-1-12"})
