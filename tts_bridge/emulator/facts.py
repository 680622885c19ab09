"""What we know about Tabletop Simulator, one named fact each, with where we read it.

The emulator models TTS by these facts and nothing else; `tts-bridge doctor` sends each
fact's `probe` to a real TTS through Execute Lua and compares the answer with `expect`, so a
player with the game checks every assumption in one command. Where TTS is undocumented the
fact lists every plausible behaviour in `variants`: our Lua must work under each, the emulator
can run each (`TTSEmulator(variants={fact_id: name})`), and the doctor says which one the real
game has.

Probes are constant Lua chunks returning a string. Those that need objects use the fixture
that `FIXTURE_SETUP` spawns (a card with a numeric CustomDeck key, a scripting zone and a tile,
parked high above the table, locked) and `FIXTURE_TEARDOWN` removes. A fact with a `step` needs
the player to do something in between (the doctor asks; the emulator test does it itself).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Sources, by tag (repository and path; the audit in shared/reference lists commits):
API = "Berserk-Games/Tabletop-Simulator-API docs/"
KB = "Berserk-Games/Tabletop-Simulator-Knowledge-Base docs/"
MOON = "moonsharp-devs/moonsharp src/MoonSharp.Interpreter/"
SAMPLES = "tests/data/tts-samples/"


@dataclass(frozen=True)
class Fact:
    id: str
    claim: str                  # what TTS does, in one sentence
    source: str                 # where that is written or seen
    probe: str                  # Lua for Execute Lua; returns a string (or raises, see expect)
    expect: str                 # the answer TTS gives if the claim holds ("error" = the chunk fails)
    variants: dict[str, str] = field(default_factory=dict)  # undocumented: behaviour -> its answer
    needs_fixture: bool = False
    step: str = ""              # what the player must do between fixture and probe, if anything
    parses: bool = True         # False for probes that must not compile under MoonSharp

    @property
    def documented(self) -> bool:
        return not self.variants

    def accepts(self, answer: str) -> bool:
        """Whether `answer` is the claimed behaviour (or, undocumented, one we support)."""
        return answer == self.expect or answer in self.variants.values()

    def variant_of(self, answer: str) -> str | None:
        for name, value in self.variants.items():
            if value == answer:
                return name
        return None


# The fixture: one card whose CustomDeck key is the NUMBER 4242, as TTS stores it, a scripting
# zone and a tile, locked high above the table so nothing collides; tagged so teardown finds them.
FIXTURE_SETUP = """
local function spawn(data)
  return spawnObjectData({data = data, position = {x = 0, y = 40, z = 0}})
end
__tb_doctor = {
  card = spawn({Name = "Card", Nickname = "tts-bridge doctor", CardID = 424200, Locked = true,
    Tags = {"tts-bridge-doctor"},
    CustomDeck = {[4242] = {FaceURL = "", BackURL = "", NumWidth = 1, NumHeight = 1,
      BackIsHidden = true, UniqueBack = false, Type = 0}}}),
  zone = spawn({Name = "ScriptingTrigger", Nickname = "tts-bridge doctor", Locked = true,
    Tags = {"tts-bridge-doctor"}, Transform = {scaleX = 6, scaleY = 6, scaleZ = 6}}),
  tile = spawn({Name = "Custom_Tile", Nickname = "tts-bridge doctor", Locked = true}),
}
__tb_doctor_mark = true
-- a hidden test element appended to the Global UI (restored by the teardown)
__tb_doctor_ui = UI.getXmlTable()
local ui = {}
for i, node in ipairs(__tb_doctor_ui or {}) do ui[i] = node end
ui[#ui + 1] = {tag = "Panel", attributes = {id = "tb_doctor_panel", active = false},
  children = {{tag = "Text", attributes = {id = "tb_doctor_text"}, value = "tts-bridge doctor"}}}
UI.setXmlTable(ui)
return "spawning"
"""
FIXTURE_READY = """
if __tb_doctor == nil then return "missing" end
for _, o in pairs(__tb_doctor) do if o.spawning then return "spawning" end end
if UI.getAttribute("tb_doctor_text", "id") == nil then return "spawning" end
return "ready"
"""
FIXTURE_TEARDOWN = """
for _, o in pairs(__tb_doctor or {}) do if not o.isDestroyed() then o.destruct() end end
for _, o in ipairs(getAllObjects()) do
  if o.getName() == "tts-bridge doctor" then o.destruct() end
end
if __tb_doctor_ui ~= nil then
  UI.setXmlTable(__tb_doctor_ui)
