// Planet board: the ring of Exits and Lift Off Points around the Core, the Moon's
// orbit and each point's phase, the Day Track, Aliens by colour, the Garglore,
// card areas, the piles and your hand — all drawn from the view. A piece's button
// holds its shape and its name; what else it shows is drawn over it (svg.js ``over``),
// its accessible name saying it in words (Aliens by name and count).
import { esc, t, tn } from "../common.js";
import { polar, sector, text, clickable, keyed, markup, commas } from "../svg.js";

// a seat's name as people read it (set at each render from ctx.names), never a seat id
let NAMES = [];
// the 760-unit board is drawn about 340 px wide on a phone: its texts get at least
// the size that shows 12.5 px on screen (28 units there), and fewer of them when
// narrow (both set at each render)
let NARROW = false;
let MIN_FONT = 0;
const fs = (n) => Math.round(Math.max(n, MIN_FONT));
function nameOf(p) {
  return String(NAMES[p] || t("web.common.player", { n: Number(p) + 1 })).replace(/[<>&"']/g, "");
}

/** The move that ends a turn (the move bar asks first while other moves remain). */
export const END = "end";

const CX = 380, CY = 380, R_CORE = 118, R_IN = 128, R_OUT = 300, R_MOON = 338;
// a card's name in the page's language (web.planet.card.<code>); another card by its code
const CARDS = ["F", "S", "W", "moon", "supernova", "tornado", "mya", "asteroids", "storm", "terraform", "garglore"];
function cardName(code) {
  return CARDS.includes(code) ? t(`web.planet.card.${code}`) : code;
}
// white card names on them read at 4.5:1 or more (WCAG AA)
const CARD_FILL = { F: "#b35300", S: "#5f6b78", W: "#8e44ad" };
// a Moon phase ("full", "half", "new"): its name ("Full Moon"), and the word alone ("full")
const PHASES = ["full", "half", "new"];
const phaseLabel = (phase) => (PHASES.includes(phase) ? t(`web.planet.phase.${phase}.moon`) : phase);
const phaseWord = (phase) => (PHASES.includes(phase) ? t(`web.planet.phase.${phase}`) : phase);
// The ring's segments S0..S7 go counter-clockwise from the top Exit Point S0 (the
// board data; PL-GAP-1), as the Moon does: the screen angle of segment ``seg``'s middle
// (SVG angles grow clockwise, so counter-clockwise is minus).
const segAngle = (seg) => -90 - seg * 45;
// the segment a Moon spot of the view stands above: the star over S0, "slotN" over
// Lift Off Point slot N (S1, S3, S5, S7), "exitN" over Exit Point S2N (PL-GAP-2)
function spotSegment(spot) {
  const m = /^(slot|exit)(\d+)$/.exec(spot || "");
  if (!m) return 0;
  return m[1] === "slot" ? 2 * Number(m[2]) - 1 : 2 * Number(m[2]);
}
// where a Moon spot of the view is, in words: the Lift Off Point it is over by name
function spotName(view, spot) {
  const seg = view.ring[spotSegment(spot)];
  if (/^slot\d+$/.test(spot || "") && seg?.name) return seg.name;
  if (/^exit\d+$/.test(spot || "") && seg) return t("web.planet.exit", { segment: seg.segment });
  const m = /^(slot|exit)(\d+)$/.exec(spot || "");
  if (m) return t(`web.planet.spot.${m[1]}`, { n: m[2] });
  return spot === "star" ? t("web.planet.spot.star") : spot;
}
// what a Lift Off die roll is paid with ("fuel", "screw")
const costWord = (cost) => (cost === "fuel" || cost === "screw" ? t(`web.planet.cost.${cost}`) : cost);

function phaseIcon(x, y, r, phase) {
  const light = "#f6e27a", dark = "#2b3350";
  if (phase === "full") return `<circle cx="${x}" cy="${y}" r="${r}" fill="${light}" stroke="#b59b2c"/>`;
  if (phase === "new") return `<circle cx="${x}" cy="${y}" r="${r}" fill="${dark}" stroke="#b59b2c"/>`;
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${dark}" stroke="#b59b2c"/>`
    + `<path d="M${x},${y - r} A${r},${r} 0 0 1 ${x},${y + r} Z" fill="${light}"/>`;
}

// ``where``: the place (a segment, "core"): each player's Aliens there are one stack
// that motion.js moves (an Alien that left one place and came to another)
function alienDots(x, y, counts, colors, where, { size = 11, gap = 26 } = {}) {
  if (NARROW) { size = Math.max(size, 22); gap = Math.max(gap, 48); }
  const present = counts.map((n, p) => [p, n]).filter(([, n]) => n > 0);
  // narrow: rows of three at most, so five players' stacks stay inside their segment
  const across = NARROW ? 3 : present.length;
  const rows = Math.ceil(present.length / across);
  return present.map(([p, n], k) => {
    const row = Math.floor(k / across), i = k % across;
    const inRow = Math.min(across, present.length - row * across);
    const px = x - ((inRow - 1) * gap) / 2 + i * gap;
    const py = y + (row - (rows - 1) / 2) * gap;
    return `<g${keyed(`alien:${p}:${where}`, { kind: `alien:${p}`, count: n })}><circle cx="${px}" cy="${py}" r="${size}" fill="${colors[p]}" stroke="#fff" stroke-width="1.5"><title>${esc(tn("web.planet.aliens", n, { name: nameOf(p) }))}</title></circle>`
      + text(px, py + size * 0.42, String(n), `text-anchor="middle" font-size="${fs(Math.round(size * 1.2))}" font-weight="700" fill="#fff"`) + "</g>";
  }).join("");
}

// a place's name and the Aliens there, as one accessible name ("Exit S2, Ann: 2 Aliens")
function withAliens(label, counts) {
  const aliens = counts.map((n, p) => (n > 0 ? tn("web.planet.aliens", n, { name: nameOf(p) }) : "")).filter(Boolean);
  return aliens.length ? commas([label, ...aliens]) : label;
}

function segment(seg, i, view, ctx) {
  const mid = segAngle(i);
  const a1 = mid - 22.5, a2 = mid + 22.5;
  const lp = seg.kind === "lift_off_point";
  const fill = lp ? (seg.blocked ? "#f3c9c0" : "#e4ebfa") : "#f4efe3";
  const [tx, ty] = polar(CX, CY, 214, mid);
  let inner = `<path class="hit" d="${sector(CX, CY, R_IN, R_OUT, a1, a2)}" fill="${fill}" stroke="#7a7f8c" stroke-width="1.5"/>`;
  if (!lp) {
    const exit = t("web.planet.exit", { segment: seg.segment });
    inner += text(tx, ty - 26, exit, `text-anchor="middle" font-size="${fs(19)}" font-weight="600" fill="#5b4a2a"`);
    const above = alienDots(tx, ty + 12, seg.aliens, ctx.colors, seg.segment, { size: 15, gap: 34 });
    return clickable(inner, { tokens: seg.segment, label: withAliens(exit, seg.aliens), above });
  }
  // narrow: larger pieces laid out from the rim inwards (name, phase, platform, Aliens)
  const at = (r, dy) => (NARROW ? polar(CX, CY, r, mid) : [tx, ty + dy]);
  const [nx, ny] = at(270, -50), [ix, iy] = at(232, -24), [px, py] = at(194, 0), [ax, ay] = at(158, 58);
  inner += text(nx, NARROW ? ny + 10 : ny, seg.name, `text-anchor="middle" font-size="${fs(20)}" font-weight="700" fill="#1d2a4a"`);
  inner += NARROW ? phaseIcon(ix, iy, 16, seg.phase) : phaseIcon(tx - 40, ty - 24, 13, seg.phase);
  // drawn over the point, outside its button: its name is the point's name alone
  let above = "";
  if (!NARROW) above += text(tx - 22, ty - 18, phaseWord(seg.phase), `font-size="${fs(17)}" fill="#333"`); // the icon tells it there
  // launch platform: capacity boxes filled by boarded Aliens
  const cap = seg.capacity ?? Math.max(seg.boarded.length + 1, 3);
  const shown = Math.min(cap, 7);
  const bw = 17, start = px - (shown * (bw + 3)) / 2;
  for (let k = 0; k < shown; k++) {
    const who = seg.boarded[k];
    inner += `<rect x="${(start + k * (bw + 3)).toFixed(1)}" y="${(py - (NARROW ? 9 : 2)).toFixed(1)}" width="${bw}" height="${bw}" rx="3"
      fill="${who === undefined ? "#fff" : ctx.colors[who]}" stroke="#556"${who === undefined ? "" : keyed(`aboard:${seg.segment}:${k}`, { kind: `alien:${who}` })}><title>${esc(who === undefined ? t("web.planet.platform.free") : t("web.planet.platform.boarded", { name: nameOf(who) }))}</title></rect>`;
  }
  if (seg.capacity === null) above += text(start + shown * (bw + 3) + 3, py + (NARROW ? 9 : 12), "∞", `font-size="${fs(16)}"`);
  const area = seg.area;
  if ((area.fuel || area.screw) && !NARROW) { // narrow: told in the list beside
    above += text(tx, ty + 34, t("web.planet.paid.short", { fuel: area.fuel, screw: area.screw }), `text-anchor="middle" font-size="${fs(15)}" fill="#7a3d00" font-weight="600"`);
  }
  above += alienDots(ax, ay, seg.aliens, ctx.colors, seg.segment, { size: 13, gap: 29 });
  if (seg.blocked) {
    const [gx, gy] = polar(CX, CY, NARROW ? 232 : R_OUT - 22, mid + (NARROW ? 14 : 13));
    above += `<g data-learn="garglore"${keyed("garglore")} aria-label="${esc(t("web.planet.garglore.blocks"))}"><circle cx="${gx}" cy="${gy}" r="${NARROW ? 22 : 17}" fill="#8e2c1f"/><text x="${gx}" y="${gy + (NARROW ? 10 : 6)}" text-anchor="middle" font-size="${fs(17)}" fill="#fff">${esc(t("web.planet.garglore.mark"))}</text></g>`;
  }
  let label = t("web.planet.lp.label", { name: seg.name, segment: seg.segment, phase: phaseLabel(seg.phase) });
  if (seg.blocked) label = commas([label, t("web.planet.garglore.blocks")]);
  return clickable(inner, { tokens: `${seg.segment} ${seg.lp}`, label: withAliens(label, seg.aliens), learn: seg.lp, above });
}

// The last move's events (the view's recent events after the last action).
function lastMove(view) {
  const recent = view.recent || [];
  let k = recent.length;
  while (k > 0 && recent[k - 1].kind !== "action") k -= 1;
  return recent.slice(k);
}

// The dice of the last move, drawn on the Lift Off Point they were rolled at, with
// their face: the Lift Off die (rockets, or X) and the Stargate die (its face).
function dice(view) {
  const ring = view.ring;
  const at = (lp) => ring.findIndex((s) => s.lp === lp);
  const events = lastMove(view);
  let out = "";
  for (const e of events) {
    let where = -1, face = "", said = "";
    if (e.kind === "planet.ev.roll" || e.kind === "planet.ev.roll-x") {
      where = at(e.data.lp);
      face = e.kind === "planet.ev.roll" ? String(e.data.rockets) : "X";
      said = t("web.planet.die.liftoff", { name: ring[where]?.name || e.data.lp, face });
    } else if (e.kind.startsWith("planet.ev.stargate.") && DIE_FACES.includes(e.data.face)) {
      // at the Stargate, or where it stood when the earthquake destroyed it
      const gone = events.find((x) => x.kind === "planet.ev.replaced" && x.data.lp === "stargate");
      where = at("stargate") >= 0 ? at("stargate") : gone ? at(gone.data.new) : -1;
      face = t(`web.planet.die.face.${e.data.face}`);
      said = t("web.planet.die.stargate", { face });
    }
    if (where < 0) continue;
    const [x, y] = polar(CX, CY, NARROW ? 262 : 282, segAngle(where) - 12); // (the Garglore stands at +13)
    const size = fs(face.length > 2 ? 15 : 20);
    const h = NARROW ? 46 : 32, w = Math.max(h, face.length * size * 0.62 + 14);
    out += `<g class="die" role="img" aria-label="${esc(said)}"><title>${esc(said)}</title>`
      + `<rect x="${(x - w / 2).toFixed(1)}" y="${(y - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h}" rx="7" fill="#fffdf5" stroke="#1d2a4a" stroke-width="2.5"/>`
      + text(x, y + size * 0.36, face, `text-anchor="middle" font-size="${size}" font-weight="700" fill="#1d2a4a"`) + "</g>";
  }
  return out ? `<g pointer-events="none">${out}</g>` : "";
}
const DIE_FACES = ["draw1", "draw2", "earthquake", "tornado", "storm", "liftoff"];

// The cards drawn in the last move, beside the hand: yours by name, the others' as backs.
function draws(view) {
  const rows = [];
  for (const e of lastMove(view)) {
    if (e.kind !== "planet.ev.draw") continue;
    const who = e.data.who;
    if (who === view.you && e.data.codes) {
      const cards = e.data.codes.map((c) => `<span class="chip" data-learn="${esc(c)}">${esc(cardName(c))}</span>`).join("");
      rows.push(`<div class="cardrow drawn"><span class="lbl">${esc(t("web.planet.drawn.you"))}</span>${cards}</div>`);
    } else {
      const backs = Array.from({ length: e.data.count }, () =>
        `<span class="card-back" role="img" aria-label="${esc(t("web.planet.card.back"))}" style="display:inline-block;width:1.6rem;height:2.2rem;border-radius:4px;border:2px solid #fff;background:repeating-linear-gradient(45deg,#1f3a6b 0 4px,#2e5596 4px 8px);vertical-align:middle;margin-right:.2rem"></span>`).join("");
      rows.push(`<div class="cardrow drawn"><span class="lbl">${esc(tn("web.planet.drawn.other", e.data.count, { name: nameOf(who) }))}</span>${backs}</div>`);
    }
  }
  return rows.join("");
}

// The Moon's popover: where it is, and the phase it gives each Lift Off Point now.
function moonText(view) {
  const spot = view.moon.spot_name;
  const where = /^slot\d+$/.test(spot) ? t("web.planet.moon.over", { place: spotName(view, spot) })
    : spot === "star" ? t("web.planet.moon.on-star") : t("web.planet.moon.above", { place: spotName(view, spot) });
  const phases = view.ring.filter((s) => s.kind === "lift_off_point")
    .map((s) => t("web.planet.moon.phase-at", { place: s.name, phase: phaseLabel(s.phase) }));
  return `${t("web.planet.moon.title")}: ${where} ${t("web.planet.moon.phases", { phases: commas(phases) })} ${t("web.planet.moon.turns")}`;
}

function moonOrbit(view) {
  const spots = view.moon.spots;
  let out = `<circle cx="${CX}" cy="${CY}" r="${R_MOON}" fill="none" stroke="#9aa3b8" stroke-dasharray="4 6"/>`;
  let moon = "";
  spots.forEach((name, k) => {
    // each spot above the segment the engine names, so the Moon travels counter-clockwise
    const [x, y] = polar(CX, CY, R_MOON, segAngle(spotSegment(name)));
    const here = k === view.moon.spot;
    const dot = `<circle ${here ? 'class="hit" ' : ""}cx="${x}" cy="${y}" r="${here ? 22 : 7}" fill="${here ? "#f6e27a" : "#cfd5e3"}" stroke="#6d6130"/>`
      + (name === "star" ? text(x, y + (here ? 5 : -11), "★", `text-anchor="middle" font-size="${fs(here ? 16 : 14)}" fill="#6b5500"`) : "");
    // (a clear disc around the Moon makes it a 44 px target on a phone)
    if (here) moon = `<circle cx="${x}" cy="${y}" r="52" fill="transparent"/>${dot}`; else out += dot;
  });
  // the Moon itself is the piece (Move the Moon! moves it); the orbit is its track
  return out + clickable(moon, {
    tokens: "moon", label: t("web.planet.moon", { spot: spotName(view, view.moon.spot_name) }), key: "moon",
    learnText: moonText(view),
  });
}

function core(view, ctx) {
  let inner = `<circle class="hit" cx="${CX}" cy="${CY}" r="${R_CORE}" fill="#3b2a4d" stroke="#e07a3f" stroke-width="4"/>`;
  inner += text(CX, CY - (NARROW ? 64 : 52), t("web.planet.core"), `text-anchor="middle" font-size="${fs(24)}" font-weight="700" fill="#fbd8b0"`);
  let above = alienDots(CX, CY - (NARROW ? 16 : 8), view.players.map((p) => p.core), ctx.colors, "core", { size: 17, gap: 40 });
  const d = view.days;
  above += text(CX, CY + (NARROW ? 44 : 30), t("web.planet.day", { day: Math.min(d.passed + 1, d.total), total: d.total }), `text-anchor="middle" font-size="${fs(19)}" fill="#fbd8b0"`);
  if (view.moon.override) above += text(CX, CY + (NARROW ? 78 : 52), t("web.planet.override", { phase: phaseLabel(view.moon.override) }), `text-anchor="middle" font-size="${fs(17)}" fill="#f6e27a"`);
  return clickable(inner, { tokens: "core", label: withAliens(t("web.planet.core.label"), view.players.map((p) => p.core)), above });
}

function info(view, ctx) {
  const d = view.days;
  let days = "";
  for (let k = 0; k < d.total; k++) days += `<span class="day${k < d.passed ? " passed" : ""}">${k + 1}</span>`;
  const players = view.players.map((p) => {
    const name = p.player === view.you ? t("web.table.you", { name: nameOf(p.player) }) : nameOf(p.player);
    const said = markup("web.planet.player", {
      name: esc(name), saved: `<b>${p.saved}</b>`, core: p.core, cards: esc(tn("web.planet.cards", p.hand_size)),
    });
    return `<li class="${view.active.includes(p.player) ? "active" : ""}">
      <span class="dot" style="background:${ctx.colors[p.player]}"></span>
      ${said}${p.finished ? " ✔" : ""}</li>`;
  }).join("");
  const lps = view.ring.filter((s) => s.kind === "lift_off_point").map((s) => {
    const facts = [
      t("web.planet.lp.phase", { phase: phaseWord(s.phase) }),
      t("web.planet.lp.board", { cost: s.placement_text }),
      s.capacity === null ? t("web.planet.lp.no-limit") : t("web.planet.lp.aboard", { boarded: s.boarded.length, capacity: s.capacity }),
    ];
    if (s.lift) facts.push(t("web.planet.lp.lift", { fuel: s.lift.fuel, screw: s.lift.screw, phases: s.lift.phases.map(phaseWord).join("/") }));
    else if (s.roll) facts.push(t("web.planet.lp.roll", { needs: s.roll.needs[s.phase], cost: costWord(s.roll.cost) }));
    if (s.area.fuel || s.area.screw) facts.push(t("web.planet.lp.paid", { fuel: s.area.fuel, screw: s.area.screw }));
    const tokens = `${s.segment} ${s.lp}`;
    const blocked = s.blocked ? ` — ${esc(t("web.planet.lp.blocked"))}` : "";
    return `<li><button type="button" class="lp-button" data-tokens="${esc(tokens)}" data-learn="${esc(s.lp)}"><b>${esc(s.name)}</b> (${esc(s.segment)})${blocked}</button>
      <span class="lp-detail">${facts.map(esc).join(" · ")}</span></li>`;
  }).join("");
  const disc = commas(Object.entries(view.discard).map(([k, n]) => `<span data-learn="${esc(k)}">${esc(t("web.planet.discard.count", { count: n, name: cardName(k) }))}</span>`));
  const gargAt = view.ring.find((s) => s.kind === "lift_off_point" && s.lp === view.garglore);
  const garg = view.garglore === null ? t("web.planet.garglore.absent") : view.garglore === "pool" ? t("web.planet.garglore.pool")
    : t("web.planet.garglore.on", { place: gargAt ? gargAt.name : view.garglore });
  const pledges = view.teleport_window ? view.teleport_window.pledges.map((q) => `${nameOf(q.player)}: ${q.fuel}`) : [];
  const tw = view.teleport_window
    ? `<p class="teleport">${esc(t("web.planet.teleport", { need: view.teleport_window.need, pledges: pledges.length ? commas(pledges) : t("web.planet.teleport.none") }))}</p>` : "";
  // what happened is in the game log, narrated for this seat by the server
  return `<div class="planet-info">
    <h3>${esc(t("web.planet.days"))}</h3><div class="days" aria-label="${esc(t("web.planet.days.passed", { passed: d.passed, total: d.total }))}">${days}</div>
    <p class="warn">${esc(tn("web.planet.days.left", d.left))}</p>
    <h3>${esc(t("web.planet.players"))}</h3><ul class="plain">${players}</ul>
    <h3>${esc(t("web.planet.lps"))}</h3><ul class="plain lps">${lps}</ul>
    <p><button type="button" class="chip" data-tokens="pool garglore" data-learn="garglore">${esc(t("web.planet.garglore"))}</button> ${esc(garg)}</p>
    ${tw}
    <p>${markup("web.planet.piles", { draw: view.draw_pile, discard: disc || esc(t("web.planet.piles.empty")) })}</p>
    ${view.variants?.length ? `<p class="hint">${esc(t("web.planet.variants", { variants: commas(view.variants_said || view.variants) }))}</p>` : ""}
  </div>`;
}

function hand(view) {
  const me = view.players.find((p) => p.player === view.you);
  if (!me?.hand) return `<p class="hint">${view.you === null ? esc(t("web.planet.spectating")) : ""}</p>${draws(view)}`;
  const entries = Object.entries(me.hand);
  const total = entries.reduce((n, [, k]) => n + k, 0);
  const items = entries.map(([code, n]) => {
    const res = code in CARD_FILL;
    const name = cardName(code);
    // the name is the card's words ("2 cards Fuel"): its letter, kind and count are shown
    // (data-shows, drawn by the style sheet), not text of the button
    const count = n > 1 ? `<span class="count" data-shows="×${n}"></span>` : "";
    // a Wild is paid as Fuel or as Screw (W=F, W=S in the moves)
    const tokens = code === "W" ? "W W=F W=S" : code;
    return `<button type="button" class="pcard" data-tokens="${esc(tokens)}" data-learn="${esc(code)}"${keyed(`hand:${code}`)} style="background:${res ? CARD_FILL[code] : "#1f6f78"}"
      aria-label="${esc(tn("web.planet.hand.card", n, { name }))}">${res ? `<span class="big" data-shows="${esc(code)}"></span>` : `<span class="act" data-shows="${esc(t("web.planet.hand.action"))}"></span>`}<span class="nm">${esc(name)}</span>${count}</button>`;
  }).join("");
  return `<h3>${esc(t("web.planet.hand", { count: total }))}</h3><div class="hand">${items || `<span class='hint'>${esc(t("web.planet.hand.empty"))}</span>`}</div>${draws(view)}`;
}

export function render(el, view, ctx) {
  NAMES = ctx.names || [];
  NARROW = el.clientWidth > 0 && el.clientWidth < 640;
  const drawn = el.clientWidth < 660 ? el.clientWidth : el.clientWidth * 0.6; // one column, or beside the list
  MIN_FONT = drawn > 0 ? (12.5 * 760) / drawn : 0;
  let svg = `<svg viewBox="0 0 760 760" role="group" aria-label="${esc(t("web.planet.board"))}" xmlns="http://www.w3.org/2000/svg">`;
  svg += moonOrbit(view);
  view.ring.forEach((seg, i) => { svg += segment(seg, i, view, ctx); });
  svg += core(view, ctx);
  svg += dice(view);
  svg += "</svg>";
  el.innerHTML = `<div class="planet-board"><div class="planet-main">${svg}${hand(view)}</div>${info(view, ctx)}</div>`;
}
