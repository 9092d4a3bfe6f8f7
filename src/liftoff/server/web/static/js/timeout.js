// The time-out policy on the table page (server: tables/timeouts.py).
// When a person's clock runs out on their turn (without clocks: when they have been
// away on their turn longer than the grace period) the game waits for them: they are
// told so; every other person seated at the table chooses to wait for them or to
// let a bot play for them; a person a bot plays for can take their seat back.
// Listens to table.js's "liftoff:state" events; acts through the REST routes with
// this browser's own seat token (common.js seatFor). Touches nothing else on the page.
import { api, esc, seatFor, seatName, t } from "./common.js";

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
    return `<p>${esc(t("web.timeout.you.stand-in"))}</p>
      <button type="button" class="primary" data-reclaim>${esc(t("web.timeout.you.reclaim"))}</button>`;
  }
  if (s.out_of_time) {
    return `<p>${esc(t("web.timeout.you.out"))}</p>`;
  }
  return "";
}

// what another seated person reads (and chooses) about seat s
function otherPart(s, you) {
  const said = (code) => esc(t(code, { name: seatName(s) }));
  if (s.stand_in) return `<p>${said("web.timeout.other.stand-in")}</p>`;
  if (!s.out_of_time) return "";
  // without clocks (or in a race) a seat is absent when its person has been away
  // longer than the grace period, not when a clock ran out
  const why = state?.table?.clock ? "web.timeout.other" : "web.timeout.other.away";
  if (you === null) return `<p>${said(`${why}.out`)}</p>`;
  const bot = `<button type="button" data-timeout="${s.seat}" data-choice="bot">${said("web.timeout.bot")}</button>`;
  if ((s.waited_by || []).includes(you)) {
    return `<p>${said(`${why}.waiting`)}</p><div class="row">${bot}</div>`;
  }
  return `<p>${said(`${why}.ask`)}</p>
    <div class="row"><button type="button" data-timeout="${s.seat}" data-choice="wait">${said("web.timeout.wait")}</button>${bot}</div>`;
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
