"""Text usage markers, the Cut and targets (GW-B-13, GW-A-11, GW-A-13, GW-A-14, GW-A-16;
GW-R-36..55)."""

from tests.gundam_war.scenario import arrange, at, cid, game, refused, zone_titles


def _resolve(g):
    while g.state.cut:
        g.act(g.pending().seat, {"type": "pass"})


def test_gw_r_36_zero_cost_text_once_per_turn():
    """GW-B-13.8.1: Transform 《(0)》 twice in one turn is refused."""
    g = game()
    arrange(g, 0, deploy=("AF-07 Vanguard Gundam",))
    vanguard = cid(g, 0, "AF-07 Vanguard Gundam", "deploy")
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "use", "card": vanguard, "text": 0})
    _resolve(g)
    assert vanguard in g.state.transformed
    assert refused(g, 0, {"type": "use", "card": vanguard, "text": 0}).rule == "GW-B-13.8.1"


def test_gw_r_38_roll_cost_refused_when_rolled_and_rolls_the_card():
    """GW-B-13.8.3: the Carrier rolls itself to reroll another Unit."""
    g = game()
    arrange(g, 0, deploy=("SC-1 Aurora Carrier",), rolled=("AF-01 Lancer",))
    carrier, lancer = cid(g, 0, "SC-1 Aurora Carrier", "deploy"), cid(g, 0, "AF-01 Lancer", "deploy")
    at(g, "draw_ft1", active=0)
    g.act(0, {"type": "use", "card": carrier, "text": 0, "target": lancer})
    assert carrier in g.state.rolled
    _resolve(g)
    assert lancer not in g.state.rolled
    g.state.text_uses.clear()
    g.state_changed()
    assert refused(g, 0, {"type": "use", "card": carrier, "text": 0, "target": lancer}).rule == "GW-B-13.8.3"


def test_gw_r_37_39_each_text_pays_resources_and_is_once_per_cut():
    """GW-B-13.8.2, GW-B-13.8.4: Skyhawk's 《① each》 pays 1 each time; twice in one Cut is refused,
    again in a new Cut is fine."""
    g = game()
    arrange(g, 0, deploy=("AF-02 Skyhawk",))
    hawk = cid(g, 0, "AF-02 Skyhawk", "deploy")
    at(g, "attack_ft1", active=0)
    home = len(g.state.table.zone(0, "homeland"))
    g.act(0, {"type": "use", "card": hawk, "text": 0})
    assert len(g.state.table.zone(0, "homeland")) == home - 1
    assert refused(g, 0, {"type": "use", "card": hawk, "text": 0}).rule == "GW-B-13.8.4"
    _resolve(g)
    g.act(0, {"type": "use", "card": hawk, "text": 0})
    _resolve(g)
    assert g.state.turn_mods[hawk] == [2, 0, 0]


def test_gw_r_40_x_y_requirement_makes_a_text_invalid_until_met():
    """GW-A-16.9: Twin Reactor's 《R》[1·5] needs 5 total National Power."""
    g = game()
    arrange(g, 0, deploy=("Twin Reactor Colony",) + ("Aurora Shipyard",) * 3)
    reactor = cid(g, 0, "Twin Reactor Colony", "deploy")
    at(g, "deploy_ft", active=0)
    assert refused(g, 0, {"type": "use", "card": reactor, "text": 0}).rule == "GW-A-16.9"
    arrange(g, 0, deploy=("Twin Reactor Colony",) + ("Aurora Shipyard",) * 4)
    reactor = cid(g, 0, "Twin Reactor Colony", "deploy")
    at(g, "deploy_ft", active=0)
    hand = len(g.state.table.zone(0, "hand"))
    g.act(0, {"type": "use", "card": reactor, "text": 0})
    _resolve(g)
    assert len(g.state.table.zone(0, "hand")) == hand + 1


def test_gw_r_42_a_timed_text_only_in_its_step():
    """GW-A-16.1: the Reactor's (own Deploy Phase) text is refused in the Draw Phase."""
    g = game()
    arrange(g, 0, deploy=("Twin Reactor Colony",) + ("Aurora Shipyard",) * 4)
    at(g, "draw_ft1", active=0)
    assert refused(g, 0, {"type": "use", "card": cid(g, 0, "Twin Reactor Colony", "deploy"), "text": 0}).rule == "GW-A-16.1"


