"""Referee checklist items not covered elsewhere (GW-R-12 .. GW-R-111), then the advanced
rules added after them (GW-A-5.1, 13.4, 20.10, 24.2-3, 24.25-26, 25.11, 25.15, 25.25, 26.4.2,
26.12, 26.15, GW-X-22): one scenario each, named after and citing the rule it tests."""

from engine.games.gundam_war.flow import PROCESSOR
from engine.games.gundam_war.effects import check_destruction, destroy, leave_field, resolve_discard
from engine.games.gundam_war.state import keyword, stats

from tests.gundam_war.scenario import arrange, at, cid, deck, game, lancehead_with_no_enemy_unit, put_set, refused, until, zone_titles


def _resolve(g):
    while g.state.cut:
        g.act(g.pending().seat, {"type": "pass"})


def _sortie(g, seat, *pairs):
    for title, area in pairs:
        g.act(seat, {"type": "sortie", "card": cid(g, seat, title, "deploy"), "area": area})
    g.act(seat, {"type": "sortie_done"})


def test_gw_r_12_nothing_is_played_before_the_reroll_phase_fixed_effect():
    """GW-A-9.2.2: the turn begins with the Reroll Phase fixed effect; the first decision of the
    turn comes after it, with the new active player's rolled G already rerolled."""
    g = game()
    arrange(g, 1, rolled=("Verdant Foundry",))
    arrange(g, 0, deploy=("AF-01 Lancer",))
    at(g, "return_ft2", active=0)
    events = until(g, "reroll_ft")
    kinds = [e["type"] for e in events]
    start = kinds.index("turn")
    assert kinds[start:start + 3] == ["turn", "reroll", "step"]          # no decision in between
    assert g.state.active == 1 and g.state.step == "reroll_ft"
    assert g.state.rolled == set()
    assert g.pending().seat == 1 and g.pending().kind == "free_timing"


def test_gw_r_18_any_number_of_commands_each_at_its_own_timing():
    """GW-B-13.3: two Stealth Veils in one turn are both played; Salvage Rebuild (own Deploy
    Phase) is refused in the Battle Phase."""
    g = game(deck_b=deck("Stealth Veil", "Stealth Veil", "Salvage Rebuild", "ZG-1 Grunt", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Stealth Veil", "Stealth Veil", "Salvage Rebuild"),
            deploy=("ZG-1 Grunt",) + ("Verdant Foundry",) * 3)
    grunt = cid(g, 1, "ZG-1 Grunt", "deploy")
    at(g, "attack_ft1", active=1)
    for _ in range(2):
        g.act(1, {"type": "play", "card": cid(g, 1, "Stealth Veil", "hand"), "target": grunt})
        _resolve(g)
    assert zone_titles(g, 1, "junk") == ["Stealth Veil", "Stealth Veil"]
    assert refused(g, 1, {"type": "play", "card": cid(g, 1, "Salvage Rebuild", "hand")}).rule == "GW-B-13.3.3"


def test_gw_r_30_no_cut_in_between_declaring_a_play_and_the_played_card():
    """GW-A-10, GW-A-12.1: one decision declares the play, pays the costs and puts the card on
    the Cut; only then does anyone get priority."""
    g = game()
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("Aurora Shipyard",) * 4)
    card = cid(g, 0, "AF-07 Vanguard Gundam", "hand")
    at(g, "deploy_ft", active=0)
    home = len(g.state.table.zone(0, "homeland"))
    g.act(0, {"type": "play", "card": card})
    assert len(g.state.table.zone(0, "homeland")) == home - 1            # the resource cost is paid
    assert g.state.table.zone_name(card) == "played"
    assert [e["card"] for e in g.state.cut] == [card]
    assert g.pending().seat == 0                                          # priority only now (GW-X-4)


def _hunter_meets_lancer():
    """Seat 0's Lancer attacks in space; seat 1's Void Hunter sorties to meet it."""
    g = game()
    arrange(g, 0, deploy=("AF-01 Lancer",))
    arrange(g, 1, deploy=("ZG-9 Void Hunter",))
    at(g, "attack_fx", active=0)
    _sortie(g, 0, ("AF-01 Lancer", "space"))
    until(g, "defense_fx")
    _sortie(g, 1, ("ZG-9 Void Hunter", "space"))
    return g


def test_gw_r_46_auto_a_and_auto_d_are_never_cut_into():
    """GW-A-4.1, GW-A-14: Void Hunter's Auto D (+0/+1/0 when engaged) and Space Battle (an Auto A)
    apply as the squads engage, with no Cut for anyone to cut into."""
    g = _hunter_meets_lancer()
    hunter, lancer = cid(g, 1, "ZG-9 Void Hunter", "space"), cid(g, 0, "AF-01 Lancer", "space")
    assert g.state.cut == [] and g.state.pending == []
    assert g.state.turn_mods[hunter] == [0, 1, 0]
    assert stats(g.state, lancer)[0] == 1                                # 3 Melee - Space Battle (2)


def test_gw_r_49_auto_a_applies_before_an_auto_d_trigger_resolves():
    """GW-A-14.5: when the Void Hunter engages, the Forward Supply Line's Auto A (+1/±0/±0) is
    already applied as its own Auto D resolves: both show at once, Auto A unchanged by it."""
    g = game()
    arrange(g, 0, deploy=("AF-01 Lancer",))
    arrange(g, 1, deploy=("ZG-9 Void Hunter", "Forward Supply Line"))
    at(g, "attack_fx", active=0)
    _sortie(g, 0, ("AF-01 Lancer", "space"))
    until(g, "defense_fx")
    events = g.act(1, {"type": "sortie", "card": cid(g, 1, "ZG-9 Void Hunter", "deploy"), "area": "space"})
    hunter = cid(g, 1, "ZG-9 Void Hunter", "space")
    assert stats(g.state, hunter) == (4, 2, 3)                           # Auto A already applies
    events = g.act(1, {"type": "sortie_done"})
    autos = [e.data for e in events if e.data["type"] == "auto"]
    assert autos and autos[0]["auto"] == "D"
    assert stats(g.state, hunter) == (4, 3, 3)


