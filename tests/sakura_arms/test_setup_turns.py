"""Referee checklist items 1-15 (setup and turn flow), each citing its rule."""

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms.state import AURA, DIST, FLARE, LIFE, SHADOW, tokens_in_play
from tests.sakura_arms.scenario import (act, actions, answer_until, clear_hand, enhance_tokens, kinds, new_game,
                                        place, refused, resolve_attack, started, tokens)


def test_4_1_step1_setup_puts_36_tokens_in_play():  # checklist 1
    s = new_game().state
    assert s.tok[DIST] == 10 and s.tok[SHADOW] == 0
    for p in (0, 1):
        assert (s.tok[AURA[p]], s.tok[LIFE[p]], s.tok[FLARE[p]]) == (3, 10, 0)
    assert tokens_in_play(s) == 36


def test_4_1_step2_decks_specials_and_unchosen_cards():
    s = new_game().state
    for p in (0, 1):
        assert len(s.table.zone(p, "deck")) + len(s.table.zone(p, "hand")) == 7
        specials = s.table.zone(p, "special")
        assert len(specials) == 3 and all(c in s.table.face_down for c in specials) and not s.special_used
        assert all(c in s.table.face_down for c in s.table.zone(p, "out"))  # 10-29
    assert [s.table.cards[c].defn.id for c in s.table.zone(0, "extra")] == ["hoshi-x1"]  # 7-1-12


