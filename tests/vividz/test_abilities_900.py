"""Abilities and effects (901-914): activation, triggers, continuous and replacement effects,
last known information, sources."""

import dataclasses

from tests.vividz.scenario import act, defn, main_turn, my_main, preprocess, put, refused, started, zone
from engine.games.vividz import effects as fx
from engine.games.vividz.state import Answers, Delayed, Made, Resolving, power, traits


def _quiet(game):
    while game.pending().kind != "main":
        req = game.pending()
        game.act(req.seat, next((o.action for o in req.options if o.action["type"] in ("pass", "decline", "done", "skip")
                                 or o.action == {"type": "may", "use": False}), req.options[0].action))


def test_907_1a_sleep_cost_refused_when_the_source_is_asleep():
    game = my_main()
    st = game.state
    acc = zone(st, 0, "account")[0]  # Lumen Studio: [Act][Account] (sleep)
    st.sleep.add(acc)
    game.state_changed()
    assert refused(game, {"type": "activate", "card": acc, "ability": 0}).rule == "907.1a"


def test_903_1c_trash_validity_ability_works_only_in_the_trash():
    game = main_turn(started(seed=2, first=1), 2)  # seat 0 plays Lumen; give seat 1's turn
    game = main_turn(game, 3)
    st = game.state
    tp = st.tp
    assert tp == 1
    ghost = put(game, 1, "Ghost Lookout", "area", 1)
    assert refused(game, {"type": "activate", "card": ghost, "ability": 0}).rule == "903.1"
    st.table.move(ghost, 1, "trash")
    put(game, 1, "Smoke Bomb", "energy")
    hand = len(zone(st, 1, "hand"))
    act(game, {"type": "activate", "card": ghost, "ability": 0})
    _quiet(game)
    assert ghost in zone(st, 1, "remove") and len(zone(st, 1, "hand")) == hand + 1


def test_1201_accel_reveals_and_may_use_a_matching_card_for_free():
    game = my_main()
    st = game.state
    pia = put(game, 0, "Backup Singer Pia", "area", 1)
    top = next(c for c in zone(st, 0, "deck") if defn(st, c).name == "Spotlight Rookie")
    zone(st, 0, "deck").remove(top)
    zone(st, 0, "deck").insert(0, top)
    act(game, {"type": "activate", "card": pia, "ability": 0})
    assert pia in st.sleep and game.pending().kind == "use"
    act(game, {"type": "use", "slot": 3})
    assert st.slot.get(top) == 3


def test_1201_3_accel_non_matching_card_goes_to_energy():
    game = my_main()
    st = game.state
    pia = put(game, 0, "Backup Singer Pia", "area", 1)
    top = next(c for c in zone(st, 0, "deck") if defn(st, c).trait == "Crew")
    zone(st, 0, "deck").remove(top)
    zone(st, 0, "deck").insert(0, top)
    act(game, {"type": "activate", "card": pia, "ability": 0})
    assert top in zone(st, 0, "energy")


def test_908_2a_turn_player_orders_simultaneous_triggers():
    game = main_turn(started(seed=1, first=1), 3)
    st = game.state
    assert st.tp == 1
    put(game, 0, "Spotlight Rookie", "area", 1)
    blade = put(game, 1, "Mercenary Blade", "area", 2)
    vell = put(game, 1, "Masked Thief Vell", "hand")
    act(game, {"type": "play", "card": vell, "slot": 1})
    while game.pending().kind == "pay":
        act(game, game.pending().options[0].action)
    req = game.pending()
    assert req.kind == "trigger" and req.seat == 1 and len(req.options) == 2  # Vell's enter + Blade's ally_enter
    act(game, req.options[1].action)
    _quiet(game)
    assert st.pending == [] and power(st, blade) == 4 + 1


def test_908_3c_each_card_put_into_energy_is_one_layer():
    game = my_main()
    st = game.state
    kid = put(game, 1, "Power Cell Kid", "area", 2)  # +1 per card into its Energy in the opponent's turn
    victim = put(game, 1, "Decoy Double", "area", 1)
    exp = put(game, 1, "Smoke Bomb", "exp")
    st.host[exp] = victim
    st.damage[victim] = 5
    preprocess(game)  # the victim and its EXP go to Energy together: two layers
    assert sum(1 for p in st.pending if p.card == kid) == 2
    _quiet(game)
    assert victim in zone(st, 1, "energy") and exp in zone(st, 1, "energy")
    assert power(st, kid) == 2 + 2


