"""What people type for others to read — names, table titles, chat — made safe to show.

- :func:`visible` drops what a reader cannot see but a screen obeys: control
  and format characters (bidirectional overrides and isolates such as U+202E and
  U+2066, zero-width spaces and joiners such as U+200B), private-use and
  surrogate code points, and the blank Hangul fillers; line and paragraph
  separators become spaces. A name or message cannot turn the text after it
  around, nor hide one name inside another.
- :func:`skeleton` is the confusable *skeleton* of Unicode Technical Standard
  #39 (section 4): ``NFD``, each character replaced by its prototype from
  Unicode's ``confusables.txt``, ``NFD`` again. Two strings that look alike
  have the same skeleton (Cyrillic "аlice" and Latin "alice", "rn" and "m",
  "l" and "1"). The table is Unicode's, kept compact in ``confusables.txt``
  beside this module (``tools/confusables.py`` writes it).
- :func:`lookalike`: the name among others that a new name could be taken for —
  the same skeleton, as written or letter case aside (``ALICE`` beside
  ``alice``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources

#: categories dropped from what people type: controls, format characters (bidi
#: controls, zero-width characters), surrogates, private use
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co"})
#: letters that draw nothing (Hangul fillers, the combining grapheme joiner)
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u034f")
#: characters that end a line: a space in one-line text
LINE_BREAKS = frozenset("\t\n\r\u2028\u2029\x0b\x0c\x85")


def visible(text: str) -> str:
    """``text`` without the characters a reader cannot see (line breaks become
    spaces; nothing is trimmed).

    >>> visible("gg\\u202e\\u200b\\u2066 wp\\u2028!")
    'gg wp !'
    """
    out = []
    for ch in text:
        if ch in LINE_BREAKS:
            out.append(" ")
        elif ch not in BLANK and unicodedata.category(ch) not in HIDDEN_CATEGORIES:
            out.append(ch)
    return "".join(out)


def one_line(text: str | None, most: int) -> str:
    """``text`` as one line people can read: :func:`visible`, runs of spaces made one,
    trimmed, at most ``most`` characters."""
    return " ".join(visible(text or "").split())[:most].strip()


@cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusable mappings: a character → its prototype."""
    table: dict[str, str] = {}
    data = resources.files(__package__).joinpath("confusables.txt").read_text("utf-8")
    for line in data.splitlines():
        if line and not line.startswith("#"):
            source, *target = line.split()
            table[chr(int(source, 16))] = "".join(chr(int(t, 16)) for t in target)
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: equal for strings that look alike.

    >>> skeleton("\\u0430lice") == skeleton("alice")
    True
    >>> skeleton("Bo") == skeleton("Bob")
    False
    """
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _keys(name: str) -> tuple[str, str]:
    """What a name is compared by: its skeleton as written, and letter case aside."""
    seen = " ".join(visible(name).split())
    return skeleton(seen), skeleton(seen.casefold())


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` could be taken for, if any.

    >>> lookalike("ALICE", ["Bo", "alice"])
    'alice'
    >>> lookalike("Alicia", ["Bo", "alice"]) is None
    True
    """
    mine = _keys(name)
    for other in others:
        theirs = _keys(other)
        if mine[0] == theirs[0] or mine[1] == theirs[1]:
            return other
    return None
