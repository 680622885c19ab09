"""Refusal matrix (issue #19, Scope 2): for each referee-checklist item that forbids a move (spec §D)
and each step that resolves by itself (`Flow.settle`), the forbidden move in that situation is
refused with the rule that forbids it, a message saying what to do instead, and no change.

Checklist items that forbid no move (deck construction is refused when the deck is loaded; draws,
rule effects, damage, what moves where and the game's end: 1-5, 7, 9-15, 19, 22, 23, 25, 28-35,
39-45, 47, 49-56, 59-63) are checked by the scenario tests of their rule.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import Game
from tests.refusals import refused
from tests.vividz.scenario import act, defn, main_turn, put, run_ability, started, zone


def refuses(game: Game, seat: int, action: dict, rule: str, *words: str) -> IllegalAction:
    """`action` by `seat` is refused (nothing changes) citing `rule`, with a message holding `words`."""
    exc = refused(game, seat, action)
    assert exc.rule == rule, (exc.rule, exc.message)
    for word in words:
        assert word in exc.message, (word, exc.message)
    return exc


def _top(game: Game, seat: int, name: str) -> int:
    st = game.state
    c = next(c for c in zone(st, seat, "deck") if defn(st, c).name == name)
    zone(st, seat, "deck").remove(c)
    zone(st, seat, "deck").insert(0, c)
    return c


def _battle(seed: int = 1) -> Game:
    """Seat 0's Main phase in turn 3."""
    game = main_turn(started(seed=seed, first=0), 3)
    assert game.state.tp == 0
    return game


def _to_main(game: Game) -> None:
    """Answer with the least eventful choice until the turn player's Main phase asks again."""
    while game.pending().kind != "main" or game.state.battle is not None:
        req = game.pending()
        pick = next((o.action for o in req.options if o.action["type"] in ("pass", "decline")
                     or o.action == {"type": "may", "use": False}), req.options[0].action)
        game.act(req.seat, pick)


# -- steps that resolve by themselves (issue #19, group 1) ------------------------------------

def test_601_1e_a_third_opening_card_into_energy_is_refused():  # checklist 8
    """601.1e: the second player puts exactly 2 hand cards into Energy; after the second the setup
    goes on by itself, so a third is refused by 601.1e, not by whose turn it is."""
    game = started(seed=2, first=0)
    card = zone(game.state, 1, "hand")[0]
    exc = refuses(game, 1, {"type": "setup_energy", "card": card}, "601.1e", "2 opening cards")
    assert exc.code == "wrong_seat"
    refuses(game, 0, {"type": "setup_energy", "card": zone(game.state, 0, "hand")[0]}, "601.1e",
            "Only the second player")


def test_803_1_a_second_slide_in_the_defense_step_is_refused():  # checklist 37, 38
    """803.1: the non-turn player makes exactly one Defense-step choice; with exactly 2 hand cards
    the slide cost is paid without a choice (the whole hand), and the attack goes on."""
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 1)
    d = put(game, 1, "Phantom Cat Noir", "area", 1)
    for c in list(zone(st, 1, "hand"))[2:]:
        st.table.move(c, 1, "trash")
    _top(game, 0, "Fan Meeting")  # no Scout mark: to Energy by itself
    game.state_changed()
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "slide", "card": d, "slot": 2}, seat=1)
    assert game.pending().seat == 0 and st.slot[d] == 2 and not zone(st, 1, "hand")  # Encore Call's "may"
    exc = refuses(game, 1, {"type": "slide", "card": d, "slot": 1}, "803.1", "exactly one Defense-step choice")
    assert exc.code == "wrong_seat"
    refuses(game, 1, {"type": "discard", "card": d}, "803.1", "nothing to choose")


