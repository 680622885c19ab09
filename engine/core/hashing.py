"""State hashes that are stable across processes.

A game's snapshot is bytes: card-id lists packed as fixed-width ints, plus `repr` of lists, tuples, ints, strs, bools and None
(dicts only with a fixed insertion order, sets only sorted); such a repr does not depend on
hash randomisation, so hashing it gives the same digest in every process and on every machine.
"""

from __future__ import annotations

from array import array
from hashlib import blake2b
from typing import Iterable


def state_hash(snapshot: bytes) -> str:
    return blake2b(snapshot, digest_size=12).hexdigest()


def pack_ints(values: "Iterable[int]") -> bytes:
    """Non-negative ints as fixed-width bytes: much faster than repr for card-id lists."""
    return array("I", values).tobytes()
