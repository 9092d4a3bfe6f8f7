"""A signed-in person's account: its turn mails (on, off, the unsubscribe link of a
mail), its data's export and its deletion."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..errors import ApiError
from ..tables.accountdata import delete_account, export
from .common import ERRORS, Manager, caller_of, json, make_router

router = make_router("account")


async def _person(request: Request, manager: Manager) -> str:
    """The id of the person the request comes from (401 without one the server knows)."""
    found = await manager.persons.find(caller_of(request).key)
    if found is None:
        raise ApiError(401, "no-person", "take a seat first: the server does not know you yet")
    return found


class MailsIn(BaseModel):
    """Whether the account wants a mail when its turn comes at a table over days."""

    turn_mails: bool


@router.post("/api/account/mails", summary="Turn mails on or off", responses=ERRORS)
async def account_mails(body: MailsIn, request: Request, manager: Manager) -> Response:
    person = await _person(request, manager)
    found = await manager.accounts.account_of(person)
    if found is None:
        raise ApiError(403, "no-account", "sign in first: this browser has no account")
    await manager.turn_mails.set(found["id"], body.turn_mails)
    return json({"account": await manager.accounts.account_of(person)})


@router.post(
    "/api/unsubscribe/{token}",
    summary="A turn mail's unsubscribe link (one click, no sign-in)",
    responses=ERRORS,
)
async def unsubscribe(token: str, manager: Manager) -> Response:
    """Its account gets no more turn mails (403 ``bad-link`` for a token no mail
    carried). A mail program's one-click ``POST`` (RFC 8058) comes here too."""
    if not 16 <= len(token) <= 128:
        raise ApiError(403, "bad-link", say="api.error.bad-link.unsubscribe")
    await manager.turn_mails.unsubscribe(token)
    return json({"turn_mails": False})


@router.get("/api/account/export", summary="Download your account's data", responses=ERRORS)
async def account_export(request: Request, manager: Manager) -> Response:
    """The account's data as JSON: settings, games, ratings, vacations."""
    data = await export(manager, await _person(request, manager))
    out = json(data)
    out.headers["Content-Disposition"] = 'attachment; filename="liftoff-account.json"'
    out.headers["Cache-Control"] = "no-store"
    return out


class DeleteIn(BaseModel):
    """The account's email, typed again to confirm its deletion."""

    email: str = Field(..., min_length=3, max_length=254)


@router.post("/api/account/delete", summary="Delete your account for good", responses=ERRORS)
async def account_delete(body: DeleteIn, request: Request, manager: Manager) -> Response:
    """Games stay, with the name shown as a former player's."""
    await delete_account(manager, await _person(request, manager), body.email)
    return json({"account": None})
