"""The umbrella (after Yukihi's): each player has an umbrella, open or closed, public, closed when
the duel begins; two-faced cards print a closed and an open face, and read the face their
player's umbrella shows.

The spec leaves this to the goddess's additional rules (§E). Our rules, citing the closest core
ones:
- a two-faced card's Range, damage and effects are those of its current face (6-2-1-8 to
  6-2-1-10, 6-2-1-7): card data `umbrella: {closed: {...}, open: {...}}` writes each face's
  values over the card's own (`cards.FACE_KEYS`); `defn` (state.py) reads the face;
- an «Attack» takes its card's values when it is created (9-2-1 i), so turning the umbrella
  during an attack does not change an attack already made;
- the effect word `umbrella: open|close|flip` changes the effect user's umbrella (6-2-1-7);
  opening an open umbrella changes nothing and triggers nothing;
- "when you open / close your umbrella" are `when:` events (`umbrella_opened`,
  `umbrella_closed`) of Enhancements and used Specials, resolved at the next state-triggered
  resolution (5-5), like the other "when" effects;
- the condition `umbrella: open|closed` reads the card's player's umbrella;
- views show each player's umbrella and, on a two-faced card, both faces and which is current.
"""

from __future__ import annotations

from typing import Any

from engine.core.effects import Word

from engine.games.sakura_arms.cards import UMBRELLA_STATES, CardDef
from engine.games.sakura_arms.state import TURN_CONDITIONS, Ctx, SakuraState, emit, trigger

RULE = "6-2-1-7"  # an effect of the card's text; the umbrella's own rule is a goddess rule (§E)
TURNED = {"open": "umbrella_opened", "closed": "umbrella_closed"}


def turn(s: SakuraState, seat: int, to: str) -> None:
    """`seat`'s umbrella becomes `to` (open or closed); a change triggers "when you open/close it"."""
    if s.umbrella[seat] == to:
        emit(s, {"type": "umbrella_unchanged", "seat": seat, "state": to, "rule": RULE})
        return
    s.umbrella[seat] = to
    emit(s, {"type": "umbrella", "seat": seat, "state": to, "rule": RULE})
    trigger(s, TURNED[to], seat)


def _resolve(s: SakuraState, how: str, ctx: Ctx) -> None:
    now = s.umbrella[ctx.seat]
    turn(s, ctx.seat, {"open": "open", "close": "closed", "flip": "closed" if now == "open" else "open"}[how])


WORDS = (Word("umbrella", {"enum": ["open", "close", "flip"]}, _resolve,
              "your umbrella: `value` it (open, close, or flip: open it if closed, close it if open)"),)

# the condition `umbrella: open|closed`: the card's player's umbrella
TURN_CONDITIONS["umbrella"] = lambda s, seat, value, *_: s.umbrella[seat] == value


def _face(d: CardDef) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if d.type == "attack":
        out["range"] = d.range if isinstance(d.range, str) else sorted(d.range)
        out["damage"] = "/".join("-" if v is None else str(v) for v in d.damage)
    if d.text:
        out["text"] = d.text
    return out


def faces_view(s: SakuraState, card: int) -> dict | None:
    """A two-faced card as views show it: both faces (Range and damage of an Attack card, the
    face's text) and the current one (its player's umbrella); None for a one-faced card."""
    c = s.table.cards[card]
    if not c.defn.faces:
        return None
    return {"current": s.umbrella[c.owner], "faces": {st: _face(c.defn.faces[st]) for st in UMBRELLA_STATES}}


def has_two_faced(s: SakuraState, seat: int) -> bool:
    """Whether `seat` owns a two-faced card (its goddesses' cards, public): its view shows the umbrella."""
    return any(c.owner == seat and c.defn.faces for c in s.table.cards)
