"""Qiguang referee checklist, setup and turn start: items 1-5 and 27 (QG-1, QG-2.2.2, QG-2.2.3,
QG-3.1 to QG-3.3) with gaps QG-G14 and QG-G15."""

from engine.core.game import Game
from engine.core.rng import Rng
from tests.qiguang.scenario import (RULES, arrange, deck, event_types, new_game, pass_until, refused,
                                    set_phase, started)


def test_qg_1_1_to_1_4_setup_life_20_and_seven_card_hands(monkeypatch):
    """Checklist 1: QG-1.1 to QG-1.4. Two shuffles per library, life 20, 6 cards + 1 Mana Source."""
    shuffled: list[int] = []  # the setup's random source is not kept in the state: watch its shuffles
    shuffle = Rng.shuffle
    monkeypatch.setattr(Rng, "shuffle", lambda rng, items: (shuffled.append(id(items)), shuffle(rng, items))[1])
    game = new_game(seed=5)
    libraries = [id(game.state.table.zone(seat, "library")) for seat in (0, 1)]
    # the owner, then the opponent (QG-1.1)
    assert [i for i in shuffled if i in libraries] == [libraries[0], libraries[0], libraries[1], libraries[1]]
    req = game.pending()
    assert req.kind == "choose_order" and req.seat == game.state.coin_winner  # QG-1.2
    game.act(req.seat, {"type": "choose_order", "first": True})
    s = game.state
    assert s.first == req.seat
    for seat in (0, 1):
        hand = s.table.zone(seat, "hand")
        assert len(hand) == 7
        assert sum(1 for c in hand if s.table.cards[c].defn.name == "Mana Source") == 1
        assert s.life[seat] == 20
        assert len(s.table.zone(seat, "library")) == len(game.decks[seat].sections["main"]) - 6


def test_qg_1_1_libraries_are_shuffled_twice_deterministically():
    """Checklist 1: QG-1.1. The same seed gives the same order; another seed another order."""
    a, b, c = (new_game(seed=s) for s in (1, 1, 2))
    order = [lambda g: list(g.state.table.zone(0, "library"))]
    assert order[0](a) == order[0](b)
    assert [a.state.table.cards[x].defn.id for x in order[0](a)] != \
           [c.state.table.cards[x].defn.id for x in order[0](c)]


def test_qg_1_6_first_player_skips_the_first_draw_second_player_chooses():
    """Checklist 2: QG-1.6 and QG-3.3. Turn 1 has no draw choice; the second player's first turn does."""
    game = new_game(seed=3)
    req = game.pending()
    events = game.act(req.seat, {"type": "choose_order", "first": req.seat == 0})
    for _ in range(60):
        req = game.pending()
        if req.kind == "draw":
            break
        action = {"type": "pass"} if req.kind in ("window", "respond") else \
            {"type": "end_main"} if req.kind == "main" else {"type": "end_battle"} if req.kind == "battle" else None
        if action is None:
            action = req.options[-1].action
        events += game.act(req.seat, action)
    assert req.kind == "draw" and req.seat == 1 and game.state.turn == 2
    assert "no_first_draw" in [e.data["type"] for e in events]
    hand0 = game.state.table.zone(0, "hand")
    assert len(hand0) == 7  # seat 0 never drew


def test_qg_3_3_1_draw_or_take_a_mana_source():
    """Checklist 3: QG-3.3.1. Exactly the two choices; each does what it says."""
    game = started()
    arrange(game, 0, hand=("Millstone Guard",))
    set_phase(game, 0, "draw", "draw_choice", token_last=[False, False])
    req = game.pending()
    assert req.kind == "draw" and [o.action for o in req.options] == [{"type": "draw"}, {"type": "take_mana"}]
    game.act(0, {"type": "take_mana"})
    hand = [game.state.table.cards[c].defn.name for c in game.state.table.zone(0, "hand")]
    assert sorted(hand) == ["Mana Source", "Millstone Guard"]
    assert game.state.token_last[0] is True


def test_qg_3_3_2_no_mana_source_two_draw_phases_running():
    """Checklist 3: QG-3.3.2. After taking the token, the next draw phase must draw."""
    game = started()
    arrange(game, 0)
    set_phase(game, 0, "draw", "draw_choice", token_last=[True, False])
    assert [o.action for o in game.pending().options] == [{"type": "draw"}]
    refusal = refused(game, 0, {"type": "take_mana"})
    assert refusal.rule == "QG-3.3.2"
    game.act(0, {"type": "draw"})
    assert game.state.token_last[0] is False  # drawing resets it: the token is allowed next time


