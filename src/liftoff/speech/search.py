"""Rules found by relevance: BM25 over a game's rules and rulings in one language.

A rule is indexed in three fields: its *title* (its own, from the game's
``topics.json``, or a ruling's or example's heading before ``*Ruling*``), its
*topic* (its family's: "The Moon" for every ``PL-MOON-`` clause) and its
whole *text*. A query word counts :data:`TITLE_WEIGHT` times in a title and
:data:`TOPIC_WEIGHT` times in a topic. Words are English words lightly stemmed
(``wins`` finds ``win``), numbers, and for Japanese, which runs words together,
every kanji and every pair of neighbouring characters (so 「手札の上限」 finds
「手札の枚数に上限はない」). A Japanese query may be typed in any script: a
word in hiragana is read as the game's word it spells (``readings``: てふだ →
手札) or written in katakana (がーぐろあ → ガーグロア), whichever the rules hold.

Hits are ordered as a player looks for them: the developers' rulings
(``-GAP-``, reconstructions ``-R-``) after everything else; then the rules
holding more of the query's words; then by score, the rulebook's own clauses
before variants', worked examples and Q&A rulings (see :func:`kind_weight`).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: BM25's usual constants
K1, B = 1.2, 0.75
#: how much more a word counts in a rule's title and in its topic than in its
#: text (titles are short: their length does not dilute them)
TITLE_WEIGHT, TOPIC_WEIGHT = 3.0, 1.0
#: what a worked example, a Q&A ruling and a variant's clause count beside a rule
EXAMPLE_WEIGHT, QA_WEIGHT, VARIANT_WEIGHT = 0.2, 0.5, 0.5
#: how much less each later clause of a topic counts (its first says what it is)
ORDER_DECAY = 0.1
#: the share of a query's words a hit must hold
MIN_COVERAGE = 0.5

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f々ー"
_TOKEN = re.compile(rf"[{_CJK}]+|[^\W{_CJK}_]+")
_IS_CJK = re.compile(rf"[{_CJK}]")
_HIRAGANA = re.compile(r"[\u3040-\u309f]+")
#: runs of one script: hiragana, else kanji, katakana and the rest together
_SCRIPTS = re.compile(r"[\u3040-\u309f]+|[^\u3040-\u309f]+")
#: pieces of a Japanese query that say nothing about which rule is meant
JAPANESE_STOP = frozenset({"ルール", "規則"})
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]")
_HEADING = re.compile(r"^(.*?)\s*\*[^*]+\*")
#: a pointer to a ruling ("[ruling → PL-GAP-11 for ties]"): not what a rule is about
_POINTER = re.compile(r"\[[^\]§]*→[^\]]*\]|\[(?:implied|ex)\]")
_NUMBER = re.compile(r"-(\d+)$")
_DEVELOPER = re.compile(r"-(GAP|R)-")

#: words of English questions that say nothing about which rule is meant
STOP_WORDS = frozenset(
    re.findall(
        r"\w+",
        "a an and are at be by can do does for from how i in is it many much my of on or "
        "the to what when where which who why with you your",
    )
)


def stem(word: str) -> str:
    """A light English stem: ``wins`` → ``win``, ``placed`` and ``place`` →
    ``plac``, ``boarding`` → ``board``."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3 and not word.endswith("ss"):
            if ending == "es" and not word[:-2].endswith(("s", "x", "ch", "sh")):
                continue
            word = word[: -len(ending)]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def _pieces(run: str) -> list[str]:
    """The pieces of a query's Japanese run that carry its meaning: the runs
    of kanji and katakana between kana particles and endings (「山札が残って
    いない」 → 山札, 残), a word's hiragana before its kanji kept with them
    (「たき火の」 → たき火), or the run itself when it is all hiragana."""
    parts = [p for p in _SCRIPTS.findall(run) if p]
    pieces: list[str] = []
    lead = ""
    for i, part in enumerate(parts):
        if not _HIRAGANA.fullmatch(part):
            pieces.append(lead + part)
            lead = ""
        elif i == 0:  # leads the run: the start of a word, or the whole query
            lead = part
    return pieces or [run]


