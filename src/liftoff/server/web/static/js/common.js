// Shared helpers: the REST API, seat tokens kept in this browser, escaping, words.

// The page's language and its words (web.* messages, put in the page by the
// server in the reader's language; English where a word has no translation).
export const LANG = document.documentElement.lang || "en";
const WORDS = (() => {
  try { return JSON.parse(document.getElementById("words")?.textContent || "{}"); } catch { return {}; }
})();

// A word of the page with its {fields} filled: t("web.table.turn", {name: "Ann"}).
export function t(code, params = {}) {
  const template = WORDS[code];
  if (template === undefined) return code;
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// A word that depends on a number: the ids `code.one` and `code.other`, chosen by
// the language's plural rule (Intl.PluralRules); {count} is the number.
const PLURALS = new Intl.PluralRules(LANG);
export function tn(code, count, params = {}) {
  const form = `${code}.${PLURALS.select(count)}`;
  return t(form in WORDS ? form : `${code}.other`, { ...params, count });
}

// A number as the page's language writes it.
export function num(value) {
  return new Intl.NumberFormat(LANG).format(value);
}

// A list of names as the page's language joins them ("Ann, Bo and Cy", 「Ann、Bo、Cy」).
export function list(items) {
  // English without the serial comma ("Ann, Bo and Cy"), as the server writes lists
  return new Intl.ListFormat(LANG === "en" ? "en-GB" : LANG, { style: "long", type: "conjunction" }).format(items);
}

// player colours: white numbers on them read at 4.5:1 or more (WCAG AA)
export const COLORS = ["#c8374a", "#2e6fd8", "#1e7b46", "#a86400", "#7e4cc4", "#555"];
export const COLOR_NAMES = ["red", "blue", "green", "amber", "purple", "grey"];

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(method, path, body, token) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  // the server answers in the page's language (names of bots, refusals), whatever
  // the browser's own settings say
  const url = new URL(path, location.origin);
  if (!url.searchParams.has("lang")) url.searchParams.set("lang", LANG);
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// Seat tokens live in localStorage, one per table: {seat, token, game, at}.
const KEY = "liftoff.seats";

export function seats() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function seatFor(tableId) {
  return seats()[tableId] || null;
}

export function saveSeat(tableId, seat, token, game) {
  const all = seats();
  all[tableId] = { seat, token, game, at: Date.now() };
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const id of ids.slice(100)) delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function forgetSeat(tableId) {
  const all = seats();
  delete all[tableId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function savedName() {
  return localStorage.getItem("liftoff.name") || "";
}

export function saveName(name) {
  if (name) localStorage.setItem("liftoff.name", name);
}

// A seat as people read it: the name the server gives it ("Ann", "Medium bot",
// "Player 2"), never a seat id; an open seat says so.
export function seatLabel(s) {
  if (!s) return "";
  const player = t("web.common.player", { n: s.seat + 1 });
  if (s.kind === "open") return `${s.name || player} (${t(s.zombie ? "web.common.open-seat.zombie" : "web.common.open-seat")})`;
  const name = s.name || (s.kind === "bot" ? t("web.common.bot", { level: botKind(String(s.bot || "").split(":")[0]) }) : player);
  return s.kind === "bot" && s.speed ? `${name} (${t(`web.common.speed.${s.speed}`)})` : name;
}

// The name alone ("Ann", "Medium bot", "Player 2").
export function seatName(s, p) {
  return s?.name || t("web.common.player", { n: (s?.seat ?? p) + 1 });
}

// The seat's colour dot (with its colour's name for screen readers).
export function dot(p) {
  return `<span class="dot" style="background:${COLORS[p] || "#555"}" title="${esc(t(`web.common.color.${p}`))}"></span>`;
}

// a bot's level or kind in the page's language ("Medium", "Random")
export function botKind(text) {
  const said = t(`web.server.level.${text}`);
  if (said !== `web.server.level.${text}`) return said;
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// a clock stops at zero (a player out of time: see timeout.js)
// A clock as people read it: "3 days left" or "5 hours left" for a clock of days
// (whole days or hours, rounded down), minutes and seconds below two hours.
export function fmtClock(ms) {
  const DAY = 86400000, HOUR = 3600000;
  if (ms >= DAY) return tn("web.common.days-left", Math.floor(ms / DAY), {});
  if (ms >= 2 * HOUR) return tn("web.common.hours-left", Math.floor(ms / HOUR), {});
  const t = Math.floor(Math.max(0, ms) / 1000);
  const m = Math.floor(t / 60), s = t % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
