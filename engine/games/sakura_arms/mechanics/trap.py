"""Trap (a goddess keyword, after Chikage's): whenever a player reshuffles (9-8: in their start
phase by the rules, 8-1-3 iii, or by any effect), before the reshuffle they may use one Trap card
from their own Face-down pile; while a used Special of theirs has the Devoted `trap_any`, any
number, one after another.

The spec leaves the keyword to the goddess's additional rules (§E); our rules cite the reshuffle
(9-8) and using a card because of an effect (9-9): a Trap is used as by an effect, a nested
resolution, with its use condition and costs (9-2, 9-3), and then the reshuffle goes on (a Trap
so used is in the Played pile, so it is reshuffled too).

Hidden information (7-1-8: only the owner sees their Face-down pile): whether the player holds a
usable Trap must not show. As with the Reaction window (rule option `reaction_window`), the
question is asked by default at every reshuffle of a player whose goddesses have Trap cards (a
public fact) and whose Face-down pile is not empty (its size is public), whatever the pile
holds; the rule option `trap_window: when_able` asks only when a usable Trap is there (faster,
for friendly play: the opponent learns when none is).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.flow import Step
from engine.core.game import RuleOption
from engine.core.requests import Option, Request
from engine.core.schema import CARD_ID, action

from engine.games.sakura_arms import guards
from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.flow import PROCESSOR, reshuffle_now, use_card
from engine.games.sakura_arms.state import SakuraState, duel_cards, emit, ongoing_mods, zone

RULE = "9-8"
OPTION = RuleOption("trap_window", "always", ("always", "when_able"), RULE,
                    "Before a reshuffle (9-8), a player whose goddesses have Trap cards is asked whether to use one "
                    "whenever their Face-down pile holds cards (default: a skipped question would reveal that it holds "
                    "no usable Trap), or only when it holds a usable Trap card (faster, for friendly play).")
ACTIONS = (
    action("trap", "Before your reshuffle, use this Trap card from your Face-down pile (9-8, 9-9).",
           rules=("9-2", "9-3"), card=CARD_ID),
    action("no_trap", "Use no (more) Trap cards before your reshuffle (9-8)."),
)


@dataclass(frozen=True, slots=True)
class TrapWindow(Step):
    """9-8: before `seat`'s reshuffle, they may use a Trap card from their Face-down pile."""
    seat: int
    asks = True
    kind = "trap"
    rule = RULE
    wait = "Seat {seat} is deciding whether to use a Trap card before reshuffling (9-8); wait for them."


@dataclass(frozen=True, slots=True)
class TrapAgain(Step):
    """After a Trap was used: another may be, while a Devoted `trap_any` allows any number."""
    seat: int


@dataclass(frozen=True, slots=True)
class ReshuffleRest(Step):
    """9-8 after the Trap question: the reshuffle itself."""
    seat: int
    by_rules: bool


def has_traps(s: SakuraState, seat: int) -> bool:
    """Whether `seat`'s goddesses have Trap cards (public: the goddesses and their card lists are)."""
    cards = s.table.cards
    return any(cards[card].owner == seat for card in duel_cards(s, "trap", _is_trap_card))


def _is_trap_card(card_def: CardDef) -> bool:
    return "trap" in card_def.keywords


def usable_traps(s: SakuraState, seat: int) -> list[int]:
    """The Trap cards of `seat`'s Face-down pile that can be used now (9-2, 9-3)."""
    return [c for c in zone(s, seat, "facedown") if "trap" in s.table.cards[c].defn.keywords
            and guards.usable_by_effect(s, seat, c) is None]


def asks(s: SakuraState, seat: int) -> bool:
    """Whether the Trap question is asked now: from public facts only, unless `when_able`."""
    if not zone(s, seat, "facedown") or not has_traps(s, seat):
        return False
    return s.options["trap_window"] == "always" or bool(usable_traps(s, seat))


def window_before(s: SakuraState, seat: int, by_rules: bool) -> bool:
    """Queue the Trap question before `seat`'s reshuffle and the reshuffle after it; False (and
    nothing queued) when no question is asked, so the caller reshuffles at once."""
    if not asks(s, seat):
        return False
    s.flow.next(TrapWindow(seat), ReshuffleRest(seat, by_rules))
    return True


def any_number(s: SakuraState, seat: int) -> bool:
    """A used Special of `seat` with the Devoted `trap_any`: any number of Traps at a reshuffle."""
    return any(src_seat == seat and mod.get("trap_any") for src_seat, _card, mod in ongoing_mods(s))


def request(s: SakuraState, step: TrapWindow) -> Request:
    names = s.table.cards
    options = [Option(f"Use {names[c].defn.name} (Trap) from your Face-down pile", {"type": "trap", "card": c})
               for c in usable_traps(s, step.seat)]
    options.append(Option("Use no Trap card", {"type": "no_trap"}))
    return Request(step.seat, "trap", "Before you reshuffle: use a Trap card from your Face-down pile?", options)


def answer(s: SakuraState, step: TrapWindow, seat: int, act: dict) -> None:
    if act["type"] == "no_trap":
        emit(s, {"type": "no_trap", "seat": step.seat, "rule": RULE})
        return
    s.flow.next(TrapAgain(step.seat))
    use_card(s, step.seat, act["card"], "effect")  # 9-9: a nested resolution, before the reshuffle


@PROCESSOR.runs(TrapAgain)
def _again(s: SakuraState, step: TrapAgain) -> None:
    if any_number(s, step.seat) and asks(s, step.seat):
        s.flow.next(TrapWindow(step.seat))


@PROCESSOR.runs(ReshuffleRest)
def _reshuffle_rest(s: SakuraState, step: ReshuffleRest) -> None:
    reshuffle_now(s, step.seat, step.by_rules)


PROCESSOR.asks(TrapWindow, request, answer)
guards.KINDS["trap"] = (("trap", "no_trap"), RULE, "say whether to use a Trap card before reshuffling")
guards.TIMING["trap"] = (RULE, "You use a Trap card only when you are about to reshuffle and are asked")
guards.TIMING["no_trap"] = (RULE, "You decline a Trap card only when you are about to reshuffle and are asked")
