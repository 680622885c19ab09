"""MoonSharp's string semantics for the emulator's byte-string Lua 5.2 (lupa).

TTS runs Lua on MoonSharp, whose strings are .NET UTF-16 strings; lupa's Lua 5.2 has byte
strings, which the emulator fills with UTF-8. `translate` rewrites a chunk before lupa compiles
it so that what the chunk means is what MoonSharp would make of it:

* short string literals with escapes are re-encoded: MoonSharp unescapes them into UTF-16
  characters (`\\ddd` and `\\xXX` are the *character* U+00dd, `\\u{XXXX}` a code point), so the
  literal becomes the UTF-8 bytes of that character string, written as `\\ddd` byte escapes
  that Lua 5.2 reads back as exactly those bytes;
* the length operator `#operand` becomes `(__tts_len(operand))`, which the prelude defines to
  count UTF-16 code units for strings, as MoonSharp does, and to be `#` for anything else
  (the parentheses keep `return #x` from being a tail call, so an error names the chunk's line);
* `!=` becomes `~=` (MoonSharp reads both as not-equal).

The sources are cited next to each fact (MOON = github moonsharp-devs/moonsharp,
src/MoonSharp.Interpreter). `translate` never raises: on input it cannot tokenize it returns
the source unchanged, so lupa reports the syntax error itself.
"""

from __future__ import annotations

import re
from functools import lru_cache

# One token at a time, Lua 5.2's lexer (llex.c) order. Long brackets are finished by hand.
_TOKEN = re.compile(r"""
  (?P<ws>[ \t\r\n\f\v]+)
| (?P<lcomment>--\[=*\[)
| (?P<comment>--[^\r\n]*)
| (?P<lstring>\[=*\[)
| (?P<string>"(?:[^"\\\r\n]|\\(?:\r\n|\n\r|z\s*|.))*"
            |'(?:[^'\\\r\n]|\\(?:\r\n|\n\r|z\s*|.))*')
| (?P<number>0[xX](?:[pP][+-]?|[0-9A-Fa-f.])*|(?:[0-9]|\.[0-9])(?:[eE][+-]?|[0-9A-Fa-f.])*)
| (?P<name>[A-Za-z_][A-Za-z0-9_]*)
| (?P<op>\.\.\.|\.\.|==|~=|!=|<=|>=|::|[-+*/%^#<>=(){}\[\];:,.|&~!$])
""", re.VERBOSE | re.DOTALL)

_KEYWORDS = frozenset("and break do else elseif end false for function goto if in local nil not or "
                      "repeat return then true until while".split())
_OPEN = {"(": ")", "[": "]", "{": "}"}
_LITERALS = frozenset(("nil", "true", "false", "..."))
_UNARY = frozenset(("-", "not", "#"))


class _Fail(Exception):
    """The source is not something we can rewrite safely: leave it to lupa."""


# -- string literals -----------------------------------------------------------------------

def _char(code: int) -> str:
    # MOON Tree/Lexer/LexerUtils.cs ConvertUtf32ToChar: char.ConvertFromUtf32(i) (the
    # non-ENABLE_DOTNET build, i.e. desktop Unity/Mono as TTS runs): a code point above U+FFFF
    # becomes its UTF-16 surrogate pair, and a surrogate code point (U+D800-U+DFFF) or one
    # above U+10FFFF throws (ArgumentOutOfRangeException), so the chunk does not compile.
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF or code < 0:
        raise _Fail(f"no such character U+{code:X}")
    return chr(code)


