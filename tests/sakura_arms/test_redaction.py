"""Events go through the core redactor (engine/core/view.py): a seat is shown a card an event
names only if it saw the card when the event happened and still sees it when the decision
ends. Issue #20 Scope 1: an attack whose card turns face down again within the same decision
(here by Immediate Resurgence, 10-8) crashed the old scrubber on the event's Range list."""

import shutil

from engine.core.game import Game
from engine.games.sakura_arms import RULES, SakuraArmsRules
from tests.sakura_arms.scenario import KAZE_TSUKI, SORA_HOSHI, keep_hands, place, tokens

RETURNING_STRIKE = """
  - id: sora-s9
    goddess: sora
    name: Returning Strike
    category: special
    type: attack
    cost: 0
    range: "0-10"
    damage: "1/1"
    no_reactions: all
    immediate_resurgence: {life_at_least: 1}
    text: "Range 0-10, 1/1. No Reactions. Immediate Resurgence: your Life is 1 or more."
"""


def returning_rules(tmp_path) -> SakuraArmsRules:
    folder = tmp_path / "sakura-arms"
    shutil.copytree(RULES.data, folder)
    with open(folder / "cards.yaml", "a", encoding="utf-8") as f:
        f.write(RETURNING_STRIKE)
    return SakuraArmsRules(folder)


def test_10_8_an_attack_whose_card_is_unused_again_within_the_decision_is_redacted_for_the_opponent(tmp_path):
    rules = returning_rules(tmp_path)
    game = next(g for g in (Game(rules, [SORA_HOSHI, KAZE_TSUKI], seed) for seed in range(50)) if g.state.first == 0)
    keep_hands(game)
    game.act(0, {"type": "main_mode", "mode": "standard"})
    strike = place(game, 0, "sora-s9", "special")
    tokens(game, distance=5, aura=(3, 0))  # no Aura to take it: the damage goes to Life, no question (9-5 i)
    events = game.act(0, {"type": "use", "card": strike})
    s = game.state
    assert s.table.zone_name(strike) == "special" and strike in s.table.face_down  # used, then unused (10-8)
    attack = next(e for e in events if e.data["type"] == "attack")
    assert attack.for_seat(0)["card"] == strike  # its owner still sees it
    shown = attack.for_seat(1)
    assert "card" not in shown and shown["range"] == list(range(11)) and shown["damage"] == "1/1"
    use = next(e for e in events if e.data["type"] == "use")
    assert use.for_seat(0)["card"]["id"] == strike and "card" not in use.for_seat(1)