def test_gw_r_43_44_priority_returns_to_the_active_player_and_the_cut_resolves_lifo():
    """GW-B-13.10, GW-B-13.11, GW-X-4: after an addition the active player is asked first; two
    Beam Volleys on one Cut resolve last in, first out."""
    from tests.gundam_war.scenario import deck
    g = game(deck_a=deck("Beam Volley", "Beam Volley", "Ivory Colony", "Ivory Colony", "Ivory Colony"))
    arrange(g, 0, hand=("Beam Volley", "Beam Volley"), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, squads={"earth": ("Breaker", "Sand Viper")})
    at(g, "defense_ft2", active=0)
    first, second = sorted(g.state.table.zone(0, "hand"))
    g.act(0, {"type": "play", "card": first, "target": cid(g, 1, "Breaker", "earth")})
    assert g.pending().seat == 0                                   # the active player is asked first
    g.act(0, {"type": "play", "card": second, "target": cid(g, 1, "Sand Viper", "earth")})
    g.act(0, {"type": "pass"})
    assert g.pending().seat == 1 and g.pending().kind == "cut_in"
    events = g.act(1, {"type": "pass"})
    resolved = [e.data["card"]["id"] for e in events if e.data["type"] == "command_resolved"]
    assert resolved == [second, first]


def test_gw_r_45_auto_c_waits_for_a_new_cut():
    """GW-A-14.3, GW-A-14.10: Reinforced Plating's enter trigger forms a new Cut after the play."""
    g = game()
    arrange(g, 0, hand=("Reinforced Plating",), deploy=("Aurora Shipyard",) * 2 + ("AF-01 Lancer",))
    at(g, "deploy_ft", active=0)
    lancer = cid(g, 0, "AF-01 Lancer", "deploy")
    g.act(0, {"type": "play", "card": cid(g, 0, "Reinforced Plating", "hand"), "target": lancer})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "pass"})
    assert [e["kind"] for e in g.state.cut] == ["auto"]                # a new Cut that may be cut into
    assert lancer not in g.state.coins
    _resolve(g)
    assert g.state.coins[lancer] == [0, 0, 1]


def test_gw_r_51_no_target_no_play():
    """GW-A-13.2: Beam Volley needs an enemy Unit in a battle area."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, deploy=("Sand Viper",))
    at(g, "attack_ft1", active=0)
    volley = cid(g, 0, "Beam Volley", "hand")
    assert not any(o.action.get("card") == volley for o in g.pending().options)
    error = refused(g, 0, {"type": "play", "card": volley, "target": cid(g, 1, "Sand Viper", "deploy")})
    assert error.rule == "GW-A-13.2"


def test_gw_r_52_a_lost_target_makes_the_resolution_fail():
    """GW-A-13.5, GW-A-15.2: the Command still goes to the Junk Yard, nothing is applied."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, squads={"earth": ("Sand Viper",)})
    at(g, "defense_ft2", active=0)
    viper = cid(g, 1, "Sand Viper", "earth")
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": viper})
    g.state.table.move(viper, 1, "deploy")                              # left the battle area
    g.state_changed()
    g.act(0, {"type": "pass"})
    events = g.act(1, {"type": "pass"})
    assert any(e.data["type"] == "lost_target" for e in events)
    assert viper not in g.state.damage and zone_titles(g, 0, "junk") == ["Beam Volley"]


def test_gw_r_79_negating_destruction_removes_the_damage_and_the_discard():
    """GW-A-19.2: Emergency Repairs cuts into the discard effect of a destroyed Unit."""
    g = game()
    arrange(g, 0, hand=("Emergency Repairs",), deploy=("Aurora Shipyard",), squads={"earth": ("AF-02 Skyhawk",)})
    arrange(g, 1, squads={"earth": ("Breaker",)})
    at(g, "damage_ft1", active=1, engaged={"earth"})
    g.act(1, {"type": "pass"}), g.act(0, {"type": "pass"})
    hawk = cid(g, 0, "AF-02 Skyhawk", "earth")
    assert hawk in g.state.destroyed and [e["kind"] for e in g.state.cut] == ["discard"]
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "play", "card": cid(g, 0, "Emergency Repairs", "hand"), "target": hawk})
    _resolve(g)
    assert hawk not in g.state.destroyed and hawk not in g.state.damage
    assert g.state.table.zone_name(hawk) == "earth"


