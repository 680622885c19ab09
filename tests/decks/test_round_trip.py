"""Round trips (issue 18, scope 4): every sample deck of every game, imported as a TTS deck
object and exported back with `export-deck`, is the same deck when imported again, every
section included (Vividz Account and Missions, Sakura Arms goddesses); a table save exports
one list per seat, each the deck that seat plays."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.core.registry import game_ids, get_rules
from tts_bridge.assets.build import Settings
from tts_bridge.cli import main
from tts_bridge.decks.export import export_lists
from tts_bridge.decks.importer import read_deck
from tts_bridge.decks.output import card_index, deck_object_for

DATA = Path(__file__).resolve().parents[2] / "card_data"


def _same(a, b) -> dict:
    """Sections as multisets, empty sections ignored."""
    return {k: Counter(v) for k, v in a.sections.items() if v} == {k: Counter(v) for k, v in b.sections.items() if v}


def _every_sample_deck():
    for game in game_ids():
        for path in sorted((DATA / game / "decks").glob("*.txt")):
            yield game, path


@pytest.mark.parametrize("game,path", list(_every_sample_deck()), ids=lambda v: getattr(v, "stem", v))
def test_every_sample_deck_exports_and_imports_back_as_the_same_deck(game, path, _built_tables, tmp_path):
    rules = get_rules(game)
    deck = read_deck(rules, str(path))
    saved = tmp_path / f"{path.stem}.json"
    obj = deck_object_for(game, deck, card_index(game, Settings(out=_built_tables, dpi=40)))
    saved.write_text(json.dumps(obj.data), encoding="utf-8")
    exported = CliRunner().invoke(main, ["export-deck", str(saved)])  # the game is read from the objects' tags
    assert exported.exit_code == 0, exported.output
    assert "warning" not in exported.output  # goddesses and accounts are cards of their game
    again = tmp_path / "again.txt"
    again.write_text(exported.output, encoding="utf-8")
    assert _same(read_deck(rules, str(again)), deck), exported.output


@pytest.mark.parametrize("game", game_ids())
def test_a_table_save_exports_one_list_per_seat(game, generated_save, tmp_path):
    rules = get_rules(game)
    result = export_lists(generated_save(game), rules)
    assert [e.seat for e in result.lists] == ["0", "1"]
    samples = rules.sample_decks()
    for exported, sample in zip(result.lists, samples):
        assert exported.name == sample.name
        path = tmp_path / f"{exported.name}.txt"
        path.write_text(exported.text, encoding="utf-8")
        assert _same(read_deck(rules, str(path)), sample), exported.text


def test_export_deck_out_writes_one_file_per_seat_and_seat_picks_one(generated_save, tmp_path):
    save = tmp_path / "table.json"
    save.write_text(json.dumps(generated_save("vividz")), encoding="utf-8")
    result = CliRunner().invoke(main, ["export-deck", str(save), "--out", str(tmp_path / "lists")])
    assert result.exit_code == 0, result.output
    names = [d.name for d in get_rules("vividz").sample_decks()]
    assert sorted(p.stem for p in (tmp_path / "lists").glob("*.txt")) == sorted(names)
    one = CliRunner().invoke(main, ["export-deck", str(save), "--seat", "1"])
    assert one.exit_code == 0 and one.output.startswith("Account:\n")
    assert _same(get_rules("vividz").build_deck(one.output, "seat1.txt"), get_rules("vividz").sample_decks()[1])
    missing = CliRunner().invoke(main, ["export-deck", str(save), "--seat", "2"])
    assert missing.exit_code == 2 and "no seat '2' in this save (seats: 0, 1)" in missing.output
