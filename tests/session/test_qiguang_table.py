"""A whole Qiguang game refereed at the emulated table (issue 9): summons, plays and attacks
by moving cards, everything else by buttons; illegal drops put back with the rule told to
that colour only; prompts per colour; hidden hands never named to the other colour."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import card_ref, ref_card
from tts_bridge.session.games.geometry import Geometry
from tts_bridge.session.games.qiguang import ADAPTER, FALLBACK_ZONES, box, lane_zone

from tests.session.helpers import play_whole_game, Table, assert_prompts_reach_only_their_colour, hidden_names

RULES = get_rules("qiguang")




def _hidden(game, seat):
    """Mana Source tokens are all alike and every one taken is announced (QG-1.4, QG-3.3.1)."""
    return hidden_names(game, seat, skip=lambda card: card.defn.type == "token")


@pytest.fixture
def table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    yield t
    t.close()


def _until(t: Table, bots: TableBots, kind: str, ok=lambda game: True, limit: int = 400) -> None:
    """Let the bots play until a `kind` decision satisfying `ok` is pending."""
    for _ in range(limit):
        game = t.session.game
        pending = game.pending()
        assert pending is not None, "the game ended first"
        if pending.kind == kind and ok(game):
            return
        bots.step()
    raise AssertionError(f"no {kind} decision within {limit} steps")


def _drop(t: Table, color: str, card: int, pos) -> tuple[list[float], list[float]]:
    guid = t.session.guids[card_ref(card)]
    start = list(t.emu.by_guid(guid).pos)
    assert t.emu.move_as(color, guid, list(pos))
    t.settle()
    return start, list(t.emu.by_guid(guid).pos)


@pytest.mark.parametrize("geo", [ADAPTER.geo, Geometry(FALLBACK_ZONES)], ids=["asset", "fallback"])
def test_every_lane_lies_in_its_own_box_and_faces_the_same_lane(geo):
    """Spec "Geometry": C_i faces the opponent's C_i in the same column; drops read back the
    engine zone they were placed from."""
    for row in ("standby", "combat"):
        for lane in range(1, 6):
            zone = f"{row}{lane}"
            spots = [geo.world(seat, box(seat, zone)) for seat in (0, 1)]
            assert spots[0][0] == spots[1][0] and spots[0][2] == -spots[1][2]
            for seat, pos in enumerate(spots):
                assert lane_zone(seat, geo.zone_at(*geo.to_local(seat, pos))) == zone


def test_the_bridge_uses_the_asset_pipelines_qiguang_zones():
    from tts_bridge.assets.games.qiguang import ADAPTER as ASSET

    assert ADAPTER.geo.source == "asset adapter"
    assert set(ADAPTER.geo.zones) == {z.name for z in ASSET.zones} == {z.name for z in FALLBACK_ZONES}
    for z in ASSET.zones:
        f = Geometry(FALLBACK_ZONES).zones[z.name]
        assert (f.x, f.z, f.w, f.h) == (z.x, z.z, z.w, z.h), z.name


def test_qiguang_game_end_to_end_through_the_emulator(tmp_path, generated_save):
    """QG-2.2: a full game to its result by moving cards and clicking buttons; illegal drops are
    put back; the journal replays to the same hashes; the d20 counters show the engine's life."""
    t = Table(Game(RULES, seed=7), tmp_path, generated_save(RULES.id))
    try:
        game, bots = play_whole_game(t)
        kinds = {d["action"]["type"] for d in game.decisions}
        assert {"summon", "play", "attack", "pay"} <= kinds
        for seat in (0, 1):  # QG-1.3: the life counters follow the engine
            counter = t.emu.by_name(f"Seat {seat} Life")[0]
            assert counter.data["Counter"]["value"] == game.state.life[seat]
        assert min(game.state.life) < 20
    finally:
        t.close()


def test_summoning_into_a_combat_zone_is_put_back_with_QG_3_4_3_to_that_colour_only(table):
    """QG-3.4.3: a character dragged from hand straight into a combat zone goes back; only its
    player is told the rule. Dragged into an empty standby zone, it is summoned there."""
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1

    _until(table, bots, "main", lambda g: any(o.action["type"] == "summon" for o in g.pending().options))
    game = table.session.game
    seat = game.pending().seat
    color, other = table.colors[seat], table.colors[1 - seat]
    card = next(o.action["card"] for o in game.pending().options if o.action["type"] == "summon")
    decisions = len(game.decisions)
    other_before = list(table.emu.messages.get(other, []))
    start, end = _drop(table, color, card, ADAPTER.geo.world(seat, box(seat, "combat1")))
    assert end == start
    assert len(game.decisions) == decisions
    assert table.emu.messages[color][-1].startswith("[QG-3.4.3]")
    assert table.emu.messages.get(other, []) == other_before
    free = next(lane for lane in range(1, 6) if not game.state.table.zone(seat, f"standby{lane}"))
    _drop(table, color, card, ADAPTER.geo.world(seat, box(seat, f"standby{free}")))
    assert game.decisions[decisions]["action"] == {"type": "summon", "card": card, "lane": free}


