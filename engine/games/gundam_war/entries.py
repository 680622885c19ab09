"""Cards that cannot be on the field together (GW-A-26.8, GW-A-25.33-34, GW-B-9.12.1, GW-X-21).

One card entering alone next to one already there: the later one is discarded at once.
Several entering at the same time (one effect, one player's cards or both players'): the
attacking player chooses which of them are discarded, one at a time, until the rest can stay
(a `simultaneous_entry` Request answered with `discard`). The attacking player is the active
player: only the active player attacks (GW-B-10.2), and outside the Battle Phase we read it the
same way, as GW-X-18 does for the "attacker" who orders end-of-turn effects.
"""

from __future__ import annotations

from engine.games.gundam_war import autos
from engine.games.gundam_war.effects import enter_field, field_cards, leave_field
from engine.games.gundam_war.state import GWState, card_json, controller, defn, emit, zone
from engine.games.gundam_war.stats import is_type, on_field


def blocks(state: GWState, card: int, other: int) -> bool:
    """Whether `card` cannot be on the field while `other` is: a second same-name Character
    (either side, GW-B-9.12.1, GW-X-21), Restrict to 1 (either side, GW-A-25.33) or Restrict to
    1/Own (the same controller, GW-A-25.34). Names leave out the model number (GW-A-1.4.1)."""
    if card == other or defn(state, card).name != defn(state, other).name:
        return False
    if card in state.card_coins or other in state.card_coins or other in state.dismantled:
        return False                                      # a coin's name is no card name
    restrict = defn(state, card).keywords.get("restrict")
    if is_type(state, card, "character") or restrict == "1":
        return True
    return restrict == "1/own" and controller(state, card) == controller(state, other)


def _blocked_by_field(state: GWState, card: int, batch: frozenset = frozenset()) -> bool:
    return any(blocks(state, card, other) for seat in (0, 1) for other in field_cards(state, seat)
               if other not in batch)


def discard_if_duplicate(state: GWState, card: int) -> None:
    """GW-A-26.8: a card that entered alone although it cannot be on the field (two same-name
    Characters resolving one after the other) is discarded at once: the later one goes."""
    if _blocked_by_field(state, card):
        leave_field(state, card, "junk", "cannot be on the field twice", "GW-A-26.8")


def can_be_put(state: GWState, seat: int, card: int) -> bool:
    """GW-A-25.33-34: a Restrict to 1 (1/Own) card cannot even be put onto the field while a
    same-name card is already on the field (its controller's field)."""
    restrict = defn(state, card).keywords.get("restrict")
    if restrict not in ("1", "1/own"):
        return True
    seats = (0, 1) if restrict == "1" else (seat,)
    return not any(defn(state, c).name == defn(state, card).name and c not in state.card_coins
                   and c not in state.dismantled for s in seats for c in field_cards(state, s))


def conflicted(state: GWState, batch: tuple) -> list[int]:
    """The cards of a simultaneous entry that are still on the field and cannot all stay."""
    here = [c for c in batch if on_field(state, c)]
    return [c for c in here if any(blocks(state, c, o) or blocks(state, o, c) for o in here if o != c)]


def enter_together(state: GWState, cards: list[tuple[int, int]], rule: str) -> None:
    """Put (seat, card) pairs onto the field at the same time, rerolled (GW-A-26.7). A card
    blocked by one already there is discarded (the later one, GW-A-26.8); if some of the new
    cards block each other, the attacking player chooses which go (see `choose_discard`); the
    enter triggers fire once the field is settled."""
    for seat, card in cards:
        enter_field(state, seat, card, rolled=False)
        emit(state, {"type": "enters", "card": card_json(state, card), "rolled": False, "together": True,
                     "rule": rule})
    batch = tuple(card for _, card in cards)
    for card in batch:
        if _blocked_by_field(state, card, frozenset(batch)):
            leave_field(state, card, "junk", "cannot be on the field twice", "GW-A-26.8")
    if conflicted(state, batch):
        state.choice = ("simultaneous_entry", state.active, batch)
        emit(state, {"type": "simultaneous_entry", "seat": state.active,
                     "cards": [card_json(state, c) for c in conflicted(state, batch)], "rule": "GW-A-26.8"})
        return
    _entered(state, batch)


def choose_discard(state: GWState, card: int) -> bool:
    """The attacking player discards one of the conflicting cards (GW-A-26.8). Returns True once
    the rest can all stay (the choice is over and the enter triggers have fired)."""
    batch = state.choice[2]
    leave_field(state, card, "junk", "chosen by the attacking player: it cannot stay with the others", "GW-A-26.8")
    if conflicted(state, batch):
        return False
    state.choice = None
    _entered(state, batch)
    return True


def _entered(state: GWState, batch: tuple) -> None:
    for card in batch:
        if on_field(state, card):
            autos.fire(state, "enter", card)


def junk_units_to_field(state: GWState, seat: int, spec: dict) -> bool:
    """`junk_units_to_field`: the top `count` Units of the own Junk Yard (of each player's own,
    with `players: each`) enter the field at the same time. A Unit that cannot be put onto the
    field (Restrict to 1, GW-A-25.33-34) stays where it is and the next one is taken."""
    seats = (state.active, 1 - state.active) if spec.get("players") == "each" else (seat,)
    chosen: list[tuple[int, int]] = []
    for s in seats:
        picked = 0
        for card in reversed(zone(state, s, "junk")):
            if picked == spec["count"]:
                break
            if is_type(state, card, "unit") and can_be_put(state, s, card):
                chosen.append((s, card))
                picked += 1
    if not chosen:
        return False
    enter_together(state, chosen, "GW-A-26.7")
    return True
