// The keyboard help dialog (? or the header button), with how to learn a card at a table.
import { esc, t } from "./common.js";

// a word of the page as HTML: its own text escaped, its fields given as markup
function html(code, parts) {
  return esc(t(code)).replace(/\{(\w+)\}/g, (m, k) => (k in parts ? String(parts[k]) : m));
}

const dialog = document.getElementById("help");
document.getElementById("help-button")?.addEventListener("click", () => dialog.showModal());
document.addEventListener("keydown", (e) => {
  if (e.key === "?" && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName || "")) {
    e.preventDefault();
    if (dialog.open) dialog.close(); else dialog.showModal();
  }
});
// At a table: how to read a card (learn.js) and the rules in short.
if (document.getElementById("table")) {
  dialog?.querySelector(".keys")?.insertAdjacentHTML("beforeend",
    `<li>${html("web.help.card", { tab: "<kbd>Tab</kbd>", esc: "<kbd>Esc</kbd>" })}</li>`
    + `<li>${esc(t("web.help.rules"))}</li>`);
}
