"""Remaining checklist items: Temporary zone (904.2e), locked costs (904.2d), mission abilities
only face up (304.1b, AMB-20), the attacker replaced by its own level-up (AMB-23)."""

from engine.games.vividz.state import power

from tests.vividz.scenario import act, defn, main_turn, put, started, zone


def test_904_2e_a_played_card_waits_in_the_temporary_zone_while_costs_are_paid():
    game = started(seed=1, first=0)
    st = game.state
    c = put(game, 0, "Lead Vocal Aria", "hand")
    for name in ("Fan Meeting", "Roadie Bram", "Stage Fright"):
        put(game, 0, name, "energy")
    act(game, {"type": "play", "card": c, "slot": 1})
    if game.pending().kind == "pay":
        assert zone(st, 0, "temporary") == [c]
        assert game.view(1)["players"][0]["temporary"][0]["id"] == c  # 904.2b: revealed to both
        while game.pending().kind == "pay":
            act(game, game.pending().options[0].action)
    assert zone(st, 0, "temporary") == [] and st.slot[c] == 1


def test_904_2d_the_cost_is_locked_when_determined():
    game = started(seed=1, first=0)
    st = game.state
    lux = put(game, 0, "Encore Star Lux", "hand")
    put(game, 0, "Spotlight Rookie", "area", 2)
    for name in ("Fan Meeting", "Roadie Bram", "Stage Fright"):
        put(game, 0, name, "energy")
    energy = len(zone(st, 0, "energy"))
    act(game, {"type": "play", "card": lux, "slot": 2})  # 4 - 1 (cost-reduction icon) = 3
    while game.pending().kind == "pay":
        act(game, game.pending().options[0].action)
    assert len(zone(st, 0, "energy")) == energy - 3 and lux in st.lvup  # and it levelled up (1002.1)


def test_304_1b_amb20_a_completed_mission_loses_its_abilities():
    game = started(seed=1, first=0)
    st = game.state
    ko = put(game, 0, "Stage Manager Ko", "area", 1)
    assert power(st, ko) == 4  # Backstage Pass: Crew +1
    bp = next(m for m in zone(st, 0, "mission") if defn(st, m).name == "Backstage Pass")
    st.table.face_down.add(bp)
    st.clock += 1
    assert power(st, ko) == 3


def test_amb23_attacker_replaced_by_its_own_level_up_deals_no_damage_and_does_not_succeed():
    game = main_turn(started(seed=1, first=0), 3)
    st = game.state
    rookie = put(game, 0, "Spotlight Rookie", "area", 2)   # cost 1
    target = put(game, 1, "Decoy Double", "area", 2)
    mina = next(c for c in zone(st, 0, "deck") if defn(st, c).name == "Light Tech Mina")  # cost 1, Scout mark
    zone(st, 0, "deck").remove(mina)
    zone(st, 0, "deck").insert(0, mina)
    act(game, {"type": "attack", "card": rookie})
    act(game, {"type": "pass"}, seat=1)
    act(game, {"type": "use", "slot": 2})   # Mina enters the attacker's slot
    while game.pending().kind != "main":
        req = game.pending()
        act(game, next((o.action for o in req.options if o.action["type"] in ("decline", "pass")
                        or o.action == {"type": "may", "use": False}), req.options[0].action))
    assert st.host.get(rookie) == mina and mina in st.lvup
    assert st.successes[0] == 0 and st.battle_retires[0] == 0  # Mina's enter effect, not the battle, removed it
    assert target not in zone(st, 1, "area")
