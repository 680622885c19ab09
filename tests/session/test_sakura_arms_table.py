"""A whole Sakura Arms duel refereed at the emulated table (issue 9): cards used by dropping
them in the In-use area, basic actions paid by dropping a hand card on the face-down pile,
illegal drops put back with the rule told only to that colour, prompts per colour, sakura
token counts on the table, and hidden cards (hands, face-down pile, unused Specials, deck)
never named to the other colour."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import card_ref

from tests.session.helpers import play_whole_game, Table, assert_prompts_reach_only_their_colour, hidden_names, wait_until

RULES = get_rules("sakura-arms")




def play_until(t: Table, bots: TableBots, done, limit: int = 400) -> bool:
    """Let the bots play (without cheating) until `done(game)` holds; False if never."""
    for _ in range(limit):
        if t.session.game.pending() is None:
            return False
        if done(t.session.game):
            return True
        if not bots.step():
            return False
    return t.session.game.pending() is not None and done(t.session.game)


def quiet_bots(t: Table, seed: int) -> TableBots:
    bots = TableBots(t.emu, t.session, seed=seed, cheat_rate=0.0)
    bots.cheats_tried = 1  # no forced first cheat
    return bots


def _hidden(game, seat):
    return hidden_names(game, seat, "name")


@pytest.fixture
def table(tmp_path, generated_save):
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    yield t
    t.close()


def test_sakura_arms_duel_end_to_end_through_the_emulator(tmp_path, generated_save):
    """4-2: a whole duel to its result by moving cards and clicking buttons; every illegal
    drop is put back; the journal replays to the same hashes; the table's token markers and
    Vigor/Flinch counters show the engine's numbers (7-1, 5-1-2, 5-1-4)."""
    t = Table(Game(RULES, seed=7), tmp_path, generated_save(RULES.id))
    try:
        game, bots = play_whole_game(t)
        view = game.view(None)
        for seat, color in enumerate(t.colors):
            p = view["players"][seat]
            assert t.emu.by_name(f"Seat {seat} Vigor (0-2)")[0].data["Counter"]["value"] == p["vigor"]
            assert t.emu.by_name(f"Seat {seat} Flinch")[0].data["Counter"]["value"] == int(p["flinched"])
            for word in ("Life", "Aura", "Flare"):
                assert len(t.emu.by_name(f"{color}'s {word}: {p[word.lower()]} sakura")) == 1
        assert len(t.emu.by_name(f"Distance: {view['distance_tokens']} sakura")) == 1
        assert len(t.emu.by_name(f"Shadow: {view['shadow']} sakura")) == 1
        assert min(view["players"][s]["life"] for s in (0, 1)) == 0  # 4-2: a Life reached 0
    finally:
        t.close()


def test_using_a_card_on_the_opponents_turn_is_reverted_citing_8_2_2(table):
    """8-2-2: only the turn player acts in the main phase. The non-turn player drops a hand card
    on its In-use area; it goes back to where it was picked up, and only that colour is told the
    rule and when it may act instead (reacting to an attack, 9-4 i)."""
    bots = quiet_bots(table, 1)
    assert play_until(table, bots, lambda g: g.pending().kind == "main"
                      and g.state.table.zone(1 - g.pending().seat, "hand"))
    game = table.session.game
    idle = 1 - game.pending().seat
    idle_color, active_color = table.colors[idle], table.colors[1 - idle]
    card = game.state.table.zone(idle, "hand")[0]
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    decisions = len(game.decisions)
    active_before = list(table.emu.messages.get(active_color, []))
    assert table.emu.move_as(idle_color, guid, list(table.session.adapter.geo.world(idle, "in_use")))
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert len(game.decisions) == decisions
    told = table.emu.messages[idle_color][-1]
    assert told.startswith("[8-2-2]") and "Only the turn player acts in the main phase" in told and "9-4 i" in told
    assert table.emu.messages.get(active_color, []) == active_before


