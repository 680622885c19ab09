"""Zone facts are stated once (engine/games/gundam_war/state.py ZONES): what players call each
zone and the rule that says what goes there. The table adapter reads them from there."""

from __future__ import annotations

from engine.core.errors import Refusal
from engine.games.gundam_war.state import ZONES
from tts_bridge.session.games import DropSite
from tts_bridge.session.games.gundam_war import ADAPTER

from tests.gundam_war.scenario import arrange, game


def test_every_zone_the_table_draws_has_a_label_and_a_rule():
    declared = {z.name: z for z in ZONES}
    drawn = set(ADAPTER.geo.zones) | set(ADAPTER.areas)
    assert drawn <= set(declared)
    for name in drawn | {"set"}:
        assert declared[name].label and declared[name].rule.startswith("GW-"), name


def test_a_refused_drop_names_the_zone_by_its_declaration():
    """GW-B-4.3.8: a hand card dropped on the opponent's Junk Yard is refused with the Junk Yard's
    rule and name from the declaration."""
    g = game()
    placed = arrange(g, 0, hand=("Ivory Colony",))
    card = placed["Ivory Colony"]
    junk = next(z for z in ZONES if z.name == "junk")
    refusal = ADAPTER.no_move(g, 0, card, DropSite(1, "junk", None))
    assert isinstance(refusal, Refusal)
    assert refusal.rule == junk.rule
    assert f"your opponent's {junk.label}" in refusal.message
