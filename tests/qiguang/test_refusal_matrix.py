"""The refusal matrix of Qiguang (issue #19, Scope 2): for every item of the spec's referee
checklist (`rules/qiguang.md`, "Referee checklist") and every step that resolves by itself
(`Flow.settle`), a position, the move that item forbids there, the rule the refusal must cite and
the words it must say (what to do instead). `refused` also checks that the state hash and the
decision count are unchanged.

Each case is named after the rule it checks; a builder returns (game, seat, action)."""

from __future__ import annotations


import pytest

from engine.core.game import Game
from engine.games.qiguang.state import ResponseWindow
from tests.qiguang.scenario import arrange, cid, new_game, pass_until, pay, set_phase, started
from tests.refusals import Case, check_case


def _main(seat_0: dict | None = None, seat_1: dict | None = None, active: int = 0, phase: str = "main",
          options: dict | None = None, **flags) -> Game:
    game = started(options=options)
    arrange(game, 0, **(seat_0 or {}))
    arrange(game, 1, **(seat_1 or {}))
    set_phase(game, active, phase, **flags)
    return game


def _summon(game: Game, seat: int, name: str, lane: int) -> None:
    game.act(seat, {"type": "summon", "card": cid(game, seat, name), "lane": lane})


# -- checklist items ---------------------------------------------------------------------------

def _1_coin_loser_chooses_order():
    game = new_game()
    return game, 1 - game.pending().seat, {"type": "choose_order", "first": True}


def _2_first_player_draws_on_turn_1():
    game = started(first=0, options={"lightning_stops": "always"})
    while game.state.phase == "preparation":
        game.act(game.pending().seat, {"type": "pass"})
    req = game.pending()  # the draw phase's first window: its draw was skipped just now
    assert game.state.turn == 1 and req.kind == "window" and game.state.phase == "draw"
    assert game.state.flow.settled
    return game, 0, {"type": "draw"}


def _2_first_player_draws_later_in_turn_1():
    game = started(first=0)
    pass_until(game, ("main",))
    return game, 0, {"type": "take_mana"}


def _3_token_twice():
    game = _main(phase="draw", stage="draw_choice", token_last=[True, False])
    return game, 0, {"type": "take_mana"}


def _4_token_twice_with_an_empty_library():
    game = _main({"library": 0}, phase="draw", stage="draw_choice", token_last=[True, False])
    return game, 0, {"type": "take_mana"}


def _5_tapped_crystals_stay_tapped_until_preparation():
    game = _main({"hand": ("Millstone Guard",), "crystals": (1, 0, 0), "tapped": (1, 0, 0)})
    return game, 0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1}


def _6_cross_race_payment():
    game = _main({"hand": ("Skyrail Reserve",), "crystals": (2, 1, 1)})
    _summon(game, 0, "Skyrail Reserve", 1)
    return game, 0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0}


def _7_mana_source_for_a_spell_when_summons_only():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "mana": 1},
                 options={"mana_source": "summons"})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    return game, 0, {"type": "pay", "earth": 0, "pegasus": 0, "unicorn": 0, "mana": 1}


def _7_mana_source_played_alone():
    game = _main({"mana": 1})
    return game, 0, {"type": "play", "card": cid(game, 0, "Mana Source", "hand")}


def _8_overpaying():
    game = _main({"hand": ("Orchard Hauler",), "crystals": (2, 0, 0)})
    _summon(game, 0, "Orchard Hauler", 1)
    return game, 0, {"type": "pay", "earth": 2, "pegasus": 0, "unicorn": 0, "mana": 0}


def _9_summon_into_combat():
    game = _main({"hand": ("Orchard Hauler",), "crystals": (1, 0, 0)})
    return game, 0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1, "row": "combat"}


def _9_every_standby_full():
    full = {lane: "Millstone Guard" if lane % 2 else "Skyrail Reserve" for lane in range(1, 6)}
    game = _main({"hand": ("Orchard Hauler",), "crystals": (1, 0, 0), "standby": full})
    return game, 0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 2}


