"""Gundam War on the declared state (engine/core/hashing.py) and the step processor
(engine/core/flow.py): the hash covers every field the rules read, and each decision is a step."""

from __future__ import annotations

from engine.bots.random_bot import RandomBot
from engine.core.game import Game
from engine.core.hashing import HASH_VERSION
from engine.games.gundam_war import RULES
from engine.games.gundam_war.state import Mulligan, Priority, Sortie
from tests.gundam_war.scenario import at, game, refused


def _mid_game(seed: int = 3, decisions: int = 80) -> Game:
    g = Game(RULES, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 100)]
    for _ in range(decisions):
        r = g.pending()
        g.act(r.seat, bots[r.seat].choose(r))
    return g


def test_two_states_that_differ_only_in_serial_hash_differently():
    """GW-A-26.17: `serial` tells activations apart (the Auto C non-duplicating key), so it is
    game state; the old hand-written snapshot left it out."""
    g = _mid_game()
    before = g.state_hash()
    g.state.serial += 1
    assert g.state_hash() != before
    g.state.serial -= 1
    assert g.state_hash() == before


def test_the_rules_object_writes_no_snapshot_and_no_seat_refusal():
    assert not hasattr(RULES, "snapshot") and not hasattr(RULES, "seat_refusal")
    assert Game(RULES).hash_version == HASH_VERSION


def test_each_decision_is_the_asking_step_of_the_processor():
    g = game()
    assert g.state.flow.asking == Mulligan(g.state.first)
    at(g, "deploy_ft", active=1)
    assert g.state.flow.asking == Priority() and g.pending().seat == 1
    at(g, "attack_fx", active=1)
    assert g.state.flow.asking == Sortie(1) and g.pending().kind == "sortie"


def test_a_move_without_priority_is_refused_with_the_priority_rule():
    """GW-A-9.3 ("the attacking (active) player has priority"), GW-A-4.2.4 (the Attack Step: "the
    own player may sortie Units to attack"): a wrong-seat move is explained by its own rules."""
    g = game()
    at(g, "deploy_ft", active=0)
    error = refused(g, 1, {"type": "pass"})
    assert error.rule == "GW-A-9.3" and error.code == "wrong_seat"
    assert error.message == ("Your opponent has priority in this free timing; wait until they pass "
                             "(the active player is always asked first).")
    at(g, "attack_fx", active=0)
    error = refused(g, 1, {"type": "sortie_done"})
    assert error.rule == "GW-A-4.2.4"
    assert error.message.startswith("The attacking player is declaring the attack sortie now; you sortie to defend")
