// The replay viewer of a finished game: step through its actions, as any seat saw them.
import { api, esc, COLORS, seatName, dot } from "./common.js";
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
  const t = data.table;
  $("step").max = String(data.steps);
  $("step").value = String(data.step);
  $("step-label").textContent = `after ${data.step} of ${data.steps} actions`
    + ((data.lines || []).length ? ` — ${data.lines.join(" ")}` : "");
  if ($("seat").options.length === 1) {
    for (const s of t.seats) $("seat").insertAdjacentHTML("beforeend", `<option value="${s.seat}">${esc(seatName(s))}</option>`);
  }
  const ctx = {
    you: data.seat, legal: [], colors: COLORS, names: t.seats.map((s) => seatName(s)), selection: [], table: t,
    act() {}, select() {}, glossary,
  };
  if (board) board.render($("board"), data.view, ctx);
  const end = t.ending;
  $("result").innerHTML = end ? `<p><b>${esc(end.headline)}.</b></p><ul class="scores">${end.players.map((p) =>
    `<li>${dot(p.seat)} ${esc(p.name)}: <b>${esc(p.score)}</b> <span class="sources">${p.sources
      .map((x) => `${esc(x.label)} ${esc(x.points)}`).join(", ")}</span></li>`).join("")}</ul>` : "";
  const standIn = new Set(data.stand_in || []);
  $("replay-actions").innerHTML = data.actions.map(([p, text], i) => {
    // what the action did, told as the chosen seat saw it (the action's words without it)
    const [first, ...rest] = data.narrated?.[i]?.length ? data.narrated[i]
      : [`${seatName(t.seats[p], p)}: ${data.described?.[i] || text}`];
    const stood = standIn.has(i) ? ` (a bot played for ${esc(seatName(t.seats[p], p))})` : "";
    return `<li${i === data.step - 1 ? ' aria-current="step" style="background:#fff2c6"' : ""}><a href="#" data-step="${i + 1}" aria-label="Go to step ${i + 1}">${i + 1}.</a> ${dot(p)} ${esc(first)}${stood}${rest.map((x) => `<span class="ev">${esc(x)}</span>`).join("")}</li>`;
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
  const back = `<a href="/t/${encodeURIComponent(tableId)}">Back to the table</a>`;
  const why = status === "closed" ? "This table was closed before its game ended: there is no replay."
    : status === "open" ? "This game has not started yet: its replay opens when it ends."
      : "This game is still being played: its replay opens when it ends.";
  wait.innerHTML = err.body?.error === "in-play" ? `${why} ${back}` : esc(err.body?.words || err.message);
  $("board").textContent = "";
}

main().catch(notYet);
