// Loads the coach of an interactive first game (tutorial.js), only at a tutorial table.
// The table page announces each drawn state ("liftoff:state") and each move sent
// ("liftoff:acted"); they wait here until the coach is loaded.
let coach = null;
let waiting = null; // the events seen while the coach loads

function on(kind, detail) {
  if (coach) { coach.handle(kind, detail); return; }
  if (waiting) { waiting.push([kind, detail]); return; }
  if (kind !== "state") return;
  if (!detail?.table?.tutorial) { stop(); return; } // a normal table: no coach
  waiting = [[kind, detail]];
  import("./tutorial.js").then((m) => {
    coach = m;
    for (const [k, d] of waiting) m.handle(k, d);
    waiting = null;
  }).catch((err) => console.warn("the first game's tips could not load", err));
}

const onState = (e) => on("state", e.detail);
const onActed = (e) => on("acted", e.detail);

function stop() {
  document.removeEventListener("liftoff:state", onState);
  document.removeEventListener("liftoff:acted", onActed);
}

document.addEventListener("liftoff:state", onState);
document.addEventListener("liftoff:acted", onActed);
