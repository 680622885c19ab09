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
    _, problems = export_deck(_sample("spirit-island-extract-objects.json"), RULES.name_index())
    assert "object 2 (Blight Cards): 'Aid from Lesser Spirits' is not a card of this game" in problems


def _card(card_id: str, nickname: str) -> dict:
    return {"Name": "Card", "Nickname": nickname, "GMNotes": card_id, "CardID": 100}


def test_our_objects_round_trip_through_gm_notes_and_sections():
    cards = RULES.cards()
    deck = RULES.sample_decks()[0]
    contained = [_card(c, "renamed at the table") for c in deck.sections["main"]]
    saved = {"ObjectStates": [{"Name": "Bag", "ContainedObjects": [
        {"Name": "DeckCustom", "Nickname": "my deck", "ContainedObjects": contained[:-1]},
        {"Name": "DeckCustom", "Nickname": "my deck (Extras)", "ContainedObjects": contained[-1:]}]}]}
    text, problems = export_deck(saved, RULES.name_index())
    assert problems == []
    assert "Extras:" in text
    main_text = text.split("Extras:")[0]
    path_counts = {}
    for line in main_text.strip().splitlines()[1:] if main_text.startswith("Main:") else main_text.strip().splitlines():
        count, name = line.split(" ", 1)
        path_counts[name] = int(count)
    assert sum(path_counts.values()) == 39
    assert set(path_counts) <= {c.title for c in cards.values()}


def test_not_a_save():
    assert export_deck({"Name": "Card"})[1] == ["not a TTS save or saved object: no ObjectStates list"]
