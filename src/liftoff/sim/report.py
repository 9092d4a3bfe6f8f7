"""``liftoff report``: a self-contained HTML balance report with its figures.

One run: seat balance (win rates with 95% Wilson intervals and a chi-square
test), length and endings, score distributions and the game's own facts. Two
runs (``--compare``): the same figures side by side, and a table of every
metric with the difference, its 95% interval, the p-value and Holm's adjusted
p-value, flagging the differences that are significant.

The HTML embeds its figures (base64 PNG) and its style: it needs no other
file. The figures are also written next to it as PNG and SVG.
"""

from __future__ import annotations

import base64
import html
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from liftoff.sim.facts import (
    Bars,
    Metric,
    Panel,
    Section,
    failures,
    metrics,
    played,
    sections,
    win_share,
    winners_of,
)
from liftoff.sim.figures import COLORS, RenderedFigure, ReportError, matplotlib_pyplot, render

__all__ = ["ReportError", "write_compare_report", "write_report"]
from liftoff.sim.stats import Test, chi_square_uniform, holm, mann_whitney, two_proportions, wilson
from liftoff.sim.store import load_run

FIGURE_FORMATS = ("png", "svg")
ALPHA = 0.05


@dataclass(frozen=True)
class Run:
    """A loaded run directory."""

    path: Path
    meta: dict[str, Any]
    rows: list[dict[str, Any]]
    label: str

    @property
    def config(self) -> dict[str, Any]:
        return dict(self.meta.get("config", {}))

    @property
    def played(self) -> list[dict[str, Any]]:
        return [dict(r) for r in played(self.rows)]

    @property
    def run_info(self) -> dict[str, Any] | None:
        path = self.path / "run.json"
        if not path.is_file():
            return None
        import json

        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return dict(data) if isinstance(data, dict) else None


def load(path: Path | str, label: str = "") -> Run:
    """Load a run directory (see :mod:`liftoff.sim.store`)."""
    meta, rows = load_run(path)
    return Run(Path(path), meta, rows, label or Path(path).name)


# -- labels for comparisons ---------------------------------------------------------------


def _settings(
    config: Mapping[str, Any],
    all_options: Mapping[str, Any] | None = None,
    keys: Sequence[str] | None = None,
) -> dict[str, str]:
    """A run's settings as text; options ``keys`` (default: those set) are
    looked up in ``all_options`` (every option's value) when given."""
    out = {
        "game": str(config.get("game")),
        "players": str(config.get("players")),
        "bots": ",".join(config.get("bots", [])),
        "seating": str(config.get("seating", "fixed")),
    }
    given = dict(config.get("options", {}))
    every = dict(all_options or {})
    for key in sorted(keys if keys is not None else given):
        value = given.get(key, every.get(key, "default"))
        out[key] = str(value).lower() if isinstance(value, bool) else str(value)
    out["seed"] = str(config.get("seed"))
    out["games"] = str(config.get("games"))
    return out


def _run_settings(runs: Sequence[Run]) -> list[dict[str, str]]:
    keys = sorted({k for run in runs for k in run.config.get("options", {})})
    return [_settings(run.config, run.meta.get("all_options"), keys) for run in runs]


def compare_labels(
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    a_options: Mapping[str, Any] | None = None,
    b_options: Mapping[str, Any] | None = None,
) -> tuple[str, str]:
    """Short names for two configurations: the settings in which they differ
    (``*_options``: every option's value, to name defaults by their value).

    >>> compare_labels({"players": 4, "options": {}}, {"players": 4, "options": {"days": 2}})
    ('days=default', 'days=2')
    >>> compare_labels({"options": {}}, {"options": {"days": 2}}, {"days": 0}, {"days": 2})
    ('days=0', 'days=2')
    """
    keys = sorted({*a.get("options", {}), *b.get("options", {})})
    sa, sb = _settings(a, a_options, keys), _settings(b, b_options, keys)
    differ = [k for k in dict.fromkeys([*sa, *sb]) if sa.get(k) != sb.get(k)]
    main = [k for k in differ if k not in ("seed", "games")]
    chosen = main or differ
    if not chosen:
        return "A", "B"

    def name(s: Mapping[str, str]) -> str:
        return ", ".join(f"{k}={s.get(k, 'default')}" for k in chosen)

    return name(sa), name(sb)