def test_908_4_delayed_trigger_fires_once_at_the_next_end_draw():
    game = my_main()
    st = game.state
    st.delayed.append(Delayed("start_end_draw", zone(st, 0, "account")[0], 0, ({"draw": 1},)))
    game.state_changed()
    act(game, {"type": "pass"})
    while game.pending().kind in ("keep", "charge"):
        act(game, {"type": "skip"} if game.pending().kind == "keep" else {"type": "done"})
    assert st.delayed == [] and st.turn == 4


def test_908_5a_state_trigger_does_not_loop_when_nothing_changes():
    game = my_main()
    st = game.state
    put(game, 0, "Wandering Bard", "area", 2)   # draws while the hand is empty
    for c in list(zone(st, 0, "hand")) + list(zone(st, 0, "deck")):
        st.table.move(c, 0, "trash")
    preprocess(game)  # would loop forever without the referee's safeguard
    assert game.pending().kind == "main"


def test_908_3d_retire_trigger_resolves_after_leaving_with_area_information():
    game = my_main()
    st = game.state
    bram = put(game, 0, "Roadie Bram", "area", 2)
    st.damage[bram] = 9  # power 3 +1 from Backstage Pass
    energy = len(zone(st, 0, "energy"))
    preprocess(game)
    assert bram in zone(st, 0, "energy") and len(zone(st, 0, "energy")) == energy + 2  # itself + the trigger


def test_amb5_option_retire_only_ignores_becoming_exp():
    for option, extra in (("any_departure", 1), ("retire_only", 0)):
        game = main_turn(started(seed=1, first=0, options={"retire_trigger": option}), 3)
        st = game.state
        put(game, 0, "Roadie Bram", "area", 2)
        put(game, 0, "Stage Manager Ko", "area", 2)  # level-up: Bram becomes EXP
        energy = len(zone(st, 0, "energy"))
        preprocess(game)
        assert len(zone(st, 0, "energy")) == energy + extra


def test_911_3_continuous_effects_apply_in_timestamp_order():
    game = my_main()
    st = game.state
    c = put(game, 1, "Phantom Cat Noir", "area", 2)  # power 3
    key = ((c, st.inc[c]),)
    st.effects.append(Made(100, "power", 2, key, 0, c, "turn"))
    st.effects.append(Made(101, "set_power", 1, key, 0, c, "turn"))
    st.clock = 200
    assert power(st, c) == 1  # +2 then "becomes 1"
    st.effects[1] = dataclasses.replace(st.effects[1], ts=99)
    st.clock = 201
    assert power(st, c) == 3  # "becomes 1" then +2


def test_911_1b_trait_changes_apply_before_power_that_depends_on_them():
    game = my_main()
    st = game.state
    put(game, 0, "Encore Star Lux", "area", 2)       # Idol characters +1
    ko = put(game, 0, "Stage Manager Ko", "area", 1)  # Crew, power 3
    assert power(st, ko) == 3 + 1  # Backstage Pass mission: Crew +1
    st.clock += 1
    st.effects.append(Made(st.clock, "gain_trait", "Idol", ((ko, st.inc[ko]),), 0, ko, "turn"))
    assert "Idol" in traits(st, ko) and power(st, ko) == 3 + 1 + 1


def test_911_7_and_911_9_unaffected_by_opponent_and_lower_bounds():
    game = my_main()
    st = game.state
    sable = put(game, 1, "Nightglass Ace Sable", "area", 2)
    put(game, 0, "Chorus Line Dancer", "area", 2)
    put(game, 1, "Wheelman Tess", "area", 1)
    mine = put(game, 0, "Lead Vocal Aria", "area", 1)
    assert power(st, mine) == 2  # Tess: the opponent's character in this lane has power 2
    st.clock += 1
    st.effects.append(Made(st.clock, "set_power", 1, ((sable, st.inc[sable]),), 0, sable, "turn"))
    assert power(st, sable) == 6  # 911.7: not affected by the opponent
    decoy = put(game, 1, "Decoy Double", "area", 3)
    st.clock += 1
    st.effects.append(Made(st.clock, "power", -5, ((decoy, st.inc[decoy]),), 0, decoy, "turn"))
    assert power(st, decoy) == 1  # 911.9: cannot be lower than 1