def test_gw_r_50_lose_beats_gain_in_either_order():
    """GW-A-15.6: Ground Clutter (lose High Mobility) and Afterburners (gain it): "lose" wins
    whichever resolved later."""
    for first, second in (("Afterburners", "Ground Clutter"), ("Ground Clutter", "Afterburners")):
        g = game(deck_a=deck("Afterburners", "AF-01 Lancer"),
                 deck_b=deck("Ground Clutter", fill="Verdant Foundry"))
        arrange(g, 0, hand=("Afterburners",), squads={"earth": ("AF-01 Lancer",)}, deploy=("Aurora Shipyard",) * 2)
        arrange(g, 1, hand=("Ground Clutter",), deploy=("Verdant Foundry",) * 2)
        lancer = cid(g, 0, "AF-01 Lancer", "earth")
        at(g, "attack_ft2", active=0)
        for title in (first, second):
            seat = 0 if title == "Afterburners" else 1
            if g.pending().seat != seat:
                g.act(1 - seat, {"type": "pass"})
            g.act(seat, {"type": "play", "card": cid(g, seat, title, "hand"), "target": lancer})
            _resolve(g)
        assert keyword(g.state, lancer, "high_mobility") is None, (first, second)


def test_gw_r_53_all_targets_are_determined_again_at_resolution():
    """GW-A-13.8: Area Weapon (3) is played while Lancer and Skyhawk qualify; Lancer's Defense
    rises to 4 before resolution, so only the Skyhawk is destroyed; with no qualifying Unit at
    play it is refused (GW-A-13.2)."""
    g = game()
    arrange(g, 1, squads={"earth": ("Hammerfall",)})
    arrange(g, 0, squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk")})
    lancer, hawk = cid(g, 0, "AF-01 Lancer", "earth"), cid(g, 0, "AF-02 Skyhawk", "earth")
    hammer = cid(g, 1, "Hammerfall", "earth")
    at(g, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    g.act(1, {"type": "use", "card": hammer, "text": 0})
    g.state.coins[lancer] = [0, 0, 1]
    g.state_changed()
    _resolve(g)
    assert g.state.table.zone_name(hawk) == "junk" and g.state.table.zone_name(lancer) == "earth"
    g2 = game()
    arrange(g2, 1, squads={"earth": ("Hammerfall",)})
    arrange(g2, 0, squads={"earth": ("SC-1 Aurora Carrier",)})
    at(g2, "damage_ft1", active=0, engaged={"earth"}, priority=1)
    assert refused(g2, 1, {"type": "use", "card": cid(g2, 1, "Hammerfall", "earth"), "text": 0}).rule == "GW-A-25.12"


def test_gw_r_55_only_effects_aimed_at_a_play_may_target_a_card_on_the_cut():
    """GW-A-13.3: the Lancer being played is on the Cut: Stealth Veil (1 of your Units) cannot
    target it, Counter Intelligence (1 enemy played card) can."""
    g = game(deck_a=deck("AF-01 Lancer", "Stealth Veil", "Verdant Foundry"),
             deck_b=deck("Counter Intelligence", fill="Verdant Foundry"))
    arrange(g, 0, hand=("AF-01 Lancer", "Stealth Veil"), deploy=("Aurora Shipyard", "Verdant Foundry"))
    arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 2)
    lancer = cid(g, 0, "AF-01 Lancer", "hand")
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    assert refused(g, 0, {"type": "play", "card": cid(g, 0, "Stealth Veil", "hand"), "target": lancer}).rule == "GW-A-13.2"
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Counter Intelligence", "hand"), "target": lancer})
    _resolve(g)
    assert "AF-01 Lancer" in zone_titles(g, 0, "junk")


def test_gw_r_61_engagement_is_fixed_until_the_next_step_start():
    """GW-A-17.2: Beam Volley destroys the lone defender in the Defense Step; the squads stay
    engaged for the rest of that step and only the Damage Calculation Step start finds the
    attacker unengaged."""
    g = game(deck_a=deck("Beam Volley", "AF-01 Lancer", "Ivory Colony"))
    arrange(g, 0, hand=("Beam Volley",), deploy=("AF-01 Lancer", "Ivory Colony", "Aurora Shipyard", "Aurora Shipyard"))
    arrange(g, 1, deploy=("ZG-11 Scrap Hound",))
    at(g, "attack_fx", active=0)
    _sortie(g, 0, ("AF-01 Lancer", "earth"))
    until(g, "defense_fx")
    _sortie(g, 1, ("ZG-11 Scrap Hound", "earth"))
    assert g.state.step == "defense_ft2" and g.state.engaged == {"earth"}
    g.act(0, {"type": "play", "card": cid(g, 0, "Beam Volley", "hand"), "target": cid(g, 1, "ZG-11 Scrap Hound")})
    while g.state.table.zone(1, "earth"):
        g.act(g.pending().seat, {"type": "pass"})
    assert g.state.step == "defense_ft2" and g.state.engaged == {"earth"}
    while g.state.step == "defense_ft2":
        g.act(g.pending().seat, {"type": "pass"})
    assert g.state.engaged == set()


def test_gw_r_76_battle_damage_is_not_damage_by_an_enemy_effect():
    """GW-A-18.1, GW-A-25.10: Special Shield answers only a damage effect on the Cut, so the
    Lumen Bit Carrier takes the full 3 battle damage and cannot shield it."""
    g = game()
    lumen = arrange(g, 0, squads={"space": ("AW-2 Lumen Bit Carrier",)})["AW-2 Lumen Bit Carrier"]
    arrange(g, 1, squads={"space": ("ZG-9 Void Hunter",)})
    at(g, "damage_ft1", active=1, engaged={"space"})
    assert refused(g, 0, {"type": "pass"}).rule == "GW-A-9.3"
    g.act(1, {"type": "pass"})
    assert refused(g, 0, {"type": "use", "card": lumen, "text": 1}).rule == "GW-A-25.10"
    g.act(0, {"type": "pass"})
    assert g.state.damage[lumen] == 3


def test_gw_r_77_units_are_destroyed_by_damage_defense_zero_or_effects_only():
    """GW-B-11, GW-A-19.1: damage ≥ Defense and Defense 0 destroy a Unit; damage below its Defense
    does not; a non-Unit is never destroyed by those checks."""
    g = game()
    placed = arrange(g, 0, deploy=("AF-01 Lancer", "AF-02 Skyhawk", "SC-1 Aurora Carrier", "Reinforced Plating"))
    lancer, hawk, carrier = placed["AF-01 Lancer"], placed["AF-02 Skyhawk"], placed["SC-1 Aurora Carrier"]
    s = g.state
    s.damage[lancer] = 3
    s.coins[hawk] = [0, 0, -2]
    s.damage[carrier] = 5
    check_destruction(s)
    assert lancer in s.destroyed and hawk in s.destroyed and carrier not in s.destroyed
    assert placed["Reinforced Plating"] not in s.destroyed
    destroy(s, carrier, "a destroy effect", "GW-B-11.1")
    assert carrier in s.destroyed


def test_gw_r_78_a_destroyed_unit_stays_with_its_texts_until_its_discard_resolves():
    """GW-A-19.1-19.2: Beam Volley destroys the Skyhawk; it stays in the Earth Area until the
    discard effect, which comes in a new Cut; meanwhile its 《① each》 text can still be used."""
    g = game(deck_b=deck("Beam Volley", "Ivory Colony", fill="Verdant Foundry"))
    hawk = arrange(g, 0, squads={"earth": ("AF-02 Skyhawk",)})["AF-02 Skyhawk"]
    arrange(g, 1, hand=("Beam Volley",), deploy=("Ivory Colony", "Verdant Foundry", "Verdant Foundry"))
    at(g, "attack_ft2", active=0)
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Beam Volley", "hand"), "target": hawk})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "pass"})
    assert hawk in g.state.destroyed and g.state.table.zone_name(hawk) == "earth"
    assert [e["kind"] for e in g.state.cut] == ["discard"]               # a new Cut, after the first
    g.act(0, {"type": "use", "card": hawk, "text": 0})
    _resolve(g)
    assert g.state.table.zone_name(hawk) == "junk"


def test_gw_r_81_a_card_leaving_the_field_loses_damage_and_effect_states():
    """GW-A-19.3: a damaged, modified, shielded Grunt is destroyed and discarded; brought back by
    Salvage Rebuild it is a fresh card with its printed stats."""
    g = game(deck_b=deck("Salvage Rebuild", "ZG-1 Grunt", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Salvage Rebuild",), deploy=("ZG-1 Grunt",) + ("Verdant Foundry",) * 3)
    grunt, s = placed["ZG-1 Grunt"], g.state
    s.damage[grunt] = 1
    s.coins[grunt] = [1, 1, 1]
    s.turn_mods[grunt] = [2, 0, 0]
    s.untargetable[grunt] = 0
    s.battle_immune.add(grunt)
    s.kw_gain[grunt] = {"assault"}
    destroy(s, grunt, "a destroy effect", "GW-B-11.1")
    s.pending.clear()
    resolve_discard(s, grunt)
    assert s.table.zone_name(grunt) == "junk"
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Salvage Rebuild", "hand")})
    _resolve(g)
    assert s.table.zone_name(grunt) == "deploy"
    assert stats(s, grunt) == (2, 1, 3) and grunt not in s.damage and grunt not in s.destroyed
    assert grunt not in s.untargetable and grunt not in s.battle_immune and keyword(s, grunt, "assault") is None


def test_gw_r_82_a_removed_card_never_returns():
    """GW-A-19.13: Multiple removes a Hammerfall Custom from the Junk Yard; Salvage Rebuild (top
    Unit of the Junk Yard) cannot bring it back."""
    g = game(deck_b=deck("Hammerfall Custom", "Hammerfall Custom", "Salvage Rebuild", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Salvage Rebuild",), junk=("Hammerfall Custom",),
            squads={"earth": ("Hammerfall Custom",)}, deploy=("Verdant Foundry",) * 3)
    hawk = arrange(g, 0, squads={"earth": ("AF-02 Skyhawk",)})["AF-02 Skyhawk"]
    payer = cid(g, 1, "Hammerfall Custom", "junk")
    at(g, "damage_ft1", active=1, engaged={"earth"})
    g.act(1, {"type": "use", "card": cid(g, 1, "Hammerfall Custom", "earth"), "text": 0, "target": hawk, "pay": payer})
    _resolve(g)
    assert g.state.table.zone_name(payer) == "removed"
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Salvage Rebuild", "hand")})
    _resolve(g)
    assert g.state.table.zone_name(payer) == "removed"


def test_gw_r_87_battle_phase_effects_end_with_the_until_end_of_turn_effects():
    """GW-A-15.11: the Skyhawk's +1/±0/±0 from a (Battle Phase) text still holds in the Return
    Step and is gone in the next turn."""
    g = game()
    hawk = arrange(g, 0, deploy=("AF-02 Skyhawk",))["AF-02 Skyhawk"]
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "use", "card": hawk, "text": 0})
    _resolve(g)
    until(g, "return_ft2")
    assert g.state.step == "return_ft2" and stats(g.state, hawk)[0] == 3
    until(g, "reroll_ft")
    assert g.state.active == 1 and stats(g.state, hawk)[0] == 2


def test_gw_r_88_a_triggered_effect_without_duration_ends_at_end_of_turn():
    """GW-A-15.12: the Void Hunter's engaged bonus lasts the turn and is gone in the next one."""
    g = _hunter_meets_lancer()
    hunter = cid(g, 1, "ZG-9 Void Hunter")
    until(g, "return_ft2")
    assert stats(g.state, hunter)[1] == 3
    until(g, "reroll_ft")
    assert g.state.active == 1 and stats(g.state, hunter)[1] == 2


def test_gw_r_91_a_set_card_whose_target_changes_type_is_discarded():
    """GW-A-20.8, GW-A-25.17: a Dismantled Grunt becomes a G; the Character set on it can no
    longer be, so it goes to the Junk Yard."""
    g = game()
    placed = arrange(g, 1, deploy=("ZG-1 Grunt", "Master Gorran"))
    grunt, gorran = placed["ZG-1 Grunt"], placed["Master Gorran"]
    put_set(g, gorran, grunt)
    at(g, "deploy_ft", active=1)
    uses = [o.action for o in PROCESSOR.request(g.state).options if o.action.get("type") == "use" and o.action["card"] == grunt]
    assert uses, "Dismantle is offered"
    g.act(1, uses[0])
    _resolve(g)
    assert grunt in g.state.dismantled and g.state.table.zone_name(gorran) == "junk"


def test_gw_r_92_a_set_card_fails_when_its_target_left_the_deploy_area():
    """GW-A-20.3, GW-A-15.2: the Lancer returns to hand before Reinforced Plating resolves: the
    Operation goes to the Junk Yard."""
    g = game()
    placed = arrange(g, 0, hand=("Reinforced Plating",), deploy=("AF-01 Lancer",) + ("Aurora Shipyard",) * 2)
    plating, lancer = placed["Reinforced Plating"], placed["AF-01 Lancer"]
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": plating, "target": lancer})
    leave_field(g.state, lancer, "hand", "returned by an effect", "GW-A-26.2.1")
    g.state_changed()
    events = []
    while g.state.cut:
        events += g.act(g.pending().seat, {"type": "pass"})
    assert g.state.table.zone_name(plating) == "junk"
    assert any(e.data["type"] == "resolution_failed" for e in events)


def test_gw_r_93_cards_leave_the_field_to_their_original_owners_piles():
    """GW-A-26.2: the Verdant player's Tracking Beacon is set on an Aurora Lancer (so it sits in
    the Aurora player's set zone); when the Lancer is destroyed each card goes to its owner's
    Junk Yard."""
    g = game()
    arrange(g, 1, hand=("Tracking Beacon",), deploy=("Psyche Research Lab",) * 2)
    lancer = arrange(g, 0, deploy=("AF-01 Lancer",))["AF-01 Lancer"]
    beacon = cid(g, 1, "Tracking Beacon", "hand")
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": beacon, "target": lancer})
    _resolve(g)
    assert g.state.table.zone_name(beacon) == "set" and g.state.table.zone_of[beacon][0] in ("0", 0)
    destroy(g.state, lancer, "a destroy effect", "GW-B-11.1")
    g.state.pending.clear()
    resolve_discard(g.state, lancer)
    assert "Tracking Beacon" in zone_titles(g, 1, "junk") and "AF-01 Lancer" in zone_titles(g, 0, "junk")


def test_gw_r_97_high_mobility_only_when_every_attacker_has_it():
    """GW-A-25.1: against the lone Skyhawk the Grunt fails to sortie; against Skyhawk + Lancer
    (not all High Mobility) it sorties."""
    for attackers, fails in ((("AF-02 Skyhawk",), True), (("AF-02 Skyhawk", "AF-01 Lancer"), False)):
        g = game()
        arrange(g, 0, deploy=attackers)
        arrange(g, 1, deploy=("ZG-1 Grunt",))
        at(g, "attack_fx", active=0)
        _sortie(g, 0, *[(t, "earth") for t in attackers])
        until(g, "defense_fx")
        _sortie(g, 1, ("ZG-1 Grunt", "earth"))
        assert (g.state.table.zone_name(cid(g, 1, "ZG-1 Grunt")) == "deploy") == fails


def test_gw_r_99_desert_rolls_the_front_unit_of_a_non_desert_squad():
    """GW-A-25.3: the all-Desert Sand Viper squad rolls the defending Lancer at the Damage
    Calculation Step start; against another all-Desert squad nothing happens."""
    for defender, deck_a in (("AF-01 Lancer", None), ("ZG-4 Sand Viper", deck("ZG-4 Sand Viper"))):
        g = game(deck_a=deck_a)
        arrange(g, 1, deploy=("ZG-4 Sand Viper",))
        arrange(g, 0, deploy=(defender,))
        at(g, "attack_fx", active=1)
        _sortie(g, 1, ("ZG-4 Sand Viper", "earth"))
        until(g, "defense_fx")
        _sortie(g, 0, (defender, "earth"))
        while g.state.step != "damage_ft1" or g.state.cut or g.state.pending:
            g.act(g.pending().seat, {"type": "pass"})
        front = g.state.table.zone(0, "earth")[0]
        assert (front in g.state.rolled) == (defender == "AF-01 Lancer")


def test_gw_r_104_ship_base_support_have_one_shared_play_per_turn():
    """GW-A-25.23, GW-X-9: the Carrier (Ship) does not use the Unit play, so the Lancer follows;
    a Base after the Ship is refused."""
    g = game()
    arrange(g, 0, hand=("SC-1 Aurora Carrier", "AF-01 Lancer", "BS-9 Harbor Fortress"),
            deploy=("Aurora Shipyard",) * 4)
    at(g, "deploy_ft", active=0)
    for title in ("SC-1 Aurora Carrier", "AF-01 Lancer"):
        g.act(0, {"type": "play", "card": cid(g, 0, title, "hand")})
        _resolve(g)
    error = refused(g, 0, {"type": "play", "card": cid(g, 0, "BS-9 Harbor Fortress", "hand")})
    assert error.rule in ("GW-A-25.23", "GW-X-9")


def test_gw_r_111_prevent_raises_enemy_commands_and_two_prevent_add_up():
    """GW-A-25.32: Commander Ilse Varn has Prevent (1) twice, so Counter Intelligence (Total 2)
    aimed at her play needs 4 Total National Power: refused with 3 G, played with 4."""
    for gs, accepted in ((3, False), (4, True)):
        g = game(deck_a=deck("Commander Ilse Varn", "AF-01 Lancer"),
                 deck_b=deck("Counter Intelligence", fill="Verdant Foundry"))
        placed = arrange(g, 0, hand=("Commander Ilse Varn",), deploy=("AF-01 Lancer",) + ("Aurora Shipyard",) * 2)
        arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * gs)
        ilse = placed["Commander Ilse Varn"]
        at(g, "deploy_ft", active=0)
        g.act(0, {"type": "play", "card": ilse, "target": placed["AF-01 Lancer"]})
        g.act(0, {"type": "pass"})
        action = {"type": "play", "card": cid(g, 1, "Counter Intelligence", "hand"), "target": ilse}
        if accepted:
            g.act(1, action)
            _resolve(g)
            assert "Commander Ilse Varn" in zone_titles(g, 0, "junk")
        else:
            assert refused(g, 1, action).rule == "GW-B-9.8.2"


def test_gw_r_100_two_space_battle_on_one_unit_add_up():
    """GW-A-25.8: the Void Hunter's Space Battle (2) plus the (1) of Space Ace Tovan Rusk set on
    it make 3, so the engaged Lancer (Melee 3) drops to 0 (1 without the pilot)."""
    for pilot, melee in ((True, 0), (False, 1)):
        g = game(deck_b=deck("ZG-9 Void Hunter", "Space Ace Tovan Rusk", fill="Verdant Foundry"))
        placed = arrange(g, 1, squads={"space": ("ZG-9 Void Hunter",)}, deploy=("Space Ace Tovan Rusk",))
        lancer = arrange(g, 0, squads={"space": ("AF-01 Lancer",)})["AF-01 Lancer"]
        if pilot:
            put_set(g, placed["Space Ace Tovan Rusk"], placed["ZG-9 Void Hunter"])
        at(g, "damage_ft1", active=0, engaged={"space"})
        assert stats(g.state, lancer)[0] == melee


def test_gw_a_24_26_a_skipped_battle_phase_is_not_performed():
    """GW-A-24.26, GW-A-26.5: Ceasefire Order in the enemy Deploy Phase: no Attack Step, no
    sortie, no Return Step; the turn ends right after the Deploy Phase and the next one is normal."""
    g = game(deck_b=deck("Ceasefire Order", "Ivory Colony", fill="Verdant Foundry"))
    arrange(g, 0, deploy=("AF-01 Lancer",))
    arrange(g, 1, hand=("Ceasefire Order",), deploy=("Ivory Colony", "Verdant Foundry", "Verdant Foundry"))
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Ceasefire Order", "hand")})
    _resolve(g)
    assert g.state.skipped == {"battle"}
    events = []
    while g.state.active == 0:
        assert g.pending().kind != "sortie" and not g.state.step.startswith(("attack", "defense", "damage", "return"))
        events += [e.data for e in g.act(g.pending().seat, {"type": "pass"})]
    kinds = [e["type"] for e in events]
    assert "phase_skipped" in kinds and kinds.index("phase_skipped") < kinds.index("end_of_turn")
    assert g.state.skipped == set()
    until(g, "attack_ft1")
    assert g.state.step == "attack_ft1" and g.state.active == 1


def test_gw_a_24_26_a_phase_already_begun_cannot_be_skipped():
    """GW-A-24.26: the effect names a phase still to come; in the Battle Phase it does nothing."""
    from engine.games.gundam_war.effects import apply_effects
    g = game()
    at(g, "attack_ft1", active=0)
    apply_effects(g.state, 1, ({"skip": "battle"},), None, None)
    assert g.state.skipped == set()


def test_gw_a_26_15_protection_reaches_a_card_being_played():
    """GW-A-26.15, GW-A-13.10: Counter Intelligence aims at the Lancer being played; Decoy
    Transponder cuts in and protects the played Lancer, so the negation fails and the Lancer
    enters. A protected played card is no legal target at all."""
    from engine.games.gundam_war.effects import legal_targets
    g = game(deck_a=deck("AF-01 Lancer", "Decoy Transponder", "Verdant Foundry"),
             deck_b=deck("Counter Intelligence", fill="Verdant Foundry"))
    placed = arrange(g, 0, hand=("AF-01 Lancer", "Decoy Transponder"), deploy=("Aurora Shipyard", "Verdant Foundry"))
    arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 2)
    lancer = placed["AF-01 Lancer"]
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Counter Intelligence", "hand"), "target": lancer})
    g.act(0, {"type": "play", "card": placed["Decoy Transponder"], "target": lancer})
    _resolve(g)
    assert g.state.table.zone_name(lancer) == "deploy"
    assert "Counter Intelligence" in zone_titles(g, 1, "junk")
    assert lancer not in legal_targets(g.state, 1, "enemy_unit", None)      # still protected on the field
    g2 = game(deck_b=deck("Counter Intelligence", fill="Verdant Foundry"))
    lancer = arrange(g2, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",))["AF-01 Lancer"]
    arrange(g2, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 2)
    at(g2, "deploy_ft", active=0)
    g2.act(0, {"type": "play", "card": lancer})
    g2.state.untargetable[lancer] = 1                                       # protected while played
    g2.state_changed()
    g2.act(0, {"type": "pass"})
    action = {"type": "play", "card": cid(g2, 1, "Counter Intelligence", "hand"), "target": lancer}
    assert refused(g2, 1, action).rule == "GW-A-13.2"


def test_gw_a_25_25_resupply_keeps_the_units_the_player_chooses():
    """GW-A-25.25, GW-X-25: Resupply (2) in a squad of three rerolled Units: the player keeps the
    Skyhawk and the Cradle Support rerolled, the Lancer at the front rolls; three are refused."""
    g = game()
    placed = arrange(g, 0, squads={"earth": ("AF-01 Lancer", "AF-02 Skyhawk", "AX-5 Cradle Support")})
    lancer, hawk, cradle = placed["AF-01 Lancer"], placed["AF-02 Skyhawk"], placed["AX-5 Cradle Support"]
    at(g, "return_ft1", active=0)
    offered = [o.action.get("cards") for o in PROCESSOR.request(g.state).options if o.action.get("card") == cradle]
    assert [hawk, cradle] in offered and None in offered
    use = {"type": "use", "card": cradle, "text": 0}
    assert refused(g, 0, {**use, "cards": [lancer, hawk, cradle]}).rule == "GW-A-25.25"
    assert refused(g, 0, {**use, "cards": [hawk, hawk]}).rule == "GW-A-25.25"
    g.act(0, {**use, "cards": [hawk, cradle]})
    _resolve(g)
    until(g, "return_ft2")
    assert lancer in g.state.rolled and hawk not in g.state.rolled and cradle not in g.state.rolled


def test_gw_a_5_1_drawing_from_the_discard_pile_takes_its_top_card_privately():
    """GW-A-5.1: Salvaged Schematics draws the top card of the own Discard Pile; the opponent
    learns only that a card was drawn from there."""
    g = game(deck_a=deck("Salvaged Schematics", "AF-01 Lancer"))
    placed = arrange(g, 0, hand=("Salvaged Schematics",), deploy=("Aurora Shipyard",) * 2)
    lancer = cid(g, 0, "AF-01 Lancer", "homeland")
    g.state.table.move(lancer, 0, "discard", 0)
    g.state_changed()
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["Salvaged Schematics"]})
    events = []
    while g.state.cut:
        events += g.act(g.pending().seat, {"type": "pass"})
    assert g.state.table.zone_name(lancer) == "hand"
    drawn = next(e for e in events if e.data["type"] == "draw")
    assert drawn.for_seat(0)["card"]["id"] == lancer
    assert drawn.for_seat(1) == {"type": "draw", "seat": 0, "from": "discard"}


