"""Reports: the files and sections, the figures embedded, and comparisons that
flag real differences and not chance ones."""

from __future__ import annotations

import math
from html.parser import HTMLParser
from pathlib import Path

import pytest

from liftoff.sim import load_run, make_config, simulate
from liftoff.sim.facts import Bars, failures, metrics, sections
from liftoff.sim.report import ReportError, compare_metrics, write_compare_report, write_report
from liftoff.sim.stats import chi2_sf, mann_whitney, two_proportions, wilson

pytest.importorskip("matplotlib")

GAMES = 150


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("runs")
    out = {}
    for name, seed, options in (
        ("base", 1, {}),
        ("short", 2, {"days": 2}),
        ("base_again", 3, {}),
    ):
        config = make_config("planet", 4, ["random"], GAMES, seed=seed, options=options)
        simulate(config, root / name, workers=1)
        out[name] = root / name
    return out


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []
        self.ids: list[str] = []
        self.headings: list[str] = []
        self._in_h = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("src", "href"):
            if a.get(key) and tag in ("img", "script", "link", "iframe"):
                self.sources.append(str(a[key]))
        if a.get("id"):
            self.ids.append(str(a["id"]))
        self._in_h = tag in ("h2", "h3")

    def handle_data(self, data: str) -> None:
        if self._in_h:
            self.headings.append(data.strip())
            self._in_h = False


