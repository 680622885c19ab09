"""Seeded fuzz: 300 bot games with invariants and hidden information checked after every
decision, plus refused random moves that must change nothing."""

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.kaiju import RULES
from tests.invariants import check_after_decision
from tests.kaiju.scenario import RULES as TEST_RULES

GAMES = 300


def _mutations(action: dict, rnd: random.Random) -> dict:
    """A nearby action that may or may not be legal: a field changed or dropped."""
    mutated = dict(action)
    key = rnd.choice(list(mutated))
    choice = rnd.random()
    if choice < 0.3:
        del mutated[key]
    elif choice < 0.6:
        mutated[key] = rnd.randrange(-1, 90)
    elif choice < 0.8:
        mutated[key] = rnd.choice([None, "x", True, [], {}, 1.5])
    else:
        mutated["type"] = rnd.choice(["attack", "heal", "deploy", "retreat", "skill", "end_turn", "engage", "nope"])
    return mutated


def _fuzz_game(rules, seed: int) -> int:
    game = Game(rules, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    rnd = random.Random(seed)
    for _ in range(20_000):
        request = game.pending()
        if request is None:
            return len(game.decisions)
        for option in request.options:  # options and guards agree
            assert rules.check(game.state, request.seat, option.action) is None, option
        if rnd.random() < 0.2:
            bad = _mutations(rnd.choice(request.options).action, rnd)
            if request.find(bad) is None:
                before = game.state_hash()
                with pytest.raises(IllegalAction) as refusal:
                    game.act(rnd.choice([0, 1]), bad)
                assert refusal.value.message
                assert game.state_hash() == before
        events = game.act(request.seat, bots[request.seat].choose(request))
        check_after_decision(game, events)
    raise AssertionError(f"seed {seed}: game did not end")


@pytest.mark.parametrize("rules", [RULES, TEST_RULES], ids=["sample-cards", "test-cards"])
def test_fuzz_bot_games_keep_invariants_and_hide_cards(rules):
    games = GAMES if rules is RULES else GAMES // 3
    decisions = sum(_fuzz_game(rules, seed) for seed in range(games))
    assert decisions > games * 20
