// The lobby: create a table, join or watch one, find your tables again.
import { api, botKind, esc, fmtClock, saveSeat, seats, seatLabel, savedName, saveName, t, tn, num, list, LANG } from "./common.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [], speeds: [], levels: [] };

// a word of this page, or ``other`` where the page has no such word
function word(code, other, params = {}) {
  const said = t(code, params);
  return said === code ? other : said;
}

// names one after another ("Ann, Bo, Cy"; 「Ann、Bo、Cy」), not a sentence
const NAMES = new Intl.ListFormat(LANG, { type: "conjunction", style: "narrow" });
const names = (items) => NAMES.format(items);

function game() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function renderPlayers() {
  const g = game();
  const sel = $("players");
  const keep = Number(sel.value) || Math.min(Math.max(g.min_players, 3), g.max_players);
  sel.innerHTML = "";
  for (let n = g.min_players; n <= g.max_players; n++) {
    sel.insertAdjacentHTML("beforeend", `<option value="${n}">${esc(num(n))}</option>`);
  }
  sel.value = String(Math.min(Math.max(keep, g.min_players), g.max_players));
  $("game-summary").textContent = g.summary || "";
  $("clock-box").hidden = g.realtime;
  $("hints-box").hidden = g.realtime;  // a real-time game has no hints
  $("race-pace-box").hidden = !g.realtime;
  renderRacePace();
  renderSeats();
  renderOptions();
}

// the clock choices in one line each (the server's presets: tables/clocks.py)
function renderClock() {
  const choice = $("clock-preset").value;
  $("clock-doc").textContent = word(`web.lobby.clock.${choice || "none"}.doc`, "");
  $("clock-custom").hidden = choice !== "custom";
}

// a race's pace in words: how long each revealed card stays, the pause before a round
function renderRacePace() {
  $("race-pace-doc").textContent = t("web.lobby.race.doc", {
    reveal: num(Number($("race-reveal").value)),
    pause: num(Number($("race-pause").value)),
  });
}

function botChoices(selected) {
  const levels = catalogue.levels || [];
  const named = new Set(levels.map((l) => l.name));
  const level = levels.map((l) => `<option value="bot:${esc(l.name)}" ${l.name === selected ? "selected" : ""}
    title="${esc(l.doc)}">${esc(l.label)} — ${esc(l.doc)}</option>`).join("");
  const other = catalogue.bots.filter((b) => !named.has(b))
    .map((b) => `<option value="bot:${esc(b)}">${esc(t("web.common.bot", { level: botKind(b) }))}</option>`).join("");
  return `<optgroup label="${esc(t("web.lobby.bots.levels"))}">${level}</optgroup>${other ? `<optgroup label="${esc(t("web.lobby.bots.other"))}">${other}</optgroup>` : ""}`;
}

function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// a bot's speed: its own word, else the speed's name
function speedName(s) {
  return word(`web.lobby.speed.${s}`, t("web.lobby.speed.other", { speed: cap(s) }));
}

// a turn-based table's bots' paces, said with their seconds ("Slow: 2 s before each bot move")
function renderBotPaces() {
  const paces = catalogue.bot_paces || {};
  $("bot-pace").innerHTML = Object.entries(paces).map(([p, seconds]) =>
    `<option value="${esc(p)}" ${p === "normal" ? "selected" : ""}>${esc(t(`web.common.bot-pace.${p}`, { seconds: num(seconds) }))}</option>`).join("");
}

// a speed said with its pace: "Slow speed: about one card every 2 s"
function speedPace(s) {
  const seconds = (catalogue.speed_seconds || {})[s];
  if (seconds === undefined) return speedName(s);
  if (seconds === 0) return t("web.lobby.speed.instant.pace", { speed: speedName(s) });
  return t("web.lobby.speed.pace", { speed: speedName(s), seconds: num(seconds) });
}

