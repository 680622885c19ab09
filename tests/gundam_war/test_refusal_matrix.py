"""The refusal matrix (issue 19, scope 2): for each item of the referee checklist (GW-R) that
forbids a move, and for each step that resolves by itself (each `flow.settle`), the forbidden
move in that situation is refused with the rule that forbids it and a message that says what to
do instead, and changes nothing (`tests.refusals.refused` checks the hash and the decision count).
Each case is named after its checklist item or rule; the docstrings quote the rule.

Checklist items here: GW-R-7, 8, 14, 15, 16, 17, 18, 19, 26, 27, 36, 38, 39, 40, 42, 46, 51, 54, 55,
56, 86, 94, 101, 104, 105, 109, 110, 112, 113. The other items forbid no move a player sends: GW-R-1..5
reject a deck (tests/gundam_war/test_deck_construction.py), and the rest describe what the rules do
by themselves (draws, damage, destruction, resolution order; test_checklist_rest.py, test_battle.py,
test_texts_and_cuts.py, test_special_effects.py, ...). Settled steps: GW-B-3.3 (a hand kept after
three re-deals B), GW-A-13.2 (an Auto C with no target), GW-A-14.10 (one waiting effect), GW-B-12.3
(a hand within the limit), GW-S.3 (a forced pass and a forced end of sortie, `auto_pass: forced`)."""

from __future__ import annotations

from engine.core.game import Game
from engine.games.gundam_war.flow import PROCESSOR
from engine.games.gundam_war.state import choice

from tests.gundam_war.scenario import arrange, at, cid, deck, game, lancehead_with_no_enemy_unit, pass_until, put_set
from tests.refusals import refused


def _expect(g: Game, seat: int, action: dict, rule: str, *words: str, code: str = "illegal_action") -> None:
    error = refused(g, seat, action)
    assert (error.rule, error.code) == (rule, code), (error.rule, error.code, error.message)
    for w in words:
        assert w in error.message, error.message


def _resolve(g: Game) -> None:
    while g.state.cut:
        g.act(g.pending().seat, {"type": "pass"})


def _run_from(g: Game) -> None:
    """Let the turn machine run from the scenario's position (so steps that resolve by themselves do)."""
    g.state.flow.asking = None
    PROCESSOR.advance(g.state)
    g.state_changed()


# -- Setup and mulligan ------------------------------------------------------------------------

def test_gw_r_7_procedure_a_after_procedure_b():
    """GW-R-7 (GW-B-3.2): "Allow mulligan A only if the current hand is the original 6-card hand
    ... and B has not been used"."""
    g = game()
    first = g.state.first
    g.act(first, {"type": "redeal", "procedure": "B"})
    _expect(g, first, {"type": "redeal", "procedure": "A"}, "GW-B-3.2", "Keep the hand or use procedure B")


def test_gw_b_3_3_a_fourth_re_deal_b_is_refused_after_the_hand_was_kept_by_itself():
    """GW-R-8 (GW-B-3.3): "Mulligan B redraws 5, then 4, then 3; refuse any B after the 3-card
    hand". After the third B nothing is left to choose, so the hand is kept without asking; a
    fourth B (or a keep) is refused with GW-B-3.3, not with the opponent's opening-hand decision."""
    g = game()
    first = g.state.first
    for _ in range(3):
        g.act(first, {"type": "redeal", "procedure": "B"})
    assert g.pending().seat == 1 - first and g.pending().kind == "mulligan"
    for kind in ({"type": "redeal", "procedure": "B"}, {"type": "keep"}):
        _expect(g, first, kind, "GW-B-3.3", "Procedure B was used three times", code="wrong_seat")


def test_gw_x_7_the_second_player_waits_for_the_first_players_opening_hand():
    """GW-X-7: the first player decides on the opening hand first."""
    g = game()
    _expect(g, 1 - g.state.first, {"type": "keep"}, "GW-X-7", "you keep or re-deal when they have kept",
            code="wrong_seat")


