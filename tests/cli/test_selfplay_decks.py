"""`selfplay --deck-a/--deck-b`: bot games with any two deck lists (read as `referee` reads
them), so cards no sample deck holds can be played many times; a bad list is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tts_bridge.cli import main
from tts_bridge.selfplay import play_one
from engine.core.registry import get_rules

DECKS = Path(__file__).resolve().parents[2] / "card_data" / "sakura-arms" / "decks"


def test_selfplay_plays_the_given_decks():
    rules = get_rules("sakura-arms")
    a, b = DECKS / "mist-and-blade.txt", DECKS / "snow-and-blade.txt"
    out = CliRunner().invoke(main, ["selfplay", "--game", "sakura-arms", "--games", "3", "--deck-a", str(a),
                                    "--deck-b", str(b), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["errors"] == 0
    from tts_bridge.cli_common import load_deck_pair
    decks = load_deck_pair(rules, a, b, {})
    game = play_one(rules, 0, decks=decks).game
    assert [d.name for d in game.decks] == [d.name for d in decks] != [d.name for d in rules.sample_decks()]


def test_selfplay_with_one_deck_or_a_bad_list_stops_with_exit_2(tmp_path):
    one = CliRunner().invoke(main, ["selfplay", "--game", "sakura-arms", "--deck-a", str(DECKS / "mist-and-blade.txt")])
    assert one.exit_code == 2 and "give both --deck-a and --deck-b" in one.output
    bad = tmp_path / "bad.txt"
    bad.write_text("3 No Such Card\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["selfplay", "--game", "sakura-arms", "--deck-a", str(bad),
                                    "--deck-b", str(DECKS / "snow-and-blade.txt")])
    assert out.exit_code == 2 and "bad.txt" in out.output and "Traceback" not in out.output
