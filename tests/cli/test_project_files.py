"""The install and the test run say what they do (issue 18, scope 7): pyproject.toml uses the
SPDX licence form (setuptools deprecates the `license = { text = ... }` table and warned three
times per install), every install step of the Makefile announces itself, and `make test` runs
the suite in parallel with pytest-xdist."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _recipe(target: str) -> list[str]:
    lines = (REPO / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^{re.escape(target)}\s*:", line))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def test_pyproject_uses_the_spdx_licence_that_setuptools_accepts_without_warning():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    [setuptools] = [r for r in project["build-system"]["requires"] if r.startswith("setuptools")]
    assert tuple(int(n) for n in re.search(r">=\s*([\d.]+)", setuptools).group(1).split(".")) >= (77,)


def test_every_install_step_says_what_it_does():
    for target in ("$(BIN)/python", "$(STAMP)"):
        recipe = _recipe(target)
        installs = [n for n, line in enumerate(recipe) if re.search(r"\b(venv|pip install|npm)\b", line)
                    and not line.startswith("@echo")]
        assert installs, target
        for n in installs:  # an announcement since the previous command
            assert any(line.startswith("@echo") for line in recipe[:n]), (target, recipe[n])


def test_make_test_runs_the_suite_in_parallel_with_xdist():
    [command] = [line for line in _recipe("test") if "pytest" in line]
    assert re.search(r"-n (auto|logical)\b", command)
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["test"]
    assert any(r.startswith("pytest-xdist") for r in extras)
