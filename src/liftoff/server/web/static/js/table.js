// The table page: one WebSocket, the board (per game), actions, log, rules, end screen.
import {
  api, esc, COLORS, seatFor, saveSeat, forgetSeat, seatName, dot, savedName, saveName, fmtClock,
  LANG, t, tn, list,
} from "./common.js";
import { commas } from "./svg.js";
import { takeSeatLink, mountSeatLink, hold } from "./seatlink.js";
import { learnCards, learnRules, learnSummary } from "./learn.js";
import { mountPlay, oneTap, setOneTap } from "./play.js";
import * as motion from "./motion.js";

const $ = (id) => document.getElementById(id);
const root = $("table");
const tableId = root.dataset.table;
const gameName = root.dataset.game;
const boardEl = $("board");

let board = null;          // the game's board module
// first: a #seat= link's token leaves the address bar (its seat is this browser's once bound)
const linking = takeSeatLink(tableId, gameName);
let mine = seatFor(tableId); // {seat, token} when this browser holds a seat
let msg = null;            // the last state message
let receivedAt = 0;        // performance.now() when it arrived
let logLines = [];
let ws = null;
let retry = 0;
let nextId = 1;
let endShown = false;
let lastError = null;      // an error for our own last request (before the state catches up)
let glossary = {};         // content name → public text (card names and effects), per game

function playerName(p) {
  return seatName(msg?.table?.seats?.[p], p);
}

// a seat's name with "(you)" when it is this browser's
function yours(name) {
  return t("web.table.you", { name });
}

// -- connection ------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  ws.onopen = () => {
    retry = 0;
    ws.send(JSON.stringify({ type: "hello", token: mine?.token || null, lang: chosenLang() }));
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4401) {
      if (mine) seatLink.refused();
      forgetSeat(tableId);
      mine = null;
    } else if (ev.code === 4409 && mine) {
      // this browser plays another seat of the table: one person, one seat
      seatLink.refused(lastError?.words);
      forgetSeat(tableId);
      mine = null;
    }
    setStatus(t("web.table.status.reconnecting"));
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  };
}

// the language of the game's messages (log, refusals, the ending): the page's
// (chosen in the header's menu, see lang.js; the server speaks English without a catalogue)
function chosenLang() {
  return LANG;
}

function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
}
// page add-ons send their own frames (chat) on the table's socket
document.addEventListener("liftoff:send", (e) => send(e.detail));

// A frame that arrives while a finger or the mouse is down on the board waits until it
// is lifted (and its click has landed): drawn at once, it would replace the piece being
// tapped and the tap would be lost (the race: the others place cards all the time).
const pressing = { on: false, held: false, timer: null };
function release() {
  clearTimeout(pressing.timer);
  if (!pressing.on) return;
  pressing.on = false;
  if (pressing.held) { pressing.held = false; render(); }
}
boardEl.addEventListener("pointerdown", () => {
  pressing.on = true;
  clearTimeout(pressing.timer);
  pressing.timer = setTimeout(release, 1500); // a long press: the game goes on
}, true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    clearTimeout(pressing.timer);
    pressing.timer = setTimeout(release, 80); // after the click the press makes
  }, true);
}

function onMessage(m) {
  // for page add-ons (chat): every frame the server sends
  document.dispatchEvent(new CustomEvent("liftoff:message", { detail: m }));
  // this page's requests have number ids; an answer to an add-on's own request
  // (chat.js: "chat-1", …) is the add-on's to show, never a refused move
  if (m.id != null && typeof m.id !== "number") return;
  if (m.type === "state") {
    mine = seatLink.state(m, mine);  // a seat moved to another device: watch
    msg = m;
    receivedAt = performance.now();
    if (m.log_reset) logLines = m.log; else logLines.push(...m.log);
    if (logLines.length > 300) logLines = logLines.slice(-300);
    lastError = null;
    if (pressing.on) pressing.held = true; else render();
  } else if (m.type === "error") {
    lastError = m;
    renderRefusal();
  }
}

