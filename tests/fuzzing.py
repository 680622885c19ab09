"""The seeded bot-game fuzz every game runs: invariants and hidden information checked after
every decision, the options agreeing with the guards, and near-miss moves refused without
changing anything."""

from __future__ import annotations

import random
from typing import Callable, Sequence

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game, GameRules
from tests.invariants import check_after_decision

ODD_VALUES = (None, "x", True, [], {}, 1.5)


def mutate(action: dict, rnd: random.Random, kinds: Sequence[str]) -> dict:
    """A nearby action that may or may not be legal: a field changed, dropped or retyped
    (`kinds`: the game's move types)."""
    mutated = dict(action)
    key = rnd.choice(list(mutated))
    roll = rnd.random()
    if roll < 0.3:
        del mutated[key]
    elif roll < 0.6:
        mutated[key] = rnd.randrange(-1, 120)
    elif roll < 0.8:
        mutated[key] = rnd.choice(ODD_VALUES)
    else:
        mutated["type"] = rnd.choice([*kinds, "nope"])
    return mutated


def fuzz_game(rules: GameRules, seed: int, options: dict | None = None, max_decisions: int = 20_000,
              mutate_rate: float = 0.2, extra_check: Callable[[Game], None] | None = None,
              full_checks: bool = True, decks: list | None = None) -> int:
    """Play one seeded bot game under all checks; returns its number of decisions. Every
    option must pass the game's own check, and a refused nearby move must change nothing and
    cite its rule.

    `full_checks=False` keeps the game's own invariants but skips the (slower) walk of every
    view and event for hidden cards."""
    game = Game(rules, decks, seed=seed, options=options)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    rnd = random.Random(seed)
    kinds = [branch["properties"]["type"]["const"] for branch in rules.action_schema()["oneOf"]]
    for _ in range(max_decisions):
        request = game.pending()
        if request is None:
            return len(game.decisions)
        for option in request.options:
            assert rules.check(game.state, request.seat, option.action) is None, option
        if rnd.random() < mutate_rate:
            bad = mutate(rnd.choice(request.options).action, rnd, kinds)
            if request.find(bad) is None:
                before = game.state_hash()
                with pytest.raises(IllegalAction) as refusal:
                    game.act(rnd.choice([0, 1]), bad)
                assert refusal.value.message
                assert refusal.value.code != "illegal_action" or refusal.value.rule, refusal.value
                assert game.state_hash() == before
        events = game.act(request.seat, bots[request.seat].choose(request))
        if full_checks:
            check_after_decision(game, events)
        else:
            rules.check_invariants(game.state)
        if extra_check:
            extra_check(game)
    raise AssertionError(f"{rules.id} seed {seed}: game did not end in {max_decisions} decisions")