def unescape(body: str) -> str:
    """The characters MoonSharp makes of a short string literal's body (between the quotes):
    a port of MOON Tree/Lexer/LexerUtils.cs `UnescapeLuaString`, quirks included (`\\[`,
    `\\]`, `\\/` are accepted; `\\ddd` and `\\xXX` append the character U+00dd, not a byte;
    `\\u{X...}` takes up to 8 hex digits). Raises _Fail where MoonSharp raises."""
    if "\\" not in body:
        return body
    out: list[str] = []
    escape = hexa = zmode = False
    unicode_state = 0
    val = ""
    simple = {"a": "\a", "\n": "\n", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
              "\\": "\\", '"': '"', "'": "'", "[": "[", "]": "]", "/": "/"}
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        i += 1
        if escape:
            if not val and not hexa and unicode_state == 0:
                if c in simple:
                    out.append(simple[c])
                    escape = False
                    if c not in "\nbfnrtv":  # MoonSharp resets zmode only after these
                        zmode = False
                elif c == "\r":
                    pass  # `\` CR LF: the LF that follows is the escaped character
                elif c == "x":
                    hexa = True
                elif c == "u":
                    unicode_state = 1
                elif c == "z":
                    zmode, escape = True, False
                elif "0" <= c <= "9":
                    val += c
                else:
                    raise _Fail(f"invalid escape sequence near '\\{c}'")
            elif unicode_state == 1:
                if c != "{":
                    raise _Fail("'{' expected near '\\u'")
                unicode_state = 2
            elif unicode_state == 2:
                if c == "}":
                    # int.Parse(val, NumberStyles.HexNumber): hex digits, white space around allowed
                    digits = val.strip(" \t\n\v\f\r")
                    if not re.fullmatch(r"[0-9A-Fa-f]+", digits):
                        raise _Fail(f"bad \\u{{{val}}}")
                    out.append(_char(int(digits, 16)))
                    unicode_state, val, escape = 0, "", False
                elif len(val) >= 8:
                    raise _Fail("'}' missing, or unicode code point too large after '\\u'")
                else:
                    val += c
            elif hexa:
                if c in "0123456789abcdefABCDEF":
                    val += c
                    if len(val) == 2:
                        out.append(_char(int(val, 16)))
                        zmode = escape = False
                else:
                    raise _Fail("hexadecimal digit expected")
            elif val:
                digit = "0" <= c <= "9"
                if digit:
                    val += c
                if len(val) == 3 or not digit:
                    code = int(val)
                    if code > 255:
                        raise _Fail(f"decimal escape too large near '\\{val}'")
                    out.append(_char(code))
                    zmode = escape = False
                    if not digit:
                        i -= 1  # `goto redo`: this character is read again, unescaped
        elif c == "\\":
            escape, hexa, val = True, False, ""
        elif not zmode or not c.isspace():
            out.append(c)
            zmode = False
    if escape and not hexa and val:
        out.append(_char(int(val)))
        escape = False
    if escape:
        raise _Fail("unfinished string")
    return "".join(out)


def lua52_bytes_literal(data: bytes) -> str:
    """A Lua 5.2 short string literal holding exactly `data` (printable ASCII as is)."""
    parts = ['"']
    for b in data:
        if 32 <= b < 127 and b not in (34, 92):
            parts.append(chr(b))
        else:
            parts.append(f"\\{b:03d}")
    parts.append('"')
    return "".join(parts)


def _string_literal(text: str) -> str:
    """`text` (a short string token with escapes) as lupa should read it: the UTF-8 bytes of
    the characters MoonSharp makes of it. Unchanged where MoonSharp would reject it. Line
    breaks inside the token (after `\\` or `\\z`) are kept as `\\z` + line breaks, which
    Lua 5.2 skips, so line numbers stay the same."""
    try:
        value = unescape(text[1:-1])
    except _Fail:
        return text
    literal = lua52_bytes_literal(value.encode("utf-8"))
    lines = text.count("\n") or text.count("\r")
    if lines:
        literal = literal[:-1] + "\\z" + "\n" * lines + '"'
    return literal


# -- tokens and the length operator ----------------------------------------------------------