def _10_crystal_removed_without_a_gain_at_the_cap():
    game = _main({"hand": ("Lantern Scholar",), "crystals": (0, 0, 1)})
    _summon(game, 0, "Lantern Scholar", 1)
    pay(game, 0, unicorn=1)  # the Inheritor crystal is gained: 1 crystal, far from the cap
    assert game.state.inheritor_gained
    return game, 0, {"type": "exile_crystal", "race": "unicorn"}


def _11_remove_a_tapped_crystal_at_the_cap():
    game = _main({"hand": ("Lantern Scholar",), "crystals": (4, 0, 2), "tapped": (0, 4, 0), "mana": 1})
    _summon(game, 0, "Lantern Scholar", 1)
    pay(game, 0, mana=1)
    assert game.pending().kind == "crystal_cap"
    return game, 0, {"type": "exile_crystal", "race": "pegasus"}


def _12_a_character_that_could_not_advance_attacks():
    game = _main({"standby": {2: "Orchard Hauler"}, "combat": {2: "Millstone Guard", 4: "Skyrail Reserve"}},
                 phase="battle")
    return game, 0, {"type": "attack", "lane": 4, "target_lane": 2}


def _13_attack_twice():
    game = _main({"combat": {2: "Millstone Guard"}}, phase="battle")
    game.act(0, {"type": "attack", "lane": 2})
    pass_until(game, ("battle",))
    return game, 0, {"type": "attack", "lane": 2}


def _13_standby_attacks():
    game = _main({"standby": {4: "Orchard Hauler"}}, {"combat": {3: "Millstone Guard"}}, phase="battle")
    return game, 0, {"type": "attack", "lane": 4}


def _13_zero_attack():
    game = _main({"combat": {1: "Quarry Sentinel"}}, phase="battle")
    return game, 0, {"type": "attack", "lane": 1}


def _14_attack_a_standby_character():
    game = _main({"combat": {3: "Millstone Guard"}}, {"standby": {3: "Orchard Hauler"}}, phase="battle")
    return game, 0, {"type": "attack", "lane": 3, "target_row": "standby"}


def _15_attack_the_lane_beside():
    game = _main({"combat": {3: "Millstone Guard"}}, {"standby": {3: "Orchard Hauler"},
                                                      "combat": {4: "Skyrail Reserve"}}, phase="battle")
    return game, 0, {"type": "attack", "lane": 3, "target_lane": 4}


def _16_a_destroyed_attacker_attacks_again():
    game = _main({"combat": {1: "Orchard Hauler"}}, {"combat": {1: "Bedrock Matron"}}, phase="battle")
    game.act(0, {"type": "attack", "lane": 1})
    pass_until(game, ("battle",))  # 1 damage to the Matron (6 health); its 3 counter-damage destroys the Hauler
    assert game.state.table.zone(0, "combat1") == []
    return game, 0, {"type": "attack", "lane": 1}


def _17_a_destroyed_characters_ability():
    game = _main({"combat": {1: "Bedrock Matron"}, "crystals": (1, 0, 0)})
    matron = cid(game, 0, "Bedrock Matron")
    game.state.damage[matron] = 6  # health 0: destroyed at the next check (QG-3.5.6)
    from engine.games.qiguang.flow import run_check
    run_check(game.state)
    game.state_changed()
    return game, 0, {"type": "ability", "card": matron, "index": 0}


def _18_move_after_a_loss():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "support": ("Warlord's Levy",), "life": 1})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, earth=1)
    game.act(0, {"type": "surcharge", "pay": True})  # life 0: seat 0 loses (QG-2.2.1)
    assert game.result().rule == "QG-2.2.1"
    return game, 1, {"type": "end_main"}


def _19_the_replaced_leaders_ability():
    game = _main({"hand": ("Starfall Archmage",), "standby": {3: "Storm Marshal"}, "crystals": (0, 2, 4)})
    marshal = cid(game, 0, "Storm Marshal")
    _summon(game, 0, "Starfall Archmage", 1)
    pay(game, 0, unicorn=4)
    return game, 0, {"type": "ability", "card": marshal, "index": 0}


