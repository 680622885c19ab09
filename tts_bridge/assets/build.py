"""Incremental build of one game's assets.

Per card a content hash covers the template context (the data row as the layout sees it),
every template file of the game, the font files, the art file, the geometry settings and
the tool version. A card whose hash is unchanged, whose face file exists and whose sheet
cell is kept (`cells.py`) is not rendered again; a sheet is recomposed only when one of its
cards (or its grid) changed. Rendering runs on worker processes, one per CPU, when there is
enough work to pay for them; each worker draws the cards of the games it is given (`_Lanes`).
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field, fields
from itertools import repeat
from pathlib import Path
from typing import Any, Callable

import orjson
from PIL import Image

from engine.core.gcpause import paused_gc
from tts_bridge.assets import TOOL_VERSION, buildrecord, cardindex, cells, entries as card_entries, fonts
from tts_bridge.assets.games import CardEntry, GameAdapter, get_adapter
from tts_bridge.assets.io import (OutputError, atomic_write_bytes, atomic_write_json, inflate,
                                  png_from_bands, save_image, save_png, writable_folder, write_if_changed)
from tts_bridge.assets.layout import LayoutError, Layouts
from tts_bridge.assets.resample import resize
from tts_bridge.assets.render import Geometry, RenderContext, error_card, render, thumbnail
from tts_bridge.assets.sheets import CELL_FILTER, Scanlines, cell_size, compose, plan_sheets, sheet_cell
from tts_bridge.saves import table as table_mod
from tts_bridge.saves.model import Guids, card_object, custom_deck_entry, deck_object, saved_object, sheet_key, transform
from tts_bridge.saves.validate import errors as only_errors, validate_file

REPO = Path(__file__).resolve().parents[2]
BACK_ID = "__back__"
# deflate levels of our direct PNG writer (io.png_bytes). With ISA-L, level 2 is the sweet spot
# on our drawn artwork: level 3 is twice as slow and no smaller on a 4096 px sheet.
FACE_PNG_LEVEL = SHEET_PNG_LEVEL = 2


@dataclass
class Settings:
    out: Path = REPO / "build"
    templates: Path = REPO / "templates"
    preset: str = "poker"
    dpi: int = 300
    bleed_mm: float = 0.0
    cap: int = 4096
    fmt: str = "png"          # png | jpeg (sheets)
    quality: int = 90
    hidden_cell: bool = False  # True: BackIsHidden false, the last cell is the hidden picture
    unique_backs: bool = False
    base_url: str | None = None
    max_cols: int = 10         # sheet grid limits (TTS: at most 10 x 7)
    max_rows: int = 7
    jobs: int = 0              # 0 = CPU count
    force: bool = False

    def geometry(self, adapter: GameAdapter) -> Geometry:
        return Geometry.preset(self.preset or adapter.preset, self.dpi, self.bleed_mm)

    def render_key(self) -> dict:
        return {"preset": self.preset, "dpi": self.dpi, "bleed": self.bleed_mm, "tool": TOOL_VERSION}


@dataclass
class GameReport:
    game: str
    table_save: str = ""
    deck_objects: list[str] = field(default_factory=list)
    sheets: list[str] = field(default_factory=list)
    preview: str = ""
    card_count: int = 0
    cards_rendered: int = 0
    cards_reused: int = 0
    sheets_composed: int = 0
    sheets_reused: int = 0
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    glue: str = ""
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # CPU time per card job (render + PNG face + sheet cell), summed
    render_cpu_seconds: float = 0.0  # of which layout + drawing only
    phases: dict[str, float] = field(default_factory=dict)  # wall seconds per build step (for `bench assets`)


# -- rendering jobs (run in worker processes) ------------------------------------------------

_LAYOUTS: dict[str, Layouts] = {}


def _layouts(folder: str, fingerprint: str) -> Layouts:
    """One compiled template environment per folder and content (compiling a game's templates
    costs tens of ms: `_build` compiles them before forking, so workers inherit them)."""
    key = f"{folder}|{fingerprint}"
    if key not in _LAYOUTS:
        if len(_LAYOUTS) >= 16:  # `watch` runs for hours: stale versions go
            _LAYOUTS.clear()
        _LAYOUTS[key] = Layouts(Path(folder))
    return _LAYOUTS[key]


def _precompile(jobs: list[dict]) -> None:
    """Compile every template the jobs use, in this process (before the pool forks)."""
    for job in jobs:
        _layouts(job["template_dir"], job["tpl_hash"]).env.get_template(job["template"])


def _worker_start() -> None:
    """A forked worker: what it inherited (card sets, plans, compiled templates) is moved out
    of the cyclic collector's walks (`gc.freeze`), then the collector runs on what the worker
    makes. Each full collection walked the whole inherited heap: a third of a worker's
    collecting time in a cold build of the samples."""
    gc.freeze()
    gc.enable()


def _render_job(job: dict) -> dict:
    """Render one card face (or the back), write it and its sheet-cell image; never raises:
    errors become a red placeholder card and an error message naming template, line, card."""
    cpu = time.process_time()
    geo = Geometry(**job["geo"])
    ctx = RenderContext(Path(job["data_root"]), job["lang"], job["icon_dir"])
    out = Path(job["face"])
    try:
        boxes = _layouts(job["template_dir"], job["tpl_hash"]).render(job["template"], job["context"], job["card_id"])
        img, warn = render(boxes, geo, ctx, job["card_id"])
        drawn = time.process_time() - cpu
        detail = warn.to_json()
        refused = [f"card {job['card_id']}: {m}" for m in warn.errors]
        messages = [m for m in warn.messages(job["card_id"]) if m not in refused]
        err = "; ".join(refused) or None
    except LayoutError as exc:
        img, messages, err, detail = error_card(geo, job["card_id"], str(exc)), [], str(exc), {}
        drawn = time.process_time() - cpu
    except Exception as exc:  # noqa: BLE001 - a layout the schema passed that cannot be drawn (an .inf size)
        err = f"{Path(job['template_dir']) / job['template']}: card {job['card_id']}: the layout cannot be drawn " \
              f"({type(exc).__name__}: {exc}); check its numbers"
        img, messages, detail = error_card(geo, job["card_id"], err), [], {}
        drawn = time.process_time() - cpu
    save_png(img, out, level=FACE_PNG_LEVEL, dpi=geo.dpi)
    b = geo.bleed_px
    # the sheet cells straight from the drawn face (no re-read, no crop copy: `box` trims the
    # bleed), handed back in memory: the sheet job stores them with its sheet (see cells.py)
    packed = [(size, cells.pack(resize(img, size, CELL_FILTER, box=(b, b, img.width - b, img.height - b))))
              for size in map(tuple, job["cells"])]
    return {"card_id": job["card_id"], "warnings": messages, "error": err, "detail": detail, "cells": packed,
            "cpu": time.process_time() - cpu, "render_cpu": drawn}


def _save_sheet(img: Image.Image, path: Path, ext: str, quality: int) -> None:
    if ext == "jpg":
        save_image(img if img.mode == "RGB" else img.convert("RGB"), path, "JPEG", quality=quality)
    else:
        save_png(img, path, level=SHEET_PNG_LEVEL)


_SCANLINES = Scanlines()  # a worker's sheet buffer, reused from sheet to sheet


def _sheet_job(job: dict) -> dict:
    """Compose one sheet (and its backs sheet) from its cards' cells, write it, and keep the
    cells in the sheet's pack. PNG sheets are written straight from the raw cell bytes."""
    plan, cell, packed = job["plan"], tuple(job["cell"]), job["cells"]
    back = packed[cells.key(BACK_ID, cell)]
    faces = [packed[cells.key(m, cell)] for m in job["members"]]
    sheets = [(faces, Path(job["face_path"]))]
    if job["backs_path"]:
        sheets.append(([back] * len(faces), Path(job["backs_path"])))
    size = (plan.cols * cell[0], plan.rows * cell[1])
    for deflated, path in sheets:
        at = lambda k: inflate(sheet_cell(k, plan, deflated, back, back))  # noqa: E731 - one band's cells at a time
        if job["ext"] == "png":
            data = png_from_bands(size, "RGB", _SCANLINES.bands(at, plan, cell), SHEET_PNG_LEVEL)
            atomic_write_bytes(path, data)
        else:
            to_image = lambda k: Image.frombytes("RGB", cell, at(k))  # noqa: E731
            _save_sheet(compose([to_image(k) for k in range(len(deflated))], plan, cell,
                                filler=Image.frombytes("RGB", cell, inflate(back)), hidden=None), path, job["ext"],
                        job["quality"])
    cells.write_pack(Path(job["pack"]), packed)
    return {}


