"""Seeded fuzz: 300 bot games with the invariants of issue 3 checked after every decision
(36 tokens, zone caps, Vigor 0..2, no negative counts, each card in one zone, hidden zones never
in the other seat's view or events), options agreeing with the guards, and refused random
moves that change nothing."""

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms.state import AURA, DIST, TOTAL_TOKENS, tokens_in_play
from tests.fuzzing import fuzz_game
from tests.invariants import check_after_decision

GAMES = 300


def _mutation(action: dict, rnd: random.Random) -> dict:
    mutated = dict(action)
    key = rnd.choice(list(mutated))
    roll = rnd.random()
    if roll < 0.3:
        del mutated[key]
    elif roll < 0.6:
        mutated[key] = rnd.randrange(-1, 60)
    elif roll < 0.8:
        mutated[key] = rnd.choice([None, "x", True, [], {}, 1.5, "vigor", "aura"])
    else:
        mutated["type"] = rnd.choice(["use", "basic", "end_main", "react", "no_reaction", "take_damage", "cover", "nope"])
    return mutated


def _token_invariants(game: Game) -> None:
    s = game.state
    assert tokens_in_play(s) == TOTAL_TOKENS + s.out_net
    assert all(v >= 0 for v in s.tok.values())
    assert s.tok[DIST] <= 10 and s.tok[AURA[0]] <= 5 and s.tok[AURA[1]] <= 5
    assert all(0 <= v <= 2 for v in s.vigor)


def _hidden_zones_hidden(game: Game) -> None:
    """Hand, Face-down pile and unused Specials: never identified in the other seat's view."""
    s = game.state
    for seat in (0, 1):
        other = game.view(1 - seat)["players"][seat]
        assert "cards" not in other["hand"] and "cards" not in other["facedown"]
        for card in other["special"]:
            assert ("id" in card) == (card.get("state") == "used"), card


def _fuzz_game(seed: int, decks: list | None = None) -> int:
    game = Game(RULES, decks, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    rnd = random.Random(seed)
    for _ in range(5_000):
        request = game.pending()
        if request is None:
            assert game.result() is not None
            return len(game.decisions)
        for option in request.options:
            assert RULES.check(game.state, request.seat, option.action) is None, option
        if rnd.random() < 0.15:
            bad = _mutation(rnd.choice(request.options).action, rnd)
            if request.find(bad) is None:
                before = game.state_hash()
                with pytest.raises(IllegalAction) as refusal:
                    game.act(rnd.choice([0, 1]), bad)
                assert refusal.value.message
                assert game.state_hash() == before
        events = game.act(request.seat, bots[request.seat].choose(request))
        check_after_decision(game, events)
        _token_invariants(game)
        _hidden_zones_hidden(game)
    raise AssertionError(f"seed {seed}: game did not end")


def _extra(game: Game) -> None:
    _token_invariants(game)
    _hidden_zones_hidden(game)


def test_fuzz_300_bot_games_keep_tokens_caps_and_hidden_information():
    """The shared harness (tests/fuzzing.py) plus the 36-token and hidden-zone checks."""
    decisions = sum(fuzz_game(RULES, seed, mutate_rate=0.15, extra_check=_extra) for seed in range(GAMES))
    assert decisions > GAMES * 30


DATA = RULES.data / "decks"


@pytest.mark.parametrize("a,b", [("fan-and-moon", "storm-and-moon"), ("blade-and-fan", "fan-and-moon"),
                                 ("storm-and-moon", "bow-and-moon"), ("petal-and-bow", "blade-and-fan"),
                                 ("petal-and-moon", "petal-and-bow")])
def test_fuzz_other_deck_pairs_reach_seals_exchanges_copies_and_effect_wins(a, b):
    decks = [RULES.load_deck(DATA / f"{a}.txt"), RULES.load_deck(DATA / f"{b}.txt")]
    assert sum(_fuzz_game(1000 + seed, decks) for seed in range(30)) > 30 * 30
