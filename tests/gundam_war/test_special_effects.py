"""Special effects (GW-A-22, GW-A-25; GW-R-97..114) and victory (GW-R-115)."""

from engine.games.gundam_war.state import power, stats
from tests.gundam_war.scenario import arrange, at, cid, deck, game, put_set, refused, until, zone_titles


def _resolve(g):
    while g.state.cut or g.state.pending:
        r = g.pending()
        g.act(r.seat, {"type": "order", "index": 0} if r.kind == "order" else {"type": "pass"})


def test_gw_r_101_psycommu_after_the_defense_fixed_effect_with_an_nt_pilot():
    """GW-A-25.11."""
    g = game()
    placed = arrange(g, 0, squads={"space": ("AW-2 Lumen Bit Carrier",)})
    arrange(g, 1, squads={"space": ("Grunt",)})
    carrier, grunt = placed["AW-2 Lumen Bit Carrier"], cid(g, 1, "Grunt", "space")
    psy = {"type": "use", "card": carrier, "text": 0, "target": grunt}
    at(g, "defense_ft2", active=0, engaged={"space"})
    assert refused(g, 0, psy).rule == "GW-A-25.11" and "NT" in refused(g, 0, psy).message
    put_set(g, cid(g, 0, "Ensign Kai Loram"), carrier)
    at(g, "defense_ft1", active=0, engaged={"space"})
    assert "fixed effect" in refused(g, 0, psy).message
    at(g, "defense_ft2", active=0, engaged={"space"})
    g.act(0, psy)
    _resolve(g)
    assert g.state.damage[grunt] == 2 and g.state.table.zone_name(grunt) == "space"


def test_gw_r_102_area_weapon_compares_defense_not_remaining_defense():
    """GW-A-25.12: Area Weapon (3) destroys engaged Def-3 Lancer but not Def-6 Carrier."""
    g = game()
    arrange(g, 1, squads={"earth": ("Hammerfall",)})
    arrange(g, 0, squads={"earth": ("AF-01 Lancer", "SC-1 Aurora Carrier")})
    carrier = cid(g, 0, "SC-1 Aurora Carrier", "earth")
    g.state.damage[carrier] = 5
    at(g, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    g.act(1, {"type": "use", "card": cid(g, 1, "Hammerfall", "earth"), "text": 0})
    _resolve(g)
    assert "AF-01 Lancer" in zone_titles(g, 0, "junk") and g.state.table.zone_name(carrier) == "earth"


def test_gw_r_103_ship_base_support_rules():
    """GW-A-25.20-22: a Ship ignores pilot modifications; a lone Support fails to sortie; a second
    Base in a squad fails."""
    g = game()
    placed = arrange(g, 0, deploy=("SC-1 Aurora Carrier", "AX-5 Cradle Support"))
    put_set(g, cid(g, 0, "Ensign Kai Loram"), placed["SC-1 Aurora Carrier"])
    assert stats(g.state, placed["SC-1 Aurora Carrier"]) == (0, 3, 6)
    put_set(g, cid(g, 0, "Captain Mira Solen"), placed["SC-1 Aurora Carrier"])
    assert stats(g.state, placed["SC-1 Aurora Carrier"]) == (0, 5, 7)        # Ship Modification (GW-A-25.24)
    at(g, "attack_fx", active=0)
    g.act(0, {"type": "sortie", "card": placed["AX-5 Cradle Support"], "area": "earth"})
    events = g.act(0, {"type": "sortie_done"})
    assert any(e.data["type"] == "sortie_failed" and e.data["rule"] == "GW-A-25.22" for e in events)
    g2 = game(deck_a=deck("BS-9 Harbor Fortress", "BS-9 Harbor Fortress"))
    arrange(g2, 0, deploy=("BS-9 Harbor Fortress", "BS-9 Harbor Fortress"))
    at(g2, "defense_fx", active=1)
    for c in sorted(g2.state.table.zone(0, "deploy")):
        g2.act(0, {"type": "sortie", "card": c, "area": "earth"})
    events = g2.act(0, {"type": "sortie_done"})
    assert [e.data["rule"] for e in events if e.data["type"] == "sortie_failed"] == ["GW-A-25.21"]


def test_gw_r_105_dismantle_and_variable_use_the_g_play():
    """GW-A-25.17, GW-A-25.27, GW-X-29."""
    g = game()
    placed = arrange(g, 0, hand=("AF-03 Variable Patrol", "Aurora Shipyard"), deploy=("Aurora Shipyard",) * 3)
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["AF-03 Variable Patrol"], "mode": "variable"})
    assert power(g.state, 0) == {"blue": 4}
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "Aurora Shipyard", "hand")}).rule == "GW-B-9.5.4"
    g = game()
    placed = arrange(g, 1, hand=("Verdant Foundry",), deploy=("Grunt",))
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "use", "card": placed["Grunt"], "text": 0})
    _resolve(g)
    assert power(g.state, 1) == {"green": 1}
    assert refused(g, 1, {"type": "play", "card": placed["Verdant Foundry"]}).rule == "GW-B-9.5.4"


