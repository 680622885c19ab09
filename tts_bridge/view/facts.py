"""What the view assumes about how TTS lays the table out, one named fact each with its source
(the same shape as `tts_bridge.emulator.ui.UI_FACTS`). "estimate" marks what nothing we found
documents; the picture is then a best guess, and the fact says so."""

from __future__ import annotations

API = "Berserk-Games/Tabletop-Simulator-API docs/"
KB = "Berserk-Games/Tabletop-Simulator-Knowledge-Base docs/"
SAMPLES = "tests/data/tts-samples/"

VIEW_FACTS: dict[str, tuple[str, str]] = {
    "view_top_down": ("seen from above, world +x is to the right and +z away from a player sitting at -z "
                      "(Unity's left-handed axes, y up)",
                      "Unity manual (left-handed coordinates); " + SAMPLES + "isaac-four-souls-script-injector-save.json "
                      "(White and Red hands at z -20, across the table from Blue and Green at z +20)"),
    "view_seat_side": ("a colour sits behind its hand zone, which faces the table: rotY 0 for a seat at -z, "
                       "180 at +z, 90 at -x, 270 at +x",
                       KB + "game-tools/zone-tools.md (Hand Zone: it also determines where the player sits); "
                       + SAMPLES + "isaac-four-souls-script-injector-save.json (hands at -z rotY 0, +z 180, "
                       "-x 90, +x 270); tts_bridge/emulator/facts.py hand_zone_faces_centre"),
    "view_image_top": ("the top of a card, tile or board image at rotY 0 points to world -z, so at rotY 180 it "
                       "reads upright for the player at -z; rotY turns it clockwise seen from above",
                       "tts_bridge/saves/table.py CARD_SPIN (every card and deck of the -z players in the Spirit "
                       "Island and Isaac saves lies at rotY 180); a public mod's notes (The King's Dilemma Helper, "
                       "'TTS Notes': 'the top of the image shows in negative Z-direction')"),
    "view_face_down": ("a card or deck turned over (rotZ 180) shows its back to everyone",
                       API + "object.md (is_face_down); tts_bridge/emulator/table.py TableObject.is_face_down"),
    "view_hand_hiding": ("with Hands.hiding Default (save Hands.Hiding 0) the contents of a player's hand are "
                         "visible only to its owner: the others see backs",
                         API + "hands.md (hiding: 1 Default, only visible to the owner); "
                         "KB custom-content/save-file-format.md (HidingType: 0 = Default in the save)"),
    "view_hand_holds": ("a hand zone holds the objects in it: they are in the player's hand, not on the table top "
                        "(hand zones themselves straddle the table's edge)",
                        API + "hands.md (enable: whether hand zones hold objects); " + SAMPLES
                        + "isaac-four-souls-script-injector-save.json (hands at z +-20.1 and x +-30)"),
    "view_card_faces": ("a card's face is cell CardID % 100 of the CustomDeck entry CardID // 100, counted left to "
                        "right, top to bottom over NumWidth x NumHeight; its back is BackURL (a sheet of the same "
                        "grid when UniqueBack)",
                        KB + "custom-content/save-file-format.md (CardID, CustomDeck); " + SAMPLES
                        + "tts-tools-keyorder-card.json (key 3398, CardID 339806 on a 6x2 sheet)"),
    "view_deck_top": ("a face-down deck shows the back of ContainedObjects[0], the card dealt first; a face-up "
                      "deck is drawn with the face of that same card",
                      "tts_bridge/saves/model.py deck_object (index 0 = top card); estimate for face-up decks"),
    "view_card_size": ("a card at scale 1 covers 2.2 x 3.0 units", "tts_bridge/emulator/table.py bounds_size"),
    "view_board_size": ("a board covers the size its GMNotes give (the glue scales it to that in onLoad)",
                        "tts_bridge/emulator/table.py bounds_size; templates/lua/global.lua.j2 sizeBoard"),
    "view_token_size": ("tiles, tokens, bags and dice cover about 2 units per unit of scale; a counter about "
                        "1.6 x 0.9", "estimate (the saves lay 0.25-scale tokens 0.55 apart)"),
    "view_table_surface": ("Table_RPG's flat top spans about x -28..28 and z -20..20; what lies beyond it falls "
                           "off unless locked",
                           "public mods: YossiTurgeman/WarHams tts/generate-save.js ('Table_RPG usable area: X ~ "
                           "+-27, Z ~ +-19 ... objects beyond this fall off'); a mod measuring it with Physics.cast "
                           "('flat surface runs to x = 28 and its raised rim starts at x = 29'); " + SAMPLES
                           + "isaac-four-souls-script-injector-save.json (hands at the edge, z +-20.1)"),
    "view_ui_over_table": ("the Global UI is drawn over the 3D view, in screen pixels",
                           API + "ui.md; tts_bridge/emulator/ui.py (the layout model)"),
}

# Half width and half depth of the flat top of each table we know (fact view_table_surface).
TABLE_SURFACES: dict[str, tuple[float, float]] = {"Table_RPG": (28.0, 20.0)}
DEFAULT_SURFACE = TABLE_SURFACES["Table_RPG"]
