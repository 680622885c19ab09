"""Seeded fuzz (issue 5, item 4): 300 bot games with the invariants after every decision
(each card in exactly one zone, no negative damage or counters, owners' piles consistent, every
played card on the Cut) and, on a third of them, the hidden-information checks of views and
events, the options agreeing with the guards, and refused near-miss moves changing nothing."""

from engine.games.gundam_war import RULES
from tests.fuzzing import fuzz_game

GAMES = 300


def _invariants(game) -> None:
    RULES.check_invariants(game.state)


def test_fuzz_bot_games_keep_invariants_and_hide_cards():
    decisions = sum(fuzz_game(RULES, seed, mutate_rate=0.15, full_checks=seed % 3 == 0,
                              extra_check=None if seed % 3 == 0 else _invariants)
                    for seed in range(GAMES))
    assert decisions > GAMES * 30
