"""The code written for speed gives what its plain definition gives: triggers looked up in the
index of the cards that have an ability on them fire as when every card is looked at; events
handed out unredacted (engine/core/events.py) are, whenever read, those redacted the plain way."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.games.vividz import RULES
from engine.games.vividz import effects as fx
from engine.games.vividz import flow, guards
from engine.games.vividz import state as st
from tests.lazy_events import READS, assert_read_as_redacted_the_plain_way
from tests.vividz.scenario import main_turn, my_main, put, started

EVENT_SEEDS = range(40)


class _EveryCard(dict):
    """An `auto_cards` index that names every card of the table for every trigger: the triggers
    then look at every card, as they did before the index."""

    def __init__(self, cards: int) -> None:
        super().__init__()
        self.every = frozenset(range(cards))

    def get(self, trigger: str, default=None) -> frozenset:
        return self.every


def _played(seed: int) -> tuple[list, list]:
    game = Game(RULES, seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    events = []
    while (request := game.pending()) is not None:
        events.append([e.for_seat(seat) for e in game.act(request.seat, bots[request.seat].choose(request))
                       for seat in (0, 1, None)])
    return game.hashes, events


def test_triggers_fire_as_when_every_card_is_looked_at(monkeypatch):
    fast = [_played(seed) for seed in range(12)]
    triggered = sum(1 for _, events in fast for decision in events for e in decision
                    if e is not None and e.get("type") == "trigger")
    assert triggered > 50  # the games do trigger abilities, so the comparison means something
    monkeypatch.setattr(fx, "auto_cards", lambda state: _EveryCard(len(state.table.cards)))
    assert [_played(seed) for seed in range(12)] == fast


def test_settled_rule_effects_find_nothing_when_checked_the_plain_way(monkeypatch):
    """Whenever priority pre-processing skips the crowding and dying checks (`_settled`), those
    checks made the plain way find nothing; and games never skipping them play the same."""
    settled = flow._settled
    skipped = []

    def checked(state) -> bool:
        skip = settled(state)
        if skip:
            skipped.append((flow._crowded(state), flow._dying(state)))
        return skip
    monkeypatch.setattr(flow, "_settled", checked)
    fast = [_played(seed) for seed in range(12)]
    assert len(skipped) > 500  # the games do skip, so the comparison means something
    assert all(crowded == [] and dying == [] for crowded, dying in skipped)
    monkeypatch.setattr(flow, "_settled", lambda state: False)
    assert [_played(seed) for seed in range(12)] == fast


def _states(seeds: range):
    """The state after every decision of seeded random games."""
    for seed in seeds:
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while (request := game.pending()) is not None:
            yield game.state
            game.act(request.seat, bots[request.seat].choose(request))


def _plain_discount(state, seat: int, slot: int, exp_counts: bool) -> tuple[int, int] | None:
    """905.2d the plain way: the slot's characters found one by one, their EXP by `exp_of`."""
    there = st.in_slot(state, seat, slot)
    if not there:
        return None
    return (min(st.defn(state, c).cost for c in there),
            len(there) + (sum(len(st.exp_of(state, c)) for c in there) if exp_counts else 0))


def test_slot_discounts_agree_with_the_slots_looked_at_one_by_one():
    checked = held = 0
    for state in _states(range(12)):
        exp_counts = state.options["cost_reduction_counts"] == "characters_and_exp"
        for seat in (0, 1):
            assert st.slot_discounts(state, seat) == [_plain_discount(state, seat, slot, exp_counts)
                                                      for slot in st.SLOTS]
            checked += 1
        held += bool(state.table.zones["0.exp"] or state.table.zones["1.exp"])
    assert checked > 1000 and held > 100  # characters held EXP cards: the counts were compared


def test_card_indexes_agree_with_the_card_definitions_read_the_plain_way():
    for seed in range(5):
        state = Game(RULES, seed=seed).state
        cards = state.table.cards
        conts = sorted(c.id for c in cards if c.defn.conts)
        assert state.cont_cards == conts
        assert state.state_cards == sorted(c.id for c in cards
                                           if any(c.defn.abilities[i].trigger == "state" for i in c.defn.autos))
        assert state.cont_zones == {c: frozenset(cards[c].defn.abilities[i].zone for i in cards[c].defn.conts)
                                    for c in conts}
        assert state.setter_cards == frozenset(c for c in conts if any(
            "set_power" in item for i in cards[c].defn.conts for item in cards[c].defn.abilities[i].continuous))
        assert conts and state.state_cards and state.setter_cards  # every index has cards to compare


def _offered(options) -> list:
    return [(o.label, o.action) for o in options]


def test_main_options_without_effects_worked_out_are_those_with_them(monkeypatch):
    """When no continuous effect may change a cost or forbid an attack (`options_read_effects`), the
    Main phase's options skip working the effects out: they are the options made with them."""
    skipped = 0
    for state in _states(range(12)):
        step = state.flow.asking
        if type(step) is not st.MainPhase:
            continue
        skipped += not st.options_read_effects(state)
        fast = _offered(guards.main_options(state, step.seat))
        with monkeypatch.context() as m:
            m.setattr(guards, "options_read_effects", lambda state: True)
            assert _offered(guards.main_options(state, step.seat)) == fast
    assert skipped > 200  # the skip happens, so the comparison means something


