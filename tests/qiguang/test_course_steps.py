"""The course of a turn is steps (engine/core/flow.py): a response window is an asking step
holding whose turn to respond it is and how many passed, so it is hashed with the state and
its wrong-seat refusal names the window rule; no stage or window field is left in the state."""

import dataclasses

from engine.games.qiguang.state import QgState, ResponseWindow, stage
from tests.qiguang.scenario import refused, set_phase, started


def _in_window():
    """A game at the main phase's opening window, seat 0's turn: seat 0 may respond first (every
    window asks, QG-G19 `always`)."""
    game = started(options={"lightning_stops": "always"})
    set_phase(game, 0, "main", "window")
    req = game.pending()
    assert req.kind == "window" and req.seat == 0
    return game


def test_the_state_has_no_stage_or_window_fields():
    names = {f.name for f in dataclasses.fields(QgState)}
    assert not names & {"stage", "window_seat", "window_passes", "attack_lane"}


def test_one_more_pass_in_a_window_hashes_differently():
    game = _in_window()
    window = game.state.flow.asking
    before = game.state_hash()
    game.state.flow.asking = dataclasses.replace(window, passes=window.passes + 1)
    game.state_changed()
    assert game.state_hash() != before
    game.state.flow.asking = window
    game.state_changed()
    assert game.state_hash() == before


def test_a_pass_hands_the_window_to_the_other_seat_and_the_second_closes_it():
    game = _in_window()
    game.act(0, {"type": "pass"})
    assert game.state.flow.asking == ResponseWindow(1, 1)
    assert stage(game.state) == "window"
    game.act(1, {"type": "pass"})
    req = game.pending()
    assert req.kind == "main" and req.seat == 0 and stage(game.state) == "act"


def test_an_attack_window_holds_the_lane_and_says_so():
    game = started(options={"lightning_stops": "always"})
    set_phase(game, 0, "battle", "attack_window", window=ResponseWindow(1, 1, 3))
    req = game.pending()
    assert req.kind == "window" and req.seat == 1 and req.prompt.startswith("The lane 3 attacks")
    assert game.view(None)["stage"] == "attack_window"


def test_qg_g22_the_wrong_seat_in_a_window_is_told_the_other_player_answers_first():
    """QG-G22: "Phase starts and attack declarations give each player, turn player first, a chance
    to use a Lightning card." Seat 1's pass while seat 0 has that chance is refused by the rule of
    passing itself (not by whose decision it is), and says when seat 1's chance comes."""
    game = _in_window()
    refusal = refused(game, 1, {"type": "pass"})
    assert refusal.code == "wrong_seat" and refusal.rule == "QG-G22"
    assert refusal.message == "The other player has the chance to respond first; you get yours when they pass."