def test_911_4_effect_on_cards_does_not_follow_a_card_that_moves_501_4():
    game = my_main(seed=2)  # a seed whose hand holds no second Spotlight Rookie, so put() takes c back
    st = game.state
    c = put(game, 0, "Spotlight Rookie", "area", 2)
    st.clock += 1
    st.effects.append(Made(st.clock, "power", 3, ((c, st.inc[c]),), 0, c, "turn"))
    assert power(st, c) == 5
    st.table.move(c, 0, "hand")
    st.inc[c] += 1
    c2 = put(game, 0, "Spotlight Rookie", "area", 2, frm=("hand",))
    assert c2 == c and power(st, c) == 2  # a new object: the old effect no longer applies


def test_912_1_replacement_effect_puts_the_card_at_the_deck_bottom_instead():
    game = my_main()
    st = game.state
    gus = put(game, 0, "Tour Driver Gus", "area", 2)
    st.damage[gus] = 9
    preprocess(game)
    assert zone(st, 0, "deck")[-1] == gus and gus not in zone(st, 0, "energy")


def test_912_2_turn_player_chooses_among_several_replacement_effects():
    game = main_turn(started(seed=1, first=1), 2)  # seat 0 is the turn player in turn 2
    st = game.state
    assert st.tp == 0
    gus = put(game, 0, "Tour Driver Gus", "area", 2)
    net = put(game, 0, "Safety Net Crew", "area", 1)
    st.damage[gus] = 9
    preprocess(game)
    req = game.pending()
    assert req.kind == "replacement" and req.seat == 0 and len(req.options) == 2
    act(game, {"type": "replacement", "source": net})
    assert zone(st, 0, "deck")[-1] == gus


def test_913_2_an_effect_referring_to_a_source_that_left_the_area_does_nothing():
    game = my_main()
    st = game.state
    c = put(game, 0, "Spotlight Rookie", "area", 2)
    frame = Resolving(c, 0, ({"power": {"amount": 2, "to": "self"}},), 0, Answers(), st.inc[c])
    st.table.move(c, 0, "trash")
    st.inc[c] += 1
    assert fx.candidates(st, frame, "self") == []


def test_914_3_battle_damage_source_is_the_attacker_1102():
    game = my_main()
    st = game.state
    cat = put(game, 0, "Lead Vocal Aria", "area", 2)
    target = put(game, 1, "Decoy Double", "area", 2)
    act(game, {"type": "attack", "card": cat})
    act(game, {"type": "pass"}, seat=1)
    while game.pending().kind == "scout_use":
        act(game, {"type": "decline"})
    assert target in zone(st, 1, "energy") and st.battle_retires[0] == 1


def test_911_2_a_trait_gained_from_one_effect_lets_another_apply():
    game = my_main()
    st = game.state
    aria = put(game, 0, "Lead Vocal Aria", "area", 1)  # Idol, power 4
    assert power(st, aria) == 4
    put(game, 0, "Costume Designer", "area", 3)         # all your characters are also Crew
    assert "Crew" in traits(st, aria) and power(st, aria) == 5  # so Backstage Pass's Crew +1 applies


def test_912_damage_replacement_reduces_effect_damage_but_not_battle_damage():
    from engine.games.vividz import effects as fx
    game = my_main()
    st = game.state
    guard = put(game, 1, "Guild Bodyguard", "area", 2)
    fx.deal_damage(st, guard, 2, guard, "effect")
    assert st.damage[guard] == 1
    fx.deal_damage(st, guard, 1, guard, "battle")
    assert st.damage[guard] == 2
    assert refused(main_turn(game, 4), {"type": "attack", "card": guard}).rule == "802.1a"
