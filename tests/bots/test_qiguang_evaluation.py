"""The search bot's Qiguang evaluation (engine/games/qiguang/evaluate.py) on positions built by
the scenario helpers: a seat clearly ahead scores above even, and resources are not given away
for a point of life (the bot's losses as seat 0 in `bench bot`, 2026-12-07)."""

from __future__ import annotations

from engine.games.qiguang.evaluate import evaluate
from tests.qiguang.scenario import arrange, started

SHARDS = ("Shard of Candor", "Shard of Mirth", "Shard of Constancy", "Shard of Largesse", "Shard of Tenderness")


def _score(mine: dict, theirs: dict | None = None) -> float:
    """Seat 0's evaluation of a main-phase position with `mine` and `theirs` arranged (`arrange`)."""
    game = started()
    arrange(game, 0, **mine)
    arrange(game, 1, **(theirs or {}))
    return evaluate(game.state, 0)


def test_a_seat_clearly_ahead_scores_above_even_and_its_opponent_below():
    """More life (QG-2.2.1), characters ready to attack (QG-3.5.2) and crystals (QG-4.1)."""
    game = started()
    arrange(game, 0, combat={1: "Millstone Guard", 2: "Glimmer Adept"}, standby={3: "Prism Warden"},
            crystals=(1, 1, 1), hand=("Flash of Insight",), life=18)
    arrange(game, 1, standby={4: "Orchard Hauler"}, life=11)
    ahead, behind = evaluate(game.state, 0), evaluate(game.state, 1)
    assert ahead > 0.8 and behind < 0.2
    assert abs(ahead + behind - 1.0) < 1e-9


def test_equal_positions_score_even():
    assert abs(_score({"combat": {1: "Millstone Guard"}, "crystals": (1, 0, 0)},
                      {"combat": {1: "Millstone Guard"}, "crystals": (1, 0, 0)}) - 0.5) < 1e-9


def test_a_crystal_or_a_mana_source_is_worth_more_than_the_life_it_buys():
    """Starlight Tithe paid with one Mana Source gains 1 life (X = 1): the bot spent its only
    Mana Source so and then had nothing to summon with (QG-4.4; crystals QG-5.3)."""
    assert _score({"mana": 1, "life": 20}) > _score({"mana": 0, "life": 21})
    assert _score({"crystals": (0, 0, 1), "life": 20}) > _score({"life": 22})


def test_a_character_is_worth_more_than_what_it_cost():
    """Summoning Prism Warden with two Mana Sources (QG-3.4.3) scores above holding them."""
    assert _score({"standby": {1: "Prism Warden"}}) > _score({"hand": ("Prism Warden",), "mana": 2})


def test_an_attacker_facing_an_empty_combat_zone_scores_its_coming_direct_attack():
    """QG-3.5.2: in combat facing an empty zone it will hit the player; in standby it cannot
    attack yet (QG-3.4.4)."""
    assert _score({"combat": {1: "Glimmer Adept"}}) > _score({"standby": {1: "Glimmer Adept"}})


def test_another_element_of_harmony_in_hand_beats_the_life_it_would_buy():
    """QG-0.3: six differently named Elements of Harmony in hand win; playing Shard of Mirth for
    1 life gives one up."""
    assert _score({"hand": SHARDS}) > _score({"hand": SHARDS[:1] + SHARDS[2:], "life": 21})
