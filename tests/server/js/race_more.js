// Where each row's "+N" (more cards than shown) is on the phone board, and where
// every text and card beside it is, over sampled states (test_server_race_phone.py):
// each state is drawn by the real board module with the other players' rows folded
// and shown, and the boxes are read from the rendered page.
async ({ states }) => {
  const { COLORS } = await import("/static/js/common.js");
  const board = await import("/static/js/games/race.js");
  document.body.innerHTML = '<main><div id="board" class="board"></div></main>';
  const el = document.getElementById("board");
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const draw = (st) => board.render(el, st.view, { you: st.view.you, colors: COLORS, names: st.names, legal: [], table: {}, glossary: {} });
  const out = [];
  for (const st of states) {
    for (const folded of [true, false]) {
      draw(st);
      const toggle = el.querySelector('[data-fold="others"]');
      // (the toggle says "Show…" while the rows are folded)
      const isFolded = () => /show/i.test(el.querySelector('[data-fold="others"]')?.getAttribute("aria-label") || "");
      if (toggle && isFolded() !== folded) { toggle.dispatchEvent(new MouseEvent("click", { bubbles: true })); draw(st); }
      const more = [...el.querySelectorAll("svg [data-more]")].map((m) => ({ id: m.dataset.more, said: m.getAttribute("aria-label"), ...box(m) }));
      const near = [...el.querySelectorAll("svg text, svg [data-key^='row:']")]
        .filter((e) => !e.closest("[data-more]"))
        .map((e) => ({ s: e.textContent || e.dataset.key, ...box(e) }));
      out.push({ folded, more, near });
    }
  }
  return out;
};