def test_a_hand_card_dropped_on_the_distance_is_reverted_citing_7_1_1(table):
    """7-1-1: the Distance holds sakura tokens only; a card dropped there goes back."""
    bots = quiet_bots(table, 2)
    assert play_until(table, bots, lambda g: g.pending().kind == "main"
                      and g.state.table.zone(g.pending().seat, "hand"))
    game = table.session.game
    seat = game.pending().seat
    color, other = table.colors[seat], table.colors[1 - seat]
    card = game.state.table.zone(seat, "hand")[0]
    guid = table.session.guids[card_ref(card)]
    start = list(table.emu.by_guid(guid).pos)
    decisions = len(game.decisions)
    other_before = list(table.emu.messages.get(other, []))
    assert table.emu.move_as(color, guid, [-2.0, 1.5, 0.0])  # the Distance on the centre line
    table.settle()
    assert wait_until(lambda: table.emu.by_guid(guid).pos == start)
    assert len(game.decisions) == decisions
    assert table.emu.messages[color][-1].startswith("[7-1-1]")
    assert table.emu.messages.get(other, []) == other_before


def test_a_hand_card_on_the_face_down_pile_pays_for_a_chosen_basic_action(table):
    """9-7 ii-B: a hand card dropped on your face-down pile pays for a basic action; when it
    could pay for several, only that colour is asked which one, and the card goes face down
    without its name on the table."""
    bots = quiet_bots(table, 4)

    def several(g):
        p = g.pending()
        pays = [o.action.get("pay") for o in p.options if p.kind == "main" and o.action.get("type") == "basic"]
        return any(isinstance(c, int) and not isinstance(c, bool) and pays.count(c) > 1 for c in pays)

    assert play_until(table, bots, several)
    game = table.session.game
    pending = game.pending()
    seat = pending.seat
    color, other = table.colors[seat], table.colors[1 - seat]
    pays = [o.action["pay"] for o in pending.options if o.action.get("type") == "basic"]
    card = next(c for c in pays if isinstance(c, int) and not isinstance(c, bool) and pays.count(c) > 1)
    meant = [o for o in pending.options if o.action.get("type") == "basic" and o.action.get("pay") == card]
    guid = table.session.guids[card_ref(card)]
    decisions = len(game.decisions)
    assert table.emu.move_as(color, guid, list(table.session.adapter.geo.world(seat, "facedown")))
    table.settle()
    assert len(game.decisions) == decisions
    labels = [label for _, label in table.emu.ui_buttons(color)]
    assert labels == [o.label for o in meant] + ["Cancel"]
    assert table.emu.ui_buttons(other) == []
    assert table.emu.click(color, f"tb_opt_{color}_1")
    table.settle()
    assert game.decisions[-1]["action"] == meant[0].action
    assert game.state.table.zone_name(card) == "facedown"
    obj = table.emu.by_guid(table.session.guids[card_ref(card)])
    assert obj.nickname == "" and obj.is_face_down


def test_a_card_dropped_in_the_in_use_area_is_used(table):
    """9-2 / 8-2-2: dropping a usable hand card in your In-use area uses it."""
    bots = quiet_bots(table, 6)

    def usable(g):
        p = g.pending()
        return p.kind == "main" and any(o.action.get("type") == "use" and
                                        g.state.table.zone_name(o.action["card"]) == "hand" for o in p.options)

    assert play_until(table, bots, usable)
    game = table.session.game
    pending = game.pending()
    seat = pending.seat
    action = next(o.action for o in pending.options if o.action.get("type") == "use"
                  and game.state.table.zone_name(o.action["card"]) == "hand")
    decisions = len(game.decisions)
    guid = table.session.guids[card_ref(action["card"])]
    assert table.emu.move_as(table.colors[seat], guid, list(table.session.adapter.geo.world(seat, "in_use")))
    table.settle()
    assert len(game.decisions) == decisions + 1 and game.decisions[decisions]["action"] == action


def test_prompts_reach_only_their_colour(table):
    bots = quiet_bots(table, 3)
    assert_prompts_reach_only_their_colour(table, bots)


