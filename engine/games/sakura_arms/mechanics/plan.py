"""Plan (issue #20): a goddess mechanic outside the core rulebook. Each player with Plan cards
holds a secret two-state token, first set to its fixed first state (`FIRST`). "Execute the plan"
(`execute_plan: {divine: [...], scheme: [...]}`) resolves the branch of the state the plan is
in, which executing shows to both players; then the plan's player chooses its next state in
secret: the choice is their own request, the event that records it names the state to them
alone, and the other seat's view never holds it.

The spec has no rule for Plan; the closest is 5-1 (the information each player holds), which
refusals and events cite.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.core.flow import Step
from engine.core.requests import Event, Option, Request

from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.state import Ctx, RunEffects, SakuraState, emit

RULE = "5-1"
STATES = ("divine", "scheme")
FIRST = "divine"  # the state every plan starts in (fixed, so known to both players)
LABELS = {"divine": "Divine calculation", "scheme": "Demonic scheme"}

_EFFECTS = {"$ref": "#/$defs/effects"}
SCHEMA = {"type": "object", "additionalProperties": False, "required": list(STATES),
          "properties": {name: _EFFECTS for name in STATES}}
WORDING = ("execute your plan: `divine` if it is in Divine calculation, `scheme` if in Demonic scheme; "
           "then choose its next state in secret (Plan, 5-1)")


@dataclass(frozen=True, slots=True)
class ChoosePlan(Step):
    """The plan's player chooses its next state, in secret."""
    seat: int
    asks = True
    kind = "plan"
    rule = RULE


def uses_plan(card_defs) -> bool:
    """Whether any of these cards executes a plan, in any of its effects (a player with none holds
    no plan token); read once, when the duel is set up."""
    return any(map(executes_plan, card_defs))


@functools.cache
def executes_plan(card_def: CardDef) -> bool:
    """Whether one card executes a plan, in any of its effects: found once per card (card data,
    compared by identity, never changes; its text is long to search)."""
    return "'execute_plan'" in repr(card_def)


def setup(s: SakuraState) -> None:
    """Each player whose cards execute a plan starts with it in the fixed first state."""
    for seat in (0, 1):
        cards = [c.defn for c in s.table.cards if c is not None and c.owner == seat]
        s.plan[seat] = FIRST if uses_plan(cards) else None


def execute(s: SakuraState, spec: dict, ctx: Ctx) -> None:
    """Resolve the branch of the plan's current state (executing shows it), then choose the next
    state in secret. A player who holds no plan token yet (a Plan card used by a player who does
    not own it) takes one in the first state."""
    seat = ctx.seat
    state = s.plan[seat] or FIRST
    emit(s, {"type": "plan_executed", "seat": seat, "plan": state, "rule": RULE})
    s.flow.next(RunEffects(tuple(spec[state]), ctx, 0), ChoosePlan(seat))


def request(s: SakuraState, step: ChoosePlan) -> Request:
    return Request(step.seat, step.kind, "Choose your plan's next state; your opponent does not see it.",
                   [Option(f"Prepare {LABELS[name]}", {"type": "plan", "plan": name}) for name in STATES])


def answer(s: SakuraState, step: ChoosePlan, seat: int, action: dict) -> None:
    """The state is set; the event names it to the plan's player only."""
    s.plan[step.seat] = action["plan"]
    told = {"type": "plan_prepared", "seat": step.seat, "rule": RULE}
    s.events.append(Event({**told, "plan": action["plan"]}, step.seat, told))


def shown(s: SakuraState, player: int, seat: int | None) -> dict:
    """The plan in `seat`'s view of `player`: its state to its own player (and the debug view),
    only that there is one to the other seat."""
    state = s.plan[player]
    if state is None:
        return {}
    return {"plan": state if seat is None or seat == player else "hidden"}


def redact(s: SakuraState, seat: int) -> list[int]:
    """Information sets (engine/core/infoset.py): the opponent's plan, as hidden from `seat` as
    their view says (`shown`), becomes a tripwire; returns the seats whose plan was taken out."""
    from engine.core.infoset import Tripwire

    out = []
    for player in (0, 1):
        if shown(s, player, seat).get("plan") == "hidden":
            s.plan[player] = Tripwire("secret plan")
            out.append(player)
    return out


def deal(s: SakuraState, seat: int, rng, hidden: list[int]) -> None:
    """A determinization's plan for each seat whose plan was hidden: either state at random."""
    for player in hidden:
        s.plan[player] = STATES[rng.randrange(len(STATES))]