class _Lanes:
    """The card jobs waiting for the workers, each game given to one worker (its lane). A
    worker keeps what it drew once (frames, glyph runs, fitted layouts, icons, fonts: see
    `glyphcache`) for the next card of the same game; fed from one shared queue, every worker
    drew every game's cards and did that first-time work again (a cold build of the samples on
    two workers drew 92 frames where one worker draws 57, 62 with lanes). A lane whose own
    games are drawn takes cards from the end of the longest queue, so no worker idles."""

    def __init__(self, lanes: int) -> None:
        self._games: list[deque] = [deque() for _ in range(lanes)]  # per lane: (game, its cards)
        self._queued = [0] * lanes

    def __bool__(self) -> bool:
        return any(self._queued)

    def add(self, game: int, jobs: list[dict]) -> None:
        """Queue a game's card jobs on the lane with the fewest cards waiting."""
        if jobs:
            lane = self._queued.index(min(self._queued))
            self._games[lane].append((game, deque(jobs)))
            self._queued[lane] += len(jobs)

    def take(self, lane: int) -> tuple[int, dict]:
        """The next card for `lane`: its own games' first, else one from the longest queue."""
        own = self._queued[lane] > 0
        source = lane if own else self._queued.index(max(self._queued))
        games = self._games[source]
        game, jobs = games[0] if own else games[-1]
        job = jobs.popleft() if own else jobs.pop()
        if not jobs:
            games.popleft() if own else games.pop()
        self._queued[source] -= 1
        return game, job


def _run_jobs(jobs: list[dict], progress: Callable[[int], None] | None,
              fn: Callable[[dict], dict] = _render_job) -> list[dict]:
    """Run `fn` on every job in this process (small builds: a pool would cost more)."""
    results = []
    for job in jobs:
        results.append(fn(job))
        if progress:
            progress(1)
    return results


# -- helpers ---------------------------------------------------------------------------------

def _digest(*parts: Any) -> str:
    return hashlib.sha256(orjson.dumps(parts, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)).hexdigest()


def _write_manifest(path: Path, manifest: dict) -> None:
    """The build's own record of every card (not indented: nobody reads it but the next build)."""
    atomic_write_bytes(path, orjson.dumps(manifest, option=orjson.OPT_NON_STR_KEYS))


def _fields(record: Any) -> dict:
    """A dataclass's fields, one level deep (what `asdict` gives for fields of plain values,
    without its deep copy: per sheet of 10,000 cards that was 0.05 s a build)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _names_in(folder: Path) -> frozenset[str]:
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()


_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
_HTML_SPECIAL = re.compile("[&<>\"']")


def _esc(text: str) -> str:
    """`html.escape(text)`, quicker for the usual text with nothing to escape (10,000 cards'
    captions are escaped for every preview page)."""
    return text.translate(_HTML) if _HTML_SPECIAL.search(text) else text


def _url(path: Path, root: Path, base_url: str | None, folders: dict[Path, Path] | None = None) -> str:
    """`path` under --base-url, else its file URI. `folders` keeps each folder resolved once
    (a build names 143 sheets at 10,000 cards; each `resolve` stats every part of the path);
    the files we write are never links, so resolving their folder is resolving them."""
    if base_url:
        return base_url.rstrip("/") + "/" + path.relative_to(root).as_posix()
    if folders is None:
        return path.resolve().as_uri()
    if path.parent not in folders:
        folders[path.parent] = path.parent.resolve()
    return (folders[path.parent] / path.name).as_uri()


def _art_hash(data_root: Path, src: str) -> str:
    if src.startswith("gen:"):
        return src
    try:
        from tts_bridge.assets.render import resolve_art

        p = resolve_art(data_root, src)
        st = p.stat()
        return f"{p}:{st.st_size}:{st.st_mtime_ns}"
    except Exception as exc:  # noqa: BLE001 - refused/missing art is reported when rendering
        return f"unusable:{src}:{exc}"


def _stats(paths: list[Path]) -> list | None:
    """(size, mtime) of each file, None if one is missing: an object file deleted or edited
    since the build that wrote it is written again."""
    try:
        return [[p.stat().st_size, p.stat().st_mtime_ns] for p in paths]
    except OSError:
        return None


def _code_stamp(adapter: GameAdapter) -> list:
    """Size and mtime of the adapter's modules: an edit to its code makes every context new."""
    import sys

    out = []
    for cls in type(adapter).__mro__:
        path = getattr(sys.modules.get(cls.__module__), "__file__", None)
        if path and cls.__module__.startswith("tts_bridge."):
            st = os.stat(path)
            out.append([cls.__module__, st.st_size, st.st_mtime_ns])
    return out


def _differing(old: bytes, new: bytes, count: int, block: int = 64) -> list[int]:
    """The places at which two equally long runs of `count` digests of one size differ: blocks
    of digests compared first (C comparisons; a Python loop over 10,000 digests cost more)."""
    size = len(new) // count if count else 0
    out = []
    for start in range(0, count, block):
        a, b = start * size, min(start + block, count) * size
        if old[a:b] != new[a:b]:
            out.extend(i for i in range(start, min(start + block, count))
                       if old[i * size:(i + 1) * size] != new[i * size:(i + 1) * size])
    return out


def _sheet_name(plan: Any) -> str:
    return f"sheet-{plan.index + 1:02d}"


