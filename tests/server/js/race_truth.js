// Where the race board's cards and planets are on screen, over sampled states
// (test_server_race_truth.py): each state is drawn by the real board module, then
// every planet is found by its visible label, and every text a person reads is
// measured by its bounding box on the rendered page.
async ({ states }) => {
  const { COLORS } = await import("/static/js/common.js");
  const board = await import("/static/js/games/race.js");
  document.body.innerHTML = '<main><div id="board" class="board"></div></main>';
  const boardEl = document.getElementById("board");
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const out = [];
  for (const st of states) {
    const v = st.view;
    board.render(boardEl, v, { you: v.you, colors: COLORS, names: st.names, legal: [], table: {}, glossary: {} });
    const texts = [...boardEl.querySelectorAll("svg text")].map((el) => ({ s: el.textContent, ...box(el) }));
    const narrow = boardEl.clientWidth < 640;
    // a planet's cell: the area around its label ("3 · Beta Minor", or its number
    // over its name on a wide screen)
    const cells = {};
    for (const el of boardEl.querySelectorAll("svg text")) {
      const pl = v.planets.find((p) => narrow ? el.textContent === `${p.number} · ${p.name}`
        : el.textContent === String(p.number) && el.nextElementSibling?.textContent === p.name);
      if (!pl) continue;
      const shape = el.closest("g[data-learn]")?.parentNode?.querySelector("rect");
      if (shape) cells[pl.number] = { ...box(shape), label: box(el) };
    }
    out.push({ narrow, texts, cells });
  }
  return out;
};
