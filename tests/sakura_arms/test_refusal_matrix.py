"""Refusal matrix (issue #19, Scope 2): for each referee-checklist item that forbids a move (spec §D)
and each step that resolves by itself (`Flow.settle`), the forbidden move in that situation is
refused with the rule that forbids it, a message saying what to do instead, and no change.

Checklist items that forbid no move (token counts, clamps, arithmetic, what moves where: 1, 7, 9,
13, 17, 24, 27, 29, 33-38, 41, 42, 44-49) are checked by the scenario tests of their rule.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.sakura_arms.state import AURA, SHADOW
from tests.refusals import refused
from tests.sakura_arms.scenario import (act, answer_until, clear_hand, place, resolve_attack, started, tokens)


def refuses(game: Game, seat: int, action: dict, rule: str, *words: str) -> IllegalAction:
    """`action` by `seat` is refused (nothing changes) citing `rule`, with a message holding `words`."""
    exc = refused(game, seat, action)
    assert exc.rule == rule, (exc.rule, exc.message)
    for word in words:
        assert word in exc.message, (word, exc.message)
    return exc


def _attacked(first: int = 0, distance: int = 3, **kw) -> Game:
    game = started(first=first, **kw)
    clear_hand(game, 1 - first)
    tokens(game, distance=distance, flare=(0, 0))
    return game


# -- steps that resolve by themselves (issue #19, group 1) ------------------------------------

def test_9_5_i_forced_life_pick_refuses_a_later_damage_choice():
    """9-5 i: with Aura below the Aura damage, the damage cannot be taken to Aura; it went to Life
    without a question, so a later "take it to Aura" cites 9-5 i, not whose turn it is."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")  # 3/1
    tokens(game, aura=(3, 2))
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "no_reaction"})
    assert game.pending().kind == "main" and game.pending().seat == 0
    exc = refuses(game, 1, {"type": "take_damage", "to": "aura"}, "9-5 i", "Aura holds 2", "goes to Life")
    assert exc.code == "wrong_seat"


def test_9_5_i_dash_forced_aura_pick_refuses_a_later_damage_choice():
    """9-5 i: damage "1/-" has only an Aura side, so it went to Aura without a question."""
    game = _attacked(first=1, distance=4)
    quick = place(game, 1, "kaze-n3", "hand")  # 1/-
    act(game, 1, {"type": "use", "card": quick})
    act(game, 0, {"type": "no_reaction"})
    refuses(game, 0, {"type": "take_damage", "to": "life"}, "9-5 i", "1/-", "goes to Aura")


def test_9_4_i_a_reaction_to_a_reaction_is_refused():
    """9-4 i: an attack that is itself a Reaction cannot be reacted to; no window opened for it."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")
    parry = place(game, 0, "sora-n3", "hand")  # seat 0 holds a Reaction
    quick = place(game, 1, "kaze-n3", "hand")
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "react", "card": quick})
    assert game.pending().kind == "damage" and game.pending().seat == 1
    refuses(game, 0, {"type": "react", "card": parry}, "9-4 i", "itself a Reaction")
    refuses(game, 0, {"type": "no_reaction"}, "9-4 i", "itself a Reaction")


def test_9_4_i_a_second_reaction_to_one_attack_is_refused():  # checklist 30
    """9-4 i: at most one Reaction card per attack."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")
    quick = place(game, 1, "kaze-n3", "hand")
    wind = place(game, 1, "kaze-s2", "special")
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "react", "card": quick})
    refuses(game, 1, {"type": "react", "card": wind}, "9-4 i", "at most one Reaction")


def test_10_22_no_reactions_window_never_opens_and_react_is_refused():  # checklist 32
    """10-22: an attack with No Reactions cannot be reacted to."""
    game = _attacked()
    splitter = place(game, 0, "sora-s1", "special")
    quick = place(game, 1, "kaze-n3", "hand")
    tokens(game, distance=3, flare=(5, 0))
    act(game, 0, {"type": "use", "card": splitter})
    assert game.pending().kind != "reaction"
    refuses(game, 1, {"type": "react", "card": quick}, "10-22", "No Reactions")


def test_9_4_i_when_able_skipped_window_tells_the_defender_why():
    """9-4 i, rule option reaction_window = when_able: the skipped window is explained to the
    defender (their own hand), never to the attacker."""
    game = _attacked(options={"reaction_window": "when_able"})
    place(game, 1, "kaze-s2", "special", used=True)
    cut = place(game, 0, "sora-n1", "hand")
    act(game, 0, {"type": "use", "card": cut})
    assert game.pending().kind == "damage"
    refuses(game, 1, {"type": "no_reaction"}, "9-4 i", "when_able")
    exc = refuses(game, 0, {"type": "no_reaction"}, "9-4 i")
    assert "when_able" not in exc.message and "hold" not in exc.message


