"""The packer reuses the packed bytes of an int dict or set while it equals a copy of the one
last packed; the fuzz checks after every decision that this agrees with packing from
scratch (tests/hash_agreement.py). These tests show the reuse is used, and that a reuse which
misses a change (a "copy" that is the live dict itself, so an in-place change goes unseen) is
caught by that check."""

from __future__ import annotations

import dataclasses

import pytest

import engine.core.hashing as hashing
from engine.core.game import Game
from engine.core.hashing import HASH_VERSIONS, full_pack, pack_state
from engine.core.registry import get_rules
from tests.fuzzing import fuzz_game
from tests.hash_agreement import check_hash_agreement


@dataclasses.dataclass(slots=True, eq=False)
class _Toy:
    turn: int = 0
    damage: dict[int, int] = dataclasses.field(default_factory=dict)


def _fresh_packers(monkeypatch, copy) -> list:
    """Packers compiled again, the int dicts' reuse keeping `copy(value)`; returns the copies made."""
    made: list = []

    def counted(value):
        made.append(value)
        return copy(value)
    monkeypatch.setattr(hashing, "_PACKERS", {})
    monkeypatch.setitem(hashing._COPIERS, hashing._int_pairs, counted)
    return made


def test_an_unchanged_int_dict_is_not_packed_again_and_a_changed_one_is(monkeypatch):
    made = _fresh_packers(monkeypatch, dict)
    state = _Toy(1, {3: 1})
    first = pack_state(state)
    state.turn = 2
    pack_state(state)
    assert len(made) == 1  # the dict compared equal to its copy: its bytes were reused
    state.damage[3] = 2
    assert pack_state(state) == full_pack(state) != first
    assert len(made) == 2


def test_a_reuse_that_misses_an_in_place_change_differs_from_packing_from_scratch(monkeypatch):
    _fresh_packers(monkeypatch, lambda d: d)  # the bug: the "copy" is the live dict
    state = _Toy(1, {3: 1})
    pack_state(state)
    state.damage[3] = 2  # changed in place: equal to the "copy", so the old bytes are reused
    assert pack_state(state) != full_pack(state)


def test_the_fuzz_fails_on_a_reuse_that_misses_a_change(monkeypatch):
    _fresh_packers(monkeypatch, lambda d: d)
    with pytest.raises(AssertionError, match="missed a change"):
        fuzz_game(get_rules("kaiju"), seed=1, mutate_rate=0.0, full_checks=False)


def test_the_agreement_check_passes_on_the_real_packer_in_every_version():
    for version in HASH_VERSIONS:
        game = Game(get_rules("kaiju"), seed=2, hash_version=version)
        for _ in range(30):
            request = game.pending()
            game.act(request.seat, request.options[-1].action)
            check_hash_agreement(game)
