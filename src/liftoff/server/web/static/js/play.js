// Playing on the board: picks on the pieces (choose.js), their marks, and the move
// bar under the board — what is picked, the moves it leads to when several match,
// the moves no piece stands for, and an "End turn" that asks first while other
// moves remain. The table page and the tests drive the same code.
import { esc, t, tn } from "./common.js";
import { Choice } from "./choose.js";

const SHOW = 12; // more matching moves than this: pick more on the board first
const ONE_TAP = "liftoff.one-tap"; // this browser's setting: a tap on a card plays it

/** Whether a tap on a playable card plays it at once (else it shows, with Play). */
export function oneTap() {
  try { return localStorage.getItem(ONE_TAP) === "1"; } catch { return false; }
}

export function setOneTap(on) {
  try { if (on) localStorage.setItem(ONE_TAP, "1"); else localStorage.removeItem(ONE_TAP); } catch { /* no memory */ }
}

// the name in a piece's text "Name: what it does" (「名前：効果」 in Japanese)
function cardName(text) {
  const at = text.search(/: |：/);
  return at > 0 ? text.slice(0, at) : "";
}

/**
 * Wire a board element and its move bar.
 * ``send(text)`` makes a move; ``ending(text)`` says whether it ends the turn (asked
 * first while other moves remain); ``changed()`` runs after every pick; ``about(el)``
 * is a piece's text (shown on the bar for the last piece picked).
 */
