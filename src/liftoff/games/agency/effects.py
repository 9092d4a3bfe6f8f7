"""The declarative effect vocabulary of agency cards, and what it counts.

Cards never carry code: a specialist action or a mission lists effects from
this small vocabulary, and the rules (``pending.py``, ``scoring.py``) interpret them.

========================= =========================================================
``money`` amount          gain money
``points`` amount         score victory points
``income`` amount         move the income marker up (capped by the track)
``tech`` colours, count   gain ``count`` technology cards of one colour chosen from
                          ``colours`` (no choice with one colour; limited by supply)
``upgrade`` options,count gain rocket upgrades of one kind chosen from ``options``
                          (``capacity``: weight track up; ``propulsion``: cost down)
``lab`` amount            raise the lab level (max 4)
``station``               invest in the space station (choose a free space)
``capacity`` amount       this round: +amount capacity for one launch
``discount`` amount       this round: every launch costs amount less
``launch`` amount         this round: extra launch symbols (normal cost)
``mission`` amount        this round: draw and keep extra mission cards
``score_per`` counts,     score ``points`` per ``every`` of what ``counts`` counts
  points, every, max      (capped at ``max``); at the end on hourglass missions
========================= =========================================================

A *counter* (``counts``) names something countable about a player:
``missions`` in space (``levels`` filter), ``hourglass`` missions in space,
``tech`` cards (``colours`` filter), ``tech_sets`` (complete sets of the listed
colours), ``upgrades`` (``upgrade`` = capacity / propulsion / both),
``station`` investments, ``lab`` level, ``income`` value, ``money``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine.messages import render, text

from . import words

ColourName = Literal["red", "yellow", "blue", "green"]
#: the technology colours, in the order states and views list them
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Counter(_Model):
    """Something countable about a player (objectives and ``score_per``)."""

    what: Literal[
        "missions",
        "hourglass",
        "tech",
        "tech_sets",
        "upgrades",
        "station",
        "lab",
        "income",
        "money",
    ]
    levels: list[Annotated[int, Field(ge=1, le=4)]] = Field(default_factory=list)
    colours: list[ColourName] = Field(default_factory=list)
    upgrade: Literal["capacity", "propulsion", "both"] = "both"

    @model_validator(mode="after")
    def _check(self) -> Counter:
        if self.levels and self.what != "missions":
            raise ValueError("'levels' only applies to counting missions")
        if self.colours and self.what not in ("tech", "tech_sets"):
            raise ValueError("'colours' only applies to counting technology")
        if self.upgrade != "both" and self.what != "upgrades":
            raise ValueError("'upgrade' only applies to counting upgrades")
        return self

    def describe(self) -> str:
        """A short phrase in the current language ("level-1/2 missions in space")."""
        w = self.what
        if w == "missions" and self.levels:
            levels = "/".join(str(x) for x in self.levels)
            return render("agency.counter.missions-levels", {"levels": levels})
        if w == "tech" and self.colours:
            return render("agency.counter.tech-colours", {"colours": words.colours(self.colours)})
        if w == "tech_sets":
            if not self.colours:
                return text("agency.counter.tech-sets-all")
            joined = words.colours(self.colours, "+")
            return render("agency.counter.tech-sets", {"colours": joined})
        if w == "upgrades" and self.upgrade != "both":
            kind = words.word("upgrade", self.upgrade)
            return render("agency.counter.upgrades-kind", {"kind": kind})
        return text(f"agency.counter.{w}")


class Money(_Model):
    kind: Literal["money"]
    amount: int = Field(ge=1, le=30)


class Points(_Model):
    kind: Literal["points"]
    amount: int = Field(ge=1, le=40)


class Income(_Model):
    kind: Literal["income"]
    amount: int = Field(ge=1, le=5)


class Tech(_Model):
    kind: Literal["tech"]
    colours: list[ColourName] = Field(min_length=1, max_length=4)
    count: int = Field(default=1, ge=1, le=5)


class Upgrade(_Model):
    kind: Literal["upgrade"]
    options: list[Literal["capacity", "propulsion"]] = Field(min_length=1, max_length=2)
    count: int = Field(default=1, ge=1, le=4)


class Lab(_Model):
    kind: Literal["lab"]
    amount: int = Field(default=1, ge=1, le=3)


class Station(_Model):
    kind: Literal["station"]


class Capacity(_Model):
    kind: Literal["capacity"]
    amount: int = Field(ge=1, le=5)


class Discount(_Model):
    kind: Literal["discount"]
    amount: int = Field(ge=1, le=5)


class Launch(_Model):
    kind: Literal["launch"]
    amount: int = Field(default=1, ge=1, le=3)


class ExtraMission(_Model):
    kind: Literal["mission"]
    amount: int = Field(default=1, ge=1, le=2)


class ScorePer(_Model):
    kind: Literal["score_per"]
    counts: Counter
    points: int = Field(ge=1, le=20)
    every: int = Field(default=1, ge=1, le=20)
    max: int | None = Field(default=None, ge=1, le=60)


Effect = Annotated[
    Money
    | Points
    | Income
    | Tech
    | Upgrade
    | Lab
    | Station
    | Capacity
    | Discount
    | Launch
    | ExtraMission
    | ScorePer,
    Field(discriminator="kind"),
]

AnyEffect = (
    Money
    | Points
    | Income
    | Tech
    | Upgrade
    | Lab
    | Station
    | Capacity
    | Discount
    | Launch
    | ExtraMission
    | ScorePer
)


def describe(e: AnyEffect) -> str:
    """A short text for an effect, in the current language ("+2 money")."""
    if isinstance(e, Tech):
        return render("agency.fx.tech", {"count": e.count, "colours": words.colours(e.colours)})
    if isinstance(e, Upgrade):
        options = "/".join(words.word("upgrade", x) for x in e.options)
        return render("agency.fx.upgrade", {"count": e.count, "options": options})
    if isinstance(e, Station):
        return text("agency.fx.station")
    if isinstance(e, ScorePer):
        code = "agency.fx.score-per" + ("-every" if e.every > 1 else "") + ("-max" if e.max else "")
        params = {"points": e.points, "every": e.every, "what": e.counts.describe(), "max": e.max}
        return render(code, params)
    return render(f"agency.fx.{e.kind}", {"amount": e.amount})


def describe_all(effects: list[AnyEffect]) -> str:
    """Effects joined with commas."""
    return ", ".join(describe(e) for e in effects)