def test_705_2_a_second_card_into_keep_is_refused():  # checklist 57
    """705.2: the turn player may put 1 card into Keep in their Charge phase; once chosen, a second
    keep is refused by 705.2, not by the Charge step (705.3) that asks now."""
    game = started(seed=6, first=0)
    act(game, {"type": "pass"})
    assert game.pending().kind == "keep"
    first, second = sorted(zone(game.state, 0, "hand"))[:2]
    act(game, {"type": "keep", "card": first})
    assert game.pending().kind == "charge"
    refuses(game, 0, {"type": "keep", "card": second}, "705.2", "at most one card")
    refuses(game, 0, {"type": "skip"}, "705.2")


def test_705_2_and_705_3_an_empty_hand_has_nothing_to_keep_or_charge():
    """705.2 / 705.3: with an empty hand the Charge phase asks nothing."""
    game = started(seed=6, first=0)
    st = game.state
    for c in list(zone(st, 0, "hand")):
        st.table.move(c, 0, "trash")
    game.state_changed()
    act(game, {"type": "pass"})
    assert game.state.tp == 1 and game.pending().seat == 1
    card = zone(st, 0, "trash")[0]
    refuses(game, 0, {"type": "keep", "card": card}, "705.2", "hand was empty")
    refuses(game, 0, {"type": "charge", "card": card}, "705.3", "hand was empty")


def test_905_3c_a_payment_without_a_choice_refuses_a_later_pay():  # checklist 24
    """905.3c: when the Energy cards are all needed (or all alike) the cost is paid by itself."""
    game = _battle()
    st = game.state
    rookie = put(game, 0, "Spotlight Rookie", "hand")  # cost 1
    energy = zone(st, 0, "energy")
    for c in energy[1:]:
        st.table.move(c, 0, "trash")
    game.state_changed()
    spent = energy[0]
    act(game, {"type": "play", "card": rookie, "slot": 1})
    assert spent in zone(st, 0, "trash")
    _to_main(game)
    refuses(game, 0, {"type": "pay", "card": spent}, "905.3c", "without a choice")


def test_1115_1_a_revealed_card_without_scout_mark_cannot_be_used():  # checklist 40
    """1115.1: a Scout card without the Scout mark goes to Energy; nothing is asked."""
    game = _battle()
    a = put(game, 0, "Lead Vocal Aria", "area", 2)
    _top(game, 0, "Fan Meeting")
    act(game, {"type": "attack", "card": a})
    act(game, {"type": "pass"}, seat=1)
    assert game.pending().kind == "may" and game.pending().seat == 0  # Encore Call, after the Scout
    refuses(game, 0, {"type": "use"}, "1115.1", "went to your Energy zone")


def test_703_2a_an_event_revealed_by_accel_in_turn_1_cannot_be_used():  # checklist 18, 62
    """703.2a: no Event is played in turn 1, also for free from an Accel (1201)."""
    game = started(seed=3, first=0)
    st = game.state
    ev = put(game, 0, "Fan Meeting", "deck")
    zone(st, 0, "deck").remove(ev)
    zone(st, 0, "deck").insert(0, ev)
    run_ability(game, 0, [{"accel": {"trait": "Idol"}}])
    assert ev in zone(st, 0, "energy")
    refuses(game, 0, {"type": "use"}, "703.2a", "turn 1")


# -- referee checklist items that forbid a move -------------------------------------------------

def test_601_1b_missions_are_placed_once():  # checklist 6
    """601.1b / 507.3: mission positions are chosen once, before the game, and never change."""
    game = started(seed=2, first=0)
    order = list(zone(game.state, 0, "mission"))
    refuses(game, 0, {"type": "place_missions", "order": order[::-1]}, "601.1b", "once")


def test_703_2_only_the_turn_player_acts_in_the_main_phase():  # checklist 16
    """703.2: the turn player chooses the Main-phase options."""
    game = started(seed=2, first=0)
    card = zone(game.state, 1, "hand")[0]
    exc = refuses(game, 1, {"type": "play", "card": card, "slot": 1}, "703.2", "turn player")
    assert exc.code == "wrong_seat"
    refuses(game, 1, {"type": "pass"}, "703.2", "wait for your turn")


