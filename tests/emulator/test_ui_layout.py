"""The Global UI the glue builds, checked with the XmlUI layout model (tts_bridge/emulator/ui.py):
panels with explicit sizes that fit 1280x720 and 1920x1080, the prompt below the status panel,
wrapped texts that fit their boxes, a scroll view for long option lists, no click blocking
outside the panels, the waiting line until the bridge speaks, one UI rebuild per batch."""

from __future__ import annotations

import pytest

from tts_bridge import glue
from tts_bridge.emulator import TTSEmulator
from tts_bridge.emulator import ui
from tts_bridge.emulator.table import ui_find
from tts_bridge.protocol.transport import free_port

SCREENS = [(1280, 720), (1920, 1080)]
GAMES = ["kaiju", "sakura-arms", "vividz", "gundam-war", "qiguang"]

PROMPT = "Choose the card to discard from your hand, or pass to keep all of them now"  # 74 chars
LABEL = ("Play Sakura Blade from hand as an attack: 3/1 damage, range 4-5, then move one Sakura "
         "token from Aura to Flare ")  # 112 chars, the longest label measured


def label(i: int) -> str:
    text = f"{i}. {LABEL}"
    return text[:112]


STATUS = ["Sakura Arms - turn 7, main phase, White's turn",
          "Waiting for White: " + ("choose which of the revealed cards to keep " * 3)[:93],
          "White: life 8, aura 3, flare 2, focus 1, hand 4, deck 9, discard 3, enhancements 2 on the table",
          "Red: life 10, aura 2, flare 4, focus 0, hand 5, deck 8, discard 2, enhancements 1 on the table"]


@pytest.fixture
def emu():
    peer = TTSEmulator(editor_port=free_port())
    yield peer
    peer.close()


def load(emu: TTSEmulator, game: str = "sakura-arms") -> None:
    emu.load({"LuaScript": glue.render_global_lua(game), "XmlUI": glue.render_global_xmlui(game),
              "ObjectStates": []})


def run(emu: TTSEmulator, *cmds: dict) -> None:
    """Run glue ops directly in the Global script (B.run), then the batch's UI flush."""
    with emu.lock:
        bridge = emu.vm.globals.TTSBridge
        for c in cmds:
            bridge.run(emu.vm.to_lua(c))
        if bridge.flushUI is not None:
            bridge.flushUI()


def prompt(n: int = 29, color: str = "White", text: str = PROMPT) -> dict:
    return {"op": "prompt", "color": color, "id": "p1", "text": text, "options": [label(i) for i in range(1, n + 1)]}


def node_attrs(emu: TTSEmulator, element_id: str) -> dict:
    node, _ = ui_find(emu.ui_tree, element_id)
    assert node is not None, element_id
    return node.get("attributes") or {}


def test_the_longest_prompt_fits_both_screens_below_the_status_panel_and_scrolls(emu):
    assert len(PROMPT) == 74 and all(len(label(i)) == 112 for i in range(1, 30))
    load(emu)
    run(emu, {"op": "status", "lines": STATUS}, prompt(29))
    attrs = node_attrs(emu, "tb_prompt_White")
    assert str(attrs.get("height", "")).replace(".", "").isdigit()  # an explicit pixel height
    for screen in SCREENS:
        boxes = ui.layout(emu.ui_tree, "White", screen)
        panel, status = ui.box(boxes, "tb_prompt_White"), ui.box(boxes, "tb_status")
        assert panel.visible and ui.fits(panel.rect, screen), (screen, panel.rect)
        assert ui.fits(status.rect, screen)
        assert not ui.overlaps(boxes, "tb_prompt_White", "tb_status"), (panel.rect, status.rect)
        assert panel.rect[1] >= status.rect[1] + status.rect[3]  # below it, on the right
        assert ui.overflowing_texts(boxes) == [], [(b.id, b.text_issues) for b in ui.overflowing_texts(boxes)]
        assert ui.problems(boxes, "White", screen) == []
        scrolls = [b for b in boxes if b.scrollable]
        assert scrolls and all(b.in_scroll == scrolls[0].id for b in boxes if b.id.startswith("tb_opt_White_"))
        # the prompt text stays in view; every option is reachable by scrolling
        assert ui.box(boxes, "tb_prompt_text_White").in_scroll is None
        content = scrolls[0].content
        for b in boxes:
            if b.id.startswith("tb_opt_White_"):
                assert b.rect[1] + b.rect[3] <= content[1] + content[3] + 0.5
    assert len(emu.ui_buttons("White")) == 29
    assert emu.click("White", "tb_opt_White_29")


