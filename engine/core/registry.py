"""The game registry: every game package registers its rules object here under its id."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.game import GameRules

# id -> module that defines RULES; imported lazily so `tts-bridge games` stays fast.
_GAME_MODULES = {
    "kaiju": "engine.games.kaiju",
}


def game_ids() -> list[str]:
    return sorted(_GAME_MODULES)


def get_rules(game_id: str) -> "GameRules":
    if game_id not in _GAME_MODULES:
        known = ", ".join(game_ids())
        raise KeyError(f"unknown game {game_id!r}; registered games: {known}")
    return importlib.import_module(_GAME_MODULES[game_id]).RULES
