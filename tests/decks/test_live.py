"""`import-deck --live` against the headless TTS emulator (issue 8, item 5)."""

import json
from pathlib import Path

from click.testing import CliRunner

from tts_bridge.cli import main
from tts_bridge.emulator import TTSEmulator
from tts_bridge.protocol.transport import free_port

DECK = sorted((Path(__file__).resolve().parents[2] / "card_data" / "kaiju" / "decks").glob("*.txt"))[0]


def test_live_import_spawns_the_deck_and_reports_its_final_guid(tmp_path):
    editor_port = free_port()
    emu = TTSEmulator(editor_port=editor_port, seed=3)
    try:
        emu.load({"SaveName": "t", "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [
            {"GUID": "aaaaaa", "Name": "Card", "Nickname": "already here", "Transform": {"posX": 0, "posY": 1, "posZ": 0}}]})
        result = CliRunner().invoke(main, ["import-deck", "kaiju", str(DECK), "--out", str(tmp_path), "--live",
                                           "--listen-port", str(editor_port), "--tts-port", str(emu.tts_port),
                                           "--build-dir", str(tmp_path / "build"), "--json"],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)
        assert len(report["live"]) == 1 and len(report["live"][0]) == 6
        deck = emu.by_guid(report["live"][0])
        assert deck is not None and not deck.spawning
        assert deck.kind == "Deck" and deck.nickname == DECK.stem
        assert len(deck.data["ContainedObjects"]) == 40 and deck.data["ContainedObjects"][0]["GMNotes"]
    finally:
        emu.close()


def test_live_import_without_tts_says_so_and_keeps_the_file(tmp_path):
    result = CliRunner().invoke(main, ["import-deck", "kaiju", str(DECK), "--out", str(tmp_path), "--live",
                                       "--listen-port", str(free_port()), "--tts-port", str(free_port()),
                                       "--build-dir", str(tmp_path / "build")], catch_exceptions=False)
    assert result.exit_code == 2
    assert "could not be spawned in TTS" in result.output
    assert (tmp_path / f"{DECK.stem}.json").is_file()
