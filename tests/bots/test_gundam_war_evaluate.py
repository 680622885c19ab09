"""Gundam War's evaluation for the search bot (engine/games/gundam_war/evaluate.py): positions a
player would clearly rather have score above an even share for that seat."""

from __future__ import annotations

from engine.games.gundam_war import RULES
from engine.games.gundam_war.evaluate import evaluate
from tests.gundam_war.scenario import arrange, deck, game

AURORA = RULES.sample_decks()[0]
G = "Aurora Shipyard"


def mirror():
    """Both seats with the Aurora sample deck, so only what a scenario arranges differs."""
    return game(AURORA, AURORA, seed=5)


def test_units_and_g_on_the_field_are_worth_what_they_cost():
    """Two G and a Unit paid for with a resource (GW-B-9.8.3) beat an empty field."""
    g = mirror()
    arrange(g, 0, deploy=(G, G, "AF-07 Vanguard Gundam"), junk=(G,))
    arrange(g, 1, deploy=())
    assert evaluate(g.state, 0) > 0.5 > evaluate(g.state, 1)


def test_a_smaller_hand_after_a_re_deal_is_behind():
    """A re-deal puts the hand back in the Homeland for one card fewer (GW-B-3.3): six cards in
    hand beat three in hand and three more in the Homeland."""
    g = mirror()
    arrange(g, 0, hand=(G, G, "AF-01 Lancer", "AF-01 Lancer", "AF-02 Skyhawk", "AF-02 Skyhawk"))
    arrange(g, 1, hand=(G, "AF-01 Lancer", "AF-02 Skyhawk"))
    assert evaluate(g.state, 0) > 0.5 > evaluate(g.state, 1)


def test_a_hand_with_g_beats_one_without():
    """Nothing else can be played without National Power from a G (GW-B-9.2)."""
    g = mirror()
    arrange(g, 0, hand=(G, G, "AF-01 Lancer"))
    arrange(g, 1, hand=("AF-01 Lancer", "AF-02 Skyhawk", "AF-02 Skyhawk"))
    assert evaluate(g.state, 0) > 0.5 > evaluate(g.state, 1)


def test_pollution_coins_count_against():
    """Ten pollution coins lose at the end of a turn (GW-A-25.42)."""
    g = mirror()
    arrange(g, 0, deploy=(G,))
    arrange(g, 1, deploy=(G,))
    g.state.pollution[1] = 6
    assert evaluate(g.state, 0) > 0.5 > evaluate(g.state, 1)


def test_a_mid_game_lead_is_not_yet_a_won_game():
    """A lead of 18 Homeland cards still lost (bench bot game 4, 2026-12-07: 38 to 20, then ten
    pollution coins, GW-A-25.42): scored as nearly sure, it left the search nothing to tell a
    play from a pass by, for the seat ahead and the seat behind."""
    g = game(deck(), deck(), seed=5)  # 50 Aurora Shipyards each
    arrange(g, 0, deploy=(G,))
    arrange(g, 1, deploy=(G,), junk=(G,) * 18)
    assert 0.5 < evaluate(g.state, 0) < 0.9
