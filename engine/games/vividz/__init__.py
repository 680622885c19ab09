"""Vividz, spec `rules/vividz.md` (rules 100-1200, cited by number)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from engine.core.cardgame import CardGame
from engine.core.errors import Refusal
from engine.core.events import decision_events, publish_held
from engine.core.game import Deck, RuleOption
from engine.core.hashing import int_array
from engine.core.requests import Event, Request, Result
from engine.core.rng import Rng
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.vividz import cards, demo, flow, guards, view
from engine.games.vividz.deck import deck_from_entries, validate_deck
from engine.games.vividz.effects import REGISTRY
from engine.games.vividz.state import MainPhase, Resolving, VividzState, describe, zone_specs

# the card schema's effect part is the registry's (docs/effects/vividz.md); carddata.file_schema
# finds FILE_SCHEMA in the module of load_cards
CARD_SCHEMA = cards.card_schema(REGISTRY.schema())
FILE_SCHEMA = cards.file_schema(REGISTRY.schema())

RULE_OPTIONS = (
    RuleOption("illegal_character_discards", "others", ("others", "newest"), "1003.1",
               "AMB-1: the illegal-character effect trashes the older cards as written (others), or the newcomer."),
    RuleOption("reboot_characters", "never", ("never", "start_draw"), "702.3",
               "AMB-2: characters are never rebooted by the turn (as written), or the turn player's reboot at 702.3."),
    RuleOption("damage_threshold", "at_least", ("at_least", "exceeds"), "305.2",
               "AMB-3: a character retires when damage >= power (305.2), or only when damage > power (1004.1)."),
    RuleOption("cost_reduction_counts", "characters_and_exp", ("characters_and_exp", "characters"), "905.2d",
               "AMB-4: the cost-reduction icon counts characters and their EXP (translation) or characters only (1.0.0)."),
    RuleOption("retire_trigger", "any_departure", ("any_departure", "retire_only"), "908.3d",
               "AMB-5: \"when retires\" triggers on every departure from the Area, or only on the retire action."),
    RuleOption("left_area_info", "area", ("area", "after_move"), "913.1a",
               "AMB-12: a retire trigger that refers to its card uses the card as it was in the Area (908.3d), "
               "or its information after the move (913.1a as written)."),
    RuleOption("keep_visibility", "owner", ("owner", "public"), "508",
               "AMB-13: the Keep zone is hidden from the opponent (owner may look), or public."),
    RuleOption("star_exception", "exempt", ("exempt", "mission_info_only"), "401.5c",
               "AMB-14: a ☆ card ignores all matching (exempt), or only its Mission info."),
)

_CARD = CARD_ID
_SLOT = {"enum": [1, 2, 3], "description": "field slot by lane (B.2): 1 = L1 Side, 2 = L2 Center, 3 = L3 Side; "
                                           "slot n faces the opponent's slot n"}


ACTION_SCHEMA = action_schema(
    "vividz",
    action("place_missions", "Order your three missions into positions 1-3, face down (601.1b).",
            order={"type": "array", "items": dict(_CARD), "minItems": 3, "maxItems": 3}),
    action("setup_energy", "Second player: put a hand card into Energy (601.1e).", card=dict(_CARD)),
    action("play", "Play a card from hand or Keep; a character names its slot (906.1, 508.2).",
            rules=("703.2", "904.2", "905.3"),
            card=dict(_CARD), slot={**_SLOT, "optional": True}),
    action("activate", "Activate an [Act] ability (incl. Accel) (907, 1201).",
            rules=("703.2", "803.1", "502.1c", "901.2a", "903", "905.3", "508.3"), card=dict(_CARD),
            ability={"type": "integer", "minimum": 0}),
    action("attack", "Declare an attack with a rebooted character (802.1).", rules=("703.2",), card=dict(_CARD)),
    action("check", "Check a mission whose check conditions are met (1113).", rules=("703.2", "304.1"), mission=dict(_CARD)),
    action("pass", "End the Main phase (703.3a), or pass in the Defense step (803.1).", rules=("703.2",)),
    action("slide", "Slide a character to an adjacent empty slot (803.1 defense, 1116).", rules=("508.3",),
            card=dict(_CARD), slot=dict(_SLOT)),
    action("pay", "Pay one energy with this Energy card (905.3).", card=dict(_CARD)),
    action("discard", "Discard this hand card to pay a cost (904.2f).", rules=("803.1",), card=dict(_CARD)),
    action("pick", "Choose a card an effect asks for (1107).", rules=("904.3a",), card=dict(_CARD)),
    action("target", "Choose the character an effect affects (1107).", card=dict(_CARD)),
    action("use", "Use the revealed card for free; a character names its slot (1115, 1201).",
            rules=("804.2b", "703.2a"),
            slot={**_SLOT, "optional": True}),
    action("decline", "Do not use the revealed card; it goes to Energy (1115.1, 1201.3).",
            rules=("804.2b", "703.2a", "1201")),
    action("trigger", "Choose which triggered ability resolves next (908.2a).",
            pick={"type": "integer", "minimum": 0}),
    action("may", "Use an optional triggered ability or not (908.2).", use={"type": "boolean"}),
    action("number", "Choose a number (102.11).", value={"type": "integer", "minimum": 0}),
    action("replacement", "Choose the replacement effect that applies (912.2).", source=dict(_CARD)),
    action("newest", "Name the newest of characters that entered a slot together (1002.1).", card=dict(_CARD)),
    action("up_to", "Move the top card of your Deck (true) or stop (false) (504.4).", move={"type": "boolean"}),
    action("order", "Choose which of your same-timestamp effects applies first (911.3c).", card=dict(_CARD),
           item={"type": "integer", "minimum": 0}),
    action("keep", "Put a hand card into Keep (705.2).", card=dict(_CARD)),
    action("skip", "Keep nothing this turn (705.2)."),
    action("charge", "Put a hand card face up into Energy (705.3).", card=dict(_CARD)),
    action("done", "Stop charging (705.3)."),
)

def index_cards(state: VividzState) -> None:
    """The cards with [Cont] and state-triggered abilities, worked out once from the table."""
    cards = state.table.cards
    facts = [(c.id, _indexed(c.defn)) for c in cards]
    state.cont_cards = sorted(c for c, f in facts if f[0])
    state.state_cards = sorted(c for c, f in facts if f[1])
    state.cont_zones = {c: f[2] for c, f in facts if f[0]}
    state.setter_cards = frozenset(c for c, f in facts if f[0] and f[3])


_INDEXED: dict[int, tuple] = {}  # id(card definition) -> (definition, what index_cards reads of it)


def _indexed(d: cards.CardDef) -> tuple[bool, bool, frozenset, bool]:
    """What `index_cards` reads of a card definition, worked out once per definition (definitions
    never change): whether it has [Cont] abilities, a state-triggered ability, the zones of its
    [Cont] abilities, and a [Cont] item that sets power."""
    hit = _INDEXED.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    conts = [d.abilities[i] for i in d.conts]
    facts = (bool(d.conts), any(d.abilities[i].trigger == "state" for i in d.autos),
             frozenset(ab.zone for ab in conts), any("set_power" in item for ab in conts for item in ab.continuous))
    _INDEXED[id(d)] = (d, facts)
    return facts


class VividzRules(CardGame):
    id = "vividz"
    name = "Vividz"
    rule_prefix = ""  # rules are cited by bare number (703.2a)
    rule_options = RULE_OPTIONS

    @staticmethod
    def hidden_pool(state: VividzState, card: int) -> str:
        """Information sets (engine/core/infoset.py): face-down Missions are the list's Missions
        (601.1b); every other hidden card is one of its main deck cards."""
        return "mission" if state.table.name_of[card] == "mission" else "main"

    derive_from_cards = staticmethod(index_cards)  # the card indexes list hidden cards too
    effects = REGISTRY
    deck_from_entries = staticmethod(deck_from_entries)

    @staticmethod
    def load_cards(path: Path) -> dict[str, cards.CardDef]:
        return cards.load_cards(path, REGISTRY, FILE_SCHEMA)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> VividzState:
        defs = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, defs, options)])
        rng = Rng(seed)
        table = Table(zone_specs(options["keep_visibility"]))
        state = VividzState(table, rng, options)
        total = sum(len(ids) for d in decks for ids in d.sections.values())
        ids = rng.permutation(total)  # instance ids carry no identity
        state.inc = int_array(bytes(4 * total))  # zeros
        state.entered = int_array(bytes(4 * total))
        n = 0
        for seat, deck in enumerate(decks):
            for section, zname in (("account", "account"), ("missions", "mission"), ("main", "deck")):
                for card_id in deck.sections[section]:
                    table.add_card(seat, defs[card_id], zname, ids[n])
                    if zname == "mission":
                        table.face_down.add(ids[n])  # 601.1b
                    n += 1
            rng.shuffle(table.zone(seat, "deck"))  # 601.1c
        index_cards(state)
        flow.start(state)
        state.events.clear()
        return state

    def request(self, state: VividzState, seat: int | None = None) -> Request | None:
        return flow.PROCESSOR.request(state, seat)

    def check(self, state: VividzState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def apply(self, state: VividzState, seat: int, action: dict) -> list[Event]:
        publish_held(state)
        state.events = []
        flow.PROCESSOR.answer(state, seat, action)
        return decision_events(state, partial(describe, state))

    def concede(self, state: VividzState, seat: int) -> list[Event]:
        """101.4: a player may concede at any time, priority or not; nothing replaces it (101.5)."""
        publish_held(state)
        state.events = []
        if state.result is None:
            flow.finish(state, [seat], f"seat {seat} conceded", "101.4")
        return decision_events(state, partial(describe, state))

    def result(self, state: VividzState) -> Result | None:
        return state.result

    def view(self, state: VividzState, seat: int | None) -> dict:
        return view.view(state, seat)

    def check_invariants(self, state: VividzState) -> None:
        t = state.table
        t.check_invariants()
        for seat in (0, 1):
            area = t.zone(seat, "area")
            assert set(area) == {c for c in state.slot if state.control.get(c, t.cards[c].owner) == seat}, \
                "slot index disagrees with Area"
            for c in area:
                assert state.slot[c] in (1, 2, 3), f"card {c} in no field slot"
            assert len(t.zone(seat, "account")) == 1, "the Account zone must hold exactly 1 card (401.3)"
            assert len(t.zone(seat, "mission")) == 3, "the Mission zone must hold 3 cards (507.1)"
            for c in t.zone(seat, "exp"):
                host = state.host.get(c)
                assert host is not None and t.name_of[host] == "area", f"EXP card {c} not under a character (512.3)"
            if type(state.flow.asking) is MainPhase:
                # after priority pre-processing (202): one character per slot, nothing in transit
                assert len({state.slot[c] for c in area}) == len(area), "two characters share a slot after 202"
                assert not t.zone(seat, "temporary") and not t.zone(seat, "reveal"), "a card is stuck in transit"
                assert not state.pending and not any(type(s) is Resolving for s in state.flow.steps), \
                    "a trigger or effect was left unresolved"
        for c, dmg in state.damage.items():
            assert dmg > 0, f"card {c} has {dmg} damage"
            assert t.name_of[c] == "area", f"damage on card {c} outside the Area"
        for c in state.sleep:
            assert t.name_of[c] in ("area", "account", "mission"), f"card {c} asleep in {t.name_of[c]} (502.2)"
        assert all(x >= 0 for x in state.successes + state.battle_retires + state.chosen), "negative count"
        for c, s in state.control.items():
            assert t.name_of[c] == "area" and s != t.cards[c].owner, f"control of card {c} outside the Area (502.1b)"
        assert state.turn >= 0

    def action_schema(self) -> dict:
        return ACTION_SCHEMA

    def cheat_attempts(self, state: VividzState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
        return demo.cheat_attempts(state, kind, seat)

    def narrate(self, event: dict) -> str:
        return demo.narrate(event, self.cards())


RULES = VividzRules()