def test_gw_r_106_ps_armor_returns_to_hand_at_end_of_turn_unless_power_reaches_x():
    """GW-A-25.18: enters rerolled; after going to a battle area it returns to hand at the end of
    the turn, unless white power ≥ 3."""
    g = game()
    placed = arrange(g, 0, hand=("AW-0 Seraph Frame",), deploy=("Ivory Colony",) * 2 + ("Aurora Shipyard",) * 2)
    at(g, "deploy_ft", active=0)
    seraph = placed["AW-0 Seraph Frame"]
    g.act(0, {"type": "play", "card": seraph})
    _resolve(g)
    assert seraph not in g.state.rolled
    until(g, "attack_fx")
    g.act(0, {"type": "sortie", "card": seraph, "area": "space"})
    g.act(0, {"type": "sortie_done"})
    until(g, "reroll_ft")
    assert g.state.table.zone_name(seraph) == "hand"
    g2 = game()
    placed = arrange(g2, 0, deploy=("Ivory Colony",) * 3 + ("AW-0 Seraph Frame",))
    g2.state.sortied.add(placed["AW-0 Seraph Frame"])
    at(g2, "return_ft2", active=0, sortied={placed["AW-0 Seraph Frame"]})
    until(g2, "reroll_ft")
    assert g2.state.table.zone_name(placed["AW-0 Seraph Frame"]) == "deploy"


def test_gw_r_107_transform_needs_rerolled_and_reverts_at_end_of_turn():
    """GW-A-25.19."""
    g = game()
    placed = arrange(g, 0, rolled=("AF-07 Vanguard Gundam",))
    v = placed["AF-07 Vanguard Gundam"]
    at(g, "attack_ft1", active=0)
    assert refused(g, 0, {"type": "use", "card": v, "text": 0}).rule == "GW-A-25.19"
    g.state.rolled.discard(v)
    g.state_changed()
    g.act(0, {"type": "use", "card": v, "text": 0})
    _resolve(g)
    assert stats(g.state, v) == (5, 1, 3)
    g.state.rolled.add(v)                                             # stays transformed when rolled
    assert stats(g.state, v) == (5, 1, 3)
    until(g, "reroll_ft")
    assert v not in g.state.transformed and stats(g.state, v) == (4, 2, 4)


def test_gw_r_109_restrict_to_1_and_to_1_own():
    """GW-A-25.33 (either field) and GW-A-25.34 (own field only)."""
    g = game(deck_a=deck("AF-07 Vanguard Gundam", "AF-07 Vanguard Gundam"),
             deck_b=deck("Forward Supply Line", "Forward Supply Line", fill="Verdant Foundry"))
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("AF-07 Vanguard Gundam",) + ("Aurora Shipyard",) * 4)
    at(g, "deploy_ft", active=0)
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")}).rule == "GW-A-25.33"
    arrange(g, 1, hand=("Forward Supply Line",), deploy=("Forward Supply Line",) + ("Verdant Foundry",) * 2)
    at(g, "deploy_ft", active=1)
    assert refused(g, 1, {"type": "play", "card": cid(g, 1, "Forward Supply Line", "hand")}).rule == "GW-A-25.34"
    g.state.table.move(cid(g, 1, "Forward Supply Line", "deploy"), 1, "junk")
    g.state_changed()
    g.act(1, {"type": "play", "card": cid(g, 1, "Forward Supply Line", "hand")})


