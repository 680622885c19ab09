"""The report's statistics on constructed data (issue 22, scope 3): Wilson intervals against
Newcombe's published examples, the z-test and Holm's correction, and the per-card flag of a
tally built from made-up game records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.registry import get_rules
from tts_bridge.balance.plan import Plan
from tts_bridge.balance.play import GameRecord
from tts_bridge.balance.html import render
from tts_bridge.balance.report import Tally
from tts_bridge.balance.stats import holm, two_proportion_p, wilson


@pytest.mark.parametrize("wins,games,low,high", [
    # Newcombe (1998), Statistics in Medicine 17:857-872, table I, method 3 (Wilson score)
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_newcombes_examples(wins, games, low, high):
    interval = wilson(wins, games)
    assert interval.rate == pytest.approx(wins / games)
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)


def test_wilson_of_no_games_is_none_and_a_sure_thing_stays_inside_0_to_1():
    assert wilson(0, 0) is None
    every = wilson(30, 30)
    assert every.high == 1.0 and 0.88 < every.low < 0.89


def test_two_proportion_z_test_on_a_textbook_table():
    # 60/100 against 40/100: pooled p = 0.5, z = 0.2 / sqrt(0.25 * 0.02) = 2.828, two-sided p = 0.00468
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(0.004678, rel=1e-3)
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_p(4, 10, 50, 100) is None  # 4 wins: too few for the normal approximation


def test_holm_rejects_step_down_and_skips_untested():
    # 4 tests at 5 %: 0.01 <= 0.05/4, 0.015 <= 0.05/3, 0.03 > 0.05/2 stops the steps
    assert holm([0.03, 0.01, None, 0.015, 0.04]) == [False, True, False, True, False]
    assert holm([0.02]) == [True]  # one test alone keeps the plain 5 %
    assert holm([0.02] * 3) == [False] * 3


def test_a_card_that_wins_whenever_it_is_drawn_is_flagged_and_an_idle_card_is_not():
    rules = get_rules("kaiju")
    decks = tuple(rules.sample_decks())
    strong, idle = decks[0].sections["main"][0], decks[0].sections["main"][-1]
    plan = Plan("kaiju", decks, 400, 0, "random")
    tally = Tally(plan)
    records = []
    for i in range(400):
        seat = 0 if plan.pairing_of(i).first == 0 else 1  # where deck 0 sits in game i
        drawn = (i // 2) % 2 == 0  # half the games of each seat order
        wins = (i // 4) % 4 != 0 if drawn else (i // 4) % 4 == 0  # 75 % when drawn, 25 % when not
        seen = ((strong,) if drawn else ()) + ((idle,) if i % 3 else ())
        per_seat = (seen, ()) if seat == 0 else ((), seen)
        records.append(GameRecord(index=i, winner=seat if wins else 1 - seat, draw=False, first=0,
                                  decisions=100, drawn=per_seat, played=((), ())))
    for record in records:
        assert tally.add(record)
    assert not tally.add(records[7]) and tally.duplicates == 1 and tally.played == 400
    cards = {c["id"]: c for c in tally.to_json(1.0, 2)["cards"]}
    assert cards[strong]["drawn"]["difference"] == pytest.approx(0.5, abs=0.02)
    assert cards[strong]["drawn"]["significant"]
    assert not cards[idle]["drawn"]["significant"] and cards[idle]["drawn"]["p"] > 0.05
    assert cards[strong]["played"]["games"] == 0 and cards[strong]["played"]["p"] is None
    assert set(cards) == {strong, idle}  # cards never seen are left out


def test_the_page_draws_every_section_and_escapes_names():
    decks = tuple(get_rules("kaiju").sample_decks())
    plan = Plan("kaiju", (replace(decks[0], name="<b>bold</b>"), decks[1]), 4, 0, "random")
    tally = Tally(plan)
    for i in range(4):
        tally.add(GameRecord(index=i, winner=i % 2, draw=False, first=0, decisions=50 + i,
                             drawn=((decks[0].sections["main"][0],), ()), played=((), ())))
    page = render(tally.to_json(2.0, 2))
    assert "<b>bold</b>" not in page and "&lt;b&gt;bold&lt;/b&gt; vs stone-wing (pooled)" in page
    assert page.count("<svg") == 5 and "4 of 4 counted" in page and "first player won 2 of 4 games" in page
