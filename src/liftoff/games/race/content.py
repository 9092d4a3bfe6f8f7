"""Planet content: the five planet types, loaded from a data file.

The packaged ``data/planets.toml`` is the catalogue's reconstructed table
(RC-GAP-1), labelled as such; the option ``planets=PATH`` loads another TOML or
JSON file of the same shape, so the real cards are a data change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine.content import load_file, load_packaged

PACKAGE = "liftoff.games.race.data"
DEFAULT_FILE = "planets.toml"
#: option value meaning "the packaged table"
DEFAULT = "default"

Known = Literal["terraforming", "vp", "ore"]


class PlanetModel(BaseModel):
    """One planet type as printed on its card (RC-COMP-6)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    terraforming: int = Field(ge=0, le=2, description="Terraforming events needed (0-2)")
    vp: int = Field(ge=1, le=5, description="victory points for the Settler majority")
    ore: int = Field(ge=1, le=3, description="ore deposits")
    known: list[Known] = Field(default_factory=list, description="values taken from the rulebook")


class PlanetFile(BaseModel):
    """A planet table: exactly five distinct planet types (RC-COMP-5)."""

    model_config = ConfigDict(extra="forbid")

    reconstructed: bool
    note: str = ""
    planets: list[PlanetModel] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _distinct(self) -> PlanetFile:
        names = [p.name for p in self.planets]
        if len(set(names)) != len(names):
            raise ValueError(f"planet names must be distinct: {names}")
        return self


@dataclass(frozen=True, slots=True)
class PlanetType:
    """A planet type as the rules use it."""

    name: str
    terraforming: int
    vp: int
    ore: int


@dataclass(frozen=True, slots=True)
class PlanetTable:
    """The five planet types of a game and where they came from."""

    planets: tuple[PlanetType, ...]
    reconstructed: bool
    note: str
    source: str

    def index(self, name: str) -> int:
        """The position of the planet type called ``name``."""
        for i, p in enumerate(self.planets):
            if p.name == name:
                return i
        raise KeyError(f"no planet {name!r}; known: {', '.join(p.name for p in self.planets)}")


def _table(model: PlanetFile, source: str) -> PlanetTable:
    return PlanetTable(
        planets=tuple(PlanetType(p.name, p.terraforming, p.vp, p.ore) for p in model.planets),
        reconstructed=model.reconstructed,
        note=model.note,
        source=source,
    )


def load_planets(selection: str = DEFAULT) -> PlanetTable:
    """The planet table for the option value ``selection``: ``"default"`` for the
    packaged (reconstructed) table, else a path to a TOML/JSON file.

    Raises :class:`liftoff.engine.ContentError` for a bad file.
    """
    if selection == DEFAULT:
        return _table(load_packaged(PlanetFile, PACKAGE, DEFAULT_FILE), DEFAULT)
    return _table(load_file(PlanetFile, selection), selection)
