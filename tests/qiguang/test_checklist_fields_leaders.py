"""Qiguang referee checklist, leaders and fields: items 19-21 (QG-6, QG-7) with gaps QG-G23 to
QG-G27, and persistent spells and creations (QG-4.6)."""

from tests.qiguang.scenario import (arrange, cid, event_types, names, pass_until, pay, refused, set_phase,
                                    started)


def _main(seat_0: dict, seat_1: dict | None = None, options=None, active: int = 0):
    game = started(options=options)
    arrange(game, 0, **seat_0)
    arrange(game, 1, **(seat_1 or {}))
    set_phase(game, active)
    return game


def test_qg_7_2_a_new_leader_replaces_the_old_one_without_destruction():
    """Checklist 19: QG-7.2, QG-G24. The old leader goes to the graveyard first; its destruction
    effects do not happen (it is not destroyed)."""
    game = _main({"hand": ("Storm Marshal",), "combat": {1: "Bedrock Matron"}, "crystals": (0, 3, 0)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Storm Marshal"), "lane": 2})
    events = pay(game, 0, pegasus=3)
    types = event_types(events)
    assert "replaced" in types and "destroyed" not in types
    assert types.index("replaced") < types.index("summoned")
    assert names(game, 0, "graveyard") == ["Bedrock Matron"] and names(game, 0, "standby2") == ["Storm Marshal"]
    assert next(e.data for e in events if e.data["type"] == "replaced")["rule"] == "QG-7.2"


def test_qg_7_2_at_most_one_leader_across_standby_and_combat():
    """Checklist 19: QG-7.2. Leaders in the two rows count together."""
    game = _main({"hand": ("Starfall Archmage",), "standby": {3: "Storm Marshal"}, "crystals": (0, 0, 4)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Starfall Archmage"), "lane": 1})
    pay(game, 0, unicorn=4)
    leaders = [n for lane in range(1, 6) for row in ("standby", "combat")
               for n in names(game, 0, f"{row}{lane}") if n in ("Storm Marshal", "Starfall Archmage")]
    assert leaders == ["Starfall Archmage"]


def test_qg_7_3_one_leader_ability_per_turn():
    """Checklist 20: QG-7.3. After one ability, neither ability of the leader is offered or accepted."""
    game = _main({"combat": {1: "Bedrock Matron", 2: "Millstone Guard"}, "crystals": (2, 0, 0)})
    matron = cid(game, 0, "Bedrock Matron")
    game.act(0, {"type": "ability", "card": matron, "index": 0})
    pay(game, 0, earth=1)
    assert game.view(0)["players"][0]["lanes"][1]["combat"]["attack"] == 3  # 2 + 1 until end of turn
    assert not any(o.action["type"] == "ability" for o in game.pending().options)
    refusal = refused(game, 0, {"type": "ability", "card": matron, "index": 1, "target": matron})
    assert refusal.rule == "QG-7.3"


def test_qg_g23_leader_limit_counts_the_opponents_turn_too():
    """Checklist 20: QG-G23 (Proposal: the limit is per turn, the opponent's turns included, so a
    Lightning leader ability is usable again in the opponent's turn). With `leader_limit=own_turns`
    one use covers your turn and the opponent's next turn."""
    for option, usable_in_their_turn in (("every_turn", True), ("own_turns", False)):
        game = _main({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)},
                     {"combat": {1: "Bedrock Matron"}}, options={"leader_limit": option}, active=1)
        matron = cid(game, 1, "Bedrock Matron")
        game.act(1, {"type": "ability", "card": matron, "index": 1, "target": matron})  # Stone Skin, free
        pass_until(game, ("main",))
        game.act(1, {"type": "end_main"})
        pass_until(game, ("battle",))
        game.act(1, {"type": "end_battle"})
        pass_until(game, ("draw", "main"))
        if game.pending().kind == "draw":
            game.act(0, {"type": "draw"})
        pass_until(game, ("main",))
        game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
        pay(game, 0, earth=2)
        req = game.pending()
        offered = req.kind == "respond" and any(o.action.get("card") == matron for o in req.options)
        assert offered is usable_in_their_turn, option


def test_qg_6_2_a_new_field_replaces_the_old_one_not_destroyed():
    """Checklist 21: QG-6.1, QG-6.2. One field per player; the old one goes to the graveyard first."""
    game = _main({"hand": ("Thunder Peaks",), "field": "Sunlit Meadow", "crystals": (0, 1, 0)})
    game.act(0, {"type": "play", "card": cid(game, 0, "Thunder Peaks")})
    events = pay(game, 0, pegasus=1)
    assert "destroyed" not in event_types(events)
    assert names(game, 0, "field") == ["Thunder Peaks"] and names(game, 0, "graveyard") == ["Sunlit Meadow"]


def test_qg_6_1_fields_work_only_in_the_field_area():
    """QG-6.1. Thunder Peaks gives pegasi +1 attack while in the field area, not from the hand."""
    game = _main({"hand": ("Thunder Peaks",), "combat": {1: "Skyrail Reserve"}, "crystals": (0, 1, 0)})
    assert game.view(0)["players"][0]["lanes"][0]["combat"]["attack"] == 2
    game.act(0, {"type": "play", "card": cid(game, 0, "Thunder Peaks")})
    pay(game, 0, pegasus=1)
    assert game.view(0)["players"][0]["lanes"][0]["combat"]["attack"] == 3


def test_qg_6_3_world_field_clears_both_areas_and_takes_both():
    """Checklist 21: QG-6.3, QG-G26. Both old fields go to the graveyard (not destroyed: Flickering Omen's
    destruction effect does not happen), then the World occupies both areas."""
    game = _main({"hand": ("Eternal Twilight",), "field": "Sunlit Meadow", "crystals": (0, 0, 3)},
                 {"field": "Flickering Omen", "life": 10})
    game.act(0, {"type": "play", "card": cid(game, 0, "Eternal Twilight")})
    pay(game, 0, unicorn=3)
    assert names(game, 0, "field") == ["Eternal Twilight"] and names(game, 1, "field") == []
    assert names(game, 1, "graveyard") == ["Flickering Omen"] and names(game, 0, "graveyard") == ["Sunlit Meadow"]
    assert game.state.world == 0 and game.view(1)["world_field_owner"] == 0
    assert game.state.life[1] == 10


def test_qg_g26_option_world_destroys_the_fields_it_clears():
    """QG-G26 option `world_clears=destroyed`: Flickering Omen's destruction effect happens."""
    game = _main({"hand": ("Eternal Twilight",), "crystals": (0, 0, 3)}, {"field": "Flickering Omen", "life": 10},
                 options={"world_clears": "destroyed"})
    game.act(0, {"type": "play", "card": cid(game, 0, "Eternal Twilight")})
    events = pay(game, 0, unicorn=3)
    assert "destroyed" in event_types(events) and game.state.life[1] == 15


def test_qg_g25_a_normal_field_under_a_world_sends_the_world_away():
    """Checklist 21: QG-G25 (Proposal). Seat 1 plays Thunder Peaks under seat 0's World field."""
    game = _main({"field": "Eternal Twilight"}, {"hand": ("Thunder Peaks",), "crystals": (0, 1, 0)}, active=1)
    game.act(1, {"type": "play", "card": cid(game, 1, "Thunder Peaks")})
    pay(game, 1, pegasus=1)
    assert names(game, 0, "field") == [] and names(game, 0, "graveyard") == ["Eternal Twilight"]
    assert names(game, 1, "field") == ["Thunder Peaks"] and game.state.world is None


def test_qg_g25_option_blocked():
    """QG-G25 option `world_vs_field=blocked`: the normal field cannot be played."""
    game = _main({"field": "Eternal Twilight"}, {"hand": ("Thunder Peaks",), "crystals": (0, 1, 0)}, active=1,
                 options={"world_vs_field": "blocked"})
    assert refused(game, 1, {"type": "play", "card": cid(game, 1, "Thunder Peaks")}).rule == "QG-G25"


def test_qg_4_6_persistent_spells_and_creations_stay_in_the_support_row():
    """QG-4.6, QG-G27. A persistent spell and a creation go to the support row (no limit); a plain
    spell goes to the graveyard once it resolved."""
    game = _main({"hand": ("Banner of the Herd", "Windmill Engine", "Harvest Feast"), "crystals": (4, 0, 0),
                  "combat": {1: "Millstone Guard"}})
    for name in ("Banner of the Herd", "Windmill Engine"):
        game.act(0, {"type": "play", "card": cid(game, 0, name)})
        pay(game, 0, earth=2)
    assert names(game, 0, "support") == ["Banner of the Herd", "Windmill Engine"]
    assert game.view(0)["players"][0]["lanes"][0]["combat"]["attack"] == 3  # Banner: earth ponies +1
    engine = cid(game, 0, "Windmill Engine")
    game.act(0, {"type": "ability", "card": engine, "index": 0})  # free ability: no payment step
    assert game.state.life[0] == 21
    assert refused(game, 0, {"type": "ability", "card": engine, "index": 0}).rule == "QG-0.1"


def test_qg_4_6_plain_spell_goes_to_the_graveyard_after_resolving():
    """QG-4.6. Harvest Feast resolves (life +3) and then lies in the graveyard."""
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "life": 10})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, earth=1)
    assert game.state.life[0] == 13 and names(game, 0, "graveyard") == ["Harvest Feast"]


