"""Qiguang referee checklist, lanes and battle: items 12-18 (QG-3.4.1, QG-3.4.4, QG-3.5, QG-2.2.1,
QG-2.3.1) with gaps QG-G5, QG-G7, QG-G8, QG-G9, QG-G10, QG-G11, QG-G12, QG-G28 and QG-G29.
Geometry: 5 lanes unless a test says otherwise."""

from engine.games.qiguang.flow import proceed
from tests.qiguang.scenario import (arrange, cid, event_types, names, pass_until, refused, set_phase,
                                    started)


def _battle(options=None, mine=None, theirs=None, my_standby=None, their_standby=None, life=(20, 20)):
    game = started(options=options)
    arrange(game, 0, combat=mine or {}, standby=my_standby or {}, life=life[0])
    arrange(game, 1, combat=theirs or {}, standby=their_standby or {}, life=life[1])
    set_phase(game, 0, "battle")
    return game


def _run_phase(game, active, phase):
    """Start `phase` for `active` from its beginning and pass its windows."""
    set_phase(game, active, phase, "begin")
    proceed(game.state)
    game.state_changed()


def test_qg_3_4_1_advance_moves_standby_characters_into_empty_combat_zones():
    """Checklist 12: QG-3.4.1. Before the main phase each standby character with an empty combat zone
    ahead moves forward; a blocked one stays."""
    game = started()
    arrange(game, 0, standby={1: "Millstone Guard", 2: "Orchard Hauler"}, combat={2: "Skyrail Reserve"})
    arrange(game, 1)
    _run_phase(game, 0, "main")
    pass_until(game, ("main",))
    assert names(game, 0, "combat1") == ["Millstone Guard"] and names(game, 0, "standby1") == []
    assert names(game, 0, "standby2") == ["Orchard Hauler"] and names(game, 0, "combat2") == ["Skyrail Reserve"]


def test_qg_g11_only_the_active_players_characters_advance_unless_the_option_says_both():
    """Checklist 12: QG-G11 (Proposal: active player only; option advance=both)."""
    for option, moved in (("active", False), ("both", True)):
        game = started(options={"advance": option})
        arrange(game, 0, standby={1: "Millstone Guard"})
        arrange(game, 1, standby={3: "Orchard Hauler"})
        _run_phase(game, 0, "main")
        assert (names(game, 1, "combat3") == ["Orchard Hauler"]) is moved
        assert names(game, 0, "combat1") == ["Millstone Guard"]


