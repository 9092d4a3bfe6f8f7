// The last move's dice and draws on the planet board, over sampled states
// (test_server_board_truth.py): each die found by its accessible name, its face read
// from its text, and the ring segment holding it found by where it is drawn; the
// cards drawn read beside the hand (names, or backs counted by their names).
async ({ states, words }) => {
  const { COLORS } = await import("/static/js/common.js");
  const board = await import("/static/js/games/planet.js");
  document.body.innerHTML = '<main><div id="board" class="board"></div></main>';
  const boardEl = document.getElementById("board");
  const label = (el) => el.getAttribute("aria-label") || "";
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const inside = (shape, c) => shape.isPointInFill(new DOMPoint(c.x, c.y).matrixTransform(shape.getScreenCTM().inverse()));
  const out = [];
  for (const st of states) {
    board.render(boardEl, st.view, { you: st.view.you, colors: COLORS, names: st.names, legal: [], table: {}, glossary: {} });
    const segments = [...boardEl.querySelectorAll("svg [role=button]")]
      .map((b) => ({ m: /\b(S\d)\b/.exec(label(b)), shape: b.firstElementChild, label: label(b) }))
      .filter((s) => s.m && !s.label.startsWith(words.moon));
    const dice = [...boardEl.querySelectorAll("svg [role=img]")]
      .filter((d) => label(d).startsWith(words.liftoff) || label(d).startsWith(words.stargate))
      .map((d) => {
        const c = centre(d);
        return { name: label(d), face: d.textContent.replace(label(d), "").trim(), at: segments.filter((s) => inside(s.shape, c)).map((s) => s.m[1]) };
      });
    const drawn = [...boardEl.querySelectorAll(".drawn")].map((r) => ({
      label: r.querySelector(".lbl")?.textContent.trim() || "",
      cards: [...r.querySelectorAll(".chip")].map((c) => c.textContent.trim()),
      backs: [...r.querySelectorAll("[role=img]")].filter((b) => label(b) === words.back).length,
    }));
    out.push({ dice, drawn });
  }
  return out;
};
