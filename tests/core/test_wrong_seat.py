"""The refusal a seat gets when another seat is deciding comes from the asking step
(engine/core/flow.py): its rule, and its `wait` text, which may name the deciding seat and
what it is asked."""

from __future__ import annotations

from engine.core.flow import wrong_seat
from engine.core.requests import Option, Request


def _request(wait: str | None) -> Request:
    request = Request(1, "respond", "Respond to link 2?", [Option("Pass", {"type": "pass"})])
    request.rule, request.wait = "QG-9.6", wait
    return request


def test_the_wait_text_may_name_the_deciding_seat_and_its_prompt():
    refusal = wrong_seat(_request("Seat {seat} has priority now ({prompt}); wait for them."))
    assert (refusal.rule, refusal.message) == ("QG-9.6", "Seat 1 has priority now (Respond to link 2?); wait for them.")


def test_a_plain_wait_text_and_the_default():
    assert wrong_seat(_request("It is your opponent's turn.")).message == "It is your opponent's turn."
    assert wrong_seat(_request(None)).message == "Seat 1 is choosing now (Respond to link 2?); wait for them."