def test_a_short_prompt_needs_no_scroll_view_and_every_game_s_longest_fits(emu):
    load(emu)
    run(emu, {"op": "status", "lines": STATUS[:1]}, prompt(3))
    for screen in SCREENS:
        boxes = ui.layout(emu.ui_tree, "White", screen)
        assert not any(b.scrollable for b in boxes)
        assert ui.problems(boxes, "White", screen) == []
        assert ui.fits(ui.box(boxes, "tb_prompt_White").rect, screen)


def test_huge_texts_still_fit_the_screen_and_scroll_instead_of_running_off(emu):
    load(emu)
    many = [f"Line {i}: " + LABEL for i in range(12)]
    run(emu, {"op": "status", "lines": many}, prompt(29, text=PROMPT * 8), prompt(2, color="Red", text="漢字" * 60))
    for color in ("White", "Red"):
        for screen in SCREENS:
            boxes = ui.layout(emu.ui_tree, color, screen)
            assert ui.problems(boxes, color, screen) == [], (color, screen)
            assert ui.box(boxes, "tb_status").scrollable
            assert ui.fits(ui.box(boxes, f"tb_prompt_{color}").rect, screen)


def test_nothing_outside_the_panels_blocks_clicks_on_the_table(emu):
    load(emu)
    run(emu, {"op": "status", "lines": STATUS}, prompt(29))
    for color in ("White", "Red"):
        for w, h in SCREENS:
            boxes = ui.layout(emu.ui_tree, color, (w, h))
            panels = [b.drawn for b in boxes if b.visible and b.parent is None and b.drawn]
            for element_id, rect in ui.click_blocking_area(boxes, color, (w, h)):
                assert any(ui._inside(rect, p) for p in panels), (element_id, rect)
            for x, y in [(w / 2, h / 2), (w - 20, h - 3), (w - 20, 30), (w - 200, h - 4), (20, 20)]:
                assert ui.blocks_point(boxes, x, y, color, (w, h)) is None, (color, (w, h), (x, y))
            assert ui.blocked_fraction(boxes, color, (w, h)) < (0.3 if color == "White" else 0.1)


def test_the_other_colour_sees_no_prompt_and_a_clean_status_panel(emu):
    load(emu)
    run(emu, {"op": "status", "lines": STATUS}, prompt(29))
    assert emu.ui_buttons("Red") == []
    assert not emu.click("Red", "tb_opt_White_1")
    for screen in SCREENS:
        boxes = ui.layout(emu.ui_tree, "Red", screen)
        assert not any(b.visible for b in boxes if "White" in b.id)
        assert ui.problems(boxes, "Red", screen) == []


def test_after_load_the_status_panel_says_waiting_for_the_referee(emu):
    load(emu, "kaiju")
    for screen in SCREENS:
        boxes = ui.layout(emu.ui_tree, "White", screen)
        texts = [b.text for b in boxes if b.visible and b.text and b.id.startswith("tb_status")]
        assert any("waiting for the referee" in t and "kaiju" in t for t in texts), texts
        assert ui.problems(boxes, "White", screen) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_save_s_xmlui_shows_the_same_waiting_line_within_its_box(game):
    xml = glue.render_global_xmlui(game)
    for screen in SCREENS:
        boxes = ui.layout(xml, "White", screen)
        line = ui.box(boxes, "tb_status_1")
        assert "waiting for the referee" in line.text and game in line.text
        assert ui.problems(boxes, "White", screen) == [], ui.problems(boxes, "White", screen)
        assert ui.blocked_fraction(boxes, "White", screen) < 0.05


