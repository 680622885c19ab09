"""A whole kaiju game refereed at the emulated table (issue 9): physical moves and clicks,
illegal drops put back with the rule, hidden information, prompts per colour, trust."""

from __future__ import annotations

import json
import socket

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.assets.games.kaiju import SPIRIT_COST
from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import card_ref

from tests.session.helpers import play_whole_game, Table, assert_prompts_reach_only_their_colour, hidden_names, wait_until

RULES = get_rules("kaiju")




@pytest.fixture
def table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    yield t
    t.close()


def test_kaiju_game_end_to_end_through_the_emulator(tmp_path, generated_save):
    """KJ-4: a full game to its result, by moving cards and clicking buttons; every illegal
    drop is put back at its pick-up position; the journal replays to the same hashes."""
    t = Table(Game(RULES, seed=7), tmp_path, generated_save(RULES.id))
    try:
        game, bots = play_whole_game(t)
        for seat in (0, 1):  # the save's spirit counters show the engine's totals (KJ-2.6, KJ-4.1)
            [counter] = t.emu.by_name(SPIRIT_COST.object_name(seat))
            assert counter.data["Counter"]["value"] == game.view(None)["players"][seat]["spirit_total"]
        assert max(game.view(None)["players"][s]["spirit_total"] for s in (0, 1)) > 0
    finally:
        t.close()


def test_illegal_drop_is_reverted_and_only_that_player_is_told_the_rule(table):
    """KJ-3.3.1: a card dropped on the opponent's turn goes back, with a private message."""
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    while table.session.game.pending().kind != "main":
        bots.step()
    game = table.session.game
    idle = 1 - game.pending().seat
    idle_color, active_color = table.colors[idle], table.colors[1 - idle]
    card = game.state.table.zone(idle, "hand")[0]
    guid = table.session.guids[card_ref(card)]
    obj = table.emu.by_guid(guid)
    start = list(obj.pos)
    decisions = len(game.decisions)
    active_before = list(table.emu.messages.get(active_color, []))
    assert table.emu.move_as(idle_color, guid, [0.0, 1.0, 0.0])
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert len(game.decisions) == decisions
    told = table.emu.messages[idle_color][-1]
    assert told.startswith("[KJ-3.3.1]") and "opponent's turn" in told
    assert told.startswith("[KJ-3.3.1] Main phase (general): ")  # the rule's title, from docs/rules
    assert table.emu.messages.get(active_color, []) == active_before


def test_pickups_the_allow_list_forbids_are_blocked_in_lua(table):
    """Lua vetoes the pick-up itself (no round trip) and explains it to that colour only."""
    game = table.session.game
    red_card = next(iter(table.session.adapter.movable(game, 0)), None)  # a White card, if any
    deck = table.session.guids["deck1"]
    assert table.emu.pick_up("White", deck) is False
    assert table.emu.by_guid(deck).held_by is None
    table.settle()
    assert table.session.stats["blocked"] >= 1
    assert table.emu.messages["White"][-1]
    if red_card is not None:
        assert table.emu.pick_up("Red", table.session.guids[card_ref(red_card)]) is False


def test_prompts_reach_only_their_colour(table):
    bots = TableBots(table.emu, table.session, seed=3, cheat_rate=0.0)
    bots.cheats_tried = 1
    assert_prompts_reach_only_their_colour(table, bots)


