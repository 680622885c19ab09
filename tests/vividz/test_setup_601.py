"""Pre-game setup (601.1a-g)."""

from engine.core.game import Game

from tests.vividz.scenario import RULES, act, defn, refused, started, zone


def test_601_1a_b_account_face_up_missions_face_down_in_chosen_positions():
    game = Game(RULES, seed=3)
    st = game.state
    for seat in (0, 1):
        assert all(c not in st.table.face_down for c in zone(st, seat, "account"))
        assert all(c in st.table.face_down for c in zone(st, seat, "mission"))
    req = game.pending()
    assert req.kind == "missions" and req.seat == 0 and len(req.options) == 6
    order = req.options[3].action["order"]
    act(game, req.options[3].action)
    assert zone(st, 0, "mission") == order  # 507.3: the chosen positions
    view1 = game.view(1)
    assert all(m == {"face_down": True} for m in view1["players"][0]["missions"])  # hidden from the opponent
    assert all("id" in m for m in game.view(0)["players"][0]["missions"])  # 507.2: the owner may look


def test_601_1d_higher_revealed_cost_goes_first_and_ties_reveal_again():
    game = Game(RULES, seed=5)
    st = game.state
    decks = [zone(st, s, "deck") for s in (0, 1)]
    # tie on cost 2, then seat 1 reveals a 3 against a 1
    for seat, costs in ((0, (2, 1)), (1, (2, 3))):
        for i, cost in enumerate(costs):
            c = next(c for c in decks[seat][i:] if defn(st, c).cost == cost)
            decks[seat].remove(c)
            decks[seat].insert(i, c)
    act(game, game.pending().options[0].action)
    act(game, game.pending().options[0].action)
    assert st.first == 1
    assert len(zone(st, 0, "energy")) == 2 and len(zone(st, 1, "energy")) == 2  # both reveals stay in Energy
    assert game.pending().kind == "setup_energy" and game.pending().seat == 0


def test_601_1e_only_the_second_player_puts_two_hand_cards_into_energy():
    game = started(seed=2, first=0)
    st = game.state
    assert len(zone(st, 0, "hand")) == 5 and len(zone(st, 1, "hand")) == 3
    assert len(zone(st, 0, "energy")) == 1  # only the revealed card
    # revealed card + 2 from hand + Nightglass Syndicate's "start of the game" charge (702.1)
    assert len(zone(st, 1, "energy")) == 1 + 2 + 1


def test_601_1f_g_missions_face_up_and_first_player_takes_turn_1():
    game = started(seed=4, first=1)
    st = game.state
    assert st.turn == 1 and st.tp == 1
    assert not any(m in st.table.face_down for s in (0, 1) for m in zone(st, s, "mission"))
    assert refused(game, {"type": "pass"}, seat=0).code == "wrong_seat"