def test_gw_r_110_restrict_to_1_per_turn_and_a_negated_play_does_not_count():
    """GW-A-25.29."""
    g = game(deck_b=deck("Counter Intelligence", "Counter Intelligence", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Counter Intelligence", "Counter Intelligence"), deploy=("Verdant Foundry",) * 3)
    arrange(g, 0, hand=("AF-01 Lancer", "AF-01 Lancer"), deploy=("Aurora Shipyard",) * 2)
    at(g, "deploy_ft", active=0)
    lancer = cid(g, 0, "AF-01 Lancer", "hand")
    g.act(0, {"type": "play", "card": lancer})
    g.act(0, {"type": "pass"})
    first, second = sorted(g.state.table.zone(1, "hand"))
    g.act(1, {"type": "play", "card": first, "target": lancer})
    _resolve(g)
    lancer2 = cid(g, 0, "AF-01 Lancer", "hand")
    g.act(0, {"type": "play", "card": lancer2})
    g.act(0, {"type": "pass"})
    assert refused(g, 1, {"type": "play", "card": second, "target": lancer2}).rule == "GW-A-25.29"


def test_gw_r_112_change_only_in_the_enemy_attack_step_once_per_turn():
    """GW-A-25.16, GW-X-24: Hammerfall Custom replaces Hammerfall, keeps its damage and place,
    then is rerolled; Hammerfall goes to the hand."""
    g = game()
    placed = arrange(g, 1, hand=("Hammerfall Custom",), rolled=("Hammerfall",))
    custom, hammer = placed["Hammerfall Custom"], placed["Hammerfall"]
    g.state.damage[hammer] = 2
    at(g, "deploy_ft", active=0, priority=1)
    assert refused(g, 1, {"type": "change", "card": custom, "target": hammer}).rule == "GW-A-25.16"
    at(g, "attack_ft1", active=0, priority=1)
    g.act(1, {"type": "change", "card": custom, "target": hammer})
    assert g.state.table.zone_name(hammer) == "hand" and g.state.table.zone_name(custom) == "deploy"
    assert g.state.damage == {custom: 2} and custom not in g.state.rolled


def test_gw_r_113_fighting_arena_one_mf_attacker_one_defender():
    """GW-A-22.2: MF only, one Unit; the defender only if the attacker went; GF pilots only."""
    g = game(deck_b=deck("Iron Fist", "Iron Fist", "Master Gorran", "Quartermaster Ode", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Quartermaster Ode", "Master Gorran"),
                     deploy=("Iron Fist", "Iron Fist") + ("Verdant Foundry",) * 2)
    fists = sorted(c for c in g.state.table.zone(1, "deploy") if g.state.table.cards[c].defn.name == "Iron Fist")
    at(g, "deploy_ft", active=1)
    assert refused(g, 1, {"type": "play", "card": placed["Quartermaster Ode"], "target": fists[0]}).rule == "GW-A-22.1"
    g.act(1, {"type": "play", "card": placed["Master Gorran"], "target": fists[0]})
    _resolve(g)
    until(g, "attack_fx")
    g.act(1, {"type": "sortie", "card": fists[0], "area": "arena"})
    assert refused(g, 1, {"type": "sortie", "card": fists[1], "area": "arena"}).rule == "GW-A-22.2.1"
    g.act(1, {"type": "sortie_done"})
    assert stats(g.state, fists[0]) == (7, 0, 4)          # piloted 5/0/3 + Gorran +2/±0/+1
    assert stats(g.state, fists[1]) == (3, 0, 2)          # GW-A-22.4: the left of "/" without a pilot
    g2 = game()
    arrange(g2, 1, deploy=("Grunt",))
    arrange(g2, 0, deploy=("AF-01 Lancer",))
    at(g2, "attack_fx", active=1)
    assert refused(g2, 1, {"type": "sortie", "card": cid(g2, 1, "Grunt", "deploy"), "area": "arena"}).rule == "GW-A-22.2.1"
    g2.act(1, {"type": "sortie_done"})
    until(g2, "defense_fx")
    assert refused(g2, 0, {"type": "sortie", "card": cid(g2, 0, "AF-01 Lancer", "deploy"),
                           "area": "arena"}).rule == "GW-A-22.2.2"


def test_gw_r_114_ten_pollution_coins_lose_at_end_of_turn():
    """GW-A-25.42: two Toxin Bombardments (4 + 4) plus 2 earlier coins."""
    g = game()
    arrange(g, 1, hand=("Toxin Bombardment", "Toxin Bombardment"), deploy=("Verdant Foundry",) * 3)
    g.state.pollution[0] = 2
    at(g, "attack_ft1", active=1)
    for card in sorted(g.state.table.zone(1, "hand")):
        g.act(1, {"type": "play", "card": card})
        _resolve(g)
    assert g.state.pollution[0] == 10 and g.result() is None
    until(g, "reroll_ft")
    assert g.result().winner == 1 and g.result().rule == "GW-A-25.42"


def test_gw_a_25_7_vulture_points_take_back_a_card_at_end_of_turn():
    """GW-A-25.7, GW-X-14: an all-Vulture squad earns the destroyed Unit's Total National Power
    (Skyhawk: 2), enough for a G (not for a Unit) from the own Junk Yard."""
    g = game()
    arrange(g, 1, squads={"earth": ("Scrap Hound",)}, junk=("Grunt", "Verdant Foundry"))
    arrange(g, 0, squads={"earth": ("AF-02 Skyhawk",)})
    hawk = cid(g, 0, "AF-02 Skyhawk", "earth")
    g.state.damage[hawk] = 1
    g.state.rolled.add(hawk)
    at(g, "damage_ft1", active=1, engaged={"earth"}, vulture={(1, "earth")})
    until(g, "return_ft2")
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "pass"})
    assert g.state.vulture_points[1] == 2
    r = g.pending()
    assert r.kind == "vulture" and r.seat == 1
    assert refused(g, 1, {"type": "retrieve", "card": cid(g, 1, "Grunt", "junk")}).rule == "GW-A-25.7.1"
    g.act(1, {"type": "retrieve", "card": cid(g, 1, "Verdant Foundry", "junk")})
    assert g.state.vulture_points == [0, 0]


def test_gw_a_26_17_non_duplicating_kind_b_applies_once_per_controller():
    """GW-A-26.17.2: two Scrap Hounds' Recover triggers apply once for their controller."""
    g = game()
    arrange(g, 1, deploy=("Scrap Hound", "Scrap Hound"))
    arrange(g, 0, squads={"earth": ("AF-01 Lancer",)})
    lancer = cid(g, 0, "AF-01 Lancer", "earth")
    g.state.table.move(g.state.table.zone(1, "homeland")[0], 1, "discard")
    at(g, "damage_ft2", active=0)
    from engine.games.gundam_war.effects import destroy
    destroy(g.state, lancer, "test", "GW-B-11.1")
    g.state_changed()
    _resolve(g)
    recovers = [e for e in g.state.events if e.data["type"] == "recover"]
    assert len(recovers) <= 1
    assert any(e.data["type"] == "non_duplicating" for e in g.state.events)


def test_gw_a_25_15_team_gives_other_team_units_their_bonus():
    g = game()
    placed = arrange(g, 0, deploy=("AF-01 Lancer", "AF-01 Lancer"))
    lancers = sorted(c for c in g.state.table.zone(0, "deploy"))
    assert stats(g.state, lancers[0]) == (4, 1, 3)
    g.state.table.move(lancers[1], 0, "earth")
    assert stats(g.state, lancers[0]) == (3, 1, 3)
    assert placed


def test_gw_a_25_14_multiple_is_paid_with_a_same_name_card():
    """GW-A-25.14: 《(0) each》: remove a same-name card from hand or own Junk Yard."""
    g = game()
    arrange(g, 1, hand=("Hammerfall Custom",), squads={"earth": ("Hammerfall Custom",)})
    arrange(g, 0, squads={"earth": ("AF-02 Skyhawk",)})
    custom = cid(g, 1, "Hammerfall Custom", "earth")
    hawk = cid(g, 0, "AF-02 Skyhawk", "earth")
    at(g, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    assert refused(g, 1, {"type": "use", "card": custom, "text": 0, "target": hawk}).rule == "GW-A-25.14"
    g.act(1, {"type": "use", "card": custom, "text": 0, "target": hawk, "pay": cid(g, 1, "Hammerfall Custom", "hand")})
    assert len(g.state.table.zone(1, "removed")) == 1
    _resolve(g)
    assert g.state.damage[hawk] == 1


def test_gw_a_25_36_37_set_character_and_set_g():
    """Set/Character adds its modification to the Character; Set/G sits on a Basic G."""
    g = game()
    placed = arrange(g, 0, hand=("Lt. Dara Voss",), deploy=("Ivory Colony", "Ivory Colony", "AF-01 Lancer"))
    kai = cid(g, 0, "Ensign Kai Loram")
    put_set(g, kai, placed["AF-01 Lancer"])
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["Lt. Dara Voss"], "target": kai})
    _resolve(g)
    assert stats(g.state, placed["AF-01 Lancer"]) == (3 + 1, 1 + 2 + 1, 3 + 0 + 1)
    g2 = game()
    placed = arrange(g2, 1, hand=("Quartermaster Ode",), deploy=("Verdant Foundry", "Verdant Foundry"))
    foundry = sorted(g2.state.table.zone(1, "deploy"))[0]
    at(g2, "deploy_ft", active=1)
    g2.act(1, {"type": "play", "card": placed["Quartermaster Ode"], "target": foundry})
    _resolve(g2)
    assert g2.state.set_on[placed["Quartermaster Ode"]] == foundry