def test_qg_g15_first_skip_does_not_count_unless_the_option_says_so():
    """Checklist 3: QG-G15 (Proposal: the skipped first draw is no token; option first_skip_counts)."""
    for counts in (False, True):
        game = started(first=0, options={"first_skip_counts": counts})
        pass_until(game, ("main",))
        assert game.state.turn == 1 and game.state.token_last[0] is counts
        set_phase(game, 0, "draw", "draw_choice", turn=3, token_last=game.state.token_last)
        assert ({"type": "take_mana"} in [o.action for o in game.pending().options]) is not counts


def test_qg_2_2_2_drawing_from_an_empty_library_loses():
    """Checklist 4: QG-2.2.2. Choosing to draw from an empty library loses at once."""
    game = started()
    arrange(game, 0, library=0)
    set_phase(game, 0, "draw", "draw_choice")
    game.act(0, {"type": "draw"})
    result = game.result()
    assert result.winner == 1 and result.rule == "QG-2.2.2" and game.pending() is None


def test_qg_g14_taking_the_token_avoids_the_empty_library_loss():
    """Checklist 4: QG-G14 (Proposal). The token is legal with an empty library and the game goes on."""
    game = started()
    arrange(game, 0, library=0)
    set_phase(game, 0, "draw", "draw_choice")
    game.act(0, {"type": "take_mana"})
    assert game.result() is None and game.pending() is not None


def test_qg_3_2_1_preparation_untaps_the_active_players_crystals_only():
    """Checklist 5: QG-3.2.1. Active player's tapped crystals untap; the opponent's stay tapped."""
    game = started()
    arrange(game, 0, crystals=(1, 0, 0), tapped=(2, 1, 0))
    arrange(game, 1, crystals=(0, 0, 0), tapped=(1, 1, 1))
    set_phase(game, 1, "end", "begin")  # run seat 1's end phase from its start: the turn passes to seat 0
    s = game.state
    from engine.games.qiguang.flow import proceed
    proceed(s)
    game.state_changed()
    pass_until(game, ("draw", "main"))
    assert s.active == 0
    assert s.crystals[0] == [3, 1, 0, 0, 0, 0]
    assert s.crystals[1] == [0, 0, 0, 1, 1, 1]


def test_qg_3_1_five_phases_in_order():
    """QG-3.1. A turn runs preparation, draw, main, battle, end, even when nothing is done."""
    game = started(seed=1, first=0)
    phases = []
    for _ in range(80):
        req = game.pending()
        if game.state.turn == 3:
            break
        action = {"type": "pass"} if req.kind in ("window", "respond") else \
            {"type": "end_main"} if req.kind == "main" else {"type": "end_battle"} if req.kind == "battle" else \
            {"type": "draw"} if req.kind == "draw" else req.options[-1].action
        phases += [(e.data["seat"], e.data["phase"]) for e in game.act(req.seat, action)
                   if e.data["type"] == "phase"]
    assert [p for s, p in phases if s == 1] == ["preparation", "draw", "main", "battle", "end"]


def test_qg_2_2_3_concession_ends_the_game_at_once():
    """Checklist 27: QG-2.2.3. The deciding seat may concede at any request; it loses at once."""
    game = started()
    req = game.pending()
    events = game.act(req.seat, {"type": "concede"})
    assert "conceded" in event_types(events)
    assert game.result().winner == 1 - req.seat and game.result().rule == "QG-2.2.3"
    assert game.pending() is None
    refusal = refused(game, 1 - req.seat, {"type": "end_main"})
    assert refusal.code == "game_over"


def test_qg_2_2_3_concede_is_not_offered_to_bots_but_accepted():
    """QG-2.2.3. Conceding is accepted from the deciding seat without being one of the listed options."""
    game = started()
    req = game.pending()
    assert all(o.action["type"] != "concede" for o in req.options)
    assert req.find({"type": "concede"}) is not None
    assert req.find({"type": "concede", "extra": 1}) is None


def test_qg_1_4_game_uses_the_given_decks():
    """QG-1.1. Each library is that player's own deck."""
    game = Game(RULES, [deck("Gale Courier", size=10, name="a"), deck("Null Sigil", size=12, name="b")], 0)
    assert len(game.state.table.zone(0, "library")) == 10 and len(game.state.table.zone(1, "library")) == 12
