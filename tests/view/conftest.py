"""View tests draw the table saves `tts-bridge build` writes (built once per run by the
`_built_tables` fixture of tests/conftest.py) and the emulated table mid-game."""

from __future__ import annotations

import pytest


@pytest.fixture
def build_dir(_built_tables):
    """The folder the test build wrote (`tts-bridge build --all --out BUILD_DIR`)."""
    return _built_tables