def _safe_name(name: str) -> str:
    return "".join("_" if c in '/\\:*?"<>|' else c for c in name).strip() or "deck"


def _font_fingerprint(lang: str) -> list:
    return [fonts.fingerprint(fonts.chain(role, lang)) for role in ("sans", "bold", "serif", "condensed")]


# -- the build --------------------------------------------------------------------------------

class GameBuild:
    """One game's build in stages, so that `build_games` can keep one process pool busy with
    every game's cards and sheets while the main process writes the finished games' objects.

    plan (main) -> render jobs (pool) -> `rendered` + `sheet_jobs` (main) -> sheet jobs (pool)
    -> `finish` (main: deck objects, table save, validation, manifest, preview)."""

    index_record: dict | None = None  # cards.json as written (cardindex.write), for the next build
    decks_record: list | None = None  # [the card set's facts digest, the sample decks], for the next build
    entry_files: dict[str, bytes] | None = None  # each sheet's entries file as read, when every card is looked at

    def __init__(self, game_id: str, settings: Settings, adapter: GameAdapter | None = None,
                 inputs: buildrecord.Inputs | None = None) -> None:
        self.t0 = self._last = time.perf_counter()
        self.settings = settings
        self.adapter = adapter = adapter or get_adapter(game_id)
        # digested before anything is read: an edit during the build makes the next one differ
        self.inputs = inputs or buildrecord.input_digests(adapter, settings, _template_dir(settings, game_id))
        self.game_id = game_id
        self.report = report = GameReport(game_id)
        self.root = root = Path(settings.out) / game_id
        writable_folder(root)  # an unwritable --out is one message, not one per card
        self.faces_dir, self.sheets_dir = root / "faces", root / "sheets"
        self.cache_file = root / ".cache" / "manifest.json"
        self.cells = cells.CellStore(root / ".cache" / "cells", fresh=settings.force)
        self.geo = geo = settings.geometry(adapter)
        template_dir = _template_dir(settings, game_id)
        layouts = Layouts(template_dir)
        data_root = adapter.data_root
        icon_dir = str(data_root / "icons") if (data_root / "icons").is_dir() else ""
        self.cards = cards = adapter.cards()
        self.phase("cards")  # the engine's load of the card data
        self.manifest = manifest = (orjson.loads(self.cache_file.read_bytes())
                                    if self.cache_file.is_file() and not settings.force else {})
        report.card_count = len(cards)
        status = fonts.complex_layout_status()
        if not status["raqm"]:
            report.warnings.append(status["hint"])
        common = {"tpl": layouts.fingerprint(), "fonts": _font_fingerprint(adapter.lang),
                  "settings": settings.render_key(), "theme": adapter.theme}
        geo_ctx = {"w": geo.w_mm, "h": geo.h_mm, "bleed": geo.bleed_mm}
        self.plans = plan_sheets(len(cards), settings.hidden_cell, settings.max_cols, settings.max_rows)
        tw, th = geo.trim_px
        self.cell_of = cell_of = {BACK_ID: cell_size(tw, th, 1, 1, settings.cap)}
        self.sheet_of: dict[str, str] = {}  # card id -> its sheet's name
        for plan in self.plans:  # one size per sheet
            members = [cards[i].id for i in plan.cards]
            cell_of.update(dict.fromkeys(members, cell_size(tw, th, plan.cols, plan.rows, settings.cap)))
            self.sheet_of.update(dict.fromkeys(members, _sheet_name(plan)))
        self.by_id = {card.id: card for card in cards}
        self.jobs: list[dict] = []
        self.entries_dir = root / ".cache" / "entries"
        self.was: dict[str, dict | None] = {}  # the last build's entries of the cards planned here
        # a card whose source (adapter.source) is unchanged keeps its hash without its context
        source_bytes = _digest(common, geo_ctx, _code_stamp(adapter)).encode()
        art_of = adapter.art_finder()

        def context_of(card: CardEntry | None) -> dict:
            context = {"theme": adapter.theme, "geo": geo_ctx}
            if card is not None:
                context["card"] = adapter.context(card)
            return context

        faces_str = str(self.faces_dir)
        # the back is also the filler and hidden cell of every sheet: all its sizes at once
        back_sizes = sorted(set(cell_of.values()))
        self.changed = changed = self._changed_cards(manifest)
        if changed is None:  # every card is looked at
            self.hashes: dict[str, str] = {}
            self.entries: dict[str, dict] = {}
            old_cards, self.entry_files = card_entries.read_all(self.entries_dir) if manifest else ({}, {})
            if not old_cards and isinstance(manifest.get("cards"), dict):  # kept in one file until 2026-12-07
                old_cards = manifest["cards"]
            if isinstance(manifest.get("back"), dict):
                old_cards[BACK_ID] = manifest["back"]
            plan_cards: list[CardEntry | None] = [None, *cards]
            faces_made = _names_in(self.faces_dir)  # one listing, not a stat per card
            made = faces_made.__contains__
            # the faces of cards no longer in the set (removed, renamed): a clean build has none
            for name in faces_made - {f"{card_id}.png" for card_id in [BACK_ID, *(c.id for c in cards)]}:
                if name.endswith(".png"):
                    (self.faces_dir / name).unlink(missing_ok=True)
        else:  # the outputs of the others are on disk as the last build left them
            plan_cards = [cards[i] for i in changed]
            self.entries = old_cards = card_entries.Entries(self.entries_dir, self.sheet_of)  # read when asked for
            self.entries[BACK_ID] = manifest["back"]
            self.hashes = card_entries.Hashes(self.entries)
            report.cards_reused += len(cards) - len(changed)
            made = lambda name: os.path.isfile(os.path.join(faces_str, name))  # noqa: E731 - a few cards
        ids = [BACK_ID if card is None else card.id for card in plan_cards]
        templates = [adapter.back_template() if card is None else adapter.template(card) for card in plan_cards]
        # what each card's context is made from (adapter.source), for the cards that say it
        self.sources = sources = {
            card_id: hashlib.blake2b(b"\0".join([src, template.encode(), source_bytes,
                                                  _art_hash(data_root, art_of(card_id)).encode()]),
                                     digest_size=16).hexdigest()
            for card_id, template, src in zip(ids, templates, [None if c is None else adapter.source(c)
                                                                for c in plan_cards]) if src is not None}
        has, hashes, entries = self.cells.has, self.hashes, self.entries
        for card, card_id, template in zip(plan_cards, ids, templates):
            prev = self.was[card_id] = old_cards.get(card_id)
            source = sources.get(card_id)
            context = None
            if source is not None and prev and prev.get("src") == source:
                h = prev["hash"]
            else:
                context = context_of(card)
                art = "" if card is None else context["card"].get("art", "")
                h = _digest(context, template, common, _art_hash(data_root, art) if art else "")
            hashes[card_id] = h
            sizes = back_sizes if card is None else [cell_of[card_id]]
            if prev and prev.get("hash") == h and made(f"{card_id}.png") and has(card_id, *sizes):
                entries[card_id] = prev
                if source is not None:
                    prev["src"] = source
                report.cards_reused += card is not None
                continue
            if context is None:
                context = context_of(card)
            self.jobs.append({"card_id": card_id, "template": template, "context": context,
                              "face": f"{faces_str}{os.sep}{card_id}.png",  # a string: pathlib costs more
                              "geo": asdict(geo), "data_root": str(data_root), "lang": adapter.lang,
                              "icon_dir": icon_dir, "template_dir": str(template_dir), "tpl_hash": common["tpl"],
                              "cells": sizes})
        # the templates whose syntax passed (a digest of all of them): checked once per version
        self.tpl_checked = manifest.get("tpl_checked")
        if self.jobs:
            # a template syntax error is one message (file and line) before any card is drawn
            if self.tpl_checked != common["tpl"]:
                _layouts(str(template_dir), common["tpl"]).check_syntax()
                self.tpl_checked = common["tpl"]
            for role in ("sans", "bold", "serif", "condensed"):  # read cmaps once, before forking
                for face in fonts.chain(role, adapter.lang):
                    fonts.coverage(face)
        self.phase("plan")

    def _changed_cards(self, manifest: dict) -> list[int] | None:
        """The positions of the cards whose text changed since the last build, when that is all
        that changed: the last clean build read the same inputs but the card file's text, its
        outputs are untouched (buildrecord.only_cards_changed), and it had the same cards in the
        same order (each card's digest names its text, engine/core/cardset.py). None otherwise:
        the build looks at every card."""
        cards = self.cards
        digests = [card.digest for card in cards]
        joined = None if None in digests or len(set(map(len, digests))) > 1 else b"".join(digests)
        self.ids = [card.id for card in cards]
        # the ids and titles by a digest of each list (only whether they changed is asked), the
        # cards' digests as one string
        self.card_set = {"ids": _digest(self.ids), "titles": _digest([card.title for card in cards]),
                         "digests": None if joined is None else joined.hex()}
        known = manifest.get("set")
        if (not isinstance(known, dict) or joined is None or known.get("ids") != self.card_set["ids"]
                or not isinstance(known.get("digests"), str) or len(known["digests"]) != 2 * len(joined)
                or not isinstance(manifest.get("back"), dict) or not isinstance(manifest.get("notes"), list)
                or not buildrecord.only_cards_changed(self.root, self.inputs)):
            return None
        return _differing(bytes.fromhex(known["digests"]), joined, len(cards))

    def phase(self, name: str) -> None:
        now = time.perf_counter()
        self.report.phases[name] = round(self.report.phases.get(name, 0.0) + now - self._last, 4)
        self._last = now

    # -- after the cards are rendered ----------------------------------------------------------
    def rendered(self, results: list[dict]) -> None:
        report = self.report
        for res in results:
            report.cpu_seconds += res.get("cpu", 0.0)
            report.render_cpu_seconds += res.get("render_cpu", 0.0)
            detail = {k: v for k, v in res.get("detail", {}).items() if v}  # most cards have none
            self.entries[res["card_id"]] = {"hash": self.hashes[res["card_id"]], "warnings": res["warnings"],
                                            "error": res["error"], "detail": detail}
            if res["card_id"] in self.sources:
                self.entries[res["card_id"]]["src"] = self.sources[res["card_id"]]
            for size, data in res["cells"]:
                self.cells.put(res["card_id"], tuple(size), data)
            report.cards_rendered += res["card_id"] != BACK_ID
        self.notes = self._notes()
        for _, _, warnings, error in self.notes:
            report.warnings.extend(warnings)
            if error:
                report.errors.append(error)
        self.phase("render")

    def _notes(self) -> list[list]:
        """[place, card id, warnings, error] of each card with a warning or an error, in the
        order of the cards (the back first, at -1): from every entry, or, when only some cards'
        texts changed, from the last build's notes with those cards' replaced."""
        entries = self.entries
        if self.changed is None:
            places = enumerate([BACK_ID, *self.ids], -1)
            kept = []
        else:
            changed = set(self.changed)
            places = ((i, self.cards[i].id) for i in self.changed)
            kept = [note for note in self.manifest["notes"] if note[0] not in changed]
        for i, card_id in places:
            entry = entries[card_id]
            if entry["warnings"] or entry.get("error"):
                kept.append([i, card_id, entry["warnings"], entry.get("error")])
        return sorted(kept, key=lambda note: note[0])

    @property
    def ext(self) -> str:
        return "jpg" if self.settings.fmt.lower() in ("jpg", "jpeg") else "png"

    @property
    def back_path(self) -> Path:
        return self.root / f"back.{self.ext}"

    def trimmed(self, path: Path) -> Image.Image:
        b = self.geo.bleed_px
        tw, th = self.geo.trim_px
        with Image.open(path) as im:
            im.load()
            return im.crop((b, b, b + tw, b + th)) if b else im.copy()

    def cell(self, card_id: str, size: tuple[int, int]) -> bytes:
        """A card's packed cell at `size`: rendered this build, kept from an earlier one, or
        (a size not rendered yet, e.g. the back at a new sheet's size) scaled from its face."""
        data = self.cells.get(card_id, size)
        if data is None:
            data = cells.pack(resize(self.trimmed(self.faces_dir / f"{card_id}.png"), size, CELL_FILTER))
            self.cells.put(card_id, size, data)
        return data

    def sheet_jobs(self) -> list[dict]:
        """Decide which sheets must be recomposed (a changed card or grid); write the back."""
        settings, report, ext = self.settings, self.report, self.ext
        old_sheets = self.manifest.get("sheets", {})
        tw, th = self.geo.trim_px
        self.new_sheets: dict[str, dict] = {}
        back_hash = _digest(self.hashes[BACK_ID], ext, settings.quality, settings.cap)
        back = self.cell_of[BACK_ID]
        if old_sheets.get("back", {}).get("hash") != back_hash or not self.back_path.is_file():
            _save_sheet(cells.unpack(self.cell(BACK_ID, back), back), self.back_path, ext, settings.quality)
        if not self.cells.kept(back, BACK_ID):  # for the next build
            cells.write_pack(self.cells.folder / "back.zip", {cells.key(BACK_ID, back): self.cell(BACK_ID, back)})
        self.new_sheets["back"] = {"hash": back_hash}
        self.sheet_info: list[tuple] = []
        jobs = []
        changed = None if self.changed is None else set(self.changed)
        # with only some cards' texts changed, a sheet of none of them is as the last build left it
        self.clean_sheets = set() if changed is None else {k for k, plan in enumerate(self.plans)
                                                           if changed.isdisjoint(plan.cards)}
        for k, plan in enumerate(self.plans):
            cell = cell_size(tw, th, plan.cols, plan.rows, settings.cap)
            members = [self.cards[i].id for i in plan.cards]
            name = _sheet_name(plan)
            face_path = self.sheets_dir / f"{name}.{ext}"
            backs_path = self.sheets_dir / f"{name}-backs.{ext}" if settings.unique_backs else None
            if k in self.clean_sheets:
                sh = old_sheets[name]["hash"]
                report.sheets_reused += 1
                self.new_sheets[name] = {"hash": sh}
                self.sheet_info.append((plan, face_path, backs_path, members))
                report.sheets.extend(map(str, filter(None, (face_path, backs_path))))
                continue
            sh = _digest([self.hashes[m] for m in members], self.hashes[BACK_ID], _fields(plan), cell, ext,
                         settings.quality, settings.unique_backs)
            if (old_sheets.get(name, {}).get("hash") != sh or not face_path.is_file()
                    or (backs_path and not backs_path.is_file())
                    or not self.cells.kept(cell, BACK_ID, *members)):  # its pack is lost
                jobs.append({"plan": plan, "cell": cell, "members": members,
                             "cells": {cells.key(c, cell): self.cell(c, cell) for c in [BACK_ID, *members]},
                             "pack": str(self.cells.folder / f"{name}.zip"), "face_path": str(face_path),
                             "backs_path": str(backs_path) if backs_path else None, "ext": ext,
                             "quality": settings.quality})
                report.sheets_composed += 1
            else:
                report.sheets_reused += 1
            self.new_sheets[name] = {"hash": sh}
            self.sheet_info.append((plan, face_path, backs_path, members))
            report.sheets.append(str(face_path))
            if backs_path:
                report.sheets.append(str(backs_path))
        self.drop_stale_sheets()
        self.phase("sheet plan")
        return jobs

    def drop_stale_sheets(self) -> None:
        """Remove sheets and backs this build does not write (another --format, fewer sheets,
        no unique backs any more): whoever uploads the folder must not upload stale images."""
        keep = {Path(p).name for p in self.report.sheets}
        stale = [p for p in self.sheets_dir.glob("sheet-*") if p.suffix in (".png", ".jpg") and p.name not in keep]
        stale += [p for p in self.root.glob("back.*") if p.suffix in (".png", ".jpg") and p != self.back_path]
        for path in stale:
            path.unlink(missing_ok=True)

    # -- TTS objects (skipped when nothing they depend on changed) -----------------------------
    def finish(self) -> GameReport:
        self.write_objects()
        return self.close()

    def texts(self) -> dict[str, list]:
        """Each card's [TTS description, tags], kept in its manifest entry with the source they
        were made from (`adapter.source`): an unchanged card's are not made again."""
        adapter, entries, cards = self.adapter, self.entries, self.cards

        def made(card: CardEntry) -> list:
            entry, src = entries[card.id], self.sources.get(card.id)
            known = entry.get("texts")
            if known is None or src is None or entry.get("texts_src") != src:
                known = [adapter.description(card), adapter.tags(card)]
                if src is not None:
                    entry["texts"], entry["texts_src"] = known, src
            return known

        if self.changed is None:
            texts: dict[str, list] = {card.id: made(card) for card in cards}
        else:  # only some cards' texts changed: the others' are in their entries, as last time
            was = [(self.was.get(cards[i].id) or {}).get("texts") for i in self.changed]
            texts = card_entries.Texts(entries, lambda card_id: made(self.by_id[card_id]))
            texts.update((cards[i].id, made(cards[i])) for i in self.changed)
            if (isinstance(self.manifest.get("tags"), list)
                    and all(w is not None and w[1] == texts[cards[i].id][1] for i, w in zip(self.changed, was))):
                self.tags = self.manifest["tags"]  # no card's tags changed: nor did the set of all tags
                return texts
            texts.update(zip(self.ids, map(texts.__getitem__, self.ids)))  # every card's
        self.tags = sorted({t for tags in texts.values() for t in tags[1]})
        return texts

    def sample_decks(self) -> list:
        """The adapter's sample decks, or the last build's when only some cards' texts changed,
        no card's facts did (engine/core/cardset.py: the names deck lists are read by) and no
        changed card is in a deck: the lists resolve to the same cards, which pass as before."""
        facts = getattr(self.adapter.engine_cards(), "facts_digest", "") if self.adapter.lazy_cards else ""
        known = self.manifest.get("decks")
        if self.changed is not None and facts and isinstance(known, list) and known[0] == facts:
            changed = {self.cards[i].id for i in self.changed}
            if changed.isdisjoint(cid for _, groups in known[1] for _, ids in groups for cid in ids):
                self.decks_record = known
                return known[1]
        decks = self.adapter.sample_deck_groups()
        self.decks_record = [facts, decks] if facts else None
        return decks

    def write_objects(self) -> None:
        """Deck objects and the table save: they need the rendered faces and the sheet plan,
        not the sheet files, so they are written while the sheets compose."""
        settings, adapter, report, game_id, root = self.settings, self.adapter, self.report, self.game_id, self.root
        cards, manifest = self.cards, self.manifest
        out_root = Path(settings.out)
        taken: set[int] = set()
        by_id = self.by_id
        folders: dict[Path, Path] = {}
        keys = [sheet_key(game_id, face_path.name, taken) for _, face_path, _, _ in self.sheet_info]  # in order
        deck_entries: dict[int, dict] = {}

        def deck_entry(k: int) -> dict:
            """Sheet k's CustomDeck entry, made when first needed (a rebuild after one card's
            text changed needs the entries of that card's sheet and of the objects' cards)."""
            if k not in deck_entries:
                plan, face_path, backs_path, _ = self.sheet_info[k]
                deck_entries[k] = custom_deck_entry(
                    _url(face_path, out_root, settings.base_url, folders),
                    _url(backs_path or self.back_path, out_root, settings.base_url, folders),
                    plan.cols, plan.rows, back_is_hidden=not settings.hidden_cell, unique_back=settings.unique_backs)
            return deck_entries[k]

        at: dict[str, tuple[int, int]] = {}  # card id -> (sheet, cell)
        for k, (_, _, _, members) in enumerate(self.sheet_info):
            at.update(zip(members, zip(repeat(k), range(len(members)))))

        def where(cid: str) -> tuple[int, int, dict]:
            k, cell = at[cid]
            return keys[k], cell, deck_entry(k)

        scale = self.geo.h_mm / 80.0  # a scale-1 TTS card is about 56 x 80 mm
        texts = self.texts()
        self.phase("texts")

        def sheet(k: int) -> cardindex.SheetCards:
            members = self.sheet_info[k][3]
            return cardindex.SheetCards(keys[k], deck_entry(k), [cardindex.IndexCard(cid, by_id[cid].title, *texts[cid])
                                                                 for cid in members])

        # a sheet as the last build left it has its part of the file as that build wrote it
        sheets = [None if k in self.clean_sheets else sheet(k) for k in range(len(keys))]
        self.index_record = cardindex.write(root / "cards.json", scale, sheets, self.faces_dir, manifest.get("index"),
                                            sheet)
        self.phase("index")
        lua, xml, used = table_mod.glue(game_id)
        report.glue = "tts_bridge.glue" if used else "fallback (tts_bridge.glue not importable)"
        decks = self.sample_decks()
        # what the objects show: the cards of the decks and supplies (their faces' hashes for the
        # thumbnails, their text, where they sit), every card's tags (the table save lists them)
        shown = sorted({cid for _, groups in decks for _, ids in groups for cid in ids}
                       | {s.card for s in adapter.supplies if s.card})
        objects_hash = _digest([(cid, self.hashes[cid], *texts[cid], by_id[cid].title, where(cid)) for cid in shown],
                               self.tags, asdict(self.geo), decks,
                               settings.base_url, settings.hidden_cell, settings.unique_backs, lua, xml,
                               [asdict(z) for z in adapter.zones], [asdict(s) for s in adapter.supplies],
                               adapter.rules.name, TOOL_VERSION)
        table_path = root / "table" / f"{game_id}-table.json"
        deck_paths = [root / "decks" / f"{_safe_name(name)}.json" for name, _ in decks]
        self._object_files = [table_path, *deck_paths]
        written = _stats(self._object_files)
        if manifest.get("objects") == objects_hash and written is not None and manifest.get("object_files") == written:
            report.deck_objects = [str(p) for p in deck_paths]
            report.table_save = str(table_path)
            report.errors.extend(manifest.get("object_errors", []))
            self._validate: tuple[list[Path], str] | None = None
            return

        def card_objs(guids: Guids, ids: list[str]) -> list[dict]:
            out = []
            for cid in ids:
                key, cell, entry = where(cid)
                card = by_id[cid]
                out.append(card_object(guids, key * 100 + cell, key, entry, card.title, *texts[cid],
                                       tf=transform(sx=scale, sz=scale), gm_notes=cid))
            return out

        deck_files = []
        for deck_name, groups in decks:
            guids = Guids(f"{game_id}/deck/{deck_name}")
            objs = []
            for g, (zone_name, ids) in enumerate(groups):
                label = deck_name if zone_name == adapter.deck_zone else f"{deck_name} ({zone_name})"
                objs.append(deck_object(guids, card_objs(guids, ids), label,
                                        tf=transform(g * 3.0, 1, 0, rot_y=180, rot_z=180, sx=scale, sz=scale),
                                        description=f"{adapter.rules.name}: sample deck {deck_name}", tags=[game_id]))
            path = root / "decks" / f"{_safe_name(deck_name)}.json"
            atomic_write_json(path, saved_object(objs))
            first = groups[0][1][0]  # the thumbnail comes from its sheet cell: no PNG to decode
            save_png(thumbnail(cells.unpack(self.cell(first, self.cell_of[first]), self.cell_of[first])),
                     path.with_suffix(".png"))
            deck_files.append(path)
            report.deck_objects.append(str(path))
        self.phase("decks")

        from tts_bridge.assets.board import draw_board, extent, token_image

        guids = Guids(f"{game_id}/table")
        board_path = root / "table" / "board.png"
        board = draw_board(adapter)
        save_png(board, board_path, level=SHEET_PNG_LEVEL)
        hw, hd = extent(adapter)
        objects = [table_mod.board_object(guids, _url(board_path, out_root, settings.base_url), 2 * hw, 2 * hd)]
        urls: dict[str, str] = {}
        for n, sup in enumerate(adapter.supplies):  # one token image per supply that needs one
            sides = [("", sup.label)] if sup.kind != "coin" else [("", "H"), ("#back", "T")]
            if sup.kind in ("bag", "tokens", "coin"):
                for suffix, text in sides:
                    path = root / "table" / f"token-{n}{'-back' if suffix else ''}.png"
                    save_png(token_image(sup.icon, text, sup.color), path)
                    urls[sup.name + suffix] = _url(path, out_root, settings.base_url)
        zones, snaps = table_mod.zone_objects(adapter, guids)
        objects += zones
        objects += table_mod.supply_objects(adapter, guids, urls, lambda g, cid: card_objs(g, [cid])[0])
        zone_at = {z.name: z for z in adapter.zones}
        for seat, (deck_name, groups) in enumerate(decks[:2]):
            for zone_name, ids in groups:
                zone = zone_at.get(zone_name, zone_at[adapter.deck_zone])
                x, z = table_mod.seat_xz(zone.x, zone.z, seat)
                label = f"Seat {seat}: {deck_name}" + ("" if zone_name == adapter.deck_zone else f" ({zone.title})")
                rot_z = 0 if zone.face_up else 180
                objects.append(deck_object(guids, card_objs(guids, ids), label,
                                           tf=transform(x, table_mod.CARD_Y, z, rot_y=table_mod.CARD_SPIN[seat],
                                                        rot_z=rot_z, sx=scale, sz=scale),
                                           tags=[game_id, f"seat{seat}"]))
        tags = {t for o in objects for t in o.get("Tags", [])} | set(self.tags)
        save = table_mod.table_save(game_id, adapter.rules.name, objects, snaps, lua, xml, sorted(tags))
        atomic_write_json(table_path, save)
        save_png(thumbnail(board), table_path.with_suffix(".png"))
        report.table_save = str(table_path)
        self.phase("table")

        self._validate = ([table_path, *deck_files], objects_hash)

    def close(self) -> GameReport:
        """Once the sheet files exist: validate what was written (strict: our own output must be
        clean; the validator opens the sheets), then the preview page and the manifest."""
        self.phase("sheets+objects")
        self.cells.close(keep={"back"} | {path.stem for _, path, _, _ in self.sheet_info})
        if self._validate is None:  # objects unchanged
            return self._done({**self.manifest, "sheets": self.new_sheets,
                               "tpl_checked": self.tpl_checked, "index": self.index_record})
        paths, objects_hash = self._validate
        object_errors = [f"{path.name}: {problem}" for path in paths
                         for problem in only_errors(validate_file(path, strict=True))]
        self.report.errors.extend(object_errors)
        self.phase("validate")
        return self._done({"tool": TOOL_VERSION, "sheets": self.new_sheets,
                           "objects": objects_hash, "object_errors": object_errors,
                           "object_files": _stats(self._object_files), "tpl_checked": self.tpl_checked,
                           "index": self.index_record})

    def _done(self, manifest: dict) -> GameReport:
        from tts_bridge.view.preview import seat_views  # the table from both seats (tts-bridge view)

        views = [] if self.report.errors else seat_views(self.root, self.game_id, self.report.warnings)
        manifest["preview"] = self.preview(views)
        manifest.update({"preview_cards": self.preview_cards, "set": self.card_set, "tags": self.tags,
                         "notes": self.notes, "back": self.entries[BACK_ID], "decks": self.decks_record})
        manifest.pop("cards", None)  # written before the entries were kept per sheet
        self.phase("preview")
        # each sheet's cards' entries: of the sheets of changed cards when only some cards' texts changed
        sheets = [(path.stem, members) for k, (_, path, _, members) in enumerate(self.sheet_info)
                  if k not in self.clean_sheets]
        card_entries.write(self.entries_dir, sheets, self.entries,
                           keep=None if self.changed is not None else {name for name, _ in sheets},
                           known=self.entry_files)
        _write_manifest(self.cache_file, manifest)
        self.phase("manifest")
        buildrecord.save_record(self.root, self.inputs, self.report, self.report.sheets_composed + self.report.sheets_reused)
        self.phase("record")
        self.report.seconds = round(time.perf_counter() - self.t0, 3)
        return self.report

    def preview(self, views: list[Path]) -> list:
        """Write the preview page unless what it shows (each card's id, title, warnings and
        error, the seat views) is what the page on disk was made from; [that digest, the page's
        size and mtime] for the manifest. An edit to a card's text changes none of it, and
        the page of 10,000 cards costs more to make than its digest."""
        path = self.root / "index.html"
        entry = self.entries.get
        back = entry(BACK_ID, {})
        self.preview_cards = self._preview_cards()
        shows = _digest(self.game_id, [v.name for v in views], back.get("warnings"), back.get("error"),
                        self.preview_cards)
        self.report.preview = str(path)
        known = _stats([path])
        if known is None or self.manifest.get("preview") != [shows, *known]:
            write_preview(self.root, self.game_id, self.cards, self.entries, views)
            known = _stats([path])
        return [shows, *(known or [])]

    def _preview_cards(self) -> str:
        """The digest of what the preview shows of the cards: the last build's when only some
        cards' texts changed and none of their titles, warnings or errors did."""
        known, was = self.manifest.get("preview_cards"), self.was
        if (self.changed is not None and known and self.card_set["titles"] == self.manifest["set"].get("titles")
                and all(was[c] is not None and self.entries[c].get("warnings") == was[c].get("warnings")
                        and self.entries[c].get("error") == was[c].get("error")
                        for c in (self.cards[i].id for i in self.changed))):
            return known
        entry = self.entries.get
        return _digest([[c.id, c.title, e.get("warnings"), e.get("error")]
                        for c, e in zip(self.cards, (entry(c.id, {}) for c in self.cards))])