# -- Turn flow ---------------------------------------------------------------------------------

def test_gw_r_14_nothing_is_played_during_a_fixed_effect():
    """GW-R-14 (GW-A-4.1): "Nothing may be played ... during any FX": the Attack Step sortie."""
    g = game(deck_a=deck("Recon Satellite"))
    placed = arrange(g, 0, hand=("Recon Satellite",), deploy=("Aurora Shipyard",) * 2)
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "play", "card": placed["Recon Satellite"]}, "GW-A-4.1",
            "you must first declare the sortie", "next free timing")


def test_gw_r_46_no_pass_during_a_fixed_effect():
    """GW-R-46 (GW-A-4.1): fixed effects cannot be cut into; the sortie needs an answer, not a pass."""
    g = game()
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "pass"}, "GW-A-4.1", "sortie needs an answer")


def test_gw_r_15_the_active_player_has_priority_first():
    """GW-R-15 (GW-A-9.3): "In every FT the active player is offered priority first"; the
    defender's Command waits until the active player passes."""
    g = game()
    placed = arrange(g, 1, hand=("Stealth Veil",), deploy=("ZG-1 Grunt", "Verdant Foundry"))
    at(g, "attack_ft1", active=0)
    _expect(g, 1, {"type": "play", "card": placed["Stealth Veil"], "target": placed["ZG-1 Grunt"]}, "GW-A-9.3",
            "wait until they pass", code="wrong_seat")


# -- Playing cards and costs -------------------------------------------------------------------

def test_gw_r_16_units_only_in_the_own_deploy_phase():
    """GW-R-16 (GW-B-13.2.1): "Non-Quick Units ... may be played only by the active player in their
    own Deploy Phase FT" - refused for the active player in the Battle Phase and for the defender
    in the active player's Deploy Phase (for that reason, not for lack of priority)."""
    g = game()
    placed = arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",) * 2)
    at(g, "attack_ft1", active=0)
    _expect(g, 0, {"type": "play", "card": placed["AF-01 Lancer"]}, "GW-B-13.2.1", "your own Deploy Phase")
    grunt = arrange(g, 1, hand=("ZG-1 Grunt",), deploy=("Verdant Foundry",) * 2)["ZG-1 Grunt"]
    at(g, "deploy_ft", active=0)
    _expect(g, 1, {"type": "play", "card": grunt}, "GW-B-13.2.1", "your own Deploy Phase", code="wrong_seat")


def test_gw_r_17_one_unit_per_turn():
    """GW-R-17 (GW-B-9.10.4): "Per turn, allow at most one Unit ... play"."""
    g = game()
    placed = arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",) * 2)
    at(g, "deploy_ft", active=0, slots={"unit": 1})
    _expect(g, 0, {"type": "play", "card": placed["AF-01 Lancer"]}, "GW-B-9.10.4", "another next turn")