function seatChoice(i) {
  const g = game();
  const speed = g.realtime
    ? `<select class="speed" aria-label="${esc(t("web.lobby.seat.speed", { n: num(i + 1) }))}">${catalogue.speeds
        .map((s) => `<option value="${esc(s)}" ${s === "normal" ? "selected" : ""}>${esc(speedPace(s))}</option>`).join("")}</select>`
    : "";
  const fallback = (catalogue.levels || []).find((l) => l.default)?.name || catalogue.bots[0];
  const first = i === 0 ? `<option value="you" selected>${esc(t("web.lobby.seat.you"))}</option>` : "";
  return `<li><select class="kind" aria-label="${esc(t("web.lobby.seat", { n: num(i + 1) }))}">${first}<option value="open">${esc(t("web.lobby.seat.open"))}</option>
    ${botChoices(i === 0 ? "" : fallback)}</select> ${speed}<span class="doc seat-doc"></span></li>`;
}

// the chosen bot level's one line, under its seat
function seatDoc(li) {
  const kind = li.querySelector(".kind").value;
  const level = (catalogue.levels || []).find((l) => `bot:${l.name}` === kind);
  li.querySelector(".seat-doc").textContent = level ? level.doc : "";
  const speed = li.querySelector(".speed");
  if (speed) speed.hidden = !kind.startsWith("bot:");
}

function renderSeats() {
  const n = Number($("players").value);
  $("seats").innerHTML = Array.from({ length: n }, (_, i) => seatChoice(i)).join("");
  for (const li of $("seats").children) seatDoc(li);
  renderHints();
}

// hints: on by default when one person plays with bots, off when people share the
// table (everyone sees the setting at the table); a choice made here is kept
let hintsChosen = false;
function renderHints() {
  const kinds = [...$("seats").children].map((li) => li.querySelector(".kind").value);
  const people = kinds.filter((k) => k === "you" || k === "open").length;
  if (!hintsChosen) $("hints").checked = people <= 1;
  // a turn-based table's bots' pace: asked where a bot sits
  $("bot-pace-box").hidden = game().realtime || !kinds.some((k) => k.startsWith("bot:"));
  // at a real-time table where people sit, bots follow the slowest person
  const paceDoc = $("pace-doc");
  paceDoc.hidden = !(game().realtime && people > 0 && catalogue.people_pace);
  paceDoc.textContent = paceDoc.hidden ? "" : t("web.lobby.speed.people", { seconds: num(catalogue.people_pace) });
  $("hints-doc").textContent = t($("hints").checked ? "web.lobby.hints.on" : "web.lobby.hints.off");
}

function optionRow(o) {
  const id = `opt-${o.name}`;
  const data = `id="${id}" data-opt="${esc(o.name)}" data-kind="${esc(o.kind)}"`;
  let input;
  if (o.kind === "bool") {
    input = `<input type="checkbox" ${data} ${o.default ? "checked" : ""}>`;
  } else if (o.choices) {
    // a content option names what the operator installed ("default" is the shipped one)
    input = `<select ${data}>${o.choices.map((c) => `<option value="${esc(c)}" ${c === o.default ? "selected" : ""}>${esc(o.content && c === o.default ? t("web.lobby.option.shipped", { choice: c }) : c)}</option>`).join("")}</select>`;
  } else {
    const step = o.kind === "float" ? ' step="any"' : "";
    const lo = o.minimum !== null ? ` min="${o.minimum}"` : "", hi = o.maximum !== null ? ` max="${o.maximum}"` : "";
    input = `<input type="number"${step}${lo}${hi} ${data} value="${esc(o.default)}">`;
  }
  return `<label for="${id}"><span>${esc(o.label)}<span class="doc">${esc(o.doc)}</span></span>${input}</label>`;
}

