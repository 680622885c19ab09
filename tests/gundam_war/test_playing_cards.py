"""Playing cards, National Power and costs (GW-B-9, GW-A-7, GW-A-10, GW-A-12, GW-A-23;
GW-R-16..35, GW-R-108)."""

from engine.games.gundam_war.state import card_cost, power
from tests.gundam_war.scenario import arrange, at, cid, deck, game, put_set, refused, zone_titles


def _resolve(g):
    """Both players pass on the open Cut."""
    while g.state.cut:
        g.act(g.pending().seat, {"type": "pass"})


def test_gw_r_16_units_only_in_own_deploy_phase():
    """GW-B-13.2.1: not in the Draw Phase, not by the defender."""
    g = game()
    arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",))
    arrange(g, 1, hand=("Grunt",), deploy=("Verdant Foundry",))
    at(g, "draw_ft1", active=0)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")}).rule == "GW-B-13.2.1"
    at(g, "deploy_ft", active=0, priority=1)
    assert refused(g, 1, {"type": "play", "card": cid(g, 1, "Grunt", "hand")}).rule == "GW-B-13.2.1"


def test_gw_r_17_one_unit_one_g_per_turn_ship_base_support_have_their_own_play():
    """GW-B-9.1.1, GW-B-9.10.4, GW-B-9.5.4, GW-A-25.23 (GW-X-9)."""
    g = game()
    arrange(g, 0, hand=("AF-01 Lancer", "AF-01 Lancer", "Aurora Shipyard", "Aurora Shipyard", "SC-1 Aurora Carrier",
                        "BS-9 Harbor Fortress"), deploy=("Aurora Shipyard",) * 3)
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")})
    _resolve(g)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")}).rule == "GW-B-9.10.4"
    g.act(0, {"type": "play", "card": cid(g, 0, "Aurora Shipyard", "hand")})
    _resolve(g)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "Aurora Shipyard", "hand")}).rule == "GW-B-9.5.4"
    g.act(0, {"type": "play", "card": cid(g, 0, "SC-1 Aurora Carrier", "hand")})   # the Ship: not the Unit play
    _resolve(g)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "BS-9 Harbor Fortress", "hand")}).rule == "GW-A-25.23"


