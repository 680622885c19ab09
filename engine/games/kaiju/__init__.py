"""The kaiju battle game ("Revival of the Giant Beasts"), spec `rules/kaiju.md` (KJ-*)."""

from __future__ import annotations

from typing import Any

from pathlib import Path

from engine.core.cardgame import CardGame
from engine.core.errors import Refusal
from engine.core.game import Deck, RuleOption
from engine.core.requests import Event, Request, Result
from engine.core.rng import Rng
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.kaiju import cards, demo, flow, guards, view
from engine.games.kaiju.deck import deck_from_entries, validate_deck
from engine.games.kaiju.effects import REGISTRY
from engine.games.kaiju.state import ZONES, KaijuState

# the schemas of one card and of cards.yaml, with the effect words of the registry
CARD_SCHEMA = cards.card_schema(REGISTRY.schema())
FILE_SCHEMA = cards.file_schema(REGISTRY.schema())

RULE_OPTIONS = (
    RuleOption("support_slots", 5, (5, 3), "KJ-G1", "Support-zone size: 5 slots (proposal) or a compact 3."),
    RuleOption("empty_deck", "skip", ("skip", "loses"), "KJ-G6",
               "Drawing from an empty deck: the draw is skipped (proposal), or the player loses."),
    RuleOption("heal_target", "any", ("any", "engaged"), "KJ-G8",
               "A heal targets any of your battle cards in play (proposal) or only the engaged one."),
    RuleOption("enhance_target", "any", ("any", "engaged"), "KJ-G10",
               "Enhance any of your battle cards in play (proposal) or only the engaged one."),
    RuleOption("retreat_limit", "none", ("none", "once"), "KJ-G11",
               "No per-turn retreat limit beyond its cost (proposal), or once per turn."),
    RuleOption("attack_limit", "player", ("player", "card"), "KJ-G14",
               "One attack or heal per player per turn (proposal), or per engaged card."),
    RuleOption("devolve_damage", "stays", ("stays", "cleared"), "KJ-G23",
               "On devolution the damage stays on the stack (proposal), or is removed."),
    RuleOption("deck_name_rule", "name", ("name", "name_and_prefix"), "KJ-G25",
               "The 3-copies limit compares the name only (proposal), or name and prefix."),
)

ACTION_SCHEMA = action_schema(
    "kaiju",
    # each family: the rules that govern that kind of move (timing, costs, targets, limits and the
    # rule options that change it); main-phase moves are made in your own main phase (KJ-3.3)
    action("choose_order", "Coin-flip winner chooses to go first or second (KJ-3.1.1, KJ-G3).",
           first={"type": "boolean"}),
    action("place_facedown", "Put an opening battle card face down (KJ-3.1.3).", rules=("KJ-3.1.4", "KJ-G4"),
           card=CARD_ID),
    action("engage", "Fill an empty engagement zone from support (KJ-2.2.3).", rules=("KJ-G19",), card=CARD_ID),
    action("devolve_choose", "Pick the stack card that comes back on top (KJ-5.18).", rules=("KJ-G23",),
           card=CARD_ID),
    action("discard_choose", "Pick a card of your hand to discard for a card effect (KJ-2.5, KJ-1.2.3).",
           card=CARD_ID),
    action("deploy", "Deploy a battle card from hand (KJ-3.4, KJ-5.11).", rules=("KJ-3.3", "KJ-G1", "KJ-G9"),
           card=CARD_ID, zone={"enum": ["support", "engaged"]}),
    action("enhance", "Put a battle card from hand under one in play (KJ-5.12).",
           rules=("KJ-3.3", "KJ-3.4", "KJ-G10"), card=CARD_ID, target=CARD_ID),
    action("action", "Use an Action of the engaged card (KJ-3.5, KJ-5.3).",
           rules=("KJ-3.3", "KJ-2.2.2", "KJ-5.14", "KJ-5.10", "KJ-1.1.3"), card=CARD_ID,
           index={"type": "integer", "minimum": 0}, target={**CARD_ID, "optional": True}),
    action("attack", "Attack with a move of the engaged card (KJ-3.6, KJ-5.1).",
           rules=("KJ-3.3", "KJ-2.2.2", "KJ-5.14", "KJ-5.10", "KJ-1.1.3", "KJ-G14"),
           index={"type": "integer", "minimum": 0}, target={**CARD_ID, "optional": True}),
    action("heal", "Heal with a move of the engaged card (KJ-3.6, KJ-5.2).",
           rules=("KJ-3.3", "KJ-2.2.2", "KJ-5.14", "KJ-5.10", "KJ-1.1.3", "KJ-G8", "KJ-G14"),
           index={"type": "integer", "minimum": 0}, target=CARD_ID),
    action("retreat", "Swap the engaged card with a support card, paying one enhancement (KJ-3.7).",
           rules=("KJ-3.3", "KJ-G11"), support=CARD_ID, enhancement=CARD_ID),
    action("skill", "Play a skill card (KJ-3.8, KJ-1.2).", rules=("KJ-3.3", "KJ-1.1.3", "KJ-5.10", "KJ-G26"),
           card=CARD_ID, target={**CARD_ID, "optional": True}),
    action("reinforce", "Play a reinforcement card (KJ-3.8, KJ-1.3).", rules=("KJ-3.3", "KJ-G26"), card=CARD_ID,
           target={**CARD_ID, "optional": True}),
    action("evolve", "Evolve a battle card in play (KJ-5.16).", rules=("KJ-3.3", "KJ-5.17", "KJ-G24"),
           card=CARD_ID, target=CARD_ID),
    action("convert", "Convert a battle card in play (KJ-5.15).", rules=("KJ-3.3", "KJ-5.17", "KJ-G22", "KJ-G24"),
           card=CARD_ID, target=CARD_ID),
    action("end_turn", "End your turn (KJ-3.9).", rules=("KJ-3.3",)),
)


