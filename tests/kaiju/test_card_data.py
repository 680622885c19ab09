"""Card files: the sample set loads, and every mistake is reported with file, line, field and
what was expected (issue: bad input names what and where)."""

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.kaiju import RULES
from engine.games.kaiju import KaijuRules

load_cards = KaijuRules.load_cards

GOOD = """cards:
  - id: kj-a
    type: battle
    name: Alpha
    hp: 8
    speed: 2
    cost: 2
    moves:
      - {name: Bite, kind: attack, amount: 3}
"""


def _load(tmp_path: Path, text: str):
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path, load_cards(path)


def _problems(tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    with pytest.raises(DataError) as err:
        _load(tmp_path, text)
    return tmp_path / "cards.yaml", err.value.problems


def test_sample_cards_and_decks_load():
    cards = RULES.cards()
    assert {c.type for c in cards.values()} == {"battle", "skill", "reinforcement"}
    decks = RULES.sample_decks()
    assert len(decks) == 2 and all(len(d.sections["main"]) == 40 for d in decks)


def test_good_file_loads(tmp_path):
    _, cards = _load(tmp_path, GOOD)
    assert cards["kj-a"].moves[0].amount == 3


def test_wrong_type_names_file_line_field_and_expectation(tmp_path):
    path, problems = _problems(tmp_path, GOOD.replace("hp: 8", "hp: eight"))
    assert problems == [f"{path}:5: cards[0].hp: expected integer, got 'eight'"]


def test_unknown_field_lists_the_allowed_ones(tmp_path):
    path, problems = _problems(tmp_path, GOOD.replace("    cost: 2\n", "    cost: 2\n    colour: red\n"))
    assert len(problems) == 1 and problems[0].startswith(f"{path}:2: cards[0]: ")
    assert "'colour' was unexpected" in problems[0] and "allowed fields:" in problems[0]


def test_bad_enum_in_a_nested_move(tmp_path):
    path, problems = _problems(tmp_path, GOOD.replace("kind: attack", "kind: punch"))
    assert problems == [f"{path}:9: cards[0].moves[0].kind: 'punch' is not allowed; expected one of ['attack', 'heal']"]


def test_duplicate_key_and_broken_yaml(tmp_path):
    path, problems = _problems(tmp_path, GOOD.replace("    hp: 8\n", "    hp: 8\n    hp: 9\n"))
    assert problems[0].startswith(f"{path}:6: (yaml): duplicate key 'hp'")
    path, problems = _problems(tmp_path, GOOD + "  - [unclosed\n")
    assert problems[0].startswith(f"{path}:")


def test_semantic_problems_are_all_reported(tmp_path):
    text = GOOD + """  - {id: kj-a, type: skill, name: Again, effects: [{draw: 1}]}
  - {id: kj-b, type: skill, name: Odd, effects: [{script: no_such_script}]}
  - {id: kj-c, type: battle, name: Medic, hp: 5, speed: 1, cost: 1, evolves_from: Nobody,
     moves: [{name: Patch, kind: heal, amount: 2, effects: [{damage: {amount: 1, to: opp_support}}]}]}
"""
    path, problems = _problems(tmp_path, text)
    joined = "\n".join(problems)
    assert f"{path}:10: cards[1].id: duplicate card id 'kj-a'" in joined
    assert "unknown script 'no_such_script'" in joined
    assert "a heal move's target is the healed card" in joined
    assert "no card is named 'Nobody'" in joined