def test_gw_r_19_to_21_power_is_a_threshold_of_colour_and_total_and_is_not_spent():
    """GW-B-9.8.1-2, GW-B-9.3.1, GW-B-9.6.1."""
    g = game()
    arrange(g, 0, hand=("AF-07 Vanguard Gundam", "AF-01 Lancer", "Captain Mira Solen"),
            deploy=("Aurora Shipyard", "Ivory Colony", "Ivory Colony", "Ivory Colony"))
    at(g, "deploy_ft", active=0)
    error = refused(g, 0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")})
    assert error.rule == "GW-B-9.8.1" and "2 blue" in error.message
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")})
    _resolve(g)
    lancer = cid(g, 0, "AF-01 Lancer", "deploy")
    g.act(0, {"type": "play", "card": cid(g, 0, "Captain Mira Solen", "hand"), "target": lancer})
    _resolve(g)
    assert power(g.state, 0) == {"blue": 1, "white": 3}                # unchanged by two plays
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("Aurora Shipyard", "Aurora Shipyard", "Ivory Colony"))
    at(g, "deploy_ft", active=0)
    error = refused(g, 0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")})
    assert error.rule == "GW-B-9.8.2"                                  # 2 blue but total 3 < 4


def test_gw_r_22_resource_cost_moves_homeland_top_cards_in_order():
    """GW-B-9.8.3: with a Substitute Cost of 2 resources the first card moved ends up deepest."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",), homeland_top=("AF-01 Lancer", "AF-02 Skyhawk"))
    arrange(g, 1, squads={"earth": ("Sand Viper",)})
    top2 = g.state.table.zone(0, "homeland")[:2]
    at(g, "attack_ft2", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "mode": "substitute",
              "target": cid(g, 1, "Sand Viper", "earth")})
    assert g.state.table.zone(0, "discard")[:2] == [top2[1], top2[0]]
    view = g.view(1)["players"][0]
    assert view["discard_pile"] == {"count": 2}                        # face-down: a count only


def test_gw_r_23_to_25_entry_states_of_g_units_and_operations():
    """GW-B-9.5.2 G rerolled, GW-B-9.10.2 Unit rolled, GW-B-9.14.2/4 Operation rerolled or as its
    set target."""
    g = game()
    arrange(g, 0, hand=("Aurora Shipyard", "AF-01 Lancer", "Reinforced Plating"), deploy=("Aurora Shipyard",))
    at(g, "deploy_ft", active=0)
    for title in ("Aurora Shipyard", "AF-01 Lancer"):
        g.act(0, {"type": "play", "card": cid(g, 0, title, "hand")})
        _resolve(g)
    g_card = [c for c in g.state.table.zone(0, "deploy") if g.state.table.cards[c].defn.name == "Aurora Shipyard"]
    assert not any(c in g.state.rolled for c in g_card) and power(g.state, 0) == {"blue": 2}
    lancer = cid(g, 0, "AF-01 Lancer", "deploy")
    assert lancer in g.state.rolled
    g.act(0, {"type": "play", "card": cid(g, 0, "Reinforced Plating", "hand"), "target": lancer})
    _resolve(g)
    plating = cid(g, 0, "Reinforced Plating", "set")
    view = g.view(0)["players"][0]["deploy_area"]
    lancer_view = next(c for c in view if c["id"] == lancer)
    assert lancer_view["set_cards"][0]["rolled"] is True and g.state.set_on[plating] == lancer
    assert lancer_view["defense"] == 4                                 # the Auto C put a +1 Defense coin


def test_gw_r_26_one_character_per_unit_and_no_same_name_character_on_the_field():
    """GW-B-9.12.1-2 (GW-X-21: either side's field); a Ship takes several (GW-A-25.20)."""
    g = game()
    placed = arrange(g, 0, hand=("Captain Mira Solen", "Ensign Kai Loram"),
                     deploy=("Aurora Shipyard", "Aurora Shipyard", "AF-01 Lancer", "SC-1 Aurora Carrier"))
    lancer, carrier = placed["AF-01 Lancer"], placed["SC-1 Aurora Carrier"]
    put_set(g, cid(g, 0, "Ensign Kai Loram", "homeland"), lancer)
    at(g, "deploy_ft", active=0)
    error = refused(g, 0, {"type": "play", "card": cid(g, 0, "Captain Mira Solen", "hand"), "target": lancer})
    assert error.rule == "GW-B-9.12.2"
    g.act(0, {"type": "play", "card": cid(g, 0, "Captain Mira Solen", "hand"), "target": carrier})
    _resolve(g)
    assert g.state.set_on[cid(g, 0, "Captain Mira Solen", "set")] == carrier
    g2 = game(deck_a=deck("Captain Mira Solen"), deck_b=deck("Captain Mira Solen", fill="Verdant Foundry"))
    arrange(g2, 0, deploy=("Aurora Shipyard",))
    mira0 = cid(g2, 0, "Captain Mira Solen")
    arrange(g2, 1, hand=("Captain Mira Solen",))
    g2.state.table.move(mira0, 0, "deploy")
    at(g2, "deploy_ft", active=1)
    error = refused(g2, 1, {"type": "play", "card": cid(g2, 1, "Captain Mira Solen", "hand")})
    assert error.rule == "GW-B-9.12.1"


def test_gw_r_27_purple_is_met_by_one_single_colour():
    """GW-A-7.3: purple 2 is paid by 2 green, not by 1 green + 1 purple; purple never pays green."""
    g = game()
    placed = arrange(g, 1, hand=("Tracking Beacon", "Grunt"), deploy=("Verdant Foundry", "Psyche Research Lab"))
    arrange(g, 0, deploy=("AF-01 Lancer",))
    target = cid(g, 0, "AF-01 Lancer", "deploy")
    at(g, "deploy_ft", active=1)
    assert refused(g, 1, {"type": "play", "card": placed["Tracking Beacon"], "target": target}).rule == "GW-B-9.8.1"
    arrange(g, 1, hand=("Tracking Beacon", "Grunt"), deploy=("Psyche Research Lab", "Psyche Research Lab"))
    at(g, "deploy_ft", active=1)
    assert refused(g, 1, {"type": "play", "card": cid(g, 1, "Grunt", "hand")}).rule == "GW-B-9.8.1"
    g.act(1, {"type": "play", "card": cid(g, 1, "Tracking Beacon", "hand"), "target": target})
    arrange(g, 1, hand=("Tracking Beacon",), deploy=("Verdant Foundry", "Verdant Foundry"))
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Tracking Beacon", "hand"), "target": target})


def test_gw_r_28_dual_colour_needs_both_colours():
    """GW-A-23.2: blue 1 + white 1; four blue is not enough."""
    g = game()
    arrange(g, 0, hand=("AW-2 Lumen Bit Carrier",), deploy=("Aurora Shipyard",) * 4)
    at(g, "deploy_ft", active=0)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "AW-2 Lumen Bit Carrier", "hand")}).rule == "GW-B-9.8.1"
    arrange(g, 0, hand=("AW-2 Lumen Bit Carrier",), deploy=("Aurora Shipyard",) * 3 + ("Ivory Colony",))
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AW-2 Lumen Bit Carrier", "hand")})