def test_gw_r_18_a_command_only_at_its_timing():
    """GW-R-18 (GW-B-13.3.3): each Command "at the timing its text states": Salvage Rebuild (own
    Deploy Phase) in the Battle Phase."""
    g = game(deck_b=deck("Salvage Rebuild", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Salvage Rebuild",), deploy=("Verdant Foundry",) * 3)
    at(g, "attack_ft1", active=1)
    _expect(g, 1, {"type": "play", "card": placed["Salvage Rebuild"]}, "GW-B-13.3.3", "only be played at the timing")


def test_gw_r_19_designated_national_power_not_met():
    """GW-R-19 (GW-B-9.8.1): "Refuse a play declaration if the Designated National Power ... cannot
    be met at declaration"."""
    g = game()
    placed = arrange(g, 0, hand=("AF-01 Lancer",))
    at(g, "deploy_ft", active=0)
    _expect(g, 0, {"type": "play", "card": placed["AF-01 Lancer"]}, "GW-B-9.8.1", "Deploy more G")


def test_gw_r_27_purple_power_split_over_two_colours():
    """GW-R-27 (GW-A-7.3, refused under GW-B-9.8.1): "Purple Designated National Power n is met iff
    one single color ... generates >= n": 1 green + 1 purple does not meet purple 2."""
    g = game(deck_b=deck("Tracking Beacon", "Psyche Research Lab", "ZG-1 Grunt", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Tracking Beacon",), deploy=("ZG-1 Grunt", "Verdant Foundry", "Psyche Research Lab"))
    at(g, "deploy_ft", active=1)
    _expect(g, 1, {"type": "play", "card": placed["Tracking Beacon"], "target": placed["ZG-1 Grunt"]}, "GW-B-9.8.1",
            "2 purple")


def test_gw_r_26_a_character_of_the_same_name_on_the_field():
    """GW-R-26 (GW-B-9.12.1): a Character "is refused ... if a Character of the same name is on the
    field (either side)"."""
    g = game(deck_b=deck("Master Gorran", "Master Gorran", "ZG-1 Grunt", "ZG-1 Grunt", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Master Gorran",), deploy=("ZG-1 Grunt", "Verdant Foundry", "Verdant Foundry"))
    other = cid(g, 1, "Master Gorran", "homeland")
    g.state.table.move(other, 1, "set")
    put_set(g, other, placed["ZG-1 Grunt"])
    at(g, "deploy_ft", active=1)
    _expect(g, 1, {"type": "play", "card": placed["Master Gorran"], "target": placed["ZG-1 Grunt"]}, "GW-B-9.12.1",
            "already on the field")


def test_gw_r_104_one_ship_base_support_unit_per_turn():
    """GW-R-104 (GW-A-25.23): "Ship/Base/Support Unit plays ... are limited to one per turn"."""
    g = game()
    placed = arrange(g, 0, hand=("SC-1 Aurora Carrier",), deploy=("Aurora Shipyard",) * 3)
    at(g, "deploy_ft", active=0, slots={"sbs": 1})
    _expect(g, 0, {"type": "play", "card": placed["SC-1 Aurora Carrier"]}, "GW-A-25.23", "Ship/Base/Support")


def test_gw_r_105_variable_uses_the_g_slot():
    """GW-R-105 (GW-X-29, GW-A-25.27): "Dismantle and VARIABLE use the one-G-per-turn slot"."""
    g = game()
    placed = arrange(g, 0, hand=("AF-03 Variable Patrol",), deploy=("Aurora Shipyard",) * 3)
    at(g, "deploy_ft", active=0, slots={"g": 1})
    _expect(g, 0, {"type": "play", "card": placed["AF-03 Variable Patrol"], "mode": "variable"}, "GW-X-29",
            "already played a G")


def test_gw_r_109_restrict_to_1_with_the_name_on_the_field():
    """GW-R-109 (GW-A-25.33): "Restrict to 1 ... refuse the play ... when a same-name card is on the field"."""
    g = game()
    arrange(g, 0, hand=("AF-07 Vanguard Gundam",), deploy=("AF-07 Vanguard Gundam",) + ("Aurora Shipyard",) * 4)
    at(g, "deploy_ft", active=0)
    _expect(g, 0, {"type": "play", "card": cid(g, 0, "AF-07 Vanguard Gundam", "hand")}, "GW-A-25.33",
            "already on the field")


def test_gw_r_109_restrict_to_1_own_with_the_name_on_the_own_field():
    """GW-R-109 (GW-A-25.34): Restrict to 1/Own refuses the play when a same-name card is on the own field."""
    g = game(deck_b=deck("Forward Supply Line", "Forward Supply Line", fill="Verdant Foundry"))
    arrange(g, 1, hand=("Forward Supply Line",), deploy=("Forward Supply Line", "Verdant Foundry", "Verdant Foundry"))
    at(g, "deploy_ft", active=1)
    _expect(g, 1, {"type": "play", "card": cid(g, 1, "Forward Supply Line", "hand")}, "GW-A-25.34",
            "already have a card named")


def test_gw_r_110_restrict_to_1_turn_a_second_play():
    """GW-R-110 (GW-A-25.29): "Restrict to 1/Turn refuses further same-name plays by that player this turn"."""
    g = game(deck_b=deck("Counter Intelligence", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("Counter Intelligence",), deploy=("Verdant Foundry",) * 2)
    name = g.state.table.cards[placed["Counter Intelligence"]].defn.name
    at(g, "attack_ft1", active=1, played_names={(1, name)})
    _expect(g, 1, {"type": "play", "card": placed["Counter Intelligence"]}, "GW-A-25.29", "Restrict to 1/Turn")


# -- Text usage markers ------------------------------------------------------------------------

def test_gw_r_36_a_zero_cost_text_twice_in_a_turn():
    """GW-R-36 (GW-B-13.8.1): "《(0)》: usable once per turn per card per text"."""
    g = game()
    vanguard = arrange(g, 0, deploy=("AF-07 Vanguard Gundam",))["AF-07 Vanguard Gundam"]
    at(g, "attack_ft1", active=0, text_uses={(vanguard, 0)})
    _expect(g, 0, {"type": "use", "card": vanguard, "text": 0}, "GW-B-13.8.1", "already been used this turn")


def test_gw_r_38_a_roll_cost_on_a_rolled_card():
    """GW-R-38 (GW-B-13.8.3): "《R》: refuse if the card is rolled"."""
    g = game()
    placed = arrange(g, 0, rolled=("SC-1 Aurora Carrier", "AF-01 Lancer"))
    at(g, "draw_ft1", active=0)
    _expect(g, 0, {"type": "use", "card": placed["SC-1 Aurora Carrier"], "text": 0, "target": placed["AF-01 Lancer"]},
            "GW-B-13.8.3", "already rolled")


def test_gw_r_39_an_each_text_twice_in_one_cut():
    """GW-R-39 (GW-B-13.8.4): "each" markers: "at most once per Cut per text"."""
    g = game()
    hawk = arrange(g, 0, deploy=("AF-02 Skyhawk",))["AF-02 Skyhawk"]
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "use", "card": hawk, "text": 0})
    _expect(g, 0, {"type": "use", "card": hawk, "text": 0}, "GW-B-13.8.4", "once per Cut")


def test_gw_r_40_a_text_whose_x_y_requirement_is_unmet():
    """GW-R-40 (GW-A-16.9): "《[X·Y]》: the text is invalid (not playable) whenever ... total power < Y"."""
    g = game()
    reactor = arrange(g, 0, deploy=("Twin Reactor Colony",) + ("Aurora Shipyard",) * 3)["Twin Reactor Colony"]
    at(g, "deploy_ft", active=0)
    _expect(g, 0, {"type": "use", "card": reactor, "text": 0}, "GW-A-16.9", "invalid until you generate")


def test_gw_r_42_a_timed_text_outside_its_timing():
    """GW-R-42 (GW-A-16.1): "A text with a timing bracket is usable only in the FT of that timing"."""
    g = game()
    reactor = arrange(g, 0, deploy=("Twin Reactor Colony",) + ("Aurora Shipyard",) * 4)["Twin Reactor Colony"]
    at(g, "attack_ft1", active=0)
    _expect(g, 0, {"type": "use", "card": reactor, "text": 0}, "GW-A-16.1", "can only be played in the free timing")


# -- Targets -----------------------------------------------------------------------------------

def test_gw_r_51_a_targeted_command_with_no_legal_target():
    """GW-R-51 (GW-A-13.2): "Refuse a targeted play when no legal target exists": Stealth Veil with
    no own Unit on the field."""
    g = game()
    veil = arrange(g, 1, hand=("Stealth Veil",), deploy=("Verdant Foundry",) * 2)["Stealth Veil"]
    at(g, "attack_ft1", active=1)
    _expect(g, 1, {"type": "play", "card": veil}, "GW-A-13.2", "no legal target now")


def test_gw_r_54_an_untargetable_unit_is_not_a_target():
    """GW-R-54 (GW-A-13.10, refused as a wrong target under GW-A-13.1): "A card under 'cannot be
    targeted' is invisible to target selection"."""
    g = game()
    placed = arrange(g, 1, hand=("Stealth Veil",), deploy=("ZG-1 Grunt", "Verdant Foundry"))
    arrange(g, 1, hand=("Stealth Veil",), deploy=("ZG-4 Sand Viper", "ZG-1 Grunt", "Verdant Foundry"))
    placed = {"Stealth Veil": cid(g, 1, "Stealth Veil", "hand"), "ZG-1 Grunt": cid(g, 1, "ZG-1 Grunt", "deploy")}
    at(g, "attack_ft1", active=1, untargetable={placed["ZG-1 Grunt"]: 1})
    _expect(g, 1, {"type": "play", "card": placed["Stealth Veil"], "target": placed["ZG-1 Grunt"]}, "GW-A-13.1",
            "choose one")


def test_gw_r_55_a_played_card_is_no_target_of_a_unit_effect():
    """GW-R-55 (GW-A-13.3, refused under GW-A-13.1): "Only effects that target 'a play'/'a played
    card' may target a card on the Cut"."""
    g = game()
    placed = arrange(g, 1, hand=("Stealth Veil", "ZG-1 Grunt"), deploy=("ZG-4 Sand Viper",) + ("Verdant Foundry",) * 3)
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": placed["ZG-1 Grunt"]})
    assert g.state.table.zone_name(placed["ZG-1 Grunt"]) == "played"
    if g.pending().seat == 0:
        g.act(0, {"type": "pass"})
    _expect(g, 1, {"type": "play", "card": placed["Stealth Veil"], "target": placed["ZG-1 Grunt"]}, "GW-A-13.1",
            "choose one")


# -- Sortie ------------------------------------------------------------------------------------

def test_gw_r_56_a_rolled_unit_cannot_sortie():
    """GW-R-56 (GW-B-10.2.1): "Refuse sortie declarations of rolled Units"."""
    g = game()
    lancer = arrange(g, 0, rolled=("AF-01 Lancer",))["AF-01 Lancer"]
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "sortie", "card": lancer, "area": "space"}, "GW-B-10.2.1", "rolled Unit cannot sortie")


def test_gw_r_56_no_sortie_without_the_areas_aptitude():
    """GW-R-56 (GW-B-10.2.1): "... Units without the area's terrain aptitude"."""
    g = game()
    hawk = arrange(g, 0, deploy=("AF-02 Skyhawk",))["AF-02 Skyhawk"]
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "sortie", "card": hawk, "area": "space"}, "GW-B-10.2.1", "no Space aptitude")


def test_gw_r_56_a_base_does_not_attack():
    """GW-R-56 (GW-A-25.21): "... and (attacker) Units with Base"."""
    g = game()
    fort = arrange(g, 0, deploy=("BS-9 Harbor Fortress",))["BS-9 Harbor Fortress"]
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "sortie", "card": fort, "area": "earth"}, "GW-A-25.21", "cannot sortie to attack")