def test_gw_a_25_25_resupply_keeps_units_rerolled():
    g = game()
    placed = arrange(g, 0, squads={"space": ("AF-01 Lancer", "AX-5 Cradle Support")})
    at(g, "return_ft1", active=0)
    g.act(0, {"type": "use", "card": placed["AX-5 Cradle Support"], "text": 0})
    _resolve(g)
    until(g, "return_ft2")
    assert placed["AF-01 Lancer"] not in g.state.rolled and placed["AX-5 Cradle Support"] not in g.state.rolled


def test_gw_a_25_10_special_shield_reduces_an_unresolved_damage_effect():
    g = game()
    placed = arrange(g, 0, squads={"space": ("AW-2 Lumen Bit Carrier",)})
    arrange(g, 1, hand=("Hammerfall Custom",), squads={"space": ("Hammerfall Custom",)})
    lumen = placed["AW-2 Lumen Bit Carrier"]
    at(g, "damage_ft1", active=1, engaged={"space"})
    g.act(1, {"type": "use", "card": cid(g, 1, "Hammerfall Custom", "space"), "text": 0, "target": lumen,
              "pay": cid(g, 1, "Hammerfall Custom", "hand")})
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "use", "card": lumen, "text": 1})
    _resolve(g)
    assert lumen not in g.state.damage


