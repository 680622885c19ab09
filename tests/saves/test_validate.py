"""The save validator: accepts every real TTS-written sample and our output; reports each
broken case with its JSON path."""

import copy
import json

import pytest
from click.testing import CliRunner

from tts_bridge.saves.model import Guids, card_object, custom_deck_entry, deck_object, saved_object
from tts_bridge.saves.validate import errors, validate_file, validate_save

from tests.samples import SAMPLES
SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


def test_samples_are_present():
    assert len(SAMPLE_FILES) >= 6


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_real_tts_saves_have_no_errors(path):
    problems = validate_file(path)
    assert errors(problems) == []


def test_real_save_warnings_name_json_paths():
    problems = validate_file(SAMPLES / "spirit-island-full-save.json")
    dup = [p for p in problems if p.code == "guid_duplicate"]
    assert dup and all(p.path.startswith("$.ObjectStates[") and p.path.endswith(".GUID") for p in dup)
    strict = validate_file(SAMPLES / "spirit-island-full-save.json", strict=True)
    assert any(p.code == "guid_duplicate" for p in errors(strict))


def _deck(tmp_path, n=3, hidden=False, cols=2, rows=2):
    sheet = tmp_path / "sheet.png"
    from PIL import Image
    Image.new("RGB", (cols * 10, rows * 14), "white").save(sheet)
    entry = custom_deck_entry(sheet.as_uri(), sheet.as_uri(), cols, rows, not hidden, False)
    guids = Guids("t")
    cards = [card_object(guids, 1200 + i, 12, entry, f"c{i}", "", []) for i in range(n)]
    return saved_object([deck_object(guids, cards, "D")])


def _codes(save, tmp_path, strict=True):
    return {(p.code, p.path) for p in errors(validate_save(save, tmp_path, strict=strict))}


def test_good_generated_deck_passes_strict(tmp_path):
    assert _codes(_deck(tmp_path), tmp_path) == set()


def test_card_id_key_not_in_custom_deck(tmp_path):
    save = _deck(tmp_path)
    save["ObjectStates"][0]["ContainedObjects"][1]["CardID"] = 1301
    save["ObjectStates"][0]["DeckIDs"][1] = 1301
    codes = _codes(save, tmp_path)
    assert ("card_key", "$.ObjectStates[0].ContainedObjects[1].CardID") in codes


def test_card_outside_grid(tmp_path):
    save = _deck(tmp_path)
    save["ObjectStates"][0]["ContainedObjects"][2]["CardID"] = 1204
    save["ObjectStates"][0]["DeckIDs"][2] = 1204
    assert ("grid_bounds", "$.ObjectStates[0].ContainedObjects[2].CardID") in _codes(save, tmp_path)


def test_card_in_hidden_cell(tmp_path):
    save = _deck(tmp_path, hidden=True)
    save["ObjectStates"][0]["ContainedObjects"][2]["CardID"] = 1203
    save["ObjectStates"][0]["DeckIDs"][2] = 1203
    assert ("hidden_cell", "$.ObjectStates[0].ContainedObjects[2].CardID") in _codes(save, tmp_path)


def test_deck_ids_out_of_order_and_wrong_length(tmp_path):
    save = _deck(tmp_path)
    save["ObjectStates"][0]["DeckIDs"] = [1201, 1200, 1202]
    assert ("deck_ids_mismatch", "$.ObjectStates[0].DeckIDs[0]") in _codes(save, tmp_path)
    save["ObjectStates"][0]["DeckIDs"] = [1200, 1201]
    assert ("deck_ids", "$.ObjectStates[0].DeckIDs") in _codes(save, tmp_path, strict=False)


def test_one_card_deck(tmp_path):
    save = _deck(tmp_path)
    deck = save["ObjectStates"][0]
    deck["ContainedObjects"] = deck["ContainedObjects"][:1]
    deck["DeckIDs"] = deck["DeckIDs"][:1]
    assert ("deck_size", "$.ObjectStates[0].ContainedObjects") in _codes(save, tmp_path)


