"""The table from both seats for the build's preview page (`build/<game>/index.html`):
`table/view-<Colour>.png`, drawn again only when the table save, or a card sheet it uses, is newer."""

from __future__ import annotations

import re
from pathlib import Path

PREVIEW_SCREEN = (960, 540)


def view_paths(root: Path, seats: tuple[str, ...] = ("White", "Red")) -> list[Path]:
    return [root / "table" / f"view-{seat}.png" for seat in seats]


def _newest_input(root: Path, table: Path) -> float:
    """The newest of what the views show: the table save, the back and the sheets the save
    names (its CustomDeck URLs end in `sheets/<name>`, local or under --base-url). A sheet no
    object on the table uses (an edited card outside the sample decks) draws nothing again."""
    named = set(re.findall(rb"sheets/([^\"/\\]+)", table.read_bytes()))  # one pass, not one search per sheet
    used = [p for p in (root / "sheets").glob("sheet-*") if p.name.encode() in named]
    inputs = [table, *used, *root.glob("back.*")]
    return max(p.stat().st_mtime for p in inputs if p.is_file())


def seat_views(root: Path, game_id: str, problems: list[str], seats: tuple[str, ...] = ("White", "Red"),
               screen: tuple[int, int] = PREVIEW_SCREEN) -> list[Path]:
    """The seat views of the game built under `root` (build/<game>), up to date; a table that
    cannot be drawn adds one line to `problems` and leaves no picture."""
    table = root / "table" / f"{game_id}-table.json"
    if not table.is_file():
        return []
    paths = view_paths(root, seats)
    newest = _newest_input(root, table)
    if all(p.is_file() and p.stat().st_mtime >= newest for p in paths):
        return paths
    # the drawing code only when there is something to draw (its imports cost 0.08 s a build)
    from tts_bridge.view import geometry
    from tts_bridge.view.images import Images
    from tts_bridge.view.render import render
    from tts_bridge.view.scene import SceneError, from_save, read_save

    try:
        scene = from_save(read_save(table), str(table))
        images = Images()
        for seat, path in zip(seats, paths):
            img = render(geometry.build(scene, seat, screen), images, scene.ui_tree, table.name)
            tmp = path.with_suffix(".tmp.png")
            img.save(tmp, compress_level=1)
            tmp.replace(path)
    except (SceneError, OSError) as exc:
        problems.append(f"{game_id}: the table view could not be drawn ({exc})")
        return []
    except Exception as exc:  # noqa: BLE001 - a fault of the view must not fail the build; it is reported
        problems.append(f"{game_id}: the table view could not be drawn ({type(exc).__name__}: {exc})")
        return []
    return paths
