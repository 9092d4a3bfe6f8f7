"""Write the server's table of confusable characters from Unicode's ``confusables.txt``.

    uv run python tools/confusables.py PATH/TO/confusables.txt

Unicode publishes the file with UTS #39 (Unicode Security Mechanisms,
https://www.unicode.org/Public/security/). The server keeps only what the
skeleton needs — each source character and the characters it maps to, in hex —
in ``src/liftoff/server/tables/confusables.txt``, under the file's own header
(its version, date and terms of use). ``liftoff.server.tables.names`` reads it.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src/liftoff/server/tables/confusables.txt"


def compact(source: str) -> str:
    """The header of ``source`` and one ``SOURCE TARGET…`` line (hex) per mapping."""
    header: list[str] = []
    rows: list[str] = []
    for line in source.lstrip("\ufeff").splitlines():
        if not rows and line.startswith("#") and line.strip() != "#":
            if not line.startswith("# For documentation"):
                header.append(line)
            continue
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        src, target, _kind = (part.strip() for part in data.split(";"))
        rows.append(f"{src} {target}")
    intro = [
        "# The skeleton mappings of Unicode's confusables.txt (UTS #39), in hex:",
        "# SOURCE TARGET... (written by tools/confusables.py from the file below).",
    ]
    return "\n".join([*intro, *header, *rows]) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    OUT.write_text(compact(Path(argv[0]).read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