def test_gw_a_25_13_atmospheric_entry_moves_to_the_earth_area():
    g = game()
    arrange(g, 1, squads={"space": ("Descent Pod",)})
    arrange(g, 0, squads={"earth": ("AF-01 Lancer",)})
    at(g, "defense_ft2", active=0, priority=1)
    arrange(g, 1, squads={"space": ("Descent Pod",), "earth": ("Grunt",)})
    pod = cid(g, 1, "Descent Pod", "space")
    at(g, "defense_ft2", active=0, priority=1)
    g.act(1, {"type": "use", "card": pod, "text": 0})
    _resolve(g)
    assert g.state.table.zone(1, "earth") == [cid(g, 1, "Grunt", "earth"), pod]     # joins behind (GW-R-62)
    assert "earth" in g.state.engaged


def test_gw_a_25_2_water_invalidates_engaged_enemy_texts():
    g = game()
    placed = arrange(g, 0, squads={"earth": ("WS-3 Tide Runner",)})
    arrange(g, 1, squads={"earth": ("Hammerfall",)})
    at(g, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    assert refused(g, 1, {"type": "use", "card": cid(g, 1, "Hammerfall", "earth"), "text": 0}).rule == "GW-A-25.2"
    assert placed


def test_gw_r_115_empty_homeland_loses_both_empty_draw():
    """GW-B-5.2, GW-B-5.3, GW-X-3: the loss is checked right after a play's resource payment."""
    g = game()
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("Aurora Shipyard",) * 4)
    home = g.state.table.zone(0, "homeland")
    for c in list(home)[1:]:
        g.state.table.move(c, 0, "discard")
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")})
    assert g.result().winner == 1 and g.pending() is None
    g2 = game()
    for seat in (0, 1):
        for c in list(g2.state.table.zone(seat, "homeland"))[1:]:
            g2.state.table.move(c, seat, "discard")
    arrange(g2, 0, squads={"earth": ("AF-01 Lancer",)})
    for c in list(g2.state.table.zone(0, "homeland"))[1:]:
        g2.state.table.move(c, 0, "discard")
    from engine.games.gundam_war.effects import check_win, homeland_to_discard
    homeland_to_discard(g2.state, 0, 1, "x", "x")
    homeland_to_discard(g2.state, 1, 1, "x", "x")
    check_win(g2.state)
    assert g2.result().draw and g2.result().rule == "GW-B-5.3"


def test_gw_x_3_loss_check_option_after_resolution():
    """GW-X-3 alternative: the empty Homeland loses only once the effect has resolved."""
    g = game(options={"loss_check": "after_resolution"})
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("Aurora Shipyard",) * 4)
    for c in list(g.state.table.zone(0, "homeland"))[1:]:
        g.state.table.move(c, 0, "discard")
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")})
    assert g.result() is None
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "pass"})
    assert g.result().winner == 1


