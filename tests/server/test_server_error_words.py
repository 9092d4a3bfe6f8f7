"""The server's refusals in the reader's language, on a real server on loopback:
``words`` (and an illegal action's rule text) in Japanese for ``?lang=ja``,
``Accept-Language: ja`` and a socket whose hello says ``lang: ja``; ``error`` and
``message`` stay as they were; English answers are unchanged byte for byte; and
every refusal code raised in the server has words."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Db, Running, ServerFactory, WsClient

import liftoff.server
from liftoff.engine.messages import known
from liftoff.server.errors import PREFIX, ApiError

pytestmark = [pytest.mark.timeout(120)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SERVER = Path(liftoff.server.__file__).parent

#: how a reader asks for Japanese: by parameter, by the browser's header, by cookie
ASKING: list[tuple[str, dict[str, str], dict[str, str]]] = [
    ("?lang=ja", {}, {}),
    ("", {"accept-language": "ja,en;q=0.5"}, {}),
    ("", {}, {"liftoff_lang": "ja"}),
]

#: the REST refusals asked for: (name, method, path, body); ``{tid}`` is a table
#: whose seat 0 is the caller's and seat 1 open (a planet game, seed 7)
REQUESTS: list[tuple[str, str, str, Any]] = [
    ("no-table", "GET", "/api/tables/nope", None),
    (
        "bad-options",
        "POST",
        "/api/tables",
        {"game": "planet", "players": 2, "options": {"nonsense": 1}},
    ),
    ("bad-seats", "POST", "/api/tables", {"game": "planet", "players": 2, "seats": [{}]}),
    (
        "bad-clock",
        "POST",
        "/api/tables",
        {"game": "planet", "players": 2, "clock": {"preset": "lunar"}},
    ),
    ("illegal", "POST", "/api/tables/{tid}/actions", {"action": "move core S3", "version": 0}),
    ("bad-version", "POST", "/api/tables/{tid}/actions", {"action": "end", "version": 99}),
    ("full", "POST", "/api/tables/{tid}/join", {"seat": 0}),
    ("no-token", "POST", "/api/tables/{tid}/actions", {"action": "end", "version": 0}),
]


async def ask(
    r: Running,
    method: str,
    path: str,
    body: Any = None,
    *,
    query: str = "",
    headers: dict[str, str] | None = None,
    cookies: dict[str, str] | None = None,
) -> httpx.Response:
    """One REST request as a reader in some language asks it."""
    client = httpx.AsyncClient(base_url=r.base, timeout=20, cookies=cookies or {})
    async with client:
        return await client.request(method, path + query, json=body, headers=headers or {})


async def refusals(
    r: Running, query: str = "", headers: dict[str, str] | None = None, **kw: Any
) -> dict[str, httpx.Response]:
    """Every refusal of :data:`REQUESTS` on a fresh table, asked in one way."""
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], seed=7, name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    await r.join(tid, 1, name="Bo")
    out = {}
    for name, method, path, body in REQUESTS:
        sent = dict(headers or {})
        if name != "no-token":
            sent["authorization"] = f"Bearer {tok}"
        res = await ask(r, method, path.format(tid=tid), body, query=query, headers=sent, **kw)
        out[name] = res
    return out


#: the English answers, byte for byte, as the server gave them before its refusals had ids
ENGLISH: dict[str, tuple[int, str]] = {
    "no-table": (
        404,
        ('{"error":"no-table","message":"no such table","words":"No such table."}'),
    ),
    "bad-options": (
        422,
        (
            '{"error":"bad-options","message":"unknown option \'nonsense\'; known opt'
            "ions: cutthroat, day_track, days, family, fast, finished_keep_playing,"
            " first_game, first_player, jetpack_costs, lift_die, moon_model, no_gar"
            'glore, team, vicious","words":"Unknown option \'nonsense\'; known option'
            "s: cutthroat, day_track, days, family, fast, finished_keep_playing, fi"
            "rst_game, first_player, jetpack_costs, lift_die, moon_model, no_garglo"
            're, team, vicious."}'
        ),
    ),
    "bad-seats": (
        422,
        (
            '{"error":"bad-seats","message":"2 players need 2 seats","words":"2 pla'
            'yers need 2 seats."}'
        ),
    ),
    "bad-clock": (
        422,
        (
            '{"error":"bad-clock","message":"clock preset \'lunar\': use one of blitz'
            ', normal, relaxed, day-1, day-2, day-3, day-7","words":"Clock preset \'lunar'
            "': use one of blitz, normal, relaxed, day-1, day-2, day-3, day-7.\"}"
        ),
    ),
    "illegal": (
        422,
        (
            '{"error":"illegal","message":"Aliens leave the Core through an Exit Po'
            'int (S0, S2, S4, S6)","words":"Aliens leave the Core through an Exit P'
            'oint (S0, S2, S4, S6).","rule":"PL-MOVE-2","rule_text":"Moving an Alie'
            "n from the Core through any Exit Point to the surface costs 1 point. T"
            "he Alien arrives on that Exit Point's segment. [000 §A Game Turn: Move"
            '; §Examples of Play]","version":0}'
        ),
    ),
    "bad-version": (
        422,
        (
            '{"error":"bad-version","message":"version 99 is not one this game had '
            '(it is at 0)","words":"Your page was out of date; nothing was done. Lo'
            'ok again and choose.","rule":"API-VERSION","rule_text":null,"version":'
            "0}"
        ),
    ),
    "full": (
        409,
        (
            '{"error":"full","message":"no open seat at this table","words":"No ope'
            'n seat at this table."}'
        ),
    ),
    "no-token": (
        401,
        (
            '{"error":"no-token","message":"this needs your seat token","words":"Th'
            'is needs your seat token."}'
        ),
    ),
}


@pytest.mark.asyncio
async def test_rest_refusals_speak_japanese_and_english_is_unchanged(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    english = await refusals(r)
    for name, res in english.items():
        body = res.json()
        assert body["error"] == name, (name, res.text)
        assert not JAPANESE.search(res.text), res.text
        assert (res.status_code, res.text) == ENGLISH[name], name
    for query, headers, cookies in ASKING:
        got = await refusals(r, query, headers, cookies=cookies)
        for name, res in got.items():
            body, plain = res.json(), english[name].json()
            assert res.status_code == english[name].status_code
            # the code and the English message for logs and API clients stay
            assert body["error"] == plain["error"] and body["message"] == plain["message"]
            assert JAPANESE.search(body["words"]), (name, query, headers, body)
            assert set(body) == set(plain)
            assert "Traceback" not in res.text and "SELECT" not in res.text
        illegal = got["illegal"].json()
        assert illegal["rule"] == english["illegal"].json()["rule"]
        assert JAPANESE.search(illegal["rule_text"]), illegal
    # the numbers said in the words: the same in both languages
    ja = (await refusals(r, "?lang=ja"))["bad-seats"].json()["words"]
    assert ja == "2人で遊ぶには席が2つ必要です。"


@pytest.mark.asyncio
async def test_the_engine_contract_refusals_stale_and_turn(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], seed=7, name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    bo = (await r.join(tid, 1, name="Bo"))["token"]
    assert (await r.act(tid, tok, "end", 0)).status_code == 200
    auth = {"authorization": f"Bearer {tok}"}
    path, late = f"/api/tables/{tid}/actions", {"action": "end", "version": 0}
    en = await ask(r, "POST", path, late, headers=auth)
    ja = await ask(r, "POST", path, late, query="?lang=ja", headers=auth)
    assert en.status_code == ja.status_code == 409 and en.json()["error"] == "stale"
    assert en.json()["words"] == ("The game moved on before your move arrived; nothing was done.")
    assert ja.json()["words"] == "あなたの手が届く前にゲームが進みました。何も変わっていません。"
    assert ja.json()["message"] == en.json()["message"]
    # Bo acts on the right version, then Ann tries to act again: not her turn
    view = await r.view(tid, bo)
    not_mine = {"action": "end", "version": view["version"]}
    turn = await ask(r, "POST", path, not_mine, query="?lang=ja", headers=auth)
    assert turn.status_code == 422 and JAPANESE.search(turn.json()["words"]), turn.text


@pytest.mark.asyncio
async def test_quota_and_rate_limit_in_japanese(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db, max_tables_per_address=1)
    body = {"game": "planet", "players": 2}
    assert (await ask(r, "POST", "/api/tables", body)).status_code == 201
    en = await ask(r, "POST", "/api/tables", body)
    ja = await ask(r, "POST", "/api/tables", body, headers={"accept-language": "ja"})
    assert en.status_code == ja.status_code == 429 and ja.json()["error"] == "quota"
    assert en.json()["words"] == (
        "You have 1 unfinished tables (at most 1 per address): finish or leave some first."
    )
    assert "1" in ja.json()["words"] and JAPANESE.search(ja.json()["words"])
    await r.stop()  # one server holds the database at a time
    limited = await server(sqlite_db, http_rate=0.01, http_burst=1.0)
    await ask(limited, "GET", "/api/tables")
    en = await ask(limited, "GET", "/api/tables")
    ja = await ask(limited, "GET", "/api/tables?lang=ja")
    assert en.status_code == ja.status_code == 429
    assert en.json() == {
        "error": "rate-limited",
        "message": "too many requests; slow down",
        "words": "Too many requests; slow down.",
    }
    assert ja.json()["message"] == en.json()["message"] and JAPANESE.search(ja.json()["words"])


@pytest.mark.asyncio
async def test_malformed_requests_and_unknown_routes_have_words(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    bad = {"game": "planet", "players": 0}
    en = await ask(r, "POST", "/api/tables", bad)
    ja = await ask(r, "POST", "/api/tables", bad, query="?lang=ja")
    assert en.status_code == ja.status_code == 422
    assert en.json()["error"] == "invalid" and "players" in en.json()["message"]
    assert en.json()["words"] == "Invalid request."
    assert ja.json()["words"] == "リクエストが正しくありません。"
    assert ja.json()["message"] == en.json()["message"]
    missing = await ask(r, "GET", "/api/nothing-here", headers={"accept-language": "ja"})
    assert missing.status_code == 404 and missing.json()["error"] == "http"
    assert JAPANESE.search(missing.json()["words"])


def errors_of(client: WsClient) -> list[dict[str, Any]]:
    """The error frames a socket was sent."""
    return [m for m in map(json.loads, client.frames) if m.get("type") == "error"]


@pytest.mark.asyncio
async def test_socket_refusals_speak_the_hellos_language(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], seed=7, name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    bo = (await r.join(tid, 1, name="Bo"))["token"]
    ja, en = await r.connect(tid, tok, lang="ja"), await r.connect(tid, bo)
    state = await ja.wait_state(lambda s: bool(s["legal"]))
    await en.wait_state()
    answers: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for name, msg in [
        ("illegal", {"type": "act", "action": "move core S3", "version": state["version"]}),
        ("chat-empty", {"type": "chat", "text": "   "}),
        ("chat-too-long", {"type": "chat", "text": "x" * 400}),
        ("bad-message", {"type": "dance"}),
    ]:
        answers[name] = (await ja.request(msg), await en.request(msg))
    for name, (mine, theirs) in answers.items():
        assert mine["type"] == theirs["type"] == "error" and mine["error"] == name, mine
        assert JAPANESE.search(mine["words"]) and not JAPANESE.search(theirs["words"]), name
        assert mine["message"] == theirs["message"] or name == "illegal"
    assert answers["chat-too-long"][1]["words"] == (
        "A message may be at most 300 characters; this one has 400."
    )
    assert "300" in answers["chat-too-long"][0]["words"]
    illegal = answers["illegal"][0]
    assert illegal["rule"] and JAPANESE.search(illegal["rule_text"] or ""), illegal
    # the seat's refusal in its next state frame: Japanese words and rule text
    refused = await ja.wait_state(lambda s: s["refusal"] is not None)
    assert JAPANESE.search(refused["refusal"]["words"])
    assert JAPANESE.search(refused["refusal"]["rule_text"] or "")
    # chat too fast: the sixth message within ten seconds
    said = [await ja.request({"type": "chat", "text": f"hi {i}"}) for i in range(6)]
    rate = next(m for m in said if m["type"] == "error")
    assert rate["error"] == "chat-rate" and JAPANESE.search(rate["words"]), rate
    for c in (ja, en):
        await c.close()
    # a hello for a table that is not there: refused in the hello's language
    gone = await r.connect("nope", lang="ja")
    await gone.closed
    (refusal,) = errors_of(gone)
    assert refusal["error"] == "no-table" and refusal["words"] == "そのテーブルはありません。"


def raised_codes() -> dict[str, set[str | None]]:
    """Every literal ``ApiError(status, code, …)`` code in the server's source, with
    the ``say=`` ids given with it (``None``: the id follows from the message)."""
    found: dict[str, set[str | None]] = {}
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node, "func", None)
            # ``ApiError(status, code, …)``, and the middleware's ``refusal(scope, status, code)``
            at = {"ApiError": 1, "refusal": 2}.get(getattr(called, "id", ""))
            if not isinstance(node, ast.Call) or at is None or len(node.args) <= at:
                continue
            code = node.args[at]
            says = {
                kw.value.value if isinstance(kw.value, ast.Constant) else ast.unparse(kw.value)
                for kw in node.keywords
                if kw.arg == "say"
            }
            for name in choices(code):
                found.setdefault(name, set()).update(says or {None})
    return found


def choices(code: ast.expr) -> list[str]:
    """The codes an expression can be: a text, either side of ``a if c else b``, or
    ``<the expression>`` for a value only known when running."""
    if isinstance(code, ast.Constant):
        return [str(code.value)]
    if isinstance(code, ast.IfExp):
        return choices(code.body) + choices(code.orelse)
    return [f"<{ast.unparse(code)}>"]


def test_every_refusal_code_in_the_server_has_words() -> None:
    found = raised_codes()
    assert "no-table" in found and len(found) > 40  # the scan sees the server's refusals
    assert {"rate-limited", "too-large", "too-slow", "too-many-requests"} <= set(found)
    for code, says in found.items():
        if code == "<code>":  # a code set just before: the middleware's refusal() (its
            continue  # callers are scanned) and the race's "stale"/"illegal" (below)
        if code.startswith("<"):  # a code from a value: the table's status
            assert code == "<table.status>", code
            for status in ("open", "playing", "over", "closed"):
                assert known(PREFIX + status), status
            continue
        assert known(PREFIX + code), f"ApiError code {code!r} has no words ({PREFIX}{code})"
        for say in says - {None}:
            assert say is not None
            if say.startswith("f'") or say.startswith('f"'):  # api.error.bad-clock.{what}
                continue
            assert known(say), say
    for code in ("stale", "illegal"):
        assert known(PREFIX + code)
    for what in ("initial", "increment"):
        assert known(f"{PREFIX}bad-clock.{what}")


def test_words_in_keeps_english_and_falls_back_in_words() -> None:
    err = ApiError(409, "taken", say="api.error.taken.seat", params={"seat": 2})
    assert err.message == "seat 2 is taken" and err.words == "Seat 2 is taken."
    assert err.words_in("en") == err.words_in(None) == err.words
    # for a page that says more after it (the missing-table page)
    assert err.words_in("en", full_stop=False) == "Seat 2 is taken"
    # a message the server wrote itself: the English as it is, the code's words otherwise
    odd = ApiError(422, "bad-seats", "something nobody registered")
    assert odd.words == "Something nobody registered."
    assert odd.say == "api.error.bad-seats"
    # a constant message finds its own id
    assert ApiError(409, "full", "no open seat at this table").say == "api.error.full"
    # an id whose fields are not given: the English words, never an id or a crash
    bare = ApiError(422, "bad-seat", "there is no seat 9", say="api.error.bad-seat.number")
    assert bare.words_in("ja") == "There is no seat 9."