def test_gw_r_29_increases_apply_before_reductions_which_stop_at_zero():
    """GW-A-10.3.1-2, GW-A-25.32: an enemy Psyche Lab (+1) and Prevent (+1) raise a Command aimed
    at a played card; two cost reductions take the Lancer's 1 to 0, not below."""
    g = game(deck_a=deck("Ensign Kai Loram", "AF-01 Lancer", "Psyche Research Lab", "Twin Reactor Colony",
                         "Twin Reactor Colony"))
    arrange(g, 0, hand=("Ensign Kai Loram",), deploy=("Aurora Shipyard",) * 2 + ("AF-01 Lancer", "Psyche Research Lab"))
    arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 3)
    at(g, "deploy_ft", active=0)
    kai = cid(g, 0, "Ensign Kai Loram", "hand")
    g.act(0, {"type": "play", "card": kai, "target": cid(g, 0, "AF-01 Lancer", "deploy")})
    counter = cid(g, 1, "Counter Intelligence", "hand")
    assert card_cost(g.state, 1, counter, kai, False) == (2 + 1 + 1, 0)
    g.act(0, {"type": "pass"})
    assert refused(g, 1, {"type": "play", "card": counter, "target": kai}).rule == "GW-B-9.8.2"
    arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Twin Reactor Colony", "Twin Reactor Colony"))
    lancer = cid(g, 0, "AF-01 Lancer", "hand")
    assert card_cost(g.state, 0, lancer, None, False) == (0, 0)


def test_gw_r_31_negated_play_frees_the_slot_and_keeps_the_cost_paid():
    """GW-A-12.6, GW-X-31."""
    g = game()
    arrange(g, 0, hand=("AF-07 Vanguard Gundam", "AF-01 Lancer"), deploy=("Aurora Shipyard",) * 4)
    arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 2)
    at(g, "deploy_ft", active=0)
    home = len(g.state.table.zone(0, "homeland"))
    vanguard = cid(g, 0, "AF-07 Vanguard Gundam", "hand")
    g.act(0, {"type": "play", "card": vanguard})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Counter Intelligence", "hand"), "target": vanguard})
    g.act(0, {"type": "pass"})
    events = g.act(1, {"type": "pass"})
    assert any(e.data["type"] == "play_negated" and e.data["rule"] == "GW-A-12.6" for e in events)
    assert zone_titles(g, 0, "junk") == ["AF-07 Vanguard Gundam"]
    assert len(g.state.table.zone(0, "homeland")) == home - 1          # not refunded
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")})   # the Unit play is free again


