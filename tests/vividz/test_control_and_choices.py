"""Control change (502.1), "up to X" Deck moves (504.4), counting "choose" (1107), the player's
order of same-timestamp effects (911.3c), simultaneous moves into a zone (908.3b) and lane-based
slot names (B.2). The cards used are the rules-coverage cards of card_data/vividz/cards.yaml."""

from engine.games.vividz import RULES, flow
from engine.games.vividz import effects as fx
from engine.games.vividz.state import MainPhase, controller, power

from tests.vividz.scenario import act, defn, extra, main_turn, my_main, preprocess, put, refused, resolve_all, run_ability, started, zone


def _energy(game, seat, n):
    st = game.state
    for c in list(zone(st, seat, "deck"))[:n]:
        st.table.move(c, seat, "energy")
    game.state_changed()


def _answer_until(game, kind):
    """Answer every decision other than `kind` with its first option (paying, ordering...)."""
    while game.pending().kind != kind:
        req = game.pending()
        game.act(req.seat, req.options[0].action)


# -- 502.1 control -----------------------------------------------------------------------------

def test_502_1b_gain_control_until_end_of_turn_moves_the_character_to_your_row_of_its_lane():
    game = my_main()
    st = game.state
    victim = put(game, 1, "Phantom Cat Noir", "area", 1)
    takeover = extra(game, 0, "nig-hostile-takeover")
    _energy(game, 0, 3)
    inc = st.inc[victim]
    act(game, {"type": "play", "card": takeover})
    _answer_until(game, "main")
    assert victim in zone(st, 0, "area") and victim not in zone(st, 1, "area")
    assert controller(st, victim) == 0 and st.table.cards[victim].owner == 1 and st.slot[victim] == 1
    assert st.inc[victim] == inc  # same object: control change is no zone change (501.4)
    me = RULES.view(st, 0)["players"][0]["area"]
    assert [c["owner"] for c in me if c["id"] == victim] == [1]  # the view says who owns it
    # 502.1b/802.1a: the new controller may attack with it (the owner's refusal: test_502_1c_...)
    assert {"type": "attack", "card": victim} in [o.action for o in game.pending().options]
    # the end of the turn gives it back to its owner, in the same lane
    main_turn(game, 4)
    assert victim in zone(st, 1, "area") and controller(st, victim) == 1 and st.slot[victim] == 1
    assert not st.control


def test_502_4c_a_controlled_card_leaving_the_area_goes_to_its_owners_zone():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 3)
    fx.change_control(st, cat, 0)
    game.state_changed()
    assert controller(st, cat) == 0 and cat in zone(st, 0, "area")
    run_ability(game, 0, [{"retire": {"to": "all_own"}}])
    assert cat in zone(st, 1, "energy")  # 502.4c: a card leaving goes to its owner's zone
    assert cat not in st.control and controller(st, cat) == 1


def test_502_1e_your_effects_apply_to_the_characters_you_control():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)
    run_ability(game, 0, [{"power": {"amount": 2, "to": "all_own"}}])
    assert power(st, cat) == 3  # not yours yet
    fx.change_control(st, cat, 0)
    run_ability(game, 0, [{"power": {"amount": 2, "to": "all_own"}}])
    assert power(st, cat) == 5


def test_502_1_control_forever_and_1002_1_crowding_by_the_same_controller():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)        # cost 2, in lane 2
    rookie = put(game, 0, "Spotlight Rookie", "area", 1)     # cost 1
    puppeteer = extra(game, 0, "nig-velvet-puppeteer", "area", 2)
    fx.fire_self(st, puppeteer, "enter")
    preprocess(game)
    _answer_until(game, "main")
    # the Puppeteer (cost 5) entered before the Cat arrived in slot 2: the Cat is the newest card
    # of that slot with one controller (1002.1) but not the highest cost, so the older card is
    # trashed by 1003.1 (AMB-1 "others")
    assert cat in zone(st, 0, "area") and st.slot[cat] == 2 and puppeteer in zone(st, 0, "trash")
    assert rookie in zone(st, 0, "area")
    main_turn(game, 4)
    assert cat in zone(st, 0, "area") and controller(st, cat) == 0  # "forever": no return


def test_502_1c_the_owner_cannot_attack_with_a_character_the_opponent_controls():
    game = my_main()
    st = game.state
    mine = put(game, 0, "Spotlight Rookie", "area", 2)
    fx.change_control(st, mine, 1)
    game.state_changed()
    r = refused(game, {"type": "attack", "card": mine})
    assert r.rule == "802.1a" and "control" in str(r)