def _tokenize(source: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, start, end) for every token; comments and whitespace left out."""
    tokens = []
    pos, n = 0, len(source)
    match = _TOKEN.match
    while pos < n:
        m = match(source, pos)
        if m is None:
            raise _Fail(f"unexpected character at {pos}")
        kind = m.lastgroup
        end = m.end()
        if kind in ("lcomment", "lstring"):
            level = m.group(0).count("=")
            close = source.find("]" + "=" * level + "]", end)
            if close < 0:
                raise _Fail("unfinished long string or comment")
            end = close + level + 2
            if kind == "lstring":
                tokens.append(("string", source[pos:end], pos, end))
        elif kind == "name":
            text = m.group(0)
            tokens.append(("keyword" if text in _KEYWORDS else "name", text, pos, end))
        elif kind in ("string", "number", "op"):
            tokens.append((kind, m.group(0), pos, end))
        pos = end
    return tokens


class _Lengths:
    """Finds the operand of every `#` on the token stream (Lua 5.2 lparser.c `subexpr`:
    a unary operator's operand is `subexpr(UNARY_PRIORITY=8)`, and of the binary operators
    only `^` (left priority 10, right 9) binds tighter)."""

    def __init__(self, tokens: list[tuple[str, str, int, int]]) -> None:
        self.tokens = tokens
        self.match: dict[int, int] = {}
        self.block_end: dict[int, int] = {}
        stack: list[int] = []
        blocks: list[int] = []
        for i, (kind, text, _, _) in enumerate(tokens):
            if kind == "op":
                if text in _OPEN:
                    stack.append(i)
                elif text in (")", "]", "}"):
                    if not stack or _OPEN[tokens[stack[-1]][1]] != text:
                        raise _Fail("unbalanced brackets")
                    self.match[stack.pop()] = i
            elif kind == "keyword":
                if text in ("function", "if", "do", "repeat"):
                    blocks.append(i)
                elif text in ("end", "until"):
                    if not blocks:
                        raise _Fail("unbalanced blocks")
                    self.block_end[blocks.pop()] = i
        if stack:
            raise _Fail("unbalanced brackets")

    def text(self, i: int) -> str:
        return self.tokens[i][1] if i < len(self.tokens) else ""

    def kind(self, i: int) -> str:
        return self.tokens[i][0] if i < len(self.tokens) else "eof"

    def subexpr(self, i: int, limit: int) -> int:
        """Index after the expression starting at token i whose binary operators bind
        tighter than `limit` (only `^` matters here, since limit >= 8)."""
        if self.kind(i) in ("op", "keyword") and self.text(i) in _UNARY:
            i = self.subexpr(i + 1, 8)
        else:
            i = self.simpleexp(i)
        while self.kind(i) == "op" and self.text(i) == "^" and 10 > limit:
            i = self.subexpr(i + 1, 9)
        return i

    def simpleexp(self, i: int) -> int:
        kind, text = self.kind(i), self.text(i)
        if kind in ("number", "string") or (kind in ("keyword", "op") and text in _LITERALS):
            return i + 1
        if kind == "op" and text == "{":
            return self.match[i] + 1
        if kind == "keyword" and text == "function":
            if i not in self.block_end:
                raise _Fail("function without end")
            return self.block_end[i] + 1
        # primaryexp: NAME | '(' expr ')'
        if kind == "name":
            i += 1
        elif kind == "op" and text == "(":
            i = self.match[i] + 1
        else:
            raise _Fail(f"no operand for # at token {i}")
        while True:  # suffixedexp
            kind, text = self.kind(i), self.text(i)
            if kind == "op" and text == ".":
                if self.kind(i + 1) != "name":
                    raise _Fail("name expected after '.'")
                i += 2
            elif kind == "op" and text == ":":
                if self.kind(i + 1) != "name":
                    raise _Fail("name expected after ':'")
                i = self.args(i + 2)
            elif kind == "op" and text in ("[", "(", "{"):
                i = self.match[i] + 1
            elif kind == "string":
                i += 1
            else:
                return i

    def args(self, i: int) -> int:
        kind, text = self.kind(i), self.text(i)
        if kind == "string":
            return i + 1
        if kind == "op" and text in ("(", "{"):
            return self.match[i] + 1
        raise _Fail("function arguments expected")


def _rewrite(source: str) -> str:
    if source.startswith("#!"):  # MOON Tree/Lexer/Lexer.cs: `#!` at the very start is a hashbang line
        source = "--" + source[2:]
    tokens = _tokenize(source)
    lengths: _Lengths | None = None
    opens: set[int] = set()
    closes: dict[int, int] = {}  # token index -> how many `)` go after it
    literals: dict[int, str] = {}
    for i, (kind, text, _, _) in enumerate(tokens):
        if kind == "string" and text[0] in "\"'" and "\\" in text:
            new = _string_literal(text)
            if new != text:
                literals[i] = new
        elif kind == "op" and text == "!=":
            literals[i] = "~="  # MOON Tree/Lexer/Lexer.cs: `!=` is read as `~=` (Op_NotEqual)
        elif kind == "op" and text == "#":
            if lengths is None:
                lengths = _Lengths(tokens)
            end = lengths.subexpr(i + 1, 8)
            opens.add(i)
            closes[end - 1] = closes.get(end - 1, 0) + 1
    if not opens and not literals:
        return source
    out: list[str] = []
    pos = 0
    for i, (kind, text, start, end) in enumerate(tokens):
        if i in opens:
            out.append(source[pos:start])
            out.append("(__tts_len(")
            pos = end
        elif i in literals:
            out.append(source[pos:start])
            out.append(literals[i])
            pos = end
        if i in closes:
            out.append(source[pos:end])
            out.append("))" * closes[i])
            pos = end
    out.append(source[pos:])
    return "".join(out)


@lru_cache(maxsize=256)
def translate(source: str) -> str:
    """`source` rewritten so that lupa's Lua 5.2 runs it with MoonSharp's string semantics
    (see the module doc). Line numbers are kept (nothing adds or removes a newline). Never
    raises: what cannot be tokenized or parsed comes back unchanged."""
    if "#" not in source and "\\" not in source and "!=" not in source:
        return source
    try:
        return _rewrite(source)
    except (_Fail, KeyError, IndexError, RecursionError, ValueError):
        return source
