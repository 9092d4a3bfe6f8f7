"""Figures of a report: each panel (:mod:`liftoff.sim.facts`) drawn with
matplotlib, one run or two side by side, saved as PNG and SVG."""

from __future__ import annotations

import io
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from liftoff.sim.facts import Bars, Hist, Panel

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from liftoff.sim.report import Run

COLORS = ("#2f6db3", "#e07b28")


class ReportError(ValueError):
    """A report that cannot be made (bad directories, missing extra, nothing to show)."""


def matplotlib_pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ReportError(
            "reports need matplotlib: install the 'sim' extra (pip install 'liftoff[sim]')"
        ) from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "liftoff"
    matplotlib.rcParams["font.size"] = 9
    import matplotlib.pyplot as plt

    return plt


def _is_discrete(values: Sequence[float]) -> bool:
    return all(float(v).is_integer() for v in values) and (
        not values or max(values) - min(values) <= 40
    )


def _draw_hist(ax: Any, panel: Hist, data: list[list[float]], labels: Sequence[str]) -> None:
    from matplotlib.ticker import MaxNLocator

    every = [v for vs in data for v in vs]
    if not every:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
        return
    if _is_discrete(every):
        first, last = int(min(every)), int(max(every))
        xs = list(range(first, last + 1))
        width = 0.8 / len(data)
        for i, values in enumerate(data):
            n = len(values) or 1
            counts = [sum(1 for v in values if v == x) / n for x in xs]
            offset = (i - (len(data) - 1) / 2) * width
            ax.bar(
                [x + offset for x in xs],
                counts,
                width=width,
                color=COLORS[i % 2],
                label=_hist_label(labels[i], values),
            )
        pad = 0.5 + (first == last)
        ax.set_xlim(first - pad, last + pad)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        lo, hi = min(every), max(every)
        bins = 30
        step = (hi - lo) / bins if hi > lo else 1.0
        edges = [lo + step * k for k in range(bins + 1)]
        for i, values in enumerate(data):
            weights = [1 / len(values)] * len(values) if values else []
            ax.hist(
                values,
                bins=edges,
                weights=weights,
                histtype="stepfilled" if len(data) == 1 else "step",
                linewidth=1.6,
                color=COLORS[i % 2],
                alpha=0.85,
                label=_hist_label(labels[i], values),
            )
    ax.set_xlabel(panel.xlabel)
    ax.set_ylabel(f"share of {panel.per}")
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.legend(frameon=False)


def _hist_label(label: str, values: Sequence[float]) -> str:
    if not values:
        return f"{label} (no data)".strip()
    text = f"mean {statistics.fmean(values):.2f}, median {statistics.median(values):g}"
    return f"{label}: {text}" if label else text


def _percent_formatter() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(xmax=1.0, decimals=None)


def _facets(names: Sequence[str]) -> dict[str, list[str]]:
    """``"facet|bar"`` names grouped by facet (names without ``|`` form one group)."""
    groups: dict[str, list[str]] = {}
    for name in names:
        facet, sep, _bar = name.partition("|")
        groups.setdefault(facet if sep else "", []).append(name)
    return groups


def _short(name: str) -> str:
    return name.partition("|")[2] or name


def _draw_bars(
    ax: Any,
    panel: Bars,
    data: list[dict[str, tuple[float, float, float]]],
    labels: Sequence[str],
    references: Sequence[float | None],
    names: Sequence[str],
    legend: bool = True,
) -> None:
    if not names:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
        return
    horizontal = _horizontal(panel, names)
    width = 0.8 / len(data)
    for i, values in enumerate(data):
        pos = [k + (i - (len(data) - 1) / 2) * width for k in range(len(names))]
        nan = (math.nan, math.nan, math.nan)
        mids = [values.get(n, nan)[0] for n in names]
        err_lo = [max(0.0, m - values.get(n, nan)[1]) for n, m in zip(names, mids, strict=True)]
        err_hi = [max(0.0, values.get(n, nan)[2] - m) for n, m in zip(names, mids, strict=True)]
        has_err = any(e > 0 for e in err_lo + err_hi)
        kwargs: dict[str, Any] = {"color": COLORS[i % 2], "label": labels[i]}
        if has_err:
            kwargs.update({"ecolor": "#333333", "capsize": 2.5})
        if horizontal:
            ax.barh(pos, mids, height=width, xerr=[err_lo, err_hi] if has_err else None, **kwargs)
        else:
            ax.bar(pos, mids, width=width, yerr=[err_lo, err_hi] if has_err else None, **kwargs)
    seen: set[float] = set()
    for i, ref in enumerate(references):
        if ref is None or ref in seen:
            continue
        seen.add(ref)
        style = {
            "color": COLORS[i % 2] if len(set(references)) > 1 else "#555555",
            "linestyle": "--",
            "linewidth": 1,
        }
        if horizontal:
            ax.axvline(ref, **style)
        else:
            ax.axhline(ref, **style)
    every = [v[0] for d in data for v in d.values() if not math.isnan(v[0])]
    if every and min(every) >= 0:  # intervals of non-negative facts stop at zero
        if horizontal:
            ax.set_xlim(left=0)
        else:
            ax.set_ylim(bottom=0)
    ticks = [_short(n) for n in names]
    value_axis = ax.xaxis if horizontal else ax.yaxis
    if horizontal:
        ax.set_yticks(range(len(names)), ticks)
        ax.invert_yaxis()
        ax.set_xlabel(panel.ylabel)
    else:
        tilt = max(len(t) for t in ticks) > 3 and (
            len(names) > 5 or max(len(t) for t in ticks) > 12
        )
        ax.set_xticks(
            range(len(names)), ticks, rotation=30 if tilt else 0, ha="right" if tilt else "center"
        )
        ax.set_ylabel(panel.ylabel)
    if panel.percent:
        value_axis.set_major_formatter(_percent_formatter())
        high = (ax.get_xlim() if horizontal else ax.get_ylim())[1]
        if high < 0.01:  # all (near) zero: keep a readable scale
            (ax.set_xlim if horizontal else ax.set_ylim)(0, 0.05)
    if legend and len(data) > 1 and any(labels):
        ax.legend(frameon=False)