# -- HTML ---------------------------------------------------------------------------------

STYLE = """
body { font-family: -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif;
  margin: 0; color: #1d2430; background: #f6f7f9; line-height: 1.45; }
main { max-width: 980px; margin: 0 auto; padding: 24px 28px 60px; background: #fff; }
h1 { font-size: 1.7em; margin: 0.2em 0 0.1em; }
h2 { margin-top: 2.2em; border-bottom: 2px solid #e3e6eb; padding-bottom: 4px; }
h3 { margin: 1.6em 0 0.3em; font-size: 1.05em; }
.sub { color: #5b6472; margin-top: 0; }
nav { background: #eef2f7; padding: 8px 12px; border-radius: 6px; font-size: 0.92em; }
nav a { margin-right: 14px; color: #2f6db3; text-decoration: none; }
table { border-collapse: collapse; margin: 8px 0 14px; font-size: 0.9em; }
th, td { border-bottom: 1px solid #e3e6eb; padding: 4px 10px; text-align: left;
  vertical-align: top; }
th { background: #f1f3f6; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.sig td { background: #fff4e0; }
tr.diff td { background: #fff4e0; }
figure { margin: 10px 0 4px; }
figure img { max-width: 100%; height: auto; border: 1px solid #eceff3; }
figcaption { color: #4a5361; font-size: 0.9em; margin-top: 4px; }
code { background: #f1f3f6; padding: 1px 4px; border-radius: 3px; font-size: 0.9em; }
.cmd { display: block; white-space: pre-wrap; word-break: break-all; padding: 6px 8px; }
ul.findings li { margin-bottom: 4px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 0.85em; }
.yes { background: #ffd9a8; } .no { background: #e3e6eb; }
details { margin: 4px 0 10px; } summary { cursor: pointer; color: #2f6db3; font-size: 0.9em; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _fmt(value: float, percent: bool = False) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if percent:
        return f"{100 * value:.1f}%"
    if float(value).is_integer() and abs(value) < 1e6:
        return f"{int(value)}"
    return f"{value:.3g}" if abs(value) < 0.01 else f"{value:.2f}"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _p_text(p: float, name: str = "p") -> str:
    return f"{name} &lt; 0.001" if p < 0.001 else f"{name} = {p:.3f}"


def _img(fig: RenderedFigure, alt: str) -> str:
    data = base64.b64encode(fig.png).decode("ascii")
    return f'<img alt="{_e(alt)}" src="data:image/png;base64,{data}">'


def _bars_table(
    panel: Bars, data: list[dict[str, tuple[float, float, float]]], labels: Sequence[str]
) -> str:
    names = list(dict.fromkeys(k for d in data for k in d))
    head = "".join(
        f'<th class="num">{_e(lab)}</th><th class="num">95% interval</th>' for lab in labels
    )
    body = []
    for name in names:
        cells = []
        for d in data:
            if name in d:
                v, lo, hi = d[name]
                interval = (
                    ""
                    if lo == hi == v
                    else f"[{_fmt(lo, panel.percent)}, {_fmt(hi, panel.percent)}]"
                )
                cells.append(
                    f'<td class="num">{_fmt(v, panel.percent)}</td><td class="num">{interval}</td>'
                )
            else:
                cells.append('<td class="num">–</td><td></td>')
        body.append(f"<tr><td>{_e(name.replace('|', ': '))}</td>{''.join(cells)}</tr>")
    return f"<table><tr><th></th>{head}</tr>{''.join(body)}</table>"


def _hist_table(data: list[list[float]], labels: Sequence[str]) -> str:
    stats = ("n", "mean", "median", "10th pct", "90th pct", "min", "max")
    rows = []
    for label, values in zip(labels, data, strict=True):
        if values:
            ordered = sorted(values)
            q = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else [ordered[0]] * 9
            cells = [
                len(values),
                statistics.fmean(values),
                statistics.median(values),
                q[0],
                q[-1],
                ordered[0],
                ordered[-1],
            ]
        else:
            cells = [0, math.nan, math.nan, math.nan, math.nan, math.nan, math.nan]
        rows.append(
            f"<tr><td>{_e(label)}</td>"
            + "".join(f'<td class="num">{_fmt(float(c))}</td>' for c in cells)
            + "</tr>"
        )
    head = "".join(f'<th class="num">{s}</th>' for s in stats)
    return f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def _panel_html(panel: Panel, fig: RenderedFigure, labels: Sequence[str]) -> str:
    table = (
        _bars_table(panel, fig.data, labels)
        if isinstance(panel, Bars)
        else _hist_table(fig.data, labels)
    )
    caption = panel.caption
    return (
        f'<h3 id="{_e(panel.key)}">{_e(panel.title)}</h3>'
        f"<figure>{_img(fig, panel.title)}<figcaption>{_e(caption)} "
        f"Files: <code>figures/{_e(panel.key)}.png</code>, <code>.svg</code>.</figcaption></figure>"
        f"<details><summary>numbers</summary>{table}</details>"
    )


def _config_table(runs: Sequence[Run]) -> str:
    settings = _run_settings(runs)
    keys = list(dict.fromkeys(k for s in settings for k in s))
    head = "".join(f"<th>{_e(run.label)}</th>" for run in runs) if len(runs) > 1 else "<th></th>"
    rows = []
    for key in keys:
        values = [s.get(key, "default") for s in settings]
        cls = ' class="diff"' if len(runs) > 1 and len(set(values)) > 1 else ""
        cells = "".join(f"<td>{_e(v)}</td>" for v in values)
        rows.append(f"<tr{cls}><th>{_e(key)}</th>{cells}</tr>")
    extra = []
    for label, getter in (
        ("games finished", lambda r: f"{len(r.played)} of {len(r.rows)}"),
        ("title", lambda r: r.meta.get("title", "")),
        ("speed", _speed),
    ):
        extra.append(
            f"<tr><th>{label}</th>{''.join(f'<td>{_e(getter(r))}</td>' for r in runs)}</tr>"
        )
    cmds = "".join(
        f"<tr><th>command{'' if len(runs) == 1 else ' (' + _e(r.label) + ')'}</th>"
        f'<td colspan="{len(runs)}">'
        f'<code class="cmd">{_e(r.meta.get("command", ""))}</code></td></tr>'
        for r in runs
    )
    return f"<table><tr><th>setting</th>{head}</tr>{''.join(rows)}{''.join(extra)}{cmds}</table>"


def _speed(run: Run) -> str:
    info = run.run_info
    if not info:
        return "–"
    return (
        f"{info.get('games_per_second')} games/s ({info.get('backend')}, "
        f"{info.get('workers')} worker(s), {info.get('seconds')} s)"
    )


def _seat_findings(run: Run) -> list[str]:
    rows = run.played
    if not rows:
        return ["No game finished."]
    n = int(run.config.get("players", rows[0]["players"]))
    out = []
    wins = [sum(win_share(r, s) for r in rows) for s in range(n)]
    parts = []
    for s, k in enumerate(wins):
        lo, hi = wilson(k, len(rows))
        parts.append(f"seat {s} {100 * k / len(rows):.1f}% ({100 * lo:.1f}–{100 * hi:.1f})")
    decided = sum(1 for r in rows if winners_of(r))
    chi2, df, p = chi_square_uniform(wins)
    verdict = (
        '<span class="badge yes">seats differ</span>'
        if p < ALPHA
        else '<span class="badge no">no significant seat effect</span>'
    )
    bots = set(run.config.get("bots", []))
    caveat = (
        " Different bots sit in fixed seats, so seat and bot effects are mixed; "
        "use <code>--seating rotate</code> to separate them."
        if len(bots) > 1 and run.config.get("seating", "fixed") == "fixed"
        else ""
    )
    out.append(
        f"Win share by seat (a win shared by k counts 1/k; fair share {100 / n:.1f}%): "
        f"{_e('; '.join(parts))}. "
        f"Chi-square of the seats' win shares on the {decided} games with a winner: "
        f"χ²={chi2:.2f}, df={df}, {_p_text(p)} {verdict}.{caveat}"
    )
    return out


def _summary_findings(run: Run) -> list[str]:
    rows = run.played
    out = _seat_findings(run)
    if rows:
        lengths = []
        for key in ("actions", "turns", "rounds"):
            values = [r["length"][key] for r in rows if r["length"].get(key) is not None]
            if values:
                lengths.append(f"{statistics.fmean(values):.1f} {key}")
        out.append(f"Mean length: {', '.join(lengths)} per game.")
        ends: dict[str, int] = {}
        for r in rows:
            ends[r["termination"]] = ends.get(r["termination"], 0) + 1
        shared = sum(1 for r in rows if len(winners_of(r)) > 1)
        out.append(
            "Endings: "
            + ", ".join(
                f"{k} {100 * v / len(rows):.1f}%"
                for k, v in sorted(ends.items(), key=lambda kv: -kv[1])
            )
            + f"; shared wins {100 * shared / len(rows):.1f}%."
        )
    failed, listed = failures(run.rows)
    if failed:
        out.append(
            f"<b>{failed} of {len(run.rows)} game(s) failed</b> ({_e(listed)}; TooLong: no end "
            f"within {_e(run.config.get('max_actions', ''))} actions) and are left out of "
            "every figure (see <code>error</code> in games.jsonl, records in "
            "<code>records/</code>)."
        )
    return out


def _page(title: str, subtitle: str, body: str, nav: Sequence[tuple[str, str]]) -> str:
    links = "".join(f'<a href="#{_e(k)}">{_e(t)}</a>' for k, t in nav)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body><main>"
        f'<h1>{_e(title)}</h1><p class="sub">{subtitle}</p><nav>{links}</nav>{body}'
        '<p class="sub" style="margin-top:3em">Made by <code>liftoff report</code>. '
        "Intervals are 95% "
        "(Wilson for rates, normal approximation for means).</p>"
        "</main></body></html>\n"
    )


def _sections_html(
    secs: Sequence[Section], runs: Sequence[Run], figures_dir: Path, formats: Sequence[str]
) -> str:
    parts = []
    labels = ["value"] if len(runs) == 1 else [run.label for run in runs]
    for sec in secs:
        parts.append(f'<h2 id="{_e(sec.key)}">{_e(sec.title)}</h2><p>{_e(sec.intro)}</p>')
        for panel in sec.panels:
            fig = render(panel, runs, figures_dir, formats)
            parts.append(_panel_html(panel, fig, labels))
    return "".join(parts)


def _prepare(out_dir: Path, formats: Sequence[str]) -> Path:
    bad = [f for f in formats if f not in FIGURE_FORMATS]
    if bad:
        raise ReportError(f"unknown figure format(s): {', '.join(bad)}")
    figures = out_dir / "figures"
    try:
        figures.mkdir(parents=True, exist_ok=True)
        for old in figures.glob("*"):
            if old.suffix in (".png", ".svg"):
                old.unlink()
    except OSError as exc:
        raise ReportError(f"cannot write to {out_dir}: {exc.strerror or exc}") from None
    return figures


def write_report(
    run_dir: Path | str,
    out_dir: Path | str,
    *,
    title: str | None = None,
    figure_formats: Sequence[str] = FIGURE_FORMATS,
) -> Path:
    """Write ``report.html`` and ``figures/`` for one run; returns the HTML path."""
    matplotlib_pyplot()
    run = load(run_dir)
    if not run.rows:
        raise ReportError(f"{run_dir} has no games")
    out = Path(out_dir)
    figures = _prepare(out, figure_formats)
    secs = sections(run.played)
    game = run.config.get("game", "")
    title = title or f"{run.meta.get('title', game)}: {len(run.rows)} simulated games"
    body = [
        '<h2 id="summary">Summary</h2><ul class="findings">',
        *(f"<li>{f}</li>" for f in _summary_findings(run)),
        "</ul>",
        '<h2 id="run">Run</h2>',
        _config_table([run]),
        _sections_html(secs, [run], figures, figure_formats),
    ]
    nav = [("summary", "Summary"), ("run", "Run"), *((s.key, s.title.split(":")[0]) for s in secs)]
    subtitle = (
        f"{_e(game)} · {run.config.get('players')} players · bots "
        f"{_e(', '.join(run.config.get('bots', [])))} · seed {run.config.get('seed')}"
    )
    page = _page(title, subtitle, "".join(body), nav)
    path = out / "report.html"
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


# -- comparisons --------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One metric compared between two runs."""

    metric: Metric
    test: Test
    adjusted_p: float

    @property
    def significant(self) -> bool:
        return self.adjusted_p < ALPHA


