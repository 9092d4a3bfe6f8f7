"""Rule search finds the rule a player means: 20 questions a player would ask
per game, in English and in Japanese, each with the rule that must come first.

The questions were written before the ranking was tuned (issue 40, item 5):
the answers are the rules a person reading the rulebook would point to, not
whatever a ranking happens to return.
"""

from __future__ import annotations

import pytest

import liftoff
from liftoff import speech
from liftoff.engine.messages import speaking

#: (English question, Japanese question, the rule that must come first)
QUESTIONS: dict[str, list[tuple[str, str, str]]] = {
    "planet": [
        ("garglore", "ガーグロア", "PL-GARG-1"),
        ("win", "勝利", "PL-END-2"),
        ("moon", "月", "PL-MOON-2"),
        ("tie", "同点", "PL-END-4"),
        ("hand limit", "手札の上限", "PL-CARD-4"),
        ("trade cards", "カードの交換", "PL-CARD-3"),
        ("movement points", "移動ポイント", "PL-MOVE-1"),
        ("explosion", "爆発", "PL-DAY-3"),
        ("sun", "太陽", "PL-DAY-1"),
        ("wild card", "ワイルドカード", "PL-RES-3"),
        ("draw pile empty", "山札が残っていない", "PL-CARD-2"),
        ("tornado", "竜巻", "PL-ACT-TORN-1"),
        ("electric storm", "電気嵐", "PL-ACT-STORM-1"),
        ("terraform", "テラフォーム", "PL-ACT-TERRA-1"),
        ("stargate die", "スターゲートダイス", "PL-DIE-4"),
        ("jetpack fuel", "ジェットパックの燃料", "PL-JET-2"),
        ("first player", "スタートプレイヤー", "PL-START-1"),
        ("turn order", "手番の向き", "PL-START-2"),
        ("abandon", "発射台から降ろす", "PL-MOVE-7"),
        ("full moon", "満月", "PL-MOON-3"),
    ],
    "race": [
        ("win", "勝利", "RC-GAME-4"),
        ("stop", "ストップ", "RC-STOP-1"),
        ("theft", "強盗", "RC-THEFT-2"),
        ("security force", "セキュリティフォース", "RC-SEC-1"),
        ("settlers", "開拓者", "RC-SETL-1"),
        ("terraforming", "開拓", "RC-TERRA-1"),
        ("ore", "鉱石", "RC-ORE-1"),
        ("energy tank", "エネルギータンク", "RC-TANK-1"),
        ("solar module", "太陽発電システム", "RC-SOLAR-1"),
        ("place lift off card", "離陸カードを置く", "RC-PLACE-2"),
        ("red card", "赤カード", "RC-PLACE-3"),
        ("blue card", "青カード", "RC-PLACE-1"),
        ("discard", "捨て札", "RC-PLAY-7"),
        ("bottom of stack", "山札の一番下", "RC-PLAY-6"),
        ("how many rounds", "何ラウンド", "RC-GAME-1"),
        ("same number of settlers", "開拓者の数が同じ", "RC-PLANET-2"),
        ("habitable", "居住可能", "RC-TERRA-3"),
        ("who reveals first", "最初にめくる", "RC-RES-4"),
        ("adjacent planets", "隣接する惑星", "RC-SETUP-7"),
        ("beta minor", "Beta Minor", "RC-COMP-7"),
    ],
    "agency": [
        ("win", "勝利", "AG-GOAL-1"),
        ("tie", "同点", "AG-FIN-5"),
        ("launch cost", "打ち上げのコスト", "AG-LAU-4"),
        ("capacity", "積載量", "AG-LAU-5"),
        ("income", "収入", "AG-INC-1"),
        ("draft specialists", "専門家のドラフト", "AG-DRAFT-2"),
        ("objectives", "目標カード", "AG-OBJ-1"),
        ("draw missions", "ミッションを引く", "AG-MIS-3"),
        ("phase 2 begins", "フェイズ2が始まる", "AG-ROUND-3"),
        ("lab", "研究所", "AG-LAB-1"),
        ("technology cards", "技術カード", "AG-TECH-1"),
        ("invest in the space station", "宇宙ステーションに投資", "AG-STA-1"),
        ("hourglass", "砂時計", "AG-MEF-3"),
        ("banner", "バナー", "AG-SPEC-4"),
        ("money runs out", "資金が尽きる", "AG-MONEY-1"),
        ("final scoring", "最終得点計算", "AG-FIN-1"),
        ("how many rounds", "何ラウンド", "AG-FLOW-1"),
        ("first player", "スタートプレイヤー", "AG-SETUP-12"),
        ("starting score", "開始時の得点", "AG-SETUP-13"),
        ("food", "食料", "AG-FIN-3"),
    ],
}

CASES = [
    pytest.param(game, lang, question, rule, id=f"{game}-{lang}-{question}")
    for game, rows in QUESTIONS.items()
    for english, japanese, rule in rows
    for lang, question in (("en", english), ("ja", japanese))
]


def test_twenty_questions_per_game() -> None:
    assert sorted(QUESTIONS) == sorted(liftoff.games.names())
    for game, rows in QUESTIONS.items():
        assert len(rows) == 20, game
        catalogue = liftoff.games.get(game).rule_sources()
        assert all(rule in catalogue for _, _, rule in rows)


@pytest.mark.parametrize(("game", "lang", "question", "rule"), CASES)
def test_the_rule_a_player_means_comes_first(
    game: str, lang: str, question: str, rule: str
) -> None:
    found = liftoff.games.get(game)
    with speaking(lang):
        hits = speech.of(found).find_rules(question, limit=3)
    assert hits, f"nothing found for {question!r}"
    assert hits[0][0] == rule, f"{question!r} ({lang}) gave {[rid for rid, _ in hits]}"
