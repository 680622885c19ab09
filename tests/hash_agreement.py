"""The state hash a game logs (its packer reuses the packed form of containers that did not
change, engine/core/hashing.py) must equal the hash of the state packed from scratch: checked
after every decision of every fuzzed game (tests/fuzzing.py), so a reuse that misses a change
fails the fuzz instead of writing a journal that no replay reproduces."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.hashing import HASH_VERSION, full_pack, state_hash


def check_hash_agreement(game: Game) -> None:
    """The last logged hash is the hash of the state as it is, packed from scratch."""
    if game.hash_version != HASH_VERSION or not game.hashes:
        return  # an older packing (a replayed journal) reuses nothing
    full = state_hash(full_pack(game.state))
    assert game.hashes[-1] == full, (
        f"{game.rules.id}: after decision {len(game.hashes)} the logged hash {game.hashes[-1]} is not the "
        f"state's hash from scratch {full}: a reused packed form missed a change")
