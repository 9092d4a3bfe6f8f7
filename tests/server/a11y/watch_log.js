// watch the game log: the entries added to #log, the ones removed, and each text read
// out by the polite region #log-news (run in the page)
() => {
  const said = (li) => {
    const first = li.cloneNode(true);
    first.querySelectorAll(".ev").forEach((e) => e.remove());
    return [first.textContent.trim(), ...[...li.querySelectorAll(".ev")].map((e) => e.textContent.trim())];
  };
  const seen = { added: [], removed: 0, news: [] };
  window.liftoffLogSeen = seen;
  new MutationObserver(() => seen.news.push(document.getElementById("log-news").textContent))
    .observe(document.getElementById("log-news"), { childList: true, characterData: true, subtree: true });
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.tagName === "LI") seen.added.push(...said(n));
      for (const n of r.removedNodes) if (n.tagName === "LI") seen.removed += 1;
    }
  }).observe(document.getElementById("log"), { childList: true });
}
