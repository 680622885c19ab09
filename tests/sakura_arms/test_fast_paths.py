"""The quick paths of issue 21 agree with the plain ones: the duel's cards found once
(`duel_cards`: the filters of timed effects, Devoted effects and Immediate Resurgence, the sets
of poison and Trap cards), the redactor's quick path for events no seat was shown a card of
meanwhile, events whose cards are all face up in public zones (`emit`), and the Range of a card
read without making its attack (`card_range`). Seeded bot games over every sample deck, played
both ways, must give the same options, events and state hashes."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pytest

from engine.bots.random_bot import RandomBot
from engine.core import events
from engine.core.game import Deck, Game
from engine.core.requests import Event
from engine.core.view import CardRef
from engine.games.sakura_arms import RULES, flow, guards, state
from engine.games.sakura_arms.cards import BASIC_ACTIONS, CardDef
from engine.games.sakura_arms.deck import checked_layout, layout, validate_deck
from engine.games.sakura_arms.effects import attack_range, card_range, make_card_attack
from engine.games.sakura_arms.mechanics import plan, poison, trap
from tests.lazy_events import plain_redacted

DECKS = sorted((RULES.data / "decks").glob("*.txt"))
PAIRS = [(deck, DECKS[(i + 6) % len(DECKS)]) for i, deck in enumerate(DECKS)]
SEEDS = range(3)
EXACT_SETS = ("poison", "trap", "becomes", "forced_timed")  # used as the sets themselves, not as filters of a scan


def _plain_duel_cards(s: state.SakuraState, key: str, test: Callable[[CardDef], bool]) -> frozenset[int]:
    """No filter: every card of the duel is looked at; the exact sets are found afresh each time."""
    if key in EXACT_SETS:
        return frozenset(c.id for c in s.table.cards if test(c.defn))
    return frozenset(range(len(s.table.cards)))


def _plain_redacted(s: state.SakuraState) -> list[Event]:
    """Every event through the redactor with "saw it when it happened and sees it now"."""
    return plain_redacted(s.table, s.events, lambda card: state.card_json(s, card))


def _transcript(pair: tuple, seed: int, check_events: bool = False) -> list[Any]:
    """Every request's options and every decision's events, then the state hashes."""
    game = Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    out: list[Any] = []
    while (request := game.pending()) is not None:
        out.append((request.seat, [(o.label, o.action) for o in request.options]))
        events = game.act(request.seat, bots[request.seat].choose(request))
        if check_events:
            assert events == _plain_redacted(game.state)
        out.append(repr(events))
    return out + game.hashes


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_cards_found_once_play_as_the_plain_scans(pair, monkeypatch):
    fast = [_transcript(pair, seed, check_events=True) for seed in SEEDS]
    for module in (state, flow, poison, trap):
        monkeypatch.setattr(module, "duel_cards", _plain_duel_cards)
    assert [_transcript(pair, seed) for seed in SEEDS] == fast


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_events_find_their_unseen_cards_as_visible_to_does(pair, monkeypatch):
    """`emit` skips asking each seat about cards face up in public zones: when each event is
    recorded, its unseen (card, seat) pairs are those `Table.visible_to` gives."""
    playing: list[Game] = []
    checked = []
    emitted = events.Emitted

    def checked_emitted(data: dict, describe: Any, unseen: frozenset) -> events.Emitted:
        if playing:
            table = playing[-1].state.table
            refs = [v.id for v in data.values() if type(v) is CardRef]
            assert unseen == frozenset((c, seat) for c in refs for seat in (0, 1) if not table.visible_to(c, seat))
            checked.append(bool(unseen))
        return emitted(data, describe, unseen)

    monkeypatch.setattr(events, "Emitted", checked_emitted)
    for seed in SEEDS:
        playing.append(Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed))
        _play(playing[-1], seed)
    assert True in checked and False in checked


def _ranges_agree(game: Game) -> int:
    """`card_range` of every Attack card of the duel, for both seats, as a standard and as a
    full-power action, against the Range of the attack `make_card_attack` makes; returns how
    many were compared."""
    s = game.state
    compared = 0
    for card in range(len(s.table.cards)):
        if state.defn(s, card).type != "attack":
            continue
        for seat in (0, 1):
            for full_power in (False, True):
                plain = attack_range(s, make_card_attack(s, seat, card, "main", full_power))
                assert card_range(s, seat, card, full_power) == plain, (card, seat, full_power)
                compared += 1
    return compared


def _play(game: Game, seed: int, after: Callable[[Game], Any] = lambda game: None) -> None:
    """The seeded bots play `game` to its end; `after` sees it after every decision."""
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    while (request := game.pending()) is not None:
        game.act(request.seat, bots[request.seat].choose(request))
        after(game)


def _compared_after_every_decision(pair: tuple, compare: Callable[[Game], int]) -> int:
    """`compare` (which asserts, and returns how many things it compared) after every decision
    of the seeded duels of `pair`; returns the total."""
    compared: list[int] = []
    for seed in SEEDS:
        _play(Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed), seed,
              lambda game: compared.append(compare(game)))
    return sum(compared)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_card_range_is_the_range_of_the_attack_the_card_would_make(pair):
    assert _compared_after_every_decision(pair, _ranges_agree)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_events_held_unread_while_the_duel_goes_on_are_those_read_at_once(pair):
    """`apply` hands out its events unredacted (`DecisionEvents`); events held unread while
    later decisions change the state are redacted before the next one (`publish_held`): read at
    the end of the duel, every decision's events are those read right after it."""
    for seed in SEEDS:
        at_once, held = _decision_events(pair, seed, repr), _decision_events(pair, seed, lambda events: events)
        assert [repr(events) for events in held] == at_once


