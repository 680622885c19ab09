"""The refusal matrix of kaiju (issue #19, Scope 2): for every item of the spec's referee
checklist (`rules/kaiju.md`, "Referee checklist") and every step that resolves by itself
(`Flow.settle`), a position, the move that item forbids there, the rule the refusal must cite and
words its message must hold (what to do instead). `refused` also checks that the state hash and
the decision count are unchanged.

Each case is named after the rule it checks; a builder returns (game, seat, action). Checklist
items that forbid no move of their own (the engine does the work: the draw, Defense, a defeat, a
loss) are refused through the move a player would try next in that position."""

from __future__ import annotations


import pytest

from engine.core.errors import DataError
from engine.core.game import Deck, Game
from tests.kaiju.scenario import RULES, arrange, cid, deck, set_turn, started, titles
from tests.refusals import Case, check_case


def _main(seat_0: dict, seat_1: dict, active: int = 0, turn: int = 3, **flags) -> Game:
    game = started()
    arrange(game, 0, **seat_0)
    arrange(game, 1, **seat_1)
    set_turn(game, active, turn, **flags)
    return game


def _opening(seed: int = 5) -> Game:
    """A new game whose order is chosen: seat 0 goes first and is placing its opening card."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], seed)
    req = game.pending()
    game.act(req.seat, {"type": "choose_order", "first": req.seat == 0})
    return game


def _hand_card(game: Game, seat: int, battle: bool) -> int:
    table = game.state.table
    return next(c for c in table.zone(seat, "hand") if table.cards[c].defn.is_battle == battle)


# -- checklist items -------------------------------------------------------------------------

def _2_placing_before_the_hands_are_checked():
    game = Game(RULES, [deck(name="a"), deck(name="b")], 5)
    seat = game.pending().seat
    card = game.state.table.zone(seat, "deck")[0]
    return game, seat, {"type": "place_facedown", "card": card}


def _3_only_a_battle_card_face_down():
    game = _opening()
    return game, 0, {"type": "place_facedown", "card": _hand_card(game, 0, battle=False)}


def _3_one_opening_card_each():
    game = _opening()
    game.act(0, {"type": "place_facedown", "card": _hand_card(game, 0, battle=True)})
    return game, 0, {"type": "place_facedown", "card": _hand_card(game, 0, battle=True)}


def _3_second_player_places_first_then_again():
    game = _opening()
    game.act(1, {"type": "place_facedown", "card": _hand_card(game, 1, battle=True)})  # KJ-3.1.3: no order
    return game, 1, {"type": "place_facedown", "card": _hand_card(game, 1, battle=True)}


def _4_the_draw_is_not_a_move():
    game = _main({"engaged": "Alpha"}, {"engaged": "Beta"})
    return game, 0, {"type": "draw"}


def _5_second_regular_deploy():
    game = _main({"engaged": "Alpha", "hand": ("Beta", "Gamma")}, {"engaged": "Beta"})
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Beta", "hand"), "zone": "support"})
    return game, 0, {"type": "deploy", "card": cid(game, 0, "Gamma", "hand"), "zone": "support"}


def _6_deploy_replacing_the_engaged_card():
    game = _main({"engaged": "Alpha", "hand": ("Beta",)}, {"engaged": "Beta"})
    return game, 0, {"type": "deploy", "card": cid(game, 0, "Beta", "hand"), "zone": "engaged"}


def _6_deploy_into_a_full_support_zone():
    game = _main({"engaged": "Alpha", "support": ("Beta", "Gamma", "Delta", "Zeta", "Tank"), "hand": ("Epsilon",)},
                 {"engaged": "Beta"})
    return game, 0, {"type": "deploy", "card": cid(game, 0, "Epsilon", "hand"), "zone": "support"}


def _7_enhance_with_a_skill_card():
    game = _main({"engaged": "Alpha", "hand": ("Spark",)}, {"engaged": "Beta"})
    return game, 0, {"type": "enhance", "card": cid(game, 0, "Spark", "hand"),
                     "target": cid(game, 0, "Alpha", "engaged")}


def _8_action_above_the_card_level():
    game = _main({"engaged": "Alpha"}, {"engaged": "Beta"})
    return game, 0, {"type": "action", "card": cid(game, 0, "Alpha", "engaged"), "index": 1}  # Stomp: level 1


def _9_action_from_a_support_card():
    game = _main({"engaged": "Beta", "support": ("Alpha",)}, {"engaged": "Beta"})
    return game, 0, {"type": "action", "card": cid(game, 0, "Alpha", "support"), "index": 0}


def _10_once_per_turn_action_twice():
    game = _main({"engaged": "Alpha", "enhancements": {"Alpha": ["Beta"]}}, {"engaged": "Tank"})
    stomp = {"type": "action", "card": cid(game, 0, "Alpha", "engaged"), "index": 1}
    game.act(0, stomp)
    return game, 0, stomp


def _11_heal_after_an_attack():
    game = _main({"engaged": "Alpha"}, {"engaged": "Tank"})
    game.act(0, {"type": "attack", "index": 0})
    return game, 0, {"type": "heal", "index": 1, "target": cid(game, 0, "Alpha", "engaged")}


def _12_first_player_attacks_on_turn_1():
    game = _main({"engaged": "Alpha"}, {"engaged": "Tank"}, turn=1)
    return game, 0, {"type": "attack", "index": 0}


def _13_support_damage_aimed_at_the_engaged_card():
    game = _main({"engaged": "Zeta"}, {"engaged": "Tank", "support": ("Beta",)})
    return game, 0, {"type": "attack", "index": 2, "target": cid(game, 1, "Tank", "engaged")}  # Snipe


def _14_retreat_without_an_enhancement():
    game = _main({"engaged": "Alpha", "support": ("Beta",)}, {"engaged": "Tank"})
    return game, 0, {"type": "retreat", "support": cid(game, 0, "Beta", "support"),
                     "enhancement": cid(game, 0, "Alpha", "engaged")}


def _14_retreat_after_acting():
    game = _main({"engaged": "Alpha", "support": ("Beta",), "enhancements": {"Alpha": ["Zeta"]}}, {"engaged": "Tank"})
    game.act(0, {"type": "action", "card": cid(game, 0, "Alpha", "engaged"), "index": 0})  # Roar
    return game, 0, {"type": "retreat", "support": cid(game, 0, "Beta", "support"),
                     "enhancement": cid(game, 0, "Zeta", "enhancement")}


def _15_swapped_in_card_after_the_turns_attack():
    game = _main({"engaged": "Alpha", "support": ("Beta",), "enhancements": {"Alpha": ["Zeta"]}}, {"engaged": "Tank"},
                 attack_or_heal_used=True, engaged_acted=False)
    game.act(0, {"type": "retreat", "support": cid(game, 0, "Beta", "support"),
                 "enhancement": cid(game, 0, "Zeta", "enhancement")})
    return game, 0, {"type": "attack", "index": 0}


def _16_pierce_move_above_the_card_level():
    game = _main({"engaged": "Beta"}, {"engaged": "Tank"})
    return game, 0, {"type": "attack", "index": 1}  # Drill (Pierce) needs level 1


def _17_evaded_attack_still_counts():
    game = _main({"engaged": "Alpha"}, {"engaged": "Gamma"})
    game.state.rng.force_coins(True)
    game.act(0, {"type": "attack", "index": 0})
    return game, 0, {"type": "attack", "index": 0}


def _18_attacker_defeated_by_counter_cannot_act():
    game = _main({"engaged": "Alpha", "support": ("Tank",), "damage": {"Alpha": 8}}, {"engaged": "Gamma"})
    alpha = cid(game, 0, "Alpha", "engaged")
    game.state.rng.force_coins(False)
    game.act(0, {"type": "attack", "index": 0})  # Gamma's Counter 2 defeats Alpha
    assert titles(game, 0, "spirit") == ["Alpha"]
    return game, 0, {"type": "action", "card": alpha, "index": 0}


def _19_defeated_card_cannot_be_enhanced():
    game = _main({"engaged": "Alpha"}, {"engaged": "Zeta", "support": ("Tank",), "hand": ("Beta",),
                                        "damage": {"Zeta": 5}})
    zeta = cid(game, 1, "Zeta", "engaged")
    game.act(0, {"type": "attack", "index": 0})
    game.act(0, {"type": "end_turn"})
    return game, 1, {"type": "enhance", "card": cid(game, 1, "Beta", "hand"), "target": zeta}


def _20_main_move_before_the_refill():
    game = _main({"engaged": "Alpha"}, {"engaged": "Zeta", "support": ("Tank", "Beta"), "damage": {"Zeta": 5}})
    game.act(0, {"type": "attack", "index": 0})
    return game, 0, {"type": "end_turn"}


def _20_refill_from_the_wrong_zone():
    game = _main({"engaged": "Alpha"}, {"engaged": "Zeta", "support": ("Tank", "Beta"), "damage": {"Zeta": 5}})
    game.act(0, {"type": "attack", "index": 0})
    return game, 1, {"type": "engage", "card": cid(game, 0, "Alpha", "engaged")}


def _21_used_skill_card_is_gone_from_the_hand():
    game = _main({"engaged": "Alpha", "hand": ("Spark",)}, {"engaged": "Tank"})
    spark = cid(game, 0, "Spark", "hand")
    game.act(0, {"type": "skill", "card": spark})
    assert titles(game, 0, "discard") == ["Spark"]
    return game, 0, {"type": "skill", "card": spark}


def _22_second_reinforcement():
    game = _main({"engaged": "Alpha", "hand": ("Fortress", "Supply Line")}, {"engaged": "Tank"})
    game.act(0, {"type": "reinforce", "card": cid(game, 0, "Fortress", "hand")})
    return game, 0, {"type": "reinforce", "card": cid(game, 0, "Supply Line", "hand")}


def _23_no_move_after_a_spirit_loss():
    game = _main({"engaged": "Alpha"}, {"engaged": "Beta", "support": ("Tank",), "damage": {"Beta": 5},
                                        "spirit": ("Gamma", "Delta", "Alpha", "Zeta", "Young Omega")})
    game.act(0, {"type": "attack", "index": 0})  # Beta (cost 2): 15 + 2 = 17
    assert game.result().winner == 0
    return game, 1, {"type": "end_turn"}


def _24_no_move_after_the_last_battle_card_falls():
    game = _main({"engaged": "Alpha"}, {"engaged": "Zeta", "damage": {"Zeta": 5}, "hand": ("Beta",)})
    game.act(0, {"type": "attack", "index": 0})
    assert game.result().winner == 0
    return game, 1, {"type": "deploy", "card": cid(game, 1, "Beta", "hand"), "zone": "engaged"}


def _25_evolution_without_the_printed_pairing():
    game = _main({"engaged": "Beta", "hand": ("Delta",)}, {"engaged": "Tank"})
    return game, 0, {"type": "evolve", "card": cid(game, 0, "Delta", "hand"), "target": cid(game, 0, "Beta", "engaged")}


def _25_conversion_without_the_printed_pairing():
    game = _main({"engaged": "Alpha", "hand": ("Epsilon",)}, {"engaged": "Tank"})
    return game, 0, {"type": "convert", "card": cid(game, 0, "Epsilon", "hand"),
                     "target": cid(game, 0, "Alpha", "engaged")}


def _26_devolve_to_a_card_outside_the_stack():
    game = _main({"engaged": "Alpha", "hand": ("Revert",)}, {"engaged": "Delta", "support": ("Beta",),
                                                             "enhancements": {"Delta": ["Beta", "Alpha"]}})
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    return game, 1, {"type": "devolve_choose", "card": cid(game, 1, "Beta", "support")}


def _27_advantage_action_without_the_advantage():
    game = _main({"engaged": "Alpha"}, {"engaged": "Gamma"})  # speed 3 against 5
    return game, 0, {"type": "action", "card": cid(game, 0, "Alpha", "engaged"), "index": 2}  # Glare


def _27_advantage_skill_on_even_speed():
    game = _main({"engaged": "Alpha", "hand": ("Surge",)}, {"engaged": "Young Omega"})  # 3 against 3
    return game, 0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")}


def _28_skill_in_the_opponents_turn():
    game = _main({"engaged": "Alpha"}, {"engaged": "Beta", "hand": ("Spark",)})
    return game, 1, {"type": "skill", "card": cid(game, 1, "Spark", "hand")}


def _29_no_move_after_a_draw():
    game = _main({"engaged": "Alpha", "damage": {"Alpha": 8}}, {"engaged": "Gamma", "damage": {"Gamma": 2}})
    game.state.rng.force_coins(False)
    game.act(0, {"type": "attack", "index": 0})  # both last cards fall together
    assert game.result().draw
    return game, 0, {"type": "end_turn"}


# -- steps that resolved by themselves (Flow.settle) -------------------------------------------

def _settled_only_support_card_engaged():
    game = _main({"engaged": "Alpha"}, {"engaged": "Zeta", "support": ("Tank",), "damage": {"Zeta": 5}})
    game.act(0, {"type": "attack", "index": 0})
    assert titles(game, 1, "engaged") == ["Tank"]
    return game, 1, {"type": "engage", "card": cid(game, 1, "Tank", "engaged")}


def _settled_only_stack_card_came_back():
    game = _main({"engaged": "Alpha", "hand": ("Revert",)}, {"engaged": "Delta", "enhancements": {"Delta": ["Alpha"]}})
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    alpha = cid(game, 1, "Alpha", "engaged")
    return game, 1, {"type": "devolve_choose", "card": alpha}


def _settled_no_stack_to_devolve():
    game = _main({"engaged": "Alpha", "hand": ("Revert",)}, {"engaged": "Delta"})
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    return game, 1, {"type": "devolve_choose", "card": cid(game, 1, "Delta", "engaged")}


CASES = (
    Case("kj_3_1_4_no_placing_before_the_hands_are_drawn_and_checked", 2, "KJ-3.1.4", "checked for a battle card",
         _2_placing_before_the_hands_are_checked),
    Case("kj_3_1_3_only_a_battle_card_is_placed_face_down", 3, "KJ-3.1.3", "Only a battle card",
         _3_only_a_battle_card_face_down),
    Case("kj_3_1_3_one_opening_card_each", 3, "KJ-3.1.3", "already placed your opening battle card",
         _3_one_opening_card_each),
    Case("kj_3_1_3_one_opening_card_each_whoever_places_first", 3, "KJ-3.1.3", "already placed your opening battle card",
         _3_second_player_places_first_then_again),
    Case("kj_3_2_1_the_draw_is_the_engines_not_a_move", 4, None, "not a well-formed kaiju move",
         _4_the_draw_is_not_a_move, "bad_request"),
    Case("kj_3_4_2_one_regular_deploy_per_turn", 5, "KJ-3.4.2", "deploy again next turn", _5_second_regular_deploy),
    Case("kj_5_11_deploy_never_replaces_the_engaged_card", 6, "KJ-5.11", "Deploy to support",
         _6_deploy_replacing_the_engaged_card),
    Case("kj_5_11_deploy_needs_a_free_support_slot", 6, "KJ-5.11", "support zone is full",
         _6_deploy_into_a_full_support_zone),
    Case("kj_5_12_only_a_battle_card_enhances", 7, "KJ-5.12", "Only a battle card", _7_enhance_with_a_skill_card),
    Case("kj_5_14_action_needs_its_level", 8, "KJ-5.14", "enhance the card first", _8_action_above_the_card_level),
    Case("kj_2_2_2_no_action_from_support", 9, "KJ-2.2.2", "Only your engaged battle card",
         _9_action_from_a_support_card),
    Case("kj_3_5_1_once_per_turn_action", 10, "KJ-3.5.1", "only once per turn", _10_once_per_turn_action_twice),
    Case("kj_3_6_2_attack_or_heal_once", 11, "KJ-3.6.2", "only one of them", _11_heal_after_an_attack),
    Case("kj_3_6_3_first_player_no_attack_on_turn_1", 12, "KJ-3.6.3", "may still heal",
         _12_first_player_attacks_on_turn_1),
    Case("kj_5_1_1_support_damage_targets_support", 13, "KJ-5.1.1", "Choose one of the cards this effect can target",
         _13_support_damage_aimed_at_the_engaged_card),
    Case("kj_3_7_1_retreat_costs_an_enhancement", 14, "KJ-3.7.1", "Enhance it first",
         _14_retreat_without_an_enhancement),
    Case("kj_3_7_2_no_retreat_after_acting", 14, "KJ-3.7.2", "cannot retreat", _14_retreat_after_acting),
    Case("kj_3_7_3_swapped_in_card_keeps_the_turns_limit", 15, "KJ-3.6.2", "already attacked or healed",
         _15_swapped_in_card_after_the_turns_attack),
    Case("kj_5_9_pierce_move_needs_its_level", 16, "KJ-5.14", "Drill needs level 1", _16_pierce_move_above_the_card_level),
    Case("kj_5_7_evaded_attack_is_the_turns_attack", 17, "KJ-3.6.2", "already attacked or healed",
         _17_evaded_attack_still_counts),
    Case("kj_5_6_attacker_defeated_by_counter_cannot_act", 18, "KJ-2.2.2", "Only your engaged battle card",
         _18_attacker_defeated_by_counter_cannot_act),
    Case("kj_5_19_defeated_card_is_out_of_play", 19, "KJ-5.12", "battle cards in play",
         _19_defeated_card_cannot_be_enhanced),
    Case("kj_2_2_3_refill_before_play_continues", 20, "KJ-3.3.1", "fill the empty engagement zone (KJ-2.2.3)",
         _20_main_move_before_the_refill),
    Case("kj_2_2_3_refill_from_your_support_zone", 20, "KJ-2.2.3", "from your support zone",
         _20_refill_from_the_wrong_zone),
    Case("kj_3_8_2_used_skill_leaves_the_hand", 21, "KJ-3.8.1", "not in your hand",
         _21_used_skill_card_is_gone_from_the_hand),
    Case("kj_3_8_4_one_reinforcement_per_turn", 22, "KJ-3.8.4", "Skill cards have no limit", _22_second_reinforcement),
    Case("kj_4_1_spirit_total_over_15_ends_the_game", 23, "KJ-4.1", "The game is over", _23_no_move_after_a_spirit_loss,
         "game_over"),
    Case("kj_4_2_no_battle_card_in_play_ends_the_game", 24, "KJ-4.2", "The game is over",
         _24_no_move_after_the_last_battle_card_falls, "game_over"),
    Case("kj_5_16_evolution_needs_its_pairing", 25, "KJ-5.16", "only the pairings printed",
         _25_evolution_without_the_printed_pairing),
    Case("kj_5_15_conversion_needs_its_pairing", 25, "KJ-5.15", "only the pairings printed",
         _25_conversion_without_the_printed_pairing),
    Case("kj_5_18_devolution_brings_back_a_stack_card", 26, "KJ-5.18", "enhancement stack",
         _26_devolve_to_a_card_outside_the_stack),
    Case("kj_5_10_advantage_action_needs_a_faster_card", 27, "KJ-5.10", "advantage",
         _27_advantage_action_without_the_advantage),
    Case("kj_1_1_3_even_speed_is_no_advantage", 27, "KJ-1.1.3", "advantage", _27_advantage_skill_on_even_speed),
    Case("kj_g26_skills_only_in_your_own_main_phase", 28, "KJ-3.3.1", "your opponent's turn",
         _28_skill_in_the_opponents_turn, "wrong_seat"),
    Case("kj_g19_both_lose_at_once_is_a_draw", 29, "KJ-G19", "The game is over", _29_no_move_after_a_draw, "game_over"),
    # steps that resolved by themselves
    Case("kj_2_2_3_settled_only_support_card_engaged", 0, "KJ-2.2.3", "only support card",
         _settled_only_support_card_engaged),
    Case("kj_g23_settled_only_stack_card_came_back", 0, "KJ-G23", "only card", _settled_only_stack_card_came_back,
         "wrong_seat"),
    Case("kj_5_18_settled_no_stack_to_devolve", 0, "KJ-5.18", "could not devolve", _settled_no_stack_to_devolve,
         "wrong_seat"),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_refusal_matrix(case: Case):
    check_case(case)


def test_every_checklist_item_has_a_case():
    """Items 1-29 of the checklist: item 1 (the deck check) refuses a deck, not a move (below)."""
    assert {c.item for c in CASES} == set(range(0, 30)) - {1}


def test_kj_2_1_a_deck_of_41_cards_is_refused_and_no_game_starts():
    """Checklist 1: KJ-2.1. "A deck has 40 cards": a 41-card deck is refused with the rule."""
    long = Deck("long", {"main": deck().sections["main"] + [deck().sections["main"][0]]})
    with pytest.raises(DataError) as info:
        Game(RULES, [long, deck()], 0)
    assert "deck long: 41 cards; exactly 40 needed (KJ-2.1)" in info.value.problems
