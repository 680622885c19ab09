"""Seeded fuzz: bot games with invariants and hidden information checked after every
decision, plus refused random moves that must change nothing and cite a rule."""

import pytest

from engine.games.vividz import RULES
from tests.fuzzing import fuzz_game

GAMES = 300


def test_fuzz_bot_games_keep_invariants_and_hide_cards():
    decisions = sum(fuzz_game(RULES, seed, full_checks=seed < 60) for seed in range(GAMES))
    assert decisions > GAMES * 50


@pytest.mark.parametrize("options", [
    {"illegal_character_discards": "newest", "damage_threshold": "exceeds"},
    {"cost_reduction_counts": "characters", "retire_trigger": "retire_only", "keep_visibility": "public",
     "reboot_characters": "start_draw"},
], ids=["amb1-amb3", "amb2-amb4-amb5-amb13"])
def test_fuzz_rule_options(options):
    assert sum(fuzz_game(RULES, 1000 + seed, options) for seed in range(20)) > 20 * 50
