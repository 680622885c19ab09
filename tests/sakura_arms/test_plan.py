"""Plan (issue #20, mechanics/plan.py): a secret two-state token, first in its fixed state; "execute
the plan" resolves the prepared branch (and shows it), then its player prepares the next state in
secret. The spec has no rule for Plan: the closest, 5-1 (the information each player holds), is
cited."""

from __future__ import annotations

import json

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA
from tests.sakura_arms.scenario import act, actions, place, refused, started, tokens

MIRROR_FAN = Deck("p", {"goddesses": ["kagami", "hoshi"],
                        "normal": ["kagami-n6", "kagami-n1", "kagami-n4", "kagami-n5", "hoshi-n1", "hoshi-n2",
                                   "hoshi-n3"],
                        "special": ["kagami-s4", "kagami-s3", "hoshi-s1"]})


def _prepared(choice: str):
    """A game in which seat 0 executed its plan once and prepared `choice`; (game, the events of
    that choice, the plan_executed event)."""
    game = started(first=0, deck_a=MIRROR_FAN)
    s = game.state
    assert s.plan == ["divine", None]                       # the first state is fixed; Kaze + Tsuki hold no plan
    stratagem = place(game, 0, "kagami-n6", "hand")
    tokens(game, distance=8, aura=(2, 3))
    executed = next(e for e in act(game, 0, {"type": "use", "card": stratagem}) if e["type"] == "plan_executed")
    req = game.pending()
    assert req.seat == 0 and req.kind == "plan" and s.tok[AURA[0]] == 3     # the divine branch resolved
    return game, game.act(0, {"type": "plan", "plan": choice}), executed


def test_5_1_the_plan_starts_in_its_fixed_state_and_executing_it_resolves_that_branch_for_all_to_see():
    game, _events, executed = _prepared("scheme")
    assert executed["plan"] == "divine" and executed["seat"] == 0
    assert game.view(0)["players"][0]["plan"] == "scheme" and game.view(None)["players"][0]["plan"] == "scheme"
    stratagem = place(game, 0, "kagami-n6", "hand")
    events = act(game, 0, {"type": "use", "card": stratagem})
    assert next(e for e in events if e["type"] == "plan_executed")["plan"] == "scheme"
    assert game.state.tok[AURA[1]] == 1                                      # the scheme branch: opponent's Aura (2)→
    assert game.pending().kind == "plan"


def test_5_1_the_prepared_state_never_reaches_the_opponents_view_or_events():
    """Two games that differ only in the state seat 0 prepared: everything seat 1 is sent (view,
    events) is the same; seat 0 is told its choice."""
    seen = {}
    for choice in ("divine", "scheme"):
        game, events, _executed = _prepared(choice)
        seen[choice] = (json.dumps(game.view(1), sort_keys=True), [e.for_seat(1) for e in events])
        assert [e.for_seat(0)["plan"] for e in events if e.for_seat(0)["type"] == "plan_prepared"] == [choice]
        assert game.view(1)["players"][0]["plan"] == "hidden"
    assert seen["divine"] == seen["scheme"]
    assert "scheme" not in seen["scheme"][0] and all("plan" not in e for e in seen["scheme"][1])


def test_5_1_only_the_plans_player_prepares_it_and_only_right_after_executing_it():
    game = started(first=0, deck_a=MIRROR_FAN)
    refused(game, 0, {"type": "plan", "plan": "scheme"}, "5-1")
    stratagem = place(game, 0, "kagami-n6", "hand")
    act(game, 0, {"type": "use", "card": stratagem})
    assert sorted(a["plan"] for a in actions(game)) == ["divine", "scheme"]
    refused(game, 1, {"type": "plan", "plan": "scheme"}, "5-1")
