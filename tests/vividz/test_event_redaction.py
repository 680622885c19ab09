"""Vividz events through the core redactor (engine/core/view.py): a seat is named a card it saw
when the event happened and still sees when the decision ends (501.1: the Deck and the hand
are hidden from the opponent)."""

from __future__ import annotations

from engine.core.view import CardRef

from engine.games.vividz import effects as fx
from engine.games.vividz.state import emit, zone

from tests.vividz.scenario import RULES, put, redacted, started


def _game():
    game = started(seed=3)
    game.state.events = []
    return game


def test_a_public_card_hidden_again_in_the_same_decision_is_left_out_for_both_seats():
    game = _game()
    st = game.state
    card = put(game, 0, next(st.table.cards[c].defn.name for c in zone(st, 0, "deck")), "trash")
    emit(st, {"type": "damage", "card": CardRef(card), "amount": 1})
    fx.move(st, card, "deck")  # e.g. a replacement puts it into the Deck (912)
    [event] = redacted(st)
    assert event.for_seat(0) == event.for_seat(1) == {"type": "damage", "amount": 1}
    assert event.for_seat(None)["card"]["id"] == card


def test_a_public_card_still_public_is_named_to_both_seats():
    game = _game()
    st = game.state
    card = put(game, 0, next(st.table.cards[c].defn.name for c in zone(st, 0, "deck")), "trash")
    emit(st, {"type": "remove", "card": CardRef(card), "rule": "1111.1"})
    [event] = redacted(st)
    assert event.for_seat(0) == event.for_seat(1) == event.for_seat(None)
    assert event.for_seat(1)["card"] == {"id": card, "card": st.table.cards[card].defn.id,
                                         "name": st.table.cards[card].defn.name}


def test_a_drawn_card_played_in_the_same_decision_stays_unnamed_to_the_opponent():
    game = _game()
    st = game.state
    card = zone(st, 0, "hand")[0]
    emit(st, {"type": "draw", "seat": 0, "card": CardRef(card)})
    fx.move(st, card, "trash")  # public now, but the opponent did not see the draw
    [event] = redacted(st)
    assert event.for_seat(0)["card"]["id"] == card
    assert event.for_seat(1) == {"type": "draw", "seat": 0}


def test_narration_names_a_card_left_out_of_an_event_as_a_card():
    assert RULES.narrate({"type": "damage", "amount": 1, "rule": "1101.1"}) == "a card takes 1 damage  [1101.1]"
    assert RULES.narrate({"type": "pay", "seat": 0, "rule": "905.3c"}) == "Seat 0 pays with a card  [905.3c]"


def test_a_drawn_card_put_back_into_the_deck_in_the_same_decision_is_left_out_for_its_owner_too():
    game = _game()
    st = game.state
    card = zone(st, 0, "hand")[0]
    emit(st, {"type": "draw", "seat": 0, "card": CardRef(card)})
    fx.move(st, card, "deck")  # a Reload: its id would track it in the Deck
    [event] = redacted(st)
    assert event.for_seat(0) == event.for_seat(1) == {"type": "draw", "seat": 0}
    assert event.for_seat(None)["card"]["id"] == card
