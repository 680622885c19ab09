"""Keyword actions (1100), missions (1113, 1114, 704.2) and game end (101)."""

from engine.games.vividz import RULES
from engine.games.vividz import effects as fx
from engine.games.vividz.state import Answers, Resolving

from tests.vividz.scenario import act, defn, my_main, put, refused, run_ability, zone


def test_1101_2_zero_damage_is_no_damage():
    game = my_main()
    c = put(game, 1, "Phantom Cat Noir", "area", 2)
    fx.deal_damage(game.state, c, 0, c, "effect")
    assert c not in game.state.damage


def test_1104_3_sleep_effects_do_nothing_outside_area_and_account():
    game = my_main()
    st = game.state
    st.flow.asking = None
    source = zone(st, 0, "account")[0]
    frame = Resolving(source, 0, (), 0, Answers(choice=zone(st, 1, "mission")[0]), st.inc[source])
    fx.REGISTRY.resolve(st, {"sleep": {"to": "choose_opp"}}, fx.WordContext(0, source, frame))
    assert not any(m in st.sleep for m in zone(st, 1, "mission"))  # AMB-19


def test_1105_2_shuffling_an_empty_deck_is_still_a_shuffle():
    game = my_main()
    st = game.state
    for c in list(zone(st, 0, "deck")):
        st.table.move(c, 0, "trash")
    fx.shuffle(st, 0)
    assert st.events[-1].data == {"type": "shuffle", "seat": 0, "rule": "1105.1"}


def test_1108_3_revealed_card_that_stays_in_the_deck_causes_a_shuffle():
    game = my_main()
    st = game.state
    top = next(c for c in zone(st, 0, "deck") if defn(st, c).trait != "Traveler")
    zone(st, 0, "deck").remove(top)
    zone(st, 0, "deck").insert(0, top)
    calls = st.rng.calls
    run_ability(game, 0, [{"reveal_top": {"trait": "Traveler"}}])
    assert top in zone(st, 0, "deck") and st.rng.calls == calls + 1


def test_1110_1_retire_moves_character_and_exp_to_owner_energy():
    game = my_main()
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)
    e = put(game, 1, "Smoke Bomb", "exp")
    st.host[e] = c
    run_ability(game, 0, [{"retire": {"to": "all_opp"}}])
    assert c in zone(st, 1, "energy") and e in zone(st, 1, "energy")


def test_1111_1_remove_from_the_game():
    game = my_main()
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)
    run_ability(game, 0, [{"remove": {"to": "all_opp"}}])
    assert c in zone(st, 1, "remove")


def test_1112_become_exp_and_1112_2_nothing_without_the_character():
    game = my_main()
    st = game.state
    c = put(game, 0, "Spotlight Rookie", "area", 2)
    deck = len(zone(st, 0, "deck"))
    run_ability(game, 0, [{"exp": {"from": "deck_top", "to": "own_center"}}])
    assert len(zone(st, 0, "exp")) == 1 and st.host[zone(st, 0, "exp")[0]] == c
    st.table.move(c, 0, "trash")
    game.state_changed()
    run_ability(game, 0, [{"exp": {"from": "deck_top", "to": "own_center"}}])
    assert len(zone(st, 0, "deck")) == deck - 1


def test_1115_scout_effect_puts_a_card_without_scout_mark_into_energy():
    game = my_main()
    st = game.state
    top = next(c for c in zone(st, 0, "deck") if not defn(st, c).scout)
    zone(st, 0, "deck").remove(top)
    zone(st, 0, "deck").insert(0, top)
    run_ability(game, 0, [{"scout": True}])
    assert top in zone(st, 0, "energy")


def test_1116_slide_and_1117_reload():
    game = my_main()
    st = game.state
    c = put(game, 0, "Spotlight Rookie", "area", 1)
    run_ability(game, 0, [{"slide": {"to": "choose_own"}}])
    assert st.slot[c] == 2  # the only adjacent empty slot of a Side is the Center
    ch = put(game, 0, "Roadie Bram", "trash")
    ev = put(game, 0, "Fan Meeting", "trash")
    run_ability(game, 0, [{"reload": True}])
    assert ch in zone(st, 0, "deck") and ev in zone(st, 0, "trash")  # events stay in the Trash