def test_a_batch_rebuilds_the_ui_once(emu):
    load(emu)
    with emu.lock:
        emu.vm.run("local set = UI.setXmlTable; __ui_sets = 0\n"
                   "UI.setXmlTable = function(t) __ui_sets = __ui_sets + 1; return set(t) end", "count")
        bridge = emu.vm.globals.TTSBridge
        for c in [prompt(5), {"op": "status", "lines": STATUS}, {"op": "clear_prompt", "color": "White"},
                  prompt(4, color="Red")]:
            bridge.run(emu.vm.to_lua(c))
        assert emu.vm.globals.__ui_sets == 0  # the ops only mark the UI dirty
        if bridge.flushUI is not None:
            bridge.flushUI()
            bridge.flushUI()  # nothing new: no rebuild
        assert emu.vm.globals.__ui_sets == 1
        assert len(emu.ui_buttons("Red")) == 4 and emu.ui_buttons("White") == []
        # through the bridge's batch handler: one rebuild for the whole batch
        emu.vm.globals.onExternalMessage(emu.vm.to_lua({"cmd": "hello", "token": "t"}))
        emu.vm.globals.onExternalMessage(emu.vm.to_lua({"cmd": "batch", "token": "t", "n": 1, "cmds": [
            prompt(3), {"op": "status", "lines": STATUS[:2]}, {"op": "clear_prompt", "color": "Red"}]}))
        assert emu.vm.globals.__ui_sets == 2
    assert len(emu.ui_buttons("White")) == 3 and emu.ui_buttons("Red") == []


# -- the model itself, on the documented defaults --------------------------------------------
def test_model_defaults_full_size_centre_aligned_blocking_unwrapped():
    boxes = ui.layout([{"tag": "Panel", "attributes": {"id": "p"}, "children": []}], "White", (1280, 720))
    assert boxes[0].rect == (0, 0, 1280, 720) and boxes[0].blocks_clicks  # 100% of the parent
    xml = ('<Panel id="a" width="200" height="50" raycastTarget="false">'
           '<Text id="t">' + "x" * 60 + '</Text></Panel>'
           '<Panel id="b" width="200" height="50" rectAlignment="LowerRight" offsetXY="-10 10"/>')
    boxes = ui.layout(xml, "White", (1280, 720))
    a, t, b = ui.box(boxes, "a"), ui.box(boxes, "t"), ui.box(boxes, "b")
    assert a.rect == (540, 335, 200, 50) and not a.blocks_clicks
    assert t.blocks_clicks and t.text_issues  # Text blocks and, unwrapped, runs past its box
    assert b.rect == (1070, 660, 200, 50)
    assert ui.blocks_point(boxes, 640, 360) == "t" and ui.blocks_point(boxes, 100, 100) is None


def test_model_layout_groups_wrap_truncation_visibility_and_scroll_clipping():
    xml = ('<VerticalLayout id="v" width="300" height="100" padding="10 10 10 10" spacing="5" '
           'childForceExpandHeight="false">'
           '<Text id="w" horizontalOverflow="Wrap" preferredHeight="20">' + "word " * 30 + '</Text>'
           '<Button id="hid" visibility="Red" preferredHeight="30">x</Button>'
           '<Button id="k" preferredHeight="30">ok</Button></VerticalLayout>'
           '<VerticalScrollView id="s" width="100" height="100" rectAlignment="UpperLeft">'
           '<VerticalLayout id="l" height="400"><Button id="b1">1</Button><Button id="b4">4</Button>'
           '</VerticalLayout></VerticalScrollView>')
    boxes = ui.layout(xml, "White", (1280, 720))
    w, k = ui.box(boxes, "w"), ui.box(boxes, "k")
    assert w.rect == (500, 320, 280, 20) and any("truncated" in i for i in w.text_issues)
    assert k.rect == (500, 345, 280, 30)  # the hidden button takes no room for White
    assert not ui.box(boxes, "hid").visible and ui.box(ui.layout(xml, "Red", (1280, 720)), "hid").visible
    s, b1, b4 = ui.box(boxes, "s"), ui.box(boxes, "b1"), ui.box(boxes, "b4")
    assert s.scrollable and s.content == (0, 0, 83, 400)
    assert b1.drawn == (0, 0, 83, 100) and b4.drawn is None and not b4.blocks_clicks
