"""Build the optional compiled (mypyc) modules from the same source.

``python -m liftoff.compile build [DIR]`` compiles :data:`MODULES` with mypyc
into ``DIR`` (``build/compiled`` by default), never next to the sources, and
writes ``manifest.json`` there: the SHA-256 of every compiled module's source
and the extension files built. ``python -m liftoff.compile clean [DIR]``
removes the build; ``status [DIR]`` says whether it would be used.

The build is used only when ``LIFTOFF_COMPILED`` names its directory and every
source hash still matches (see :mod:`liftoff.compiled`); otherwise the pure
Python modules run.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from liftoff.compiled import MANIFEST, MODULES, check_build, source_hash, source_path

#: where ``build`` puts the compiled modules unless told otherwise
DEFAULT_DIR = Path("build") / "compiled"


def build(out: Path) -> list[str]:
    """Compile :data:`MODULES` into ``out`` and write its manifest; the extension files."""
    from mypyc.build import mypycify  # the build tools are only needed to build
    from setuptools import Distribution  # type: ignore[import-untyped]

    out = out.resolve()
    clean(out)
    out.mkdir(parents=True)
    sources = [str(source_path(name)) for name in MODULES]
    with tempfile.TemporaryDirectory() as tmp:
        exts = mypycify(sources, opt_level="3", target_dir=str(Path(tmp) / "c"))
        dist = Distribution({"name": "liftoff-compiled", "ext_modules": exts})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(out)
        cmd.build_temp = str(Path(tmp) / "t")
        cmd.inplace = False
        dist.run_command("build_ext")
    files = {
        ".".join(p.relative_to(out).with_suffix("").with_suffix("").parts): str(p.relative_to(out))
        for p in sorted(out.rglob("*.so")) + sorted(out.rglob("*.pyd"))
    }
    manifest = {
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
        "sources": {name: source_hash(name) for name in MODULES},
        "extensions": files,
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return sorted(files.values())


def clean(out: Path) -> bool:
    """Remove the build directory ``out``; whether there was one."""
    if not out.exists():
        return False
    if out.is_dir() and not (out / MANIFEST).exists() and any(out.iterdir()):
        raise SystemExit(f"{out} is not a compiled build (no {MANIFEST}); left alone")
    shutil.rmtree(out)
    return True


def main(argv: list[str] | None = None) -> int:
    """``build``, ``clean`` or ``status``, optionally followed by the build directory."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("build", "clean", "status") or len(args) > 2:
        print("usage: python -m liftoff.compile build|clean|status [DIR]", file=sys.stderr)
        return 2
    out = Path(args[1]) if len(args) == 2 else DEFAULT_DIR
    if args[0] == "build":
        files = build(out)
        print(f"compiled {len(MODULES)} modules into {out}: {', '.join(files)}")
        print(f"use them with LIFTOFF_COMPILED={out}")
    elif args[0] == "clean":
        print(f"removed {out}" if clean(out) else f"no build at {out}")
    else:
        problem = check_build(out)
        print(problem or f"{out} is up to date: its modules would be used")
        return 1 if problem else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