def test_qg_g24_destruction_effects_happen_on_destruction():
    """QG-G24. Thunderhead Striker destroyed in combat: its destruction effect costs the opponent 1 life;
    Cinderwing Ascendant destroyed returns to a standby zone."""
    game = started()
    arrange(game, 0, combat={1: "Millstone Guard", 2: "Millstone Guard"})
    arrange(game, 1, combat={1: "Thunderhead Striker", 2: "Cinderwing Ascendant"})
    set_phase(game, 0, "battle")
    for lane in (1, 2):
        game.act(0, {"type": "attack", "lane": lane})
        pass_until(game, ("battle",))
    assert game.state.life[0] == 19
    assert names(game, 1, "standby1") == ["Cinderwing Ascendant"]


def test_qg_3_2_2_and_3_6_1_phase_triggers():
    """QG-3.2.2, QG-3.6.1. Sunlit Meadow gains 1 life in its owner's preparation phase; Cloud Loom
    heals in the end phase."""
    game = _main({"field": "Sunlit Meadow", "support": ("Cloud Loom",), "combat": {1: "Millstone Guard"},
                  "life": 10})
    guard = cid(game, 0, "Millstone Guard")
    game.state.damage[guard] = 2
    game.act(0, {"type": "end_main"})
    pass_until(game, ("battle",))
    game.act(0, {"type": "end_battle"})
    pass_until(game, ("draw", "main"))
    assert game.state.damage[guard] == 1 and game.state.active == 1
    assert game.state.life[0] == 10
    req = game.pending()
    if req.kind == "draw":
        game.act(1, {"type": "draw"})
    pass_until(game, ("main",))
    game.act(1, {"type": "end_main"})
    pass_until(game, ("battle",))
    game.act(1, {"type": "end_battle"})
    pass_until(game, ("draw", "main"))
    assert game.state.active == 0 and game.state.life[0] == 11  # seat 0's preparation phase
