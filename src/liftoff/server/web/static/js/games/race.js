// Race board: the planets with both players' rows, your top card and stack, the
// other stacks, scores and the resolution log; updated live.
import { esc } from "../common.js";
import { text, clickable } from "../svg.js";

// a seat's name as people read it (set at each render from ctx.names), never a seat id
let NAMES = [];
function nameOf(p) {
  return String(NAMES[p] || `Player ${Number(p) + 1}`).replace(/[<>&"']/g, "");
}

const LABEL = {
  tank: "Tank", settlers: "Settlers", security: "Security", solar: "Solar",
  liftoff: "Lift Off", theft: "Theft", terraform: "Terraform", ore: "Ore",
};
const FILL = {
  tank: "#2f6db5", settlers: "#3f86d6", security: "#1d4f8c", solar: "#5aa0e8",
  liftoff: "#e6b800", theft: "#c0392b", terraform: "#d35400", ore: "#a93226",
};
const INK = { liftoff: "#2b2300" };

// ``about``: what the card is to the reader (its owner), shown with its text (learn.js);
// ``pick``: the card is a piece of the choice being made (pay with it, steal it)
function card(x, y, w, h, code, { dim = false, about = "", pick = false } = {}) {
  if (!code) return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#ddd" stroke="#999"/>`;
  const name = `${about ? `${about}: ` : ""}${LABEL[code] || code}`;
  const face = `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${FILL[code] || "#777"}" stroke="#1b1b1b"/>`
    + text(x + w / 2, y + h / 2 + 4, LABEL[code] || code, `text-anchor="middle" font-size="${Math.min(13, w / 5.2)}" font-weight="700" fill="${INK[code] || "#fff"}"`);
  if (pick) return `<g opacity="${dim ? 0.55 : 1}">${clickable(face, { tokens: code, label: name, learn: code })}</g>`;
  const label = about ? ` aria-label="${esc(name)}"` : "";
  return `<g opacity="${dim ? 0.55 : 1}" data-learn="${esc(code)}"${label}>${face}</g>`;
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

function logLine(e) {
  const [kind, ...rest] = e;
  if (kind === "stop") return `${nameOf(rest[0])} called Stop!`;
  if (kind === "reveal") return `planet ${rest[0] + 1}: ${nameOf(rest[2])} reveals ${LABEL[rest[3]] || rest[3]}`;
  if (kind === "fail") return `planet ${rest[0] + 1}: ${nameOf(rest[2])}'s ${LABEL[rest[3]] || rest[3]} fails (${rest[4]})`;
  if (kind === "no-liftoff") return `planet ${rest[0] + 1}: ${nameOf(rest[2])} has no Lift Off`;
  return e.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(" ");
}

export function render(el, view, ctx) {
  NAMES = ctx.names || [];
  const planets = view.planets;
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const perRow = Math.min(planets.length, narrow ? 3 : 5);
  const pw = 180, ph = narrow ? 330 : 400, gap = 12;
  const rows = Math.ceil(planets.length / perRow);
  const width = Math.max(perRow * (pw + gap) + gap, narrow ? 560 : 960);
  const top = 56;
  const handY = top + rows * (ph + gap) + 10;
  const height = handY + (narrow ? 330 : 200);
  const legal = new Set(ctx.legal.map((a) => a.text));
  let svg = `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Race board" xmlns="http://www.w3.org/2000/svg">`;
  svg += `<rect width="${width}" height="${height}" fill="#0f1830"/>`;
  const phase = view.loading ? "Loading — everyone plays at once" : `Phase: ${view.phase}`;
  svg += text(16, 32, `Round ${view.round} of ${view.rounds} · ${phase}`, `font-size="22" font-weight="700" fill="#fff"`);
  if (view.stop_player !== null) svg += text(width - 16, 32, `${nameOf(view.stop_player)} called Stop!`, `text-anchor="end" font-size="18" fill="#ffd166" font-weight="700"`);

  planets.forEach((pl, i) => {
    const x = gap + (i % perRow) * (pw + gap);
    const y = top + Math.floor(i / perRow) * (ph + gap);
    const action = `place ${pl.number}`;
    const mineHere = pl.players.includes(view.you);
    let inner = `<rect class="hit" x="${x}" y="${y}" width="${pw}" height="${ph}" rx="10" fill="${mineHere ? "#1d2d55" : "#17223f"}" stroke="#4b5d8c"/>`;
    const cy = y + ph / 2;
    const about = `${pl.name}: planet, needs ${pl.terraforming} Terraforming; ${pl.vp} VP for the most Settlers; ${pl.ore} ore`;
    inner += `<g data-learn="${esc(pl.name)}" data-learn-text="${esc(about)}" aria-label="planet ${esc(pl.name)}">`;
    inner += `<circle cx="${x + pw / 2}" cy="${cy}" r="34" fill="#5d7d5a" stroke="#b9d7a8" stroke-width="2"/>`;
    inner += text(x + pw / 2, cy - 4, `${pl.number}`, `text-anchor="middle" font-size="22" font-weight="700" fill="#fff"`);
    inner += text(x + pw / 2, cy + 15, pl.name, `text-anchor="middle" font-size="11" fill="#fff"`) + "</g>";
    inner += text(x + 6, cy - 42, `${pl.vp} VP · terraform ${pl.terraforming} · ore ${pl.ore}`, `font-size="11.5" fill="#c9d3ee"`);
    if (pl.result) {
      const r = pl.result;
      const who = r.winner === null ? "nobody" : `${nameOf(r.winner)}`;
      inner += text(x + pw / 2, cy + 52, `${r.habitable ? "habitable" : "not habitable"}: ${who} +${r.vp}`, `text-anchor="middle" font-size="12" fill="#ffd166"`);
    }
    // side 0 grows upwards from the planet, side 1 downwards
    pl.players.forEach((p, side) => {
      const row = pl.rows[side];
      const color = ctx.colors[p];
      const labelY = side === 0 ? y + 16 : y + ph - 8;
      inner += `<circle cx="${x + 12}" cy="${labelY - 4}" r="6" fill="${color}"/>`;
      inner += text(x + 22, labelY, `${nameOf(p)}${p === view.you ? " (you)" : ""}: ${row.length} card${row.length === 1 ? "" : "s"}`, `font-size="12" fill="#fff"`);
      // the latest cards, and always the ones the choice you make now is about
      const pick = pickable(view, pl, p);
      const room = narrow ? 4 : 6;
      const revealed = (i) => view.loading || i < pl.revealed[side];
      const must = row.map((_, i) => i).filter((i) => revealed(i) && pick(row[i])).slice(0, room);
      const rest = row.map((_, i) => i).filter((i) => !must.includes(i));
      const shown = [...must, ...rest.slice(rest.length - (room - must.length))].sort((a, b) => a - b);
      shown.forEach((idx, k) => {
        const cw = pw - 24, ch = 20;
        const cyk = side === 0 ? cy - 66 - k * (ch + 3) - ch : cy + 66 + k * (ch + 3);
        inner += card(x + 12, cyk, cw, ch, row[idx], { dim: !revealed(idx), about: nameOf(p), pick: revealed(idx) && pick(row[idx]) });
      });
      if (row.length > shown.length) inner += text(x + pw - 10, side === 0 ? y + 16 : y + ph - 8, `+${row.length - shown.length}`, `text-anchor="end" font-size="11" fill="#c9d3ee"`);
    });
    const label = `planet ${pl.number} ${pl.name}${legal.has(action) ? ": play your top card here" : ""}`;
    svg += legal.has(action) ? clickable(inner, { action, label, learn: pl.name }) : `<g>${inner}</g>`;
  });

  // the stacks
  const me = view.players.find((p) => p.player === view.you);
  let x = 16;
  if (me) {
    svg += text(x, handY + 18, "Your stack", `font-size="16" font-weight="700" fill="#fff"`);
    svg += card(x, handY + 28, 120, 150, me.top, { about: "your top card" });
    svg += text(x + 130, handY + 46, `${me.stack} cards (${me.unseen} unseen)`, `font-size="14" fill="#fff"`);
    svg += text(x + 130, handY + 66, `score ${me.score}`, `font-size="14" fill="#ffd166"`);
    let bx = x + 130;
    for (const [act, label] of [["under", "Under (put it below)"], ["discard", "Discard"]]) {
      const inner = `<rect class="hit" x="${bx}" y="${handY + 84}" width="150" height="34" rx="6" fill="${legal.has(act) ? "#f0f0f0" : "#555"}" stroke="#999"/>`
        + text(bx + 75, handY + 106, label, `text-anchor="middle" font-size="13" fill="#111"`);
      svg += legal.has(act) ? clickable(inner, { action: act, label }) : inner;
      bx += 160;
    }
    if (me.known_bottom.length) svg += text(x + 130, handY + 140, `bottom: ${me.known_bottom.map((c) => LABEL[c] || c).join(", ")}`, `font-size="12" fill="#c9d3ee"`);
    x += 470;
  }
  let othersY = handY;
  if (narrow && me) { x = 16; othersY = handY + 190; }
  for (const p of view.players) {
    if (p.player === view.you) continue;
    svg += `<circle cx="${x + 8}" cy="${othersY + 13}" r="7" fill="${ctx.colors[p.player]}"/>`;
    // the name on its own line (names are longer than seat numbers), then the counts
    svg += text(x + 20, othersY + 18, nameOf(p.player), `font-size="14" fill="#fff"`);
    svg += text(x + 78, othersY + 50, `${p.stack} left`, `font-size="13" fill="#c9d3ee"`);
    svg += text(x + 78, othersY + 68, `score ${p.score}`, `font-size="13" fill="#c9d3ee"`);
    svg += card(x, othersY + 28, 70, 90, p.top, { about: `${nameOf(p.player)}'s top card` });
    x += 170;
    if (x > width - 170) break;
  }
  if (view.log?.length) {
    const lines = view.log.slice(-4).map(logLine);
    lines.forEach((l, k) => { svg += text(width - 16, handY + 140 + k * 16, l, `text-anchor="end" font-size="12" fill="#c9d3ee"`); });
  }
  svg += "</svg>";
  el.innerHTML = svg;
}