def test_gw_x_12_water_scope_option_any_squad():
    g = game(options={"water_scope": "any"})
    arrange(g, 0, squads={"earth": ("WS-3 Tide Runner",)})
    arrange(g, 1, squads={"earth": ("Hammerfall",)})
    at(g, "damage_ft1", active=1, engaged={"earth"})
    assert refused(g, 1, {"type": "use", "card": cid(g, 1, "Hammerfall", "earth"), "text": 0}).rule == "GW-A-25.2"
    g2 = game()
    arrange(g2, 0, squads={"earth": ("WS-3 Tide Runner",)})
    arrange(g2, 1, squads={"earth": ("Hammerfall",)})
    at(g2, "damage_ft1", active=1, engaged={"earth"})
    g2.act(1, {"type": "use", "card": cid(g2, 1, "Hammerfall", "earth"), "text": 0})


def test_gw_r_95_card_coins_enter_rerolled_take_no_set_cards_and_vanish_off_the_field():
    """GW-A-21.1, GW-A-21.4, GW-A-26.7."""
    from engine.games.gundam_war.effects import leave_field
    g = game()
    arrange(g, 1, hand=("Drone Swarm", "Master Gorran"), deploy=("Verdant Foundry",) * 3)
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Drone Swarm", "hand")})
    _resolve(g)
    drones = sorted(g.state.card_coins)
    assert len(drones) == 2 and all(g.state.table.zone_name(d) == "deploy" and d not in g.state.rolled for d in drones)
    assert stats(g.state, drones[0]) == (1, 1, 1)
    error = refused(g, 1, {"type": "play", "card": cid(g, 1, "Master Gorran", "hand"), "target": drones[0]})
    assert error.rule == "GW-A-21.4"
    leave_field(g.state, drones[0], "junk", "test", "GW-A-21.1")
    assert g.state.table.zone_name(drones[0]) == "gone" and zone_titles(g, 1, "junk") == ["Drone Swarm"]
    g.rules.check_invariants(g.state)


def test_gw_a_26_3_an_effect_forbidding_sorties_targets_the_player():
    g = game(deck_a=deck("Jamming Field", "Ivory Colony", "Ivory Colony", "Ivory Colony"))
    arrange(g, 0, hand=("Jamming Field",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, deploy=("Grunt",))
    at(g, "attack_ft1", active=1)
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "play", "card": cid(g, 0, "Jamming Field", "hand")})
    _resolve(g)
    until(g, "attack_fx")
    error = refused(g, 1, {"type": "sortie", "card": cid(g, 1, "Grunt", "deploy"), "area": "earth"})
    assert error.rule == "GW-A-26.3"


def test_gw_a_26_11_psycommu_plus_raises_x():
    g = game(deck_a=deck("Neural Link", "AW-2 Lumen Bit Carrier", "Ensign Kai Loram"))
    placed = arrange(g, 0, hand=("Neural Link",), deploy=("Aurora Shipyard",),
                     squads={"space": ("AW-2 Lumen Bit Carrier",)})
    carrier = placed["AW-2 Lumen Bit Carrier"]
    put_set(g, cid(g, 0, "Ensign Kai Loram"), carrier)
    arrange(g, 1, squads={"space": ("Hammerfall",)})
    hammer = cid(g, 1, "Hammerfall", "space")
    at(g, "defense_ft2", active=0, engaged={"space"})
    g.act(0, {"type": "play", "card": placed["Neural Link"], "target": carrier})
    _resolve(g)
    g.act(0, {"type": "use", "card": carrier, "text": 0, "target": hammer})
    _resolve(g)
    assert g.state.damage[hammer] == 3


def test_gw_a_25_36_a_set_character_card_moves_onto_the_new_pilot():
    """GW-A-25.36: Lt. Dara Voss set directly on a Lancer does not block a Character; when one is
    set, Dara is re-set onto that Character (her modification still reaches the Unit)."""
    g = game()
    placed = arrange(g, 0, hand=("Captain Mira Solen",), deploy=("Aurora Shipyard",) * 2 + ("AF-01 Lancer",))
    lancer = placed["AF-01 Lancer"]
    dara = cid(g, 0, "Lt. Dara Voss")
    put_set(g, dara, lancer)
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["Captain Mira Solen"], "target": lancer})
    _resolve(g)
    mira = placed["Captain Mira Solen"]
    assert g.state.set_on[mira] == lancer and g.state.set_on[dara] == mira
    assert stats(g.state, lancer) == (3 + 1 + 0, 1 + 1 + 1, 3 + 1 + 1)


