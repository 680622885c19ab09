"""Every Lua chunk the project generates parses under a real MoonSharp-dialect parser
(moonsharp-luaparse, run by node; `make test` installs it), the dialect TTS runs."""

from __future__ import annotations

import pytest

from engine.core.registry import game_ids
from tts_bridge.decks.live import poll_chunk, spawn_chunk
from tts_bridge.emulator import facts
from tts_bridge.glue import lua_string, render_global_lua
from tts_bridge.saves.lua import compile_error, moonsharp_syntax_errors
from tts_bridge.saves.model import Guids, card_object, custom_deck_entry, deck_object, saved_object, transform

NASTY_TEXT = ["《装甲》 ±1 · ① → ↔ ☆", "「引用」『二重』“quotes” ‘single’", "😀 emoji 🀄", "line\nbreak\r\n\ttab",
              'q"uote \\ back]]slash ]==] --[[', "\x00nul \x7f del", "漢字 ü é ß"]


def test_the_checker_rejects_what_moonsharp_rejects():
    # MoonSharp's lexer has no `//`, `&`, `~` (unary), `<<`/`>>` (MOON Tree/Lexer/Lexer.cs)
    bad = {"floor_div": "a = 7 // 2", "band": "a = 1 & 2", "bnot": "a = ~b", "shift": "a = b << 1",
           "unfinished": 'a = "x', "bad_escape": 'a = "\\q"'}
    errors = moonsharp_syntax_errors(bad)
    assert all(errors[name] for name in bad), errors


def test_the_checker_accepts_moonsharp_only_syntax():
    # MoonSharp reads `!=` as `~=` (MOON Tree/Lexer/Lexer.cs, case '!'), has goto (Lua 5.2),
    # `\u{XXXX}` escapes (LexerUtils.UnescapeLuaString) and `|x| expr` lambdas
    good = {"ne": "if a != b then end", "goto": "goto done ::done::", "unicode": 'a = "\\u{1F600}\\u{E9}"',
            "lambda": "f = |x| x * 2", "hex": 'a = "\\x41\\z   b"'}
    assert moonsharp_syntax_errors(good) == {name: None for name in good}


@pytest.mark.parametrize("game", game_ids())
def test_the_global_script_of_every_game_parses_under_moonsharp(game):
    source = render_global_lua(game)
    assert moonsharp_syntax_errors({game: source}) == {game: None}
    assert compile_error(source, game) is None


def _nasty_deck() -> dict:
    guids = Guids("tests/lua-dialect")
    entry = custom_deck_entry("file:///faces/☆ 《装甲》.png", "file:///backs/back.png", 10, 7, True, False)
    cards = [card_object(guids, 100 + n, 1, entry, text, NASTY_TEXT[-1 - n], ["tag ±", "→"],
                         tf=transform(sx=1.2, sz=1.2), gm_notes=f"card-{n} ↔")
             for n, text in enumerate(NASTY_TEXT)]
    return saved_object([deck_object(guids, cards, "デッキ ☆ ±1", tf=transform(), description="《》 → ↔")])


def _real_deck(game: str) -> dict:
    """A deck object of every card of `game`, with the names, descriptions and tags the card
    build gives them (the texts `import-deck --live` sends: ±, 《》, ☆, →, CJK...)."""
    from tts_bridge.assets.games import get_adapter

    adapter = get_adapter(game)
    guids = Guids(f"tests/lua-dialect/{game}")
    entry = custom_deck_entry("file:///faces/sheet.png", "file:///backs/back.png", 10, 7, True, False)
    cards = [card_object(guids, 100 + n, 1, entry, c.title, adapter.description(c), adapter.tags(c), gm_notes=c.id)
             for n, c in enumerate(adapter.cards())]
    return saved_object([deck_object(guids, cards, f"{game} ☆", tf=transform(), tags=[game])])


@pytest.mark.parametrize("game", ["nasty", *game_ids()])
def test_the_lua_that_import_deck_live_sends_parses_under_moonsharp(game):
    saved = _nasty_deck() if game == "nasty" else _real_deck(game)
    chunks = {}
    for n, obj in enumerate(saved["ObjectStates"]):
        key = f"import-123-{n}"
        chunks[f"spawn{n}"] = spawn_chunk(key, obj)
        chunks[f"poll{n}"] = poll_chunk(key)
    assert all(chunk.isascii() for chunk in chunks.values())
    assert moonsharp_syntax_errors(chunks) == {name: None for name in chunks}
    for name, chunk in chunks.items():
        assert compile_error(chunk, name) is None


def test_lua_string_literals_parse_under_moonsharp():
    chunks = {f"s{n}": f"local s = {lua_string(text)}\nreturn s" for n, text in enumerate(NASTY_TEXT)}
    assert moonsharp_syntax_errors(chunks) == {name: None for name in chunks}


def test_every_fact_probe_parses_under_moonsharp_unless_it_must_not():
    probes = {fact.id: fact.probe for fact in facts.FACTS}
    assert probes, "tts_bridge.emulator.facts.FACTS is empty"
    errors = moonsharp_syntax_errors(probes)
    for fact in facts.FACTS:
        if getattr(fact, "parses", True):
            assert errors[fact.id] is None, (fact.id, errors[fact.id])
        else:
            assert errors[fact.id], f"{fact.id}: the probe is meant not to compile under MoonSharp, and it parses"