def test_gw_a_13_4_an_auto_c_chooses_its_target_before_its_cut():
    """GW-A-13.4, GW-A-14.3: Lancehead enters; its controller picks the enemy Unit for its Auto C
    (only enemy Units are offered), then the new Cut resolves the 1 damage on it."""
    g = game(deck_b=deck("ZG-15 Lancehead", fill="Verdant Foundry"))
    lance = arrange(g, 1, hand=("ZG-15 Lancehead",), deploy=("Verdant Foundry",) * 2)["ZG-15 Lancehead"]
    placed = arrange(g, 0, deploy=("AF-01 Lancer", "AF-02 Skyhawk"))
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": lance})
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "pass"})
    r = g.pending()
    assert r.kind == "auto_target" and r.seat == 1
    assert sorted(o.action["card"] for o in r.options) == sorted(placed.values())
    assert refused(g, 1, {"type": "target", "card": lance}).rule == "GW-A-13.4"
    error = refused(g, 0, {"type": "pass"})
    assert error.rule == "GW-A-4.1" and "your opponent must first choose the target of a waiting automatic" \
        in error.message
    g.act(1, {"type": "target", "card": placed["AF-02 Skyhawk"]})
    assert [e["kind"] for e in g.state.cut] == ["auto"] and g.state.cut[0]["target"] == placed["AF-02 Skyhawk"]
    _resolve(g)
    assert g.state.damage == {placed["AF-02 Skyhawk"]: 1}


