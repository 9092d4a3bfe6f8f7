"""Rule search in Japanese finds rules whatever script the words are typed
in: a word in hiragana is read as the game's word it spells (てふだ → 手札)
or written in katakana (がーぐろあ → ガーグロア), a word's kana before its
kanji stays with it (たき火), and particles typed apart are left out — in the
terminal's ``liftoff rules --find`` and its in-game ``rule`` alike."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import liftoff
from liftoff import i18n, speech
from liftoff.cli.info import show_rules
from liftoff.cli.main import build
from liftoff.engine.messages import speaking

i18n.install()
runner = CliRunner()

#: (game, the words as typed, the same words in the script the rules use)
KANA = [
    ("planet", "てふだ", "手札"),
    ("planet", "てふだのじょうげん", "手札の上限"),
    ("planet", "まんげつ", "満月"),
    ("planet", "まんげつ の とき", "満月"),
    ("planet", "がーぐろあ", "ガーグロア"),
    ("planet", "たきび", "たき火"),
    ("planet", "たき火の ルール", "たき火"),
    ("planet", "すてふだ", "捨て札"),
    ("planet", "わいるど", "ワイルド"),
    ("planet", "たつまき", "竜巻"),
    ("agency", "ぎじゅつ", "技術"),
    ("agency", "どうてん", "同点"),
    ("agency", "ろけっと", "ロケット"),
    ("agency", "けんきゅうじょ", "研究所"),
    ("race", "かいたくしゃ", "開拓者"),
    ("race", "こうせき", "鉱石"),
    ("race", "ごうとう", "強盗"),
]


def first(game: str, query: str) -> str | None:
    with speaking("ja"):
        found = speech.of(liftoff.games.get(game)).find_rules(query, 1)
    return found[0][0] if found else None


@pytest.mark.parametrize(("game", "typed", "written"), KANA)
def test_a_japanese_query_in_kana_finds_what_its_kanji_or_katakana_finds(
    game: str, typed: str, written: str
) -> None:
    expected = first(game, written)
    assert expected is not None, written
    assert first(game, typed) == expected, (typed, written)


def test_rules_find_reads_kana_in_japanese() -> None:
    result = runner.invoke(build(), ["rules", "planet", "--lang", "ja", "--find", "てふだ"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("PL-CARD-4 — 手札"), result.output
    words = runner.invoke(
        build(), ["rules", "agency", "--lang", "ja", "--find", "どうてん", "の", "とき"]
    )
    assert words.exit_code == 0 and "AG-FIN-5" in words.output, words.output


def test_the_in_game_rule_command_reads_kana() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    with speaking("ja"):
        show_rules(console, liftoff.games.get("planet"), "まんげつ")
    assert out.getvalue().startswith("PL-MOON-3 — "), out.getvalue()
