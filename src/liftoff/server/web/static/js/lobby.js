// The lobby: create a table, join or watch one, find your tables again.
import { api, esc, saveSeat, seats, seatLabel, savedName, saveName } from "./common.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [], speeds: [] };

function game() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function renderPlayers() {
  const g = game();
  const sel = $("players");
  const keep = Number(sel.value) || Math.min(Math.max(g.min_players, 3), g.max_players);
  sel.innerHTML = "";
  for (let n = g.min_players; n <= g.max_players; n++) {
    sel.insertAdjacentHTML("beforeend", `<option value="${n}">${n}</option>`);
  }
  sel.value = String(Math.min(Math.max(keep, g.min_players), g.max_players));
  $("game-summary").textContent = g.summary || "";
  $("clock-box").hidden = g.realtime;
  renderSeats();
  renderOptions();
}

function seatChoice(i) {
  const g = game();
  const bots = catalogue.bots.map((b) => `<option value="bot:${esc(b)}">Bot: ${esc(b)}</option>`).join("");
  const speed = g.realtime
    ? `<select class="speed" aria-label="Seat ${i + 1} bot speed">${catalogue.speeds
        .map((s) => `<option ${s === "normal" ? "selected" : ""}>${esc(s)}</option>`).join("")}</select>`
    : "";
  if (i === 0) {
    return `<li><select class="kind" aria-label="Seat 1"><option value="you" selected>You</option>
      <option value="open">Open (a friend)</option>${bots}</select> ${speed}</li>`;
  }
  const defaultBot = catalogue.bots.includes("heuristic") ? "heuristic" : catalogue.bots[0];
  return `<li><select class="kind" aria-label="Seat ${i + 1}"><option value="open">Open (a friend)</option>
    ${bots.replace(`value="bot:${defaultBot}"`, `value="bot:${defaultBot}" selected`)}</select> ${speed}</li>`;
}

function renderSeats() {
  const n = Number($("players").value);
  $("seats").innerHTML = Array.from({ length: n }, (_, i) => seatChoice(i)).join("");
}

function renderOptions() {
  const g = game();
  $("options").innerHTML = g.options.map((o) => {
    const id = `opt-${o.name}`;
    let input;
    if (o.kind === "bool") {
      input = `<input type="checkbox" id="${id}" data-opt="${esc(o.name)}" data-kind="bool" ${o.default ? "checked" : ""}>`;
    } else if (o.choices) {
      input = `<select id="${id}" data-opt="${esc(o.name)}" data-kind="${o.kind}">${o.choices
        .map((c) => `<option ${c === o.default ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>`;
    } else {
      const type = o.kind === "str" ? "text" : "number";
      const step = o.kind === "float" ? ' step="any"' : "";
      input = `<input type="${type}"${step} id="${id}" data-opt="${esc(o.name)}" data-kind="${o.kind}" value="${esc(o.default)}">`;
    }
    return `<label for="${id}"><span>${esc(o.name)}<span class="doc">${esc(o.doc)}</span></span>${input}</label>`;
  }).join("") || "<p class='hint'>This game has no options.</p>";
}

function readOptions() {
  const out = {};
  for (const el of $("options").querySelectorAll("[data-opt]")) {
    const o = game().options.find((x) => x.name === el.dataset.opt);
    let v;
    if (el.dataset.kind === "bool") v = el.checked;
    else if (el.dataset.kind === "int") v = parseInt(el.value, 10);
    else if (el.dataset.kind === "float") v = parseFloat(el.value);
    else v = el.value;
    if (v !== o.default && !(typeof v === "number" && Number.isNaN(v))) out[o.name] = v;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  saveName(name);
  const seatsIn = [...$("seats").children].map((li) => {
    const kind = li.querySelector(".kind").value;
    if (kind.startsWith("bot:")) {
      return { type: "bot", bot: kind.slice(4), speed: li.querySelector(".speed")?.value || null };
    }
    return { type: kind };
  });
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: readOptions(),
    seats: seatsIn,
    name: name || null,
  };
  if ($("clock-on").checked && !game().realtime) {
    body.clock = {
      initial: Number($("clock-initial").value) * 60,
      increment: Number($("clock-increment").value),
    };
  }
  $("create-button").disabled = true;
  try {
    const res = await api("POST", "/api/tables", body);
    if (res.token) saveSeat(res.table.id, res.seat, res.token, res.table.game);
    location.href = `/t/${encodeURIComponent(res.table.id)}`;
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-button").disabled = false;
  }
}

function tableItem(t, mine) {
  const who = t.seats.map((s) => esc(seatLabel(s))).join(", ");
  const open = t.seats.filter((s) => s.kind === "open").length;
  const link = `/t/${encodeURIComponent(t.id)}`;
  let buttons = "";
  if (mine) buttons = `<a class="button" href="${link}">Play</a>`;
  else if (t.status === "over") buttons = `<a class="button" href="${link}/replay">Replay</a>`;
  else {
    if (open) buttons += `<button type="button" data-join="${esc(t.id)}">Join</button>`;
    buttons += ` <a class="button" href="${link}">Watch</a>`;
  }
  const tag = t.status === "open" ? `waiting for ${open}` : t.status;
  return `<li><span class="game">${esc(t.game)}</span><span class="tag ${esc(t.status)}">${esc(tag)}</span>
    <span class="who">${who}</span>${buttons}</li>`;
}

async function refresh() {
  const [live, over] = await Promise.all([api("GET", "/api/tables"), api("GET", "/api/tables?status=over")]);
  const mine = seats();
  const myTables = live.tables.filter((t) => mine[t.id]);
  $("mine-card").hidden = myTables.length === 0;
  $("mine").innerHTML = myTables.map((t) => tableItem(t, true)).join("");
  const others = live.tables.filter((t) => !mine[t.id]);
  $("open").innerHTML = others.map((t) => tableItem(t, false)).join("") || "<li class='hint'>No tables yet: create one.</li>";
  $("over").innerHTML = over.tables.slice(0, 15).map((t) => tableItem(t, false)).join("") || "<li class='hint'>None yet.</li>";
}

async function join(tableId) {
  const name = $("name").value.trim() || savedName();
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { name: name || null });
    const t = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    saveSeat(tableId, res.seat, res.token, t.game);
    location.href = `/t/${encodeURIComponent(tableId)}`;
  } catch (err) {
    alert(err.message);
    refresh();
  }
}

async function main() {
  catalogue = await api("GET", "/api/games");
  $("game").innerHTML = catalogue.games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
  $("name").value = savedName();
  $("game").addEventListener("change", renderPlayers);
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  document.addEventListener("click", (e) => {
    const id = e.target.closest("[data-join]")?.dataset.join;
    if (id) join(id);
  });
  renderPlayers();
  await refresh();
  setInterval(() => { if (!document.hidden) refresh().catch(() => {}); }, 4000);
}

main();