def _decision_events(pair: tuple, seed: int, read: Callable[[list], Any]) -> list:
    """`read` of the events of every decision of a seeded duel, in order."""
    game = Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    out = []
    while (request := game.pending()) is not None:
        out.append(read(game.act(request.seat, bots[request.seat].choose(request))))
    return out


class _Forgetful(dict):
    """A memo that keeps nothing: every option is made afresh."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def _options_made_afresh_agree(game: Game) -> int:
    """The pending options (main phase, reshuffle, main-phase start, hand limit: made once per
    duel, `options_made`) against the options made afresh; returns how many were compared."""
    request = game.pending()
    if request is None:
        return 0
    s = game.state
    made, s.options_made = s.options_made, _Forgetful()
    try:
        afresh = RULES.request(s).options
    finally:
        s.options_made = made
    assert [(o.label, o.action) for o in request.options] == [(o.label, o.action) for o in afresh]
    return len(afresh)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_options_made_once_are_those_made_afresh(pair):
    assert _compared_after_every_decision(pair, _options_made_afresh_agree)


def _main_moves_the_guards_allow(game: Game) -> int:
    """At a main-phase request: its options are exactly the moves `check` allows (the options
    ask the guards without their explanations, `explain=False`), use, basic (each payment) and
    end alike; returns how many options were compared."""
    request = game.pending()
    if request is None or request.kind != "main":
        return 0
    s, seat = game.state, request.seat
    hand = state.zone(s, seat, "hand")
    candidates = [{"type": "use", "card": c} for c in range(len(s.table.cards))]
    candidates += [{"type": "basic", "action": name, "pay": pay} for name in BASIC_ACTIONS for pay in ["vigor", *hand]]
    candidates.append({"type": "end_main"})
    allowed = sorted(repr(a) for a in candidates if RULES.check(s, seat, a) is None)
    assert sorted(repr(o.action) for o in request.options) == allowed
    return len(allowed)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_main_options_are_the_moves_the_guards_allow(pair):
    assert _compared_after_every_decision(pair, _main_moves_the_guards_allow)


def _legal_basics_agree(game: Game) -> int:
    """`legal_basics` (kept by what it depends on) of both seats against every basic action
    asked of `basic_moves`; returns how many were compared."""
    s = game.state
    for seat in (0, 1):
        assert guards.legal_basics(s, seat) == guards.allowed_basics(s, seat), seat
    return 2


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_legal_basics_kept_are_the_basic_actions_basic_moves_allows(pair):
    assert _compared_after_every_decision(pair, _legal_basics_agree)


def _uses_read_as_printed_agree(game: Game, verdicts: set) -> int:
    """`usable_as_printed` (a plain card's main-phase use read from its data) against `_payable`
    for every card of both seats' hands and Special zones whose use it tells; adds each verdict
    to `verdicts` and returns how many were compared."""
    s = game.state
    compared = 0
    for seat in (0, 1):
        facts = guards.use_facts(s, seat, state.current_distance(s))
        for card in state.zone(s, seat, "hand") + state.zone(s, seat, "special"):
            d = state.defn(s, card)
            quick = guards.usable_as_printed(s, card, d, facts)
            if quick is not None:
                assert quick == (guards._payable(s, seat, card, None, False, False, d) is None), (seat, card, d.id)
                verdicts.add(quick)
                compared += 1
    return compared


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_uses_read_from_the_card_data_are_those_the_guards_allow(pair):
    verdicts: set = set()
    assert _compared_after_every_decision(pair, lambda game: _uses_read_as_printed_agree(game, verdicts))
    assert verdicts == {True, False}


def test_plain_uses_are_the_cards_whose_range_and_cost_the_guards_read_alone():
    """`plain_use` of every card data and umbrella face: some cards are plain and some are not; a
    plain card's Cost is its printed one and an Attack card's Range is `card_range` of its data
    with nothing else in play."""
    cards = list(RULES.cards().values())
    cards += [face for d in cards for face in (d.faces or {}).values()]
    plain = [d for d in cards if guards.plain_use(d) is not None]
    assert plain and len(plain) < len(cards)
    game = Game(RULES, None, seed=1)
    for d in plain:
        cost, rng = guards.plain_use(d)
        assert cost == max(int(d.cost or 0), 0)
        assert (rng is None) == (d.type != "attack")
        if rng is not None:
            assert rng == card_range(game.state, 0, 0, False, d)


def _resurgence_looks_agree(game: Game) -> int:
    """`may_resurge_at_once` against a look at every used Special for Immediate Resurgence
    (10-8); returns 1."""
    s = game.state
    plain = any(card in s.special_used and s.table.cards[card].defn.immediate_resurgence
                for seat in (0, 1) for card in state.zone(s, seat, "special"))
    assert flow.may_resurge_at_once(s) == plain
    return 1


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_special_zones_are_looked_at_for_immediate_resurgence_when_a_used_special_has_it(pair):
    assert _compared_after_every_decision(pair, _resurgence_looks_agree)


def test_deck_checks_and_layouts_worked_out_once_are_those_worked_out_afresh():
    """`checked_layout` keeps each deck list's problems and layout in its card set: asked again,
    by the same or an equal list, it gives what `validate_deck` and `layout` give afresh; a changed
    list is worked out anew."""
    cards = RULES.cards()
    decks = [RULES.load_deck(path) for path in DECKS]
    for deck in decks + [Deck.from_json(d.to_json()) for d in decks]:
        assert checked_layout(deck, cards) == (validate_deck(deck, cards), layout(deck, cards))
    changed = Deck.from_json(decks[0].to_json())
    changed.sections["normal"][0] = decks[1].sections["normal"][0]
    problems, placed = checked_layout(changed, cards)
    assert problems == validate_deck(changed, cards) and problems and placed == ()


def test_unique_texts_found_once_are_the_texts_of_their_effects():
    """10-28: the text that tells Unique effects apart, found once per effect of the card data."""
    effects = [mod for d in RULES.cards().values() for mod in (*d.ongoing, *d.devoted, *d.forced)]
    assert any(mod.get("unique") for mod in effects)
    for _ in range(2):
        assert [state.unique_text(mod) for mod in effects] == [repr(sorted(mod.items())) for mod in effects]


DUEL_CARD_TESTS = [("immediate_resurgence", flow._resurges_at_once), ("becomes", flow._waits_for_a_change),
                   ("forced_timed", flow._has_forced_timed), *flow.TIMED_TESTS.items(),
                   ("devoted", state._has_devoted), ("when", state.WHEN_TEST), ("trap", trap._is_trap_card),
                   ("poison", poison._is_poison_card)]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0].stem}-vs-{pair[1].stem}")
def test_duel_cards_tested_once_per_card_data_are_those_the_tests_find(pair):
    """`duel_cards` tests each card's printed data once per process (and finds the set once per
    duel): every set is the cards whose data passes the test, duel after duel."""
    for seed in SEEDS:
        s = Game(RULES, [RULES.load_deck(path) for path in pair], seed=seed).state
        for _ in range(2):
            for key, test in DUEL_CARD_TESTS:
                assert state.duel_cards(s, key, test) == frozenset(c.id for c in s.table.cards if test(c.defn)), key


def test_plan_cards_found_once_are_the_plan_cards():
    cards = RULES.cards().values()
    assert [plan.executes_plan(d) for d in cards] == ["'execute_plan'" in repr(d) for d in cards]
    assert any(plan.executes_plan(d) for d in cards)


def test_a_card_unseen_when_named_stays_unnamed_to_that_seat_after_it_is_shown():
    """The quick path is taken only when no seat was shown a card meanwhile: a hand card named to
    its owner alone, then played face up within the same decision, stays unnamed to the other."""
    game = Game(RULES, None, seed=1)
    s = game.state
    seat = s.first
    card = s.table.zone(seat, "hand")[0]
    s.events = []
    state.emit(s, {"type": "draw", "seat": seat, "card": CardRef(card)})
    s.table.move(card, seat, "played")
    [event] = events.redacted(s.table, s.events, partial(state.card_json, s))
    assert [event] == _plain_redacted(s)
    assert "card" in event.for_seat(seat) and "card" not in event.for_seat(1 - seat)