# -- 504.4 up to X -----------------------------------------------------------------------------

def _producer(game):
    st = game.state
    prod = extra(game, 0, "lum-encore-producer", "area", 2)
    fx.fire_self(st, prod, "enter")
    preprocess(game)
    return prod


def test_504_4a_moving_up_to_x_cards_may_move_none():
    game = my_main()
    st = game.state
    deck, energy = len(zone(st, 0, "deck")), len(zone(st, 0, "energy"))
    _producer(game)
    req = game.pending()
    assert req.kind == "up_to" and {"type": "up_to", "move": False} in [o.action for o in req.options]
    act(game, {"type": "up_to", "move": False})
    assert game.pending().kind == "main"
    assert (len(zone(st, 0, "deck")), len(zone(st, 0, "energy"))) == (deck, energy)


def test_504_4b_move_one_then_choose_again_until_x_or_stop():
    game = my_main()
    st = game.state
    energy = len(zone(st, 0, "energy"))
    _producer(game)
    top = zone(st, 0, "deck")[0]
    act(game, {"type": "up_to", "move": True})
    assert top in zone(st, 0, "energy")
    req = game.pending()
    assert req.kind == "up_to" and "1 of up to 2" in req.options[0].label  # asked again (504.4b)
    act(game, {"type": "up_to", "move": True})
    assert game.pending().kind == "main"  # X reached: no further question
    assert len(zone(st, 0, "energy")) == energy + 2


def test_504_4b_the_player_may_stop_after_one():
    game = my_main()
    st = game.state
    energy = len(zone(st, 0, "energy"))
    _producer(game)
    act(game, {"type": "up_to", "move": True})
    act(game, {"type": "up_to", "move": False})
    assert game.pending().kind == "main" and len(zone(st, 0, "energy")) == energy + 1


def test_504_4_only_the_mover_is_asked():
    game = my_main()
    _producer(game)
    assert refused(game, {"type": "up_to", "move": True}, seat=1).rule == "504.4"


# -- 1107 choose -------------------------------------------------------------------------------

def test_1107_1_an_effect_worded_choose_counts_even_with_one_candidate():
    game = my_main()
    st = game.state
    put(game, 1, "Phantom Cat Noir", "area", 2)
    run_ability(game, 0, [{"damage": {"amount": 1, "to": "choose_opp"}}])
    assert st.chosen == [1, 0]
    assert any(e.data.get("type") == "chose" and e.data["rule"] == "1107.1" for e in st.events)


def test_1107_2_selecting_without_the_word_choose_does_not_count():
    game = my_main()
    st = game.state
    put(game, 1, "Phantom Cat Noir", "area", 2)
    run_ability(game, 0, [{"discard": 1}, {"damage": {"amount": 1, "to": "all_opp"}},
                   {"exp": {"from": "deck_top", "to": "own_center"}}])
    assert st.chosen == [0, 0]


def test_1107_1_choose_triggers_and_conditions_count_the_choices_of_thismy_main():
    game = my_main()
    st = game.state
    a = put(game, 1, "Phantom Cat Noir", "area", 1)
    put(game, 1, "Masked Thief Vell", "area", 3)
    oracle = extra(game, 0, "gld-crossroads-oracle", "area", 2)
    run_ability(game, 0, [{"damage": {"amount": 1, "to": "choose_opp"}}])
    assert game.pending().kind == "target"
    act(game, {"type": "target", "card": a})  # a real choice among two: counted once
    _answer_until(game, "main")
    assert st.chosen[0] == 1 and power(st, oracle) == 3  # 2 +1 from the "whenever you choose" trigger
    run_ability(game, 0, [{"sleep": {"to": "choose_opp"}}])
    act(game, {"type": "target", "card": a})
    _answer_until(game, "main")
    assert st.chosen[0] == 2 and power(st, oracle) == 2 + 1 + 1 + 3  # the [Cont] "chosen 2 times" is on
    main_turn(game, 4)
    assert st.chosen == [0, 0]  # counted per turn


# -- 911.3c ------------------------------------------------------------------------------------

def test_911_3c_the_controller_orders_its_effects_with_the_same_timestamp():
    for first, expected in ((0, 6), (1, 4)):  # item 0 = "power becomes 4", item 1 = "+2"
        game = my_main()
        st = game.state
        twin = extra(game, 0, "gld-mirror-twin", "area", 2)
        preprocess(game)
        req = game.pending()
        assert req.kind == "ts_order" and req.seat == 0 and len(req.options) == 2
        act(game, {"type": "order", "card": twin, "item": first})
        assert game.pending().kind == "main" and power(st, twin) == expected