Progress = Callable[[str, int, int], None]


def _template_dir(settings: Settings, game_id: str) -> Path:
    return Path(settings.templates) / "cards" / game_id


def _unchanged(game_id: str, settings: Settings,
               adapter: GameAdapter | None) -> tuple[GameReport | None, buildrecord.Inputs | None]:
    """(the recorded report if nothing the build reads or wrote changed, the input digest);
    (None, None) when the game cannot even be looked at: the ordinary build reports why."""
    t0 = time.perf_counter()
    try:
        adapter = adapter or get_adapter(game_id)
        inputs = buildrecord.input_digests(adapter, settings, _template_dir(settings, game_id))
    except Exception:  # noqa: BLE001 - an unknown game or unreadable data: the build says what
        return None, None
    report = None if settings.force else buildrecord.recorded_report(Path(settings.out) / game_id, inputs.whole)
    if report is not None:
        report.seconds = round(time.perf_counter() - t0, 3)
        report.phases["unchanged"] = report.seconds
    return report, inputs


def build_game(game_id: str, settings: Settings, progress: Progress | None = None,
               adapter: GameAdapter | None = None) -> GameReport:
    """Build one game; bad card data raises (DataError names file, line and field)."""
    t = time.perf_counter()
    done, inputs = _unchanged(game_id, settings, adapter)
    if done is not None:
        return done
    looked = time.perf_counter() - t
    report = _build([lambda: GameBuild(game_id, settings, adapter, inputs)], [game_id], settings, progress)[0]
    report.phases = {"inputs": round(looked, 4), **report.phases}  # digesting the inputs, before the plan
    return report


