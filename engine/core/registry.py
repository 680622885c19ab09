"""The game registry: every game package registers its rules object here under its id."""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.game import GameRules

# id -> module that defines RULES; imported lazily so `tts-bridge games` stays fast.
# A game whose package is not in this checkout is simply not registered.
_GAME_MODULES = {
    "gundam-war": "engine.games.gundam_war",
    "kaiju": "engine.games.kaiju",
    "qiguang": "engine.games.qiguang",
    "sakura-arms": "engine.games.sakura_arms",
    "vividz": "engine.games.vividz",
}


def game_ids() -> list[str]:
    return sorted(g for g, module in _GAME_MODULES.items() if importlib.util.find_spec(module) is not None)


def get_rules(game_id: str) -> "GameRules":
    if game_id not in game_ids():
        known = ", ".join(game_ids())
        raise KeyError(f"unknown game {game_id!r}; registered games: {known}")
    return importlib.import_module(_GAME_MODULES[game_id]).RULES
