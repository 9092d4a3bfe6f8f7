"""Writing and reading a simulation directory.

A run directory holds:

- ``games.jsonl``: one JSON object per game, sorted by game index (the full,
  nested row; what ``liftoff report`` reads);
- ``games.csv`` (or ``games.parquet``): the same rows flattened to columns, for
  spreadsheets and data frames;
- ``records/game-NNNNNN.json``: the full records of a sample of games (and of
  any game that failed), replayable with ``Game.replay``;
- ``meta.json``: the configuration and the equivalent command;
- ``run.json``: how it was run (backend, workers, time, games/s).

While a run is under way (and after it was interrupted) the directory also
holds ``partial.json`` (the configuration and table format) and
``partial.jsonl`` (every finished game so far, one per line, appended chunk
by chunk); ``liftoff simulate --resume DIR`` plays the games still missing and
writes the final files, then removes both.

Everything except ``run.json`` depends only on the configuration, so it is
byte-identical for any number of workers, either backend, and whether the run
was interrupted and resumed or not.
"""

from __future__ import annotations

import csv
import json
import shlex
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import liftoff
from liftoff.sim.runner import DEFAULT_MAX_ACTIONS, GameResult, SimConfig, dumps

JSONL = "games.jsonl"
CSV = "games.csv"
PARQUET = "games.parquet"
META = "meta.json"
RUN = "run.json"
RECORDS = "records"
PARTIAL_CONFIG = "partial.json"
PARTIAL_ROWS = "partial.jsonl"
REPORT = "report"
FORMATS = ("csv", "parquet")
RUN_FILES = (JSONL, CSV, PARQUET, META, RUN, PARTIAL_CONFIG, PARTIAL_ROWS)
"""The files ``simulate`` writes in a run directory (``--force`` removes them,
with ``records/``, ``report/`` and ``compare-*/``)."""


class StoreError(OSError):
    """A run directory that cannot be written or read."""


def prepare_out_dir(path: Path) -> Path:
    """Create ``path`` if needed and check that files can be written in it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".liftoff-write-test"
        probe.write_text("ok", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise StoreError(f"cannot write to {path}: {exc.strerror or exc}") from None
    return path


def is_empty(path: Path) -> bool:
    """Whether ``path`` does not exist or holds nothing."""
    return not path.exists() or (path.is_dir() and not any(path.iterdir()))


def clear_run(path: Path) -> None:
    """Remove what ``simulate`` and ``report`` wrote in ``path`` (``--force``);
    other files stay."""
    import shutil

    try:
        for name in RUN_FILES:
            (path / name).unlink(missing_ok=True)
        for folder in [path / RECORDS, path / REPORT, *path.glob("compare-*")]:
            if folder.is_dir():
                shutil.rmtree(folder)
    except OSError as exc:
        raise StoreError(f"cannot clear {path}: {exc.strerror or exc}") from None


def start_partial(path: Path, config: SimConfig, fmt: str) -> None:
    """Write ``partial.json`` (what to resume) and an empty ``partial.jsonl``."""
    try:
        (path / PARTIAL_CONFIG).write_text(
            json.dumps({"config": config.to_json(), "format": fmt}, indent=2) + "\n",
            encoding="utf-8",
        )
        (path / PARTIAL_ROWS).write_text("", encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"cannot write to {path}: {exc.strerror or exc}") from None


def partial_line(result: GameResult) -> str:
    """One finished game as a line of ``partial.jsonl``."""
    return dumps(
        {
            "index": result.index,
            "line": result.line,
            "actions": result.actions,
            "failed": result.failed,
            "record": result.record,
        }
    )


def load_partial(path: Path) -> tuple[SimConfig, str, list[GameResult]]:
    """``(config, format, finished games)`` of an interrupted run directory.
    A last line cut short by the interruption is ignored (that game is played
    again)."""
    config_path = path / PARTIAL_CONFIG
    if not config_path.is_file():
        if (path / META).is_file():
            raise StoreError(f"{path} holds a finished run: there is nothing to resume")
        raise StoreError(
            f"{path} holds no interrupted run ({PARTIAL_CONFIG} is missing); "
            "start one with `liftoff simulate ... --out DIR`"
        )
    try:
        data = json.loads(config_path.read_text(encoding="utf-8"))
        config = SimConfig.from_json(data["config"])
        fmt = str(data.get("format", "csv"))
        lines = (path / PARTIAL_ROWS).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise StoreError(f"cannot read the interrupted run in {path}: {exc}") from None
    results: dict[int, GameResult] = {}
    for line in lines:
        try:
            item = json.loads(line)
            result = GameResult(
                int(item["index"]),
                str(item["line"]),
                int(item["actions"]),
                bool(item["failed"]),
                item["record"],
            )
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short when the run was stopped
        if 0 <= result.index < config.games:
            results[result.index] = result
    return config, fmt, [results[i] for i in sorted(results)]


def end_partial(path: Path) -> None:
    """Remove ``partial.json`` and ``partial.jsonl`` once the run is written."""
    for name in (PARTIAL_CONFIG, PARTIAL_ROWS):
        (path / name).unlink(missing_ok=True)


def command_line(config: SimConfig, fmt: str = "csv") -> str:
    """The ``liftoff simulate`` command that reproduces the rows of ``config``."""
    parts = [
        "liftoff",
        "simulate",
        config.game,
        "--games",
        str(config.games),
        "--players",
        str(config.players),
        "--bots",
        ";".join(config.bots) if any("," in b for b in config.bots) else ",".join(config.bots),
    ]
    if config.content:
        parts += ["--content", config.content]
    for key, value in config.options.items():
        if key == "content" and config.content:
            continue  # filled in from --content
        text = str(value).lower() if isinstance(value, bool) else str(value)
        parts += ["--option", f"{key}={text}"]
    parts += ["--seed", str(config.seed)]
    if config.seating != "fixed":
        parts += ["--seating", config.seating]
    if config.keep_records != 10:
        parts += ["--keep-records", str(config.keep_records)]
    if config.max_actions != DEFAULT_MAX_ACTIONS:
        parts += ["--max-actions", str(config.max_actions)]
    if fmt != "csv":
        parts += ["--format", fmt]
    parts += ["--out", "DIR"]
    return shlex.join(parts)


def flat_row(row: Mapping[str, Any], players: int, detail_keys: Sequence[str]) -> dict[str, Any]:
    """A nested row as flat columns (per-seat columns; ``details.KEY`` columns)."""
    flat: dict[str, Any] = {
        "index": row["index"],
        "seed": row["seed"],
        "game": row["game"],
        "players": row["players"],
        "options": dumps(row["options"]),
    }
    seats = row["seats"]
    scores = row.get("scores") or [None] * players
    places = row.get("places") or [None] * players
    winners = row.get("winners")
    for s in range(players):
        flat[f"bot_{s}"] = seats[s]
    for s in range(players):
        flat[f"score_{s}"] = scores[s]
    for s in range(players):
        flat[f"place_{s}"] = places[s]
    flat["winners"] = None if winners is None else dumps(winners)
    flat["termination"] = row["termination"]
    length = row["length"]
    flat["actions"] = length.get("actions")
    flat["turns"] = length.get("turns")
    flat["rounds"] = length.get("rounds")
    details = row.get("details") or {}
    for key in detail_keys:
        value = details.get(key)
        flat[f"details.{key}"] = dumps(value) if isinstance(value, list | dict) else value
    flat["error"] = row.get("error")
    return flat


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def write_csv(path: Path, flat_rows: Iterable[Mapping[str, Any]]) -> None:
    """Flat rows as CSV (LF line ends, empty cells for missing values), streamed."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        columns: list[str] | None = None
        for flat in flat_rows:
            if columns is None:
                columns = list(flat)
                writer.writerow(columns)
            writer.writerow([_cell(flat.get(c)) for c in columns])
        if columns is None:
            writer.writerow([])


