"""Architecture figures of ``src/liftoff``: what the architecture step measures.

    uv run python tools/architecture.py          # a readable report
    uv run python tools/architecture.py --json   # the same figures as JSON

It prints:

- **upward imports**: the layers, lowest first, are
  engine (with the shared helpers ``liftoff.addons`` and ``liftoff.records``)
  < games (with the ``liftoff`` package itself and the games' words,
  ``liftoff.speech``) < bots, rl, sim (and
  ``liftoff.bench``) < cli, server. A module importing a higher layer is an
  upward import, and so is a game importing another game or any of bots, rl,
  sim, cli, server. Every import counts (also inside functions) except those
  under ``if TYPE_CHECKING:``;
- **import circles**: strongly connected components of the graph of
  module-level imports (``TYPE_CHECKING`` ones excluded) between modules;
- **imports inside functions**: every import of the package's own modules
  made in a function body (run when it is called, not when the module is
  loaded), and those among them that **dodge a circle**: the module they
  import reaches back to the importer through module-level imports, so the
  same import at the top would close a circle (shown as the circle it would
  close); and the **circles hidden in functions**: circles of the graph of
  every import that the module-level graph does not have, with the imports
  inside functions that close them. A circle cannot hide in a function
  unnoticed;
- **sizes**: the largest files and the longest functions (lines from ``def`` to
  its last line), modules over 700 lines and functions over 80 lines. A module
  holding a ``# architecture: data module`` line in its first 30 lines, or a
  function holding a ``# architecture: data table`` line, is data and is
  listed but not counted as too long;
- **game-name comparisons**: ``x == "race"``, ``x != "planet"``,
  ``x in ("race", …)`` (and ``case "race":``) with the name of a game from
  ``liftoff.games.names()``, outside that game's own package;
- **rules that speak**: an engine or game module importing the languages
  (``liftoff.i18n``: catalogues, gettext) or the speech layer
  (``liftoff.speech``: the words of each game, above the rules), or a game's
  rules importing a speech module left in its package (``narrate``,
  ``glossary``, ``describe``: words for people; they live in the speech layer
  now, and only another such module may import one). Every import counts.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = "liftoff"
MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 80
DATA_MODULE = "# architecture: data module"
DATA_TABLE = "# architecture: data table"

#: layer of each top-level part of the package (absent: the package itself)
LAYERS: dict[str, int] = {
    "engine": 0,
    "addons": 0,
    "records": 0,
    "games": 1,
    "speech": 1,  # the games' words: above the rules (see ``rules_that_speak``)
    "": 1,  # ``liftoff/__init__.py`` re-exports the games registry
    "bots": 2,
    "rl": 2,
    "sim": 2,
    "bench": 2,
    "cli": 3,
    "server": 3,
    "__main__": 3,  # ``python -m liftoff`` runs the command line
}
LAYER_NAMES = ["engine", "games", "bots/rl/sim", "cli/server"]
TOOL_LAYERS = ("bots", "rl", "sim", "bench", "cli", "server")


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    tree: ast.Module
    lines: list[str]
    #: (target module, line, module level?) for every import outside TYPE_CHECKING
    imports: list[tuple[str, int, bool]] = field(default_factory=list)


def _module_name(path: Path, src: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(src).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(parts), is_package


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _resolve(module: Module, level: int, name: str | None) -> str:
    """The absolute name of a (possibly relative) ``from`` import's module."""
    if level == 0:
        return name or ""
    base = module.name.split(".")
    if not module.is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _collect_imports(module: Module, known: set[str]) -> None:
    def target(name: str) -> str | None:
        # the longest known module that ``name`` is or lies in
        parts = name.split(".")
        while parts:
            candidate = ".".join(parts)
            if candidate in known:
                return candidate
            parts.pop()
        return None

    def visit(node: ast.AST, top: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for other in node.orelse:
                visit(other, top)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                got = target(alias.name)
                if got:
                    module.imports.append((got, node.lineno, top))
            return
        if isinstance(node, ast.ImportFrom):
            base = _resolve(module, node.level, node.module)
            for alias in node.names:
                got = target(f"{base}.{alias.name}")
                if got:
                    module.imports.append((got, node.lineno, top))
            return
        # a class body runs at import time; a function body when called
        inner = top and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    for statement in module.tree.body:
        visit(statement, True)


def load(src: Path = SRC) -> dict[str, Module]:
    """Every module of the package, parsed, with its imports."""
    modules: dict[str, Module] = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        name, is_package = _module_name(path, src)
        text = path.read_text(encoding="utf-8")
        modules[name] = Module(name, path, is_package, ast.parse(text), text.splitlines())
    known = set(modules)
    for module in modules.values():
        _collect_imports(module, known)
    return modules


def _part(name: str) -> tuple[str, ...]:
    return tuple(name.split(".")[1:])


def _layer(name: str) -> int:
    parts = _part(name)
    return LAYERS.get(parts[0] if parts else "", 1)


def _game_of(name: str) -> str | None:
    parts = _part(name)
    return parts[1] if len(parts) >= 2 and parts[0] == "games" else None


def upward_imports(modules: dict[str, Module]) -> list[dict[str, Any]]:
    """Imports of a higher layer, of another game, or of a tool layer by a game."""
    out: list[dict[str, Any]] = []
    for module in modules.values():
        game = _game_of(module.name)
        seen: set[tuple[str, int]] = set()
        for target, line, _ in module.imports:
            if (target, line) in seen:
                continue
            seen.add((target, line))
            why = None
            other = _game_of(target)
            if _layer(target) > _layer(module.name):
                why = f"{LAYER_NAMES[_layer(module.name)]} imports {LAYER_NAMES[_layer(target)]}"
            elif game is not None and other is not None and other != game:
                why = f"game {game} imports game {other}"
            elif game is not None and _part(target)[:1] and _part(target)[0] in TOOL_LAYERS:
                why = f"game {game} imports {_part(target)[0]}"
            if why:
                out.append(
                    {
                        "module": module.name,
                        "imports": target,
                        "file": _rel(module.path),
                        "line": line,
                        "why": why,
                    }
                )
    return out


def import_circles(modules: dict[str, Module], *, inside: bool = False) -> list[list[str]]:
    """Strongly connected components (of two or more modules, or a module
    importing itself) of the module-level import graph (Tarjan); ``inside``:
    of the graph of every import, those inside functions too."""
    graph = {
        name: sorted({t for t, _, top in m.imports if (top or inside) and t in modules})
        for name, m in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0

    def connect(start: str) -> None:
        nonlocal counter
        work: list[tuple[str, int]] = [(start, 0)]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, i = work[-1]
            edges = graph[node]
            if i < len(edges):
                work[-1] = (node, i + 1)
                nxt = edges[i]
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    circles.append(sorted(component))

    for name in graph:
        if name not in index:
            connect(name)
    return sorted(circles)


def function_imports(modules: dict[str, Module]) -> dict[str, Any]:
    """Imports of the package's modules made inside functions (one per module,
    line and target); those that dodge a circle: the target reaches the
    importer through module-level imports (the circle is the shortest such
    path, importer first); and the circles hidden in functions: those of the
    graph of every import that are not circles of module-level imports, each
    with the imports inside functions that close it."""
    graph = {
        name: sorted({t for t, _, top in m.imports if top and t in modules})
        for name, m in modules.items()
    }
    inside: list[dict[str, Any]] = []
    for module in modules.values():
        for target, line in sorted({(t, n) for t, n, top in module.imports if not top}):
            path = _path(graph, target, module.name)
            inside.append(
                {"module": module.name, "imports": target, "file": _rel(module.path)}
                | {"line": line, "circle": [module.name, *path] if path else []}
            )
    inside.sort(key=lambda i: (i["file"], i["line"], i["imports"]))
    hidden = []
    for circle in import_circles(modules, inside=True):
        if circle in import_circles(modules):
            continue
        members = set(circle)
        closing = [i for i in inside if i["module"] in members and i["imports"] in members]
        hidden.append({"modules": circle, "closed_by": closing})
    dodging = [i for i in inside if i["circle"]]
    return {"count": len(inside), "all": inside, "dodging": dodging, "hidden_circles": hidden}


def _path(graph: dict[str, list[str]], start: str, goal: str) -> list[str]:
    """The shortest path of imports from ``start`` to ``goal`` (both included),
    empty when there is none (breadth first)."""
    came: dict[str, str | None] = {start: None}
    queue = [start]
    for node in queue:
        if node == goal:
            out: list[str] = []
            at: str | None = node
            while at is not None:
                out.append(at)
                at = came[at]
            return out[::-1]
        for nxt in graph.get(node, ()):
            if nxt not in came:
                came[nxt] = node
                queue.append(nxt)
    return []


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def sizes(modules: dict[str, Module], top: int = 10) -> dict[str, Any]:
    """The largest files, the longest functions, and those over the limits."""
    files: list[dict[str, Any]] = []
    functions: list[dict[str, Any]] = []
    for module in modules.values():
        data_module = any(line.strip() == DATA_MODULE for line in module.lines[:30])
        files.append({"file": _rel(module.path), "lines": len(module.lines), "data": data_module})
        for node in ast.walk(module.tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                end = node.end_lineno or node.lineno
                body = module.lines[node.lineno - 1 : end]
                functions.append(
                    {
                        "function": f"{module.name}.{_qualname(module.tree, node)}",
                        "file": _rel(module.path),
                        "line": node.lineno,
                        "lines": end - node.lineno + 1,
                        "data": any(line.strip() == DATA_TABLE for line in body),
                    }
                )
    files.sort(key=lambda f: (-f["lines"], f["file"]))
    functions.sort(key=lambda f: (-f["lines"], f["function"]))
    return {
        "largest_files": files[:top],
        "longest_functions": functions[:top],
        "modules_over": [f for f in files if f["lines"] > MAX_MODULE_LINES and not f["data"]],
        "functions_over": [
            f for f in functions if f["lines"] > MAX_FUNCTION_LINES and not f["data"]
        ],
        "data_exempt": [f for f in files + functions if f["data"]],
    }


def _qualname(tree: ast.Module, target: ast.AST) -> str:
    def search(node: ast.AST, prefix: str) -> str | None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if child is target:
                    return name
                got = search(child, f"{name}.")
                if got:
                    return got
            else:
                got = search(child, prefix)
                if got:
                    return got
        return None

    return search(tree, "") or "?"


def _string_constants(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [s for elt in node.elts for s in _string_constants(elt)]
    return []


def game_name_checks(modules: dict[str, Module], games: list[str]) -> list[dict[str, Any]]:
    """Comparisons with a game's name outside that game's package."""
    out = []
    wanted = set(games)
    for module in modules.values():
        own = _game_of(module.name)
        for node in ast.walk(module.tree):
            named: list[str] = []
            if isinstance(node, ast.Compare):
                ops = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)
                if any(isinstance(op, ops) for op in node.ops):
                    for side in (node.left, *node.comparators):
                        named += _string_constants(side)
            elif isinstance(node, ast.MatchValue):
                named += _string_constants(node.value)
            hits = sorted({n for n in named if n in wanted and n != own})
            if hits:
                out.append(
                    {
                        "file": _rel(module.path),
                        "line": getattr(node, "lineno", 0),
                        "games": hits,
                        "code": ast.get_source_segment("\n".join(module.lines), node) or "",
                    }
                )
    out.sort(key=lambda h: (h["file"], h["line"]))
    return out


#: a game's modules that put its rules into words (see ``rules_that_speak``)
SPEECH_MODULES = ("narrate", "glossary", "describe")


def rules_that_speak(modules: dict[str, Module]) -> list[dict[str, Any]]:
    """Imports of the languages or of the speech layer by the engine or a game,
    and of a game's speech modules by its rules."""
    out: list[dict[str, Any]] = []
    for module in modules.values():
        part = _part(module.name)
        if part[:1] not in (("engine",), ("games",)):
            continue
        own = part[2] if len(part) >= 3 else ""
        for target, line, _ in module.imports:
            goes = _part(target)
            if goes[:1] == ("i18n",):
                why = "imports the languages"
            elif goes[:1] == ("speech",):
                why = "imports the speech layer"
            elif (
                _game_of(target) is not None
                and len(goes) >= 3
                and goes[2] in SPEECH_MODULES
                and own not in SPEECH_MODULES
            ):
                why = f"rules import the speech module {goes[2]}"
            else:
                continue
            out.append(
                {"module": module.name, "imports": target, "file": _rel(module.path), "line": line}
                | {"why": why}
            )
    return out


def measure(src: Path = SRC) -> dict[str, Any]:
    """Every figure, as a JSON-safe dict."""
    sys.path.insert(0, str(SRC))  # the game names come from this checkout's registry
    import liftoff.games

    games = liftoff.games.names()
    modules = load(src)
    size = sizes(modules)
    return {
        "modules": len(modules),
        "lines": sum(len(m.lines) for m in modules.values()),
        "games": games,
        "upward_imports": upward_imports(modules),
        "import_circles": import_circles(modules),
        "function_imports": function_imports(modules),
        **size,
        "game_name_checks": game_name_checks(modules, games),
        "rules_that_speak": rules_that_speak(modules),
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as readable text."""
    out = [
        f"src/{PACKAGE}: {figures['modules']} modules, {figures['lines']} lines; "
        f"games: {', '.join(figures['games'])}",
        "",
        f"upward imports: {len(figures['upward_imports'])}",
    ]
    for up in figures["upward_imports"]:
        out.append(f"  {up['file']}:{up['line']}: {up['module']} -> {up['imports']} ({up['why']})")
    out += ["", f"import circles: {len(figures['import_circles'])}"]
    for circle in figures["import_circles"]:
        out.append(f"  {len(circle)} modules: {', '.join(circle)}")
    inner = figures["function_imports"]
    out += [
        "",
        f"imports inside functions: {inner['count']}, "
        f"of which dodging an import circle: {len(inner['dodging'])}",
    ]
    for hit in inner["dodging"]:
        out.append(f"  {hit['file']}:{hit['line']}: {' -> '.join(hit['circle'])}")
    out.append(f"circles hidden in functions: {len(inner['hidden_circles'])}")
    for circle in inner["hidden_circles"]:
        out.append(f"  {len(circle['modules'])} modules: {', '.join(circle['modules'])}")
        for hit in circle["closed_by"]:
            out.append(f"    {hit['file']}:{hit['line']}: {hit['module']} -> {hit['imports']}")
    out += ["", "largest files:"]
    for f in figures["largest_files"]:
        out.append(f"  {f['lines']:5}  {f['file']}" + ("  (data)" if f["data"] else ""))
    out += ["", "longest functions:"]
    for f in figures["longest_functions"]:
        out.append(
            f"  {f['lines']:5}  {f['function']}  ({f['file']}:{f['line']})"
            + ("  (data)" if f["data"] else "")
        )
    out += ["", f"modules over {MAX_MODULE_LINES} lines: {len(figures['modules_over'])}"]
    for f in figures["modules_over"]:
        out.append(f"  {f['lines']:5}  {f['file']}")
    out += ["", f"functions over {MAX_FUNCTION_LINES} lines: {len(figures['functions_over'])}"]
    for f in figures["functions_over"]:
        out.append(f"  {f['lines']:5}  {f['function']}  ({f['file']}:{f['line']})")
    if figures["data_exempt"]:
        out += ["", "data (exempt from the limits):"]
        for f in figures["data_exempt"]:
            out.append(f"  {f['lines']:5}  {f.get('function', f['file'])}")
    out += ["", f"game-name comparisons outside the game: {len(figures['game_name_checks'])}"]
    for hit in figures["game_name_checks"]:
        code = " ".join(hit["code"].split())
        out.append(f"  {hit['file']}:{hit['line']}: {code}")
    out += ["", f"rules that speak: {len(figures['rules_that_speak'])}"]
    for hit in figures["rules_that_speak"]:
        out.append(f"  {hit['file']}:{hit['line']}: {hit['imports']} ({hit['why']})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--src", type=Path, default=SRC, help="the src folder to measure")
    args = parser.parse_args(argv)
    figures = measure(args.src.resolve())
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
