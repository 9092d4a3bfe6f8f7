// Small SVG helpers shared by the boards, and two for their words.
import { esc, t, tn, LANG } from "./common.js";

// A word with HTML in its fields ({value: "<b>3</b>", already escaped): the word's
// own text is escaped, the fields go in as they are; ``count`` chooses a number's form.
export function markup(code, fields = {}, count = undefined) {
  const keys = Object.keys(fields);
  const holes = Object.fromEntries(keys.map((k, i) => [k, `\u0001${i}\u0002`]));
  const said = count === undefined ? t(code, holes) : tn(code, count, holes);
  return esc(said).replace(/\u0001(\d+)\u0002/g, (m, i) => String(fields[keys[Number(i)]]));
}

// Names side by side, as the page's language lists them without "and" ("A, B", 「A、B」).
const COMMAS = new Intl.ListFormat(LANG, { style: "narrow", type: "conjunction" });
export function commas(items) {
  return COMMAS.format(items.map(String));
}

export function polar(cx, cy, r, deg) {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

export function sector(cx, cy, r1, r2, a1, a2) {
  const [x1, y1] = polar(cx, cy, r2, a1);
  const [x2, y2] = polar(cx, cy, r2, a2);
  const [x3, y3] = polar(cx, cy, r1, a2);
  const [x4, y4] = polar(cx, cy, r1, a1);
  const large = a2 - a1 > 180 ? 1 : 0;
  return `M${x1.toFixed(1)},${y1.toFixed(1)} A${r2},${r2} 0 ${large} 1 ${x2.toFixed(1)},${y2.toFixed(1)} `
    + `L${x3.toFixed(1)},${y3.toFixed(1)} A${r1},${r1} 0 ${large} 0 ${x4.toFixed(1)},${y4.toFixed(1)} Z`;
}

// What is drawn over a piece without being part of it: the texts its name does not
// say (a button's visible words are its accessible name, or a part of it: WCAG 2.5.3).
// Clicks and taps pass through to the piece beneath.
export function over(inner) {
  return inner ? `<g class="over" pointer-events="none">${inner}</g>` : "";
}

export function text(x, y, s, attrs = "") {
  return `<text x="${x.toFixed ? x.toFixed(1) : x}" y="${y.toFixed ? y.toFixed(1) : y}" ${attrs}>${esc(s)}</text>`;
}

// A focusable, clickable group: data-tokens for board selection, or data-action to act at once;
// ``learn``: the glossary id whose text it shows (learn.js), or ``learnText`` its own; ``key``: the piece it is,
// the same in every drawing (motion.js moves it from its old place).
// ``above``: what is drawn over it, not part of its name (``over``).
export function clickable(inner, { tokens, action, label, learn, learnText, key, above = "" }) {
  const data = action ? `data-action="${esc(action)}"` : `data-tokens="${esc(tokens)}"`;
  let about = learn ? ` data-learn="${esc(learn)}"` : "";
  if (learnText) about += ` data-learn-text="${esc(learnText)}"`; // a text of its own (no glossary entry)
  // (it takes clicks also when drawn inside another piece's ``over``)
  return `<g class="clickable" ${data}${about}${keyed(key)} pointer-events="visiblePainted" tabindex="0" role="button" aria-label="${esc(label)}">${inner}</g>${over(above)}`;
}

/**
 * The attributes of a moving piece (motion.js): ``key`` names it in every drawing;
 * ``kind`` and ``count`` make it a stack of like pieces; ``from``: the key of the
 * piece it comes from when it is new.
 */
export function keyed(key, { kind, count, from } = {}) {
  if (!key) return "";
  let out = ` data-key="${esc(key)}"`;
  if (kind) out += ` data-kind="${esc(kind)}" data-count="${Number(count) || 1}"`;
  if (from) out += ` data-from="${esc(from)}"`;
  return out;
}
