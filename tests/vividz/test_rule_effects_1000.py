"""Rule effects in priority pre-processing (202, 1001-1005)."""

from tests.vividz.scenario import act, preprocess as _pp, put, started, zone
from engine.games.vividz.state import Made


def test_1002_1_level_up_newest_highest_cost_takes_the_others_as_exp():
    game = started(seed=1, first=0)
    st = game.state
    old = put(game, 0, "Spotlight Rookie", "area", 2)   # cost 1
    under = put(game, 0, "Fan Meeting", "exp")
    st.host[under] = old
    new = put(game, 0, "Lead Vocal Aria", "area", 2)    # cost 3, newer
    _pp(game)
    assert new in st.lvup and st.host[old] == new and st.host[under] == new  # AMB-9
    assert zone(st, 0, "area") == [new]


def test_1002_1_amb7_equal_cost_counts_as_highest():
    game = started(seed=1, first=0)
    st = game.state
    put(game, 0, "Roadie Bram", "area", 1)
    new = put(game, 0, "Stage Manager Ko", "area", 1)  # both cost 2
    _pp(game)
    assert new in st.lvup and len(zone(st, 0, "exp")) == 1


def test_1003_1_illegal_character_trashes_the_others_and_nothing_retires():
    game = started(seed=1, first=0)
    st = game.state
    old = put(game, 0, "Lead Vocal Aria", "area", 3)     # cost 3
    new = put(game, 0, "Spotlight Rookie", "area", 3)    # cost 1, newer
    energy = len(zone(st, 0, "energy"))
    _pp(game)
    assert old in zone(st, 0, "trash") and st.slot.get(new) == 3 and new not in st.lvup
    assert len(zone(st, 0, "energy")) == energy  # 1110.2: not a retire


def test_1003_1_option_newest_trashes_the_newcomer():
    game = started(seed=1, first=0, options={"illegal_character_discards": "newest"})
    st = game.state
    old = put(game, 0, "Lead Vocal Aria", "area", 3)
    new = put(game, 0, "Spotlight Rookie", "area", 3)
    _pp(game)
    assert new in zone(st, 0, "trash") and st.slot.get(old) == 3


def test_1004_305_2_damage_equal_to_power_retires_to_owner_energy_with_exp():
    game = started(seed=1, first=0)
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)  # power 3
    e = put(game, 1, "Smoke Bomb", "exp")
    st.host[e] = c
    st.damage[c] = 3
    _pp(game)
    assert c in zone(st, 1, "energy") and e in zone(st, 1, "energy") and e not in st.host  # 512.3b


def test_1004_1_option_exceeds_keeps_a_character_with_damage_equal_to_power():
    game = started(seed=1, first=0, options={"damage_threshold": "exceeds"})
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)
    st.damage[c] = 3
    _pp(game)
    assert st.slot.get(c) == 2


def test_1004_2_power_zero_or_less_retires():
    game = started(seed=1, first=0)
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)
    st.clock += 1
    st.effects.append(Made(st.clock, "set_power", 0, ((c, st.inc[c]),), 0, c, "turn"))
    _pp(game)
    assert c in zone(st, 1, "energy")


def test_1001_2a_level_up_happens_before_damage_retire():
    """The damaged old card becomes EXP first, so it never retires (and gives no energy)."""
    game = started(seed=1, first=0)
    st = game.state
    old = put(game, 0, "Spotlight Rookie", "area", 2)
    st.damage[old] = 5
    new = put(game, 0, "Lead Vocal Aria", "area", 2)
    energy = len(zone(st, 0, "energy"))
    _pp(game)
    assert st.host.get(old) == new and len(zone(st, 0, "energy")) == energy and old not in st.damage


def test_1005_1_all_three_missions_completed_in_the_mission_phase_wins():
    game = started(seed=1, first=0)
    st = game.state
    for m in zone(st, 0, "mission"):
        st.table.face_down.add(m)
    game.state_changed()
    act(game, {"type": "pass"})
    r = game.result()
    assert r.winner == 0 and r.rule == "1005.1"