def _20_second_leader_ability():
    game = _main({"combat": {1: "Bedrock Matron", 2: "Millstone Guard"}, "crystals": (2, 0, 0)})
    matron = cid(game, 0, "Bedrock Matron")
    game.act(0, {"type": "ability", "card": matron, "index": 0})
    pay(game, 0, earth=1)
    return game, 0, {"type": "ability", "card": matron, "index": 1, "target": matron}


def _21_a_field_under_a_world_when_blocked():
    game = _main({"field": "Eternal Twilight"}, {"hand": ("Thunder Peaks",), "crystals": (0, 1, 0)}, active=1,
                 options={"world_vs_field": "blocked"})
    return game, 1, {"type": "play", "card": cid(game, 1, "Thunder Peaks")}


def _22_normal_card_in_the_battle_phase():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0)}, phase="battle")
    return game, 0, {"type": "play", "card": cid(game, 0, "Harvest Feast")}


def _22_normal_card_in_the_opponents_turn():
    game = _main(seat_1={"hand": ("Harvest Feast",), "crystals": (1, 0, 0)})
    return game, 1, {"type": "play", "card": cid(game, 1, "Harvest Feast")}


def _23_normal_card_in_a_chain():
    game = _main({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)},
                 {"hand": ("Harvest Feast", "Flash of Insight"), "crystals": (1, 0, 1)})
    _summon(game, 0, "Millstone Guard", 1)
    pay(game, 0, earth=2)
    assert game.pending().kind == "respond"
    return game, 1, {"type": "play", "card": cid(game, 1, "Harvest Feast")}


def _23_onto_your_own_link():
    game = _main({"hand": ("Millstone Guard", "Flash of Insight"), "crystals": (2, 0, 1)},
                 {"hand": ("Flash of Insight",), "crystals": (0, 0, 1)})
    _summon(game, 0, "Millstone Guard", 1)
    pay(game, 0, earth=2)
    return game, 0, {"type": "play", "card": cid(game, 0, "Flash of Insight")}


def _24_surcharge_you_cannot_pay():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "support": ("Warlord's Levy",), "life": 1},
                 options={"life_payment": "must_survive"})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, earth=1)
    return game, 0, {"type": "surcharge", "pay": True}


def _25_move_after_a_card_text_win():
    shards = ("Shard of Candor", "Shard of Mirth", "Shard of Constancy", "Shard of Largesse",
              "Shard of Tenderness", "Shard of Wonder")
    game = _main({"hand": shards[:5], "crystals": (0, 0, 0)}, phase="draw", stage="draw_choice")
    library = game.state.table.zone(0, "library")
    sixth = next(c for c in library if game.state.table.cards[c].defn.name == shards[5])
    library.remove(sixth)
    library.insert(0, sixth)  # the top card: the draw completes the six
    game.state_changed()
    game.act(0, {"type": "draw"})
    assert game.result() is not None and game.result().winner == 0
    return game, 1, {"type": "concede"}


def _26_second_tie_offer_in_a_turn():
    game = _main()
    game.act(0, {"type": "offer_tie"})
    game.act(1, {"type": "answer_tie", "accept": False})
    return game, 0, {"type": "offer_tie"}


def _26_answer_your_own_tie_offer():
    game = _main()
    game.act(0, {"type": "offer_tie"})
    return game, 0, {"type": "answer_tie", "accept": True}


def _27_concede_as_a_move_by_the_other_seat():
    game = _main()
    return game, 1, {"type": "concede"}


# -- steps that resolve by themselves (Flow.settle) ----------------------------------------------

def _settled_window_pass():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0)}, phase="main", stage="window",
                 window=ResponseWindow(1, 1))
    from engine.games.qiguang.flow import proceed
    proceed(game.state)  # seat 1 holds no Lightning: its chance passes by itself (when_able)
    game.state_changed()
    assert game.pending().kind == "main"
    return game, 1, {"type": "pass"}


