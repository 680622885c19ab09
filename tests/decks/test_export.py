"""`export-deck`: TTS deck objects back to deck lists (issue 8, round trip)."""

import json

from engine.games.kaiju import RULES
from tts_bridge.decks.export import export_deck

from tests.samples import SAMPLES as HERE_SAMPLES


def _sample(name: str) -> dict:
    return json.loads((HERE_SAMPLES / name).read_text(encoding="utf-8"))


def test_real_saved_object_exports_by_nickname_including_bags():
    text, problems = export_deck(_sample("spirit-island-extract-objects.json"))
    assert problems == []
    # a deck of 7, a loose card and the same deck again inside a bag: counted, not repeated
    assert "3 Aid from Lesser Spirits" in text and "2 Tipping Point" in text
    assert text.count("Aid from Lesser Spirits") == 1
    assert "1 card 65203" in text  # unnamed cards keep their CardID


def test_cards_of_another_game_are_reported_when_a_game_is_given():
    _, problems = export_deck(_sample("spirit-island-extract-objects.json"), RULES)
    assert ("object 2 (Blight Cards): 'Aid from Lesser Spirits', 'Tipping Point', 'Erosion of Will' and 4 more "
            "are not cards of this game; left out") in problems


def _card(card_id: str, nickname: str) -> dict:
    return {"Name": "Card", "Nickname": nickname, "GMNotes": card_id, "CardID": 100}


def test_our_objects_round_trip_through_gm_notes_and_sections():
    deck = RULES.sample_decks()[0]
    contained = [_card(c, "renamed at the table") for c in deck.sections["main"]]
    saved = {"ObjectStates": [{"Name": "Bag", "ContainedObjects": [
        {"Name": "DeckCustom", "Nickname": "my deck", "ContainedObjects": contained[:-1]},
        {"Name": "DeckCustom", "Nickname": "my deck (Extras)", "ContainedObjects": contained[-1:]}]}]}
    plain, _ = export_deck(saved)  # without the game, the labels' sections are kept
    assert "Extras:" in plain
    text, problems = export_deck(saved, RULES)  # with it, every card goes where kaiju takes it
    assert problems == [] and "Extras:" not in text
    again = RULES.build_deck(text, "again.txt")
    assert sorted(again.sections["main"]) == sorted(deck.sections["main"])


def test_not_a_save():
    assert export_deck({"Name": "Card"})[1] == ["not a TTS save or saved object: no ObjectStates list"]
