"""Looking at hidden cards (issue #20): "look at your opponent's hand" (7-1-10: otherwise only its
owner may) and "look at your opponent's Special cards" (7-1-11: checking the faces of the cards in
a player's Special zone).

A look shows the cards to the looking player alone (`Table.reveal`, the one definition of who
sees a card) while the look's `then` effects resolve, so the choices those effects offer may name
the cards to that player; when they are done (`LookEnd`) the cards are hidden again. A look with
nothing to resolve lasts until its player says they are done looking (`LookDone`, a request of
theirs), so that its cards reach them. A card that moves meanwhile is no longer shown (the look
saw it where it was).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.flow import Step
from engine.core.requests import Option, Request
from engine.core.view import CardRef

from engine.games.sakura_arms.state import Ctx, RunEffects, SakuraState, emit, zone

# what may be looked at: the zone, and the rule that says who may see its cards otherwise
LOOK_AT = {"opp_hand": ("hand", "7-1-10"), "opp_specials": ("special", "7-1-11")}

SCHEMA = {"type": "object", "additionalProperties": False, "required": ["at"],
          "properties": {"at": {"enum": list(LOOK_AT)}, "then": {"$ref": "#/$defs/effects"}}}
WORDING = ("look at `at` (only you see those cards), then `then`, choosing among them if they say so "
           "(7-1-10, 7-1-11)")


@dataclass(frozen=True, slots=True)
class LookEnd(Step):
    """The look is over: `cards` are hidden from `seat` again."""
    seat: int
    cards: tuple


def look(s: SakuraState, spec: dict, ctx: Ctx) -> None:
    """Show the opponent's hand (or unused Specials; used ones are face up) to the resolving player,
    resolve `then`, then end the look."""
    name, rule = LOOK_AT[spec["at"]]
    cards = [c for c in zone(s, 1 - ctx.seat, name) if name != "special" or c not in s.special_used]
    shown = s.table.reveal(cards, ctx.seat)
    emit(s, {"type": "look", "seat": ctx.seat, "at": spec["at"], "count": len(cards), "rule": rule})
    for card in shown:
        emit(s, {"type": "looked_at", "seat": ctx.seat, "card": CardRef(card), "rule": rule})
    if spec.get("then"):
        s.flow.next(RunEffects(tuple(spec["then"]), ctx, 0), LookEnd(ctx.seat, tuple(shown)))
    else:  # a look and nothing to choose: it lasts until its player says they are done looking
        s.flow.next(LookDone(ctx.seat, tuple(shown), rule))


@dataclass(frozen=True, slots=True)
class LookDone(Step):
    """A look with no effects to resolve: `seat` sees `cards` until they say they are done."""
    seat: int
    cards: tuple
    rule: str
    asks = True
    kind = "look_done"


def request(s: SakuraState, step: LookDone) -> Request:
    return Request(step.seat, step.kind, f"You look at {len(step.cards)} card(s) of your opponent's; only you see "
                                         "them. Say when you are done looking.",
                   [Option("Done looking", {"type": "look_done"})])


def answer(s: SakuraState, step: LookDone, seat: int, action: dict) -> None:
    end_look(s, step)


def end_look(s: SakuraState, step: LookEnd | LookDone) -> None:
    """The looked-at cards are hidden from the looking player again (also when a victory or the
    end of the phase cuts the resolution short)."""
    s.table.conceal(step.seat, step.cards)


def seen(s: SakuraState, seat: int, cards: list[int]) -> list[int]:
    """The cards of `cards` that `seat` sees now (a choice among hidden cards offers only these)."""
    visible = s.table.visible_to
    return [c for c in cards if visible(c, seat)]
