"""Seeded fuzz: bot games with invariants and hidden information checked after every
decision, plus refused random moves that must change nothing and cite a rule."""

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.vividz import RULES
from tests.invariants import check_after_decision

GAMES = 300
TYPES = ["play", "attack", "check", "pass", "slide", "pay", "activate", "use", "trigger", "keep", "charge", "nope"]


def _mutation(action: dict, rnd: random.Random) -> dict:
    mutated = dict(action)
    key = rnd.choice(list(mutated))
    roll = rnd.random()
    if roll < 0.3:
        del mutated[key]
    elif roll < 0.6:
        mutated[key] = rnd.randrange(-1, 120)
    elif roll < 0.8:
        mutated[key] = rnd.choice([None, "x", True, [], {}, 1.5])
    else:
        mutated["type"] = rnd.choice(TYPES)
    return mutated


def _fuzz_game(seed: int, options: dict | None = None, full_checks: bool = True) -> int:
    game = Game(RULES, seed=seed, options=options)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    rnd = random.Random(seed)
    for _ in range(5_000):
        request = game.pending()
        if request is None:
            return len(game.decisions)
        if full_checks and rnd.random() < 0.2:
            for option in request.options:  # options and guards agree
                assert RULES.check(game.state, request.seat, option.action) is None, option
            bad = _mutation(rnd.choice(request.options).action, rnd)
            if request.find(bad) is None:
                before = game.state_hash()
                with pytest.raises(IllegalAction) as refusal:
                    game.act(rnd.choice([0, 1]), bad)
                assert refusal.value.message
                assert refusal.value.code != "illegal_action" or refusal.value.rule
                assert game.state_hash() == before
        events = game.act(request.seat, bots[request.seat].choose(request))
        if full_checks or rnd.random() < 0.25:
            check_after_decision(game, events)
    raise AssertionError(f"seed {seed}: game did not end")


def test_fuzz_bot_games_keep_invariants_and_hide_cards():
    decisions = sum(_fuzz_game(seed, full_checks=seed < 60) for seed in range(GAMES))
    assert decisions > GAMES * 50


@pytest.mark.parametrize("options", [
    {"illegal_character_discards": "newest", "damage_threshold": "exceeds"},
    {"cost_reduction_counts": "characters", "retire_trigger": "retire_only", "keep_visibility": "public",
     "reboot_characters": "start_draw"},
], ids=["amb1-amb3", "amb2-amb4-amb5-amb13"])
def test_fuzz_rule_options(options):
    assert sum(_fuzz_game(1000 + seed, options) for seed in range(20)) > 20 * 50
