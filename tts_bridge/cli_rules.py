"""`tts-bridge rule ID`: the text of a rule the referee cites, from docs/rules/<game>.md."""

from __future__ import annotations

import click

from engine.core.registry import game_ids
from tts_bridge.cli_common import fail, rules_for

# the citation forms that name their game (bare numbers are Vividz's or Sakura Arms')
_PREFIX_GAMES = {"KJ-": "kaiju", "QG-": "qiguang", "GW-": "gundam-war", "CR ": "sakura-arms"}


def games_citing(cited: str) -> list[str]:
    """The games whose citations look like `cited`."""
    upper = cited.strip().strip("[]()").upper()
    for prefix, game in _PREFIX_GAMES.items():
        if upper.startswith(prefix) and game in game_ids():
            return [game]
    return [g for g in ("vividz", "sakura-arms") if g in game_ids()]


@click.command("rule")
@click.argument("rule_id", metavar="ID")
@click.option("--game", help="The game (default: the one whose citations look like ID).")
def rule_cmd(rule_id: str, game: str | None) -> None:
    """Print the text of a rule the referee cites, as the spec in docs/rules/ gives it.

    ID is the rule as the referee cites it: `tts-bridge rule KJ-3.4.2`, `tts-bridge rule 9-2-1`,
    `tts-bridge rule "9-2-1 ii"`, `tts-bridge rule 703.2a`."""
    from tts_bridge.rulebook import find_rule, nearest_ids

    games = [rules_for(game).id] if game else games_citing(rule_id)
    found = [(g, r) for g in games if (r := find_rule(g, rule_id)) is not None]
    if not found:
        near = [i for g in games for i in nearest_ids(g, rule_id)]
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        where = ", ".join(f"docs/rules/{g}.md" for g in games)
        fail([f"no rule {rule_id!r} in {where}{hint}"])
    for n, (g, rule) in enumerate(found):
        if n:
            click.echo()
        click.echo(f"{rule.id}: {rule.title}  ({rules_for(g).name}, {rule.source})")
        click.echo(rule.text)

