"""Sortie, squads and battle damage (GW-B-10, GW-A-17, GW-A-18; GW-R-56..84)."""

from engine.games.gundam_war.state import choice
from tests.gundam_war.scenario import arrange, at, cid, game, refused, until, zone_titles


def _sortie(g, seat, *pairs):
    for title, area in pairs:
        g.act(seat, {"type": "sortie", "card": cid(g, seat, title, "deploy"), "area": area})
    g.act(seat, {"type": "sortie_done"})


def _to_damage(g):
    """Pass the free timings up to and through the Damage Calculation Step fixed effect."""
    events = []
    while g.state.step not in ("damage_ft2", "return_ft1") and g.pending() is not None:
        events += g.act(g.pending().seat, {"type": "pass"})
    return [e.data for e in events]


def test_gw_r_56_refused_sorties_rolled_no_aptitude_base_attacking():
    """GW-A-17.1.1, GW-B-10.2.1, GW-A-25.21."""
    g = game()
    arrange(g, 0, deploy=("AF-02 Skyhawk", "BS-9 Harbor Fortress"), rolled=("AF-01 Lancer",))
    at(g, "attack_fx", active=0)
    assert refused(g, 0, {"type": "sortie", "card": cid(g, 0, "AF-01 Lancer"), "area": "earth"}).rule == "GW-B-10.2.1"
    error = refused(g, 0, {"type": "sortie", "card": cid(g, 0, "AF-02 Skyhawk"), "area": "space"})
    assert error.rule == "GW-B-10.2.1" and "Space aptitude" in error.message
    assert refused(g, 0, {"type": "sortie", "card": cid(g, 0, "BS-9 Harbor Fortress"), "area": "earth"}).rule == "GW-A-25.21"


def test_gw_r_57_64_70_one_squad_per_area_front_melee_plus_shooting_hits_the_homeland():
    """GW-A-17.1.1, GW-B-10.6, GW-B-10.8: Lancer (3/1) in front, Skyhawk (2/2) behind: 3 + 2 = 5,
    dealt to the undefended Homeland top to bottom into the Discard Pile."""
    g = game()
    arrange(g, 0, deploy=("AF-01 Lancer", "AF-02 Skyhawk"))
    at(g, "attack_fx", active=0)
    _sortie(g, 0, ("AF-01 Lancer", "earth"), ("AF-02 Skyhawk", "earth"))
    assert zone_titles(g, 0, "earth") == ["AF-01 Lancer", "AF-02 Skyhawk"]
    assert g.state.rolled == set()                                    # GW-R-59: sortie does not roll
    home = len(g.state.table.zone(1, "homeland"))
    top5 = g.state.table.zone(1, "homeland")[:5]
    until(g, "defense_fx")
    _sortie(g, 1)
    _to_damage(g)
    assert len(g.state.table.zone(1, "homeland")) == home - 5
    assert g.state.table.zone(1, "discard")[:5] == list(reversed(top5))


def test_gw_r_58_high_mobility_defender_without_it_fails_and_stays_rerolled():
    """GW-A-25.1, GW-A-17.1.3."""
    g = game()
    arrange(g, 0, deploy=("AF-02 Skyhawk",))
    arrange(g, 1, deploy=("Sand Viper",))
    at(g, "attack_fx", active=0)
    _sortie(g, 0, ("AF-02 Skyhawk", "earth"))
    until(g, "defense_fx")
    g.act(1, {"type": "sortie", "card": cid(g, 1, "Sand Viper"), "area": "earth"})
    events = g.act(1, {"type": "sortie_done"})
    assert any(e.data["type"] == "sortie_failed" and e.data["rule"] == "GW-A-25.1" for e in events)
    viper = cid(g, 1, "Sand Viper")
    assert g.state.table.zone_name(viper) == "deploy" and viper not in g.state.rolled
    assert g.state.engaged == set()


