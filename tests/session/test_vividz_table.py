"""A whole Vividz game refereed at the emulated table (issue 9): physical moves and clicks,
illegal drops put back with the rule, hidden information, prompts per colour, lanes."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import card_ref
from tts_bridge.session.games.vividz import ADAPTER, disclosed

from tests.session.helpers import play_whole_game, Table, assert_prompts_reach_only_their_colour, wait_until

RULES = get_rules("vividz")


@pytest.fixture
def table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    yield t
    t.close()


def _until(table: Table, bots: TableBots, want, limit: int = 400) -> None:
    """Let the bots play (with their hands) until `want(game, pending)` holds."""
    for _ in range(limit):
        game = table.session.game
        pending = game.pending()
        assert pending is not None, "the game ended before the situation came up"
        if want(game, pending):
            return
        assert bots.step()
    raise AssertionError("the situation never came up")


def test_vividz_game_end_to_end_through_the_emulator(tmp_path, generated_save):
    """101.2: a full game to its result, by moving cards and clicking buttons; every illegal
    drop is put back at its pick-up position; the journal replays to the same hashes."""
    t = Table(Game(RULES, seed=7), tmp_path, generated_save(RULES.id))
    try:
        game, bots = play_whole_game(t)
        assert t.session.stats["reverted"] == bots.cheats_tried  # no legal move was ever put back
        kinds = {d["action"]["type"] for d in game.decisions}
        assert {"place_missions", "setup_energy", "play", "pay", "charge", "attack", "pass"} <= kinds
        assert t.emu.by_name("Turn")[0].data["Counter"]["value"] == game.state.turn
    finally:
        t.close()


def test_a_hand_card_dropped_on_a_field_slot_plays_it_into_that_lane(table):
    """906.1 / B.2: dropping a character on slot n plays it there; slot n of both players is
    one lane, so the card lies in the same column as the opponent's slot n."""
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind == "main" and any(
        o.action["type"] == "play" and "slot" in o.action and o.action["slot"] != 2 for o in p.options))
    game = table.session.game
    seat = game.pending().seat
    play = next(o.action for o in game.pending().options
                if o.action["type"] == "play" and "slot" in o.action and o.action["slot"] != 2)
    card, slot = play["card"], play["slot"]
    before = len(game.decisions)
    assert table.emu.move_as(table.colors[seat], table.session.guids[card_ref(card)], list(ADAPTER.slot_pos(seat, slot)))
    table.settle()
    assert game.decisions[before] == {"seat": seat, "action": play}
    while game.state.table.zone_name(card) == "temporary":  # 905.3: the cost is paid by dropping energy on the Trash
        moves = bots.physical_moves
        assert game.pending().kind == "pay" and bots.step()
        assert bots.physical_moves == moves + 1 and game.decisions[-1]["action"]["type"] == "pay"
    assert game.state.slot[card] == slot
    obj = table.emu.by_guid(table.session.guids[card_ref(card)])
    lane_x = ADAPTER.slot_pos(1 - seat, slot)[0]
    assert abs(obj.pos[0] - lane_x) < 1e-6 and obj.nickname == game.state.table.cards[card].defn.name


def test_illegal_drop_is_reverted_and_only_that_player_is_told_the_rule(table):
    """703.2: a character dropped on the opponent's turn goes back, with a private message;
    904.2f: a hand card thrown into the Trash in the Main phase goes back too."""
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind == "main" and g.state.table.zone(1 - p.seat, "hand"))
    game = table.session.game
    active = game.pending().seat
    idle = 1 - active
    idle_color, active_color = table.colors[idle], table.colors[active]
    decisions = len(game.decisions)

    card = game.state.table.zone(idle, "hand")[0]
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    active_before = list(table.emu.messages.get(active_color, []))
    assert table.emu.move_as(idle_color, guid, list(ADAPTER.slot_pos(idle, 2)))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    told = table.emu.messages[idle_color][-1]
    assert told.startswith("[703.2]") and "wait for your turn" in told
    assert table.emu.messages.get(active_color, []) == active_before

    mine = game.state.table.zone(active, "hand")[0]
    guid = table.session.guids[card_ref(mine)]
    start = list(table.emu.by_guid(guid).pos)
    idle_before = list(table.emu.messages.get(idle_color, []))
    assert table.emu.move_as(active_color, guid, list(ADAPTER.geo.world(active, "trash")))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert table.emu.messages[active_color][-1].startswith("[904.2f]")
    assert table.emu.messages.get(idle_color, []) == idle_before
    assert len(game.decisions) == decisions and table.session.stats["reverted"] == 2


def test_an_unaffordable_play_is_refused_with_the_engines_rule(table):
    """905.3b / 703.2a: a drop that names a real but illegal play is refused by the engine's
    own guard, and the card goes back."""
    bots = TableBots(table.emu, table.session, seed=2, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind == "main" and any(
        "rules do not allow" in c[3] for c in ADAPTER.cheats(g, table.colors)))
    game = table.session.game
    seat, card, pos, _ = next(c for c in ADAPTER.cheats(game, table.colors) if "rules do not allow" in c[3])
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    decisions = len(game.decisions)
    assert table.emu.move_as(table.colors[seat], guid, list(pos))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert len(game.decisions) == decisions
    assert table.emu.messages[table.colors[seat]][-1].split("]")[0] in ("[905.3b", "[703.2a")


