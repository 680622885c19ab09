"""Static checks of a game's declared state: which fields the rules code never reads.

A field that is written but never read is state nobody consults: it costs hashing and, worse,
hides that the rule it was meant for is not implemented. The check walks the game's source
for attribute loads (`state.name` read, `state.name += 1` counts as a read too) and stores.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path


def attribute_uses(paths: list[Path]) -> tuple[set[str], set[str]]:
    """(names read, names written) as attributes anywhere in these Python files."""
    reads: set[str] = set()
    writes: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute):
                reads.add(node.target.attr)
            if isinstance(node, ast.Attribute):
                (writes if isinstance(node.ctx, (ast.Store, ast.Del)) else reads).add(node.attr)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("getattr", "setattr"):
                if len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                    (reads if node.func.id == "getattr" else writes).add(node.args[1].value)
    return reads, writes


def unread_fields(state_type: type, paths: list[Path]) -> list[str]:
    """Fields of `state_type` that no file in `paths` reads (written or not)."""
    reads, _ = attribute_uses(paths)
    return [f.name for f in dataclasses.fields(state_type) if f.name not in reads]
