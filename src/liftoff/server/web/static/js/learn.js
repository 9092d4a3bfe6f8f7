// Learning the game where it is played: card texts in a popover (hover, tap or
// focus anything on the board marked data-learn="<glossary id>"), the Rules box
// searching by words, and the rules summary of the table in a dialog.
import { api, esc, t } from "./common.js";

// -- card texts ------------------------------------------------------------------
let pop = null;       // the popover element
let anchor = null;    // the element it belongs to
let pinned = false;   // opened by a tap: stays until Esc or a tap elsewhere
let mouse = null;     // where the mouse is over the board, while it shows a text
let hushed = null;    // where the mouse picked a piece: no text there until it moves on
const HUSH = 24;      // px the mouse moves off a picked piece before texts show again

function popover() {
  if (pop) return pop;
  pop = document.createElement("div");
  pop.id = "learn-pop";
  pop.className = "learn-pop";
  pop.setAttribute("role", "tooltip");
  pop.hidden = true;
  document.body.append(pop);
  return pop;
}

// "Name: what it does" (「名前：効果」) → the name in bold, then the text
function cardHtml(text) {
  const found = /: |：/.exec(text);
  if (!found) return esc(text);
  const at = found.index;
  return `<b>${esc(text.slice(0, at))}</b> ${esc(text.slice(at + found[0].length))}`;
}

function place(el) {
  const r = el.getBoundingClientRect();
  const p = popover();
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  p.style.left = "0px";
  p.style.top = "0px";
  const w = p.offsetWidth, h = p.offsetHeight;
  const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, vw - w - 8));
  const below = r.bottom + 8;
  const top = below + h <= vh - 8 || r.top - h - 8 < 8 ? below : r.top - h - 8;
  p.style.left = `${Math.round(left)}px`;
  p.style.top = `${Math.round(Math.max(8, Math.min(top, vh - h - 8)))}px`;
}

function show(el, words, pin) {
  const text = words()[el.dataset.learn] || el.dataset.learnText || "";
  if (!text) return;
  const p = popover();
  if (anchor && anchor !== el) anchor.removeAttribute("aria-describedby");
  anchor = el;
  pinned = pin;
  // a card's id, for those who want it, only here (the board shows its name)
  const id = el.dataset.cardId ? ` <small class="card-id">${esc(t("web.learn.card-id", { id: el.dataset.cardId }))}</small>` : "";
  p.innerHTML = cardHtml(text) + id;
  p.hidden = false;
  el.setAttribute("aria-describedby", "learn-pop");
  place(el);
}

export function hideCard() {
  if (!pop || pop.hidden) return;
  pop.hidden = true;
  pinned = false;
  anchor?.removeAttribute("aria-describedby");
  anchor = null;
}

// Board pieces (HTML, not SVG drawings) that only show a text get a place in the
// keyboard order, so focus shows their text too.
function focusable(root) {
  for (const el of root.querySelectorAll("[data-learn]:not([tabindex]):not(button)")) {
    if (!el.closest("svg") && !el.parentElement.closest("[tabindex],button")) el.setAttribute("tabindex", "0");
  }
}

let touched = false;   // the last pointer was a finger or a pen
// a piece with a glossary text, or with a text of its own (the Moon: where it is)
const LEARNABLE = "[data-learn], [data-learn-text]";

/** Card texts for every [data-learn] piece of ``root``; ``words()`` is the glossary. */
export function learnCards(root, words) {
  // (the focus a tap gives comes between its pointerdown and its click)
  document.addEventListener("pointerdown", (e) => { touched = e.pointerType === "touch" || e.pointerType === "pen"; }, true);
  document.addEventListener("click", () => setTimeout(() => { touched = false; }), true);
  root.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    mouse = { x: e.clientX, y: e.clientY };
    if (hushed && Math.hypot(e.clientX - hushed.x, e.clientY - hushed.y) < HUSH) return;
    hushed = null;
    const el = e.target.closest(LEARNABLE);
    if (el && root.contains(el)) { if (el !== anchor || !pinned) show(el, words, pinned && el === anchor); }
    else if (!pinned) hideCard();
  });
  root.addEventListener("pointermove", (e) => {
    if (mouse) mouse = { x: e.clientX, y: e.clientY };
    if (hushed && Math.hypot(e.clientX - hushed.x, e.clientY - hushed.y) >= HUSH) hushed = null;
  });
  root.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return;
    mouse = null;
    hushed = null;
    if (!pinned) hideCard();
  });
  root.addEventListener("focusin", (e) => {
    if (touched) return; // a tap focuses too: the tap decides (below)
    const el = e.target.closest(LEARNABLE);
    if (el && root.contains(el)) { mouse = null; show(el, words, false); }
  });
  root.addEventListener("focusout", () => { if (!pinned) hideCard(); });
  root.addEventListener("click", (e) => {  // a tap (touch or pen) pins the text
    // a piece picked (or a move made) by the mouse: its text goes, so that nothing
    // covers the hand or the move bar, until the mouse moves on
    const picked = e.target.closest("[data-tokens], [data-action]");
    if (e.pointerType === "mouse" && picked && root.contains(picked)) {
      hushed = { x: e.clientX, y: e.clientY };
      hideCard();
      return;
    }
    if (e.pointerType !== "touch" && e.pointerType !== "pen") return;
    const el = e.target.closest(LEARNABLE);
    // a tap that picked a piece for a move (or made it): its text shows on the move
    // bar instead, so nothing covers the bar's buttons
    if (el?.closest("[data-tokens].selected, [data-tokens].legal, [data-action].legal")) return;
    if (el && root.contains(el)) show(el, words, true);
  });
  // a tap on the text itself closes it too (and reaches nothing under it)
  document.addEventListener("click", (e) => {
    if (pinned && (!e.target.closest(LEARNABLE) || e.target.closest("#learn-pop"))) hideCard();
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideCard(); });
  window.addEventListener("resize", () => { if (anchor?.isConnected) place(anchor); else if (!pinned) hideCard(); });
  // the board is drawn again on every change: a text shown by the mouse follows
  // the piece now under it; one shown by focus goes with the focus
  new MutationObserver(() => {
    focusable(root);
    if (!anchor || anchor.isConnected || pinned || hushed) return;
    const el = mouse && document.elementFromPoint(mouse.x, mouse.y)?.closest(LEARNABLE);
    if (el && root.contains(el)) show(el, words, false); else hideCard();
  }).observe(root, { childList: true, subtree: true });
  focusable(root);
}

