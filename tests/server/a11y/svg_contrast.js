// the boards' texts against what they are drawn on (run in the page)
() => {
  const rgba = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const over = (top, alpha, under) => under.map((v, i) => top[i] * alpha + v * (1 - alpha));
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e.tagName.toLowerCase() !== "svg"; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const backdrop = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  // what is drawn over a piece lets clicks through (pointer-events none), and so is
  // not found by hit testing: it is, while the texts are judged
  const through = [...document.querySelectorAll('svg [pointer-events="none"]')];
  for (const el of through) el.style.pointerEvents = "visiblePainted";
  const bad = [];
  let checked = 0;
  for (const t of document.querySelectorAll("svg text")) {
    let r = t.getBoundingClientRect();
    if (r.width < 1 || !t.textContent.trim()) continue;
    if (r.top < 0 || r.bottom > innerHeight) {
      window.scrollBy(0, r.top - innerHeight / 2);
      r = t.getBoundingClientRect();
    }
    const svg = t.closest("svg");
    const shapes = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      .filter((e) => svg.contains(e) && /^(rect|circle|ellipse|path|polygon)$/.test(e.tagName.toLowerCase()));
    let paint = backdrop(svg.parentElement);
    for (const sh of shapes.reverse()) {   // from the bottom up
      const st = getComputedStyle(sh);
      const fill = rgba(st.fill);
      if (fill) paint = over(fill, fill[3] * Number(st.fillOpacity) * opacity(sh), paint);
    }
    const st = getComputedStyle(t);
    const fill = rgba(st.fill);
    if (!fill) continue;
    const ink = over(fill, fill[3] * Number(st.fillOpacity) * opacity(t), paint);
    const m = t.getScreenCTM();
    const px = parseFloat(st.fontSize) * Math.hypot(m.a, m.b);
    const large = px >= 24 || (Number(st.fontWeight) >= 700 && px >= 18.66);
    const need = large ? 3 : 4.5;
    const got = ratio(ink, paint);
    checked += 1;
    if (got < need - 0.005) {
      const hex = (c) => "#" + c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
      bad.push(`${got.toFixed(2)}:1 (needs ${need}): "${t.textContent.trim().slice(0, 40)}" ${hex(ink)} on ${hex(paint)}`);
    }
  }
  for (const el of through) el.style.pointerEvents = "";
  window.scrollTo(0, 0);
  return { checked, bad };
}
