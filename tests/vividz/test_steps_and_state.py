"""Vividz on the core processor with a declared state (issue #15): every pause is a step, and
the hash covers every field the rules read, including the 911.3a timestamps (`entered`), last
known information (`lki`, 913) and what each delayed trigger will do (908.4), which the old
hand-written snapshot left out."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.game import Game
from engine.core.hashing import HASH_VERSION
from engine.games.vividz import RULES
from engine.games.vividz.state import Delayed, MainPhase, PickCard, Resolving

from tests.vividz.scenario import act, my_main, put, refused, run_ability, zone


def _hash_after(game: Game, change) -> str:
    change(game.state)
    return game.state_hash()


@pytest.mark.parametrize("field", ["entered", "lki", "delayed"])
def test_two_states_that_differ_only_in_a_field_the_rules_read_hash_differently(field):
    def base(st):
        c = zone(st, 0, "account")[0]
        st.entered[c] = 5
        st.lki[c] = 3
        st.delayed[:] = [Delayed("start_end_draw", c, 0, ({"draw": 1},))]

    def other(st):
        base(st)
        c = zone(st, 0, "account")[0]
        if field == "entered":
            st.entered[c] = 6  # 911.3a: a later timestamp orders its effects differently
        elif field == "lki":
            st.lki[c] = 4  # 908.3d: a retire trigger reads this power
        else:
            st.delayed[:] = [Delayed("start_end_draw", c, 0, ({"draw": 2},))]  # same length, other effect
    assert _hash_after(my_main(), base) != _hash_after(my_main(), other)


def test_the_rules_write_no_snapshot_and_journals_name_the_new_hash_version():
    assert not hasattr(RULES, "snapshot")
    assert not hasattr(RULES, "seat_refusal")
    assert Game(RULES).log()["hash_version"] == HASH_VERSION


def test_the_main_phase_is_an_asking_step_and_a_wrong_seat_is_refused_with_its_rule():
    game = my_main()
    assert type(game.state.flow.asking) is MainPhase
    exc = refused(game, {"type": "pass"}, seat=1)
    assert (exc.code, exc.rule) == ("wrong_seat", "703.2")
    assert exc.message == "Only the turn player acts in the Main phase; wait for your turn."


def test_a_word_that_asks_pauses_its_frame_and_resumes_it_with_the_answer():
    game = my_main()
    st = game.state
    for name in ("Spotlight Rookie", "Backup Singer Pia"):
        put(game, 0, name, "hand")
    hand = sorted(zone(st, 0, "hand"))
    run_ability(game, 0, [{"discard": 2}, {"draw": 1}])
    step = st.flow.asking
    assert type(step) is PickCard and step.seat == 0 and list(step.pool) == hand
    frame = st.flow.steps[0]
    assert type(frame) is Resolving and frame.pc == 0  # the discard waits; the draw has not run
    exc = refused(game, {"type": "pick", "card": hand[0]}, seat=1)
    assert (exc.rule, exc.message) == ("904.3a", "Seat 0 is choosing now; wait for them.")
    act(game, {"type": "pick", "card": hand[0]})
    frame = st.flow.steps[0]
    assert type(frame) is Resolving and frame.got.n == 1  # one of two discarded, still asking
    assert type(st.flow.asking) is PickCard and hand[0] not in st.flow.asking.pool
    act(game, {"type": "pick", "card": st.flow.asking.pool[0]})
    assert not any(type(s) is Resolving for s in st.flow.steps)
    assert type(st.flow.asking) is MainPhase
    assert len(zone(st, 0, "hand")) == len(hand) - 2 + 1


def test_steps_are_frozen_records():
    step = MainPhase(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.seat = 1
