"""Built-in inline icons, drawn with Pillow (no image files to license): `:attack:`,
`:heal:`, `:speed:`, `:hp:`, `:cost:`, `:defense:`, `:counter:`, `:evasion:`, `:level:`,
`:coin:`, `:aura:`, `:life:`, `:flare:`, `:sakura:`, `:damage:`, `:melee:` (a blade), `:shooting:`
(a crosshair). A game may override or add
icons with PNG files in `card_data/<game>/icons/<name>.png`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

SS = 4  # supersampling factor for smooth edges


def _star(d: ImageDraw.ImageDraw, s: int, points: int, fill: str, inner: float = 0.45) -> None:
    c, r = s / 2, s * 0.48
    pts = []
    for i in range(points * 2):
        a = math.pi / points * i - math.pi / 2
        rr = r if i % 2 == 0 else r * inner
        pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
    d.polygon(pts, fill=fill)


def _draw(name: str, s: int) -> Image.Image | None:
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    w = max(1, s // 10)
    if name in ("attack", "damage"):
        _star(d, s, 8, "#c8281e" if name == "attack" else "#7a1010", 0.5)
    elif name in ("heal", "life"):
        color = "#2e8b3d" if name == "heal" else "#c8281e"
        d.ellipse((0, 0, s - 1, s - 1), fill=color)
        t = s * 0.16
        d.rectangle((s / 2 - t, s * 0.2, s / 2 + t, s * 0.8), fill="white")
        d.rectangle((s * 0.2, s / 2 - t, s * 0.8, s / 2 + t), fill="white")
    elif name == "speed":
        d.polygon([(s * .62, 0), (s * .15, s * .58), (s * .45, s * .58), (s * .35, s), (s * .85, s * .4),
                   (s * .55, s * .4)], fill="#e0a800")
    elif name == "hp":
        d.ellipse((0, s * .05, s * .55, s * .6), fill="#d23c5a")
        d.ellipse((s * .45, s * .05, s, s * .6), fill="#d23c5a")
        d.polygon([(s * .03, s * .4), (s * .97, s * .4), (s / 2, s * .97)], fill="#d23c5a")
    elif name in ("cost", "aura", "flare"):
        color = {"cost": "#3b5bdb", "aura": "#5a8dee", "flare": "#e8590c"}[name]
        d.polygon([(s / 2, 0), (s, s / 2), (s / 2, s), (0, s / 2)], fill=color)
        d.polygon([(s / 2, s * .25), (s * .75, s / 2), (s / 2, s * .75), (s * .25, s / 2)], fill="#ffffff80")
    elif name == "defense":
        d.polygon([(s * .1, s * .05), (s * .9, s * .05), (s * .9, s * .5), (s / 2, s * .98), (s * .1, s * .5)],
                  fill="#5f6b7a")
    elif name == "counter":
        d.arc((s * .1, s * .1, s * .9, s * .9), 30, 330, fill="#8a3ffc", width=w * 2)
        d.polygon([(s * .7, s * .02), (s * .98, s * .3), (s * .62, s * .38)], fill="#8a3ffc")
    elif name == "evasion":
        for i in range(3):
            y = s * (.25 + .25 * i)
            d.line((s * .1 + i * s * .1, y, s * .9, y), fill="#1c7ed6", width=w * 2)
    elif name == "melee":  # a blade pointing up-right, with its guard and grip
        d.polygon([(s * .95, s * .05), (s * .88, s * .28), (s * .38, s * .74), (s * .26, s * .62), (s * .72, s * .12)],
                  fill="#8c2f1b")
        d.polygon([(s * .14, s * .56), (s * .22, s * .48), (s * .52, s * .78), (s * .44, s * .86)], fill="#3d3d3d")
        d.polygon([(s * .05, s * .87), (s * .27, s * .65), (s * .35, s * .73), (s * .13, s * .95)], fill="#3d3d3d")
    elif name == "shooting":  # a crosshair
        ring = max(2, s // 9)
        d.ellipse((s * .12, s * .12, s * .88, s * .88), outline="#1f5fa8", width=ring)
        d.ellipse((s * .42, s * .42, s * .58, s * .58), fill="#1f5fa8")
        for a, b in (((s / 2, 0), (s / 2, s * .32)), ((s / 2, s * .68), (s / 2, s)),
                     ((0, s / 2), (s * .32, s / 2)), ((s * .68, s / 2), (s, s / 2))):
            d.line((a, b), fill="#1f5fa8", width=ring)
    elif name == "level":
        _star(d, s, 5, "#f0b400")
    elif name == "coin":
        d.ellipse((0, 0, s - 1, s - 1), fill="#d4a017")
        d.ellipse((s * .18, s * .18, s * .82, s * .82), outline="#8c6a00", width=w)
    elif name == "sakura":
        for i in range(5):
            a = 2 * math.pi * i / 5 - math.pi / 2
            cx, cy = s / 2 + s * .25 * math.cos(a), s / 2 + s * .25 * math.sin(a)
            d.ellipse((cx - s * .2, cy - s * .2, cx + s * .2, cy + s * .2), fill="#f28cb1")
        d.ellipse((s * .4, s * .4, s * .6, s * .6), fill="#ffe066")
    else:
        return None
    return img


BUILTIN = ("attack", "damage", "heal", "life", "speed", "hp", "cost", "aura", "flare", "defense", "counter",
           "evasion", "level", "coin", "sakura", "melee", "shooting")


@lru_cache(maxsize=1024)
def icon(name: str, px: int, override_dir: str = "") -> Image.Image | None:
    """The icon `name` at `px` x `px`; None if unknown."""
    if override_dir:
        path = Path(override_dir) / f"{name}.png"
        if path.is_file():
            with Image.open(path) as im:
                return im.convert("RGBA").resize((px, px), Image.LANCZOS)
    big = _draw(name, px * SS)
    return None if big is None else big.resize((px, px), Image.LANCZOS)


def known(name: str, override_dir: str = "") -> bool:
    return name in BUILTIN or bool(override_dir and (Path(override_dir) / f"{name}.png").is_file())


@dataclass(frozen=True)
class Known:
    """`known` for one icon folder, as a value: the text engine keeps fitted layouts per icon
    set, and two cards of a game share one (a lambda per card would not)."""
    override_dir: str = ""

    def __call__(self, name: str) -> bool:
        return known(name, self.override_dir)