def compare_metrics(
    a_rows: Sequence[Mapping[str, Any]], b_rows: Sequence[Mapping[str, Any]]
) -> list[Difference]:
    """Every metric both runs have, tested (B against A), Holm-adjusted together."""
    players = None
    a_players = {int(r["players"]) for r in a_rows}
    b_players = {int(r["players"]) for r in b_rows}
    if a_players and b_players:
        players = min(max(a_players), max(b_players))
    endings = sorted({str(r["termination"]) for r in played([*a_rows, *b_rows])})
    ma = {m.key: m for m in metrics(a_rows, players, endings)}
    mb = {m.key: m for m in metrics(b_rows, players, endings)}
    tests: list[tuple[Metric, Test]] = []
    for key, a in ma.items():
        b = mb.get(key)
        if b is None:
            continue
        if a.kind == "rate":
            # sums, not rounded: seat win shares count a shared win 1/k
            t = two_proportions(sum(a.values), len(a.values), sum(b.values), len(b.values))
        else:
            t = mann_whitney(a.values, b.values)
        tests.append((a, t))
    adjusted = holm([t.p for _, t in tests])
    return [Difference(m, t, p) for (m, t), p in zip(tests, adjusted, strict=True)]


def _differences_html(diffs: Sequence[Difference], labels: Sequence[str]) -> str:
    rows = []
    for d in diffs:
        pct = d.metric.kind == "rate"
        t = d.test
        verdict = (
            '<span class="badge yes">significant</span>'
            if d.significant
            else '<span class="badge no">no</span>'
        )
        rows.append(
            f"<tr{' class=sig' if d.significant else ''}><td>{_e(d.metric.label)}</td>"
            f'<td class="num">{_fmt(t.a, pct)}</td><td class="num">{_fmt(t.b, pct)}</td>'
            f'<td class="num">{"+" if t.diff > 0 else ""}{_fmt(t.diff, pct)}</td>'
            f'<td class="num">[{_fmt(t.low, pct)}, {_fmt(t.high, pct)}]</td>'
            f"<td>{'z-test' if pct else 'Mann–Whitney'}</td>"
            f'<td class="num">{_p(t.p)}</td><td class="num">{_p(d.adjusted_p)}</td>'
            f"<td>{verdict}</td></tr>"
        )
    head = (
        f"<tr><th>metric (per game)</th><th class=num>{_e(labels[0])}</th>"
        f"<th class=num>{_e(labels[1])}</th>"
        "<th class=num>difference (B − A)</th><th class=num>95% interval</th><th>test</th>"
        "<th class=num>p</th><th class=num>Holm p</th><th>different?</th></tr>"
    )
    return f"<table>{head}{''.join(rows)}</table>"