def test_a_one_shot_attack_forbidding_effect_is_worked_out_for_the_main_options():
    """A one-shot effect forbidding an attack (no card in play changes costs or forbids) makes the
    Main phase work the effects out: the marked character is not offered an attack."""
    game = main_turn(started(seed=1, first=0), 3)
    state = game.state
    aria = put(game, 0, "Lead Vocal Aria", "area", 2)
    attack = {"type": "attack", "card": aria}
    assert not st.options_read_effects(state) and attack in [o.action for o in guards.main_options(state, 0)]
    state.clock += 1
    state.effects.append(st.Made(state.clock, "forbid_attack", "turn", ((aria, state.inc[aria]),), 1, aria, "turn"))
    assert st.options_read_effects(state)
    assert attack not in [o.action for o in guards.main_options(state, 0)]


def test_costs_and_replacements_without_effects_worked_out_are_those_with_them(monkeypatch):
    """Play costs and replacement effects skip working the continuous effects out when no card in
    play could change a cost or replace an event: they are what the effects worked out give."""
    plain_replacements = cost_changes = 0
    for state in _states(range(12)):
        sources = st._cont_sources(state)  # the effects worked out: the plain way
        cost_changes += bool(st.cost_changes(sources))
        for seat in (0, 1):
            for card in st.zone(state, seat, "hand"):
                for slot in (None, *st.SLOTS):
                    assert st.play_cost(state, seat, card, slot) == st.play_cost(state, seat, card, slot, sources)
        area = st.zone(state, 0, "area") + st.zone(state, 1, "area")
        fast = [fx.replacements(state, c, event) for c in area for event in ("retire", "damage")]
        with monkeypatch.context() as m:
            m.setattr(fx, "replacers_in_play", lambda state: True)
            assert [fx.replacements(state, c, event) for c in area for event in ("retire", "damage")] == fast
        plain_replacements += any(fast)
    assert plain_replacements > 50 and cost_changes > 50  # both happened: the comparisons mean something


@pytest.mark.parametrize("read", READS)
def test_events_handed_out_unredacted_are_those_redacted_the_plain_way(read):
    assert_read_as_redacted_the_plain_way(RULES, EVENT_SEEDS, read)


def _plain_dying(state) -> list[int]:
    """1004.1/1004.2 the plain way: every character's power worked out (`power`, the board)."""
    strict = state.options["damage_threshold"] == "exceeds"
    dying = []
    for seat in (state.tp, 1 - state.tp):
        for c in st.zone(state, seat, "area"):
            p, dmg = st.power(state, c), state.damage.get(c, 0)
            if p <= 0 or (dmg > p if strict else dmg >= p):
                dying.append(c)
    return dying


def test_dying_characters_found_without_the_board_are_those_found_with_it():
    """The dying check skips working the powers out for a character that survives even at the
    lowest power the effects could leave it (`Derived.lowest_power`): that floor is never above
    a character's power, and the check finds the characters the powers worked out find."""
    floors = lowered = 0
    for state in _states(range(12)):
        found = flow._dying(state)
        d = st.derived(state)
        for seat in (0, 1):
            for c in st.zone(state, seat, "area"):
                floor = d.lowest_power(st.defn(state, c).power)
                assert floor <= st.power(state, c)
                floors += 1
                lowered += d.reducing and floor < st.defn(state, c).power
        assert found == _plain_dying(state)
    assert floors > 5000 and lowered > 200  # effects did lower the floors: the comparison means something


def test_negative_power_changes_lower_the_floor_of_the_dying_check():
    """Negative one-shot power changes (none happens in the seeded games) add up under the
    floor: a damaged character they bring down to its damage is found dying without the board."""
    game = my_main()
    state = game.state
    cat = put(game, 1, "Phantom Cat Noir", "area", 2)  # power 3
    state.damage[cat] = 1
    for amount, dying in ((-1, []), (-1, [cat])):
        state.clock += 1
        state.effects.append(st.Made(state.clock, "power", amount, ((cat, state.inc[cat]),), 0, cat, "turn"))
        assert flow._dying(state) == _plain_dying(state) == dying
    assert st.derived(state).lowest_power(3) == st.power(state, cat) == 1


def _plain_unpayable(state, seat: int, card: int, ab, z: str) -> str | None:
    """`guards._unpayable` the plain way: the costs read from the ability at every call."""
    if z != ab.zone or (z == "mission" and card in state.table.face_down):
        return "903.1"
    if ab.cond and not fx.condition_holds(state, seat, card, ab.cond):
        return "903.2a"
    if ab.cost_of("sleep") and (card in state.sleep or z not in ("area", "account")):
        return "907.1a"
    if len(st.zone(state, seat, "energy")) < ab.cost_of("energy"):
        return "905.3b"
    if len(st.zone(state, seat, "hand")) < ab.cost_of("discard"):
        return "508.3"
    return None


def test_activation_costs_read_once_per_ability_are_those_read_from_it():
    """[Act] abilities' costs are read once per ability (`guards.act_costs`): whether an ability
    can be paid is what reading its costs at every look gives, for every [Act] ability of every
    card after every decision of seeded games."""
    refused = Counter()
    for state in _states(range(8)):
        for card, c in enumerate(state.table.cards):
            for i in c.defn.acts:
                ab = c.defn.abilities[i]
                for seat in (0, 1):
                    why = guards._unpayable(state, seat, card, ab, st.where(state, card))
                    assert why == _plain_unpayable(state, seat, card, ab, st.where(state, card))
                    refused[why] += 1
                    refused["discards"] += ab.cost_of("discard") > 0
    assert all(refused[rule] > 100 for rule in (None, "907.1a", "905.3b", "discards"))  # the costs were compared
