"""Deck construction (GW-B-2.2, GW-R-1..5): every problem is reported with its file and line."""

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.gundam_war import RULES

LEGAL = ["10 Aurora Shipyard", "6 Ivory Colony", "2 Twin Reactor Colony", "3 AF-01 Lancer", "2 AF-02 Skyhawk",
         "2 AF-07 Vanguard Gundam", "2 SC-1 Aurora Carrier", "2 BS-9 Harbor Fortress", "2 WS-3 Tide Runner",
         "2 AF-03 Variable Patrol", "2 AX-5 Cradle Support", "2 AW-0 Seraph Frame", "2 AW-2 Lumen Bit Carrier",
         "2 Captain Mira Solen", "2 Ensign Kai Loram", "2 Lt. Dara Voss", "2 Emergency Repairs", "2 Beam Volley",
         "1 Reinforced Plating"]


def _load(tmp_path: Path, lines: list[str]):
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, RULES.load_deck(path)


def _problems(tmp_path: Path, lines: list[str], options: dict | None = None) -> list[str]:
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        RULES.load_deck(path, options)
    return err.value.problems


def test_sample_decks_are_legal_50_card_decks():
    decks = RULES.sample_decks()
    assert len(decks) == 2 and all(len(d.sections["main"]) == 50 for d in decks)
    colours = {RULES.cards()[c].colour for d in decks for c in d.sections["main"]}
    assert {"blue", "green", "white", "purple"} <= colours


def test_gw_r_1_deck_must_have_exactly_50_cards(tmp_path):
    """GW-B-2.2.1."""
    problems = _problems(tmp_path, LEGAL[:-1])
    assert any("49 cards" in p and "GW-B-2.2.1" in p for p in problems)
    problems = _problems(tmp_path, LEGAL + ["1 Aurora Shipyard"])
    assert any("51 cards" in p for p in problems)


def test_gw_r_2_at_most_three_of_a_name_including_the_model_number(tmp_path):
    """GW-B-2.2.2, GW-A-1.4.2: four Lancers are refused, with the lines named."""
    lines = [line.replace("3 AF-01 Lancer", "4 AF-01 Lancer").replace("10 Aurora", "9 Aurora") for line in LEGAL]
    problems = _problems(tmp_path, lines)
    assert problems == [f"{tmp_path / 'deck.txt'}:4: 4 cards named 'AF-01 Lancer'; at most 3 allowed "
                        "(GW-B-2.2.2, GW-A-1.4.2)"]


def test_gw_r_3_g_unlimited_but_at_most_six_special_g(tmp_path):
    """GW-B-2.2.3-4 and GW-X-8: 16 basic G of one name are fine; 7 Special G are not."""
    _, deck = _load(tmp_path, LEGAL)
    assert deck.sections["main"].count("gw-aurora-shipyard") == 10
    lines = [line.replace("2 Twin Reactor", "7 Twin Reactor").replace("10 Aurora", "5 Aurora") for line in LEGAL]
    assert any("7 Special G" in p and "GW-B-2.2.4" in p for p in _problems(tmp_path, lines))
    six = [line.replace("2 Twin Reactor", "6 Twin Reactor").replace("10 Aurora", "6 Aurora") for line in LEGAL]
    _load(tmp_path, six)                                           # 6 copies of one Special G: allowed
    assert any("GW-X-8" in p for p in _problems(tmp_path, six, {"special_g_copies": "three"}))


def test_gw_r_4_many_copies_cards_are_exempt(tmp_path):
    """GW-A-24.27: the Grunt may be put in a deck 4 times (the Verdant sample deck does)."""
    verdant = Path(RULES.data / "decks" / "verdant-dominion.txt")
    deck = RULES.load_deck(verdant)
    assert deck.sections["main"].count("gw-zg1-grunt") == 4


def test_gw_r_5_restrict_to_1_deck_excludes_other_same_name_cards(tmp_path):
    """GW-A-25.35: Tracking Beacon plus a second card named Tracking Beacon is refused."""
    lines = LEGAL[:-1] + ["2 Tracking Beacon"]
    lines[0] = "9 Aurora Shipyard"
    problems = _problems(tmp_path, lines)
    assert any("Restrict to 1/Deck" in p and "GW-A-25.35" in p for p in problems)


def test_unknown_cards_are_named_with_their_line(tmp_path):
    problems = _problems(tmp_path, ["# my deck", "3 Nonexistent Gundam", "1 Lancr"] + LEGAL)
    assert problems == [f"{tmp_path / 'deck.txt'}:2: unknown card 'Nonexistent Gundam'",
                        f"{tmp_path / 'deck.txt'}:3: unknown card 'Lancr'; did you mean 'AF-01 Lancer'?"]