def test_1106_draw_from_an_empty_deck_draws_nothing_and_does_not_lose():
    game = my_main()
    st = game.state
    for c in list(zone(st, 0, "deck")):
        st.table.move(c, 0, "trash")
    hand = len(zone(st, 0, "hand"))
    run_ability(game, 0, [{"draw": 2}])
    assert len(zone(st, 0, "hand")) == hand and game.result() is None


def test_102_11_choose_number_offers_whole_numbers_from_zero():
    game = my_main()
    run_ability(game, 0, [{"choose_number": {"max": 2, "then": "draw"}}])
    req = game.pending()
    assert req.kind == "number" and [o.action["value"] for o in req.options] == [0, 1, 2]
    assert refused(game, {"type": "number", "value": 3}).rule == "102.11"


def test_1113_check_needs_met_conditions_and_sleeps_the_mission():
    game = my_main()
    st = game.state
    opening = next(m for m in zone(st, 0, "mission") if defn(st, m).name == "Opening Night")  # 2+ characters
    assert refused(game, {"type": "check", "mission": opening}).rule == "1113.1"
    put(game, 0, "Spotlight Rookie", "area", 1)
    put(game, 0, "Roadie Bram", "area", 3)
    act(game, {"type": "check", "mission": opening})
    assert opening in st.sleep
    assert refused(game, {"type": "check", "mission": opening}).rule == "1113.2"


def test_704_2_checked_mission_clears_when_met_else_unchecks():
    game = my_main()
    st = game.state
    ms = {defn(st, m).name: m for m in zone(st, 0, "mission")}
    st.sleep.update({ms["Opening Night"], ms["Backstage Pass"]})
    st.successes[0] = 1  # Opening Night clears on a successful attack this turn
    put(game, 0, "Spotlight Rookie", "hand")
    while len(zone(st, 0, "hand")) < 6:
        put(game, 0, "Roadie Bram", "hand")  # Backstage Pass needs hand <= 4: not met
    act(game, {"type": "pass"})
    assert ms["Opening Night"] in st.table.face_down and ms["Backstage Pass"] not in st.sleep
    assert ms["Backstage Pass"] not in st.table.face_down
    assert refused(game, {"type": "keep", "card": ms["Opening Night"]}).rule == "705.2"


def test_1114_clear_effect_completes_a_checked_mission_and_304_1b_it_cannot_be_checked_again():
    game = my_main()
    st = game.state
    m = zone(st, 0, "mission")[0]
    st.sleep.add(m)
    run_ability(game, 0, [{"clear_mission": True}])
    assert m in st.table.face_down
    assert refused(game, {"type": "check", "mission": m}).rule == "304.1b"


def test_101_4_concede_at_any_time_and_101_2_the_other_player_wins():
    game = my_main()
    RULES.concede(game.state, 1)  # not seat 1's decision: conceding needs no priority
    game.state_changed()
    r = game.result()
    assert r.winner == 0 and r.rule == "101.4" and game.pending() is None


def test_101_3_both_losing_at_once_is_a_draw():
    from engine.games.vividz import flow
    game = my_main()
    flow.finish(game.state, [0, 1], "both lost", "101.3")
    assert game.result().draw and game.result().winner is None


def test_1110_max_power_retires_only_characters_with_power_n_or_less():
    """1110 / 911: "retire one of your opponent's characters with power 3 or less" (`max_power: 3`,
    sample card Alley Sweep): the choice offers only characters whose current power is 3 or less,
    and a fixed scope affects only those."""
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 1)  # power 3
    vell = put(game, 1, "Masked Thief Vell", "area", 2)  # power 2
    oz = put(game, 1, "Vault Cracker Oz", "area", 3)  # power 4
    run_ability(game, 0, [{"retire": {"to": "choose_opp", "max_power": 3}}])
    req = game.pending()
    offered = {o.action.get("card") for o in req.options}
    assert cat in offered and vell in offered and oz not in offered
    refused(game, {**req.options[0].action, "card": oz}, seat=req.seat)
    act(game, {**req.options[0].action, "card": cat}, seat=req.seat)
    assert cat not in zone(st, 1, "area") and oz in zone(st, 1, "area")
    run_ability(game, 0, [{"damage": {"amount": 1, "to": "all_opp", "max_power": 3}}])
    assert oz not in st.damage and st.damage.get(vell) == 1