def test_gw_r_96_a_second_same_name_character_entering_anyway_is_discarded():
    """GW-A-26.8: two Quick Scout Pilot Rins on one Cut: the later one to enter is discarded."""
    g = game(deck_b=deck("Scout Pilot Rin", "Scout Pilot Rin", "Grunt", "Grunt", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Scout Pilot Rin", "Scout Pilot Rin"), deploy=("Verdant Foundry", "Grunt", "Grunt"))
    rins = sorted(g.state.table.zone(1, "hand"))
    grunts = sorted(c for c in g.state.table.zone(1, "deploy") if g.state.table.cards[c].defn.name == "Grunt")
    at(g, "draw_ft1", active=0, priority=1)
    g.act(1, {"type": "play", "card": rins[0], "target": grunts[0]})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": rins[1], "target": grunts[1]})     # cuts in on the first
    _resolve(g)
    assert g.state.table.zone_name(rins[1]) == "set" and g.state.table.zone_name(rins[0]) == "junk"


def test_gw_r_89_the_set_groups_defense_includes_its_pilot():
    """GW-A-20.5.1: Lancer (Def 3) with Captain Mira (+1 Defense) survives 3 damage."""
    from engine.games.gundam_war.effects import check_destruction
    g = game()
    placed = arrange(g, 0, deploy=("AF-01 Lancer",))
    put_set(g, cid(g, 0, "Captain Mira Solen"), placed["AF-01 Lancer"])
    g.state.damage[placed["AF-01 Lancer"]] = 3
    check_destruction(g.state)
    assert placed["AF-01 Lancer"] not in g.state.destroyed
    g.state.damage[placed["AF-01 Lancer"]] = 4
    check_destruction(g.state)
    assert placed["AF-01 Lancer"] in g.state.destroyed


def test_gw_r_80_defense_zero_destruction_is_not_negated_while_defense_stays_0():
    """GW-A-19.7: "Destruction caused by Defense 0 cannot be negated as long as the Defense stays 0"."""
    from engine.games.gundam_war.effects import apply_effects, check_destruction
    g = game()
    placed = arrange(g, 0, deploy=("AF-02 Skyhawk",))
    hawk = placed["AF-02 Skyhawk"]
    g.state.turn_mods[hawk] = [0, 0, -2]
    check_destruction(g.state)
    assert hawk in g.state.destroyed
    g.state.events = []
    apply_effects(g.state, 0, ({"repair": "own_destroyed_unit"},), hawk, None)
    assert hawk in g.state.destroyed
    assert [e.data["type"] for e in g.state.events] == ["destruction_not_negated"]


def test_gw_a_19_7_raising_defense_from_0_before_the_discard_voids_the_destruction():
    """GW-A-19.7, GW-R-80: "To negate it, before the Unit is discarded, some means must raise its
    Defense to 1 or more, making the destroyed state void": the Skyhawk at Defense 0 is destroyed;
    its Defense raised to 1 before its discard effect resolves, it stays on the field, not
    destroyed, and its discard effect does nothing. With 1 damage on it, Defense 1 is reached by
    the damage, so it is destroyed again (GW-B-11)."""
    from engine.games.gundam_war.effects import check_destruction, resolve_discard
    g = game()
    hawk = arrange(g, 0, deploy=("AF-02 Skyhawk",))["AF-02 Skyhawk"]
    g.state.turn_mods[hawk] = [0, 0, -2]
    check_destruction(g.state)
    assert hawk in g.state.destroyed and [e["card"] for e in g.state.pending] == [hawk]
    g.state.turn_mods[hawk] = [0, 0, -1]                    # an effect gives it +1 Defense: 2 - 1 = 1
    resolve_discard(g.state, hawk)
    assert g.state.table.zone_name(hawk) == "deploy" and hawk not in g.state.destroyed
    assert g.state.pending == []
    assert any(e.data["type"] == "destruction_void" and e.data["rule"] == "GW-A-19.7" for e in g.state.events)
    g.state.turn_mods[hawk] = [0, 0, -2]
    check_destruction(g.state)
    g.state.damage[hawk] = 1
    g.state.turn_mods[hawk] = [0, 0, -1]
    check_destruction(g.state)                              # Defense 1 again, but 1 damage reaches it
    assert hawk in g.state.destroyed and hawk not in g.state.zero_defense


def test_gw_a_15_6_lose_beats_gain_whatever_the_order():
    """GW-A-15.6, GW-A-24.4-5."""
    from engine.games.gundam_war.effects import apply_effects
    from engine.games.gundam_war.state import keyword
    g = game()
    placed = arrange(g, 0, squads={"earth": ("AF-01 Lancer",)})
    lancer = placed["AF-01 Lancer"]
    apply_effects(g.state, 1, ({"lose": {"keyword": "high_mobility", "to": "enemy_battle_unit"}},), lancer, None)
    apply_effects(g.state, 0, ({"gain": {"keyword": "high_mobility", "to": "own_unit"}},), lancer, None)
    assert keyword(g.state, lancer, "high_mobility") is None
    g.state.kw_lose.clear()
    assert keyword(g.state, lancer, "high_mobility") is True


def test_gw_a_26_6_this_turn_reaches_units_that_enter_later_until_end_of_turn_does_not():
    """GW-A-26.6.1-2: Rally Cry (this turn) also raises a Unit played afterwards."""
    from engine.games.gundam_war.effects import apply_effects
    g = game()
    placed = arrange(g, 0, deploy=("AF-02 Skyhawk",), hand=("AF-01 Lancer",))
    at(g, "deploy_ft", active=0)
    apply_effects(g.state, 0, ({"mod_this_turn": {"stats": [1, 0, 0], "to": "own_units"}},), None, None)
    apply_effects(g.state, 0, ({"mod": {"stats": [0, 1, 0], "to": "all_units"}},), None, None)
    g.state.table.move(placed["AF-01 Lancer"], 0, "deploy")
    assert stats(g.state, placed["AF-02 Skyhawk"]) == (3, 3, 2)
    assert stats(g.state, placed["AF-01 Lancer"]) == (3 + 1, 1, 3)         # Rally, but not the earlier mod


def test_gw_r_41_texts_in_brackets_cannot_be_invalidated():
    """GW-A-16.10, GW-A-25.2: Water invalidates an engaged enemy's texts except those in 【】."""
    import dataclasses

    from engine.games.gundam_war.state import defn
    g = game(deck_b=deck("SC-1 Aurora Carrier", fill="Verdant Foundry"), deck_a=deck("WS-3 Tide Runner"))
    arrange(g, 0, squads={"earth": ("WS-3 Tide Runner",)})
    placed = arrange(g, 1, squads={"earth": ("SC-1 Aurora Carrier",)})
    carrier = placed["SC-1 Aurora Carrier"]
    at(g, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    use = {"type": "use", "card": carrier, "text": 0, "target": carrier}
    assert refused(g, 1, use).rule == "GW-A-25.2"
    d = defn(g.state, carrier)
    sealed = dataclasses.replace(d, texts=(dataclasses.replace(d.texts[0], unnegatable=True),))
    object.__setattr__(g.state.table.cards[carrier], "defn", sealed)
    g.state_changed()
    assert g.rules.check(g.state, 1, use) is None


def test_gw_a_22_3_2_an_unanswered_arena_unit_discards_a_random_enemy_card():
    """GW-A-22.3.2: [0·3]: after the Defense Step fixed effect, no enemy in the Fighting Arena."""
    g = game()
    arrange(g, 1, deploy=("Verdant Foundry",) * 3, squads={"arena": ("Iron Fist",)})
    arrange(g, 0, hand=("AF-01 Lancer", "Beam Volley"), deploy=("AF-02 Skyhawk",))
    at(g, "defense_fx", active=1)
    events = g.act(0, {"type": "sortie_done"})
    hit = [e.data for e in events if e.data["type"] == "discarded_at_random"]
    assert len(hit) == 1 and hit[0]["rule"] == "GW-A-22.3.2" and len(g.state.table.zone(0, "hand")) == 1
    assert len(g.state.table.zone(0, "junk")) == 1


def test_gw_a_25_13_a_command_aimed_at_a_unit_making_atmospheric_entry_loses_its_target():
    """GW-A-25.13: "Any unresolved effects targeting this card lose their target (and are void)";
    a played Command is one: per GW-A-13.5 its resolution fails, and per GW-A-15.2 it goes to its
    owner's Junk Yard, although the Pod is still a legal Beam Volley target in the Earth Area."""
    g = game(deck_a=deck("Beam Volley", "AF-01 Lancer", *("Ivory Colony",) * 4))
    placed = arrange(g, 0, hand=("Beam Volley",), squads={"earth": ("AF-01 Lancer",)}, deploy=("Ivory Colony",) * 4)
    arrange(g, 1, squads={"space": ("Descent Pod",)})
    pod = cid(g, 1, "Descent Pod", "space")
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "play", "card": placed["Beam Volley"], "target": pod})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "use", "card": pod, "text": 0})
    _resolve(g)
    assert g.state.table.zone_name(pod) == "earth"
    assert pod not in g.state.damage and pod not in g.state.destroyed
    assert g.state.table.zone_name(placed["Beam Volley"]) == "junk"
