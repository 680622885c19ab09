import shutil

import pytest

from tts_bridge.assets.build import Settings
from tts_bridge.assets.games import get_adapter


@pytest.fixture
def kaiju_copy(tmp_path):
    """The kaiju adapter reading a private copy of card_data/kaiju (tests may edit it)."""
    adapter = get_adapter("kaiju")
    data = tmp_path / "data" / "kaiju"
    shutil.copytree(adapter.data_root, data)
    return adapter.with_data(data), data


@pytest.fixture
def small(tmp_path):
    """Low-resolution settings so builds in tests take well under a second per game."""
    return Settings(out=tmp_path / "build", dpi=40, max_cols=5, max_rows=2)