def write_parquet(path: Path, flat_rows: Sequence[Mapping[str, Any]]) -> None:
    """Flat rows as Parquet (needs pyarrow, the ``sim`` extra)."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError:
        raise StoreError(
            "Parquet output needs pyarrow: install the 'sim' extra "
            "(pip install 'liftoff[sim]'), or use --format csv"
        ) from None
    columns = list(flat_rows[0]) if flat_rows else []
    arrays = []
    for column in columns:
        values = [flat.get(column) for flat in flat_rows]
        try:
            arrays.append(pa.array(values))
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            arrays.append(pa.array([None if v is None else _cell(v) for v in values]))
    table = pa.Table.from_arrays(arrays, names=columns)
    pq.write_table(table, str(path), compression="zstd")


def write_run(
    out: Path,
    config: SimConfig,
    results: Iterable[GameResult],
    fmt: str = "csv",
    run_info: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Write a run directory from the results (in any order); returns the summary.

    Rows are sorted by game index, so the files do not depend on how the games
    were distributed.
    """
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    prepare_out_dir(out)
    ordered = sorted(results, key=lambda r: r.index)
    if [r.index for r in ordered] != list(range(config.games)):
        raise StoreError("the results do not cover every game exactly once")
    try:
        keys: dict[str, None] = {}
        with (out / JSONL).open("w", encoding="utf-8", newline="\n") as fh:
            for result in ordered:
                fh.write(result.line)
                fh.write("\n")
                for key in json.loads(result.line).get("details") or {}:
                    keys.setdefault(key, None)
        flat = (flat_row(r.row, config.players, list(keys)) for r in ordered)
        for stale in (CSV, PARQUET):
            (out / stale).unlink(missing_ok=True)
        if fmt == "csv":
            write_csv(out / CSV, flat)
        else:
            write_parquet(out / PARQUET, list(flat))
        records = out / RECORDS
        records.mkdir(exist_ok=True)
        for old in records.glob("game-*.json"):
            old.unlink()
        kept = []
        for result in ordered:
            if result.record is not None:
                data = dict(result.record)
                data["seats"] = result.row["seats"]
                data["index"] = result.index
                name = f"game-{result.index:06d}.json"
                (records / name).write_text(
                    json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
                )
                kept.append(name)
        errors = [r.index for r in ordered if r.failed]
        game = liftoff.games.get(config.game)
        meta = {
            "liftoff": liftoff.__version__,
            "title": game.info.title,
            "command": command_line(config, fmt),
            "config": config.to_json(),
            "all_options": game.options.validate(dict(config.options)),
            "format": fmt,
            "files": {
                "rows": JSONL,
                "table": CSV if fmt == "csv" else PARQUET,
                "records": [f"{RECORDS}/{name}" for name in kept],
            },
            "errors": errors,
        }
        (out / META).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        if run_info is not None:
            (out / RUN).write_text(json.dumps(dict(run_info), indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"cannot write the results to {out}: {exc.strerror or exc}") from None
    return meta


def load_run(path: Path | str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(meta, rows)`` of a run directory written by :func:`write_run`."""
    path = Path(path)
    meta_path, rows_path = path / META, path / JSONL
    if not meta_path.is_file() or not rows_path.is_file():
        raise StoreError(
            f"{path} is not a simulation directory (no {META} and {JSONL}); "
            "make one with `liftoff simulate ... --out DIR`"
        )
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        rows = [
            json.loads(line)
            for line in rows_path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
    except (OSError, ValueError) as exc:
        raise StoreError(f"cannot read {path}: {exc}") from None
    return meta, rows