@pytest.mark.parametrize("turn", [1, 2])
def test_8_1_3_no_reshuffle_in_turns_1_and_2(turn):  # checklist 5
    """8-1-3: turns 1 and 2 skip the fixed start-phase procedure, reshuffle included."""
    game = started(first=0, mode=None)
    if turn == 2:
        act(game, 0, {"type": "main_mode", "mode": "standard"})
        act(game, 0, {"type": "end_main"})
        answer_until(game, "main_start")
    seat = game.pending().seat
    assert game.state.turn == turn and game.pending().kind == "main_start"
    refuses(game, seat, {"type": "reshuffle", "reshuffle": True}, "8-1-3", "Turns 1 and 2", "main-phase action")


def test_8_2_2_B_after_the_full_power_card_no_more_actions():  # checklist 12
    """8-2-2 B: a full-power action is one card use; then the main phase ends."""
    game = started(first=0, mode="full_power")
    clear_hand(game, 0)
    cid = place(game, 0, "sora-n5", "hand")
    tokens(game, distance=3)
    act(game, 0, {"type": "use", "card": cid})
    resolve_attack(game, "aura")
    assert game.pending().seat == 1 and game.state.turn == 2
    for action in ({"type": "basic", "action": "retreat", "pay": "vigor"}, {"type": "end_main"}):
        exc = refuses(game, 0, action, "8-2-2 B", "full-power action is one card use")
        assert exc.code == "wrong_seat"


def test_8_3_2_no_cover_with_two_cards_or_fewer():  # checklist 14
    """8-3-2: only while the hand exceeds the limit of 2 does the turn player put cards face down."""
    game = started(first=0)
    clear_hand(game, 0)
    kept = place(game, 0, "sora-n1", "hand")
    act(game, 0, {"type": "end_main"})
    assert game.pending().seat == 1
    refuses(game, 0, {"type": "cover", "card": kept}, "8-3-2", "within the hand limit")


def test_9_2_3_iii_charge_with_one_way_refuses_another_mix():  # checklist 28
    """9-2-3 iii: with Shadow empty the Charge comes from Aura only; nobody was asked."""
    game = started(first=1)
    ward = place(game, 1, "tsuki-n1", "hand")  # Charge 3
    tokens(game, distance=10, aura=(3, 1), life=(10, 10), flare=(0, 2))
    assert game.state.tok[SHADOW] == 0
    act(game, 1, {"type": "use", "card": ward})
    assert game.state.tok[AURA[1]] == 0
    refuses(game, 1, {"type": "charge", "shadow": 1, "aura": 0}, "9-2-3 iii", "only one way")


# -- referee checklist items that forbid a move -------------------------------------------------

def test_4_1_5_mulligan_only_once():  # checklist 3
    """4-1 5: each player may redraw once, before the first turn."""
    game = started(first=0, mode=None)
    hand = list(game.state.table.zone(1, "hand"))
    exc = refuses(game, 1, {"type": "mulligan", "cards": hand[:1]}, "4-1 5", "only once")
    assert exc.code == "wrong_seat"


def test_8_2_1_action_kind_chosen_once():  # checklist 10
    """8-2-1: the standard/full-power choice is made once, at main-phase start."""
    game = started(first=0)
    refuses(game, 0, {"type": "main_mode", "mode": "full_power"}, "8-2-1", "once")


def test_8_2_2_A_throughout_refused_in_a_standard_action():  # checklist 11
    """8-2-2 A: cards of subtype Throughout cannot be used in a standard action."""
    game = started(first=0)
    s = game.state
    throughout = next(c.id for c in s.table.cards if c.owner == 0 and c.defn.subtype == "throughout")
    s.table.move(throughout, 0, "hand")
    s.table.face_down.discard(throughout)
    game.state_changed()
    refuses(game, 0, {"type": "use", "card": throughout}, "8-2-2 A", "full-power")


def test_8_2_2_the_non_turn_player_cannot_act_in_the_main_phase():  # checklist 30 (use vs react)
    """8-2-2: the turn player uses cards and basic actions; the other player only reacts (9-4 i)."""
    game = started(first=0)
    card = game.state.table.zone(1, "hand")[0]
    exc = refuses(game, 1, {"type": "use", "card": card}, "8-2-2", "reacting to an attack")
    assert exc.code == "wrong_seat"
    refuses(game, 1, {"type": "basic", "action": "focus", "pay": "vigor"}, "8-2-2", "turn player")


