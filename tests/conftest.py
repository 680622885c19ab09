"""The table saves `tts-bridge build` writes, built once per test run (low resolution)."""

from __future__ import annotations

import copy
import json

import pytest


@pytest.fixture(scope="session")
def _built_tables(tmp_path_factory):
    from engine.core.registry import game_ids
    from tts_bridge.assets.build import Settings, build_games

    out = tmp_path_factory.mktemp("built")
    build_games(list(game_ids()), Settings(out=out, dpi=40))
    return out


@pytest.fixture
def generated_save(_built_tables):
    """generated_save(game) -> a fresh copy of build/<game>/table/<game>-table.json."""
    cache: dict[str, dict] = {}

    def load(game_id: str) -> dict:
        if game_id not in cache:
            cache[game_id] = json.loads((_built_tables / game_id / "table" / f"{game_id}-table.json").read_text())
        return copy.deepcopy(cache[game_id])
    return load
