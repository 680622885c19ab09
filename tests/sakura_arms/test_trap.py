"""Trap (mechanics/trap.py; a goddess keyword after Chikage's, which the spec leaves to §E): at every
reshuffle (9-8), by the rules in the start phase (8-1-3 iii) or by an effect, the player may first
use one Trap card from their Face-down pile, as a card used because of an effect (9-9); a used
Special with the Devoted `trap_any` allows any number. The question is asked whatever the pile
holds (7-1-8: only its owner sees it), unless the rule option `trap_window` is `when_able`."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, LIFE
from tests.sakura_arms.scenario import act, answer_until, clear_hand, kinds, place, resolve_attack, started, tokens

RAIN_KAZE = Deck("rk", {"goddesses": ["shigure", "kaze"],
                        "normal": ["shigure-n2", "shigure-n6", "shigure-n7", "kaze-n1", "kaze-n2", "kaze-n5", "kaze-n6"],
                        "special": ["shigure-s2", "shigure-s3", "kaze-s1"]})


def _before_effect_reshuffle(facedown: list[str], options: dict | None = None, snares: bool = False):
    """Seat 0 uses Focused Breath (Aura 2 -> Flare, then reshuffle) with these Face-down cards."""
    game = started(first=0, deck_a=RAIN_KAZE, options=options)
    clear_hand(game, 0)
    breath = place(game, 0, "kaze-n5", "hand")
    down = [place(game, 0, card, "facedown") for card in facedown]
    if snares:
        place(game, 0, "shigure-s2", "special", used=True)
    tokens(game, distance=3, aura=(3, 3))
    events = act(game, 0, {"type": "use", "card": breath})
    return game, down, events


def test_9_8_a_trap_card_is_used_from_the_face_down_pile_before_an_effects_reshuffle():
    game, (tripwire,), events = _before_effect_reshuffle(["shigure-n6"])
    s = game.state
    req = game.pending()
    assert req.kind == "trap" and req.seat == 0 and "reshuffle" not in kinds(events)
    assert [o.action for o in req.options] == [{"type": "trap", "card": tripwire}, {"type": "no_trap"}]
    events = act(game, 0, {"type": "trap", "card": tripwire})
    order = kinds(events)
    assert order.index("use") < order.index("reshuffle")  # the Trap first, then the reshuffle
    assert s.tok[AURA[1]] == 2  # Tripwire: 1/- damage
    assert s.table.zone_name(tripwire) == "deck"  # used, put into the Played pile, reshuffled


def test_9_8_declining_the_trap_reshuffles_it_into_the_deck():
    game, (tripwire,), _ = _before_effect_reshuffle(["shigure-n6"])
    events = act(game, 0, {"type": "no_trap"})
    assert kinds(events)[:2] == ["no_trap", "reshuffle"] and game.state.table.zone_name(tripwire) == "deck"
    assert game.state.tok[AURA[1]] == 3


def test_7_1_8_the_question_does_not_tell_the_opponent_whether_a_trap_is_held():
    """Default `trap_window: always`: with a Trap or with another card face down, the player is asked
    all the same, and the opponent sees the same view, the same events and no request; only the
    owner's options differ."""
    seen, offered = [], []
    for facedown in (["shigure-n6"], ["shigure-n2"]):
        game = started(first=0, deck_a=RAIN_KAZE)
        clear_hand(game, 0)
        breath = place(game, 0, "kaze-n5", "hand")
        for other in ("shigure-n6", "shigure-n2"):  # the same cards out of the deck in both games
            game.state.table.face_down.add(place(game, 0, other, "out"))
        place(game, 0, facedown[0], "facedown")
        tokens(game, distance=3, aura=(3, 3))
        events = game.act(0, {"type": "use", "card": breath})
        assert game.pending().kind == "trap" and game.request_for(1) is None
        seen.append(([e.for_seat(1) for e in events], game.view(1)))
        offered.append(len(game.pending().options))
    assert seen[0] == seen[1]
    assert offered == [2, 1]


def test_9_8_trap_window_when_able_asks_only_when_a_usable_trap_is_face_down():
    game, _, events = _before_effect_reshuffle(["shigure-n2"], options={"trap_window": "when_able"})
    assert "reshuffle" in kinds(events) and (game.pending() is None or game.pending().kind != "trap")
    game, _, events = _before_effect_reshuffle(["shigure-n6"], options={"trap_window": "when_able"})
    assert game.pending().kind == "trap"


def test_9_8_an_empty_face_down_pile_asks_nothing():
    """The pile's size is public: with none face down there is nothing to use and nothing to hide."""
    game, _, events = _before_effect_reshuffle([])
    assert "reshuffle" in kinds(events)


def test_9_8_one_trap_per_reshuffle_unless_a_devoted_allows_any_number():
    """Without Web of Snares a second Trap is not offered; with it used (Devoted `trap_any`), the
    question comes again after each Trap, while one is face down."""
    game, (tripwire, needle), _ = _before_effect_reshuffle(["shigure-n6", "shigure-n7"])
    events = act(game, 0, {"type": "trap", "card": tripwire})
    assert "reshuffle" in kinds(events) and game.state.table.zone_name(needle) == "deck"
    game, (tripwire, needle), _ = _before_effect_reshuffle(["shigure-n6", "shigure-n7"], snares=True)
    events = act(game, 0, {"type": "trap", "card": tripwire})
    assert "reshuffle" not in kinds(events) and game.pending().kind == "trap"
    assert [o.action for o in game.pending().options] == [{"type": "trap", "card": needle}, {"type": "no_trap"}]
    act(game, 0, {"type": "trap", "card": needle})  # Snare Needle: an attack, Range 1-5 at Distance 3
    events = resolve_attack(game)
    assert "reshuffle" in kinds(events) and game.state.table.zone_name(needle) == "deck"


def test_8_1_3_iii_a_trap_before_the_rules_reshuffle_of_the_start_phase():
    """8-1-3 iii / 9-8 i: the start phase's reshuffle asks for a Trap first; then 1 damage to Life, the
    reshuffle and the draw of 2 (8-1-3 iv)."""
    game = started(first=0, deck_a=RAIN_KAZE)
    s = game.state
    tripwire = place(game, 0, "shigure-n6", "facedown")
    act(game, 0, {"type": "end_main"})
    answer_until(game, "reshuffle")
    life, aura = s.tok[LIFE[0]], s.tok[AURA[1]]
    act(game, 0, {"type": "reshuffle", "reshuffle": True})
    assert game.pending().kind == "trap"
    hand = len(s.table.zone(0, "hand"))
    events = act(game, 0, {"type": "trap", "card": tripwire})
    order = kinds(events)
    assert order.index("use") < order.index("reshuffle_damage") < order.index("reshuffle") < order.index("draw")
    assert s.tok[LIFE[0]] == life - 1 and s.tok[AURA[1]] == aura - 1 and len(s.table.zone(0, "hand")) == hand + 2