def test_a_drop_on_the_opponents_turn_is_put_back_with_QG_8_1(table):
    bots = TableBots(table.emu, table.session, seed=1, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, "main")
    game = table.session.game
    idle = 1 - game.pending().seat
    idle_color, active_color = table.colors[idle], table.colors[1 - idle]
    card = game.state.table.zone(idle, "hand")[0]
    decisions = len(game.decisions)
    active_before = list(table.emu.messages.get(active_color, []))
    start, end = _drop(table, idle_color, card, ADAPTER.geo.world(idle, box(idle, "standby1")))
    assert end == start and len(game.decisions) == decisions
    assert table.emu.messages[idle_color][-1].startswith("[QG-8.1]")
    assert table.emu.messages.get(active_color, []) == active_before


def test_attacking_is_dragging_onto_the_combat_zone_straight_ahead(table):
    """QG-3.5.1: lane i faces the opponent's lane i (spec Geometry: same table column); a drop
    on another lane's combat zone is put back, a drop straight ahead attacks."""
    bots = TableBots(table.emu, table.session, seed=4, cheat_rate=0.0)
    bots.cheats_tried = 1
    _until(table, bots, "battle", lambda g: any(o.action["type"] == "attack" for o in g.pending().options), 900)
    game = table.session.game
    seat = game.pending().seat
    color = table.colors[seat]
    lane = next(o.action["lane"] for o in game.pending().options if o.action["type"] == "attack")
    attacker = game.state.table.zone(seat, f"combat{lane}")[0]
    mine = ADAPTER.geo.world(seat, box(seat, f"combat{lane}"))
    ahead = ADAPTER.geo.world(1 - seat, box(1 - seat, f"combat{lane}"))
    assert mine[0] == ahead[0] and mine[2] == -ahead[2]  # the same column, across the centre line
    other = lane % 5 + 1
    decisions = len(game.decisions)
    start, end = _drop(table, color, attacker, ADAPTER.geo.world(1 - seat, box(1 - seat, f"combat{other}")))
    assert end == start and len(game.decisions) == decisions
    assert table.emu.messages[color][-1].startswith("[QG-3.5.1]")
    _drop(table, color, attacker, ahead)
    assert game.decisions[decisions]["action"] == {"type": "attack", "lane": lane}


def test_a_spell_dropped_in_the_chain_area_asks_which_target_and_onto_a_target_plays(tmp_path, generated_save):
    """QG-4.6: a spell with several legal targets dropped in the chain area gets a "Which move
    did you mean?" list (Cancel puts it back); dropped onto one of its targets, it is played."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.0)
        bots.cheats_tried = 1

        def targeted(game):
            plays = [o.action for o in game.pending().options if o.action["type"] == "play" and "target" in o.action]
            return any(sum(a["card"] == p["card"] for a in plays) > 1 for p in plays)

        _until(t, bots, "main", targeted, 600)
        game = t.session.game
        seat = game.pending().seat
        color = t.colors[seat]
        plays = [o for o in game.pending().options if o.action["type"] == "play" and "target" in o.action]
        card = next(o.action["card"] for o in plays if sum(p.action["card"] == o.action["card"] for p in plays) > 1)
        mine = [o for o in plays if o.action["card"] == card]
        chain = ADAPTER.geo.zones["chain"]
        decisions = len(game.decisions)
        _drop(t, color, card, (chain.x, 1.5, chain.z))
        buttons = t.emu.ui_buttons(color)
        assert [label for _, label in buttons] == [o.label for o in mine] + ["Cancel"]
        assert t.emu.ui_buttons(t.colors[1 - seat]) == []
        assert t.emu.click(color, buttons[-1][0])
        t.settle()
        assert len(game.decisions) == decisions
        assert [label for _, label in t.emu.ui_buttons(color)] == [o.label for o in game.pending().options]
        target = mine[-1].action["target"]
        _drop(t, color, card, t.session.shown[card_ref(target)].pos)
        assert game.decisions[decisions]["action"] == {"type": "play", "card": card, "target": target}
    finally:
        t.close()


def test_prompts_reach_only_their_colour(table):
    bots = TableBots(table.emu, table.session, seed=3, cheat_rate=0.0)
    bots.cheats_tried = 1
    kinds = assert_prompts_reach_only_their_colour(table, bots, 60)
    assert {"main", "draw", "pay"} <= kinds


def test_hidden_hands_never_reach_the_other_colour(tmp_path, generated_save):
    """Hands are owner-only and libraries hidden (spec layout table): no message, UI text or
    object names them to the other colour, and no table object carries their identity."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.1)
        seen = {c: 0 for c in t.colors}
        own_hand_seen = 0
        for _ in range(150):
            game = t.session.game
            table = game.state.table
            for ref, p in t.session.shown.items():  # the objects themselves reveal nothing hidden
                card = ref_card(ref)
                if card is None or p.identity is None:
                    continue
                public = table.visible_to(card, 0) and table.visible_to(card, 1)
                assert public or table.zone_name(card) == "hand", f"{ref} shows {p.identity[0]}"
            for seat, color in enumerate(t.colors):
                secret = _hidden(game, seat)
                assert ADAPTER.hidden_names(game, seat) == secret
                texts = t.emu.visible_texts(color)
                hand = {table.cards[c].defn.title for c in table.zone(seat, "hand")}
                own_hand_seen += bool(hand) and hand <= set(texts)
                new_messages = t.emu.messages.get(color, [])[seen[color]:]
                seen[color] = len(t.emu.messages.get(color, []))
                leaks = [(name, text) for text in texts + new_messages for name in secret if name in text]
                assert leaks == [], f"{color} can read hidden cards: {leaks[:3]}"
            if not bots.step():
                break
        assert own_hand_seen > 50
        assert t.session.stats.get("withheld", 0) == 0
    finally:
        t.close()