def build_games(game_ids: list[str], settings: Settings, progress: Progress | None = None) -> list[GameReport]:
    """Build several games through one process pool: a game is planned while the previous
    one's cards render, and its table is written while the next one's cards render. A game
    whose data is broken gets a report with its errors; the others still build."""
    looked = {g: _unchanged(g, settings, None) for g in game_ids}
    todo = [g for g in game_ids if looked[g][0] is None]
    planners = [lambda g=g: GameBuild(g, settings, inputs=looked[g][1]) for g in todo]
    built = dict(zip(todo, _build(planners, todo, settings, progress, keep_going=True) if todo else []))
    return [looked[g][0] or built[g] for g in game_ids]


def _build(planners: list[Callable[[], GameBuild]], ids: list[str], settings: Settings,
           progress: Progress | None, keep_going: bool = False) -> list[GameReport]:
    # Pillow returns a freed image's memory to the system by default, so every card's canvas,
    # layers and cells are fresh pages to fault in (a third of a card's system time here).
    # Keeping a few freed blocks for reuse (inherited by the forked workers) avoids that; the
    # setting is restored afterwards, which frees them (`watch` runs for hours).
    # The main process plans and writes with the cyclic collector paused (engine/core/gcpause.py:
    # it walked every card's objects again and again, a fifth of a one-card rebuild of 10,000
    # cards); the workers it forks turn it back on.
    blocks = Image.core.get_blocks_max()
    Image.core.set_blocks_max(max(blocks, 8))
    try:
        with paused_gc():
            return _schedule(planners, ids, settings, progress, keep_going)
    finally:
        Image.core.set_blocks_max(blocks)