def test_hidden_information_never_reaches_the_other_colour(tmp_path, generated_save):
    """No message, UI text or visible object tells a colour the name of a card it may not see."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.1)
        seen = {c: 0 for c in t.colors}
        own_hand_seen = 0
        for _ in range(120):
            game = t.session.game
            for seat, color in enumerate(t.colors):
                secret = hidden_names(game, seat)
                texts = t.emu.visible_texts(color)
                hand = {game.state.table.cards[c].defn.title for c in game.state.table.zone(seat, "hand")}
                own_hand_seen += bool(hand) and hand <= set(texts)  # the check can see hand cards at all
                new_messages = t.emu.messages.get(color, [])[seen[color]:]
                seen[color] = len(t.emu.messages.get(color, []))
                leaks = [(name, text) for text in texts + new_messages for name in secret if name in text]
                assert leaks == [], f"{color} can read hidden cards: {leaks[:3]}"
            if not bots.step():
                break
        assert own_hand_seen > 50
    finally:
        t.close()


def test_messages_without_the_token_or_from_unseated_colours_are_ignored(table):
    game = table.session.game
    pending = game.pending()
    forged = {"event": "click", "color": table.colors[pending.seat], "prompt": table.session.prompts[table.colors[pending.seat]][0],
              "option": 1, "seq": 999}
    for payload in (forged, {**forged, "token": "0" * 32}):
        with socket.create_connection(("127.0.0.1", table.link.listen_port)) as s:
            s.sendall(json.dumps({"messageID": 4, "customMessage": payload}).encode())
    # a spectator (Grey) drags a referee card: reported by our Lua with the token, still ignored
    table.link.execute_lua('TTSBridge.send({event = "drop", color = "Grey", ref = "deck0", pos = {x = 0, y = 1, z = 0}})')
    table.settle()
    assert table.session.stats["ignored"] >= 3
    assert game.decisions == []


def test_a_table_without_our_marker_is_refused(tmp_path, generated_save):
    from tts_bridge.session.session import WrongTable

    save = generated_save("kaiju")
    save["LuaScript"] = "-- someone else's mod\nfunction onLoad() end"
    t = Table(Game(RULES, seed=1), tmp_path, save, start=False)
    try:
        with pytest.raises(WrongTable, match="not a tts-bridge table"):
            t.session.check_table()
    finally:
        t.link.close()
        t.emu.close()


def test_a_reloaded_table_is_laid_out_again(table):
    """Save & Play (or reloading the save) wipes our Lua's token and the spawned cards: the
    bridge notices the dump that follows and rebuilds the table from the engine state."""
    from tts_bridge.glue import render_global_lua, render_global_xmlui
    from tts_bridge.protocol.messages import ScriptState

    bots = TableBots(table.emu, table.session, seed=2, cheat_rate=0.0)
    bots.cheats_tried = 1
    for _ in range(6):
        bots.step()
    table.link.save_and_play([ScriptState("Global", "-1", render_global_lua("kaiju"), render_global_xmlui("kaiju"))])
    pending = table.session.game.pending()
    color = table.colors[pending.seat]
    import time
    end = time.monotonic() + 10
    while time.monotonic() < end and not any("reloaded" in s for s in table.said):
        time.sleep(0.02)
    while time.monotonic() < end and [l for _, l in table.emu.ui_buttons(color)] != [o.label for o in pending.options]:
        time.sleep(0.02)
    table.settle()
    assert any("reloaded" in s for s in table.said)
    assert [l for _, l in table.emu.ui_buttons(color)] == [o.label for o in pending.options]
    for _ in range(4):
        assert bots.step()


def test_every_decision_is_in_the_journal_before_tts_hears_of_it(table):
    """Nothing lost: at every send to TTS, the journal on disk already holds every decision."""
    journal = table.journal.path
    seen = []
    send = table.link.send_custom

    def checked(payload):
        lines = journal.read_text(encoding="utf-8").splitlines()
        seen.append((len(lines) - 1, len(table.session.game.decisions)))
        send(payload)

    table.link.send_custom = checked
    bots = TableBots(table.emu, table.session, seed=8, cheat_rate=0.2)
    for _ in range(25):
        bots.step()
    assert len(seen) > 25
    assert all(on_disk == decided for on_disk, decided in seen)


def test_no_table_adapter_is_a_clear_error():
    from tts_bridge.session.games import adapter_for

    with pytest.raises(KeyError, match="no TTS table adapter for 'nope'"):
        adapter_for("nope")


def test_the_leak_guard_withholds_text_naming_a_hidden_card(table):
    game = table.session.game
    secret = sorted(table.session.adapter.hidden_names(game, 0))[0]
    assert table.session._safe_for("White", f"Red holds {secret}") is False
    assert table.session._safe_for("White", "Red ends the turn") is True


def test_flips_of_referee_cards_are_vetoed_in_lua(table):
    """There is no onObjectFlip: Lua vetoes the FlipOver action itself, and tells that colour."""
    deck = table.session.guids["deck0"]
    face_down = table.emu.by_guid(deck).is_face_down
    assert table.emu.flip("White", deck) is False
    assert table.emu.by_guid(deck).is_face_down == face_down
    assert "referee" in table.emu.messages["White"][-1]
    table.settle()
    assert table.session.stats["blocked"] >= 1


def test_kj_3_1_3_both_colours_are_asked_for_their_opening_cards_and_either_drops_first(table):
    """KJ-3.1.3: the opening face-down cards have no order, so at the table both colours are
    prompted at once and the second player's drop onto its engagement zone is accepted before
    the first player's; the card stays face down to the other colour until both are down."""
    s, game = table.session, table.session.game
    bots = TableBots(table.emu, s, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    while game.pending().kind != "place_facedown":
        bots.step()
    table.settle()
    first = game.pending().seat
    second = 1 - first
    assert set(s.prompts) == {s.colors[0], s.colors[1]}  # both colours hold an opening prompt
    mine = game.request_for(second)
    card = mine.options[0].action["card"]
    phys = s.adapter.physical(game, second, mine.options[0].action, s.shown)
    assert phys is not None and phys.card == card
    assert table.emu.move_as(s.colors[second], s.guids[card_ref(card)], phys.pos)
    table.settle()
    assert wait_until(lambda: len(game.decisions) == 2)
    assert game.decisions[-1] == {"seat": second, "action": {"type": "place_facedown", "card": card}}
    assert card in game.state.table.face_down
    assert game.pending().seat == first and s.colors[second] not in s.prompts
    assert not any(name in json.dumps(table.emu.messages.get(s.colors[first], []))
                   for name in hidden_names(game, first))


def test_status_lines_show_the_public_view_at_every_decision():
    """The status text (read from the state for speed) says what the public view says: turn,
    phase, each seat's deck and hand sizes (KJ-G31), spirit total (KJ-4.1) and advantage."""
    from engine.bots.random_bot import RandomBot
    from tts_bridge.session.games.kaiju import ADAPTER

    game, bots, colors = Game(RULES, seed=11), [RandomBot(1), RandomBot(2)], ["White", "Red"]
    while (request := game.pending()) is not None:
        view = game.view(0)
        lines = ADAPTER.status_lines(game, colors)
        assert lines[0] == f"Kaiju - turn {view['turn']}, {view['phase']} phase"
        for seat in (0, 1):
            p = view["players"][seat]
            assert f"{colors[seat]}: deck {p['deck']['count']}, hand {p['hand']['count']}, " \
                   f"spirit {p['spirit_total']}/15{' , advantage' if p['advantage'] else ''}" in lines
        game.act(request.seat, bots[request.seat].choose(request))


def test_allow_lists_and_status_are_sent_only_when_they_change_and_again_on_a_full_sync(table):
    """The allow-lists and the status text stay set in Lua until replaced, so a sync that
    changes neither does not send them again; a full sync (after a reload) always does."""
    s = table.session
    sent: list[list[dict]] = []
    send = s._send
    s._send = lambda cmds: (sent.append(cmds), send(cmds))
    s.sync()
    s.sync()
    ops = [[c["op"] for c in cmds] for cmds in sent]
    assert "allow" not in ops[-1] and "status" not in ops[-1]
    s.sync(full=True)
    assert {"allow", "status"} <= {c["op"] for c in sent[-1]}
