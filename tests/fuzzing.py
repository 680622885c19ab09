"""The seeded bot-game fuzz every game runs: invariants and hidden information checked after
every decision, the options agreeing with the guards, and near-miss moves and moves that were
legal earlier refused without changing anything, each citing a rule of its own action's family
(design.md, "Why not, once": a draw is refused by a draw rule, not by whose turn it is)."""

from __future__ import annotations

import random
from typing import Callable, Sequence

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game, GameRules
from engine.core.schema import action_families, in_family
from tests.hash_agreement import check_hash_agreement
from tests.invariants import assert_nothing_hidden_leaks, check_after_decision

ODD_VALUES = (None, "x", True, [], {}, 1.5)
EARLIER_MOVES = 64  # the last distinct legal moves kept to be sent again later


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
    families = action_families(rules.action_schema())
    kinds = list(families)
    earlier: dict[str, dict] = {}  # repr -> an action that was an option before, oldest first
    for _ in range(max_decisions):
        request = game.pending()
        if request is None:
            return len(game.decisions)
        if request.also:  # a joint step: any seat that may answer now answers, from its own request
            request = game.request_for(rnd.choice((request.seat, *request.also)))
        for option in request.options:
            assert rules.check(game.state, request.seat, option.action) is None, option
        if full_checks:  # the choices a seat is offered name only cards it can see
            assert_nothing_hidden_leaks(game, request.seat, request.to_json(), "request")
        if rnd.random() < mutate_rate:
            expect_refused(game, rnd.choice([0, 1]), mutate(rnd.choice(request.options).action, rnd, kinds), families)
        if earlier and rnd.random() < mutate_rate:
            expect_refused(game, rnd.choice([0, 1]), rnd.choice(list(earlier.values())), families)
        remember = rnd.choice(request.options).action
        earlier.pop(repr(remember), None)
        earlier[repr(remember)] = remember
        if len(earlier) > EARLIER_MOVES:
            del earlier[next(iter(earlier))]
        events = game.act(request.seat, bots[request.seat].choose(request))
        check_hash_agreement(game)  # the logged hash (the packer reuses unchanged parts) equals one from scratch
        if full_checks:
            check_after_decision(game, events)
        else:
            rules.check_invariants(game.state)
        if extra_check:
            extra_check(game)
    raise AssertionError(f"{rules.id} seed {seed}: game did not end in {max_decisions} decisions")


def expect_refused(game: Game, seat: int, action: dict, families: dict[str, tuple[str, ...]]) -> None:
    """Send `action` by `seat` unless it is legal now: it must be refused, change nothing, and a
    well-formed move must cite a rule of its own family (the schema's `x-rules`)."""
    request = game.pending()
    mine = game.request_for(seat)
    if mine is not None and mine.find(action) is not None:
        return
    before = game.state_hash()
    with pytest.raises(IllegalAction) as caught:
        game.act(seat, action)
    refusal = caught.value
    assert refusal.message
    assert game.state_hash() == before
    if refusal.code in ("illegal_action", "wrong_seat"):
        family = families.get(action.get("type"), ())
        assert refusal.rule and in_family(refusal.rule, family), (
            f"{game.rules.id}: seat {seat}'s {action} was refused with rule {refusal.rule!r}, "
            f"not one of its family {family}: {refusal.message} (asked: seat {request.seat}, {request.prompt})")