function renderOptions() {
  const g = game();
  const plain = g.options.filter((o) => !o.advanced).map(optionRow).join("");
  const advanced = g.options.filter((o) => o.advanced).map(optionRow).join("");
  $("options").innerHTML = (plain || (advanced ? "" : `<p class='hint'>${esc(t("web.lobby.options.none"))}</p>`))
    + (advanced ? `<details class="advanced" id="advanced"><summary>${esc(t("web.lobby.options.advanced"))}</summary>${advanced}</details>` : "");
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
      const speed = game().realtime ? li.querySelector(".speed")?.value : $("bot-pace").value;
      return { type: "bot", bot: kind.slice(4), speed: speed || null };
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
  if (!game().realtime) body.hints = $("hints").checked;
  if ($("rated").checked) body.rated = true;
  const title = $("title").value.trim();
  if (title) body.title = title;
  if (game().realtime) {
    body.race = { reveal_pace: Number($("race-reveal").value), round_pause: Number($("race-pause").value) };
  }
  const clock = $("clock-preset").value;
  if (clock && !game().realtime) {
    body.clock = clock === "custom"
      ? { initial: Number($("clock-initial").value) * 60, increment: Number($("clock-increment").value) }
      : { preset: clock };
  }
  $("create-button").disabled = true;
  try {
    const res = await api("POST", "/api/tables", body);
    if (res.token) saveSeat(res.table.id, res.seat, res.token, res.table.game);
    const link = `/t/${encodeURIComponent(res.table.id)}`;
    if (!(res.warnings || []).length) { location.href = link; return; }
    // doubtful but allowed settings: say so before the game starts
    $("create-warnings").hidden = false;
    $("create-warnings").innerHTML = `<p>${esc(t("web.lobby.warnings"))}</p><ul>${res.warnings
      .map((w) => `<li>${esc(w)}</li>`).join("")}</ul><a class="button primary" id="go-table" href="${link}">${esc(t("web.lobby.go-table"))}</a>`;
  } catch (err) {
    $("create-error").textContent = err.body?.words || err.message;
    $("create-button").disabled = false;
  }
}

// -- Learn to play: one click starts a game's interactive first game ------------------
function renderLearn(tutorials) {
  $("learn-card").hidden = !tutorials.length;
  $("learn-name-row").hidden = Boolean(savedName());
  $("learn").innerHTML = tutorials.map((x) => `<li><button type="button" class="primary" data-learn-game="${esc(x.game)}">
    ${esc(t("web.lobby.learn.game", { game: x.game_title }))}</button></li>`).join("");
}

async function learn(gameName, button) {
  $("learn-error").textContent = "";
  const name = savedName() || $("learn-name").value.trim() || $("name").value.trim();
  if (!name) {
    $("learn-name-row").hidden = false;
    $("learn-error").textContent = t("web.lobby.learn.need-name");
    $("learn-name").focus();
    return;
  }
  saveName(name);
  button.disabled = true;
  try {
    const res = await api("POST", `/api/tutorials/${encodeURIComponent(gameName)}`, { name });
    saveSeat(res.table, res.seat, res.token, gameName);
    location.href = `/t/${encodeURIComponent(res.table)}`;
  } catch (err) {
    $("learn-error").textContent = err.body?.words || err.message;
    button.disabled = false;
  }
}

function tableItem(tb, mine) {
  const who = esc(names(tb.seats.map((s) => seatLabel(s))));
  // seats anyone may take (not one given up mid-game, nor one kept for a rematch's player)
  const open = tb.seats.filter((s) => s.joinable).length;
  const link = `/t/${encodeURIComponent(tb.id)}`;
  let buttons = "";
  if (mine) buttons = `<a class="button" href="${link}">${esc(t("web.lobby.play"))}</a>`;
  else if (tb.status === "over") buttons = `<a class="button" href="${link}/replay">${esc(t("web.lobby.replay"))}</a>`;
  else {
    if (open) buttons += `<button type="button" data-join="${esc(tb.id)}">${esc(t("web.lobby.join"))}</button>`;
    buttons += ` <a class="button" href="${link}">${esc(t("web.lobby.watch"))}</a>`;
  }
  const waiting = tb.seats.filter((s) => s.kind === "open").length;
  const tag = tb.status === "open" ? tn("web.lobby.waiting", waiting) : word(`web.lobby.status.${tb.status}`, tb.status);
  const title = catalogue.games.find((g) => g.name === tb.game)?.title || tb.game;
  if (tb.status === "over") return finishedItem(tb, title, buttons);
  const name = tb.name ? `<span class="table-name">${esc(tb.name)}</span>` : "";
  return `<li><span class="game">${esc(title)}</span>${name}<span class="tag ${esc(tb.status)}">${esc(tag)}</span>${daysTag(tb)}
    <span class="who">${who}</span><span class="setting">${esc(settingWords(tb))}</span>${buttons}</li>`;
}

