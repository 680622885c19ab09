"""A running game: the one place where decisions are validated, applied, logged and hashed.

Game packages provide a `GameRules` object (pure functions over their own state type); this
class adds what every game shares: the pending Request, validation against its options,
transactional apply, the replay log with per-decision hashes, undo by replay and views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine import ENGINE_VERSION
from engine.core.errors import IllegalAction, Refusal
from engine.core.flow import Flow, wrong_seat
from engine.core.hashing import HASH_VERSION, HASH_VERSIONS, packer, state_hash
from engine.core.requests import Event, Request, Result, same_json
from engine.core.rng import RNG_VERSION, Seed

if TYPE_CHECKING:
    import jsonschema


@dataclass(frozen=True)
class RuleOption:
    """A named referee option for a spec gap or ambiguity; `default` is the spec's proposal."""

    name: str
    default: Any
    choices: tuple
    rule: str
    doc: str


@dataclass
class Deck:
    """A deck as card-definition ids per section (kaiju has one section, `main`)."""

    name: str
    sections: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"name": self.name, "sections": {k: list(v) for k, v in self.sections.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "Deck":
        return cls(data["name"], {k: list(v) for k, v in data["sections"].items()})


class GameRules(Protocol):
    id: str
    name: str
    rule_prefix: str
    rule_options: tuple[RuleOption, ...]

    def sample_decks(self) -> list[Deck]: ...
    def load_deck(self, path: Path, options: dict[str, Any] | None = None) -> Deck: ...
    def new_state(self, decks: list[Deck], seed: int, options: dict[str, Any]) -> Any: ...
    def request(self, state: Any, seat: int | None = None) -> Request | None: ...
    def check(self, state: Any, seat: int, action: dict) -> Refusal | None: ...
    def apply(self, state: Any, seat: int, action: dict) -> list[Event]: ...
    def result(self, state: Any) -> Result | None: ...
    def view(self, state: Any, seat: int | None) -> dict: ...
    def check_invariants(self, state: Any) -> None: ...
    def action_schema(self) -> dict: ...


def resolve_options(rules: GameRules, given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults of the game's rule options, overridden by `given`; unknown names are errors."""
    known = {o.name: o for o in rules.rule_options}
    out = {o.name: o.default for o in rules.rule_options}
    for name, value in (given or {}).items():
        if name not in known:
            raise ValueError(f"unknown rule option {name!r} for {rules.id}; known: {', '.join(sorted(known)) or 'none'}")
        if value not in known[name].choices:
            raise ValueError(f"rule option {name!r} must be one of {list(known[name].choices)}, not {value!r}")
        out[name] = value
    return out


CONCEDE = {"type": "concede"}
_VALIDATORS: dict[str, Any] = {}


def _validator_for(rules: GameRules) -> Any:
    """The action schema's validator, built when a move is first refused (jsonschema costs 70 ms of
    start-up, and legal moves are recognised without it)."""
    if rules.id not in _VALIDATORS:
        import jsonschema


        _VALIDATORS[rules.id] = jsonschema.Draft202012Validator(rules.action_schema())
    return _VALIDATORS[rules.id]


class Game:
    def __init__(self, rules: GameRules, decks: list[Deck] | None = None, seed: Seed = 0,
                 options: dict[str, Any] | None = None, hash_version: int = HASH_VERSION) -> None:
        if hash_version not in HASH_VERSIONS:
            raise ValueError(f"state hashes of version {hash_version} are not computed by this engine "
                             f"(it computes versions {', '.join(map(str, HASH_VERSIONS))})")
        self.rules = rules
        self._hash_version = hash_version
        self.decks = decks if decks is not None else rules.sample_decks()
        self.seed = seed
        self.options = resolve_options(rules, options)
        self.decisions: list[dict] = []
        self._hashes: list[str] = []
        self._unhashed: list[bytes] = []  # packed states of the last decisions, digested when read
        self.state = rules.new_state(self.decks, seed, self.options)
        self._pack = packer(type(self.state), hash_version)  # compiled once per state type, looked up once
        self._pending: Request | None = None
        self._pending_fresh = False

    @property
    def hashes(self) -> list[str]:
        """The state hash after each decision. A decision packs its state (the state changes
        after it) but digests it only when the hashes are read: self-play never reads them, a
        session and a replay read the last one after every decision."""
        if self._unhashed:
            packed, self._unhashed = self._unhashed, []
            self._hashes.extend(map(state_hash, packed))
        return self._hashes

    @hashes.setter
    def hashes(self, hashes: list[str]) -> None:
        self._hashes, self._unhashed = hashes, []

    def state_changed(self) -> None:
        """Forget the cached Request after the state was edited directly (scenario tests do)."""
        self._pending_fresh = False

    # -- reading -------------------------------------------------------------------------
    def pending(self) -> Request | None:
        """The Request the game waits for (None once it is over), built once per decision."""
        if not self._pending_fresh:
            self._pending = self.rules.request(self.state)
            self._pending_fresh = True
        return self._pending

    def request_for(self, seat: int) -> Request | None:
        """The Request `seat` may answer now: the pending one if it is that seat's, its own when
        the asking step lets several seats answer at once (`Request.also`), else None."""
        request = self._pending if self._pending_fresh else self.pending()
        if request is None:
            return None
        if seat == request.seat:
            return request
        if seat in request.also:
            return self.rules.request(self.state, seat)
        return None

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def view(self, seat: int | None) -> dict:
        return self.rules.view(self.state, seat)

    @property
    def hash_version(self) -> int:
        """Version of the state packing (engine/core/hashing.py): HASH_VERSION for a new game;
        a replayed log or journal keeps the version it was written with. Both record it."""
        return self._hash_version

    def state_hash(self) -> str:
        """The hash of the declared state (engine/core/hashing.py), packed as `hash_version`."""
        return state_hash(self._pack(self.state))

    # -- deciding ------------------------------------------------------------------------
    def refusal(self, code: str, refusal: Refusal | None, fallback: str) -> IllegalAction:
        if refusal is None:
            return IllegalAction(code, self.rules.id, None, fallback)
        return IllegalAction(code, self.rules.id, refusal.rule, refusal.message)

    def seat_refusal(self, seat: int, request: Request) -> Refusal:
        """Why `seat` may not move now: the rule of the step that asks (engine/core/flow.py), or
        the game's own answer for games not yet on the step processor."""
        if request.rule is not None:
            return wrong_seat(request)
        return self.rules.seat_refusal(self.state, seat, request)

    def _explain(self, seat: int, action: Any, request: Request) -> IllegalAction:
        """Why `action` by `seat` is not among the options (design.md, "Why not, once"): not
        well-formed (schema); a choice the rules made by themselves since the last decision; the
        rules of the action itself (can this kind of move be made now, by anyone); and only
        then whose decision it is. The code says whether the sender was the deciding seat."""
        problem = next(self._validator().iter_errors(action), None)
        if problem is not None:
            where = "/".join(map(str, problem.absolute_path)) or "action"
            return IllegalAction("bad_request", self.rules.id, None,
                                 f"That is not a well-formed {self.rules.id} move ({where}: {problem.message}). "
                                 f"See `tts-bridge actions {self.rules.id}`.")
        code = "illegal_action" if seat == request.seat else "wrong_seat"
        flow = getattr(self.state, "flow", None)
        settled = flow.settled_for(seat, action, request) if isinstance(flow, Flow) else None
        if settled is not None:
            return self.refusal(code, settled.refusal(), "")
        refusal = self.rules.check(self.state, seat, action)
        if refusal is None and seat != request.seat:
            refusal = self.seat_refusal(seat, request)
        options = ", ".join(o.label for o in request.options[:6])
        return self.refusal(code, refusal, f"That move is not one of the choices now. Choose one of: {options}.")

    def _validator(self) -> "jsonschema.protocols.Validator":
        return _validator_for(self.rules)

    def act(self, seat: int, action: Any) -> list[Event]:
        """Apply one decision. Raises IllegalAction and changes nothing if it is not legal."""
        request = self._pending if self._pending_fresh else self.pending()
        if request is None:
            raise self._game_over("no more moves can be made")
        # the deciding seat answers the pending Request itself (every decision of self-play)
        mine = request if seat == request.seat else self.request_for(seat)
        if mine is None or mine.find(action) is None:
            raise self._explain(seat, action, mine or request)
        return self._commit(seat, action)

    def _game_over(self, what: str) -> IllegalAction:
        """A move after the end, refused by the rule that ended the game (its result's rule)."""
        result = self.result()
        reason = result.reason if result else "the game is over"
        return IllegalAction("game_over", self.rules.id, result.rule if result else None,
                             f"The game is over ({reason}); {what}. Start a new game to play again.")

    def concede(self, seat: int) -> list[Event]:
        """A player concedes, whoever is deciding (games whose rules allow it at any time)."""
        if self.pending() is None:
            raise self._game_over("there is nothing left to concede")
        if not hasattr(self.rules, "concede"):
            raise IllegalAction("illegal_action", self.rules.id, None,
                                f"{self.rules.name} has no rule for conceding; play on or stop the session.")
        return self._commit(seat, CONCEDE)

    def _apply(self, seat: int, action: dict) -> list[Event]:
        if action.get("type") == "concede" and same_json(action, CONCEDE) and hasattr(self.rules, "concede"):
            return self.rules.concede(self.state, seat)
        return self.rules.apply(self.state, seat, action)

    def _commit(self, seat: int, action: dict) -> list[Event]:
        """Apply and pack the state for its hash, then log; if either fails, the state is rebuilt
        as it was and the decision is not logged (packing comes first, so a state that cannot
        be hashed leaves no half entry; the digest of packed bytes cannot fail)."""
        try:
            events = self._apply(seat, action)
            packed = self._pack(self.state)  # digested when the hashes are read (`hashes`)
        except Exception:
            self._rebuild(len(self.decisions))
            raise
        self.decisions.append({"seat": seat, "action": action})
        self._unhashed.append(packed)
        self._pending_fresh = False
        return events

    # -- log, replay, undo ---------------------------------------------------------------
    def log(self) -> dict:
        return {
            "engine": ENGINE_VERSION,
            "game": self.rules.id,
            "seed": self.seed,
            "rng": RNG_VERSION,
            "options": dict(self.options),
            "decks": [d.to_json() for d in self.decks],
            "decisions": list(self.decisions),
            "hashes": list(self.hashes),
            "hash_version": self.hash_version,
        }

    def _rebuild(self, upto: int) -> None:
        """Rebuild the state from scratch by replaying the first `upto` decisions."""
        decisions = self.decisions[:upto]
        hashes = self.hashes[:upto]
        self.state = self.rules.new_state(self.decks, self.seed, self.options)
        for d in decisions:
            self._apply(d["seat"], d["action"])
        self.decisions, self.hashes = decisions, hashes
        self._pending_fresh = False

    def undo(self, to: int) -> None:
        """Go back to the state after decision `to` (0 = before the first decision)."""
        if not 0 <= to <= len(self.decisions):
            raise IllegalAction("bad_undo", self.rules.id, None,
                                f"Cannot undo to decision {to}: the log has {len(self.decisions)} decisions.")
        self._rebuild(to)

    @classmethod
    def replay(cls, rules: GameRules, log: dict) -> "Game":
        """Replay a log through the legal-move checks and verify every recorded hash.

        A log without this engine's random stream (`rng`) was shuffled by another one, and hashes
        of another packing version (`hash_version`; logs before versions were recorded are
        version 1) cannot be compared: either is refused with one line naming both versions."""
        if log.get("rng") != RNG_VERSION:
            raise ValueError(f"this log was recorded with random stream {log.get('rng') or 'mt19937 (engine 0.1.0)'}; "
                             f"this engine shuffles with {RNG_VERSION} and cannot reproduce its games")
        version = log.get("hash_version", 1)
        if log.get("hashes") and version not in HASH_VERSIONS:
            raise ValueError(f"this log's state hashes are version {version}, this engine computes versions "
                             f"{', '.join(map(str, HASH_VERSIONS))} for {rules.id}: it cannot be verified; "
                             f"replay it with the engine that wrote it")
        # verified, and extended, in the packing it was written with
        game = cls(rules, [Deck.from_json(d) for d in log["decks"]], log["seed"], log.get("options"),
                   version if version in HASH_VERSIONS else HASH_VERSION)
        for i, d in enumerate(log["decisions"]):
            if same_json(d["action"], CONCEDE) and hasattr(rules, "concede"):
                game.concede(d["seat"])
            else:
                game.act(d["seat"], d["action"])
            expected = log["hashes"][i] if i < len(log.get("hashes", [])) else None
            if expected is not None and expected != game.hashes[-1]:
                raise ValueError(f"replay diverged at decision {i + 1}: hash {game.hashes[-1]} != {expected}")
        return game