def test_gw_r_32_failed_resolution_goes_to_the_junk_yard_and_keeps_the_slot_used():
    """GW-A-15.2, GW-A-20.3: the set target left the Deploy Area before the Character resolved."""
    g = game()
    placed = arrange(g, 0, hand=("Captain Mira Solen", "Ensign Kai Loram"),
                     deploy=("Aurora Shipyard",) * 2 + ("AF-01 Lancer",))
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["Captain Mira Solen"], "target": placed["AF-01 Lancer"]})
    g.state.table.move(placed["AF-01 Lancer"], 0, "hand")              # gone before resolution
    g.state_changed()
    g.act(0, {"type": "pass"})
    events = g.act(1, {"type": "pass"})
    assert any(e.data["type"] == "resolution_failed" for e in events)
    assert "Captain Mira Solen" in zone_titles(g, 0, "junk")
    assert g.state.slots["character"] == 1
    g.state.table.move(placed["AF-01 Lancer"], 0, "deploy")
    g.state_changed()
    error = refused(g, 0, {"type": "play", "card": placed["Ensign Kai Loram"], "target": placed["AF-01 Lancer"]})
    assert error.rule == "GW-B-9.12.5"


def test_gw_r_35_a_command_goes_to_the_junk_yard_after_resolving_and_commands_are_unlimited():
    """GW-A-8.2, GW-B-13.3.4."""
    g = game(deck_a=deck("Beam Volley", "Beam Volley", "Ivory Colony", "Ivory Colony", "Ivory Colony"))
    arrange(g, 0, hand=("Beam Volley", "Beam Volley"), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, squads={"earth": ("Sand Viper", "Breaker")})
    at(g, "defense_ft2", active=0)
    for title in ("Sand Viper", "Breaker"):
        g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": cid(g, 1, title, "earth")})
        _resolve(g)
    assert zone_titles(g, 0, "junk") == ["Beam Volley", "Beam Volley"]
    assert g.state.damage == {cid(g, 1, "Sand Viper"): 2, cid(g, 1, "Breaker"): 2}


def test_gw_r_108_quick_cards_in_any_free_timing_without_the_slot():
    """GW-A-25.28, GW-X-10: a Quick Character in the enemy turn, as a cut-in."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, hand=("Scout Pilot Rin",), deploy=("Verdant Foundry", "Grunt"), squads={"earth": ("Sand Viper",)})
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": cid(g, 1, "Sand Viper", "earth")})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Scout Pilot Rin", "hand"), "target": cid(g, 1, "Grunt", "deploy")})
    assert g.state.slots == {}
    _resolve(g)
    assert g.state.set_on[cid(g, 1, "Scout Pilot Rin", "set")] == cid(g, 1, "Grunt", "deploy")


def test_gw_a_26_10_16_x_is_chosen_at_play_and_xx_pays_twice_x():
    """GW-A-10.3.1, GW-A-26.10, GW-A-26.16: X = 2 pays 4 resources and deals 2."""
    g = game(deck_b=deck("Overload Barrage", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Overload Barrage",), deploy=("Verdant Foundry",) * 2)
    arrange(g, 0, squads={"earth": ("BS-9 Harbor Fortress",)})
    fort = cid(g, 0, "BS-9 Harbor Fortress", "earth")
    barrage = cid(g, 1, "Overload Barrage", "hand")
    at(g, "defense_ft2", active=1)
    assert refused(g, 1, {"type": "play", "card": barrage, "target": fort}).rule == "GW-A-26.10"
    assert refused(g, 1, {"type": "play", "card": barrage, "target": fort, "x": 4}).rule == "GW-A-26.10"
    assert {o.action.get("x") for o in g.pending().options if o.action.get("card") == barrage} == {1, 2, 3}
    home = len(g.state.table.zone(1, "homeland"))
    g.act(1, {"type": "play", "card": barrage, "target": fort, "x": 2})
    assert len(g.state.table.zone(1, "homeland")) == home - 4
    _resolve(g)
    assert g.state.damage[fort] == 2
