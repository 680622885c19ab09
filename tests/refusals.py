"""The one way scenario tests expect a refusal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.core.errors import IllegalAction
from engine.core.game import Game


def refused(game: Game, seat: int, action: dict) -> IllegalAction:
    """Act and expect a refusal with a message; also checks that the refusal changed nothing."""
    before = game.state_hash()
    decisions = len(game.decisions)
    try:
        game.act(seat, action)
    except IllegalAction as exc:
        assert game.state_hash() == before and len(game.decisions) == decisions
        assert exc.message
        return exc
    raise AssertionError(f"{action} was accepted")


@dataclass(frozen=True)
class Case:
    """One forbidden move of a refusal matrix: `item` is the checklist item (0: a step that
    resolved by itself), `rule` the rule the refusal cites (None for a move that is not
    well-formed), `says` words its message holds, `build` the situation (game, sender, move),
    `code` the error codes allowed (one code, or either illegal_action or wrong_seat)."""
    name: str
    item: int
    rule: str | None
    says: str
    build: Callable[[], tuple[Game, int, dict]]
    code: str | None = None


def check_case(case: Case, default_code: str | None = None) -> None:
    """Build the case's situation, send its move, and check the refusal: changed nothing,
    the code, the cited rule and the message's words. `default_code` applies to cases that
    name none (None: either illegal_action or wrong_seat, whichever the sender is)."""
    game, seat, action = case.build()
    refusal = refused(game, seat, action)
    code = case.code or default_code
    expected = (code,) if code else ("illegal_action", "wrong_seat")
    assert refusal.code in expected and refusal.rule == case.rule, (refusal.code, refusal.rule, refusal.message)
    assert case.says in refusal.message, refusal.message
