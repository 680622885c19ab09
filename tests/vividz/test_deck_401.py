"""Deck construction (401) and the card file: every violation is named with its rule and line."""

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.vividz import RULES
from engine.games.vividz import VividzRules

load_cards = VividzRules.load_cards


SAMPLE = Path(RULES.data) / "decks" / "lumen-stage.txt"


def _deck(text: str, options: dict | None = None):
    return RULES.build_deck(text, "my.txt", options or {})


def _lines(**changes) -> str:
    text = SAMPLE.read_text()
    for old, new in changes.items():
        old = old.replace("_", " ")
        assert old in text
        text = text.replace(old, new)
    return text


def test_401_sample_decks_are_legal_with_three_parts():
    for deck in RULES.sample_decks():
        assert len(deck.sections["account"]) == 1 and len(deck.sections["missions"]) == 3
        assert 50 <= len(deck.sections["main"]) <= 70


def test_401_3_account_part_is_exactly_one_account_card():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"1 Lumen Studio": "1 Lumen Studio\n1 Freeplay Guild"}))
    assert any("(401.3)" in p for p in err.value.problems)


def test_401_4_mission_part_needs_three_missions_with_distinct_names():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"1 Encore Call": "1 Opening Night"}))
    assert any("(401.4a)" in p for p in err.value.problems)
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"1 Encore Call": ""}))
    assert any("(401.4)" in p for p in err.value.problems)


def test_401_5a_main_deck_has_50_to_70_cards():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"3 Spotlight Rookie": "2 Spotlight Rookie"}))
    assert any("49 cards" in p and "(401.5a)" in p for p in err.value.problems)


def test_401_5b_at_most_four_cards_of_a_name():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"3 Spotlight Rookie": "5 Spotlight Rookie"}))
    assert any("5 cards named 'Spotlight Rookie'" in p and "(401.5b)" in p for p in err.value.problems)


def test_401_5c_main_cards_must_match_a_mission_triple():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"1 Bounty Board": "1 Smoke Bomb"}))
    assert any("Smoke Bomb" in p and "(401.5c)" in p for p in err.value.problems)


def test_401_5c_star_cards_fit_any_deck_and_option_limits_them():
    assert _deck(SAMPLE.read_text())  # Wandering Bard (☆, Traveler, Guild) in a Lumen deck
    with pytest.raises(DataError) as err:
        _deck(SAMPLE.read_text(), {"star_exception": "mission_info_only"})
    assert any("Wandering Bard" in p for p in err.value.problems)


def test_401_2_wrong_section_and_unknown_cards_name_the_line():
    with pytest.raises(DataError) as err:
        _deck(_lines(**{"1 Lumen Studio": "1 Opening Night"}).replace("3 Fan Meeting", "3 Fan Meting"))
    text = "\n".join(err.value.problems)
    assert "my.txt:3:" in text and "(401.2)" in text and "unknown card 'Fan Meting'" in text


def test_card_file_errors_name_file_line_and_field(tmp_path):
    bad = tmp_path / "cards.yaml"
    bad.write_text("cards:\n  - id: x\n    type: character\n    name: X\n    mission: A\n    trait: B\n"
                   "    account: C\n    cost: 1\n    power: 1\n    abilities:\n      - kind: auto\n"
                   "        effects: [{draw: 1}]\n")
    with pytest.raises(DataError) as err:
        load_cards(bad)
    assert "needs 'trigger' (908.1a)" in str(err.value) and "cards.yaml:2" in str(err.value)
    bad.write_text("cards:\n  - id: x\n    type: character\n    name: X\n    mission: A\n    trait: B\n"
                   "    account: C\n    cost: 1\n    power: 1\n    colour: red\n")
    with pytest.raises(DataError) as err:
        load_cards(bad)
    assert "colour" in str(err.value) and "cards.yaml:2: cards[0]" in str(err.value)