def test_911_3c_the_non_turn_player_orders_its_own_effects():
    game = my_main()
    st = game.state
    twin = extra(game, 1, "gld-mirror-twin", "area", 2)
    preprocess(game)
    assert game.pending().kind == "ts_order" and game.pending().seat == 1
    assert refused(game, {"type": "order", "card": twin, "item": 0}, seat=0).rule == "911.3c"
    act(game, {"type": "order", "card": twin, "item": 1}, seat=1)
    assert power(st, twin) == 4
    # the order is asked once for the card's stay in the Area, not again at every pre-processing
    preprocess(game)
    assert game.pending().kind == "main"


# -- 908.3b ------------------------------------------------------------------------------------

def test_908_3b_a_card_moving_in_with_others_triggers_for_each_other_card():
    game = my_main()
    st = game.state
    sprite = extra(game, 0, "gld-wellspring-sprite", "area", 2)
    for name in ("Spotlight Rookie", "Backup Singer Pia"):
        e = put(game, 0, name, "exp")
        st.host[e] = sprite
    st.pending.clear()
    fx.retire(st, sprite, "test", "1110.1")  # the Sprite and its 2 EXP go to Energy together
    mine = [p for p in st.pending if p.card == sprite]
    assert len(mine) == 2  # once per *other* card, not for itself (908.3b)


def test_908_3c_a_card_already_in_the_zone_triggers_once_per_card_moved_in():
    game = my_main()
    st = game.state
    sprite = extra(game, 0, "gld-wellspring-sprite", "energy")
    rookie = put(game, 0, "Spotlight Rookie", "area", 1)
    e = put(game, 0, "Backup Singer Pia", "exp")
    st.host[e] = rookie
    st.pending.clear()
    fx.retire(st, rookie, "test", "1110.1")
    assert len([p for p in st.pending if p.card == sprite]) == 2
    hand = len(zone(st, 0, "hand"))
    st.flow.asking = None
    flow.push(st, flow.PP, MainPhase(st.tp))
    resolve_all(game)
    _answer_until(game, "main")
    assert len(zone(st, 0, "hand")) == hand + 2


# -- B.2 slot names ----------------------------------------------------------------------------

def test_B2_slot_labels_name_lanes_not_left_or_right_for_either_seat():
    for first in (0, 1):
        game = main_turn(started(seed=2, first=first), 3)
        labels = [o.label for o in game.pending().options if o.action["type"] == "play" and "slot" in o.action]
        assert labels and all("left" not in lb and "right" not in lb for lb in labels)
        assert any("L1" in lb for lb in labels) and any("L3" in lb for lb in labels)


# -- 1002.1 / 1003.1 newest of simultaneous entries ----------------------------------------------

def test_1002_1_the_controller_chooses_the_newest_of_characters_that_entered_together():
    for pick, expect in (("Backup Singer Pia", "level_up"), ("Spotlight Rookie", "illegal")):
        game = my_main()
        st = game.state
        rookie = put(game, 0, "Spotlight Rookie", "area", 1)   # cost 1
        pia = put(game, 0, "Backup Singer Pia", "area", 1)     # cost 2
        st.seq[rookie] = st.seq[pia]                           # they entered at the same moment
        preprocess(game)
        req = game.pending()
        assert req.kind == "newest" and req.seat == 0 and len(req.options) == 2
        chosen = pia if pick == "Backup Singer Pia" else rookie
        act(game, {"type": "newest", "card": chosen})
        _answer_until(game, "main")
        if expect == "level_up":  # the newest costs at least as much: the other becomes its EXP
            assert st.host.get(rookie) == pia and pia in st.lvup
        else:  # the newest costs less: no level-up, the other card is trashed (1003.1, AMB-1)
            assert rookie in zone(st, 0, "area") and pia in zone(st, 0, "trash")
        assert not st.newest_pick


def test_1002_1_a_later_entry_is_newest_without_a_question():
    game = my_main()
    st = game.state
    put(game, 0, "Spotlight Rookie", "area", 1)
    pia = put(game, 0, "Backup Singer Pia", "area", 1)
    preprocess(game)
    assert game.pending().kind == "main" and pia in st.lvup


# -- 1103.3 credit for a retire ------------------------------------------------------------------

def _retire_events(st):
    return [e.data for e in st.events if e.data.get("type") == "retire"]


def test_1103_3_a_power_reducing_effect_is_credited_with_the_retire():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)   # power 3
    acc = zone(st, 0, "account")[0]
    run_ability(game, 0, [{"power": {"amount": -3, "to": "all_opp"}}])
    assert cat in zone(st, 1, "energy")
    (ev,) = _retire_events(st)
    assert ev["credited_to"]["id"] == acc and ev["rule"] == "1004.2"