def test_gw_a_13_2_an_auto_c_without_a_legal_target_does_not_activate():
    """GW-A-13.2: with no enemy Unit on the field the Lancehead's Auto C never forms a Cut."""
    g, lance, events = lancehead_with_no_enemy_unit()
    assert any(e.data["type"] == "no_target" for e in events)
    assert g.state.cut == [] and g.state.pending == [] and g.pending().kind == "free_timing"


def _scorched_orbit(enemy_homeland: int, option: str | None = None):
    g = game(deck_a=deck("Scorched Orbit", "Ivory Colony"), options={"then_all_players": option} if option else None)
    card = arrange(g, 0, hand=("Scorched Orbit",), deploy=("Ivory Colony", "Aurora Shipyard"))["Scorched Orbit"]
    arrange(g, 1)
    home = g.state.table.zone(1, "homeland")
    while len(home) > enemy_homeland:
        g.state.table.move(home[0], 1, "removed")
    g.state_changed()
    at(g, "deploy_ft", active=0)
    sizes = [len(g.state.table.zone(s, "homeland")) for s in (0, 1)]
    hand = len(g.state.table.zone(0, "hand"))
    g.act(0, {"type": "play", "card": card})
    while g.state.cut and g.pending() is not None:
        g.act(g.pending().seat, {"type": "pass"})
    moved = [sizes[s] - len(g.state.table.zone(s, "homeland")) for s in (0, 1)]
    return g, moved, len(g.state.table.zone(0, "hand")) - (hand - 1)