def test_gw_r_60_defender_may_sortie_alone_and_deals_nothing():
    """GW-B-10.3.1, GW-B-10.5.3."""
    g = game()
    arrange(g, 1, deploy=("Sand Viper",))
    at(g, "attack_fx", active=0)
    _sortie(g, 0)
    until(g, "defense_fx")
    home = len(g.state.table.zone(0, "homeland"))
    _sortie(g, 1, ("Sand Viper", "earth"))
    _to_damage(g)
    assert len(g.state.table.zone(0, "homeland")) == home


def test_gw_r_67_68_69_simultaneous_damage_front_to_back_excess_void():
    """GW-B-10.9, GW-B-10.10, GW-A-18.2.2: Breaker 4 melee vs Lancer (Def 3, 1 damage already) and
    Skyhawk: Lancer takes 2 and is destroyed, Skyhawk 2 destroyed too; no Homeland damage."""
    g = game()
    arrange(g, 0, squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk")})
    arrange(g, 1, squads={"earth": ("Breaker", "Sand Viper")})
    lancer, skyhawk = cid(g, 0, "AF-01 Lancer"), cid(g, 0, "AF-02 Skyhawk")
    g.state.damage[lancer] = 1
    at(g, "damage_ft1", active=1, engaged={"earth"})
    home = len(g.state.table.zone(0, "homeland"))
    events = _to_damage(g)
    hits = {e["card"]["id"]: e["amount"] for e in events if e["type"] == "battle_damage"}
    assert hits[lancer] == 2 and hits[skyhawk] == 2                  # 4 melee + 0 shooting
    assert len(g.state.table.zone(0, "homeland")) == home            # the excess is void
    breaker = cid(g, 1, "Breaker")
    assert hits[breaker] == 3                                        # 3 melee + 2 shooting: Breaker absorbs 3
    assert {lancer, skyhawk, breaker} <= g.state.destroyed or \
        {lancer, skyhawk, breaker} <= {c for c in range(100) if g.state.table.zone_name(c) == "junk"}


def test_gw_r_65_rolled_units_count_star_desert_rolls_the_front_unit():
    """GW-B-10.6, GW-A-25.3: the all-Desert squad rolls the enemy front Unit, whose Melee is `*`."""
    g = game()
    arrange(g, 0, squads={"earth": ("WS-3 Tide Runner",)})
    arrange(g, 1, squads={"earth": ("Sand Viper",)})
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "pass"}), g.act(1, {"type": "pass"})
    assert [e["kind"] for e in g.state.cut] == ["desert"]               # an Auto C: a Cut one may cut into
    assert g.pending().kind == "cut_in"
    events = _to_damage(g)
    runner = cid(g, 0, "WS-3 Tide Runner")
    assert any(e["type"] == "rolled" and e.get("rule") == "GW-A-25.3" for e in events)
    assert runner in g.state.rolled
    assert cid(g, 1, "Sand Viper") not in g.state.damage and "ZG-4 Sand Viper" not in zone_titles(g, 1, "junk")


def test_gw_r_71_engaged_squad_stays_engaged_when_the_enemy_is_destroyed_mid_step():
    """GW-B-10.11.1: destroyed during the Damage Calculation Step, the defender still absorbs the
    attack: no Homeland damage. (GW-R-72: gone during the Defense Step, the Homeland is hit.)"""
    g = game()
    arrange(g, 0, squads={"earth": ("AF-01 Lancer",)}, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, squads={"earth": ("Grunt",)})
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "pass"}), g.act(1, {"type": "pass"})
    assert g.state.step == "damage_ft1" and g.state.engaged == {"earth"}
    grunt = cid(g, 1, "Grunt")
    g.state.damage[grunt] = 1
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": grunt})
    while g.state.cut or g.state.pending:
        g.act(g.pending().seat, {"type": "pass"})
    assert "ZG-1 Grunt" in zone_titles(g, 1, "junk")
    home = len(g.state.table.zone(1, "homeland"))
    _to_damage(g)
    assert len(g.state.table.zone(1, "homeland")) == home
    g2 = game()
    arrange(g2, 0, squads={"earth": ("AF-01 Lancer",)})
    at(g2, "damage_ft1", active=0, engaged=set())
    home = len(g2.state.table.zone(1, "homeland"))
    _to_damage(g2)
    assert len(g2.state.table.zone(1, "homeland")) == home - 3


