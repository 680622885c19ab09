"""A game package has a fixed layout with one import direction (docs/adding-a-game.md):

    cards -> state -> effects -> guards -> choices -> flow -> view -> deck, demo, evaluate -> __init__

A module imports only modules before it, and every import is at module level: no import
inside a function to dodge an import circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.core.test_declared_state import DECLARED, ROOT

LAYERS = ["cards", "state", "effects", "guards", "choices", "flow", "view", ("deck", "demo", "evaluate"), "__init__"]
RANK = {name: i for i, layer in enumerate(LAYERS) for name in ((layer,) if isinstance(layer, str) else layer)}


def _package(game_id: str) -> Path:
    return ROOT / "engine" / "games" / game_id.replace("-", "_")


def layout_problems(package: Path, name: str) -> list[str]:
    """Modules outside the layout, imports against its direction, and imports inside functions."""
    problems = []
    for path in sorted(package.glob("*.py")):
        module = path.stem
        if module not in RANK:
            problems.append(f"{path.name}: not a module of the layout ({', '.join(RANK)})")
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        top_level = set(map(id, tree.body))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if id(node) not in top_level:
                problems.append(f"{path.name}:{node.lineno}: an import inside a function")
            targets = ([node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                       if isinstance(node, ast.ImportFrom) else [a.name for a in node.names])
            for target in targets:
                prefix = f"engine.games.{name}."
                if target.startswith(prefix):
                    imported = target[len(prefix):].split(".")[0]
                    if imported in RANK and RANK[imported] >= RANK[module] and imported != module:
                        problems.append(f"{path.name}:{node.lineno}: imports {imported}, which comes after it")
    return problems


@pytest.mark.parametrize("game_id", DECLARED)
def test_the_game_package_follows_the_layout(game_id):
    package = _package(game_id)
    assert layout_problems(package, package.name) == []


def test_the_checker_finds_a_backward_import_and_an_import_in_a_function(tmp_path):
    package = tmp_path / "toy"
    package.mkdir()
    (package / "cards.py").write_text("def load():\n    from engine.games.toy import state\n", encoding="utf-8")
    (package / "guards.py").write_text("from engine.games.toy.flow import run\n", encoding="utf-8")
    (package / "helpers.py").write_text("", encoding="utf-8")
    problems = layout_problems(package, "toy")
    assert "cards.py:2: an import inside a function" in problems
    assert "cards.py:2: imports state, which comes after it" in problems
    assert "guards.py:1: imports flow, which comes after it" in problems
    assert any(p.startswith("helpers.py: not a module of the layout") for p in problems)
