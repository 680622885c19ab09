"""Scenario tests for the kaiju referee checklist, setup part: items 1-4 (KJ-2.1, KJ-3.1, KJ-3.2)."""

import json
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.game import Deck, Game
from tests.invariants import assert_nothing_hidden_leaks
from tests.kaiju.scenario import RULES, arrange, card_id, cid, deck, refused

# a legal 40-card list (the sample deck A without its comment line)
LEGAL = ["3 Alpha", "3 Beta", "3 Gamma", "3 Delta", "3 Epsilon", "3 Zeta", "3 Young Omega", "3 Tank",
         "3 Spark", "3 Surge", "3 Revert", "3 Scrap", "3 Warp", "1 Mend"]
NON_BATTLE = ["Spark", "Surge", "Revert", "Scrap", "Warp", "Mend", "Meteor", "Fortress", "Supply Line", "Drain"]


def _deck_file(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _load_problems(path: Path, options: dict | None = None) -> list[str]:
    with pytest.raises(DataError) as info:
        RULES.load_deck(path, options)
    error = info.value
    assert str(error).splitlines() == error.problems  # one problem per line
    return error.problems


def _ids(*entries: tuple[int, str]) -> list[str]:
    return [card_id(title) for count, title in entries for _ in range(count)]


# -- checklist 1: deck check -----------------------------------------------------------------

def test_kj_2_1_sample_and_legal_decks_load():
    """Checklist 1: KJ-2.1. Both test decks (and a plain 40-card list) are legal."""
    for path in sorted((RULES.data / "decks").glob("*.txt")):
        loaded = RULES.load_deck(path)
        assert len(loaded.sections["main"]) == 40


def test_kj_2_1_deck_must_have_exactly_40_cards(tmp_path):
    """Checklist 1: KJ-2.1. 39 and 41 cards are both rejected, naming the file."""
    assert len(RULES.load_deck(_deck_file(tmp_path, "ok.txt", LEGAL)).sections["main"]) == 40
    short = _deck_file(tmp_path, "short.txt", LEGAL[:-1])
    assert _load_problems(short) == [f"{short}: the deck has 39 cards; it must have exactly 40 (KJ-2.1)"]
    long = _deck_file(tmp_path, "long.txt", LEGAL[:-1] + ["2 Mend"])
    assert _load_problems(long) == [f"{long}: the deck has 41 cards; it must have exactly 40 (KJ-2.1)"]


def test_kj_2_1_four_cards_with_the_same_name_are_rejected(tmp_path):
    """Checklist 1: KJ-2.1. Four copies (even split over two lines) are rejected, naming file and lines."""
    four = _deck_file(tmp_path, "four.txt", ["4 Alpha"] + LEGAL[1:-1])  # still 40 cards
    assert _load_problems(four) == [f"{four}:1: 4 cards named 'Alpha'; at most 3 allowed (KJ-2.1)"]
    split = _deck_file(tmp_path, "split.txt", ["# split", "2 Beta"] + LEGAL[2:-1] + ["2 Beta", "3 Alpha"])
    assert _load_problems(split) == [f"{split}:2, 14: 4 cards named 'Beta'; at most 3 allowed (KJ-2.1)"]


def test_kj_2_1_every_deck_problem_is_reported_on_its_own_line(tmp_path):
    """Checklist 1: KJ-2.1. Several problems: one per line, each naming the file and its line."""
    bad = _deck_file(tmp_path, "bad.txt", ["4 Alpha", "three Beta", "2 Nosuchcard"] + LEGAL[2:])
    problems = _load_problems(bad)
    assert len(problems) == 3
    assert problems[0].startswith(f"{bad}:2: unknown card 'three Beta'; did you mean 'Beta'")
    assert problems[1] == f"{bad}:3: unknown card 'Nosuchcard'"
    assert problems[2] == f"{bad}:1: 4 cards named 'Alpha'; at most 3 allowed (KJ-2.1)"


def test_kj_g25_prefix_is_ignored_for_the_same_name_limit(tmp_path):
    """Checklist 1: KJ-2.1 with KJ-G25 (Proposal: compare the name only; option "name_and_prefix").

    Young Omega and Elder Omega share the name Omega, so 2 + 2 is four cards named Omega."""
    lines = ["2 Young Omega", "2 Elder Omega"] + [f"3 {t}" for t in
                                                 ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta",
                                                  "Tank", "Spark", "Surge", "Revert", "Scrap", "Warp")]
    path = _deck_file(tmp_path, "omega.txt", lines)
    assert _load_problems(path) == [f"{path}:1, 2: 4 cards named 'Omega'; at most 3 allowed (KJ-2.1)"]
    loose = RULES.load_deck(path, {"deck_name_rule": "name_and_prefix"})
    assert loose.sections["main"].count("t-young-omega") == 2
    assert loose.sections["main"].count("t-elder-omega") == 2
    # three of one prefix plus one of the other is still four Omegas by default
    three_one = _deck_file(tmp_path, "three_one.txt", ["3 Young Omega", "1 Elder Omega"] + lines[2:])
    assert "4 cards named 'Omega'" in _load_problems(three_one)[0]


