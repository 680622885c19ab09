"""What one seat may know of a game, and full states consistent with it (determinizations).

A search bot must decide from its seat's view only (design.md, "Per-seat views"). It gets an
`InformationSet`: the rules, the rule options, the seat, the seat's pending Request and a
*redacted copy* of the state in which

- every card the seat cannot see (`Table.visible_to`, the one definition) has a `Tripwire` for
  its definition, an object that records and raises on any use;
- the random source is a `Tripwire`: a determinization gets a fresh one seeded from the bot's
  own random stream, so no draw the real game will make can be predicted;
- fields the game computes from every card's definition, hidden ones too (`card_derived`, e.g.
  Qiguang's list of cards with harmony), are `Tripwire`s, and every `cache()` field (memos,
  this decision's unredacted events) is back at its default, except the ones the game declares
  public (`kept_caches`, e.g. the card database).

Deck lists are open information, as in open-decklist tournaments: a seat knows the multiset of
cards each player brought. So the cards that may fill the hidden places are, per owner, that
owner's deck list minus the owner's cards the seat sees, which is the multiset of the owner's
hidden cards; `InformationSet.pools` holds them, in a canonical order. Where hidden cards are
(hand or deck, deck order) is never known: a determinization deals the multiset at random over
the hidden places. A game whose hidden cards come from distinct parts of the list (Sakura Arms'
face-down Specials, Vividz's Missions) names the part of each card (`hidden_pool`), so a Special
is never dealt into a hand. Hidden zones' sizes and card ids are public (ids carry no identity).

Per-game hooks, all optional attributes of the rules object:
- `hidden_pool(state, card) -> str`: the part of its owner's list a hidden card comes from;
- `card_derived: tuple[str, ...]`: hashed fields computed from all card definitions;
- `kept_caches: tuple[str, ...]`: `cache()` fields that hold public data only;
- `derive_from_cards(state)`: recompute `card_derived` (and card-derived caches) after the
  hidden cards got their definitions;
- `redact_secrets(state, seat) -> note` and `deal_secrets(state, seat, rng, note)`: hidden facts
  kept outside the Table (Sakura Arms' secret plan, which hidden cards are copies): the first
  takes them out of the redacted copy (a `Tripwire(f"secret {what}")` where a value was) and
  returns what the seat may know of them (e.g. a multiset), the second puts plausible values back
  into each determinization.

What each game's state holds outside the Table, read for hidden information (2026-12-07):
- every game but Qiguang: `rng` (a tripwire; Qiguang draws nothing after its setup); the last
  decision's `events` (unredacted, a cache: reset); `flow` (steps name cards in play or being
  resolved, and seats: public).
- kaiju: `damage`, `stack`, `host`, `evolved_from`, `attacked_cards`, `action_uses`,
  `turn_speed_bonus` are about cards in play (public); the face-down opening card is in the
  Table (`face_down`).
- Qiguang: `harmony_cards` lists hidden cards (card_derived); `cards` is the card database and
  `char_keys` zone names and `play_keys`, `play_rank` (the zones abilities are in and their order: kept);
  `stat_cache`, `facts` (memos over every card) and `positions` are reset; `damage`, `perm`, `temp`, `abilities_used`, `attacked`, `chain` are
  about cards in play or on the chain (public).
- Sakura Arms: `forced_timed` (worked out over every card) and `mods_cache` are reset;
  `special_used`, `sealed_by`, `copy_of`, `turn_used`, `used_from_facedown`, `triggered`,
  `next_attack` name cards that were used or revealed (public); `umbrella`, `values_seen` are
  public; the opponent's `plan` and the `copy_of_sealed` entries of hidden cards are secrets
  (`redact_secrets`/`deal_secrets`); `Table.reveal`/`give` are in the Table.
- Vividz: the card indexes `cont_cards`, `state_cards`, `cont_zones`, `setter_cards` and the
  memos `cache`, `cards_with`, `act_cards`, `auto_cards` list
  hidden cards: reset, derived again after a deal (and `settled`, what the rule-effect checks last
  read, with them); `inc` and `entered` are per card id (moves are public, ids carry no identity); `slot`,
  `seq`, `sleep`, `damage`, `lvup`, `host`, `lki`, `pending`, `delayed`, `control` and the
  other records are about cards in the Area or resolving (public).
- Gundam War: every per-card record (`damage`, `set_on`, `coins`, `treated`, `kw_gain`, ...)
  is about cards on the field; `played_names` holds names of played cards (public); the face-down
  Discard Pile is a hidden zone of the Table.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import pickle
import random
from dataclasses import dataclass
from typing import Any

from engine.core.game import Game, GameRules
from engine.core.hashing import is_cache
from engine.core.requests import Request
from engine.core.rng import Rng


class TripwireError(RuntimeError):
    """Hidden information was read: a bug in whoever read it (a bot, a determinization)."""


class Tripwire:
    """Stands in for something a seat may not know. Any use raises and is recorded in
    `Tripwire.touched` (so a caller that swallows exceptions is still caught by tests)."""

    __slots__ = ("_what",)
    touched: list[str] = []

    def __init__(self, what: str) -> None:
        object.__setattr__(self, "_what", what)

    def _trip(self, *_: Any, **__: Any) -> Any:
        what = object.__getattribute__(self, "_what")
        Tripwire.touched.append(what)
        raise TripwireError(f"hidden information was read: {what}")

    def __getattribute__(self, name: str) -> Any:
        return object.__getattribute__(self, "_trip")()

    __setattr__ = __delattr__ = __call__ = __eq__ = __ne__ = __lt__ = __gt__ = _trip
    __hash__ = __bool__ = __len__ = __iter__ = __getitem__ = __contains__ = __int__ = __index__ = _trip
    __reduce__ = __reduce_ex__ = __deepcopy__ = __copy__ = __getstate__ = _trip


def tripwire_label(wire: Tripwire) -> str:
    """What a tripwire stands for, read without tripping it."""
    return object.__getattribute__(wire, "_what")


def _sort_key(defn: Any) -> str:
    return str(getattr(defn, "id", ""))


@dataclass(frozen=True)
class InformationSet:
    """What `seat` may know now (see the module docstring). `pools[(owner, part)]` are the hidden
    cards' ids (sorted) and the definitions that may fill them (canonical order)."""

    rules: GameRules
    options: dict
    seat: int
    request: Request
    state: Any
    pools: dict[tuple[int, str], tuple[tuple[int, ...], tuple[Any, ...]]]
    shared: tuple  # public objects (card definitions, the card database) kept out of copies
    blob: bytes    # the redacted state, pickled once: a determinization is one load
    secrets: Any = None  # what the seat may know of the game's secrets (`redact_secrets`)

    def determinize(self, rng: random.Random) -> Any:
        """A full state consistent with this view: each pool's definitions dealt at random over
        its hidden cards, a fresh random source seeded from `rng`, derived fields recomputed."""
        dealt: dict[int, Any] = {}
        for ids, defns in self.pools.values():
            order = list(defns)
            rng.shuffle(order)
            dealt.update(zip(ids, order))
        fresh = Rng(rng.getrandbits(128))
        shared = self.shared

        def load(pid: tuple) -> Any:
            kind, key = pid
            if kind == "shared":
                return shared[key]
            if kind == "card":
                return dealt[key]
            if kind == "rng":
                return fresh
            return None  # a card-derived field or a secret, put back below

        unpickler = pickle.Unpickler(io.BytesIO(self.blob))
        unpickler.persistent_load = load
        state = unpickler.load()
        derive = getattr(self.rules, "derive_from_cards", None)
        if derive is not None:
            derive(state)
        deal = getattr(self.rules, "deal_secrets", None)
        if deal is not None:
            deal(state, self.seat, rng, self.secrets)
        return state


