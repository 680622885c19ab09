"""Card files: the sample set loads; mistakes are reported with file, line and field."""

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.gundam_war import RULES, GundamWarRules

load_cards = GundamWarRules.load_cards   # with the effect registry (engine/games/gundam_war/effects.py)

GOOD = """cards:
  - id: gw-x
    type: unit
    name: Test Frame
    colour: blue
    cost: {designated: {blue: 1}, total: 1}
    stats: [1, 1, 1]
    terrain: [space]
"""


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_cards(path)
    return err.value.problems


def test_sample_set_covers_colours_types_and_every_special_effect():
    cards = RULES.cards().values()
    assert {c.type for c in cards} == {"unit", "character", "command", "operation", "g"}
    assert {"blue", "green", "white", "purple"} <= {c.colour for c in cards}
    assert any(c.type == "g" and c.basic for c in cards) and any(c.type == "g" and not c.basic for c in cards)
    used = {k for c in cards for k in c.keywords}
    assert {"high_mobility", "water", "desert", "assault", "swift_strike", "vulture", "space_battle",
            "special_shield", "psycommu", "area_weapon", "atmospheric_entry", "multiple", "team", "change",
            "dismantle", "ps_armor", "transform", "ship", "base", "support", "ship_modification", "resupply",
            "mf", "variable", "quick", "restrict", "extra_cost", "substitute_cost", "prevent", "set_character",
            "set_g", "many_copies"} <= used
    assert any(len(c.designated) == 2 for c in cards)                       # dual colour


def test_a_good_file_loads(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_cards(path)["gw-x"].title == "Test Frame"


def test_bad_fields_name_file_line_and_what_was_expected(tmp_path):
    problems = _problems(tmp_path, GOOD.replace("terrain: [space]", "terrain: [moon]"))
    assert problems[0].startswith(f"{tmp_path / 'cards.yaml'}:8: cards[0].terrain[0]: 'moon' is not allowed")
    problems = _problems(tmp_path, GOOD.replace("    colour: blue\n", "    colour: blue\n    speed: 3\n"))
    assert "allowed fields" in problems[0] and ":2: cards[0]" in problems[0] and "speed" in problems[0]


def test_a_non_g_card_needs_a_designated_national_power(tmp_path):
    problems = _problems(tmp_path, GOOD.replace("designated: {blue: 1}, ", ""))
    assert any("Designated National Power" in p for p in problems)


def test_only_an_auto_c_that_starts_a_cut_or_an_auto_d_on_entering_may_choose_a_target(tmp_path):
    """GW-A-13.4: an Auto C chooses its target before its new Cut and an Auto D on entering once
    the enter-play effect has resolved (GW-A-14.6); an Auto D at a sortie and end-of-turn effects
    (no Cut) have no moment the referee gives them to choose one."""
    for kind, trigger in (("D", "sortie"), ("C", "end_of_turn")):
        text = GOOD + f"""    autos:
      - kind: {kind}
        trigger: {trigger}
        effects: [{{destroy: enemy_unit}}]
"""
        assert any("can choose a target" in p and "autos[0]" in p for p in _problems(tmp_path, text)), kind
    text = GOOD + """    autos:
      - kind: C
        trigger: enter
        effects: [{destroy: enemy_unit}]
"""
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    assert load_cards(tmp_path / "cards.yaml")["gw-x"].autos[0].kind == "C"
