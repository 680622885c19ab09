"""Card vocabulary of issue 19 (group 4), each on an invented sample card: a G as a target
(`enemy_g`, `own_g`), a Unit moved from a battle area back to its Deploy Area (`withdraw`,
`own_battle_unit`), a Designated National Power read by an effect (`damage: {amount:
designated}`) and "when this card is destroyed" (Auto trigger `destroyed`)."""

from __future__ import annotations

from engine.core.game import Game

from tests.gundam_war.scenario import arrange, at, cid, deck, game, refused


def _resolve(g: Game) -> None:
    while g.state.cut or g.pending().kind == "order":
        r = g.pending()
        g.act(r.seat, {"type": "order", "index": 0} if r.kind == "order" else {"type": "pass"})


def test_gw_a_13_1_grid_sabotage_targets_an_enemy_g():
    """GW-A-13.1 ("the chosen targets MUST meet the stated type"), GW-B-9.5.2 (a G is a field card):
    Grid Sabotage rolls 1 enemy G; an own G or an enemy Unit is not a legal target."""
    g = game(deck_b=deck("Grid Sabotage", fill="Verdant Foundry"))
    sabotage = arrange(g, 1, hand=("Grid Sabotage",), deploy=("Verdant Foundry",) * 2)["Grid Sabotage"]
    placed = arrange(g, 0, deploy=("Aurora Shipyard", "AF-01 Lancer"))
    at(g, "attack_ft1", active=1)
    targets = sorted(o.action["target"] for o in g.pending().options if o.action.get("card") == sabotage)
    assert targets == [placed["Aurora Shipyard"]]
    for wrong in (cid(g, 1, "Verdant Foundry", "deploy"), placed["AF-01 Lancer"]):
        assert refused(g, 1, {"type": "play", "card": sabotage, "target": wrong}).rule == "GW-A-13.1"
    g.act(1, {"type": "play", "card": sabotage, "target": placed["Aurora Shipyard"]})
    _resolve(g)
    assert placed["Aurora Shipyard"] in g.state.rolled
    assert g.state.table.zone_name(sabotage) == "junk"


def test_gw_a_26_2_tactical_withdrawal_moves_a_unit_back_to_its_deploy_area():
    """GW-A-26.2 (a move "from one area to another"), GW-A-17.2 ("if the front Unit leaves its
    squad, the squad is treated as having no front Unit until the order is updated"): the Lancer
    goes back to the Deploy Area as it was (rerolled); the Skyhawk does not move up."""
    g = game(deck_a=deck("Tactical Withdrawal", "AF-01 Lancer", "AF-02 Skyhawk"))
    placed = arrange(g, 0, hand=("Tactical Withdrawal",), squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk")},
                     deploy=("Aurora Shipyard",) * 2)
    lancer = placed["AF-01 Lancer"]
    at(g, "defense_ft2", active=0)
    g.act(0, {"type": "play", "card": placed["Tactical Withdrawal"], "target": lancer})
    _resolve(g)
    assert g.state.table.zone_name(lancer) == "deploy" and lancer not in g.state.rolled
    assert g.state.table.zone(0, "earth") == [placed["AF-02 Skyhawk"]]
    assert (0, "earth") in g.state.front_gone


def test_gw_a_26_2_tactical_withdrawal_needs_an_own_unit_in_a_battle_area():
    """GW-A-13.2: with no own Unit in a battle area there is no target, so it cannot be played."""
    g = game(deck_a=deck("Tactical Withdrawal", "AF-01 Lancer"))
    placed = arrange(g, 0, hand=("Tactical Withdrawal",), deploy=("AF-01 Lancer", "Aurora Shipyard", "Aurora Shipyard"))
    at(g, "attack_ft1", active=0)
    assert refused(g, 0, {"type": "play", "card": placed["Tactical Withdrawal"]}).rule == "GW-A-13.2"


