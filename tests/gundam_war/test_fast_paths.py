"""The speed shortcuts of the options (issue 21) offer exactly what the guards alone would: the
sortie options ask each Unit's own checks once for the three areas, the text options skip texts
already used this turn or this Cut before asking the guard, a listing of the options computes
each seat's National Power once (`state.scan_power`) and each card's own checks of a play once
for all its targets (`state.scan_plays`), a free timing in which none of the seat's cards could
offer anything is not scanned (`may_offer_more`), zone lookups use keys made once
(`state.ZONE_KEY`), and events are handed out unredacted (engine/core/events.py); each is
checked here against the plain way, in seeded bot games."""

import pytest

from engine.core.game import Game
from engine.games.gundam_war import RULES
from engine.games.gundam_war.choices import (_legal_ft, _use_candidates, can_act, card_reach, may_offer_more,
    sortie_request)
from engine.games.gundam_war.guards import PASS, _ft_refusal, check_sortie, check_use
from engine.games.gundam_war.state import AREAS, ZONES, ZONE_KEY, Priority, Sortie, is_unit, units, zone
from tests.lazy_events import READS, assert_read_as_redacted_the_plain_way
from tts_bridge.selfplay import random_players

GAMES = 12


def _seeded_decisions():
    """(seed, game, request) at every decision of the seeded bot games, before the bot answers it."""
    for seed in range(GAMES):
        game = Game(RULES, None, seed=seed)
        bots = random_players(seed)
        while (request := game.pending()) is not None:
            yield seed, game, request
            game.act(request.seat, bots[request.seat].decide(game, request.seat))


def _seeded_requests(step_type: type):
    """(seed, game, request) at every decision of the seeded bot games asked by a `step_type` step."""
    return ((seed, game, request) for seed, game, request in _seeded_decisions()
            if type(game.state.flow.asking) is step_type)


def _plain_sortie_actions(game: Game, seat: int) -> list[dict]:
    """Every Unit of the Deploy Area to every area, kept when the guard allows it (no pre-filter)."""
    state = game.state
    return [a for card in state.table.zones[f"{seat}.deploy"] for area in AREAS
            if check_sortie(state, seat, a := {"type": "sortie", "card": card, "area": area}) is None]


def test_sortie_options_are_what_the_guard_allows_of_every_unit():
    asked = rolled_seen = 0
    for seed, game, _ in _seeded_requests(Sortie):
        step = game.state.flow.asking
        offered = [o.action for o in sortie_request(game.state, step).options[1:]]
        assert offered == _plain_sortie_actions(game, step.seat), f"seed {seed}"
        asked += 1
        rolled_seen += any(c in game.state.rolled for c in zone(game.state, step.seat, "deploy"))
    assert asked > GAMES * 5 and rolled_seen > 0      # the games did ask, with rolled Units present


def test_text_options_are_what_the_guard_allows_of_every_text():
    asked = skipped = 0
    for seed, game, request in _seeded_requests(Priority):
        state, seat = game.state, request.seat
        offered = [o.action for o in request.options if o.action["type"] == "use"]
        plain = [action for action, _ in _use_candidates(state, seat, skip_used=False)]
        assert offered == [a for a in plain if check_use(state, seat, a) is None], f"seed {seed}"
        asked += bool(offered)
        skipped += len(list(_use_candidates(state, seat))) < len(plain)
    assert asked > GAMES and skipped > GAMES      # texts were offered, and used ones were skipped


def _plain_free_timing_options(state, seat: int) -> list[tuple]:
    """(label, action) of every option, each guard computing everything afresh (no remembered
    power, no remembered card checks)."""
    kept = state.scan_power, state.scan_plays
    state.scan_power = state.scan_plays = None
    try:
        legal = [] if _ft_refusal(state, seat) else [(o.label, o.action) for o in _legal_ft(state, seat)]
    finally:
        state.scan_power, state.scan_plays = kept
    return [("Pass", PASS)] + legal


def test_free_timing_options_with_power_and_card_checks_remembered_are_the_plain_ones():
    """`scan_power` and `scan_plays` (each card's own checks asked once for all its targets)."""
    listed = repeated = 0
    for seed, game, request in _seeded_requests(Priority):
        state = game.state
        assert state.scan_power is None and state.scan_plays is None, f"seed {seed}: a listing's memo outlived it"
        assert _ft_refusal(state, request.seat) is None, f"seed {seed}: a Priority step asked in a closed free timing"
        plain = _plain_free_timing_options(state, request.seat)
        assert [(o.label, o.action) for o in request.options] == plain, f"seed {seed}"
        listed += len(plain) > 2
        plays = [o.action for o in request.options if o.action["type"] == "play"]
        repeated += len({(a["card"], a.get("mode")) for a in plays}) < len(plays)
    assert listed > GAMES * 10 and repeated > GAMES   # many listings asked several guards, of one card several times


def test_a_free_timing_is_left_unscanned_only_when_the_plain_scan_finds_nothing():
    """`may_offer_more` (and `can_act` through it) against every candidate the guards allow,
    with the game's remembered `card_reach` and with one made afresh."""
    skipped = offered = 0
    for seed, game, request in _seeded_requests(Priority):
        state, seat = game.state, request.seat
        plain = [] if _ft_refusal(state, seat) else [o.action for o in _legal_ft(state, seat)]
        kept = state.card_reach
        assert may_offer_more(state, seat) or not plain, f"seed {seed}: {plain} left out"
        assert can_act(state, seat) == bool(plain), f"seed {seed}"
        state.card_reach = None
        assert card_reach(state) == kept, f"seed {seed}: the remembered card reach is stale"
        skipped += not may_offer_more(state, seat)
        offered += bool(plain)
    assert skipped > GAMES * 100 and offered > GAMES * 20    # most free timings skipped, many offered moves


def test_units_read_off_printed_types_are_those_is_unit_finds():
    """`units` reads the printed type alone while no card is treated as another type, Dismantled
    or VARIABLE; at every decision it lists the Deploy Area's cards `is_unit` finds, then the squads."""
    for seed, game, _ in _seeded_decisions():
        state = game.state
        for seat in (0, 1):
            plain = [c for c in zone(state, seat, "deploy") if is_unit(state, c)]
            assert units(state, seat) == plain + [c for area in AREAS for c in zone(state, seat, area)], f"seed {seed}"


def test_zone_keys_name_the_tables_zones():
    game = Game(RULES, None, seed=0)
    for seat in (0, 1):
        for spec in ZONES:
            assert zone(game.state, seat, spec.name) is game.state.table.zone(seat, spec.name)
        assert set(ZONE_KEY[seat].values()) == {k for k in game.state.table.zones if k.startswith(f"{seat}.")}


EVENT_SEEDS = range(40)


@pytest.mark.parametrize("read", READS)
def test_events_handed_out_unredacted_are_those_redacted_the_plain_way(read):
    assert_read_as_redacted_the_plain_way(RULES, EVENT_SEEDS, read)
