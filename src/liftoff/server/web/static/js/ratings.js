// A game's leaderboard: persons and bot levels on one scale, each rating with its
// uncertainty; your own place and the bot level you play like.
import { api, esc, t, tn, num, LANG } from "./common.js";

const $ = (id) => document.getElementById(id);
const game = document.querySelector("[data-game]").dataset.game;
// a bot level as the lobby names it ("Medium bot", 「ボット（中級）」)
function botName(level) {
  const said = t(`web.server.level.${level}`);
  return t("web.server.bot", { level: said === `web.server.level.${level}` ? level : said });
}

function who(r) {
  return r.bot ? botName(r.bot) : r.name;
}

function row(r, i) {
  const cls = r.bot ? ' class="bot"' : "";
  const rating = t("web.ratings.value", { mu: num(r.mu.toFixed(1)), sigma: num(r.sigma.toFixed(1)) });
  return `<tr${cls}><td>${esc(num(i + 1))}</td><td>${esc(who(r))}</td><td>${esc(rating)}</td><td>${esc(num(r.games))}</td></tr>`;
}

async function main() {
  const board = await api("GET", `/api/ratings/${encodeURIComponent(game)}`);
  $("rows").innerHTML = board.ratings.map(row).join("");
  $("none").hidden = board.ratings.length > 0;
  $("leaderboard").hidden = board.ratings.length === 0;
  // yours, once you have played a rated game here
  const me = (await api("GET", `/api/ratings/${encodeURIComponent(game)}/me`)).rating;
  if (!me) return;
  // Japanese sentences follow one another without a space
  const gap = LANG === "ja" ? "" : " ";
  const like = me.plays_like ? gap + t("web.ratings.plays-like", { bot: botName(me.plays_like) }) : "";
  $("me").textContent = t("web.ratings.me", {
    mu: num(me.mu.toFixed(1)), sigma: num(me.sigma.toFixed(1)), games: tn("web.ratings.game-count", me.games),
  }) + like;
  $("me").hidden = false;
}

main();
