"""The turn (GW-B-6..8, GW-B-12; GW-R-10..15, GW-R-85, GW-R-86)."""

from tests.gundam_war.scenario import arrange, at, cid, game, pass_until, refused, zone_titles


def test_gw_r_10_phases_and_steps_run_in_order_and_are_announced():
    """GW-B-6.1, GW-B-6.2."""
    g = game()
    arrange(g, 0, hand=("Aurora Shipyard",))
    at(g, "reroll_ft", active=0, turn=3)
    steps = []
    for _ in range(40):
        r = g.pending()
        events = g.act(r.seat, {"type": "sortie_done"} if r.kind == "sortie" else {"type": "pass"})
        steps += [e.data["step"] for e in events if e.data["type"] == "step"]
        if g.state.turn == 4:
            break
    assert steps[:8] == ["draw", "deploy", "attack", "defense", "damage", "return", "end", "reroll"]


def test_gw_r_11_reroll_phase_rerolls_only_the_active_players_cards():
    """GW-B-7.1, GW-A-4.2.1: own rolled Units and G are rerolled; the defender's stay rolled."""
    g = game()
    mine = arrange(g, 0, rolled=("AF-01 Lancer", "Aurora Shipyard"))
    theirs = arrange(g, 1, rolled=("Verdant Foundry",))
    at(g, "return_ft2", active=1, turn=2)
    pass_until(g, lambda g: g.state.turn == 3)
    assert g.state.active == 0
    assert mine["AF-01 Lancer"] not in g.state.rolled and mine["Aurora Shipyard"] not in g.state.rolled
    assert theirs["Verdant Foundry"] in g.state.rolled


def test_gw_r_13_draw_phase_draws_one_card_from_the_homeland_top():
    """GW-B-8.1: the second player draws on their first turn (turn 2)."""
    g = game()
    arrange(g, 1, homeland_top=("Sand Viper",))
    at(g, "reroll_ft", active=1, turn=2)
    before = len(g.state.table.zone(1, "hand"))
    pass_until(g, lambda g: g.state.step == "draw_ft2")
    assert len(g.state.table.zone(1, "hand")) == before + 1
    assert "ZG-4 Sand Viper" in zone_titles(g, 1, "hand")


def test_gw_r_15_active_player_has_priority_first_in_every_free_timing():
    """GW-A-9.3: the defender cannot act before the active player passes."""
    g = game()
    arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry", "Verdant Foundry"))
    at(g, "draw_ft1", active=0)
    assert g.pending().seat == 0
    error = refused(g, 1, {"type": "pass"})
    assert error.code == "wrong_seat" and error.rule == "GW-A-9.3"
    g.act(0, {"type": "pass"})
    assert g.pending().seat == 1


def test_gw_r_14_nothing_can_be_played_during_a_fixed_effect():
    """GW-A-4.1: during the sortie (Attack Step fixed effect) no card is played."""
    g = game()
    arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony", "Ivory Colony", "Ivory Colony", "AF-01 Lancer"))
    at(g, "attack_fx", active=0)
    error = refused(g, 0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand")})
    assert error.rule == "GW-A-4.1"


def test_gw_r_85_damage_is_reset_at_end_of_turn():
    """GW-B-12.1."""
    g = game()
    placed = arrange(g, 0, deploy=("AF-01 Lancer",))
    g.state.damage[placed["AF-01 Lancer"]] = 2
    at(g, "return_ft2", active=0)
    pass_until(g, lambda g: g.state.turn == 4)
    assert placed["AF-01 Lancer"] not in g.state.damage


def test_gw_r_86_hand_limit_six_only_for_the_active_player():
    """GW-B-12.3: the active player discards the excess of their choice to the Junk Yard; the
    defender keeps eight cards."""
    g = game()
    arrange(g, 0, hand=("AF-01 Lancer",) * 3 + ("AF-02 Skyhawk",) * 2 + ("Beam Volley", "Overcharge", "Lt. Dara Voss"))
    arrange(g, 1, hand=("Grunt",) * 4 + ("Sand Viper",) * 2 + ("Breaker",) * 2)
    at(g, "return_ft2", active=0)
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "pass"})
    r = g.pending()
    assert r.kind == "hand_limit" and r.seat == 0
    assert refused(g, 1, {"type": "discard", "card": cid(g, 1, "Grunt", "hand")}).code == "wrong_seat"
    g.act(0, {"type": "discard", "card": cid(g, 0, "Beam Volley", "hand")})
    assert g.pending().kind == "hand_limit"
    g.act(0, {"type": "discard", "card": cid(g, 0, "Lt. Dara Voss", "hand")})
    assert len(g.state.table.zone(0, "hand")) == 6
    assert zone_titles(g, 0, "junk") == ["Beam Volley", "Lt. Dara Voss"]
    assert len(g.state.table.zone(1, "hand")) == 8 and g.state.turn == 4