def test_9_2_terminal_blocks_further_uses():  # checklist 15
    """9-2: after a Terminal card its user uses no more cards and basic actions this turn."""
    game = started(first=0)
    s = game.state
    s.terminal[0] = True
    game.state_changed()
    card = s.table.zone(0, "hand")[0]
    refuses(game, 0, {"type": "use", "card": card}, "9-2", "Terminal")
    refuses(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"}, "9-2", "Terminal")


def test_9_7_ii_basic_action_needs_a_payment():  # checklist 16
    """9-7 ii: a basic action costs 1 Vigor or one hand card face down."""
    game = started(first=0)
    game.state.vigor[0] = 0
    tokens(game, distance=5)
    refuses(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"}, "9-7 ii-A", "0 Vigor")


@pytest.mark.parametrize("name, distance, aura, rule", [
    ("advance", 2, 3, "9-7-1"),     # checklist 19: cd <= 2
    ("retreat", 10, 3, "9-7-2"),    # checklist 20: Distance full
    ("recover", 5, 5, "9-7-3"),     # checklist 21: Aura full
    ("focus", 5, 0, "9-7-4"),       # checklist 22: Aura empty
    ("breakaway", 5, 3, "9-7-5"),   # checklist 23: cd > 2
])
def test_9_7_i_B_a_basic_action_that_moves_nothing_is_refused(name, distance, aura, rule):  # checklist 18
    """9-7 i-B: a freely chosen basic action must move a token (9-7-1 to 9-7-5)."""
    game = started(first=0)
    game.state.vigor[0] = 1
    tokens(game, distance=distance, aura=(aura, 3))
    refuses(game, 0, {"type": "basic", "action": name, "pay": "vigor"}, rule, name.capitalize())


def test_9_2_1_i_attack_outside_range_is_refused():  # checklist 25
    """9-2-1 i: an attack is used only if the current Distance is inside its Range."""
    game = started(first=0)
    splitter = place(game, 0, "sora-s1", "special")
    tokens(game, distance=5, flare=(5, 0))
    refuses(game, 0, {"type": "use", "card": splitter}, "9-2-1 i", "outside")


def test_9_3_special_cost_above_flare_is_refused():  # checklist 26
    """9-3: a Special card's Cost is paid from the user's Flare."""
    game = started(first=0)
    splitter = place(game, 0, "sora-s1", "special")
    tokens(game, distance=3, flare=(1, 0))
    refuses(game, 0, {"type": "use", "card": splitter}, "9-3", "Focus")


def test_9_4_i_only_the_attacked_player_reacts():  # checklist 30
    """9-4 i: only the attacked player may react, with a Reaction card."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")
    parry = place(game, 0, "sora-n3", "hand")
    cut2 = place(game, 1, "kaze-n1", "hand")
    act(game, 0, {"type": "use", "card": cut})
    exc = refuses(game, 0, {"type": "react", "card": parry}, "9-4 i", "attacked player")
    assert exc.code == "wrong_seat"
    if game.state.table.cards[cut2].defn.subtype != "reaction":
        refuses(game, 1, {"type": "react", "card": cut2}, "9-4 i", "not a Reaction")


def test_9_4_i_used_special_cannot_react():  # checklist 30
    """9-4 i: a Special card reacting must be unused."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")
    wind = place(game, 1, "kaze-s2", "special", used=True)
    act(game, 0, {"type": "use", "card": cut})
    refuses(game, 1, {"type": "react", "card": wind}, "9-4 i", "unused")


def test_9_5_i_aura_cannot_be_chosen_when_too_small():  # checklist 39
    """9-5 i: with both sides numbers and Aura below the Aura damage, Aura cannot be chosen. The
    choice is then fixed, so the damage goes to Life by itself (see the 9-5 i test above); at
    a real choice, a damage choice by the attacker is refused as the defender's decision."""
    game = _attacked()
    cut = place(game, 0, "sora-n1", "hand")
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "no_reaction"})
    assert game.pending().kind == "damage"
    exc = refuses(game, 0, {"type": "take_damage", "to": "life"}, "9-5 i", "wait for them")
    assert exc.code == "wrong_seat"


def test_8_1_3_iii_reshuffle_only_in_the_own_start_phase():  # checklist 6
    """8-1-3 iii: the reshuffle is offered to the turn player in their start phase, from turn 3."""
    game = started(first=0)
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")
    act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")
    assert game.pending().seat == 0 and game.state.turn == 3
    exc = refuses(game, 1, {"type": "reshuffle", "reshuffle": True}, "8-1-3 iii", "wait for them")
    assert exc.code == "wrong_seat"


def test_10_1_direction_only_when_a_double_arrow_resolves():
    """10-1: the direction of a double arrow is chosen only while one resolves."""
    game = started(first=0)
    refuses(game, 0, {"type": "direction", "forward": True}, "10-1", "double arrow")


def test_9_9_a_single_card_to_choose_is_chosen_by_itself():
    """9-9: an effect that needs a card chooses among the legal ones; with one card and no choice
    of none it is chosen without a question, and a later choice is refused by 9-9."""
    from engine.games.sakura_arms.flow import PROCESSOR, run_effects
    from engine.games.sakura_arms.state import Ctx, Main
    game = started(first=0)
    s = game.state
    clear_hand(game, 1)
    only = place(game, 1, "kaze-n1", "hand")
    s.flow.asking = None  # seat 0's effect "your opponent puts a hand card face down", then the main phase
    s.flow.next(Main(0))
    run_effects(s, ({"cover": "opp_hand"},), Ctx(0))
    PROCESSOR.advance(s)
    game.state_changed()
    assert only in s.table.zone(1, "facedown") and game.pending().kind == "main"
    refuses(game, 1, {"type": "choose", "card": only}, "9-9", "could be chosen")
