"""Every registered game has an adapter, builds, and its outputs validate (strict)."""

import json
from pathlib import Path

import pytest

from engine.core.registry import game_ids
from tts_bridge.assets.build import Settings, build_game
from tts_bridge.assets.games import buildable_games
from tts_bridge.saves.validate import errors, validate_file


def test_every_registered_game_has_an_adapter():
    ok, missing = buildable_games()
    assert missing == [] and ok == game_ids()


@pytest.mark.parametrize("game", buildable_games()[0])
def test_game_builds_and_validates(game, tmp_path):
    r = build_game(game, Settings(out=tmp_path, dpi=25, jobs=1))
    assert r.errors == [], r.errors
    assert r.card_count > 0 and Path(r.preview).is_file() and r.sheets
    for path in [r.table_save, *r.deck_objects]:
        assert errors(validate_file(Path(path), strict=True)) == [], path
    save = json.loads(Path(r.table_save).read_text())
    names = [o["Name"] for o in save["ObjectStates"]]
    assert names.count("HandTrigger") == 2 and "ScriptingTrigger" in names and save["SnapPoints"]
    decks = [o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card") and "seat0" in o.get("Tags", [])]
    assert decks, "seat 0's sample deck is on the table"


def test_sakura_arms_table_holds_its_36_sakura_tokens(tmp_path):
    if "sakura-arms" not in buildable_games()[0]:
        pytest.fail("sakura-arms is registered but has no adapter")
    r = build_game("sakura-arms", Settings(out=tmp_path, dpi=25, jobs=1))
    save = json.loads(Path(r.table_save).read_text())
    tokens = [o for o in save["ObjectStates"] if "sakura" in o.get("Tags", [])]
    assert len(tokens) == 36  # Distance 10 + Aura 3 x 2 + Life 10 x 2 (setup)