def test_gw_a_26_4_2_an_all_players_part_applied_in_full_lets_then_apply():
    """GW-A-26.4: both Homelands give 2 cards, so the "then" draw happens."""
    g, moved, drawn = _scorched_orbit(10)
    assert moved == [3, 2] and drawn == 1                                 # 2 + the card drawn


def test_gw_x_22_then_is_void_for_everyone_when_a_player_cannot_apply_the_all_players_part():
    """GW-X-22 (default): the enemy has only 1 Homeland card: both apply what they can, nobody
    draws; the enemy's empty Homeland then loses (GW-B-5.2)."""
    g, moved, drawn = _scorched_orbit(1)
    assert moved == [2, 1] and drawn == 0
    assert g.state.result is not None and g.state.result.winner == 0


def test_gw_x_22_user_only_option_follows_the_literal_rule():
    """GW-A-26.4.2 literally (`then_all_players: user_only`): only the user puts 2 cards; the
    enemy keeps its card; the "then" part is void."""
    g, moved, drawn = _scorched_orbit(1, "user_only")
    assert moved == [2, 0] and drawn == 0 and g.state.result is None


def test_gw_a_26_12_using_the_effect_of_psycommu_ignores_its_modifiers():
    """GW-A-26.12, GW-X-28: the Remote Lance Frame uses the effect of Psycommu (2) with no NT pilot;
    a Psycommu +1 and a lost Psycommu on it change nothing: the Grunt takes exactly 2."""
    g = game(deck_a=deck("AW-4 Remote Lance Frame"))
    lance = arrange(g, 0, squads={"earth": ("AW-4 Remote Lance Frame",)})["AW-4 Remote Lance Frame"]
    grunt = arrange(g, 1, squads={"earth": ("ZG-1 Grunt",)})["ZG-1 Grunt"]
    at(g, "defense_ft2", active=1, engaged={"earth"})
    g.state.special_plus[lance] = 1
    g.state.kw_lose[lance] = {"psycommu"}
    g.state_changed()
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "use", "card": lance, "text": 0, "target": grunt})
    _resolve(g)
    assert g.state.damage[grunt] == 2 and lance in g.state.rolled


