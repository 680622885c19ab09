"""The shortcuts of the options and the state check agree with the plain reading of the rules,
after every decision of seeded fuzzed games (the test card set, both response-window options):

- the plays offered (choices._usable sifts cards and abilities before any guard) are exactly
  the candidates of every card in hand and every ability in play, with every lane, target and
  declared X, that the guards accept; `has_lightning` says whether any Lightning one is;
- the characters the check destroys (flow._doomed reads only damaged or boosted characters
  unless a continuous effect lowers health) are those at health 0 or below, also after damage
  is dealt to a character of the position;
- an answer that changes nothing the check reads (flow._quiet: most passes, an attack declared,
  a phase ended, a card or ability started or paid for: cards only leave the hand) skips the
  check when the last check found nothing and nothing it reads changed since (state.checked):
  what the check reads is then as that check left it, a quiet answer changes none of it, and
  seeded games play exactly as with a check after every answer;
- response windows made once per seat, passes and lane (flow.response_window) play as windows
  made afresh;
- the Lightning cards in hand a seat might use, kept with what they were read from
  (choices._lightning_hand), are those worked out afresh for both seats after every decision;
- a `Proceed` that would find nothing to do, not queued but its automatic step counted at once
  (flow._idle_proceed), plays as one queued and run: the same hashes, events and count;
- what the options read of each card, worked out when it is made (`negating`, `Cost.least`), is
  what the effects and cost say;
- the per-game card facts (extended when a card is made) are those worked out from scratch;
- events handed out unredacted (engine/core/events.py) are, whenever read, those redacted the
  plain way right after their decision (seeded bot games of the test card set).
"""

from __future__ import annotations

import copy
import random
from typing import Callable

import pytest

from engine.core.flow import Step
from engine.core.game import Game
from engine.core.registry import get_rules
from engine.games.qiguang import choices, flow, guards
from engine.games.qiguang.cards import declared_x
from engine.games.qiguang.state import CardFacts, QgState, ResponseWindow, card_facts, characters, health, lanes
from tests.fuzzing import fuzz_game
from tests.lazy_events import READS, assert_read_as_redacted_the_plain_way
from tests.qiguang.scenario import RULES, full_deck
from tts_bridge.selfplay import random_players

PLAYS = ("summon", "play", "ability")


def _variants(state: QgState, base: dict, target: str | None, effects: tuple) -> list[dict]:
    """`base` with every character as its target (if it takes one) and every declared X."""
    everyone = characters(state, 0) + characters(state, 1)
    out = [{**base, "target": t} for t in everyone] if target else [base]
    declared = declared_x(effects)
    if declared is not None:
        out = [{**a, "x": x} for a in out for x in range(declared[0], declared[1] + 1)]
    return out


def _every_candidate(state: QgState, seat: int, lightning_only: bool) -> list[dict]:
    table = state.table
    out: list[dict] = []
    for card in table.zones[f"{seat}.hand"]:
        d = table.cards[card].defn
        if lightning_only and not d.lightning:
            continue
        if d.is_character:
            out += [{"type": "summon", "card": card, "lane": lane} for lane in lanes(state)]
        else:
            out += _variants(state, {"type": "play", "card": card}, d.target, d.effects)
    keys = [f"{seat}.{row}{lane}" for lane in lanes(state) for row in ("standby", "combat")]
    for key in (*keys, f"{seat}.support", f"{seat}.field"):
        for card in table.zones[key]:
            for i, ability in enumerate(table.cards[card].defn.abilities):
                if not lightning_only or ability.lightning:
                    out += _variants(state, {"type": "ability", "card": card, "index": i}, ability.target,
                                     ability.effects)
    return out


def _plain_plays(state: QgState, seat: int, lightning_only: bool, timing: bool = True) -> list[str]:
    check = guards.GUARDS
    return sorted(repr(sorted(a.items())) for a in _every_candidate(state, seat, lightning_only)
                  if check[a["type"]](state, seat, a, timing) is None)


