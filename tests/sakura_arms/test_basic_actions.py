"""Referee checklist items 16-24: basic actions (9-7), their costs and Distance conditions."""

import pytest

from engine.games.sakura_arms.state import AURA, DIST, FLARE, SHADOW
from tests.sakura_arms.scenario import (act, actions, clear_hand, enhance_tokens, place, refused, started, tokens)


def _basic(name: str, pay="vigor") -> dict:
    return {"type": "basic", "action": name, "pay": pay}


def test_9_7_ii_costs_1_vigor_or_one_hand_card_face_down():  # checklist 16
    game = started(first=1)  # seat 1 starts with Vigor 0 as first player
    s = game.state
    tokens(game, distance=6)
    hand = list(s.table.zone(1, "hand"))
    act(game, 1, _basic("retreat", hand[0]))
    assert hand[0] in s.table.zone(1, "facedown") and hand[0] in s.table.face_down and s.vigor[1] == 0
    s.vigor[1] = 1
    act(game, 1, _basic("retreat"))
    assert s.vigor[1] == 0


def test_9_7_ii_A_vigor_0_and_empty_hand_refuses_every_basic_action():  # checklist 16, A-6
    game = started(first=1)
    tokens(game, distance=6)
    clear_hand(game, 1)
    refused(game, 1, _basic("retreat"), "9-7 ii-A")
    refused(game, 1, _basic("retreat", 999), "9-7 ii-B")
    assert all(a["type"] != "basic" for a in actions(game))


def test_9_7_ii_basic_action_from_a_card_effect_costs_nothing():  # checklist 17
    game = started(first=0)
    s = game.state
    tokens(game, distance=6, aura=(2, 3))
    step_in = place(game, 0, "sora-n4", "hand")
    vigor, hand = s.vigor[0], len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": step_in})
    assert s.tok[DIST] == 4 and s.tok[AURA[0]] == 4 and s.vigor[0] == vigor
    assert len(s.table.zone(0, "hand")) == hand - 1 and not s.table.zone(0, "facedown")


def test_9_7_i_B_a_free_basic_action_must_move_a_token_and_costs_nothing_if_refused():  # checklist 18, A-4
    game = started(first=0)
    s = game.state
    tokens(game, distance=6, aura=(0, 3))
    s.vigor[0] = 1
    refused(game, 0, _basic("focus"), "9-7-4")
    assert s.vigor[0] == 1


@pytest.mark.parametrize("distance,aura,ok,rule", [(6, 2, True, None), (2, 2, False, "9-7-1"),
                                                    (6, 5, False, "9-7-1"), (0, 2, False, "9-7-1")])
def test_9_7_1_advance_distance_to_aura_outside_the_mastery_zone(distance, aura, ok, rule):  # checklist 19
    game = started(first=0)
    s = game.state
    tokens(game, distance=distance, aura=(aura, 3))
    s.vigor[0] = 1
    if ok:
        act(game, 0, _basic("advance"))
        assert (s.tok[DIST], s.tok[AURA[0]]) == (distance - 1, aura + 1)
    else:
        refused(game, 0, _basic("advance"), rule)


@pytest.mark.parametrize("distance,aura,ok", [(5, 2, True), (5, 0, False), (10, 2, False)])
def test_9_7_2_retreat_aura_to_distance(distance, aura, ok):  # checklist 20
    game = started(first=0)
    s = game.state
    tokens(game, distance=distance, aura=(aura, 3))
    s.vigor[0] = 1
    if ok:
        act(game, 0, _basic("retreat"))
        assert (s.tok[DIST], s.tok[AURA[0]]) == (distance + 1, aura - 1)
    else:
        refused(game, 0, _basic("retreat"), "9-7-2")


@pytest.mark.parametrize("shadow_empty,aura,ok", [(False, 2, True), (True, 2, False), (False, 5, False)])
def test_9_7_3_recover_shadow_to_aura(shadow_empty, aura, ok):  # checklist 21
    game = started(first=0)
    s = game.state
    tokens(game, distance=10 if shadow_empty else 5, aura=(aura, 3), life=(10, 10),
           flare=(3 - aura, 0) if shadow_empty else (0, 0))
    if shadow_empty:
        assert s.tok[SHADOW] == 0
    s.vigor[0] = 1
    if ok:
        before = s.tok[SHADOW]
        act(game, 0, _basic("recover"))
        assert s.tok[SHADOW] == before - 1 and s.tok[AURA[0]] == aura + 1
    else:
        refused(game, 0, _basic("recover"), "9-7-3")


def test_9_7_4_focus_aura_to_flare_and_refused_with_empty_aura():  # checklist 22
    game = started(first=0)
    s = game.state
    tokens(game, distance=6, aura=(1, 3), flare=(0, 0))
    s.vigor[0] = 2
    act(game, 0, _basic("focus"))
    assert s.tok[AURA[0]] == 0 and s.tok[FLARE[0]] == 1
    refused(game, 0, _basic("focus"), "9-7-4")


@pytest.mark.parametrize("distance,ok", [(2, True), (3, False)])
def test_9_7_5_breakaway_shadow_to_distance_only_inside_the_mastery_zone(distance, ok):  # checklist 23
    game = started(first=0)
    s = game.state
    tokens(game, distance=distance)
    s.vigor[0] = 1
    if ok:
        act(game, 0, _basic("breakaway"))
        assert s.tok[DIST] == distance + 1
    else:
        refused(game, 0, _basic("breakaway"), "9-7-5")


def test_5_2_1_conditions_use_the_current_distance_not_the_token_count():  # checklist 24, A-5
    game = started(first=0)
    s = game.state
    tokens(game, distance=2)
    # Wind Veil (Ongoing: current Distance +1) belongs to seat 0's Hoshi
    veil = place(game, 0, "hoshi-n5", "enhancement")
    enhance_tokens(game, veil, 3)
    tokens(game, distance=2)
    s.vigor[0] = 2
    assert game.view(None)["distance"] == 3 and s.tok[DIST] == 2
    refused(game, 0, _basic("breakaway"), "9-7-5")  # cd 3 > 2 although only 2 tokens
    act(game, 0, _basic("advance"))  # cd 3 > 2: allowed
    assert s.tok[DIST] == 1
