"""Checks run after every decision of fuzzed games: state invariants and hidden information."""

from __future__ import annotations

from typing import Any, Iterator

from engine.core.game import Game


def _dicts(node: Any) -> Iterator[dict]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _dicts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _dicts(value)


def card_refs(node: dict) -> list[int]:
    refs = [node["id"]] if isinstance(node.get("id"), int) else []
    if isinstance(node.get("card"), int) and not isinstance(node.get("card"), bool):
        refs.append(node["card"])
    return refs


def assert_nothing_hidden_leaks(game: Game, seat: int, payload: Any, what: str,
                                seen_before: set[int] = frozenset()) -> None:
    """Every card a payload names must be visible to `seat` (or in `seen_before`: cards the
    seat legitimately saw earlier in the same step); a name never comes without its card."""
    table = game.state.table
    for node in _dicts(payload):
        refs = card_refs(node)
        for ref in refs:
            assert table.visible_to(ref, seat) or ref in seen_before, \
                f"{what} for seat {seat} reveals hidden card {ref}: {node}"
        if "name" in node and node.get("type") not in ("action",):
            assert refs, f"{what} for seat {seat} names a card without its id: {node}"


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
