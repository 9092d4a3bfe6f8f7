// Pieces that move between two drawings of the board glide from their old place
// to the new one (FLIP: first, last, invert, play), and new pieces fade in.
//
// The boards mark their moving pieces:
// - data-key: the same piece in every drawing ("moon", "card:M1-03", "row:2:0:4");
// - data-kind + data-count: a stack of like pieces at a place (a player's Aliens on
//   an Exit): when one kind's stacks shrink somewhere and grow elsewhere, the stack
//   that grew comes from the one that shrank;
// - data-from: where a new piece comes from (the key of another piece: a card
//   placed from a player's stack).
// Nothing waits for an animation: the pieces are at their new places in the page
// (clicks reach them) and only look as if they were still on their way. Nothing
// moves when the person asks for less motion (the system's reduce-motion setting),
// nor in a hidden tab.

const GLIDE = 320;  // ms
const FADE = 260;   // ms
const EASE = "cubic-bezier(.2,.7,.3,1)";

let first = null; // key -> {x, y, count, kind} of the drawing before (null: none)

/** Whether pieces may move now. */
export function allowed() {
  const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return !reduce && !document.hidden;
}

function pieces(root) {
  const seen = new Map(); // a key drawn twice (two like cards) names each copy in turn
  const out = new Map();
  for (const el of root.querySelectorAll("[data-key]")) {
    const base = el.dataset.key;
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    out.set(n ? `${base}#${n}` : base, el);
  }
  return out;
}

function place(el) {
  const r = el.getBoundingClientRect();
  return {
    x: r.left + r.width / 2, y: r.top + r.height / 2,
    kind: el.dataset.kind || "", count: Number(el.dataset.count || 1),
  };
}

/** Before the board is drawn again: where its pieces are now (as they are seen). */
export function before(root) {
  first = null;
  if (!root || !allowed()) return;
  first = new Map();
  for (const [key, el] of pieces(root)) first.set(key, place(el));
  // a piece still on its way is where its flying copy is
  for (const copy of root.querySelectorAll("[data-glide]")) {
    const was = first.get(copy.dataset.glide);
    if (was) first.set(copy.dataset.glide, { ...place(copy), kind: was.kind, count: was.count });
  }
}

// a screen distance in the element's own units (an SVG drawing is scaled to fit)
function scale(el) {
  const svg = el.ownerSVGElement;
  const m = svg?.getScreenCTM?.();
  return m && m.a ? [m.a, m.d || m.a] : [1, 1];
}

// An SVG piece flies as a copy drawn over everything (a drawing has no z-index: the
// piece itself would pass under the places drawn after its own); the piece waits
// unseen at its place meanwhile, where clicks reach it.
function flyer(el) {
  const copy = el.cloneNode(true);
  for (const a of ["data-key", "data-kind", "data-count", "data-from", "data-tokens", "data-action", "data-learn", "tabindex", "role", "aria-label", "class", "id"]) {
    copy.removeAttribute(a);
    for (const inner of copy.querySelectorAll(`[${a}]`)) inner.removeAttribute(a);
  }
  copy.setAttribute("aria-hidden", "true");
  copy.setAttribute("pointer-events", "none");
  copy.dataset.glide = el.dataset.key;
  el.ownerSVGElement.appendChild(copy);
  el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: GLIDE });
  return copy;
}

function glide(el, from, to) {
  const [sx, sy] = scale(el);
  const dx = (from.x - to.x) / sx, dy = (from.y - to.y) / sy;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
  const mover = el.ownerSVGElement ? flyer(el) : el;
  const anim = mover.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: GLIDE, easing: EASE },
  );
  if (mover !== el) {
    const done = () => mover.remove();
    anim.onfinish = done;
    anim.oncancel = done;
  }
}

function fade(el) {
  el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE, easing: "ease-out" });
}

// stacks of one kind that shrank (the places pieces left) and grew (where they went)
function stackMoves(old, now) {
  const left = new Map(); // kind -> [place, place…], one per piece gone
  for (const [key, was] of old) {
    if (!was.kind) continue;
    const is = now.get(key);
    const gone = was.count - (is && is.kind === was.kind ? is.count : 0);
    for (let k = 0; k < gone; k++) (left.get(was.kind) || left.set(was.kind, []).get(was.kind)).push(was);
  }
  return left;
}

/** After the board was drawn: the moved pieces glide, the new ones fade in. */
export function after(root) {
  const old = first;
  first = null;
  if (!root || !old || !old.size || !allowed()) return;
  const els = pieces(root);
  const now = new Map([...els].map(([key, el]) => [key, place(el)]));
  const left = stackMoves(old, now);
  for (const [key, el] of els) {
    const to = now.get(key);
    const was = old.get(key);
    if (to.kind) {
      const grew = to.count - (was && was.kind === to.kind ? was.count : 0);
      const from = grew > 0 ? left.get(to.kind)?.shift() : null;
      if (from) { glide(el, from, to); continue; }
    }
    if (was) glide(el, was, to);
    else if (el.dataset.from && old.has(el.dataset.from)) glide(el, old.get(el.dataset.from), to);
    else fade(el);
  }
}

// -- the last move's pieces ------------------------------------------------------------
// Every piece the last move changed (moved, more or fewer in a stack, or new) stays
// marked ("last-move") until the next move, through every drawing in between — with
// or without motion, so whoever looks away for a moment still sees what happened.
let shown = null;        // key -> "x,y,count" of the latest drawing (board-relative)
let shownVersion = null; // the game version it showed
let lastMoved = new Set();

function signatures(root) {
  const box = root.getBoundingClientRect();
  const out = new Map();
  for (const [key, el] of pieces(root)) {
    const r = el.getBoundingClientRect();
    const x = Math.round((r.left + r.width / 2 - box.left) / 4), y = Math.round((r.top + r.height / 2 - box.top) / 4);
    out.set(key, `${x},${y},${el.dataset.count || 1}`);
  }
  return out;
}

/** After the board was drawn for game ``version``: mark the pieces its last move changed. */
export function markLastMove(root, version) {
  if (!root) return;
  const now = signatures(root);
  if (shown !== null && version !== shownVersion) {
    lastMoved = new Set([...now].filter(([key, sig]) => shown.get(key) !== sig).map(([key]) => key));
  }
  if (version !== shownVersion || shown === null) shownVersion = version;
  shown = now;
  for (const [key, el] of pieces(root)) el.classList.toggle("last-move", lastMoved.has(key));
}
