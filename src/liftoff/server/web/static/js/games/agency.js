// Agency board: the VP track and the space station (SVG), then each agency's
// tracks, lab, technology, missions on Earth and in space; your specialists,
// objectives and drawn cards; the mission decks.
import { esc, t } from "../common.js";
import { words } from "../choose.js";
import { text, keyed, markup, clickable, over, commas } from "../svg.js";

// a seat's name as people read it (set at each render from ctx.names), never a seat id
let NAMES = [];
function nameOf(p) {
  return String(NAMES[p] || t("web.common.player", { n: Number(p) + 1 })).replace(/[<>&"']/g, "");
}

// a technology's colour in the page's language ("red"); a step of the round ("obj draft")
const colour = (c) => (TECH.includes(c) ? t(`web.agency.tech.${c}`) : c);
const STEPS = ["obj_draft", "spec_draft", "direction", "play", "mission", "launch", "sell", "over"];
const stepName = (step) => (STEPS.includes(step) ? t(`web.agency.step.${step}`) : step.replace(/_/g, " "));
// a label and its number in bold ("money <b>12</b>")
const stat = (code, value) => `<span>${markup(code, { value: `<b>${esc(value)}</b>` })}</span>`;
// a station space's bonus: +1 income, or a technology of that colour
const bonusName = (b) => (b === "income" ? t("web.agency.bonus.income") : colour(b));
const none = (code) => `<span class='hint'>${esc(t(code))}</span>`;

/** The move that passes (the move bar asks first while other moves remain). */
export const END = "done";

const TECH = ["red", "yellow", "blue", "green"];
// technology colours: 3:1 or more against the white panel (WCAG 1.4.11)
const TECH_FILL = { red: "#c0392b", yellow: "#a67c00", blue: "#2e6fd8", green: "#2a9d5c" };

function chip(id, ctx, extra = "") {
  const legal = ctx.legal.some((a) => words(a.text).includes(id));
  const level = /^M(\d)-/.exec(id);
  const cls = `chip${level ? ` mission l${level[1]}` : ""}${extra}`;
  const about = (ctx.glossary || {})[id] || "";         // "Name: what it does"
  const name = about.split(/:|：/)[0];
  // its name on the board; its id only in its card text (learn.js), for those who want it
  const label = name ? `<span class="card-name">${esc(name)}</span>` : esc(id);
  const learn = ` data-learn="${esc(id)}" data-card-id="${esc(id)}"${keyed(`card:${id}`)}`;  // its text on hover, tap or focus (learn.js); the card moves (motion.js)
  if (legal) return `<button type="button" class="${cls}" data-tokens="${esc(id)}"${learn} aria-label="${esc(name || t("web.agency.card", { id }))}">${label}</button>`;
  return `<span class="${cls}"${learn}>${label}</span>`;
}

function actionButton(action, label, ctx) {
  if (!ctx.legal.some((a) => a.text === action)) return "";
  return `<button type="button" class="chip" data-action="${esc(action)}">${esc(label)}</button>`;
}

function pips(n, max, fill) {
  let out = "";
  for (let k = 0; k < max; k++) out += `<span class="pip" style="background:${k < n ? fill : "transparent"}"></span>`;
  return out;
}

// a station space held by a neutral rocket (``rocket`` -2 in the view) and its colour
const NEUTRAL = -2;
const NEUTRAL_FILL = "#4b5263";
const maxVpOf = (view) => Math.max(60, ...view.players.map((p) => p.vp + 5));

// The level of each score marker (0 on the track, 1 above it ...): a marker that
// would touch one already placed goes a level up, so none covers another.
function stackLevels(players, maxVp, r, trackWidth) {
  const at = players.map((p) => (trackWidth * p.vp) / maxVp);
  const levels = [];
  players.forEach((_, k) => {
    let level = 0;
    while (levels.some((l, j) => l === level && Math.abs(at[j] - at[k]) < 2 * r + 1)) level += 1;
    levels.push(level);
  });
  return levels;
}

// A rocket standing on a station space, its holder as its tooltip and name
function rocketMark(cx, cy, scale, holder) {
  const d = "M0,-9 C4,-5 4,2 3,5 L5,9 L-5,9 L-3,5 C-4,2 -4,-5 0,-9 Z";
  return `<path d="${d}" transform="translate(${cx} ${cy}) scale(${scale})" fill="#fff" stroke="#14213d" stroke-width="1.2"><title>${esc(holder)}</title></path>`;
}

function topSvg(view, ctx, narrow) {
  const w = narrow ? 520 : 1000;
  const perRow = narrow ? 6 : view.station.length;
  const rows = Math.ceil(view.station.length / perRow);
  const rh = narrow ? 96 : 80; // a row of station spaces, taller for larger texts when narrow
  const R = 8, LEVEL = 2 * R + 1; // a score marker's radius; markers on one score stack up
  const levels = stackLevels(view.players, maxVpOf(view), R, w - 60);
  const lift = LEVEL * Math.max(...levels, 0); // room above the track for the stacks
  const h = 110 + lift + rows * rh;
  // the least font size (board units) that shows 12.5 px on screen
  const least = ctx.width > 0 ? (12.5 * w) / ctx.width : 0;
  const fs = (n) => Math.round(Math.max(n, least) * 10) / 10;
  let svg = `<svg viewBox="0 0 ${w} ${h}" role="group" aria-label="${esc(t("web.agency.board"))}" xmlns="http://www.w3.org/2000/svg">`;
  svg += `<rect width="${w}" height="${h}" rx="8" fill="#14213d"/>`;
  // VP track
  const maxVp = maxVpOf(view);
  const x0 = 30, x1 = w - 30, ty = 40 + lift;
  const where = { round: view.round, rounds: view.rounds, phase: view.phase, step: stepName(view.step) };
  const title = t(narrow ? "web.agency.title.short" : "web.agency.title", where);
  svg += text(x0, 22, title, `font-size="${fs(15)}" fill="#fff" font-weight="700"`);
  svg += `<line x1="${x0}" y1="${ty}" x2="${x1}" y2="${ty}" stroke="#8090b0" stroke-width="3"/>`;
  for (let v = 0; v <= maxVp; v += 10) {
    const x = x0 + ((x1 - x0) * v) / maxVp;
    svg += `<line x1="${x}" y1="${ty - 6}" x2="${x}" y2="${ty + 6}" stroke="#8090b0"/>` + text(x, ty + (narrow ? 26 : 20), String(v), `text-anchor="middle" font-size="${fs(11)}" fill="#c9d3ee"`);
  }
  // each agency's marker at its score; markers that would cover each other stack up
  view.players.forEach((p, k) => {
    const x = x0 + ((x1 - x0) * p.vp) / maxVp;
    svg += `<circle cx="${x}" cy="${ty - LEVEL * levels[k]}" r="${R}" fill="${ctx.colors[p.seat]}" stroke="#fff"${keyed(`vp:${p.seat}`)}><title>${esc(t("web.agency.vp.of", { name: nameOf(p.seat), vp: p.vp }))}</title></circle>`;
  });
  // the station
  svg += text(x0, 92 + lift, t("web.agency.station"), `font-size="${fs(15)}" fill="#fff" font-weight="700"`);
  const sw = Math.min(80, (x1 - x0) / perRow - 6);
  view.station.forEach((s, k) => {
    const x = x0 + (k % perRow) * (sw + 6), y = 102 + lift + Math.floor(k / perRow) * rh;
    // who holds it: an agency (its colour), a neutral rocket (AG-SETUP-8/9), or nobody
    const holder = s.rocket >= 0 ? t("web.agency.rocket.of", { name: nameOf(s.rocket) }) : s.rocket === NEUTRAL ? t("web.agency.rocket.neutral") : "";
    const fill = s.rocket >= 0 ? ctx.colors[s.rocket] : s.rocket === NEUTRAL ? NEUTRAL_FILL : "#26355e";
    const action = `station ${s.space}`;
    const legal = ctx.legal.some((a) => a.text === action);
    const about = t("web.agency.station.about", { space: s.space, vp: t("web.agency.vp", { vp: s.vp }), bonus: bonusName(s.bonus) });
    const lh = narrow ? 26 : 20; // line height
    const docked = holder ? keyed(`rocket:${s.space}`) : ""; // a rocket docked here (fades in)
    // the space is the button (named with all it says); its texts and rocket are drawn over it
    const shape = `<rect class="hit" x="${x}" y="${y}" width="${sw}" height="${rh - 8}" rx="6" fill="${fill}" stroke="#8090b0"${docked}/>`;
    // (the number at the left of its line, the rocket at the right)
    let above = text(x + 6, y + lh - 2, `#${s.space}`, `font-size="${fs(12)}" fill="#fff"`);
    above += text(x + sw / 2, y + 2 * lh - 2, t("web.agency.vp", { vp: s.vp }), `text-anchor="middle" font-size="${fs(14)}" fill="${holder ? "#fff" : "#ffd166"}" font-weight="700"`);
    above += text(x + sw / 2, y + 3 * lh - 2, bonusName(s.bonus), `text-anchor="middle" font-size="${fs(11)}" fill="#fff"`);
    if (holder) above += rocketMark(x + sw - 10, y + lh / 2 + 1, narrow ? 1.3 : 1, holder);
    const label = holder ? commas([about, holder]) : about;
    svg += legal ? clickable(shape, { action, label, above }) : `<g role="img" aria-label="${esc(label)}">${shape}${over(above)}</g>`;
  });
  svg += "</svg>";
  return svg;
}

function playerPanel(p, view, ctx) {
  const me = p.seat === view.you;
  const techRows = TECH.map((c) => {
    const legal = ctx.legal.some((a) => a.text === `tech ${c}`);
    const name = legal ? `<button type="button" class="chip" data-action="tech ${c}" data-learn="${c}">${esc(colour(c))}</button>` : `<span data-learn="${c}">${esc(colour(c))}</span>`;
    return `<div class="track"><span class="name">${name}</span><span class="pips">${pips(p.tech[c], Math.max(6, p.tech[c]), TECH_FILL[c])}</span> ${p.tech[c]}</div>`;
  }).join("");
  const up = (kind) => actionButton(`upgrade ${kind}`, t(`web.agency.upgrade.${kind}`), ctx);
  const lbl = (code) => `<span class="lbl">${esc(t(code))}</span>`;
  const name = ctx.names[p.seat] || "";
  let html = `<section class="agency-player${me ? " me" : ""}" aria-label="${esc(t("web.agency.player", { name: nameOf(p.seat) }))}">
    <h3><span class="dot" style="background:${ctx.colors[p.seat]};width:1rem;height:1rem;border-radius:50%;display:inline-block"></span>
      ${esc(me ? t("web.table.you", { name }) : name)}</h3>
    <div class="stats">${stat("web.agency.stat.vp", p.vp)}${stat("web.agency.stat.money", p.money)}${stat("web.agency.stat.income", p.income)}
      ${stat("web.agency.stat.cost", p.cost)}${stat("web.agency.stat.capacity", p.capacity)}${stat("web.agency.stat.lab", p.lab)}
      ${stat("web.agency.stat.station", p.station)}</div>
    <div class="stats"><span>${esc(t("web.agency.upgrades", p.upgrades))}</span>${up("capacity")}${up("propulsion")}</div>
    ${techRows}
    <div class="cardrow">${lbl("web.agency.earth")}${p.earth.map((id) => chip(id, ctx)).join("") || none("web.agency.none")}</div>
    <div class="cardrow">${lbl("web.agency.space")}${p.space.map((id) => chip(id, ctx)).join("") || none("web.agency.none")}</div>
    <div class="cardrow">${lbl("web.agency.specialists")}${p.played.map((id) => chip(id, ctx)).join("") || none("web.agency.none-played")}</div>`;
  if (me) {
    html += `<div class="cardrow">${lbl("web.agency.hand")}${(p.hand || []).map((id) => chip(id, ctx)).join("") || none("web.agency.empty")}</div>
      <div class="cardrow">${lbl("web.agency.objectives")}${(p.objectives || []).map((id) => chip(id, ctx)).join("") || none("web.agency.none")}</div>`;
    if (p.drawn?.length) html += `<div class="cardrow">${lbl("web.agency.drawn")}${p.drawn.map((id) => chip(id, ctx)).join("")}</div>`;
    if (p.deciding) html += `<p class="hint">${esc(t("web.agency.deciding", { what: p.deciding }))}</p>`;
  } else {
    const counts = [t("web.agency.count.hand", { count: p.hand_count }), t("web.agency.count.objectives", { count: p.objectives_count })];
    if (p.drawn_count) counts.push(t("web.agency.count.drawn", { count: p.drawn_count }));
    html += `<div class="stats">${counts.map((c) => `<span>${esc(c)}</span>`).join("")}</div>`;
  }
  return html + "</section>";
}

function decks(view, ctx) {
  const levels = Object.keys(view.mission_decks);
  const deckButtons = levels.map((l) => {
    const act = `draw L${l}`;
    const legal = ctx.legal.some((a) => a.text === act);
    const ways = (view.requirements[l] || [])
      .map((r) => Object.entries(r).map(([c, n]) => t("web.agency.need", { count: n, colour: colour(c) })).join(" + ") || t("web.agency.none"));
    const req = ways.length ? ways.reduce((a, b) => t("web.agency.or", { a, b })) : "";
    const inner = esc(t("web.agency.deck.left", { level: l, count: view.mission_decks[l] }));
    const needs = req ? ` · ${esc(t("web.agency.needs", { req }))}` : "";
    return `<span class="chip mission l${l}">${legal ? `<button type="button" class="chip" data-action="${act}">${inner}</button>` : inner}${needs}</span>`;
  }).join("");
  const supply = TECH.map((c) => `<span class="chip" style="border-color:${TECH_FILL[c]}" data-learn="${c}">${esc(t("web.agency.supply.of", { colour: colour(c), count: view.supply[c] }))}</span>`).join("");
  const lbl = (code) => `<span class="lbl">${esc(t(code))}</span>`;
  return `<section class="group" aria-label="${esc(t("web.agency.decks"))}"><div class="cardrow">${lbl("web.agency.missions")}${deckButtons}</div>
    <div class="cardrow">${lbl("web.agency.specialists")}<span class="chip">${esc(t("web.agency.deck.specialists", { count: view.specialist_deck }))}</span>
    ${lbl("web.agency.turn-order")}${view.turn_order.map((s) => `<span class="chip" style="border-color:${ctx.colors[s]}">${nameOf(s)}</span>`).join("") || "—"}</div>
    <div class="cardrow">${lbl("web.agency.supply")}${supply}</div>
    ${view.reconstruction ? `<p class='hint'>${esc(t("web.agency.reconstruction"))}</p>` : ""}</section>`;
}

export function render(el, view, ctx) {
  NAMES = ctx.names || [];
  const order = [...view.players].sort((a, b) => (a.seat === view.you ? -1 : b.seat === view.you ? 1 : a.seat - b.seat));
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const drawn = { ...ctx, width: el.clientWidth }; // the board's width on screen, for its font sizes
  el.innerHTML = `<div class="html-board">${topSvg(view, drawn, narrow)}${decks(view, ctx)}
    <div class="agency-grid">${order.map((p) => playerPanel(p, view, ctx)).join("")}</div></div>`;
}
