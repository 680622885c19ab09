"""A stand-in for `serve`'s decision loop, to be SIGKILLed at a random point: a kaiju game
played by a seeded random bot, each decision applied, then journaled (fsynced) exactly as
Session._decide does. Prints "ready <path>" once the journal exists, then plays on, starting
the game again in a new journal when it ends (or after a given number of decisions)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from engine.core.game import Game
from engine.core.registry import get_rules
from tts_bridge.session.journal import Journal


def main(directory: str, session_id: str, seed: int, per_journal: int | None = None) -> None:
    """`per_journal`: start the next journal after that many decisions (a kill then often lands
    while a journal is being created), else when the game ends."""
    rules = get_rules("kaiju")
    game = Game(rules, seed=seed)
    journal = Journal.create(Path(directory), session_id, game, ["White", "Red"])
    print("ready", journal.path, flush=True)
    bot = random.Random(seed)
    while True:
        request = game.pending()
        if request is None or (per_journal is not None and len(game.decisions) >= per_journal):
            game.undo(0)  # keep writing until killed: start the same game again in a new journal
            journal.close()
            journal = Journal.create(Path(directory), f"{session_id}-{len(list(Path(directory).iterdir()))}",
                                     game, ["White", "Red"])
            continue
        option = bot.choice(request.options)
        game.act(request.seat, option.action)
        journal.append(len(game.decisions), request.seat, option.action, game.hashes[-1])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else None)