def test_gw_a_4_2_5_the_attacker_does_not_sortie_in_the_defense_step():
    """GW-A-4.2.4-5: the attacker sorties in the Attack Step, the defender in the Defense Step."""
    g = game()
    lancer = arrange(g, 0, deploy=("AF-01 Lancer",))["AF-01 Lancer"]
    arrange(g, 1, deploy=("ZG-1 Grunt",))
    at(g, "defense_fx", active=0)
    _expect(g, 0, {"type": "sortie", "card": lancer, "area": "space"}, "GW-A-4.2.5", "sortied in the Attack Step",
            code="wrong_seat")


def test_gw_r_113_only_an_mf_unit_in_the_fighting_arena():
    """GW-R-113 (GW-A-22.2.1): "Fighting Arena: at most one attacking MF Unit"."""
    g = game()
    lancer = arrange(g, 0, deploy=("AF-01 Lancer",))["AF-01 Lancer"]
    at(g, "attack_fx", active=0)
    _expect(g, 0, {"type": "sortie", "card": lancer, "area": "arena"}, "GW-A-22.2.1", "Only a Unit with MF")


def test_gw_r_113_the_defender_enters_the_arena_only_after_the_attacker():
    """GW-R-113 (GW-A-22.2.2): "the defender may send one Unit only if the attacker did"."""
    g = game()
    grunt = arrange(g, 1, deploy=("ZG-1 Grunt",))["ZG-1 Grunt"]
    at(g, "defense_fx", active=0)
    _expect(g, 1, {"type": "sortie", "card": grunt, "area": "arena"}, "GW-A-22.2.2", "only if the attacker")