def _plain_doomed(state: QgState) -> list[int]:
    return [c for seat in (state.active, 1 - state.active) for c in characters(state, seat) if health(state, c) <= 0]


def _fresh_facts(state: QgState) -> CardFacts:
    fresh = copy.copy(state)
    fresh.facts = QgState.__dataclass_fields__["facts"].default
    return card_facts(fresh)


def _plain_usable(state: QgState, seat: int, kept: list) -> tuple:
    """`choices._usable` of Lightning cards and abilities with `kept` as the Lightning hands kept
    (`state.lightning_hands`), in a copy: the game's own requests alone change what it keeps."""
    copied = copy.copy(state)
    copied.lightning_hands = list(kept)
    return choices._usable(copied, seat, True)


def _same_usable(game: Game) -> None:
    state = game.state
    for seat in (0, 1):
        assert _plain_usable(state, seat, state.lightning_hands) == _plain_usable(state, seat, [None, None])


def _agree(game: Game, rnd: random.Random) -> None:
    state = game.state
    _same_usable(game)
    request = game.pending()
    kept = list(state.lightning_hands)  # as the game's own requests left them (has_lightning below keeps more)
    if request is not None and request.kind in ("main", "window", "respond"):
        offered = sorted(repr(sorted(o.action.items())) for o in request.options if o.action["type"] in PLAYS)
        assert offered == _plain_plays(state, request.seat, request.kind != "main")
    if state.result is None and state.phase != "order":
        for seat in (0, 1):
            assert choices.has_lightning(state, seat) == bool(_plain_plays(state, seat, True, timing=False))
    assert flow._doomed(state) == _plain_doomed(state)
    everyone = characters(state, 0) + characters(state, 1)
    if everyone:
        hurt = copy.deepcopy(state)
        victim = rnd.choice(everyone)
        hurt.damage[victim] = hurt.damage.get(victim, 0) + rnd.randrange(1, 6)
        assert flow._doomed(hurt) == _plain_doomed(hurt)
    assert card_facts(state) == _fresh_facts(state)
    state.lightning_hands[:] = kept
    if state.checked:
        rechecked = copy.deepcopy(state)
        rechecked.events = []
        assert not flow.run_check(rechecked) and rechecked.result is None and not rechecked.events


def test_fast_paths_agree_with_the_plain_rules_in_fuzzed_games():
    rnd = random.Random(5)
    decks = [full_deck("a"), full_deck("b")]
    for seed, options in ((1, {}), (2, {"lightning_stops": "when_able"}), (3, {"lanes": 3})):
        decisions = fuzz_game(RULES, 2000 + seed, options, mutate_rate=0.05,
                              extra_check=lambda game: _agree(game, rnd), full_checks=False, decks=decks)
        assert decisions > 50


def test_what_the_options_read_of_each_card_is_what_its_effects_and_cost_say():
    for card in (*RULES.cards().values(), *get_rules("qiguang").cards().values()):
        for made in (card, *card.abilities):
            assert made.negating == any("negate" in e for e in made.effects), made.name
            assert made.cost.least == sum(guards.requirement(made.cost, 1 if made.cost.x else 0)), made.name


QUIET_OPTIONS = ({}, {"lightning_stops": "when_able", "damage": "end_of_turn"}, {"damage": "end_of_turn"})


def _check_reads(state: QgState) -> tuple:
    """What the check reads: life, damage and boosts, the cards in play (a character's row does
    not change its health), then each seat's harmony cards in hand."""
    z = state.table.zones
    return ((state.result, tuple(state.life), sorted(state.damage.items()), sorted(state.perm.items()),
             sorted(state.temp.items()), [(sorted(characters(state, s)), z[f"{s}.field"], z[f"{s}.support"])
                                          for s in (0, 1)]),
            [set(z[f"{s}.hand"]).intersection(state.harmony_cards[s]) for s in (0, 1)])


