"""Rules in the repository (issue 18, scope 6): every rule id the engine cites is in
docs/rules/<game>.md and `tts-bridge rule ID` prints it; refusals in the referee protocol
carry the rule's title; the README explains every citation prefix."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.core.registry import game_ids
from tts_bridge.cli import main

REPO = Path(__file__).resolve().parents[2]
PACKAGES = {"kaiju": "kaiju", "qiguang": "qiguang", "gundam-war": "gundam_war", "vividz": "vividz",
            "sakura-arms": "sakura_arms"}
# games whose citations carry a prefix: every match anywhere in the source (comments too) is one
PREFIXED = {"kaiju": r"KJ-(?:G\d+|\d+(?:\.\d+)*)", "qiguang": r"QG-(?:G\d+|\d+(?:\.\d+)*)",
            "gundam-war": r"GW-[A-Z0-9](?:[-.][\w*]+)*"}
# bare numbers: the rule argument of a refusal, a rule option or an event, and numbers cited in
# parentheses or brackets inside a message: (401.2), [9-2-1 i], (7-1-12)
NUMBERED = {"vividz": r"(?:AMB-\d+|\d{3,4}(?:\.\d+[a-z]?)?)",
            "sakura-arms": r"\d{1,2}(?:-\d+)+(?: (?:i|ii|iii|iv|v|vi|vii|viii|ix|x)\b)?"}


def _numbered_citations(source: str, pattern: str) -> set[str]:
    whole = re.compile(rf"{pattern}")
    cited = set()
    for node in ast.walk(ast.parse(source)):
        rule_args = []
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            position = {"Refusal": 0, "IllegalAction": 2, "RuleOption": 3}.get(name)
            if position is not None and len(node.args) > position:
                rule_args.append(node.args[position])
            rule_args += [kw.value for kw in node.keywords if kw.arg == "rule"]
        elif isinstance(node, ast.Dict):
            rule_args += [v for k, v in zip(node.keys, node.values)
                          if isinstance(k, ast.Constant) and k.value == "rule"]
        for arg in rule_args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and whole.fullmatch(arg.value):
                cited.add(arg.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for group in re.findall(r"[(\[]([^()\[\]]+)[)\]]", node.value):
                for part in re.split(r"[,;]\s*|\s+and\s+|see\s+", group):
                    part = part.strip().removeprefix("CR ").rstrip(".")
                    if whole.fullmatch(part):
                        cited.add(part)
    return cited


def cited_rules(game: str) -> dict[str, str]:
    """Every rule id cited in engine/games/<game>, with where it is first cited."""
    out: dict[str, str] = {}
    for path in sorted((REPO / "engine" / "games" / PACKAGES[game]).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = str(path.relative_to(REPO))
        if game in PREFIXED:
            for match in re.finditer(PREFIXED[game], source):
                out.setdefault(match.group(0).rstrip("."), f"{where}:{source[:match.start()].count(chr(10)) + 1}")
        else:
            for rule in _numbered_citations(source, NUMBERED[game]):
                out.setdefault(rule, where)
    return out


@pytest.mark.parametrize("game", game_ids())
def test_every_rule_the_engine_cites_is_printed_by_tts_bridge_rule(game):
    cited = cited_rules(game)
    assert len(cited) > 20  # the extraction finds the game's citations
    runner = CliRunner()
    missing = {}
    for rule, where in sorted(cited.items()):
        result = runner.invoke(main, ["rule", rule, "--game", game])
        if result.exit_code != 0 or not result.output.strip():
            missing[rule] = where
    assert missing == {}


@pytest.mark.parametrize("cited,game,text", [
    ("KJ-3.4.2", "kaiju", "You may deploy once and enhance once each turn."),
    ("9-2-1", "sakura-arms", "Procedure for using an"),
    ("CR 9-2-1 ii", "sakura-arms", "The using player pays the costs."),
    ("703.2a", "vividz", "In turn 1, event cards cannot be played"),
    ("GW-X-3", "gundam-war", "When the loss check runs"),
    ("QG-4.1", "qiguang", "QG-4.1"),
])
def test_tts_bridge_rule_finds_the_game_from_the_citation(cited, game, text):
    result = CliRunner().invoke(main, ["rule", cited])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert f"docs/rules/{game}.md:" in first and text in result.output


def test_an_unknown_rule_is_one_line_with_suggestions():
    result = CliRunner().invoke(main, ["rule", "KJ-3.4.9"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: no rule 'KJ-3.4.9' in docs/rules/kaiju.md; did you mean KJ-3.4.2, KJ-3.4.1, KJ-3.9?"


def test_a_refusal_in_the_referee_protocol_carries_the_rules_title():
    lines = '{"op":"act","seat":1,"action":{"type":"end_turn"}}\n{"op":"act","seat":0,"action":{"type":"end_turn"}}\n'
    result = CliRunner().invoke(main, ["referee", "--game", "kaiju", "--seed", "1"], input=lines)
    errors = [json.loads(line)["error"] for line in result.output.splitlines() if not json.loads(line)["ok"]]
    assert errors and all(e.get("rule_title") for e in errors if e.get("rule")), errors
    kaiju_titles = {e["rule"]: e["rule_title"] for e in errors}
    from tts_bridge.rulebook import find_rule
    assert all(find_rule("kaiju", rule).title == title for rule, title in kaiju_titles.items())


def test_the_readme_explains_every_citation_prefix_the_games_use():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    families = set()
    for game in game_ids():
        for rule in cited_rules(game):
            if game == "gundam-war":
                families.add(re.match(r"GW-[A-Z0-9]", rule).group(0) + "-*" if re.match(r"GW-[A-Z]-", rule)
                             else re.match(r"GW-[A-Z0-9]", rule).group(0) + ".*" if re.match(r"GW-[A-Z0-9]\.", rule)
                             else rule)
            elif re.match(r"(KJ|QG)-G", rule):
                families.add(rule[:4] + "*")
            elif rule.startswith("AMB-"):
                families.add("AMB-*")
    families |= {"CR *", "KJ-*", "QG-*"}
    unexplained = sorted(f for f in families if f"`{f}`" not in readme)
    assert unexplained == []


def test_the_five_specs_are_in_the_repository():
    for game in game_ids():
        spec = REPO / "docs" / "rules" / f"{game}.md"
        assert spec.is_file() and spec.stat().st_size > 10_000