def _settled_chain_decline():
    game = _main({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)})
    _summon(game, 0, "Millstone Guard", 1)
    pay(game, 0, earth=2)  # seat 1 has no Lightning: it declines by itself and the summon resolves
    assert game.pending().kind == "main"
    return game, 1, {"type": "pass"}


def _settled_single_race_at_the_cap():
    game = _main({"hand": ("Lantern Scholar",), "crystals": (4, 0, 0), "tapped": (0, 6, 0), "mana": 1})
    _summon(game, 0, "Lantern Scholar", 1)
    pay(game, 0, mana=1)  # only earth crystals are untapped: one of them goes without asking
    assert game.state.crystals[0] == [3, 0, 1, 0, 6, 0]
    return game, 0, {"type": "exile_crystal", "race": "pegasus"}


def _settled_all_tapped_at_the_cap():
    game = _main({"hand": ("Lantern Scholar",), "tapped": (5, 5, 0), "mana": 1})
    _summon(game, 0, "Lantern Scholar", 1)
    pay(game, 0, mana=1)
    return game, 0, {"type": "exile_crystal", "race": "earth"}


def _settled_free_ability():
    game = _main({"support": ("Windmill Engine",)})
    game.act(0, {"type": "ability", "card": cid(game, 0, "Windmill Engine"), "index": 0})  # free: no payment step
    return game, 0, {"type": "cancel"}