def test_gw_a_20_10_a_set_card_moves_only_where_it_could_be_set():
    """GW-A-20.10: Ansel Brin moves from the Lancer onto the Skyhawk; onto a Skyhawk that already
    has a pilot the move cannot be made and she stays on the Lancer."""
    for piloted in (False, True):
        g = game(deck_a=deck("Ferry Pilot Ansel Brin", "AF-01 Lancer", "AF-02 Skyhawk", "Ensign Kai Loram"))
        placed = arrange(g, 0, deploy=("AF-01 Lancer", "AF-02 Skyhawk", "Ferry Pilot Ansel Brin", "Ensign Kai Loram"))
        ansel, lancer, hawk = placed["Ferry Pilot Ansel Brin"], placed["AF-01 Lancer"], placed["AF-02 Skyhawk"]
        put_set(g, ansel, lancer)
        if piloted:
            put_set(g, placed["Ensign Kai Loram"], hawk)
        else:
            g.state.table.move(placed["Ensign Kai Loram"], 0, "homeland")
            g.state_changed()
        at(g, "deploy_ft", active=0)
        g.act(0, {"type": "use", "card": ansel, "text": 0, "target": hawk})
        events = []
        while g.state.cut:
            events += [e.data for e in g.act(g.pending().seat, {"type": "pass"})]
        assert g.state.set_on[ansel] == (lancer if piloted else hawk)
        assert any(e["type"] == "set_move_refused" and e["rule"] == "GW-A-20.10" for e in events) == piloted