def _schedule(planners: list[Callable[[], GameBuild]], ids: list[str], settings: Settings,
              progress: Progress | None, keep_going: bool = False) -> list[GameReport]:
    """Plan each game, render its cards, compose its sheets, then finish it, on one set of
    workers (a single-process pool each: `_Lanes` gives each game's cards to one of them)."""
    from engine.core.errors import DataError

    workers = settings.jobs or os.cpu_count() or 1
    builds: dict[int, GameBuild] = {}
    reports: dict[int, GameReport] = {}
    counter = {"render": 0, "sheets": 0, "render_total": 0, "sheets_total": 0}

    def tick(stage: str, n: int) -> None:
        counter[stage] += n
        if progress:
            progress(stage, counter[stage], counter[f"{stage}_total"])

    def failed(i: int, errors: list[str]) -> None:
        if i in reports:  # one failure per game: its other workers' jobs fail the same way
            return
        if i in builds:
            builds[i].report.errors.extend(errors)
        reports[i] = builds[i].report if i in builds else GameReport(ids[i], errors=errors)

    def guarded(i: int, step: Callable[[], Any]) -> Any:
        """Run one stage of game i; with `keep_going` a failure is reported for that game only."""
        try:
            return step()
        except DataError as exc:  # bad card data, deck list or template: file, line and field
            if not keep_going:
                raise
            failed(i, list(exc.problems))
        except OutputError as exc:  # the output folder cannot be written
            if not keep_going:
                raise
            failed(i, [str(exc)])
        except Exception as exc:  # noqa: BLE001 - reported for this game, the others go on
            if not keep_going:
                raise
            failed(i, [f"{type(exc).__name__}: {exc}"])
        return None

    def plan(i: int) -> GameBuild | None:
        b = guarded(i, planners[i])
        if b is not None:
            builds[i] = b
            counter["render_total"] += len(b.jobs)
            counter["sheets_total"] += len(b.plans)
        return b

    def after_render(i: int, results: list[dict]) -> list[dict] | None:
        def step() -> list[dict]:
            builds[i].rendered(results)
            jobs = builds[i].sheet_jobs()
            tick("sheets", len(builds[i].plans) - len(jobs))
            return jobs
        return guarded(i, step)

    def finish(i: int) -> None:
        """Objects, validation and the preview, once the game's sheet files exist."""
        if i not in reports:
            report = guarded(i, builds[i].finish)
            if report is not None:
                reports[i] = report

    def write_objects(i: int) -> None:
        if i not in reports:
            guarded(i, builds[i].write_objects)

    def close(i: int) -> None:
        if i not in reports:
            report = guarded(i, builds[i].close)
            if report is not None:
                reports[i] = report

    first = plan(0) if planners else None
    if workers <= 1 or (len(planners) == 1 and (first is None or len(first.jobs) < 6)):  # not worth a pool
        for i in range(len(planners)):
            if (builds.get(i) or plan(i)) is None:
                continue
            jobs = after_render(i, _run_jobs(builds[i].jobs, lambda n: tick("render", n)))
            if jobs is not None:
                _run_jobs(jobs, lambda n: tick("sheets", n), fn=_sheet_job)
                finish(i)
        return [reports[i] for i in range(len(planners))]
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, wait

    # A small scheduler: few jobs in flight, a game's sheets ahead of other games' cards, the
    # next game planned while cards render, each game's objects written on a thread while its
    # sheets compose, and its save validated once the sheet files exist. Each worker is a lane
    # of its own (`_Lanes`) that draws the cards of the games given to it.
    lanes = _Lanes(workers)
    sheets: deque = deque()
    results: dict[int, list[dict]] = {}
    left: dict[int, int] = {}
    ready: list[int] = []

    def queue(i: int) -> None:
        results[i], left[i] = [], len(builds[i].jobs)
        lanes.add(i, builds[i].jobs)
        if not builds[i].jobs:
            rendered(i)

    def rendered(i: int) -> None:
        jobs = after_render(i, results[i])
        if jobs is not None:
            writing.append(writer.submit(write_objects, i))  # while the sheets compose
        if jobs:
            left[i] = len(jobs)
            sheets.extend((i, job) for job in jobs)
        elif jobs is not None:
            ready.append(i)

    ctx = multiprocessing.get_context("fork") if hasattr(os, "fork") else None
    if first is not None and ctx is not None:
        _precompile(first.jobs)  # inherited by the forked workers
    unplanned = deque(range(1, len(planners)))
    with ExitStack() as stack:
        pools = [stack.enter_context(ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_worker_start))
                 for _ in range(workers)]
        # fork every worker now (one submit forks one), before this process starts a thread
        for started in [pool.submit(int) for pool in pools]:
            started.result()
        # objects are written on a thread: the loop below must keep feeding the pool meanwhile
        with ThreadPoolExecutor(1) as writer:
            writing: list = []
            inflight: dict = {}
            busy = [0] * workers

            def fill() -> None:
                for lane, pool in enumerate(pools):
                    while busy[lane] < 8 and (sheets or lanes):
                        kind, (i, job) = ("sheet", sheets.popleft()) if sheets else ("card", lanes.take(lane))
                        inflight[pool.submit(_sheet_job if kind == "sheet" else _render_job, job)] = (kind, i, lane)
                        busy[lane] += 1

            if first is not None:
                queue(0)
            fill()
            while inflight or ready or unplanned:
                if unplanned and (inflight or not (lanes or sheets)):  # plan while the pool works
                    i = unplanned.popleft()
                    if plan(i) is not None:
                        queue(i)
                    fill()
                    continue
                done, _ = wait(list(inflight), return_when=FIRST_COMPLETED) if inflight else ((), ())
                for fut in done:
                    kind, i, lane = inflight.pop(fut)
                    busy[lane] -= 1
                    result = guarded(i, fut.result)
                    if i in reports:  # this game already failed
                        continue
                    left[i] -= 1
                    tick("render" if kind == "card" else "sheets", 1)
                    if kind == "card":
                        results[i].append(result)
                        if not left[i]:
                            rendered(i)
                    elif not left[i]:
                        ready.append(i)
                fill()
                while ready:  # after the game's objects: the writer thread runs in order
                    writing.append(writer.submit(close, ready.pop(0)))
            for f in writing:
                f.result()
    return [reports[i] for i in range(len(planners))]


