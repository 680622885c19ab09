"""The kaiju battle game ("Revival of the Giant Beasts"), spec `rules/kaiju.md` (KJ-*)."""

from __future__ import annotations

from typing import Any

from engine.core.cardgame import CardGame
from engine.core.errors import Refusal
from engine.core.game import Deck, RuleOption
from engine.core.hashing import pack_ints
from engine.core.requests import Event, Request, Result
from engine.core.rng import Rng
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.kaiju import choices, demo, guards, resolve, view
from engine.games.kaiju.cards import load_cards
from engine.games.kaiju.deck import deck_from_entries, validate_deck
from engine.games.kaiju.state import ZONES, KaijuState

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
    action("choose_order", "Coin-flip winner chooses to go first or second (KJ-3.1.1, KJ-G3).",
            first={"type": "boolean"}),
    action("place_facedown", "Put an opening battle card face down (KJ-3.1.3).", card=CARD_ID),
    action("engage", "Fill an empty engagement zone from support (KJ-2.2.3).", card=CARD_ID),
    action("devolve_choose", "Pick the stack card that comes back on top (KJ-5.18).", card=CARD_ID),
    action("deploy", "Deploy a battle card from hand (KJ-3.4, KJ-5.11).", card=CARD_ID,
            zone={"enum": ["support", "engaged"]}),
    action("enhance", "Put a battle card from hand under one in play (KJ-5.12).", card=CARD_ID, target=CARD_ID),
    action("action", "Use an Action of the engaged card (KJ-3.5, KJ-5.3).", card=CARD_ID,
            index={"type": "integer", "minimum": 0}, target={**CARD_ID, "optional": True}),
    action("attack", "Attack with a move of the engaged card (KJ-3.6, KJ-5.1).",
            index={"type": "integer", "minimum": 0}, target={**CARD_ID, "optional": True}),
    action("heal", "Heal with a move of the engaged card (KJ-3.6, KJ-5.2).",
            index={"type": "integer", "minimum": 0}, target=CARD_ID),
    action("retreat", "Swap the engaged card with a support card, paying one enhancement (KJ-3.7).",
            support=CARD_ID, enhancement=CARD_ID),
    action("skill", "Play a skill card (KJ-3.8, KJ-1.2).", card=CARD_ID, target={**CARD_ID, "optional": True}),
    action("reinforce", "Play a reinforcement card (KJ-3.8.4, KJ-1.3).", card=CARD_ID,
            target={**CARD_ID, "optional": True}),
    action("evolve", "Evolve a battle card in play (KJ-5.16).", card=CARD_ID, target=CARD_ID),
    action("convert", "Convert a battle card in play (KJ-5.15).", card=CARD_ID, target=CARD_ID),
    action("end_turn", "End your turn (KJ-3.9)."),
)


class KaijuRules(CardGame):
    id = "kaiju"
    name = "Kaiju Battle: Revival of the Giant Beasts"
    rule_prefix = "KJ-"
    rule_options = RULE_OPTIONS
    load_cards = staticmethod(load_cards)
    deck_from_entries = staticmethod(deck_from_entries)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> KaijuState:
        cards = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, cards, options)])
        rng = Rng(seed)
        table = Table(ZONES)
        state = KaijuState(table, rng, options)
        ids = rng.permutation(sum(len(d.sections["main"]) for d in decks))  # ids carry no identity
        n = 0
        for seat, deck in enumerate(decks):
            for card_id in deck.sections["main"]:
                table.add_card(seat, cards[card_id], "deck", ids[n])
                n += 1
            rng.shuffle(table.zone(seat, "deck"))  # KJ-3.1.1
        state.coin_winner = 0 if rng.coin() else 1  # KJ-G3
        state.events.clear()
        return state

    def request(self, state: KaijuState) -> Request | None:
        return choices.request(state)

    def check(self, state: KaijuState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def seat_refusal(self, state: KaijuState, seat: int, request: Request) -> Refusal:
        if request.kind == "main":
            return Refusal("KJ-3.3.1", "It is your opponent's turn; wait for your own turn to act.")
        rule = {"choose_order": "KJ-G3", "place_facedown": "KJ-3.1.3", "engage": "KJ-2.2.3",
                "devolve": "KJ-G23"}.get(request.kind, "KJ-3.1")
        return Refusal(rule, f"Seat {request.seat} is choosing now ({request.prompt}); wait for them.")

    def apply(self, state: KaijuState, seat: int, action: dict) -> list[Event]:
        state.events = []
        resolve.apply(state, seat, action)
        return state.events

    def result(self, state: KaijuState) -> Result | None:
        return state.result

    def view(self, state: KaijuState, seat: int | None) -> dict:
        return view.view(state, seat)

    def snapshot(self, state: KaijuState) -> bytes:
        # Runs after every decision, so it is written for speed. The bytes are those of
        # pack_ints(damage as sorted (card, count) pairs), pack_ints(stacks as sorted
        # (host, size, *cards)) and repr() of the scalars. Damage and stacks change on few
        # decisions: while they compare equal to the last snapshot's copies, its bytes are reused
        # (equal contents pack to equal bytes).
        old_damage, damage_bytes, old_stack, stack_bytes = parts = state.snapshot_parts
        damage, stack = state.damage, state.stack
        if damage != old_damage:
            flat: list[int] = []
            for pair in sorted(damage.items()):
                flat += pair
            damage_bytes, old_damage = pack_ints(flat), dict(damage)
        if stack != old_stack:
            flat = []
            for host in sorted(stack):
                cards = stack[host]
                flat += (host, len(cards))
                flat += cards
            stack_bytes, old_stack = pack_ints(flat), {host: list(cards) for host, cards in stack.items()}
        if old_damage is not parts[0] or old_stack is not parts[2]:
            state.snapshot_parts = (old_damage, damage_bytes, old_stack, stack_bytes)
        attacked, uses, bonus, queue = state.attacked_cards, state.action_uses, state.turn_speed_bonus, state.queue
        scalars = (
            state.phase, state.active, state.turn, state.first, state.coin_winner, state.facedown_seat,
            state.deploys_left, state.enhances_left, state.reinforcement_played, state.attack_or_heal_used,
            tuple(sorted(attacked)) if attacked else (), state.engaged_acted,
            tuple(sorted(uses.items())) if uses else (),
            state.retreats, tuple(sorted(bonus.items())) if bonus else (), tuple(queue) if queue else (),
            state.waiting, state.result.to_json() if state.result else None, state.rng.calls,
        )
        return b"|".join((state.table.snapshot(), damage_bytes, stack_bytes, repr(scalars).encode()))

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
        return demo.narrate(event)


RULES = KaijuRules()