def _cache_defaults(state: Any, kept: tuple[str, ...]) -> None:
    """Every `cache()` field back at its default (memos are derived again; the last decision's
    events are unredacted), except the ones the game declares public."""
    for f in dataclasses.fields(state):
        if not is_cache(f) or f.name in kept:
            continue
        if f.default_factory is not dataclasses.MISSING:
            setattr(state, f.name, f.default_factory())
        else:
            setattr(state, f.name, f.default)


def information_set(game: Game, seat: int) -> InformationSet:
    """What `seat` may know of `game` now; its Request must be pending (`Game.request_for`)."""
    request = game.request_for(seat)
    if request is None:
        raise ValueError(f"seat {seat} has no decision to make now")
    rules, truth = game.rules, game.state
    table = truth.table
    memo: dict[int, Any] = {id(c.defn): c.defn for c in table.cards if c is not None}  # definitions are shared
    if hasattr(truth, "rng"):
        memo[id(truth.rng)] = Tripwire("the random source")  # the true key is never copied
    state = copy.deepcopy(truth, memo)
    pool_of = getattr(rules, "hidden_pool", None)
    hidden: dict[tuple[int, str], list[tuple[int, Any]]] = {}
    seen: list[Any] = []  # the definitions the seat sees, in card-id order
    for card in table.cards:
        if card is None:
            continue
        if table.visible_to(card.id, seat):
            seen.append(card.defn)
            continue
        key = (card.owner, pool_of(truth, card.id) if pool_of is not None else "cards")
        hidden.setdefault(key, []).append((card.id, card.defn))
        state.table.cards[card.id] = type(card)(card.id, card.owner, Tripwire(f"card {card.id}"))
    pools = {key: (tuple(sorted(cid for cid, _ in cards)), tuple(sorted((d for _, d in cards), key=_sort_key)))
             for key, cards in sorted(hidden.items())}
    redact = getattr(rules, "redact_secrets", None)
    secrets = redact(state, seat) if redact is not None else None
    _cache_defaults(state, getattr(rules, "kept_caches", ()))
    for name in getattr(rules, "card_derived", ()):
        setattr(state, name, Tripwire(name))
    # public objects kept out of copies, in an order that depends on the view alone
    shared_ids: dict[int, Any] = {}
    database = rules.cards() if hasattr(rules, "cards") else None
    for obj in (*seen, *(d for _, defns in pools.values() for d in defns),
                *((database, *database.values()) if isinstance(database, dict) else ())):
        shared_ids.setdefault(id(obj), obj)
    shared = tuple(shared_ids.values())
    return InformationSet(rules, dict(game.options), seat, request, state, pools, shared,
                          _pickle(state, {id(v): i for i, v in enumerate(shared)}), secrets)


def _pickle(state: Any, shared: dict[int, int]) -> bytes:
    """The redacted state as bytes; shared objects and tripwires by reference (never touched)."""

    def persistent_id(obj: Any) -> tuple | None:
        index = shared.get(id(obj))
        if index is not None:
            return ("shared", index)
        if type(obj) is Tripwire:
            what = tripwire_label(obj)
            if what.startswith("card "):
                return ("card", int(what[5:]))
            return ("rng", None) if what == "the random source" else ("derived", what)
        return None

    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.persistent_id = persistent_id
    pickler.dump(state)
    return out.getvalue()
