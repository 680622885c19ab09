"""Qiguang events through the core redactor (engine/core/events.py): a card an event names
shows to the seats that saw it when the event happened and still see it when the decision
ends; a card hidden again in the same decision (a bounce) is then left out."""

from __future__ import annotations

from engine.core.events import redacted
from engine.core.view import CardRef
from engine.games.qiguang.state import card_json, emit
from tests.qiguang.scenario import arrange, cid, started


def _one_event(game, data: dict, then=lambda state: None):
    state = game.state
    state.events = []
    emit(state, data)
    then(state)
    (event,) = redacted(state.table, state.events, lambda card: card_json(state, card))
    return event


def test_a_public_card_stays_named_while_both_seats_still_see_it():
    game = started()
    arrange(game, 0, standby={1: "Orchard Hauler"})
    card = cid(game, 0, "Orchard Hauler")
    event = _one_event(game, {"type": "damaged", "card": CardRef(card), "amount": 1})
    assert event.for_seat(1)["card"]["id"] == card and event.for_seat(0)["card"]["id"] == card


def test_a_card_bounced_in_the_same_decision_is_left_out_for_the_opponent():
    game = started()
    arrange(game, 0, standby={1: "Orchard Hauler"})
    card = cid(game, 0, "Orchard Hauler")
    event = _one_event(game, {"type": "damaged", "card": CardRef(card), "amount": 1},
                       then=lambda state: state.table.move(card, 0, "hand"))
    assert event.for_seat(0)["card"]["id"] == card
    assert "card" not in event.for_seat(1) and event.for_seat(1)["amount"] == 1


def test_a_card_drawn_is_shown_to_its_owner_only_and_to_nobody_once_shuffled_back():
    game = started()
    arrange(game, 0, hand=("Orchard Hauler",))
    card = cid(game, 0, "Orchard Hauler")
    drawn = _one_event(game, {"type": "draw", "seat": 0, "card": CardRef(card)})
    assert drawn.for_seat(0)["card"]["id"] == card and "card" not in drawn.for_seat(1)
    gone = _one_event(game, {"type": "draw", "seat": 0, "card": CardRef(card)},
                      then=lambda state: state.table.move(card, 0, "library"))
    assert "card" not in gone.for_seat(0) and "card" not in gone.for_seat(1)
