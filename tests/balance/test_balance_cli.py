"""`tts-bridge balance` refuses bad input with one `error:` line and exit 2, before any Ray
starts (issue 22, scope 3), and the bot is chosen in one place."""

from __future__ import annotations

import io
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.registry import get_rules
from engine.bots import Budget, parse_budget
from tts_bridge.balance.players import make_player
from tts_bridge.balance.runner import Progress, ProgressLine
from tts_bridge.cli import main

DECKS = Path(__file__).resolve().parents[2] / "card_data" / "kaiju" / "decks"
GOOD = DECKS / "stone-wing.txt"


def _errors(*args: str) -> list[str]:
    result = CliRunner().invoke(main, ["balance", *args])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if line.strip()]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


def test_unknown_game_is_one_line_with_a_suggestion():
    [line] = _errors("kaju", "--games", "4")
    assert line.startswith("error: unknown game 'kaju'; did you mean 'kaiju'?")


def test_unreadable_and_missing_deck_files_are_one_line_each(tmp_path):
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 8)
    lines = _errors("kaiju", "--decks", str(GOOD), str(binary), str(tmp_path / "nowhere.txt"), "--games", "4")
    assert lines == [f"error: {binary}: this is binary data, not a deck list",
                     f"error: {tmp_path / 'nowhere.txt'}: no such file"]


def test_one_deck_is_not_a_pairing():
    assert _errors("kaiju", "--decks", str(GOOD)) == [
        "error: --decks: a balance run pairs two or more decks, not 1; give another deck file"]


@pytest.mark.parametrize("games", ["0", "-3"])
def test_games_below_one_is_one_line(games):
    assert _errors("kaiju", "--games", games) == [f"error: --games {games}: a balance run needs at least 1 game"]


@pytest.mark.parametrize("budget,what", [("fast", "e.g. 0.5s or 200i, not 'fast'"), ("0s", "more than 0 seconds"),
                                         ("2.5i", "whole number of at least 1"), ("0i", "whole number of at least 1")])
def test_a_bad_bot_budget_is_one_line(budget, what):
    [line] = _errors("kaiju", "--bot", "search", "--bot-budget", budget)
    assert line.startswith("error: --bot-budget: ") and what in line


def test_a_budget_for_the_random_bot_is_refused():
    assert _errors("kaiju", "--bot", "random", "--bot-budget", "200i") == [
        "error: --bot-budget 200i: the random bot has no budget; leave it out, or play --bot search"]


@pytest.mark.parametrize("address", ["nonsense", "host:port", "10.0.0.1:99999"])
def test_a_malformed_ray_address_is_one_line(address):
    [line] = _errors("kaiju", "--bot", "random", "--ray", address)
    assert line.startswith(f"error: --ray {address!r}: a Ray address is HOST:PORT")


def test_an_address_where_no_cluster_answers_is_one_line_at_once():
    port = _closed_port()
    [line] = _errors("kaiju", "--bot", "random", "--ray", f"127.0.0.1:{port}")
    assert line.startswith(f"error: --ray 127.0.0.1:{port}: no Ray cluster answers there (")
    assert line.endswith("start one with `ray start --head` or give its head node's address")


def test_an_unwritable_out_folder_is_one_line_before_any_game(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert _errors("kaiju", "--bot", "random", "--out", str(blocker / "report")) == [
        f"error: {blocker / 'report'}: cannot write the report there (Not a directory); give another --out folder"]


def test_budgets_read_seconds_or_iterations():
    assert parse_budget("0.5s") == Budget(seconds=0.5) and str(parse_budget("0.5s")) == "0.5s"
    assert parse_budget("200i") == Budget(iterations=200) and str(parse_budget(" 200i ")) == "200i"


def test_the_random_player_is_the_seeded_random_bot():
    game = Game(get_rules("kaiju"), None, seed=1)
    player, reference = make_player("random", 5), RandomBot(5)
    for _ in range(30):
        request = game.pending()
        action = player.decide(game, request.seat)
        assert action == reference.choose(request)
        game.act(request.seat, action)


def test_the_search_player_decides_from_the_information_set(monkeypatch):
    """make_player("search") hands its bot the seat's information set, never the game."""
    import engine.core.infoset as infoset

    asked = []
    real = infoset.information_set
    monkeypatch.setattr(infoset, "information_set", lambda game, seat: asked.append(seat) or real(game, seat))
    game = Game(get_rules("kaiju"), None, seed=1)
    player = make_player("search", 5, Budget(iterations=5))
    while len(asked) < 3:
        request = game.pending()
        game.act(request.seat, player.decide(game, request.seat))
    assert asked


def test_the_progress_line_says_games_rate_and_eta_and_prints_each_tenth_off_a_terminal():
    assert Progress(12, 48, 2.0, 2).line() == "12/48 games  6.0 games/s  ETA 6 s  (2 CPUs)"
    stream = io.StringIO()
    line = ProgressLine(stream)
    for done in range(1, 21):
        line(Progress(done, 20, done / 10, 2))
    printed = stream.getvalue().splitlines()
    assert [p.split("/")[0] for p in printed] == ["1", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20"]