# -- End of turn -------------------------------------------------------------------------------

def test_gw_r_86_the_defender_does_not_discard_for_the_hand_limit():
    """GW-R-86 (GW-B-12.3): "Hand limit 6 applies only to the active player"."""
    g = game()
    arrange(g, 0, hand=("Aurora Shipyard",) * 8)
    arrange(g, 1, hand=("Verdant Foundry",) * 8)
    at(g, "return_ft2", active=0)
    pass_until(g, lambda g: g.pending().kind == "hand_limit")
    _expect(g, 1, {"type": "discard", "card": g.state.table.zone(1, "hand")[0]}, "GW-B-12.3",
            "Only the active player discards", code="wrong_seat")


def test_gw_b_12_3_no_discard_after_a_hand_within_the_limit():
    """GW-B-12.3 (settled): a hand of 6 or fewer at the end of the turn discards nothing without a
    question; a discard sent then is refused with that rule, not with the next turn's priority."""
    g = game()
    arrange(g, 0, hand=("Aurora Shipyard",) * 2)
    at(g, "return_ft2", active=0)
    pass_until(g, lambda g: g.state.active == 1)
    _expect(g, 0, {"type": "discard", "card": g.state.table.zone(0, "hand")[0]}, "GW-B-12.3",
            "within the hand limit of 6", code="wrong_seat")


