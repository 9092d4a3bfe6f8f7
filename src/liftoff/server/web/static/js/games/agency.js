// Agency board: the VP track and the space station (SVG), then each agency's
// tracks, lab, technology, missions on Earth and in space; your specialists,
// objectives and drawn cards; the mission decks.
import { esc } from "../common.js";
import { words } from "../choose.js";
import { text, keyed } from "../svg.js";

// a seat's name as people read it (set at each render from ctx.names), never a seat id
let NAMES = [];
function nameOf(p) {
  return String(NAMES[p] || `Player ${Number(p) + 1}`).replace(/[<>&"']/g, "");
}

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
  const name = about.split(":")[0];
  const label = name ? `${esc(id)} <span class="card-name">${esc(name)}</span>` : esc(id);
  const learn = ` data-learn="${esc(id)}"${keyed(`card:${id}`)}`;  // its text on hover, tap or focus (learn.js); the card moves (motion.js)
  if (legal) return `<button type="button" class="${cls}" data-tokens="${esc(id)}"${learn} aria-label="card ${esc(id)}${name ? ` ${esc(name)}` : ""}">${label}</button>`;
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

function topSvg(view, ctx, narrow) {
  const w = narrow ? 520 : 1000;
  const perRow = narrow ? 6 : view.station.length;
  const rows = Math.ceil(view.station.length / perRow);
  const rh = narrow ? 96 : 80; // a row of station spaces, taller for larger texts when narrow
  const h = 110 + rows * rh;
  // the least font size (board units) that shows 12.5 px on screen
  const least = ctx.width > 0 ? (12.5 * w) / ctx.width : 0;
  const fs = (n) => Math.round(Math.max(n, least) * 10) / 10;
  let svg = `<svg viewBox="0 0 ${w} ${h}" role="group" aria-label="Victory points and the space station" xmlns="http://www.w3.org/2000/svg">`;
  svg += `<rect width="${w}" height="${h}" rx="8" fill="#14213d"/>`;
  // VP track
  const maxVp = Math.max(60, ...view.players.map((p) => p.vp + 5));
  const x0 = 30, x1 = w - 30, ty = 40;
  const title = narrow ? `VP · round ${view.round} of ${view.rounds} · phase ${view.phase}`
    : `Victory points · round ${view.round} of ${view.rounds} · phase ${view.phase} · ${view.step.replace(/_/g, " ")}`;
  svg += text(x0, 22, title, `font-size="${fs(15)}" fill="#fff" font-weight="700"`);
  svg += `<line x1="${x0}" y1="${ty}" x2="${x1}" y2="${ty}" stroke="#8090b0" stroke-width="3"/>`;
  for (let v = 0; v <= maxVp; v += 10) {
    const x = x0 + ((x1 - x0) * v) / maxVp;
    svg += `<line x1="${x}" y1="${ty - 6}" x2="${x}" y2="${ty + 6}" stroke="#8090b0"/>` + text(x, ty + (narrow ? 26 : 20), String(v), `text-anchor="middle" font-size="${fs(11)}" fill="#c9d3ee"`);
  }
  view.players.forEach((p, k) => {
    const x = x0 + ((x1 - x0) * p.vp) / maxVp;
    svg += `<circle cx="${x}" cy="${ty - 2 - k * 3}" r="8" fill="${ctx.colors[p.seat]}" stroke="#fff"${keyed(`vp:${p.seat}`)}><title>${nameOf(p.seat)}: ${p.vp} VP</title></circle>`;
  });
  // the station
  svg += text(x0, 92, "Space station", `font-size="${fs(15)}" fill="#fff" font-weight="700"`);
  const sw = Math.min(80, (x1 - x0) / perRow - 6);
  view.station.forEach((s, k) => {
    const x = x0 + (k % perRow) * (sw + 6), y = 102 + Math.floor(k / perRow) * rh;
    const owner = s.rocket >= 0 ? s.rocket : null;
    const action = `station ${s.space}`;
    const legal = ctx.legal.some((a) => a.text === action);
    svg += `<g ${legal ? `class="clickable" data-action="${action}" tabindex="0" role="button" aria-label="station space ${s.space}"` : ""}>`;
    const lh = narrow ? 26 : 20; // line height
    const rocket = owner === null ? "" : keyed(`rocket:${s.space}`); // a rocket docked here (fades in)
    svg += `<rect class="hit" x="${x}" y="${y}" width="${sw}" height="${rh - 8}" rx="6" fill="${owner === null ? "#26355e" : ctx.colors[owner]}" stroke="#8090b0"${rocket}/>`;
    svg += text(x + sw / 2, y + lh - 2, `#${s.space}`, `text-anchor="middle" font-size="${fs(12)}" fill="#fff"`);
    svg += text(x + sw / 2, y + 2 * lh - 2, `${s.vp} VP`, `text-anchor="middle" font-size="${fs(14)}" fill="${owner === null ? "#ffd166" : "#fff"}" font-weight="700"`);
    svg += text(x + sw / 2, y + 3 * lh - 2, s.bonus, `text-anchor="middle" font-size="${fs(11)}" fill="#fff"`);
    svg += "</g>";
  });
  svg += "</svg>";
  return svg;
}

function playerPanel(p, view, ctx) {
  const me = p.seat === view.you;
  const techRows = TECH.map((c) => {
    const legal = ctx.legal.some((a) => a.text === `tech ${c}`);
    const name = legal ? `<button type="button" class="chip" data-action="tech ${c}" data-learn="${c}">${c}</button>` : `<span data-learn="${c}">${c}</span>`;
    return `<div class="track"><span class="name">${name}</span><span class="pips">${pips(p.tech[c], Math.max(6, p.tech[c]), TECH_FILL[c])}</span> ${p.tech[c]}</div>`;
  }).join("");
  const up = (kind) => actionButton(`upgrade ${kind}`, `upgrade ${kind}`, ctx);
  let html = `<section class="agency-player${me ? " me" : ""}" aria-label="agency of ${nameOf(p.seat)}">
    <h3><span class="dot" style="background:${ctx.colors[p.seat]};width:1rem;height:1rem;border-radius:50%;display:inline-block"></span>
      ${esc(ctx.names[p.seat] || "")}${me ? " (you)" : ""}</h3>
    <div class="stats"><span>VP <b>${p.vp}</b></span><span>money <b>${p.money}</b></span><span>income <b>${p.income}</b></span>
      <span>launch cost <b>${p.cost}</b></span><span>rocket capacity <b>${p.capacity}</b></span><span>lab <b>${p.lab}</b></span>
      <span>station <b>${p.station}</b></span></div>
    <div class="stats"><span>upgrades: capacity ${p.upgrades.capacity}, propulsion ${p.upgrades.propulsion}</span>${up("capacity")}${up("propulsion")}</div>
    ${techRows}
    <div class="cardrow"><span class="lbl">on Earth</span>${p.earth.map((id) => chip(id, ctx)).join("") || "<span class='hint'>none</span>"}</div>
    <div class="cardrow"><span class="lbl">in space</span>${p.space.map((id) => chip(id, ctx)).join("") || "<span class='hint'>none</span>"}</div>
    <div class="cardrow"><span class="lbl">specialists</span>${p.played.map((id) => chip(id, ctx)).join("") || "<span class='hint'>none played</span>"}</div>`;
  if (me) {
    html += `<div class="cardrow"><span class="lbl">your hand</span>${(p.hand || []).map((id) => chip(id, ctx)).join("") || "<span class='hint'>empty</span>"}</div>
      <div class="cardrow"><span class="lbl">objectives</span>${(p.objectives || []).map((id) => chip(id, ctx)).join("") || "<span class='hint'>none</span>"}</div>`;
    if (p.drawn?.length) html += `<div class="cardrow"><span class="lbl">drawn</span>${p.drawn.map((id) => chip(id, ctx)).join("")}</div>`;
    if (p.deciding) html += `<p class="hint">Deciding: ${esc(p.deciding)}</p>`;
  } else {
    html += `<div class="stats"><span>hand ${p.hand_count}</span><span>objectives ${p.objectives_count}</span>${p.drawn_count ? `<span>drawn ${p.drawn_count}</span>` : ""}</div>`;
  }
  return html + "</section>";
}

function decks(view, ctx) {
  const levels = Object.keys(view.mission_decks);
  const deckButtons = levels.map((l) => {
    const act = `draw L${l}`;
    const legal = ctx.legal.some((a) => a.text === act);
    const req = (view.requirements[l] || []).map((r) => Object.entries(r).map(([c, n]) => `${n} ${c}`).join(" + ") || "none").join(" or ");
    const inner = `L${l}: ${view.mission_decks[l]} left`;
    const needs = req ? ` · needs ${esc(req)}` : "";
    return `<span class="chip mission l${l}">${legal ? `<button type="button" class="chip" data-action="${act}">${inner}</button>` : inner}${needs}</span>`;
  }).join("");
  const supply = TECH.map((c) => `<span class="chip" style="border-color:${TECH_FILL[c]}" data-learn="${c}">${c} ${view.supply[c]}</span>`).join("");
  return `<section class="group" aria-label="decks"><div class="cardrow"><span class="lbl">missions</span>${deckButtons}</div>
    <div class="cardrow"><span class="lbl">specialists</span><span class="chip">deck ${view.specialist_deck}</span>
    <span class="lbl">turn order</span>${view.turn_order.map((s) => `<span class="chip" style="border-color:${ctx.colors[s]}">${nameOf(s)}</span>`).join("") || "—"}</div>
    <div class="cardrow"><span class="lbl">supply</span>${supply}</div>
    ${view.reconstruction ? "<p class='hint'>Card lists are a labelled reconstruction of the published game.</p>" : ""}</section>`;
}

export function render(el, view, ctx) {
  NAMES = ctx.names || [];
  const order = [...view.players].sort((a, b) => (a.seat === view.you ? -1 : b.seat === view.you ? 1 : a.seat - b.seat));
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const drawn = { ...ctx, width: el.clientWidth }; // the board's width on screen, for its font sizes
  el.innerHTML = `<div class="html-board">${topSvg(view, drawn, narrow)}${decks(view, ctx)}
    <div class="agency-grid">${order.map((p) => playerPanel(p, view, ctx)).join("")}</div></div>`;
}