def _lead(diffs: Sequence[Difference]) -> str:
    """The comparison's findings: the metrics that differ significantly."""
    significant = [d for d in diffs if d.significant]
    if not significant:
        return (
            f"<p>None of the {len(diffs)} metrics differs significantly "
            f"(Holm-adjusted p &lt; {ALPHA}).</p>"
        )
    findings = "".join(
        f"<li><b>{_e(d.metric.label)}</b>: {_fmt(d.test.a, d.metric.kind == 'rate')} → "
        f"{_fmt(d.test.b, d.metric.kind == 'rate')} ({_p_text(d.adjusted_p, 'Holm p')})</li>"
        for d in significant
    )
    return (
        f"<p>{len(significant)} of {len(diffs)} metrics differ significantly "
        f"(Holm-adjusted p &lt; {ALPHA}):</p><ul class=findings>{findings}</ul>"
    )


def _shared_sections(a: Run, b: Run) -> list[Section]:
    """A's sections that B has too, then B's other ones."""
    secs = sections(a.played)
    keys_b = {s.key for s in sections(b.played)}
    return [s for s in secs if s.key in keys_b] + [
        s for s in sections(b.played) if s.key not in {x.key for x in secs}
    ]


def write_compare_report(
    dir_a: Path | str,
    dir_b: Path | str,
    out_dir: Path | str,
    *,
    title: str | None = None,
    labels: tuple[str, str] | None = None,
    figure_formats: Sequence[str] = FIGURE_FORMATS,
) -> Path:
    """Write a comparison report of run B against run A; returns the HTML path."""
    matplotlib_pyplot()
    first, second = load(dir_a), load(dir_b)
    if first.config.get("game") != second.config.get("game"):
        raise ReportError(
            f"cannot compare {first.config.get('game')} with {second.config.get('game')}: "
            "both runs must be of the same game"
        )
    if not first.played or not second.played:
        raise ReportError("both runs need finished games to compare")
    la, lb = labels or compare_labels(
        first.config, second.config, first.meta.get("all_options"), second.meta.get("all_options")
    )
    if la == lb:
        la, lb = f"A: {la}", f"B: {lb}"
    a = Run(first.path, first.meta, first.rows, la)
    b = Run(second.path, second.meta, second.rows, lb)
    out = Path(out_dir)
    figures = _prepare(out, figure_formats)
    diffs = compare_metrics(a.played, b.played)
    game = a.config.get("game", "")
    secs = _shared_sections(a, b)
    swatches = "".join(
        f'<span class="swatch" style="background:{COLORS[i]}"></span>{_e(r.label)} &nbsp; '
        for i, r in enumerate((a, b))
    )
    body = [
        '<h2 id="summary">Differences</h2>',
        f"<p>Comparing <b>A = {_e(la)}</b> with <b>B = {_e(lb)}</b>. Every metric is one number "
        "per game; rates are compared with a two-proportion z-test, other numbers with a "
        "Mann–Whitney U test. Since many metrics are tested at once, p-values are adjusted with "
        "Holm's method: <em>significant</em> means the adjusted p-value is below 0.05. The "
        "interval is the 95% interval of the difference B − A.</p>",
        _lead(diffs),
        _differences_html(diffs, (la, lb)),
        '<h2 id="run">Runs</h2>',
        "<p>Settings that differ are highlighted.</p>",
        _config_table([a, b]),
        "<h3>Seat balance in each run</h3><ul class=findings>",
        *(f"<li><b>{_e(r.label)}</b>: {f}</li>" for r in (a, b) for f in _seat_findings(r)),
        "</ul>",
        f"<p>{swatches}</p>",
        _sections_html(secs, [a, b], figures, figure_formats),
    ]
    nav = [
        ("summary", "Differences"),
        ("run", "Runs"),
        *((s.key, s.title.split(":")[0]) for s in secs),
    ]
    title = title or f"{a.meta.get('title', game)}: {la} against {lb}"
    subtitle = f"{_e(game)} · A: {len(a.rows)} games · B: {len(b.rows)} games"
    page = _page(title, subtitle, "".join(body), nav)
    path = out / "report.html"
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