def test_qg_3_4_1_advance_happens_once_not_during_the_main_phase():
    """Checklist 12: QG-3.4.1. A character summoned in the main phase stays in standby (QG-G29)."""
    game = started()
    arrange(game, 0, hand=("Orchard Hauler",), crystals=(1, 0, 0))
    arrange(game, 1)
    set_phase(game, 0)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1})
    game.act(0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    game.act(0, {"type": "end_main"})
    pass_until(game, ("battle",))
    assert names(game, 0, "standby1") == ["Orchard Hauler"]
    assert [o.action for o in game.pending().options] == [{"type": "end_battle"}]  # QG-G29: nothing can attack


def test_qg_3_5_1_only_combat_zone_characters_attack_straight_ahead_once():
    """Checklist 13: QG-3.5.1, QG-G10. A standby character cannot attack; the target is always the lane
    ahead; each attacks once."""
    game = _battle(mine={2: "Millstone Guard"}, my_standby={4: "Orchard Hauler"}, theirs={3: "Skyrail Reserve"})
    attacks = [o.action for o in game.pending().options if o.action["type"] == "attack"]
    assert attacks == [{"type": "attack", "lane": 2}]
    assert refused(game, 0, {"type": "attack", "lane": 4}).rule == "QG-G10"
    assert refused(game, 0, {"type": "attack", "lane": 2, "target_lane": 3}).rule == "QG-3.5.1"
    game.act(0, {"type": "attack", "lane": 2})
    pass_until(game, ("battle",))
    assert game.state.life[1] == 18  # lane 2 is empty on the other side: direct damage
    assert refused(game, 0, {"type": "attack", "lane": 2}).rule == "QG-3.5.1"


def test_qg_3_5_5_zero_attack_cannot_attack():
    """Checklist 13: QG-3.5.5. Quarry Sentinel (attack 0) is never offered an attack and is refused."""
    game = _battle(mine={1: "Quarry Sentinel"})
    assert [o.action["type"] for o in game.pending().options] == ["end_battle"]
    assert refused(game, 0, {"type": "attack", "lane": 1}).rule == "QG-3.5.5"


def test_qg_3_5_5_attack_lowered_to_zero_by_a_continuous_effect_cannot_attack():
    """Checklist 13: QG-3.5.5 with QG-G10. Eternal Twilight (-1 attack) stops a 1-attack character."""
    game = _battle(mine={1: "Orchard Hauler", 2: "Millstone Guard"})
    arrange(game, 1, field="Eternal Twilight")
    game.state_changed()
    attacks = [o.action["lane"] for o in game.pending().options if o.action["type"] == "attack"]
    assert attacks == [2]


def test_qg_3_4_4_standby_characters_cannot_be_attacked():
    """Checklist 14: QG-3.4.4. A standby character behind an empty combat zone is not hit; the player is."""
    game = _battle(mine={3: "Millstone Guard"}, their_standby={3: "Orchard Hauler"})
    assert refused(game, 0, {"type": "attack", "lane": 3, "target_row": "standby"}).rule == "QG-3.4.4"
    game.act(0, {"type": "attack", "lane": 3})
    pass_until(game, ("battle",))
    assert game.state.life[1] == 18 and cid(game, 1, "Orchard Hauler") not in game.state.damage


def test_qg_3_5_2_direct_attack_when_the_lane_is_empty():
    """Checklist 15: QG-3.5.2. The opponent loses life equal to the attack."""
    game = _battle(mine={5: "Thunderhead Striker"}, theirs={1: "Millstone Guard"})
    events = game.act(0, {"type": "attack", "lane": 5})
    for _ in range(5):
        req = game.pending()
        if req.kind == "battle":
            break
        events += game.act(req.seat, {"type": "pass"})
    assert "direct_attack" in event_types(events) and game.state.life[1] == 16


def test_qg_3_5_3_defender_destroyed_no_counter_damage():
    """Checklist 16: QG-3.5.3. Health to 0 or below: to the graveyard, no counter-damage."""
    game = _battle(mine={1: "Thunderhead Striker"}, theirs={1: "Millstone Guard"})
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert names(game, 1, "graveyard") == ["Millstone Guard"]
    assert cid(game, 0, "Thunderhead Striker") not in game.state.damage


def test_qg_3_5_4_counter_damage_when_the_defender_survives():
    """Checklist 16: QG-3.5.4. The surviving defender deals its attack back; damage lasts (QG-G7)."""
    game = _battle(mine={1: "Skyrail Reserve"}, theirs={1: "Millstone Guard"})
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    guard = cid(game, 1, "Millstone Guard")
    assert game.state.damage[guard] == 2
    assert names(game, 0, "graveyard") == ["Skyrail Reserve"]  # 2 counter-damage on 1 health


def test_qg_g28_zero_attack_defender_deals_no_counter_damage():
    """Checklist 16: QG-G28 (Proposal). Quarry Sentinel survives and deals 0 back."""
    game = _battle(mine={1: "Millstone Guard"}, theirs={1: "Quarry Sentinel"})
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert cid(game, 0, "Millstone Guard") not in game.state.damage
    assert game.state.damage[cid(game, 1, "Quarry Sentinel")] == 2


def test_qg_g7_damage_lasts_between_turns_unless_the_option_clears_it():
    """QG-G7 (Proposal: damage lasts; option damage=end_of_turn)."""
    for option, stays in (("lasts", True), ("end_of_turn", False)):
        game = _battle(options={"damage": option}, mine={1: "Skyrail Reserve"}, theirs={1: "Millstone Guard"})
        game.act(0, {"type": "attack", "lane": 1})
        pass_until(game, ("battle",))
        game.act(0, {"type": "end_battle"})
        pass_until(game, ("draw", "main"))
        assert game.state.active == 1
        assert (cid(game, 1, "Millstone Guard") in game.state.damage) is stays


def test_qg_3_5_6_health_zero_for_any_reason_destroys():
    """Checklist 17: QG-3.5.6, QG-G8. A continuous -2 health (Withering Realm) destroys a 2-health
    character at once, and a 1-health one too (health <= 0)."""
    game = started()
    arrange(game, 0, hand=("Withering Realm",), crystals=(1, 0, 0))
    arrange(game, 1, combat={1: "Skyrail Reserve", 2: "Millstone Guard"}, standby={3: "Lantern Scholar"})
    set_phase(game, 0)
    game.act(0, {"type": "play", "card": cid(game, 0, "Withering Realm")})
    events = game.act(0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    destroyed = [e.data["card"]["name"] for e in events if e.data["type"] == "destroyed"]
    assert sorted(destroyed) == ["Lantern Scholar", "Skyrail Reserve"]
    assert names(game, 1, "combat2") == ["Millstone Guard"]


def test_qg_2_2_1_life_zero_loses():
    """Checklist 18: QG-2.2.1, QG-2.1. Life 0 loses at once."""
    game = _battle(mine={1: "Millstone Guard"}, life=(20, 2))
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert game.result().winner == 0 and game.result().rule == "QG-2.2.1" and game.pending() is None


def test_qg_g5_strict_option_loses_only_below_zero():
    """QG-G5 option `life_loss=below_zero`: life exactly 0 does not lose; -1 does."""
    game = _battle(options={"life_loss": "below_zero"}, mine={1: "Millstone Guard", 2: "Orchard Hauler"},
                   life=(20, 2))
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert game.state.life[1] == 0 and game.result() is None
    game.act(0, {"type": "attack", "lane": 2})
    pass_until(game, ("battle",))
    assert game.result().winner == 0


def test_qg_2_3_1_both_players_losing_at_once_is_a_tie():
    """Checklist 18: QG-2.3.1. Scorched Accord (each player loses 3) takes both to 0 in one step: a tie."""
    game = started()
    arrange(game, 0, hand=("Scorched Accord",), crystals=(1, 0, 0), life=3)
    arrange(game, 1, life=2)
    set_phase(game, 0)
    game.act(0, {"type": "play", "card": cid(game, 0, "Scorched Accord")})
    game.act(0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    result = game.result()
    assert result.draw and result.winner is None and result.rule == "QG-2.3.1" and game.pending() is None
    assert result.reason == "both players lost at once: each has no life left"


def test_qg_g9_attacks_are_optional_and_in_any_order():
    """QG-G9 (Proposal). The player may end the battle without attacking, or attack lanes in any order."""
    game = _battle(mine={1: "Millstone Guard", 4: "Skyrail Reserve"})
    lanes = sorted(o.action["lane"] for o in game.pending().options if o.action["type"] == "attack")
    assert lanes == [1, 4] and {"type": "end_battle"} in [o.action for o in game.pending().options]
    game.act(0, {"type": "attack", "lane": 4})
    pass_until(game, ("battle",))
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert game.state.life[1] == 16


def test_qg_g12_a_character_that_advanced_this_turn_may_attack():
    """QG-G12. Advance before the main phase, then attack in the battle phase of the same turn."""
    game = started()
    arrange(game, 0, standby={2: "Millstone Guard"})
    arrange(game, 1)
    _run_phase(game, 0, "main")
    pass_until(game, ("main",))
    game.act(0, {"type": "end_main"})
    pass_until(game, ("battle",))
    assert {"type": "attack", "lane": 2} in [o.action for o in game.pending().options]


def test_qg_g29_a_card_effect_can_put_a_character_into_combat_on_turn_one():
    """QG-G29. Heroic Charge advances a standby character, which can then attack."""
    game = started()
    arrange(game, 0, hand=("Heroic Charge",), standby={1: "Orchard Hauler"}, crystals=(1, 0, 0))
    arrange(game, 1)
    set_phase(game, 0, turn=1)
    game.act(0, {"type": "play", "card": cid(game, 0, "Heroic Charge"), "target": cid(game, 0, "Orchard Hauler")})
    game.act(0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    assert names(game, 0, "combat1") == ["Orchard Hauler"]
    game.act(0, {"type": "end_main"})
    pass_until(game, ("battle",))
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))
    assert game.state.life[1] == 18  # 1 attack + 1 until end of turn
