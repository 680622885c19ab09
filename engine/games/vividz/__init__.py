"""Vividz, spec `rules/vividz.md` (rules 100-1200, cited by number)."""

from __future__ import annotations

from typing import Any

from engine.core.cardgame import CardGame
from engine.core.errors import Refusal
from engine.core.game import Deck, RuleOption
from engine.core.hashing import pack_ints
from engine.core.requests import Event, Option, Request, Result
from engine.core.rng import Rng
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.vividz import demo, flow, guards, view
from engine.games.vividz.cards import load_cards
from engine.games.vividz.deck import deck_from_entries, validate_deck
from engine.games.vividz.state import VividzState, redacted, zone_specs

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
            card=dict(_CARD), slot={**_SLOT, "optional": True}),
    action("activate", "Activate an [Act] ability (incl. Accel) (907, 1201).", card=dict(_CARD),
            ability={"type": "integer", "minimum": 0}),
    action("attack", "Declare an attack with a rebooted character (802.1).", card=dict(_CARD)),
    action("check", "Check a mission whose check conditions are met (1113).", mission=dict(_CARD)),
    action("pass", "End the Main phase (703.3a), or pass in the Defense step (803.1)."),
    action("slide", "Slide a character to an adjacent empty slot (803.1 defense, 1116).",
            card=dict(_CARD), slot=dict(_SLOT)),
    action("pay", "Pay one energy with this Energy card (905.3).", card=dict(_CARD)),
    action("discard", "Discard this hand card to pay a cost (904.2f).", card=dict(_CARD)),
    action("pick", "Choose a card an effect asks for (1107).", card=dict(_CARD)),
    action("target", "Choose the character an effect affects (1107).", card=dict(_CARD)),
    action("use", "Use the revealed card for free; a character names its slot (1115, 1201).",
            slot={**_SLOT, "optional": True}),
    action("decline", "Do not use the revealed card; it goes to Energy (1115.1, 1201.3)."),
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

_PROMPTS = {
    "missions": "Place your three missions face down in positions 1-3 (601.1b).",
    "setup_energy": "You play second: put a card from your hand into your Energy zone (601.1e).",
    "main": "Your Main phase (703.2).", "defense": "You are attacked: defend (803.1).",
    "pay": "Pay energy (905.3).", "discard": "Discard a card from hand to pay the cost.",
    "pick": "Choose a card.", "target": "Choose a character.", "use": "Use the revealed card?",
    "scout_use": "Scout: use your revealed card?", "trigger": "Choose the triggered ability to resolve (908.2a).",
    "may": "Use this optional ability?", "number": "Choose a number (102.11).", "slide_to": "Slide a character.",
    "replacement": "Several replacement effects apply: choose one (912.2).",
    "newest": "Characters entered this slot together: choose the newest (1002.1).",
    "up_to": "Move up to X cards from your Deck: move one more, or stop (504.4).",
    "ts_order": "Your effects share a timestamp: choose the one applied first (911.3c).",
    "keep": "Charge phase: keep a card (705.2)?", "charge": "Charge phase: put cards into Energy (705.3).",
}


