// The keyboard help dialog (? or the header button).
const dialog = document.getElementById("help");
document.getElementById("help-button")?.addEventListener("click", () => dialog.showModal());
document.addEventListener("keydown", (e) => {
  if (e.key === "?" && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName || "")) {
    e.preventDefault();
    if (dialog.open) dialog.close(); else dialog.showModal();
  }
});
