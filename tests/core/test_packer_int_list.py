"""`int_list()` fields (a count or timestamp per card id) pack as fixed-width bytes: every
element is in the hash, and no other field's packing changes."""

from __future__ import annotations

import dataclasses
import marshal
from array import array

from engine.core.hashing import _int_pairs, int_list, pack_state, packer


@dataclasses.dataclass(slots=True, eq=False)
class _Counts:
    turn: int = 0
    inc: list[int] = int_list()


@dataclasses.dataclass(slots=True, eq=False)
class _Plain:
    turn: int = 0
    inc: list[int] = dataclasses.field(default_factory=list)


def test_every_element_and_the_length_of_an_int_list_is_in_the_hash():
    state = _Counts(1, [0, 3, 2])
    before = pack_state(state)
    for i in range(3):
        state.inc[i] += 1
        assert pack_state(state) != before, f"element {i} is not in the hash"
        state.inc[i] -= 1
    assert pack_state(state) == before
    state.inc.append(0)
    assert pack_state(state) != before
    assert pack_state(_Counts(1, [0, 3, 2])) == before


def test_an_int_list_packs_as_bytes_and_a_plain_list_as_before():
    # hash version 2: the plain values by repr; version 3: by one marshal call (format 0)
    assert packer(_Counts, 2)(_Counts(1, [0, 3, 2])) == array("I", [0, 3, 2]).tobytes() + b"|(1,)"
    assert packer(_Plain, 2)(_Plain(1, [0, 3, 2])) == b"(1, [0, 3, 2])"
    assert pack_state(_Counts(1, [0, 3, 2])) == array("I", [0, 3, 2]).tobytes() + b"|" + marshal.dumps((1,), 0)
    assert pack_state(_Plain(1, [0, 3, 2])) == marshal.dumps((1, [0, 3, 2]), 0)


def test_an_int_to_int_dict_packs_as_its_sorted_pairs_one_after_another():
    d = {7: -2, 1: 5, 3: 0}
    expected = array("q")
    for key in sorted(d):
        expected.extend((key, d[key]))
    assert _int_pairs(d) == b"d" + expected.tobytes()
    assert _int_pairs({}) == b"d"