def test_gw_a_24_2_24_3_look_at_is_private_and_reveal_is_public_and_nothing_moves():
    """GW-A-24.2: only the user learns the top 3 Homeland cards, which keep their order;
    GW-A-24.3: the enemy hand is shown to both players and stays in the hand."""
    g = game(deck_a=deck("Recon Satellite"))
    card = arrange(g, 0, hand=("Recon Satellite",), deploy=("Aurora Shipyard",))["Recon Satellite"]
    arrange(g, 1, hand=("ZG-1 Grunt", "Stealth Veil"))
    at(g, "deploy_ft", active=0)
    top = list(g.state.table.zone(0, "homeland")[:3])
    hand = sorted(g.state.table.zone(1, "hand"))
    g.act(0, {"type": "play", "card": card})
    events = []
    while g.state.cut:
        events += g.act(g.pending().seat, {"type": "pass"})
    look = next(e for e in events if e.data["type"] == "look")
    assert look.for_seat(0)["titles"] == [g.state.table.cards[c].defn.title for c in top]
    assert "titles" not in look.for_seat(1) and look.for_seat(1)["count"] == 3
    reveal = next(e for e in events if e.data["type"] == "reveal")
    assert reveal.for_seat(0) == reveal.for_seat(1) and reveal.for_seat(0)["titles"] == ["Stealth Veil", "ZG-1 Grunt"]
    assert g.state.table.zone(0, "homeland")[:3] == top and sorted(g.state.table.zone(1, "hand")) == hand


def test_gw_a_25_11_psycommu_from_the_deploy_area_reaches_battle_areas_of_its_aptitude():
    """GW-A-25.11: from the Deploy Area the space-only Lumen Bit Carrier (NT pilot set) may hit a
    Unit in the Space Area, not one in the Earth Area."""
    g = game()
    placed = arrange(g, 0, deploy=("AW-2 Lumen Bit Carrier", "Ensign Kai Loram"))
    carrier = placed["AW-2 Lumen Bit Carrier"]
    put_set(g, placed["Ensign Kai Loram"], carrier)
    placed1 = arrange(g, 1, squads={"space": ("ZG-1 Grunt",), "earth": ("ZG-4 Sand Viper",)})
    at(g, "defense_ft2", active=1)
    g.act(1, {"type": "pass"})
    offered = {o.action.get("target") for o in PROCESSOR.request(g.state).options if o.action.get("card") == carrier}
    assert offered == {placed1["ZG-1 Grunt"]}
    psy = {"type": "use", "card": carrier, "text": 0}
    assert refused(g, 0, {**psy, "target": placed1["ZG-4 Sand Viper"]}).rule == "GW-A-25.11"
    g.act(0, {**psy, "target": placed1["ZG-1 Grunt"]})
    _resolve(g)
    assert g.state.damage[placed1["ZG-1 Grunt"]] == 2


