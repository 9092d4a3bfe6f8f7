"""The toy game's content: the round cards (``cards.toml``), validated by a
pydantic model; every problem names the file, the field and the card."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from liftoff.engine import ContentError
from liftoff.engine.content import parse_text, validate

PACKAGE_DATA = Path(__file__).resolve().parent / "data"
FILES = ("cards.toml",)
Problem = tuple[str, str, str]


class Card(BaseModel):
    """One round card."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1)
    points: int = Field(ge=1, le=10)


class Deck(BaseModel):
    """The content of ``cards.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: tuple[Card, ...] = Field(min_length=3)

    @field_validator("cards")
    @classmethod
    def _unique_ids(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} is used twice")
            seen.add(card.id)
        return cards

    @property
    def points(self) -> dict[str, int]:
        """Card id → points."""
        return {c.id: c.points for c in self.cards}

    @property
    def fingerprint(self) -> str:
        """A short digest of the content (records carry it)."""
        text = json.dumps(self.model_dump(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def _read(path: Path) -> Deck:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError([(str(path), "(file)", f"cannot be read: {exc.strerror}")]) from None
    data = parse_text(text, str(path))
    try:
        return validate(Deck, data, str(path))
    except ContentError as exc:
        raise ContentError([_name_card(p, data) for p in exc.problems]) from None


def _name_card(problem: Problem, data: Any) -> Problem:
    """Add the card's id to a problem located in ``cards[i]``."""
    path, where, message = problem
    if where.startswith("cards[") and isinstance(data, dict):
        index = where[len("cards[") : where.index("]")]
        cards = data.get("cards")
        if index.isdigit() and isinstance(cards, list) and int(index) < len(cards):
            card = cards[int(index)]
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                message = f"card {card['id']!r}: {message}"
    return path, where, message


def default_content() -> Deck:
    """The shipped cards."""
    return _read(PACKAGE_DATA / "cards.toml")


def load_content(directory: str | Path) -> Deck:
    """The cards in ``directory`` (the shipped ones where it has no ``cards.toml``);
    raises :class:`ContentError`."""
    path = Path(directory) / "cards.toml"
    if not Path(directory).is_dir():
        raise ContentError([(str(directory), "(file)", "is not a directory")])
    return _read(path) if path.exists() else default_content()


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem in a content file or a folder of them (empty: valid)."""
    p = Path(path)
    files = [p / name for name in FILES if (p / name).exists()] if p.is_dir() else [p]
    if not files:
        return [(str(p), "(file)", f"holds none of {', '.join(FILES)}")]
    problems: list[Problem] = []
    for file in files:
        if file.name not in FILES:
            problems.append(
                (str(file), "(file)", f"is not a toy content file ({', '.join(FILES)})")
            )
            continue
        try:
            _read(file)
        except ContentError as exc:
            problems.extend(exc.problems)
    return problems
