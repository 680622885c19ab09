"""The balance report as one self-contained HTML page, its plots drawn as inline SVG.

The plots are interval charts (a point and its 95 % interval per row) and one histogram: a few
rectangles, circles and lines each. Written directly as SVG they need no plotting library (and
no numpy) on the machine that writes the report, stay sharp at any zoom, and keep the page one
file with nothing to load.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

LABEL_W, PLOT_W, ROW_H, PAD = 300, 440, 24, 12
WITH, WITHOUT = "#1d5fa8", "#c2571a"  # filled circle / hollow diamond


@dataclass(frozen=True, slots=True)
class Mark:
    """One interval on a row: a rate with its low and high ends (report intervals), drawn filled
    or hollow."""

    interval: dict
    colour: str
    hollow: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    marks: tuple[Mark, ...]
    strong: bool = False  # drawn bold with a star: a significant difference


def interval_chart(rows: list[Row], caption: str) -> str:
    """Rows of win rates with their intervals on a 0-100 % axis, a dashed line at 50 %."""
    height = PAD * 2 + ROW_H * len(rows) + 28
    x = lambda rate: LABEL_W + rate * PLOT_W  # noqa: E731 - the one scale of the chart
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{LABEL_W + PLOT_W + PAD * 2}" height="{height}" '
             f'role="img" aria-label="{escape(caption)}">']
    bottom = PAD + ROW_H * len(rows)
    for tick in range(0, 101, 10):
        tx = x(tick / 100)
        line = 'stroke="#999" stroke-dasharray="4 3"' if tick == 50 else 'stroke="#e4e4e4"'
        parts.append(f'<line x1="{tx:.1f}" y1="{PAD}" x2="{tx:.1f}" y2="{bottom}" {line}/>')
        parts.append(f'<text x="{tx:.1f}" y="{bottom + 16}" text-anchor="middle" class="tick">{tick} %</text>')
    for i, row in enumerate(rows):
        y = PAD + ROW_H * i + ROW_H / 2
        weight = ' font-weight="bold"' if row.strong else ""
        label = ("★ " if row.strong else "") + row.label
        parts.append(f'<text x="{LABEL_W - 10}" y="{y + 4:.1f}" text-anchor="end"{weight}>{escape(_cut(label))}'
                     f'<title>{escape(label)}</title></text>')
        for k, mark in enumerate(row.marks):
            if mark.interval is None:
                continue
            dy = (k - (len(row.marks) - 1) / 2) * 7
            lo, hi, at = x(mark.interval["low"]), x(mark.interval["high"]), x(mark.interval["rate"])
            parts.append(f'<line x1="{lo:.1f}" y1="{y + dy:.1f}" x2="{hi:.1f}" y2="{y + dy:.1f}" '
                         f'stroke="{mark.colour}" stroke-width="2"/>')
            fill = "white" if mark.hollow else mark.colour
            if mark.hollow:
                parts.append(f'<rect x="{at - 4:.1f}" y="{y + dy - 4:.1f}" width="8" height="8" '
                             f'transform="rotate(45 {at:.1f} {y + dy:.1f})" fill="{fill}" stroke="{mark.colour}" stroke-width="2"/>')
            else:
                parts.append(f'<circle cx="{at:.1f}" cy="{y + dy:.1f}" r="4.5" fill="{fill}" stroke="{mark.colour}"/>')
    parts.append("</svg>")
    return f'<figure>{"".join(parts)}<figcaption>{escape(caption)}</figcaption></figure>'


def histogram(counts: dict[str, int], caption: str, mean: float | None) -> str:
    """Game lengths in at most 40 equal bins, the mean as a line."""
    if not counts:
        return "<p>No finished games.</p>"
    values = {int(k): v for k, v in counts.items()}
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / 40))
    bins = [0] * ((high - low) // width + 1)
    for value, count in values.items():
        bins[(value - low) // width] += count
    w, h, left, bottom = LABEL_W + PLOT_W, 180, 50, 214
    top = max(bins)
    bar = (w - left) / len(bins)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + PAD}" height="{bottom + 24}" role="img" '
             f'aria-label="{escape(caption)}">',
             f'<line x1="{left}" y1="{bottom}" x2="{w}" y2="{bottom}" stroke="#999"/>',
             f'<text x="{left - 6}" y="{bottom - h + 4}" text-anchor="end" class="tick">{top}</text>',
             f'<text x="{left - 6}" y="{bottom}" text-anchor="end" class="tick">0</text>']
    for i, count in enumerate(bins):
        bh = h * count / top
        start = low + i * width
        span = f"{start}" if width == 1 else f"{start}-{start + width - 1}"
        parts.append(f'<rect x="{left + i * bar + 1:.1f}" y="{bottom - bh:.1f}" width="{max(bar - 2, 1):.1f}" '
                     f'height="{bh:.1f}" fill="{WITH}"><title>{span} decisions: {count} games</title></rect>')
    for i in range(0, len(bins), max(1, len(bins) // 8)):
        parts.append(f'<text x="{left + i * bar + bar / 2:.1f}" y="{bottom + 16}" text-anchor="middle" '
                     f'class="tick">{low + i * width}</text>')
    if mean is not None:
        mx = left + (mean - low) / width * bar
        parts.append(f'<line x1="{mx:.1f}" y1="{bottom - h - 6}" x2="{mx:.1f}" y2="{bottom}" stroke="{WITHOUT}" '
                     f'stroke-width="2"/><text x="{mx + 4:.1f}" y="{bottom - h - 8}" fill="{WITHOUT}">mean {mean}</text>')
    parts.append("</svg>")
    return f'<figure>{"".join(parts)}<figcaption>{escape(caption)}</figcaption></figure>'


def _cut(text: str, limit: int = 42) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pct(interval: dict | None) -> str:
    if interval is None:
        return "–"
    return f'{interval["rate"]:.1%} <span class="ci">({interval["low"]:.1%}–{interval["high"]:.1%})</span>'


def _table(head: list[str] | None, rows: list[list[str]], css: str = "") -> str:
    cells = "".join(f"<th>{h}</th>" for h in head or [])
    thead = f"<thead><tr>{cells}</tr></thead>" if head else ""
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    opening = f'<table class="{css}">' if css else "<table>"
    return f"{opening}{thead}<tbody>{body}</tbody></table>"


def _pairings(report: dict) -> str:
    rows = [Row(f'{m["a"]} vs {m["b"]} (pooled)', (Mark(m["a_win_rate"], WITH),)) for m in report["matchups"]]
    rows += [Row(f'{p["seat0"]} (seat 0) vs {p["seat1"]}', (Mark(p["seat0_win_rate"], WITHOUT, hollow=True),))
             for p in report["pairings"]]
    chart = interval_chart(rows, "Win rate of the first-named deck, with its 95 % Wilson interval "
                                 "(circles: both seat orders pooled; diamonds: one seat order, seat 0 named first).")
    table = _table(["seat 0", "seat 1", "games", "wins (seat 0 / seat 1)", "draws", "seat 0 win rate (95 % CI)",
                    "mean decisions"],
                   [[escape(p["seat0"]), escape(p["seat1"]), str(p["games"]), f'{p["wins"][0]} / {p["wins"][1]}',
                    str(p["draws"]), _pct(p["seat0_win_rate"]), str(p["mean_decisions"])] for p in report["pairings"]])
    return f"<h2>Win rate per pairing</h2>{chart}{table}"


def _first_player(report: dict) -> str:
    first = report["first_player"]
    if not first["games"]:
        return "<h2>First-player advantage</h2><p>This game does not say who went first.</p>"
    rate = first["win_rate"]
    chart = interval_chart([Row("first player's win rate", (Mark(rate, WITH),))],
                           "The first player's win rate over every game, with its 95 % Wilson interval.")
    verdict = ("the interval excludes 50 %: going first matters" if rate["low"] > 0.5 or rate["high"] < 0.5
               else "the interval includes 50 %: no advantage shown")
    return (f"<h2>First-player advantage</h2>{chart}<p>The first player won {first['wins']} of {first['games']} games: "
            f"{first['advantage'] * 100:+.1f} points against 50 % "
            f"(95 % CI {(rate['low'] - 0.5) * 100:+.1f} to {(rate['high'] - 0.5) * 100:+.1f}); {verdict}.</p>")


def _length(report: dict) -> str:
    length = report["length"]
    chart = histogram(length["counts"], "Game length in decisions (every answered Request counts one).",
                      length["mean_decisions"])
    return (f"<h2>Game length</h2>{chart}<p>{length['mean_decisions']} decisions per game on average "
            f"(shortest {length['min']}, longest {length['max']}).</p>")


def _cards(report: dict) -> str:
    cards = report["cards"]
    if not cards:
        return "<h2>Cards</h2><p>No card was seen in any game.</p>"
    parts = [f"<h2>Cards</h2><p>For each card, the win rate of the seat whose deck holds it in the games where "
             f"the condition held, against the games where it did not. Significance: {escape(report['card_test'])}. "
             f"★ marks a significant difference. A card drawn or played more in longer games will show "
             f"the effect of game length too: these are associations, not causes.</p>"]
    for name, meaning in report["conditions"].items():
        ordered = sorted(cards, key=lambda c: -(c[name]["difference"] if c[name]["difference"] is not None else -9))
        rows = [Row(card["name"], (Mark(card[name]["win_rate"], WITH), Mark(card[name]["without_win_rate"], WITHOUT, True)),
                    card[name]["significant"]) for card in ordered]
        parts.append(f"<h3>When {name}</h3><p>{escape(meaning)}.</p>")
        parts.append(interval_chart(rows, f"Win rate when {name} (filled circle) and when not (hollow diamond), "
                                          f"95 % Wilson intervals; cards by difference, largest first."))
        parts.append(_table(
            ["card", "decks", f"games {name}", f"win rate {name}", "games not", "win rate not", "difference", "p", "significant"],
            [[escape(c["name"]), escape(", ".join(c["decks"])), str(c[name]["games"]), _pct(c[name]["win_rate"]),
              str(c[name]["without_games"]), _pct(c[name]["without_win_rate"]),
              "–" if c[name]["difference"] is None else f'{c[name]["difference"] * 100:+.1f} pts',
              "not tested" if c[name]["p"] is None else f'{c[name]["p"]:.3g}',
              "★ yes" if c[name]["significant"] else "no"] for c in ordered]))
    return "".join(parts)


STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 16px}
h1{font-size:22px}h2{margin-top:32px;border-bottom:1px solid #ddd}svg text{font:12px system-ui,sans-serif;fill:#222}
svg text.tick{fill:#666;font-size:11px}figure{margin:12px 0}figcaption{color:#555;font-size:12px}
table{border-collapse:collapse;margin:10px 0;font-size:13px}th,td{border-bottom:1px solid #eee;padding:3px 8px;text-align:left}
th{background:#f6f6f6}.ci{color:#777}.summary td:first-child{color:#555}"""


