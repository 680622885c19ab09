"""The one way scenario tests expect a refusal."""

from __future__ import annotations

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
