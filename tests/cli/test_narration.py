"""Narration is text for players (issue 18, scope 7): no line of any game, for the narrator or
for either seat, is a raw event dump such as `type=pay, seat=0, amount=2`."""

from __future__ import annotations

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.registry import game_ids, get_rules
from tts_bridge.narrate import describe, narrate


def _narration(game_id: str, seed: int) -> list[str]:
    rules = get_rules(game_id)
    game = Game(rules, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    lines = []
    while (request := game.pending()) is not None and len(game.decisions) < 600:
        for event in game.act(request.seat, bots[request.seat].choose(request)):
            for seat in (None, 0, 1):  # the narrator, and each seat's view at the table
                view = event.for_seat(seat)
                if view is not None:
                    lines.append(narrate(view, rules))
    return lines


@pytest.mark.parametrize("game_id", game_ids())
def test_no_narration_line_of_any_game_is_a_raw_event_dump(game_id):
    lines = [line for seed in (1, 7) for line in _narration(game_id, seed)]
    assert len(lines) > 50
    dumps = sorted({line for line in lines if "type=" in line})
    assert dumps == []


def test_an_event_without_a_sentence_is_described_in_words():
    line = describe({"type": "pay", "seat": 0, "amount": 2, "card": {"name": "Lucky Charm"}, "rule": "905.3c"})
    assert line == "Seat 0: pay (amount 2; card Lucky Charm)  [905.3c]"