def test_gw_r_54_untargetable_units_cannot_be_chosen_and_a_chosen_one_is_lost():
    """GW-A-13.10.1 and GW-A-13.10.3: Stealth Veil in answer to Beam Volley makes it fail."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, hand=("Stealth Veil",), deploy=("Verdant Foundry",), squads={"earth": ("Sand Viper",)})
    viper = cid(g, 1, "Sand Viper", "earth")
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": viper})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Stealth Veil", "hand"), "target": viper})
    g.act(0, {"type": "pass"})
    events = g.act(1, {"type": "pass"})
    assert any(e.data["type"] == "lost_target" for e in events) and viper not in g.state.damage
    from engine.games.gundam_war.effects import legal_targets
    assert viper not in legal_targets(g.state, 0, "enemy_battle_unit", None)
    assert viper in legal_targets(g.state, 1, "own_unit", None)


def test_gw_r_47_end_of_turn_effects_are_ordered_by_the_active_player_without_cut_ins():
    """GW-B-12.2, GW-A-15.10: two Harbor Fortresses' end-of-turn Auto D: the active player orders,
    each applies at once (no Cut)."""
    from tests.gundam_war.scenario import deck, until
    g = game(deck_a=deck("BS-9 Harbor Fortress", "BS-9 Harbor Fortress"))
    arrange(g, 0, deploy=("BS-9 Harbor Fortress", "BS-9 Harbor Fortress") + ("Aurora Shipyard",) * 4)
    for c in list(g.state.table.zone(0, "homeland"))[:3]:
        g.state.table.move(c, 0, "discard")
    at(g, "return_ft2", active=1)
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "pass"})
    r = g.pending()
    assert r.kind == "order" and r.seat == 1 and len(r.options) == 2
    discard = len(g.state.table.zone(0, "discard"))
    g.act(1, {"type": "order", "index": 1})
    assert len(g.state.table.zone(0, "discard")) == discard - 1 and not g.state.cut
    g.act(1, {"type": "order", "index": 0})
    assert len(g.state.table.zone(0, "discard")) == discard - 2
    until(g, "reroll_ft")
    assert g.state.turn == 4


def test_gw_r_94_hangar_cards_are_public_and_played_like_hand_cards():
    """GW-A-6: Deep Salvage Yard puts the Junk Yard's top card into the Hangar; it is played from
    there into the player's own Deploy Area."""
    g = game()
    arrange(g, 1, deploy=("Deep Salvage Yard",) + ("Verdant Foundry",) * 2, junk=("Sand Viper",),
            squads={})
    at(g, "return_ft1", active=1)
    g.act(1, {"type": "use", "card": cid(g, 1, "Deep Salvage Yard", "deploy"), "text": 0})
    _resolve(g)
    viper = cid(g, 1, "Sand Viper", "hangar")
    assert g.view(0)["players"][1]["hangar"][0]["id"] == viper
    at(g, "deploy_ft", active=1, turn=5)
    g.act(1, {"type": "play", "card": viper})
    _resolve(g)
    assert g.state.table.zone_name(viper) == "deploy"


def test_gw_r_90_a_destroyed_unit_takes_its_set_cards_to_their_owners_junk_yards():
    """GW-A-20.6, GW-A-26.2.1: one discard effect for the group; the enemy's set Operation goes
    to the enemy's Junk Yard."""
    from engine.games.gundam_war.effects import destroy
    from tests.gundam_war.scenario import put_set
    g = game()
    placed = arrange(g, 0, deploy=("AF-01 Lancer",))
    lancer = placed["AF-01 Lancer"]
    put_set(g, cid(g, 0, "Captain Mira Solen"), lancer)
    put_set(g, cid(g, 1, "Tracking Beacon"), lancer)
    at(g, "damage_ft2", active=0)
    destroy(g.state, lancer, "test", "GW-B-11.1")
    g.state_changed()
    assert [e["kind"] for e in g.state.pending] == ["discard"]
    g.act(0, {"type": "pass"})                                          # the discard effect starts a Cut
    assert [e["kind"] for e in g.state.cut] == ["discard"]
    _resolve(g)
    assert sorted(zone_titles(g, 0, "junk")) == ["AF-01 Lancer", "Captain Mira Solen"]
    assert zone_titles(g, 1, "junk") == ["Tracking Beacon"]


def test_gw_a_15_4_waiting_effect_fires_at_end_of_turn_on_that_card():
    """GW-A-15.4, GW-A-26.14: Overcharge's "discard that Unit at end of turn" waits, already
    resolved, and fires at the end of the turn (GW-B-12.2)."""
    from tests.gundam_war.scenario import until
    g = game()
    placed = arrange(g, 0, hand=("Overcharge",), deploy=("Ivory Colony",) * 2 + ("AF-01 Lancer",))
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "play", "card": placed["Overcharge"], "target": placed["AF-01 Lancer"]})
    _resolve(g)
    assert g.state.turn_mods[placed["AF-01 Lancer"]] == [3, 0, 0] and len(g.state.waiting) == 1
    until(g, "reroll_ft")
    assert g.state.table.zone_name(placed["AF-01 Lancer"]) == "junk" and not g.state.waiting
