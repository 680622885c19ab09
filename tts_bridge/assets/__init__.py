"""Asset pipeline: card data -> card faces -> TTS sheets -> deck objects and table saves.

Modules: `fonts` (fallback chain, glyph coverage), `text` (line breaking, kinsoku, icons,
auto-fit), `layout` (sandboxed Jinja2 -> declarative boxes), `render` (Pillow), `sheets`
(packing), `build` (incremental orchestration), `games/<game>` (one adapter per game).
"""

TOOL_VERSION = "assets-3"  # bump when rendering output changes, so cached cells are redone
