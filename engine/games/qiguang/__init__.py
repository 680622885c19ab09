"""Card Battle: Qiguang, spec `rules/qiguang.md` (QG-*): lanes, race crystals, leaders, fields
and Lightning chains with priority."""

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
from engine.core.schema import CARD_ID, action, action_schema
from engine.core.zones import Table

from engine.games.qiguang import cards, demo, flow, guards, view
from engine.games.qiguang.effects import REGISTRY
from engine.games.qiguang.deck import deck_from_entries, validate_deck
from engine.games.qiguang.state import (CRYSTAL_CAP, IN_PLAY, ZONES, QgState, ToGraveyard, card_json, characters,
                                        health)

# the schemas of one card and of cards.yaml, with the effect words of the registry
CARD_SCHEMA = cards.card_schema(REGISTRY.schema())
FILE_SCHEMA = cards.file_schema(REGISTRY.schema())

RULE_OPTIONS = (
    RuleOption("lanes", 5, (5, 3), "QG-G1", "Lanes per player (a standby and a combat zone each): 5 (proposal) or 3."),
    RuleOption("deck_check", "none", ("none", "standard"), "QG-G4",
               "Deck construction: no size or copy check (proposal), or 'standard': at least 40 cards, at most 3 "
               "per name."),
    RuleOption("life_loss", "zero_or_below", ("zero_or_below", "below_zero"), "QG-G5",
               "A player loses at life 0 or below (proposal), or only below 0 (strict literal reading)."),
    RuleOption("damage", "lasts", ("lasts", "end_of_turn"), "QG-G7",
               "Damage on characters lasts until they leave play (proposal), or is removed at the end of each turn."),
    RuleOption("advance", "active", ("active", "both"), "QG-G11",
               "Before the main phase only the active player's characters advance (proposal), or both players'."),
    RuleOption("mana_source", "any_play", ("any_play", "summons"), "QG-G13",
               "A Mana Source pays for any card play or cost (proposal), or only for summons (literal reading)."),
    RuleOption("first_skip_counts", False, (False, True), "QG-G15",
               "The first player's skipped first draw does not count as taking a Mana Source (proposal), or it does."),
    RuleOption("cap_all_tapped", "no_gain", ("no_gain", "exile_tapped"), "QG-G16",
               "At 10 crystals, all tapped: the gain does not happen (proposal), or a tapped crystal is removed."),
    RuleOption("new_crystal", "untapped", ("untapped", "tapped"), "QG-G18",
               "A gained crystal enters untapped and usable at once (proposal), or tapped."),
    RuleOption("lightning_stops", "always", ("always", "when_able"), "QG-G19",
               "Response windows always ask the player (default: a skipped window would reveal that the hand "
               "holds no usable Lightning), or only when they have a usable Lightning card or ability (faster)."),
    RuleOption("leader_limit", "every_turn", ("every_turn", "own_turns"), "QG-G23",
               "One leader ability per turn, counting the opponent's turns too (proposal), or one use from the "
               "start of your turn until your next turn."),
    RuleOption("world_vs_field", "replace", ("replace", "blocked"), "QG-G25",
               "A normal field played under a World field sends the World to the graveyard (proposal), or cannot "
               "be played."),
    RuleOption("world_clears", "not_destroyed", ("not_destroyed", "destroyed"), "QG-G26",
               "Fields a World field sends away are not destroyed (proposal), or are destroyed (their destruction "
               "effects happen)."),
    RuleOption("life_payment", "allowed", ("allowed", "must_survive"), "QG-G33",
               "Life may be paid even to 0 or below, losing at the check (proposal), or only while it leaves life."),
)

_CARD = CARD_ID
_LANE = {"type": "integer", "minimum": 1, "maximum": 5, "description": "lane number, 1 = left from the first player"}
_N = {"type": "integer", "minimum": 0, "maximum": 10}
_X = {"type": "integer", "minimum": 0, "maximum": 10, "description": "the X declared as the card is played, for "
      "cards whose effects declare one (QG-G32 `declare_x`)"}


# the rules every card play and ability shares: when it may start (QG-3.4.2, QG-8.1, QG-9.4, QG-9.6,
# QG-G19, QG-G22) and how it is paid (QG-4, QG-G13, QG-G32)
_TIMING = ("QG-3.4.2", "QG-8.1", "QG-9.4", "QG-9.6", "QG-G19", "QG-G22")
_COSTS = ("QG-4", "QG-G13", "QG-G32")

