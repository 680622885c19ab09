"""Start-up (issue 21, scope 3): `tts-bridge --help` imports no feature module, and the help
lines `tts_bridge/cli.py` declares for its lazy commands are the commands' own."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from tts_bridge.cli import FEATURE_BENCHMARKS, FEATURE_COMMANDS, main

HEAVY = ("engine.core.game", "jsonschema", "PIL", "tts_bridge.assets.build", "tts_bridge.view.render",
         "tts_bridge.session.bridge", "tts_bridge.decks.importer", "tts_bridge.emulator", "ray",
         "tts_bridge.balance")


def _modules_after(args: list[str]) -> set[str]:
    """The modules loaded in a fresh interpreter after running `tts-bridge ARGS` (exit ignored)."""
    code = ("import sys, json\nfrom tts_bridge.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
            "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return set(json.loads(proc.stderr.strip().splitlines()[-1]))


def test_help_imports_no_feature_module_and_no_engine():
    loaded = _modules_after(["--help"])
    assert "tts_bridge.cli" in loaded
    assert not [m for m in loaded if m.startswith(HEAVY)]


def test_bench_help_imports_no_benchmark_module():
    loaded = _modules_after(["bench", "--help"])
    assert not [m for m in loaded if m.startswith(HEAVY)]


def test_running_a_lazy_command_imports_its_module():
    assert "tts_bridge.cli_rules" in _modules_after(["rule", "KJ-3.4.2"])


@pytest.mark.parametrize("group,table", [(main, FEATURE_COMMANDS), (main.commands["bench"], FEATURE_BENCHMARKS)],
                         ids=["main", "bench"])
def test_declared_help_lines_are_the_commands_own(group, table):
    for name, lazy in table.items():
        command = lazy.load()
        assert command.name == name, f"{lazy.target} is named {command.name!r}, listed as {name!r}"
        for width in (30, 45, 70, 10_000):
            assert lazy.help_line(width) == command.get_short_help_str(width), (
                f"{name}: the help line in tts_bridge/cli.py differs from {lazy.target}'s docstring")


def test_help_lists_every_command_as_the_loaded_commands_would():
    """The listing printed from the declared lines equals the one click prints once every command is
    imported (a plain click.Group holding the same commands)."""
    lazy_listing = CliRunner().invoke(main, ["--help"]).output
    plain = click.Group("main", help=main.help, params=main.params)
    for name in main.list_commands(click.Context(main)):
        plain.add_command(main.get_command(click.Context(main), name), name)
    assert lazy_listing == CliRunner().invoke(plain, ["--help"], prog_name="main").output
    assert all(name in lazy_listing for name in (*FEATURE_COMMANDS, "referee", "bench"))


def test_unknown_command_is_one_error_line_with_exit_2():
    res = CliRunner().invoke(main, ["biuld"])
    assert res.exit_code == 2 and "No such command 'biuld'" in res.output
