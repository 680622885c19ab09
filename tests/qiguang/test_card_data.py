"""Qiguang card data and deck construction (QG-G4): the sample set covers what the issue lists,
bad files and decks are reported with file, line and field, and the README documents every
rule option and gap."""

import re
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.qiguang import RULE_OPTIONS, RULES

README = RULES.data / "README.md"
SPEC_GAPS = [f"QG-G{i}" for i in range(1, 35)]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_sample_set_covers_every_card_kind_the_issue_lists():
    """Characters of all three races, Inheritors, leaders, persistent and plain spells, fields incl.
    a World field, creations, Lightning cards, X costs, the six Shards (QG-0.3) and the token."""
    cards = RULES.cards().values()
    chars = [c for c in cards if c.type == "character"]
    assert {c.race for c in chars} == {"earth", "pegasus", "unicorn"}
    assert {c.inheritor for c in chars if c.inheritor} == {"earth", "pegasus", "unicorn"}
    assert len([c for c in chars if c.leader]) >= 3
    spells = [c for c in cards if c.type == "spell"]
    assert any(c.persistent for c in spells) and any(not c.persistent for c in spells)
    assert any(c.world for c in cards if c.type == "field") and any(not c.world for c in cards if c.type == "field")
    assert any(c.type == "creation" for c in cards)
    assert any(c.lightning for c in spells) and any(c.lightning for c in chars)
    assert any(a.lightning for c in cards for a in c.abilities)
    assert any(c.cost.x for c in cards)
    assert len({c.name for c in cards if c.harmony}) == 6
    assert any(c.spell_surcharge for card in cards for c in card.continuous)
    assert [c.id for c in cards if c.type == "token"] == ["mana-source"]


def test_sample_decks_are_legal_under_both_deck_rules():
    """QG-G4: the sample decks load with the default (no check) and with deck_check=standard."""
    paths = sorted((RULES.data / "decks").glob("*.txt"))
    assert len(paths) >= 2
    for path in paths:
        for option in ("none", "standard"):
            deck = RULES.load_deck(path, {"deck_check": option})
            assert len(deck.sections["main"]) == 40


def test_qg_g4_standard_deck_rule_reports_every_problem_with_its_line(tmp_path):
    """QG-G4 option deck_check=standard: at least 40 cards, at most 3 per name, no tokens."""
    path = _write(tmp_path, "bad.txt", "4 Orchard Hauler\n2 Orchard Hauler\n1 Mana Source\n2 Nosuch Card\n")
    with pytest.raises(DataError) as info:
        RULES.load_deck(path, {"deck_check": "standard"})
    assert info.value.problems == [f"{path}:4: unknown card 'Nosuch Card'"]
    path = _write(tmp_path, "bad2.txt", "4 Orchard Hauler\n2 Orchard Hauler\n1 Mana Source\n")
    with pytest.raises(DataError) as info:
        RULES.load_deck(path, {"deck_check": "standard"})
    assert info.value.problems == [
        f"{path}:3: 'Mana Source' is a token the game hands out; it cannot be put in a deck (QG-1.4)",
        f"{path}:1, 2: 6 cards named 'Orchard Hauler'; at most 3 allowed (QG-G4, deck_check=standard)",
        f"{path}: the deck has 7 cards; it needs at least 40 (QG-G4, deck_check=standard)",
    ]


def test_qg_g4_default_accepts_any_known_cards_but_no_tokens(tmp_path):
    """QG-G4 (Proposal: no check by default). Six copies in a 6-card deck are fine; a token is not."""
    assert len(RULES.load_deck(_write(tmp_path, "ok.txt", "6 Orchard Hauler\n")).sections["main"]) == 6
    with pytest.raises(DataError) as info:
        RULES.load_deck(_write(tmp_path, "t.txt", "6 Orchard Hauler\n1 Mana Source\n"))
    assert "token" in info.value.problems[0]


def test_card_file_errors_name_file_line_and_field(tmp_path):
    """Bad card data: schema errors and semantic errors name the file, the line and the field."""
    path = _write(tmp_path, "cards.yaml", """cards:
  - id: mana-source
    type: token
    name: Mana Source
  - id: bad-pony
    type: character
    name: Bad Pony
    race: zebra
    cost: {earth: 1}
    attack: 1
    health: 1
""")
    with pytest.raises(DataError) as info:
        RULES.load_cards(path)
    assert info.value.problems[0].startswith(f"{path}:8: cards[1].race:")
    path = _write(tmp_path, "cards2.yaml", """cards:
  - id: mana-source
    type: token
    name: Mana Source
  - id: aimless
    type: spell
    name: Aimless Bolt
    cost: {any: 1}
    effects:
      - damage: {amount: 2, to: target}
""")
    with pytest.raises(DataError) as info:
        RULES.load_cards(path)
    assert info.value.problems == [f"{path}:5: cards[1].effects: an effect uses 'target' but the card gives no "
                                   f"'target' kind"]


def test_readme_documents_every_rule_option_and_gap():
    """The card-data README names every rule option with its gap id, and every QG-G gap of the spec."""
    text = README.read_text(encoding="utf-8")
    for option in RULE_OPTIONS:
        assert re.search(rf"`{option.name}`.*{option.rule}|{option.rule}.*`{option.name}`", text), option.name
    for gap in SPEC_GAPS:
        assert re.search(rf"\b{gap}\b", text), gap
    for word in ("deck", "loop", "effect vocabulary"):
        assert word in text.lower()


def test_readme_states_each_rule_options_real_default_and_alternatives():
    """The README's option table gives, per option, the default the code uses (e.g. QG-G19
    `lightning_stops`: `always`, the reading that hides the hand) and the other values."""
    rows = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1].startswith("`"):
            rows[cells[1].strip("`")] = cells
    for option in RULE_OPTIONS:
        _gap, _name, default, alternative = rows[option.name]
        value = str(option.default).lower()
        assert default.startswith(f"`{value}`") or default.startswith(value), (option.name, default)
        for choice in option.choices:
            if choice != option.default:
                assert str(choice).lower() in alternative, (option.name, choice, alternative)