def test_kj_2_1_game_rejects_illegal_resolved_decks():
    """Checklist 1: KJ-2.1, KJ-G25. Decks given as card ids (e.g. from a log) are checked too."""
    omega = Deck("omega", {"main": _ids((2, "Young Omega"), (2, "Elder Omega"), (3, "Alpha"), (3, "Beta"),
                                        (3, "Gamma"), (3, "Delta"), (3, "Epsilon"), (3, "Zeta"), (3, "Tank"),
                                        (3, "Spark"), (3, "Surge"), (3, "Revert"), (3, "Scrap"), (3, "Mend"))})
    assert len(omega.sections["main"]) == 40
    with pytest.raises(DataError) as info:
        Game(RULES, [omega, deck()], 0)
    assert info.value.problems == ["deck omega: 4 cards named 'Omega'; at most 3 allowed (KJ-2.1)"]
    Game(RULES, [omega, deck()], 0, {"deck_name_rule": "name_and_prefix"})  # legal under the option
    short = Deck("short", {"main": deck().sections["main"][:39]})
    with pytest.raises(DataError) as info:
        Game(RULES, [deck(), short], 0)
    assert info.value.problems == ["deck short: 39 cards; exactly 40 needed (KJ-2.1)"]


# -- checklist 2: opening hands and the mulligan -------------------------------------------

def _choose_order(game: Game, first: int = 0) -> list:
    req = game.pending()
    assert req.kind == "choose_order"
    return game.act(req.seat, {"type": "choose_order", "first": req.seat == first})


def _battle_in_hand(game: Game, seat: int) -> bool:
    return any(game.state.table.cards[c].defn.is_battle for c in game.state.table.zone(seat, "hand"))


def test_kj_g3_only_the_coin_flip_winner_chooses_the_order_and_the_other_seat_is_told_to_wait():
    """KJ-G3: the coin-flip winner chooses who goes first; the other seat's choice is refused
    naming the winner and saying what to do (wait), and changes nothing."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 5)
    winner = game.pending().seat
    error = refused(game, 1 - winner, {"type": "choose_order", "first": True})
    assert error.rule == "KJ-G3"
    assert error.message == f"Seat {winner} won the coin flip and chooses who goes first; wait for their choice."
    _choose_order(game, first=winner)
    assert game.state.phase == "facedown"


def test_kj_3_1_2_each_player_draws_six_before_placing():
    """Checklist 2: KJ-3.1.2. Both players hold 6 cards before anyone places a card face down."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 5)
    _choose_order(game, first=1)
    assert game.state.phase == "facedown" and game.pending().seat == 1
    for seat in (0, 1):
        view = game.view(seat)["players"][seat]
        assert view["hand"]["count"] == 6 and view["deck"]["count"] == 34
        assert _battle_in_hand(game, seat)