// -- rules by words --------------------------------------------------------------------
function ruleList(hits) {
  return `<ol class="rule-hits">${hits.map((h) => `<li><span class="rule">${esc(h.id)}</span> — ${esc(h.text)}</li>`).join("")}</ol>`;
}

/** The Rules box: words (or a rule id) list the matching rules with their texts. */
export function learnRules(game) {
  const form = document.getElementById("rule-lookup");
  const input = document.getElementById("rule-id");
  const out = document.getElementById("rule-text");
  if (!form || !input || !out) return;
  input.placeholder = t("web.learn.rules.placeholder");
  input.setAttribute("aria-label", t("web.learn.rules.label"));
  input.type = "search";
  input.maxLength = 100;
  const button = form.querySelector("button");
  if (button) button.textContent = t("web.learn.rules.find");
  let asked = 0;
  async function find() {
    const q = input.value.trim();
    const mine = ++asked;
    if (!q) { out.innerHTML = ""; return; }
    try {
      const hits = await api("GET", `/api/games/${encodeURIComponent(game)}/rules?${new URLSearchParams({ q, limit: "8" })}`);
      if (mine !== asked) return;
      out.innerHTML = hits.length ? ruleList(hits) : `<p class="hint">${esc(t("web.learn.rules.none", { words: q }))}</p>`;
    } catch (err) {
      if (mine === asked) out.innerHTML = `<p class="error">${esc(err.message)}</p>`;
    }
  }
  let timer = 0;
  form.addEventListener("submit", (e) => { e.preventDefault(); clearTimeout(timer); find(); });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    if (input.value.trim().length >= 3 || !input.value.trim()) timer = setTimeout(find, 350);
  });
}

// -- the rules summary -------------------------------------------------------------------
// The summary's Markdown: "## " headings, "- " list items (continued by indented
// lines) and paragraphs.
export function markdown(text) {
  const html = [];
  for (const block of text.split(/\n\s*\n/)) {
    let list = null, para = [];
    const flush = () => { if (para.length) html.push(`<p>${esc(para.join(" "))}</p>`); para = []; };
    for (const raw of block.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      if (raw.startsWith("## ")) { flush(); list = null; html.push(`<h3>${esc(line.slice(3))}</h3>`); }
      else if (line.startsWith("- ")) { flush(); list = list || (html.push([]), html[html.length - 1]); list.push(line.slice(2)); }
      else if (list && /^\s/.test(raw)) list[list.length - 1] += ` ${line}`;
      else { list = null; para.push(line); }
    }
    flush();
  }
  return html.map((h) => (Array.isArray(h) ? `<ul>${h.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>` : h)).join("");
}

/** A "Rules in short" button (in the top bar) opening the table's rules summary. */
export function learnSummary(game, tableId) {
  const dialog = document.createElement("dialog");
  dialog.id = "summary";
  dialog.className = "summary-dialog";
  dialog.setAttribute("aria-labelledby", "summary-title");
  dialog.innerHTML = `<h2 id="summary-title">${esc(t("web.learn.summary.title"))}</h2><div id="summary-body" class="summary-body"></div>
    <form method="dialog" class="row"><button>${esc(t("web.common.close"))}</button></form>`;
  document.body.append(dialog);
  const button = document.createElement("button");
  button.type = "button";
  button.id = "summary-button";
  button.className = "linkish";
  button.textContent = t("web.learn.summary.button");
  button.setAttribute("aria-haspopup", "dialog");
  const invite = document.getElementById("invite");
  if (invite) invite.before(button); else document.querySelector(".topbar")?.append(button);
  const body = dialog.querySelector("#summary-body");
  button.addEventListener("click", async () => {
    body.innerHTML = `<p class='hint'>${esc(t("web.learn.summary.loading"))}</p>`;
    dialog.showModal();
    try {
      const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
      const q = new URLSearchParams(Object.entries(table.options || {}).map(([k, v]) => [k, String(v)]));
      const s = await api("GET", `/api/games/${encodeURIComponent(game)}/summary?${q}`);
      body.innerHTML = `<p class="hint">${esc(t("web.learn.summary.about", { game: s.title }))}</p>${markdown(s.text)}`;
    } catch (err) {
      body.innerHTML = `<p class="error">${esc(err.message)}</p>`;
    }
  });
}