ACTION_SCHEMA = action_schema(
    "qiguang",
    action("choose_order", "Coin-toss winner goes first or second (QG-1.2).", first={"type": "boolean"}),
    action("draw", "Draw phase: draw one card (QG-3.3.1).", rules=("QG-1.6", "QG-3.3", "QG-G14", "QG-G15")),
    action("take_mana", "Draw phase: take a Mana Source instead of drawing (QG-3.3.1, QG-3.3.2).",
           rules=("QG-1.6", "QG-3.3", "QG-G14", "QG-G15")),
    action("summon", "Summon a character from hand into an empty standby zone (QG-3.4.3); then pay.",
           rules=(*_TIMING, *_COSTS, "QG-G1", "QG-G2", "QG-G3", "QG-G34"),
           card=dict(_CARD), lane=dict(_LANE), row={"enum": ["standby", "combat"], "optional": True}),
    action("play", "Play a spell, field or creation card (QG-4.6, QG-6); then pay.",
           rules=(*_TIMING, *_COSTS, "QG-9.2", "QG-9.5", "QG-G25", "QG-G34"), card=dict(_CARD),
           target={**_CARD, "optional": True}, x={**_X, "optional": True}),
    action("ability", "Use an active ability of your card in play (QG-7.3, QG-8.1); then pay.",
           rules=(*_TIMING, *_COSTS, "QG-0.1", "QG-9.2", "QG-G23"),
           card=dict(_CARD), index={"type": "integer", "minimum": 0}, target={**_CARD, "optional": True},
           x={**_X, "optional": True}),
    action("pay", "Pay the pending cost: crystals tapped per race and Mana Sources used (QG-4).",
           rules=("QG-G13", "QG-G32"), earth=dict(_N), pegasus=dict(_N), unicorn=dict(_N), mana=dict(_N)),
    action("cancel", "Take back the card or ability waiting for its cost, before paying (QG-4.1)."),
    action("pass", "Decline to respond: closes the chain (QG-9.6) or passes the window (QG-G19).",
           rules=("QG-9.1", "QG-G20", "QG-G22")),
    action("exile_crystal", "At the crystal cap, the race of the crystal to remove (QG-5.4).",
           rules=("QG-G16",), race={"enum": ["earth", "pegasus", "unicorn"]}),
    action("surcharge", "Pay a continuous effect's life surcharge, or let the spell be cancelled (QG-9.5).",
           rules=("QG-G33",), pay={"type": "boolean"}),
    action("attack", "Attack with your character in this lane's combat zone (QG-3.5.1).",
           rules=("QG-3.5", "QG-3.4.4", "QG-9.6", "QG-G1", "QG-G9", "QG-G10"), lane=dict(_LANE),
           target_lane={**_LANE, "optional": True},
           target_row={"enum": ["combat", "standby"], "optional": True}),
    action("end_main", "End the main phase and go to the battle phase (QG-3.1).", rules=("QG-3.4", "QG-9.6")),
    action("end_battle", "End the battle phase and go to the end phase (QG-3.1).", rules=("QG-3.5", "QG-9.6")),
    action("concede", "Concede: you lose at once (QG-2.2.3). Always allowed for the deciding seat; the other "
                      "seat concedes with the referee's concede request."),
    action("offer_tie", "Offer a tie because the game is in a loop (QG-2.3.2, QG-G31)."),
    action("answer_tie", "Accept or decline the opponent's tie offer (QG-2.3.2).", rules=("QG-G31",),
           accept={"type": "boolean"}),
)


def harmony_cards(table: Table) -> list[list[int]]:
    """Each seat's cards with `harmony` (QG-0.3), in card-id order."""
    harmony: list[list[int]] = [[], []]
    for card in table.cards:
        if card.defn.harmony:
            harmony[card.owner].append(card.id)
    return harmony


