// The person's way to every legal action of sampled states (test_server_board_paths.py):
// a button for the move when one is shown, else the marked piece with its next word.
async ({ game, states }) => {
  const { mountPlay } = await import("/static/js/play.js");
  const { words } = await import("/static/js/choose.js");
  const { COLORS } = await import("/static/js/common.js");
  const board = await import(`/static/js/games/${game}.js`);
  document.body.innerHTML = '<main><div id="movebar" class="movebar"></div>'
    + '<div id="board" class="board"></div></main>';
  const boardEl = document.getElementById("board");
  const bar = document.getElementById("movebar");
  let sent = [];
  const tap = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const play = mountPlay({
    board: boardEl, bar, send: (t) => sent.push(t),
    ending: (t) => Boolean(board.END) && t === board.END,
  });
  const failures = [];
  let tried = 0, clicks = 0, longest = 0;
  for (const [si, st] of states.entries()) {
    const ctx = {
      you: st.you, legal: st.legal, colors: COLORS, names: st.names, table: {}, glossary: {},
    };
    for (const target of st.targets) {
      board.render(boardEl, st.view, ctx);
      play.update(st.legal);
      play.clear();
      sent = [];
      tried += 1;
      const rest = words(target);
      const learnIds = new Set([...boardEl.querySelectorAll("[data-learn]")]
        .map((el) => el.dataset.learn));
      const trail = [];
      const q = CSS.escape(target);
      for (let step = 0; step < 16 && !sent.length; step++) {
        const direct = bar.querySelector(`[data-act="${q}"][data-sure]`)
          || bar.querySelector(`[data-act="${q}"]`)
          || boardEl.querySelector(`[data-action="${q}"].legal`);
        if (direct) {
          // a move whose pieces are on the board is made there, not from the bar's spare buttons
          const shown = words(target).filter((w) => learnIds.has(w));
          if (!trail.length && direct.closest(".free") && shown.length) {
            trail.push(`bar, though on the board: ${shown.join(" ")}`);
            break;
          }
          trail.push(`button: ${direct.textContent.trim()}`);
          tap(direct);
          continue;
        }
        const marked = [...boardEl.querySelectorAll("[data-tokens].legal")];
        let piece = null;
        for (const [i, w] of rest.entries()) {
          piece = marked.find((el) => el.dataset.tokens.split(" ").includes(w));
          if (piece) { rest.splice(i, 1); break; }
        }
        if (!piece) break;
        trail.push(piece.dataset.tokens);
        tap(piece);
      }
      clicks += trail.length;
      longest = Math.max(longest, trail.length);
      if (sent.length !== 1 || sent[0] !== target) {
        failures.push({ state: si, target, sent, trail, bar: bar.innerText.slice(0, 200) });
      }
    }
  }
  return { tried, clicks, longest, failures: failures.slice(0, 12), failed: failures.length };
}
