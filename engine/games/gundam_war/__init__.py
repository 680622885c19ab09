"""Gundam War, spec `rules/gundam-war.md` (GW-B-* basic rules, GW-A-* advanced rules)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from engine.core.cardgame import CardGame
from engine.core.errors import Refusal
from engine.core.events import decision_events, publish_held
from engine.core.game import Deck, RuleOption
from engine.core.requests import Event, Request, Result
from engine.core.rng import Rng
from engine.core.schema import action
from engine.core.zones import Table

from engine.games.gundam_war import cards, demo, flow, guards, view
from engine.games.gundam_war.effects import REGISTRY
from engine.games.gundam_war.deck import deck_from_entries, validate_deck
from engine.games.gundam_war.state import AREAS, ZONES, GWState, describe, where

CARD_SCHEMA = cards.card_schema(cards.effect_schema(REGISTRY))
FILE_SCHEMA = cards.file_schema(cards.effect_schema(REGISTRY))

RULE_OPTIONS = (
    RuleOption("auto_pass", "always", ("always", "forced"), "GW-S.3",
               "Every free timing asks both players (default: hides even that nothing was playable), or a "
               "free timing in which a player's only legal move is to pass is passed for them (forced; faster)."),
    RuleOption("loss_check", "after_play", ("after_play", "after_resolution"), "GW-X-3",
               "An empty Homeland loses right after a play's cost is paid (proposal), or only after effects resolve."),
    RuleOption("special_g_copies", "six", ("six", "three"), "GW-X-8",
               "Copies of one Special G: limited only by the 6-Special-G cap (proposal), or also by 3 per name."),
    RuleOption("team_includes_self", False, (False, True), "GW-A-25.15",
               "Team > [A] B gives B to the other same-team Units in the area (default), or to itself as well."),
    RuleOption("then_all_players", "everyone", ("everyone", "user_only"), "GW-X-22",
               "An all-players part before \"then\" that cannot fully apply is applied as far as possible by everyone "
               "and the later part is void (proposal), or only the user applies it (literal GW-A-26.4.2)."),
    RuleOption("water_scope", "attacker", ("attacker", "any"), "GW-X-12",
               "Water invalidates texts of Units engaged with an all-Water attacking squad (proposal), or with any "
               "all-Water squad in the Earth Area."),
)

_CARD = {"type": "integer", "minimum": 0, "description": "a card id from the state view"}


# the rules every free-timing move obeys: the game has begun (GW-B-3.1), no fixed effect or pending
# choice is running (GW-A-4.1), it is a free timing (GW-A-9, GW-S.3) and the player has priority
# or may cut in (GW-B-13)
_FREE_TIMING = ("GW-B-3.1", "GW-A-4.1", "GW-A-9", "GW-B-13", "GW-S.3")
_OPENING = ("GW-B-3.1", "GW-B-3.2", "GW-B-3.3", "GW-X-7")
# sortie: the Attack / Defense Step fixed effects (GW-A-4.2.4-5, GW-B-10.2-3), squads (GW-A-17),
# the Fighting Arena (GW-A-22.2), Base (GW-A-25.21), forbidden sorties (GW-A-26.3), a sortie
# finished by itself when no Unit can sortie (GW-S.3)
_SORTIE = ("GW-A-4.2.4", "GW-A-4.2.5", "GW-B-10.2", "GW-B-10.3", "GW-A-17", "GW-A-22.2", "GW-A-25.21", "GW-A-26.3",
           "GW-S.3")

ACTION_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "gundam-war action",
    "oneOf": [
        action("keep", "Keep the opening hand (GW-B-3.1).", rules=_OPENING),
        action("redeal", "Re-deal the opening hand: A (no G, 6 cards) or B (5, 4, 3) (GW-B-3.2, GW-B-3.3).",
                rules=_OPENING, procedure={"enum": ["A", "B"]}),
        action("pass", "Pass priority in a free timing or Cut (GW-B-13.10); decline a Vulture card.",
               rules=(*_FREE_TIMING, "GW-A-25.7.1")),
        action("play", "Play a card from hand or Hangar (GW-A-10); target = Command target or set target.",
                rules=(*_FREE_TIMING, "GW-A-8.1", "GW-A-8.2", "GW-A-6", "GW-A-7", "GW-B-9", "GW-A-12", "GW-A-13",
                       "GW-A-20", "GW-A-25", "GW-A-26.10", "GW-X-10", "GW-X-29"),
                card=dict(_CARD), target={**_CARD, "optional": True},
                mode={"enum": ["substitute", "variable"], "optional": True},
                x={"type": "integer", "minimum": 1, "optional": True}),
        action("use", "Play a text of a field card, special effects included (GW-A-11); cards = the Units "
                "Resupply keeps rerolled (GW-A-25.25).",
               rules=(*_FREE_TIMING, "GW-A-8.3", "GW-A-13", "GW-A-16", "GW-A-20.4", "GW-A-25", "GW-X-29"),
               card=dict(_CARD),
                text={"type": "integer", "minimum": 0}, target={**_CARD, "optional": True},
                pay={**_CARD, "optional": True},
                cards={"type": "array", "items": dict(_CARD), "minItems": 1, "optional": True}),
        action("change", "Change: swap a hand card for an own Unit in the enemy Attack Step (GW-A-25.16).",
               rules=(*_FREE_TIMING, "GW-A-6.3"), card=dict(_CARD), target=dict(_CARD)),
        action("sortie", "Add a Unit to the rear of your squad in an area (GW-A-17.1.1).", rules=_SORTIE,
               card=dict(_CARD),
                area={"enum": ["space", "earth", "arena"]}),
        action("sortie_done", "Finish declaring the sortie (GW-A-17.1).", rules=_SORTIE),
        action("order", "Put the waiting effect with this index next (GW-A-14.10, GW-B-12.2).",
               rules=("GW-A-14", "GW-A-15.10"), index={"type": "integer", "minimum": 0}),
        action("target", "Choose the target of your waiting automatic effect (GW-A-13.4).", rules=("GW-A-13",),
               card=dict(_CARD)),
        action("discard", "Discard a card for the hand limit (GW-B-12.3), or, as the attacking player, one of the "
                "cards that entered the field together and cannot all stay (GW-A-26.8).", card=dict(_CARD)),
        action("retrieve", "Take a Junk Yard card to hand with Vulture points (GW-A-25.7.1).", card=dict(_CARD)),
    ],
}


class GundamWarRules(CardGame):
    id = "gundam-war"
    name = "Gundam War"
    rule_prefix = "GW-"
    rule_options = RULE_OPTIONS
    effects = REGISTRY
    deck_from_entries = staticmethod(deck_from_entries)

    @staticmethod
    def load_cards(path: Path) -> dict[str, cards.CardDef]:
        return cards.load_cards(path, REGISTRY, FILE_SCHEMA)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> GWState:
        card_defs = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, card_defs, options)])
        rng = Rng(seed)
        table = Table(ZONES)
        state = GWState(table, rng, options)
        ids = rng.permutation(sum(len(d.sections["main"]) for d in decks))
        n = 0
        for seat, deck in enumerate(decks):
            for card_id in deck.sections["main"]:
                table.add_card(seat, card_defs[card_id], "homeland", ids[n])
                n += 1
            rng.shuffle(table.zone(seat, "homeland"))       # GW-B-3.1 step 2: own shuffle ...
            rng.shuffle(table.zone(seat, "homeland"))       # ... and the opponent's
        state.first = 0 if rng.coin() else 1                # GW-B-3.1 step 4: rock-paper-scissors
        flow.start(state)
        flow.PROCESSOR.advance(state)
        state.events.clear()
        return state

    def request(self, state: GWState, seat: int | None = None) -> Request | None:
        return flow.PROCESSOR.request(state, seat)

    def check(self, state: GWState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def apply(self, state: GWState, seat: int, action: dict) -> list[Event]:
        publish_held(state)
        state.events = []
        flow.PROCESSOR.answer(state, seat, action)
        return decision_events(state, partial(describe, state))

    def result(self, state: GWState) -> Result | None:
        return state.result

    def view(self, state: GWState, seat: int | None) -> dict:
        return view.view(state, seat)

    def check_invariants(self, state: GWState) -> None:
        state.table.check_invariants()
        for card, dmg in state.damage.items():
            assert dmg > 0, f"card {card} has {dmg} damage"
            assert where(state, card) in ("deploy",) + AREAS, f"damage on card {card} outside the field"
        for card, target in state.set_on.items():
            assert where(state, card) == "set", f"set card {card} is in {where(state, card)}"
            assert where(state, target) in ("deploy", "set") + AREAS, f"set target {target} left the field"
        for card in state.table.zones["0.set"] + state.table.zones["1.set"]:
            assert card in state.set_on, f"card {card} is in a set zone but set on nothing"
        assert state.zero_defense <= state.destroyed, "a Defense-0 destruction of a card not destroyed"
        for card in state.destroyed:
            assert where(state, card) in ("deploy",) + AREAS, f"destroyed card {card} off the field"
        for seat in (0, 1):
            assert state.pollution[seat] >= 0 and state.vulture_points[seat] >= 0
            assert len(state.table.zones[f"{seat}.arena"]) <= 1, "two Units of one side in the Fighting Arena"
            for z in ("homeland", "discard", "junk", "removed", "hand"):
                for c in state.table.zones[f"{seat}.{z}"]:             # GW-A-26.2.1: the owner's piles
                    assert state.table.cards[c].owner == seat, f"card {c} of the other seat in {seat}.{z}"
        for v in state.slots.values():
            assert v >= 0, "a negative play count"
        played = [e["card"] for e in state.cut if e["kind"] == "card" and where(state, e["card"]) == "played"]
        assert sorted(played) == sorted(state.table.zones["0.played"] + state.table.zones["1.played"]), \
            "a played card is not on the Cut"
        for coins in state.coins.values():
            assert len(coins) == 3
        for card in list(state.treated) + sorted(state.g_text):            # GW-A-1.2.2: only on the field
            assert where(state, card) in ("deploy", "set") + AREAS, f"card {card} kept its treated type off the field"
        for coin in state.card_coins:
            assert coin not in state.coins and coin not in state.set_on.values(), "a card-coin carries a coin or set card"
            assert where(state, coin) in ("deploy", "gone") + AREAS, f"card-coin {coin} outside the field"

    def action_schema(self) -> dict:
        return ACTION_SCHEMA

    # -- hooks for the narrated demo (tts_bridge/demo.py) ----------------------------------
    def cheat_attempts(self, state: GWState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
        return demo.cheat_attempts(state, kind, seat)

    def narrate(self, event: dict) -> str:
        return demo.narrate(event, self.cards())


RULES = GundamWarRules()
