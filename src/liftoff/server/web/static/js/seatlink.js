// Seat links: a seat belongs to a person, not a browser. The link /t/{id}#seat=<token>
// plays the seat on another device too. The token lives in the address's fragment
// only: browsers never send a fragment to the server, so it is in no request, access
// log or Referer. "Stop old links" gives the seat a new token: every device on the
// old one only watches from then on.
import { api, saveSeat, forgetSeat, saveName, savedName, t } from "./common.js";

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const $ = (id) => document.getElementById(id);
let holding = false;  // this page is changing its own seat (a leave): no "moved" note
let linkRefused = false;  // the note says why a seat link was refused: it stays

// Run first, before the page connects or draws anything: a #seat= fragment leaves the
// address bar at once. Its seat becomes this browser's once the server has bound this
// browser's person to it (a browser that plays another seat of the table is refused, in
// words, and keeps its own seat). Resolves to whether this browser's seat changed.
export async function takeSeatLink(tableId, game) {
  const found = /^#seat=(.*)$/s.exec(location.hash);
  if (!found) return false;
  history.replaceState(history.state, "", location.pathname + location.search);
  let token = "";
  try { token = decodeURIComponent(found[1]); } catch { token = ""; }
  if (!TOKEN.test(token)) {
    showNote(t("web.seatlink.incomplete"));
    return false;
  }
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seat-link/bind`, undefined, token);
    saveSeat(tableId, res.seat, token, game);
    return true;
  } catch (err) {
    const stopped = err.status === 401 || err.status === 403;
    showNote(stopped ? t("web.seatlink.stopped") : (err.body?.words || err.message));
    linkRefused = !stopped;
    return false;
  }
}

export function seatLinkOf(tableId, token) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}#seat=${encodeURIComponent(token)}`;
}

function showNote(text) {
  const el = $("seat-note");
  if (!el) return;
  el.textContent = text || "";
  el.hidden = !text;
}

function say(text) {
  const el = $("seat-link-said");
  if (el) el.textContent = text;
}

// Wait for one of this page's own seat changes (a leave): frames that arrive meanwhile
// as a spectator are expected, not news.
export async function hold(promise) {
  holding = true;
  try { return await promise; } finally { holding = false; }
}

// The control "Play on another device" (Players panel) and the page's seat as the
// server sees it. ``reseat(mine)``: the page holds this seat now (reconnect).
export function mountSeatLink({ tableId, game, reseat }) {
  let mine = null;
  let asking = false;   // the renew request is on its way: its answer decides
  let renewed = false;  // old links were stopped: waiting for the new token's first state
  $("seat-link-copy").addEventListener("click", async () => {
    const input = $("seat-link-url");
    try {
      await navigator.clipboard.writeText(input.value);
      say(t("web.seatlink.copied"));
    } catch {
      input.select();
      say(t("web.seatlink.copy-yourself"));
    }
  });
  $("rename-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!mine) return;
    const name = $("rename-name").value.trim();
    try {
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/name`, { name }, mine.token);
      saveName(res.name);
      $("rename-name").value = res.name;
      $("rename-said").textContent = t("web.seatlink.renamed", { name: res.name });
      $("rename-ask").hidden = true;
      $("name-ask")?.remove();
    } catch (err) {
      $("rename-said").textContent = err.body?.words || err.message;
    }
  });
  $("seat-link-renew").addEventListener("click", async () => {
    if (!mine || asking) return;
    const ok = confirm(t("web.seatlink.renew.confirm"));
    if (!ok) return;
    asking = true;
    try {
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seat-link/renew`, undefined, mine.token);
      saveSeat(tableId, res.seat, res.token, game);
      mine = { seat: res.seat, token: res.token };
      show(mine, true);
      say(t("web.seatlink.renewing"));
      renewed = true;
      reseat(mine);  // the old socket closes now; the next state comes on the new token
    } catch (err) {
      say(err.body?.words || err.message);
    } finally {
      asking = false;
    }
  });

  // a seat taken without a name ("Player 2") asks for one, once: the server
  // remembers it with this browser's person, so their next join takes it
  let asked = false;
  function askName(name, seat) {
    asked = true;
    if (name !== `Player ${seat + 1}`) return;
    $("rename-ask").hidden = false;
    $("rename-ask").textContent = t("web.seatlink.ask-name", { name });
    $("rename-name").value = savedName();
    $("rename").open = true;
    // where the side panels come below the board (a phone), the question is also asked
    // above the board, with a way to the name field in the Players panel
    if (!window.matchMedia("(max-width: 900px)").matches) return;
    const note = document.createElement("p");
    note.id = "name-ask";
    note.className = "name-ask";
    note.innerHTML = `<span></span> <button type="button"></button>`;
    note.querySelector("span").textContent = t("web.seatlink.ask-name", { name });
    note.querySelector("button").textContent = t("web.seatlink.ask-name.go");
    note.querySelector("button").addEventListener("click", () => {
      $("rename").scrollIntoView({ block: "center" });
      $("rename-name").focus();
    });
    $("seat-note").after(note);
  }

  function show(seat, open, m) {
    const box = $("seat-link");
    box.hidden = !seat || !open;
    const rename = $("rename");
    if (rename.hidden && seat && open && m) $("rename-name").value = m.table.seats[seat.seat]?.name || "";
    rename.hidden = box.hidden;
    if (!rename.hidden && m && !asked) askName(m.table.seats[seat.seat]?.name || "", seat.seat);
    const url = seat ? seatLinkOf(tableId, seat.token) : "";
    if ($("seat-link-url").value !== url) $("seat-link-url").value = url;
  }

  // Each state message: the page's seat as the server sees it (``you``). A page that
  // thought it held a seat but gets a spectator's frames forgets it and says so.
  function state(m, current) {
    mine = current;
    const live = m.table.status === "open" || m.table.status === "playing";
    if (current && m.you == null) {
      if (holding || asking || renewed) { show(current, live, m); return current; }
      forgetSeat(tableId);
      const held = m.table.seats[current.seat]?.kind === "human";
      showNote(t(held ? "web.seatlink.moved" : "web.seatlink.given-up"));
      mine = null;
    } else if (current && m.you != null) {
      if (renewed && !asking) {
        say(t("web.seatlink.renewed"));
        renewed = false;
      }
      if (current.seat !== m.you) saveSeat(tableId, m.you, current.token, game);
      mine = { seat: m.you, token: current.token };
      if (!linkRefused) showNote("");
    }
    show(mine, live, m);
    return mine;
  }

  // the server refused this page's token when it connected (a stopped link), or
  // refused it to this browser, which plays another seat of the table (``words``)
  function refused(words) {
    renewed = false;
    showNote(words || t("web.seatlink.stopped"));
    show(null, false);
  }

  return { state, refused };
}
