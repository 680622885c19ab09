"""The command modules import in one direction (issue 18, scope 8): `tts_bridge/cli.py`
registers the feature commands (assets, decks, session, ...), and those share helpers through
`tts_bridge/cli_common.py` / `cli_types.py`, never by importing `tts_bridge.cli` back."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tts_bridge"


def _imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_module_imports_the_main_command_line_back():
    offenders = [str(path.relative_to(PACKAGE.parent)) for path in sorted(PACKAGE.rglob("*.py"))
                 if path != PACKAGE / "cli.py" and "tts_bridge.cli" in _imported_modules(path)]
    assert offenders == []


def test_the_shared_helpers_import_no_command_module():
    for name in ("cli_common.py", "cli_types.py"):
        imported = _imported_modules(PACKAGE / name)
        assert not any(m == "tts_bridge.cli" or m.endswith(".cli") for m in imported), (name, imported)
