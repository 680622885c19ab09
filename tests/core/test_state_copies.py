"""A game's state survives pickling and deep copying after decisions, as the same state.

Nothing in the engine pickles states today, but bots copy them (search playouts) and a state is a
plain declared record (engine/core/hashing.py): a cache field must not make it unpicklable (sakura
arms and vividz keep a weak reference to the last decision's events, engine/core/events.py
`HeldEvents`)."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine.core.game import Game
from engine.core.hashing import full_pack
from engine.core.registry import game_ids, get_rules


@pytest.mark.parametrize("game_id", game_ids())
def test_state_pickles_and_copies_after_decisions_with_events_held(game_id: str) -> None:
    game = Game(get_rules(game_id), seed=3)
    held = []
    for _ in range(12):
        request = game.pending()
        if request is None:
            break
        held.append(game.act(request.seat, request.options[-1].action))  # the events stay held
    for twin in (pickle.loads(pickle.dumps(game.state)), copy.deepcopy(game.state)):
        assert full_pack(twin) == full_pack(game.state)
        assert game.rules.request(twin).to_json() == game.rules.request(game.state).to_json()