def _deck(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """Goddesses:
1 Sora
1 Hoshi
Normal:
1 Rising Cut
1 Pommel Strike
1 Parry
1 Whirlwind Sweep
1 Fan Slash
1 Gust Step
1 Folding Guard
Specials:
1 Heaven Splitter
1 Second Wind
1 Mirror Dance
"""


def test_3_2_and_2_1_deck_list_seven_normal_three_special_two_goddesses(tmp_path):  # checklist 2
    deck = RULES.load_deck(_deck(tmp_path, GOOD))
    assert len(deck.sections["normal"]) == 7 and len(deck.sections["special"]) == 3
    bad = GOOD.replace("1 Folding Guard\n", "")
    with pytest.raises(DataError, match=r"6 Normal cards; exactly 7 needed \(3-2\)"):
        RULES.load_deck(_deck(tmp_path, bad))
    with pytest.raises(DataError, match=r"share the number .*\(2-1\)"):
        RULES.load_deck(_deck(tmp_path, GOOD.replace("1 Hoshi", "1 Sora (Storm)")))
    with pytest.raises(DataError, match=r"deck.txt:16: 'Long Shot' is a Normal card; list it under Normal:"):
        RULES.load_deck(_deck(tmp_path, GOOD + "1 Long Shot\n"))
    with pytest.raises(DataError, match=r"who was not chosen \(3-1\)"):
        RULES.load_deck(_deck(tmp_path, GOOD.replace("1 Rising Cut", "1 Long Shot")))
    with pytest.raises(DataError, match=r"deck.txt:5: 2 copies"):
        RULES.load_deck(_deck(tmp_path, GOOD.replace("1 Rising Cut", "2 Rising Cut")))


def test_4_1_step5_mulligan_first_player_first_bottom_in_order_then_draw():  # checklist 3
    game = new_game(first=1)
    req = game.pending()
    assert req.kind == "mulligan" and req.seat == 1
    hand = sorted(game.state.table.zone(1, "hand"))
    act(game, 1, {"type": "mulligan", "cards": [hand[2], hand[0]]})
    deck = game.state.table.zone(1, "deck")
    assert deck[-2:] == [hand[2], hand[0]] and len(game.state.table.zone(1, "hand")) == 3
    assert game.pending().seat == 0 and game.pending().kind == "mulligan"
    refused(game, 0, {"type": "mulligan", "cards": [hand[1]]}, "4-1 5")  # not your cards


def test_4_1_step6_starting_vigor_first_0_second_1():  # checklist 4
    s = started(first=1).state
    assert s.vigor == [1, 0]


def test_4_1_step3_random_first_player_and_8_turns_alternate():  # checklist 9
    from engine.core.game import Game
    assert {Game(RULES, seed=seed).state.first for seed in range(20)} == {0, 1}
    game = started(first=0, mode=None)
    seen = []
    for _ in range(4):
        answer_until(game, "main_start")
        seen.append((game.state.turn, game.pending().seat))
        act(game, game.pending().seat, {"type": "main_mode", "mode": "standard"})
    assert seen == [(1, 0), (2, 1), (3, 0), (4, 1)]


def test_8_1_3_turns_1_and_2_skip_the_fixed_start_procedure():  # checklist 5
    game = started(first=0)
    s = game.state
    enh = place(game, 1, "tsuki-n1", "enhancement")
    enhance_tokens(game, enh, 2)
    hand1 = len(s.table.zone(1, "hand"))
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    assert s.turn == 2 and s.vigor[1] == 1 and s.tok[100 + enh] == 2 and len(s.table.zone(1, "hand")) == hand1


def test_8_1_3_from_turn_3_vigor_decay_reshuffle_then_draw_2_in_order():  # checklist 6
    game = started(first=0)
    s = game.state
    enh = place(game, 0, "sora-n6", "enhancement")
    enhance_tokens(game, enh, 2)
    answer_until(game, "main")
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    act(game, 1, {"type": "main_mode", "mode": "standard"})
    events = act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")  # covers during the end phase if needed
    assert s.turn == 3 and s.vigor[0] == 1 and s.tok[100 + enh] == 1
    hand = len(s.table.zone(0, "hand"))
    events = act(game, 0, {"type": "reshuffle", "reshuffle": True})
    assert kinds(events)[:4] == ["reshuffle_damage", "damage", "reshuffle", "draw"]
    assert len(s.table.zone(0, "hand")) == hand + 2


def test_5_1_2_vigor_never_above_2_or_below_0():  # checklist 7
    game = started(first=0)
    s = game.state
    s.vigor[0] = 2
    from engine.games.sakura_arms.effects import gain_vigor
    gain_vigor(s, 0, 1)
    assert s.vigor[0] == 2
    s.vigor[0] = 0
    clear_hand(game, 0)
    tokens(game, distance=5)
    refused(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"}, "9-7 ii-A")
    assert s.vigor[0] == 0


def test_5_1_4_flinch_replaces_the_vigor_gain_even_at_2():  # checklist 8
    from engine.games.sakura_arms.effects import gain_vigor
    s = started().state
    s.vigor[0], s.flinch[0] = 2, True
    gain_vigor(s, 0, 1)
    assert s.vigor[0] == 2 and not s.flinch[0]
    s.vigor[0], s.flinch[0] = 0, True
    gain_vigor(s, 0, 1)
    assert s.vigor[0] == 0 and not s.flinch[0]


def test_8_2_1_mode_chosen_once_and_8_2_2_B_full_power_refuses_basic_actions():  # checklist 10, 12
    game = started(first=0, mode="full_power")
    assert game.pending().kind == "main"
    refused(game, 0, {"type": "main_mode", "mode": "standard"}, "8-2-1")
    refused(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"}, "8-2-2 B")


def test_8_2_2_A_standard_action_refuses_throughout_cards():  # checklist 11
    game = started(first=0)
    cid = place(game, 0, "sora-n5", "hand")
    tokens(game, distance=3)
    refused(game, 0, {"type": "use", "card": cid}, "8-2-2 A")
    tokens(game, distance=3)
    game.state.vigor[0] = 2
    act(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"})
    act(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"})
    assert game.pending().kind == "main" and game.state.tok[DIST] == 5  # goes on until ended


def test_8_2_2_B_full_power_one_card_then_the_main_phase_ends():  # checklist 12
    game = started(first=0, mode="full_power")
    cid = place(game, 0, "sora-n5", "hand")
    tokens(game, distance=3)
    act(game, 0, {"type": "use", "card": cid})
    answer_until(game, "main_start", {"damage": {"type": "take_damage", "to": "aura"}})
    assert game.state.turn == 2


def test_9_1_2_all_out_applies_only_to_a_full_power_use():  # checklist 13
    for mode, flinched in (("standard", False), ("full_power", True)):
        game = started(first=0, mode=mode)
        cid = place(game, 0, "sora-s3", "hand")
        tokens(game, distance=3, flare=(2, 0))
        clear_hand(game, 1)
        act(game, 0, {"type": "use", "card": cid})
        resolve_attack(game)
        assert game.state.flinch[1] is flinched, mode


def test_8_3_2_end_phase_turn_player_covers_down_to_2():  # checklist 14
    game = started(first=0)
    for cid in ("sora-n1", "sora-n2", "sora-n4"):
        place(game, 0, cid, "hand")
    for cid in ("kaze-n1", "kaze-n2", "kaze-n4"):
        place(game, 1, cid, "hand")
    n = len(game.state.table.zone(0, "hand"))
    act(game, 0, {"type": "end_main"})
    covers = 0
    while game.pending().kind == "hand_limit":
        assert game.pending().seat == 0
        act(game, 0, game.pending().options[0].action)
        covers += 1
    assert covers == n - 2 and len(game.state.table.zone(0, "hand")) == 2
    assert len(game.state.table.zone(1, "hand")) > 2  # the non-turn player keeps theirs


def test_9_2_terminal_no_more_cards_or_basic_actions_that_turn():  # checklist 15
    from engine.core.game import Deck
    deck_b = Deck("t", {"goddesses": ["kaze", "tsuki"], "normal": ["tsuki-n4", "kaze-n2", "kaze-n3", "kaze-n4",
                                                                 "kaze-n5", "kaze-n6", "tsuki-n1"],
                        "special": ["kaze-s1", "kaze-s2", "tsuki-s1"]})
    game = started(first=1, deck_b=deck_b)
    s = game.state
    rite = place(game, 1, "tsuki-n4", "hand")
    other = place(game, 1, "kaze-n4", "hand")
    s.vigor[1] = 2
    act(game, 1, {"type": "use", "card": rite})
    answer_until(game, "main")
    assert s.terminal[1]
    refused(game, 1, {"type": "use", "card": other}, "9-2")
    refused(game, 1, {"type": "basic", "action": "retreat", "pay": "vigor"}, "9-2")
    assert actions(game) == [{"type": "end_main"}]


def test_3_2_a_deck_list_without_headers_is_sorted_by_what_each_line_names(tmp_path):
    flat = "\n".join(line for line in GOOD.splitlines() if not line.endswith(":"))
    flat = flat.replace("1 ", "")  # bare names are one copy each
    deck = RULES.load_deck(_deck(tmp_path, flat))
    assert deck.sections == RULES.load_deck(_deck(tmp_path, GOOD)).sections
