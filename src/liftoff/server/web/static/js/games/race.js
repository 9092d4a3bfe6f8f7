// Race board: the planets with both players' rows, your top card and stack, the
// other stacks, scores and the resolution log; updated live.
import { esc, t, tn } from "../common.js";
import { text, clickable, keyed, commas } from "../svg.js";
import { allowed } from "../motion.js";

// a seat's name as people read it (set at each render from ctx.names), never a seat id
let NAMES = [];
function nameOf(p) {
  return String(NAMES[p] || t("web.common.player", { n: Number(p) + 1 })).replace(/[<>&"']/g, "");
}
// "(you)" after this browser's seat's name
function named(p, you) {
  return p === you ? t("web.table.you", { name: nameOf(p) }) : nameOf(p);
}

// a card's name in the page's language (web.race.card.<code>); another by its code
const CODES = ["tank", "settlers", "security", "solar", "liftoff", "theft", "terraform", "ore"];
function cardLabel(code) {
  return CODES.includes(code) ? t(`web.race.card.${code}`) : code;
}
// why a red card failed: the resolution log gives a reason id (no-ore, no-energy)
function why(reason) {
  return ["no-ore", "no-energy"].includes(reason) ? t(`web.race.why.${reason}`) : reason;
}
// the phase of the round ("loading", "resolving", "over"; "resolution" while reveals show)
function phaseName(phase) {
  return ["loading", "resolving", "over", "resolution"].includes(phase) ? t(`web.race.phase.${phase}`) : phase;
}
const FILL = {
  tank: "#2f6db5", settlers: "#3f86d6", security: "#1d4f8c", solar: "#5aa0e8",
  liftoff: "#e6b800", theft: "#c0392b", terraform: "#d35400", ore: "#a93226",
};
// card names read at 4.5:1 or more on their fills (WCAG AA); a card not yet revealed
// is a faded fill with white ink
const INK = { liftoff: "#2b2300", settlers: "#0b1a33", solar: "#0b1a33", terraform: "#140800" };
// the least font size (board units) that shows 12.5 px on screen (set at each render)
let MIN_FONT = 0;
const fs = (n) => Math.round(Math.max(n, MIN_FONT) * 10) / 10;
// a text's width at font size ``size``, estimated: a full-width (Japanese) character is
// about one em wide, any other about 0.55 em
const widthOf = (s, size) => [...s].reduce((n, c) => n + (c.codePointAt(0) >= 0x2e80 ? 1 : 0.55), 0) * size;

// ``about``: what the card is to the reader (its owner), shown with its text (learn.js);
// ``pick``: the card is a piece of the choice being made (pay with it, steal it)
// ``key``/``from``: the piece it is in every drawing, and where a new one comes from
// (motion.js); ``fresh``: the card just revealed (highlighted)
function card(x, y, w, h, code, { dim = false, about = "", pick = false, key = "", from = "", fresh = false } = {}) {
  const moves = keyed(key, { from }) + (key.startsWith("row:") ? ` data-shown="${dim ? 0 : 1}"` : "");
  if (!code) return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#ddd" stroke="#999"${moves}/>`;
  const name = about ? t("web.race.card.of", { about, card: cardLabel(code) }) : cardLabel(code);
  const edge = fresh ? `stroke="#ffd166" stroke-width="4"` : `stroke="#1b1b1b"`;
  // a name wider than its card ("Terraform" on a phone's narrow row) is squeezed into it
  const size = fs(Math.min(13, w / 5.2));
  const squeeze = widthOf(cardLabel(code), size) * 1.13 > w - 6 ? ` textLength="${w - 6}" lengthAdjust="spacingAndGlyphs"` : "";
  const face = `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${FILL[code] || "#777"}" fill-opacity="${dim ? 0.45 : 1}" ${edge}/>`
    + text(x + w / 2, y + h / 2 + 4, cardLabel(code), `text-anchor="middle" font-size="${size}" font-weight="700" fill="${(!dim && INK[code]) || "#fff"}"${squeeze}`);
  if (pick) return clickable(face, { tokens: code, label: name, learn: code, key });
  const label = about ? ` aria-label="${esc(name)}"` : "";
  return `<g data-learn="${esc(code)}"${label}${moves}${fresh ? ' class="newest"' : ""}>${face}</g>`;
}

// which revealed cards of a row are pieces of the choice the game waits for from you:
// your Tanks and Solar panels to pay with, or the other player's blue cards to steal
function pickable(view, pl, p) {
  const wait = view.pending;
  if (!wait || wait.player !== view.you || wait.planet !== pl.number) return () => false;
  const named = new Set(wait.options.flatMap((o) => o.split(/[\s,]+/).slice(1)));
  const mine = p === view.you;
  return (code) => named.has(code) && (wait.choice === "pay" ? mine : !mine);
}

/** The banner while you are to act, when it is not loading: the choice you make
 * (named by its planet's number and name), once its reveal is on screen. */
export function banner(view) {
  if (busy()) return t("web.race.banner.revealing");
  const wait = view.pending;
  if (view.loading || !wait || wait.player !== view.you) return null;
  const name = view.planets[wait.planet - 1]?.name || "";
  return t(wait.choice === "steal" ? "web.race.banner.steal" : "web.race.banner.pay", { planet: wait.planet, name });
}

function logLine(e) {
  const [kind, ...rest] = e;
  if (kind === "stop") return t("web.race.log.stop", { name: nameOf(rest[0]) });
  if (kind === "planet") {
    const planet = rest[0] + 1;
    return rest[1] === null || rest[1] < 0 ? t("web.race.log.planet.nobody", { planet })
      : t("web.race.log.planet", { planet, name: nameOf(rest[1]), points: rest[2] });
  }
  const at = { planet: rest[0] + 1, name: nameOf(rest[2]) };
  if (kind === "reveal") return t("web.race.log.reveal", { ...at, card: cardLabel(rest[3]) });
  if (kind === "fail") return t("web.race.log.fail", { ...at, card: cardLabel(rest[3]), why: why(rest[4]) });
  if (kind === "steal") return rest[3] === "none" ? t("web.race.log.steal.none", at) : t("web.race.log.steal", { ...at, card: cardLabel(rest[3]) });
  if (["no-liftoff", "illegal", "ore", "terraform", "theft", "repelled"].includes(kind)) return t(`web.race.log.${kind}`, at);
  return e.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(" ");
}


// -- the resolution, one card after the other -----------------------------------------
// A state frame brings the whole resolution at once (its log, view.log); the board
// shows its reveals in turn, the card just revealed highlighted and its log line with
// it, then the view as it is. Reduced motion, a hidden tab, or a key or "Show all":
// the view as it is at once. Only a presentation of the frame received.
const STEP = 500;   // ms between two reveals
const MOST = 5000;  // the longest a resolution takes to show (ms)
const LEAST = 90;   // steps shorter than this: shown at once
const seq = { round: undefined, at: 0, timer: null, redraw: null, view: null, base: null, ctx: null };

/** The board is showing the reveals (the end screen waits for them). */
export function busy() {
  return seq.timer !== null;
}

const isReveal = (e) => e[0] === "reveal";

// the end of the step after ``at``: its reveal and what that card did
function nextStep(log, at) {
  let j = at;
  while (j < log.length && !isReveal(log[j])) j++;
  if (j >= log.length) return log.length;
  j++;
  while (j < log.length && !isReveal(log[j])) j++;
  return j;
}

function finish() {
  if (seq.timer === null) return;
  clearTimeout(seq.timer);
  seq.timer = null;
  seq.at = seq.view ? seq.view.log.length : 0;
  seq.redraw?.();
}

function tick() {
  const log = seq.view.log;
  seq.at = nextStep(log, seq.at);
  if (seq.at >= log.length || !allowed()) { finish(); return; }
  seq.timer = setTimeout(tick, seq.step);
  seq.redraw?.();
}

function wire(el) {
  if (el.dataset.revealWired) return;
  el.dataset.revealWired = "1";
  el.addEventListener("click", (e) => {
    if (e.target.closest("[data-reveal-skip]")) finish();
    const folding = e.target.closest("[data-fold]");
    if (folding) { fold[folding.dataset.fold] = !fold[folding.dataset.fold]; seq.redraw?.(); return; }
    const more = e.target.closest("[data-more]");
    if (more) { e.stopPropagation(); fold.more = more.dataset.more; seq.redraw?.(); return; }
    if (e.target.closest("[data-more-close]")) { fold.more = null; seq.redraw?.(); return; }
    const ready = e.target.closest("[data-ready]");
    if (ready && seq.ctx?.ready) { ready.disabled = true; seq.ctx.ready(); }
  });
  document.addEventListener("keydown", (e) => {
    if (busy() && !["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) finish();
  });
  document.addEventListener("visibilitychange", () => { if (document.hidden) finish(); });
}

// how long a step lasts (ms), or 0: show it all at once
function stepFor(view, ctx, from) {
  const left = view.log.slice(from).filter(isReveal).length;
  if (!left || !ctx.redraw || !allowed()) return 0;
  // a table where people sit: the server's reveal pace (it waits for the reveals)
  const pace = ctx.table?.live?.reveal_pace;
  if (pace) return pace * 1000;
  // the round moved on: the reveals fit in the pause before the next one opens
  const moved = view.round !== view.log_round;
  const budget = moved ? (ctx.table?.live?.paused_for || 0) * 1000 - 700 : MOST;
  const step = Math.min(STEP, budget / left);
  return step >= LEAST ? step : 0;
}

// Follow a new frame: a new resolution log starts a sequence, a longer one goes on.
function follow(el, view, ctx) {
  wire(el);
  const prev = seq.view;
  seq.view = view;
  seq.ctx = ctx;
  seq.redraw = ctx.redraw || null;
  const log = view.log || [];
  if (seq.round !== view.log_round) {
    const first = seq.round === undefined;
    seq.round = view.log_round;
    seq.base = prev && prev.round === view.log_round ? prev : null;
    seq.at = first ? log.length : nextStep(log, 0);
  }
  seq.at = Math.min(seq.at, log.length);
  if (seq.at >= log.length) return;
  // (a longer log while the reveals go on: the rest in the time left, or all now)
  seq.step = stepFor(view, ctx, seq.at);
  if (seq.step && seq.timer === null) seq.timer = setTimeout(tick, seq.step);
  if (seq.step) return;
  clearTimeout(seq.timer);
  seq.timer = null;
  seq.at = log.length;
}

// The view as it is at this step of the reveals (the view itself when none is shown).
function shown(view) {
  if (!busy()) return { view, fresh: null };
  const log = view.log;
  const done = log.slice(0, seq.at);
  const counts = view.planets.map(() => [0, 0]);
  let fresh = null;
  for (const e of done) if (isReveal(e)) { counts[e[1]][e[2]] += 1; fresh = [e[1], e[2], counts[e[1]][e[2]] - 1]; }
  const scored = (i, log_) => log_.some((e) => e[0] === "planet" && e[1] === i);
  const moved = view.round !== view.log_round;
  const base = moved ? (seq.base || view) : view;
  const planets = view.planets.map((pl, i) => {
    const was = base.planets[i] || pl;
    // the round moved on: its rows are the cards its log revealed
    const rows = moved ? [0, 1].map((side) => log.filter((e) => isReveal(e) && e[1] === i && e[2] === side).map((e) => e[4])) : pl.rows;
    const result = !scored(i, log) || scored(i, done) ? pl.result : null;
    return { ...pl, players: moved ? was.players : pl.players, rows, revealed: counts[i], result };
  });
  const stop = log[0]?.[0] === "stop" ? log[0][1] : view.stop_player;
  const at = moved ? { round: view.log_round, players: base.players } : {};
  return {
    view: { ...view, ...at, planets, pending: null, loading: false, phase: "resolution", stop_player: stop, log: done },
    fresh,
  };
}

// -- between two rounds: the round's result, "ready", the countdown ----------------------
let ticking = null; // the timer that redraws the countdown each second

// why a planet scored what it did: habitable or not, and the Settlers of each side
function whyScored(pl) {
  const r = pl.result;
  if (!r.habitable) return t("web.race.between.why.not-habitable");
  const [a, b] = r.settlers;
  if (!a && !b) return t("web.race.between.why.no-settlers");
  if (a === b) return t("web.race.between.why.tie", { a, b });
  return t("web.race.between.why.settlers", { a: Math.max(a, b), b: Math.min(a, b) });
}

function resultLine(pl) {
  const r = pl.result;
  const where = { number: pl.number, planet: pl.name };
  const what = r.winner === null ? t("web.race.between.planet.none", where)
    : t("web.race.between.planet.won", { ...where, name: nameOf(r.winner), vp: r.vp });
  return `<li>${esc(what)} <span class="why">— ${esc(whyScored(pl))}</span></li>`;
}

/** The panel between two rounds at a table where people sit: the round's result
 * (who scored what, where and why), who is ready, the countdown, and "Ready". */
function between(view, ctx) {
  const brk = ctx.table?.live?.between;
  clearTimeout(ticking);
  ticking = null;
  if (!brk || busy() || !view.loading || view.round < 2) return "";
  if (ctx.redraw) ticking = setTimeout(ctx.redraw, 1000);
  const left = Math.max(0, Math.ceil(ctx.pausedFor ? ctx.pausedFor() : 0));
  const next = view.round;
  const scored = view.planets.filter((pl) => pl.result);
  const totals = view.players.map((p) => t("web.race.between.score", {
    name: nameOf(p.player), vp: p.round_scores[p.round_scores.length - 1] ?? 0,
  }));
  const people = (ctx.table.seats || []).filter((s) => s.kind !== "bot").map((s) => s.seat);
  const waiting = people.filter((p) => !brk.ready.includes(p)).map((p) => named(p, view.you));
  const mineReady = brk.ready.includes(view.you);
  const when = brk.counting ? t("web.race.between.countdown", { round: next, seconds: left })
    : t("web.race.between.wait", { round: next, seconds: left });
  const who = waiting.length ? t("web.race.between.waiting", { names: commas(waiting) }) : "";
  const button = ctx.ready && view.you !== null && !mineReady
    ? `<button type="button" class="primary" data-ready>${esc(t("web.race.between.ready", { round: next }))}</button>`
    : mineReady ? `<p class="ready-you">${esc(t("web.race.between.you-ready"))}</p>` : "";
  return `<section class="round-result" aria-live="polite"><h3>${esc(t("web.race.between.title", { round: next - 1 }))}</h3>
    <ul>${scored.map(resultLine).join("")}</ul>
    <p class="totals">${esc(t("web.race.between.totals", { scores: commas(totals) }))}</p>
    <p class="when"><b>${esc(when)}</b>${who ? ` ${esc(who)}` : ""}</p>${button}</section>`;
}

// -- phones: your stack on top, your planets next, the rest folded away ---------------------
// (what is folded, by the reader's taps; the row whose hidden cards are shown)
// (others: the other players' rows folded to their last card; planets: the planets
// where you do not sit shown)
const fold = { others: true, planets: false, more: null };

// a toggle or a "+N" on the phone board: a button of the board's own
function tapTarget(x, y, w, h, label, data, said = label) {
  return `<g class="clickable" ${data} tabindex="0" role="button" aria-label="${esc(said)}">`
    + `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#2a3a66" stroke="#6b7fb3"/>`
    + text(x + w / 2, y + h / 2 + 4, label, `text-anchor="middle" font-size="${fs(13)}" fill="#fff"`) + "</g>";
}

// one planet as a compact cell: its number, name and facts, your row (its latest
// cards, "+N" for the rest), the other player's row folded to a line unless shown
function phoneCell(view, pl, x, y, w, h, fresh, legal, ctx, extras) {
  const i = pl.number - 1;
  const action = `place ${pl.number}`;
  const mine = pl.players.includes(view.you);
  let inner = `<rect class="hit" data-planet="${pl.number}" x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${mine ? "#1d2d55" : "#17223f"}" stroke="#4b5d8c"/>`;
  const about = t("web.race.planet.about", { name: pl.name, terraforming: pl.terraforming, vp: pl.vp, ore: pl.ore });
  inner += `<g data-learn="${esc(pl.name)}" data-learn-text="${esc(about)}">`
    + text(x + 6, y + 15, `${pl.number} · ${pl.name}`, `font-size="${fs(13)}" font-weight="700" fill="#fff"${pl.name.length > 10 ? ` textLength="${w - 12}" lengthAdjust="spacingAndGlyphs"` : ""}`) + "</g>";
  // the rest is drawn over the cell, outside its button: the button's name is the planet's
  let above = text(x + 6, y + 31, `${t("web.race.planet.facts.short", { vp: pl.vp, ore: pl.ore })} · ${t("web.race.planet.terraform", { terraforming: pl.terraforming })}`, `font-size="${fs(12)}" fill="#c9d3ee" textLength="${w - 12}" lengthAdjust="spacingAndGlyphs"`);
  if (pl.result && !view.loading) { // (while the cards are placed: the last round's)
    const r = pl.result;
    const who = r.winner === null ? t("web.race.result.nobody") : nameOf(r.winner);
    above += text(x + 6, y + h - 6, r.habitable ? t("web.race.result.short", { who, vp: r.vp }) : t("web.race.result.not-habitable"), `font-size="${fs(12)}" fill="#ffd166" textLength="${w - 12}" lengthAdjust="spacingAndGlyphs"`);
  }
  let cy = y + 38;
  const sides = [0, 1].sort((a, b) => (pl.players[b] === view.you) - (pl.players[a] === view.you));
  for (const side of sides) {
    const p = pl.players[side];
    const row = pl.rows[side];
    // (the row a choice of yours is about stays open, every piece of it in view)
    const pick = pickable(view, pl, p);
    const picks = row.filter((c, k) => (view.loading || k < pl.revealed[side]) && pick(c)).length;
    const own = p === view.you || !fold.others || picks > 0;
    const room = own ? Math.max(p === view.you ? ROOM : 3, picks) : 1;
    cy += 15;
    const newest = fresh && fresh[0] === i && fresh[1] === side ? fresh[2] : -1;
    // the latest cards, and always the ones the choice you make now is about
    const revealed = (k) => view.loading || k < pl.revealed[side];
    const must = row.map((_, k) => k).filter((k) => k === newest || (revealed(k) && pick(row[k]))).slice(0, room);
    const others = row.map((_, k) => k).filter((k) => !must.includes(k));
    const shown = [...must, ...others.slice(Math.max(0, others.length - (room - must.length)))].sort((a, b) => a - b);
    const hidden = row.length - shown.length;
    // the row's label on the line above its cards
    above += `<circle cx="${x + 10}" cy="${cy - 9}" r="5" fill="${ctx.colors[p]}"/>`;
    const label = t("web.race.row.short", { name: named(p, view.you), count: row.length });
    const roomText = w - 24; // (the "+N" button sits below it, beside the cards)
    const squeeze = widthOf(label, fs(12)) > roomText ? ` textLength="${roomText}" lengthAdjust="spacingAndGlyphs"` : "";
    above += text(x + 19, cy - 4, label, `font-size="${fs(12)}" fill="#fff"${squeeze}`);
    const cw = w - 12 - (hidden > 0 ? 46 : 0);
    const top = cy;
    for (const k of shown) {
      above += card(x + 6, cy, cw, 19, row[k], { dim: !revealed(k), about: nameOf(p), pick: revealed(k) && pick(row[k]), key: `row:${i}:${side}:${k}`, from: k === row.length - 1 ? `top:${p}` : "", fresh: k === newest });
      cy += 21;
    }
    if (hidden > 0) { // (drawn over the cell, outside it: a tap shows the row, never places)
      const said = tn("web.race.more", hidden, { count: hidden, name: nameOf(p) });
      extras.push(tapTarget(x + w - 50, top + MORE_AT, 44, 44, `+${hidden}`, `data-more="${i}:${side}"`, said));
    }
    cy = Math.max(cy, top + rowLeast(hidden > 0)) + 3;
  }
  const said = t(legal.has(action) ? "web.race.planet.place" : "web.race.planet.label", { number: pl.number, name: pl.name });
  return legal.has(action) ? clickable(inner, { action, label: said, learn: pl.name, above }) : `<g>${inner}${above}</g>`;
}

// how many of your latest cards a phone cell shows (3, fewer when the screen is short)
let ROOM = 3;

// the phone's bottom sheet (the move bar, fixed over the page's bottom): its height,
// or while it is hidden the last one seen (it shows again with the next move); when
// it grows or shrinks, the board is drawn again to keep your planets above it
let sheetSeen = 64;
let lastFit = () => ROOM; // the fit of the last drawing, measured again
let sheetWatch = null;
function sheetHeight() {
  const sheet = document.getElementById("movebar");
  if (!sheet || getComputedStyle(sheet).position !== "fixed") return 0;
  const h = sheet.getBoundingClientRect().height;
  if (h > 0) sheetSeen = h;
  return sheetSeen;
}
// the most of your latest cards (3 to 1) a cell may show with ``rows`` rows of cells
// from ``top`` on, all above the sheet
function fitRoom(el, top, rows, gap) {
  const left = roomLeft(el, top);
  const was = ROOM;
  let room = 3;
  for (ROOM = room; room > 1 && rows * (cellHeight() + gap) > left; ROOM = --room);
  ROOM = was;
  return room;
}

function watchSheet(redraw) {
  const sheet = document.getElementById("movebar");
  if (!sheet || typeof ResizeObserver === "undefined") return;
  if (sheetWatch) { sheetWatch.redraw = redraw; return; }
  sheetWatch = { redraw };
  new ResizeObserver(() => {
    const h = sheet.getBoundingClientRect().height;
    if (h > 0 && Math.abs(h - sheetSeen) > 2) { sheetSeen = h; sheetWatch.redraw(); } // (if it changes the fit)
  }).observe(sheet);
}

// A cut row's "+N" (a finger's 44 px) sits beside its cards, below its label (MORE_AT
// px under the row's top), and the row is at least as tall: it never touches its own
// label, the next row's, or the planet's result at the cell's bottom
const MORE_AT = 1;
const rowLeast = (cut) => (cut ? MORE_AT + 44 + 2 : 29);

// the room at a cell's bottom: its result's line once a planet has a result (set at
// each drawing; while the cards are placed there is none, and the rows have it)
let RESULT_LINE = 20;

// a cell's height: your row of ROOM cards, the other row of one (folded) or three
// (either cut, "+N" beside it), and the result's line
function cellHeight() {
  const least = rowLeast(true);
  return 38 + 2 * 15 + Math.max(ROOM * 21, least) + Math.max(fold.others ? 21 : 3 * 21, least) + 3 + RESULT_LINE;
}

// the screen's height left for your planets' rows, between where they start on the
// page (``top``, board units from the board's top) and the bottom sheet: a phone's
// move bar is fixed over the page's bottom and must never cover a planet
function roomLeft(el, top) {
  const covered = sheetHeight();
  const start = el.getBoundingClientRect().top + window.scrollY + el.clientTop + top;
  // (a margin of 4 px: a finger at a cell's bottom edge never lands on the sheet)
  return window.innerHeight - covered - start - 4;
}

// the hidden cards of a row cut by "+N", shown on tap (below your stack, never over it)
function morePop(view) {
  if (!fold.more) return "";
  const [i, side] = fold.more.split(":").map(Number);
  const pl = view.planets[i];
  if (!pl) return "";
  const p = pl.players[side];
  const cards = pl.rows[side].map((c, k) => (view.loading || k < pl.revealed[side] ? cardLabel(c) : t("web.race.card.hidden")));
  return `<div class="row-pop" role="dialog" aria-label="${esc(t("web.race.more.title", { number: pl.number, planet: pl.name, name: nameOf(p) }))}">
    <p><b>${esc(t("web.race.more.title", { number: pl.number, planet: pl.name, name: nameOf(p) }))}</b></p>
    <ol>${cards.map((c) => `<li>${esc(c)}</li>`).join("")}</ol><button type="button" data-more-close>${esc(t("web.race.more.close"))}</button></div>`;
}

function phone(el, given, view, fresh, ctx) {
  // drawn at one board unit a CSS pixel: the board's width inside its padding
  const style = getComputedStyle(el);
  const inside = el.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
  const W = Math.max(300, Math.floor(inside) || 352);
  const legal = new Set(ctx.legal.map((a) => a.text));
  MIN_FONT = 12.6;
  const me = view.players.find((p) => p.player === view.you);
  const phase = view.loading ? t("web.race.loading.short") : phaseName(view.phase);
  let svg = "";
  let y = 0;
  svg += text(8, 18, `${t("web.race.round", { round: view.round, rounds: view.rounds })} · ${phase}`, `font-size="15" font-weight="700" fill="#fff"`);
  if (view.stop_player !== null) svg += text(W - 8, 18, t("web.race.log.stop", { name: nameOf(view.stop_player) }), `text-anchor="end" font-size="${fs(13)}" fill="#ffd166" font-weight="700"`);
  y = 26;
  if (me) { // your stack: the top card, Under and Discard in the thumb's reach
    svg += card(8, y, 76, 96, me.top, { about: t("web.race.stack.top"), key: `top:${me.player}` });
    svg += text(92, y + 13, `${tn("web.race.stack.count", me.stack, { unseen: me.unseen })} · ${t("web.race.score", { score: me.score })}`, `font-size="${fs(12)}" fill="#fff" textLength="${W - 100}" lengthAdjust="spacingAndGlyphs"`);
    const bw = (W - 92 - 8 - 6) / 2;
    [["under", t("web.race.under")], ["discard", t("web.race.discard")]].forEach(([act, label], k) => {
      const bx = 92 + k * (bw + 6);
      const inner = `<rect class="hit" data-button="${act}" x="${bx}" y="${y + 22}" width="${bw}" height="48" rx="6" fill="${legal.has(act) ? "#f0f0f0" : "#555"}" stroke="#999"/>`
        + text(bx + bw / 2, y + 50, label, `text-anchor="middle" font-size="${fs(13)}" fill="${legal.has(act) ? "#111" : "#f0f0f0"}" ${label.length > 16 ? `textLength="${bw - 10}" lengthAdjust="spacingAndGlyphs"` : ""}`);
      svg += legal.has(act) ? clickable(inner, { action: act, label }) : inner;
    });
    if (me.known_bottom.length) svg += text(92, y + 88, t("web.race.bottom", { cards: commas(me.known_bottom.map(cardLabel)) }), `font-size="${fs(12)}" fill="#c9d3ee" textLength="${W - 100}" lengthAdjust="spacingAndGlyphs"`);
    y += 104;
  }
  const mine = view.planets.filter((pl) => !me || pl.players.includes(view.you));
  const rest = view.planets.filter((pl) => !mine.includes(pl));
  const cols = 3, gap = 5, cw = (W - 16 - (cols - 1) * gap) / cols;
  // your rows show fewer cards ("+N" says the rest) rather than go under the sheet
  RESULT_LINE = !view.loading && view.planets.some((pl) => pl.result) ? 20 : 4;
  const gridTop = y + parseFloat(style.paddingTop || 0), rowsMine = Math.ceil(mine.length / cols);
  const fit = () => fitRoom(el, gridTop, rowsMine, gap);
  ROOM = fit();
  lastFit = fit;
  const ch = cellHeight();
  const grid = (list) => {
    const extras = [];
    list.forEach((pl, k) => { svg += phoneCell(view, pl, 8 + (k % cols) * (cw + gap), y + Math.floor(k / cols) * (ch + gap), cw, ch, fresh, legal, ctx, extras); });
    svg += extras.join("");
    y += Math.ceil(list.length / cols) * (ch + gap);
  };
  grid(mine);
  // the toggles: the other players' rows, the planets where you do not sit
  const toggles = [[fold.others ? t("web.race.fold.show-rows") : t("web.race.fold.hide-rows"), 'data-fold="others"']];
  if (rest.length) toggles.push([fold.planets ? t("web.race.fold.hide-planets", { count: rest.length }) : t("web.race.fold.show-planets", { count: rest.length }), 'data-fold="planets"']);
  const tw = (W - 16 - gap) / 2;
  toggles.forEach(([label, data], k) => { svg += tapTarget(8 + k * (tw + gap), y, tw, 46, label, data); });
  y += 52;
  if (rest.length && fold.planets) grid(rest);
  let x = 8; // the other players: name, cards left, score
  for (const p of view.players) {
    if (p.player === view.you) continue;
    svg += `<circle cx="${x + 6}" cy="${y + 10}" r="5" fill="${ctx.colors[p.player]}"/>`;
    svg += text(x + 15, y + 14, `${nameOf(p.player)}: ${t("web.race.others.left", { count: p.stack })} · ${t("web.race.score", { score: p.score })}`, `font-size="${fs(12)}" fill="#c9d3ee"`);
    y += 20;
  }
  const height = y + 6;
  const open = `<svg viewBox="0 0 ${W} ${height}" role="group" aria-label="${esc(t("web.race.board"))}" xmlns="http://www.w3.org/2000/svg"><rect width="${W}" height="${height}" fill="#0f1830"/>`;
  const said = fresh && view.log.length ? logLine(view.log[view.log.length - 1]) : "";
  const skip = busy() ? `<div class="reveal-bar"><span class="reveal-line">${esc(said ? `${said[0].toUpperCase()}${said.slice(1)}` : t("web.race.reveal.now"))}</span>
    <button type="button" data-reveal-skip>${esc(t("web.race.reveal.all"))}</button></div>` : "";
  el.innerHTML = skip + between(given, ctx) + open + svg + "</svg>" + morePop(view);
  if (busy()) el.dataset.revealing = "1"; else delete el.dataset.revealing;
}

// A choice of yours waits (how to pay, what to steal): its pieces are brought into
// view once, when they are off screen or under the phone's bottom sheet (a row of a
// planet in the board's second line is below a laptop's fold)
let choiceSeen = null;
function showChoice(el, view) {
  const wait = view.pending;
  const key = wait && wait.player === view.you ? `${view.round}:${wait.planet}:${wait.choice}:${view.log.length}` : null;
  if (key === choiceSeen) return;
  const piece = key && el.querySelector("svg [data-tokens]");
  if (key && !piece) return;
  choiceSeen = key;
  if (!piece) return;
  const box = piece.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight - sheetHeight()) return;
  piece.scrollIntoView({ block: "center", behavior: allowed() ? "smooth" : "auto" });
}

export function render(el, given, ctx) {
  NAMES = ctx.names || [];
  follow(el, given, ctx);
  const { view, fresh } = shown(given);
  const planets = view.planets;
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  if (narrow) {
    phone(el, given, view, fresh, ctx);
    showChoice(el, view);
    watchSheet(() => { if (el.isConnected && el.clientWidth < 640 && lastFit() !== ROOM) phone(el, given, view, fresh, ctx); });
    return;
  }
  const perRow = Math.min(planets.length, narrow ? 2 : 5);
  const pw = 180, ph = narrow ? 330 : 400, gap = 12;
  const rows = Math.ceil(planets.length / perRow);
  const width = Math.max(perRow * (pw + gap) + gap, narrow ? 0 : 960);
  MIN_FONT = el.clientWidth > 0 ? (12.5 * width) / el.clientWidth : 0;
  const top = narrow ? 70 : 56;
  // the stacks first (yours never below the fold), then the planets
  const handY = top;
  const planetsTop = top + 215;
  const seated = view.players.some((p) => p.player === view.you);
  const height = planetsTop + rows * (ph + gap) + 10;
  const legal = new Set(ctx.legal.map((a) => a.text));
  let svg = `<svg viewBox="0 0 ${width} ${height}" role="group" aria-label="${esc(t("web.race.board"))}" xmlns="http://www.w3.org/2000/svg">`;
  svg += `<rect width="${width}" height="${height}" fill="#0f1830"/>`;
  const phase = view.loading ? t(narrow ? "web.race.loading.short" : "web.race.loading") : phaseName(view.phase);
  const round = t("web.race.round", { round: view.round, rounds: view.rounds });
  svg += text(16, 32, narrow ? round : `${round} · ${phase}`, `font-size="22" font-weight="700" fill="#fff"`);
  if (narrow) svg += text(16, 58, phase, `font-size="${fs(15)}" fill="#fff"`);
  if (view.stop_player !== null) svg += text(width - 16, narrow ? 58 : 32, t("web.race.log.stop", { name: nameOf(view.stop_player) }), `text-anchor="end" font-size="${narrow ? fs(15) : 18}" fill="#ffd166" font-weight="700"`);

  planets.forEach((pl, i) => {
    const x = gap + (i % perRow) * (pw + gap);
    const y = planetsTop + Math.floor(i / perRow) * (ph + gap);
    const action = `place ${pl.number}`;
    const mineHere = pl.players.includes(view.you);
    let inner = `<rect class="hit" x="${x}" y="${y}" width="${pw}" height="${ph}" rx="10" fill="${mineHere ? "#1d2d55" : "#17223f"}" stroke="#4b5d8c"/>`;
    const cy = y + ph / 2;
    const about = t("web.race.planet.about", { name: pl.name, terraforming: pl.terraforming, vp: pl.vp, ore: pl.ore });
    inner += `<g data-learn="${esc(pl.name)}" data-learn-text="${esc(about)}" role="group" aria-label="${esc(t("web.race.planet.name", { number: pl.number, name: pl.name }))}">`;
    inner += `<circle cx="${x + pw / 2}" cy="${cy}" r="34" fill="#5d7d5a" stroke="#b9d7a8" stroke-width="2"/>`;
    inner += text(x + pw / 2, cy - 4, `${pl.number}`, `text-anchor="middle" font-size="22" font-weight="700" fill="#fff"`) + " "; // (read "1 Mars", not "1Mars")
    // a long name ("Pios Proxima星") is squeezed to the planet's width, never over its edge
    const squeeze = pl.name.length > 9 ? ` textLength="62" lengthAdjust="spacingAndGlyphs"` : "";
    inner += text(x + pw / 2, cy + 15, pl.name, `text-anchor="middle" font-size="${fs(11)}" fill="#fff"${squeeze}`) + "</g>";
    // the rest is drawn over the cell, outside its button: the button's name is the planet's
    let above = "";
    // narrow: fewer words a line, the terraforming under the planet until it is resolved
    const facts = { vp: pl.vp, terraforming: pl.terraforming, ore: pl.ore };
    above += text(x + 6, cy - 42, t(narrow ? "web.race.planet.facts.short" : "web.race.planet.facts", facts), `font-size="${fs(11.5)}" fill="#c9d3ee"`);
    const result = view.loading ? null : pl.result; // (while the cards are placed: the last round's)
    if (narrow && !result) above += text(x + pw / 2, cy + 54, t("web.race.planet.terraform", facts), `text-anchor="middle" font-size="${fs(11.5)}" fill="#c9d3ee"`);
    if (result) {
      const r = result;
      const who = r.winner === null ? t("web.race.result.nobody") : `${nameOf(r.winner)}`;
      const said = narrow ? (r.habitable ? t("web.race.result.short", { who, vp: r.vp }) : t("web.race.result.not-habitable"))
        : t(r.habitable ? "web.race.result.habitable" : "web.race.result.not-habitable.who", { who, vp: r.vp });
      above += text(x + pw / 2, cy + 54, said, `text-anchor="middle" font-size="${fs(12)}" fill="#ffd166"`);
    }
    // side 0 grows upwards from the planet, side 1 downwards
    pl.players.forEach((p, side) => {
      const row = pl.rows[side];
      const color = ctx.colors[p];
      const labelY = side === 0 ? y + 16 : y + ph - 8;
      above += `<circle cx="${x + 12}" cy="${labelY - 4}" r="6" fill="${color}"/>`;
      const who = named(p, view.you);
      const count = narrow ? t("web.race.row.short", { name: who, count: row.length }) : tn("web.race.row", row.length, { name: who });
      // (a row cut to its latest cards: its label ends before the "+N" at its end)
      const cut = !narrow && row.length > 5; // (five fit between the label and the planet)
      const roomText = pw - 22 - (cut ? 36 : 8);
      const squeeze = widthOf(count, fs(12)) > roomText ? ` textLength="${roomText}" lengthAdjust="spacingAndGlyphs"` : "";
      above += text(x + 22, labelY, count, `font-size="${fs(12)}" fill="#fff"${squeeze}`);
      // the latest cards, and always the ones the choice you make now is about
      const pick = pickable(view, pl, p);
      const room = narrow ? 3 : 5; // (five fit between the label and the planet)
      const revealed = (i) => view.loading || i < pl.revealed[side];
      const newest = fresh && fresh[0] === i && fresh[1] === side ? fresh[2] : -1;
      const must = row.map((_, i) => i).filter((i) => i === newest || (revealed(i) && pick(row[i]))).slice(0, room);
      const rest = row.map((_, i) => i).filter((i) => !must.includes(i));
      const shown = [...must, ...rest.slice(Math.max(0, rest.length - (room - must.length)))].sort((a, b) => a - b);
      shown.forEach((idx, k) => {
        const cw = pw - 24, ch = narrow ? 22 : 20;
        const cyk = side === 0 ? cy - 66 - k * (ch + 3) - ch : cy + 66 + k * (ch + 3);
        const key = `row:${i}:${side}:${idx}`; // a placed card keeps its place in the row
        const from = idx === row.length - 1 ? `top:${p}` : ""; // (placed from the player's stack)
        above += card(x + 12, cyk, cw, ch, row[idx], {
          dim: !revealed(idx), about: nameOf(p), pick: revealed(idx) && pick(row[idx]), key, from, fresh: idx === newest,
        });
      });
      if (row.length > shown.length && !narrow) above += text(x + pw - 10, side === 0 ? y + 16 : y + ph - 8, `+${row.length - shown.length}`, `text-anchor="end" font-size="${fs(11)}" fill="#c9d3ee"`);
    });
    const said = t(legal.has(action) ? "web.race.planet.place" : "web.race.planet.label", { number: pl.number, name: pl.name });
    svg += legal.has(action) ? clickable(inner, { action, label: said, learn: pl.name, above }) : `<g>${inner}${above}</g>`;
  });

  // the stacks
  const me = view.players.find((p) => p.player === view.you);
  let x = 16;
  if (me) {
    svg += text(x, handY + 18, t("web.race.stack"), `font-size="${fs(16)}" font-weight="700" fill="#fff"`);
    svg += card(x, handY + 28, 120, 150, me.top, { about: t("web.race.stack.top"), key: `top:${me.player}` });
    svg += text(x + 130, handY + 46, tn("web.race.stack.count", me.stack, { unseen: me.unseen }), `font-size="${fs(14)}" fill="#fff"`);
    svg += text(x + 130, handY + 66, t("web.race.score", { score: me.score }), `font-size="${fs(14)}" fill="#ffd166"`);
    // the two buttons side by side, or (narrow) one above the other, 44 px tall on a phone
    let bx = x + 130, by = handY + 84;
    const bw = narrow ? 200 : 150, bh = narrow ? 52 : 34;
    for (const [act, label] of [["under", t("web.race.under")], ["discard", t("web.race.discard")]]) {
      const inner = `<rect class="hit" x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="6" fill="${legal.has(act) ? "#f0f0f0" : "#555"}" stroke="#999"/>`
        + text(bx + bw / 2, by + bh / 2 + 5, label, `text-anchor="middle" font-size="${fs(13)}" fill="${legal.has(act) ? "#111" : "#f0f0f0"}"`);
      svg += legal.has(act) ? clickable(inner, { action: act, label }) : inner;
      if (narrow) by += bh + 8; else bx += 160;
    }
    if (me.known_bottom.length) svg += text(narrow ? x : x + 130, handY + (narrow ? 216 : 140), t("web.race.bottom", { cards: commas(me.known_bottom.map(cardLabel)) }), `font-size="${fs(12)}" fill="#c9d3ee"`);
    x += 470;
  }
  let othersY = handY;
  if (narrow && me) { x = 16; othersY = handY + 236; }
  const ow = narrow ? 96 : 70; // the width of another's top card
  // every other player's stack side by side (three of them fit beside yours)
  const others = view.players.filter((p) => p.player !== view.you);
  const step = narrow ? 170 : Math.min(170, Math.floor((width - 16 - x) / Math.max(1, others.length)));
  for (const p of others) {
    svg += `<circle cx="${x + 8}" cy="${othersY + 13}" r="7" fill="${ctx.colors[p.player]}"/>`;
    // the name on its own line (names are longer than seat numbers), then the counts
    svg += text(x + 20, othersY + 18, nameOf(p.player), `font-size="${fs(14)}" fill="#fff"`);
    svg += text(x + ow + 8, othersY + 50, t("web.race.others.left", { count: p.stack }), `font-size="${fs(13)}" fill="#c9d3ee"`);
    svg += text(x + ow + 8, othersY + 68, t("web.race.score", { score: p.score }), `font-size="${fs(13)}" fill="#c9d3ee"`);
    svg += card(x, othersY + 28, ow, 90, p.top, { about: t("web.race.others.top", { name: nameOf(p.player) }), key: `top:${p.player}` });
    x += step;
    if (narrow && x > width - 170) { x = 16; othersY += 130; }
  }
  if (view.log?.length && !narrow) { // narrow: the game log beside the board tells it
    const lines = view.log.slice(-4).map(logLine);
    lines.forEach((l, k) => {
      const last = fresh && k === lines.length - 1; // the line of the card just revealed
      svg += text(width - 16, handY + 140 + k * 16, l, `text-anchor="end" font-size="${fs(12)}" fill="${last ? "#ffd166" : "#c9d3ee"}"${last ? ' font-weight="700" class="newest-line"' : ""}`);
    });
  }
  svg += "</svg>";
  // while the reveals are shown: what was just revealed, and a way to see it all now
  const said = fresh && view.log.length ? logLine(view.log[view.log.length - 1]) : "";
  const skip = busy() ? `<div class="reveal-bar"><span class="reveal-line">${esc(said ? `${said[0].toUpperCase()}${said.slice(1)}` : t("web.race.reveal.now"))}</span>
    <button type="button" data-reveal-skip>${esc(t("web.race.reveal.all"))}</button></div>` : "";
  el.innerHTML = skip + between(given, ctx) + svg;
  if (busy()) el.dataset.revealing = "1"; else delete el.dataset.revealing;
  showChoice(el, view);
}
