"""The table adapter keeps a character's EXP cards inside the EXP zone of the generated save,
however many there are (502.4c: they lie beneath it). Found by the end-to-end table test once
the new random stream dealt a character four EXP cards: the fourth lay past the zone's edge."""

from __future__ import annotations

from tests.vividz.scenario import put, started
from tts_bridge.session.games.vividz import ADAPTER


def test_every_exp_card_of_a_big_stack_lies_in_the_exp_zone():
    game = started()
    st = game.state
    host = put(game, 0, st.table.cards[next(c for c in st.table.zone(0, "deck")
                                             if st.table.cards[c].defn.type == "character")].defn.name, "area", 2)
    for c in list(st.table.zone(0, "deck"))[:6]:
        st.table.move(c, 0, "exp")
        st.host[c] = host
    placed = ADAPTER.placements(game, ["White", "Red"])
    zone = ADAPTER.geo.zones["exp"]
    assert len(st.table.zone(0, "exp")) == 6
    for e in st.table.zone(0, "exp"):  # seat 0 sits at -z: its zones lie where the layout draws them
        z = placed[f"c{e}"].pos[2]
        assert abs(z - zone.z) < zone.h / 2, (e, z, zone)
