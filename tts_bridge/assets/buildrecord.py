"""The record of a game's last clean build: the digest of everything it read, the listing of
everything it wrote, and its report.

A no-op rebuild is the common case (`watch` after an editor's save that changed nothing a
card shows, a script that builds every time), and planning one still reads every card,
builds every template context and recomputes every object: about 0.3 ms per card. With the
record a rebuild first digests its inputs — the card-data folder (text files by content, art
and other files by size and mtime), the template folders, the font files, the settings, the
adapter's table description, the tool and engine versions and the code of both packages —
and lists the output folder (the faces folder by its own stat, not a stat per face); if both
match the record, the outputs on disk are those a build would write, so nothing is read,
planned or written and the recorded report is given.

Anything that differs (an input, a deleted or touched output, `--force`) falls through to
the ordinary build, which is incremental card by card. A build with errors leaves no record,
so its errors are found and reported again by the next build. The record also keeps the
digest of every input but the card file's text (`rest`): when only that text changed and the
folder is as the record lists it, the build works on the cards that changed (`GameBuild`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

from engine import ENGINE_VERSION
from tts_bridge.assets import TOOL_VERSION, fonts

if TYPE_CHECKING:
    from tts_bridge.assets.build import GameReport, Settings
    from tts_bridge.assets.games import GameAdapter

REPO = Path(__file__).resolve().parents[2]
RECORD = Path(".cache") / "build.json"
# read by content (a quick edit can keep a text file's size and its mtime tick); the rest
# (art, pictures) by size and mtime, as every other cache of the build does
_TEXT = frozenset({".yaml", ".yml", ".csv", ".tsv", ".txt", ".json", ".md", ".j2", ".lua", ".xml"})
_FONT_ROLES = ("sans", "bold", "serif", "condensed")
# what the record stores of a report; counters are set from the record, timings are new
_REPORT_FIELDS = ("table_save", "deck_objects", "sheets", "preview", "card_count", "warnings", "glue")


def _files(folder: Path, whole: frozenset[str] = frozenset()) -> list[tuple[str, os.stat_result]]:
    """(path relative to `folder`, stat) of every file under it, in a stable order; a folder
    named in `whole` (relative) is one item, its own stat, instead of its files."""
    out = []
    stack = [str(folder)]
    cut = len(str(folder)) + 1
    while stack:
        here = stack.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.path[cut:] in whole:
                    out.append((entry.path[cut:] + os.sep, entry.stat(follow_symlinks=False)))
                elif entry.name != "__pycache__":
                    stack.append(entry.path)
            elif entry.is_file():
                out.append((entry.path[cut:], entry.stat()))
    out.sort(key=lambda item: item[0])
    return out


def _folder_digest(h: Any, folder: Path, by_content: frozenset[str] = _TEXT, apart: str = "",
                   rest: Any = None) -> None:
    """Feed `h` (and `rest`, when given) every file of `folder`; the content of the file named
    `apart` goes to `h` only (`rest` gets its name)."""
    both = [h] if rest is None else [h, rest]
    for out in both:
        out.update(b"\1" + str(folder).encode())
    for rel, st in _files(folder):
        for out in both:
            out.update(b"\0" + rel.encode())
        if os.path.splitext(rel)[1].lower() in by_content:
            try:
                digest = hashlib.blake2b((folder / rel).read_bytes(), digest_size=16).digest()
            except OSError:
                digest = b"unreadable"
            for out in ([h] if rel == apart else both):
                out.update(digest)
        else:
            for out in both:
                out.update(f"{st.st_size}:{st.st_mtime_ns}".encode())


def _adapter_key(adapter: GameAdapter) -> list:
    """What the table and objects read from the adapter besides the card data (a test or a
    bench may hand in an adapter whose description differs from its module's)."""
    return [type(adapter).__module__, type(adapter).__qualname__, adapter.game_id, adapter.lang, adapter.preset,
            adapter.theme, [dataclasses.asdict(z) for z in adapter.zones],
            [dataclasses.asdict(s) for s in adapter.supplies], adapter.deck_zone, adapter.section_zones,
            adapter.card_sections, adapter.seat1_names, sorted(adapter.board_only)]


def _settings_key(settings: Settings) -> dict:
    """The settings that change output (`jobs` does not; `force` never reaches a record)."""
    return {k: str(v) if isinstance(v, Path) else v for k, v in dataclasses.asdict(settings).items()
            if k not in ("jobs", "force")}


class Inputs(NamedTuple):
    """Digests of what a build reads: `whole`, everything; `rest`, all but the card file's text."""

    whole: str
    rest: str


CARD_FILE = "cards.yaml"


def input_digests(adapter: GameAdapter, settings: Settings, template_dir: Path) -> Inputs:
    """The digests of everything a build of this game reads, with and without the card file's text."""
    h, rest = hashlib.blake2b(digest_size=20), hashlib.blake2b(digest_size=20)
    fixed = [TOOL_VERSION, ENGINE_VERSION, _settings_key(settings), _adapter_key(adapter),
             [fonts.fingerprint(fonts.chain(role, adapter.lang)) for role in _FONT_ROLES],
             fonts.card_text_engine()]
    for out in (h, rest):
        out.update(orjson.dumps(fixed, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS))
    _folder_digest(h, Path(adapter.data_root), apart=CARD_FILE, rest=rest)
    for folder in dict.fromkeys([Path(template_dir), Path(settings.templates), REPO / "templates"]):
        _folder_digest(h, folder, rest=rest)
    for package in ("tts_bridge", "engine"):  # the code that turns inputs into outputs
        _folder_digest(h, REPO / package, by_content=frozenset(), rest=rest)
    return Inputs(h.hexdigest(), rest.hexdigest())


def input_digest(adapter: GameAdapter, settings: Settings, template_dir: Path) -> str:
    """One digest of everything a build of this game reads."""
    return input_digests(adapter, settings, template_dir).whole


# folders of one file per card, stood for by their own stat: a folder's mtime moves whenever
# a name in it is added, removed or renamed (POSIX `rename`, `unlink`, `open` with O_CREAT:
# they "shall mark for update the last data modification and last file status change
# timestamps of the parent directory"), so a deleted, stray or replaced face is still seen
# without a stat per card (0.1 s at 10,000 cards). A face rewritten in place is not seen; nor
# is it by the build itself (`GameBuild` keeps faces by name; sheets come from cell packs).
_ONE_PER_CARD = frozenset({"faces"})


def output_listing(root: Path) -> str:
    """A digest of the names, sizes and mtimes of every file the build left in `root` (of the
    faces folder, its own mtime): a deleted, touched or stray output means the folder is not
    what the record describes."""
    h = hashlib.blake2b(digest_size=20)
    record = str(RECORD)
    for rel, st in _files(root, _ONE_PER_CARD):
        if rel != record:
            h.update(f"{rel}\0{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _record(root: Path) -> dict:
    try:
        record = orjson.loads((root / RECORD).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    return record if isinstance(record, dict) else {}


def recorded_report(root: Path, inputs: str) -> GameReport | None:
    """The last build's report if its record matches `inputs` and the folder's listing."""
    from tts_bridge.assets.build import GameReport

    record = _record(root)
    if record.get("inputs") != inputs or record.get("outputs") != output_listing(root):
        return None
    saved = record["report"]
    report = GameReport(record["game"], **{k: saved[k] for k in _REPORT_FIELDS})
    report.cards_reused = report.card_count
    report.sheets_reused = saved["sheet_count"]
    return report


def only_cards_changed(root: Path, inputs: Inputs) -> bool:
    """Whether the last clean build read what this one reads but the card file's text, and the
    folder holds what it wrote, untouched: every output of a card whose text is unchanged is
    then on disk as this build would write it."""
    record = _record(root)
    return record.get("rest") == inputs.rest and record.get("outputs") == output_listing(root)


def save_record(root: Path, inputs: Inputs, report: GameReport, sheet_count: int) -> None:
    """Record a clean build (one with errors leaves none: they must be found again)."""
    from tts_bridge.assets.io import atomic_write_bytes

    path = root / RECORD
    if report.errors:
        path.unlink(missing_ok=True)
        return
    saved = {k: getattr(report, k) for k in _REPORT_FIELDS} | {"sheet_count": sheet_count}
    atomic_write_bytes(path, orjson.dumps({"game": report.game, "inputs": inputs.whole, "rest": inputs.rest,
                                           "outputs": output_listing(root), "report": saved}))

