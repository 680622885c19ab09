"""The adversarial suite plays kaiju only: build just its table save (low resolution), so the
suite stays within its time budget when run on its own."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def _built_tables(tmp_path_factory):
    from tts_bridge.assets.build import Settings, build_games

    out = tmp_path_factory.mktemp("built-kaiju")
    build_games(["kaiju"], Settings(out=out, dpi=40))
    return out
