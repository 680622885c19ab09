"""`bench assets --cards N` (issue 21, scope 1): a big card set made from a game's own cards,
rebuilt with nothing changed and with one card changed (figures not judged here: what is
checked is that the rebuilds draw 0 and 1 cards, which the command itself also insists on)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from engine.core.registry import game_ids
from tts_bridge.assets.bench import _edit_one_card, synthesize
from tts_bridge.assets.games import get_adapter
from tts_bridge.cli import main


@pytest.mark.parametrize("game", game_ids())
def test_every_games_cards_grow_to_a_set_the_engine_accepts(game, tmp_path):
    data = synthesize(game, 150, tmp_path)
    cards = get_adapter(game).with_data(data).cards()
    assert len(cards) >= 150 and len({c.id for c in cards}) == len(cards)


def test_one_edit_changes_one_card_and_moves_the_lines_after_it(tmp_path):
    data = synthesize("kaiju", 60, tmp_path)
    before = {c.id: c for c in get_adapter("kaiju").with_data(data).cards()}
    _edit_one_card(data)
    after = {c.id: c for c in get_adapter("kaiju").with_data(data).cards()}
    assert before.keys() == after.keys()
    assert [i for i in before if repr(before[i]) != repr(after[i])] and \
        len([i for i in before if repr(before[i]) != repr(after[i])]) == 1


def test_bench_assets_cards_rebuilds_nothing_then_one_card(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    res = CliRunner().invoke(main, ["bench", "assets", "--cards", "40", "--dpi", "20", "--json"])
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.output)
    assert row["cards"] == 40 and row["noop_s"] > 0 and row["one_card_s"] > 0
    # the synthesized set's cached cards and parses went with it: nothing left in the user's cache
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]


def test_bench_assets_cards_of_an_unknown_game_is_one_line(tmp_path):
    res = CliRunner().invoke(main, ["bench", "assets", "--cards", "40", "--game", "chess"])
    assert res.exit_code == 2 and "chess" in res.output and "Traceback" not in res.output
