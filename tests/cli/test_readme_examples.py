"""The README's examples whose output does not depend on the machine or on earlier runs, run as
written (in a shell, `tts-bridge` on the PATH, the repository's card_data beside them) and
compared with what the README shows: a `...` in the README stands for any text, a line `...`
for any lines. When behaviour changes, this keeps the README true (it once showed a refusal
message and deck-list line numbers that had changed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")

# the first words of the commands checked (all run in one folder; none needs another's output,
# except that a command showing nothing is run with the command after it)
CHECKED = ["tts-bridge games", "tts-bridge rule KJ-3.4.2", 'tts-bridge rule "9-2-1 ii"',
           "tts-bridge options kaiju", "printf '%s\\n' '{\"op\":\"pending\"}'", "sed -e 's/^3 Lava Beast",
           "printf '%s\\n' '{\"op\":\"pending\",\"seat\":0}'",
           "tts-bridge import-deck kaiju card_data/kaiju/decks/ember-tide.txt --out",
           "tts-bridge import-deck qiguang", "tts-bridge import-deck sakura-arms", "tts-bridge import-deck vividz",
           "tts-bridge import-deck gundam-war", "printf 'name,count"]


def _examples() -> list[tuple[str, list[str]]]:
    """(command, the output lines the README shows) for every `$ ` line of the sh blocks; a
    command continued with a trailing backslash is joined."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            i += 1
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            out.append((command, shown))
    return out


def _matches(shown: list[str], actual: list[str]) -> bool:
    pattern = "\n".join(".*?" if line == "..." else ".*?".join(map(re.escape, line.split("...")))
                        for line in shown)
    return re.fullmatch(pattern, "\n".join(actual), re.S) is not None


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    here = tmp_path_factory.mktemp("readme")
    (here / "card_data").symlink_to(ROOT / "card_data")
    return here


def _run(command: str, folder: Path) -> list[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    ran = subprocess.run(command, shell=True, cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    return (ran.stdout + ran.stderr).splitlines()


@pytest.mark.parametrize("start", CHECKED)
def test_a_readme_example_prints_what_the_readme_shows(start, folder):
    examples = _examples()
    found = [n for n, (command, _) in enumerate(examples) if command.startswith(start)]
    assert len(found) == 1, f"the README has {len(found)} examples starting {start!r}"
    n = found[0]
    # a command that shows nothing only prepares the next one (sed ... > my.txt): run that too
    for command, shown in examples[n:n + 2] if not examples[n][1] else examples[n:n + 1]:
        actual = _run(command, folder)
        assert _matches(shown, actual), f"$ {command}\nREADME:\n" + "\n".join(shown) + "\nactual:\n" + \
            "\n".join(actual)
