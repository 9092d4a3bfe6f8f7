// Where the agency board's pieces are on screen, over sampled states
// (test_server_agency_truth.py): each state is drawn by the real board module, then
// every piece is found as a person finds it (its visible text, its tooltip or
// accessible name) and measured by its bounding box on the rendered page.
async ({ states, glossary, words }) => {
  const { COLORS } = await import("/static/js/common.js");
  const board = await import("/static/js/games/agency.js");
  document.body.innerHTML = '<main><div id="board" class="board"></div></main>';
  const boardEl = document.getElementById("board");
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height };
  };
  const said = (el) => el.textContent.replace(/\s+/g, " ").trim();
  // the smallest drawn rectangle whose area holds the centre of ``el`` (the board's
  // background holds every one: it is the largest)
  const under = (el, rects) => {
    const c = box(el);
    const holding = rects.filter((r) => {
      const p = new DOMPoint(c.x, c.y).matrixTransform(r.getScreenCTM().inverse());
      return r.isPointInFill(p);
    });
    holding.sort((a, b) => box(a).w * box(a).h - box(b).w * box(b).h);
    return holding.length ? box(holding[0]) : null;
  };
  const out = [];
  for (const st of states) {
    board.render(boardEl, st.view, { you: st.view.you, colors: COLORS, names: st.names, legal: [], table: {}, glossary });
    const svg = boardEl.querySelector("svg");
    const rects = [...svg.querySelectorAll("rect")];
    const texts = [...svg.querySelectorAll("text")];
    // the score track's numbers (0, 10, 20 ...) and the station's spaces ("#3")
    const ticks = texts.filter((t) => /^\d+$/.test(said(t))).map((t) => ({ v: Number(said(t)), ...box(t) }));
    const spaces = texts.filter((t) => /^#\d+$/.test(said(t)))
      .map((t) => ({ space: Number(said(t).slice(1)), label: box(t), area: under(t, rects) }));
    // pieces with a tooltip: score markers ("Ann: 12 VP"), rockets ("Bo's rocket")
    const pieces = [...svg.querySelectorAll("title")].map((t) => ({ title: said(t), ...box(t.parentElement) }));
    // what is on top at each piece's centre (a marker hidden under another is not)
    for (const p of pieces) {
      const top = document.elementFromPoint(p.x, p.y);
      p.onTop = top ? said(top.querySelector(":scope > title") || top) : "";
    }
    // each agency's panel, found by its name; its rows by their labels
    const panels = [...boardEl.querySelectorAll("section[aria-label]")].map((s) => {
      const rows = [...s.querySelectorAll(".cardrow")].map((r) => ({
        label: said(r.querySelector(".lbl") || r),
        cards: [...r.querySelectorAll(".chip")].map((c) => ({ text: said(c), ...box(c) })),
      }));
      const tracks = [...s.querySelectorAll(".track")].map((r) => ({
        name: said(r.querySelector(".name")),
        filled: [...r.querySelectorAll(".pip")].filter((p) => getComputedStyle(p).backgroundColor !== "rgba(0, 0, 0, 0)").length,
      }));
      return { name: s.getAttribute("aria-label"), text: said(s), rows, tracks, ...box(s) };
    });
    out.push({ ticks, spaces, pieces, panels, width: boardEl.clientWidth });
  }
  return out;
};
