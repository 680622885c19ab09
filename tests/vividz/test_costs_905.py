"""Playing cards and paying energy costs (904-906, 905.2c/d)."""

from tests.vividz.scenario import act, main_turn, put, refused, started, zone


def _seat0_main(seed=1):
    return started(seed=seed, first=0)


def test_905_3_payment_moves_exactly_cost_energy_cards_to_the_trash():
    game = _seat0_main()
    st = game.state
    c = put(game, 0, "Lead Vocal Aria", "hand")
    for _ in range(3):
        put(game, 0, "Fan Meeting", "energy")
    energy, trash = len(zone(st, 0, "energy")), len(zone(st, 0, "trash"))
    act(game, {"type": "play", "card": c, "slot": 2})
    while game.pending().kind == "pay":
        act(game, game.pending().options[0].action)
    assert len(zone(st, 0, "energy")) == energy - 3 and len(zone(st, 0, "trash")) == trash + 3
    assert st.slot[c] == 2 and c not in st.sleep  # 906.2a / 1109.3: enters rebooted


def test_905_3b_unpayable_cost_is_refused_and_changes_nothing():
    game = _seat0_main()
    st = game.state
    c = put(game, 0, "Encore Star Lux", "hand")
    assert len(zone(st, 0, "energy")) < 4
    refusal = refused(game, {"type": "play", "card": c, "slot": 2})
    assert refusal.rule == "905.3b" and "costs 4" in refusal.message


def test_906_1a_character_needs_a_slot_and_occupied_slots_are_allowed():
    game = _seat0_main()
    c = put(game, 0, "Idol Trainee Sae", "hand")
    put(game, 0, "Spotlight Rookie", "area", 2)
    assert refused(game, {"type": "play", "card": c}).rule == "906.1a"
    act(game, {"type": "play", "card": c, "slot": 2})
    assert game.state.slot.get(c) == 2


def test_905_2d_cost_reduction_icon_counts_characters_and_their_exp():
    game = _seat0_main()
    st = game.state
    old = put(game, 0, "Spotlight Rookie", "area", 2)
    exp = put(game, 0, "Fan Meeting", "exp")
    st.host[exp] = old
    lux = put(game, 0, "Encore Star Lux", "hand")  # cost 4, cost-reduction icon
    from engine.games.vividz.state import play_cost
    assert play_cost(st, 0, lux, 2) == 4 - 2  # 1 character + 1 EXP (AMB-4 reading)
    assert play_cost(st, 0, lux, 1) == 4      # empty slot: no reduction
    st.options = {**st.options, "cost_reduction_counts": "characters"}
    assert play_cost(st, 0, lux, 2) == 3


def test_905_2c_cost_increase_from_a_continuous_effect():
    game = main_turn(started(seed=2, first=1), 2)  # seat 0's turn 2
    put(game, 1, "Shadow Broker Mire", "area", 2)  # opponent's events cost 1 more
    ev = put(game, 0, "Fan Meeting", "hand")
    for _ in range(5):
        put(game, 0, "Spotlight Rookie", "energy")
    labels = [o.label for o in game.pending().options if o.action.get("card") == ev]
    assert labels == ["Play event Fan Meeting (cost 2)"]


def test_906_2b_event_resolves_in_order_then_goes_to_the_trash():
    game = main_turn(started(seed=3, first=0), 3)
    st = game.state
    ev = put(game, 0, "Fan Meeting", "hand")
    put(game, 0, "Spotlight Rookie", "energy")
    hand = len(zone(st, 0, "hand"))
    act(game, {"type": "play", "card": ev})
    while game.pending().kind == "pay":
        act(game, game.pending().options[0].action)
    assert game.pending().kind == "pick"  # drew 2, now discards 1 (909.2)
    act(game, game.pending().options[0].action)
    assert ev in zone(st, 0, "trash") and len(zone(st, 0, "hand")) == hand - 1 + 2 - 1