class VividzRules(CardGame):
    id = "vividz"
    name = "Vividz"
    rule_prefix = ""  # rules are cited by bare number (703.2a)
    rule_options = RULE_OPTIONS
    load_cards = staticmethod(load_cards)
    deck_from_entries = staticmethod(deck_from_entries)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> VividzState:
        cards = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, cards, options)])
        rng = Rng(seed)
        table = Table(zone_specs(options["keep_visibility"]))
        state = VividzState(table, rng, options)
        total = sum(len(ids) for d in decks for ids in d.sections.values())
        ids = rng.permutation(total)  # instance ids carry no identity
        state.inc = [0] * total
        n = 0
        for seat, deck in enumerate(decks):
            for section, zname in (("account", "account"), ("missions", "mission"), ("main", "deck")):
                for card_id in deck.sections[section]:
                    table.add_card(seat, cards[card_id], zname, ids[n])
                    if zname == "mission":
                        table.face_down.add(ids[n])  # 601.1b
                    n += 1
            rng.shuffle(table.zone(seat, "deck"))  # 601.1c
        state.cont_cards = sorted(c.id for c in table.cards if c.defn.conts)
        state.state_cards = sorted(c.id for c in table.cards
                                   if any(c.defn.abilities[i].trigger == "state" for i in c.defn.autos))
        state.cont_zones = {c: frozenset(table.cards[c].defn.abilities[i].zone for i in table.cards[c].defn.conts)
                            for c in state.cont_cards}
        state.setter_cards = frozenset(c for c in state.cont_cards if any(
            "set_power" in item for i in table.cards[c].defn.conts for item in table.cards[c].defn.abilities[i].continuous))
        state.waiting = ("missions", 0)
        state.events.clear()
        state.named.clear()
        state.told.clear()
        state.held = 0
        return state

    def request(self, state: VividzState) -> Request | None:
        if state.result is not None or state.waiting is None:
            return None
        kind, seat = state.waiting[0], state.waiting[1]
        prompt = _PROMPTS[kind]
        if kind == "main":
            prompt = f"Turn {state.turn}: your Main phase (703.2)."
        return Request(seat, kind, prompt, [Option(label, action) for action, label in guards.options(state)])

    def check(self, state: VividzState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def seat_refusal(self, state: VividzState, seat: int, request: Request) -> Refusal:
        return guards.seat_refusal(state, seat)

    def apply(self, state: VividzState, seat: int, action: dict) -> list[Event]:
        state.events = []
        flow.apply(state, seat, action)
        state.events = redacted(state)
        return state.events

    def concede(self, state: VividzState, seat: int) -> list[Event]:
        """101.4: a player may concede at any time, priority or not; nothing replaces it (101.5)."""
        state.events = []
        if state.result is None:
            flow.finish(state, [seat], f"seat {seat} conceded", "101.4")
        state.events = redacted(state)
        return state.events

    def result(self, state: VividzState) -> Result | None:
        return state.result

    def view(self, state: VividzState, seat: int | None) -> dict:
        return view.view(state, seat)

    def snapshot(self, state: VividzState) -> bytes:
        # the same bytes as repr() of the full tuple always gave: empty maps and lists are written
        # as [] without sorting or copying them (this runs after every decision)
        st = state
        damage, host, dmg, seen, repl = st.damage, st.host, st.dmg_source, st.state_seen, st.repl_choice
        scalars = (
            st.turn, st.tp, st.first, st.phase, sorted(st.slot.items()), sorted(st.seq.items()),
            sorted(st.sleep), sorted(damage.items()) if damage else [], sorted(st.lvup) if st.lvup else [],
            sorted(host.items()) if host else [],
            st.effects, st.clock, [p[:5] for p in st.pending] if st.pending else [], len(st.delayed), st.battle,
            st.successes, st.battle_retires, sorted(dmg.items()) if dmg else [], st.tasks, st.waiting,
            [(f[0], f[1], len(f[2]), f[3], sorted(f[4].items()), sorted(f[5].items())) for f in st.frames]
            if st.frames else [], st.result.to_json() if st.result else None, st.rng.calls, st.uid,
            st.played_this_turn, sorted(seen.items()) if seen else [],
            sorted(repl.items()) if repl else [], st.chosen,
            (sorted(st.control.items()), st.control_until, sorted(st.newest_pick.items()),
             sorted(st.ts_rank.items()))
            if st.control or st.control_until or st.newest_pick or st.ts_rank else (),
        )
        return b"|".join((st.table.snapshot(), pack_ints(st.inc), repr(scalars).encode()))

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
            if state.waiting is not None and state.waiting[0] == "main":
                # after priority pre-processing (202): one character per slot, nothing in transit
                assert len({state.slot[c] for c in area}) == len(area), "two characters share a slot after 202"
                assert not t.zone(seat, "temporary") and not t.zone(seat, "reveal"), "a card is stuck in transit"
                assert not state.pending and not state.frames, "a trigger or effect was left unresolved"
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
        return demo.narrate(event)


RULES = VividzRules()
