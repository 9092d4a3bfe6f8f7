"""The HTML page of an agency content study (:mod:`liftoff.sim.studies.agency_check`):
the criterion's items, pass or fail, for each content; the seats; and the card
table (use rate, win rate when played with its Wilson interval, the others'
win rate, Holm's adjusted p and the flag), the compared content beside it.

One self-contained file with no timing in it, so the same study gives the same
page whether it ran at once or was interrupted and resumed.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from liftoff.sim.report import STYLE
from liftoff.sim.stats import wilson
from liftoff.sim.studies.agency import STRONG, CardStat
from liftoff.sim.studies.agency_check import SEAT_BAND, Result, StudySettings

EXTRA_STYLE = """
main { max-width: 1260px; }
.pass { color: #1e7b34; font-weight: bold; } .fail { color: #b02a1a; font-weight: bold; }
tr.flag td { background: #fde3df; } tr.note td { background: #fff4e0; }
td.changed { font-weight: bold; color: #2f6db3; }
td:first-child { white-space: nowrap; } small { color: #5b6472; white-space: nowrap; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _verdict(result: Result) -> str:
    word = "meets" if result.passed else "does not meet"
    items = "".join(
        f"<li><span class='{'pass' if i.passed else 'fail'}'>"
        f"{'PASS' if i.passed else 'FAIL'}</span> {_e(i.name)}"
        + (f": {_e('; '.join(i.failing))}" if i.failing else "")
        + "</li>"
        for i in result.items
    )
    failed = f" {result.failed_games} games failed and are left out." if result.failed_games else ""
    return (
        f"<h3>{_e(result.label)} <code>{_e(result.fingerprint)}</code></h3>"
        f"<p><b>{_e(result.label)} {word} the criterion</b> "
        f"({result.games} games).{failed}</p><ul>{items}</ul>"
    )


def _seats(results: Sequence[Result]) -> str:
    rows = []
    for r in results:
        for t in r.seats:
            cells = "".join(
                f"<td class='num'>{_pct(x)}<br><small>[{_pct(lo)}, {_pct(hi)}]</small></td>"
                for x, (lo, hi) in zip(t.shares, t.intervals, strict=True)
            )
            cells += "<td></td>" * (4 - t.players)
            mark = "pass" if not t.off else "fail"
            rows.append(
                f"<tr><td>{_e(r.label)}</td><td class='num'>{t.players}</td>"
                f"<td class='num'>{t.games}</td>{cells}<td class='num'>{t.p:.3g}</td>"
                f"<td class='{mark}'>{'within' if not t.off else 'outside'}</td></tr>"
            )
    head = "".join(f"<th class='num'>seat {s}</th>" for s in range(4))
    return (
        "<table><tr><th>content</th><th class='num'>players</th><th class='num'>games</th>"
        f"{head}<th class='num'>χ² p</th><th>±{100 * SEAT_BAND:.0f} points</th></tr>"
        f"{''.join(rows)}</table>"
    )


def _card_cells(s: CardStat | None) -> str:
    if s is None:
        return "<td colspan='5'>not in this content</td>"
    lo, hi = wilson(s.user_wins, s.users) if s.users else (0.0, 0.0)
    win = (
        f"{_pct(s.win_rate)}<br><small>[{_pct(lo)}, {_pct(hi)}] of {s.users}</small>"
        if s.users
        else "–"
    )
    return (
        f"<td class='num'>{_pct(s.use_rate)}</td><td class='num'>{win}</td>"
        f"<td class='num'>{_pct(s.other_rate)}</td><td class='num'>{s.adjusted_p:.3g}</td>"
        f"<td>{_e(', '.join(s.flags))}</td>"
    )


def _cards(results: Sequence[Result], changed: set[str]) -> str:
    first = results[0]
    other = {s.card: s for s in results[1].cards} if len(results) > 1 else {}
    sub = (
        "<th class='num'>used in</th><th class='num'>users win [95%]</th>"
        "<th class='num'>others win</th><th class='num'>Holm p</th><th>flag</th>"
    )
    top = f"<th colspan='5'>{_e(first.label)}</th>"
    if len(results) > 1:
        top += f"<th colspan='5'>{_e(results[1].label)}</th>"
    rows = []
    for s in first.cards:
        ids = {s.card.split("/")[0]} | {s.card[:3] + x for x in s.card.split("/")[1:]}
        mark = "changed" if ids & changed else ""
        kind = "flag" if s.broken else "note" if s.flags else ""
        cells = _card_cells(s)
        if len(results) > 1:
            cells += _card_cells(other.get(s.card))
        rows.append(
            f"<tr class='{kind}'><td class='{mark}'>{_e(s.card)}</td><td>{_e(s.name)}</td>"
            f"<td>{_e(s.group)}</td><td class='{mark}'>{'changed' if mark else ''}</td>{cells}</tr>"
        )
    return (
        f"<table><tr><th colspan='4'></th>{top}</tr><tr><th>card</th><th>name</th>"
        f"<th>group</th><th>card text</th>{sub}{sub if len(results) > 1 else ''}</tr>"
        f"{''.join(rows)}</table>"
    )


def write_html(
    path: Path, results: Sequence[Result], settings: StudySettings, changed: set[str]
) -> Path:
    """Write the study's page to ``path``."""
    counts = ", ".join(str(p) for p in settings.players)
    body = [
        "<h1>Agency content study</h1>",
        f"<p class='sub'>{settings.games} games at each of {counts} players per content, "
        f"bots <code>{_e(settings.bots)}</code>, seed {settings.seed}; "
        "both contents are played on the same seeds.</p>",
        "<h2>Criterion</h2>",
        "<p>Over the games at every player count: (1) no card design is dominant or "
        "weak — its users' win rate differs from that of the players who used another "
        "card of its group in the same games by a two-proportion z-test, Holm-adjusted "
        f"within the group (p &lt; 0.05), and is at least {STRONG}× (at most 1/{STRONG}) "
        "theirs; (2) every design is used (played, launched, kept to the end) in at "
        "least 1% of the games in which it is in the game; (3) at every player count "
        f"every seat's share of the wins is within {100 * SEAT_BAND:.0f} points of "
        "1/players (the point estimate; the interval is shown).</p>",
        *(_verdict(r) for r in results),
        "<h2>Seats</h2>",
        "<p>Share of the games with a winner (a shared win counts 1/k), 95% Wilson "
        "intervals, chi-square test of equal shares.</p>",
        _seats(results),
        "<h2>Cards</h2>",
        "<p>Copies of a design count together. Red rows: dominant, weak, never used or "
        "played for money only; orange: a smaller significant difference. "
        "<b>changed</b>: the card's text differs between the two contents.</p>",
        _cards(results, changed),
    ]
    page = (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Agency content study</title><style>{STYLE}{EXTRA_STYLE}</style></head>"
        f"<body><main>{''.join(body)}</main></body></html>\n"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
    return path
