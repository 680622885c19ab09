"""Per-game adapters: where each engine zone lies on the table and how physical moves map to
engine actions. Everything else (transport, journal, allow-lists, prompts, reverts, hidden
information, sync) is generic in `tts_bridge.session`.

An adapter is a small module `tts_bridge/session/games/<module>.py` defining `ADAPTER`, an
object with the methods of `GameAdapter`. Games without one are listed by `missing()`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Callable, Protocol

from engine.core.errors import Refusal
from engine.core.game import Game


@dataclass(frozen=True)
class Placement:
    """Where and how one referee object should lie on the table.

    `identity` None means an anonymous card back (the object reveals nothing); otherwise
    (name, description) shown on the object.
    """

    pos: tuple[float, float, float]
    face_down: bool = False
    identity: tuple[str, str] | None = None
    kind: str = "card"          # card | pile | a game's markers (goddess, tokens): all but cards are locked
    card: str | None = None     # card-definition id (for the object's face), None when anonymous
    owner: int | None = None
    spin: float = 0.0           # rotation about the vertical axis (degrees)


@dataclass(frozen=True)
class DropSite:
    """What a drop position means: the zone under it and the card it landed on, if any."""

    seat: int | None
    zone: str | None
    target: int | None = None


@dataclass
class Physical:
    """How a bot performs an action with its hands: drop `card` at `pos`, or click (pos None)."""

    card: int | None = None
    pos: tuple[float, float, float] | None = None
    extras: dict = field(default_factory=dict)


class GameAdapter(Protocol):
    game_id: str
    hand_zones: tuple[str, ...]   # engine zones that are TTS hand zones (owner-only in TTS too)

    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]: ...
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite: ...
    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None: ...
    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal: ...
    def movable(self, game: Game, seat: int) -> set[int]: ...
    def status_lines(self, game: Game, colors: list[str]) -> list[str]: ...
    def card_object(self, placement: Placement) -> dict: ...
    def physical(self, game: Game, seat: int, action: dict, table: dict[str, Placement]) -> Physical | None: ...
    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]: ...
    def hidden_names(self, game: Game, seat: int) -> set[str]: ...


def card_object(placement: Placement) -> dict:
    """TTS object data for a referee card. Its face comes from the table save's sheets when
    known; the bridge itself only needs the name and description. A pile is one face-down card
    standing for the stack (the engine keeps its order), locked like every non-card marker so
    only the referee moves it."""
    name, desc = placement.identity or ("", "")
    return {"Name": "Card", "Nickname": name, "Description": desc, "HideWhenFaceDown": True,
            "Hands": placement.kind == "card", "Tags": ["tts-bridge"], "GMNotes": "",
            "Locked": placement.kind != "card"}


def result_lines(game: Game, colors: list[str]) -> list[str]:
    """The status board's closing line once the game is over (none before)."""
    result = game.result()
    if result is None:
        return []
    return ["Result: " + ("draw" if result.draw else f"{colors[result.winner]} wins") + f" ({result.reason})"]


def hidden_card_names(game: Game, seat: int, attr: str = "title",
                      known: "Callable[[int], bool] | None" = None) -> set[str]:
    """Names (`defn.<attr>`) of cards `seat` may not see now and cannot see elsewhere either:
    the session's last check before any text goes to that seat's colour. `known(card)` marks
    cards the seat saw earlier although they are hidden now."""
    table = game.state.table
    cards = table.cards
    hidden, seen = set(), set()
    for key, ids in table.zones.items():
        if not ids:
            continue
        whole = table.zone_visible_to(key, seat)  # one answer for a public or hidden zone
        if whole or (whole is False and known is None):
            (seen if whole else hidden).update([getattr(cards[card].defn, attr) for card in ids])
            continue
        for card in ids:
            if table.visible_to(card, seat) or (known is not None and known(card)):
                seen.add(getattr(cards[card].defn, attr))
            else:
                hidden.add(getattr(cards[card].defn, attr))
    return hidden - seen  # a name seen anywhere is never reported, whatever another copy shows


def adapter_module(game_id: str) -> str:
    """`sakura-arms` -> `tts_bridge.session.games.sakura_arms`: adding that file plugs the game in."""
    return f"{__name__}.{game_id.replace('-', '_')}"


def has_adapter(game_id: str) -> bool:
    return game_id not in ("geometry",) and importlib.util.find_spec(adapter_module(game_id)) is not None


def adapter_for(game_id: str) -> GameAdapter:
    if not has_adapter(game_id):
        from engine.core.registry import game_ids
        with_one = [g for g in game_ids() if has_adapter(g)]
        raise KeyError(f"no TTS table adapter for {game_id!r} yet ({adapter_module(game_id)}); "
                       f"games with one: {', '.join(with_one) or 'none'}")
    return importlib.import_module(adapter_module(game_id)).ADAPTER


def missing() -> list[str]:
    """Registered games that have no table adapter yet."""
    from engine.core.registry import game_ids
    return [g for g in game_ids() if not has_adapter(g)]


def card_ref(card: int) -> str:
    return f"c{card}"


def ref_card(ref: str) -> int | None:
    if isinstance(ref, str) and ref.startswith("c") and ref[1:].isdigit():
        return int(ref[1:])
    return None