def test_1103_3a_only_the_last_source_is_credited():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)   # power 3
    rookie = put(game, 0, "Spotlight Rookie", "area", 2)
    acc = zone(st, 0, "account")[0]
    run_ability(game, 0, [{"damage": {"amount": 2, "to": "all_opp"}}], source=rookie)
    assert st.damage[cat] == 2 and not st.dmg_source  # survived; the credit ended with that PP
    run_ability(game, 0, [{"power": {"amount": -1, "to": "all_opp"}}])
    (ev,) = _retire_events(st)
    assert ev["credited_to"]["id"] == acc and ev["card"]["id"] == cat


def test_1103_3b_a_retire_caused_by_rule_effects_is_not_credited_to_the_earlier_damage():
    game = my_main()
    st = game.state
    lux = put(game, 0, "Encore Star Lux", "area", 1)      # [Cont] your Idols get +1 power
    rookie = put(game, 0, "Spotlight Rookie", "area", 2)  # Idol, power 2 (+1)
    put(game, 0, "Backup Singer Pia", "area", 1)          # newer and cheaper: 1003.1 trashes Lux
    run_ability(game, 1, [{"damage": {"amount": 2, "to": "all_opp"}}])
    assert rookie in zone(st, 0, "energy") and lux in zone(st, 0, "trash")
    events = {e["card"]["id"]: e for e in _retire_events(st)}
    assert "credited_to" not in events[rookie] and events[rookie]["by"] == "rule effects"
    # Pia (Idol, 2 +1) also survived the damage until Lux was trashed: not credited either
    (pia,) = [c for c in events if c != rookie]
    assert "credited_to" not in events[pia] and pia in zone(st, 0, "energy")


def test_1103_3_damage_that_retires_at_once_is_credited_to_its_source():
    game = my_main()
    st = game.state
    rookie = put(game, 0, "Spotlight Rookie", "area", 2)
    acc = zone(st, 1, "account")[0]
    run_ability(game, 1, [{"damage": {"amount": 2, "to": "all_opp"}}])
    (ev,) = _retire_events(st)
    assert ev["card"]["id"] == rookie and ev["credited_to"]["id"] == acc and ev["by"] == "damage"


def test_1103_3_with_rule_effects_a_character_already_dying_is_still_credited():
    game = my_main()
    st = game.state
    put(game, 0, "Encore Star Lux", "area", 1)
    rookie = put(game, 0, "Spotlight Rookie", "area", 2)  # power 2 +1
    put(game, 0, "Backup Singer Pia", "area", 1)
    run_ability(game, 1, [{"damage": {"amount": 3, "to": "all_opp"}}])
    events = {e["card"]["id"]: e for e in _retire_events(st)}
    assert events[rookie]["credited_to"]["id"] == zone(st, 1, "account")[0]


# -- 806.5 / 806.7 attack-end loops --------------------------------------------------------------

def _quiet(game, until="main"):
    """Answer every decision with pass/decline/done/skip where offered, else the first option."""
    events = []
    while game.pending().kind != until or game.state.battle is not None:
        req = game.pending()
        pick = next((o.action for o in req.options if o.action["type"] in ("pass", "skip", "done", "decline")),
                    req.options[0].action)
        events += game.act(req.seat, pick)
    return events


def test_806_7_an_until_end_of_attack_boost_ending_loops_back_and_the_rule_effect_is_performed():
    game = my_main()
    st = game.state
    aria = put(game, 0, "Lead Vocal Aria", "area", 2)       # power 4; [Auto] attack succeeds: draw 1
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)       # power 3
    run_ability(game, 0, [{"power": {"amount": 2, "to": "all_opp", "until": "attack"}}])
    assert power(st, cat) == 5
    events = act(game, {"type": "attack", "card": aria}) + _quiet(game)
    data = [e.data for e in events if e.seat in (None, 0)]
    kinds = [d["type"] for d in data]
    # survived the battle (4 < 5); the boost ended at 806.6; 806.7 went back and PP retired it
    assert cat in zone(st, 1, "energy") and st.damage.get(cat) is None
    assert kinds.index("attack_end_loop") < kinds.index("retire") < kinds.index("attack_end")
    assert st.successes[0] == 1  # the attack succeeded once, not once per loop (806.2)
    aria_triggers = [d for d in data if d["type"] == "trigger" and d.get("trigger") == "attack_success"
                     and d["source"].get("id") == aria]
    assert len(aria_triggers) == 1  # 806.3: it cannot trigger again in this battle