def test_kj_3_1_4_hand_without_battle_card_is_shown_returned_and_redrawn():
    """Checklist 2: KJ-3.1.4 with KJ-G4. The top six cards are arranged to hold no battle card."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 1)
    table = game.state.table
    for seat in (0, 1):  # move every non-battle card to the top of both decks
        table.zone(seat, "deck").sort(key=lambda c: table.cards[c].defn.is_battle)
    top_six = {seat: [table.cards[c].defn.title for c in table.zone(seat, "deck")[:6]] for seat in (0, 1)}
    game.state_changed()
    events = _choose_order(game, first=0)
    mulligans = [e for e in events if e.data["type"] == "mulligan"]
    assert [m.data["seat"] for m in mulligans][:1] == [0] and 1 in [m.data["seat"] for m in mulligans]
    for seat in (0, 1):
        first = next(m for m in mulligans if m.data["seat"] == seat)
        assert first.seat is None  # shown to both players
        assert first.data["rule"] == "KJ-3.1.4"
        assert sorted(first.data["shown"]) == sorted(top_six[seat])
        assert not any(RULES.cards()[card_id(t)].is_battle for m in mulligans if m.data["seat"] == seat
                       for t in m.data["shown"])
        # the shown hand went back: still 40 cards between hand and deck, 6 in hand, with a battle card
        assert len(table.zone(seat, "hand")) == 6 and len(table.zone(seat, "deck")) == 34
        assert _battle_in_hand(game, seat)
    # both checks finish before anyone places a face-down card
    assert game.state.phase == "facedown"
    assert not any(e.data["type"] == "placed_facedown" for e in events)


def test_kj_3_1_4_mulligan_with_seed_dependent_opening_hands():
    """Checklist 2: KJ-3.1.2, KJ-3.1.4. A deck with only 10 battle cards misses them in some
    seeded opening hands; every kept hand has 6 cards and a battle card."""
    thin = Deck("thin", {"main": _ids(*[(3, t) for t in NON_BATTLE], (3, "Alpha"), (3, "Beta"),
                                      (3, "Gamma"), (1, "Tank"))})
    seen = 0
    for seed in range(40):
        game = Game(RULES, [thin, thin], seed)
        events = _choose_order(game)
        for e in events:
            if e.data["type"] == "mulligan":
                seen += 1
                assert len(e.data["shown"]) == 6
                assert all(not RULES.cards()[card_id(t)].is_battle for t in e.data["shown"])
        for seat in (0, 1):
            assert len(game.state.table.zone(seat, "hand")) == 6
            assert len(game.state.table.zone(seat, "deck")) == 34
            assert _battle_in_hand(game, seat)
        assert game.state.phase == "facedown"
    assert seen >= 1, "no seed produced a hand without a battle card"


# -- checklist 3: the face-down opening card ------------------------------------------------

def _no_omega_deck() -> Deck:
    return Deck("no-omega", {"main": _ids((3, "Alpha"), (3, "Beta"), (3, "Gamma"), (3, "Delta"), (3, "Epsilon"),
                                          (3, "Zeta"), (3, "Tank"), (3, "Spark"), (3, "Surge"), (3, "Revert"),
                                          (3, "Scrap"), (3, "Warp"), (3, "Mend"), (1, "Meteor"))})


def test_kj_3_1_3_only_a_battle_card_may_be_placed_face_down():
    """Checklist 3: KJ-3.1.3."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 2)
    _choose_order(game, first=0)
    arrange(game, 0, hand=("Spark", "Fortress", "Mend", "Alpha", "Beta", "Tank"))
    for title in ("Spark", "Fortress"):
        error = refused(game, 0, {"type": "place_facedown", "card": cid(game, 0, title, "hand")})
        assert error.rule == "KJ-3.1.3"
    assert {o.action["card"] for o in game.pending().options} == {
        cid(game, 0, t, "hand") for t in ("Alpha", "Beta", "Tank")}


@pytest.mark.parametrize("early", [0, 1])
def test_kj_3_1_3_both_players_place_their_opening_cards_at_once(early):
    """Checklist 3: KJ-3.1.3 sets no order for the opening cards: both players are asked at
    once and either may place first (at a live table both place at the same time). The cards
    turn up together only when both are down, and the first player then takes turn 1."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 2)
    _choose_order(game, first=0)
    joint = game.pending()
    assert (joint.seat, joint.also, joint.kind) == (0, (1,), "place_facedown")
    late = 1 - early
    for seat in (early, late):
        mine = game.request_for(seat)
        assert mine is not None and mine.seat == seat
        assert {o.action["card"] for o in mine.options} == {
            c for c in game.state.table.zone(seat, "hand") if game.state.table.cards[c].defn.is_battle}
    early_card = game.request_for(early).options[0].action["card"]
    events = game.act(early, {"type": "place_facedown", "card": early_card})
    assert [e.data["type"] for e in events] == ["placed_facedown"]
    assert events[0].for_seat(late) == {"type": "placed_facedown", "seat": early}  # face down to the other
    assert game.state.table.face_down == {early_card}
    # the one still to place is now the only one asked; the one who placed may not place again
    assert (game.pending().seat, game.pending().also) == (late, ())
    assert game.request_for(early) is None
    again = refused(game, early, {"type": "place_facedown", "card": game.state.table.zone(early, "hand")[0]})
    assert again.rule == "KJ-3.1.3" and "already placed" in again.message
    late_card = game.pending().options[0].action["card"]
    events = game.act(late, {"type": "place_facedown", "card": late_card})
    revealed = next(e for e in events if e.data["type"] == "revealed")
    assert {c["id"] for c in revealed.data["cards"]} == {early_card, late_card}
    assert not game.state.table.face_down
    assert game.state.active == 0 and game.pending().seat == 0  # the first player's turn 1


def test_kj_3_1_3_the_joint_request_tells_neither_seat_the_others_cards():
    """KJ-3.1.3 with KJ-G31: each seat's own opening request lists only its own hand; the
    pending request as JSON names the other seat that may answer, never its cards."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 3)
    _choose_order(game, first=0)
    assert game.pending().to_json()["also"] == [1]
    for seat in (0, 1):
        payload = game.request_for(seat).to_json()
        assert_nothing_hidden_leaks(game, seat, payload, f"seat {seat}'s opening request")