def write_preview(root: Path, game_id: str, cards: list[CardEntry], entries: dict, views: list[Path] = ()) -> Path:
    """`index.html`: the table as each seat sees it (`tts-bridge view`) and a contact sheet of
    every card with its warnings."""
    rows = []
    back = entries.get(BACK_ID, {})
    every = back.get("warnings", []) + ([back["error"]] if back.get("error") else [])  # listed on top
    for card in cards:
        e = entries.get(card.id, {})
        notes = e.get("warnings", []) + ([e["error"]] if e.get("error") else [])
        every += notes
        cls = "err" if e.get("error") else ("warn" if notes else "ok")
        items = "".join(f"<li>{_esc(n)}</li>" for n in notes)
        rows.append(f'<figure class="{cls}"><img src="faces/{_esc(card.id)}.png" loading="lazy" '
                    f'alt="{_esc(card.title)}"><figcaption><b>{_esc(card.title)}</b> '
                    f'<code>{_esc(card.id)}</code><ul>{items}</ul></figcaption></figure>')
    page = f"""<!doctype html><meta charset="utf-8"><title>{_esc(game_id)} cards</title>
<style>body{{font-family:sans-serif;background:#222;color:#eee}} main{{display:flex;flex-wrap:wrap;gap:12px}}
figure{{width:220px;margin:0;padding:6px;background:#333;border-radius:6px}} img{{width:100%}}
.warn{{outline:3px solid #e0a800}} .err{{outline:3px solid #d00}} li{{font-size:12px;color:#ffd27f}}
.views{{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:16px}} .views figure{{width:auto;max-width:49%}}</style>
<h1>{_esc(game_id)}: {len(cards)} cards</h1>
<p>Sheets in <code>sheets/</code>, deck objects in <code>decks/</code>, the table save in <code>table/</code>.</p>
<p><img src="faces/{BACK_ID}.png" style="width:160px" alt="card back"></p>
<section class="warnings"><h2>{len(every)} warning(s)</h2><ul>{''.join(f"<li>{_esc(n)}</li>" for n in every)}</ul></section>
<section class="views">{''.join(f'<figure><img src="table/{_esc(v.name)}" alt="{_esc(v.stem)}"><figcaption>'
                                  f'{_esc(v.stem.removeprefix("view-"))}</figcaption></figure>' for v in views)}</section>
<main>{''.join(rows)}</main>
"""
    path = root / "index.html"
    write_if_changed(path, page.encode("utf-8"))
    return path
