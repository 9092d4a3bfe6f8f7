// The header's language menu: the choice is remembered in this browser (a cookie
// the server reads for the page and the API, kept a year) and the page comes again
// in that language. Without a choice, the browser's own preference decides.
const COOKIE = "liftoff_lang";
const menu = document.getElementById("lang");

if (menu) {
  menu.addEventListener("change", () => {
    const lang = menu.value;
    document.cookie = `${COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
    localStorage.setItem("liftoff.lang", lang);
    // the seat link's fragment (if any) was taken already; keep the rest of the address
    location.reload();
  });
}
