// what a person sees too small, too tight or too wide on a phone (run in the page)
(limits) => {
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;   // nothing drawn (or visually hidden)
    const st = getComputedStyle(el);
    if (st.visibility === "hidden" || Number(st.opacity) === 0) return null;
    return r;
  };
  const where = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const label = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls} "${label}"`;
  };
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest("title, script, style, dialog:not([open])")) continue;
    if (!seen(el)) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svgText = el.closest("text");
    if (svgText) {
      const m = svgText.getScreenCTM();
      px = parseFloat(getComputedStyle(svgText).fontSize) * Math.hypot(m.a, m.b);
    }
    if (px < limits.text - 0.05) small.push(`${px.toFixed(1)} px: ${where(el)}`);
  }
  const sel = "button, a[href], input, select, summary, [role=button], [data-tokens], [data-action]";
  const tight = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest("dialog:not([open])")) continue;
    const r = seen(el);
    if (!r) continue;
    if (r.width < limits.target - 0.5 || r.height < limits.target - 0.5) {
      tight.push(`${r.width.toFixed(0)}x${r.height.toFixed(0)}: ${where(el)}`);
    }
  }
  const doc = document.scrollingElement;
  return { scrollWidth: doc.scrollWidth, innerWidth: innerWidth, small, tight };
}