def test_gw_a_23_3_calibrated_barrage_reads_the_designated_national_power():
    """GW-A-23.3: "When an effect refers to a dual-color card's Designated National Power value,
    the sum of both entries is used": Calibrated Barrage deals 3 to a Hammerfall (green 3) and 2
    to a Lumen Bit Carrier (blue 1 + white 1)."""
    g = game(deck_a=deck("Calibrated Barrage", "Calibrated Barrage", *("Ivory Colony",) * 3))
    placed = arrange(g, 0, hand=("Calibrated Barrage", "Calibrated Barrage"), deploy=("Ivory Colony",) * 3)
    arrange(g, 1, squads={"earth": ("ZG-20 Hammerfall",)})
    hammer = cid(g, 1, "ZG-20 Hammerfall", "earth")
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "play", "card": placed["Calibrated Barrage"], "target": hammer})
    _resolve(g)
    assert g.state.damage[hammer] == 3
    g2 = game(deck_a=deck("AW-2 Lumen Bit Carrier"), deck_b=deck("Calibrated Barrage", *("Ivory Colony",) * 3,
                                                                fill="Verdant Foundry"))
    lumen = arrange(g2, 0, squads={"space": ("AW-2 Lumen Bit Carrier",)})["AW-2 Lumen Bit Carrier"]
    barrage = arrange(g2, 1, hand=("Calibrated Barrage",), deploy=("Ivory Colony",) * 3)["Calibrated Barrage"]
    at(g2, "attack_ft1", active=1)
    g2.act(1, {"type": "play", "card": barrage, "target": lumen})
    _resolve(g2)
    assert g2.state.damage[lumen] == 2


def test_gw_a_19_1_ember_drone_triggers_when_it_is_destroyed():
    """GW-A-19.1 (a destroyed card stays on the field until its discard effect resolves, so its
    texts still work), GW-A-14.3 (an Auto C starts a new Cut): the Ember Drone destroyed by 1
    damage draws its controller 1 card, then it is discarded."""
    g = game(deck_a=deck("Calibrated Barrage", *("Ivory Colony",) * 3),
             deck_b=deck("ZG-17 Ember Drone", fill="Verdant Foundry"))
    barrage = arrange(g, 0, hand=("Calibrated Barrage",), deploy=("Ivory Colony",) * 3)["Calibrated Barrage"]
    drone = arrange(g, 1, squads={"earth": ("ZG-17 Ember Drone",)})["ZG-17 Ember Drone"]
    hand = len(g.state.table.zone(1, "hand"))
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "play", "card": barrage, "target": drone})
    _resolve(g)
    while g.state.cut or g.state.pending or g.pending().kind == "order":
        r = g.pending()
        g.act(r.seat, {"type": "order", "index": 0} if r.kind == "order" else {"type": "pass"})
    assert g.state.table.zone_name(drone) == "junk"
    assert len(g.state.table.zone(1, "hand")) == hand + 1


def test_gw_a_19_12_bulwark_protocol_enemy_effects_cannot_destroy_the_unit():
    """GW-A-19.12 ("Destruction caused by effects ('deal damage', 'destroy', ...) is attributed to
    the player who caused the effect"), GW-A-18.1 (battle damage is not an enemy effect),
    GW-A-19.8 (Defense 0 destroys even a Unit that "won't be destroyed"): after Bulwark Protocol
    the Grunt survives Beam Volley's 2 damage on top of 2 (4 >= Defense 3); one more damage that no
    enemy effect dealt destroys it, and so does Defense 0."""
    from engine.games.gundam_war.effects import check_destruction
    g = game(deck_a=deck("Beam Volley", *("Ivory Colony",) * 3),
             deck_b=deck("Bulwark Protocol", "ZG-1 Grunt", fill="Verdant Foundry"))
    volley = arrange(g, 0, hand=("Beam Volley",), deploy=("Ivory Colony",) * 3)["Beam Volley"]
    placed = arrange(g, 1, hand=("Bulwark Protocol",), squads={"earth": ("ZG-1 Grunt",)}, deploy=("Verdant Foundry",))
    grunt = placed["ZG-1 Grunt"]
    at(g, "damage_ft1", active=0, damage={grunt: 2})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": placed["Bulwark Protocol"], "target": grunt})
    _resolve(g)
    g.act(0, {"type": "play", "card": volley, "target": grunt})
    _resolve(g)
    assert g.state.damage[grunt] == 4 and grunt not in g.state.destroyed
    g.state.damage[grunt] += 1                                  # e.g. battle damage (GW-A-18.1)
    check_destruction(g.state)
    assert grunt in g.state.destroyed
    g2 = game(deck_b=deck("ZG-1 Grunt", fill="Verdant Foundry"))
    grunt = arrange(g2, 1, deploy=("ZG-1 Grunt",))["ZG-1 Grunt"]
    g2.state.enemy_proof[grunt] = 0
    g2.state.turn_mods[grunt] = [0, 0, -3]
    check_destruction(g2.state)
    assert grunt in g2.state.destroyed                          # GW-A-19.8


