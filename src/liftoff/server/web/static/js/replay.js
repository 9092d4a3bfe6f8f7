// The replay viewer of a finished game: step through its actions, as any seat saw them.
import { api, esc, COLORS, seatName, dot, t, tn, num, LANG } from "./common.js";
import { learnCards } from "./learn.js";

const $ = (id) => document.getElementById(id);
const root = $("replay");
const tableId = root.dataset.table;
const gameName = root.dataset.game;
let board = null;
let data = null;
let pending = null;
let target = 0; // the step asked for last (ahead of the data while it loads)
let glossary = {}; // content name → public text, for the card texts on the board

// names one after another ("A 3, B 2"), not a sentence
const NAMES = new Intl.ListFormat(LANG, { type: "conjunction", style: "narrow" });

async function load(step) {
  const seat = $("seat").value;
  const q = new URLSearchParams({ step: String(step) });
  if (seat !== "") q.set("seat", seat);
  pending = step;
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/replay?${q}`);
  if (pending !== step) return;
  data = res;
  render();
}

function render() {
  const tb = data.table;
  $("step").max = String(data.steps);
  $("step").value = String(data.step);
  const position = tn("web.replay.position", data.steps, { step: num(data.step) });
  $("step-label").textContent = position + ((data.lines || []).length ? ` — ${data.lines.join(" ")}` : "");
  if ($("seat").options.length === 1) {
    for (const s of tb.seats) $("seat").insertAdjacentHTML("beforeend", `<option value="${s.seat}">${esc(seatName(s))}</option>`);
  }
  const ctx = {
    you: data.seat, legal: [], colors: COLORS, names: tb.seats.map((s) => seatName(s)), selection: [], table: tb,
    act() {}, select() {}, glossary,
  };
  if (board) board.render($("board"), data.view, ctx);
  const end = tb.ending;
  $("result").innerHTML = end ? `<p><b>${esc(t("web.replay.headline", { headline: end.headline }))}</b></p><ul class="scores">${end.players.map((p) =>
    `<li>${dot(p.seat)} ${esc(t("web.replay.score-of", { name: p.name }))} <b>${esc(num(p.score))}</b> <span class="sources">${esc(NAMES.format(p.sources
      .map((x) => t("web.table.end.source", { label: x.label, points: num(x.points) }))))}</span></li>`).join("")}</ul>` : "";
  const standIn = new Set(data.stand_in || []);
  $("replay-actions").innerHTML = data.actions.map(([p, text], i) => {
    // what the action did, told as the chosen seat saw it (the action's words without it)
    const [first, ...rest] = data.narrated?.[i]?.length ? data.narrated[i]
      : [t("web.replay.did", { name: seatName(tb.seats[p], p), action: data.described?.[i] || text })];
    const stood = standIn.has(i) ? ` ${esc(t("web.replay.stand-in", { name: seatName(tb.seats[p], p) }))}` : "";
    return `<li${i === data.step - 1 ? ' aria-current="step" style="background:#fff2c6"' : ""}><a href="#" data-step="${i + 1}" aria-label="${esc(t("web.replay.go-to", { n: num(i + 1) }))}">${esc(num(i + 1))}.</a> ${dot(p)} ${esc(first)}${stood}${rest.map((x) => `<span class="ev">${esc(x)}</span>`).join("")}</li>`;
  }).join("");
  const cur = $("replay-actions").querySelector("[aria-current]");
  cur?.scrollIntoView({ block: "nearest" });
}

function go(step) {
  if (!data) return;
  target = Math.max(0, Math.min(data.steps, step));
  load(target);
}

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(target - 1));
$("next").addEventListener("click", () => go(target + 1));
$("last").addEventListener("click", () => go(data.steps));
$("step").addEventListener("input", () => go(Number($("step").value)));
$("seat").addEventListener("change", () => go(target));
$("replay-actions").addEventListener("click", (e) => {
  const a = e.target.closest("[data-step]");
  if (a) { e.preventDefault(); go(Number(a.dataset.step)); }
});
document.addEventListener("keydown", (e) => {
  if (/INPUT|SELECT/.test(document.activeElement?.tagName || "") && document.activeElement.id !== "step") return;
  if (e.key === "ArrowLeft") { e.preventDefault(); go(target - 1); }
  if (e.key === "ArrowRight") { e.preventDefault(); go(target + 1); }
  if (e.key === "Home") go(0);
  if (e.key === "End") go(data.steps);
});

async function main() {
  const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  if (table.status !== "over") { notYet({ body: { error: "in-play" } }, table.status); return; }
  try { board = await import(`./games/${gameName}.js`); } catch { board = null; }
  try {
    glossary = (await api("GET", `/api/games/${gameName}/glossary`)).glossary || {};
  } catch {
    glossary = {}; // names are a help, not a need: the board still works with ids
  }
  learnCards($("board"), () => glossary); // card texts on hover, focus and tap, as at the table
  await load(0);
}

// a game still in play has no replay yet: say so, and lead back to the table
function notYet(err, status = "playing") {
  const wait = $("replay-wait");
  wait.hidden = false;
  const back = `<a href="/t/${encodeURIComponent(tableId)}">${esc(t("web.replay.back"))}</a>`;
  const why = t(status === "closed" ? "web.replay.closed" : status === "open" ? "web.replay.not-started" : "web.replay.in-play");
  wait.innerHTML = err.body?.error === "in-play" ? `${esc(why)} ${back}` : esc(err.body?.words || err.message);
  $("board").textContent = "";
}

main().catch(notYet);
