"""Issue #20: a hand card put into the Played pile (7-1-7), chosen by its owner, by the effect's
user without seeing it (7-1-10), at random (the game's RNG), of one type only (10-24 when there is
none), or "until N are left"."""

from __future__ import annotations

import pytest

from engine.core.game import Deck
from tests.sakura_arms.scenario import act, actions, clear_hand, one_card_problem, place, started

KIRI_SORA = Deck("k", {"goddesses": ["kiri", "sora"],
                       "normal": ["kiri-n1", "kiri-n2", "kiri-n3", "kiri-n4", "sora-n1", "sora-n2", "sora-n3"],
                       "special": ["sora-s1", "sora-s2", "sora-s3"]})


def _game():
    return started(first=0, deck_a=KIRI_SORA)


def _hand(game, seat, *ids):
    clear_hand(game, seat)
    return [place(game, seat, i, "hand") for i in ids]


def test_7_1_7_mist_tithe_the_opponent_chooses_which_of_their_hand_cards_goes_to_the_played_pile():
    """7-1-7: "put into the Played pile": the card goes face up to its owner's Played pile. The
    opponent (the hand's owner) is asked, among their own hand cards only."""
    game = _game()
    s = game.state
    tithe = place(game, 0, "kiri-n1", "hand")
    theirs = _hand(game, 1, "kaze-n1", "kaze-n2")
    act(game, 0, {"type": "use", "card": tithe})
    req = game.pending()
    assert req.kind == "choose" and req.seat == 1
    assert sorted(a["card"] for a in actions(game)) == sorted(theirs)
    events = game.act(1, {"type": "choose", "card": theirs[1]})
    assert s.table.zone_name(theirs[1]) == "played" and s.table.zone_name(theirs[0]) == "hand"
    shown = [e.for_seat(0) for e in events if e.for_seat(None)["type"] == "discarded"]
    assert shown and shown[0]["card"]["card"] == "kaze-n2"          # public once in the Played pile


def test_7_1_10_veiled_grasp_a_blind_choice_offers_places_not_cards_in_an_rng_shuffled_row():
    """7-1-10: only a hand's owner may look at it. The user of Veiled Grasp picks one of the
    opponent's hand cards by its place in a row the game shuffled: options name no card and carry
    no card id, and the row's order comes from the game's RNG (other RNG positions, other orders)."""
    orders = set()
    for seed_first in range(6):
        game = _game()
        s = game.state
        for _ in range(seed_first):
            s.rng.choice_index(7)  # a different RNG position for each game
        grasp = place(game, 0, "kiri-n2", "hand")
        theirs = _hand(game, 1, "kaze-n1", "kaze-n2", "kaze-n3")
        act(game, 0, {"type": "use", "card": grasp})
        req = game.pending()
        assert req.kind == "blind_pick" and req.seat == 0
        assert [o.action for o in req.options] == [{"type": "blind_pick", "slot": i} for i in range(3)]
        names = {s.table.cards[c].defn.name for c in theirs}
        assert not any(n in o.label or n in req.prompt for o in req.options for n in names)
        row = game.state.flow.asking.cards
        assert sorted(row) == sorted(theirs)
        orders.add(tuple(s.table.cards[c].defn.id for c in row))
        act(game, 0, {"type": "blind_pick", "slot": 1})
        assert s.table.zone_name(row[1]) == "played"
        assert s.table.zone(0, "played")[-1] == grasp or s.table.zone_name(grasp) == "played"
    assert len(orders) > 1


def test_7_1_10_a_blind_pick_from_a_one_card_hand_asks_nothing():
    game = _game()
    s = game.state
    grasp = place(game, 0, "kiri-n2", "hand")
    (only,) = _hand(game, 1, "kaze-n1")
    act(game, 0, {"type": "use", "card": grasp})
    assert s.table.zone_name(only) == "played" and game.pending().kind == "main"


def test_7_1_7_scattering_fog_random_card_from_the_games_rng_then_down_to_one_card():
    """7-1-7 "at random": the game's RNG picks (the same seed, the same card); then "until you
    have 1": the user puts cards one at a time, each their own choice, until 1 is left."""
    picked = []
    for _ in range(2):
        game = _game()
        s = game.state
        fog = place(game, 0, "kiri-n3", "hand")
        mine = _hand(game, 0, "sora-n1", "sora-n2", "sora-n3")
        theirs = _hand(game, 1, "kaze-n1", "kaze-n2", "kaze-n3")
        fog = place(game, 0, "kiri-n3", "hand")
        act(game, 0, {"type": "use", "card": fog})
        gone = [c for c in theirs if s.table.zone_name(c) == "played"]
        assert len(gone) == 1
        picked.append(s.table.cards[gone[0]].defn.id)
        for _ in range(2):  # 3 cards in hand, down to 1: two choices
            req = game.pending()
            assert req.kind == "choose" and req.seat == 0
            assert {a["card"] for a in actions(game)} <= set(mine)
            act(game, 0, actions(game)[0])
        assert len(s.table.zone(0, "hand")) == 1 and game.pending().kind == "main"
    assert picked[0] == picked[1]


def test_7_1_7_and_10_24_sifting_haze_only_attack_cards_and_an_empty_choice_is_attested_not_shown():
    """6-2-1-5: only Attack cards of the opponent's hand are offered. 10-24: with none the
    information must be shown to prove it; the referee attests it, naming no card."""
    game = _game()
    s = game.state
    haze = place(game, 0, "kiri-n4", "hand")
    attack, action = _hand(game, 1, "kaze-n1", "kaze-n5")
    assert s.table.cards[attack].defn.type == "attack" and s.table.cards[action].defn.type != "attack"
    act(game, 0, {"type": "use", "card": haze})
    assert s.table.zone_name(attack) == "played" and s.table.zone_name(action) == "hand"  # one choice: by itself

    game = _game()
    s = game.state
    haze = place(game, 0, "kiri-n4", "hand")
    (action,) = _hand(game, 1, "kaze-n5")
    events = game.act(0, {"type": "use", "card": haze})
    none = [e.for_seat(0) for e in events if e.for_seat(None)["type"] == "nothing_to_discard"]
    assert none == [{"type": "nothing_to_discard", "seat": 1, "filtered": True, "rule": "10-24"}]
    assert s.table.zone_name(action) == "hand"


@pytest.mark.parametrize("effect,expected", [
    ("{discard: {who: opp, by: you, type: attack}}", "you cannot choose among your opponent's hand by type"),
    ("{discard: {who: opp, count: 1, down_to: 2}}", "write count or down_to, not both"),
])
def test_7_1_10_a_blind_choice_by_type_is_refused_at_load_with_file_and_line(tmp_path, effect, expected):
    path, problem = one_card_problem(tmp_path, effect)
    assert problem.startswith(f"{path}:11: cards.0.on_use.0: discard: ") and expected in problem, problem
