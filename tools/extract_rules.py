"""Extract rule-catalogue clauses into a game's ``data/rules.json``.

Usage: python tools/extract_rules.py CATALOGUE.md OUT.json

Clauses (``N. **ID** — text``), worked examples and gaps (``**ID — title**`` or
``### ID — title`` followed by their body) become ``{ID: text}``; the web rules
panel and error messages show them next to a refused action.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

CLAUSE = re.compile(r"^\d+\.\s+\*\*([A-Z]{2}-[A-Z0-9-]+)\*\*\s+—\s+(.*)$")
HEADING = re.compile(
    r"^(?:###\s+|\*\*)([A-Z]{2}-[A-Z0-9-]+)(?:\*\*)?\s*(?:—\s*(.*?))?(?:\*\*)?\s*$"
)


def extract(text: str) -> dict[str, str]:
    rules: dict[str, str] = {}
    current: str | None = None
    body: list[str] = []

    def flush() -> None:
        if current and current not in rules:
            rules[current] = " ".join(" ".join(body).replace("**", "").split())

    for line in text.splitlines():
        m = CLAUSE.match(line)
        if m:
            flush()
            current = None
            rules[m.group(1)] = m.group(2).strip()
            continue
        h = HEADING.match(line.strip())
        if h:
            flush()
            current = h.group(1)
            body = [h.group(2) or ""]
            continue
        if line.startswith(("## ", "### ", "---")):
            flush()
            current = None
            body = []
            continue
        if current:
            body.append(line.strip().lstrip("- "))
    flush()
    return rules


def main() -> None:
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    rules = extract(src.read_text(encoding="utf-8"))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rules, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rules)} rules -> {out}")


if __name__ == "__main__":
    main()
