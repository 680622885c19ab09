"""The speed shortcuts of the options (issue 21) offer exactly what the guards alone would: the
sortie options skip rolled Units before asking the guard, and zone lookups use keys made once
(`state.ZONE_KEY`); both are checked here against the plain way, in seeded bot games."""

from engine.core.game import Game
from engine.games.gundam_war import RULES
from engine.games.gundam_war.choices import sortie_request
from engine.games.gundam_war.guards import check_sortie
from engine.games.gundam_war.state import AREAS, ZONES, ZONE_KEY, Sortie, zone
from tts_bridge.selfplay import random_players

GAMES = 12


def _plain_sortie_actions(game: Game, seat: int) -> list[dict]:
    """Every Unit of the Deploy Area to every area, kept when the guard allows it (no pre-filter)."""
    state = game.state
    return [a for card in state.table.zones[f"{seat}.deploy"] for area in AREAS
            if check_sortie(state, seat, a := {"type": "sortie", "card": card, "area": area}) is None]


def test_sortie_options_are_what_the_guard_allows_of_every_unit():
    asked = rolled_seen = 0
    for seed in range(GAMES):
        game = Game(RULES, None, seed=seed)
        bots = random_players(seed)
        while (request := game.pending()) is not None:
            step = game.state.flow.asking
            if type(step) is Sortie:
                offered = [o.action for o in sortie_request(game.state, step).options[1:]]
                assert offered == _plain_sortie_actions(game, step.seat), f"seed {seed}"
                asked += 1
                rolled_seen += any(c in game.state.rolled for c in zone(game.state, step.seat, "deploy"))
            game.act(request.seat, bots[request.seat].decide(game, request.seat))
    assert asked > GAMES * 5 and rolled_seen > 0      # the games did ask, with rolled Units present


def test_zone_keys_name_the_tables_zones():
    game = Game(RULES, None, seed=0)
    for seat in (0, 1):
        for spec in ZONES:
            assert zone(game.state, seat, spec.name) is game.state.table.zone(seat, spec.name)
        assert set(ZONE_KEY[seat].values()) == {k for k in game.state.table.zones if k.startswith(f"{seat}.")}
