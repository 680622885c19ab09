"""A whole Gundam War game refereed at the emulated table (issue 9): cards played and Units
sortied by moving them, everything else by buttons, illegal drops put back with the rule,
prompts per colour, and hidden information (Homeland, Discard Pile, the enemy hand) kept hidden."""

from __future__ import annotations

import collections

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import adapter_for, card_ref

from tests.session.helpers import play_whole_game, Table, assert_prompts_reach_only_their_colour, hidden_names, wait_until

RULES = get_rules("gundam-war")




def bots_until(t: Table, bots: TableBots, ready, limit: int = 400) -> None:
    """Let the bots play until `ready(game)` holds for the pending decision."""
    for _ in range(limit):
        game = t.session.game
        if game.pending() is not None and ready(game):
            return
        assert bots.step(), "the game ended before the situation arose"
    raise AssertionError("the situation did not arise")


@pytest.fixture
def table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    yield t
    t.close()


def test_gundam_war_game_end_to_end_through_the_emulator(tmp_path, generated_save):
    """GW-B-5.2: a full game to its result by moving cards (plays GW-A-8.1, sorties GW-A-17.1.1)
    and clicking buttons; every illegal drop is put back; the journal replays to the same hashes."""
    t = Table(Game(RULES, seed=7), tmp_path, generated_save(RULES.id))
    try:
        by_move = collections.Counter()
        decide = t.session._decide

        def counting(seat, action, moved=None):
            if moved is not None:
                by_move[action["type"]] += 1
            return decide(seat, action, moved)

        t.session._decide = counting
        game, bots = play_whole_game(t)
        assert by_move["play"] > 0 and by_move["sortie"] > 0  # both kinds of card move decided something
        view = game.view(None)
        for seat in (0, 1):  # the table's counters show the engine's pollution and Vulture points
            p = view["players"][seat]
            assert t.emu.by_name(f"Seat {seat} Pollution coins")[0].data["Counter"]["value"] == p["pollution"]
            assert t.emu.by_name(f"Seat {seat} Vulture points")[0].data["Counter"]["value"] == p["vulture_points"]
    finally:
        t.close()


def test_a_drop_without_priority_is_reverted_and_only_that_player_is_told(table):
    """GW-A-9.3: a card played while the opponent has priority goes back, with a private message."""
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    bots_until(table, bots, lambda g: g.pending().kind == "free_timing"
               and g.state.table.zones[f"{1 - g.pending().seat}.hand"])
    game = table.session.game
    idle = 1 - game.pending().seat
    idle_color, active_color = table.colors[idle], table.colors[1 - idle]
    card = game.state.table.zones[f"{idle}.hand"][0]
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    decisions = len(game.decisions)
    active_before = list(table.emu.messages.get(active_color, []))
    deploy = table.session.adapter.geo.world(idle, "deploy", 3)
    assert table.emu.move_as(idle_color, guid, list(deploy))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert len(game.decisions) == decisions
    told = table.emu.messages[idle_color][-1]
    assert told.startswith("[GW-A-9.3]") and "priority" in told
    assert table.emu.messages.get(active_color, []) == active_before


def test_discarding_outside_the_hand_limit_is_refused_with_the_rule(table):
    """GW-B-12.3: a hand card thrown on your own Junk Yard in a free timing goes back to the hand."""
    bots = TableBots(table.emu, table.session, seed=2, cheat_rate=0.0)
    bots.cheats_tried = 1
    bots_until(table, bots, lambda g: g.pending().kind == "free_timing"
               and g.state.table.zones[f"{g.pending().seat}.hand"])
    game = table.session.game
    seat = game.pending().seat
    color, other = table.colors[seat], table.colors[1 - seat]
    card = game.state.table.zones[f"{seat}.hand"][0]
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    other_before = list(table.emu.messages.get(other, []))
    assert table.emu.move_as(color, guid, list(table.session.adapter.geo.world(seat, "junk")))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert game.state.table.name_of[card] == "hand"
    assert table.emu.messages[color][-1].startswith("[GW-B-12.3]")
    assert table.emu.messages.get(other, []) == other_before


def test_a_unit_dragged_into_a_battle_area_sorties_there(table):
    """GW-A-17.1.1: in the sortie choice, dropping a Unit in the shared Earth/Space Area or the
    Fighting Arena is the sortie; the card then lies on its own side's half of that area."""
    bots = TableBots(table.emu, table.session, seed=4, cheat_rate=0.0)
    bots.cheats_tried = 1
    bots_until(table, bots, lambda g: any(o.action["type"] == "sortie" for o in g.pending().options))
    game = table.session.game
    seat = game.pending().seat
    action = next(o.action for o in game.pending().options if o.action["type"] == "sortie")
    adapter = table.session.adapter
    box = adapter.areas[action["area"]]
    drop = (box.x, 1.5, box.z + (box.h / 4 if seat == 1 else -box.h / 4))
    guid = table.session.guids[card_ref(action["card"])]
    assert table.emu.move_as(table.colors[seat], guid, list(drop))
    table.settle()
    assert game.decisions[-1] == {"seat": seat, "action": action}
    assert game.state.table.name_of[action["card"]] == action["area"]
    pos = table.emu.by_guid(table.session.guids[card_ref(action["card"])]).pos
    assert abs(pos[0] - box.x) <= box.w / 2 and (pos[2] < box.z) == (seat == 0)


