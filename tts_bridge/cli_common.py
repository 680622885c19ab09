"""Helpers every command module shares (`cli.py`, `decks/cli.py`, `session/cli.py`, ...).

The command modules import this module and never each other, so the imports go one way:
`cli.py` registers the feature commands, the feature commands use these helpers.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from engine.core.errors import DataError
from engine.core.game import Deck, GameRules, resolve_options
from engine.core.registry import game_ids, get_rules


def unknown_game_message(game: str) -> str:
    """`unknown game 'kaju'; did you mean 'kaiju'? registered games: ...`."""
    known = game_ids()
    close = difflib.get_close_matches(game.lower(), known, n=2, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown game {game!r}{hint} (registered games: {', '.join(known)})"


def rules_for(game: str) -> GameRules:
    """The rules of GAME, or one `error:` line with a suggestion and exit 2."""
    if game not in game_ids():
        fail([unknown_game_message(game)])
    return get_rules(game)


def parse_options(rules: GameRules, pairs: tuple[str, ...]) -> dict:
    """`--option NAME=VALUE` pairs (VALUE read as JSON when it is JSON) checked against the game."""
    given = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise click.BadParameter(f"expected NAME=VALUE, got {pair!r}", param_hint="--option")
        try:
            given[name] = json.loads(raw)
        except json.JSONDecodeError:
            given[name] = raw
    try:
        return resolve_options(rules, given)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None


def fail(problems: list[str], code: int = 2) -> NoReturn:
    """Every problem as one `error:` line on stderr, then exit (2: bad input, nothing changed)."""
    for problem in problems:
        click.echo(f"error: {problem}", err=True)
    sys.exit(code)


def fail_data(exc: DataError) -> NoReturn:
    fail(exc.problems)


def load_deck_pair(rules: GameRules, deck_a: Path | None, deck_b: Path | None, options: dict) -> list[Deck] | None:
    """`--deck-a/--deck-b` for `referee` and `serve`: read the way `import-deck` reads a list
    (same formats, same messages for binary, Latin-1 or UTF-16 files), both decks' problems
    reported before stopping; None (the sample decks) when neither is given."""
    if (deck_a is None) != (deck_b is None):
        raise click.UsageError("give both --deck-a and --deck-b, or neither for the sample decks")
    if deck_a is None or deck_b is None:
        return None
    return load_decks(rules, [deck_a, deck_b], options)


def load_decks(rules: GameRules, paths: list[Path], options: dict) -> list[Deck]:
    """Deck files read the way `import-deck` reads a list; every deck's problems are reported
    (one `error:` line each, exit 2) before stopping."""
    from tts_bridge.decks.importer import SourceError, read_deck

    decks, problems = [], []
    for path in paths:
        try:
            decks.append(read_deck(rules, str(path), options))
        except SourceError as exc:
            problems.append(str(exc))
        except DataError as exc:
            problems += exc.problems
    if problems:
        fail(problems)
    return decks
