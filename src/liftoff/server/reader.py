"""The reader's language of a request: asked for (``?lang=``), chosen in the
browser (a cookie) or offered by it (``Accept-Language``). The routes take it
as a dependency; the rate limiter says its refusals in it before any route
runs, so it lives below both."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from fastapi.requests import HTTPConnection

from liftoff.i18n import asked, negotiate

#: the cookie that remembers the language a person chose in the browser
LANG_COOKIE = "liftoff_lang"


def reader_language(
    request: HTTPConnection,
    lang: Annotated[
        str | None, Query(max_length=35, description="the reader's language, e.g. ja")
    ] = None,
) -> str:
    """The language to answer in: ``?lang=``, else the language chosen in this
    browser (its cookie), else the browser's ``Accept-Language``; English when
    none of them is on offer."""
    if lang:
        return asked(lang)
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen:
        return asked(chosen)
    return negotiate(request.headers.get("accept-language", "")[:512])
