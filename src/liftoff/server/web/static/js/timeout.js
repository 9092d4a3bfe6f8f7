// The time-out policy on the table page (server: tables/timeouts.py).
// When a person's clock runs out on their turn the game waits for them: they are
// told so; every other person seated at the table chooses to wait for them or to
// let a bot play for them; a person a bot plays for can take their seat back.
// Listens to table.js's "liftoff:state" events; acts through the REST routes with
// this browser's own seat token (common.js seatFor). Touches nothing else on the page.
import { api, esc, seatFor, seatName } from "./common.js";

const tableId = document.getElementById("table")?.dataset.table || "";
const box = document.createElement("div");
box.id = "timeout-box";
box.className = "timeout-box";
box.setAttribute("aria-live", "polite");
box.hidden = true;
document.getElementById("banner")?.after(box);

let state = null;
let error = "";

function mine() {
  const held = seatFor(tableId);
  return held && state && state.you === held.seat ? held : null;
}

// what this browser's person reads about their own seat
function ownPart(s) {
  if (s.stand_in) {
    return `<p>A bot is playing for you.</p>
      <button type="button" class="primary" data-reclaim>Take my seat back</button>`;
  }
  if (s.out_of_time) {
    return "<p>Your time ran out. You can still play your move; the others may let a bot play for you.</p>";
  }
  return "";
}

// what another seated person reads (and chooses) about seat s
function otherPart(s, you) {
  const name = esc(seatName(s));
  if (s.stand_in) return `<p>A bot is playing for ${name} until they take their seat back.</p>`;
  if (!s.out_of_time) return "";
  if (you === null) return `<p>${name}'s time ran out. The players decide whether to wait.</p>`;
  const bot = `<button type="button" data-timeout="${s.seat}" data-choice="bot">Let a bot play for ${name}</button>`;
  if ((s.waited_by || []).includes(you)) {
    return `<p>${name}'s time ran out. You are waiting for them.</p><div class="row">${bot}</div>`;
  }
  return `<p>${name}'s time ran out. What would you like to do?</p>
    <div class="row"><button type="button" data-timeout="${s.seat}" data-choice="wait">Wait for ${name}</button>${bot}</div>`;
}

function render() {
  const t = state?.table;
  if (!t || t.status !== "playing") { box.hidden = true; box.innerHTML = ""; return; }
  const held = mine();
  const you = held ? held.seat : null;
  const parts = t.seats.map((s) => (s.seat === you ? ownPart(s) : otherPart(s, you))).filter(Boolean);
  if (error) parts.push(`<p class="error" role="alert">${esc(error)}</p>`);
  box.hidden = parts.length === 0;
  box.innerHTML = parts.join("");
}

async function post(path, body) {
  const held = mine();
  if (!held) return;
  error = "";
  try {
    await api("POST", `/api/tables/${encodeURIComponent(tableId)}/${path}`, body, held.token);
  } catch (err) {
    error = err.body?.words || err.message;
  }
  render(); // the state frame that follows shows the outcome
}

box.addEventListener("click", (e) => {
  const choice = e.target.closest("[data-timeout]");
  if (choice) post("timeout", { seat: Number(choice.dataset.timeout), choice: choice.dataset.choice });
  if (e.target.closest("[data-reclaim]")) post("reclaim", { seat: mine()?.seat ?? null });
});

document.addEventListener("liftoff:state", (e) => {
  state = e.detail;
  render();
});