else -- after a rewind our copy of the UI is gone: drop just our panel if it came back
  local kept, found = {}, false
  for _, node in ipairs(UI.getXmlTable() or {}) do
    if type(node.attributes) == "table" and node.attributes.id == "tb_doctor_panel" then found = true
    else kept[#kept + 1] = node end
  end
  if found then UI.setXmlTable(kept) end
end
__tb_doctor, __tb_doctor_ui, __tb_doctor_mark = nil, nil, nil
return "removed"
"""

FACTS: list[Fact] = [
    # -- MoonSharp, the Lua interpreter ---------------------------------------------------
    Fact("lua_decimal_escape_is_code_point",
         "A string escape \\ddd is the character U+00dd, not a byte (strings are UTF-16)",
         MOON + "Tree/Lexer/LexerUtils.cs UnescapeLuaString (decimal branch appends ConvertUtf32ToChar)",
         'return tostring("\\226" == "\\u{E2}")', "true"),
    Fact("lua_unicode_escape",
         "\\u{XXXX} escapes give that character",
         MOON + "Tree/Lexer/LexerUtils.cs UnescapeLuaString (the 'u' branch)",
         'return "\\u{41}\\u{263A}" == "A\\u{263A}" and "ok" or "no"', "ok"),
    Fact("lua_length_utf16",
         "# and string.len count UTF-16 code units (U+1F600 is 2, U+00E9 is 1)",
         MOON + "CoreLib/StringModule.cs len (returns String.Length)",
         'return tostring(#"\\u{1F600}") .. " " .. tostring(string.len("\\u{E9}"))', "2 1"),
    Fact("lua_no_floor_division",
         "There is no // operator (a chunk using it does not compile)",
         MOON + "Tree/Lexer/Lexer.cs (no '//' token); API lua-in-tabletop-simulator.md",
         "return tostring(7 // 2)", "error", parses=False),
    Fact("lua_sandbox",
         "load, loadstring, dofile, require, io and debug are absent; os has only clock/date/time/difftime",
         API + "lua-in-tabletop-simulator.md (library table); " + MOON + "Modules/CoreModules.cs",
         "local names = {}\n"
         "for _, n in ipairs({'load', 'loadstring', 'dofile', 'require', 'io', 'debug'}) do\n"
         "  if _G[n] ~= nil then names[#names + 1] = n end\n"
         "end\n"
         "if os ~= nil and os.execute ~= nil then names[#names + 1] = 'os.execute' end\n"
         "return #names == 0 and 'sandboxed' or table.concat(names, ',')", "sandboxed"),
    Fact("lua_error_reported",
         "A Lua error in Global is reported to the editor as message 3 and the call returns nothing "
         "(for an event handler: returns nil, so a veto that errors allows the action)",
         API + "externaleditorapi.md (message 3); events.md (return values)",
         'error("tts-bridge doctor probe")', "error"),
    # -- JSON ------------------------------------------------------------------------------
    Fact("json_number_keys",
         "JSON.encode of a table whose keys are numbers but not a sequence (undocumented)",
         MOON + "Serialization/Json/JsonTableConverter.cs TableToJson drops non-string keys; "
         "TTS's own JSON.encode is not documented for this",
         "return JSON.encode({[3] = 'x'})", "",
         variants={"drop": "{}", "drop_as_array": "[]", "stringify": '{"3":"x"}',
                   "pad": '[null,null,"x"]'}),
    Fact("json_array_is_sequence",
         "JSON.decode of an array gives a 1-based sequence (ipairs works)",
         API + "events.md onLoad example; " + MOON + "Serialization/Json/JsonTableConverter.cs ParseJsonArray",
         "local t = JSON.decode('[\"a\",\"b\"]')\nlocal n = 0\nfor _ in ipairs(t) do n = n + 1 end\n"
         "return tostring(n) .. t[1]", "2a"),
    # -- objects ---------------------------------------------------------------------------
    Fact("customdeck_keys_are_numbers",
         "getData().CustomDeck is keyed by numbers, not strings",
         "Decker (tjakubo2) in public mods: `for deckID in pairs(obj.getData().CustomDeck) do if "
         "deckID >= _nextID`; " + KB + "custom-content/save-file-format.md (CardID is an int)",
         "for k, _ in pairs(__tb_doctor.card.getData().CustomDeck or {}) do return type(k) end\n"
         "return 'none'", "number", needs_fixture=True),
    Fact("object_type_is_category",
         "obj.type is the category (Card, Scripting, Tile, ...), not the save's Name",
         API + "object.md (member `type`; setValue/getValue type table: Counter, Hand, ...); "
         "events.md example `target.type ~= \"Card\"`",
         "return __tb_doctor.card.type .. ',' .. __tb_doctor.zone.type .. ',' .. __tb_doctor.tile.type",
         "Card,Scripting,Tile", needs_fixture=True),
    Fact("custom_content_loads_later",
         "An object's custom image or model loads after it appears: loading_custom is true until then, "
         "and its bounds are not final before",
         API + "object.md (member loading_custom); public mods wait for it before reading bounds "
         "(Spirit Island: Wait.condition(..., function() return not deck.loading_custom end))",
         "return type(__tb_doctor.tile.loading_custom)", "boolean", needs_fixture=True),
    Fact("unknown_member_raises",
         "Reading a member an Object does not have raises an error",
         API + "object.md (members are a fixed list); MoonSharp userdata descriptors raise on unknown names",
         "local ok = pcall(function() return __tb_doctor.card.no_such_member end)\n"
         "return ok and 'nil' or 'raises'", "raises", needs_fixture=True),
    Fact("get_all_objects_skips_hands",
         "getAllObjects() returns every object except hand zones",
         API + "base.md getAllObjects (\"all Objects in the game except hand zones\")",
         "for _, o in ipairs(getAllObjects()) do if o.type == 'Hand' then return 'included' end end\n"
         "return #Hands.getHands() > 0 and 'excluded' or 'no hand zones'", "excluded"),
    # -- UI --------------------------------------------------------------------------------
    Fact("player_action_type",
         "Player.Action is a table of names to numbers, or a userdata enum (undocumented: the glue "
         "only compares `action == Player.Action.PickUp`)",
         API + "player/manager.md (\"a list of player actions is available as Player.Action\")",
         "return type(Player.Action) .. ':' .. type(Player.Action.PickUp)", "",
         variants={"table": "table:number", "userdata": "userdata:number",
                   "userdata_enum": "userdata:userdata"}),
    Fact("player_action_compares",
         "onPlayerAction's `action` equals Player.Action.<Name>",
         API + "events.md onPlayerAction (\"action: Player.Action\"), its example compares directly",
         "return tostring(Player.Action.PickUp ~= nil and Player.Action.PickUp == Player.Action.PickUp)",
         "true"),
    Fact("ui_size_defaults_to_parent",
         "An XmlUI element without width/height is 100% of its parent's size",
         API + "ui/attributes.md (width, height: default 100%)",
         'return tostring(UI.getAttribute("tb_doctor_text", "width"))', "100%", needs_fixture=True),
    Fact("ui_raycast_default",
         "raycastTarget defaults to true: an element blocks clicks on the table under it",
         API + "ui/attributes.md (raycastTarget: default true)",
         'return tostring(UI.getAttribute("tb_doctor_text", "raycastTarget"))', "true", needs_fixture=True),
    Fact("ui_text_no_wrap",
         "Text does not wrap by default (horizontalOverflow defaults to Overflow)",
         API + "ui/attributes.md Text (horizontalOverflow: default Overflow)",
         'return tostring(UI.getAttribute("tb_doctor_text", "horizontalOverflow"))', "Overflow",
         needs_fixture=True),
    Fact("zone_tags_filter",
         "A tagged zone sees only objects sharing one of its tags (snap points likewise)",
         KB + "game-tools/object-tags.md (\"Standard Interaction Rules\"); SI save: tagged snaps and cards",
         "local seen = {}\nfor _, o in ipairs(__tb_doctor.zone.getObjects()) do seen[o.getGUID()] = true end\n"
         "local card = seen[__tb_doctor.card.getGUID()] and 'card' or '-'\n"
         "local tile = seen[__tb_doctor.tile.getGUID()] and 'tile' or '-'\n"
         "return card .. ',' .. tile", "card,-", needs_fixture=True),
    # -- the table ------------------------------------------------------------------------
    Fact("hand_zone_faces_centre",
         "Hand zones and cards face the table centre by seat side: a hand zone at -z has rotY 0 and "
         "one at +z rotY 180; cards and decks on the -z side lie at rotY 180, on the +z side at 0",
         SAMPLES + "isaac-four-souls-script-injector-save.json (White/Red hands at z -20 rotY 0, "
         "Blue/Green at z +20 rotY 180; every card and deck rotY 180); spirit-island-full-save.json "
         "(every hand at -z rotY 0; 26 cards and 34 decks of the -z players at rotY 180); SCED PR #965",
         "local function off(r, want) return math.abs(((r - want) + 180) % 360 - 180) end\n"
         "local hands, away = 0, 0\n"
         "for _, h in ipairs(Hands.getHands()) do\n"
         "  local p, r = h.getPosition(), h.getRotation()\n"
         "  if math.abs(p.z) > 1 then\n"
         "    hands = hands + 1\n"
         "    if off(r.y, p.z < 0 and 0 or 180) >= 45 then away = away + 1 end\n"
         "  end\nend\n"
         "if hands == 0 then return 'no hand zones' end\n"
         "if away > 0 then return 'hands away' end\n"
         "local cards, wrong = 0, 0\n"
         "for _, o in ipairs(getAllObjects()) do\n"
         "  if o.type == 'Card' or o.type == 'Deck' then\n"
         "    local p, r = o.getPosition(), o.getRotation()\n"
         "    if math.abs(p.z) > 3 then\n"
         "      cards = cards + 1\n"
         "      if off(r.y, p.z < 0 and 180 or 0) >= 45 then wrong = wrong + 1 end\n"
         "    end\n  end\nend\n"
         "if wrong * 2 > cards then return 'cards away' end\nreturn 'centre'",
         "centre"),
    Fact("onload_reruns_on_rewind",
         "A rewind runs onLoad again in a fresh Lua state (the session token is gone)",
         API + "events.md onLoad (\"...as well as when a user rewinds\"); onSave (rewind checkpoints)",
         "return __tb_doctor_mark == nil and 'fresh' or 'kept'",
         "fresh", step="Rewind the table one step (the rewind arrow at the top), then press Enter."),
]

BY_ID = {f.id: f for f in FACTS}


def default_variants() -> dict[str, str]:
    """The behaviour the emulator runs when a test does not choose one: the least forgiving."""
    return {"json_number_keys": "drop", "player_action_type": "userdata"}