# -- Special effects ---------------------------------------------------------------------------

def test_gw_r_94_a_hangar_card_cannot_change():
    """GW-R-94 (GW-A-25.16, GW-A-6.3): "Hangar cards cannot ... use Change"."""
    g = game(deck_b=deck("ZG-21 Hammerfall Custom", "ZG-20 Hammerfall", fill="Verdant Foundry"))
    placed = arrange(g, 1, deploy=("ZG-20 Hammerfall",))
    custom = cid(g, 1, "ZG-21 Hammerfall Custom", "homeland")
    g.state.table.move(custom, 1, "hangar")
    at(g, "attack_ft1", active=0)
    g.act(0, {"type": "pass"})
    _expect(g, 1, {"type": "change", "card": custom, "target": placed["ZG-20 Hammerfall"]}, "GW-A-25.16",
            "not from the Hangar")


def test_gw_r_112_change_only_in_the_enemy_attack_step():
    """GW-R-112 (GW-A-25.16): "Change: ... only during the enemy Attack Step"."""
    g = game(deck_b=deck("ZG-21 Hammerfall Custom", "ZG-20 Hammerfall", fill="Verdant Foundry"))
    placed = arrange(g, 1, hand=("ZG-21 Hammerfall Custom",), deploy=("ZG-20 Hammerfall",))
    at(g, "attack_ft1", active=1)
    _expect(g, 1, {"type": "change", "card": placed["ZG-21 Hammerfall Custom"], "target": placed["ZG-20 Hammerfall"]},
            "GW-A-25.16", "enemy Attack Step")