def render(report: dict) -> str:
    """The whole page."""
    budget = f", budget {report['budget']} per decision" if report["budget"] else ""
    summary = _table(None, [
        ["game", escape(report["game"])], ["decks", escape(", ".join(report["decks"]))],
        ["games", f'{report["counted"]} of {report["games"]} counted ({report["errors"]} engine errors, '
                  f'{report["duplicates_ignored"]} repeated results ignored)'],
        ["players", f'{escape(report["bot"])} bot in both seats{escape(budget)}'],
        ["seed", escape(report["seed"])],
        ["run", f'{report["elapsed_s"]} s on {report["workers"]} CPUs ({report["games_per_s"]} games/s; '
                f'{1000 * report["cpu_s"] / max(report["counted"], 1):.1f} ms of CPU per game)'],
    ], css="summary")
    errors = "".join(f"<li>{escape(m)}</li>" for m in report["error_messages"])
    errors = f"<h2>Engine errors</h2><ul>{errors}</ul>" if errors else ""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Balance: {escape(report["game"])}'
            f'</title><style>{STYLE}</style></head><body><h1>Balance report: {escape(report["game"])}</h1>{summary}'
            f"{_pairings(report)}{_first_player(report)}{_length(report)}{_cards(report)}{errors}</body></html>\n")
