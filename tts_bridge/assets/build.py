"""Incremental build of one game's assets.

Per card a content hash covers the template context (the data row as the layout sees it),
every template file of the game, the font files, the art file, the geometry settings and
the tool version. A card whose hash is unchanged and whose face file exists is not rendered
again; a sheet is recomposed only when one of its cards (or its grid) changed. Rendering
runs in a process pool sized to the CPU count when there is enough work to pay for it.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from PIL import Image

from tts_bridge.assets import TOOL_VERSION, fonts
from tts_bridge.assets.games import CardEntry, GameAdapter, get_adapter
from tts_bridge.assets.io import atomic_write_json, atomic_write_text, save_image, save_png
from tts_bridge.assets.layout import LayoutError, Layouts
from tts_bridge.assets.render import Geometry, RenderContext, error_card, render, thumbnail
from tts_bridge.assets.sheets import CELL_FILTER, cell_size, compose, plan_sheets
from tts_bridge.saves import table as table_mod
from tts_bridge.saves.model import Guids, card_object, custom_deck_entry, deck_object, saved_object, sheet_key, transform
from tts_bridge.saves.validate import errors as only_errors, validate_file

REPO = Path(__file__).resolve().parents[2]
BACK_ID = "__back__"
# zlib levels of our direct PNG writer (io.png_bytes): faces are written once per card in the
# render budget; sheets and the board are few and large (level 3 is still faster than Pillow's)
FACE_PNG_LEVEL, SHEET_PNG_LEVEL = 2, 3


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


# -- rendering jobs (run in worker processes) ------------------------------------------------

_LAYOUTS: dict[str, Layouts] = {}


def save_cell(img: Image.Image, path: Path) -> None:
    """Sheet-cell images are a private cache: raw RGB bytes (the size is in the file name),
    because PNG-encoding them would cost more than rendering the card."""
    from tts_bridge.assets.io import atomic_write_bytes

    atomic_write_bytes(path, (img if img.mode == "RGB" else img.convert("RGB")).tobytes())


def load_cell(path: Path, size: tuple[int, int]) -> Image.Image:
    return Image.frombytes("RGB", size, path.read_bytes())


def _layouts(folder: str, fingerprint: str) -> Layouts:
    """One compiled template environment per folder and content (compiling costs ~15 ms)."""
    key = f"{folder}|{fingerprint}"
    if key not in _LAYOUTS:
        _LAYOUTS.clear()
        _LAYOUTS[key] = Layouts(Path(folder))
    return _LAYOUTS[key]


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
    save_png(img, out, level=FACE_PNG_LEVEL, dpi=geo.dpi)
    b = geo.bleed_px
    # the sheet cell straight from the drawn face (no re-read, no crop copy: `box` trims the bleed)
    cell = img.resize(tuple(job["cell"]), CELL_FILTER, box=(b, b, img.width - b, img.height - b))
    save_cell(cell, Path(job["cell_path"]))
    return {"card_id": job["card_id"], "warnings": messages, "error": err, "detail": detail,
            "cpu": time.process_time() - cpu, "render_cpu": drawn}


def _save_sheet(img: Image.Image, path: Path, ext: str, quality: int) -> None:
    if ext == "jpg":
        save_image(img if img.mode == "RGB" else img.convert("RGB"), path, "JPEG", quality=quality)
    else:
        save_png(img, path, level=SHEET_PNG_LEVEL)


def _sheet_job(job: dict) -> dict:
    """Compose one sheet (and its backs sheet) from the cached cell images and write it."""
    plan, cell = job["plan"], tuple(job["cell"])
    back = load_cell(Path(job["back"]), cell)
    faces = [load_cell(Path(p), cell) for p in job["cells"]]
    _save_sheet(compose(faces, plan, cell, filler=back, hidden=back), Path(job["face_path"]), job["ext"], job["quality"])
    if job["backs_path"]:
        _save_sheet(compose([back] * len(faces), plan, cell, filler=back, hidden=back), Path(job["backs_path"]),
                    job["ext"], job["quality"])
    return {}


def _run_jobs(jobs: list[dict], workers: int, progress: Callable[[int], None] | None,
              fn: Callable[[dict], dict] = _render_job, min_parallel: int = 6) -> list[dict]:
    """Run `fn` on every job, in a process pool when there are enough of them."""
    if len(jobs) < min_parallel or workers <= 1:
        results = []
        for job in jobs:
            results.append(fn(job))
            if progress:
                progress(1)
        return results
    import multiprocessing

    ctx = multiprocessing.get_context("fork") if hasattr(os, "fork") else None
    results = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for res in pool.map(fn, jobs, chunksize=max(1, len(jobs) // (workers * 4))):
            results.append(res)
            if progress:
                progress(1)
    return results


# -- helpers ---------------------------------------------------------------------------------

def write_card_index(path: Path, where: dict, by_id: dict, adapter: GameAdapter, scale: float,
                     faces_dir: Path) -> None:
    """Where each card sits on the built sheets, for tools that make TTS objects from these
    sheets later (deck import): card id -> CustomDeck key, cell, entry, name, text, tags."""
    index = {"scale": scale, "cards": {
        cid: {"key": key, "cell": cell, "custom_deck": entry, "nickname": by_id[cid].title,
              "description": adapter.description(by_id[cid]), "tags": adapter.tags(by_id[cid]),
              "face": str(faces_dir / f"{cid}.png")}
        for cid, (key, cell, entry) in where.items()}}
    atomic_write_json(path, index)


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def _url(path: Path, root: Path, base_url: str | None) -> str:
    if base_url:
        return base_url.rstrip("/") + "/" + path.relative_to(root).as_posix()
    return path.resolve().as_uri()


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


def _safe_name(name: str) -> str:
    return "".join("_" if c in '/\\:*?"<>|' else c for c in name).strip() or "deck"


def _font_fingerprint(lang: str) -> list:
    return [fonts.fingerprint(fonts.chain(role, lang)) for role in ("sans", "bold", "serif", "condensed")]


# -- the build --------------------------------------------------------------------------------

def build_game(game_id: str, settings: Settings, progress: Callable[[str, int, int], None] | None = None,
               adapter: GameAdapter | None = None) -> GameReport:
    t0 = time.perf_counter()
    adapter = adapter or get_adapter(game_id)
    report = GameReport(game_id)
    root = Path(settings.out) / game_id
    faces_dir, sheets_dir, cache_file = root / "faces", root / "sheets", root / ".cache" / "manifest.json"
    geo = settings.geometry(adapter)
    template_dir = Path(settings.templates) / "cards" / game_id
    layouts = Layouts(template_dir)
    data_root = adapter.data_root
    icon_dir = str(data_root / "icons") if (data_root / "icons").is_dir() else ""
    manifest = json.loads(cache_file.read_text()) if cache_file.is_file() and not settings.force else {}
    old_cards, old_sheets = manifest.get("cards", {}), manifest.get("sheets", {})

    cards: list[CardEntry] = adapter.cards()
    report.card_count = len(cards)
    status = fonts.complex_layout_status()
    if not status["raqm"]:
        report.warnings.append(status["hint"])
    if not any(f.path.endswith((".ttc", ".otc")) or "CJK" in f.path for f in fonts.chain("sans", adapter.lang)):
        report.warnings.append("no CJK font found: Chinese/Japanese text will be reported as missing glyphs; "
                               "install Noto CJK (`apt-get install -y fonts-noto-cjk`) or add a font folder "
                               "to $TTS_BRIDGE_FONT_DIRS")
    common = {"tpl": layouts.fingerprint(), "fonts": _font_fingerprint(adapter.lang), "settings": settings.render_key(),
              "theme": adapter.theme}
    geo_ctx = {"w": geo.w_mm, "h": geo.h_mm, "bleed": geo.bleed_mm}
    plans = plan_sheets(len(cards), settings.hidden_cell, settings.max_cols, settings.max_rows)
    tw, th = geo.trim_px
    cell_of = {BACK_ID: cell_size(tw, th, 1, 1, settings.cap)}
    for plan in plans:
        for i in plan.cards:
            cell_of[cards[i].id] = cell_size(tw, th, plan.cols, plan.rows, settings.cap)
    cells_dir = root / ".cache" / "cells"
    jobs, hashes, entries = [], {}, {}
    for card in [None, *cards]:
        card_id = BACK_ID if card is None else card.id
        context = {"theme": adapter.theme, "geo": geo_ctx}
        if card is not None:
            context["card"] = adapter.context(card)
        template = adapter.back_template() if card is None else adapter.template(card)
        art = "" if card is None else context["card"].get("art", "")
        h = _digest(context, template, common, _art_hash(data_root, art) if art else "")
        hashes[card_id] = h
        face = faces_dir / f"{card_id}.png"
        cell = cell_of[card_id]
        cell_path = cells_dir / f"{card_id}@{cell[0]}x{cell[1]}.rgb"
        prev = old_cards.get(card_id)
        if prev and prev.get("hash") == h and face.is_file() and cell_path.is_file():
            entries[card_id] = prev
            report.cards_reused += card is not None
            continue
        jobs.append({"card_id": card_id, "template": template, "context": context, "face": str(face),
                     "geo": asdict(geo), "data_root": str(data_root), "lang": adapter.lang, "icon_dir": icon_dir,
                     "template_dir": str(template_dir), "tpl_hash": common["tpl"], "cell": cell,
                     "cell_path": str(cell_path)})
    workers = settings.jobs or os.cpu_count() or 1
    if jobs:
        for role in ("sans", "bold", "serif", "condensed"):  # read cmaps once, before forking
            for face in fonts.chain(role, adapter.lang):
                fonts.coverage(face)
    total = len(jobs)
    done = [0]

    def tick(n: int) -> None:
        done[0] += n
        if progress:
            progress("render", done[0], total)

    report.cpu_seconds = 0.0
    for res in _run_jobs(jobs, workers, tick):
        report.cpu_seconds += res.get("cpu", 0.0)
        report.render_cpu_seconds += res.get("render_cpu", 0.0)
        entries[res["card_id"]] = {"hash": hashes[res["card_id"]], "warnings": res["warnings"], "error": res["error"],
                                   "detail": res.get("detail", {})}
        report.cards_rendered += res["card_id"] != BACK_ID
    for card_id in [BACK_ID] + [c.id for c in cards]:
        entry = entries[card_id]
        report.warnings.extend(entry["warnings"])
        if entry.get("error"):
            report.errors.append(entry["error"])

    # -- sheets ---------------------------------------------------------------------------
    b = geo.bleed_px
    ext = "jpg" if settings.fmt.lower() in ("jpg", "jpeg") else "png"
    back_path = root / f"back.{ext}"
    new_sheets: dict[str, dict] = {}

    def trimmed(path: Path) -> Image.Image:
        with Image.open(path) as im:
            im.load()
            return im.crop((b, b, b + tw, b + th)) if b else im.copy()

    def save_sheet(img: Image.Image, path: Path) -> None:
        _save_sheet(img, path, ext, settings.quality)

    def cell_path(card_id: str, cell: tuple[int, int]) -> Path:
        path = cells_dir / f"{card_id}@{cell[0]}x{cell[1]}.rgb"
        if not path.is_file():  # a cell size not rendered yet (e.g. the back at a sheet's size)
            save_cell(trimmed(faces_dir / f"{card_id}.png").resize(cell, CELL_FILTER), path)
        return path

    def cell_img(card_id: str, cell: tuple[int, int]) -> Image.Image:
        return load_cell(cell_path(card_id, cell), cell)

    back_hash = _digest(hashes[BACK_ID], ext, settings.quality, settings.cap)
    if old_sheets.get("back", {}).get("hash") != back_hash or not back_path.is_file():
        save_sheet(cell_img(BACK_ID, cell_of[BACK_ID]), back_path)
    new_sheets["back"] = {"hash": back_hash}
    sheet_info, sheet_jobs = [], []
    for plan in plans:
        cell = cell_size(tw, th, plan.cols, plan.rows, settings.cap)
        members = [cards[i].id for i in plan.cards]
        name = f"sheet-{plan.index + 1:02d}"
        face_path = sheets_dir / f"{name}.{ext}"
        backs_path = sheets_dir / f"{name}-backs.{ext}" if settings.unique_backs else None
        sh = _digest([hashes[m] for m in members], hashes[BACK_ID], asdict(plan), cell, ext, settings.quality,
                     settings.unique_backs)
        if old_sheets.get(name, {}).get("hash") != sh or not face_path.is_file() or (backs_path and not backs_path.is_file()):
            sheet_jobs.append({"plan": plan, "cell": cell, "back": str(cell_path(BACK_ID, cell)),
                               "cells": [str(cell_path(m, cell)) for m in members], "face_path": str(face_path),
                               "backs_path": str(backs_path) if backs_path else None, "ext": ext,
                               "quality": settings.quality})
            report.sheets_composed += 1
        else:
            report.sheets_reused += 1
        new_sheets[name] = {"hash": sh}
        sheet_info.append((plan, face_path, backs_path, members))
        report.sheets.append(str(face_path))
        if backs_path:
            report.sheets.append(str(backs_path))

    sheets_done = [len(plans) - len(sheet_jobs)]

    def sheet_tick(n: int) -> None:
        sheets_done[0] += n
        if progress:
            progress("sheets", sheets_done[0], len(plans))

    # the sheets compose and encode in parallel (a 4096 px PNG costs a few tenths of a second)
    _run_jobs(sheet_jobs, workers, sheet_tick, fn=_sheet_job, min_parallel=2)

    # -- TTS objects (skipped when nothing they depend on changed) -----------------------
    out_root = Path(settings.out)
    taken: set[int] = set()
    by_id = {c.id: c for c in cards}
    where: dict[str, tuple[int, int, dict]] = {}
    for plan, face_path, backs_path, members in sheet_info:
        key = sheet_key(game_id, face_path.name, taken)
        entry = custom_deck_entry(_url(face_path, out_root, settings.base_url),
                                  _url(backs_path or back_path, out_root, settings.base_url),
                                  plan.cols, plan.rows, back_is_hidden=not settings.hidden_cell,
                                  unique_back=settings.unique_backs)
        for cell, card_id in enumerate(members):
            where[card_id] = (key, cell, entry)
    scale = geo.h_mm / 80.0  # a scale-1 TTS card is about 56 x 80 mm
    write_card_index(root / "cards.json", where, by_id, adapter, scale, faces_dir)
    lua, xml, used = table_mod.glue(game_id)
    report.glue = "tts_bridge.glue" if used else "fallback (tts_bridge.glue not importable)"
    decks = adapter.sample_deck_groups()
    objects_hash = _digest(hashes, new_sheets, decks, settings.base_url, settings.hidden_cell, settings.unique_backs,
                           lua, xml, [asdict(z) for z in adapter.zones], [asdict(s) for s in adapter.supplies],
                           [(c.id, adapter.description(c), adapter.tags(c), c.title) for c in cards], TOOL_VERSION)
    table_path = root / "table" / f"{game_id}-table.json"
    deck_paths = [root / "decks" / f"{_safe_name(name)}.json" for name, _ in decks]
    if manifest.get("objects") == objects_hash and all(p.is_file() for p in [table_path, *deck_paths]):
        report.deck_objects = [str(p) for p in deck_paths]
        report.table_save = str(table_path)
        report.errors.extend(manifest.get("object_errors", []))
        atomic_write_json(cache_file, {**manifest, "cards": entries, "sheets": new_sheets})
        report.preview = str(write_preview(root, game_id, cards, entries))
        report.seconds = round(time.perf_counter() - t0, 3)
        return report
    object_errors: list[str] = []

    def card_objs(guids: Guids, ids: list[str]) -> list[dict]:
        out = []
        for cid in ids:
            key, cell, entry = where[cid]
            card = by_id[cid]
            out.append(card_object(guids, key * 100 + cell, key, entry, card.title, adapter.description(card),
                                   adapter.tags(card), tf=transform(sx=scale, sz=scale), gm_notes=cid))
        return out

    deck_files = []
    for n, (deck_name, groups) in enumerate(decks):
        guids = Guids(f"{game_id}/deck/{deck_name}")
        objs = []
        for g, (zone_name, ids) in enumerate(groups):
            label = deck_name if zone_name == adapter.deck_zone else f"{deck_name} ({zone_name})"
            objs.append(deck_object(guids, card_objs(guids, ids), label,
                                    tf=transform(g * 3.0, 1, 0, rot_y=180, rot_z=180, sx=scale, sz=scale),
                                    description=f"{adapter.rules.name}: sample deck {deck_name}", tags=[game_id]))
        path = root / "decks" / f"{_safe_name(deck_name)}.json"
        atomic_write_json(path, saved_object(objs))
        top = trimmed(faces_dir / f"{groups[0][1][0]}.png")
        save_image(thumbnail(top), path.with_suffix(".png"), "PNG")
        deck_files.append(path)
        report.deck_objects.append(str(path))

    # table save
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
                save_image(token_image(sup.icon, text, sup.color), path, "PNG")
                urls[sup.name + suffix] = _url(path, out_root, settings.base_url)
    zones, snaps = table_mod.zone_objects(adapter, guids)
    objects += zones
    objects += table_mod.supply_objects(adapter, guids, urls, lambda g, cid: card_objs(g, [cid])[0])
    zone_at = {z.name: z for z in adapter.zones}
    for seat, (deck_name, groups) in enumerate(decks[:2]):
        for zone_name, ids in groups:
            zone = zone_at.get(zone_name, zone_at[adapter.deck_zone])
            x, z = table_mod.seat_xz(zone.x, zone.z, seat)
            label = f"Seat {seat}: {deck_name}" + ("" if zone_name == adapter.deck_zone else f" ({zone.label})")
            rot_z = 0 if zone.face_up else 180
            objects.append(deck_object(guids, card_objs(guids, ids), label,
                                       tf=transform(x, table_mod.CARD_Y, z, rot_y=180 if seat == 0 else 0, rot_z=rot_z,
                                                    sx=scale, sz=scale), tags=[game_id, f"seat{seat}"]))
    tags = {t for o in objects for t in o.get("Tags", [])} | {t for c in cards for t in adapter.tags(c)}
    save = table_mod.table_save(game_id, adapter.rules.name, objects, snaps, lua, xml, sorted(tags))
    atomic_write_json(table_path, save)
    save_image(thumbnail(board), table_path.with_suffix(".png"), "PNG")
    report.table_save = str(table_path)

    # validate what we wrote (strict: our own output must be clean)
    for path in [table_path, *deck_files]:
        for problem in only_errors(validate_file(path, strict=True)):
            object_errors.append(f"{path.name}: {problem}")
    report.errors.extend(object_errors)
    atomic_write_json(cache_file, {"tool": TOOL_VERSION, "cards": entries, "sheets": new_sheets,
                                   "objects": objects_hash, "object_errors": object_errors})
    report.preview = str(write_preview(root, game_id, cards, entries))
    report.seconds = round(time.perf_counter() - t0, 3)
    return report


def write_preview(root: Path, game_id: str, cards: list[CardEntry], entries: dict) -> Path:
    """`index.html`: a contact sheet of every card with its warnings."""
    rows = []
    for card in cards:
        e = entries.get(card.id, {})
        notes = e.get("warnings", []) + ([e["error"]] if e.get("error") else [])
        cls = "err" if e.get("error") else ("warn" if notes else "ok")
        items = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
        rows.append(f'<figure class="{cls}"><img src="faces/{html.escape(card.id)}.png" loading="lazy" '
                    f'alt="{html.escape(card.title)}"><figcaption><b>{html.escape(card.title)}</b> '
                    f'<code>{html.escape(card.id)}</code><ul>{items}</ul></figcaption></figure>')
    page = f"""<!doctype html><meta charset="utf-8"><title>{html.escape(game_id)} cards</title>
<style>body{{font-family:sans-serif;background:#222;color:#eee}} main{{display:flex;flex-wrap:wrap;gap:12px}}
figure{{width:220px;margin:0;padding:6px;background:#333;border-radius:6px}} img{{width:100%}}
.warn{{outline:3px solid #e0a800}} .err{{outline:3px solid #d00}} li{{font-size:12px;color:#ffd27f}}</style>
<h1>{html.escape(game_id)}: {len(cards)} cards</h1>
<p>Sheets in <code>sheets/</code>, deck objects in <code>decks/</code>, the table save in <code>table/</code>.</p>
<p><img src="faces/{BACK_ID}.png" style="width:160px" alt="card back"></p>
<main>{''.join(rows)}</main>
"""
    path = root / "index.html"
    atomic_write_text(path, page)
    return path
