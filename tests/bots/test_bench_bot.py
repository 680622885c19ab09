"""`tts-bridge bench bot`: budgets and opponents as the command line gives them, the Wilson
interval, alternating seats, and one clear line for bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from engine.bots import Budget, parse_budget
from engine.core.registry import get_rules
from tts_bridge.botbench import parse_against, play_match, wilson
from tts_bridge.cli import main


def test_budgets_are_seconds_or_iterations():
    assert parse_budget("0.5s") == Budget(seconds=0.5)
    assert parse_budget("200i") == Budget(iterations=200)
    assert parse_budget("200i").times(4) == Budget(iterations=800) and str(Budget(seconds=0.5)) == "0.5s"
    for bad, why in (("0s", "more than 0 seconds"), ("0i", "whole number"), ("5", "seconds or iterations"),
                     ("1.5i", "whole number"), ("fast", "seconds or iterations")):
        with pytest.raises(ValueError, match=why):
            parse_budget(bad)


def test_against_is_random_or_a_budget_multiple():
    assert parse_against("random") is None and parse_against("search:4x") == 4
    with pytest.raises(ValueError, match="search:Kx"):
        parse_against("search:0x")


def test_wilson_interval_of_known_counts():
    """Wilson (1927): 0 of 10 gives [0, 0.2775], 10 of 10 gives [0.7225, 1], 5 of 10 is symmetric."""
    assert wilson(0, 10)[0] == 0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4) and wilson(10, 10)[1] == 1
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high)


def test_a_match_alternates_seats_and_counts_every_game():
    match = play_match(get_rules("kaiju"), 2, 0, Budget(iterations=5), None)
    assert match.games == 2 and match.wins + match.losses + match.draws + match.unfinished == 2
    assert sum(match.seat_wins) == match.wins
    assert match.seconds and len(match.cpu_seconds) == len(match.seconds) and not match.other_seconds


def test_cli_prints_the_figures_as_json():
    out = CliRunner().invoke(main, ["bench", "bot", "--game", "sakura-arms", "--games", "2", "--budget", "5i",
                                    "--against", "search:2x", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["budget"] == "10i" and report["against"] == "search 5i" and report["games"] == 2
    assert report["mirror"], "a budget comparison is a mirror match"
    assert list(report["mirror_wins"]) == [report["decks"][0]], "two games: the first deck on both sides"
    assert 0 <= report["wilson95"][0] <= report["win_rate"] <= report["wilson95"][1] <= 1


def test_against_random_plays_the_sample_pair_unless_mirrored():
    runner = CliRunner()
    args = ["bench", "bot", "--game", "kaiju", "--games", "1", "--budget", "3i", "--json"]
    pair = json.loads(runner.invoke(main, args).output)
    mirrored = json.loads(runner.invoke(main, [*args, "--mirror"]).output)
    assert pair["decks"][0] != pair["decks"][1] and not pair["mirror"] and pair["mirror_wins"] == {}
    assert mirrored["mirror"] and mirrored["mirror_wins"] == {pair["decks"][0]: [mirrored["wins"], 1]}


def test_a_mirror_match_plays_each_deck_against_itself_in_turn():
    """Two games (one per seat) with the first deck on both sides, then two with the second, and
    so on: a budget's gain is measured over the pair, not one deck."""
    from tts_bridge.botbench import play_game

    rules = get_rules("kaiju")
    first, second = rules.sample_decks()
    decks = [play_game("kaiju", i, 0, Budget(iterations=2), None, [first, second], mirror=True).deck
             for i in range(5)]
    assert decks == [first.name, first.name, second.name, second.name, first.name]
    match = play_match(rules, 4, 0, Budget(iterations=2), 2, mirror=True)
    assert {deck: games for deck, (_, games) in match.mirrors.items()} == {first.name: 2, second.name: 2}
    assert sum(won for won, _ in match.mirrors.values()) == match.wins


@pytest.mark.parametrize("args,message", [
    (["--budget", "2x"], "error: a bot budget is seconds or iterations per decision, e.g. 0.5s or 200i, not '2x'"),
    (["--against", "human"], "error: --against is random or search:Kx (e.g. search:4x), not 'human'"),
])
def test_cli_bad_input_is_one_line_and_exit_2(args, message):
    out = CliRunner().invoke(main, ["bench", "bot", "--game", "kaiju", *args])
    assert out.exit_code == 2 and out.output.strip() == message


def test_games_in_processes_give_the_same_match_as_in_one():
    """Each game is seeded by itself, so `--jobs 2` reports what one process would (iterations)."""
    rules = get_rules("qiguang")
    alone = play_match(rules, 3, 5, Budget(iterations=4), 2)
    pooled = play_match(rules, 3, 5, Budget(iterations=4), 2, jobs=2)
    assert (pooled.wins, pooled.losses, pooled.draws, pooled.seat_wins) == \
        (alone.wins, alone.losses, alone.draws, alone.seat_wins)
    assert len(pooled.cpu_seconds) == len(alone.cpu_seconds) > 0
