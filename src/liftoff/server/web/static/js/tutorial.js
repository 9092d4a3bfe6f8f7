// The coach of an interactive first game: a panel above the table that explains each
// kind of move the first time it becomes possible, ticks the kinds tried, points at
// the bot's moves, and closes with a way to a real game. Loaded by tutorial-hook.js
// at tutorial tables only; it reads the table page's events and never acts itself.
import { api, esc, t, tn, num, LANG } from "./common.js";

const $ = (id) => document.getElementById(id);
const root = $("table");
const tableId = root.dataset.table;
const gameName = root.dataset.game;
const KEY = `liftoff.tutorial.${tableId}`;

// names one after another ("Board, Launch"), not a sentence
const NAMES = new Intl.ListFormat(LANG, { type: "conjunction", style: "narrow" });

const content = await api("GET", `/api/tutorials/${encodeURIComponent(gameName)}`);
const kinds = Object.keys(content.kinds);

// what this browser saw of the game: survives a reload of the page
const progress = { seen: [], tried: [], latest: [], hidden: false, ...load() };
let last = null;        // the last state message
let panel = null;
let closed = false;     // the closing message is shown

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

function save() {
  try { localStorage.setItem(KEY, JSON.stringify(progress)); } catch { /* private mode: no memory */ }
}

// the kind of an action: the first word of its text ("board rocket F S" → "board")
function kindOf(text) {
  return String(text || "").trim().split(/\s+/)[0];
}

export function handle(kind, detail) {
  if (!panel) build();
  if (kind === "state") onState(detail);
  else if (kind === "acted") onActed(detail?.action);
}

function build() {
  panel = document.createElement("section");
  panel.id = "coach";
  panel.className = "coach";
  panel.setAttribute("aria-labelledby", "coach-title");
  panel.innerHTML = `
    <div class="coach-head">
      <h2 id="coach-title">${esc(content.title)}</h2>
      <span id="coach-latest" class="coach-latest"></span>
      <button type="button" id="coach-toggle" aria-controls="coach-body"></button>
    </div>
    <div id="coach-body" class="coach-body">
      <div id="coach-now" class="coach-now"></div>
      <p id="coach-bot" class="coach-bot" hidden></p>
      <details id="coach-list-box" class="coach-list-box">
        <summary id="coach-count"></summary>
        <ul id="coach-list" class="coach-list"></ul>
      </details>
    </div>
    <p id="coach-say" class="coach-say" aria-live="polite"></p>`;
  const main = root.parentElement;
  main.insertBefore(panel, root);
  // the checklist is open on a wide screen, folded on a phone (until the player chooses)
  const wide = window.matchMedia("(min-width: 901px)");
  $("coach-list-box").open = wide.matches;
  let chosen = false;
  $("coach-list-box").querySelector("summary").addEventListener("click", () => { chosen = true; });
  wide.addEventListener("change", () => { if (!chosen) $("coach-list-box").open = wide.matches; });
  $("coach-toggle").addEventListener("click", () => {
    progress.hidden = !progress.hidden;
    save();
    renderToggle();
  });
  renderToggle();
  renderNow();
  renderList();
}

function renderToggle() {
  const hidden = Boolean(progress.hidden);
  $("coach-body").hidden = hidden;
  const b = $("coach-toggle");
  b.textContent = t(hidden ? "web.tutorial.show" : "web.tutorial.hide");
  b.setAttribute("aria-expanded", String(!hidden));
}

function onState(msg) {
  last = msg;
  const offered = new Set((msg.legal || []).map((a) => kindOf(a.text)).filter((k) => content.kinds[k]));
  const fresh = kinds.filter((k) => offered.has(k) && !progress.seen.includes(k));
  if (fresh.length) {
    progress.seen.push(...fresh);
    progress.latest = fresh;
    save();
    renderNow();
    renderList();
    // the live region says only what is new
    $("coach-say").textContent = fresh
      .map((k) => t("web.tutorial.new.said", { title: content.kinds[k].title, text: content.kinds[k].text })).join(" ");
  }
  renderBot(msg);
  if (msg.table?.status === "over" && !closed) close(msg);
}