def test_hidden_cards_are_never_named_to_the_other_colour(tmp_path, generated_save):
    """7-1-6, 7-1-8, 7-1-10, 7-1-11: no message, UI text or object outside a colour's own hand
    (face down or not) names a card that colour may not see; its own hand it can read."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id))
    try:
        bots = TableBots(t.emu, t.session, seed=9, cheat_rate=0.1)
        seen = {c: 0 for c in t.colors}
        own_hand_seen = anonymous = 0
        while True:
            game = t.session.game
            for seat, color in enumerate(t.colors):
                secret = _hidden(game, seat)
                history = len(t.emu.messages.get(color, []))
                texts = t.emu.visible_texts(color)[history:]  # UI and objects; messages are checked on arrival
                for obj in t.emu.live_objects():  # stricter than TTS: face-down objects count too
                    if not obj.is_zone and t.emu.hand_of(obj) in (None, color):
                        texts += [obj.nickname, obj.description]
                hand = {game.state.table.cards[c].defn.name for c in game.state.table.zone(seat, "hand")}
                own_hand_seen += bool(hand) and hand <= set(texts)
                new_messages = t.emu.messages.get(color, [])[seen[color]:]
                seen[color] = len(t.emu.messages.get(color, []))
                leaks = [(name, text) for text in texts + new_messages for name in secret if name and name in text]
                assert leaks == [], f"{color} can read hidden cards: {leaks[:3]}"
            for seat in (0, 1):  # the face-down pile and unused Specials lie on the table as bare backs
                table = game.state.table
                for card in table.zone(seat, "facedown") + [c for c in table.zone(seat, "special")
                                                           if c not in game.state.special_used]:
                    obj = t.emu.by_guid(t.session.guids[card_ref(card)])
                    assert obj.nickname == "" and obj.description == "" and obj.is_face_down
                    anonymous += 1
            if not bots.step():
                break
        assert game.result() is not None
        assert own_hand_seen > 30 and anonymous > 100
    finally:
        t.close()


def test_goddesses_and_token_zones_are_laid_out_at_setup(table):
    """4-1 step 1 and 2-1: Distance 10, each Aura 3 and Life 10 as labelled markers, and each
    seat's two goddesses face up; the deck is one face-down pile."""
    game = table.session.game
    view = game.view(None)
    assert len(table.emu.by_name("Distance: 10 sakura")) == 1
    for seat, color in enumerate(table.colors):
        assert len(table.emu.by_name(f"{color}'s Aura: {view['players'][seat]['aura']} sakura")) == 1
        assert len(table.emu.by_name(f"{color}'s Life: 10 sakura")) == 1
        gods = RULES.cards().goddesses
        for gid in game.state.goddesses[seat]:
            assert any(not o.is_face_down for o in table.emu.by_name(gods[gid].name))
        pile = table.emu.by_guid(table.session.guids[f"deck{seat}"])
        assert pile.is_face_down and "order hidden" in pile.description


def test_reactions_and_specials_are_played_by_dropping_them_in_the_in_use_area(tmp_path, generated_save):
    """9-4 i and 7-1-11: the attacked player reacts by dropping a Reaction card (here an
    unused Special) in its In-use area; the other colour cannot pick up those Specials."""
    t = Table(Game(RULES, seed=1), tmp_path, generated_save(RULES.id))
    try:
        bots = quiet_bots(t, 1)

        def special_reaction(g):
            p = g.pending()
            return p.kind == "reaction" and any(o.action.get("type") == "react" and
                                                g.state.table.zone_name(o.action["card"]) == "special"
                                                for o in p.options)

        assert play_until(t, bots, special_reaction)
        game = t.session.game
        seat = game.pending().seat
        action = next(o.action for o in game.pending().options if o.action.get("type") == "react"
                      and game.state.table.zone_name(o.action["card"]) == "special")
        special = t.emu.by_guid(t.session.guids[card_ref(action["card"])])
        assert special.is_face_down and special.nickname == ""  # unused: a bare back for both colours
        assert t.emu.pick_up(t.colors[1 - seat], special.guid) is False
        decisions = len(game.decisions)
        assert t.emu.move_as(t.colors[seat], special.guid, list(t.session.adapter.geo.world(seat, "in_use")))
        t.settle()
        assert len(game.decisions) == decisions + 1 and game.decisions[decisions]["action"] == action
        assert action["card"] in game.state.special_used or game.state.table.zone_name(action["card"]) != "special"
    finally:
        t.close()