// -- acting ----------------------------------------------------------------------------
function pausedFor() {
  const paused = msg?.table?.live?.paused_for || 0;
  return paused - (performance.now() - receivedAt) / 1000;
}

function act(text) {
  if (!msg || !mine) return;
  if (pausedFor() > 0) return; // the round has not opened yet
  send({ type: "act", action: text, version: msg.version, id: nextId++ });
  document.dispatchEvent(new CustomEvent("liftoff:acted", { detail: { action: text } }));
}

// this seat's person is ready for the next round (race, between rounds)
function sayReady() {
  if (!msg || !mine) return;
  send({ type: "act", action: "ready", version: msg.version, id: nextId++ });
}

function undo() {
  send({ type: "undo", id: nextId++ });
}

// the board's picks, marks and move bar (play.js); the list below narrows with the picks
const play = mountPlay({
  board: boardEl,
  bar: $("movebar"),
  send: act,
  ending: (text) => Boolean(board?.END) && text === board.END,
  changed: () => renderActions(),
  about: (el) => glossary[el.dataset.learn] || el.dataset.learnText || "",
  // a finger's tap on a card shows it first (a turn-based game; unless one-tap play is on)
  confirmTaps: () => Boolean(msg && !msg.table.realtime) && !oneTap(),
});
$("one-tap").checked = oneTap();
$("one-tap").addEventListener("change", () => setOneTap($("one-tap").checked));

function visibleActions() {
  if (!msg) return [];
  const f = $("filter").value.trim().toLowerCase();
  return play.narrowed().filter((a) => !f || a.text.toLowerCase().includes(f)
    || a.description.toLowerCase().includes(f));
}

// -- rendering -----------------------------------------------------------------------------
function setStatus(text) {
  $("status").textContent = text;
}

function render() {
  const table = msg.table;
  document.title = `${table.title} — liftoff`;
  root.dataset.version = String(msg.version); // for tests and tools; people read the banner
  renderPlayers();
  renderBoard();
  renderBanner(); // (after the board: it may say what the board is showing)
  renderStatus();
  renderActions();
  renderRefusal();
  if (!board?.busy?.()) renderLog(); // held back while the board reveals: no spoilers
  $("undo").disabled = !msg.undo;
  renderQuickbar();
  renderHint();
  if (table.status === "over" && !endShown && !board?.busy?.()) showEnd(); // after the board's reveals
  if (table.status === "over") renderRematch();
  // for page add-ons (the interactive first game's coach): the message just drawn
  document.dispatchEvent(new CustomEvent("liftoff:state", { detail: msg }));
}

function activeText() {
  const act = (msg.table.active || []).filter((p) => !mine || p !== mine.seat);
  if (act.length === 1) return t("web.table.turn.of", { name: playerName(act[0]) });
  return act.length ? t("web.table.turn.many", { names: list(act.map((p) => playerName(p))) }) : "";
}

function renderBanner() {
  const el = $("banner");
  const table = msg.table;
  el.className = "banner";
  const told = board?.busy?.() && board.banner?.(msg.view); // (race: its reveals being shown)
  if (told) { el.textContent = told; el.classList.add("wait"); return; }
  if (table.status === "open") {
    const open = table.seats.filter((s) => s.kind === "open").length;
    el.textContent = tn("web.table.banner.waiting", open, { link: location.href });
    el.classList.add("wait");
    return;
  }
  if (table.status === "over") {
    const again = table.rematch_id ? ".rematch" : "";
    el.textContent = table.ending
      ? t(`web.table.banner.over.headline${again}`, { headline: table.ending.headline })
      : t(`web.table.banner.over${again}`);
    el.classList.add("over");
    return;
  }
  const paused = table.live?.paused_for || 0;
  const left = paused - (performance.now() - receivedAt) / 1000;
  if (left > 0 && table.live?.between && !table.live.between.counting) {
    el.textContent = t("web.table.banner.between"); // (the board shows the result and "Ready")
    el.classList.add("wait");
    return;
  }
  if (left > 0) {
    el.textContent = t("web.table.banner.next-round", { seconds: Math.ceil(left) });
    el.classList.add("wait");
    return;
  }
  if (msg.legal.length) {
    // the board may say what the game waits for (race: a choice, not loading)
    el.textContent = board?.banner?.(msg.view)
      || t(table.realtime ? "web.table.banner.go" : "web.table.banner.your-turn");
    el.insertAdjacentHTML("beforeend", ` <a class="jump" href="#actions-panel">${esc(t("web.table.banner.jump"))}</a>`);
    el.classList.add("you");
  } else {
    el.textContent = mine ? activeText() : t("web.table.banner.watching", { active: activeText() });
    el.classList.add("wait");
  }
}

