"""A tap is never lost to a frame: while a finger or the mouse is down on the board,
a frame that arrives waits until it is lifted, so the piece being tapped is not
replaced under it (in the race the others place cards all the time)."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, ServerFactory
from test_server_browser import CHROMIUM, chrome, hold_seat

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(120),
    pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM), reason="needs Chromium"),
]

COUNT_FRAMES = """() => {
  window.stateFrames = 0;
  document.addEventListener("liftoff:message", (e) => {
    if (e.detail.type === "state") window.stateFrames++;
  });
}"""


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
async def test_a_frame_waits_while_a_piece_is_pressed(
    server: ServerFactory, sqlite_db: Db, chrome: Any, touch: bool
) -> None:
    r = await server(sqlite_db, bot_delay=600.0)  # the bot never moves in this test
    options = {"family": True, "first_player": 0}
    made = await r.create(
        "planet", [{"type": "you"}, {"type": "bot", "bot": "random"}], options=options
    )
    tid, token = made["table"]["id"], made["token"]
    viewport = {"width": 390, "height": 844} if touch else {"width": 1366, "height": 800}
    ctx = await chrome.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    try:
        page = await ctx.new_page()
        await hold_seat(page, r, tid, 0, token, "planet")
        await page.goto(f"{r.base}/t/{tid}")
        await page.wait_for_selector("#board [data-tokens].legal")
        await page.evaluate(COUNT_FRAMES)
        piece = await page.query_selector("#board [data-tokens].legal")
        assert piece is not None
        await piece.scroll_into_view_if_needed()
        box = await piece.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        shown = await page.evaluate("() => document.getElementById('table').dataset.version")
        # the finger goes down on the piece; the same seat moves meanwhile (another device)
        cdp = await ctx.new_cdp_session(page)
        if touch:
            point = [{"x": x, "y": y}]
            await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        else:
            await page.mouse.move(x, y)
            await page.mouse.down()
        view = (await r.call("GET", f"/api/tables/{tid}/view", token=token)).json()
        move = next(a["text"] for a in view["legal"] if a["text"] != "end")
        body = {"action": move, "version": view["version"]}
        answer = await r.call("POST", f"/api/tables/{tid}/actions", body, token=token)
        assert answer.status_code == 200, answer.text
        # the frame of that move must arrive; then the pressed piece is still there
        await page.wait_for_function("() => window.stateFrames >= 1")
        assert await piece.evaluate("el => el.isConnected"), (
            "the piece was replaced under the finger"
        )
        still = await page.evaluate("() => document.getElementById('table').dataset.version")
        assert still == shown
        # lifted: the frame is drawn
        if touch:
            await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            await page.mouse.up()
        await page.wait_for_function(
            "(v) => document.getElementById('table').dataset.version !== v", arg=shown
        )
    finally:
        await ctx.close()
