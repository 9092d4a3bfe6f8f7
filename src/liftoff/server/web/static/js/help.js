// The keyboard help dialog (? or the header button), with how to learn a card at a table.
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
    "<li>hover over, tap or <kbd>Tab</kbd> onto a card to read what it does; <kbd>Esc</kbd> closes it</li>"
    + "<li>“Rules in short” (top bar): the goal, a turn and this table's options</li>");
}
