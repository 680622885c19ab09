"""The state hash a game logs (its packer reuses the packed bytes of the int dicts and sets that
did not change, and of the `fixed()` fields, engine/core/hashing.py) must equal the hash of the
state packed from scratch: checked
after every decision of every fuzzed game (tests/fuzzing.py), so a reuse that misses a change
fails the fuzz instead of writing a journal that no replay reproduces."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.hashing import full_pack, state_hash


def check_hash_agreement(game: Game) -> None:
    """The last logged hash is the hash of the state as it is, packed from scratch."""
    if not game.hashes:
        return
    full = state_hash(full_pack(game.state, game.hash_version))
    assert game.hashes[-1] == full, (
        f"{game.rules.id}: after decision {len(game.hashes)} the logged hash {game.hashes[-1]} is not the "
        f"state's hash from scratch {full}: a reused packed form missed a change")