def test_gw_a_19_12_an_enemy_destroy_effect_does_nothing_to_a_protected_unit():
    """GW-A-19.12: a "destroy" effect of the enemy's does not destroy a Unit that cannot be
    destroyed by enemy effects; the controller's own destroy effect does."""
    from engine.games.gundam_war.effects import apply_effects
    g = game(deck_b=deck("ZG-1 Grunt", fill="Verdant Foundry"))
    grunt = arrange(g, 1, deploy=("ZG-1 Grunt",))["ZG-1 Grunt"]
    g.state.enemy_proof[grunt] = 0
    apply_effects(g.state, 0, ({"destroy": "enemy_unit"},), grunt, None)
    assert grunt not in g.state.destroyed
    apply_effects(g.state, 1, ({"destroy": "own_unit"},), grunt, None)
    assert grunt in g.state.destroyed


def test_gw_a_14_4_an_auto_d_on_entering_chooses_its_target_and_resolves_at_once():
    """GW-A-13.4 ("targets are specified when it is triggered"), GW-A-14.4 (Auto D: "Players cannot
    cut into it"): the Tether Striker enters; its controller chooses the enemy Unit to roll, and it
    is rolled at once, with no Cut and nobody offered priority in between."""
    g = game(deck_a=deck("AF-09 Tether Striker"))
    lancer = arrange(g, 0, hand=("AF-09 Tether Striker",), deploy=("Aurora Shipyard",) * 2)["AF-09 Tether Striker"]
    placed = arrange(g, 1, deploy=("ZG-1 Grunt", "ZG-4 Sand Viper"))
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "pass"})
    r = g.pending()
    assert r.kind == "auto_target" and r.seat == 0
    assert sorted(o.action["card"] for o in r.options) == sorted(placed.values())
    assert refused(g, 1, {"type": "target", "card": placed["ZG-1 Grunt"]}).rule == "GW-A-13.4"
    g.act(0, {"type": "target", "card": placed["ZG-1 Grunt"]})
    assert placed["ZG-1 Grunt"] in g.state.rolled and placed["ZG-4 Sand Viper"] not in g.state.rolled
    assert g.state.cut == [] and g.state.auto_d == []
    assert g.pending().kind == "free_timing" and g.pending().seat == 0


def test_gw_a_13_2_an_auto_d_with_no_target_does_not_activate():
    """GW-A-13.2: with no enemy Unit the Tether Striker's Auto D has no target: nobody is asked."""
    g = game(deck_a=deck("AF-09 Tether Striker"))
    lancer = arrange(g, 0, hand=("AF-09 Tether Striker",), deploy=("Aurora Shipyard",) * 2)["AF-09 Tether Striker"]
    arrange(g, 1)
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    g.act(0, {"type": "pass"})
    events = [e.data for e in g.act(1, {"type": "pass"})]
    assert g.pending().kind == "free_timing"
    assert any(e["type"] == "no_target" and e["rule"] == "GW-A-13.2" for e in events)
