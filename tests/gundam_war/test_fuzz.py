"""Seeded fuzz (issue 5, item 4): 300 bot games with the invariants after every decision
(each card in exactly one zone, no negative damage or counters, owners' piles consistent, every
played card on the Cut), the hidden-information checks of views and events, the options
agreeing with the guards, and refused near-miss moves changing nothing."""

from engine.games.gundam_war import RULES
from tests.fuzzing import fuzz_game

GAMES = 300


def test_fuzz_bot_games_keep_invariants_and_hide_cards():
    decisions = sum(fuzz_game(RULES, seed, mutate_rate=0.15) for seed in range(GAMES))
    assert decisions > GAMES * 30
