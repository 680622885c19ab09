"""Seeded fuzz: 300 bot games of kaiju with invariants and hidden information checked after
every decision, plus refused near-miss moves that must change nothing."""

import pytest

from engine.games.kaiju import RULES
from tests.fuzzing import fuzz_game
from tests.kaiju.scenario import RULES as TEST_RULES

GAMES = 300


@pytest.mark.parametrize("rules", [RULES, TEST_RULES], ids=["sample-cards", "test-cards"])
def test_fuzz_bot_games_keep_invariants_and_hide_cards(rules):
    games = GAMES if rules is RULES else GAMES // 3
    decisions = sum(fuzz_game(rules, seed) for seed in range(games))
    assert decisions > games * 20
