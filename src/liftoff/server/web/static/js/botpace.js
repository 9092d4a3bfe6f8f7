// A turn-based table's bots' pace (server: tables/model.py TURN_PACES): how long each
// bot waits before every move, so people can follow it on the board. Anyone seated
// changes it for the whole table; a spectator reads it. Listens to table.js's
// "liftoff:state" events; touches nothing else on the page.
import { api, esc, num, seatFor, t } from "./common.js";

const root = document.getElementById("table");
const tableId = root?.dataset.table || "";
const row = document.getElementById("bot-pace-row");
const select = document.getElementById("bot-pace");
const said = document.getElementById("bot-pace-said");
let paces = {};
try { paces = JSON.parse(root?.dataset.botPaces || "{}"); } catch { paces = {}; }

select.innerHTML = Object.entries(paces).map(([p, seconds]) =>
  `<option value="${esc(p)}">${esc(t(`web.common.bot-pace.${p}`, { seconds: num(seconds) }))}</option>`).join("");

let state = null;
let busy = false;

function mine() {
  const held = seatFor(tableId);
  return held && state && state.you === held.seat ? held : null;
}

function render() {
  const table = state?.table;
  const pace = table?.bot_pace;
  const live = table && (table.status === "open" || table.status === "playing");
  row.hidden = !pace || !live;
  if (row.hidden) return;
  if (!busy) select.value = pace;
  select.disabled = busy || !mine();
}

select.addEventListener("change", async () => {
  const held = mine();
  if (!held) return;
  busy = true;
  said.textContent = "";
  render();
  try {
    await api("POST", `/api/tables/${encodeURIComponent(tableId)}/bot-pace`, { pace: select.value }, held.token);
  } catch (err) {
    said.textContent = t("web.table.bot-pace.error", { why: err.body?.words || err.message });
  }
  busy = false;
  render(); // the state frame that follows shows the table's pace
});

document.addEventListener("liftoff:state", (e) => {
  state = e.detail;
  render();
});
