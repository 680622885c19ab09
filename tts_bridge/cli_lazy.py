"""Command groups that import a command's module only when that command runs.

`tts-bridge --help` used to import the whole asset pipeline, the table view and the bridge
(about 0.3 s) just to print one line per command. A `LazyGroup` knows each lazy command by its
import path and its one-line help, so listing commands imports nothing; running one imports its
module. `tests/cli/test_lazy_commands.py` checks that every short help written here is the
command's own, so the table cannot drift from the code.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import click


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """Where a command lives ("package.module:attribute") and the help line `--help` shows for it."""

    target: str
    short_help: str

    def help_line(self, limit: int) -> str:
        """The help line cut as click cuts a loaded command's (first sentence, at most `limit`)."""
        return click.Command(None, help=self.short_help).get_short_help_str(limit)

    def load(self) -> click.Command:
        module_name, _, attribute = self.target.partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.target} is not a click command")
        return command


class LazyGroup(click.Group):
    """A click group whose `lazy` commands are imported on first use (click's documented pattern,
    https://click.palletsprojects.com/en/stable/complex/#lazily-loading-subcommands), plus a help
    listing that reads the declared help lines instead of importing every command."""

    def __init__(self, *args: object, lazy: dict[str, LazyCommand] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self.lazy:
            command = self.lazy[cmd_name].load()
            self.add_command(command, cmd_name)  # loaded once per process
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max((len(name) for name in self.list_commands(ctx)), default=0)
        rows: list[tuple[str, str]] = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                command = self.commands[name]
                if command.hidden:
                    continue
                rows.append((name, command.get_short_help_str(limit)))
            else:
                rows.append((name, self.lazy[name].help_line(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