class QiguangRules(CardGame):
    id = "qiguang"
    name = "Card Battle: Qiguang"
    rule_prefix = "QG-"
    rule_options = RULE_OPTIONS
    # information sets (engine/core/infoset.py): the card database and the lane keys are public;
    # `harmony_cards` lists hidden cards too, so a seat's copy has it again only once dealt
    kept_caches = ("cards", "char_keys", "play_keys", "play_rank")
    card_derived = ("harmony_cards",)

    @staticmethod
    def derive_from_cards(state: QgState) -> None:
        state.harmony_cards = harmony_cards(state.table)
    effects = REGISTRY

    @staticmethod
    def load_cards(path: Path) -> dict[str, cards.CardDef]:
        return cards.load_cards(path, REGISTRY, FILE_SCHEMA)
    deck_from_entries = staticmethod(deck_from_entries)

    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> QgState:
        card_defs = self.cards()
        self.check_decks(decks, [p for d in decks for p in validate_deck(d, card_defs, options)])
        rng = Rng(seed)
        table = Table(ZONES)
        ids = rng.permutation(sum(len(d.sections["main"]) for d in decks))  # ids carry no identity
        n = 0
        for seat, deck in enumerate(decks):
            for card_id in deck.sections["main"]:
                table.add_card(seat, card_defs[card_id], "library", ids[n])
                n += 1
            rng.shuffle(table.zone(seat, "library"))  # QG-1.1: the owner shuffles...
            rng.shuffle(table.zone(seat, "library"))  # ...then the opponent
        state = QgState(table, options, harmony_cards(table), n, card_defs)
        state.coin_winner = 0 if rng.coin() else 1  # QG-1.2
        flow.start(state)
        return state

    def request(self, state: QgState, seat: int | None = None) -> Request | None:
        return flow.PROCESSOR.request(state, seat)

    def check(self, state: QgState, seat: int, action: dict) -> Refusal | None:
        return guards.check(state, seat, action)

    def apply(self, state: QgState, seat: int, action: dict) -> list[Event]:
        publish_held(state)
        state.events = []
        flow.apply(state, seat, action)
        return decision_events(state, partial(card_json, state))

    def concede(self, state: QgState, seat: int) -> list[Event]:
        """QG-2.2.3: a player may concede at any time, not only when it is their decision."""
        return self.apply(state, seat, {"type": "concede"})

    def result(self, state: QgState) -> Result | None:
        return state.result

    def view(self, state: QgState, seat: int | None) -> dict:
        return view.view(state, seat)

    def check_invariants(self, state: QgState) -> None:
        state.table.check_invariants()
        lanes = state.options["lanes"]
        for seat in (0, 1):
            c = state.crystals[seat]
            assert min(c) >= 0, f"seat {seat} has a negative crystal count {c}"
            assert sum(c) <= CRYSTAL_CAP, f"seat {seat} has {sum(c)} crystals (cap {CRYSTAL_CAP}, QG-5.4)"
            for row in ("standby", "combat"):
                for lane in range(1, 6):
                    n = len(state.table.zone(seat, f"{row}{lane}"))
                    assert n <= (1 if lane <= lanes else 0), f"seat {seat} {row}{lane} holds {n} cards (QG-G2)"
            leaders = [c for c in characters(state, seat) if state.table.cards[c].defn.leader]
            assert len(leaders) <= 1, f"seat {seat} has {len(leaders)} leaders (QG-7.2)"
            assert len(state.table.zone(seat, "field")) <= 1, "two fields in one field area (QG-6.1)"
            if state.result is None:
                for card in characters(state, seat):
                    assert health(state, card) > 0, f"card {card} at health <= 0 still in play (QG-3.5.6)"
        if state.world is not None:
            assert state.table.zone(1 - state.world, "field") == [], "a World field shares its areas (QG-6.3)"
        for card, dmg in state.damage.items():
            assert dmg >= 0, f"card {card} has negative damage"
            assert state.table.name_of[card] in IN_PLAY, f"damage on card {card} out of play"
        if state.result is None:  # a game can end mid-resolution, leaving the card where it was
            chain_cards = sum(len(state.table.zone(s, "chain")) for s in (0, 1))
            linked = sum((link.card is not None) + len(link.mana) for link in state.chain)
            linked += sum(1 for step in state.flow.steps if type(step) is ToGraveyard)
            assert chain_cards == linked, f"{chain_cards} cards in the chain area but {linked} belong to links"
        assert state.turn >= 0

    def action_schema(self) -> dict:
        return ACTION_SCHEMA

    # -- optional hooks for the narrated demo (tts_bridge/demo.py) -----------------------
    def cheat_attempts(self, state: QgState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
        return demo.cheat_attempts(state, kind, seat)

    def narrate(self, event: dict) -> str:
        return demo.narrate(event, self.cards())


RULES = QiguangRules()
