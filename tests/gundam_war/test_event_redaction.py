"""Events name cards with CardRef and go through the core redactor (engine/core/events.py): a
seat sees a card in an event if it saw the card when the event happened and still sees it at
the end of the decision."""

from __future__ import annotations

from engine.core.events import redacted
from engine.core.view import CardRef
from engine.games.gundam_war.effects import leave_field
from engine.games.gundam_war.state import describe, emit

from tests.gundam_war.scenario import arrange, game


def test_a_unit_shown_then_returned_to_its_owners_hand_is_not_named_to_the_opponent():
    """GW-A-19.3 / GW-L.1: a Unit named on the field and then returned to its owner's hand in the
    same decision: the owner's events name it; the opponent's never carry its id (the id would
    track the card inside the hand), only the public facts (whose hand, which title)."""
    g = game()
    unit = arrange(g, 1, deploy=("ZG-1 Grunt",))["ZG-1 Grunt"]
    state = g.state
    state.events = []
    emit(state, {"type": "attacked", "card": CardRef(unit), "cards": [CardRef(unit)]})
    leave_field(state, unit, "hand", "returned", "GW-A-19.3")
    shown, back = redacted(state.table, state.events, lambda card: describe(state, card))
    assert shown.for_seat(1)["card"]["id"] == unit and shown.for_seat(1)["cards"][0]["id"] == unit
    assert shown.for_seat(0) == {"type": "attacked", "cards": [{"face_down": True}]}
    assert back.for_seat(1)["card"]["id"] == unit
    assert back.for_seat(0) == {"type": "to_hand", "seat": 1, "title": "ZG-1 Grunt", "from": "deploy",
                                "reason": "returned", "rule": "GW-A-19.3"}


def test_a_card_that_stays_public_is_named_to_both_seats():
    g = game()
    unit = arrange(g, 1, deploy=("ZG-1 Grunt",))["ZG-1 Grunt"]
    g.state.events = []
    emit(g.state, {"type": "attacked", "card": CardRef(unit)})
    (event,) = redacted(g.state.table, g.state.events, lambda card: describe(g.state, card))
    named = {"id": unit, "card": g.state.table.cards[unit].defn.id, "name": "ZG-1 Grunt"}
    assert event.for_seat(0) == event.for_seat(1) == {"type": "attacked", "card": named}