CASES = (
    Case("qg_1_2_only_the_coin_toss_winner_chooses_the_order", 1, "QG-1.2", "winner of the coin toss",
         _1_coin_loser_chooses_order, "wrong_seat"),
    Case("qg_1_6_the_skipped_first_draw_is_refused_by_its_own_rule", 2, "QG-1.6", "skips the draw phase",
         _2_first_player_draws_on_turn_1),
    Case("qg_1_6_all_through_the_first_turn", 2, "QG-1.6", "from your next turn on",
         _2_first_player_draws_later_in_turn_1),
    Case("qg_3_3_2_no_mana_source_twice_running", 3, "QG-3.3.2", "must draw", _3_token_twice),
    Case("qg_3_3_2_and_g14_an_empty_library_does_not_lift_the_rule", 4, "QG-3.3.2", "must draw",
         _4_token_twice_with_an_empty_library),
    Case("qg_3_2_1_tapped_crystals_pay_nothing_until_they_untap", 5, "QG-4.1", "untapped crystals",
         _5_tapped_crystals_stay_tapped_until_preparation),
    Case("qg_4_2_no_crystal_of_another_race", 6, "QG-4.2", "named race", _6_cross_race_payment),
    Case("qg_g13_mana_source_pays_only_summons_at_this_table", 7, "QG-G13", "pay with crystals",
         _7_mana_source_for_a_spell_when_summons_only),
    Case("qg_g34_a_mana_source_is_not_played_on_its_own", 7, "QG-G34", "pays for other cards",
         _7_mana_source_played_alone),
    Case("qg_4_5_no_overpaying", 8, "QG-4.5", "Tap exactly 1", _8_overpaying),
    Case("qg_3_4_3_a_summon_goes_to_standby", 9, "QG-3.4.3", "choose a standby zone", _9_summon_into_combat),
    Case("qg_g3_no_summon_when_every_standby_zone_is_full", 9, "QG-G3", "never replaces", _9_every_standby_full),
    Case("qg_5_4_no_crystal_to_remove_below_the_cap", 10, "QG-5.4", "at the cap of 10",
         _10_crystal_removed_without_a_gain_at_the_cap),
    Case("qg_5_4_remove_an_untapped_crystal", 11, "QG-5.4", "remove an untapped crystal you have",
         _11_remove_a_tapped_crystal_at_the_cap),
    Case("qg_3_5_1_advance_and_attacks_go_straight_ahead", 12, "QG-3.5.1", "directly in front",
         _12_a_character_that_could_not_advance_attacks),
    Case("qg_3_5_1_each_character_attacks_once", 13, "QG-3.5.1", "attacks once", _13_attack_twice),
    Case("qg_g10_standby_characters_do_not_attack", 13, "QG-G10", "advances before your next main phase",
         _13_standby_attacks),
    Case("qg_3_5_5_attack_0_cannot_attack", 13, "QG-3.5.5", "0 attack", _13_zero_attack),
    Case("qg_3_4_4_standby_characters_cannot_be_attacked", 14, "QG-3.4.4", "not on the battlefield",
         _14_attack_a_standby_character),
    Case("qg_3_5_2_the_attack_goes_to_the_lane_ahead", 15, "QG-3.5.1", "directly in front", _15_attack_the_lane_beside),
    Case("qg_3_5_4_a_character_destroyed_by_counter_damage_cannot_attack", 16, "QG-3.5.1", "no character",
         _16_a_destroyed_attacker_attacks_again),
    Case("qg_3_5_6_a_destroyed_character_has_no_ability", 17, "QG-7.3", "in play", _17_a_destroyed_characters_ability),
    Case("qg_2_1_no_move_after_a_loss", 18, "QG-2.2.1", "game is over", _18_move_after_a_loss, "game_over"),
    Case("qg_7_2_the_replaced_leader_is_gone", 19, "QG-7.3", "in play", _19_the_replaced_leaders_ability),
    Case("qg_7_3_one_leader_ability_per_turn", 20, "QG-7.3", "once per turn", _20_second_leader_ability),
    Case("qg_g25_no_field_under_a_world_at_this_table", 21, "QG-G25", "World field is active",
         _21_a_field_under_a_world_when_blocked),
    Case("qg_3_4_2_normal_cards_in_your_main_phase", 22, "QG-3.4.2", "main phase", _22_normal_card_in_the_battle_phase),
    Case("qg_8_1_only_lightning_in_the_opponents_turn", 22, "QG-8.1", "Lightning",
         _22_normal_card_in_the_opponents_turn, "wrong_seat"),
    Case("qg_9_4_only_lightning_in_a_chain", 23, "QG-9.4", "only with a Lightning", _23_normal_card_in_a_chain),
    Case("qg_9_6_no_link_onto_your_own", 23, "QG-9.6", "priority", _23_onto_your_own_link, "wrong_seat"),
    Case("qg_g33_no_life_you_do_not_have_at_this_table", 24, "QG-G33", "decline", _24_surcharge_you_cannot_pay),
    Case("qg_0_1_a_card_text_win_ends_the_game", 25, "QG-0.3", "game is over", _25_move_after_a_card_text_win,
         "game_over"),
    Case("qg_g31_one_tie_offer_per_turn", 26, "QG-G31", "already offered", _26_second_tie_offer_in_a_turn),
    Case("qg_2_3_2_the_offer_is_answered_by_the_opponent", 26, "QG-2.3.2", "your opponent answers",
         _26_answer_your_own_tie_offer, "wrong_seat"),
    Case("qg_2_2_3_the_other_seat_concedes_with_the_concede_request", 27, "QG-2.2.3", "concede request",
         _27_concede_as_a_move_by_the_other_seat, "wrong_seat"),
    Case("qg_g19_a_window_passed_by_itself", 0, "QG-G19", "your chance to respond passed by itself",
         _settled_window_pass, "wrong_seat"),
    Case("qg_g19_a_chain_declined_by_itself", 0, "QG-G19", "you declined the chain by itself",
         _settled_chain_decline, "wrong_seat"),
    Case("qg_5_4_the_only_removable_race_went_by_itself", 0, "QG-5.4", "removed by itself",
         _settled_single_race_at_the_cap),
    Case("qg_g16_all_tapped_at_the_cap_nothing_was_removed", 0, "QG-G16", "not gained",
         _settled_all_tapped_at_the_cap),
    Case("qg_4_1_a_free_ability_had_nothing_to_pay", 0, "QG-4.1", "nothing to pay", _settled_free_ability),
)


def test_the_matrix_covers_every_checklist_item():
    """Every one of the 27 items of the referee checklist has at least one forbidden move here."""
    assert {c.item for c in CASES} >= set(range(1, 28))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_refusal(case: Case):
    check_case(case, default_code="illegal_action")
