// The table's chat panel: messages between the players and the spectators.
// table.js owns the WebSocket: every server frame arrives as a "liftoff:message"
// event, and a "liftoff:send" event sends a message. Chat text is always inserted
// as text (never as markup). Muting is this browser's own: per table and person,
// kept in localStorage.
import { t, LANG } from "./common.js";

const $ = (id) => document.getElementById(id);
const panel = $("chat-panel");
const tableId = $("table")?.dataset.table || "";
const MUTE_KEY = "liftoff.chat-mute";
const KEEP = 100; // messages shown

let you = null;        // this browser's seat (null: a spectator)
let seats = [];        // the table's seats (public), from the last state
let messages = [];     // chat messages, oldest first
let nextId = 1;
const pending = new Map(); // request id -> {kind: "chat" | "report", text}
const own = new Set();     // the numbers of this browser's own messages

// -- mute (per person: a seat, or every spectator) ------------------------------------
function muteAll() {
  try { return JSON.parse(localStorage.getItem(MUTE_KEY) || "{}"); } catch { return {}; }
}

function muted() {
  return new Set(muteAll()[tableId] || []);
}

function setMuted(key, on) {
  const all = muteAll();
  const mine = new Set(all[tableId] || []);
  if (on) mine.add(key); else mine.delete(key);
  if (mine.size) all[tableId] = [...mine]; else delete all[tableId];
  localStorage.setItem(MUTE_KEY, JSON.stringify(all));
}

function personKey(from) {
  return from.seat === null || from.seat === undefined ? "spectators" : `seat:${from.seat}`;
}

// -- sending ------------------------------------------------------------------------------
function send(obj, kind) {
  const id = `chat-${nextId++}`;
  pending.set(id, { kind, text: obj.text });
  document.dispatchEvent(new CustomEvent("liftoff:send", { detail: { ...obj, id } }));
  setTimeout(() => { // the socket was down (table.js reconnects): say so
    if (pending.delete(id)) $("chat-error").textContent = t("web.chat.dropped");
  }, 8000);
}

function say(text) {
  $("chat-error").textContent = "";
  send({ type: "chat", text }, "chat");
}

function report(n) {
  send({ type: "report", n }, "report");
}

// -- drawing ------------------------------------------------------------------------------
function timeOf(at) {
  return new Date(at * 1000).toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" });
}

// whether a message is this browser's own (spectators share a name: by the server's acks)
function mine(m) {
  return own.has(m.n) || (you !== null && m.from.seat === you);
}

function item(m) {
  const li = document.createElement("li");
  li.dataset.n = String(m.n);
  li.dataset.person = personKey(m.from);
  const who = document.createElement("span");
  who.className = "chat-who";
  who.textContent = mine(m) ? t("web.chat.you", { name: m.from.name }) : m.from.name;
  const when = document.createElement("time");
  when.className = "chat-when";
  when.dateTime = new Date(m.at * 1000).toISOString();
  when.textContent = timeOf(m.at);
  const text = document.createElement("span");
  text.className = "chat-text";
  text.textContent = m.text;
  li.append(who, " ", when, " ", text);
  if (!mine(m)) {
    const rep = document.createElement("button");
    rep.type = "button";
    rep.className = "linkish chat-report";
    rep.dataset.report = String(m.n);
    rep.textContent = t("web.chat.report");
    rep.setAttribute("aria-label", t("web.chat.report.label", { name: m.from.name }));
    li.append(" ", rep);
  }
  return li;
}

function renderList() {
  const list = $("chat-list");
  const hidden = muted();
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  const shown = messages.filter((m) => mine(m) || !hidden.has(personKey(m.from)));
  list.replaceChildren(...shown.map(item));
  $("chat-empty").hidden = list.children.length > 0;
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function people() {
  const out = seats
    .filter((s) => s.kind === "human" && s.seat !== you)
    .map((s) => ({ key: `seat:${s.seat}`, name: s.name || t("web.common.player", { n: s.seat + 1 }) }));
  out.push({ key: "spectators", name: t("web.chat.spectators") });
  return out;
}

function renderMutes() {
  const box = $("chat-mute");
  const hidden = muted();
  const current = [...box.querySelectorAll("button")].map((b) => `${b.dataset.mute}|${b.textContent}`);
  const label = (p) => t(hidden.has(p.key) ? "web.chat.unmute" : "web.chat.mute", { name: p.name });
  const wanted = people().map((p) => `${p.key}|${label(p)}`);
  if (current.join("\n") === wanted.join("\n")) return; // unchanged: keep focus where it is
  box.replaceChildren(...people().map((p) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.mute = p.key;
    b.setAttribute("aria-pressed", String(hidden.has(p.key)));
    b.textContent = label(p);
    return b;
  }));
}

