"""Deck import, second half: a validated deck as a TTS saved object that uses the game's
built card sheets (one Deck per section, a Card for a single card), with a thumbnail, written
where TTS looks for Saved Objects without ever overwriting a file unasked."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from engine.core.game import Deck

from tts_bridge.assets.build import Settings, build_game
from tts_bridge.assets.io import atomic_write_json, save_image
from tts_bridge.assets.render import thumbnail
from tts_bridge.saves.model import Guids, card_object, deck_object, saved_object, transform

SECTION_GAP = 3.0  # table units between the decks of one import


class OutputError(ValueError):
    """The deck could not be written; the message says why and what to do."""


@dataclass
class DeckObject:
    data: dict
    thumbnail: Image.Image
    card_count: int
    sections: list[str] = field(default_factory=list)


def card_index(game_id: str, settings: Settings | None = None) -> dict:
    """Where each card sits on the built sheets; builds (incrementally) first so the sheets
    and the index are current."""
    settings = settings or Settings()
    report = build_game(game_id, settings)
    if report.errors:
        raise OutputError(f"{game_id}: the card build failed: {report.errors[0]}")
    return json.loads((Path(settings.out) / game_id / "cards.json").read_text(encoding="utf-8"))


def deck_object_for(game_id: str, deck: Deck, index: dict) -> DeckObject:
    cards, scale = index["cards"], index["scale"]
    missing = sorted({c for ids in deck.sections.values() for c in ids if c not in cards})
    if missing:
        raise OutputError(f"cards {missing} are not on the built sheets; run `tts-bridge build {game_id}`")
    guids = Guids(f"{game_id}/import/{deck.name}")
    objects, sections = [], []
    for n, (section, ids) in enumerate(deck.sections.items()):
        if not ids:
            continue
        card_objs = [card_object(guids, cards[c]["key"] * 100 + cards[c]["cell"], cards[c]["key"],
                                 cards[c]["custom_deck"], cards[c]["nickname"], cards[c]["description"],
                                 cards[c]["tags"], tf=transform(sx=scale, sz=scale), gm_notes=c) for c in ids]
        label = deck.name if section == "main" else f"{deck.name} ({section})"
        objects.append(deck_object(guids, card_objs, label, tags=[game_id],
                                   tf=transform(n * SECTION_GAP, 1, 0, rot_y=180, rot_z=180, sx=scale, sz=scale),
                                   description=f"{game_id} deck imported by tts-bridge"))
        sections.append(section)
    if not objects:
        raise OutputError(f"the deck {deck.name!r} has no cards")
    first = next(ids[0] for ids in deck.sections.values() if ids)
    with Image.open(cards[first]["face"]) as face:
        thumb = thumbnail(face)
    count = sum(len(ids) for ids in deck.sections.values())
    return DeckObject(saved_object(objects), thumb, count, sections)


_FORBIDDEN = set('/\\:*?"<>|%')  # TTS object file names (save-format reference §8.13), and our escape


def deck_file_stem(name: str) -> str:
    """The file name (without extension) of a deck: characters TTS file names may not hold,
    control characters, `%`, and leading or trailing dots and spaces (which Windows drops)
    are written as `%XX`, so two different deck names never share a file (`a/b` is `a%2Fb`,
    `a_b` stays `a_b`) and every name comes back from its file name."""
    out = [f"%{ord(ch):02X}" if ch in _FORBIDDEN or ord(ch) < 32 else ch for ch in name]
    for edge in (range(len(out)), reversed(range(len(out)))):
        for i in edge:
            if out[i] not in (" ", "."):
                break
            out[i] = f"%{ord(out[i]):02X}"
    return "".join(out) or "deck"


def write_deck_object(obj: DeckObject, folder: Path, name: str, force: bool = False) -> list[Path]:
    """Write `<name>.json` and `<name>.png` into `folder`; refuse to overwrite unless `force`.
    The extensions are appended, never substituted: `ember.v2` is `ember.v2.json`, not a
    second `ember.json`."""
    base = deck_file_stem(name)
    paths = [folder / f"{base}.json", folder / f"{base}.png"]
    existing = [p for p in paths if p.exists()]
    if existing and not force:
        raise OutputError(f"{existing[0]} already exists; use --force to replace it, or another --out folder")
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_json(paths[0], obj.data)
    save_image(obj.thumbnail, paths[1], "PNG")
    return paths