@cache
def readings(lang: str) -> dict[str, str]:
    """How the game words of ``lang`` written in kanji are read (hiragana →
    written), from ``locale/<lang>/readings.json``; ``{}`` without one."""
    path = resources.files("liftoff").joinpath("locale", lang, "readings.json")
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}
    return {k: v for k, v in found.items() if not k.startswith("_")}


def katakana(text: str) -> str:
    """``text`` with its hiragana written in katakana (がーぐろあ → ガーグロア)."""
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


def read_as(run: str, readings: Mapping[str, str]) -> list[str]:
    """A hiragana ``run`` as the words its readings write (「てふだのじょうげん」 →
    手札, 上限): the longest reading at each place, the short kana between
    them (particles) left out; ``[]`` when no reading is in it."""
    found: list[str] = []
    rest, i, matched = "", 0, False
    longest = max(map(len, readings), default=0)
    while i < len(run):
        hit = next(
            (
                run[i : i + n]
                for n in range(min(longest, len(run) - i), 1, -1)
                if run[i : i + n] in readings
            ),
            None,
        )
        if hit is None:
            rest += run[i]
            i += 1
            continue
        if len(rest) > 2:
            found.append(rest)
        found.append(readings[hit])
        rest, i, matched = "", i + len(hit), True
    if len(rest) > 2:
        found.append(rest)
    return found if matched else []


def words_of(text: str, *, query: bool = False) -> list[str]:
    """The search words of ``text``: stemmed English words and numbers, and
    for Japanese every kanji and every pair of neighbouring characters. A
    query drops :data:`STOP_WORDS` and the particles and endings of Japanese
    (:func:`_pieces`); its lone kanji stays a word of its own."""
    found: list[str] = []
    for token in _TOKEN.findall(text.lower()):
        if not _IS_CJK.match(token):
            if not query or token not in STOP_WORDS:
                found.append(stem(token))
            continue
        for piece in _pieces(token) if query else [token]:
            if query and piece in JAPANESE_STOP:
                continue
            if len(piece) == 1:
                found.append(piece)
                continue
            if not query:
                found += _KANJI.findall(piece)
            found += [piece[i : i + 2] for i in range(len(piece) - 1)]
    return found


def heading_of(rid: str, text: str) -> str:
    """A ruling's heading (its question, before ``*Ruling*``) or a worked
    example's first sentence; "" for a plain rule."""
    heading = _HEADING.match(text)
    if heading:
        return heading.group(1)
    return text.split(".", 1)[0] if "-EX-" in rid else ""


def kind_weight(rid: str, variants: Sequence[str] = ()) -> float:
    """What a hit of rule ``rid`` counts: the base game's clauses most, the
    first clauses of a topic (which say what it is) a little more than its
    details; variants' clauses (IDs starting with one of ``variants``), worked
    examples and Q&A rulings less."""
    weight = 1.0
    if "-EX-" in rid:
        weight = EXAMPLE_WEIGHT
    elif "-LR-" in rid:
        weight = QA_WEIGHT
    elif rid.startswith(tuple(variants)):
        weight = VARIANT_WEIGHT
    number = _NUMBER.search(rid)
    if number:
        weight /= 1 + ORDER_DECAY * (int(number.group(1)) - 1)
    return weight


@dataclass(frozen=True)
class _Field:
    """One field of every rule: its words counted, and BM25's length factor."""

    terms: list[Counter[str]]
    norms: list[float]

    @classmethod
    def of(cls, texts: Sequence[str], b: float, *, once: bool = False) -> _Field:
        """The field of ``texts``; ``once``: a word counts once however often
        it appears (a title's repeated word is no more about it)."""
        words = [words_of(_POINTER.sub(" ", t)) for t in texts]
        terms = [Counter(set(w) if once else w) for w in words]
        lengths = [sum(c.values()) for c in terms]
        average = (sum(lengths) / len(lengths)) if lengths else 1.0
        return cls(terms, [1 - b + b * n / (average or 1.0) for n in lengths])

    def score(self, index: int, word: str) -> float:
        tf = self.terms[index].get(word, 0)
        return tf * (K1 + 1) / (tf + K1 * self.norms[index]) if tf else 0.0