def test_806_7_without_pending_rule_actions_the_battle_simply_ends():
    game = my_main()
    st = game.state
    aria = put(game, 0, "Lead Vocal Aria", "area", 2)
    events = act(game, {"type": "attack", "card": aria}) + _quiet(game)
    kinds = [e.data["type"] for e in events]
    assert "attack_end_loop" not in kinds and kinds.count("attack_end") == 1 and st.battle is None


# -- 913.1a / AMB-12 switch ----------------------------------------------------------------------

def _ronin_retires(options=None):
    game = main_turn(started(seed=1, first=0, options=options), 3)
    st = game.state
    ronin = extra(game, 0, "gld-last-stand-ronin", "area", 2)   # printed 2, +2 in the Area
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)           # power 3
    assert power(st, ronin) == 4
    run_ability(game, 0, [{"retire": {"to": "all_own"}}])
    _answer_until(game, "main")
    return st, ronin, cat


def test_913_1a_amb_12_a_retire_trigger_uses_the_power_it_had_in_the_area():
    st, ronin, cat = _ronin_retires()
    assert ronin in zone(st, 0, "energy") and cat in zone(st, 1, "energy")  # 4 damage retired the Cat


def test_913_1a_as_written_option_uses_the_information_after_the_move():
    st, ronin, cat = _ronin_retires({"left_area_info": "after_move"})
    assert cat in zone(st, 1, "area") and st.damage[cat] == 2  # the printed power, outside the Area


def test_913_1a_option_is_listed_with_its_rule():
    opt = next(o for o in RULES.rule_options if o.name == "left_area_info")
    assert opt.rule == "913.1a" and opt.default == "area" and "after_move" in opt.choices


# -- 911.2 dependency ----------------------------------------------------------------------------

def test_911_2_an_effect_that_depends_on_another_is_applied_after_it_despite_an_earlier_timestamp():
    from engine.games.vividz.state import traits
    game = my_main()
    st = game.state
    foreman = extra(game, 0, "gld-crew-foreman", "area", 1)   # earlier: Crew -> Veteran, Veteran +1
    oracle = extra(game, 0, "gld-crossroads-oracle", "area", 3)  # a Traveler, power 2
    assert power(st, oracle) == 2 and traits(st, oracle) == {"Traveler"}
    banner = extra(game, 0, "gld-rally-banner", "area", 2)    # later: Travelers gain Crew
    assert st.entered[foreman] < st.entered[banner]
    assert traits(st, oracle) == {"Traveler", "Crew", "Veteran"}  # the Foreman's gain depends on the Banner's
    # +1 as a Veteran (Foreman) and +1 as a Crew from seat 0's mission Backstage Pass, which also
    # depends on the Banner's Trait (911.1b before 911.1c)
    assert any(defn(st, m).name == "Backstage Pass" for m in zone(st, 0, "mission"))
    assert power(st, oracle) == 2 + 1 + 1 and power(st, banner) == 1 + 1 + 1
    assert traits(st, foreman) == {"Builder"} and power(st, foreman) == 2  # not a Traveler: nothing applies
    opp = extra(game, 1, "gld-crossroads-oracle", "area", 3)
    assert traits(st, opp) == {"Traveler"}  # "your": the opponent's Traveler is not affected (502.1e)


def test_1003_1_an_illegal_character_goes_to_its_controllers_trash():
    game = my_main()
    st = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 1)   # cost 2, owned by seat 1
    fx.change_control(st, cat, 0)                       # now seat 0's, in lane 1
    rookie = put(game, 0, "Spotlight Rookie", "area", 1)  # newer and cheaper
    preprocess(game)
    assert rookie in zone(st, 0, "area") and cat in zone(st, 0, "trash")  # "their controller's Trash"
    assert cat not in st.control and st.table.cards[cat].owner == 1


def test_911_2_a_condition_counting_traits_is_judged_after_the_effects_that_give_traits():
    game = my_main()
    st = game.state
    coach = extra(game, 0, "gld-harmony-coach", "area", 1)     # +2 while you have 2+ Crew characters
    extra(game, 0, "gld-crossroads-oracle", "area", 3)          # a second Traveler
    assert power(st, coach) == 2                                # no Crew yet
    extra(game, 0, "gld-rally-banner", "area", 2)               # your Travelers gain Crew (a later card)
    # three Crew now: the condition holds; +1 more from the mission Backstage Pass (your Crew +1)
    assert power(st, coach) == 2 + 2 + 1