def test_a_report_is_one_self_contained_page_with_its_figures(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    path = write_report(runs["base"], tmp_path / "report")
    page = path.read_text(encoding="utf-8")
    parser = _Assets()
    parser.feed(page)
    # every image is embedded; nothing is fetched from elsewhere
    assert parser.sources and all(s.startswith("data:image/png;base64,") for s in parser.sources)
    for heading in (
        "Summary",
        "Seat balance",
        "Win rate by seat",
        "Length and ending",
        "Game length: actions",
        "Scores",
        "Planet: escapes, Lift Off Points and days",
        "Launches per Lift Off Point",
        "Aliens saved per day",
    ):
        assert heading in parser.headings
    figures = tmp_path / "report" / "figures"
    for key in ("seat_wins", "length_actions", "planet_launches", "planet_saved_by_day"):
        assert (figures / f"{key}.png").stat().st_size > 1000
        assert (figures / f"{key}.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
        assert key in parser.ids
    assert len(parser.sources) == len(list(figures.glob("*.png")))
    assert "95% Wilson intervals" in page
    assert f"{GAMES} of {GAMES}" in page  # games finished
    assert "liftoff simulate planet --games 150 --players 4" in page


def test_a_comparison_flags_a_real_difference(runs: dict[str, Path], tmp_path: Path) -> None:
    _, base = load_run(runs["base"])
    _, short = load_run(runs["short"])
    diffs = {d.metric.key: d for d in compare_metrics(base, short)}
    length = diffs["length.actions"]
    assert length.significant and length.test.diff < 0 and length.adjusted_p < 1e-6
    assert diffs["planet.days"].significant
    path = write_compare_report(runs["base"], runs["short"], tmp_path / "cmp")
    page = path.read_text(encoding="utf-8")
    assert "A = days=0" in page and "B = days=2" in page  # the default, by its value
    assert "metrics differ significantly" in page
    assert "<tr class=sig><td>game length (actions)</td>" in page
    assert (tmp_path / "cmp" / "figures" / "seat_wins.svg").exists()


def test_a_comparison_of_the_same_configuration_finds_nothing(runs: dict[str, Path]) -> None:
    _, first = load_run(runs["base"])
    _, second = load_run(runs["base_again"])
    diffs = compare_metrics(first, second)
    assert len(diffs) >= 10
    assert [d.metric.label for d in diffs if d.significant] == []
    # the raw tests ran: they are p-values, not placeholders
    assert any(d.test.p < 1.0 for d in diffs)


def test_comparing_two_games_is_refused(runs: dict[str, Path], tmp_path: Path) -> None:
    other = tmp_path / "race"
    simulate(make_config("race", 2, ["random"], 3), other)
    with pytest.raises(ReportError, match="same game"):
        write_compare_report(runs["base"], other, tmp_path / "x")


@pytest.mark.parametrize(("game", "players"), [("planet", 3), ("race", 3), ("agency", 3)])
def test_every_game_gets_its_own_facts(tmp_path: Path, game: str, players: int) -> None:
    simulate(make_config(game, players, ["random"], 12, seed=5), tmp_path)
    _, rows = load_run(tmp_path)
    secs = {s.key: s for s in sections(rows)}
    assert game in secs and "seats" in secs and "length" in secs
    for sec in secs.values():
        for panel in sec.panels:
            data = panel.compute(rows)
            if isinstance(panel, Bars):
                assert data, panel.key
                assert all(math.isfinite(v[0]) for v in data.values()), panel.key
    per_player = {
        name.split("|")[0]
        for sec in secs.values()
        for panel in sec.panels
        if panel.key == "players_numbers"
        for name in panel.compute(rows)
    }
    # lists that merely happen to have one entry per player are not per-player facts
    assert not per_player & {"stop_callers", "saved_by_day", "finished", "winner_missions"}
    keys = {m.key for m in metrics(rows)}
    assert {"length.actions", "score.winner", "seat.0", f"seat.{players - 1}"} <= keys
    assert any(k.startswith(f"{game}.") for k in keys)


def test_statistics_agree_with_textbook_values() -> None:
    lo, hi = wilson(10, 100)
    assert round(lo, 4) == 0.0552 and round(hi, 4) == 0.1744
    assert round(chi2_sf(11.07, 5), 5) == 0.05001
    t = two_proportions(30, 100, 45, 100)
    assert round(t.statistic, 3) == 2.191 and round(t.p, 4) == 0.0285
    # SciPy's mannwhitneyu(b, a, method="asymptotic") gives U=26, p=0.05523
    u = mann_whitney([1.1, 2.2, 3.3, 4.4, 5.5], [6.6, 7.7, 8.8, 2.0, 9.9, 10.1])
    assert u.statistic == 26.0 and round(u.p, 5) == 0.05523


def test_every_printed_interval_of_a_rate_is_a_wilson_interval() -> None:
    """A bot that wins 299 of 300 games: its win share's interval is Wilson's
    (inside 0..100%; a normal approximation printed [99.0%, 100.3%]); a
    difference of two rates has Newcombe's interval built from the two Wilson
    intervals (never narrower than the data allow, never past ±100%)."""
    from liftoff.sim.facts import _bot_wins

    rows: list[dict[str, object]] = [
        {"players": 2, "seats": ["a", "b"], "winners": [0 if g else 1], "termination": "rescue"}
        for g in range(300)
    ]
    shares = _bot_wins(rows)
    mid, lo, hi = shares["a"]
    assert (lo, hi) == wilson(299, 300) and 0.0 <= lo < mid < hi <= 1.0
    assert (round(100 * lo, 1), round(100 * hi, 1)) == (98.1, 99.9)
    assert shares["b"][1:] == wilson(1, 300)
    # Newcombe (1998), method 10: 56/70 against 48/80 differ by 0.2, interval 0.0524 to 0.3339
    t = two_proportions(48, 80, 56, 70)
    assert (round(t.diff, 4), round(t.low, 4), round(t.high, 4)) == (0.2, 0.0524, 0.3339)
    none = two_proportions(0, 10, 0, 10)
    assert none.low < 0 < none.high  # no wins in either: not the certainty [0, 0]
    every = two_proportions(0, 5, 5, 5)
    assert -1.0 <= every.low < every.high <= 1.0


def test_failures_are_counted_by_kind() -> None:
    rows = [
        {"termination": "rescue"},
        {"termination": "error", "error": "TooLong: no end within 10 actions"},
        {"termination": "error", "error": "TooLong: no end within 10 actions"},
        {"termination": "error", "error": "KeyError: 'x'"},
    ]
    assert failures(rows) == (3, "KeyError ×1, TooLong ×2")
    assert failures(rows[:1]) == (0, "")


def _seat_panel(rows: list[dict[str, object]]) -> Bars:
    secs = {s.key: s for s in sections(rows)}
    panel = next(p for p in secs["seats"].panels if p.key == "seat_wins")
    assert isinstance(panel, Bars)
    return panel


def test_shared_wins_count_one_kth_for_each_winner(runs: dict[str, Path]) -> None:
    """Seat win shares add up to the games with a winner (not 121% as when every
    winner of a shared win counted fully), the fair line is 1/players, and a
    run where every game is a four-way tie shows no seat effect at all."""
    from liftoff.sim.facts import win_share
    from liftoff.sim.report import Run, _seat_findings

    _, rows = load_run(runs["base"])
    assert any(len(r["winners"]) > 1 for r in rows), "the fixture should hold shared wins"
    panel = _seat_panel(rows)
    data = panel.compute(rows)
    decided = sum(1 for r in rows if r["winners"])
    assert math.isclose(sum(v[0] for v in data.values()), decided / len(rows))
    assert panel.reference is not None and panel.reference(rows) == 0.25
    for seat in range(4):
        shares = next(m for m in metrics(rows) if m.key == f"seat.{seat}").values
        assert math.isclose(sum(shares), sum(win_share(r, seat) for r in rows))
        assert math.isclose(data[f"seat {seat}"][0], sum(shares) / len(rows))
    tied = [dict(r, winners=[0, 1, 2, 3]) for r in rows]
    for mid, lo, hi in _seat_panel(tied).compute(tied).values():
        assert mid == 0.25 and lo < 0.25 < hi
    run = Run(runs["base"], {"config": {"players": 4}}, tied, "tied")
    finding = _seat_findings(run)[0]
    assert "seat 0 25.0%" in finding and "χ²=0.00, df=3, p = 1.000" in finding
    assert "no significant seat effect" in finding


def test_a_run_where_every_game_failed_reports_the_failures(tmp_path: Path) -> None:
    config = make_config("planet", 3, ["random"], 4, seed=1, max_actions=5)
    simulate(config, tmp_path / "run", workers=1)
    page = write_report(tmp_path / "run", tmp_path / "report").read_text(encoding="utf-8")
    assert "No game finished." in page
    assert "4 of 4 game(s) failed" in page and "TooLong" in page