class KaijuRules(CardGame):
    id = "kaiju"
    name = "Kaiju Battle: Revival of the Giant Beasts"
    rule_prefix = "KJ-"
    rule_options = RULE_OPTIONS
    # information sets (engine/core/infoset.py): `host` is `stack` read the other way round, public
    kept_caches = ("host",)
    effects = REGISTRY
    deck_from_entries = staticmethod(deck_from_entries)

    @staticmethod
    def load_cards(path: Path) -> dict[str, cards.CardDef]:
        return cards.load_cards(path, REGISTRY, FILE_SCHEMA)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> KaijuState:
        card_defs = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, card_defs, options)])
        rng = Rng(seed)
        table = Table(ZONES)
        state = KaijuState(table, rng, options)
        ids = rng.permutation(sum(len(d.sections["main"]) for d in decks))  # ids carry no identity
        n = 0
        for seat, deck in enumerate(decks):
            for card_id in deck.sections["main"]:
                table.add_card(seat, card_defs[card_id], "deck", ids[n])
                n += 1
            rng.shuffle(table.zone(seat, "deck"))  # KJ-3.1.1
        state.coin_winner = 0 if rng.coin() else 1  # KJ-G3
        flow.start(state)
        state.events.clear()
        return state

    def request(self, state: KaijuState, seat: int | None = None) -> Request | None:
        return flow.PROCESSOR.request(state, seat)

    def check(self, state: KaijuState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def apply(self, state: KaijuState, seat: int, action: dict) -> list[Event]:
        state.events = []
        flow.apply(state, seat, action)
        return state.events

    def result(self, state: KaijuState) -> Result | None:
        return state.result

    def view(self, state: KaijuState, seat: int | None) -> dict:
        return view.view(state, seat)

    def check_invariants(self, state: KaijuState) -> None:
        state.table.check_invariants()
        for card, dmg in state.damage.items():
            assert dmg > 0, f"card {card} has {dmg} damage counters"
            assert state.table.zone_name(card) in ("engaged", "support"), f"damage on card {card} out of play"
        for host, stack in state.stack.items():
            assert state.table.zone_name(host) in ("engaged", "support"), f"stack on card {host} out of play"
            for enh in stack:
                assert state.host.get(enh) == host, f"enhancement {enh} not linked to {host}"
                assert state.table.zone_name(enh) == "enhancement", f"enhancement {enh} not in the enhancement zone"
        enh_cards = sum(len(state.table.zone(s, "enhancement")) for s in (0, 1))
        assert enh_cards == len(state.host), "an enhancement card belongs to no stack"
        for seat in (0, 1):
            assert len(state.table.zone(seat, "engaged")) <= 1, "two engaged cards"
            assert len(state.table.zone(seat, "support")) <= state.options["support_slots"], "support overflow"
        for attr in ("deploys_left", "enhances_left", "retreats", "turn"):
            assert getattr(state, attr) >= 0, f"{attr} is negative"

    def action_schema(self) -> dict:
        return ACTION_SCHEMA

    # -- hooks for the narrated demo (tts_bridge/demo.py) ----------------------------------
    def cheat_attempts(self, state: KaijuState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
        return demo.cheat_attempts(state, kind, seat)

    def narrate(self, event: dict) -> str:
        # the card data (a stat of cards.yaml per call) only for lines that word a card's effects:
        # the bridge narrates every event of every decision
        return demo.narrate(event, self.cards() if event.get("type") in demo.WORDED else None)


RULES = KaijuRules()