def test_charging_energy_by_dropping_on_the_energy_zone(table):
    """705.3 (and 601.1e in setup): a hand card dropped on your Energy zone goes there."""
    bots = TableBots(table.emu, table.session, seed=3, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind in ("setup_energy", "charge") and any(
        o.action.get("card") is not None for o in p.options))
    game = table.session.game
    pending = game.pending()
    seat = pending.seat
    card = next(o.action["card"] for o in pending.options if o.action.get("card") is not None)
    assert table.emu.move_as(table.colors[seat], table.session.guids[card_ref(card)],
                             list(ADAPTER.geo.world(seat, "energy")))
    table.settle()
    assert game.state.table.zone_name(card) == "energy"


def test_prompts_reach_only_their_colour(table):
    bots = TableBots(table.emu, table.session, seed=3, cheat_rate=0.0)
    bots.cheats_tried = 1
    assert_prompts_reach_only_their_colour(table, bots)


def test_hidden_information_never_reaches_the_other_colour(tmp_path, generated_save):
    """501.3 / 509.3: no message, UI text or visible object names a card its colour has never
    been allowed to know (cards it sees now or saw, or that the engine's events told it)."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        game = t.session.game
        act = game.act
        told: list[list] = []

        def recording(seat, action):
            events = act(seat, action)
            told.append(events)
            return events

        game.act = recording  # the session calls this; we see exactly what each seat was told
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.1)
        known: list[set[str]] = [set(), set()]
        own_hand_seen = 0
        for _ in range(150):
            table = game.state.table
            for seat, color in enumerate(t.colors):
                for events in told:
                    for ev in events:
                        data = ev.for_seat(seat)
                        if data is not None:
                            known[seat] |= {v for k, v in _flat(data) if k in ("name", "title")}
                known[seat] |= {c.defn.name for c in table.cards if table.visible_to(c.id, seat)}
                secret = {c.defn.name for c in table.cards} - known[seat]
                texts = t.emu.visible_texts(color)
                hand = {table.cards[c].defn.name for c in table.zone(seat, "hand")}
                own_hand_seen += bool(hand) and hand <= set(texts)
                leaks = [(name, text) for text in texts for name in secret if name in text]
                assert leaks == [], f"{color} can read hidden cards: {leaks[:3]}"
            told.clear()
            if not bots.step():
                break
        assert own_hand_seen > 50
        assert t.session.stats.get("withheld", 0) == 0
    finally:
        t.close()


def _flat(node, key=None):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _flat(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from _flat(v, key)
    elif isinstance(node, str):
        yield key, node


def test_hand_and_keep_cards_are_anonymous_to_the_opponent(table):
    """509.3 / AMB-13: Keep cards are card backs without a name or face (the owner is told
    privately what it kept); hand cards are named only inside their owner's TTS hand zone; the
    leak guard's list covers the opponent's hand."""
    bots = TableBots(table.emu, table.session, seed=4, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind == "main" and all(g.state.table.zone(s, z) for s in (0, 1) for z in ("hand", "keep"))
           and g.state.table.zone(p.seat, "hand"))
    game = table.session.game
    placements = ADAPTER.placements(game, table.colors)
    for seat in (0, 1):
        for zone in ("hand", "keep"):
            for card in game.state.table.zone(seat, zone):
                p = placements[card_ref(card)]
                assert (p.identity is not None) == (zone == "hand")  # own hand zone only (TTS hides it)
                assert p.card is None or zone == "hand"
        assert placements[f"deck{seat}"].identity[1].endswith("(order hidden)")
    for seat in (0, 1):
        names = ADAPTER.hidden_names(game, seat)
        hand = {game.state.table.cards[c].defn.name for c in game.state.table.zone(1 - seat, "hand")}
        visible = {c.defn.name for c in game.state.table.cards if game.state.table.visible_to(c.id, seat)}
        assert (hand - visible - disclosed(game.state, seat)) <= names


def test_sleeping_cards_lie_sideways(table):
    """502.2 / 802.1b: an attacker sleeps, and its card turns 90 degrees."""
    bots = TableBots(table.emu, table.session, seed=6, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, lambda g, p: p.kind == "main" and any(o.action["type"] == "attack" for o in p.options))
    game = table.session.game
    seat = game.pending().seat
    attack = next(o.action for o in game.pending().options if o.action["type"] == "attack")
    card = attack["card"]
    before = len(game.decisions)
    assert table.emu.move_as(table.colors[seat], table.session.guids[card_ref(card)],
                             list(ADAPTER.slot_pos(1 - seat, game.state.slot[card])))
    table.settle()
    assert len(game.decisions) > before and card in game.state.sleep
    spin = table.session.shown[card_ref(card)].spin
    assert spin % 180 == 90


def test_the_leak_guard_withholds_text_naming_a_hidden_card(table):
    game = table.session.game
    secret = sorted(table.session.adapter.hidden_names(game, 0))[0]
    assert table.session._safe_for("White", f"Red holds {secret}") is False
    assert table.session._safe_for("White", "Red ends the Main phase") is True