function onActed(text) {
  const k = kindOf(text);
  if (!content.kinds[k] || progress.tried.includes(k)) return;
  progress.tried.push(k);
  save();
  renderList();
}

function renderNow() {
  const latest = progress.latest.filter((k) => content.kinds[k]);
  $("coach-latest").textContent = latest.length
    ? t("web.tutorial.new", { title: NAMES.format(latest.map((k) => content.kinds[k].title)) }) : "";
  const intro = `<p class="coach-intro">${esc(content.introduction)}</p>`;
  const hint = content.speed ? "" : `<p class="coach-note">${esc(t("web.tutorial.hint"))}</p>`;
  if (!latest.length) { $("coach-now").innerHTML = intro + hint; return; }
  const news = latest.map((k) => `<div class="coach-new" data-kind="${esc(k)}"><h3>${esc(t("web.tutorial.new", { title: content.kinds[k].title }))}</h3>
    <p>${esc(content.kinds[k].text)}</p></div>`).join("");
  // the introduction stays one click away
  const first = latest.length === progress.seen.length; // the game just began: the introduction shows
  $("coach-now").innerHTML = `<details class="coach-about"${first ? " open" : ""}><summary>${esc(t("web.tutorial.about"))}</summary>${intro}${hint}</details>
    <div class="coach-news">${news}</div>`;
}

function renderList() {
  const tried = progress.tried.filter((k) => content.kinds[k]);
  $("coach-count").textContent = tn("web.tutorial.count", kinds.length, { tried: num(tried.length) });
  $("coach-list").innerHTML = kinds.map((k) => {
    const e = content.kinds[k];
    const done = tried.includes(k);
    const seen = progress.seen.includes(k);
    const state = t(done ? "web.tutorial.state.tried" : seen ? "web.tutorial.state.open" : "web.tutorial.state.later");
    return `<li class="${done ? "done" : seen ? "open" : "later"}" data-kind="${esc(k)}" data-tried="${done}">
      <details><summary><span class="mark" aria-hidden="true">${done ? "✓" : seen ? "○" : "·"}</span>
      ${esc(e.title)} <span class="state">${esc(state)}</span></summary><p>${esc(e.text)}</p></details></li>`;
  }).join("");
}

// what the other side did last, in the words of the game log
function renderBot(msg) {
  const theirs = (msg.log || []).filter((e) => e.player !== msg.you && (e.lines || []).length);
  if (!theirs.length) return;
  const entry = theirs[theirs.length - 1];
  const el = $("coach-bot");
  el.hidden = false;
  el.innerHTML = `<b>${esc(t("web.tutorial.just-now"))}</b> ${esc(entry.lines[0])} <a href="#log-panel">${esc(t("web.tutorial.log-link"))}</a>`;
}

function close(msg) {
  closed = true;
  const tried = progress.tried.filter((k) => content.kinds[k]).length;
  const link = `/?game=${encodeURIComponent(gameName)}`;
  const count = tn("web.tutorial.tried", kinds.length, { tried: num(tried) });
  const words = `<p>${esc(content.closing)}</p>
    <p>${esc(count)}</p>
    <p><a class="button primary" href="${link}">${esc(t("web.tutorial.real-game"))}</a></p>`;
  progress.latest = [];
  $("coach-latest").textContent = t("web.tutorial.over");
  $("coach-now").innerHTML = `<div class="coach-closing" id="coach-closing"><h3>${esc(msg.table.ending?.headline || t("web.tutorial.over"))}</h3>${words}</div>`;
  $("coach-say").textContent = `${content.closing} ${count}`;
  // the end-of-game dialog covers the page: the way on is said there too
  const dialog = $("end");
  if (dialog && !$("coach-end")) {
    const box = document.createElement("div");
    box.id = "coach-end";
    box.className = "coach-closing";
    box.innerHTML = words;
    dialog.insertBefore(box, dialog.querySelector(".row"));
  }
  save();
}