def test_duplicate_and_bad_guids(tmp_path):
    save = _deck(tmp_path)
    cards = save["ObjectStates"][0]["ContainedObjects"]
    cards[1]["GUID"] = cards[0]["GUID"]
    cards[2]["GUID"] = "XYZ"
    codes = _codes(save, tmp_path)
    assert ("guid_duplicate", "$.ObjectStates[0].ContainedObjects[1].GUID") in codes
    assert ("guid_format", "$.ObjectStates[0].ContainedObjects[2].GUID") in codes
    assert _codes(save, tmp_path, strict=False) == set()  # TTS tolerates these: warnings


def test_missing_local_file_and_wrong_grid_pixels(tmp_path):
    save = _deck(tmp_path)
    entry = save["ObjectStates"][0]["CustomDeck"]["12"]
    entry["FaceURL"] = (tmp_path / "gone.png").as_uri()
    assert ("file_missing", '$.ObjectStates[0].CustomDeck["12"].FaceURL') in _codes(save, tmp_path)
    save = _deck(tmp_path)
    save["ObjectStates"][0]["CustomDeck"]["12"]["NumWidth"] = 3
    for c in save["ObjectStates"][0]["ContainedObjects"]:
        c["CustomDeck"]["12"]["NumWidth"] = 3
    assert ("grid_pixels", '$.ObjectStates[0].CustomDeck["12"].FaceURL') in _codes(save, tmp_path)


def test_grid_too_large_and_bad_types(tmp_path):
    save = _deck(tmp_path)
    save["ObjectStates"][0]["CustomDeck"]["12"]["NumHeight"] = 8
    save["ObjectStates"][0]["Locked"] = "yes"
    save["ObjectStates"][0]["Transform"]["posX"] = "1"
    codes = _codes(save, tmp_path)
    assert ("grid", '$.ObjectStates[0].CustomDeck["12"].NumHeight') in codes
    assert ("type", "$.ObjectStates[0].Locked") in codes
    assert ("type", "$.ObjectStates[0].Transform") in codes


def test_lua_that_does_not_compile(tmp_path):
    save = _deck(tmp_path)
    save["LuaScript"] = "function onLoad()\n  print('x'\nend\n"
    save["ObjectStates"][0]["LuaScript"] = "x = = 1"
    codes = _codes(save, tmp_path)
    assert ("lua", "$.LuaScript") in codes and ("lua", "$.ObjectStates[0].LuaScript") in codes
    msg = next(p.message for p in validate_save(save, tmp_path) if p.path == "$.LuaScript")
    assert ":3:" in msg or ":2:" in msg


def test_infinite_bag_with_two_objects_and_bad_enums(tmp_path):
    good = _deck(tmp_path)
    card = copy.deepcopy(good["ObjectStates"][0]["ContainedObjects"][0])
    bag = {"GUID": "abcdef", "Name": "Infinite_Bag", "LuaScript": "", "LuaScriptState": "", "Bag": {"Order": 5},
           "ContainedObjects": [card, copy.deepcopy(card)]}
    bag["ContainedObjects"][1]["GUID"] = "fedcba"
    save = saved_object([bag])
    codes = _codes(save, tmp_path)
    assert ("infinite_bag", "$.ObjectStates[0].ContainedObjects") in codes
    assert ("enum", "$.ObjectStates[0].Bag.Order") in codes


def test_not_json_and_not_an_object(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    (p,) = validate_file(bad)
    assert p.path == "$" and p.code == "json" and "line 1" in p.message
    (unreadable,) = validate_file(tmp_path)  # a folder: the file cannot be read, which is not its JSON's fault
    assert unreadable.code == "io" and "cannot be read" in unreadable.message
    assert ("type", "$.ObjectStates") in _codes({"ObjectStates": {}}, tmp_path)


def test_cli_validate_save_good_and_broken(tmp_path):
    from tts_bridge.cli import main as group

    runner = CliRunner()
    res = runner.invoke(group, ["validate-save", *map(str, SAMPLE_FILES)])
    assert res.exit_code == 0, res.output
    broken = _deck(tmp_path)
    broken["ObjectStates"][0]["DeckIDs"] = [1]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    res = runner.invoke(group, ["validate-save", "--json", str(path)])
    assert res.exit_code == 1
    report = json.loads(res.output)
    assert any(p["path"] == "$.ObjectStates[0].DeckIDs" and p["severity"] == "error" for p in report[str(path)])
