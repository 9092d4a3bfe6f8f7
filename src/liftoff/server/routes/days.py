"""Play over days: a person's games ("My games"), their vacation, the ratings and
their leaderboards."""

from __future__ import annotations

import asyncio

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from liftoff.bots.levels import LEVELS

from ..errors import ApiError
from ..tables.mygames import my_games
from ..tables.ratings import BOT, play_levels
from .admin import admin
from .common import ERRORS, Lang, Manager, Token, caller_of, json, make_router
from .games import game_named

router = make_router("days")


class VacationIn(BaseModel):
    """A vacation: your clocks stand still at every table for ``days`` days."""

    days: float = Field(..., gt=0, le=366, allow_inf_nan=False, description="days from now")


async def _person(request: Request, manager: Manager) -> str:
    """The id of the person the request comes from (401 without one the server knows)."""
    found = await manager.persons.find(caller_of(request).key)
    if found is None:
        raise ApiError(401, "no-person", "take a seat first: the server does not know you yet")
    return found


@router.get(
    "/api/my-games", summary="Your games: your turn first, with time left", responses=ERRORS
)
async def my_games_list(request: Request, manager: Manager, lang: Lang) -> Response:
    """Every unfinished table where the request's person holds a seat (or has one kept
    for them): where it is their turn first, then the least time left. Only the
    person's own tables, with public facts only (``known``: the server knows the
    person at all)."""
    person = await manager.persons.find(caller_of(request).key)
    if person is None:
        return json({"known": False, "games": []})
    return json({"known": True, "games": await my_games(manager, person, lang)})


class SignInIn(BaseModel):
    """An email address to mail a sign-in link to."""

    email: str = Field(..., min_length=3, max_length=254)


class LinkIn(BaseModel):
    """The token of a sign-in link (from the link's fragment)."""

    token: str = Field(..., min_length=16, max_length=128)


@router.post("/api/sign-in", summary="Mail a sign-in link for this browser", responses=ERRORS)
async def sign_in(body: SignInIn, request: Request, manager: Manager, lang: Lang) -> Response:
    """The same answer whether an account has this email or not (the mail in the
    reader's language)."""
    person = await _person(request, manager)
    await manager.accounts.ask(person, body.email, lang)
    return json({"sent": True})


@router.post("/api/sign-in/finish", summary="Open a sign-in link", responses=ERRORS)
async def sign_in_finish(body: LinkIn, request: Request, manager: Manager, lang: Lang) -> Response:
    person = await _person(request, manager)
    await manager.accounts.finish(person, body.token, lang)
    return json({"account": await manager.accounts.account_of(person)})


@router.post("/api/sign-out", summary="This browser signs out", responses=ERRORS)
async def sign_out(request: Request, manager: Manager) -> Response:
    person = await _person(request, manager)
    await manager.accounts.sign_out(person)
    return json({"account": None})


@router.get("/api/account", summary="The account this browser is signed in to", responses=ERRORS)
async def account(request: Request, manager: Manager) -> Response:
    person = await manager.persons.find(caller_of(request).key)
    found = await manager.accounts.account_of(person) if person is not None else None
    # ``mail``: whether this server mails sign-in links at all
    mail = bool(manager.settings.smtp and manager.settings.public_url)
    return json({"account": found, "mail": mail})


@router.get("/api/vacation", summary="Your vacation days", responses=ERRORS)
async def vacation(request: Request, manager: Manager) -> Response:
    person = await manager.persons.find(caller_of(request).key)
    if person is None:  # nobody the server knows yet: nothing to pause
        return json({"known": False})
    return json({"known": True, **await manager.vacations.status(person)})


@router.post("/api/vacation", summary="Go on vacation: your clocks stop", responses=ERRORS)
async def take_vacation(body: VacationIn, request: Request, manager: Manager) -> Response:
    person = await _person(request, manager)
    return json(await manager.vacations.take(person, body.days))


@router.get(
    "/api/ratings/{game}", summary="A game's leaderboard: persons and bots", responses=ERRORS
)
async def leaderboard(game: str, manager: Manager) -> Response:
    info = game_named(game).info
    ratings = await manager.ratings.leaderboard(info.name)
    return json({"game": info.name, "ratings": ratings})


@router.get(
    "/api/ratings/{game}/me", summary="Your rating and the bot you play like", responses=ERRORS
)
async def my_rating(game: str, request: Request, manager: Manager) -> Response:
    info = game_named(game).info
    person = await manager.persons.find(caller_of(request).key)
    rating = await manager.ratings.of_person(info.name, person) if person is not None else None
    return json({"game": info.name, "rating": rating})


class BotGamesIn(BaseModel):
    """Games among bot levels, to rate them (the operator's)."""

    games: int = Field(10, ge=1, le=1000, description="how many games")
    levels: list[str] = Field(
        default_factory=lambda: ["beginner", "easy", "medium", "hard"],
        max_length=5,
        description="the levels that play (each game seats as many as the game takes)",
    )
    seed: int = Field(0, ge=0, lt=2**52)


@router.post(
    "/api/admin/ratings/{game}/bots",
    summary="Rate the bot levels by games among themselves (operator)",
    responses=ERRORS,
)
async def rate_bots(game: str, body: BotGamesIn, cred: Token, manager: Manager) -> Response:
    admin(manager, cred)
    info = game_named(game).info
    unknown = [lv for lv in body.levels if lv not in LEVELS]
    if unknown or len(body.levels) < info.min_players:
        raise ApiError(422, "bad-levels", "choose two or more bot levels")
    for k in range(body.games):
        seated = seating(body.levels, info.max_players, k)
        places = await asyncio.to_thread(play_levels, info.name, seated, body.seed + k)
        await manager.ratings.update(info.name, [(BOT + lv, None) for lv in seated], places)
    return json({"game": info.name, "ratings": await manager.ratings.leaderboard(info.name)})


def seating(levels: list[str], most: int, k: int) -> list[str]:
    """The levels at game ``k``: at most ``most`` of them, a different first seat and
    a different one left out each game."""
    turned = levels[k % len(levels) :] + levels[: k % len(levels)]
    return turned[: min(most, len(turned))]