def test_gw_r_74_swift_strike_resolves_first_and_its_victims_deal_nothing():
    """GW-A-25.5: Seraph Frame (4/2/3, Swift Strike) destroys Grunt (2/1/3) before it strikes."""
    g = game()
    arrange(g, 0, squads={"space": ("AW-0 Seraph Frame",)})
    arrange(g, 1, squads={"space": ("Grunt",)})
    at(g, "damage_ft1", active=0, engaged={"space"})
    events = _to_damage(g)
    assert any(e["type"] == "swift_strike_timing" for e in events)
    assert cid(g, 0, "AW-0 Seraph Frame") not in g.state.damage
    assert "ZG-1 Grunt" in zone_titles(g, 1, "junk") or cid(g, 1, "Grunt") in g.state.destroyed


def test_gw_r_98_assault_excess_reaches_the_homeland():
    """GW-A-25.4, GW-X-13: Breaker (4) against Skyhawk (Def 2): 2 go through."""
    g = game()
    arrange(g, 1, squads={"earth": ("Breaker",)})
    arrange(g, 0, squads={"earth": ("AF-02 Skyhawk",)})
    at(g, "damage_ft1", active=1, engaged={"earth"})
    home = len(g.state.table.zone(0, "homeland"))
    _to_damage(g)
    assert len(g.state.table.zone(0, "homeland")) == home - 2


def test_gw_r_100_space_battle_lowers_engaged_enemies_melee():
    """GW-A-25.8: Void Hunter (Space Battle 2) gives the engaged Lancer -2 Melee."""
    from engine.games.gundam_war.state import stats
    g = game()
    arrange(g, 0, squads={"space": ("AF-01 Lancer",)})
    arrange(g, 1, squads={"space": ("Void Hunter",)})
    at(g, "damage_ft1", active=0, engaged={"space"})
    assert stats(g.state, cid(g, 0, "AF-01 Lancer"))[0] == 1
    g.state.engaged = set()
    assert stats(g.state, cid(g, 0, "AF-01 Lancer"))[0] == 3


def test_gw_r_83_84_return_step_rolls_returners_and_destroys_units_without_aptitude():
    """GW-A-4.2.7, GW-A-19.11: Descent Pod (Space only) in the Earth Area is destroyed after it
    moved to the Deploy Area; a Unit that never sortied is not rolled."""
    g = game()
    arrange(g, 1, squads={"earth": ("Descent Pod",), "space": ("Grunt",)}, deploy=("Sand Viper",))
    at(g, "return_ft1", active=1)
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "pass"})
    grunt, pod, viper = cid(g, 1, "Grunt"), cid(g, 1, "Descent Pod"), cid(g, 1, "Sand Viper")
    assert grunt in g.state.rolled and viper not in g.state.rolled
    assert g.state.table.zone_name(grunt) == "deploy"
    while g.state.cut or g.state.pending or choice(g.state):
        g.act(g.pending().seat, {"type": "pass"})
    assert g.state.table.zone_name(pod) == "junk"


