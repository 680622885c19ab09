"""Setup and re-deals (GW-B-3, GW-R-6..9, GW-X-7)."""

from engine.games.gundam_war.state import Mulligan
from tests.gundam_war.scenario import arrange, deck, game, pass_until, refused

NO_G = ("AF-01 Lancer", "AF-01 Lancer", "AF-02 Skyhawk", "WS-3 Tide Runner", "Beam Volley", "Lt. Dara Voss")


def _deck_a():
    return deck("AF-01 Lancer", "AF-01 Lancer", "AF-02 Skyhawk", "WS-3 Tide Runner", "Beam Volley", "Lt. Dara Voss",
                "AF-01 Lancer", "AF-02 Skyhawk", "AF-02 Skyhawk", "WS-3 Tide Runner", "WS-3 Tide Runner")


def test_gw_r_6_each_player_starts_with_six_cards_first_player_decides_first():
    """GW-B-3.1 step 5, GW-X-7."""
    g = game()
    first = g.state.first
    assert [len(g.state.table.zone(s, "hand")) for s in (0, 1)] == [6, 6]
    assert [len(g.state.table.zone(s, "homeland")) for s in (0, 1)] == [44, 44]
    assert g.pending().seat == first and g.pending().kind == "mulligan"
    assert refused(g, 1 - first, {"type": "keep"}).rule == "GW-X-7"


def test_gw_r_7_procedure_a_only_for_a_hand_without_g_and_it_is_shown():
    """GW-B-3.2: A reveals the hand and redraws 6; only once; not after B."""
    g = game(deck_a=_deck_a(), deck_b=_deck_a())
    seat = g.state.first
    arrange(g, seat, hand=NO_G)
    g.state.flow.asking = Mulligan(seat)
    g.state_changed()
    events = g.act(seat, {"type": "redeal", "procedure": "A"})
    shown = [e.for_seat(1 - seat) for e in events if e.data["type"] == "redeal"][0]
    assert sorted(shown["shown"]) == sorted(["AF-01 Lancer" if t == "AF-01 Lancer" else t for t in
                                             ("AF-01 Lancer", "AF-01 Lancer", "AF-02 Skyhawk", "WS-3 Tide Runner",
                                              "Beam Volley", "Lt. Dara Voss")])
    assert len(g.state.table.zone(seat, "hand")) == 6
    arrange(g, seat, hand=NO_G)
    error = refused(g, seat, {"type": "redeal", "procedure": "A"})
    assert error.rule == "GW-B-3.2"


def test_gw_r_7_procedure_a_refused_when_the_hand_has_a_g():
    g = game(deck_a=_deck_a(), deck_b=_deck_a())
    seat = g.state.first
    arrange(g, seat, hand=("Aurora Shipyard",) + NO_G[:5])
    assert refused(g, seat, {"type": "redeal", "procedure": "A"}).rule == "GW-B-3.2"


def test_gw_r_8_procedure_b_draws_5_4_3_then_no_more_and_no_a_after_it():
    """GW-B-3.3: B is not shown to the opponent; A is gone after B."""
    g = game(deck_a=_deck_a(), deck_b=_deck_a())
    seat = g.state.first
    sizes = []
    for _ in range(3):
        events = g.act(seat, {"type": "redeal", "procedure": "B"})
        assert all("shown" not in (e.for_seat(1 - seat) or {}) for e in events)
        sizes.append(len(g.state.table.zone(seat, "hand")))
    assert sizes == [5, 4, 3]
    from engine.games.gundam_war.state import mulligan_options
    assert mulligan_options(g.state, seat) == []               # no A after B, no B after the 3-card hand
    assert g.pending().seat == 1 - seat                        # the 3-card hand was kept
    assert len(g.state.table.zone(seat, "hand")) == 3


def test_gw_r_9_a_redeal_shuffles_the_homeland_twice():
    """GW-B-3.3 step 1: the owner shuffles, then the opponent (two seeded shuffles)."""
    g = game()
    seat = g.state.first
    calls = g.state.rng.calls
    g.act(seat, {"type": "redeal", "procedure": "B"})
    assert g.state.rng.calls == calls + 2
    assert len(g.state.table.zone(seat, "homeland")) + len(g.state.table.zone(seat, "hand")) == 50


def test_gw_b_3_second_player_then_turn_1_starts_with_the_first_player_who_does_not_draw():
    """GW-B-3.1, GW-B-8.2: after both keep, turn 1 belongs to the first player, with no draw."""
    g = game()
    first = g.state.first
    g.act(first, {"type": "keep"})
    g.act(1 - first, {"type": "keep"})
    assert g.state.turn == 1 and g.state.active == first
    pass_until(g, lambda g: g.state.step == "deploy_ft")
    assert len(g.state.table.zone(first, "hand")) == 6
    assert len(g.state.table.zone(first, "hand")) == 6
