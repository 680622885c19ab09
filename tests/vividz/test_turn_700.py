"""Game flow (701-706): phase order, draws, turn-1 limits, Mission, Charge and End Draw phases."""

from tests.vividz.scenario import act, main_turn, put, refused, started, zone


def _kinds_until_turn(game, turn):
    seen = []
    while game.state.turn < turn:
        req = game.pending()
        seen.append((game.state.phase, req.kind))
        pick = next(o.action for o in req.options if o.action["type"] in ("pass", "skip", "done", "decline"))
        game.act(req.seat, pick)
    return seen


def test_701_3_phases_run_in_order_start_draw_main_mission_charge_end_draw():
    game = started(seed=1, first=0)
    put(game, 0, "Spotlight Rookie", "hand")
    seen = [p for p, _ in _kinds_until_turn(game, 2)]
    assert seen[0] == "main" and seen.index("charge") > 0
    assert game.state.phase == "main" or game.pending().kind in ("main", "may", "trigger")


def test_702_4a_turn_1_skips_start_draw_but_706_4_draws_to_five():
    game = started(seed=1, first=0)
    st = game.state
    assert len(zone(st, 0, "hand")) == 5  # no 702.4 draw in turn 1
    act(game, {"type": "pass"})
    while game.pending().kind in ("keep", "charge"):
        act(game, {"type": "skip"} if game.pending().kind == "keep" else {"type": "done"})
    # 706.4 in turn 1: hand >= 5 -> exactly one card
    assert len(zone(st, 0, "hand")) == 6


def test_702_4_hand_below_five_draws_up_to_five_and_keep_does_not_count():
    game = started(seed=2, first=0)
    st = game.state
    act(game, {"type": "pass"})
    hand = zone(st, 0, "hand")
    act(game, {"type": "keep", "card": sorted(hand)[0]})
    for c in sorted(hand)[:2]:
        act(game, {"type": "charge", "card": c})
    act(game, {"type": "done"})
    assert len(zone(st, 0, "keep")) == 1 and len(zone(st, 0, "hand")) == 5  # 2 in hand, drew 3 (508)


def test_703_2a_no_event_and_no_attack_in_turn_1():
    game = started(seed=3, first=0)
    ev = put(game, 0, "Fan Meeting", "hand")
    ch = put(game, 0, "Spotlight Rookie", "area", 2)
    assert refused(game, {"type": "play", "card": ev}).rule == "703.2a"
    assert refused(game, {"type": "attack", "card": ch}).rule == "703.2a"


def test_703_3a_passing_moves_to_the_mission_phase_and_704_3_removes_damage():
    game = main_turn(started(seed=4, first=0), 2)
    st = game.state
    mine = put(game, st.tp, "Phantom Cat Noir" if st.tp == 1 else "Roadie Bram", "area", 1)
    theirs = put(game, 1 - st.tp, "Roadie Bram" if st.tp == 1 else "Phantom Cat Noir", "area", 3)
    st.damage[mine] = 1
    st.damage[theirs] = 2
    game.state_changed()
    act(game, {"type": "pass"})
    assert st.damage == {}
    assert st.phase in ("charge",)


def test_702_3_706_3_only_the_account_reboots_never_characters():
    game = started(seed=5, first=0)
    st = game.state
    acc = zone(st, 0, "account")[0]
    ch = put(game, 0, "Spotlight Rookie", "area", 2)
    st.sleep.update({acc, ch})
    game.state_changed()
    act(game, {"type": "pass"})
    while game.pending().kind in ("keep", "charge"):
        act(game, {"type": "skip"} if game.pending().kind == "keep" else {"type": "done"})
    assert acc not in st.sleep and ch in st.sleep  # AMB-2


def test_705_2_keep_replaces_the_old_card_which_goes_to_the_trash():
    game = started(seed=6, first=0)
    st = game.state
    old = put(game, 0, "Fan Meeting", "keep")
    act(game, {"type": "pass"})
    new = sorted(zone(st, 0, "hand"))[0]
    act(game, {"type": "keep", "card": new})
    assert zone(st, 0, "keep") == [new] and old in zone(st, 0, "trash")
    assert game.view(1)["players"][0]["keep"] == {"count": 1, "cards": []}  # AMB-13: hidden from the opponent


def test_508_2_a_kept_card_is_played_as_from_hand():
    game = started(seed=7, first=0)
    c = put(game, 0, "Idol Trainee Sae", "keep")
    act(game, {"type": "play", "card": c, "slot": 1})
    assert game.state.slot.get(c) == 1


def test_102_5_short_deck_draws_what_it_can_and_1005_2_loses_at_the_next_draw_phase():
    game = started(seed=8, first=0)
    st = game.state
    deck = zone(st, 0, "deck")
    for c in list(deck)[:-0 or None]:
        st.table.move(c, 0, "trash")
    game.state_changed()
    act(game, {"type": "pass"})
    while game.pending() is not None and game.pending().kind in ("keep", "charge"):
        act(game, {"type": "skip"} if game.pending().kind == "keep" else {"type": "done"})
    result = game.result()
    assert result is not None and result.winner == 1 and result.rule == "1005.2"


def test_amb2_option_start_draw_reboots_the_turn_players_characters():
    game = started(seed=5, first=0, options={"reboot_characters": "start_draw"})
    st = game.state
    ch = put(game, 0, "Spotlight Rookie", "area", 2)
    st.sleep.add(ch)
    game.state_changed()
    main_turn(game, 3)
    assert ch not in st.sleep


def test_703_2a_a_revealed_event_in_turn_1_goes_to_energy_and_both_seats_are_told_why():
    """703.2a: no Event card can be played in turn 1. An Accel (1201.2) that reveals an Event of the
    named Trait in turn 1 puts it into Energy; both players are told why it could not be used."""
    from tests.vividz.scenario import run_ability
    game = started(seed=3, first=0)
    st = game.state
    ev = put(game, 0, "Fan Meeting", "deck")
    deck = zone(st, 0, "deck")
    deck.remove(ev)
    deck.insert(0, ev)
    run_ability(game, 0, [{"accel": {"trait": "Idol"}}])
    assert ev in zone(st, 0, "energy") and st.turn == 1
    for seat in (0, 1):
        told = [d for d in (e.for_seat(seat) for e in st.events) if d and d.get("type") == "cannot_use"]
        assert told and told[-1]["rule"] == "703.2a" and told[-1]["card"]["name"] == "Fan Meeting"
        assert "turn 1" in told[-1]["message"] and "Energy" in told[-1]["message"]
