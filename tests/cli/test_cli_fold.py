"""Japanese lines fold between phrases, never inside a word: many lines of
each game (the story of whole games, every card text) drawn as the terminal
draws them, at 60 and 80 columns. Every row fits, no character is lost, and no
row breaks inside a run of kanji, of katakana, of letters or digits, between a
kanji and the kana that inflect it, between a number and its counter, inside a
term of the game (a card's name), before closing punctuation or a small kana,
or after an opening bracket — unless one such run is wider than a whole row."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.cells import cell_len
from rich.console import Console

import liftoff
from liftoff import i18n, speech
from liftoff.cli.fold import CLOSING, GLUED, OPENING, terms
from liftoff.cli.play import narrated, story_line
from liftoff.engine import Rng
from liftoff.engine.messages import speaking

i18n.install()
KANJI = re.compile(r"[\u4e00-\u9fff々]")
KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]")
HIRAGANA = re.compile(r"[\u3041-\u309f]")
ALNUM = re.compile(r"[A-Za-z0-9]")
COUNTER = re.compile(r"[枚個回点人]")


def story(game: str, players: int, seed: int) -> Iterator[str]:
    """The Japanese story of a whole game played at random, as one seat reads it."""
    g = liftoff.games.get(game)
    state, rng = g.new_game(players, seed), Rng(seed)
    names = [f"プレイヤー{p + 1}" for p in range(players)]
    steps = 0
    while not state.is_over() and steps < 600:
        active = state.active_players()
        p = active[rng.below(len(active))]
        legal = state.legal_actions(p)
        yield from narrated(g, state.apply(p, legal[rng.below(len(legal))]), 0, names)
        steps += 1


def japanese_lines() -> list[str]:
    lines: set[str] = set()
    with speaking("ja"):
        for game in ("planet", "race", "agency"):
            lines.update(story(game, 3, 1))
            lines.update(speech.of(liftoff.games.get(game)).glossary().values())
    return sorted(line for line in lines if cell_len(line) > 56)


LINES = japanese_lines()


def drawn_rows(line: str, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    with speaking("ja"):
        console.print(story_line(line))
    return console.export_text().rstrip("\n").split("\n")


def glued(a: str, b: str) -> bool:
    """Whether a row must not end between ``a`` and ``b`` (one word)."""
    return bool(
        (KANJI.match(a) and KANJI.match(b))
        or (KATAKANA.match(a) and KATAKANA.match(b))
        or (ALNUM.match(a) and ALNUM.match(b))
        or (KANJI.match(a) and HIRAGANA.match(b))
        or (a.isdigit() and COUNTER.match(b))
        or b in CLOSING
        or b in GLUED
        or a in OPENING
    )


def run_around(line: str, i: int) -> int:
    """The width in cells of the unbroken run of characters around offset ``i``."""
    start, end = i, i
    while start > 0 and glued(line[start - 1], line[start]):
        start -= 1
    while end < len(line) - 1 and glued(line[end], line[end + 1]):
        end += 1
    return cell_len(line[start : end + 1])


def breaks(line: str, rows: list[str]) -> Iterator[int]:
    """The offsets of ``line`` where its rows break (not at a space)."""
    at = 0
    for row in rows[:-1]:
        at += len(row.strip())
        at += len(line[at:]) - len(line[at:].lstrip(" "))
        while at < len(line) and line[at] == " ":
            at += 1
        if at < len(line) and line[at - 1] != " ":
            yield at


@pytest.mark.parametrize("width", [60, 80])
def test_japanese_lines_fold_between_phrases_never_inside_a_word(width: int) -> None:
    assert len(LINES) > 200
    words = terms("ja")
    split_words = []
    for line in LINES:
        rows = drawn_rows(line, width)
        assert all(cell_len(row) <= width for row in rows), rows
        assert "".join(rows).replace(" ", "") == line.replace(" ", ""), rows  # nothing lost
        for i in breaks(line, rows):
            a, b = line[i - 1], line[i]
            if line[max(0, i - 2) : i] in ("この", "その", "あの", "どの"):  # "this" + its word
                split_words.append(f"{line[max(0, i - 8) : i]}|{line[i : i + 8]}")
            if glued(a, b) and run_around(line, i - 1) <= width - 2:
                split_words.append(f"{line[max(0, i - 8) : i]}|{line[i : i + 8]}")
            for word in words:  # a card's or a place's name stays whole
                start = line.find(word, max(0, i - len(word) + 1))
                if 0 <= start < i < start + len(word) and cell_len(word) <= width - 2:
                    split_words.append(f"{word}: {line[max(0, i - 8) : i]}|{line[i : i + 8]}")
    assert split_words == [], split_words[:20]
