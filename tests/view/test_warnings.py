"""The legend's warnings find what they are for, on the generated kaiju table with one fault
put in each time: a deck pushed past the table's edge, a deck laid over a zone's label, the
status panel made too wide for the screen, a status line that no longer wraps, the status
panel moved over the prompt."""

from __future__ import annotations

import pytest

from tts_bridge.emulator.table import ui_find
from tts_bridge.view import geometry
from tts_bridge.view.scene import from_save

from tests.view.helpers import play_moments

SCREEN = (1280, 720)


def kinds(geo: geometry.ViewGeometry) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for w in geo.warnings:
        out.setdefault(w.kind, []).append(w.text)
    return out


@pytest.fixture
def scene(generated_save):
    return from_save(generated_save("kaiju"))


def test_the_generated_table_has_no_warning(scene):
    """The board leaves the hand zones off, so it no longer hangs past the table's edge."""
    assert kinds(geometry.build(scene, "White", SCREEN)) == {}


def test_a_deck_past_the_tables_edge(scene):
    deck = next(o for o in scene.objects if o.kind == "Deck")
    deck.pos[0] = 27.5  # its right half reaches past x = 28
    found = kinds(geometry.build(scene, "White", SCREEN))
    assert any(deck.nickname in t and "would fall off" in t for t in found["off_table"])


def test_a_deck_over_a_zones_label(scene):
    deck = next(o for o in scene.objects if o.kind == "Deck" and "seat0" in o.tags)
    zone = next(o for o in scene.objects if o.nickname.startswith("Seat 0 Support"))  # the engine's label
    deck.pos[0], deck.pos[2] = zone.pos[0] - zone.scale[0] / 2 + 1.0, zone.pos[2] + zone.scale[2] / 2
    found = kinds(geometry.build(scene, "White", SCREEN))
    assert any(f"'{zone.nickname}'" in t and deck.nickname in t for t in found["label_covered"])


def test_ui_off_screen_and_text_outside_its_panel(scene):
    status, _ = ui_find(scene.ui_tree, "tb_status")
    status["attributes"]["width"] = 1500
    found = kinds(geometry.build(scene, "White", SCREEN))
    assert any("tb_status" in t for t in found["ui_offscreen"])
    status["attributes"]["width"] = 360
    line, _ = ui_find(scene.ui_tree, "tb_status_1")
    line["attributes"]["horizontalOverflow"] = "Overflow"
    found = kinds(geometry.build(scene, "White", SCREEN))
    assert any("tb_status_1" in t for t in found["text_outside"])


def test_the_prompt_over_the_status_panel(generated_save):
    moment = next(m for m in play_moments("kaiju", generated_save("kaiju"), (5, 10, 15))
                  if ui_find(m.scene.ui_tree, "tb_prompt_White")[0] is not None)
    assert "ui_overlap" not in kinds(geometry.build(moment.scene, "White", SCREEN))
    prompt, _ = ui_find(moment.scene.ui_tree, "tb_prompt_White")
    prompt["attributes"]["offsetXY"] = "-10 -60"  # up to the status panel's place
    found = kinds(geometry.build(moment.scene, "White", SCREEN))
    assert found["ui_overlap"] == ["the prompt panel tb_prompt_White overlaps the status panel"]
    assert "ui_overlap" not in kinds(geometry.build(moment.scene, "Red", SCREEN))  # Red has no such prompt


def test_warnings_never_name_a_card_the_colour_sees_the_back_of(generated_save):
    moment = play_moments("kaiju", generated_save("kaiju"), (8,))[-1]
    red_hand = next(o for o in moment.scene.objects if o.kind == "HandTrigger" and o.hand_color == "Red")
    hidden = [o for o in moment.scene.objects if o.kind == "Card" and red_hand.contains(o.pos)]
    assert hidden and all(o.nickname for o in hidden)  # Red's cards have names: Red reads them
    zone = next(z for z in geometry.build(moment.scene, "White", SCREEN).zones if z.color == "Red")
    x, y, w, h = geometry._bbox(zone.corners)  # the status panel moved over Red's hand, on White's screen
    status, _ = ui_find(moment.scene.ui_tree, "tb_status")
    status["attributes"].update({"rectAlignment": "UpperLeft", "offsetXY": f"{x:.0f} {-y:.0f}", "width": round(w),
                                 "height": round(h)})
    white = geometry.build(moment.scene, "White", SCREEN)
    covers = kinds(white)["ui_covers"]
    assert any("a card in Red's hand" in t for t in covers), covers
    assert not any(o.nickname in w.text for o in hidden for w in white.warnings)
    red = geometry.build(moment.scene, "Red", SCREEN)  # Red reads its own cards' names
    assert not any("a card in Red's hand" in w.text for w in red.warnings)


@pytest.mark.parametrize("game_id", ["gundam-war", "kaiju", "qiguang", "sakura-arms", "vividz"])
def test_no_supplys_label_lies_over_a_card_the_referee_placed_mid_game(game_id, generated_save):
    """A supply's label (a bag, a counter) must stay readable mid-game. Qiguang's race-crystal
    summary card sat on the first of the function row's half-card-wide snap points, hanging over
    the row's edge and under the crystal bags' labels; it is on the second now, the bags a unit
    further out. (A card over the board's own zone label is how a table is used: not checked.)"""
    from tests.view.test_geometry import CHECKPOINTS

    for m in play_moments(game_id, generated_save(game_id), CHECKPOINTS):
        for seat in m.colors:
            covered = [w.text for w in geometry.build(m.scene, seat).warnings
                       if w.kind == "label_covered" and w.text.startswith("the label of")]
            assert covered == [], (m.decision, seat, covered)