function announce(m) {
  if (mine(m)) return; // one's own words need no reading out
  if (muted().has(personKey(m.from))) return;
  $("chat-news").textContent = t("web.chat.says", { name: m.from.name, text: m.text });
  if (!seen()) setUnread(unread + 1);
}

// -- unread: a message nobody could see (the panel off-screen, or the tab hidden) ------
let unread = 0;
let panelShown = false; // some of the chat's list is on the screen

function seen() {
  return panelShown && document.visibilityState === "visible";
}

// the badge on the chat button (the quick bar; on a wide screen, a corner button) and
// the tab title's "(N)" (signals.js puts it in the title)
function setUnread(n) {
  unread = n;
  const badge = $("chat-badge");
  badge.hidden = n === 0;
  badge.textContent = n ? String(n) : "";
  $("quick-chat").setAttribute("aria-label", n ? t("web.chat.unread", { count: n }) : t("web.table.chat"));
  $("quickbar").classList.toggle("unread", n > 0);
  document.dispatchEvent(new CustomEvent("liftoff:unread", { detail: { count: n } }));
}

function watchPanel() {
  const clear = () => { if (seen() && unread) setUnread(0); };
  new IntersectionObserver((entries) => {
    panelShown = entries.some((e) => e.isIntersecting);
    clear();
  }).observe($("chat-list").parentElement);
  document.addEventListener("visibilitychange", clear);
}

// -- the server's frames ----------------------------------------------------------------------
function onMessage(m) {
  if (m.type === "state") {
    $("chat-send").disabled = false; // the socket is open
    const changed = you !== m.you || JSON.stringify(seats) !== JSON.stringify(m.table.seats);
    you = m.you ?? null;
    seats = m.table.seats || [];
    if (changed) { renderMutes(); renderList(); }
  } else if (m.type === "chat_history") {
    messages = (m.messages || []).slice(-KEEP);  // the recent chat (again, after a reconnect)
    renderList();
  } else if (m.type === "chat") {
    // our own message may come before the server's ack: know it by its words
    const ours = m.from.seat === you && [...pending.values()].some((p) => p.text === m.text);
    if (ours) own.add(m.n);
    messages.push(m);
    if (messages.length > KEEP) messages = messages.slice(-KEEP);
    renderList();
    announce(m);
  } else if (pending.has(m.id)) {
    const { kind } = pending.get(m.id);
    pending.delete(m.id);
    if (m.type === "error") {
      $("chat-error").textContent = m.message || t("web.chat.not-sent");
    } else if (kind === "chat") {
      $("chat-text").value = "";
      if (!own.has(m.n)) { own.add(m.n); renderList(); }
    } else if (kind === "report") {
      $("chat-error").textContent = m.message || t("web.chat.reported.said");
    }
  }
}

if (panel) {
  document.addEventListener("liftoff:message", (e) => onMessage(e.detail));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) {
      $("chat-error").textContent = t("web.chat.empty");
      return;
    }
    say(text);
  });
  $("chat-list").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-report]");
    if (!b) return;
    report(Number(b.dataset.report));
    b.disabled = true;
    b.textContent = t("web.chat.reported");
  });
  $("chat-mute").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-mute]");
    if (!b) return;
    setMuted(b.dataset.mute, !muted().has(b.dataset.mute));
    renderMutes();
    renderList();
    $("chat-mute").querySelector(`button[data-mute="${b.dataset.mute}"]`)?.focus();
  });
  renderMutes();
  renderList();
  watchPanel();
}
