"""Folding a line of a language written without spaces (Japanese) between
its phrases, never inside a word.

Rich folds such a line at whatever character reaches the edge ("宇宙" / "に5枚").
:class:`Phrased` folds it where a phrase may end instead: after a space or a
punctuation mark, before an opening bracket, and after a particle or an
inflection (hiragana giving way to kanji, katakana, a digit or a letter) — but
never inside a term of the game (a card's or a place's name, a glossary word)
nor between a number and its counter ("5枚"). A phrase wider than the whole
row is folded by characters, as Rich would. Widths are terminal cells (a wide
character takes two).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import resources
from itertools import pairwise

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from liftoff import speech
from liftoff.engine.messages import language

#: spaces: a row may end after one, never before one
SPACES = " \u3000"
#: punctuation a row may end with, and never starts with
CLOSING = set("、。，．・：；！？!?）」』】〕〉》)]}:;,.·")
#: brackets a row may start with, and never ends with
OPENING = set("（「『【〔〈《([{")
#: the brackets that close them (a row ends inside a pair only when it must)
CLOSING_BRACKETS = set("）」』】〕〉》)]}")
#: a hiragana run ending in one of these ends a phrase (a particle, an inflection)
PHRASE_ENDS = set("はがをにのでともへやたてるいすだか")
#: "this", "that"…: they belong to the word after them
DEMONSTRATIVES = ("この", "その", "あの", "どの")
#: small kana and the long vowel mark: they belong to the character before them
GLUED = set("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶーゝゞヽヾ々")
#: a number and what it counts stay together
COUNTED = re.compile(r"\d+(?:[枚個回点人番名種％%]|ラウンド)")


def hiragana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def wide(text: str) -> bool:
    """Whether ``text`` holds a character two cells wide (a script without spaces)."""
    return cell_len(text) != len(text)


@cache
def terms(lang: str) -> tuple[str, ...]:
    """The game's words in ``lang`` that a row never splits: the glossary's
    terms and every card and place named in the games' glossaries."""
    import liftoff.games
    from liftoff.engine.messages import speaking

    found: set[str] = set()
    try:
        path = resources.files("liftoff").joinpath("locale", lang, "glossary.json")
        for words in json.loads(path.read_text(encoding="utf-8")).values():
            for said in words.values():
                found.update([said] if isinstance(said, str) else said)
    except (FileNotFoundError, ValueError):
        pass
    with speaking(lang):
        for name in ("planet", "race", "agency"):
            for about in speech.of(liftoff.games.get(name)).glossary().values():
                found.add(about.split(": ", 1)[0].split("：", 1)[0])
    return tuple(sorted((t for t in found if len(t) > 1 and wide(t)), key=len, reverse=True))


def kept_whole(text: str, words: Iterable[str]) -> set[int]:
    """The offsets inside a term or a counted number of ``text`` (no break there)."""
    inside: set[int] = set()
    for word in words:
        start = text.find(word)
        while start >= 0:
            inside.update(range(start + 1, start + len(word)))
            start = text.find(word, start + 1)
    for found in COUNTED.finditer(text):
        inside.update(range(found.start() + 1, found.end()))
    return inside


def may_break(text: str, i: int) -> bool:
    """Whether a row may end before ``text[i]`` (by the characters alone)."""
    a, b = text[i - 1], text[i]
    if b in SPACES or b in CLOSING or b in GLUED or a in OPENING:
        return False
    if a in SPACES and (b.isdigit() or b == "×") and i > 1 and wide(text[i - 2]):
        return False  # a word and its number (山札 84, 燃料 ×3) stay on one row
    if a in SPACES or a in CLOSING or b in OPENING:
        return True
    if hiragana(a) and not hiragana(b):  # この, その…: one word with what follows
        return a in PHRASE_ENDS and text[max(0, i - 2) : i] not in DEMONSTRATIVES
    return False


def break_offsets(text: str, lang: str | None = None) -> frozenset[int]:
    """Every offset of ``text`` where a row may end."""
    return _break_offsets(text, lang or language())


@cache
def _break_offsets(text: str, lang: str) -> frozenset[int]:
    inside = kept_whole(text, terms(lang))
    return frozenset(i for i in range(1, len(text)) if i not in inside and may_break(text, i))


def bracketed(text: str) -> list[bool]:
    """For each offset of ``text``: whether it lies inside a pair of brackets
    (「…」, （…）), where a row had better not end."""
    inside, depth = [], 0
    for ch in text:
        inside.append(depth > 0)
        if ch in OPENING:
            depth += 1
        elif ch in CLOSING_BRACKETS and depth:
            depth -= 1
    return inside


def fold_offsets(text: str, width: int, indent: int = 0, lang: str | None = None) -> list[int]:
    """Where ``text`` is cut into rows of at most ``width`` cells, the rows after
    the first indented by ``indent``: at the last space that fits outside
    brackets when that keeps at least half the row, else at the last phrase end
    that fits outside brackets when that keeps a third, else at the last phrase
    end that fits, else (a phrase wider than a row) at the last character
    that fits."""
    allowed = break_offsets(text, lang)
    inside = bracketed(text)
    cuts: list[int] = []
    start, used, last, outside, spaced = 0, 0, 0, 0, 0
    for i, ch in enumerate(text):
        if i > start and i in allowed:
            last = i
            if not inside[i]:
                outside = i
                spaced = i if text[i - 1] == " " else spaced
        size = cell_len(ch)
        if used + size > width and i > start and ch != " ":
            cut = last if last > start else i
            for best, share in ((spaced, 2), (outside, 3)):  # a half row, a third
                if best > start and cell_len(text[start:best]) * share >= width:
                    cut = best
                    break
            cuts.append(cut)
            start, last, outside, spaced = cut, 0, 0, 0
            used = indent + cell_len(text[cut:i].lstrip(" "))
        used += size
    return cuts


class Phrased:
    """A line of text folded between phrases at the width it is drawn at, rows
    after the first indented by ``indent`` cells (never cut)."""

    def __init__(self, text: Text | str, indent: int = 0) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.indent = indent

    def rows(self, width: int) -> list[Text]:
        """The rows at ``width`` cells."""
        plain = self.text.plain
        indent = self.indent if self.indent < width // 2 else 0
        cuts = fold_offsets(plain, max(1, width), indent)
        rows = []
        for j, part in enumerate(self.text.divide(cuts)):
            part.rstrip()
            if j:
                spaces = len(part.plain) - len(part.plain.lstrip(" "))
                part = Text(" " * indent) + part[spaces:]
            rows.append(part)
        return rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for row in self.rows(options.max_width):
            row.no_wrap, row.overflow = False, "fold"
            yield row

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        cuts = [0, *sorted(break_offsets(plain)), len(plain)]
        longest = max((cell_len(plain[a:b]) for a, b in pairwise(cuts)), default=1)
        return Measurement(min(longest, options.max_width), cell_len(plain))


def folded(line: Text | str, indent: int = 0) -> Text | Phrased:
    """``line`` as a renderable that folds between phrases when it holds wide
    characters (Japanese), else as Rich folds it (English, at spaces)."""
    text = Text(line) if isinstance(line, str) else line
    return Phrased(text, indent) if wide(text.plain) else text


def rows_of_text(lines: Iterable[Text | Phrased], width: int) -> Iterator[str]:
    """The plain rows ``lines`` fold into at ``width`` (for tests and checks)."""
    for line in lines:
        if isinstance(line, Phrased):
            yield from (row.plain for row in line.rows(width))
        else:
            yield from (row.plain for row in line.wrap(Console(width=width), width))
