"""Zone facts are stated once (#15, Scope 5): a board zone the engine declares is captioned with
the engine's label (`ZoneSpec.label` in engine/games/<pkg>/state.py) and carries its rule; a
board zone the engine does not declare is listed as board-only, so a misspelt name fails."""

from __future__ import annotations

import dataclasses
import importlib
import re

import pytest

from engine.core.registry import get_rules
from tts_bridge.assets.board import on_board, overflowing_captions
from tts_bridge.assets.games import Zone, buildable_games, get_adapter

GAMES = buildable_games()[0]


def declared(game: str) -> dict:
    """The game's zone declarations, read from its engine package (not through the adapter):
    `ZONES`, and for sakura-arms the zones that hold tokens or goddesses (`CARDLESS_ZONES`)."""
    package = ".".join(type(get_rules(game)).__module__.split(".")[:3])
    state = importlib.import_module(f"{package}.state")
    return {z.name: z for z in (*state.ZONES, *getattr(state, "CARDLESS_ZONES", ()))}


def engine_words(label: str) -> str:
    """The engine's label as a board prints it: first letter capitalised, no leading article."""
    words = re.sub(r"^(a|an|the) ", "", label, flags=re.IGNORECASE)
    return words[:1].upper() + words[1:]


def test_five_games_are_checked():
    assert {"kaiju", "qiguang", "gundam-war", "sakura-arms", "vividz"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_caption_of_an_engine_zone_is_the_engines_label(game):
    adapter, specs = get_adapter(game), declared(game)
    checked = 0
    for seat in (0, 1):
        for box in adapter.zones:
            zone = adapter.zone_for(seat, box)
            spec = specs.get(zone.name)
            if spec is None:
                continue
            note = getattr(zone, "note", "")  # layout advice after the engine's name ("(tuck under)")
            expected = engine_words(spec.label) + (f" {note}" if note else "")
            assert spec.label and zone.label == expected, (game, zone.name, zone.label, spec.label)
            assert zone.rule == spec.rule, (game, zone.name)
            checked += 1
    assert checked >= 2 * 8, f"{game}: too few of the board's zones are engine zones ({checked // 2})"


@pytest.mark.parametrize("game", GAMES)
def test_every_board_zone_the_engine_does_not_declare_is_listed_as_board_only(game):
    adapter, specs = get_adapter(game), declared(game)
    names = {z.name for z in adapter.zones}
    assert names - set(specs) == set(adapter.board_only), game
    assert not set(adapter.board_only) & set(specs), f"{game}: an engine zone is listed as board-only"


@pytest.mark.parametrize("game", GAMES)
def test_the_adapter_reads_the_engines_own_declaration(game):
    assert {s.name: s for s in get_adapter(game).engine_zones} == declared(game)


def test_a_misspelt_zone_name_is_refused_when_the_adapter_is_made():
    adapter = get_adapter("kaiju")
    typo = (*adapter.zones, Zone("rfit", 0, 0, 2.8, 3.8))
    with pytest.raises(ValueError, match="'rfit' is not one of the engine's zones"):
        dataclasses.replace(adapter, zones=typo)


def test_a_hand_written_caption_of_an_engine_zone_is_refused():
    adapter = get_adapter("kaiju")
    zones = tuple(Zone("rift", z.x, z.z, z.w, z.h, "Rift") if z.name == "rift" else z for z in adapter.zones)
    with pytest.raises(ValueError, match="'rift' writes its own caption 'Rift'"):
        dataclasses.replace(adapter, zones=zones)


def test_a_board_note_follows_the_engines_name():
    spirit = next(z for z in get_adapter("kaiju").zones if z.name == "spirit")
    assert spirit.label == "Spirit zone (cost total > 15 loses)" and spirit.rule == "KJ-2.6"


@pytest.mark.parametrize("game", GAMES)
def test_every_board_caption_fits_its_box(game):
    """The captions now come from the engine's labels, which its engineers may lengthen: each
    must still fit its box on the board image at the smallest type size."""
    adapter = get_adapter(game)
    assert on_board(adapter)
    assert overflowing_captions(adapter) == [], game