def test_gw_a_25_15_team_grants_its_text_once_and_its_battle_modification():
    """GW-A-25.15: next to two Lancer Leaders the Lancer gains ±0/±0/+1 from each but their
    shared text only once (each Leader gains it from the other), and uses it; the text goes on
    resolving after the Team breaks up, and is gone with it."""
    from engine.games.gundam_war.state import card_texts
    g = game(deck_a=deck("AF-01 Lancer", "AF-04 Lancer Leader", "AF-04 Lancer Leader"))
    arrange(g, 0, squads={"earth": ("AF-01 Lancer", "AF-04 Lancer Leader", "AF-04 Lancer Leader")})
    lancer = cid(g, 0, "AF-01 Lancer", "earth")
    leader = cid(g, 0, "AF-04 Lancer Leader", "earth")
    assert stats(g.state, lancer) == (3, 1, 5)
    assert len(card_texts(g.state, lancer)) == 1 and len(card_texts(g.state, leader)) == 1
    at(g, "attack_ft2", active=0)
    g.act(0, {"type": "use", "card": lancer, "text": 0})
    g.state.table.move(leader, 0, "deploy")                              # the Team breaks up meanwhile
    g.state.table.move(cid(g, 0, "AF-04 Lancer Leader", "earth"), 0, "deploy")
    g.state_changed()
    _resolve(g)
    assert stats(g.state, lancer) == (3, 2, 3)
    assert refused(g, 0, {"type": "use", "card": lancer, "text": 0}).rule == "GW-A-8.3"


def test_gw_a_25_15_team_includes_self_option_gives_the_giver_its_own_text():
    """GW-A-25.15 (option `team_includes_self`): a lone Lancer Leader gains its own Team text only
    under the option."""
    from engine.games.gundam_war.state import card_texts
    for option, count in ((False, 0), (True, 1)):
        g = game(deck_a=deck("AF-01 Lancer", "AF-04 Lancer Leader"), options={"team_includes_self": option})
        arrange(g, 0, deploy=("AF-01 Lancer", "AF-04 Lancer Leader"))
        assert len(card_texts(g.state, cid(g, 0, "AF-04 Lancer Leader", "deploy"))) == count


def _one_more_on_top(g, seat, title):
    """Put a further copy of `title` from deeper in the Homeland on its top."""
    home = g.state.table.zone(seat, "homeland")
    extra = next(c for c in home[2:] if g.state.table.cards[c].defn.title == title)
    g.state.table.move(extra, seat, "homeland", 0)
    g.state_changed()


def test_gw_a_24_25_pull_out_takes_the_topmost_unit_and_keeps_the_rest_in_order():
    """GW-A-24.25: Hidden Reserve pulls the Sand Viper from under a Foundry; it enters rerolled
    as the turn's Unit play; the Foundry stays on top."""
    g = game(deck_b=deck("Hidden Reserve", "ZG-4 Sand Viper", fill="Verdant Foundry"))
    card = arrange(g, 1, hand=("Hidden Reserve",), deploy=("Verdant Foundry",) * 3,
                   homeland_top=("Verdant Foundry", "ZG-4 Sand Viper"))["Hidden Reserve"]
    _one_more_on_top(g, 1, "Verdant Foundry")
    home = list(g.state.table.zone(1, "homeland"))
    viper = home[2]                                   # home[0] pays the resource cost
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": card})
    _resolve(g)
    assert g.state.table.zone_name(viper) == "deploy" and viper not in g.state.rolled
    assert g.state.table.zone(1, "homeland") == [c for c in home[1:] if c != viper]
    assert g.state.slots.get("unit") == 1


def test_gw_a_24_25_a_pulled_out_card_that_cannot_enter_is_removed_from_the_game():
    """GW-A-24.25, GW-A-25.33: the pulled-out Vanguard Gundam cannot enter beside another one
    (Restrict to 1), so it is removed from the game."""
    g = game(deck_b=deck("Hidden Reserve", "AF-07 Vanguard Gundam", "AF-07 Vanguard Gundam", fill="Verdant Foundry"))
    card = arrange(g, 1, hand=("Hidden Reserve",), deploy=("AF-07 Vanguard Gundam",) + ("Verdant Foundry",) * 3,
                   homeland_top=("Verdant Foundry", "AF-07 Vanguard Gundam"))["Hidden Reserve"]
    _one_more_on_top(g, 1, "Verdant Foundry")
    pulled = g.state.table.zone(1, "homeland")[2]
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": card})
    _resolve(g)
    assert g.state.table.zone_name(pulled) == "removed" and g.state.slots.get("unit", 0) == 0


def test_gw_a_26_4_2_an_each_player_effect_without_then_applies_to_each_player_under_user_only():
    """GW-A-26.4.2 speaks of an all-players part *before "then"*; GW-X-22's option only changes
    that case. An "each player" effect with no "then" part is applied by each player as far as
    possible under `then_all_players: user_only` too: the enemy with 1 Homeland card puts it."""
    from engine.games.gundam_war.effects import apply_effects
    g = game(options={"then_all_players": "user_only"})
    home = g.state.table.zone(1, "homeland")
    for c in list(home)[1:]:
        g.state.table.move(c, 1, "discard")
    mine = len(g.state.table.zone(0, "homeland"))
    apply_effects(g.state, 0, ({"mill_all": 2},), None, None)
    assert len(g.state.table.zone(0, "homeland")) == mine - 2
    assert g.state.table.zone(1, "homeland") == []