// a table's clock and rules in words: "Clock: 10 min + 15 s a turn · Rules: First game"
function settingWords(tb) {
  const parts = [];
  const c = tb.clock_setting;
  if (!tb.realtime && !String(c?.preset || "").startsWith("day-")) {
    parts.push(c ? t("web.lobby.row.clock", { minutes: num(Math.round(c.initial / 60)), seconds: num(c.increment) })
      : t("web.lobby.row.no-clock"));
  }
  const g = catalogue.games.find((x) => x.name === tb.game);
  const chosen = (g?.options || []).filter((o) => tb.options && o.name in tb.options && tb.options[o.name] !== o.default)
    .map((o) => {
      const v = tb.options[o.name];
      if (v === true) return o.label;
      if (v === false) return t("web.lobby.row.option.off", { label: o.label });
      return t("web.lobby.row.option.value", { label: o.label, value: typeof v === "number" ? num(v) : String(v) });
    });
  parts.push(chosen.length ? t("web.lobby.row.rules", { options: list(chosen) }) : t("web.lobby.row.rules.standard"));
  return parts.join(" · ");
}

// a table played over days: its days a move, and the time left of whoever is to move
function daysTag(tb) {
  const c = tb.clock_setting;
  if (!c || !String(c.preset || "").startsWith("day-")) return "";
  const perMove = tn("web.lobby.days-a-move", Math.round(c.increment / 86400));
  const clock = tb.clock;
  const left = clock && clock.running.length
    ? ` · ${fmtClock(Math.min(...clock.running.map((p) => clock.remaining[p])))}` : "";
  return ` <span class="tag days">${esc(perMove + left)}</span>`;
}

const WHEN = new Intl.DateTimeFormat(LANG, { dateStyle: "medium", timeStyle: "short" });

// who won (or that it was abandoned), who played, and when it ended
function result(tb) {
  if (tb.abandoned) return t("web.lobby.result.abandoned");
  const w = tb.winners || [];
  if (!w.length) return t("web.lobby.status.over");
  const score = tb.winning_score != null ? num(tb.winning_score) : null;
  const [code, who] = w.length === 1 ? ["web.lobby.result.won", { name: w[0] }] : ["web.lobby.result.shared", { names: list(w) }];
  return score === null ? t(code, who) : t(`${code}.score`, { ...who, score });
}

function finishedItem(tb, title, buttons) {
  const played = tb.names || tb.seats.map((s) => seatLabel(s));
  const ended = new Date((tb.ended_at || tb.updated_at) * 1000);
  const name = tb.name ? `<span class="table-name">${esc(tb.name)}</span>` : "";
  return `<li><span class="game">${esc(title)}</span>${name}<span class="tag over${tb.abandoned ? " abandoned" : ""}">${esc(result(tb))}</span>
    <span class="who">${esc(names(played))} · <time datetime="${ended.toISOString()}">${esc(WHEN.format(ended))}</time></span>${buttons}</li>`;
}

// -- Vacation: your clocks stand still at every table for the days you choose ------------
async function renderVacation() {
  const v = await api("GET", "/api/vacation");
  $("vacation-card").hidden = !v.known;  // no seat taken yet: nothing to pause
  if (!v.known) return;
  const days = Math.floor(v.left);
  if (v.until != null) {
    $("vacation-status").textContent = tn("web.lobby.vacation.on", Math.ceil(v.until / 86400));
  } else {
    $("vacation-status").textContent = tn("web.lobby.vacation.left", days);
  }
  $("vacation-form").hidden = v.until != null || days < 1;
  $("vacation-days").max = String(days);
}

