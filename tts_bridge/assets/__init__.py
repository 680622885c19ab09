"""Asset pipeline: card data -> card faces -> TTS sheets -> deck objects and table saves.

Modules: `fonts` (fallback chain, glyph coverage; `fontsubset` makes the shipped subset in
`font_files/`), `text` (line breaking, kinsoku, icons, auto-fit), `layout` (sandboxed Jinja2 ->
declarative boxes), `render` (Pillow), `fitcheck` (badge shapes, icon rows, overlaps), `sheets`
(packing), `build` (incremental orchestration), `games/<game>` (one adapter per game).
"""

TOOL_VERSION = "assets-5"  # bump when rendering output or its warnings change, so cached cards are redone
