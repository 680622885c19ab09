"""The generated table turns every card, hand zone and board the way real saves do, and names
its counters as the bridge sets them (sources in tts_bridge/saves/table.py)."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.registry import game_ids, get_rules

from tts_bridge.saves.table import CARD_SPIN
from tts_bridge.session.games import adapter_for

COLORS = ["White", "Red"]


@pytest.mark.parametrize("game_id", game_ids())
def test_hand_zones_face_the_table_centre(generated_save, game_id):
    """Isaac: White/Red hands at -z rotY 0, Blue/Green at +z rotY 180; every SI hand at -z
    rotY 0 (tests/data/tts-samples). A hand turned away shows its cards upside down."""
    hands = [o for o in generated_save(game_id)["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert len(hands) == 2
    for hand in hands:
        tf = hand["Transform"]
        assert tf["rotY"] == (0.0 if tf["posZ"] < 0 else 180.0), hand["FogColor"]


@pytest.mark.parametrize("game_id", game_ids())
def test_referee_cards_turn_like_the_saves_own_decks(generated_save, game_id):
    """The bridge's cards of each seat lie as that seat's decks in the save (rotY 180 for the
    -z player, as in the Spirit Island and Isaac saves), sideways cards 90 degrees on."""
    save = generated_save(game_id)
    deck_spin = {}
    for o in save["ObjectStates"]:
        if o["Name"] == "Deck":
            seat = 0 if o["Transform"]["posZ"] < 0 else 1
            deck_spin.setdefault(seat, set()).add(o["Transform"]["rotY"])
    assert deck_spin == {0: {CARD_SPIN[0]}, 1: {CARD_SPIN[1]}}
    game = Game(get_rules(game_id), seed=5)
    placements = adapter_for(game_id).placements(game, COLORS)
    owned = [p for p in placements.values() if p.owner is not None]
    assert owned
    for p in owned:
        assert (p.spin - CARD_SPIN[p.owner]) % 360 in (0.0, 90.0), p


@pytest.mark.parametrize("game_id", game_ids())
def test_every_counter_the_bridge_sets_is_in_the_save(generated_save, game_id):
    """The bridge finds Counter objects by name: each name it sets must be exactly one Counter
    of the generated save (kaiju's were 'Seat N Spirit cost' vs 'Seat N Spirit cost total')."""
    counters = [o["Nickname"] for o in generated_save(game_id)["ObjectStates"] if o["Name"] == "Counter"]
    names = adapter_for(game_id).counters(Game(get_rules(game_id), seed=5))
    assert names
    for name in names:
        assert counters.count(name) == 1, (name, counters)


@pytest.mark.parametrize("game_id", game_ids())
def test_board_lies_like_seat_0_cards_and_notes_its_size(generated_save, game_id):
    """The board image has seat 1 at the top, so it turns with seat 0's cards; its GMNotes give
    the world size the glue scales it to (a board's scale-1 size is undocumented)."""
    board = next(o for o in generated_save(game_id)["ObjectStates"] if o["Name"] == "Custom_Board")
    assert board["Transform"]["rotY"] == CARD_SPIN[0]
    w, d = board["GMNotes"].removeprefix("tts-bridge board ").split("x")
    assert float(w) > 10 and float(d) > 10