def test_kj_3_1_3_face_down_card_is_hidden_until_both_are_revealed_together():
    """Checklist 3: KJ-3.1.3. The opponent's view holds neither the id nor the name of the
    face-down card before the second placement; then both turn up at once and hands hold 5."""
    game = Game(RULES, [deck("Elder Omega", name="a"), _no_omega_deck()], 4)
    _choose_order(game, first=0)
    arrange(game, 0, hand=("Elder Omega", "Alpha", "Spark", "Beta", "Mend", "Tank"))
    omega = cid(game, 0, "Elder Omega", "hand")
    events = game.act(0, {"type": "place_facedown", "card": omega})

    assert [e.for_seat(1) for e in events] == [{"type": "placed_facedown", "seat": 0}]
    assert events[0].for_seat(0)["card"]["id"] == omega
    for what, payload in (("view", game.view(1)), ("request", game.pending().to_json())):
        assert "Omega" not in json.dumps(payload), what
        assert_nothing_hidden_leaks(game, 1, payload, what)
    assert game.view(1)["players"][0]["engaged"] == [{"face_down": True}]
    assert game.view(0)["players"][0]["engaged"][0]["id"] == omega  # its owner sees it
    assert game.pending().seat == 1 and game.state.phase == "facedown"

    choice = game.pending().options[0].action["card"]
    events = game.act(1, {"type": "place_facedown", "card": choice})
    kinds = [e.data["type"] for e in events]
    assert kinds.index("revealed") < kinds.index("turn") < kinds.index("draw")
    revealed = next(e for e in events if e.data["type"] == "revealed")
    assert revealed.seat is None and revealed.data["rule"] == "KJ-3.1.3"
    assert [c["id"] for c in revealed.data["cards"]] == [omega, choice]
    assert not game.state.table.face_down
    assert game.view(1)["players"][0]["engaged"][0]["name"] == "Elder Omega"
    assert game.view(0)["players"][1]["engaged"][0]["id"] == choice
    # 6 - 1 = 5 cards each; the first player then draws for turn 1 (checklist 4)
    assert len(game.state.table.zone(1, "hand")) == 5
    assert len(game.state.table.zone(0, "hand")) == 5 + 1


# -- checklist 4: the draw phase ------------------------------------------------------------

def test_kj_3_2_1_draw_exactly_one_card_every_turn_including_the_first():
    """Checklist 4: KJ-3.2.1 with KJ-G5: the first player draws on turn 1 too."""
    game = Game(RULES, [deck(name="a"), deck(name="b")], 9)
    _choose_order(game, first=0)
    game.act(0, game.pending().options[0].action)
    events = game.act(1, game.pending().options[0].action)
    table = game.state.table

    def counts(seat):
        return len(table.zone(seat, "hand")), len(table.zone(seat, "deck"))

    draws = [e for e in events if e.data["type"] == "draw"]
    assert [d.data["seat"] for d in draws] == [0]
    assert draws[0].for_seat(1) == {"type": "draw", "seat": 0}  # the drawn card stays hidden
    assert (game.state.turn, game.state.active) == (1, 0)
    assert counts(0) == (6, 33) and counts(1) == (5, 34)
    events = game.act(0, {"type": "end_turn"})
    assert [e.data["seat"] for e in events if e.data["type"] == "draw"] == [1]
    assert counts(0) == (6, 33) and counts(1) == (6, 33)
    events = game.act(1, {"type": "end_turn"})
    assert [e.data["seat"] for e in events if e.data["type"] == "draw"] == [0]
    assert counts(0) == (7, 32) and counts(1) == (6, 33)