def test_gw_r_101_psycommu_before_the_defense_fixed_effect():
    """GW-R-101 (GW-A-25.11): "Psycommu is usable only in a Defense Step after its FX"."""
    g = game()
    carrier = arrange(g, 0, squads={"space": ("AW-2 Lumen Bit Carrier",)})["AW-2 Lumen Bit Carrier"]
    at(g, "defense_ft1", active=0)
    _expect(g, 0, {"type": "use", "card": carrier, "text": 0}, "GW-A-25.11", "after the Defense Step fixed effect")


# -- Steps that resolved by themselves ---------------------------------------------------------

def test_gw_a_13_2_an_automatic_effect_without_a_target_is_not_asked_for_one():
    """GW-A-13.2 (settled): Lancehead's Auto C (1 damage to an enemy Unit) has no enemy Unit to
    aim at, so it is void without a question; a target sent then cites GW-A-13.2."""
    g, lance, _ = lancehead_with_no_enemy_unit()
    assert g.pending().kind == "free_timing"
    _expect(g, 1, {"type": "target", "card": lance}, "GW-A-13.2", "no legal target now")


def test_gw_a_14_10_one_waiting_effect_is_not_ordered():
    """GW-A-14.10 (settled): one waiting effect goes onto its Cut without being ordered; an order
    sent then cites GW-A-14.10."""
    g = game(deck_b=deck("ZG-15 Lancehead", fill="Verdant Foundry"))
    lance = arrange(g, 1, hand=("ZG-15 Lancehead",), deploy=("Verdant Foundry",) * 2)["ZG-15 Lancehead"]
    lancer = arrange(g, 0, deploy=("AF-01 Lancer",))["AF-01 Lancer"]
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": lance})
    g.act(1, {"type": "pass"})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "target", "card": lancer})
    assert [e["kind"] for e in g.state.cut] == ["auto"]
    _expect(g, 1, {"type": "order", "index": 0}, "GW-A-14.10", "nothing to order")


def test_gw_s_3_a_forced_pass_is_refused_as_already_made():
    """GW-S.3 (settled, auto_pass "forced"): "a free timing in which a player's only legal move is
    to pass is passed for them"; that player's pass sent afterwards cites GW-S.3."""
    g = game(options={"auto_pass": "forced"})
    arrange(g, 0)
    placed = arrange(g, 1, hand=("Stealth Veil",), deploy=("ZG-1 Grunt", "Verdant Foundry"))
    at(g, "attack_ft1", active=0)
    _run_from(g)
    assert g.pending().seat == 1 and g.pending().kind == "free_timing"
    assert any(o.action.get("card") == placed["Stealth Veil"] for o in g.pending().options)
    _expect(g, 0, {"type": "pass"}, "GW-S.3", "you passed by yourself", code="wrong_seat")


def test_gw_s_3_a_sortie_finished_by_itself_when_no_unit_can_sortie():
    """GW-S.3 (settled, auto_pass "forced"): an attacker whose Units are all rolled has its sortie
    finished for it; a sortie sent afterwards cites GW-S.3."""
    g = game(options={"auto_pass": "forced"})
    lancer = arrange(g, 0, rolled=("AF-01 Lancer",))["AF-01 Lancer"]
    arrange(g, 1, deploy=("ZG-1 Grunt",))
    at(g, "attack_fx", active=0)
    _run_from(g)
    assert type(choice(g.state)).__name__ == "Sortie" and g.pending().seat == 1
    for action in ({"type": "sortie", "card": lancer, "area": "space"}, {"type": "sortie_done"}):
        _expect(g, 0, action, "GW-S.3", "finished by itself", code="wrong_seat")