def test_gw_r_75_destroyed_units_discard_in_one_new_cut_ordered_by_the_attacker():
    """GW-A-18.4, GW-A-14.10."""
    g = game()
    arrange(g, 0, squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk")})
    arrange(g, 1, squads={"earth": ("Breaker", "Breaker")})
    at(g, "damage_ft1", active=1, engaged={"earth"})
    g.act(1, {"type": "pass"}), g.act(0, {"type": "pass"})
    r = g.pending()
    assert r.kind == "order" and r.seat == 1 and len(r.options) == 2     # Lancer and the front Breaker
    assert refused(g, 0, {"type": "order", "index": 0}).code == "wrong_seat"
    g.act(1, {"type": "order", "index": 1})
    assert [e["kind"] for e in g.state.cut] == ["discard", "discard"]
    assert g.state.table.cards[g.state.cut[0]["card"]].defn.name == "Breaker"
    assert g.pending().kind == "cut_in" and g.pending().seat == 1          # the Cut can be cut into


def test_gw_r_66_when_the_front_unit_leaves_nobody_moves_up():
    """GW-B-10.11.2: Skyhawk (front) is destroyed during the step; the Lancer behind adds only its
    Shooting (1), not its Melee (3)."""
    from engine.games.gundam_war.effects import destroy
    g = game()
    arrange(g, 0, squads={"earth": ("AF-02 Skyhawk", "AF-01 Lancer")})
    at(g, "damage_ft1", active=0, engaged=set())
    destroy(g.state, cid(g, 0, "AF-02 Skyhawk", "earth"), "test", "GW-B-11.1")
    g.state_changed()
    home = len(g.state.table.zone(1, "homeland"))
    _to_damage(g)
    assert zone_titles(g, 0, "junk") == ["AF-02 Skyhawk"]
    assert len(g.state.table.zone(1, "homeland")) == home - 1


def test_gw_r_63_becomes_engaged_triggers_once_per_turn():
    """GW-A-17.3: the Void Hunter's Auto D fires at the first engagement check only."""
    g = game()
    arrange(g, 1, squads={"space": ("Void Hunter",)})
    arrange(g, 0, squads={"space": ("AF-01 Lancer",)})
    hunter = cid(g, 1, "Void Hunter", "space")
    at(g, "defense_ft2", active=1)
    until(g, "damage_ft1")
    assert g.state.turn_mods[hunter] == [0, 1, 0]
    until(g, "return_ft1")
    assert g.state.turn_mods[hunter] == [0, 1, 0]                   # checked again, not fired again
    assert g.state.damage[hunter] == 1                               # the Lancer's Melee 3 - 2 (Space Battle)


def test_gw_r_73_a_unit_that_takes_no_battle_damage_still_passes_the_excess_on():
    """GW-A-18.2.1: Ion Field Drill on the front Lancer: Breaker's 4 melee: 3 negated on the
    Lancer, 1 reaches the Skyhawk behind."""
    g = game()
    arrange(g, 0, hand=("Ion Field Drill",), deploy=("Aurora Shipyard",) * 2,
            squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk")})
    arrange(g, 1, squads={"earth": ("Breaker",)})
    lancer, hawk = cid(g, 0, "AF-01 Lancer", "earth"), cid(g, 0, "AF-02 Skyhawk", "earth")
    at(g, "damage_ft1", active=1, engaged={"earth"})
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "play", "card": cid(g, 0, "Ion Field Drill", "hand"), "target": lancer})
    _to_damage(g)
    assert lancer not in g.state.damage and g.state.damage.get(hawk) == 1


def test_gw_r_33_34_a_unit_put_onto_the_field_by_an_effect_enters_rerolled_and_uses_the_unit_play():
    """GW-A-26.7, GW-A-12.3: Salvage Rebuild brings back the top Unit of the Junk Yard."""
    g = game()
    arrange(g, 1, hand=("Salvage Rebuild", "Grunt"), deploy=("Verdant Foundry",) * 3, junk=("Breaker",))
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Salvage Rebuild", "hand")})
    g.act(1, {"type": "pass"}), g.act(0, {"type": "pass"})
    breaker = cid(g, 1, "Breaker", "deploy")
    assert breaker not in g.state.rolled and g.state.slots["unit"] == 1
    assert refused(g, 1, {"type": "play", "card": cid(g, 1, "Grunt", "hand")}).rule == "GW-B-9.10.4"