export function mountPlay({
  board, bar, send, ending = () => false, changed = () => {}, about = () => "", confirmTaps = () => false,
}) {
  const choice = new Choice();
  let legal = [];
  let onBoardActions = new Set();
  let asking = null; // the turn-ending move waiting for "yes"
  let showing = null; // a move a tap on a card would make, shown first: {text, tokens}
  let named = new Map(); // tokens -> a piece's name (for the picked chips)
  let texts = new Map(); // tokens -> a piece's text (what it does)

  function make(text, sure = false) {
    if (!sure && ending(text) && legal.length > 1) {
      asking = text;
      draw();
      bar.querySelector("[data-sure]")?.focus();
      return;
    }
    asking = null;
    showing = null;
    choice.clear();
    send(text);
    draw();
  }

  function mark() {
    for (const el of board.querySelectorAll("[data-tokens]")) {
      const group = el.dataset.tokens.split(" ");
      const picked = choice.isPicked(group);
      el.classList.toggle("selected", picked);
      el.classList.toggle("legal", legal.length > 0 && choice.canPick(group)); // again: a second copy
      if (el.getAttribute("role") === "button" || el.tagName === "BUTTON") {
        el.setAttribute("aria-pressed", picked ? "true" : "false");
      }
    }
    for (const el of board.querySelectorAll("[data-action]")) {
      el.classList.toggle("legal", legal.some((a) => a.text === el.dataset.action));
    }
  }

  function button(a, extra = "") {
    return `<button type="button" data-act="${esc(a.text)}"${extra}>${esc(a.description)}</button>`;
  }

  function draw() {
    bar.hidden = !legal.length;
    if (!legal.length) { bar.innerHTML = ""; return; }
    if (showing) {
      // a finger's first tap on a card shows it: read it, then Play or Not now
      const a = legal.find((x) => x.text === showing.text) || { text: showing.text, description: showing.text };
      const said = texts.get(showing.tokens) || "";
      bar.innerHTML = `<p class="lead">${esc(a.description)}</p>${said ? `<p class="about">${esc(said)}</p>` : ""}
        <div class="row"><button type="button" class="primary" data-act="${esc(showing.text)}" data-sure="1">${esc(t("web.play.show.play"))}</button>
        <button type="button" data-cancel="1">${esc(t("web.play.show.not-now"))}</button></div>`;
      return;
    }
    if (asking) {
      const others = legal.length - 1;
      const a = legal.find((x) => x.text === asking) || { text: asking, description: asking };
      const move = a.description.charAt(0).toLowerCase() + a.description.slice(1);
      bar.innerHTML = `<p class="ask"><b>${esc(t("web.play.ask", { move: a.description }))}</b> ${esc(tn("web.play.ask.others", others))}</p>
        <div class="row"><button type="button" class="primary" data-act="${esc(asking)}" data-sure="1">${esc(t("web.play.ask.yes", { move }))}</button>
        <button type="button" data-cancel="1">${esc(t("web.play.ask.no"))}</button></div>`;
      return;
    }
    const picks = choice.picked.map((g, i) => `<button type="button" class="pick" data-unpick="${i}"
        aria-label="${esc(t("web.play.unpick", { name: named.get(g.join(" ")) || g[0] }))}">${esc(named.get(g.join(" ")) || g[0])} <span aria-hidden="true">×</span></button>`).join("");
    const last = choice.picked[choice.picked.length - 1];
    const said = last ? texts.get(last.join(" ")) : "";
    const found = choice.candidates();
    let lead;
    let choices = "";
    if (!choice.picked.length) {
      lead = t("web.play.lead.start");
    } else if (found.length <= SHOW) {
      lead = t(found.length > 1 ? "web.play.lead.which" : "web.play.lead.one");
      const done = found.filter((a) => choice.complete(a.text));
      const more = found.filter((a) => !choice.complete(a.text));
      choices = [...done, ...more].map((a) => button(a)).join("");
    } else {
      const done = found.filter((a) => choice.complete(a.text));
      lead = tn("web.play.lead.many", found.length);
      choices = done.slice(0, SHOW).map((a) => button(a)).join("");
    }
    const free = choice.free().filter((a) => !onBoardActions.has(a.text));
    const freeRow = free.map((a) => button(a, ending(a.text) ? ' class="end-turn"' : "")).join("");
    bar.innerHTML = `<p class="lead">${esc(lead)}</p>
      ${picks ? `<div class="row picks">${picks}<button type="button" class="linkish" data-clear="1">${esc(t("web.play.clear"))}</button></div>` : ""}
      ${said ? `<p class="about">${esc(said)}</p>` : ""}
      ${choices ? `<div class="row choices">${choices}</div>` : ""}
      ${freeRow ? `<div class="row free">${freeRow}</div>` : ""}`;
  }

  function refresh() {
    mark();
    draw();
    changed();
  }

  board.addEventListener("click", (e) => {
    const a = e.target.closest("[data-action]");
    if (a && board.contains(a)) {
      if (legal.some((x) => x.text === a.dataset.action)) make(a.dataset.action);
      return;
    }
    const el = e.target.closest("[data-tokens]");
    if (!el || !board.contains(el) || !legal.length) return;
    asking = null;
    showing = null;
    const done = choice.click(el.dataset.tokens.split(" "));
    const finger = e.pointerType === "touch" || e.pointerType === "pen";
    if (done && finger && confirmTaps() && texts.get(el.dataset.tokens)) {
      showing = { text: done, tokens: el.dataset.tokens };
      refresh();
      bar.querySelector("[data-sure]")?.focus({ preventScroll: true });
    } else if (done) make(done); else refresh();
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const el = e.target.closest("[data-action],[data-tokens]");
    if (!el || el.tagName === "BUTTON") return; // buttons click by themselves
    e.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  bar.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.act) make(b.dataset.act, Boolean(b.dataset.sure));
    else if (b.dataset.cancel && showing) { showing = null; choice.clear(); refresh(); }
    else if (b.dataset.cancel) { asking = null; draw(); }
    else if (b.dataset.clear) { choice.clear(); refresh(); }
    else if (b.dataset.unpick !== undefined) { choice.picked.splice(Number(b.dataset.unpick), 1); refresh(); }
  });

  return {
    /** After each render of the board: the legal actions for this seat. */
    update(newLegal) {
      legal = newLegal || [];
      if (asking && !legal.some((a) => a.text === asking)) asking = null;
      if (showing && !legal.some((a) => a.text === showing.text)) { showing = null; choice.clear(); }
      const tokens = new Set();
      named = new Map();
      texts = new Map();
      for (const el of board.querySelectorAll("[data-tokens]")) {
        for (const t of el.dataset.tokens.split(" ")) tokens.add(t);
        const text = about(el);
        const name = cardName(text) || el.getAttribute("aria-label") || el.textContent.trim();
        if (name) named.set(el.dataset.tokens, name.split(",")[0].slice(0, 40));
        if (text) texts.set(el.dataset.tokens, text);
      }
      onBoardActions = new Set([...board.querySelectorAll("[data-action]")].map((el) => el.dataset.action));
      choice.update(legal, tokens);
      mark();
      draw();
    },
    /** A move made elsewhere (the action list, a key): asks first if it ends the turn. */
    make,
    /** Forget the picks (Esc). */
    clear() { asking = null; showing = null; choice.clear(); refresh(); },
    /** The actions the picks lead to (all of them before any pick). */
    narrowed() { return choice.picked.length ? choice.candidates() : legal; },
    get picked() { return choice.picked; },
  };
}
