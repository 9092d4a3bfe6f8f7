// A turn mail's unsubscribe link opened: its token is in the address's fragment; the
// page posts it once (no sign-in needed) and says what happened.
import { api, t } from "./common.js";

const said = document.getElementById("said");
const token = location.hash.slice(1);
history.replaceState(null, "", location.pathname);  // the token leaves the address bar

async function main() {
  try {
    await api("POST", `/api/unsubscribe/${encodeURIComponent(token)}`);
    said.textContent = t("web.unsubscribe.done");
  } catch {
    said.textContent = t("web.unsubscribe.failed");
  }
}

main();