class RuleIndex:
    """A BM25 index of one game's rules and rulings in one language.

    ``topics``: rule ID → (its family's topic, its own title), either "".
    ``variants``: the starts of the IDs of variants' rules.
    """

    def __init__(
        self,
        catalogue: Mapping[str, str],
        topics: Mapping[str, tuple[str, str]] | None = None,
        variants: Sequence[str] = (),
        readings: Mapping[str, str] | None = None,
    ) -> None:
        self.variants = tuple(variants)
        self.readings = dict(readings or {})
        self.ids = list(catalogue)
        self.texts = [catalogue[rid] for rid in self.ids]
        named = topics or {}
        topic = [named.get(rid, ("", ""))[0] for rid in self.ids]
        title = [
            named.get(rid, ("", ""))[1] or heading_of(rid, text)
            for rid, text in zip(self.ids, self.texts, strict=True)
        ]
        self._fields = (
            (_Field.of(self.texts, B), 1.0),
            (_Field.of(topic, 0.0, once=True), TOPIC_WEIGHT),
            (_Field.of(title, 0.0, once=True), TITLE_WEIGHT),
        )
        documents: Counter[str] = Counter()
        for index in range(len(self.ids)):
            documents.update({w for field, _ in self._fields for w in field.terms[index]})
        count = len(self.ids)
        self._idf = {w: math.log(1 + (count - n + 0.5) / (n + 0.5)) for w, n in documents.items()}

    def known(self, piece: str) -> float:
        """The share of ``piece``'s search words that some rule holds."""
        words = words_of(piece, query=True)
        return sum(w in self._idf for w in words) / len(words) if words else 0.0

    def spelled(self, query: str) -> str:
        """``query`` with each kana word written as the rules write it: a
        hiragana word by its reading (てふだ → 手札, :attr:`readings`) or in
        katakana (ろけっと → ロケット) when the rules hold that spelling better;
        other words as typed."""
        out: list[str] = []
        for token in _TOKEN.findall(query.lower()):
            if not _IS_CJK.match(token):
                out.append(token)
                continue
            for piece in _pieces(token):
                if not _HIRAGANA.search(piece):
                    out.append(piece)
                    continue
                kana = bool(_HIRAGANA.fullmatch(piece))
                read = read_as(piece, self.readings) if kana else []
                if kana and not read and len(piece) <= 2 and len(query.split()) > 1:
                    continue  # a particle typed apart (まんげつ の とき)
                spellings = [read, [piece], [katakana(piece)]]  # a tie: the reading
                best = max((s for s in spellings if s), key=self._known_all)
                out.extend(best)
        return " ".join(out)

    def _known_all(self, pieces: Sequence[str]) -> float:
        return sum(self.known(p) for p in pieces) / len(pieces)

    def search(self, query: str) -> list[tuple[str, str]]:
        """Every rule holding at least :data:`MIN_COVERAGE` of ``query``'s
        words, best first (see the module's docstring)."""
        wanted = list(dict.fromkeys(words_of(self.spelled(query), query=True)))
        if not wanted:
            return []
        ranked = []
        for index, rid in enumerate(self.ids):
            held, score = 0, 0.0
            for word in wanted:
                found = sum(weight * field.score(index, word) for field, weight in self._fields)
                if found:
                    held += 1
                    score += self._idf[word] * found
            coverage = held / len(wanted)
            if held and coverage >= MIN_COVERAGE:
                developer = bool(_DEVELOPER.search(rid))
                weighted = score * kind_weight(rid, self.variants)
                ranked.append((developer, -coverage, -weighted, index))
        ranked.sort()
        return [(self.ids[i], self.texts[i]) for *_, i in ranked]