def test_prompts_reach_only_their_colour(table):
    bots = TableBots(table.emu, table.session, seed=3, cheat_rate=0.0)
    bots.cheats_tried = 1
    assert_prompts_reach_only_their_colour(table, bots)


def test_hidden_information_never_reaches_the_other_colour(tmp_path, generated_save):
    """GW-B-4.3.1, GW-B-4.3.2, GW-B-4.3.10: no message, UI text or visible object names a card in
    a Homeland, a Discard Pile or the enemy hand; the piles are single anonymous objects."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.1)
        seen = {c: 0 for c in t.colors}
        own_hand_seen = 0
        for _ in range(150):
            game = t.session.game
            table = game.state.table
            for seat, color in enumerate(t.colors):
                secret = hidden_names(game, seat)
                texts = t.emu.visible_texts(color)
                hand = {table.cards[c].defn.title for c in table.zones[f"{seat}.hand"]}
                own_hand_seen += bool(hand) and hand <= set(texts)
                new_messages = t.emu.messages.get(color, [])[seen[color]:]
                seen[color] = len(t.emu.messages.get(color, []))
                leaks = [(name, text) for text in texts + new_messages for name in secret if name in text]
                assert leaks == [], f"{color} can read hidden cards: {leaks[:3]}"
                for zone in ("homeland", "discard"):  # no object per hidden card
                    assert not any(card_ref(c) in t.session.shown for c in table.zones[f"{seat}.{zone}"])
                for c in table.zones[f"{1 - seat}.hand"]:  # named only inside its owner's TTS hand zone
                    obj = t.emu.by_guid(t.session.guids[card_ref(c)])
                    assert t.session.shown[card_ref(c)].identity is None or t.emu.hand_of(obj) == t.colors[1 - seat]
            if not bots.step():
                break
        assert own_hand_seen > 50
    finally:
        t.close()


def test_the_battle_areas_are_shared_and_drops_read_in_world_coordinates():
    """GW-B-4.2, GW-B-4.3.3-5: one Earth Area, Fighting Arena and Space Area between the seats:
    a drop on either half of the Earth Area is the Earth Area, for both seats."""
    adapter = adapter_for("gundam-war")
    game = Game(RULES, seed=1)
    earth = adapter.areas["earth"]
    for z in (earth.z - 1.5, earth.z + 1.5):
        site = adapter.site_at(game, (earth.x, 1.5, z), {})
        assert site.zone == "earth" and site.seat == (0 if z < earth.z else 1)
    for seat in (0, 1):
        x, _, z = adapter._squad(seat, "earth", 0, 1)
        assert abs(x - earth.x) < earth.w / 2 and (z < earth.z) == (seat == 0)
        assert adapter.site_at(game, adapter.geo.world(seat, "junk"), {}).zone == "junk"


@pytest.mark.parametrize("fallback", [False, True], ids=["asset", "fallback"])
def test_every_slot_and_closed_up_row_lies_in_its_own_zone_for_both_seats(fallback):
    """The bridge reads drops with the same boxes it lays cards out in, even when a Deploy Area
    holds more cards than it has snap points (GW-B-4.3.7)."""
    from tts_bridge.session.games.geometry import Geometry
    from tts_bridge.session.games.gundam_war import FALLBACK_ZONES, GundamWarAdapter

    adapter = GundamWarAdapter()
    if fallback:
        adapter.geo = Geometry([z for z in FALLBACK_ZONES if z.kind != "shared"])
    geo = adapter.geo
    for name, zone in geo.zones.items():
        for count in (max(zone.slots, 3), zone.slots + 6):
            for i in range(count):
                for seat in (0, 1):
                    pos = adapter._pos(seat, name, i, count)
                    assert geo.zone_at(*geo.to_local(seat, pos)) == name, (name, i, count, seat)


def test_the_bridge_uses_the_asset_pipelines_gundam_war_zones():
    from tts_bridge.assets.games.gundam_war import ADAPTER as ASSET
    from tts_bridge.session.games.gundam_war import FALLBACK_ZONES

    adapter = adapter_for("gundam-war")
    assert adapter.geo.source == "asset adapter"
    assert set(adapter.geo.zones) | set(adapter.areas) == {z.name for z in ASSET.zones}
    assert {(z.name, z.x, z.z, z.w, z.h) for z in FALLBACK_ZONES} == {(z.name, z.x, z.z, z.w, z.h) for z in ASSET.zones}


def test_the_leak_guard_withholds_text_naming_a_hidden_card(table):
    game = table.session.game
    secret = sorted(table.session.adapter.hidden_names(game, 0))[0]
    assert table.session._safe_for("White", f"Red holds {secret}") is False
    assert table.session._safe_for("White", "Red passes") is True


def test_the_generated_table_saves_zones_snap_points_and_counters_agree_with_the_bridge():
    """Drops on the table save's scripting zones and snap points read as those zones, and its
    Counter objects are the ones the bridge sets (pollution GW-A-25.42, Vulture GW-A-25.7)."""
    from tts_bridge.assets.games.gundam_war import ADAPTER as ASSET
    from tts_bridge.saves.model import Guids
    from tts_bridge.saves.table import supply_objects, zone_objects

    adapter = adapter_for("gundam-war")
    game = Game(RULES, seed=1)
    zones, snaps = zone_objects(ASSET, Guids("t"))
    checked = 0
    for obj in zones:
        tag = obj.get("GMNotes", "")
        if not tag.startswith("gundam-war:"):
            continue
        _, side, name = tag.split(":")
        tf = obj["Transform"]
        site = adapter.site_at(game, (tf["posX"], 1.5, tf["posZ"]), {})
        assert site.zone == name and (side == "shared" or site.seat == int(side)), (tag, site)
        checked += 1
    assert checked == 2 * len(ASSET.zones) - 3 - 2  # the 3 shared areas once; hand zones are HandTriggers
    for snap in snaps:
        p = snap["Position"]
        assert adapter.site_at(game, (p["x"], 1.5, p["z"]), {}).zone is not None
    names = {o["Nickname"] for o in supply_objects(ASSET, Guids("t"), {}) if o["Name"] == "Counter"}
    assert set(adapter.counters(game)) == names


def _ambiguous(game: Game) -> tuple[int, list[dict]] | None:
    """A card of the deciding seat that a drop in its played-card area could play in several ways."""
    pending = game.pending()
    by_card: dict[int, list[dict]] = {}
    for o in pending.options:
        if o.action["type"] == "play":
            by_card.setdefault(o.action["card"], []).append(o.action)
    for card, plays in by_card.items():
        fits = [a for a in plays if "target" not in a] or plays
        if len(fits) > 1:
            return card, fits
    return None


def test_an_ambiguous_drop_asks_which_move_was_meant(tmp_path, generated_save):
    """GW-A-10: a card that can be played in several ways (targets, VARIABLE, Substitute Cost)
    goes back to the hand and its player alone chooses the move; Cancel restores the decision."""
    t = Table(Game(RULES, seed=1), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=1, cheat_rate=0.0)
        bots.cheats_tried = 1
        bots_until(t, bots, lambda g: _ambiguous(g) is not None, limit=800)
        game = t.session.game
        pending = game.pending()
        seat = pending.seat
        color, other = t.colors[seat], t.colors[1 - seat]
        card, fits = _ambiguous(game)
        guid = t.session.guids[card_ref(card)]
        start = list(t.emu.by_guid(guid).pos)
        drop = list(t.session.adapter.geo.world(seat, "played"))
        decisions = len(game.decisions)
        assert t.emu.move_as(color, guid, drop)
        t.settle()
        labels = [label for _, label in t.emu.ui_buttons(color)]
        assert labels == [pending.find(a).label for a in fits] + ["Cancel"]
        assert t.emu.ui_buttons(other) == [] and len(game.decisions) == decisions
        assert wait_until(lambda: t.emu.by_guid(guid).pos == start)
        assert t.emu.click(color, f"tb_opt_{color}_{len(labels)}")  # Cancel
        t.settle()
        assert [label for _, label in t.emu.ui_buttons(color)] == [o.label for o in pending.options]
        assert t.emu.move_as(color, t.session.guids[card_ref(card)], drop)
        t.settle()
        assert t.emu.click(color, f"tb_opt_{color}_2")
        t.settle()
        assert game.decisions[decisions:] == [{"seat": seat, "action": fits[1]}]
    finally:
        t.close()


def test_gw_a_26_8_the_attacking_player_drags_one_of_the_cards_that_entered_together_to_the_junk_yard():
    """GW-A-26.8 at the table: when cards that cannot all stay entered together, the attacking
    player drops one of them on a Junk Yard to discard it, even a card they do not control;
    the other player's drop means nothing."""
    from tests.gundam_war.scenario import arrange, at, cid, deck, game
    from tts_bridge.session.games import DropSite

    vanguard = "AF-07 Vanguard Gundam"
    g = game(deck_a=deck("AF-01 Lancer"), deck_b=deck(vanguard, vanguard, "Mass Salvage", fill="Aurora Shipyard"))
    arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",) * 2)
    arrange(g, 1, hand=("Mass Salvage",), deploy=("Aurora Shipyard",) * 4, junk=(vanguard, vanguard))
    first, second = sorted(g.state.table.zone(1, "junk"))
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Mass Salvage", "hand")})
    for _ in range(2):
        g.act(g.pending().seat, {"type": "pass"})
    assert g.pending().kind == "simultaneous_entry" and g.pending().seat == 0
    adapter = adapter_for("gundam-war")
    assert adapter.drop_actions(g, 0, second, DropSite(1, "junk", None)) == [{"type": "discard", "card": second}]
    assert adapter.drop_actions(g, 1, second, DropSite(1, "junk", None)) == []
