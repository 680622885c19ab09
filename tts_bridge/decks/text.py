"""Deck files saved in a Unicode encoding other than UTF-8.

Windows Notepad and Excel ("Unicode text") save UTF-16 with a byte-order mark; such a file
is text, not binary, so it is read. Without a mark UTF-16 cannot be told from binary for
sure, but mostly-ASCII UTF-16 has a zero byte in every other position: that is named, so the
user learns to re-save the list as UTF-8 instead of being told it is "binary data".
"""

from __future__ import annotations

import codecs

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


class NotUTF8(ValueError):
    """The bytes are Unicode text in an encoding we do not read without a byte-order mark."""


def decode_unicode_with_bom(data: bytes, name: str) -> str | None:
    """The text of a UTF-16/UTF-32 file that starts with a byte-order mark; None for any other
    bytes (UTF-8, Latin-1, binary: the ordinary reader judges those). Raises NotUTF8 for
    BOM-less UTF-16 and for a marked file that does not decode."""
    for bom, codec in _BOMS:  # UTF-32 LE starts with the UTF-16 LE mark: test it first
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise NotUTF8(f"{name}: starts like {codec.upper()} text but byte {exc.start} is not "
                              f"{codec.upper()}; save the list as UTF-8") from None
    if looks_like_utf16(data):
        raise NotUTF8(f"{name}: UTF-16 text without a byte-order mark; save the list as UTF-8")
    return None


def looks_like_utf16(data: bytes) -> bool:
    """Mostly-ASCII UTF-16 without a mark: zero bytes in (nearly) every other position only."""
    sample = data[:4096]
    if len(sample) < 4 or b"\x00" not in sample:
        return False
    for zeros_at in (0, 1):  # big-endian ASCII has its zeros first, little-endian second
        zeros = sample[zeros_at::2]
        others = sample[1 - zeros_at::2]
        if zeros.count(0) >= 0.9 * len(zeros) and others.count(0) == 0:
            return True
    return False
