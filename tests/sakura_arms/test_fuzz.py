"""Seeded fuzz: 300 bot games with the invariants of issue 3 checked after every decision
(36 tokens, zone caps, Vigor 0..2, no negative counts, each card in one zone, hidden zones never
in the other seat's view or events), options agreeing with the guards, and refused random
moves that change nothing."""

import pytest

from engine.core.game import Game
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms.state import AURA, DIST, TOTAL_TOKENS, tokens_in_play
from engine.bots.random_bot import RandomBot
from tests.fuzzing import fuzz_game
from tests.invariants import assert_nothing_hidden_leaks, check_after_decision

GAMES = 300


def _token_invariants(game: Game) -> None:
    s = game.state
    assert tokens_in_play(s) == TOTAL_TOKENS + s.out_net
    assert all(v >= 0 for v in s.tok.values())
    assert s.tok[DIST] <= 10 and s.tok[AURA[0]] <= 5 and s.tok[AURA[1]] <= 5
    assert all(0 <= v <= 2 for v in s.vigor)


def _hidden_zones_hidden(game: Game) -> None:
    """Hand, Face-down pile and unused Specials: never identified in the other seat's view, except
    the cards a look shows that seat while it lasts (issue #20, 7-1-10, 7-1-11)."""
    revealed = game.state.table.revealed
    for seat in (0, 1):
        other = game.view(1 - seat)["players"][seat]
        assert "cards" not in other["facedown"]
        for card in other["hand"].get("cards", []):
            assert "id" not in card or (card["id"], 1 - seat) in revealed, card
        assert "cards" not in other["hand"] or any(s == 1 - seat for _c, s in revealed)
        for card in other["special"]:
            assert ("id" in card) == (card.get("state") == "used" or (card.get("id"), 1 - seat) in revealed), card


def _plan_secret(game: Game) -> None:
    """Plan (issue #20): a seat's view shows the other seat's plan only as "hidden"."""
    for seat in (0, 1):
        assert game.view(1 - seat)["players"][seat].get("plan") in (None, "hidden")


def _extra(game: Game) -> None:
    _token_invariants(game)
    _hidden_zones_hidden(game)
    _plan_secret(game)


def test_fuzz_300_bot_games_keep_tokens_caps_and_hidden_information():
    """The shared harness (tests/fuzzing.py) plus the 36-token and hidden-zone checks."""
    decisions = sum(fuzz_game(RULES, seed, mutate_rate=0.15, extra_check=_extra) for seed in range(GAMES))
    assert decisions > GAMES * 30


DATA = RULES.data / "decks"


@pytest.mark.parametrize("a,b", [("fan-and-moon", "storm-and-moon"), ("blade-and-fan", "fan-and-moon"),
                                 ("storm-and-moon", "bow-and-moon"), ("petal-and-bow", "blade-and-fan"),
                                 ("petal-and-moon", "petal-and-bow"),
                                 ("snow-and-blade", "bow-and-moon"), ("mist-and-blade", "petal-and-moon"),
                                 ("mist-and-moon", "mist-and-blade"), ("mist-and-fan", "bow-and-moon"),
                                 ("mist-and-petal", "storm-and-moon"), ("mist-and-storm", "blade-and-fan"),
                                 ("rain-and-blade", "bow-and-moon"), ("rain-and-moon", "rain-and-blade"),
                                 ("rain-and-bow", "mist-and-moon"),
                                 ("mirror-and-blade", "mist-and-moon"), ("mirror-and-blade", "fan-and-moon"),
                                 ("mirror-and-fan", "mist-and-blade"), ("mirror-and-fan", "mirror-and-blade")])
def test_fuzz_other_deck_pairs_reach_seals_exchanges_copies_and_effect_wins(a, b):
    decks = [RULES.load_deck(DATA / f"{a}.txt"), RULES.load_deck(DATA / f"{b}.txt")]
    assert sum(fuzz_game(RULES, 1000 + seed, decks=decks, mutate_rate=0.15, extra_check=_extra)
               for seed in range(30)) > 30 * 30


# the event types and requests of the goddess mechanics (engine/games/sakura_arms/mechanics/)
MECHANIC_EVENTS = {"umbrella", "umbrella_unchanged", "triggered", "no_trap", "sealed", "copies_to_deck",
                   "no_copy_source"}


def test_fuzz_goddess_mechanic_decks_redact_every_new_event_shape_and_ask_traps_per_seat():
    """The rain decks (Shigure: umbrella, Centrifuge, Trap, copies) under the per-decision checks of
    the fuzz (invariants, views, each event redacted for each seat, and each request checked for the
    seat it goes to), with the Trap question asked both ways (`trap_window`); every event type of
    the mechanics occurs, and Traps are used from the Face-down pile and copies from the hand."""
    seen, uses = set(), set()
    pairs = (("rain-and-blade", "bow-and-moon"), ("rain-and-moon", "rain-and-blade"), ("rain-and-bow", "mist-and-moon"))
    for i, (a, b) in enumerate(pairs):
        decks = [RULES.load_deck(DATA / f"{a}.txt"), RULES.load_deck(DATA / f"{b}.txt")]
        for seed in range(8):
            options = {"trap_window": "when_able" if seed % 2 else "always"}
            game = Game(RULES, decks, seed=100 * i + seed, options=options)
            bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
            while (request := game.pending()) is not None:
                assert_nothing_hidden_leaks(game, request.seat, request.to_json(), "request")
                if request.kind == "trap":
                    assert game.request_for(1 - request.seat) is None
                events = game.act(request.seat, bots[request.seat].choose(request))
                check_after_decision(game, events)
                for event in events:
                    data = event.for_seat(None)
                    seen.add(data["type"])
                    if data["type"] == "use" and isinstance(data.get("card"), dict):
                        uses.add((data["card"]["card"], data["from"]))
    assert MECHANIC_EVENTS <= seen, MECHANIC_EVENTS - seen
    assert {("shigure-n6", "facedown"), ("shigure-x1", "hand")} <= uses


# the event shapes issue #20 part B added (looks, Plan, poison), each redacted per seat in the games below
NEW_EVENTS = {"look", "looked_at", "plan_executed", "plan_prepared", "poisoned", "poison_in_hand", "poison_returned"}


def test_fuzz_kagami_games_reach_every_new_event_shape_and_redact_it_for_each_seat():
    """Bot games with the Kagami decks: every new event shape happens, every seat's version of it
    names only cards that seat sees (tests/invariants.py), and the other seat's version of a
    prepared plan does not hold the plan."""
    decks = [RULES.load_deck(DATA / "mirror-and-fan.txt"), RULES.load_deck(DATA / "mirror-and-blade.txt")]
    seen: set[str] = set()
    for seed in range(12):
        game = Game(RULES, decks, seed=seed)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while (request := game.pending()) is not None:
            events = game.act(request.seat, bots[request.seat].choose(request))
            check_after_decision(game, events)
            for event in events:
                full = event.for_seat(None)
                seen.add(full["type"])
                if full["type"] == "plan_prepared":
                    assert "plan" not in event.for_seat(1 - full["seat"]) and event.for_seat(full["seat"])["plan"]
    assert NEW_EVENTS <= seen, NEW_EVENTS - seen
