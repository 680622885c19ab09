"""Hostile card names through the Lua, and transport faults during a refereed game."""

from __future__ import annotations

import shutil
import socket

import pytest
import yaml
from click.testing import CliRunner

from engine.core.game import Game
from engine.core.paths import data_dir
from engine.core.registry import get_rules
from engine.games.kaiju import KaijuRules

from tts_bridge.protocol.transport import TTSUnavailable, free_port
from tts_bridge.session.cli import standalone
from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import card_ref
from tts_bridge.session.runner import open_session

from tests.session.helpers import Table

RULES = get_rules("kaiju")
HOSTILE = ['Q"uote', "Close]]", "Lvl]==]", "Line\nBreak", "漢字ü", "Back\\slash", "'single'", "<b>&amp;</b>",
           "end) os.exit() --", "%s %d"]


@pytest.fixture(scope="module")
def hostile_rules(tmp_path_factory) -> KaijuRules:
    folder = tmp_path_factory.mktemp("hostile") / "kaiju"
    shutil.copytree(data_dir() / "kaiju", folder)
    data = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8"))
    for i, card in enumerate(data["cards"]):
        if card["type"] == "battle":  # battle names are referenced by evolve/convert: change the prefix
            card["prefix"] = f"{HOSTILE[i % len(HOSTILE)]} {i}"
        else:
            card["name"] = f"{HOSTILE[i % len(HOSTILE)]} {card['name']}"
    (folder / "cards.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return KaijuRules(folder)


def test_hostile_card_names_round_trip_through_the_lua_unharmed(tmp_path, hostile_rules, generated_save):
    game = Game(hostile_rules, decks=RULES.sample_decks(), seed=4)
    t = Table(game, tmp_path, generated_save(game.rules.id))
    try:
        bots = TableBots(t.emu, t.session, seed=4, cheat_rate=0.1)
        checked = 0
        for _ in range(60):
            table = t.session.game.state.table
            for ref, placement in t.session.shown.items():
                obj = t.emu.by_guid(t.session.guids[ref])
                if placement.identity is not None:
                    assert obj.nickname == placement.identity[0]
                    checked += any(h in obj.nickname for h in HOSTILE)
            pending = t.session.game.pending()
            if pending is None or not bots.step():
                break
            color = t.colors[t.session.game.pending().seat] if t.session.game.pending() else None
            if color:
                labels = [label for _, label in t.emu.ui_buttons(color)]
                assert labels == [o.label for o in t.session.game.pending().options]
        assert checked > 20
        card = next(c for c in table.zone(0, "hand") + table.zone(1, "hand")) if any(
            table.zone(s, "hand") for s in (0, 1)) else None
        if card is not None:
            got = t.link.execute_lua('return JSON.encode({n = TTSBridge.objOf("%s").getName()})' % card_ref(card))
            assert got["n"] == table.cards[card].defn.title  # Lua -> JSON -> Python, byte for byte
        assert t.emu.errors == []
    finally:
        t.close()


def test_game_survives_a_chunked_reordered_duplicating_wire(tmp_path, generated_save):
    """Same seed, same bots: the faulty wire yields exactly the game the clean wire does."""
    finals = []
    for faulty in (False, True):
        t = Table(Game(RULES, seed=13), tmp_path / str(faulty), generated_save(RULES.id))  # a game of 700+ payloads
        try:
            t.emu.set_mode(chunked=faulty, reorder=faulty, duplicate=faulty)
            bots = TableBots(t.emu, t.session, seed=13, cheat_rate=0.15)
            while bots.step():
                pass
            assert t.session.game.result() is not None and t.emu.errors == []
            finals.append((t.session.game.hashes[-1], t.session.stats["reverted"]))
            if faulty:
                assert t.session.seq.duplicates > 100  # every payload came twice and was dropped once
        finally:
            t.close()
    assert finals[0] == finals[1]


def test_a_stalled_tts_is_reported_and_recovers(tmp_path, generated_save):
    t = Table(Game(RULES, seed=2), tmp_path, generated_save(RULES.id), ack_timeout=0.3)
    try:
        t.emu.set_mode(stuck=True)
        color = t.colors[t.session.game.pending().seat]
        assert t.emu.click(color, f"tb_opt_{color}_1")  # a decision whose table update cannot get through
        import time
        end = time.monotonic() + 10
        while time.monotonic() < end and not any("not confirmed" in s or "TTS problem" in s for s in t.said):
            time.sleep(0.02)
        assert any("not confirmed" in s or "TTS problem" in s for s in t.said), t.said
        assert len(t.session.game.decisions) == 1  # the decision itself is safe (journaled)
        t.emu.set_mode(stuck=False)
        t.settle()
        assert t.session.acked == t.session._batch
    finally:
        t.close()


def test_connection_refused_means_tts_is_not_up(tmp_path):
    told = []
    with pytest.raises(TTSUnavailable, match="is TTS running"):
        open_session("kaiju", listen_port=0, tts_port=free_port(), journal_dir=tmp_path, retry_for=0.3,
                     say=told.append)
    assert any("Waiting for Tabletop Simulator" in s for s in told)


def test_serve_explains_a_taken_editor_port(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(standalone, ["serve", "--game", "kaiju", "--listen-port", str(port),
                                                 "--journal-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert f"Port {port}" in result.output and "VS Code" in result.output


def test_serve_exits_3_when_tts_never_answers(tmp_path):
    result = CliRunner().invoke(standalone, ["serve", "--game", "kaiju", "--listen-port", "0", "--tts-port",
                                             str(free_port()), "--wait-for-tts", "0.3", "--journal-dir", str(tmp_path)])
    assert result.exit_code == 3
    assert "Waiting for Tabletop Simulator" in result.output and "is TTS running" in result.output


def test_serve_refuses_a_table_that_is_not_ours(tmp_path, generated_save):
    from tts_bridge.emulator import TTSEmulator

    listen = free_port()
    emu = TTSEmulator(editor_port=listen)
    save = generated_save("kaiju")
    save["LuaScript"] = "-- tts-bridge table: qiguang\n"
    emu.load(save)
    try:
        result = CliRunner().invoke(standalone, ["serve", "--game", "kaiju", "--listen-port", str(listen), "--tts-port",
                                                 str(emu.tts_port), "--journal-dir", str(tmp_path)])
    finally:
        emu.close()
    assert result.exit_code == 2
    assert "a tts-bridge table for 'qiguang'" in result.output
    assert list(tmp_path.iterdir()) == []  # no journal for a game that never started
