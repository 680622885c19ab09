"""Kaiju Battle adapter: cards from the engine's loader (`RULES.cards()`), three card types,
the table of KJ-2 (engaged, support x5, enhancement, deployment, resolving, discard, spirit,
rift, deck, hand) and damage counters, spirit-cost counters and an Evasion coin."""

from __future__ import annotations

import re
from itertools import repeat

import orjson

from engine.core.cardset import LazyCards
from engine.games.kaiju.state import ZONES

from tts_bridge.assets.games import CardEntry, GameAdapter, LazyEntry, Supply, Zone

_CATEGORY_COLORS = {"Volcanic": "#b8451f", "Marine": "#1f6fb8", "Insect": "#6b8e23", "Mineral": "#7a6a58",
                    "Ancient": "#8a6d3b", "Avian": "#3c9db5", "Storm": "#5b4fb8"}
_TYPE_COLORS = {"battle": "#5a3a22", "skill": "#1f4e79", "reinforcement": "#2e6b3a"}


_ICONS = ((re.compile(r"^Level (\d+): ", re.M), r":level:\1 "), (re.compile(r"^Advantage: ", re.M), ":speed: Advantage: "),
          (re.compile(r"\bAttack (\d+)"), r":attack:\1"), (re.compile(r"\bHeal (\d+)"), r":heal:\1"))


def _iconize(text: str) -> str:
    """Inline icons for the printed text: moves get :attack: / :heal:, levels :level:."""
    text = "\n".join(text.splitlines())  # line by line, as the card shows it
    for pattern, icon in _ICONS:
        text = pattern.sub(icon, text)
    return text


class KaijuAdapter(GameAdapter):
    lazy_cards = True

    def cards(self) -> list[CardEntry]:
        """The engine's loader on `cards.yaml`, or on `cards.csv` / `cards.tsv` (rows checked
        with the engine's CARD_SCHEMA first, see `carddata.load_tables`). A set read lazily
        gives entries made from each card's facts (engine/games/kaiju/cards.py Facts)."""
        loaded = self.engine_cards()
        if isinstance(loaded, LazyCards):
            return list(map(LazyEntry, loaded.column("id"), loaded.column("type"), loaded.column("title"),
                            repeat(loaded), loaded.digest_list))
        digests = getattr(loaded, "digests", {})
        return [CardEntry(c.id, c.type, c.title, c, digest=digests.get(c.id)) for c in loaded.values()]

    def source(self, card: CardEntry) -> bytes:
        """The context reads only the card's definition and its art: the digest of the text
        the engine built it from (its loader's code and schema included), else the definition."""
        return card.digest or orjson.dumps(card.defn)

    def context(self, card: CardEntry) -> dict:
        c = card.defn
        keywords = []
        if c.defense:
            keywords.append({"icon": "defense", "label": f"Defense {c.defense}"})
        if c.counter:
            keywords.append({"icon": "counter", "label": f"Counter {c.counter}"})
        if c.evasion:
            keywords.append({"icon": "evasion", "label": "Evasion"})
        category = c.category or ""
        return {
            "id": c.id, "type": c.type, "title": c.title, "name": c.name, "prefix": c.prefix,
            "category": category, "cost": c.cost, "hp": c.hp, "speed": c.speed,
            "defense": c.defense, "counter": c.counter, "evasion": c.evasion, "advantage": c.advantage,
            "evolves_from": c.evolves_from, "converts_with": c.converts_with,
            "keywords": keywords,
            "moves": [{"name": m.name, "kind": m.kind, "amount": m.amount, "level": m.level} for m in c.moves],
            "text": _iconize(c.text), "plain_text": c.text, "flavor": c.flavor,
            "art": self.art(card),
            "accent": _CATEGORY_COLORS.get(category, _TYPE_COLORS.get(c.type, "#444444")),
            "frame": _TYPE_COLORS.get(c.type, "#444444"),
            "type_line": {"battle": "Battle", "skill": "Skill", "reinforcement": "Reinforcement"}[c.type]
            + (f" - {category}" if category else ""),
        }

    def description(self, card: CardEntry) -> str:
        c = card.defn
        stats = []
        if c.type == "battle":
            stats.append(f"HP {c.hp} | Speed {c.speed} | Cost {c.cost}")
        elif c.cost is not None:
            stats.append(f"Cost {c.cost}")
        head = f"[b]{c.title}[/b] ({c.type}{', ' + c.category if c.category else ''})"
        return "\n".join([head, *stats, c.text] + ([f"[i]{c.flavor}[/i]"] if c.flavor else []))

    def tags(self, card: CardEntry) -> list[str]:
        return ["kaiju", card.type]


# The spec's proposed geometry (rules/kaiju.md, "Components and zones for a tabletop layout"),
# for the player at the bottom; the opponent is mirrored:
#   [Deck][Discard][Rift]   [Spirit zone ...... total]
#   [Deployment R1..R5 | overflow]
#   [Support S1..S5]
#                 [ENGAGED]
_CX = 3.0      # column pitch (a scale-1.1 card is about 2.4 x 3.4 units)
_R1, _R2, _R3, _R4 = -2.6, -6.8, -11.0, -15.2
SPIRIT_COST = Supply("Spirit cost total", "counter", 4.6 * _CX, _R4, value=0)  # a Counter the bridge sets by name

ADAPTER = KaijuAdapter(
    game_id="kaiju", lang="ja", preset="poker",
    theme={"back": "#3a2314", "back_accent": "#e07b39", "title": "KAIJU BATTLE", "subtitle": "Revival of the Giant Beasts",
           "board": "#2b3a42"},
    zones=(
        Zone("engaged", 0, _R1, 2.8, 3.8),
        Zone("enhancement", 2 * _CX, _R1, 2.8, 3.8, note="(tuck under)", kind="area"),
        Zone("resolving", -2 * _CX, _R1, 2.8, 3.8),
        Zone("support", 0, _R2, 5 * _CX, 3.8, slots=5, kind="row"),
        Zone("deployment", 0, _R3, 5 * _CX, 3.8, slots=5, kind="row"),
        # part of the deployment zone, not a zone of its own: the layout's overflow area beside
        # the 5 marked slots (rules/kaiju.md KJ-G2), where a sixth deployed card lies
        Zone("deployment_overflow", 3.5 * _CX, _R3, 1.6 * _CX, 3.8, "Deployment overflow", kind="area"),
        Zone("deck", -4 * _CX, _R4, 2.8, 3.8),
        Zone("discard", -3 * _CX, _R4, 2.8, 3.8),
        Zone("rift", -2 * _CX, _R4, 2.8, 3.8),
        Zone("spirit", 1.5 * _CX, _R4, 5 * _CX, 3.8, note="(cost total > 15 loses)", kind="area"),
        Zone("hand", 0, -19.6, 18.0, 3.6, kind="hand"),
    ),
    engine_zones=ZONES,
    board_only=frozenset({"deployment_overflow"}),
    supplies=(
        Supply("Damage counters", "bag", -4 * _CX, _R1, per_seat=False, icon="damage", label="1"),
        Supply("Damage counters x5", "bag", -5 * _CX, _R1, per_seat=False, icon="damage", label="5", color="#6e0f0f"),
        SPIRIT_COST,
        Supply("Evasion coin", "coin", 5 * _CX, 0.0, per_seat=False, icon="coin", color="#d4a017"),
    ),
)
