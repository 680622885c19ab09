"""Card data: the schema expresses real printed values (6-2-1-8 to 6-2-1-12) and every
problem is reported with its file, line and field."""

import pytest

from engine.core.errors import DataError
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms import SakuraArmsRules
from engine.games.sakura_arms.cards import parse_damage, parse_range


@pytest.mark.parametrize("text,expected", [("3", {3}), ("3-4", {3, 4}), ("1,3,5", {1, 3, 5}), ("０-２", {0, 1, 2}),
                                           ("３－５", {3, 4, 5}), (4, {4}), ("2-3,6", {2, 3, 6})])
def test_6_2_1_8_range_forms_including_full_width_digits(text, expected):
    assert parse_range(text) == frozenset(expected)


def test_6_2_1_8_range_x_and_bad_ranges():
    assert parse_range("X") == "X"
    for bad in ("4-2", "a", "1-"):
        with pytest.raises(ValueError):
            parse_range(bad)


@pytest.mark.parametrize("text,expected", [("3/1", (3, 1)), ("X/1", ("X", 1)), ("-/1", (None, 1)),
                                           ("2/-", (2, None)), ("３／１", (3, 1))])
def test_6_2_1_9_and_10_damage_forms(text, expected):
    assert parse_damage(text) == expected


def test_sample_set_has_four_goddesses_with_7_normal_and_3_specials_and_legal_decks():
    cs = RULES.cards()
    for g in ("sora", "hoshi", "kaze", "tsuki"):
        mine = [c for c in cs.cards.values() if c.goddess == g and not c.extra_card]
        assert sum(c.category == "normal" for c in mine) == 7
        assert 3 <= sum(c.category == "special" for c in mine) <= 4
    types = {c.type for c in cs.cards.values()}
    subtypes = {c.subtype for c in cs.cards.values()}
    assert types == {"attack", "action", "enhancement", "variable"}
    assert {"reaction", "throughout", "variable"} <= subtypes
    assert len(RULES.sample_decks()) == 2


# the head of a small card file: two goddesses, then the cards
TWO_GODDESSES = """goddesses:
  - {id: a, name: A, number: 1}
  - {id: b, name: B, number: 2}
cards:
"""


def test_card_file_errors_name_file_line_and_field(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(TWO_GODDESSES + """  - id: a-1
    goddess: a
    name: Bad Range
    category: normal
    type: attack
    range: "5-2"
    damage: "1/1"
  - id: a-2
    goddess: zzz
    name: Nobody
    category: normal
    type: action
    colour: red
""", encoding="utf-8")
    with pytest.raises(DataError) as exc:
        SakuraArmsRules.load_cards(path)
    text = "\n".join(exc.value.problems)
    assert f"{path}:12: cards[1]: Additional properties are not allowed ('colour' was unexpected)" in text
    path.write_text(path.read_text(encoding="utf-8").replace("    colour: red\n", ""), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        SakuraArmsRules.load_cards(path)
    text = "\n".join(exc.value.problems)
    assert f"{path}:5: cards.0: bad Range part '5-2'" in text
    assert f"{path}:13: cards.1.goddess: unknown goddess 'zzz'" in text
