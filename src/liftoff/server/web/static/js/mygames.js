// "My games": every table where this browser's person holds a seat, the ones where
// it is their turn first, with the time left to whoever moves. The list reads
// /api/my-games again every few seconds while the page is shown (as the lobby does)
// and at once when the page is shown again.
import { api, esc, fmtClock, t, tn } from "./common.js";

const $ = (id) => document.getElementById(id);
const EVERY = 5000; // ms between two looks while the page is shown

// names one after another ("Ann, Bo"; 「Ann、Bo」)
const NAMES = new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction", style: "narrow" });

function where(g) {
  if (g.kept) return t("web.mygames.kept");
  if (g.status === "open") return t("web.mygames.waiting-seats");
  if (g.out_of_time) return t("web.mygames.out-of-time");
  if (g.your_turn) return t("web.mygames.your-turn");
  return g.waiting_for.length ? t("web.mygames.waiting", { names: NAMES.format(g.waiting_for) }) : "";
}

function item(g) {
  const heading = g.name ? `${g.title} — ${g.name}` : g.title;
  const others = g.others.length ? t("web.mygames.with", { names: NAMES.format(g.others) }) : t("web.mygames.alone");
  const left = g.time_left === null || g.status !== "playing" ? "" : `<span class="left">${esc(fmtClock(g.time_left))}</span>`;
  const tags = [
    g.days ? `<span class="tag days">${esc(tn("web.lobby.days-a-move", g.days))}</span>` : "",
    g.rated ? `<span class="tag rated">${esc(t("web.mygames.rated"))}</span>` : "",
  ].join(" ");
  const cls = g.your_turn ? "my-game turn" : "my-game";
  // a seat the account plays on another device: this one watches until it asks to play
  const elsewhere = g.here === false && g.status !== "open"
    ? `<div class="elsewhere"><p>${esc(t("web.mygames.elsewhere"))}</p>`
      + `<button type="button" class="play-here" data-table="${esc(g.table)}"`
      + ` title="${esc(t("web.mygames.play-here.about"))}">${esc(t("web.mygames.play-here"))}</button>`
      + `<span class="hint">${esc(t("web.mygames.play-here.about"))}</span></div>`
    : "";
  return `<li class="${cls}"><a href="/t/${encodeURIComponent(g.table)}">`
    + `<span class="what">${esc(heading)}</span>`
    + `<span class="state"><strong>${esc(where(g))}</strong> ${left}</span>`
    + `<span class="who">${esc(others)}</span>`
    + (tags.trim() ? `<span class="tags">${tags}</span>` : "")
    + `</a>${elsewhere}</li>`;
}

// "Play here": the seat moves to this device (a new seat link), the other one watches
$("games").addEventListener("click", async (e) => {
  const button = e.target.closest("button.play-here");
  if (!button) return;
  const table = button.dataset.table;
  try {
    const got = await api("POST", `/api/tables/${encodeURIComponent(table)}/play-here`);
    location.href = `/t/${encodeURIComponent(table)}#seat=${encodeURIComponent(got.token)}`;
  } catch (err) {
    $("failed").textContent = err.body?.words || t("web.mygames.play-here.failed");
    $("failed").hidden = false;
  }
});

let shown = "";

async function look() {
  let data;
  try {
    data = await api("GET", "/api/my-games");
  } catch {
    $("failed").hidden = false;
    return;
  }
  $("failed").hidden = true;
  const html = data.games.map(item).join("");
  if (html !== shown) {  // (unchanged: the page stays as it is for screen readers)
    $("games").innerHTML = html;
    shown = html;
  }
  $("none").hidden = data.games.length > 0;
  const turns = data.games.filter((g) => g.your_turn).length;
  const said = turns ? tn("web.mygames.count", turns) : (data.games.length ? t("web.mygames.count.none") : "");
  if ($("turns").textContent !== said) $("turns").textContent = said;
}

// signing in by a mailed link (when the server sends mail)
async function account() {
  const found = await api("GET", "/api/account");
  $("account").hidden = !found.mail;
  $("signed-in").hidden = !found.account;
  $("signed-out").hidden = Boolean(found.account);
  if (found.account) {
    $("who").textContent = t("web.mygames.account.in", { email: found.account.email });
    $("turn-mails").checked = Boolean(found.account.turn_mails);
  }
}

$("turn-mails").addEventListener("change", async (e) => {
  try {
    await api("POST", "/api/account/mails", { turn_mails: e.target.checked });
  } catch (err) {
    $("account-said").textContent = err.body?.words || "";
  }
  await account();
});

$("delete-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await api("POST", "/api/account/delete", { email: $("delete-email").value.trim() });
    $("delete").open = false;
    $("account-said").textContent = t("web.mygames.account.deleted");
  } catch (err) {
    $("account-said").textContent = err.body?.words || "";
  }
  await account();
  await look();
});

$("sign-in").addEventListener("submit", async (e) => {
  e.preventDefault();
  const email = $("email").value.trim();
  try {
    await api("POST", "/api/sign-in", { email });
    $("account-said").textContent = t("web.mygames.account.sent", { email });
  } catch (err) {
    $("account-said").textContent = err.status === 401 ? t("web.mygames.account.needs-seat") : (err.body?.words || "");
  }
});

$("sign-out").addEventListener("click", async () => {
  await api("POST", "/api/sign-out");
  $("account-said").textContent = "";
  await account();
  await look();
});

account().catch(() => {});
look();
setInterval(() => { if (!document.hidden) look(); }, EVERY);
document.addEventListener("visibilitychange", () => { if (!document.hidden) look(); });
