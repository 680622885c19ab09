"""The view's geometry model on the tables `tts-bridge build` writes, for every game and both
seats, as saved and mid-game at the emulated table (bots playing through the bridge):

  (a) the seat's own cards read upright from its side (turned 90 degrees only when the referee
      lays them sideways), the opponent's upside down;
  (b) nothing of the table lies off the table surface (fact view_table_surface), the board
      included (it leaves the hand zones, TTS's own hand areas at the edge, off the board);
  (c) no UI element reaches off a 1280x720 screen and no text runs out of its panel;
  (d) the prompt panel never overlaps the status panel, and a prompt is drawn only for the
      colour it is meant for;
  (e) a card in the other colour's hand, or face down, shows its back; a card in one's own
      hand shows its face.
"""

from __future__ import annotations

import pytest

from tts_bridge.emulator import ui
from tts_bridge.saves.table import CARD_SPIN, SEAT_COLORS
from tts_bridge.view import geometry
from tts_bridge.view.geometry import Camera
from tts_bridge.view.scene import SceneError, from_save

from tests.view.helpers import GAMES, play_moments

SMALL = (1280, 720)
CHECKPOINTS = (12, 30, 55)


def _spin(value: float) -> float:
    return round(float(value), 3) % 360


def off_table(geo: geometry.ViewGeometry) -> list[str]:
    return [f"{p.kind} {p.name!r} {p.off_table} past the edge" for p in geo.objects if p.off_table > 0]


def ui_problems(geo: geometry.ViewGeometry) -> list[str]:
    return [w.text for w in geo.warnings if w.kind in ("ui_offscreen", "text_outside", "ui_overlap")]


def test_the_camera_turns_images_by_rot_y_and_seat():
    white, red = Camera(0.0, 1.0, (0, 0), (0, 0)), Camera(geometry.math.pi, 1.0, (0, 0), (0, 0))
    assert white.image_angle(CARD_SPIN[0]) == 0 and red.image_angle(CARD_SPIN[1]) == 0
    assert abs(white.image_angle(CARD_SPIN[1])) == 180 and abs(red.image_angle(CARD_SPIN[0])) == 180
    # rotY turns clockwise seen from above: +90 from upright is a quarter turn to the right
    assert white.image_angle(CARD_SPIN[0] + 90) == -90 and white.image_angle(CARD_SPIN[0] - 90) == 90
    # White's own edge (-z) is at the bottom of the screen, Red's (+z) at the bottom of Red's
    assert white.to_screen(0, -10)[1] > white.to_screen(0, 10)[1]
    assert red.to_screen(0, 10)[1] > red.to_screen(0, -10)[1]
    assert white.to_screen(5, 0)[0] > 0 > red.to_screen(5, 0)[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_generated_table_from_both_seats(game_id, generated_save):
    scene = from_save(generated_save(game_id))
    assert scene.game == game_id
    for seat_index, seat in enumerate(SEAT_COLORS):
        geo = geometry.build(scene, seat, SMALL)
        decks = [p for p in geo.objects if p.kind == "Deck"]
        assert decks, "the generated table has both sample decks"
        for p in decks:
            obj = next(o for o in scene.objects if o.guid == p.guid)
            mine = f"seat{seat_index}" in obj.tags
            assert p.angle == (0 if mine else 180) or (not mine and p.angle == -180), (seat, p.name, p.angle)
            assert p.shows == ("back" if obj.is_face_down else "face"), (seat, p.name)
            assert p.count == len(obj.data["ContainedObjects"]) and p.image is not None
        board = next(p for p in geo.objects if p.kind == "Custom_Board")
        assert board.angle in (0, 180, -180) and board.image is not None
        # (b)
        assert off_table(geo) == [], off_table(geo)
        # (c)
        assert ui_problems(geo) == [], ui_problems(geo)
        assert any(b.visible and b.id == "tb_status" for b in geo.ui_boxes)
        # the seat's hand zone is at the bottom of its screen, the other one's at the top
        hands = {z.color: z for z in geo.zones if z.kind == "hand"}
        assert min(y for _, y in hands[seat].corners) > max(y for _, y in hands[SEAT_COLORS[1 - seat_index]].corners)


def test_a_seat_without_a_hand_zone_is_refused(generated_save):
    scene = from_save(generated_save("kaiju"))
    with pytest.raises(SceneError, match="no hand zone for Blue"):
        geometry.build(scene, "Blue")


@pytest.mark.parametrize("game_id", GAMES)
def test_mid_game_from_both_seats(game_id, generated_save):
    played = play_moments(game_id, generated_save(game_id), CHECKPOINTS)
    assert played and played[-1].decision >= CHECKPOINTS[0]
    checked_cards = hidden_seen = own_hand_seen = prompts_seen = 0
    for m in played:
        for seat_index, seat in enumerate(m.colors):
            geo = geometry.build(m.scene, seat, SMALL)
            hands = {o.hand_color for o in m.scene.objects if o.kind == "HandTrigger"}
            assert seat in hands
            for guid, (owner, spin) in m.owners.items():
                p = geo.by_guid(guid)
                if p is None or not p.is_card:
                    continue
                turn = _spin(spin - CARD_SPIN[owner])
                assert turn in (0.0, 90.0, 270.0), (game_id, m.decision, p.name, spin)
                upright = {0.0: 0.0, 90.0: -90.0, 270.0: 90.0}[turn]
                want = upright if owner == seat_index else geometry._norm(upright + 180)
                # (a) the seat's own cards read upright (or are turned sideways by the referee)
                assert abs(geometry._norm(p.angle - want)) < 0.01, (game_id, m.decision, seat, p.name, p.angle, want)
                checked_cards += owner == seat_index
                # (e) what this colour may see of it
                obj = next(o for o in m.scene.objects if o.guid == guid)
                if p.hand is not None and p.hand != seat:
                    assert p.shows == "back", (seat, p.name)
                    hidden_seen += 1
                elif p.hand == seat and not obj.is_face_down:
                    assert p.shows == "face", (seat, p.name)
                    own_hand_seen += 1
                if obj.is_face_down:
                    assert p.shows == "back"
            # (b)
            assert off_table(geo) == [], (game_id, m.decision, off_table(geo))
            # (c), (d)
            assert ui_problems(geo) == [], (game_id, m.decision, seat, ui_problems(geo))
            boxes = geo.ui_boxes
            mine, theirs = ui.box(boxes, f"tb_prompt_{seat}"), ui.box(boxes, f"tb_prompt_{m.colors[1 - seat_index]}")
            if mine is not None and mine.visible:
                prompts_seen += 1
                assert not ui.overlaps(boxes, f"tb_prompt_{seat}", "tb_status")
                assert ui.fits(mine.rect, SMALL)
            assert theirs is None or not theirs.visible, "another colour's prompt is hidden from this one"
    assert checked_cards > 5 and prompts_seen > 0
    assert own_hand_seen > 0 and hidden_seen > 0, "both hands hold cards at some checkpoint"
