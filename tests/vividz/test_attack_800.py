"""Attacks and battle (802-806, 1102, 1115, 1116, 1118)."""

from tests.vividz.scenario import act, defn, main_turn, put, refused, started, zone
from engine.games.vividz.state import Made


def _battle(seed=1):
    """Seat 0's Main phase in turn 3 with empty Areas."""
    game = main_turn(started(seed=seed, first=0), 3)
    assert game.state.tp == 0
    return game


def _top(game, seat, name):
    st = game.state
    c = next(c for c in zone(st, seat, "deck") if defn(st, c).name == name)
    zone(st, seat, "deck").remove(c)
    zone(st, seat, "deck").insert(0, c)
    return c


def _finish_attack(game):
    while game.pending().kind != "main" or game.state.battle is not None:
        req = game.pending()
        game.act(req.seat, _quiet(req))


def _quiet(req):
    """The least eventful answer: pass, decline, or do not use an optional ability."""
    return next((o.action for o in req.options if o.action["type"] in ("pass", "decline")
                 or o.action == {"type": "may", "use": False}), req.options[0].action)


def test_802_1a_b_attacker_must_be_rebooted_and_is_slept():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    st.sleep.add(a)
    game.state_changed()
    assert refused(game, {"type": "attack", "card": a}).rule == "802.1a"
    st.sleep.discard(a)
    game.state_changed()
    act(game, {"type": "attack", "card": a})
    assert a in st.sleep and game.pending().kind == "defense" and game.pending().seat == 1


def test_802_1a_attack_forbidden_marker_blocks_the_attack():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    st.clock += 1
    st.effects.append(Made(st.clock, "forbid_attack", "turn", ((a, st.inc[a]),), 1, a, "turn"))
    game.state_changed()
    assert refused(game, {"type": "attack", "card": a}).rule == "802.1a"


def test_803_1_slide_costs_two_hand_cards_and_needs_an_adjacent_empty_slot():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 1)
    d = put(game, 1, "Phantom Cat Noir", "area", 1)
    act(game, {"type": "attack", "card": a})
    assert refused(game, {"type": "slide", "card": d, "slot": 3}).rule == "1116.1"  # Sides not adjacent
    hand = len(zone(st, 1, "hand"))
    trash = len(zone(st, 1, "trash"))
    act(game, {"type": "slide", "card": d, "slot": 2})
    while game.pending().kind == "discard":
        act(game, game.pending().options[0].action)
    assert st.slot[d] == 2 and len(zone(st, 1, "hand")) == hand - 2 and len(zone(st, 1, "trash")) == trash + 2


def test_803_1_slide_is_refused_with_fewer_than_two_hand_cards_keep_excluded():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 1)
    d = put(game, 1, "Phantom Cat Noir", "area", 1)
    for c in list(zone(st, 1, "hand"))[1:]:
        st.table.move(c, 1, "keep" if not zone(st, 1, "keep") else "trash")
    act(game, {"type": "attack", "card": a})
    assert refused(game, {"type": "slide", "card": d, "slot": 2}).rule == "803.1"


def test_804_2a_empty_lane_only_the_turn_player_scouts_and_806_2_success():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    _top(game, 0, "Fan Meeting")  # no Scout mark: goes to Energy
    e0, e1 = len(zone(st, 0, "energy")), len(zone(st, 1, "energy"))
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "pass"}, seat=1)
    _finish_attack(game)
    assert len(zone(st, 0, "energy")) == e0 + 1 and len(zone(st, 1, "energy")) == e1
    assert st.successes[0] == 1  # 1118.1


def test_804_2b_occupied_lane_both_scout_and_805_3_attacker_deals_its_power_one_way():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 3)      # power 4
    d = put(game, 1, "Getaway Driver Rook", "area", 3)  # power 2
    _top(game, 0, "Fan Meeting")
    _top(game, 1, "Smoke Bomb")
    e0, e1 = len(zone(st, 0, "energy")), len(zone(st, 1, "energy"))
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "pass"}, seat=1)
    _finish_attack(game)
    assert len(zone(st, 0, "energy")) == e0 + 1 and d in zone(st, 1, "energy") and len(zone(st, 1, "energy")) == e1 + 2
    assert a not in st.damage  # 805 spec note: the defender deals no damage
    assert st.battle_retires[0] == 1  # 1102.1: retired by battle


def test_804_2b_scout_mark_card_may_be_used_for_free_turn_player_first():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    put(game, 1, "Decoy Double", "area", 2)
    rookie = _top(game, 0, "Spotlight Rookie")   # Scout mark
    cat = _top(game, 1, "Phantom Cat Noir")      # Scout mark
    energy = len(zone(st, 0, "energy"))
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "pass"}, seat=1)
    req = game.pending()
    assert req.kind == "scout_use" and req.seat == 0
    act(game, {"type": "use", "slot": 1})
    req = game.pending()
    assert req.kind == "scout_use" and req.seat == 1
    act(game, {"type": "decline"})
    assert st.slot.get(rookie) == 1 and len(zone(st, 0, "energy")) == energy  # free: nothing paid
    assert cat in zone(st, 1, "energy")


def test_803_3_attacker_gone_after_defense_skips_scout_and_battle():
    game = _battle()
    st = game.state
    put(game, 1, "Vault Cracker Oz", "area", 1)
    a = put(game, 0, "Spotlight Rookie", "area", 2)  # power 2
    for _ in range(2):
        put(game, 1, "Smoke Bomb", "hand")
    act(game, {"type": "attack", "card": a})
    oz = next(o for o in game.pending().options if o.action["type"] == "activate")
    act(game, oz.action)  # Oz: sleep, discard 1: 2 damage to Rookie
    while game.pending().kind in ("discard", "target"):
        act(game, game.pending().options[0].action)
    deck = len(zone(st, 0, "deck"))
    _finish_attack(game)
    assert a in zone(st, 0, "energy") and st.successes[0] == 0 and len(zone(st, 0, "deck")) == deck  # no Scout


def test_806_3_attack_success_trigger_fires_once_and_play_returns_to_703():
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    _top(game, 0, "Fan Meeting")
    hand = len(zone(st, 0, "hand"))
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "pass"}, seat=1)
    _finish_attack(game)
    assert len(zone(st, 0, "hand")) == hand + 1  # exactly one draw from "when the attack succeeds"
    assert game.pending().kind == "main" and st.battle is None  # 806 spec note: back to 703.3/703.2
