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
// why a red card failed, as the resolution log says it
const WHY = { "no ore deposit left": "no-ore", "not enough energy": "no-energy" };
function why(reason) {
  return WHY[reason] ? t(`web.race.why.${WHY[reason]}`) : reason;
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

// ``about``: what the card is to the reader (its owner), shown with its text (learn.js);
// ``pick``: the card is a piece of the choice being made (pay with it, steal it)
// ``key``/``from``: the piece it is in every drawing, and where a new one comes from
// (motion.js); ``fresh``: the card just revealed (highlighted)
function card(x, y, w, h, code, { dim = false, about = "", pick = false, key = "", from = "", fresh = false } = {}) {
  const moves = keyed(key, { from }) + (key.startsWith("row:") ? ` data-shown="${dim ? 0 : 1}"` : "");
  if (!code) return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#ddd" stroke="#999"${moves}/>`;
  const name = about ? t("web.race.card.of", { about, card: cardLabel(code) }) : cardLabel(code);
  const edge = fresh ? `stroke="#ffd166" stroke-width="4"` : `stroke="#1b1b1b"`;
  const face = `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${FILL[code] || "#777"}" fill-opacity="${dim ? 0.45 : 1}" ${edge}/>`
    + text(x + w / 2, y + h / 2 + 4, cardLabel(code), `text-anchor="middle" font-size="${fs(Math.min(13, w / 5.2))}" font-weight="700" fill="${(!dim && INK[code]) || "#fff"}"`);
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

/** The banner while you are to act, when it is not loading: the choice you make. */
export function banner(view) {
  if (busy()) return t("web.race.banner.revealing");
  const wait = view.pending;
  if (view.loading || !wait || wait.player !== view.you) return null;
  return t(wait.choice === "steal" ? "web.race.banner.steal" : "web.race.banner.pay", { planet: wait.planet });
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
  el.addEventListener("click", (e) => { if (e.target.closest("[data-reveal-skip]")) finish(); });
  document.addEventListener("keydown", (e) => {
    if (busy() && !["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) finish();
  });
  document.addEventListener("visibilitychange", () => { if (document.hidden) finish(); });
}

// how long a step lasts (ms), or 0: show it all at once
function stepFor(view, ctx, from) {
  const left = view.log.slice(from).filter(isReveal).length;
  if (!left || !ctx.redraw || !allowed()) return 0;
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

export function render(el, given, ctx) {
  NAMES = ctx.names || [];
  follow(el, given, ctx);
  const { view, fresh } = shown(given);
  const planets = view.planets;
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const perRow = Math.min(planets.length, narrow ? 2 : 5);
  const pw = 180, ph = narrow ? 330 : 400, gap = 12;
  const rows = Math.ceil(planets.length / perRow);
  const width = Math.max(perRow * (pw + gap) + gap, narrow ? 0 : 960);
  MIN_FONT = el.clientWidth > 0 ? (12.5 * width) / el.clientWidth : 0;
  const top = narrow ? 70 : 56;
  const handY = top + rows * (ph + gap) + 10;
  const seated = view.players.some((p) => p.player === view.you);
  const otherRows = narrow ? Math.max(1, Math.ceil((view.players.length - (seated ? 1 : 0)) / 2)) : 1; // two a row
  const height = handY + (narrow ? (seated ? 250 : 0) + otherRows * 130 : 200);
  const legal = new Set(ctx.legal.map((a) => a.text));
  let svg = `<svg viewBox="0 0 ${width} ${height}" role="group" aria-label="${esc(t("web.race.board"))}" xmlns="http://www.w3.org/2000/svg">`;
  svg += `<rect width="${width}" height="${height}" fill="#0f1830"/>`;
  const phase = view.loading ? t(narrow ? "web.race.loading.short" : "web.race.loading") : t("web.race.phase", { phase: phaseName(view.phase) });
  const round = t("web.race.round", { round: view.round, rounds: view.rounds });
  svg += text(16, 32, narrow ? round : `${round} · ${phase}`, `font-size="22" font-weight="700" fill="#fff"`);
  if (narrow) svg += text(16, 58, phase, `font-size="${fs(15)}" fill="#fff"`);
  if (view.stop_player !== null) svg += text(width - 16, narrow ? 58 : 32, t("web.race.log.stop", { name: nameOf(view.stop_player) }), `text-anchor="end" font-size="${narrow ? fs(15) : 18}" fill="#ffd166" font-weight="700"`);

  planets.forEach((pl, i) => {
    const x = gap + (i % perRow) * (pw + gap);
    const y = top + Math.floor(i / perRow) * (ph + gap);
    const action = `place ${pl.number}`;
    const mineHere = pl.players.includes(view.you);
    let inner = `<rect class="hit" x="${x}" y="${y}" width="${pw}" height="${ph}" rx="10" fill="${mineHere ? "#1d2d55" : "#17223f"}" stroke="#4b5d8c"/>`;
    const cy = y + ph / 2;
    const about = t("web.race.planet.about", { name: pl.name, terraforming: pl.terraforming, vp: pl.vp, ore: pl.ore });
    inner += `<g data-learn="${esc(pl.name)}" data-learn-text="${esc(about)}" aria-label="${esc(t("web.race.planet.name", { name: pl.name }))}">`;
    inner += `<circle cx="${x + pw / 2}" cy="${cy}" r="34" fill="#5d7d5a" stroke="#b9d7a8" stroke-width="2"/>`;
    inner += text(x + pw / 2, cy - 4, `${pl.number}`, `text-anchor="middle" font-size="22" font-weight="700" fill="#fff"`);
    // a long name ("Pios Proxima星") is squeezed to the planet's width, never over its edge
    const squeeze = pl.name.length > 9 ? ` textLength="62" lengthAdjust="spacingAndGlyphs"` : "";
    inner += text(x + pw / 2, cy + 15, pl.name, `text-anchor="middle" font-size="${fs(11)}" fill="#fff"${squeeze}`) + "</g>";
    // narrow: fewer words a line, the terraforming under the planet until it is resolved
    const facts = { vp: pl.vp, terraforming: pl.terraforming, ore: pl.ore };
    inner += text(x + 6, cy - 42, t(narrow ? "web.race.planet.facts.short" : "web.race.planet.facts", facts), `font-size="${fs(11.5)}" fill="#c9d3ee"`);
    if (narrow && !pl.result) inner += text(x + pw / 2, cy + 54, t("web.race.planet.terraform", facts), `text-anchor="middle" font-size="${fs(11.5)}" fill="#c9d3ee"`);
    if (pl.result) {
      const r = pl.result;
      const who = r.winner === null ? t("web.race.result.nobody") : `${nameOf(r.winner)}`;
      const said = narrow ? (r.habitable ? t("web.race.result.short", { who, vp: r.vp }) : t("web.race.result.not-habitable"))
        : t(r.habitable ? "web.race.result.habitable" : "web.race.result.not-habitable.who", { who, vp: r.vp });
      inner += text(x + pw / 2, cy + 54, said, `text-anchor="middle" font-size="${fs(12)}" fill="#ffd166"`);
    }
    // side 0 grows upwards from the planet, side 1 downwards
    pl.players.forEach((p, side) => {
      const row = pl.rows[side];
      const color = ctx.colors[p];
      const labelY = side === 0 ? y + 16 : y + ph - 8;
      inner += `<circle cx="${x + 12}" cy="${labelY - 4}" r="6" fill="${color}"/>`;
      const who = named(p, view.you);
      const count = narrow ? t("web.race.row.short", { name: who, count: row.length }) : tn("web.race.row", row.length, { name: who });
      inner += text(x + 22, labelY, count, `font-size="${fs(12)}" fill="#fff"`);
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
        inner += card(x + 12, cyk, cw, ch, row[idx], {
          dim: !revealed(idx), about: nameOf(p), pick: revealed(idx) && pick(row[idx]), key, from, fresh: idx === newest,
        });
      });
      if (row.length > shown.length && !narrow) inner += text(x + pw - 10, side === 0 ? y + 16 : y + ph - 8, `+${row.length - shown.length}`, `text-anchor="end" font-size="${fs(11)}" fill="#c9d3ee"`);
    });
    const said = t(legal.has(action) ? "web.race.planet.place" : "web.race.planet.label", { number: pl.number, name: pl.name });
    svg += legal.has(action) ? clickable(inner, { action, label: said, learn: pl.name }) : `<g>${inner}</g>`;
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
  for (const p of view.players) {
    if (p.player === view.you) continue;
    svg += `<circle cx="${x + 8}" cy="${othersY + 13}" r="7" fill="${ctx.colors[p.player]}"/>`;
    // the name on its own line (names are longer than seat numbers), then the counts
    svg += text(x + 20, othersY + 18, nameOf(p.player), `font-size="${fs(14)}" fill="#fff"`);
    svg += text(x + ow + 8, othersY + 50, t("web.race.others.left", { count: p.stack }), `font-size="${fs(13)}" fill="#c9d3ee"`);
    svg += text(x + ow + 8, othersY + 68, t("web.race.score", { score: p.score }), `font-size="${fs(13)}" fill="#c9d3ee"`);
    svg += card(x, othersY + 28, ow, 90, p.top, { about: t("web.race.others.top", { name: nameOf(p.player) }), key: `top:${p.player}` });
    x += 170;
    if (x > width - 170) { if (!narrow) break; x = 16; othersY += 130; }
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
  el.innerHTML = skip + svg;
  if (busy()) el.dataset.revealing = "1"; else delete el.dataset.revealing;
}