async function takeVacation() {
  $("vacation-error").textContent = "";
  try {
    await api("POST", "/api/vacation", { days: Number($("vacation-days").value) });
  } catch (err) {
    $("vacation-error").textContent = err.body?.words || err.message;
  }
  renderVacation();
}

function renderLeaderboards() {
  $("leaderboards").innerHTML = catalogue.games.filter((g) => !g.realtime)
    .map((g) => `<a href="/ratings/${encodeURIComponent(g.name)}">${esc(t("web.lobby.leaderboard", { game: g.title || g.name }))}</a>`)
    .join(" · ") + " · ";
}

async function refresh() {
  const [live, over] = await Promise.all([api("GET", "/api/tables"), api("GET", "/api/tables?status=over")]);
  const mine = seats();
  const myTables = live.tables.filter((x) => mine[x.id]);
  $("mine-card").hidden = myTables.length === 0;
  $("mine").innerHTML = myTables.map((x) => tableItem(x, true)).join("");
  // someone's first game is theirs alone: not offered to join or watch
  const others = live.tables.filter((x) => !mine[x.id] && !x.tutorial);
  $("open").innerHTML = others.map((x) => tableItem(x, false)).join("") || `<li class='hint'>${esc(t("web.lobby.open.none"))}</li>`;
  $("over").innerHTML = over.tables.slice(0, 15).map((x) => tableItem(x, false)).join("") || `<li class='hint'>${esc(t("web.lobby.over.none"))}</li>`;
}

// a name asked once: the one this browser saved, else the one the server remembers of
// this person (chosen at a table, maybe in another browser of theirs); else the tables
// list asks for it beside the Join buttons
async function askName() {
  $("join-as-row").hidden = Boolean(savedName());
  if (savedName()) return;
  const me = await api("GET", "/api/person").catch(() => ({}));
  if (me.name && !savedName()) {
    saveName(me.name);
    if (!$("name").value) $("name").value = me.name;
    $("learn-name-row").hidden = true;
  }
  $("join-as-row").hidden = Boolean(savedName());
}

async function join(tableId) {
  const name = $("join-as").value.trim() || $("name").value.trim() || savedName();
  saveName(name);
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { name: name || null });
    const table = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    saveSeat(tableId, res.seat, res.token, table.game);
    location.href = `/t/${encodeURIComponent(tableId)}`;
  } catch (err) {
    alert(err.body?.words || err.message);
    refresh();
  }
}

async function main() {
  catalogue = await api("GET", "/api/games");
  renderBotPaces();
  $("game").innerHTML = catalogue.games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
  $("name").value = savedName();
  askName();
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && catalogue.games.some((g) => g.name === wanted)) $("game").value = wanted;
  api("GET", "/api/tutorials").then((res) => renderLearn(res.tutorials)).catch(() => renderLearn([]));
  $("game").addEventListener("change", renderPlayers);
  $("players").addEventListener("change", renderSeats);
  $("seats").addEventListener("change", (e) => { const li = e.target.closest("li"); if (li) seatDoc(li); renderHints(); });
  $("hints").addEventListener("change", () => { hintsChosen = true; renderHints(); });
  $("create").addEventListener("submit", create);
  $("clock-preset").addEventListener("change", renderClock);
  for (const id of ["race-reveal", "race-pause"]) $(id).addEventListener("change", renderRacePace);
  renderClock();
  document.addEventListener("click", (e) => {
    const id = e.target.closest("[data-join]")?.dataset.join;
    if (id) join(id);
    const learning = e.target.closest("[data-learn-game]");
    if (learning) learn(learning.dataset.learnGame, learning);
  });
  renderPlayers();
  renderLeaderboards();
  await refresh();
  setInterval(() => { if (!document.hidden) refresh().catch(() => {}); }, 4000);
}

main();

$("vacation-go").addEventListener("click", takeVacation);
renderVacation();
