"""Seeded fuzz: bot games with invariants and hidden information checked after every decision
(each card in one zone, crystals <= 10, no negative counts, hidden zones never in the other
seat's view or events), every option agreeing with the guards, and refused random moves that
must change nothing."""

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.games.qiguang import RULES
from tests.fuzzing import fuzz_game
from tests.qiguang.scenario import RULES as TEST_RULES

GAMES = 300  # invariants (zones, crystals, counts), hidden cards and option/guard agreement after every decision


def _fuzz_game(rules, seed: int, options: dict | None = None, full: bool = True) -> int:
    return fuzz_game(rules, seed, options, mutate_rate=0.15, full_checks=full)


def test_fuzz_300_sample_deck_games_keep_invariants_and_hide_cards():
    decisions = sum(_fuzz_game(RULES, seed) for seed in range(GAMES))
    assert decisions > GAMES * 50


OPTION_SETS = [
    {"lanes": 3, "advance": "both", "damage": "end_of_turn", "new_crystal": "tapped"},
    {"lightning_stops": "when_able", "leader_limit": "own_turns", "mana_source": "summons"},
    {"world_vs_field": "blocked", "world_clears": "destroyed", "cap_all_tapped": "exile_tapped",
     "life_loss": "below_zero", "first_skip_counts": True, "life_payment": "must_survive"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["compact", "ask-when-able", "alternatives"])
def test_fuzz_rule_option_variants(options):
    """Every alternative rule option, 8 games each (test card set, which includes a loop pair)."""
    for seed in range(8):
        _fuzz_game(TEST_RULES, 1000 + seed, options)


def test_replay_reproduces_every_hash():
    """A log replays through the legal-move checks to the same hashes (determinism)."""
    game = Game(RULES, seed=11)
    bots = [RandomBot(23), RandomBot(24)]
    while (request := game.pending()) is not None:
        game.act(request.seat, bots[request.seat].choose(request))
    again = Game.replay(RULES, game.log())
    assert again.hashes == game.hashes and again.result().to_json() == game.result().to_json()
