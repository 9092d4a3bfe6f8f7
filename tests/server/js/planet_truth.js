// Where the planet board's pieces are on screen, over sampled states
// (test_server_board_truth.py): each state is drawn by the real board module, then
// every piece is found as a person finds it (its accessible name, or its text) and
// measured by its bounding box on the rendered page.
async ({ states, words }) => {
  const { COLORS } = await import("/static/js/common.js");
  const board = await import("/static/js/games/planet.js");
  document.body.innerHTML = '<main><div id="board" class="board"></div></main>';
  const boardEl = document.getElementById("board");
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width };
  };
  const label = (el) => el.getAttribute("aria-label") || "";
  // whether the area ``shape`` draws holds the centre of ``el`` on screen
  const inside = (shape, el) => {
    const c = centre(el);
    return shape.isPointInFill(new DOMPoint(c.x, c.y).matrixTransform(shape.getScreenCTM().inverse()));
  };
  const out = [];
  for (const st of states) {
    board.render(boardEl, st.view, { you: st.view.you, colors: COLORS, names: st.names, legal: [], table: {}, glossary: {} });
    const buttons = [...boardEl.querySelectorAll("svg [role=button]")];
    // the pieces on the board (an Alien stack: a disc with its owner and count as a
    // tooltip), each in the place whose drawn area holds its centre
    const alienDots = [...boardEl.querySelectorAll("svg circle")].filter((c) => c.querySelector("title"));
    const gargloreMarks = [...boardEl.querySelectorAll("svg [aria-label]")].filter((g) => label(g) === words.garglore);
    const moon = buttons.find((b) => label(b).startsWith(words.moon));
    const core = buttons.find((b) => label(b).startsWith(words.core)); // "The Core, Ann: 3 Aliens"
    // a ring segment: an Exit ("Exit S2") or a Lift Off Point ("Bonfire (S1), Full Moon");
    // its place is the middle of the area drawn first in it (the segment's shape)
    const segments = buttons.map((b) => {
      const m = /\b(S\d)\b/.exec(label(b));
      if (!m || b === moon || b === core) return null;
      const shape = b.firstElementChild;
      const aliens = alienDots.filter((c) => inside(shape, c))
        .map((c) => ({ ...centre(c), n: Number(c.parentElement.textContent.replace(/\D+/g, " ").trim().split(" ").pop()) }));
      const garglore = gargloreMarks.filter((g) => inside(shape, g)).map(centre);
      return { segment: m[1], label: label(b), ...centre(shape), aliens, garglore };
    }).filter(Boolean);
    const days = [...boardEl.querySelectorAll(".days > *")].map((d) => getComputedStyle(d).backgroundColor);
    out.push({
      moon: moon ? centre(moon) : null,
      moonText: moon?.dataset.learnText || "",
      core: core ? centre(core) : null,
      segments,
      days,
    });
  }
  return out;
};
