"""Table geometry shared with the asset pipeline, and card faces taken from the table save."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session.demo import TableBots
from tts_bridge.session.games.geometry import Geometry
from tts_bridge.session.games.kaiju import ADAPTER, FALLBACK_ZONES

from tests.session.helpers import Table

RULES = get_rules("kaiju")


@pytest.mark.parametrize("geo", [ADAPTER.geo, Geometry(FALLBACK_ZONES)], ids=["asset", "fallback"])
def test_every_slot_lies_in_its_own_zone_for_both_seats(geo):
    for name, zone in geo.zones.items():
        count = max(zone.slots, 3)
        for i in range(count):
            for seat in (0, 1):
                pos = geo.world(seat, name, i, count)
                assert geo.zone_at(*geo.to_local(seat, pos)) == name, (name, i, seat)


def test_the_bridge_uses_the_asset_pipelines_kaiju_zones():
    from tts_bridge.assets.games.kaiju import ADAPTER as ASSET

    assert ADAPTER.geo.source == "asset adapter"
    assert set(ADAPTER.geo.zones) == {z.name for z in ASSET.zones}


def test_cards_get_their_faces_from_the_table_save_and_hidden_ones_only_a_back(tmp_path, generated_save):
    save = generated_save("kaiju")
    decks = [o for o in save["ObjectStates"] if o["Name"] == "Deck"]
    backs = {e["BackURL"] for d in decks for e in d["CustomDeck"].values()}
    assert decks and backs
    t = Table(Game(RULES, seed=6), tmp_path, save)
    try:
        bots = TableBots(t.emu, t.session, seed=6, cheat_rate=0.0)
        bots.cheats_tried = 1
        for _ in range(12):
            bots.step()
        for deck in decks:  # the save's sample decks were cleared: the engine deals
            assert t.emu.by_guid(deck["GUID"]) is None
        faced = hidden = 0
        for ref, p in t.session.shown.items():
            data = t.emu.by_guid(t.session.guids[ref]).data
            if p.identity is not None and p.kind == "card":
                assert data["CardID"] == t.session.faces[p.card]["CardID"] and data["GMNotes"] == p.card
                faced += 1
            else:
                assert data["CardID"] == 99900 and data["CustomDeck"]["999"]["FaceURL"] in backs
                assert data.get("GMNotes", "") == ""
                hidden += 1
        assert faced > 5 and hidden >= 2
    finally:
        t.close()
