// A mailed sign-in link opened: its token is in the address's fragment (never sent
// to the server in a request line); the page posts it once and forgets it.
import { api, t } from "./common.js";

const said = document.getElementById("said");
const token = location.hash.slice(1);
history.replaceState(null, "", location.pathname);  // the token leaves the address bar

async function main() {
  try {
    const answer = await api("POST", "/api/sign-in/finish", { token });
    said.textContent = t("web.signin.done", { email: answer.account.email });
  } catch {
    said.textContent = t("web.signin.failed");
  }
}

main();