// the phone's quick bar: undo, the log, your clock and the chat within one tap (a
// turn-based game's seat; on a wide screen only the chat's unread mark shows)
function renderQuickbar() {
  $("quickbar").hidden = !mine || msg.table.realtime;
  $("one-tap-row").hidden = !mine || msg.table.realtime;  // (a setting of turn-based play)
  $("quick-undo").disabled = !msg.undo;
  renderQuickClock();
}

function renderQuickClock() {
  const el = $("quick-clock");
  const c = msg?.table?.clock;
  el.hidden = !c || !mine;
  if (el.hidden) return;
  let ms = c.remaining[mine.seat];
  const running = c.running.includes(mine.seat);
  if (running) ms -= performance.now() - receivedAt;
  el.textContent = fmtClock(ms);
  el.classList.toggle("running", running);
  el.classList.toggle("low", ms < 30000);
}

function clockText(p) {
  const c = msg.table.clock;
  if (!c) return "";
  let ms = c.remaining[p];
  const running = c.running.includes(p);
  if (running) ms -= performance.now() - receivedAt;
  const cls = `clock${running ? " running" : ""}${ms < 30000 ? " low" : ""}`;
  return `<span class="${cls}" data-clock="${p}" aria-label="${esc(t("web.table.clock"))}">${fmtClock(ms)}</span>`;
}

function renderPlayers() {
  const table = msg.table;
  const active = new Set(table.active || []);
  $("players").innerHTML = table.seats.map((s) => {
    const name = mine && mine.seat === s.seat ? yours(seatName(s)) : seatName(s);
    const level = s.kind === "bot" && s.speed ? ` <span class="off">${esc(speedName(s.speed))}</span>` : "";
    const off = s.kind === "human" && !s.connected
      ? `<span class="off">${esc(t(s.zombie ? "web.table.seat.away" : "web.table.seat.offline"))}</span>` : "";
    const open = s.kind === "open" ? ` <span class="off">${esc(t("web.common.open-seat"))}</span>` : "";
    // (the style sheet marks the seats to act with the words of data-to-act)
    const act = active.has(s.seat) ? ` class="active" data-to-act="${esc(t("web.table.players.to-act"))}"` : ' class=""';
    return `<li${act}>
      ${dot(s.seat)}
      <span>${esc(name)}</span>${level}${open} ${off} ${clockText(s.seat)}</li>`;
  }).join("");
  const box = $("seat-actions");
  box.innerHTML = "";
  // a seat given up during the game, or kept for a rematch's player, is nobody else's
  const joinable = !mine && table.status !== "over" && table.seats.some((x) => x.joinable);
  $("join-name-row").hidden = !joinable;
  if (!mine && table.status !== "over") {
    for (const s of table.seats.filter((x) => x.joinable)) {
      box.insertAdjacentHTML("beforeend", `<button type="button" data-seat="${s.seat}">${dot(s.seat)} ${esc(t("web.table.seat.take", { name: seatName(s) }))}</button>`);
    }
  }
  if (mine && table.status !== "over") box.insertAdjacentHTML("beforeend", `<button type="button" id="leave">${esc(t("web.table.seat.leave"))}</button>`);
}