def test_905_3b_an_unpayable_play_is_refused():  # checklist 17, 24
    """703.2 / 905.3b: an option whose cost cannot be paid cannot be chosen."""
    game = started(seed=2, first=0)
    st = game.state
    star = put(game, 0, "Encore Star Lux", "hand")  # cost 4
    assert len(zone(st, 0, "energy")) < 4
    refuses(game, 0, {"type": "play", "card": star, "slot": 2}, "905.3b", "charge more energy")


def test_703_2a_no_event_and_no_attack_in_turn_1():  # checklist 18
    """703.2a: in turn 1 event cards cannot be played and attacks cannot be declared."""
    game = started(seed=2, first=0)
    st = game.state
    ev = put(game, 0, "Sound Check", "hand")  # cost 0
    rookie = put(game, 0, "Spotlight Rookie", "area", 1)
    refuses(game, 0, {"type": "play", "card": ev}, "703.2a", "turn 1")
    refuses(game, 0, {"type": "attack", "card": rookie}, "703.2a", "turn 1")
    assert st.turn == 1


def test_508_2_cards_are_played_from_hand_or_keep_only():  # checklist 20
    """508.2: a card is played from the hand, or from Keep as from the hand."""
    game = started(seed=2, first=0)
    trashed = put(game, 0, "Spotlight Rookie", "trash")
    refuses(game, 0, {"type": "play", "card": trashed, "slot": 1}, "508.2", "hand or your Keep")


def test_906_1a_a_character_needs_one_of_the_three_slots():  # checklist 21
    """906.1a: a played character is put into one of its player's three slots."""
    game = started(seed=2, first=0)
    sae = put(game, 0, "Idol Trainee Sae", "hand")  # cost 0
    refuses(game, 0, {"type": "play", "card": sae}, "906.1a", "slots")


def test_907_1a_a_sleep_cost_needs_an_upright_source():  # checklist 26
    """907.1a: a sleep-icon cost cannot be paid by a card already asleep."""
    game = started(seed=2, first=0)
    st = game.state
    studio = zone(st, 0, "account")[0]
    assert defn(st, studio).name == "Lumen Studio"
    st.sleep.add(studio)
    game.state_changed()
    refuses(game, 0, {"type": "activate", "card": studio, "ability": 0}, "907.1a", "upright")


def test_903_1_an_ability_works_only_in_its_zone():  # checklist 27
    """903.1: an [Act][Area] ability cannot be activated while its card is in the hand."""
    game = _battle()
    ko = put(game, 0, "Stage Manager Ko", "hand")
    ability = next(i for i, ab in enumerate(defn(game.state, ko).abilities) if ab.kind == "act")
    refuses(game, 0, {"type": "activate", "card": ko, "ability": ability}, "903.1", "zone")


def test_802_1a_the_attacker_is_an_own_upright_character():  # checklist 36
    """802.1a: the attacker is a rebooted character the turn player controls in their Area."""
    game = _battle()
    st = game.state
    mine = put(game, 0, "Lead Vocal Aria", "area", 2)
    theirs = put(game, 1, "Phantom Cat Noir", "area", 2)
    refuses(game, 0, {"type": "attack", "card": theirs}, "802.1a", "characters you control")
    st.sleep.add(mine)
    game.state_changed()
    refuses(game, 0, {"type": "attack", "card": mine}, "802.1a", "sleeping")


@pytest.mark.parametrize("hand, slot, rule, word", [
    (1, 2, "803.1", "2 cards"),        # fewer than 2 hand cards
    (3, 3, "1116.1", "adjacent"),      # Side to Side
])
def test_803_1_and_1116_1_slide_cost_and_adjacency(hand, slot, rule, word):  # checklist 38
    """803.1 / 1116.1: sliding costs 2 hand cards and moves to an adjacent empty slot."""
    game = _battle()
    st = game.state
    a = put(game, 0, "Lead Vocal Aria", "area", 1)
    d = put(game, 1, "Phantom Cat Noir", "area", 1)
    for c in list(zone(st, 1, "hand"))[hand:]:
        st.table.move(c, 1, "trash")
    game.state_changed()
    act(game, {"type": "attack", "card": a})
    refuses(game, 1, {"type": "slide", "card": d, "slot": slot}, rule, word)


