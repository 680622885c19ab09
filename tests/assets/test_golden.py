"""Golden images guard the kaiju layouts: one card of each type and the back, rendered at
60 dpi, compared with the stored PNGs (small tolerance for FreeType differences).
Regenerate after an intended layout change: `python -m tests.assets.test_golden`."""

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tts_bridge.assets.build import REPO
from tts_bridge.assets.games import get_adapter
from tts_bridge.assets.layout import Layouts
from tts_bridge.assets.render import Geometry, RenderContext, render

GOLDEN = Path(__file__).parent / "golden"
CARDS = ["kj-pyroclast", "kj-magma-geyser", "kj-tidal-nursery", "__back__"]
# Fixed card records (not the live card file, which authors edit): one per card type.
RAW = {
    "kj-pyroclast": {"id": "kj-pyroclast", "type": "battle", "prefix": "Lava Beast", "name": "Pyroclast",
                     "category": "Volcanic", "hp": 10, "speed": 4, "cost": 3, "defense": 1, "evasion": True,
                     "moves": [{"name": "Magma Tail", "kind": "attack", "amount": 4}],
                     "text": "Evolve: place on your Cindrak in play.\nMagma Tail - Attack 4.\n"
                             "Level 1: Eruption - Attack 5. Also deal 1 damage to each support card.",
                     "flavor": "The hills around its nest glow orange all night."},
    "kj-magma-geyser": {"id": "kj-magma-geyser", "type": "skill", "name": "Magma Geyser", "cost": 2,
                        "effects": [{"damage": {"amount": 3, "to": "opp_any"}}],
                        "text": "Deal 3 damage to one of your opponent's battle cards in play. 溶岩「噴出」。"},
    "kj-tidal-nursery": {"id": "kj-tidal-nursery", "type": "reinforcement", "name": "Tidal Nursery",
                         "continuous": [{"applies_to": "all", "deploys": 1}],
                         "text": "Continuous: you may deploy 1 more battle card each turn.", "flavor": "Warm shallows."},
}
GEO = Geometry(63, 88, 60)


def _render(card_id: str) -> Image.Image:
    adapter = get_adapter("kaiju")
    layouts = Layouts(REPO / "templates" / "cards" / "kaiju")
    ctx = {"theme": adapter.theme, "geo": {"w": GEO.w_mm, "h": GEO.h_mm, "bleed": 0}}
    if card_id == "__back__":
        template = adapter.back_template()
    else:
        from engine.games.kaiju.cards import _card
        from tts_bridge.assets.games import CardEntry

        defn = _card(RAW[card_id])
        card = CardEntry(defn.id, defn.type, defn.title, defn)
        ctx["card"] = adapter.context(card)
        template = adapter.template(card)
    img, warn = render(layouts.render(template, ctx, card_id), GEO, RenderContext(adapter.data_root, adapter.lang), card_id)
    assert warn.messages(card_id) == []
    return img


@pytest.mark.parametrize("card_id", CARDS)
def test_layout_matches_golden(card_id):
    img = _render(card_id)
    with Image.open(GOLDEN / f"{card_id}.png") as golden:
        assert img.size == golden.size
        diff = ImageStat.Stat(ImageChops.difference(img, golden.convert("RGB"))).mean
    assert max(diff) < 3.0, f"{card_id} differs from its golden image by {diff}"


def test_golden_comparison_detects_a_moved_box():
    img = _render("kj-pyroclast")
    moved = Image.new("RGB", img.size, "white")
    moved.paste(img, (0, 6))
    with Image.open(GOLDEN / "kj-pyroclast.png") as golden:
        diff = ImageStat.Stat(ImageChops.difference(moved, golden.convert("RGB"))).mean
    assert max(diff) >= 3.0


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for cid in CARDS:
        _render(cid).save(GOLDEN / f"{cid}.png", optimize=True)
        print("wrote", GOLDEN / f"{cid}.png")
