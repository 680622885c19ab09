"""Checks run after every decision of fuzzed games: state invariants and hidden information."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game


def card_refs(node: dict) -> list[int]:
    refs = [node["id"]] if type(node.get("id")) is int else []
    if type(node.get("card")) is int:
        refs.append(node["card"])
    return refs


_LEAVES = (str, int, float, bool, type(None))


def assert_nothing_hidden_leaks(game: Game, seat: int, payload: Any, what: str,
                                seen_before: set[int] = frozenset()) -> None:
    """Every card a payload names must be visible to `seat` (or in `seen_before`: cards the
    seat legitimately saw earlier in the same step); a name never comes without its card.
    (An explicit stack, not recursion: this runs on every view after every fuzzed decision.)"""
    visible = game.state.table.visible_to
    stack = [payload]
    while stack:
        node = stack.pop()
        if type(node) is dict:
            refs = card_refs(node)
            for ref in refs:
                assert visible(ref, seat) or ref in seen_before, \
                    f"{what} for seat {seat} reveals hidden card {ref}: {node}"
            if "name" in node and not refs and node.get("type") != "action":
                raise AssertionError(f"{what} for seat {seat} names a card without its id: {node}")
            stack.extend(v for v in node.values() if type(v) not in _LEAVES)
        elif type(node) is list:
            stack.extend(v for v in node if type(v) not in _LEAVES)
        else:  # e.g. a CardRef the redactor did not resolve: not JSON, and not for a seat
            raise AssertionError(f"{what} for seat {seat} holds a {type(node).__name__}: {node!r}")


def check_after_decision(game: Game, events: list) -> None:
    game.rules.check_invariants(game.state)
    for seat in (0, 1):
        assert_nothing_hidden_leaks(game, seat, game.view(seat), "view")
        shown = [e.for_seat(seat) for e in events]
        # a mulligan (KJ-3.1.4) returns cards the owner drew to the deck within one step
        returned = set()
        if any(e and e.get("type") == "mulligan" and e["seat"] == seat for e in shown):
            returned = {c for c in game.state.table.zone(seat, "deck")}
        assert_nothing_hidden_leaks(game, seat, shown, "events", returned)