def _finds_no_more(now: tuple, then: tuple) -> bool:
    """Whether a check of `now` finds what a check of `then` found (both `_check_reads`): the same
    but for harmony cards that left the hand (fewer can show no more Elements of Harmony)."""
    return now[0] == then[0] and all(a <= b for a, b in zip(now[1], then[1]))


@pytest.mark.parametrize("options", QUIET_OPTIONS)
def test_the_checked_flag_holds_only_while_nothing_the_check_reads_changed(monkeypatch, options):
    """After a check that found nothing, what it reads changes only with a check after it
    (but in an edited position, see `flow.proceed`); a quiet answer (`flow._quiet`) changes none of it."""
    last_clean: list[tuple] = []
    plain_check = flow.run_check

    def noted_check(state: QgState) -> bool:
        destroyed = plain_check(state)
        if state.checked:
            last_clean[:] = [_check_reads(state)]
        return destroyed

    def noted(state: QgState, step: Step, seat: int, action: dict) -> None:
        quiet, before = flow._quiet(state, step, action), _check_reads(state)
        plain[action["type"]](state, step, seat, action)
        assert not quiet or _finds_no_more(_check_reads(state), before)

    def agree(game: Game) -> None:
        if game.state.checked:
            assert _finds_no_more(_check_reads(game.state), last_clean[0])

    plain = dict(flow._HANDLERS)
    monkeypatch.setattr(flow, "run_check", noted_check)
    monkeypatch.setattr(flow, "_HANDLERS", dict.fromkeys(plain, noted))
    for seed in range(15):
        _bot_game(seed, options, agree)


@pytest.mark.parametrize("options", QUIET_OPTIONS)
def test_quiet_answers_play_as_with_a_check_after_every_answer(monkeypatch, options):
    fast = [_bot_game(seed, options) for seed in range(30)]
    monkeypatch.setattr(flow, "_quiet", lambda state, step, action: False)
    assert [_bot_game(seed, options) for seed in range(30)] == fast


def test_windows_made_once_play_as_windows_made_afresh(monkeypatch):
    shared = [_bot_game(seed, {"lanes": 3}) for seed in range(20)]
    monkeypatch.setattr(flow, "response_window", ResponseWindow)
    assert [_bot_game(seed, {"lanes": 3}) for seed in range(20)] == shared


@pytest.mark.parametrize("options", ({}, {"lanes": 3}, {"lightning_stops": "when_able"}))
def test_lightning_hands_kept_are_those_worked_out_afresh(options):
    for seed in range(25):
        _bot_game(seed, options, _same_usable)


@pytest.mark.parametrize("options", ({"lanes": 3}, {"lightning_stops": "when_able"}))
def test_a_proceed_with_nothing_to_do_plays_as_one_queued_and_run(monkeypatch, options):
    """`flow._idle_proceed`: its automatic step counted at once, the same hashes, events and count."""
    told: list[tuple[int, str]] = []

    def tell(game: Game) -> None:
        told.append((game.state.auto_steps, repr(game.state.events)))

    skipped = [_bot_game(seed, options, tell) for seed in range(20)], list(told)
    told.clear()
    monkeypatch.setattr(flow, "_idle_proceed", lambda state, step: False)
    assert ([_bot_game(seed, options, tell) for seed in range(20)], told) == skipped


def _bot_game(seed: int, options: dict, after: Callable[[Game], None] | None = None) -> list[str]:
    """The state hashes of a seeded bot game of the test card set; `after` sees every decision's."""
    game = Game(RULES, [full_deck("a"), full_deck("b")], seed=seed, options=options)
    bots = random_players(seed)
    while (request := game.pending()) is not None:
        game.act(request.seat, bots[request.seat].decide(game, request.seat))
        if after:
            after(game)
    return game.hashes


EVENT_SEEDS = range(40)


@pytest.mark.parametrize("read", READS)
def test_events_handed_out_unredacted_are_those_redacted_the_plain_way(read):
    assert_read_as_redacted_the_plain_way(RULES, EVENT_SEEDS, read)