def test_1113_1_a_mission_is_checked_only_when_its_conditions_hold():  # checklist 46
    """1113.1 / 304.6d: a mission is checked only when all its check conditions are met; only the
    turn player's own missions (703.2)."""
    game = started(seed=2, first=0)
    st = game.state
    night = next(m for m in zone(st, 0, "mission") if defn(st, m).name == "Opening Night")
    refuses(game, 0, {"type": "check", "mission": night}, "1113.1", "conditions")
    refuses(game, 0, {"type": "check", "mission": zone(st, 1, "mission")[0]}, "703.2", "your own missions")


def test_304_1b_a_completed_mission_cannot_be_checked():  # checklist 48
    """304.1b: a completed (face-down) mission cannot be checked again."""
    game = started(seed=2, first=0)
    st = game.state
    m = zone(st, 0, "mission")[0]
    st.table.face_down.add(m)
    game.state_changed()
    refuses(game, 0, {"type": "check", "mission": m}, "304.1b", "completed")


def test_705_3_keep_cards_cannot_be_charged():  # checklist 58
    """705.3: hand cards go into Energy in the Charge phase; Keep cards are not hand cards."""
    game = started(seed=6, first=0)
    kept = put(game, 0, "Fan Meeting", "keep")
    act(game, {"type": "pass"})
    act(game, {"type": "skip"})
    assert game.pending().kind == "charge"
    refuses(game, 0, {"type": "charge", "card": kept}, "705.3", "hand card")


def test_705_2_keep_only_in_the_charge_phase():  # checklist 57
    """705.2: Keep is a Charge-phase choice of the turn player."""
    game = started(seed=2, first=0)
    card = zone(game.state, 0, "hand")[0]
    refuses(game, 0, {"type": "keep", "card": card}, "705.2", "Charge phase")


def test_102_11_a_chosen_number_is_a_whole_number_at_least_0():  # checklist 64
    """102.11: numbers are integers >= 0; anything else is not a well-formed move."""
    game = started(seed=2, first=0)
    exc = refused(game, 0, {"type": "number", "value": -1})
    assert exc.code == "bad_request"
    refuses(game, 0, {"type": "number", "value": 1}, "102.11", "asks for one")


def test_705_2_a_record_no_longer_explains_once_the_same_choice_is_asked():
    """Flow.settle: a choice made by itself earlier explains refusals only until that kind of choice
    is asked of that seat again; then the asking step's own rule and options explain them."""
    game = started(seed=6, first=0)
    st = game.state
    act(game, {"type": "pass"})
    assert game.pending().kind == "keep"
    st.flow.settle("keep", 0, "705.2", "an earlier Keep choice")
    st.flow.settle("keep", 1, "705.2", "the other seat's record")
    assert st.flow.settled_for(1, {"type": "keep"}, game.pending()).seat == 1  # not asked of seat 1
    not_in_hand = zone(st, 0, "trash")[0] if zone(st, 0, "trash") else zone(st, 0, "deck")[0]
    exc = refuses(game, 0, {"type": "keep", "card": not_in_hand}, "705.2", "not a legal choice")
    assert "earlier" not in exc.message


def test_1107_1_a_single_legal_target_is_chosen_by_itself():
    """1107.1: the player chooses among the characters an effect can affect; with only one, it is
    chosen without a question, and a later choice of another is refused by 1107.1."""
    game = _battle()
    st = game.state
    only = put(game, 1, "Phantom Cat Noir", "area", 1)
    mine = put(game, 0, "Spotlight Rookie", "area", 2)
    run_ability(game, 0, [{"sleep": {"to": "choose_opp"}}])
    assert only in st.sleep and game.pending().kind == "main"
    refuses(game, 0, {"type": "target", "card": mine}, "1107.1", "Only Phantom Cat Noir")
