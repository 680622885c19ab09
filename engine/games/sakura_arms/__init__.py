"""Sakura Arms (Shinmaku), core comprehensive rules 1 to 10-32, spec `rules/sakura-arms.md`.

Rules are cited with the spec's own numbering (`9-2-1 i`, `8-1-3 ii`, ...).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from engine.core.errors import Refusal
from engine.core.events import decision_events, publish_held
from engine.core.game import Deck, RuleOption
from engine.core.cardgame import CardGame
from engine.core.requests import Event, Request, Result
from engine.core.rng import Rng
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.sakura_arms import cards, demo, flow, guards, view
from engine.games.sakura_arms.flow import REGISTRY
from engine.games.sakura_arms.mechanics import trap
from engine.games.sakura_arms.mechanics import copies, plan
from engine.games.sakura_arms.deck import checked_layout, deck_from_entries
from engine.games.sakura_arms.state import ZONES, SakuraState, card_json, check_tokens

# the schemas of one card and of cards.yaml, with the effect words of the registry
EFFECT_SCHEMA = REGISTRY.schema()
CARD_SCHEMA = cards.card_schema(EFFECT_SCHEMA)
FILE_SCHEMA = cards.file_schema(EFFECT_SCHEMA)

RULE_OPTIONS = (
    RuleOption("enhancement_decay", "own", ("own", "both"), "8-1-3 ii",
               "Start-phase Charge removal: the turn player's own Enhancements (our decision), or every "
               "Enhancement of both players (spec A-3)."),
    RuleOption("both_lives_zero", "draw", ("draw", "turn_player_wins"), "4-2",
               "Both Lives reach 0 together: a draw (spec A-1), or the turn player wins."),
    RuleOption("substitution", "turn_player_best", ("turn_player_best", "latest"), "5-6 i",
               "Several substitutions of one damage value: the turn player's choice, taken as the best for them "
               "(spec A-12), or the latest one."),
    RuleOption("reaction_window", "always", ("always", "when_able"), "9-4 i",
               "The Reaction window opens at every attack that can be reacted to (default: a skipped window "
               "would reveal that the defender holds no usable Reaction), or only when the defender holds a "
               "usable Reaction card (faster, for friendly play)."),
    trap.OPTION,
)

ACTION_SCHEMA = action_schema(
    "sakura-arms",
    action("mulligan", "Put these hand cards on the bottom of the deck in this order and draw as many (4-1 5).",
           cards={"type": "array", "items": CARD_ID, "maxItems": 3}),
    action("reshuffle", "Start phase: reshuffle your deck for 1 Life damage, or not (8-1-3 iii, 9-8).",
           reshuffle={"type": "boolean"}),
    action("main_mode", "Main-phase start: standard or full-power action (8-2-1).",
           mode={"enum": ["standard", "full_power"]}),
    action("main_start_effect", "Main-phase start: resolve this card's \"at the start of your main phase\" effect "
           "now (8-2-1, in any order with the action choice).", card=CARD_ID),
    action("use", "Use a card from your hand or an unused Special card (8-2-2, 9-2).",
           rules=("9-3", "10-31", "6-2-1-5"), card=CARD_ID),
    action("basic", "A basic action, paying 1 Vigor or a hand card put face down (9-7).",
           rules=("8-2-2", "9-2"),
           action={"enum": ["advance", "retreat", "recover", "focus", "breakaway"]},
           pay={"oneOf": [{"const": "vigor"}, CARD_ID]}),
    action("end_main", "End the main phase (8-2-2)."),
    action("react", "React to the attack with a Reaction card (9-4 i).",
           rules=("10-22", "9-2", "9-3", "10-31", "6-2-1-5"), card=CARD_ID),
    action("no_reaction", "Take the attack without reacting (9-4 i).", rules=("10-22",)),
    action("take_damage", "Take the damage to Aura or to Life (9-5 i, 10-10, 10-26).", to={"enum": ["aura", "life"]}),
    action("charge", "Charge tokens from Shadow and from your Aura (9-2-3 iii).",
           shadow={"type": "integer", "minimum": 0}, aura={"type": "integer", "minimum": 0}),
    action("cover", "Put a hand card face down (8-3-2, 10-31).", card=CARD_ID),
    action("direction", "Direction of a double arrow (10-1).", forward={"type": "boolean"}),
    action("choose", "Choose a card for an effect or the order of simultaneous effects; null for none (9-9, 5-5).",
           rules=("8-1-2", "8-3-1", "10-14", "10-30"),
           card={"oneOf": [CARD_ID, {"type": "null"}]}),
    action("modes", "Choose which of the listed effects resolve, by their places in the list (10-12, 6-2-1-7).",
           picked={"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1}),
    action("may", "Do the optional effect (\"you may\"), or not (10-12).", do={"type": "boolean"}),
    action("blind_pick", "Choose one of your opponent's hand cards without seeing it: by its place in a row "
           "the game shuffled (7-1-10, 7-1-7).", slot={"type": "integer", "minimum": 0}),
    *trap.ACTIONS,
    action("plan", "Choose your plan's next state, in secret, after executing it (Plan, issue #20).",
           rules=("5-1",), plan={"enum": list(plan.STATES)}),
    action("look_done", "End a look at your opponent's hand or Special cards (issue #20; 7-1-10, 7-1-11).",
           rules=("7-1-10", "7-1-11")),
)


class SakuraArmsRules(CardGame):
    id = "sakura-arms"
    name = "Sakura Arms (Shinmaku)"
    rule_prefix = "CR "
    rule_options = RULE_OPTIONS

    @staticmethod
    def hidden_pool(s: SakuraState, card: int) -> str:
        """Information sets (engine/core/infoset.py): an opponent's face-down Specials are their
        list's Specials (4-1 step 2), the face-down cards out of the game the goddesses' cards
        they did not choose (10-29); every other hidden card is one of their normal cards."""
        name = s.table.name_of[card]
        return name if name in ("special", "out") else "normal"

    @staticmethod
    def redact_secrets(s: SakuraState, seat: int) -> dict:
        """Information sets: the opponent's plan (mechanics/plan.py) and which hidden cards are
        copies of a sealed card (mechanics/copies.py) are not the seat's to know."""
        return {"plan": plan.redact(s, seat), "copies": copies.redact(s, seat)}

    @staticmethod
    def deal_secrets(s: SakuraState, seat: int, rng: Any, note: dict) -> None:
        plan.deal(s, seat, rng, note["plan"])
        copies.deal(s, seat, rng, note["copies"])
    effects = REGISTRY
    deck_from_entries = staticmethod(deck_from_entries)

    @staticmethod
    def load_cards(path: Path) -> cards.CardSet:
        return cards.load_cards(path, EFFECT_SCHEMA, REGISTRY.problems)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> SakuraState:
        cs = self.cards()
        checked = [checked_layout(d, cs) for d in decks]
        self.check_decks(decks, [p for problems, _layout in checked for p in problems])
        rng = Rng(seed)
        s = SakuraState(Table(ZONES), rng, options, goddesses=[tuple(d.sections["goddesses"]) for d in decks])
        placements = [(seat, c, zname) for seat, (_problems, cards) in enumerate(checked) for c, zname in cards]
        ids = rng.permutation(len(placements))
        for i, (seat, c, zname) in enumerate(placements):
            s.table.add_card(seat, cs[c], zname, ids[i])
            if zname in ("special", "out"):
                s.table.face_down.add(ids[i])
        s.first = 0 if rng.coin() else 1  # 4-1 step 3
        s.active = s.first
        for seat in (s.first, 1 - s.first):  # 4-1 step 4
            rng.shuffle(s.table.zone(seat, "deck"))
        for seat in (s.first, 1 - s.first):
            for _ in range(3):
                card = s.table.zone(seat, "deck")[0]
                s.table.move(card, seat, "hand")
        s.phase = "mulligan"
        plan.setup(s)
        flow.start(s)
        s.events = []
        return s

    def request(self, s: SakuraState, seat: int | None = None) -> Request | None:
        return flow.PROCESSOR.request(s, seat)

    def check(self, s: SakuraState, seat: int, action: dict) -> Refusal | None:
        return guards.check(s, seat, action, lambda: flow.PROCESSOR.request(s))

    def apply(self, s: SakuraState, seat: int, action: dict) -> list[Event]:
        publish_held(s)
        s.events = []
        flow.apply(s, seat, action)
        check_tokens(s)  # the 36-token total after every decision (checklist 47)
        return decision_events(s, partial(card_json, s))

    def result(self, s: SakuraState) -> Result | None:
        return s.result

    def view(self, s: SakuraState, seat: int | None) -> dict:
        return view.view(s, seat)

    def check_invariants(self, s: SakuraState) -> None:
        s.table.check_invariants()
        check_tokens(s)
        for p in (0, 1):
            assert 0 <= s.vigor[p] <= 2, f"Vigor {s.vigor[p]} outside 0..2 (5-1-2)"
            assert s.tok[2 + p] <= 5, "Aura above 5 (7-1-3-1)"
            if s.result is None:
                assert s.tok[4 + p] > 0, "a Life is 0 but the game goes on (4-2)"
            for c in s.table.zone(p, "special"):
                assert s.table.cards[c].defn.is_special, "a Normal card in the Special zone"
                assert (c in s.table.face_down) == (c not in s.special_used), \
                    f"Special {c}: unused must be face down, used face up (7-1-11)"
            assert not s.table.zone(p, "in_use") or s.flow.asking is not None or s.result is not None, \
                "a card stayed In-use after its use (9-2-1 v)"
        for c in s.special_used:
            assert s.table.name_of[c] == "special", f"used mark on card {c} outside the Special zone"
        assert s.tok[0] <= 10, "Distance above 10 (7-1-1)"
        assert set(s.umbrella) <= {"open", "closed"}, f"umbrella states {s.umbrella} (mechanics/umbrella.py)"
        for copy in s.copy_of_sealed:  # mechanics/copies.py: only Variable cards become copies
            assert s.table.cards[copy].defn.type == "variable", f"card {copy} is a copy but no Variable card"

    def action_schema(self) -> dict:
        return ACTION_SCHEMA

    # -- hooks for the narrated demo (tts_bridge/demo.py) ----------------------------------
    def cheat_attempts(self, state: SakuraState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
        return demo.cheat_attempts(state, kind, seat)

    def narrate(self, event: dict) -> str:
        return demo.narrate(event, self.cards())


RULES = SakuraArmsRules()