// a bot's speed in the page's language ("slow"); another by its own name
function speedName(speed) {
  const said = t(`web.common.speed.${speed}`);
  return said === `web.common.speed.${speed}` ? speed : said;
}

function renderBoard() {
  if (!board) return;
  const ctx = {
    you: msg.you, legal: msg.legal, colors: COLORS, names: msg.table.seats.map((s) => seatName(s)),
    table: msg.table, glossary, redraw, // (redraw: the board shows a moment of its own, race reveals)
    pausedFor, ready: mine ? sayReady : null, // (race: between rounds, "ready for the next round")
  };
  try {
    motion.before(boardEl); // pieces that move glide there (motion.js)
    board.render(boardEl, msg.view, ctx);
    fitLabels(boardEl);
    motion.markLastMove(boardEl, msg.version); // the last move's pieces stay marked
    motion.after(boardEl);
  } catch (err) {
    boardEl.textContent = t("web.table.board.broken", { error: String(err) });
    console.error(err);
  }
  // a choice waits until the reveal it is about is on screen (race)
  play.update(board?.busy?.() ? [] : msg.legal);
}

// A board's label that would run past its drawing's right edge (an SVG clips what lies
// outside it: a long name, Japanese wider than the board's estimate), or past the
// right edge of the cell or card it is written on, is squeezed to fit.
function fitLabels(root) {
  for (const svg of root.querySelectorAll("svg")) {
    const right = svg.getBoundingClientRect().right - 2;
    for (const el of svg.querySelectorAll("text")) {
      const b = el.getBoundingClientRect();
      const cell = el.parentElement?.closest("g")?.querySelector(":scope > rect")?.getBoundingClientRect();
      const inCell = cell && b.left >= cell.left && b.left < cell.right && b.top >= cell.top - 1 && b.bottom <= cell.bottom + 1;
      const edge = inCell ? Math.min(right, cell.right - 2) : right;
      if (!b.width || b.right <= edge + 1 || b.left >= edge) continue;
      const room = el.getComputedTextLength() * ((edge - b.left) / b.width);
      el.setAttribute("textLength", String(Math.floor(room)));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

// "game over" only once the board has shown how (race: after its reveals)
function renderStatus() {
  const table = msg.table;
  const over = table.status === "over" && !board?.busy?.();
  setStatus(table.status === "open" ? t("web.table.status.waiting") : over ? t("web.table.status.over") : "");
  // the move bar keeps its place while this page plays a seat, until the board has shown
  // how the game ended (race: its last reveals; the board does not jump meanwhile; app.css)
  const seated = msg.you !== null && msg.you !== undefined;
  root.dataset.playing = String(seated && (table.status === "playing" || (table.status === "over" && !over)));
}

function redraw() {
  renderBanner();
  renderBoard();
  renderActions(); // (race: the choice a reveal held back joins the list when it is shown)
  renderStatus();
  if (!board?.busy?.()) renderLog(); // the lines the reveals held back
  if (msg.table.status === "over" && !endShown && !board?.busy?.()) showEnd();
}

function renderActions() {
  const shown = visibleActions();
  $("selection").textContent = play.picked.length ? t("web.table.actions.narrowed") : "";
  $("actions-panel").hidden = !mine;
  const none = !msg.legal.length ? (msg.table.status === "playing" ? t("web.table.actions.not-yours") : "")
    : t("web.table.actions.none");
  // the words; the typed text (the filter still finds it) only on hover
  $("actions").innerHTML = shown.map((a, i) => `<li><button type="button" data-act="${esc(a.text)}"
      title="${esc(a.text)}" ${i < 9 ? `aria-keyshortcuts="${i + 1}"` : ""}><span class="k">${i < 9 ? i + 1 : ""}</span>
      <span>${esc(a.description)}</span></button></li>`).join("")
    || `<li class="none">${esc(none)}</li>`;
  markHint();
}

function renderRefusal() {
  const r = lastError || msg?.refusal;
  const el = $("refusal");
  if (!r) { el.innerHTML = `<p class='hint'>${esc(t("web.table.refusal.empty"))}</p>`; return; }
  const said = r.action ? describe(r.action) : null;
  const action = said ? `<p>${esc(t("web.table.refusal.move", { move: said }))}</p>`
    : r.action ? `<p title="${esc(r.action)}">${esc(t("web.table.refusal.unnamed"))}</p>` : "";
  // engine-contract refusals (API-…) have no rule for people: words only
  const game = r.rule && !r.rule.startsWith("API-");
  const rule = game && r.rule_text
    ? `<p class="rule-words">${esc(r.rule_text)} <small class="rule">${esc(r.rule)}</small></p>`
    : game ? `<p><small class="rule">${esc(r.rule)}</small></p>` : "";
  el.innerHTML = `<div class="refusal">${action}<p>${esc(r.words || r.message)}</p>${rule}</div>`;
}

// an action's words when it is one of this turn's (null otherwise: no syntax for people)
function describe(text) {
  const a = (msg?.legal || []).find((x) => x.text === text);
  return a ? a.description : null;
}

// the log entries drawn in #log, in order (the entry objects themselves), and whether
// the history was drawn: only entries after it are read out (#log-news)
let logShown = [];
let logStarted = false;

// each entry is narrated for this seat (or a spectator) by the server: plain sentences
function logSentences(e) {
  const lines = e.lines || [];
  return lines.length ? lines : [`${playerName(e.player)}: ${e.text}`];
}

function logItem(e) {
  const dot = `<span class="dot" style="background:${COLORS[e.player]}"></span>`;
  const [first, ...rest] = logSentences(e);
  const by = e.stand_in ? ` <span class="ev">${esc(t("web.table.log.stand-in", { name: playerName(e.player) }))}</span>` : "";
  return `<li>${dot} ${esc(first)}${rest.map((x) => `<span class="ev">${esc(x)}</span>`).join("")}${by}</li>`;
}

// New entries are appended (the list is never rewritten while it grows) and read out
// once, politely, in a visually hidden region; the history on load or a reset is not.
function renderLog() {
  const el = $("log");
  const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  const entries = logLines.filter((e) => (e.lines || []).length || e.text);
  const kept = new Set(entries);
  let dropped = 0; // the oldest entries (the page keeps the last 300), or all on a reset
  while (logShown.length && !kept.has(logShown[0])) { logShown.shift(); el.firstElementChild?.remove(); dropped++; }
  const grows = (dropped === 0 || logShown.length > 0) && el.children.length === logShown.length
    && logShown.every((e, k) => entries[k] === e);
  if (!grows) { el.innerHTML = ""; logShown = []; }
  const fresh = entries.slice(logShown.length);
  if (fresh.length) el.insertAdjacentHTML("beforeend", fresh.map(logItem).join(""));
  const news = $("log-news");
  if (news && logStarted && grows && fresh.length) news.textContent = fresh.flatMap(logSentences).join(" ");
  logShown = entries;
  logStarted = true;
  if (atBottom) el.scrollTop = el.scrollHeight;
}

// the sources that gave points (all of them when none did)
function scoring(sources) {
  const some = sources.filter((x) => x.points !== 0);
  return some.length ? some : sources;
}

function showEnd() {
  endShown = true;
  const end = msg.table.ending;
  if (!end) return;
  const cards = (x) => t("web.table.end.pile", { label: x.label, cards: commas(x.cards) });
  const rows = end.players.map((p) => {
    const sources = commas(scoring(p.sources).map((x) => t("web.table.end.source", { label: x.label, points: x.points })));
    const hidden = p.revealed.filter((x) => x.cards.length).map(cards);
    const name = mine && mine.seat === p.seat ? yours(p.name) : p.name;
    return `<tr class="${p.place === 1 ? "win" : ""}"><td>${esc(t("web.table.end.place", { place: p.place }))}</td>
      <td>${dot(p.seat)} ${esc(name)}</td>
      <td><b>${esc(p.score)}</b><div class="sources">${esc(sources)}</div>${hidden.length ? `<div class="hidden-cards">${esc(hidden.join(t("web.table.end.pile-sep")))}</div>` : ""}</td></tr>`;
  }).join("");
  const piles = end.table.filter((x) => x.cards.length).map((x) => `<li>${esc(cards(x))}</li>`).join("");
  $("end-body").innerHTML = `<p class="headline"><b>${esc(t("web.table.end.headline", { headline: end.headline }))}</b></p>
    ${end.tiebreak ? `<p class="hint">${esc(end.tiebreak)}</p>` : ""}
    <table class="end-scores"><thead><tr><th>${esc(t("web.table.end.col.place"))}</th><th>${esc(t("web.table.end.col.player"))}</th><th>${esc(t("web.table.end.col.points"))}</th></tr></thead><tbody>${rows}</tbody></table>
    ${piles ? `<details class="piles"><summary>${esc(t("web.table.end.face-down"))}</summary><ul>${piles}</ul></details>` : ""}`;
  $("replay-link").href = `/t/${encodeURIComponent(tableId)}/replay`;
  renderRematch();
  if (!$("end").open) $("end").showModal();
}

// the rematch, live for everyone at the table: start it, join it, or go back to it
function renderRematch() {
  const table = msg.table;
  const there = table.rematch_id ? seatFor(table.rematch_id) : null;
  const button = $("rematch");
  button.hidden = !mine && !there;
  button.textContent = t(there ? "web.table.rematch.go" : table.rematch_id ? "web.table.rematch.join" : "web.table.rematch");
  $("rematch-note").textContent = table.rematch_id && !there ? t("web.table.rematch.started") : "";
}

// -- hints: a suggested move for this seat, in words (asked for, never played) -----------------
let hint = null;            // {version, action, said, reason} or {version, words} (a refusal)
let hintAsked = null;       // the version a hint was asked at (the button waits)

function hintsAllowed() {
  const table = msg?.table;
  return Boolean(table?.hints && !table.realtime && table.status === "playing" && mine && msg.legal.length);
}

function renderHint() {
  const table = msg.table;
  $("hints-setting").textContent = table.realtime ? "" : t(table.hints ? "web.table.hints.on" : "web.table.hints.off");
  const button = $("hint-button");
  button.hidden = !hintsAllowed();
  button.disabled = hintAsked === msg.version;
  button.textContent = t(hintAsked === msg.version ? "web.table.hint.thinking" : "web.table.hint");
  const box = $("hint-box");
  const shown = hint && hint.version === msg.version && !button.hidden ? hint : null;
  box.hidden = !shown;
  if (!shown) { box.innerHTML = ""; return; }
  box.innerHTML = shown.words ? `<p>${esc(shown.words)}</p>`
    : `<p><b>${esc(t("web.table.hint.label"))}</b> ${esc(shown.said)}</p>${shown.reason ? `<p class="why">${esc(shown.reason)}</p>` : ""}
      <p class="note">${esc(t("web.table.hint.note"))}</p>`;
}

function markHint() {
  const on = hint && msg && hint.version === msg.version && hint.action;
  for (const b of $("actions").querySelectorAll("[data-act]")) {
    const it = Boolean(on) && b.dataset.act === hint.action;
    b.classList.toggle("hinted", it);
    if (it) b.setAttribute("aria-description", t("web.table.hint.marked")); else b.removeAttribute("aria-description");
  }
}

async function askHint() {
  if (!hintsAllowed() || hintAsked === msg.version) return;
  const version = msg.version;
  hintAsked = version;
  renderHint();
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/hint`, undefined, mine.token);
    hint = { ...res, version: res.version };
  } catch (err) {
    hint = { version, words: err.body?.words || t("web.table.hint.none") };
  }
  hintAsked = null;
  if (msg) { renderHint(); markHint(); }
}

// -- events ------------------------------------------------------------------------------------
$("actions").addEventListener("click", (e) => {
  const b = e.target.closest("[data-act]");
  if (b) play.make(b.dataset.act);
});
$("filter").addEventListener("input", renderActions);
$("undo").addEventListener("click", undo);
$("quick-undo").addEventListener("click", undo);
$("hint-button").addEventListener("click", askHint);
learnCards(boardEl, () => glossary);  // card texts, rules by words, the rules summary
learnRules(gameName);
learnSummary(gameName, tableId);
$("invite").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText(location.href); setStatus(t("web.table.status.copied")); } catch { prompt(t("web.table.invite.prompt"), location.href); }
});
$("seat-actions").addEventListener("click", async (e) => {
  const b = e.target.closest("button");
  if (!b) return;
  try {
    if (b.id === "leave") {
      if (!confirm(t("web.table.seat.leave.confirm"))) return;
      await hold(api("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, undefined, mine.token));
      forgetSeat(tableId);
      mine = null;
    } else if (b.dataset.seat !== undefined) {
      const name = $("join-name").value.trim() || null;
      saveName(name);
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { seat: Number(b.dataset.seat), name });
      saveSeat(tableId, res.seat, res.token, gameName);
      mine = { seat: res.seat, token: res.token };
    }
    ws.close(1000);
  } catch (err) {
    alert(err.body?.words || err.message);
  }
});
$("join-name").value = savedName();
const seatLink = mountSeatLink({
  tableId, game: gameName, reseat: (seat) => { mine = seat; ws.close(1000); },
});
$("rematch").addEventListener("click", async () => {
  const there = msg?.table?.rematch_id ? seatFor(msg.table.rematch_id) : null;
  if (there) { location.href = `/t/${encodeURIComponent(msg.table.rematch_id)}`; return; }
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, undefined, mine.token);
    saveSeat(res.table, res.seat, res.token, gameName);
    location.href = `/t/${encodeURIComponent(res.table)}`;
  } catch (err) {
    alert(err.body?.words || err.message);
  }
});
document.addEventListener("keydown", (e) => {
  const typing = /INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName || "");
  if (e.key === "Escape") {
    if (play.picked.length) play.clear();
    if (typing) document.activeElement.blur();
    return;
  }
  if (typing || e.ctrlKey || e.metaKey || e.altKey || !msg) return;
  if (/^[1-9]$/.test(e.key)) {
    const a = visibleActions()[Number(e.key) - 1];
    if (a) { e.preventDefault(); play.make(a.text); }
  } else if (e.key === "/") {
    e.preventDefault(); $("filter").focus();
  } else if (e.key === "u" && msg.undo) {
    undo();
  } else if (e.key === "h" && !$("hint-button").hidden) {
    askHint();
  } else if (e.key === "l") {
    $("log-panel").focus();
  } else if (e.key === "r") {
    $("rules-panel").focus();
  }
});
setInterval(() => {
  if (!msg) return;
  if (msg.table.clock) {
    for (const el of document.querySelectorAll("[data-clock]")) {
      const p = Number(el.dataset.clock);
      const c = msg.table.clock;
      let ms = c.remaining[p];
      if (c.running.includes(p)) ms -= performance.now() - receivedAt;
      el.textContent = fmtClock(ms);
      el.classList.toggle("low", ms < 30000);
    }
    renderQuickClock();
  }
  if (msg.table.live?.paused_for) renderBanner();
}, 250);

async function main() {
  if (await linking) mine = seatFor(tableId);
  try {
    board = await import(`./games/${gameName}.js`);
  } catch (err) {
    boardEl.textContent = t("web.table.board.missing", { game: gameName });
  }
  try {
    glossary = (await api("GET", `/api/games/${gameName}/glossary`)).glossary || {};
  } catch (err) {
    glossary = {};  // names are a help, not a need: the board still works with ids
  }
  connect();
}

main();
