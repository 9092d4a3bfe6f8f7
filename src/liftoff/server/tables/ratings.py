"""Ratings: persons and bots on one scale per game (openskill's Plackett-Luce).

A table created *rated* updates the rating of every player when its game ends
(not when it was abandoned): each person (``person:<id>``, the person token's
person) and each bot (``bot:<level>``) gets a new ``mu`` and ``sigma`` from the
places of the outcome. A rating is shown with its uncertainty (``sigma``) and
ranked by its ordinal, ``mu - 3 sigma``. Bot levels are rated by games among
themselves (:func:`play_levels`, run by the operator: ``liftoff admin rate-bots``)
and by their games against people, so a person's rating reads as the level they
play like (:func:`plays_like`).

A person holds one seat at a table (``tables.persons``), so nobody plays their
own second seat at a rated table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

import liftoff
from liftoff.bots.levels import LEVELS, level_factory

from ..storage.days import DaysStore, Rating
from .model import LiveTable
from .people import shown_name

if TYPE_CHECKING:
    from .manager import TableManager

MODEL = PlackettLuce()
BOT = "bot:"
PERSON = "person:"


def ordinal(r: Rating) -> float:
    """A rating's rank value: what it surely is at least (``mu - 3 sigma``)."""
    return r.mu - 3 * r.sigma


def fresh(subject: str, game: str, name: str | None = None) -> Rating:
    """A rating nobody played yet."""
    base = MODEL.rating()
    return Rating(subject, game, float(base.mu), float(base.sigma), 0, name)


def rate(players: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The players' ratings after a game they finished in ``places`` (1: first;
    tied players share a place); pure."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in players]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        dataclasses.replace(r, mu=float(t[0].mu), sigma=float(t[0].sigma), games=r.games + 1)
        for r, t in zip(players, after, strict=True)
    ]


def play_levels(game_name: str, levels: Sequence[str], seed: int) -> list[int]:
    """One game among bots of ``levels`` (one seat each, in that order); their places."""
    game = liftoff.games.get(game_name)
    state = game.new_game(len(levels), seed, {})
    bots = [level_factory(level)(seed=seed * 31 + i) for i, level in enumerate(levels)]
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, bots[p].choose(state, p))
    outcome = state.outcome()
    assert outcome is not None
    return list(outcome.places)


def subject_of(kind: str, bot: str | None, person: str | None) -> str | None:
    """The rated subject of a seat: its person, or its bot; ``None``: nobody."""
    if kind == "bot" and bot:
        return BOT + bot[:60]
    return PERSON + person if person else None


class Ratings:
    """Updating and reading the ratings of the server's persons and bots."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.store = DaysStore(host.store)

    async def update(
        self, game: str, subjects: Sequence[tuple[str, str | None]], places: Sequence[int]
    ) -> list[Rating]:
        """Rate one game of ``subjects`` (subject, name) finished in ``places``."""
        known = {r.subject: r for r in await self.store.ratings(game, [s for s, _ in subjects])}
        before = [
            dataclasses.replace(known[s], name=name or known[s].name)
            if s in known
            else fresh(s, game, name)
            for s, name in subjects
        ]
        after = rate(before, places)
        await self.store.save_ratings(after)
        return after

    async def record(self, table: LiveTable) -> list[Rating] | None:
        """A rated table's game ended: rate its players (not an abandoned game, nor
        one with a seat nobody is behind)."""
        outcome = table.outcome()
        if not table.rated or table.abandoned or outcome is None:
            return None
        subjects = [subject_of(s.kind, s.bot, s.person) for s in table.seats]
        if any(s is None for s in subjects) or len(set(subjects)) != len(subjects):
            return None
        named = [(str(s), n) for s, n in zip(subjects, table.names(), strict=True)]
        return await self.update(table.game.info.name, named, outcome.places)

    async def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """Every rated person and bot at ``game``, best ordinal first."""
        rows = sorted(await self.store.ratings(game), key=ordinal, reverse=True)[:limit]
        return [public(r) for r in rows]

    async def of_person(self, game: str, person: str) -> dict[str, Any] | None:
        """A person's rating at ``game`` and the bot level they play like."""
        rows = await self.store.ratings(game)
        mine = next((r for r in rows if r.subject == PERSON + person), None)
        if mine is None:
            return None
        return {**public(mine), "plays_like": plays_like(mine, rows)}


def plays_like(mine: Rating, rows: Sequence[Rating]) -> str | None:
    """The bot level whose rating is nearest to ``mine`` (``None``: no level rated)."""
    levels = [
        r for r in rows if r.subject.removeprefix(BOT) in LEVELS and r.subject.startswith(BOT)
    ]
    if not levels:
        return None
    return min(levels, key=lambda r: abs(r.mu - mine.mu)).subject.removeprefix(BOT)


def public(r: Rating) -> dict[str, Any]:
    """A rating as anyone may see it (no person id: a name, or the bot's level)."""
    bot = r.subject.removeprefix(BOT) if r.subject.startswith(BOT) else None
    return {
        "name": shown_name(r.name) if bot is None else bot,
        "bot": bot,
        "mu": round(r.mu, 2),
        "sigma": round(r.sigma, 2),
        "ordinal": round(ordinal(r), 2),
        "games": r.games,
    }
