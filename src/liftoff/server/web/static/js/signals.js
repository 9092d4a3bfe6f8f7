// Turn signals on the table page. When it becomes this browser's seat's turn (the
// state drawn has moves for it and the one before had none), the tab's title and icon
// say so, and both come back when the turn passes. A short tone and a browser
// notification (only while the tab is hidden) are extras, each off until the person
// switches it on in the "Signals" menu; the choice is remembered in this browser.
// Listens to the page's "liftoff:state" events (table.js); touches nothing else there.
import { esc, t } from "./common.js";

const KEY = "liftoff.signals";
// the tab's title on your turn: the words before and after the table's title
const [BEFORE, AFTER = ""] = t("web.signals.title", { title: "\u0000" }).split("\u0000");
const icon = document.querySelector('link[rel="icon"]');
const plainIcon = icon?.getAttribute("href") || "";
const turnIcon = plainIcon.replace(/favicon\.svg$/, "favicon-turn.svg");
const tableId = document.getElementById("table")?.dataset.table || "";
const canNotify = "Notification" in window;

let prefs = load();
let yourTurn = false;
let tableTitle = "";
let notice = null; // the notification on show, closed when the turn passes
let audio = null; // made on a gesture of the person (browsers start sound only then)

function load() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { sound: p.sound === true, notify: p.notify === true };
  } catch {
    return { sound: false, notify: false };
  }
}

function save() {
  try { localStorage.setItem(KEY, JSON.stringify(prefs)); } catch { /* private mode: no memory */ }
}

// -- the turn ------------------------------------------------------------------------
function isYourTurn(msg) {
  return msg?.you != null && msg.table?.status === "playing" && (msg.legal || []).length > 0;
}

function onState(e) {
  const msg = e.detail;
  tableTitle = msg?.table?.title || tableTitle;
  control.wrap.hidden = msg?.you == null; // watchers have no turn to signal
  const now = isYourTurn(msg);
  const began = now && !yourTurn;
  yourTurn = now;
  mark();
  if (began) announce();
  if (!now) closeNotice();
}

// the page redraws the title on each state; the mark goes on in the same task (no flash).
// Unread chat (chat.js) puts "(N) " first, as mail and chat pages do.
let unread = 0;
const UNREAD = /^\(\d+\) /;

function mark() {
  const now = document.title.replace(UNREAD, "");
  const marked = now.startsWith(BEFORE) && now.endsWith(AFTER) && now.length >= BEFORE.length + AFTER.length;
  const plain = marked ? now.slice(BEFORE.length, now.length - AFTER.length) : now;
  const title = (unread ? `(${unread}) ` : "") + (yourTurn ? BEFORE + plain + AFTER : plain);
  if (document.title !== title) document.title = title;
  const href = yourTurn ? turnIcon : plainIcon;
  if (icon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

function announce() {
  if (prefs.sound) tone();
  if (prefs.notify && document.visibilityState === "hidden") notify();
}

// -- sound ---------------------------------------------------------------------------------
function unlockAudio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!audio) audio = new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

function tone() {
  if (!audio) return; // no gesture yet on this page: the browser would refuse to play
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  const at = audio.currentTime;
  osc.type = "sine";
  osc.frequency.setValueAtTime(660, at);
  osc.frequency.setValueAtTime(880, at + 0.12);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.4);
}

function onGesture() {
  if (prefs.sound) unlockAudio();
}

// -- notifications -------------------------------------------------------------------------
function notify() {
  if (!canNotify || Notification.permission !== "granted") return;
  closeNotice();
  try {
    notice = new Notification(t("web.signals.notice", { title: tableTitle }), { tag: `liftoff-turn-${tableId}`, icon: turnIcon });
    notice.onclick = () => { window.focus(); closeNotice(); };
  } catch {
    notice = null; // some browsers (phones) notify only from a service worker
  }
}

function closeNotice() {
  if (notice) { notice.close(); notice = null; }
}

function askPermission() {
  // older browsers answer through a callback, newer ones with a promise
  return new Promise((resolve) => {
    const p = Notification.requestPermission(resolve);
    if (p && p.then) p.then(resolve, () => resolve("denied"));
  });
}

// -- the Signals menu ----------------------------------------------------------------------
function mountControl() {
  const wrap = document.createElement("div");
  wrap.className = "signals";
  wrap.hidden = true;
  wrap.innerHTML = `<button type="button" id="signals-button" class="linkish" aria-expanded="false"
      aria-controls="signals-menu" title="${esc(t("web.signals.button.title"))}">${esc(t("web.signals.button"))}</button>
    <div id="signals-menu" class="signals-menu" role="group" aria-labelledby="signals-head" hidden>
      <p id="signals-head" class="signals-head">${esc(t("web.signals.head"))}</p>
      <p class="signals-about">${esc(t("web.signals.about"))}</p>
      <label><input type="checkbox" id="signal-sound"> ${esc(t("web.signals.sound"))}</label>
      <label><input type="checkbox" id="signal-notify"> ${esc(t("web.signals.notify"))}</label>
      <p id="signals-note" class="signals-note" aria-live="polite"></p>
    </div>`;
  const header = document.querySelector(".topbar");
  header?.insertBefore(wrap, document.getElementById("help-button"));
  const q = (sel) => wrap.querySelector(sel);
  return { wrap, button: q("#signals-button"), menu: q("#signals-menu"),
    sound: q("#signal-sound"), notify: q("#signal-notify"), note: q("#signals-note") };
}

const control = mountControl();

function setOpen(open) {
  control.menu.hidden = !open;
  control.button.setAttribute("aria-expanded", String(open));
}

function say(text) {
  control.note.textContent = text;
}

function showPrefs() {
  control.sound.checked = prefs.sound;
  control.notify.checked = prefs.notify && canNotify;
  if (!canNotify) {
    control.notify.disabled = true;
    say(t("web.signals.cannot"));
  } else if (prefs.notify && Notification.permission === "denied") {
    say(t("web.signals.blocked"));
  } else if (prefs.notify && Notification.permission !== "granted") {
    say(t("web.signals.not-yet"));
  }
}

control.button.addEventListener("click", () => setOpen(control.menu.hidden));
control.wrap.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !control.menu.hidden) {
    e.stopPropagation();
    setOpen(false);
    control.button.focus();
  }
});
document.addEventListener("click", (e) => {
  if (!control.menu.hidden && !control.wrap.contains(e.target)) setOpen(false);
});

control.sound.addEventListener("change", () => {
  prefs.sound = control.sound.checked;
  save();
  if (prefs.sound && unlockAudio()) tone(); // a sample, in the gesture that allows sound
});

control.notify.addEventListener("change", async () => {
  say("");
  if (!control.notify.checked) { prefs.notify = false; save(); return; }
  const answer = Notification.permission === "granted" ? "granted" : await askPermission();
  if (answer !== "granted") {
    control.notify.checked = false;
    prefs.notify = false;
    save();
    say(t(answer === "denied" ? "web.signals.blocked" : "web.signals.refused"));
    return;
  }
  prefs.notify = true;
  save();
});

showPrefs();
document.addEventListener("liftoff:state", onState);
document.addEventListener("liftoff:unread", (e) => { unread = e.detail.count; mark(); });
document.addEventListener("pointerdown", onGesture, true);
document.addEventListener("keydown", onGesture, true);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") closeNotice();
});