def _horizontal(panel: Bars, names: Sequence[str]) -> bool:
    if panel.orientation != "auto":
        return panel.orientation == "horizontal"
    return bool(names) and (len(names) > 8 or max(len(_short(n)) for n in names) > 16)


def _style(ax: Any) -> None:
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)


def _panel_figure(panel: Panel, runs: Sequence[Run], single: bool) -> tuple[Figure, Any]:
    plt = matplotlib_pyplot()
    labels = ["" if single else run.label for run in runs]
    if isinstance(panel, Hist):
        values = [panel.compute(run.played) for run in runs]
        fig, ax = plt.subplots(figsize=(7.2, 3.4))
        _draw_hist(ax, panel, values, labels)
        ax.set_title(panel.title, fontsize=11, loc="left")
        _style(ax)
        fig.tight_layout()
        return fig, values
    data = [panel.compute(run.played) for run in runs]
    names = list(dict.fromkeys(k for d in data for k in d))
    refs = [panel.reference(run.played) if panel.reference else None for run in runs]
    groups = _facets(names)
    if not groups or (len(groups) <= 1 and "" in groups):  # one panel ("no data" if empty)
        horizontal = _horizontal(panel, names)
        height = max(2.4, 0.3 * len(names) * len(runs) + 1.1) if horizontal else 3.4
        fig, ax = plt.subplots(figsize=(7.2, height + (0.3 if len(runs) > 1 else 0)))
        _draw_bars(ax, panel, data, labels, refs, names, legend=False)
        ax.set_title(panel.title, fontsize=11, loc="left")
        _style(ax)
        _figure_legend(fig, runs)
        return fig, data
    cols = min(4, len(groups))
    rows = -(-len(groups) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(7.2, 2.1 * rows + 0.6), squeeze=False)
    for k, (facet, members) in enumerate(groups.items()):
        ax = axes[k // cols][k % cols]
        _draw_bars(ax, panel, data, labels, refs, members, legend=False)
        ax.set_title(facet, fontsize=9)
        ax.set_ylabel("")
        ax.tick_params(labelsize=8)
        _style(ax)
    for k in range(len(groups), rows * cols):
        axes[k // cols][k % cols].axis("off")
    fig.suptitle(f"{panel.title} ({panel.ylabel})", fontsize=11, x=0.01, ha="left")
    _figure_legend(fig, runs)
    return fig, data


def _figure_legend(fig: Figure, runs: Sequence[Run]) -> None:
    """Lay the figure out, with the runs' colours in a legend above the plots."""
    if len(runs) < 2:
        fig.tight_layout()
        return
    plt = matplotlib_pyplot()
    handles = [plt.Rectangle((0, 0), 1, 1, color=COLORS[i % 2]) for i in range(len(runs))]
    fig.legend(
        handles,
        [run.label for run in runs],
        loc="lower right",
        bbox_to_anchor=(1.0, 0.0),
        ncol=len(runs),
        frameon=False,
        fontsize=8,
    )
    fig.tight_layout(rect=(0, 0.06, 1, 1))


@dataclass
class RenderedFigure:
    """A rendered figure: its file stem, PNG bytes and the data it shows."""

    key: str
    png: bytes
    data: Any


def render(
    panel: Panel, runs: Sequence[Run], figures_dir: Path, formats: Sequence[str]
) -> RenderedFigure:
    plt = matplotlib_pyplot()
    fig, data = _panel_figure(panel, runs, single=len(runs) == 1)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, metadata={"Software": None})
    png = buffer.getvalue()
    if "png" in formats:
        (figures_dir / f"{panel.key}.png").write_bytes(png)
    if "svg" in formats:
        fig.savefig(figures_dir / f"{panel.key}.svg", format="svg", metadata={"Date": None})
    plt.close(fig)
    return RenderedFigure(panel.key, png, data)
